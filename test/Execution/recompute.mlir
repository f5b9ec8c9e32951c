// Recomputation clones producers: the output bits must not change, and the
// measured peak must be the modeled one, before and after.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=1 max-op-overhead=0.3 remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// BEFORE: model_matches: 16384
// AFTER: model_matches: 12288
// The recomputed producer is the only matmul (1,024 of 1,024 MACs): 100%
// more MACs, 2,048 of 7,168 operations.

func.func @group_through_view(%x: memref<32x1xf32>, %w: memref<1x32xf32>, %in: memref<1024xf32>) -> memref<1024xf32> {
  %cst = arith.constant 0.5 : f32
  %b = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<32x32xf32>)
  linalg.matmul ins(%x, %w : memref<32x1xf32>, memref<1x32xf32>) outs(%b : memref<32x32xf32>)
  %v = memref.collapse_shape %b [[0, 1]] : memref<32x32xf32> into memref<1024xf32>
  %e = memref.alloc() : memref<1024xf32>
  linalg.add ins(%v, %in : memref<1024xf32>, memref<1024xf32>) outs(%e : memref<1024xf32>)
  %t1 = memref.alloc() : memref<1024xf32>
  linalg.mul ins(%e, %e : memref<1024xf32>, memref<1024xf32>) outs(%t1 : memref<1024xf32>)
  memref.dealloc %e : memref<1024xf32>
  %t2 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t1, %in : memref<1024xf32>, memref<1024xf32>) outs(%t2 : memref<1024xf32>)
  %t3 = memref.alloc() : memref<1024xf32>
  linalg.mul ins(%t1, %t2 : memref<1024xf32>, memref<1024xf32>) outs(%t3 : memref<1024xf32>)
  memref.dealloc %t1 : memref<1024xf32>
  memref.dealloc %t2 : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.sub ins(%t3, %v : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %t3 : memref<1024xf32>
  memref.dealloc %b : memref<32x32xf32>
  return %o : memref<1024xf32>
}
