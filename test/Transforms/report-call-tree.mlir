// Hostile input for the work count of a call (countWork, OpCost.h; review
// s13 X2): @f<i> calls @f<i+1> twice, 40 levels deep, so the module has
// 2^40 call paths through 41 functions. A call does its callee's work, and
// a callee's count is kept for the rest of the outermost count, so the
// count costs the number of functions, not of paths (before, each call
// counted its callee's body afresh: 2^40 counts, hours of work). The
// figures are still exact: @f0 runs the fill 2^40 times (16 ops each), and
// @main adds its 16-element copy.
// RUN: %python %S/Inputs/gen-call-tree.py 40 > %t.mlir
// RUN: %python %S/Inputs/run-bounded.py 60 500 0 -- peakmem-opt %t.mlir -p 'builtin.module(peakmem-report{remarks=0})' -o %t.out
// RUN: FileCheck %s < %t.out
// CHECK-LABEL: func.func private @f0(
// CHECK-SAME: peakmem.ops = 17592186044416 : i64
// CHECK-LABEL: func.func private @f39(
// CHECK-SAME: peakmem.ops = 32 : i64
// CHECK-LABEL: func.func @main(
// CHECK-SAME: peakmem.ops = 17592186044432 : i64
// CHECK-SAME: peakmem.peak = 64 : i64
