// Bad options are errors before any IR is touched, in every form.
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{arena=heap}))' 2>&1 | FileCheck %s --check-prefix=ARENA
// RUN: not peakmem-opt %s --peakmem-plan-arena=arena=heap 2>&1 | FileCheck %s --check-prefix=ARENA
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{alignment=24}))' 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-plan-arena{alignment=0})' 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{max-live-increase=-1}))' 2>&1 | FileCheck %s --check-prefix=LIVE
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{allocator=cuda}))' 2>&1 | FileCheck %s --check-prefix=ALLOCATOR
// RUN: not peakmem-opt %s --peakmem-plan-arena=allocator=Caching 2>&1 | FileCheck %s --check-prefix=ALLOCATOR-CASE
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-materialize-arena{allocator=}))' 2>&1 | FileCheck %s --check-prefix=MATERIALIZE-ALLOCATOR
// A power of two too large to round sizes with (2^61): refused when read,
// not an internal error later; the same for peakmem-optimize's
// arena-alignment.
// RUN: not peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{alignment=2305843009213693952}))' 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not peakmem-opt %s -p 'builtin.module(peakmem-optimize{arena=alloc arena-alignment=2305843009213693952})' 2>&1 | FileCheck %s --check-prefix=HUGE-OPT

// ARENA: error: peakmem-plan-arena: unknown arena='heap' (alloc | argument)
// ALIGN: error: peakmem-plan-arena: alignment=24 is not a power of two
// ZERO: error: peakmem-plan-arena: alignment=0 is not a power of two
// LIVE: error: peakmem-plan-arena: max-live-increase must be >= 0, got -1
// ALLOCATOR: error: peakmem-plan-arena: unknown allocator='cuda' (malloc | caching)
// ALLOCATOR-CASE: error: peakmem-plan-arena: unknown allocator='Caching' (malloc | caching)
// MATERIALIZE-ALLOCATOR: error: peakmem-materialize-arena: unknown allocator='' (malloc | caching)
// HUGE: error: peakmem-plan-arena: alignment=2305843009213693952 is above the largest supported alignment 4294967296
// HUGE-OPT: error: peakmem-optimize: alignment=2305843009213693952 is above the largest supported alignment 4294967296
func.func @f(%y: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%y : memref<16xf32>) outs(%a : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  return
}
