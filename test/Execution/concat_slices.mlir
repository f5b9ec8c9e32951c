// Copies into disjoint slices of a concatenation buffer, written in reverse
// slice order (test/Transforms/reorder.mlir, @concat_slices_any_order):
// peakmem-reorder moves them, the output bits must not change and the
// measured peak must be the modeled one, before and after.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// BEFORE: model_matches: 6144
// AFTER: model_matches: 5120

func.func @concat_slices_any_order(%in: memref<16x16xf32>, %w: memref<16x16xf32>) -> memref<3x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %x0 = memref.alloc() : memref<16x16xf32>
  linalg.add ins(%in, %in : memref<16x16xf32>, memref<16x16xf32>) outs(%x0 : memref<16x16xf32>)
  %x1 = memref.alloc() : memref<16x16xf32>
  linalg.mul ins(%x0, %x0 : memref<16x16xf32>, memref<16x16xf32>) outs(%x1 : memref<16x16xf32>)
  %x2 = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%zero : f32) outs(%x2 : memref<16x16xf32>)
  linalg.matmul ins(%x1, %w : memref<16x16xf32>, memref<16x16xf32>) outs(%x2 : memref<16x16xf32>)
  %cat = memref.alloc() : memref<3x16x16xf32>
  %s2 = memref.subview %cat[2, 0, 0] [1, 16, 16] [1, 1, 1] : memref<3x16x16xf32> to memref<16x16xf32, strided<[16, 1], offset: 512>>
  memref.copy %x2, %s2 : memref<16x16xf32> to memref<16x16xf32, strided<[16, 1], offset: 512>>
  %s1 = memref.subview %cat[1, 0, 0] [1, 16, 16] [1, 1, 1] : memref<3x16x16xf32> to memref<16x16xf32, strided<[16, 1], offset: 256>>
  memref.copy %x1, %s1 : memref<16x16xf32> to memref<16x16xf32, strided<[16, 1], offset: 256>>
  %s0 = memref.subview %cat[0, 0, 0] [1, 16, 16] [1, 1, 1] : memref<3x16x16xf32> to memref<16x16xf32, strided<[16, 1]>>
  memref.copy %x0, %s0 : memref<16x16xf32> to memref<16x16xf32, strided<[16, 1]>>
  memref.dealloc %x0 : memref<16x16xf32>
  memref.dealloc %x1 : memref<16x16xf32>
  memref.dealloc %x2 : memref<16x16xf32>
  return %cat : memref<3x16x16xf32>
}
