// REQUIRES: plugin
// Stock mlir-opt loads peakmem as a pass plugin and runs it through
// --pass-pipeline (plugin passes are not command-line flags there).
// RUN: %mlir_opt %s --load-pass-plugin=%plugin --pass-pipeline='builtin.module(func.func(peakmem-report{remarks=0}))' | FileCheck %s
// Op-agnostic nesting reaches any function-like op.
// RUN: %mlir_opt %s --load-pass-plugin=%plugin --pass-pipeline='builtin.module(any(peakmem-report{remarks=0}))' | FileCheck %s

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
