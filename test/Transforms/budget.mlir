// The exact-search budget belongs to the function, shared out over the blocks
// that need a search, not to each block: 40 hard `scf.if` blocks with
// budget-ms=20 cannot each get the 1 ms a search needs, so the remark says
// how many searches ran and how many blocks were left unsearched (with a
// budget per block, every block would be searched). No timing is checked.
// RUN: %python %S/Inputs/gen-many-ifs.py 40 > %t.mlir
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{budget-ms=20}))' -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: peakmem-reorder: 'many_ifs' peak {{[0-9]+}} -> {{[0-9]+}} bytes (best found within budget; lower bound 0); budget-ms=20 for the function: exact search in {{[0-9]+}} of 40 blocks ({{[0-9]+}} stopped by their share), {{[1-9][0-9]*}} not searched (less than 1 ms each left), {{[0-9]+}} ms spent
// A budget of 0 searches nothing: every block keeps its best heuristic order.
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{budget-ms=0}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: budget-ms=0 for the function: exact search in 0 of 40 blocks (0 stopped by their share), {{[1-9][0-9]*}} not searched
// A generous budget searches every block that needs it.
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{budget-ms=2000}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: budget-ms=2000 for the function: exact search in {{[1-9][0-9]*}} of 40 blocks ({{[0-9]+}} stopped by their share), {{[0-9]+}} ms spent
