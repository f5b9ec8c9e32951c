// Calls the model cannot describe: the caller is not modeled (a remark
// naming the call and why), and every pass leaves it byte-identical.
// RUN: peakmem-opt %s --peakmem-report=remarks=0 --split-input-file -verify-diagnostics | FileCheck %s
// RUN: peakmem-opt %s --peakmem-reorder=remarks=0 --split-input-file -verify-diagnostics | FileCheck %s --check-prefix=REORDER
// Under func.func(...) MLIR runs the functions concurrently: a callee may be
// rewritten while its caller is modeled, so the call is refused, with how to
// run the pass instead.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' --split-input-file 2>&1 | FileCheck %s --check-prefix=NESTED

// NESTED: remark: peakmem: 'caller' not modeled: 'func.call' calls 'callee', a function with a body outside the 'func.func' the pass runs on, which may be rewritten concurrently (schedule the pass on the module holding both: callees are then processed first)
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: peakmem.peak = 4096 : i64
// CHECK-LABEL: func.func @caller
// CHECK-SAME: peakmem.peak = 4096 : i64
func.func private @callee(%x: memref<16xf32> {llvm.nocapture}) {
  %t = memref.alloc() : memref<1024xf32>
  memref.dealloc %t : memref<1024xf32>
  return
}
func.func @caller(%x: memref<16xf32>) {
  func.call @callee(%x) : (memref<16xf32>) -> ()
  return
}

// -----

// Recursion: the peak of a recursive call is not known statically.
// CHECK-LABEL: func.func private @self
// CHECK-NOT: peakmem.peak
// CHECK: return
// CHECK-LABEL: func.func @calls_self
// CHECK-NOT: peakmem.peak
// CHECK: return
func.func private @self(%x: memref<16xf32>) {
  // expected-remark @below {{'self' not modeled: 'func.call' calls 'self' recursively: the peak of a recursive call is not known statically}}
  func.call @self(%x) : (memref<16xf32>) -> ()
  return
}
func.func @calls_self(%x: memref<16xf32>) {
  // expected-remark @below {{'calls_self' not modeled: 'func.call' calls 'self', which is not modeled: 'func.call' calls 'self' recursively}}
  func.call @self(%x) : (memref<16xf32>) -> ()
  return
}

// -----

// Mutual recursion.
// CHECK-LABEL: func.func private @ping
// CHECK-NOT: peakmem.peak
// CHECK: return
// CHECK-LABEL: func.func private @pong
// CHECK-NOT: peakmem.peak
// CHECK: return
func.func private @ping(%x: memref<16xf32>) {
  // expected-remark @below {{'ping' not modeled: 'func.call' calls 'pong', which is not modeled: 'func.call' calls 'ping' recursively}}
  func.call @pong(%x) : (memref<16xf32>) -> ()
  return
}
func.func private @pong(%x: memref<16xf32>) {
  // expected-remark @below {{'pong' not modeled: 'func.call' calls 'ping', which is not modeled: 'func.call' calls 'pong' recursively}}
  func.call @ping(%x) : (memref<16xf32>) -> ()
  return
}

// -----

// A function without a body returning a memref: what it returns (fresh,
// an alias of an argument, a global) is not known.
// CHECK-LABEL: func.func @calls_declaration
// CHECK-NOT: peakmem.peak
// CHECK: return
func.func private @declared() -> memref<4xf32>
func.func @calls_declaration() {
  // expected-remark @below {{'calls_declaration' not modeled: 'func.call' returns a memref from a call: allocations made by the callee are not modeled (inline first)}}
  %m = func.call @declared() : () -> memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return
}

// -----

// A dynamic result: the callee returns a static buffer as memref<?xf32>,
// so the caller cannot size what the call allocates from the result type;
// a callee allocating a dynamic buffer is not modeled itself.
// CHECK-LABEL: func.func @calls_dynamic
// CHECK-NOT: peakmem.peak
// CHECK: return
// CHECK-LABEL: func.func @calls_dynamic_alloc
// CHECK-NOT: peakmem.peak
// CHECK: return
func.func private @dynamic() -> memref<?xf32> {
  %r = memref.alloc() : memref<16xf32>
  %c = memref.cast %r : memref<16xf32> to memref<?xf32>
  return %c : memref<?xf32>
}
func.func @calls_dynamic() {
  // expected-remark @below {{'calls_dynamic' not modeled: 'func.call' calls 'dynamic', which returns a memref of dynamic shape: the bytes the call allocates are not known}}
  %m = func.call @dynamic() : () -> memref<?xf32>
  memref.dealloc %m : memref<?xf32>
  return
}
func.func private @dynamic_alloc(%n: index) -> memref<?xf32> {
  // expected-remark @below {{'dynamic_alloc' not modeled: 'memref.alloc' allocates a buffer of dynamic or unknown size}}
  %r = memref.alloc(%n) : memref<?xf32>
  return %r : memref<?xf32>
}
func.func @calls_dynamic_alloc(%n: index) {
  // expected-remark @below {{'calls_dynamic_alloc' not modeled: 'func.call' calls 'dynamic_alloc', which is not modeled: 'memref.alloc' allocates a buffer of dynamic or unknown size}}
  %m = func.call @dynamic_alloc(%n) : (index) -> memref<?xf32>
  memref.dealloc %m : memref<?xf32>
  return
}

// -----

// Results that are not a fresh heap buffer of the callee: an argument, one
// buffer returned twice, a buffer whose address the callee passes on.
// CHECK-LABEL: func.func @calls_passthrough
// CHECK-NOT: peakmem.peak
// CHECK: return
// CHECK-LABEL: func.func @calls_twice
// CHECK-NOT: peakmem.peak
// CHECK: return
// CHECK-LABEL: func.func @calls_leaky
// CHECK-NOT: peakmem.peak
// CHECK: return
func.func private @passthrough(%x: memref<16xf32>) -> memref<16xf32> {
  return %x : memref<16xf32>
}
func.func @calls_passthrough(%x: memref<16xf32>) {
  // expected-remark @below {{'calls_passthrough' not modeled: 'func.call' calls 'passthrough', whose result #0 is not a heap buffer it allocates (an argument, a global or a stack allocation): not modeled}}
  %m = func.call @passthrough(%x) : (memref<16xf32>) -> memref<16xf32>
  return
}
func.func private @twice() -> (memref<16xf32>, memref<16xf32>) {
  %r = memref.alloc() : memref<16xf32>
  return %r, %r : memref<16xf32>, memref<16xf32>
}
func.func @calls_twice() {
  // expected-remark @below {{'calls_twice' not modeled: 'func.call' calls 'twice', whose result #1 is a buffer it also returns as another result: not modeled}}
  %m:2 = func.call @twice() : () -> (memref<16xf32>, memref<16xf32>)
  memref.dealloc %m#0 : memref<16xf32>
  return
}
func.func private @keep(%x: memref<16xf32>)
func.func private @leaky() -> memref<16xf32> {
  %r = memref.alloc() : memref<16xf32>
  func.call @keep(%r) : (memref<16xf32>) -> ()
  return %r : memref<16xf32>
}
func.func @calls_leaky() {
  // expected-remark @below {{'calls_leaky' not modeled: 'func.call' calls 'leaky', whose result #0 is a buffer whose address it passes on (captured, or used by asynchronous work): not modeled}}
  %m = func.call @leaky() : () -> memref<16xf32>
  memref.dealloc %m : memref<16xf32>
  return
}

// -----

// A callee that is not modeled (not bufferized) leaves its callers
// unmodeled; the caller is left byte-identical by reorder.
// CHECK-LABEL: func.func @calls_tensor_callee
// CHECK-NOT: peakmem.peak
// CHECK: return
// REORDER-LABEL: func.func @calls_tensor_callee
// REORDER-NEXT: memref.alloc() : memref<4096xf32>
// REORDER-NEXT: memref.alloc() : memref<4096xf32>
// REORDER-NEXT: call @tensor_callee
// REORDER-NEXT: memref.dealloc
// REORDER-NEXT: memref.dealloc
func.func private @tensor_callee(%x: memref<16xf32> {llvm.nocapture}) {
  // expected-remark @below {{'tensor_callee' not modeled: 'tensor.empty' operates on tensors; peakmem models bufferized IR (run one-shot-bufferize first)}}
  %t = tensor.empty() : tensor<4xf32>
  return
}
func.func @calls_tensor_callee(%x: memref<16xf32>) {
  %a = memref.alloc() : memref<4096xf32>
  %b = memref.alloc() : memref<4096xf32>
  // expected-remark @below {{'calls_tensor_callee' not modeled: 'func.call' calls 'tensor_callee', which is not modeled: 'tensor.empty' operates on tensors}}
  func.call @tensor_callee(%x) : (memref<16xf32>) -> ()
  memref.dealloc %a : memref<4096xf32>
  memref.dealloc %b : memref<4096xf32>
  return
}
