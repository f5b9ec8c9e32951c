// Inputs in the arena (issue 26, docs/Arena.md "Inputs inside the arena"):
// with arena=argument inputs-in-arena=true, each memref input that is only
// read (not written, returned, passed to a call or stored) lives in the
// caller's arena: its argument is dropped, its uses read a view of the arena
// (peakmem.input = the argument's number), and peakmem.input_offsets records
// where the caller writes it (one i64 per argument as written, -1 for an
// argument the function still takes). Its slot is live from the entry to its
// last use; after that its bytes are reused.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{arena=argument inputs-in-arena=true},peakmem-verify-arena))' --split-input-file --mlir-disable-threading -verify-diagnostics | FileCheck %s
// Without the option nothing changes for the inputs.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{arena=argument remarks=0},peakmem-verify-arena))' --split-input-file --mlir-disable-threading 2>/dev/null | FileCheck %s --check-prefix=NOIN
// The option only with arena=argument and materialize=true.
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{inputs-in-arena=true}))' 2>&1 | FileCheck %s --check-prefix=OPT-ALLOC
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{arena=argument inputs-in-arena=true materialize=false}))' 2>&1 | FileCheck %s --check-prefix=OPT-SEAM
// OPT-ALLOC: error: peakmem-plan-arena: inputs-in-arena needs arena=argument
// OPT-SEAM: error: peakmem-plan-arena: inputs-in-arena needs materialize=true

// %x is read by the first add and dies there: b reuses its bytes (0). %y is
// written (the copy): it stays an argument (-1). The result o is in the arena
// too: 8192 B = the bound with the input counted.
// CHECK-LABEL: func.func @inputs(%arg0: memref<1024xf32>, %arg1: memref<8192xi8> {peakmem.arena}) -> memref<1024xf32>
// CHECK-SAME: peakmem.arena_lower_bound = 8192 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 8192 : i64
// CHECK-SAME: peakmem.input_offsets = array<i64: 0, -1>
// CHECK: %[[C:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[X:.*]] = memref.view %arg1[%[[C]]][] {peakmem.align = 4 : i64, peakmem.input = 0 : i64} : memref<8192xi8> to memref<1024xf32>
// CHECK: linalg.add ins(%[[X]], %[[X]] : memref<1024xf32>, memref<1024xf32>)
// CHECK: %[[CB:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[B:.*]] = memref.view %arg1[%[[CB]]][] {peakmem.align = 4 : i64}
// CHECK-NEXT: linalg.add ins(%{{.*}}, %{{.*}} : memref<1024xf32>, memref<1024xf32>) outs(%[[B]] : memref<1024xf32>)
// CHECK: linalg.copy ins(%{{.*}} : memref<1024xf32>) outs(%arg0 : memref<1024xf32>)
// NOIN-LABEL: func.func @inputs(%arg0: memref<1024xf32>, %arg1: memref<1024xf32>, %arg2: memref<8192xi8> {peakmem.arena})
// NOIN-NOT: peakmem.input
// NOIN: return
// expected-remark @below {{'inputs' arena 8192 bytes for 4 buffers (0 left out), lower bound 8192 (local, every order): optimal; live bound of this order 8192; planner reached-bound; best baseline tflm-greedy 8192 bytes; inputs: 1 in the arena (4096 bytes); results: 1 in the arena (4096 bytes), 0 outside (0 bytes)}}
// expected-remark @+1 {{input #1 left out of the arena: it may be written or freed by 'linalg.copy'}}
func.func @inputs(%x: memref<1024xf32>, %y: memref<1024xf32>) -> memref<1024xf32> {
  %a = memref.alloc() : memref<1024xf32>
  linalg.add ins(%x, %x : memref<1024xf32>, memref<1024xf32>) outs(%a : memref<1024xf32>)
  %b = memref.alloc() : memref<1024xf32>
  linalg.add ins(%a, %a : memref<1024xf32>, memref<1024xf32>) outs(%b : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%b, %b : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %b : memref<1024xf32>
  linalg.copy ins(%o : memref<1024xf32>) outs(%y : memref<1024xf32>)
  return %o : memref<1024xf32>
}

// -----

// An input is live from the entry, not from its first use: %x is first read
// by the third statement, and t (dead before that) must not take its bytes,
// which hold the caller's %x since the call. x at 0, w at 4096, t at 8192
// (u then reuses w's bytes): 12288 B.
// CHECK-LABEL: func.func @input_live_from_entry(%arg0: memref<1024xf32>, %arg1: memref<12288xi8> {peakmem.arena})
// CHECK-SAME: peakmem.arena_size = 12288 : i64
// CHECK-SAME: peakmem.input_offsets = array<i64: 0, 4096, -1>
// CHECK: %[[X:.*]] = memref.view %arg1[%{{.*}}][] {peakmem.align = 4 : i64, peakmem.input = 0 : i64}
// CHECK: %[[W:.*]] = memref.view %arg1[%{{.*}}][] {peakmem.align = 4 : i64, peakmem.input = 1 : i64}
// CHECK: %[[C:.*]] = arith.constant 8192 : index
// CHECK-NEXT: %[[T:.*]] = memref.view %arg1[%[[C]]][]
// CHECK-NEXT: linalg.add ins(%[[W]], %[[W]] : memref<1024xf32>, memref<1024xf32>) outs(%[[T]] : memref<1024xf32>)
// expected-remark @below {{inputs: 2 in the arena (8192 bytes)}}
// expected-remark @+1 {{input #2 left out of the arena: it may be written or freed by 'linalg.copy'}}
func.func @input_live_from_entry(%x: memref<1024xf32>, %w: memref<1024xf32>, %y: memref<1024xf32>) {
  %t = memref.alloc() : memref<1024xf32>
  linalg.add ins(%w, %w : memref<1024xf32>, memref<1024xf32>) outs(%t : memref<1024xf32>)
  %u = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t, %t : memref<1024xf32>, memref<1024xf32>) outs(%u : memref<1024xf32>)
  memref.dealloc %t : memref<1024xf32>
  %v = memref.alloc() : memref<1024xf32>
  linalg.add ins(%u, %x : memref<1024xf32>, memref<1024xf32>) outs(%v : memref<1024xf32>)
  memref.dealloc %u : memref<1024xf32>
  linalg.copy ins(%v : memref<1024xf32>) outs(%y : memref<1024xf32>)
  memref.dealloc %v : memref<1024xf32>
  return
}

// -----

// The certified bound counts an input from the entry too (ArenaRoot::
// fromEntry, ArenaBoundProblem.h): %x is read only by the last statement,
// but it is in the arena since the call, beside w and a at the first
// statement: 12288 B in every order, the bound the plan reaches. Counted
// from its first read, the bound would be 8192 (a and b, then b and x) and
// the plan would say optimal = false.
// CHECK-LABEL: func.func @input_read_last(%arg0: memref<1024xf32>, %arg1: memref<12288xi8> {peakmem.arena})
// CHECK-SAME: peakmem.arena_lower_bound = 12288 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 12288 : i64
// CHECK-SAME: peakmem.input_offsets = array<i64: {{[0-9]+}}, {{[0-9]+}}, -1>
// expected-remark @below {{'input_read_last' arena 12288 bytes for 4 buffers (0 left out), lower bound 12288 (forced-live, every order): optimal; live bound of this order 12288; planner reached-bound; best baseline tflm-greedy 12288 bytes; inputs: 2 in the arena (8192 bytes)}}
// expected-remark @+1 {{input #2 left out of the arena: it may be written or freed by 'linalg.add'}}
func.func @input_read_last(%x: memref<1024xf32>, %w: memref<1024xf32>, %y: memref<1024xf32>) {
  %a = memref.alloc() : memref<1024xf32>
  linalg.add ins(%w, %w : memref<1024xf32>, memref<1024xf32>) outs(%a : memref<1024xf32>)
  %b = memref.alloc() : memref<1024xf32>
  linalg.add ins(%a, %a : memref<1024xf32>, memref<1024xf32>) outs(%b : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  linalg.add ins(%b, %x : memref<1024xf32>, memref<1024xf32>) outs(%y : memref<1024xf32>)
  memref.dealloc %b : memref<1024xf32>
  return
}

// -----

// Refusals, each with a remark at the argument and the argument kept (-1):
// returned, passed to a call (the callee may write or keep it), of dynamic
// shape, with a non-identity layout; only %ok goes into the arena.
// CHECK-LABEL: func.func @refusals(%arg0: memref<1024xf32>, %arg1: memref<1024xf32>, %arg2: memref<?xf32>, %arg3: memref<1024xf32, strided<[2]>>, %arg4: memref<8192xi8> {peakmem.arena}) -> memref<1024xf32>
// CHECK-SAME: peakmem.input_offsets = array<i64: -1, -1, -1, -1, 0>
// CHECK: return %arg0
func.func private @ext(memref<1024xf32>)
// expected-remark @below {{inputs: 1 in the arena (4096 bytes)}}
// expected-remark @+4 {{input #0 left out of the arena: an alias is passed on by 'func.return'}}
// expected-remark @+3 {{input #1 left out of the arena: it may be written or freed by 'func.call'}}
// expected-remark @+2 {{input #2 left out of the arena: its shape is dynamic}}
// expected-remark @+1 {{input #3 left out of the arena: memref.view cannot produce its non-identity layout}}
func.func @refusals(%r: memref<1024xf32>, %c: memref<1024xf32>, %d: memref<?xf32>, %s: memref<1024xf32, strided<[2]>>, %ok: memref<1024xf32>) -> memref<1024xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<1024xf32>
  linalg.add ins(%ok, %ok : memref<1024xf32>, memref<1024xf32>) outs(%a : memref<1024xf32>)
  func.call @ext(%c) : (memref<1024xf32>) -> ()
  %v = memref.load %d[%c0] : memref<?xf32>
  %w = memref.load %s[%c0] : memref<1024xf32, strided<[2]>>
  memref.store %v, %a[%c0] : memref<1024xf32>
  memref.store %w, %a[%c0] : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  return %r : memref<1024xf32>
}
