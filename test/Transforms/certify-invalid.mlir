// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-certify))' --split-input-file -verify-diagnostics | FileCheck %s
// What cannot be modeled cannot be certified: one remark, no attribute, the
// IR unchanged.

// CHECK-LABEL: func.func @tensor_ir
// CHECK-NOT: peakmem.
// CHECK: return
// expected-remark @below {{'tensor_ir' not modeled: function has tensor arguments or results}}
func.func @tensor_ir(%t: tensor<4xf32>) -> tensor<4xf32> {
  return %t : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_shape
// CHECK-NOT: peakmem.
// CHECK: return
func.func @dynamic_shape(%n: index) {
  // expected-remark @below {{'memref.alloc' allocates a buffer of dynamic or unknown size}}
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @unstructured
// CHECK-NOT: peakmem.
// CHECK: return
// expected-remark @below {{function body has unstructured control flow}}
func.func @unstructured(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  return
^b:
  return
}

// -----

// Declarations have nothing to certify and get no diagnostic.
// CHECK-LABEL: func.func private @declaration
// CHECK-NOT: peakmem.
func.func private @declaration(memref<4xf32>)
