// The options of peakmem-optimize reach its steps, in the flag form and in a
// pipeline string, on the module and nested.
// RUN: peakmem-opt %s --peakmem-optimize 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-optimize))' 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: peakmem-opt %s '--peakmem-optimize=max-mac-overhead=0.3 max-op-overhead=0.3 reorder-max-work=200000000' 2>&1 | FileCheck %s --check-prefix=MACS
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-optimize{max-mac-overhead=0.3 max-op-overhead=0.3 plan-max-work=200000000})' 2>&1 | FileCheck %s --check-prefix=MACS
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-optimize{max-mac-overhead=0.3 max-op-overhead=0.3}))' 2>&1 | FileCheck %s --check-prefix=MACS
// Budgets per phase, in work units.
// RUN: peakmem-opt %s '--peakmem-optimize=max-mac-overhead=0.3 max-op-overhead=0.3 reorder-max-work=1000000000 plan-max-work=1000000000 certify-max-work=1000000000' 2>&1 | FileCheck %s --check-prefix=MACS
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder,peakmem-recompute{max-mac-overhead=0.3 max-op-overhead=0.3 reorder-max-work=0 plan-max-work=1000000000},peakmem-certify))' 2>&1 | FileCheck %s --check-prefix=MACS
// The options reach the steps (the expanded pipeline), time-limit-ms to each.
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-optimize{reorder-max-work=11 plan-max-work=22 certify-max-work=33 time-limit-ms=44})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=STEPS
// STEPS: peakmem-reorder{algorithm=auto max-memo-entries=1048576 max-states=2000000 max-work=11 remarks=true time-limit-ms=44}
// STEPS-NEXT: peakmem-recompute{max-mac-overhead=4.000000e-03 max-op-overhead=1.000000e-02 max-recompute-per-op=2 plan-max-work=22 remarks=true reorder-max-work=0 time-limit-ms=44}
// STEPS-NEXT: peakmem-certify{max-work=33 remarks=true time-limit-ms=44}
// RUN: peakmem-opt %s '--peakmem-optimize=max-mac-overhead=0.3 max-op-overhead=0.3 max-recompute-per-op=0' 2>&1 | FileCheck %s --check-prefix=PEROP
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-optimize{algorithm=xla-list reorder-max-work=0})' 2>&1 | FileCheck %s --check-prefix=ALGO
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-optimize{remarks=0})' -o /dev/null 2>&1 | count 0
// RUN: peakmem-opt %s '--peakmem-optimize=arena=alloc' 2>&1 | FileCheck %s --check-prefix=ARENA
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-optimize{arena=alloc}),peakmem-verify-arena,peakmem-verify-certificate)' -o /dev/null
// The arena options reach peakmem-plan-arena (the expanded pipeline).
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-optimize{arena=alloc arena-budget-ms=7 arena-order-search=false arena-max-live-increase=64})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=ARENA-OPTS
// ARENA-OPTS: peakmem-plan-arena{alignment=1 allocator=malloc arena=alloc budget-ms=7 inputs-in-arena=false json= materialize=true max-live-increase=64 max-work=0 order-search=false remarks=true}
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-optimize{arena=alloc arena-allocator=caching})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=ARENA-ALLOCATOR
// ARENA-ALLOCATOR: peakmem-plan-arena{alignment=1 allocator=caching arena=alloc

// Fork-join (as in reorder.mlir): 2052 bytes as written, 1032 at best.
// DEFAULT: remark: peakmem-reorder: 'fork_join' peak 2052 -> 1032 bytes (proven optimal)
// With algorithm=xla-list the exact search does not run (a heuristic's order,
// no bound computed), and reorder-max-work=0 leaves no work for it anyway.
// ALGO: remark: peakmem-reorder: 'fork_join' peak 2052 -> 1032 bytes (best found within budget; lower bound 0)

// recompute_fill (as in recompute.mlir): recomputing the fill lowers the peak
// from 16384 to 12288 bytes for 16.7% more MACs, above the default
// max-mac-overhead (0.004), within 0.3; max-recompute-per-op=0 forbids it.
// DEFAULT: remark: peakmem-recompute: 'recompute_fill' unchanged at 16384 bytes
// DEFAULT: func.func @recompute_fill({{.*}}peakmem.optimal = true, peakmem.peak = 16384 : i64, peakmem.recompute = {cloned_ops = 0 : i64, 
// MACS: remark: peakmem-recompute: 'recompute_fill' peak 16384 -> 12288 bytes by recomputing 1 ops
// MACS: func.func @recompute_fill({{.*}}peakmem.optimal = true, peakmem.peak = 12288 : i64, peakmem.recompute = {cloned_ops = 1 : i64, 
// PEROP: remark: peakmem-recompute: 'recompute_fill' unchanged at 16384 bytes: maxRecomputePerOp is 0
// PEROP: func.func @recompute_fill({{.*}}peakmem.peak = 16384 : i64, peakmem.recompute = {cloned_ops = 0 : i64, 

// arena=alloc ends with peakmem-plan-arena on the final order: fork_join's
// four 256xf32 buffers and the 1xf32 result pack into 1032 bytes, the bound
// over every order; certify then describes the planned program (the arena,
// 1032 bytes + its 4-byte alignment padding).
// ARENA: remark: peakmem-plan-arena: 'fork_join' arena 1032 bytes for 4 buffers (0 left out), lower bound 1032 (pairwise, every order): optimal
// ARENA: remark: peakmem-certify: 'fork_join' peak 1036 bytes, lower bound 1036 (boundary): optimal
// ARENA: func.func @fork_join({{.*}}peakmem.arena_optimal = true, peakmem.arena_size = 1032 : i64

func.func @fork_join(%in: memref<256xf32>, %out: memref<1xf32>) {
  %a1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%a1 : memref<256xf32>)
  %b1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%b1 : memref<256xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  memref.dealloc %a1 : memref<256xf32>
  %vb = memref.subview %b1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  memref.dealloc %b1 : memref<256xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%out : memref<1xf32>)
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return
}

func.func @recompute_fill(%in: memref<1024xf32>) -> memref<1024xf32> {
  %cst = arith.constant 1.0 : f32
  %b = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<1024xf32>)
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
