// REQUIRES: plugin
// Stock mlir-opt loads peakmem as a pass plugin and runs it through
// --pass-pipeline (plugin passes are not command-line flags there).
// RUN: %mlir_opt %s --load-pass-plugin=%plugin --pass-pipeline='builtin.module(func.func(peakmem-report{remarks=0}))' | FileCheck %s
// Op-agnostic nesting reaches any function-like op.
// RUN: %mlir_opt %s --load-pass-plugin=%plugin --pass-pipeline='builtin.module(any(peakmem-report{remarks=0}))' | FileCheck %s
// At module level, passes and the pipeline work on every function.
// RUN: %mlir_opt %s --load-pass-plugin=%plugin --pass-pipeline='builtin.module(peakmem-report{remarks=0})' | FileCheck %s
// RUN: %mlir_opt %s --load-pass-plugin=%plugin --pass-pipeline='builtin.module(peakmem-optimize)' 2>&1 | FileCheck %s --check-prefix=OPTIMIZE
// OPTIMIZE: remark: peakmem-certify: 'two_buffers' peak 512 bytes, lower bound 512 (boundary): optimal
// OPTIMIZE: peakmem.optimal = true, peakmem.peak = 512 : i64
// The plugin gives peakmem-opt's result, on functions of every kind and depth
// (the input of pass-forms.mlir), with the pipeline's options.
// RUN: %mlir_opt %S/pass-forms.mlir --load-pass-plugin=%plugin --pass-pipeline='builtin.module(peakmem-optimize{max-mac-overhead=0.3 max-op-overhead=0.3 plan-max-work=200000000})' > %t.plugin 2> %t.plugin.diag
// RUN: peakmem-opt %S/pass-forms.mlir '--peakmem-optimize=max-mac-overhead=0.3 max-op-overhead=0.3 plan-max-work=200000000' > %t.opt 2> %t.opt.diag
// RUN: diff %t.plugin %t.opt
// RUN: diff %t.plugin.diag %t.opt.diag
// RUN: FileCheck %s --check-prefix=KINDS < %t.plugin
// KINDS: gpu.func @gpu_fork_join({{.*}}peakmem.optimal = true, peakmem.peak = 1032 : i64, peakmem.recompute = {
// KINDS: func.func @inner_fork_join({{.*}}peakmem.optimal = true, peakmem.peak = 1032 : i64, peakmem.recompute = {
// KINDS: func.func @recompute_fill({{.*}}peakmem.optimal = true, peakmem.peak = 12288 : i64, peakmem.recompute = {cloned_ops = 1 : i64, 
// Invalid options are refused the same way.
// RUN: not %mlir_opt %s --load-pass-plugin=%plugin --pass-pipeline='builtin.module(peakmem-optimize{max-mac-overhead=1.0000001})' 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: not %mlir_opt %s --load-pass-plugin=%plugin --pass-pipeline='builtin.module(peakmem-recompute{max-mac-overhead=1.0000001})' 2>&1 | FileCheck %s --check-prefix=INVALID
// INVALID: error: peakmem-{{optimize|recompute}}: max-mac-overhead must be in [0, 1], got 1.0000001{{$}}

// CHECK-LABEL: func.func @two_buffers
// CHECK-SAME: peakmem.peak = 512 : i64
func.func @two_buffers(%in: memref<64xf32>) -> memref<64xf32> {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return %b : memref<64xf32>
}
