// Hostile input for the call-retention proof (SymbolCalls.h, review s12
// A4): @main passes a buffer down a generated chain of functions, each
// passing its argument on to the next. The walk is iterative (no C++ frame
// per call level: the binary before it crashed on 20,000 functions with a
// stack overflow) and bounded: an argument that goes on through more than
// 1024 nested calls is not proved, and the reason says where the bound was
// reached.
//
// 20,000 functions: the verifier rejects a plan placing the buffer in the
// arena, within bounded time and memory, with the reason.
// RUN: %python %S/Inputs/gen-call-chain.py 20000 verify > %t.long.mlir
// RUN: %python %S/Inputs/run-bounded.py 60 500 1 -- peakmem-opt %t.long.mlir -p 'builtin.module(peakmem-verify-arena)' -o /dev/null --mlir-print-op-on-diagnostic=false 2> %t.long.err
// RUN: FileCheck %s --check-prefix=LONG < %t.long.err
// LONG: error: peakmem-verify-arena: argument #0 is a view of the arena and the call may keep it: it is passed to 'f0', then through 18975 more calls to 'f18975', where it goes on through more than 1024 nested calls, beyond the proof's bound (not proved)
// LONG: run-bounded: exit 1,
//
// The bound: 1025 functions are one too many (the proof stops at @f0).
// RUN: %python %S/Inputs/gen-call-chain.py 1025 verify > %t.bound.mlir
// RUN: not peakmem-opt %t.bound.mlir -p 'builtin.module(peakmem-verify-arena)' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BOUND
// BOUND: it is passed to 'f0', where it goes on through more than 1024 nested calls, beyond the proof's bound (not proved)
//
// A chain within the bound is proved: the verifier accepts the plan.
// RUN: %python %S/Inputs/gen-call-chain.py 200 verify > %t.short.mlir
// RUN: peakmem-opt %t.short.mlir -p 'builtin.module(peakmem-verify-arena)' -o /dev/null
//
// The planner proves a chain within the bound: @main's buffer goes into its
// arena (no allocation left in @main), and the verifier accepts the plan.
// RUN: %python %S/Inputs/gen-call-chain.py 40 plan > %t.plan.mlir
// RUN: peakmem-opt %t.plan.mlir -p 'builtin.module(peakmem-plan-arena{arena=argument remarks=0},peakmem-verify-arena)' | FileCheck %s --check-prefix=PLAN
// PLAN-LABEL: func.func @main(
// PLAN-SAME: peakmem.arena_size = 64 : i64
// PLAN-NOT: memref.alloc
// PLAN: call @f0(%view)
// PLAN-NOT: memref.alloc
// PLAN: return
