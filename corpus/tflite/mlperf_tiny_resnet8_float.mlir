#map = affine_map<(d0, d1, d2, d3) -> (d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d0, 0)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_16xf32 : memref<16xf32> = dense<[-1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_16x3x3x3xf32 : memref<16x3x3x3xf32> = dense<0.0370370373> {alignment = 64 : i64}
  memref.global "private" constant @__constant_16x3x3x16xf32 : memref<16x3x3x16xf32> = dense<0.0069444445> {alignment = 64 : i64}
  memref.global "private" constant @__constant_32x3x3x16xf32 : memref<32x3x3x16xf32> = dense<0.0069444445> {alignment = 64 : i64}
  memref.global "private" constant @__constant_32xf32 : memref<32xf32> = dense<[-1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_32x3x3x32xf32 : memref<32x3x3x32xf32> = dense<0.00347222225> {alignment = 64 : i64}
  memref.global "private" constant @__constant_32x1x1x16xf32 : memref<32x1x1x16xf32> = dense<6.250000e-02> {alignment = 64 : i64}
  memref.global "private" constant @__constant_64x3x3x32xf32 : memref<64x3x3x32xf32> = dense<0.00347222225> {alignment = 64 : i64}
  memref.global "private" constant @__constant_64xf32 : memref<64xf32> = dense<[-1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_64x3x3x64xf32 : memref<64x3x3x64xf32> = dense<0.00173611112> {alignment = 64 : i64}
  memref.global "private" constant @__constant_64x1x1x32xf32 : memref<64x1x1x32xf32> = dense<3.125000e-02> {alignment = 64 : i64}
  memref.global "private" constant @__constant_10x1x1x64xf32 : memref<10x1x1x64xf32> = dense<1.562500e-02> {alignment = 64 : i64}
  memref.global "private" constant @__constant_10xf32 : memref<10xf32> = dense<[-1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02]> {alignment = 64 : i64}
  func.func @main(%arg0: memref<1x32x32x3xf32> {peakmem.input = "input_1"}) -> memref<1x10xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 3.40282347E+38 : f32
    %cst_1 = arith.constant 6.400000e+01 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant -3.40282347E+38 : f32
    %0 = memref.get_global @__constant_10xf32 : memref<10xf32>
    %1 = memref.get_global @__constant_10x1x1x64xf32 : memref<10x1x1x64xf32>
    %2 = memref.get_global @__constant_64x1x1x32xf32 : memref<64x1x1x32xf32>
    %3 = memref.get_global @__constant_64x3x3x64xf32 : memref<64x3x3x64xf32>
    %4 = memref.get_global @__constant_64xf32 : memref<64xf32>
    %5 = memref.get_global @__constant_64x3x3x32xf32 : memref<64x3x3x32xf32>
    %6 = memref.get_global @__constant_32x1x1x16xf32 : memref<32x1x1x16xf32>
    %7 = memref.get_global @__constant_32x3x3x32xf32 : memref<32x3x3x32xf32>
    %8 = memref.get_global @__constant_32xf32 : memref<32xf32>
    %9 = memref.get_global @__constant_32x3x3x16xf32 : memref<32x3x3x16xf32>
    %10 = memref.get_global @__constant_16x3x3x16xf32 : memref<16x3x3x16xf32>
    %11 = memref.get_global @__constant_16x3x3x3xf32 : memref<16x3x3x3xf32>
    %12 = memref.get_global @__constant_16xf32 : memref<16xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x34x34x3xf32>
    linalg.map outs(%alloc : memref<1x34x34x3xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview = memref.subview %alloc[0, 1, 1, 0] [1, 32, 32, 3] [1, 1, 1, 1] : memref<1x34x34x3xf32> to memref<1x32x32x3xf32, strided<[3468, 102, 3, 1], offset: 105>>
    memref.copy %arg0, %subview : memref<1x32x32x3xf32> to memref<1x32x32x3xf32, strided<[3468, 102, 3, 1], offset: 105>>
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<1x32x32x16xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12 : memref<16xf32>) outs(%alloc_4 : memref<1x32x32x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc, %11 : memref<1x34x34x3xf32>, memref<16x3x3x3xf32>) outs(%alloc_4 : memref<1x32x32x16xf32>)
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<1x32x32x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_4 : memref<1x32x32x16xf32>) outs(%alloc_5 : memref<1x32x32x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.minimumf %in, %cst_0 : f32
      %14 = arith.maximumf %13, %cst : f32
      linalg.yield %14 : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<1x34x34x16xf32>
    linalg.map outs(%alloc_6 : memref<1x34x34x16xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_7 = memref.subview %alloc_6[0, 1, 1, 0] [1, 32, 32, 16] [1, 1, 1, 1] : memref<1x34x34x16xf32> to memref<1x32x32x16xf32, strided<[18496, 544, 16, 1], offset: 560>>
    memref.copy %alloc_5, %subview_7 : memref<1x32x32x16xf32> to memref<1x32x32x16xf32, strided<[18496, 544, 16, 1], offset: 560>>
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<1x32x32x16xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12 : memref<16xf32>) outs(%alloc_8 : memref<1x32x32x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_6, %10 : memref<1x34x34x16xf32>, memref<16x3x3x16xf32>) outs(%alloc_8 : memref<1x32x32x16xf32>)
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<1x32x32x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_8 : memref<1x32x32x16xf32>) outs(%alloc_9 : memref<1x32x32x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.minimumf %in, %cst_0 : f32
      %14 = arith.maximumf %13, %cst : f32
      linalg.yield %14 : f32
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<1x34x34x16xf32>
    linalg.map outs(%alloc_10 : memref<1x34x34x16xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_11 = memref.subview %alloc_10[0, 1, 1, 0] [1, 32, 32, 16] [1, 1, 1, 1] : memref<1x34x34x16xf32> to memref<1x32x32x16xf32, strided<[18496, 544, 16, 1], offset: 560>>
    memref.copy %alloc_9, %subview_11 : memref<1x32x32x16xf32> to memref<1x32x32x16xf32, strided<[18496, 544, 16, 1], offset: 560>>
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<1x32x32x16xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12 : memref<16xf32>) outs(%alloc_12 : memref<1x32x32x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_10, %10 : memref<1x34x34x16xf32>, memref<16x3x3x16xf32>) outs(%alloc_12 : memref<1x32x32x16xf32>)
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<1x32x32x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_5, %alloc_12 : memref<1x32x32x16xf32>, memref<1x32x32x16xf32>) outs(%alloc_13 : memref<1x32x32x16xf32>) {
    ^bb0(%in: f32, %in_47: f32, %out: f32):
      %13 = arith.addf %in, %in_47 : f32
      %14 = arith.minimumf %13, %cst_0 : f32
      %15 = arith.maximumf %14, %cst : f32
      linalg.yield %15 : f32
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<1x33x33x16xf32>
    linalg.map outs(%alloc_14 : memref<1x33x33x16xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_15 = memref.subview %alloc_14[0, 0, 0, 0] [1, 32, 32, 16] [1, 1, 1, 1] : memref<1x33x33x16xf32> to memref<1x32x32x16xf32, strided<[17424, 528, 16, 1]>>
    memref.copy %alloc_13, %subview_15 : memref<1x32x32x16xf32> to memref<1x32x32x16xf32, strided<[17424, 528, 16, 1]>>
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<1x16x16x32xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8 : memref<32xf32>) outs(%alloc_16 : memref<1x16x16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%alloc_14, %9 : memref<1x33x33x16xf32>, memref<32x3x3x16xf32>) outs(%alloc_16 : memref<1x16x16x32xf32>)
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<1x16x16x32xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_16 : memref<1x16x16x32xf32>) outs(%alloc_17 : memref<1x16x16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.minimumf %in, %cst_0 : f32
      %14 = arith.maximumf %13, %cst : f32
      linalg.yield %14 : f32
    }
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<1x18x18x32xf32>
    linalg.map outs(%alloc_18 : memref<1x18x18x32xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_19 = memref.subview %alloc_18[0, 1, 1, 0] [1, 16, 16, 32] [1, 1, 1, 1] : memref<1x18x18x32xf32> to memref<1x16x16x32xf32, strided<[10368, 576, 32, 1], offset: 608>>
    memref.copy %alloc_17, %subview_19 : memref<1x16x16x32xf32> to memref<1x16x16x32xf32, strided<[10368, 576, 32, 1], offset: 608>>
    %alloc_20 = memref.alloc() {alignment = 64 : i64} : memref<1x16x16x32xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8 : memref<32xf32>) outs(%alloc_20 : memref<1x16x16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_18, %7 : memref<1x18x18x32xf32>, memref<32x3x3x32xf32>) outs(%alloc_20 : memref<1x16x16x32xf32>)
    %subview_21 = memref.subview %alloc_13[0, 0, 0, 0] [1, 31, 32, 16] [1, 1, 1, 1] : memref<1x32x32x16xf32> to memref<1x31x32x16xf32, strided<[16384, 512, 16, 1]>>
    %subview_22 = memref.subview %subview_21[0, 0, 0, 0] [1, 31, 31, 16] [1, 1, 1, 1] : memref<1x31x32x16xf32, strided<[16384, 512, 16, 1]>> to memref<1x31x31x16xf32, strided<[16384, 512, 16, 1]>>
    %alloc_23 = memref.alloc() {alignment = 64 : i64} : memref<1x16x16x32xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8 : memref<32xf32>) outs(%alloc_23 : memref<1x16x16x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%subview_22, %6 : memref<1x31x31x16xf32, strided<[16384, 512, 16, 1]>>, memref<32x1x1x16xf32>) outs(%alloc_23 : memref<1x16x16x32xf32>)
    %alloc_24 = memref.alloc() {alignment = 64 : i64} : memref<1x16x16x32xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_23, %alloc_20 : memref<1x16x16x32xf32>, memref<1x16x16x32xf32>) outs(%alloc_24 : memref<1x16x16x32xf32>) {
    ^bb0(%in: f32, %in_47: f32, %out: f32):
      %13 = arith.addf %in, %in_47 : f32
      %14 = arith.minimumf %13, %cst_0 : f32
      %15 = arith.maximumf %14, %cst : f32
      linalg.yield %15 : f32
    }
    %alloc_25 = memref.alloc() {alignment = 64 : i64} : memref<1x17x17x32xf32>
    linalg.map outs(%alloc_25 : memref<1x17x17x32xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_26 = memref.subview %alloc_25[0, 0, 0, 0] [1, 16, 16, 32] [1, 1, 1, 1] : memref<1x17x17x32xf32> to memref<1x16x16x32xf32, strided<[9248, 544, 32, 1]>>
    memref.copy %alloc_24, %subview_26 : memref<1x16x16x32xf32> to memref<1x16x16x32xf32, strided<[9248, 544, 32, 1]>>
    %alloc_27 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x64xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : memref<64xf32>) outs(%alloc_27 : memref<1x8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%alloc_25, %5 : memref<1x17x17x32xf32>, memref<64x3x3x32xf32>) outs(%alloc_27 : memref<1x8x8x64xf32>)
    %alloc_28 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x64xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_27 : memref<1x8x8x64xf32>) outs(%alloc_28 : memref<1x8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.minimumf %in, %cst_0 : f32
      %14 = arith.maximumf %13, %cst : f32
      linalg.yield %14 : f32
    }
    %alloc_29 = memref.alloc() {alignment = 64 : i64} : memref<1x10x10x64xf32>
    linalg.map outs(%alloc_29 : memref<1x10x10x64xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_30 = memref.subview %alloc_29[0, 1, 1, 0] [1, 8, 8, 64] [1, 1, 1, 1] : memref<1x10x10x64xf32> to memref<1x8x8x64xf32, strided<[6400, 640, 64, 1], offset: 704>>
    memref.copy %alloc_28, %subview_30 : memref<1x8x8x64xf32> to memref<1x8x8x64xf32, strided<[6400, 640, 64, 1], offset: 704>>
    %alloc_31 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x64xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : memref<64xf32>) outs(%alloc_31 : memref<1x8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_29, %3 : memref<1x10x10x64xf32>, memref<64x3x3x64xf32>) outs(%alloc_31 : memref<1x8x8x64xf32>)
    %subview_32 = memref.subview %alloc_24[0, 0, 0, 0] [1, 15, 16, 32] [1, 1, 1, 1] : memref<1x16x16x32xf32> to memref<1x15x16x32xf32, strided<[8192, 512, 32, 1]>>
    %subview_33 = memref.subview %subview_32[0, 0, 0, 0] [1, 15, 15, 32] [1, 1, 1, 1] : memref<1x15x16x32xf32, strided<[8192, 512, 32, 1]>> to memref<1x15x15x32xf32, strided<[8192, 512, 32, 1]>>
    %alloc_34 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x64xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : memref<64xf32>) outs(%alloc_34 : memref<1x8x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%subview_33, %2 : memref<1x15x15x32xf32, strided<[8192, 512, 32, 1]>>, memref<64x1x1x32xf32>) outs(%alloc_34 : memref<1x8x8x64xf32>)
    %alloc_35 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x64xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_34, %alloc_31 : memref<1x8x8x64xf32>, memref<1x8x8x64xf32>) outs(%alloc_35 : memref<1x8x8x64xf32>) {
    ^bb0(%in: f32, %in_47: f32, %out: f32):
      %13 = arith.addf %in, %in_47 : f32
      %14 = arith.minimumf %13, %cst_0 : f32
      %15 = arith.maximumf %14, %cst : f32
      linalg.yield %15 : f32
    }
    %alloc_36 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x64xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_36 : memref<1x1x1x64xf32>)
    %alloc_37 = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
    linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<8> : vector<2xi64>} ins(%alloc_35, %alloc_37 : memref<1x8x8x64xf32>, memref<8x8xf32>) outs(%alloc_36 : memref<1x1x1x64xf32>)
    %alloc_38 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x64xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_36 : memref<1x1x1x64xf32>) outs(%alloc_38 : memref<1x1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.divf %in, %cst_1 : f32
      linalg.yield %13 : f32
    }
    %alloc_39 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x10xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : memref<10xf32>) outs(%alloc_39 : memref<1x1x1x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_38, %1 : memref<1x1x1x64xf32>, memref<10x1x1x64xf32>) outs(%alloc_39 : memref<1x1x1x10xf32>)
    %collapse_shape = memref.collapse_shape %alloc_39 [[0, 1, 2], [3]] : memref<1x1x1x10xf32> into memref<1x10xf32>
    %alloc_40 = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
    %expand_shape = memref.expand_shape %alloc_40 [[0, 1, 2]] output_shape [1, 1, 1] : memref<1xf32> into memref<1x1x1xf32>
    linalg.fill ins(%cst_3 : f32) outs(%expand_shape : memref<1x1x1xf32>)
    linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%alloc_39 : memref<1x1x1x10xf32>) outs(%expand_shape : memref<1x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.maximumf %in, %out : f32
      linalg.yield %13 : f32
    }
    %expand_shape_41 = memref.expand_shape %alloc_40 [[0, 1]] output_shape [1, 1] : memref<1xf32> into memref<1x1xf32>
    %alloc_42 = memref.alloc() {alignment = 64 : i64} : memref<1x10xf32>
    linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapse_shape, %expand_shape_41 : memref<1x10xf32>, memref<1x1xf32>) outs(%alloc_42 : memref<1x10xf32>) {
    ^bb0(%in: f32, %in_47: f32, %out: f32):
      %13 = arith.subf %in, %in_47 : f32
      %14 = math.exp %13 : f32
      linalg.yield %14 : f32
    }
    %alloc_43 = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
    %expand_shape_44 = memref.expand_shape %alloc_43 [[0, 1]] output_shape [1, 1] : memref<1xf32> into memref<1x1xf32>
    linalg.fill ins(%cst : f32) outs(%expand_shape_44 : memref<1x1xf32>)
    %expand_shape_45 = memref.expand_shape %alloc_42 [[0, 1], [2]] output_shape [1, 1, 10] : memref<1x10xf32> into memref<1x1x10xf32>
    linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expand_shape_45 : memref<1x1x10xf32>) outs(%expand_shape_44 : memref<1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.addf %in, %out : f32
      linalg.yield %13 : f32
    }
    %alloc_46 = memref.alloc() {alignment = 64 : i64} : memref<1x10xf32>
    linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%alloc_42, %expand_shape_44 : memref<1x10xf32>, memref<1x1xf32>) outs(%alloc_46 : memref<1x10xf32>) {
    ^bb0(%in: f32, %in_47: f32, %out: f32):
      %13 = arith.divf %cst_2, %in_47 : f32
      %14 = arith.mulf %in, %13 : f32
      linalg.yield %14 : f32
    }
    memref.dealloc %alloc : memref<1x34x34x3xf32>
    memref.dealloc %alloc_4 : memref<1x32x32x16xf32>
    memref.dealloc %alloc_5 : memref<1x32x32x16xf32>
    memref.dealloc %alloc_6 : memref<1x34x34x16xf32>
    memref.dealloc %alloc_8 : memref<1x32x32x16xf32>
    memref.dealloc %alloc_9 : memref<1x32x32x16xf32>
    memref.dealloc %alloc_10 : memref<1x34x34x16xf32>
    memref.dealloc %alloc_12 : memref<1x32x32x16xf32>
    memref.dealloc %alloc_13 : memref<1x32x32x16xf32>
    memref.dealloc %alloc_14 : memref<1x33x33x16xf32>
    memref.dealloc %alloc_16 : memref<1x16x16x32xf32>
    memref.dealloc %alloc_17 : memref<1x16x16x32xf32>
    memref.dealloc %alloc_18 : memref<1x18x18x32xf32>
    memref.dealloc %alloc_20 : memref<1x16x16x32xf32>
    memref.dealloc %alloc_23 : memref<1x16x16x32xf32>
    memref.dealloc %alloc_24 : memref<1x16x16x32xf32>
    memref.dealloc %alloc_25 : memref<1x17x17x32xf32>
    memref.dealloc %alloc_27 : memref<1x8x8x64xf32>
    memref.dealloc %alloc_28 : memref<1x8x8x64xf32>
    memref.dealloc %alloc_29 : memref<1x10x10x64xf32>
    memref.dealloc %alloc_31 : memref<1x8x8x64xf32>
    memref.dealloc %alloc_34 : memref<1x8x8x64xf32>
    memref.dealloc %alloc_35 : memref<1x8x8x64xf32>
    memref.dealloc %alloc_36 : memref<1x1x1x64xf32>
    memref.dealloc %alloc_37 : memref<8x8xf32>
    memref.dealloc %alloc_38 : memref<1x1x1x64xf32>
    memref.dealloc %alloc_39 : memref<1x1x1x10xf32>
    memref.dealloc %alloc_40 : memref<1xf32>
    memref.dealloc %alloc_42 : memref<1x10xf32>
    memref.dealloc %alloc_43 : memref<1xf32>
    return %alloc_46 : memref<1x10xf32>
  }
}

