// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{arena=heap}))' -verify-diagnostics
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{alignment=24}))' 2>&1 | FileCheck %s --check-prefix=ALIGN
// Bad options are errors at the function and change nothing.

// ALIGN: error: peakmem-plan-arena: alignment=24 is not a power of two
// expected-error @below {{peakmem-plan-arena: unknown arena='heap' (alloc | argument)}}
func.func @f(%y: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%y : memref<16xf32>) outs(%a : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  return
}
