// peakmem-recompute also runs the exact fixed-order program
// (docs/Recompute.md, "The exact problem") on the body as written, with a
// hundredth of plan-max-work, and records its outcome as
// peakmem.exact_recompute. `finished = true`: its peak (lower_bound) is
// optimal over every recompute plan for the order as written within the
// bounds; `used`: its plan replaced the planner's (it was lower).
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=1 max-op-overhead=0.3 remarks=0}))' --split-input-file | FileCheck %s
// Without the work (plan-max-work=99: 0 units for the program) it does not
// finish; lower_bound is then its relaxation.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=1 max-op-overhead=0.3 plan-max-work=99 remarks=0}))' --split-input-file | FileCheck %s --check-prefix=NOWORK

// %b (4096 B, a cheap fill) is read early and late across a three-temporary
// region: re-running the fill before the late add gives 12288 B, which is
// the optimum for this order; the planner finds it too, so its plan stays.
// CHECK-LABEL: func.func @recompute_fill
// CHECK-SAME: peakmem.exact_recompute = {decisions = 5 : i64, finished = true, lower_bound = 12288 : i64, optimality = "over every recompute plan for the order as written, within the bounds", used = false, width = 5 : i64, work_used = {{[0-9]+}} : i64}
// CHECK-SAME: peakmem.peak = 12288 : i64
// NOWORK-LABEL: func.func @recompute_fill
// NOWORK-SAME: peakmem.exact_recompute = {decisions = 0 : i64, finished = false, lower_bound = 0 : i64, reason = "the work limit ran out", used = false, width = 0 : i64, work_used = {{[0-9]+}} : i64}
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
