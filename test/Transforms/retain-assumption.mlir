// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder,peakmem-certify))' --split-input-file -verify-diagnostics | FileCheck %s
// Fresh records pass the verifier, the stated assumption included.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder,peakmem-certify,peakmem-verify-certificate))' --split-input-file -verify-diagnostics | FileCheck %s
//
// Issue #22 item 11: a pointer passed to an external function is assumed
// kept (the callee may use it in a later call), so the buffer stays alive
// across every later call until its free. Safe, but an optimality claim
// holds only under that assumption: the claims name it (remarks, and the
// record's peakmem.retain_assumed), and llvm.nocapture on the callee's
// argument lifts it. Upstream optimize-allocation-liveness gets 48 B on
// @prints (it does not assume retention); peakmem said "80 -> 80 bytes
// (already optimal: certified, no search)" without naming why.

// CHECK-LABEL: func.func @prints
// CHECK-SAME: peakmem.optimal = true, peakmem.peak = 80 : i64
// CHECK-SAME: peakmem.retain_assumed = ["printMemrefF32"]
// expected-remark @below {{peakmem-reorder: 'prints' peak 80 -> 80 bytes (already optimal: certified, no search, assuming 'printMemrefF32' may keep the pointers it is passed (llvm.nocapture on its arguments lifts this))}}
// expected-remark @below {{peakmem-certify: 'prints' peak 80 bytes, lower bound 80 (local): optimal, assuming 'printMemrefF32' may keep the pointers it is passed (llvm.nocapture on its arguments lifts this)}}
func.func @prints() {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<8xf32>)
  %ua = memref.cast %a : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  %b = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%b : memref<8xf32>)
  %ub = memref.cast %b : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  %c = memref.alloc() : memref<4xf32>
  %head = memref.subview %b[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  linalg.negf ins(%head : memref<4xf32, strided<[1]>>) outs(%c : memref<4xf32>)
  %uc = memref.cast %c : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  memref.dealloc %c : memref<4xf32>
  return
}
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

// -----

// The same program with the callee declaring its argument llvm.nocapture:
// each free moves right after the buffer's last use, 48 bytes, optimal with
// no assumption left to state.
// CHECK-LABEL: func.func @prints_nocapture
// CHECK-NOT: retain_assumed
// CHECK-SAME: peakmem.optimal = true, peakmem.peak = 48 : i64
// CHECK-NOT: retain_assumed
// CHECK: call @printMemrefF32
// CHECK-NEXT: memref.dealloc
// expected-remark @below {{peakmem-reorder: 'prints_nocapture' peak 80 -> 48 bytes (already optimal: certified, no search)}}
// expected-remark @below {{peakmem-certify: 'prints_nocapture' peak 48 bytes, lower bound 48 (local): optimal}}
func.func @prints_nocapture() {
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<8xf32>)
  %ua = memref.cast %a : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  %b = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%b : memref<8xf32>)
  %ub = memref.cast %b : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  %c = memref.alloc() : memref<4xf32>
  %head = memref.subview %b[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  linalg.negf ins(%head : memref<4xf32, strided<[1]>>) outs(%c : memref<4xf32>)
  %uc = memref.cast %c : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  memref.dealloc %c : memref<4xf32>
  return
}
func.func private @printMemrefF32(memref<*xf32> {llvm.nocapture}) attributes {llvm.emit_c_interface}

// -----

// The fact is per argument: @log keeps its second argument, so %b stays
// captured (and its free after the later call); %a, passed only as the
// no-capture first argument, is freed right after its last use.
// CHECK-LABEL: func.func @per_argument
// CHECK-SAME: peakmem.retain_assumed = ["log"]
// CHECK: call @log(%{{.*}}, %{{.*}}) : (memref<8xf32>, memref<8xf32>) -> ()
// CHECK-NEXT: memref.dealloc %[[A:.*]] : memref<8xf32>
// CHECK: call @flush() : () -> ()
// CHECK-NEXT: memref.dealloc
// expected-remark @below {{peakmem-reorder: 'per_argument'}}
// expected-remark @below {{peakmem-certify: 'per_argument' peak 64 bytes, lower bound 64 (local): optimal, assuming 'log' may keep the pointers it is passed}}
func.func @per_argument(%x: memref<8xf32>) {
  %a = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%a : memref<8xf32>)
  %b = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%b : memref<8xf32>)
  call @log(%a, %b) : (memref<8xf32>, memref<8xf32>) -> ()
  %c = memref.alloc() : memref<8xf32>
  linalg.copy ins(%x : memref<8xf32>) outs(%c : memref<8xf32>)
  call @flush() : () -> ()
  memref.dealloc %c : memref<8xf32>
  memref.dealloc %a : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  return
}
func.func private @log(memref<8xf32> {llvm.nocapture}, memref<8xf32>)
func.func private @flush()
