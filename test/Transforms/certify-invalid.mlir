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

// -----

// Overflow: a 2^64-byte buffer wrapped to 0 bytes and certified "optimal".
// Refused: nothing is certified.
// CHECK-LABEL: func.func @size_wraps_to_zero
// CHECK-NOT: peakmem.
// CHECK: return
func.func @size_wraps_to_zero() {
  // expected-remark @below {{'memref.alloc' allocates a buffer whose size in bytes does not fit in 64 bits}}
  %a = memref.alloc() : memref<2305843009213693952xi64>
  memref.dealloc %a : memref<2305843009213693952xi64>
  return
}

// -----

// Two live 2^62-byte buffers: the peak, 2^63, does not fit in int64.
// CHECK-LABEL: func.func @two_buffers_of_2_62_bytes
// CHECK-NOT: peakmem.
// CHECK: return
// expected-remark @below {{'two_buffers_of_2_62_bytes' not modeled: 'func.func' totals more than 2^62 - 1 bytes of buffers and scratch (the limit of the memory model)}}
func.func @two_buffers_of_2_62_bytes() {
  %a = memref.alloc() : memref<576460752303423488xi64>
  %b = memref.alloc() : memref<576460752303423488xi64>
  memref.copy %a, %b : memref<576460752303423488xi64> to memref<576460752303423488xi64>
  memref.dealloc %a : memref<576460752303423488xi64>
  memref.dealloc %b : memref<576460752303423488xi64>
  return
}

// -----

// alignment = 2^62 adds 2^62 bytes to the request: over the limit.
// CHECK-LABEL: func.func @alignment_2_62
// CHECK-NOT: peakmem.
// CHECK: return
// expected-remark @below {{'func.func' totals more than 2^62 - 1 bytes of buffers and scratch}}
func.func @alignment_2_62() {
  %a = memref.alloc() {alignment = 4611686018427387904 : i64} : memref<3xf32>
  %b = memref.alloc() : memref<3xf32>
  memref.copy %a, %b : memref<3xf32> to memref<3xf32>
  memref.dealloc %a : memref<3xf32>
  memref.dealloc %b : memref<3xf32>
  return
}

// -----

// 2^63 MACs on memrefs the function does not allocate: only the MAC count
// is huge (it wrapped negative).
// CHECK-LABEL: func.func @huge_matmul_macs
// CHECK-NOT: peakmem.
// CHECK: return
// expected-remark @below {{'func.func' totals more than 2^62 - 1 multiply-accumulates or operations (the limit of the memory model)}}
func.func @huge_matmul_macs(%a: memref<2097152x2097152xf32>, %b: memref<2097152x2097152xf32>,
                            %c: memref<2097152x2097152xf32>) {
  linalg.matmul ins(%a, %b : memref<2097152x2097152xf32>, memref<2097152x2097152xf32>)
                outs(%c : memref<2097152x2097152xf32>)
  return
}

// -----

// An element type the lowering cannot size is refused, not certified.
// CHECK-LABEL: func.func @tf32_elements
// CHECK-NOT: peakmem.
// CHECK: return
func.func @tf32_elements() {
  // expected-remark @below {{'memref.alloc' allocates a buffer of element type 'tf32', which has no LLVM lowering}}
  %a = memref.alloc() : memref<4xtf32>
  memref.dealloc %a : memref<4xtf32>
  return
}
