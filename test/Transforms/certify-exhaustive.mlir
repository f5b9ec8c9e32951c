// The exhaustive certificate kind: when the best lower bound leaves a gap,
// peakmem-certify enumerates the ideals that steps below the peak reach; if
// the full set is not among them no order peaks lower, and the record says
// how many ideals it enumerated. peakmem-verify-certificate enumerates again
// (never running the search) and rejects any edit. The block: one `scf.if`
// with 6 producers read in pairs by 8 consumers (its best bound is below the
// optimum the reorder finds).
// RUN: %python %S/Inputs/gen-many-ifs.py 1 6 8 2 > %t.mlir
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-certify{remarks=0},peakmem-verify-certificate))' | FileCheck %s
// CHECK: peakmem.nested = [{certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "exhaustive", witness = 237 : i64}, lower_bound = 2624 : i64, optimal = true, peak = 2624 : i64

// The recorded number of ideals was edited.
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-certify{remarks=0}))' | sed 's/witness = 237/witness = 236/' | not peakmem-opt -p 'builtin.module(func.func(peakmem-verify-certificate))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: error: peakmem: certificate of 'many_ifs' rejected: nested block of 'scf.if': exhaustive: 237 ideals enumerated, the certificate records 236

// The claim was raised above the optimum (peak and bound together).
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-certify{remarks=0}))' | sed 's/lower_bound = 2624 : i64, optimal = true, peak = 2624/lower_bound = 2625 : i64, optimal = true, peak = 2625/' | not peakmem-opt -p 'builtin.module(func.func(peakmem-verify-certificate))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CLAIM
// CLAIM: error: peakmem: certificate of 'many_ifs' rejected: nested block of 'scf.if': the order peaks at 2624 bytes, the certificate claims 2625
