#map = affine_map<(d0, d1, d2, d3) -> (d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>
#map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
#map6 = affine_map<(d0, d1) -> (d0, 0)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_64xf32 : memref<64xf32> = dense<[-1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_64x10x4x1xf32 : memref<64x10x4x1xf32> = dense<2.500000e-02> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x3x64x1xf32 : memref<3x3x64x1xf32> = dense<0.111111112> {alignment = 64 : i64}
  memref.global "private" constant @__constant_64x1x1x64xf32 : memref<64x1x1x64xf32> = dense<1.562500e-02> {alignment = 64 : i64}
  memref.global "private" constant @__constant_12x1x1x64xf32 : memref<12x1x1x64xf32> = dense<1.562500e-02> {alignment = 64 : i64}
  memref.global "private" constant @__constant_12xf32 : memref<12xf32> = dense<[-1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_64x1xf32 : memref<64x1xf32> = dense<[[-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02], [-2.000000e-02], [-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02], [-2.000000e-02], [-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02], [-2.000000e-02], [-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02], [-2.000000e-02], [-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02], [-2.000000e-02], [-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02]]> {alignment = 64 : i64}
  func.func @main(%arg0: memref<1x49x10x1xf32> {peakmem.input = "input_1"}) -> memref<1x12xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 3.40282347E+38 : f32
    %cst_1 = arith.constant -3.40282347E+38 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 1.250000e+02 : f32
    %0 = memref.get_global @__constant_64x1xf32 : memref<64x1xf32>
    %1 = memref.get_global @__constant_12xf32 : memref<12xf32>
    %2 = memref.get_global @__constant_12x1x1x64xf32 : memref<12x1x1x64xf32>
    %3 = memref.get_global @__constant_64x1x1x64xf32 : memref<64x1x1x64xf32>
    %4 = memref.get_global @__constant_3x3x64x1xf32 : memref<3x3x64x1xf32>
    %5 = memref.get_global @__constant_64x10x4x1xf32 : memref<64x10x4x1xf32>
    %6 = memref.get_global @__constant_64xf32 : memref<64xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x58x12x1xf32>
    linalg.map outs(%alloc : memref<1x58x12x1xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview = memref.subview %alloc[0, 4, 1, 0] [1, 49, 10, 1] [1, 1, 1, 1] : memref<1x58x12x1xf32> to memref<1x49x10x1xf32, strided<[696, 12, 1, 1], offset: 49>>
    memref.copy %arg0, %subview : memref<1x49x10x1xf32> to memref<1x49x10x1xf32, strided<[696, 12, 1, 1], offset: 49>>
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<64xf32>) outs(%alloc_4 : memref<1x25x5x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%alloc, %5 : memref<1x58x12x1xf32>, memref<64x10x4x1xf32>) outs(%alloc_4 : memref<1x25x5x64xf32>)
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_4 : memref<1x25x5x64xf32>) outs(%alloc_5 : memref<1x25x5x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.minimumf %in, %cst_0 : f32
      %8 = arith.maximumf %7, %cst : f32
      linalg.yield %8 : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<1x27x7x64xf32>
    linalg.map outs(%alloc_6 : memref<1x27x7x64xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_7 = memref.subview %alloc_6[0, 1, 1, 0] [1, 25, 5, 64] [1, 1, 1, 1] : memref<1x27x7x64xf32> to memref<1x25x5x64xf32, strided<[12096, 448, 64, 1], offset: 512>>
    memref.copy %alloc_5, %subview_7 : memref<1x25x5x64xf32> to memref<1x25x5x64xf32, strided<[12096, 448, 64, 1], offset: 512>>
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_8 : memref<1x25x5x64x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_6, %4 : memref<1x27x7x64xf32>, memref<3x3x64x1xf32>) outs(%alloc_8 : memref<1x25x5x64x1xf32>)
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0, %alloc_8 : memref<64x1xf32>, memref<1x25x5x64x1xf32>) outs(%alloc_9 : memref<1x25x5x64x1xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %7 = arith.addf %in, %in_45 : f32
      %8 = arith.minimumf %7, %cst_0 : f32
      %9 = arith.maximumf %8, %cst : f32
      linalg.yield %9 : f32
    }
    %collapse_shape = memref.collapse_shape %alloc_9 [[0], [1], [2], [3, 4]] : memref<1x25x5x64x1xf32> into memref<1x25x5x64xf32>
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<64xf32>) outs(%alloc_10 : memref<1x25x5x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape, %3 : memref<1x25x5x64xf32>, memref<64x1x1x64xf32>) outs(%alloc_10 : memref<1x25x5x64xf32>)
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_10 : memref<1x25x5x64xf32>) outs(%alloc_11 : memref<1x25x5x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.minimumf %in, %cst_0 : f32
      %8 = arith.maximumf %7, %cst : f32
      linalg.yield %8 : f32
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<1x27x7x64xf32>
    linalg.map outs(%alloc_12 : memref<1x27x7x64xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_13 = memref.subview %alloc_12[0, 1, 1, 0] [1, 25, 5, 64] [1, 1, 1, 1] : memref<1x27x7x64xf32> to memref<1x25x5x64xf32, strided<[12096, 448, 64, 1], offset: 512>>
    memref.copy %alloc_11, %subview_13 : memref<1x25x5x64xf32> to memref<1x25x5x64xf32, strided<[12096, 448, 64, 1], offset: 512>>
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_14 : memref<1x25x5x64x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_12, %4 : memref<1x27x7x64xf32>, memref<3x3x64x1xf32>) outs(%alloc_14 : memref<1x25x5x64x1xf32>)
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0, %alloc_14 : memref<64x1xf32>, memref<1x25x5x64x1xf32>) outs(%alloc_15 : memref<1x25x5x64x1xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %7 = arith.addf %in, %in_45 : f32
      %8 = arith.minimumf %7, %cst_0 : f32
      %9 = arith.maximumf %8, %cst : f32
      linalg.yield %9 : f32
    }
    %collapse_shape_16 = memref.collapse_shape %alloc_15 [[0], [1], [2], [3, 4]] : memref<1x25x5x64x1xf32> into memref<1x25x5x64xf32>
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<64xf32>) outs(%alloc_17 : memref<1x25x5x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_16, %3 : memref<1x25x5x64xf32>, memref<64x1x1x64xf32>) outs(%alloc_17 : memref<1x25x5x64xf32>)
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_17 : memref<1x25x5x64xf32>) outs(%alloc_18 : memref<1x25x5x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.minimumf %in, %cst_0 : f32
      %8 = arith.maximumf %7, %cst : f32
      linalg.yield %8 : f32
    }
    %alloc_19 = memref.alloc() {alignment = 64 : i64} : memref<1x27x7x64xf32>
    linalg.map outs(%alloc_19 : memref<1x27x7x64xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_20 = memref.subview %alloc_19[0, 1, 1, 0] [1, 25, 5, 64] [1, 1, 1, 1] : memref<1x27x7x64xf32> to memref<1x25x5x64xf32, strided<[12096, 448, 64, 1], offset: 512>>
    memref.copy %alloc_18, %subview_20 : memref<1x25x5x64xf32> to memref<1x25x5x64xf32, strided<[12096, 448, 64, 1], offset: 512>>
    %alloc_21 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_21 : memref<1x25x5x64x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_19, %4 : memref<1x27x7x64xf32>, memref<3x3x64x1xf32>) outs(%alloc_21 : memref<1x25x5x64x1xf32>)
    %alloc_22 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0, %alloc_21 : memref<64x1xf32>, memref<1x25x5x64x1xf32>) outs(%alloc_22 : memref<1x25x5x64x1xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %7 = arith.addf %in, %in_45 : f32
      %8 = arith.minimumf %7, %cst_0 : f32
      %9 = arith.maximumf %8, %cst : f32
      linalg.yield %9 : f32
    }
    %collapse_shape_23 = memref.collapse_shape %alloc_22 [[0], [1], [2], [3, 4]] : memref<1x25x5x64x1xf32> into memref<1x25x5x64xf32>
    %alloc_24 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<64xf32>) outs(%alloc_24 : memref<1x25x5x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_23, %3 : memref<1x25x5x64xf32>, memref<64x1x1x64xf32>) outs(%alloc_24 : memref<1x25x5x64xf32>)
    %alloc_25 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_24 : memref<1x25x5x64xf32>) outs(%alloc_25 : memref<1x25x5x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.minimumf %in, %cst_0 : f32
      %8 = arith.maximumf %7, %cst : f32
      linalg.yield %8 : f32
    }
    %alloc_26 = memref.alloc() {alignment = 64 : i64} : memref<1x27x7x64xf32>
    linalg.map outs(%alloc_26 : memref<1x27x7x64xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_27 = memref.subview %alloc_26[0, 1, 1, 0] [1, 25, 5, 64] [1, 1, 1, 1] : memref<1x27x7x64xf32> to memref<1x25x5x64xf32, strided<[12096, 448, 64, 1], offset: 512>>
    memref.copy %alloc_25, %subview_27 : memref<1x25x5x64xf32> to memref<1x25x5x64xf32, strided<[12096, 448, 64, 1], offset: 512>>
    %alloc_28 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_28 : memref<1x25x5x64x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_26, %4 : memref<1x27x7x64xf32>, memref<3x3x64x1xf32>) outs(%alloc_28 : memref<1x25x5x64x1xf32>)
    %alloc_29 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0, %alloc_28 : memref<64x1xf32>, memref<1x25x5x64x1xf32>) outs(%alloc_29 : memref<1x25x5x64x1xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %7 = arith.addf %in, %in_45 : f32
      %8 = arith.minimumf %7, %cst_0 : f32
      %9 = arith.maximumf %8, %cst : f32
      linalg.yield %9 : f32
    }
    %collapse_shape_30 = memref.collapse_shape %alloc_29 [[0], [1], [2], [3, 4]] : memref<1x25x5x64x1xf32> into memref<1x25x5x64xf32>
    %alloc_31 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<64xf32>) outs(%alloc_31 : memref<1x25x5x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_30, %3 : memref<1x25x5x64xf32>, memref<64x1x1x64xf32>) outs(%alloc_31 : memref<1x25x5x64xf32>)
    %alloc_32 = memref.alloc() {alignment = 64 : i64} : memref<1x25x5x64xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_31 : memref<1x25x5x64xf32>) outs(%alloc_32 : memref<1x25x5x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.minimumf %in, %cst_0 : f32
      %8 = arith.maximumf %7, %cst : f32
      linalg.yield %8 : f32
    }
    %alloc_33 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x64xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_33 : memref<1x1x1x64xf32>)
    %alloc_34 = memref.alloc() {alignment = 64 : i64} : memref<25x5xf32>
    linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<[25, 5]> : vector<2xi64>} ins(%alloc_32, %alloc_34 : memref<1x25x5x64xf32>, memref<25x5xf32>) outs(%alloc_33 : memref<1x1x1x64xf32>)
    %alloc_35 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x64xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_33 : memref<1x1x1x64xf32>) outs(%alloc_35 : memref<1x1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.divf %in, %cst_3 : f32
      linalg.yield %7 : f32
    }
    %alloc_36 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x12xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : memref<12xf32>) outs(%alloc_36 : memref<1x1x1x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_35, %2 : memref<1x1x1x64xf32>, memref<12x1x1x64xf32>) outs(%alloc_36 : memref<1x1x1x12xf32>)
    %collapse_shape_37 = memref.collapse_shape %alloc_36 [[0, 1, 2], [3]] : memref<1x1x1x12xf32> into memref<1x12xf32>
    %alloc_38 = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
    %expand_shape = memref.expand_shape %alloc_38 [[0, 1, 2]] output_shape [1, 1, 1] : memref<1xf32> into memref<1x1x1xf32>
    linalg.fill ins(%cst_1 : f32) outs(%expand_shape : memref<1x1x1xf32>)
    linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%alloc_36 : memref<1x1x1x12xf32>) outs(%expand_shape : memref<1x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.maximumf %in, %out : f32
      linalg.yield %7 : f32
    }
    %expand_shape_39 = memref.expand_shape %alloc_38 [[0, 1]] output_shape [1, 1] : memref<1xf32> into memref<1x1xf32>
    %alloc_40 = memref.alloc() {alignment = 64 : i64} : memref<1x12xf32>
    linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel"]} ins(%collapse_shape_37, %expand_shape_39 : memref<1x12xf32>, memref<1x1xf32>) outs(%alloc_40 : memref<1x12xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %7 = arith.subf %in, %in_45 : f32
      %8 = math.exp %7 : f32
      linalg.yield %8 : f32
    }
    %alloc_41 = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
    %expand_shape_42 = memref.expand_shape %alloc_41 [[0, 1]] output_shape [1, 1] : memref<1xf32> into memref<1x1xf32>
    linalg.fill ins(%cst : f32) outs(%expand_shape_42 : memref<1x1xf32>)
    %expand_shape_43 = memref.expand_shape %alloc_40 [[0, 1], [2]] output_shape [1, 1, 12] : memref<1x12xf32> into memref<1x1x12xf32>
    linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expand_shape_43 : memref<1x1x12xf32>) outs(%expand_shape_42 : memref<1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.addf %in, %out : f32
      linalg.yield %7 : f32
    }
    %alloc_44 = memref.alloc() {alignment = 64 : i64} : memref<1x12xf32>
    linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel"]} ins(%alloc_40, %expand_shape_42 : memref<1x12xf32>, memref<1x1xf32>) outs(%alloc_44 : memref<1x12xf32>) {
    ^bb0(%in: f32, %in_45: f32, %out: f32):
      %7 = arith.divf %cst_2, %in_45 : f32
      %8 = arith.mulf %in, %7 : f32
      linalg.yield %8 : f32
    }
    memref.dealloc %alloc : memref<1x58x12x1xf32>
    memref.dealloc %alloc_4 : memref<1x25x5x64xf32>
    memref.dealloc %alloc_5 : memref<1x25x5x64xf32>
    memref.dealloc %alloc_6 : memref<1x27x7x64xf32>
    memref.dealloc %alloc_8 : memref<1x25x5x64x1xf32>
    memref.dealloc %alloc_9 : memref<1x25x5x64x1xf32>
    memref.dealloc %alloc_10 : memref<1x25x5x64xf32>
    memref.dealloc %alloc_11 : memref<1x25x5x64xf32>
    memref.dealloc %alloc_12 : memref<1x27x7x64xf32>
    memref.dealloc %alloc_14 : memref<1x25x5x64x1xf32>
    memref.dealloc %alloc_15 : memref<1x25x5x64x1xf32>
    memref.dealloc %alloc_17 : memref<1x25x5x64xf32>
    memref.dealloc %alloc_18 : memref<1x25x5x64xf32>
    memref.dealloc %alloc_19 : memref<1x27x7x64xf32>
    memref.dealloc %alloc_21 : memref<1x25x5x64x1xf32>
    memref.dealloc %alloc_22 : memref<1x25x5x64x1xf32>
    memref.dealloc %alloc_24 : memref<1x25x5x64xf32>
    memref.dealloc %alloc_25 : memref<1x25x5x64xf32>
    memref.dealloc %alloc_26 : memref<1x27x7x64xf32>
    memref.dealloc %alloc_28 : memref<1x25x5x64x1xf32>
    memref.dealloc %alloc_29 : memref<1x25x5x64x1xf32>
    memref.dealloc %alloc_31 : memref<1x25x5x64xf32>
    memref.dealloc %alloc_32 : memref<1x25x5x64xf32>
    memref.dealloc %alloc_33 : memref<1x1x1x64xf32>
    memref.dealloc %alloc_34 : memref<25x5xf32>
    memref.dealloc %alloc_35 : memref<1x1x1x64xf32>
    memref.dealloc %alloc_36 : memref<1x1x1x12xf32>
    memref.dealloc %alloc_38 : memref<1xf32>
    memref.dealloc %alloc_40 : memref<1x12xf32>
    memref.dealloc %alloc_41 : memref<1xf32>
    return %alloc_44 : memref<1x12xf32>
  }
}

