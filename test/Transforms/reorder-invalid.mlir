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

// -----

// A use of a buffer after its free (through a view) is refused: the input
// has no lifetime to model (it used to reach an internal error).
// CHECK-LABEL: func.func @use_after_free
// CHECK-NOT: peakmem.peak
func.func @use_after_free(%in: memref<16xf32>, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%in : memref<16xf32>) outs(%a : memref<16xf32>)
  %v = memref.subview %a[0] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1]>>
  memref.dealloc %a : memref<16xf32>
  // expected-remark @below {{'use_after_free' not modeled: 'linalg.copy' uses a buffer after it is freed (by 'memref.dealloc'): use after free in the input}}
  linalg.copy ins(%v : memref<4xf32, strided<[1]>>) outs(%out : memref<4xf32>)
  return
}

// -----

// Returning a freed buffer is refused the same way.
// CHECK-LABEL: func.func @return_after_free
// CHECK-NOT: peakmem.peak
func.func @return_after_free() -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  // expected-remark @below {{'return_after_free' not modeled: 'func.return' passes on a buffer that is already freed: use after free in the input}}
  return %a : memref<16xf32>
}

// -----

// An async token that leaves the function: the asynchronous work may still
// read %a when the function's free runs; refused.
// CHECK-LABEL: func.func @async_token_escapes
// CHECK-NOT: peakmem.peak
func.func @async_token_escapes(%out: memref<16xf32>) -> !async.token {
  %a = memref.alloc() : memref<16xf32>
  %t = async.execute {
    linalg.copy ins(%a : memref<16xf32>) outs(%out : memref<16xf32>)
    async.yield
  }
  memref.dealloc %a : memref<16xf32>
  // expected-remark @below {{'async_token_escapes' not modeled: 'func.return' uses an async value in a way peakmem cannot follow}}
  return %t : !async.token
}

// -----

// An async.execute that nothing awaits: its region has no known end; refused.
// CHECK-LABEL: func.func @async_never_awaited
// CHECK-NOT: peakmem.peak
func.func @async_never_awaited(%out: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  // expected-remark @below {{'async_never_awaited' not modeled: 'async.execute' is never awaited}}
  %t = async.execute {
    linalg.copy ins(%a : memref<16xf32>) outs(%out : memref<16xf32>)
    async.yield
  }
  memref.dealloc %a : memref<16xf32>
  return
}
