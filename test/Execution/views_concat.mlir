// Views: a concat buffer %out written through subviews, an expand_shape of a
// subview, a non-contiguous memref.copy (lowered to a call of memrefCopy) and
// a fill of a column strip; the result escapes as a collapse_shape view of
// %out.
//
// RUN: %python -m peakmem exec %s | FileCheck %s
// The model (peakmem-report) predicts the measured peak exactly, before and
// after peakmem-reorder, and the reordered program computes the same bits.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=MODEL < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: grep model_matches %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// MODEL: model_matches: 416
//
//   out = memref<8x8xf32> {alignment = 64}: 8*8*4 + 64 = 320
//   a   = memref<4x6xf32>:                  4*6*4      =  96
// peak = out + a = 320 + 96 = 416 (out stays live: it is returned)
//
// CHECK: peak_bytes: 416
// CHECK-NEXT: output_digest: {{[0-9a-f]{16}$}}

#id2 = affine_map<(i, j) -> (i, j)>
#id3 = affine_map<(i, j, k) -> (i, j, k)>

func.func @concat(%x: memref<4x6xf32>) -> memref<64xf32> {
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
  %a = memref.alloc() : memref<4x6xf32>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4x6xf32>) outs(%a : memref<4x6xf32>) {
  ^bb0(%v: f32, %o: f32):
    %e = math.exp %v : f32
    linalg.yield %e : f32
  }
  // Rows 0..3, columns 0..5: a plain copy of %a.
  %s0 = memref.subview %out[0, 0] [4, 6] [1, 1]
      : memref<8x8xf32> to memref<4x6xf32, strided<[8, 1]>>
  memref.copy %a, %s0 : memref<4x6xf32> to memref<4x6xf32, strided<[8, 1]>>
  // Rows 4..7, columns 0..5: tanh(a) written through a 3-D view.
  %s1 = memref.subview %out[4, 0] [4, 6] [1, 1]
      : memref<8x8xf32> to memref<4x6xf32, strided<[8, 1], offset: 32>>
  %e1 = memref.expand_shape %s1 [[0], [1, 2]] output_shape [4, 2, 3]
      : memref<4x6xf32, strided<[8, 1], offset: 32>>
        into memref<4x2x3xf32, strided<[8, 3, 1], offset: 32>>
  %ea = memref.expand_shape %a [[0], [1, 2]] output_shape [4, 2, 3]
      : memref<4x6xf32> into memref<4x2x3xf32>
  linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%ea : memref<4x2x3xf32>)
      outs(%e1 : memref<4x2x3xf32, strided<[8, 3, 1], offset: 32>>) {
  ^bb0(%v: f32, %o: f32):
    %t = math.tanh %v : f32
    linalg.yield %t : f32
  }
  memref.dealloc %a : memref<4x6xf32>
  // Columns 6..7 of every row: zero.
  %s2 = memref.subview %out[0, 6] [8, 2] [1, 1]
      : memref<8x8xf32> to memref<8x2xf32, strided<[8, 1], offset: 6>>
  linalg.fill ins(%zero : f32) outs(%s2 : memref<8x2xf32, strided<[8, 1], offset: 6>>)
  %flat = memref.collapse_shape %out [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  return %flat : memref<64xf32>
}
