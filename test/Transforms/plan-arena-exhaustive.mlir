// The arena's lower bound over every order uses the same certificate as
// peakmem-certify: when the closure bounds leave a gap (here 2560 B against
// an optimal live peak of 2624 B), an enumeration of the executed sets shows
// that no order peaks lower, so an arena of 2624 B is proven optimal over
// every order and placement. peakmem-verify-arena enumerates again (never
// trusting the planner) and rejects a bound that some order beats. The block:
// gen-many-ifs.py's block unwrapped into the function body (6 producers read
// in pairs by 8 consumers: a vertex-separation problem).
// RUN: %python %S/Inputs/gen-many-ifs.py 1 6 8 2 | sed -e '/^  scf.if %c {$/d' -e '/^  }$/d' > %t.mlir
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-plan-arena,peakmem-verify-arena))' 2>&1 | FileCheck %s
// CHECK: remark: peakmem-plan-arena: 'many_ifs' arena 2624 bytes for 14 buffers (0 left out), lower bound 2624 (exhaustive, every order): optimal
// CHECK: func.func @many_ifs(%arg0
// CHECK-SAME: peakmem.arena_lower_bound = 2624 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 2624 : i64

// A claim raised to the arena of the order as written (3840 B; an order of
// 2624 B exists): rejected by the enumeration.
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-plan-arena{order-search=false remarks=0}))' | sed 's/arena_lower_bound = 2560 : i64, peakmem.arena_optimal = false/arena_lower_bound = 3840 : i64, peakmem.arena_optimal = true/' | not peakmem-opt -p 'builtin.module(func.func(peakmem-verify-arena))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CLAIM
// CLAIM: error: peakmem-verify-arena: peakmem.arena_lower_bound 3840 is not supported: the bound over every order recomputed from the IR is 2560
