// Passes run on many functions in parallel (mlir-opt's default) give exactly
// the output of a single-threaded run, IR and diagnostics byte for byte: no
// shared state between functions, and every limit counts work, never time.
// RUN: peakmem-opt %S/Inputs/many-functions.mlir -p 'builtin.module(func.func(peakmem-optimize,peakmem-verify-certificate,peakmem-report{remarks=0}))' -o %t.mt 2>/dev/null
// RUN: peakmem-opt %S/Inputs/many-functions.mlir -p 'builtin.module(func.func(peakmem-optimize,peakmem-verify-certificate,peakmem-report{remarks=0}))' --mlir-disable-threading -o %t.st 2>/dev/null
// RUN: diff %t.mt %t.st
// The same at module level, in the flag form: the passes process the
// functions in parallel themselves, and give the nested form's output.
// RUN: peakmem-opt %S/Inputs/many-functions.mlir --peakmem-optimize --peakmem-verify-certificate --peakmem-report=remarks=0 -o %t.flag.mt 2>/dev/null
// RUN: peakmem-opt %S/Inputs/many-functions.mlir --peakmem-optimize --peakmem-verify-certificate --peakmem-report=remarks=0 --mlir-disable-threading -o %t.flag.st 2>/dev/null
// RUN: diff %t.flag.mt %t.flag.st
// RUN: diff %t.mt %t.flag.mt
// Remarks come in function order whatever the threads do.
// RUN: peakmem-opt %S/Inputs/many-functions.mlir --peakmem-reorder -o /dev/null 2> %t.remarks.mt
// RUN: peakmem-opt %S/Inputs/many-functions.mlir --peakmem-reorder --mlir-disable-threading -o /dev/null 2> %t.remarks.st
// RUN: diff %t.remarks.mt %t.remarks.st
// The JSON timeline is complete, and the same in both forms.
// RUN: peakmem-opt %S/Inputs/many-functions.mlir -p 'builtin.module(func.func(peakmem-report{remarks=0 json=%t.json}))' -o /dev/null
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); assert len(d) == 64, len(d)" %t.json
// RUN: peakmem-opt %S/Inputs/many-functions.mlir --peakmem-report='remarks=0 json=%t.module.json' -o /dev/null
// RUN: diff %t.json %t.module.json
// RUN: peakmem-opt %S/Inputs/many-functions.mlir --peakmem-report='remarks=0 json=%t.module.st.json' --mlir-disable-threading -o /dev/null
// RUN: diff %t.json %t.module.st.json
// RUN: FileCheck %s < %t.mt
// Every function was reordered and certified optimal (4 n + 8 bytes).
// CHECK-COUNT-63: peakmem.optimal = true
// CHECK: func.func @f63(%arg0: memref<1072xf32>)
// CHECK-SAME: peakmem.optimal = true, peakmem.peak = 4296 : i64

// Functions whose searches and plans are cut by their work budgets: with a
// wall-clock budget, how far each got would depend on what the other
// threads did (and differed between runs). 24 functions of 3 hard blocks
// each; every pass of peakmem-optimize, the certificates' check and every
// diagnostic, threaded or not, twice, in both forms (whose diagnostics come
// in another order: pass by pass instead of function by function).
// RUN: %python %S/Inputs/gen-many-ifs.py 3 12 16 7 24 > %t.hard.mlir
// RUN: peakmem-opt %t.hard.mlir -p 'builtin.module(func.func(peakmem-optimize{reorder-max-work=3000000 certify-max-work=5000000},peakmem-verify-certificate))' -o %t.hard.mt 2> %t.hard.mt.err
// RUN: peakmem-opt %t.hard.mlir -p 'builtin.module(func.func(peakmem-optimize{reorder-max-work=3000000 certify-max-work=5000000},peakmem-verify-certificate))' -o %t.hard.mt2 2> %t.hard.mt2.err
// RUN: peakmem-opt %t.hard.mlir -p 'builtin.module(func.func(peakmem-optimize{reorder-max-work=3000000 certify-max-work=5000000},peakmem-verify-certificate))' --mlir-disable-threading -o %t.hard.st 2> %t.hard.st.err
// RUN: peakmem-opt %t.hard.mlir '--peakmem-optimize=reorder-max-work=3000000 certify-max-work=5000000' --peakmem-verify-certificate -o %t.hard.flag 2> %t.hard.flag.err
// RUN: peakmem-opt %t.hard.mlir '--peakmem-optimize=reorder-max-work=3000000 certify-max-work=5000000' --peakmem-verify-certificate --mlir-disable-threading -o %t.hard.flag.st 2> %t.hard.flag.st.err
// RUN: diff %t.hard.mt %t.hard.mt2
// RUN: diff %t.hard.mt.err %t.hard.mt2.err
// RUN: diff %t.hard.mt %t.hard.st
// RUN: diff %t.hard.mt.err %t.hard.st.err
// RUN: diff %t.hard.mt %t.hard.flag
// RUN: diff %t.hard.flag %t.hard.flag.st
// RUN: diff %t.hard.flag.err %t.hard.flag.st.err
// RUN: FileCheck %s --check-prefix=HARD < %t.hard.mt.err
// The budgets did cut searches (so the test can tell).
// HARD: remark: peakmem-reorder: 'many_ifs_1' {{.*}}(best found within budget
