// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder-tensors{padding=9223372036854775807}))' 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder-tensors{padding=-1}))' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder-tensors{max-work=-5}))' 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder-tensors{padding=4294967296}))' --split-input-file -verify-diagnostics | FileCheck %s

// Options are checked before any IR is touched; the error shows the value.
// HUGE: peakmem-reorder-tensors: padding must be in [0, 4294967296] bytes, got 9223372036854775807
// NEGATIVE: peakmem-reorder-tensors: padding must be in [0, 4294967296] bytes, got -1
// BUDGET: for the --max-work option: '-5' value invalid for ulong argument!

// A tensor whose bytes overflow 64 bits (2^62 f32 elements; the product
// wrapped to 0 bytes before): refused with a remark, nothing moves, no
// prediction.
// CHECK-LABEL: func.func @element_bytes_overflow
// CHECK-NOT: peakmem.predicted_peak
func.func @element_bytes_overflow(%x: tensor<4611686018427387904xf32>) -> tensor<4611686018427387904xf32> {
  // expected-remark @below {{peakmem-reorder-tensors: 'element_bytes_overflow' not modeled: a tensor of type 'tensor<4611686018427387904xf32>' plus padding 4294967296 bytes does not fit the model's byte counts (below 2^62)}}
  %0 = arith.addf %x, %x : tensor<4611686018427387904xf32>
  return %0 : tensor<4611686018427387904xf32>
}

// -----

// Each tensor fits (2^60 bytes plus padding) but four of them add up to more
// than 2^62: refused with a remark rather than overflowing the peak.
// CHECK-LABEL: func.func @total_bytes_overflow
// CHECK-NOT: peakmem.predicted_peak
func.func @total_bytes_overflow(%x: tensor<1152921504606846976xi8>) -> tensor<1152921504606846976xi8> {
  %0 = arith.addi %x, %x : tensor<1152921504606846976xi8>
  %1 = arith.addi %0, %x : tensor<1152921504606846976xi8>
  %2 = arith.addi %1, %x : tensor<1152921504606846976xi8>
  // expected-remark @below {{peakmem-reorder-tensors: 'total_bytes_overflow' not modeled: the tensors of the function add up to more bytes than the model's byte counts hold (below 2^62)}}
  %3 = arith.addi %2, %x : tensor<1152921504606846976xi8>
  return %3 : tensor<1152921504606846976xi8>
}
