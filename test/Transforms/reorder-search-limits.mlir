// Honest search reports (issue 15): an exact search stopped by one of its
// limits says which one, in the remark and in `peakmem.search_stop`, and
// algorithm=exact starts from the best heuristic, so it is never worse than
// auto under the same limits (it used to search from the block's own order
// and return 6,720 B where auto found 1,032 B). One `scf.if` block of 16
// producers read in pairs by 20 consumers: no search finishes in one state.
// RUN: %python %S/Inputs/gen-many-ifs.py 1 > %t.mlir

// The state cap stops both searches; exact ends where auto ends, far below
// the block's own order (26,880 B), and the cap is named with its value.
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{max-work=1000000000 max-states=1}))' 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{algorithm=exact max-work=1000000000 max-states=1}))' 2>&1 | FileCheck %s --check-prefix=EXACT
// AUTO: remark: peakmem-reorder: 'many_ifs' peak 26880 -> 7232 bytes (best found within the state cap; lower bound 0); max-work=1000000000 for the function: exact search in 1 of 1 block (0 stopped by their share), {{[0-9]+}} units spent; 1 search stopped by the state cap (max-states=1)
// AUTO: attributes {peakmem.peak = 7232 : i64, peakmem.reorder = {lower_bound = 0 : i64, peak_after = 7232 : i64, peak_before = 26880 : i64, search = "stopped"}, peakmem.search_stop = ["state-cap"]}
// EXACT: remark: peakmem-reorder: 'many_ifs' peak 26880 -> 7232 bytes (best found within the state cap; lower bound 0); max-work=1000000000 for the function: exact search in 1 of 1 block (0 stopped by their share), {{[0-9]+}} units spent; 1 search stopped by the state cap (max-states=1)
// EXACT: attributes {peakmem.peak = 7232 : i64, peakmem.reorder = {lower_bound = 0 : i64, peak_after = 7232 : i64, peak_before = 26880 : i64, search = "stopped"}, peakmem.search_stop = ["state-cap"]}

// A full memo does not stop the search; the remark says it filled up.
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{algorithm=exact max-states=50 max-memo-entries=1}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MEMO
// MEMO: 1 search stopped by the state cap (max-states=50); 1 search filled the memo (max-memo-entries=1)

// The work budget stops a search: the remark keeps saying "within budget"
// and the attribute names the work limit.
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{max-work=300000}))' 2>&1 | FileCheck %s --check-prefix=WORK
// WORK: (best found within budget; lower bound 0); max-work=300000 for the function: exact search in 1 of 1 block (1 stopped by their share), {{[0-9]+}} units spent
// WORK: peakmem.search_stop = ["work-limit"]
// max-work=0 gives the search no work at all: it is not even started, and
// there is no search to name in the attribute.
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{max-work=0}))' 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: (best found within budget; lower bound 0); max-work=0 for the function: exact search in 0 of 1 block (0 stopped by their share), 1 not searched
// ZERO-NOT: peakmem.search_stop

// Without limits in the way the search finishes: proven, no attribute.
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder))' 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: remark: peakmem-reorder: 'many_ifs' peak 26880 -> 6720 bytes (proven optimal)
// FULL-NOT: peakmem.search_stop

// peakmem-optimize passes the caps on to its reorder step.
// RUN: peakmem-opt %t.mlir -p 'builtin.module(peakmem-optimize{algorithm=exact max-states=1 max-memo-entries=1000})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: remark: peakmem-reorder: 'many_ifs' peak 26880 -> 7232 bytes (best found within the state cap; lower bound 0){{.*}}1 search stopped by the state cap (max-states=1)
