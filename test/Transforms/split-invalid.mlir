// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-split{tiles=3})' 2>&1 | FileCheck %s --check-prefix=TILES
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-split{tiles=0x2})' 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-split{max-mac-overhead=1.5})' 2>&1 | FileCheck %s --check-prefix=FRACTION
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-split{max-evaluations=0})' 2>&1 | FileCheck %s --check-prefix=EVALUATIONS
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-split{bufferize=no-such-pass})' 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-split)' --split-input-file -verify-diagnostics | FileCheck %s

// Options are checked before any IR is touched.
// TILES: peakmem-split: tiles='3' is not RxC with 1 <= R, C <= 4096
// ZERO: peakmem-split: tiles='0x2' is not RxC with 1 <= R, C <= 4096
// FRACTION: peakmem-split: max-mac-overhead must be in [0, 1], got 1.5
// EVALUATIONS: peakmem-split: max-evaluations=0: at least one candidate must be measured
// PIPELINE: peakmem-split: bufferize='no-such-pass' is not a pass pipeline: {{.*}}no-such-pass

// Every refusal below leaves the function exactly as it was, with the
// reason in its record.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: peakmem.split = {reason = "not modeled: a tensor of dynamic or unknown size"}
// CHECK-LABEL: func.func @payload_effects
// CHECK-SAME: peakmem.split = {reason = "the peak is at 'linalg.generic', which cannot be split: its payload has memory effects"}
// CHECK-LABEL: func.func @position_dependent_pad
// CHECK-SAME: peakmem.split = {reason = "the peak is at 'tensor.pad', which cannot be split: its padding value is computed per element"}
// CHECK-LABEL: func.func @reduction_rows
// CHECK-SAME: peakmem.split = {reason = "no stage around the peak can be split: 'linalg.generic' would have its reduction loop d1 cut"}
// CHECK-LABEL: func.func @single_op
// CHECK-SAME: peakmem.split = {reason = "no stage around the peak can be split"}
// CHECK-LABEL: func.func @reversed_read
// CHECK-SAME: peakmem.split = {reason = "the peak is at 'linalg.generic', which cannot be split: an indexing map is not a non-negative combination of loops"}
// CHECK-LABEL: func.func @negative_pad
// CHECK-SAME: peakmem.split = {reason = "the peak is at 'tensor.pad', which cannot be split: its padding amounts are not constant and non-negative"}
// CHECK-NOT: tensor.insert_slice

// Dynamic shapes: no static tiles (the tensor model refuses the body).
// expected-remark @+1 {{peakmem-split: 'dynamic' unchanged: not modeled: a tensor of dynamic or unknown size}}
func.func @dynamic(%x: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %y = linalg.exp ins(%x : tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %y : tensor<?x16xf32>
}

// -----

// The peak is at an op whose payload calls a function (unknown effects):
// running it once more per halo element would repeat them.
func.func private @log_value(f32) -> f32
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// expected-remark @+1 {{peakmem-split: 'payload_effects' unchanged: the peak is at 'linalg.generic', which cannot be split: its payload has memory effects}}
func.func @payload_effects(%x: tensor<1x16x16x4xf32>) -> tensor<1x16x16x2xf32> {
  %zero = arith.constant 0.0 : f32
  %w1 = arith.constant dense<0.5> : tensor<8x3x3x4xf32>
  %w2 = arith.constant dense<0.5> : tensor<2x1x1x8xf32>
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x16x16x4xf32> to tensor<1x18x18x4xf32>
  %e1 = tensor.empty() : tensor<1x16x16x8xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %a = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w1 : tensor<1x18x18x4xf32>, tensor<8x3x3x4xf32>) outs(%f1 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %e2 = tensor.empty() : tensor<1x16x16x8xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a : tensor<1x16x16x8xf32>) outs(%e2 : tensor<1x16x16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = func.call @log_value(%in) : (f32) -> f32
    linalg.yield %m : f32
  } -> tensor<1x16x16x8xf32>
  %e3 = tensor.empty() : tensor<1x16x16x2xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x16x16x2xf32>) -> tensor<1x16x16x2xf32>
  %c = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%b, %w2 : tensor<1x16x16x8xf32>, tensor<2x1x1x8xf32>) outs(%f3 : tensor<1x16x16x2xf32>) -> tensor<1x16x16x2xf32>
  return %c : tensor<1x16x16x2xf32>
}

// -----

// The peak is at a pad whose padding value depends on the position (its
// region reads the indices): a tile's pad would see other indices.
// expected-remark @+1 {{peakmem-split: 'position_dependent_pad' unchanged: the peak is at 'tensor.pad', which cannot be split: its padding value is computed per element}}
func.func @position_dependent_pad(%x: tensor<1x16x16x8xf32>) -> tensor<1x8x8x2xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.5> : tensor<2x3x3x8xf32>
  %e0 = tensor.empty() : tensor<1x16x16x8xf32>
  %y = linalg.exp ins(%x : tensor<1x16x16x8xf32>) outs(%e0 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %p = tensor.pad %y low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    %i = arith.index_cast %b : index to i32
    %f = arith.sitofp %i : i32 to f32
    tensor.yield %f : f32
  } : tensor<1x16x16x8xf32> to tensor<1x18x18x8xf32>
  %e = tensor.empty() : tensor<1x8x8x2xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x2xf32>) -> tensor<1x8x8x2xf32>
  %c = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%p, %w : tensor<1x18x18x8xf32>, tensor<2x3x3x8xf32>) outs(%f1 : tensor<1x8x8x2xf32>) -> tensor<1x8x8x2xf32>
  return %c : tensor<1x8x8x2xf32>
}

// -----

// A generic whose result's row dimension is a reduction loop: cutting the
// rows would cut a reduction, which is never done.
#rows = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// expected-remark @+1 {{peakmem-split: 'reduction_rows' unchanged: no stage around the peak can be split: 'linalg.generic' would have its reduction loop d1 cut}}
func.func @reduction_rows(%x: tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32> {
  %e1 = tensor.empty() : tensor<1x16x16x8xf32>
  %a = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x16x16x8xf32>) outs(%e1 : tensor<1x16x16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<1x16x16x8xf32>
  %e2 = tensor.empty() : tensor<1x16x16x8xf32>
  %b = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "reduction", "parallel", "parallel"]} ins(%a : tensor<1x16x16x8xf32>) outs(%e2 : tensor<1x16x16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<1x16x16x8xf32>
  return %b : tensor<1x16x16x8xf32>
}

// -----

// The peak is one op on the function's argument, returned: a stage needs an
// intermediate tensor to shrink.
// expected-remark @+1 {{peakmem-split: 'single_op' unchanged: no stage around the peak can be split}}
func.func @single_op(%x: tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32> {
  %e = tensor.empty() : tensor<1x16x16x8xf32>
  %y = linalg.exp ins(%x : tensor<1x16x16x8xf32>) outs(%e : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  return %y : tensor<1x16x16x8xf32>
}

// -----

// The peak is at a generic that reads its input reversed along W: a tile's
// slice of the input is not the box between the images of the tile's
// corners, so upstream's slices would be wrong; it is refused.
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#flip = affine_map<(d0, d1, d2, d3) -> (d0, d1, 15 - d2, d3)>
// expected-remark @+1 {{peakmem-split: 'reversed_read' unchanged: the peak is at 'linalg.generic', which cannot be split: an indexing map is not a non-negative combination of loops}}
func.func @reversed_read(%x: tensor<1x16x16x4xf32>) -> tensor<1x16x16x2xf32> {
  %zero = arith.constant 0.0 : f32
  %w1 = arith.constant dense<0.5> : tensor<8x3x3x4xf32>
  %w2 = arith.constant dense<0.5> : tensor<2x1x1x8xf32>
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x16x16x4xf32> to tensor<1x18x18x4xf32>
  %e1 = tensor.empty() : tensor<1x16x16x8xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %a = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w1 : tensor<1x18x18x4xf32>, tensor<8x3x3x4xf32>) outs(%f1 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %e2 = tensor.empty() : tensor<1x16x16x8xf32>
  %b = linalg.generic {indexing_maps = [#flip, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a : tensor<1x16x16x8xf32>) outs(%e2 : tensor<1x16x16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x16x16x8xf32>
  %e3 = tensor.empty() : tensor<1x16x16x2xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x16x16x2xf32>) -> tensor<1x16x16x2xf32>
  %c = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%b, %w2 : tensor<1x16x16x8xf32>, tensor<2x1x1x8xf32>) outs(%f3 : tensor<1x16x16x2xf32>) -> tensor<1x16x16x2xf32>
  return %c : tensor<1x16x16x2xf32>
}

// -----

// The peak is at a pad with a negative amount (it crops): a tile's pad
// would need a crop of its own, which is not built; it is refused.
// expected-remark @+1 {{peakmem-split: 'negative_pad' unchanged: the peak is at 'tensor.pad', which cannot be split: its padding amounts are not constant and non-negative}}
func.func @negative_pad(%x: tensor<1x16x16x8xf32>) -> tensor<1x8x8x2xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.5> : tensor<2x3x3x8xf32>
  %e0 = tensor.empty() : tensor<1x16x16x8xf32>
  %y = linalg.exp ins(%x : tensor<1x16x16x8xf32>) outs(%e0 : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %p = tensor.pad %y low[0, -1, 1, 0] high[0, 2, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x16x16x8xf32> to tensor<1x17x18x8xf32>
  %e = tensor.empty() : tensor<1x8x8x2xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x2xf32>) -> tensor<1x8x8x2xf32>
  %c = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%p, %w : tensor<1x17x18x8xf32>, tensor<2x3x3x8xf32>) outs(%f1 : tensor<1x8x8x2xf32>) -> tensor<1x8x8x2xf32>
  return %c : tensor<1x8x8x2xf32>
}
