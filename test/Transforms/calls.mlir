// Calls of functions with a body (docs/Model.md, "Calls"): a call is one
// statement of its caller whose scratch is the callee's modeled peak less
// the buffers it returns, which are buffers the call allocates. Its memory
// effects are its callee's on each argument. Callees are processed first, so
// a caller's model has its callees' peaks as rewritten.
// RUN: peakmem-opt %s --peakmem-report --split-input-file -verify-diagnostics | FileCheck %s --check-prefix=REPORT
// RUN: peakmem-opt %s --peakmem-reorder=remarks=0 --split-input-file | FileCheck %s --check-prefix=REORDER
// RUN: peakmem-opt %s --peakmem-certify=remarks=0 --peakmem-verify-certificate --split-input-file | FileCheck %s --check-prefix=CERTIFY
// The same passes threaded or not give the same IR; after a report, whose
// models of the callers are cached, reorder rebuilds a caller's model once a
// callee changed (@mid: 4352 B before, from @leaf as rewritten).
// RUN: peakmem-opt %s --peakmem-reorder=remarks=0 --split-input-file --mlir-disable-threading | FileCheck %s --check-prefix=REORDER
// RUN: peakmem-opt %s --peakmem-report=remarks=0 --peakmem-reorder=remarks=0 --split-input-file | FileCheck %s --check-prefix=REORDER

// Two calls whose order matters. @small returns a 256 B buffer; @heavy needs
// a 4096 B temporary and returns 256 B: its scratch is 4352 - 256 = 4096.
// As written, %a is live while @heavy runs: 256 + 256 + 4096 = 4608 B.
// Both calls only read %x (their summaries), so @heavy may run first:
// 4352 B, which certify proves optimal.
// REPORT-LABEL: func.func @two_calls
// REPORT-SAME: peakmem.peak = 4608 : i64
// REORDER-LABEL: func.func @two_calls
// REORDER-SAME: peak_after = 4352 : i64, peak_before = 4608 : i64
// REORDER-NEXT: %[[B:.*]] = call @heavy
// REORDER-NEXT: %[[A:.*]] = call @small
// REORDER-NEXT: linalg.add ins(%[[A]], %[[B]]
// CERTIFY-LABEL: func.func @two_calls
// CERTIFY-SAME: peakmem.lower_bound = 4352 : i64, peakmem.optimal = false, peakmem.peak = 4608 : i64
func.func private @small(%x: memref<64xf32> {llvm.nocapture}) -> memref<64xf32> {
  // expected-remark @below {{peak of 256 bytes in 'small' reached here}}
  %r = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%r : memref<64xf32>)
  return %r : memref<64xf32>
}
func.func private @heavy(%x: memref<64xf32> {llvm.nocapture}) -> memref<64xf32> {
  %t = memref.alloc() : memref<1024xf32>
  %s = memref.subview %t[0] [64] [1] : memref<1024xf32> to memref<64xf32, strided<[1]>>
  linalg.copy ins(%x : memref<64xf32>) outs(%s : memref<64xf32, strided<[1]>>)
  // expected-remark @below {{peak of 4352 bytes in 'heavy' reached here}}
  %r = memref.alloc() : memref<64xf32>
  linalg.copy ins(%s : memref<64xf32, strided<[1]>>) outs(%r : memref<64xf32>)
  memref.dealloc %t : memref<1024xf32>
  return %r : memref<64xf32>
}
func.func @two_calls(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = func.call @small(%x) : (memref<64xf32>) -> memref<64xf32>
  // expected-remark @below {{peak of 4608 bytes in 'two_calls' reached here}}
  %b = func.call @heavy(%x) : (memref<64xf32>) -> memref<64xf32>
  linalg.add ins(%a, %b : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// The callees' effects order the calls: @bump writes %x, which @small
// reads before it and @heavy after it, so the order as written (4608 B) is
// the only one, and optimal.
// REPORT-LABEL: func.func @effects_order_calls
// REPORT-SAME: peakmem.peak = 4608 : i64
// REORDER-LABEL: func.func @effects_order_calls
// REORDER-SAME: peak_after = 4608 : i64, peak_before = 4608 : i64
// REORDER-NEXT: call @small
// REORDER-NEXT: call @bump
// REORDER-NEXT: call @heavy
// CERTIFY-LABEL: func.func @effects_order_calls
// CERTIFY-SAME: peakmem.lower_bound = 4608 : i64, peakmem.optimal = true, peakmem.peak = 4608 : i64
func.func private @small(%x: memref<64xf32> {llvm.nocapture}) -> memref<64xf32> {
  // expected-remark @below {{peak of 256 bytes in 'small' reached here}}
  %r = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%r : memref<64xf32>)
  return %r : memref<64xf32>
}
func.func private @bump(%x: memref<64xf32> {llvm.nocapture}) {
  // expected-remark @below {{peak of 0 bytes in 'bump' reached here}}
  linalg.add ins(%x, %x : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  return
}
func.func private @heavy(%x: memref<64xf32> {llvm.nocapture}) -> memref<64xf32> {
  %t = memref.alloc() : memref<1024xf32>
  %s = memref.subview %t[0] [64] [1] : memref<1024xf32> to memref<64xf32, strided<[1]>>
  linalg.copy ins(%x : memref<64xf32>) outs(%s : memref<64xf32, strided<[1]>>)
  // expected-remark @below {{peak of 4352 bytes in 'heavy' reached here}}
  %r = memref.alloc() : memref<64xf32>
  linalg.copy ins(%s : memref<64xf32, strided<[1]>>) outs(%r : memref<64xf32>)
  memref.dealloc %t : memref<1024xf32>
  return %r : memref<64xf32>
}
func.func @effects_order_calls(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = func.call @small(%x) : (memref<64xf32>) -> memref<64xf32>
  func.call @bump(%x) : (memref<64xf32>) -> ()
  // expected-remark @below {{peak of 4608 bytes in 'effects_order_calls' reached here}}
  %b = func.call @heavy(%x) : (memref<64xf32>) -> memref<64xf32>
  linalg.add ins(%a, %b : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// Callees first: @leaf frees its temporaries at the end (8192 B as
// written); reorder frees %t after its last use (4096 B). @mid is modeled
// with @leaf as rewritten: 256 + 4096 = 4352 B before (not 256 + 8192), and
// 4096 B once %m is filled after the call. A call in a loop: the loop's
// scratch is the call's.
// REPORT-LABEL: func.func private @leaf
// REPORT-SAME: peakmem.peak = 8192 : i64
// REPORT-LABEL: func.func @mid
// REPORT-SAME: peakmem.peak = 8448 : i64
// REPORT-LABEL: func.func @in_loop
// REPORT-SAME: peakmem.peak = 8192 : i64
// REORDER-LABEL: func.func private @leaf
// REORDER-SAME: peak_after = 4096 : i64, peak_before = 8192 : i64
// REORDER-LABEL: func.func @mid
// REORDER-SAME: peak_after = 4096 : i64, peak_before = 4352 : i64
// REORDER-NEXT: arith.constant
// REORDER-NEXT: call @leaf
// REORDER-NEXT: memref.alloc() : memref<64xf32>
// CERTIFY-LABEL: func.func @mid
// CERTIFY-SAME: peakmem.lower_bound = 8192 : i64, peakmem.optimal = false, peakmem.peak = 8448 : i64
// CERTIFY-LABEL: func.func @in_loop
// CERTIFY-SAME: peakmem.lower_bound = 8192 : i64, peakmem.optimal = true, peakmem.peak = 8192 : i64
func.func private @leaf(%x: memref<1024xf32> {llvm.nocapture}) {
  %c = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<1024xf32>
  // expected-remark @below {{peak of 8192 bytes in 'leaf' reached here}}
  %u = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%c : f32) outs(%t : memref<1024xf32>)
  linalg.copy ins(%t : memref<1024xf32>) outs(%x : memref<1024xf32>)
  linalg.fill ins(%c : f32) outs(%u : memref<1024xf32>)
  linalg.add ins(%x, %u : memref<1024xf32>, memref<1024xf32>) outs(%x : memref<1024xf32>)
  memref.dealloc %t : memref<1024xf32>
  memref.dealloc %u : memref<1024xf32>
  return
}
func.func @mid(%x: memref<1024xf32>, %y: memref<64xf32>) {
  %c = arith.constant 2.0 : f32
  %m = memref.alloc() : memref<64xf32>
  linalg.fill ins(%c : f32) outs(%m : memref<64xf32>)
  // expected-remark @below {{peak of 8448 bytes in 'mid' reached here}}
  func.call @leaf(%x) : (memref<1024xf32>) -> ()
  linalg.copy ins(%m : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %m : memref<64xf32>
  return
}
func.func @in_loop(%x: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark @below {{peak of 8192 bytes in 'in_loop' reached here}}
  scf.for %i = %c0 to %c4 step %c1 {
    func.call @leaf(%x) : (memref<1024xf32>) -> ()
  }
  return
}
