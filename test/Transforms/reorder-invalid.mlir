// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder))' --split-input-file -verify-diagnostics | FileCheck %s
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{algorithm=magic}))' 2>&1 | FileCheck %s --check-prefix=OPTION
// Inputs the pass cannot reorder safely come out unchanged, with a remark.

// OPTION: unknown algorithm 'magic' (expected one of: auto, exact, lpmf, bfs, dfs, xla-list, xla-dfs, post-order)

// CHECK-LABEL: func.func @tensor_ir
// CHECK-NOT: peakmem.peak
// CHECK: tensor.empty
// CHECK-NEXT: tensor.empty
// expected-remark @below {{'tensor_ir' not modeled: function has tensor arguments or results}}
func.func @tensor_ir() -> (tensor<4xf32>, tensor<8xf32>) {
  %a = tensor.empty() : tensor<4xf32>
  %b = tensor.empty() : tensor<8xf32>
  return %a, %b : tensor<4xf32>, tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_shape
// CHECK-NOT: peakmem.peak
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT: memref.alloc() : memref<4xf32>
func.func @dynamic_shape(%n: index) {
  // expected-remark @below {{'memref.alloc' allocates a buffer of dynamic or unknown size}}
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @unstructured
// CHECK-NOT: peakmem.peak
// expected-remark @below {{function body has unstructured control flow}}
func.func @unstructured(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  return
^b:
  return
}
