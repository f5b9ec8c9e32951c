// Buffers of one nested block share bytes by their own lifetimes inside
// their statement (docs/Arena.md, "Nested blocks"): each op nested in the
// statement is a sub-step (a region's ops in order, a loop body once, the
// regions of an scf.if one after the other), and a buffer allocated and
// freed in one execution of a block lives from its op to the last op of
// that block using it. The bound counts the most nested bytes live at one
// sub-step, so it stays a bound and the arena reaches it here; every plan
// passes the independent check.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{order-search=false}))' --split-input-file -verify-diagnostics | FileCheck %s
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{order-search=false},peakmem-verify-arena))' --split-input-file -verify-diagnostics | FileCheck %s

// a dies at its add before b is allocated, in every iteration: both at 0.
// CHECK-LABEL: func.func @disjoint_in_for
// CHECK: scf.for
// CHECK: memref.view %{{.*}}[%[[A:.*]]][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
// CHECK: memref.view %{{.*}}[%[[B:.*]]][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
// expected-remark @below {{'disjoint_in_for' arena 256 bytes for 2 buffers (0 left out), lower bound 256 (boundary, every order): optimal}}
func.func @disjoint_in_for(%x: f32, %y: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
    linalg.add ins(%a, %y : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>)
    memref.dealloc %a : memref<64xf32>
    %b = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
    linalg.add ins(%b, %y : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>)
    memref.dealloc %b : memref<64xf32>
  }
  return
}

// -----

// a and b are both read by the add: they never share.
// CHECK-LABEL: func.func @overlap_in_for
// CHECK: memref.view %{{.*}}[%c0{{.*}}][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
// CHECK: memref.view %{{.*}}[%c256{{.*}}][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
// expected-remark @below {{'overlap_in_for' arena 512 bytes for 2 buffers (0 left out), lower bound 512 (boundary, every order): optimal}}
func.func @overlap_in_for(%x: f32, %y: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
    %b = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
    linalg.add ins(%a, %b : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>)
    memref.dealloc %a : memref<64xf32>
    memref.dealloc %b : memref<64xf32>
  }
  return
}

// -----

// acc is allocated outside the loop and used in every iteration: it is live
// for the loop's whole step and shares with neither t nor u, which share
// with each other (t dies before u is allocated).
// CHECK-LABEL: func.func @across_iterations
// CHECK: %[[ACC:.*]] = memref.view %{{.*}}[%c0{{.*}}][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
// CHECK: scf.for
// CHECK: memref.view %{{.*}}[%c256{{.*}}][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
// CHECK: memref.view %{{.*}}[%c256{{.*}}][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
// expected-remark @below {{'across_iterations' arena 512 bytes for 3 buffers (0 left out), lower bound 512 (local, every order): optimal}}
func.func @across_iterations(%x: f32, %y: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%acc : memref<64xf32>)
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<64xf32>
    linalg.add ins(%acc, %y : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
    linalg.copy ins(%t : memref<64xf32>) outs(%acc : memref<64xf32>)
    memref.dealloc %t : memref<64xf32>
    %u = memref.alloc() : memref<64xf32>
    linalg.add ins(%acc, %acc : memref<64xf32>, memref<64xf32>) outs(%u : memref<64xf32>)
    linalg.copy ins(%u : memref<64xf32>) outs(%acc : memref<64xf32>)
    memref.dealloc %u : memref<64xf32>
  }
  linalg.copy ins(%acc : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %acc : memref<64xf32>
  return
}

// -----

// A buffer carried from one iteration to the next (an iter_arg) is left out:
// its uses do not show its lifetime. The per-iteration t is placed.
// CHECK-LABEL: func.func @iter_args
// CHECK: memref.alloc() : memref<64xf32>
// CHECK: scf.for
// CHECK: memref.view %{{.*}}[%c0{{.*}}][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
// expected-remark @below {{'iter_args' arena 256 bytes for 1 buffers (1 left out), lower bound 256}}
func.func @iter_args(%x: f32, %y: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{buffer left out of the arena: an alias flows into a result of 'scf.for'}}
  %init = memref.alloc() : memref<64xf32>
  linalg.fill ins(%x : f32) outs(%init : memref<64xf32>)
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<64xf32>) {
    %t = memref.alloc() : memref<64xf32>
    linalg.add ins(%cur, %y : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
    linalg.copy ins(%t : memref<64xf32>) outs(%cur : memref<64xf32>)
    memref.dealloc %t : memref<64xf32>
    scf.yield %cur : memref<64xf32>
  }
  linalg.copy ins(%r : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %init : memref<64xf32>
  return
}

// -----

// The then and else regions count one after the other (conservative: only
// one runs), so a of the then region and b of the else region share; v is
// read while b is written, so it does not share with b (b 128 B at 0, v 64 B
// at 128).
// CHECK-LABEL: func.func @if_regions
// CHECK: scf.if
// CHECK: memref.view %{{.*}}[%c0{{.*}}][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
// CHECK: } else {
// CHECK: memref.view %{{.*}}[%c0{{.*}}][] {peakmem.align = 8 : i64} : memref<256xi8> to memref<16xf64>
// CHECK: memref.view %{{.*}}[%c128{{.*}}][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<16xf32>
// expected-remark @below {{'if_regions' arena 256 bytes for 3 buffers (0 left out), lower bound 256 (boundary, every order): optimal}}
func.func @if_regions(%c: i1, %x: f32, %y: memref<64xf32>) {
  scf.if %c {
    %a = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
    linalg.copy ins(%a : memref<64xf32>) outs(%y : memref<64xf32>)
    memref.dealloc %a : memref<64xf32>
  } else {
    %b = memref.alloc() : memref<16xf64>
    %v = memref.alloc() : memref<16xf32>
    linalg.fill ins(%x : f32) outs(%v : memref<16xf32>)
    linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%v : memref<16xf32>) outs(%b : memref<16xf64>) {
    ^bb0(%in: f32, %out: f64):
      %e = arith.extf %in : f32 to f64
      linalg.yield %e : f64
    }
    memref.dealloc %v : memref<16xf32>
    %w = memref.subview %y[0] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1]>>
    linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%b : memref<16xf64>) outs(%w : memref<16xf32, strided<[1]>>) {
    ^bb0(%in: f64, %out: f32):
      %t = arith.truncf %in : f64 to f32
      linalg.yield %t : f32
    }
    memref.dealloc %b : memref<16xf64>
  }
  return
}

// -----

// Nested loops: a dies before c is allocated, so they share; c is live
// across the inner loop, so the inner body's t (dead at the end of every
// inner iteration) never shares with c. The planner packs the largest first
// at the lowest offset: a and c at 0, t at 256.
// CHECK-LABEL: func.func @nested_loops
// CHECK: memref.view %{{.*}}[%c0{{.*}}][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
// CHECK: memref.view %{{.*}}[%c0{{.*}}][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
// CHECK: scf.for
// CHECK: memref.view %{{.*}}[%c256{{.*}}][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
// expected-remark @below {{'nested_loops' arena 512 bytes for 3 buffers (0 left out), lower bound 512 (boundary, every order): optimal}}
func.func @nested_loops(%x: f32, %y: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
    linalg.add ins(%a, %y : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>)
    memref.dealloc %a : memref<64xf32>
    %c = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%c : memref<64xf32>)
    scf.for %j = %c0 to %n step %c1 {
      %t = memref.alloc() : memref<64xf32>
      linalg.add ins(%c, %y : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
      linalg.copy ins(%t : memref<64xf32>) outs(%y : memref<64xf32>)
      memref.dealloc %t : memref<64xf32>
    }
    linalg.add ins(%c, %y : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>)
    memref.dealloc %c : memref<64xf32>
  }
  return
}

// -----

// Iterations of a parallel region may run at once: their buffers stay plain
// allocations, each with a remark saying why (one slot would be shared by
// iterations running at the same time).
// CHECK-LABEL: func.func @parallel
// CHECK-NOT: memref.view
// CHECK: scf.parallel
// CHECK-NEXT: memref.alloc() : memref<64xf32>
// CHECK: scf.forall
// CHECK-NEXT: memref.alloc() : memref<64xf32>
// CHECK: affine.parallel
// CHECK-NEXT: memref.alloc() : memref<64xf32>
// expected-remark @below {{'parallel' has no buffer to place}}
func.func @parallel(%x: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-remark @below {{buffer left out of the arena: it is allocated in 'scf.parallel', whose region may run concurrently or re-entrantly}}
    %a = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
    memref.dealloc %a : memref<64xf32>
    scf.reduce
  }
  scf.forall (%i) in (4) {
    // expected-remark @below {{buffer left out of the arena: it is allocated in 'scf.forall', whose region may run concurrently or re-entrantly}}
    %a = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
    memref.dealloc %a : memref<64xf32>
  }
  affine.parallel (%i) = (0) to (4) {
    // expected-remark @below {{buffer left out of the arena: it is allocated in 'affine.parallel', whose region may run concurrently or re-entrantly}}
    %a = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
    memref.dealloc %a : memref<64xf32>
  }
  return
}
