// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' --split-input-file | FileCheck %s

// peakmem.macs counts the multiply-accumulates of ops that multiply and
// accumulate (a reduction loop whose payload yields an add fed by a
// multiplication), one per point of the iteration domain; peakmem.ops counts
// every point of every structured op (docs/Model.md).

// A matmul: m = 4, n = 8, k = 16.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: peakmem.macs = 512 : i64, peakmem.ops = 512 : i64
func.func @matmul(%a: memref<4x16xf32>, %b: memref<16x8xf32>, %c: memref<4x8xf32>) {
  linalg.matmul ins(%a, %b : memref<4x16xf32>, memref<16x8xf32>) outs(%c : memref<4x8xf32>)
  return
}

// -----

// 1 x 4 x 4 outputs x 4 filters x (3 x 3 x 3) window: 1,728.
// CHECK-LABEL: func.func @conv
// CHECK-SAME: peakmem.macs = 1728 : i64, peakmem.ops = 1728 : i64
func.func @conv(%in: memref<1x6x6x3xf32>, %f: memref<3x3x3x4xf32>, %o: memref<1x4x4x4xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%in, %f : memref<1x6x6x3xf32>, memref<3x3x3x4xf32>) outs(%o : memref<1x4x4x4xf32>)
  return
}

// -----

// Quantized: the payload extends, subtracts the zero points, multiplies and
// adds; the same 1,728.
// CHECK-LABEL: func.func @conv_quantized
// CHECK-SAME: peakmem.macs = 1728 : i64, peakmem.ops = 1728 : i64
func.func @conv_quantized(%in: memref<1x6x6x3xi8>, %f: memref<3x3x3x4xi8>, %o: memref<1x4x4x4xi32>) {
  %zi = arith.constant -128 : i32
  %zf = arith.constant 0 : i32
  linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%in, %f, %zi, %zf : memref<1x6x6x3xi8>, memref<3x3x3x4xi8>, i32, i32) outs(%o : memref<1x4x4x4xi32>)
  return
}

// -----

// Depthwise: 1 x 4 x 4 x 3 channels x (3 x 3) window: 432.
// CHECK-LABEL: func.func @depthwise
// CHECK-SAME: peakmem.macs = 432 : i64, peakmem.ops = 432 : i64
func.func @depthwise(%in: memref<1x6x6x3xf32>, %f: memref<3x3x3xf32>, %o: memref<1x4x4x3xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%in, %f : memref<1x6x6x3xf32>, memref<3x3x3xf32>) outs(%o : memref<1x4x4x3xf32>)
  return
}

// -----

// Pooling adds or compares, it does not multiply: 0 MACs, 432 operations
// each.
// CHECK-LABEL: func.func @pooling
// CHECK-SAME: peakmem.macs = 0 : i64, peakmem.ops = 864 : i64
func.func @pooling(%in: memref<1x6x6x3xf32>, %w: memref<3x3xf32>, %o: memref<1x4x4x3xf32>, %p: memref<1x4x4x3xf32>) {
  linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%in, %w : memref<1x6x6x3xf32>, memref<3x3xf32>) outs(%o : memref<1x4x4x3xf32>)
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%in, %w : memref<1x6x6x3xf32>, memref<3x3xf32>) outs(%p : memref<1x4x4x3xf32>)
  return
}

// -----

// Two generics over 64 x 16: a sum (0 MACs) and a dot product written as a
// generic (1,024 MACs); an elementwise add and a fill (0 MACs, 64 each).
// CHECK-LABEL: func.func @generics
// CHECK-SAME: peakmem.macs = 1024 : i64, peakmem.ops = 2176 : i64
func.func @generics(%a: memref<64x16xf32>, %v: memref<16xf32>, %s: memref<64xf32>, %d: memref<64xf32>, %e: memref<64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<64x16xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.addf %acc, %x : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a, %v : memref<64x16xf32>, memref<16xf32>) outs(%d : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  }
  linalg.add ins(%s, %d : memref<64xf32>, memref<64xf32>) outs(%e : memref<64xf32>)
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%s : memref<64xf32>)
  return
}

// -----

// A multiplication that is not accumulated (elementwise, no reduction loop)
// is not a MAC; a matmul in a loop of 3 counts 3 times.
// CHECK-LABEL: func.func @loop
// CHECK-SAME: peakmem.macs = 1536 : i64, peakmem.ops = 1600 : i64
func.func @loop(%a: memref<4x16xf32>, %b: memref<16x8xf32>, %c: memref<4x8xf32>, %x: memref<64xf32>, %y: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    linalg.matmul ins(%a, %b : memref<4x16xf32>, memref<16x8xf32>) outs(%c : memref<4x8xf32>)
  }
  linalg.mul ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>)
  return
}
