// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-verify-certificate))' --split-input-file -verify-diagnostics
// The recompute certificate (docs/Certificates.md, "The recompute kind"):
// every edit of a true record (the optimum of @no_gain in
// recompute-exact.mlir, which all three exact programs find) is rejected with
// one error at the function; the verifier enumerates every plan itself.
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-verify-certificate{max-work=10}))' --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMALL
// SMALL: error: peakmem: certificate of 'f' recompute record not checked: enumerating every recompute plan within the bounds costs more than the 10 work units left

// The least peak was lowered (no plan reaches it).
// expected-error @below {{peakmem: certificate of 'f' rejected: recompute record: the least peak over every recompute plan within the bounds is 12288 bytes, not the claimed 8192}}
func.func @f(%in: memref<1024xf32>) -> memref<1024xf32> attributes {peakmem.recompute_certificate = {found_by = "sweep", kind = "recompute", lower_bound = 8192 : i64, max_mac_overhead = 1.0 : f64, max_op_overhead = 0.3 : f64, max_recompute_per_op = 2 : i64, optimal = false, order = "as written", peak = 12288 : i64}} {
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

// -----

// The recorded peak was edited.
// expected-error @below {{peakmem: certificate of 'f' rejected: recompute record: 'peak' is 16384 but the block as written peaks at 12288 bytes}}
func.func @f(%in: memref<1024xf32>) -> memref<1024xf32> attributes {peakmem.recompute_certificate = {found_by = "sweep", kind = "recompute", lower_bound = 16384 : i64, max_mac_overhead = 1.0 : f64, max_op_overhead = 0.3 : f64, max_recompute_per_op = 2 : i64, optimal = true, optimality = "optimal over every recompute plan for the order as written in which each clone re-runs its group from the original inputs (no chains), within the bounds", order = "as written", peak = 16384 : i64}} {
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

// -----

// 'optimal' flipped.
// expected-error @below {{peakmem: certificate of 'f' rejected: recompute record: 'optimal' or 'optimality' does not match lower_bound == peak}}
func.func @f(%in: memref<1024xf32>) -> memref<1024xf32> attributes {peakmem.recompute_certificate = {found_by = "sweep", kind = "recompute", lower_bound = 12288 : i64, max_mac_overhead = 1.0 : f64, max_op_overhead = 0.3 : f64, max_recompute_per_op = 2 : i64, optimal = false, optimality = "optimal over every recompute plan for the order as written in which each clone re-runs its group from the original inputs (no chains), within the bounds", order = "as written", peak = 12288 : i64}} {
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

// -----

// Optimality claimed where a plan is lower: re-filling %b before the last add peaks at 12288 B.
// expected-error @below {{peakmem: certificate of 'f' rejected: recompute record: the plan with buffer 0 before statement 6 peaks at 12288 bytes, below the claimed 16384}}
func.func @f(%in: memref<1024xf32>) -> memref<1024xf32> attributes {peakmem.recompute_certificate = {found_by = "sweep", kind = "recompute", lower_bound = 16384 : i64, max_mac_overhead = 1.0 : f64, max_op_overhead = 0.3 : f64, max_recompute_per_op = 2 : i64, optimal = true, optimality = "optimal over every recompute plan for the order as written in which each clone re-runs its group from the original inputs (no chains), within the bounds", order = "as written", peak = 16384 : i64}} {
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

// The same claim with a zero operation budget holds (no plan clones the fill).
func.func @f(%in: memref<1024xf32>) -> memref<1024xf32> attributes {peakmem.recompute_certificate = {found_by = "sweep", kind = "recompute", lower_bound = 16384 : i64, max_mac_overhead = 1.0 : f64, max_op_overhead = 0.0 : f64, max_recompute_per_op = 2 : i64, optimal = true, optimality = "optimal over every recompute plan for the order as written in which each clone re-runs its group from the original inputs (no chains), within the bounds", order = "as written", peak = 16384 : i64}} {
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

// The per-op bound out of range.
// expected-error @below {{peakmem: certificate of 'f' rejected: recompute record: malformed: bounds out of range (max_recompute_per_op in [0, 64], overheads in [0, 1])}}
func.func @f(%in: memref<1024xf32>) -> memref<1024xf32> attributes {peakmem.recompute_certificate = {found_by = "sweep", kind = "recompute", lower_bound = 12288 : i64, max_mac_overhead = 1.0 : f64, max_op_overhead = 0.3 : f64, max_recompute_per_op = -1 : i64, optimal = true, optimality = "optimal over every recompute plan for the order as written in which each clone re-runs its group from the original inputs (no chains), within the bounds", order = "as written", peak = 12288 : i64}} {
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

// -----

// An unknown kind.
// expected-error @below {{peakmem: certificate of 'f' rejected: recompute record: malformed: kind must be "recompute" and order "as written"}}
func.func @f(%in: memref<1024xf32>) -> memref<1024xf32> attributes {peakmem.recompute_certificate = {found_by = "sweep", kind = "recompute-joint", lower_bound = 12288 : i64, max_mac_overhead = 1.0 : f64, max_op_overhead = 0.3 : f64, max_recompute_per_op = 2 : i64, optimal = true, optimality = "optimal over every recompute plan for the order as written in which each clone re-runs its group from the original inputs (no chains), within the bounds", order = "as written", peak = 12288 : i64}} {
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

// -----

// Not a dictionary.
// expected-error @below {{peakmem: certificate of 'f' rejected: recompute record: 'peakmem.recompute_certificate' is not a dictionary}}
func.func @f(%in: memref<1024xf32>) -> memref<1024xf32> attributes {peakmem.recompute_certificate = "optimal"} {
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

// -----

// A stale record: the true record of @no_gain (recompute-exact.mlir, as
// peakmem-recompute writes it) left on the body after a change that keeps
// %y alive across the last add: the verifier models the body as it stands.
// expected-error @below {{peakmem: certificate of 'f' rejected: recompute record: 'peak' is 12288 but the block as written peaks at 16384 bytes}}
func.func @f(%in: memref<1024xf32>) -> (memref<1024xf32>, memref<1024xf32>) attributes {peakmem.recompute_certificate = {found_by = "sweep", kind = "recompute", lower_bound = 12288 : i64, max_mac_overhead = 1.000000e+00 : f64, max_op_overhead = 3.000000e-01 : f64, max_recompute_per_op = 2 : i64, optimal = true, optimality = "optimal over every recompute plan for the order as written in which each clone re-runs its group from the original inputs (no chains), within the bounds", order = "as written", peak = 12288 : i64}} {
  %cst = arith.constant 1.0 : f32
  %b = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<1024xf32>)
  %x = memref.alloc() : memref<1024xf32>
  linalg.add ins(%b, %in : memref<1024xf32>, memref<1024xf32>) outs(%x : memref<1024xf32>)
  %y = memref.alloc() : memref<1024xf32>
  linalg.add ins(%x, %x : memref<1024xf32>, memref<1024xf32>) outs(%y : memref<1024xf32>)
  %z = memref.alloc() : memref<1024xf32>
  linalg.add ins(%x, %y : memref<1024xf32>, memref<1024xf32>) outs(%z : memref<1024xf32>)
  memref.dealloc %x : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%z, %b : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %z : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return %o, %y : memref<1024xf32>, memref<1024xf32>
}
