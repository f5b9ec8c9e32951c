// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report))' --split-input-file -verify-diagnostics | FileCheck %s
// Every input the model cannot describe exactly gets one remark saying why,
// and the function is left exactly as it was (no peakmem.peak attribute).

// CHECK-LABEL: func.func @tensor_ir
// CHECK-NOT: peakmem.peak
// expected-remark @below {{peakmem: 'tensor_ir' not modeled: function has tensor arguments or results}}
func.func @tensor_ir(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @tensor_op_in_body
// CHECK-NOT: peakmem.peak
func.func @tensor_op_in_body(%m: memref<4xf32>) {
  // expected-remark @below {{'tensor_op_in_body' not modeled: 'tensor.empty' operates on tensors}}
  %t = tensor.empty() : tensor<4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @dynamic_shape
// CHECK-NOT: peakmem.peak
func.func @dynamic_shape(%n: index) {
  // expected-remark @below {{'memref.alloc' allocates a buffer of dynamic or unknown size}}
  %a = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
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

// -----

// CHECK-LABEL: func.func @conditional_free
// CHECK-NOT: peakmem.peak
func.func @conditional_free(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  // expected-remark @below {{'scf.if' frees a buffer inside a nested region (conditional ownership)}}
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @nested_allocation_escapes
// CHECK-NOT: peakmem.peak
func.func @nested_allocation_escapes(%c: i1) -> memref<4xf32> {
  %r = scf.if %c -> memref<4xf32> {
    // expected-remark @below {{'memref.alloc' allocation in a nested region is not freed in that region}}
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----

// CHECK-LABEL: func.func @double_free
// CHECK-NOT: peakmem.peak
func.func @double_free() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  // expected-remark @below {{'memref.dealloc' frees a buffer that is already freed}}
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @call_returns_memref
// CHECK-NOT: peakmem.peak
func.func private @make() -> memref<4xf32>
func.func @call_returns_memref() {
  // expected-remark @below {{'func.call' returns a memref from a call: allocations made by the callee are not modeled (inline first)}}
  %m = func.call @make() : () -> memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return
}
// CHECK: return

// -----

// The callee itself is modeled; the caller is not.
// CHECK-LABEL: func.func private @helper
// CHECK-SAME: peakmem.peak = 4096 : i64
// CHECK-LABEL: func.func @call_with_body
// CHECK-NOT: peakmem.peak
func.func private @helper(%m: memref<4xf32>) {
  // expected-remark @below {{peakmem: peak of 4096 bytes in 'helper' reached here}}
  %t = memref.alloc() : memref<1024xf32>
  memref.dealloc %t : memref<1024xf32>
  return
}
func.func @call_with_body(%m: memref<4xf32>) {
  // expected-remark @below {{'func.call' calls a function with a body: its allocations are not modeled (inline first)}}
  func.call @helper(%m) : (memref<4xf32>) -> ()
  return
}
