#map = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d0, 0)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_300x1x1x784xi8 : memref<300x1x1x784xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_300xi32_2 : memref<300xi32> = dense<"0xC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF400C000073020000A6F8FFFFCD0900000000000033F6FFFF5A0700008DFDFFFFC0F3FFFFE60400001AFBFFFF"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_300xi32 : memref<300xi32> = dense<"0x9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42EB43637D1376F35B75500775755007759D82975389694F64FF5CAB6C278F3B4B9D82975389694F64B19BDF42"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_300xi8 : memref<300xi8> = dense<"0x292828282829282829282829282828282928282928282928282828292828292828292828282829282829282829282828282928282928282928282828292828292828292828282829282829282829282828282928282928282928282828292828292828292828282829282829282829282828282928282928282928282828292828292828292828282829282829282829282828282928282928282928282828292828292828292828282829282829282829282828282928282928282928282828292828292828292828282829282829282829282828282928282928282928282828292828292828292828282829282829282829282828282928282928282928282828292828292828292828282829282829282829282828282928282928282928282828292828292828292828"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_100x1x1x300xi8 : memref<100x1x1x300xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_100xi32_1 : memref<100xi32> = dense<[-1200, 480, -480, 1200, 240, -720, 960, 0, -960, 720, -240, -1200, 480, -480, 1200, 240, -720, 960, 0, -960, 720, -240, -1200, 480, -480, 1200, 240, -720, 960, 0, -960, 720, -240, -1200, 480, -480, 1200, 240, -720, 960, 0, -960, 720, -240, -1200, 480, -480, 1200, 240, -720, 960, 0, -960, 720, -240, -1200, 480, -480, 1200, 240, -720, 960, 0, -960, 720, -240, -1200, 480, -480, 1200, 240, -720, 960, 0, -960, 720, -240, -1200, 480, -480, 1200, 240, -720, 960, 0, -960, 720, -240, -1200, 480, -480, 1200, 240, -720, 960, 0, -960, 720, -240, -1200]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_100xi32 : memref<100xi32> = dense<[1832519380, 1099511628, 1466015504, 1374389535, 2015771318, 1282763566, 1282763566, 1832519380, 1099511628, 1191137597, 1649267442, 1832519380, 1099511628, 1466015504, 1374389535, 2015771318, 1282763566, 1282763566, 1832519380, 1099511628, 1191137597, 1649267442, 1832519380, 1099511628, 1466015504, 1374389535, 2015771318, 1282763566, 1282763566, 1832519380, 1099511628, 1191137597, 1649267442, 1832519380, 1099511628, 1466015504, 1374389535, 2015771318, 1282763566, 1282763566, 1832519380, 1099511628, 1191137597, 1649267442, 1832519380, 1099511628, 1466015504, 1374389535, 2015771318, 1282763566, 1282763566, 1832519380, 1099511628, 1191137597, 1649267442, 1832519380, 1099511628, 1466015504, 1374389535, 2015771318, 1282763566, 1282763566, 1832519380, 1099511628, 1191137597, 1649267442, 1832519380, 1099511628, 1466015504, 1374389535, 2015771318, 1282763566, 1282763566, 1832519380, 1099511628, 1191137597, 1649267442, 1832519380, 1099511628, 1466015504, 1374389535, 2015771318, 1282763566, 1282763566, 1832519380, 1099511628, 1191137597, 1649267442, 1832519380, 1099511628, 1466015504, 1374389535, 2015771318, 1282763566, 1282763566, 1832519380, 1099511628, 1191137597, 1649267442, 1832519380]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_100xi8 : memref<100xi8> = dense<[40, 38, 39, 38, 39, 39, 38, 39, 39, 38, 39, 40, 38, 39, 38, 39, 39, 38, 39, 39, 38, 39, 40, 38, 39, 38, 39, 39, 38, 39, 39, 38, 39, 40, 38, 39, 38, 39, 39, 38, 39, 39, 38, 39, 40, 38, 39, 38, 39, 39, 38, 39, 39, 38, 39, 40, 38, 39, 38, 39, 39, 38, 39, 39, 38, 39, 40, 38, 39, 38, 39, 39, 38, 39, 39, 38, 39, 40, 38, 39, 38, 39, 39, 38, 39, 39, 38, 39, 40, 38, 39, 38, 39, 39, 38, 39, 39, 38, 39, 40]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_10x1x1x100xi8 : memref<10x1x1x100xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_10xi32_0 : memref<10xi32> = dense<[-400, 160, -160, 400, 80, -240, 320, 0, -320, 240]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_10xi32 : memref<10xi32> = dense<[1374389535, 1649267442, 1099511628, 2061584302, 1511828488, 1924145349, 1924145349, 1374389535, 1649267442, 1786706395]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_10xi8 : memref<10xi8> = dense<[38, 37, 37, 37, 37, 38, 37, 37, 38, 37]> {alignment = 64 : i64}
  func.func @main(%arg0: memref<1x28x28x1xf32> {peakmem.input = "input_0_f.1"}) -> memref<1x10xf32> {
    %cst = arith.constant 255.124588 : f32
    %cst_0 = arith.constant -1.280000e+02 : f32
    %cst_1 = arith.constant 1.270000e+02 : f32
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c31_i32 = arith.constant 31 : i32
    %c1073741824_i64 = arith.constant 1073741824 : i64
    %c-1073741824_i64 = arith.constant -1073741824 : i64
    %c-128_i32 = arith.constant -128 : i32
    %c127_i32 = arith.constant 127 : i32
    %c0_i8 = arith.constant 0 : i8
    %cst_2 = arith.constant 0.502116442 : f32
    %cst_3 = arith.constant 0.000000e+00 : f32
    %cst_4 = arith.constant -3.40282347E+38 : f32
    %0 = memref.get_global @__constant_10xi8 : memref<10xi8>
    %1 = memref.get_global @__constant_10xi32 : memref<10xi32>
    %2 = memref.get_global @__constant_10xi32_0 : memref<10xi32>
    %3 = memref.get_global @__constant_10x1x1x100xi8 : memref<10x1x1x100xi8>
    %4 = memref.get_global @__constant_100xi8 : memref<100xi8>
    %5 = memref.get_global @__constant_100xi32 : memref<100xi32>
    %6 = memref.get_global @__constant_100xi32_1 : memref<100xi32>
    %7 = memref.get_global @__constant_100x1x1x300xi8 : memref<100x1x1x300xi8>
    %8 = memref.get_global @__constant_300xi8 : memref<300xi8>
    %9 = memref.get_global @__constant_300xi32 : memref<300xi32>
    %10 = memref.get_global @__constant_300xi32_2 : memref<300xi32>
    %11 = memref.get_global @__constant_300x1x1x784xi8 : memref<300x1x1x784xi8>
    %expand_shape = memref.expand_shape %arg0 [[0, 1, 2], [3], [4], [5]] output_shape [1, 1, 1, 28, 28, 1] : memref<1x28x28x1xf32> into memref<1x1x1x28x28x1xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x28x28x1xi8>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%expand_shape : memref<1x1x1x28x28x1xf32>) outs(%alloc : memref<1x1x1x28x28x1xi8>) {
    ^bb0(%in: f32, %out: i8):
      %12 = arith.mulf %in, %cst : f32
      %13 = arith.minimumf %12, %cst_1 : f32
      %14 = arith.maximumf %13, %cst_0 : f32
      %15 = math.roundeven %14 : f32
      %16 = arith.minimumf %15, %cst_1 : f32
      %17 = arith.maximumf %16, %cst_0 : f32
      %18 = arith.fptosi %17 : f32 to i8
      linalg.yield %18 : i8
    }
    %collapse_shape = memref.collapse_shape %alloc [[0], [1], [2], [3, 4, 5]] : memref<1x1x1x28x28x1xi8> into memref<1x1x1x784xi8>
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x300xi32>
    linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : memref<300xi32>) outs(%alloc_5 : memref<1x1x1x300xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape, %11 : memref<1x1x1x784xi8>, memref<300x1x1x784xi8>) outs(%alloc_5 : memref<1x1x1x300xi32>)
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x300xi8>
    linalg.generic {indexing_maps = [#map2, #map1, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_5, %9, %8 : memref<1x1x1x300xi32>, memref<300xi32>, memref<300xi8>) outs(%alloc_6 : memref<1x1x1x300xi8>) {
    ^bb0(%in: i32, %in_20: i32, %in_21: i8, %out: i8):
      %12 = arith.extui %in_21 : i8 to i32
      %13 = arith.extsi %in : i32 to i64
      %14 = arith.extsi %in_20 : i32 to i64
      %15 = arith.muli %13, %14 : i64
      %16 = arith.extui %in_21 : i8 to i64
      %17 = arith.shli %c1_i64, %16 : i64
      %18 = arith.shrui %17, %c1_i64 : i64
      %19 = arith.addi %15, %18 : i64
      %20 = arith.cmpi sge, %in, %c0_i32 : i32
      %21 = arith.select %20, %c1073741824_i64, %c-1073741824_i64 : i64
      %22 = arith.addi %21, %19 : i64
      %23 = arith.cmpi sgt, %12, %c31_i32 : i32
      %24 = arith.select %23, %22, %19 : i64
      %25 = arith.shrsi %24, %16 : i64
      %26 = arith.trunci %25 : i64 to i32
      %27 = arith.maxsi %26, %c-128_i32 : i32
      %28 = arith.minsi %27, %c127_i32 : i32
      %29 = arith.trunci %28 : i32 to i8
      %30 = arith.maxsi %29, %c0_i8 : i8
      linalg.yield %30 : i8
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x100xi32>
    linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<100xi32>) outs(%alloc_7 : memref<1x1x1x100xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_6, %7 : memref<1x1x1x300xi8>, memref<100x1x1x300xi8>) outs(%alloc_7 : memref<1x1x1x100xi32>)
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x100xi8>
    linalg.generic {indexing_maps = [#map2, #map1, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_7, %5, %4 : memref<1x1x1x100xi32>, memref<100xi32>, memref<100xi8>) outs(%alloc_8 : memref<1x1x1x100xi8>) {
    ^bb0(%in: i32, %in_20: i32, %in_21: i8, %out: i8):
      %12 = arith.extui %in_21 : i8 to i32
      %13 = arith.extsi %in : i32 to i64
      %14 = arith.extsi %in_20 : i32 to i64
      %15 = arith.muli %13, %14 : i64
      %16 = arith.extui %in_21 : i8 to i64
      %17 = arith.shli %c1_i64, %16 : i64
      %18 = arith.shrui %17, %c1_i64 : i64
      %19 = arith.addi %15, %18 : i64
      %20 = arith.cmpi sge, %in, %c0_i32 : i32
      %21 = arith.select %20, %c1073741824_i64, %c-1073741824_i64 : i64
      %22 = arith.addi %21, %19 : i64
      %23 = arith.cmpi sgt, %12, %c31_i32 : i32
      %24 = arith.select %23, %22, %19 : i64
      %25 = arith.shrsi %24, %16 : i64
      %26 = arith.trunci %25 : i64 to i32
      %27 = arith.maxsi %26, %c-128_i32 : i32
      %28 = arith.minsi %27, %c127_i32 : i32
      %29 = arith.trunci %28 : i32 to i8
      %30 = arith.maxsi %29, %c0_i8 : i8
      linalg.yield %30 : i8
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x10xi32>
    linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : memref<10xi32>) outs(%alloc_9 : memref<1x1x1x10xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_8, %3 : memref<1x1x1x100xi8>, memref<10x1x1x100xi8>) outs(%alloc_9 : memref<1x1x1x10xi32>)
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x10xf32>
    linalg.generic {indexing_maps = [#map2, #map1, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_9, %1, %0 : memref<1x1x1x10xi32>, memref<10xi32>, memref<10xi8>) outs(%alloc_10 : memref<1x1x1x10xf32>) {
    ^bb0(%in: i32, %in_20: i32, %in_21: i8, %out: f32):
      %12 = arith.extui %in_21 : i8 to i32
      %13 = arith.extsi %in : i32 to i64
      %14 = arith.extsi %in_20 : i32 to i64
      %15 = arith.muli %13, %14 : i64
      %16 = arith.extui %in_21 : i8 to i64
      %17 = arith.shli %c1_i64, %16 : i64
      %18 = arith.shrui %17, %c1_i64 : i64
      %19 = arith.addi %15, %18 : i64
      %20 = arith.cmpi sge, %in, %c0_i32 : i32
      %21 = arith.select %20, %c1073741824_i64, %c-1073741824_i64 : i64
      %22 = arith.addi %21, %19 : i64
      %23 = arith.cmpi sgt, %12, %c31_i32 : i32
      %24 = arith.select %23, %22, %19 : i64
      %25 = arith.shrsi %24, %16 : i64
      %26 = arith.trunci %25 : i64 to i32
      %27 = arith.maxsi %26, %c-128_i32 : i32
      %28 = arith.minsi %27, %c127_i32 : i32
      %29 = arith.trunci %28 : i32 to i8
      %30 = arith.sitofp %29 : i8 to f32
      %31 = arith.mulf %30, %cst_2 : f32
      linalg.yield %31 : f32
    }
    %collapse_shape_11 = memref.collapse_shape %alloc_10 [[0, 1, 2], [3]] : memref<1x1x1x10xf32> into memref<1x10xf32>
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
    %expand_shape_13 = memref.expand_shape %alloc_12 [[0, 1, 2]] output_shape [1, 1, 1] : memref<1xf32> into memref<1x1x1xf32>
    linalg.fill ins(%cst_4 : f32) outs(%expand_shape_13 : memref<1x1x1xf32>)
    linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%alloc_10 : memref<1x1x1x10xf32>) outs(%expand_shape_13 : memref<1x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.maximumf %in, %out : f32
      linalg.yield %12 : f32
    }
    %expand_shape_14 = memref.expand_shape %alloc_12 [[0, 1]] output_shape [1, 1] : memref<1xf32> into memref<1x1xf32>
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<1x10xf32>
    linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapse_shape_11, %expand_shape_14 : memref<1x10xf32>, memref<1x1xf32>) outs(%alloc_15 : memref<1x10xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %12 = arith.subf %in, %in_20 : f32
      linalg.yield %12 : f32
    }
    %expand_shape_16 = memref.expand_shape %alloc_15 [[0, 1], [2]] output_shape [1, 1, 10] : memref<1x10xf32> into memref<1x1x10xf32>
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
    %expand_shape_18 = memref.expand_shape %alloc_17 [[0, 1]] output_shape [1, 1] : memref<1xf32> into memref<1x1xf32>
    linalg.fill ins(%cst_3 : f32) outs(%expand_shape_18 : memref<1x1xf32>)
    linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expand_shape_16 : memref<1x1x10xf32>) outs(%expand_shape_18 : memref<1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = math.exp %in : f32
      %13 = arith.addf %12, %out : f32
      linalg.yield %13 : f32
    }
    %alloc_19 = memref.alloc() {alignment = 64 : i64} : memref<1x10xf32>
    linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%alloc_15, %expand_shape_18 : memref<1x10xf32>, memref<1x1xf32>) outs(%alloc_19 : memref<1x10xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %12 = math.log %in_20 : f32
      %13 = arith.subf %in, %12 : f32
      linalg.yield %13 : f32
    }
    memref.dealloc %alloc : memref<1x1x1x28x28x1xi8>
    memref.dealloc %alloc_5 : memref<1x1x1x300xi32>
    memref.dealloc %alloc_6 : memref<1x1x1x300xi8>
    memref.dealloc %alloc_7 : memref<1x1x1x100xi32>
    memref.dealloc %alloc_8 : memref<1x1x1x100xi8>
    memref.dealloc %alloc_9 : memref<1x1x1x10xi32>
    memref.dealloc %alloc_10 : memref<1x1x1x10xf32>
    memref.dealloc %alloc_12 : memref<1xf32>
    memref.dealloc %alloc_15 : memref<1x10xf32>
    memref.dealloc %alloc_17 : memref<1xf32>
    return %alloc_19 : memref<1x10xf32>
  }
}

