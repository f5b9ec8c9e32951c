// peakmem-recompute also runs the exact fixed-order program
// (docs/Recompute.md, "The exact problem") on the body as written, with a
// hundredth of plan-max-work, and records its outcome as
// peakmem.exact_recompute. `finished = true`: its peak (lower_bound) is
// optimal over every recompute plan for the order as written within the
// bounds; `used`: its plan replaced the planner's (it was lower). When the
// body is series-parallel, the fold over its decomposition runs too, for the
// decomposition's order (peakmem.exact_recompute_sp, with the min-fill width
// of the dependence graph).
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=1 max-op-overhead=0.3 remarks=0}))' --split-input-file | FileCheck %s
// Without the work (plan-max-work=99: 0 units for the program) it does not
// finish; lower_bound is then its relaxation.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=1 max-op-overhead=0.3 plan-max-work=99 remarks=0}))' --split-input-file | FileCheck %s --check-prefix=NOWORK
// The bag program (peakmem.exact_recompute_tw) runs too, for the order as
// written.
// When an exact program finished on the body as written and the pass leaves
// that body as it is, it records the recompute certificate
// (docs/Certificates.md, "The recompute kind"), which
// peakmem-verify-certificate re-evaluates by enumerating every plan.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=1 max-op-overhead=0.3 remarks=0},peakmem-verify-certificate))' --split-input-file | FileCheck %s --check-prefix=VERIFY
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=1 max-op-overhead=0.3}))' --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// A later pass that changes the body (here arena planning) drops it, so the
// verifier never sees a stale record; without the arena the body stays and
// the record is checked at the end of peakmem-optimize.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-optimize{max-mac-overhead=1 max-op-overhead=0.3 remarks=0 arena=alloc},peakmem-verify-certificate))' --split-input-file | FileCheck %s --check-prefix=ARENA
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-optimize{max-mac-overhead=1 max-op-overhead=0.3 remarks=0},peakmem-verify-certificate))' --split-input-file | FileCheck %s --check-prefix=OPT

// %b (4096 B, a cheap fill) is read early and late across a three-temporary
// region: re-running the fill before the late add gives 12288 B, which is
// the optimum for this order; the planner finds it too, so its plan stays.
// CHECK-LABEL: func.func @recompute_fill
// CHECK-SAME: peakmem.exact_recompute = {decisions = 5 : i64, finished = true, lower_bound = 12288 : i64, optimality = "over every recompute plan for the order as written, within the bounds", used = false, width = 5 : i64, work_used = {{[0-9]+}} : i64}
// The body is a chain (series-parallel, its order as written): the fold
// finds the same optimum.
// CHECK-SAME: peakmem.exact_recompute_sp = {decisions = 5 : i64, finished = true, lower_bound = 12288 : i64, min_fill_width = 2 : i64, optimality = "over every recompute plan for the series-parallel order (every series part and parallel branch contiguous, branches by their first statement as written), within the bounds", order_as_written = true, series_parallel = true, used = false, width = 5 : i64, work_used = {{[0-9]+}} : i64}
// The budget-aware bound (docs/Recompute.md, "Budget-aware lower bound") of
// the body as written reaches the pass's peak: no recompute plan for that
// order within the bounds is lower; the remark says so.
// CHECK-SAME: peakmem.fixed_order_bound = {complete = true, lower_bound = 12288 : i64, optimality = "optimal over every recompute plan for the order as written, within the bounds", own_bound = 12288 : i64, peak = 12288 : i64, reached = true, relaxation = 12288 : i64, work_used = {{[0-9]+}} : i64}
// CHECK-SAME: peakmem.peak = 12288 : i64
// REMARK: remark: peakmem-recompute: 'recompute_fill' peak 16384 -> 12288 bytes by recomputing 1 ops; {{.*}}; optimal over every recompute plan for the order as written, within the bounds (the budget-aware bound 12288 B is reached)
// The body changes (the fill is re-run): no certificate.
// VERIFY-LABEL: func.func @recompute_fill
// VERIFY-NOT: peakmem.recompute_certificate
// VERIFY: return
// OPT-LABEL: func.func @recompute_fill
// OPT-NOT: peakmem.recompute_certificate
// OPT: return
// NOWORK-LABEL: func.func @recompute_fill
// NOWORK-SAME: peakmem.exact_recompute = {decisions = 0 : i64, finished = false, lower_bound = 0 : i64, reason = "the work limit ran out", used = false, width = 0 : i64, work_used = {{[0-9]+}} : i64}
// NOWORK-SAME: peakmem.exact_recompute_sp = {decisions = 0 : i64, finished = false, lower_bound = 0 : i64, min_fill_width = -1 : i64, order_as_written = false, reason = "the work limit ran out", series_parallel = false, used = false, width = 0 : i64, work_used = {{[0-9]+}} : i64}
// NOWORK-SAME: peakmem.fixed_order_bound = {complete = false, lower_bound = 0 : i64, own_bound = 0 : i64, peak = 16384 : i64, reached = false, reason = "the work limit ran out", relaxation = 0 : i64, work_used = {{[0-9]+}} : i64}
func.func @recompute_fill(%in: memref<1024xf32>) -> memref<1024xf32> {
  %cst = arith.constant 1.0 : f32
  %b = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<1024xf32>)
  %e = memref.alloc() : memref<1024xf32>
  linalg.add ins(%b, %in : memref<1024xf32>, memref<1024xf32>) outs(%e : memref<1024xf32>)
  %t1 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%e, %e : memref<1024xf32>, memref<1024xf32>) outs(%t1 : memref<1024xf32>)
  memref.dealloc %e : memref<1024xf32>
  %t2 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t1, %t1 : memref<1024xf32>, memref<1024xf32>) outs(%t2 : memref<1024xf32>)
  %t3 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t1, %t2 : memref<1024xf32>, memref<1024xf32>) outs(%t3 : memref<1024xf32>)
  memref.dealloc %t1 : memref<1024xf32>
  memref.dealloc %t2 : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t3, %b : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %t3 : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return %o : memref<1024xf32>
}

// -----

// %a and %c are not ordered with %d (its add reads %b only), but %c reads
// %a and %b: the dependence order contains an N, so the series-parallel
// fold does not run (series_parallel = false); the sweep still does.
// CHECK-LABEL: func.func @not_series_parallel
// CHECK-SAME: peakmem.exact_recompute = {decisions = {{[0-9]+}} : i64, finished = true
// CHECK-SAME: peakmem.exact_recompute_sp = {decisions = 0 : i64, finished = false, lower_bound = 0 : i64, min_fill_width = 2 : i64, order_as_written = false, reason = "the dependence order is not series-parallel (it contains an N)", series_parallel = false, used = false, width = 0 : i64, work_used = {{[0-9]+}} : i64}
func.func @not_series_parallel(%in: memref<1024xf32>) -> memref<1024xf32> {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<1024xf32>)
  %b = memref.alloc() : memref<1024xf32>
  linalg.add ins(%in, %in : memref<1024xf32>, memref<1024xf32>) outs(%b : memref<1024xf32>)
  %c = memref.alloc() : memref<1024xf32>
  linalg.add ins(%a, %b : memref<1024xf32>, memref<1024xf32>) outs(%c : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  %d = memref.alloc() : memref<1024xf32>
  linalg.add ins(%b, %b : memref<1024xf32>, memref<1024xf32>) outs(%d : memref<1024xf32>)
  memref.dealloc %b : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%c, %d : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %c : memref<1024xf32>
  memref.dealloc %d : memref<1024xf32>
  return %o : memref<1024xf32>
}

// -----

// %b is read early and by the last add, which peaks (12288 B: its own
// inputs and output) whether %b is kept or re-filled before it: the three
// decisions cannot lower the peak and the body stays as written: all three
// exact programs finish at 12288 B, optimal over every recompute plan for
// this order within the bounds (verify-certificate-recompute-invalid.mlir
// checks that claim as a recompute certificate).
// CHECK-LABEL: func.func @no_gain
// CHECK-SAME: peakmem.exact_recompute = {decisions = 3 : i64, finished = true, lower_bound = 12288 : i64
// CHECK-SAME: peakmem.exact_recompute_sp = {decisions = 3 : i64, finished = true, lower_bound = 12288 : i64
// CHECK-SAME: peakmem.exact_recompute_tw = {decisions = 3 : i64, finished = true, lower_bound = 12288 : i64, optimality = "over every recompute plan for the order as written, within the bounds", used = false, width = 3 : i64, work_used = {{[0-9]+}} : i64}
// The sweep's optimum is recorded as the recompute certificate and accepted
// by peakmem-verify-certificate.
// CHECK-SAME: peakmem.recompute_certificate = {found_by = "sweep", kind = "recompute", lower_bound = 12288 : i64, max_mac_overhead = 1.000000e+00 : f64, max_op_overhead = 3.000000e-01 : f64, max_recompute_per_op = 2 : i64, optimal = true, optimality = "optimal over every recompute plan within the bounds (fixed order: the order as written)", order = "as written", peak = 12288 : i64}
// VERIFY-LABEL: func.func @no_gain
// VERIFY-SAME: peakmem.recompute_certificate = {found_by = "sweep", kind = "recompute", lower_bound = 12288 : i64
// REMARK: remark: peakmem-recompute: 'no_gain' unchanged at 12288 bytes: {{.*}}; optimal over every recompute plan within the bounds (fixed order: the order as written) (sweep)
// ARENA-LABEL: func.func @no_gain
// ARENA-NOT: peakmem.recompute_certificate
// ARENA: return
// OPT-LABEL: func.func @no_gain
// OPT-SAME: peakmem.recompute_certificate = {found_by = "sweep", kind = "recompute", lower_bound = 12288 : i64
// Without the work the exact programs do not finish: no certificate.
// NOWORK-LABEL: func.func @no_gain
// NOWORK-SAME: peakmem.exact_recompute_tw = {decisions = 0 : i64, finished = false
// NOWORK-NOT: peakmem.recompute_certificate
// NOWORK: return
func.func @no_gain(%in: memref<1024xf32>) -> memref<1024xf32> {
  %cst = arith.constant 1.0 : f32
  %b = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<1024xf32>)
  %x = memref.alloc() : memref<1024xf32>
  linalg.add ins(%b, %in : memref<1024xf32>, memref<1024xf32>) outs(%x : memref<1024xf32>)
  %y = memref.alloc() : memref<1024xf32>
  linalg.add ins(%x, %x : memref<1024xf32>, memref<1024xf32>) outs(%y : memref<1024xf32>)
  memref.dealloc %x : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%y, %b : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %y : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return %o : memref<1024xf32>
}
