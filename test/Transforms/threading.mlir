// Passes run on many functions in parallel (mlir-opt's default) give exactly
// the output of a single-threaded run: no shared state between functions.
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
// The JSON timeline written by every function under a lock is complete.
// RUN: peakmem-opt %S/Inputs/many-functions.mlir -p 'builtin.module(func.func(peakmem-report{remarks=0 json=%t.json}))' -o /dev/null
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); assert len(d) == 64, len(d)" %t.json
// RUN: peakmem-opt %S/Inputs/many-functions.mlir --peakmem-report='remarks=0 json=%t.module.json' -o /dev/null
// RUN: diff %t.json %t.module.json
// RUN: FileCheck %s < %t.mt
// Every function was reordered and certified optimal (4 n + 8 bytes).
// CHECK-COUNT-63: peakmem.optimal = true
// CHECK: func.func @f63(%arg0: memref<1072xf32>)
// CHECK-SAME: peakmem.optimal = true, peakmem.peak = 4296 : i64
