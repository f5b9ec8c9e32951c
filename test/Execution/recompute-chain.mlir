// Chain recomputation into a concatenation (test/Transforms/recompute.mlir,
// @chain_into_concat): the output bits must not change, and the measured
// peak must be the modeled one, before and after.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=0.3 max-op-overhead=0.3 remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// BEFORE: model_matches: 6144
// AFTER: model_matches: 5120

#r3 = affine_map<(k, i, j) -> (k, i, j)>
#r2 = affine_map<(k, i, j) -> (i, j)>
func.func @chain_into_concat(%in: memref<16x16xf32>, %w0: memref<16x16xf32>, %w1: memref<16x32xf32>, %w2: memref<32x16xf32>) -> memref<16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16x16xf32>
  linalg.add ins(%in, %in : memref<16x16xf32>, memref<16x16xf32>) outs(%a : memref<16x16xf32>)
  %b = memref.alloc() : memref<16x16xf32>
  linalg.mul ins(%a, %a : memref<16x16xf32>, memref<16x16xf32>) outs(%b : memref<16x16xf32>)
  memref.dealloc %a : memref<16x16xf32>
  %x0 = memref.alloc() : memref<16x16xf32>
  linalg.add ins(%b, %in : memref<16x16xf32>, memref<16x16xf32>) outs(%x0 : memref<16x16xf32>)
  memref.dealloc %b : memref<16x16xf32>
  %x1 = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%zero : f32) outs(%x1 : memref<16x16xf32>)
  linalg.matmul ins(%x0, %w0 : memref<16x16xf32>, memref<16x16xf32>) outs(%x1 : memref<16x16xf32>)
  %t = memref.alloc() : memref<16x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<16x32xf32>)
  linalg.matmul ins(%x1, %w1 : memref<16x16xf32>, memref<16x32xf32>) outs(%t : memref<16x32xf32>)
  %x2 = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%zero : f32) outs(%x2 : memref<16x16xf32>)
  linalg.matmul ins(%t, %w2 : memref<16x32xf32>, memref<32x16xf32>) outs(%x2 : memref<16x16xf32>)
  memref.dealloc %t : memref<16x32xf32>
  %cat = memref.alloc() : memref<3x16x16xf32>
  %s0 = memref.subview %cat[0, 0, 0] [1, 16, 16] [1, 1, 1] : memref<3x16x16xf32> to memref<16x16xf32, strided<[16, 1]>>
  memref.copy %x0, %s0 : memref<16x16xf32> to memref<16x16xf32, strided<[16, 1]>>
  %s1 = memref.subview %cat[1, 0, 0] [1, 16, 16] [1, 1, 1] : memref<3x16x16xf32> to memref<16x16xf32, strided<[16, 1], offset: 256>>
  memref.copy %x1, %s1 : memref<16x16xf32> to memref<16x16xf32, strided<[16, 1], offset: 256>>
  %s2 = memref.subview %cat[2, 0, 0] [1, 16, 16] [1, 1, 1] : memref<3x16x16xf32> to memref<16x16xf32, strided<[16, 1], offset: 512>>
  memref.copy %x2, %s2 : memref<16x16xf32> to memref<16x16xf32, strided<[16, 1], offset: 512>>
  memref.dealloc %x0 : memref<16x16xf32>
  memref.dealloc %x1 : memref<16x16xf32>
  memref.dealloc %x2 : memref<16x16xf32>
  %o = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%zero : f32) outs(%o : memref<16x16xf32>)
  linalg.generic {indexing_maps = [#r3, #r2], iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%cat : memref<3x16x16xf32>) outs(%o : memref<16x16xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %s = arith.addf %v, %acc : f32
    linalg.yield %s : f32
  }
  memref.dealloc %cat : memref<3x16x16xf32>
  return %o : memref<16x16xf32>
}
