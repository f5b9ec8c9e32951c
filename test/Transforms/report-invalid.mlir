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

// The callee itself is modeled; the caller is not under func.func(...),
// where a callee may be rewritten concurrently (test/Transforms/calls.mlir
// models calls with the pass on the module).
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
  // expected-remark @below {{'func.call' calls 'helper', a function with a body outside the 'func.func' the pass runs on}}
  func.call @helper(%m) : (memref<4xf32>) -> ()
  return
}

// -----

// Element types the heap lowering does not size or the model does not track:
// refused, never guessed. tf32 has no LLVM lowering (the alloc stays).
// CHECK-LABEL: func.func @tf32_elements
// CHECK-NOT: peakmem.peak
func.func @tf32_elements() {
  // expected-remark @below {{'memref.alloc' allocates a buffer of element type 'tf32', which has no LLVM lowering}}
  %a = memref.alloc() : memref<4xtf32>
  memref.dealloc %a : memref<4xtf32>
  return
}

// -----

// A scalable vector has no static size.
// CHECK-LABEL: func.func @scalable_vector_elements
// CHECK-NOT: peakmem.peak
func.func @scalable_vector_elements() {
  // expected-remark @below {{allocates a buffer of element type 'vector<[4]xf32>', a scalable vector of no static size}}
  %a = memref.alloc() : memref<4xvector<[4]xf32>>
  memref.dealloc %a : memref<4xvector<[4]xf32>>
  return
}

// -----

// A data layout specification changes what the lowering requests (here
// index would be 4 bytes): the model sizes by LLVM's default layout only.
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  // CHECK-LABEL: func.func @under_dl_spec
  // CHECK-NOT: peakmem.peak
  func.func @under_dl_spec() {
    // expected-remark @below {{allocates a buffer under a data layout specification ('dlti.dl_spec' on 'builtin.module'): the model sizes types by LLVM's default data layout}}
    %a = memref.alloc() : memref<4xindex>
    memref.dealloc %a : memref<4xindex>
    return
  }
}

// -----

// Same for an LLVM data layout string (i65 would take 16 bytes, not 12).
module attributes {llvm.data_layout = "e-i64:64-i128:128"} {
  // CHECK-LABEL: func.func @under_llvm_data_layout
  // CHECK-NOT: peakmem.peak
  func.func @under_llvm_data_layout() {
    // expected-remark @below {{allocates a buffer under a data layout specification ('llvm.data_layout' on 'builtin.module')}}
    %a = memref.alloc() : memref<4xi65>
    memref.dealloc %a : memref<4xi65>
    return
  }
}

// -----

// finalize-memref-to-llvm does not lower an alloc with a non-identity layout.
// CHECK-LABEL: func.func @strided_alloc
// CHECK-NOT: peakmem.peak
func.func @strided_alloc() {
  // expected-remark @below {{'memref.alloc' allocates a buffer with a non-identity layout, which finalize-memref-to-llvm does not lower}}
  %a = memref.alloc() : memref<4xf32, strided<[2]>>
  memref.dealloc %a : memref<4xf32, strided<[2]>>
  return
}

// -----

// A realloc that does not grow allocates nothing (expand-realloc reuses the
// old buffer): not a fresh buffer.
// CHECK-LABEL: func.func @shrinking_realloc
// CHECK-NOT: peakmem.peak
func.func @shrinking_realloc() {
  %a = memref.alloc() : memref<5xf32>
  // expected-remark @below {{'memref.realloc' allocates a buffer no larger than the one it reallocates (expand-realloc then reuses the old buffer)}}
  %r = memref.realloc %a : memref<5xf32> to memref<5xf32>
  memref.dealloc %r : memref<5xf32>
  return
}

// -----

// 2^61 x 8 = 2^64 bytes: the lowering's i64 arithmetic wraps to a 0-byte
// request. Refused, not modeled as 0 bytes.
// CHECK-LABEL: func.func @size_wraps_to_zero
// CHECK-NOT: peakmem.peak
func.func @size_wraps_to_zero() {
  // expected-remark @below {{'memref.alloc' allocates a buffer whose size in bytes does not fit in 64 bits}}
  %a = memref.alloc() : memref<2305843009213693952xi64>
  memref.dealloc %a : memref<2305843009213693952xi64>
  return
}

// -----

// Two live 2^62-byte buffers: each fits in int64, their sum does not.
// CHECK-LABEL: func.func @two_buffers_of_2_62_bytes
// CHECK-NOT: peakmem.peak
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

// alignment = 2^62 over-allocates 2^62 bytes: over the limit.
// CHECK-LABEL: func.func @alignment_2_62
// CHECK-NOT: peakmem.peak
// expected-remark @below {{'func.func' totals more than 2^62 - 1 bytes of buffers and scratch}}
func.func @alignment_2_62() {
  %a = memref.alloc() {alignment = 4611686018427387904 : i64} : memref<3xf32>
  memref.dealloc %a : memref<3xf32>
  return
}

// -----

// 2^21 x 2^21 x 2^21 = 2^63 MACs on memrefs the function does not allocate
// (only the MAC count is huge): it wrapped to a negative count.
// CHECK-LABEL: func.func @huge_matmul_macs
// CHECK-NOT: peakmem.peak
// expected-remark @below {{'func.func' totals more than 2^62 - 1 multiply-accumulates or operations (the limit of the memory model)}}
func.func @huge_matmul_macs(%a: memref<2097152x2097152xf32>, %b: memref<2097152x2097152xf32>,
                            %c: memref<2097152x2097152xf32>) {
  linalg.matmul ins(%a, %b : memref<2097152x2097152xf32>, memref<2097152x2097152xf32>)
                outs(%c : memref<2097152x2097152xf32>)
  return
}

// -----

// A loop's trip count times its body's MACs: 2^40 x 2^23 = 2^63.
// CHECK-LABEL: func.func @huge_loop_macs
// CHECK-NOT: peakmem.peak
// expected-remark @below {{'func.func' totals more than 2^62 - 1 multiply-accumulates}}
func.func @huge_loop_macs(%a: memref<8388608xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1099511627776 : index
  scf.for %i = %c0 to %n step %c1 {
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        outs(%a : memref<8388608xf32>) {
    ^bb0(%o: f32):
      linalg.yield %o : f32
    }
  }
  return
}
