#map = affine_map<(d0, d1, d2, d3) -> (d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  memref.global "private" constant @__constant_128x1x1x640xf32 : memref<128x1x1x640xf32> = dense<1.562500e-03> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128xf32 : memref<128xf32> = dense<"0xCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1x1x128xf32 : memref<128x1x1x128xf32> = dense<7.812500e-03> {alignment = 64 : i64}
  memref.global "private" constant @__constant_8x1x1x128xf32 : memref<8x1x1x128xf32> = dense<7.812500e-03> {alignment = 64 : i64}
  memref.global "private" constant @__constant_8xf32 : memref<8xf32> = dense<[-1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1x1x8xf32 : memref<128x1x1x8xf32> = dense<1.250000e-01> {alignment = 64 : i64}
  memref.global "private" constant @__constant_640x1x1x128xf32 : memref<640x1x1x128xf32> = dense<7.812500e-03> {alignment = 64 : i64}
  memref.global "private" constant @__constant_640xf32 : memref<640xf32> = dense<"0xCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D"> {alignment = 64 : i64}
  func.func @main(%arg0: memref<1x640xf32> {peakmem.input = "input_1"}) -> memref<1x640xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 3.40282347E+38 : f32
    %0 = memref.get_global @__constant_640xf32 : memref<640xf32>
    %1 = memref.get_global @__constant_640x1x1x128xf32 : memref<640x1x1x128xf32>
    %2 = memref.get_global @__constant_128x1x1x8xf32 : memref<128x1x1x8xf32>
    %3 = memref.get_global @__constant_8xf32 : memref<8xf32>
    %4 = memref.get_global @__constant_8x1x1x128xf32 : memref<8x1x1x128xf32>
    %5 = memref.get_global @__constant_128x1x1x128xf32 : memref<128x1x1x128xf32>
    %6 = memref.get_global @__constant_128xf32 : memref<128xf32>
    %7 = memref.get_global @__constant_128x1x1x640xf32 : memref<128x1x1x640xf32>
    %expand_shape = memref.expand_shape %arg0 [[0, 1, 2], [3]] output_shape [1, 1, 1, 640] : memref<1x640xf32> into memref<1x1x1x640xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<128xf32>) outs(%alloc : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%expand_shape, %7 : memref<1x1x1x640xf32>, memref<128x1x1x640xf32>) outs(%alloc : memref<1x1x1x128xf32>)
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc : memref<1x1x1x128xf32>) outs(%alloc_1 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.minimumf %in, %cst_0 : f32
      %9 = arith.maximumf %8, %cst : f32
      linalg.yield %9 : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<128xf32>) outs(%alloc_2 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_1, %5 : memref<1x1x1x128xf32>, memref<128x1x1x128xf32>) outs(%alloc_2 : memref<1x1x1x128xf32>)
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_2 : memref<1x1x1x128xf32>) outs(%alloc_3 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.minimumf %in, %cst_0 : f32
      %9 = arith.maximumf %8, %cst : f32
      linalg.yield %9 : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<128xf32>) outs(%alloc_4 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_3, %5 : memref<1x1x1x128xf32>, memref<128x1x1x128xf32>) outs(%alloc_4 : memref<1x1x1x128xf32>)
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_4 : memref<1x1x1x128xf32>) outs(%alloc_5 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.minimumf %in, %cst_0 : f32
      %9 = arith.maximumf %8, %cst : f32
      linalg.yield %9 : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<128xf32>) outs(%alloc_6 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_5, %5 : memref<1x1x1x128xf32>, memref<128x1x1x128xf32>) outs(%alloc_6 : memref<1x1x1x128xf32>)
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_6 : memref<1x1x1x128xf32>) outs(%alloc_7 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.minimumf %in, %cst_0 : f32
      %9 = arith.maximumf %8, %cst : f32
      linalg.yield %9 : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x8xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : memref<8xf32>) outs(%alloc_8 : memref<1x1x1x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_7, %4 : memref<1x1x1x128xf32>, memref<8x1x1x128xf32>) outs(%alloc_8 : memref<1x1x1x8xf32>)
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_8 : memref<1x1x1x8xf32>) outs(%alloc_9 : memref<1x1x1x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.minimumf %in, %cst_0 : f32
      %9 = arith.maximumf %8, %cst : f32
      linalg.yield %9 : f32
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<128xf32>) outs(%alloc_10 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_9, %2 : memref<1x1x1x8xf32>, memref<128x1x1x8xf32>) outs(%alloc_10 : memref<1x1x1x128xf32>)
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_10 : memref<1x1x1x128xf32>) outs(%alloc_11 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.minimumf %in, %cst_0 : f32
      %9 = arith.maximumf %8, %cst : f32
      linalg.yield %9 : f32
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<128xf32>) outs(%alloc_12 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_11, %5 : memref<1x1x1x128xf32>, memref<128x1x1x128xf32>) outs(%alloc_12 : memref<1x1x1x128xf32>)
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_12 : memref<1x1x1x128xf32>) outs(%alloc_13 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.minimumf %in, %cst_0 : f32
      %9 = arith.maximumf %8, %cst : f32
      linalg.yield %9 : f32
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<128xf32>) outs(%alloc_14 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_13, %5 : memref<1x1x1x128xf32>, memref<128x1x1x128xf32>) outs(%alloc_14 : memref<1x1x1x128xf32>)
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_14 : memref<1x1x1x128xf32>) outs(%alloc_15 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.minimumf %in, %cst_0 : f32
      %9 = arith.maximumf %8, %cst : f32
      linalg.yield %9 : f32
    }
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<128xf32>) outs(%alloc_16 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_15, %5 : memref<1x1x1x128xf32>, memref<128x1x1x128xf32>) outs(%alloc_16 : memref<1x1x1x128xf32>)
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_16 : memref<1x1x1x128xf32>) outs(%alloc_17 : memref<1x1x1x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.minimumf %in, %cst_0 : f32
      %9 = arith.maximumf %8, %cst : f32
      linalg.yield %9 : f32
    }
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x640xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : memref<640xf32>) outs(%alloc_18 : memref<1x1x1x640xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_17, %1 : memref<1x1x1x128xf32>, memref<640x1x1x128xf32>) outs(%alloc_18 : memref<1x1x1x640xf32>)
    %collapse_shape = memref.collapse_shape %alloc_18 [[0, 1, 2], [3]] : memref<1x1x1x640xf32> into memref<1x640xf32>
    memref.dealloc %alloc : memref<1x1x1x128xf32>
    memref.dealloc %alloc_1 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_2 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_3 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_4 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_5 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_6 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_7 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_8 : memref<1x1x1x8xf32>
    memref.dealloc %alloc_9 : memref<1x1x1x8xf32>
    memref.dealloc %alloc_10 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_11 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_12 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_13 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_14 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_15 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_16 : memref<1x1x1x128xf32>
    memref.dealloc %alloc_17 : memref<1x1x1x128xf32>
    return %collapse_shape : memref<1x640xf32>
  }
}

