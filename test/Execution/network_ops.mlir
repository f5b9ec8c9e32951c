// Ops of imported networks after upstream bufferization: linalg.matmul,
// linalg.conv_2d_nhwc_hwcf, linalg.fill, a linalg.generic with math ops
// (tanh, erf, exp, rsqrt, powf, log, sqrt, absf, floor, fpowi) and
// arith.maximumf, subview + expand_shape + collapse_shape, and memref.copy
// into strided subviews. Produced from tensor code by
//   mlir-opt --one-shot-bufferize="bufferize-function-boundaries
//             function-boundary-type-conversion=identity-layout-map"
//            --buffer-deallocation-pipeline --optimize-allocation-liveness
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
// MODEL: model_matches: 864
//
// Every alloc has alignment = 64:
//   alloc   = memref<4x6xf32>:     24*4 + 64 = 160 (returned)
//   alloc_0 = memref<1x4x4x4xf32>: 64*4 + 64 = 320 (returned)
//   alloc_1 = memref<4x8xf32>:     32*4 + 64 = 192 (freed at the end)
//   alloc_2 = memref<4x8xf32>:     32*4 + 64 = 192 (returned)
// peak = 160 + 320 + 192 + 192 = 864 (all four live before the dealloc)
//
// CHECK: peak_bytes: 864
// CHECK-NEXT: output_digest: {{[0-9a-f]{16}$}}

#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @g(%arg0: memref<4x8xf32>, %arg1: memref<8x6xf32>, %arg2: memref<1x6x6x2xf32>, %arg3: memref<3x3x2x4xf32>) -> (memref<4x6xf32>, memref<1x4x4x4xf32>, memref<4x8xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %c3_i32 = arith.constant 3 : i32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x6xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<4x6xf32>)
    linalg.matmul ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x6xf32>) outs(%alloc : memref<4x6xf32>)
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<1x4x4x4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<1x4x4x4xf32>)
    linalg.conv_2d_nhwc_hwcf ins(%arg2, %arg3 : memref<1x6x6x2xf32>, memref<3x3x2x4xf32>) outs(%alloc_0 : memref<1x4x4x4xf32>)
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<4x8xf32>) outs(%alloc_1 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = math.tanh %in : f32
      %1 = math.erf %0 : f32
      %2 = math.exp %1 : f32
      %3 = math.rsqrt %2 : f32
      %4 = math.powf %3, %in : f32
      %5 = math.log %4 : f32
      %6 = arith.maximumf %5, %in : f32
      %7 = math.sqrt %6 : f32
      %8 = math.absf %7 : f32
      %9 = math.floor %8 : f32
      %10 = math.fpowi %9, %c3_i32 : f32, i32
      linalg.yield %10 : f32
    }
    %subview = memref.subview %alloc_1[0, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1]>>
    %expand_shape = memref.expand_shape %subview [[0], [1, 2]] output_shape [2, 2, 4] : memref<2x8xf32, strided<[8, 1]>> into memref<2x2x4xf32, strided<[8, 4, 1]>>
    %collapse_shape = memref.collapse_shape %expand_shape [[0, 1], [2]] : memref<2x2x4xf32, strided<[8, 4, 1]>> into memref<4x4xf32, strided<[4, 1]>>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    %subview_3 = memref.subview %alloc_2[0, 0] [4, 4] [1, 1] : memref<4x8xf32> to memref<4x4xf32, strided<[8, 1]>>
    memref.copy %collapse_shape, %subview_3 : memref<4x4xf32, strided<[4, 1]>> to memref<4x4xf32, strided<[8, 1]>>
    %subview_4 = memref.subview %alloc_2[0, 4] [4, 4] [1, 1] : memref<4x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 4>>
    memref.copy %collapse_shape, %subview_4 : memref<4x4xf32, strided<[4, 1]>> to memref<4x4xf32, strided<[8, 1], offset: 4>>
    memref.dealloc %alloc_1 : memref<4x8xf32>
    return %alloc, %alloc_0, %alloc_2 : memref<4x6xf32>, memref<1x4x4x4xf32>, memref<4x8xf32>
  }
}

