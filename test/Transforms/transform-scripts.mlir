// RUN: peakmem-opt %s -p 'builtin.module(peakmem-report)' 2>&1 >/dev/null | FileCheck %s --check-prefix=REPORT --implicit-check-not=__transform_main
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-reorder)' 2>&1 >/dev/null | FileCheck %s --check-prefix=REORDER --implicit-check-not=__transform_main
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-recompute)' 2>&1 >/dev/null | FileCheck %s --check-prefix=RECOMPUTE --implicit-check-not=__transform_main
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-certify,peakmem-verify-certificate)' 2>&1 >/dev/null | FileCheck %s --check-prefix=CERTIFY --implicit-check-not=__transform_main
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-plan-arena,peakmem-verify-arena)' 2>&1 >/dev/null | FileCheck %s --check-prefix=ARENA --implicit-check-not=__transform_main
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-optimize)' 2>&1 >/dev/null | FileCheck %s --check-prefix=OPTIMIZE --implicit-check-not=__transform_main
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-report)' | FileCheck %s --check-prefix=IR
//
// A transform script (transform.named_sequence) is function-like but not
// code the program runs: every pass skips it silently, leaves it as it was,
// and still works on the module's functions. Before, each pass said
// "'__transform_main' not modeled: 'transform.structured.match' allocates a
// buffer of dynamic or unknown size".

// REPORT: remark: peakmem: peak of 64 bytes in 'f' reached here
// REORDER: remark: peakmem-reorder: 'f' peak 64 -> 64 bytes
// RECOMPUTE: remark: peakmem-recompute: 'f' unchanged at 64 bytes
// CERTIFY: remark: peakmem-certify: 'f' peak 64 bytes, lower bound 64
// ARENA: remark: peakmem-plan-arena: 'f' arena 64 bytes
// OPTIMIZE: remark: peakmem-reorder: 'f' peak 64 -> 64 bytes
// IR: transform.named_sequence @__transform_main(%{{.*}}: !transform.any_op {transform.readonly}) {
// IR-NEXT: transform.structured.match ops{["linalg.copy"]}
// IR-NEXT: transform.yield
module attributes {transform.with_named_sequence} {
  func.func @f(%in: memref<16xf32>, %out: memref<16xf32>) {
    %a = memref.alloc() : memref<16xf32>
    linalg.copy ins(%in : memref<16xf32>) outs(%a : memref<16xf32>)
    linalg.copy ins(%a : memref<16xf32>) outs(%out : memref<16xf32>)
    memref.dealloc %a : memref<16xf32>
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.copy"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
