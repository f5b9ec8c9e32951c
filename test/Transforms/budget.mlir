// The exact-search budget belongs to the function, shared out over the blocks
// that need a search, not to each block: 40 hard `scf.if` blocks with
// max-work=20000000 cannot each get the 100,000 work units a search needs
// after their bounds, so the remark says how many searches ran and how many
// blocks were left unsearched (with a budget per block, every block would be
// searched). The budget counts work, not time: the remark is the same on any
// machine, so its numbers are checked exactly.
// RUN: %python %S/Inputs/gen-many-ifs.py 40 > %t.mlir
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{max-work=20000000}))' -o /dev/null 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: remark: peakmem-reorder: 'many_ifs' peak 43520 -> 12864 bytes (best found within budget; lower bound 0); max-work=20000000 for the function: exact search in 17 of 40 blocks (14 stopped by their share), 23 not searched (less than 100000 units each left), {{[0-9]+}} units spent
// The same bytes again, single-threaded, and through the pipeline form.
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{max-work=20000000}))' -o /dev/null --mlir-disable-threading 2> %t.st.err
// RUN: diff %t.err %t.st.err
// RUN: peakmem-opt %t.mlir --peakmem-reorder=max-work=20000000 -o /dev/null 2> %t.flag.err
// RUN: diff %t.err %t.flag.err
// A budget of 0 searches nothing: every block keeps its best heuristic order
// (the heuristics always run; their work is counted).
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{max-work=0}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: 43520 -> 18496 bytes (best found within budget; lower bound 0); max-work=0 for the function: exact search in 0 of 40 blocks (0 stopped by their share), 40 not searched (less than 100000 units each left), {{[0-9]+}} units spent
// A generous budget searches every block that needs it, and every search
// finishes: the peak is the optimum.
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{max-work=1000000000}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: 43520 -> 12352 bytes (proven optimal); max-work=1000000000 for the function: exact search in 40 of 40 blocks (0 stopped by their share), {{[0-9]+}} units spent
// The opt-in wall-clock cap: time-limit-ms=1 stops the work at one of its
// first clock readings (the blocks need about 100,000,000 units, a few hundred
// milliseconds; the clock is read every 16,384 units). The remark and a
// warning say that the output is no longer reproducible, and the attribute
// names the time limit. Only a machine 100 times faster than these could
// finish first.
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{max-work=1000000000 time-limit-ms=1}))' 2>&1 | FileCheck %s --check-prefix=CAP
// CAP: warning: peakmem-reorder: 'many_ifs': time-limit-ms=1 fired: this output depends on timing and is not reproducible
// CAP: remark: peakmem-reorder: 'many_ifs' {{.*}} (best found within budget; lower bound 0); stopped by time-limit-ms=1: not reproducible;
// CAP: peakmem.search_stop = [{{.*}}"time-limit"]
