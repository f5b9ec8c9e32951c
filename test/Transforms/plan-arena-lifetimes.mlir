// A slot is free from its buffer's last use, not from its dealloc (issue 26):
// upstream bufferization leaves every dealloc at the end of the block, where
// the three 64xf32 buffers of this chain would all be live together (768 B).
// peakmem-plan-arena ends each lifetime at its last use, so a and c share
// bytes: 512 B, the same arena as after upstream
// --optimize-allocation-liveness, and its bound.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{order-search=false},peakmem-verify-arena))' 2>&1 | FileCheck %s
// RUN: %mlir_opt %s --optimize-allocation-liveness | peakmem-opt -p 'builtin.module(func.func(peakmem-plan-arena{order-search=false},peakmem-verify-arena))' 2>&1 | FileCheck %s

// CHECK: remark: peakmem-plan-arena: 'frees_at_end' arena 512 bytes for 3 buffers (0 left out), lower bound 512 (local, every order): optimal
// CHECK-LABEL: func.func @frees_at_end(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes
// CHECK-SAME: peakmem.arena_size = 512
func.func @frees_at_end(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  %c = memref.alloc() : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%c : memref<64xf32>)
  linalg.copy ins(%c : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  return
}
