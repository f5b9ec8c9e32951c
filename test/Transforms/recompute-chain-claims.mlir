// The fixed-order claims say which plans they range over (review s13 D3):
// each clone re-runs its producer group from the original inputs (no
// chains). Here the planner's plan keeps the order as written but chains
// (d's clone reads x's clone, so x is freed early) and peaks at 12288 B,
// below the optimum over the no-chain plans (16384 B, exact_recompute and
// the budget-aware bound): the records say "no chains", and the bound is a
// claim that no such plan peaks below the plan, not an optimality claim.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=1 max-op-overhead=1 remarks=0}))' | FileCheck %s
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: peakmem.exact_recompute = {decisions = 5 : i64, finished = true, lower_bound = 16384 : i64, optimality = "over every recompute plan for the order as written in which each clone re-runs its group from the original inputs (no chains), within the bounds"
// CHECK-SAME: peakmem.fixed_order_bound = {claim = "no plan peaks below it among every recompute plan for the order as written in which each clone re-runs its group from the original inputs (no chains), within the bounds", complete = true, lower_bound = 16384 : i64, own_bound = 12288 : i64, peak = 12288 : i64, reached = true
// CHECK-SAME: peakmem.peak = 12288 : i64
func.func @chain(%in: memref<1024xf32>) -> memref<1024xf32> {
  %x = memref.alloc() : memref<1024xf32>
  linalg.add ins(%in, %in : memref<1024xf32>, memref<1024xf32>) outs(%x : memref<1024xf32>)
  %d = memref.alloc() : memref<1024xf32>
  linalg.add ins(%x, %x : memref<1024xf32>, memref<1024xf32>) outs(%d : memref<1024xf32>)
  memref.dealloc %x : memref<1024xf32>
  %t1 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%d, %d : memref<1024xf32>, memref<1024xf32>) outs(%t1 : memref<1024xf32>)
  %t2 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t1, %t1 : memref<1024xf32>, memref<1024xf32>) outs(%t2 : memref<1024xf32>)
  %t3 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t1, %t2 : memref<1024xf32>, memref<1024xf32>) outs(%t3 : memref<1024xf32>)
  memref.dealloc %t1 : memref<1024xf32>
  memref.dealloc %t2 : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t3, %d : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %t3 : memref<1024xf32>
  memref.dealloc %d : memref<1024xf32>
  return %o : memref<1024xf32>
}
