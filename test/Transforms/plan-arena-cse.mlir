// Upstream `cse` after planning (issue 22, item 12): a (64xf32 at 0) dies,
// t (128xf32) takes bytes [0, 512), then c (64xf32) is placed at 0 again.
// The views of a and c have the same offset and type, so `cse` merges them
// into one value used before and after t's life. The verifier checks
// lifetimes per segment: c's first use (linalg.copy into it) overwrites the
// whole view without reading it, so the merged value is dead while t lives.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{order-search=false remarks=0}))' | %mlir_opt --cse > %t.mlir
// RUN: FileCheck %s --check-prefix=CSE < %t.mlir
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-verify-arena))' | FileCheck %s

// CSE-LABEL: func.func @merged
// CSE: %[[V:.*]] = memref.view %{{.*}}[%[[C0:.*]]][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
// CSE: linalg.copy ins(%{{.*}} : memref<64xf32>) outs(%[[V]] : memref<64xf32>)
// CSE: memref.view %{{.*}}[%[[C0]]][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<128xf32>
// CSE: linalg.copy ins(%{{.*}} : memref<64xf32>) outs(%[[V]] : memref<64xf32>)
// CSE-NOT: memref.view
// CHECK-LABEL: func.func @merged
// CHECK-SAME: peakmem.arena_size = 512
func.func @merged(%x: memref<64xf32>, %big: memref<128xf32>, %y: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  linalg.copy ins(%a : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  %t = memref.alloc() : memref<128xf32>
  linalg.copy ins(%big : memref<128xf32>) outs(%t : memref<128xf32>)
  linalg.copy ins(%t : memref<128xf32>) outs(%big : memref<128xf32>)
  memref.dealloc %t : memref<128xf32>
  %c = memref.alloc() : memref<64xf32>
  linalg.copy ins(%y : memref<64xf32>) outs(%c : memref<64xf32>)
  linalg.copy ins(%c : memref<64xf32>) outs(%x : memref<64xf32>)
  memref.dealloc %c : memref<64xf32>
  return
}
