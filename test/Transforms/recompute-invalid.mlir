// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=-0.5}))' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=2}))' 2>&1 | FileCheck %s --check-prefix=ABOVE
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-recompute-per-op=x}))' 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute))' --split-input-file -verify-diagnostics | FileCheck %s

// NEGATIVE: peakmem-recompute: max-mac-overhead must be in [0, 1], got -0.5{{$}}
// ABOVE: peakmem-recompute: max-mac-overhead must be in [0, 1], got 2{{$}}
// PARSE: for the --max-recompute-per-op option: 'x' value invalid for uint argument!

// Tensor IR is not modeled: unchanged, with a remark.
// CHECK-LABEL: func.func @tensor_ir
// CHECK-NOT: peakmem.peak
// CHECK: return
// expected-remark @below {{'tensor_ir' not modeled: function has tensor arguments or results}}
func.func @tensor_ir(%t: tensor<4xf32>) -> tensor<4xf32> {
  return %t : tensor<4xf32>
}

// -----

// A buffer written by an op with unknown effects is not recomputable: the
// clone would not provably compute the same bits. Nothing changes.
// CHECK-LABEL: func.func @unknown_writer
// CHECK: call @fill_opaque
// CHECK-NOT: call @fill_opaque
func.func private @fill_opaque(memref<1024xf32>)
// expected-remark @below {{peakmem-recompute: 'unknown_writer' unchanged at 16384 bytes}}
func.func @unknown_writer(%in: memref<1024xf32>) -> memref<1024xf32> {
  %b = memref.alloc() : memref<1024xf32>
  call @fill_opaque(%b) : (memref<1024xf32>) -> ()
  %e = memref.alloc() : memref<1024xf32>
  linalg.add ins(%b, %in : memref<1024xf32>, memref<1024xf32>) outs(%e : memref<1024xf32>)
  %t1 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%e, %e : memref<1024xf32>, memref<1024xf32>) outs(%t1 : memref<1024xf32>)
  memref.dealloc %e : memref<1024xf32>
  %t2 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t1, %t1 : memref<1024xf32>, memref<1024xf32>) outs(%t2 : memref<1024xf32>)
  %t3 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t1, %t2 : memref<1024xf32>, memref<1024xf32>) outs(%t3 : memref<1024xf32>)
  memref.dealloc %t1 : memref<1024xf32>
  memref.dealloc %t2 : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t3, %b : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %t3 : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return %o : memref<1024xf32>
}
