// An allocation nothing uses (not even a dealloc) is trivially dead: every
// MLIR rewrite driver of the lowering erases it before it reaches the
// allocator, so the model counts it as 0 bytes and the measured peak agrees.
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model | FileCheck %s
//   %dead = memref<8xi8>, no use:      0
//   %b    = memref<4xf32>:         4*4 = 16
// CHECK: model_matches: 16

func.func @dead(%x: memref<4xf32>) {
  %dead = memref.alloc() : memref<8xi8>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %x, %b : memref<4xf32> to memref<4xf32>
  memref.copy %b, %x : memref<4xf32> to memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}
