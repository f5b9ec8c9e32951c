// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-verify-arena))' --split-input-file -verify-diagnostics
// Mutations of a valid plan, each rejected by peakmem-verify-arena with an
// error at the offending op. The base is the plan peakmem-plan-arena writes
// for a chain of three 64xf32 buffers (256 B each): a at 0, b at 256, c at 0
// (c reuses a), arena 512 = the bound; one edit per case.

// c moved onto b (256): b and c are live together at the copy b -> c.
func.func @reuse(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  %c256 = arith.constant 256 : index
  // expected-note @below {{the other view}}
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  %c0_1 = arith.constant 256 : index
    // expected-error @below {{view [256, 512) overlaps a view [256, 512) live at the same time}}
  %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%view_0 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
  linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

// a moved onto b: live together at the copy a -> b.
func.func @reuse(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 256 : index
  // expected-note @below {{the other view}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  %c256 = arith.constant 256 : index
    // expected-error @below {{view [256, 512) overlaps a view [256, 512) live at the same time}}
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  %c0_1 = arith.constant 0 : index
  %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%view_0 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
  linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

// b shifted by 8 bytes: [264, 520) passes the end of the 512-byte arena.
func.func @reuse(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  %c256 = arith.constant 264 : index
    // expected-error @below {{view [264, 520) lies outside the arena of 512 bytes}}
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  %c0_1 = arith.constant 0 : index
  %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%view_0 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
  linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

// a at offset 2: not a multiple of its alignment 4 (f32).
func.func @reuse(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 2 : index
    // expected-error @below {{offset 2 is not a multiple of the view's alignment 4}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  %c256 = arith.constant 256 : index
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  %c0_1 = arith.constant 0 : index
  %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%view_0 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
  linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

// a claims alignment 16 but sits at 8.
func.func @reuse(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 16 : index
    // expected-error @below {{view alignment 16 exceeds the arena's 4}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 16 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  %c256 = arith.constant 256 : index
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  %c0_1 = arith.constant 0 : index
  %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%view_0 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
  linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

// The arena is 500 bytes but the attribute says 512.
func.func @reuse(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  // expected-error @below {{arena type 'memref<500xi8>' disagrees with peakmem.arena_size = 512}}
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<500xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<500xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  %c256 = arith.constant 256 : index
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<500xi8> to memref<64xf32>
  linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  %c0_1 = arith.constant 0 : index
  %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<500xi8> to memref<64xf32>
  linalg.copy ins(%view_0 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
  linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<500xi8>
  return
}

// -----

// A wasteful plan (c at 512, arena 768) that claims to be optimal with
// bound 768: a bound needs its certificate.
// expected-error @below {{peakmem.arena_lower_bound 768 has no certificate ('peakmem.arena_certificate')}}
func.func @reuse(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 768 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 768 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<768xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  %c256 = arith.constant 256 : index
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  %c0_1 = arith.constant 512 : index
  %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%view_0 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
  linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<768xi8>
  return
}

// -----

// The same claim with the planner's certificate of this function (the local
// bound at statement 3 of the rebuilt problem) raised to 768: the checker
// re-simulates the order, whose live bytes peak at 512 (no bound can exceed
// them).
// expected-error @below {{peakmem.arena_lower_bound 768 is not proven for this IR: its certificate fails on the problem rebuilt from the views (the order peaks at 512 bytes, the certificate claims 768)}}
func.func @reuse(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_certificate = {certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "local", witness = 3 : i64}, lower_bound = 768 : i64, optimal = true, peak = 768 : i64}, peakmem.arena_lower_bound = 768 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 768 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<768xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  %c256 = arith.constant 256 : index
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  %c0_1 = arith.constant 512 : index
  %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%view_0 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
  linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<768xi8>
  return
}

// -----

// The true certificate (512) with a recorded bound that differs from it.
// expected-error @below {{peakmem.arena_lower_bound 256 differs from the bound 512 its certificate proves}}
func.func @reuse(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_certificate = {certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "local", witness = 3 : i64}, lower_bound = 512 : i64, optimal = true, peak = 512 : i64}, peakmem.arena_lower_bound = 256 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 768 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<768xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  %c256 = arith.constant 256 : index
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  %c0_1 = arith.constant 512 : index
  %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%view_0 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
  linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<768xi8>
  return
}

// -----

// A certificate about another problem (its witness, statement 30, does not
// exist here) is stale.
// expected-error @below {{peakmem.arena_lower_bound 512 is not proven for this IR}}
func.func @reuse(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_certificate = {certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "local", witness = 30 : i64}, lower_bound = 512 : i64, optimal = true, peak = 512 : i64}, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 768 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<768xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  %c256 = arith.constant 256 : index
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  %c0_1 = arith.constant 512 : index
  %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%view_0 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
  linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<768xi8>
  return
}

// -----

// The same plan claiming optimality against its true bound 512.
// expected-error @below {{peakmem.arena_optimal is true but the arena is 768 bytes and the bound 512}}
func.func @reuse(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 768 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<768xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  %c256 = arith.constant 256 : index
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  %c0_1 = arith.constant 512 : index
  %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
  linalg.copy ins(%view_0 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
  linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<768xi8>
  return
}

// -----

// A bound above the arena is impossible.
// expected-error @below {{peakmem.arena_lower_bound 600 exceeds peakmem.arena_size 512}}
func.func @reuse(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 600 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  %c256 = arith.constant 256 : index
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  %c0_1 = arith.constant 0 : index
  %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%view_0 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
  linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

// Two nested views of one loop body are both live for the whole scf.for
// step: t2 moved onto t1 (256) overlaps it.
func.func @nested(%arg0: memref<32xf32>, %arg1: index) -> memref<32xf32> attributes {peakmem.arena_alignment = 64 : i64, peakmem.arena_lower_bound = 384 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 384 : i64} {
  %alloc = memref.alloc() {alignment = 64 : i64, peakmem.arena} : memref<384xi8>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %alloc_0 = memref.alloc() : memref<32xf32>
  memref.copy %arg0, %alloc_0 : memref<32xf32> to memref<32xf32>
  scf.for %arg2 = %c0 to %arg1 step %c1 {
    %c256 = arith.constant 256 : index
    // expected-note @below {{the other view}}
    %view = memref.view %alloc[%c256][] {peakmem.align = 64 : i64} : memref<384xi8> to memref<32xf32>
    linalg.copy ins(%alloc_0 : memref<32xf32>) outs(%view : memref<32xf32>)
    %c0_1 = arith.constant 128 : index
    // expected-error @below {{view [128, 384) overlaps a view [256, 384) live at the same time}}
    %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 8 : i64} : memref<384xi8> to memref<32xf64>
    linalg.copy ins(%view : memref<32xf32>) outs(%alloc_0 : memref<32xf32>)
    linalg.copy ins(%alloc_0 : memref<32xf32>) outs(%view_2 : memref<32xf64>)
  }
  memref.dealloc %alloc : memref<384xi8>
  return %alloc_0 : memref<32xf32>
}

// -----

// A view returned from the function: its lifetime does not end at its last
// use in the block.
func.func @escape(%arg0: memref<16xf32>) -> memref<16xf32> attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 64 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 64 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<64xi8>
  %c0 = arith.constant 0 : index
  // expected-error @below {{the view's lifetime cannot be rebuilt: an alias is used by 'func.return'}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<64xi8> to memref<16xf32>
  linalg.copy ins(%arg0 : memref<16xf32>) outs(%view : memref<16xf32>)
  memref.dealloc %alloc : memref<64xi8>
  return %view : memref<16xf32>
}

// -----

// A view passed to a call: the callee may keep its address (retain) and a
// later call read through it (release), so the view's lifetime cannot be
// rebuilt from its uses; here view_1 reuses its bytes before the release
// (fuzz seed 5000068: accepted before).
func.func private @retain(memref<?xf32>)
func.func private @release(memref<?xf32>)
func.func @retained(%arg0: memref<16xf32>, %arg1: memref<16xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 64 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 64 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<64xi8>
  %c0 = arith.constant 0 : index
  // expected-error @below {{the view's lifetime cannot be rebuilt: an alias is used by 'func.call'}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<64xi8> to memref<16xf32>
  linalg.copy ins(%arg0 : memref<16xf32>) outs(%view : memref<16xf32>)
  %cast = memref.cast %view : memref<16xf32> to memref<?xf32>
  func.call @retain(%cast) : (memref<?xf32>) -> ()
  %c0_1 = arith.constant 0 : index
  %view_1 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<64xi8> to memref<16xf32>
  linalg.copy ins(%arg0 : memref<16xf32>) outs(%view_1 : memref<16xf32>)
  %cast_1 = memref.cast %arg1 : memref<16xf32> to memref<?xf32>
  func.call @release(%cast_1) : (memref<?xf32>) -> ()
  linalg.add ins(%view_1, %arg1 : memref<16xf32>, memref<16xf32>) outs(%arg1 : memref<16xf32>)
  memref.dealloc %alloc : memref<64xi8>
  return
}

// -----

// A view used inside async.execute: the region may run until the await, so
// view_1, written before the await at the same bytes, may clobber what the
// region reads (fuzz seed 5000057: accepted before).
func.func @async_use(%arg0: memref<16xf32>, %arg1: memref<16xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 64 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 64 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<64xi8>
  %c0 = arith.constant 0 : index
  // expected-error @below {{the view's lifetime cannot be rebuilt: an alias is used by 'async.execute'}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<64xi8> to memref<16xf32>
  linalg.copy ins(%arg0 : memref<16xf32>) outs(%view : memref<16xf32>)
  %t = async.execute {
    linalg.copy ins(%view : memref<16xf32>) outs(%arg1 : memref<16xf32>)
    async.yield
  }
  %c0_1 = arith.constant 0 : index
  %view_1 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<64xi8> to memref<16xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%view_1 : memref<16xf32>)
  async.await %t : !async.token
  memref.dealloc %alloc : memref<64xi8>
  return
}

// -----

// A view whose address is stored to memory: the load below reads it after
// its last direct use, while view_1 has reused its bytes (fuzz seed 5000009:
// accepted before).
func.func @stored_address(%arg0: memref<16xf32>, %arg1: memref<16xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 64 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 64 : i64} {
  %i = arith.constant 0 : index
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<64xi8>
  %box = memref.alloc() : memref<1xmemref<16xf32>>
  %c0 = arith.constant 0 : index
  // expected-error @below {{the view's lifetime cannot be rebuilt: an alias is used by 'memref.store'}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<64xi8> to memref<16xf32>
  linalg.copy ins(%arg0 : memref<16xf32>) outs(%view : memref<16xf32>)
  memref.store %view, %box[%i] : memref<1xmemref<16xf32>>
  %c0_1 = arith.constant 0 : index
  %view_1 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<64xi8> to memref<16xf32>
  linalg.copy ins(%arg0 : memref<16xf32>) outs(%view_1 : memref<16xf32>)
  %l = memref.load %box[%i] : memref<1xmemref<16xf32>>
  linalg.add ins(%l, %view_1 : memref<16xf32>, memref<16xf32>) outs(%arg1 : memref<16xf32>)
  memref.dealloc %box : memref<1xmemref<16xf32>>
  memref.dealloc %alloc : memref<64xi8>
  return
}

// -----

// A forged overlap through an offset (issue 22, item 6): the views are
// [0, 256) and [256, 512), but a reinterpret_cast of the first keeps its
// aligned pointer and takes offset 64 (elements): it writes bytes
// [256, 512), the second view's, while both are live.
func.func @offset_alias(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  %c256 = arith.constant 256 : index
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  // expected-error @below {{an alias made by 'memref.reinterpret_cast' reaches bytes [256, 512) of the buffer, outside [0, 256) of the view [0, 256)}}
  %r = memref.reinterpret_cast %view to offset: [64], sizes: [64], strides: [1] : memref<64xf32> to memref<64xf32, strided<[1], offset: 64>>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%r : memref<64xf32, strided<[1], offset: 64>>)
  linalg.add ins(%view, %view_0 : memref<64xf32>, memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

// The same reach through a view of the view (a byte shift of 256 from its
// start) and through a dynamic offset (not bounded).
func.func @view_of_view(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<256xi8>
  %c256 = arith.constant 256 : index
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  // expected-error @below {{an alias made by 'memref.view' reaches bytes [256, 512) of the buffer, outside [0, 256)}}
  %inner = memref.view %view[%c256][] : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%inner : memref<64xf32>)
  linalg.copy ins(%view_0 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

func.func @dynamic_offset(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %n: index) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  %c256 = arith.constant 256 : index
  %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view_0 : memref<64xf32>)
  // expected-error @below {{an alias made by 'memref.reinterpret_cast' reaches bytes that cannot be bounded (a dynamic shift, layout or size)}}
  %r = memref.reinterpret_cast %view to offset: [%n], sizes: [64], strides: [1] : memref<64xf32> to memref<64xf32, strided<[1], offset: ?>>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%r : memref<64xf32, strided<[1], offset: ?>>)
  linalg.add ins(%view, %view_0 : memref<64xf32>, memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

// One view used for two lives, as `cse` leaves it, but the second life
// starts by reading the view (linalg.add accumulates into it): the bytes
// written before are still read while the 128xf32 view overwrites them.
func.func @merged_read(%arg0: memref<64xf32>, %arg1: memref<128xf32>, %arg2: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 0 : index
  // expected-note @below {{the other view}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  linalg.copy ins(%view : memref<64xf32>) outs(%arg2 : memref<64xf32>)
  // expected-error @below {{view [0, 512) overlaps a view [0, 256) live at the same time}}
  %view_0 = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<128xf32>
  linalg.copy ins(%arg1 : memref<128xf32>) outs(%view_0 : memref<128xf32>)
  linalg.copy ins(%view_0 : memref<128xf32>) outs(%arg1 : memref<128xf32>)
  linalg.add ins(%arg2, %view : memref<64xf32>, memref<64xf32>) outs(%view : memref<64xf32>)
  linalg.copy ins(%view : memref<64xf32>) outs(%arg0 : memref<64xf32>)
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

// The same with a second life that starts with a linalg.generic whose
// payload reads its output (%o), and with one that starts with a reduction
// (its init map is not a permutation): neither overwrites the view whole.
func.func @merged_payload(%arg0: memref<64xf32>, %arg1: memref<128xf32>, %arg2: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 0 : index
  // expected-note @below {{the other view}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  linalg.copy ins(%view : memref<64xf32>) outs(%arg2 : memref<64xf32>)
  // expected-error @below {{view [0, 512) overlaps a view [0, 256) live at the same time}}
  %view_0 = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<128xf32>
  linalg.copy ins(%arg1 : memref<128xf32>) outs(%view_0 : memref<128xf32>)
  linalg.copy ins(%view_0 : memref<128xf32>) outs(%arg1 : memref<128xf32>)
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%arg2 : memref<64xf32>) outs(%view : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  }
  linalg.copy ins(%view : memref<64xf32>) outs(%arg0 : memref<64xf32>)
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

func.func @merged_reduction(%arg0: memref<64xf32>, %arg1: memref<128xf32>, %arg2: memref<64xf32>, %m: memref<64x4xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 0 : index
  // expected-note @below {{the other view}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  linalg.copy ins(%view : memref<64xf32>) outs(%arg2 : memref<64xf32>)
  // expected-error @below {{view [0, 512) overlaps a view [0, 256) live at the same time}}
  %view_0 = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<128xf32>
  linalg.copy ins(%arg1 : memref<128xf32>) outs(%view_0 : memref<128xf32>)
  linalg.copy ins(%view_0 : memref<128xf32>) outs(%arg1 : memref<128xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%m : memref<64x4xf32>) outs(%view : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  }
  linalg.copy ins(%view : memref<64xf32>) outs(%arg0 : memref<64xf32>)
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

// A view passed to gpu.launch_func, an op without a memory-effect interface:
// like a call, the kernel may keep the address, so the view's lifetime
// cannot be rebuilt from its uses (fuzz seed 8000019: accepted before).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func @launch_func(%arg0: memref<16xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 64 : i64} {
    %c1 = arith.constant 1 : index
    %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<64xi8>
    %c0 = arith.constant 0 : index
    // expected-error @below {{the view's lifetime cannot be rebuilt: an alias is used by 'gpu.launch_func' (its address is passed to 'gpu.launch_func', which has no memory-effect interface (it may keep the address, as a call may))}}
    %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<64xi8> to memref<16xf32>
    linalg.copy ins(%arg0 : memref<16xf32>) outs(%view : memref<16xf32>)
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%view : memref<16xf32>)
    memref.dealloc %alloc : memref<64xi8>
    return
  }
}

// -----

// The arena has the planned size, but a larger request is recorded.
func.func @request(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_request = 1024 : i64, peakmem.arena_request_rule = "caching: padded", peakmem.arena_size = 256 : i64} {
  // expected-error @below {{arena type 'memref<256xi8>' disagrees with peakmem.arena_request = 1024 (expected memref<1024xi8>)}}
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<256xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  linalg.copy ins(%view : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<256xi8>
  return
}

// -----

// A request below the planned size.
// expected-error @below {{peakmem-verify-arena: peakmem.arena_request must be an i64 of at least peakmem.arena_size = 256}}
func.func @request(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_request = 200 : i64, peakmem.arena_request_rule = "caching: padded", peakmem.arena_size = 256 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<200xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<200xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  linalg.copy ins(%view : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<200xi8>
  return
}

// -----

// A request without the rule that chose it.
// expected-error @below {{peakmem-verify-arena: peakmem.arena_request without a string peakmem.arena_request_rule}}
func.func @request(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_request = 1024 : i64, peakmem.arena_size = 256 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<1024xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<1024xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  linalg.copy ins(%view : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<1024xi8>
  return
}

// -----

// A padded arena without its request: the type says 1024, the size 256.
func.func @request(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 256 : i64} {
  // expected-error @below {{arena type 'memref<1024xi8>' disagrees with peakmem.arena_size = 256 (expected memref<256xi8>)}}
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<1024xi8>
  %c0 = arith.constant 0 : index
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<1024xi8> to memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
  linalg.copy ins(%view : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc : memref<1024xi8>
  return
}

// -----

// Results in the caller's arena (arena=argument): the base is the plan of
// plan-arena.mlir @result_at_producer, whose result is the view at 0 created
// at its producer (bound left out here: 0). A tampered recorded offset.
func.func @result(%arg0: memref<1024xf32>, %arg1: memref<8192xi8> {peakmem.arena}) -> memref<1024xf32> attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 8192 : i64, peakmem.result_offsets = array<i64: 4096>} {
  %c0 = arith.constant 0 : index
  %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1024xf32>
  linalg.copy ins(%arg0 : memref<1024xf32>) outs(%view : memref<1024xf32>)
  %c4096 = arith.constant 4096 : index
  %view_0 = memref.view %arg1[%c4096][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1024xf32>
  linalg.copy ins(%view : memref<1024xf32>) outs(%view_0 : memref<1024xf32>)
  %c0_1 = arith.constant 0 : index
  %view_2 = memref.view %arg1[%c0_1][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1024xf32>
  linalg.copy ins(%view_0 : memref<1024xf32>) outs(%view_2 : memref<1024xf32>)
  // expected-error @below {{peakmem-verify-arena: result #0 is at offset 0 but 'peakmem.result_offsets' records 4096}}
  return %view_2 : memref<1024xf32>
}

// -----

// A result is live to the end of the function: a view written after its
// producer on the result's bytes overwrites it.
func.func @result(%arg0: memref<1024xf32>, %arg1: memref<8192xi8> {peakmem.arena}, %arg2: memref<1024xf32>) -> memref<1024xf32> attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 8192 : i64, peakmem.result_offsets = array<i64: 0>} {
  %c0 = arith.constant 0 : index
  %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1024xf32>
  linalg.copy ins(%arg0 : memref<1024xf32>) outs(%view : memref<1024xf32>)
  %c4096 = arith.constant 4096 : index
  %view_0 = memref.view %arg1[%c4096][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1024xf32>
  linalg.copy ins(%view : memref<1024xf32>) outs(%view_0 : memref<1024xf32>)
  %c0_1 = arith.constant 0 : index
  // expected-note @below {{the other view}}
  %view_2 = memref.view %arg1[%c0_1][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1024xf32>
  linalg.copy ins(%view_0 : memref<1024xf32>) outs(%view_2 : memref<1024xf32>)
  %c0_2 = arith.constant 0 : index
  // expected-error @below {{view [0, 4096) overlaps a view [0, 4096) live at the same time}}
  %view_3 = memref.view %arg1[%c0_2][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1024xf32>
  linalg.copy ins(%arg0 : memref<1024xf32>) outs(%view_3 : memref<1024xf32>)
  linalg.copy ins(%view_3 : memref<1024xf32>) outs(%arg2 : memref<1024xf32>)
  return %view_2 : memref<1024xf32>
}

// -----

// A result in the arena without its recorded offset.
// expected-error @below {{peakmem-verify-arena: a result is a slot of the arena but 'peakmem.result_offsets' is missing or not an array<i64>}}
func.func @result(%arg0: memref<1024xf32>, %arg1: memref<4096xi8> {peakmem.arena}) -> memref<1024xf32> attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 4096 : i64} {
  %c0 = arith.constant 0 : index
  %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64} : memref<4096xi8> to memref<1024xf32>
  linalg.copy ins(%arg0 : memref<1024xf32>) outs(%view : memref<1024xf32>)
  return %view : memref<1024xf32>
}

// -----

// A result in an arena the function allocates (and frees) would dangle:
// only an arena argument (the caller's) may hold results.
func.func @result(%arg0: memref<1024xf32>) -> memref<1024xf32> attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 4096 : i64, peakmem.result_offsets = array<i64: 0>} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<4096xi8>
  %c0 = arith.constant 0 : index
  // expected-error @below {{the view's lifetime cannot be rebuilt: an alias is used by 'func.return' (an alias is passed on by 'func.return')}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<4096xi8> to memref<1024xf32>
  linalg.copy ins(%arg0 : memref<1024xf32>) outs(%view : memref<1024xf32>)
  memref.dealloc %alloc : memref<4096xi8>
  return %view : memref<1024xf32>
}

// -----

// A result returned through a view (plan-arena-results.mlir
// @result_through_collapse): its offset is the slot's the chain starts
// from (0), here tampered.
func.func @result_view(%arg0: memref<1x1x1x1024xf32>, %arg1: memref<8192xi8> {peakmem.arena}) -> memref<1x1024xf32> attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 8192 : i64, peakmem.result_offsets = array<i64: 4096>} {
  %c0 = arith.constant 0 : index
  %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1x1x1x1024xf32>
  linalg.copy ins(%arg0 : memref<1x1x1x1024xf32>) outs(%view : memref<1x1x1x1024xf32>)
  %c4096 = arith.constant 4096 : index
  %view_0 = memref.view %arg1[%c4096][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1x1x1x1024xf32>
  linalg.copy ins(%view : memref<1x1x1x1024xf32>) outs(%view_0 : memref<1x1x1x1024xf32>)
  %c0_1 = arith.constant 0 : index
  %view_2 = memref.view %arg1[%c0_1][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1x1x1x1024xf32>
  linalg.copy ins(%view_0 : memref<1x1x1x1024xf32>) outs(%view_2 : memref<1x1x1x1024xf32>)
  %collapse_shape = memref.collapse_shape %view_2 [[0, 1, 2], [3]] : memref<1x1x1x1024xf32> into memref<1x1024xf32>
  // expected-error @below {{peakmem-verify-arena: result #0 is at offset 0 but 'peakmem.result_offsets' records 4096}}
  return %collapse_shape : memref<1x1024xf32>
}

// -----

// A result returned through a view without its recorded offset.
// expected-error @below {{peakmem-verify-arena: a result is a slot of the arena but 'peakmem.result_offsets' is missing or not an array<i64>}}
func.func @result_view(%arg0: memref<1x1x1x1024xf32>, %arg1: memref<4096xi8> {peakmem.arena}) -> memref<1x1024xf32> attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 4096 : i64} {
  %c0 = arith.constant 0 : index
  %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64} : memref<4096xi8> to memref<1x1x1x1024xf32>
  linalg.copy ins(%arg0 : memref<1x1x1x1024xf32>) outs(%view : memref<1x1x1x1024xf32>)
  %collapse_shape = memref.collapse_shape %view [[0, 1, 2], [3]] : memref<1x1x1x1024xf32> into memref<1x1024xf32>
  return %collapse_shape : memref<1x1024xf32>
}

// -----

// A result returned through a view lives to the end of the function: a view
// written after its producer on its bytes overwrites it.
func.func @result_view(%arg0: memref<1x1x1x1024xf32>, %arg1: memref<4096xi8> {peakmem.arena}, %arg2: memref<1x1x1x1024xf32>) -> memref<1x1024xf32> attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 4096 : i64, peakmem.result_offsets = array<i64: 0>} {
  %c0 = arith.constant 0 : index
  // expected-note @below {{the other view}}
  %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64} : memref<4096xi8> to memref<1x1x1x1024xf32>
  linalg.copy ins(%arg0 : memref<1x1x1x1024xf32>) outs(%view : memref<1x1x1x1024xf32>)
  %collapse_shape = memref.collapse_shape %view [[0, 1, 2], [3]] : memref<1x1x1x1024xf32> into memref<1x1024xf32>
  %c0_0 = arith.constant 0 : index
  // expected-error @below {{view [0, 4096) overlaps a view [0, 4096) live at the same time}}
  %view_1 = memref.view %arg1[%c0_0][] {peakmem.align = 4 : i64} : memref<4096xi8> to memref<1x1x1x1024xf32>
  linalg.copy ins(%arg0 : memref<1x1x1x1024xf32>) outs(%view_1 : memref<1x1x1x1024xf32>)
  linalg.copy ins(%view_1 : memref<1x1x1x1024xf32>) outs(%arg2 : memref<1x1x1x1024xf32>)
  return %collapse_shape : memref<1x1024xf32>
}

// -----

// A result returned through a view of an arena the function allocates (and
// frees) would dangle.
func.func @result_view(%arg0: memref<1x1x1x1024xf32>) -> memref<1x1024xf32> attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 4096 : i64, peakmem.result_offsets = array<i64: 0>} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<4096xi8>
  %c0 = arith.constant 0 : index
  // expected-error @below {{the view's lifetime cannot be rebuilt: an alias is used by 'func.return' (an alias is passed on by 'func.return')}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<4096xi8> to memref<1x1x1x1024xf32>
  linalg.copy ins(%arg0 : memref<1x1x1x1024xf32>) outs(%view : memref<1x1x1x1024xf32>)
  %collapse_shape = memref.collapse_shape %view [[0, 1, 2], [3]] : memref<1x1x1x1024xf32> into memref<1x1024xf32>
  memref.dealloc %alloc : memref<4096xi8>
  return %collapse_shape : memref<1x1024xf32>
}

// -----

// Inputs in the arena (plan-arena-inputs.mlir @inputs, bound left out): the
// input view of argument #0 is at 0, here recorded at 4096.
func.func @input(%arg0: memref<1024xf32>, %arg1: memref<8192xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 8192 : i64, peakmem.input_offsets = array<i64: 4096, -1>} {
  %c0 = arith.constant 0 : index
  // expected-error @below {{peakmem-verify-arena: input #0 is at offset 0 but 'peakmem.input_offsets' records 4096}}
  %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64, peakmem.input = 0 : i64} : memref<8192xi8> to memref<1024xf32>
  %c4096 = arith.constant 4096 : index
  %view_0 = memref.view %arg1[%c4096][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1024xf32>
  linalg.add ins(%view, %view : memref<1024xf32>, memref<1024xf32>) outs(%view_0 : memref<1024xf32>)
  linalg.copy ins(%view_0 : memref<1024xf32>) outs(%arg0 : memref<1024xf32>)
  return
}

// -----

// An input view without its record.
// expected-error @below {{peakmem-verify-arena: an input is a slot of the arena but 'peakmem.input_offsets' is missing or not an array<i64>}}
func.func @input(%arg0: memref<1024xf32>, %arg1: memref<8192xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 8192 : i64} {
  %c0 = arith.constant 0 : index
  %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64, peakmem.input = 0 : i64} : memref<8192xi8> to memref<1024xf32>
  %c4096 = arith.constant 4096 : index
  %view_0 = memref.view %arg1[%c4096][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1024xf32>
  linalg.add ins(%view, %view : memref<1024xf32>, memref<1024xf32>) outs(%view_0 : memref<1024xf32>)
  linalg.copy ins(%view_0 : memref<1024xf32>) outs(%arg0 : memref<1024xf32>)
  return
}

// -----

// An offset recorded for an argument that no input view stands for (#1 is
// still an argument).
// expected-error @below {{peakmem-verify-arena: 'peakmem.input_offsets' records offset 4096 for argument #1, which no input view stands for}}
func.func @input(%arg0: memref<1024xf32>, %arg1: memref<8192xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 8192 : i64, peakmem.input_offsets = array<i64: 0, 4096>} {
  %c0 = arith.constant 0 : index
  %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64, peakmem.input = 0 : i64} : memref<8192xi8> to memref<1024xf32>
  %c4096 = arith.constant 4096 : index
  %view_0 = memref.view %arg1[%c4096][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1024xf32>
  linalg.add ins(%view, %view : memref<1024xf32>, memref<1024xf32>) outs(%view_0 : memref<1024xf32>)
  linalg.copy ins(%view_0 : memref<1024xf32>) outs(%arg0 : memref<1024xf32>)
  return
}

// -----

// An input is live from the entry (the caller wrote it before the call), not
// from its first use, wherever its view is defined: t, dead before %x's
// first read, on %x's bytes would overwrite it (plan-arena-inputs.mlir
// @input_live_from_entry with t moved from 8192 to 0 and the view of %x
// defined right before its first read).
func.func @input(%arg0: memref<1024xf32>, %arg1: memref<12288xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 12288 : i64, peakmem.input_offsets = array<i64: 0, 4096, -1>} {
  %c4096 = arith.constant 4096 : index
  %view_0 = memref.view %arg1[%c4096][] {peakmem.align = 4 : i64, peakmem.input = 1 : i64} : memref<12288xi8> to memref<1024xf32>
  %c0_1 = arith.constant 0 : index
  // expected-error @below {{view [0, 4096) overlaps a view [0, 4096) live at the same time}}
  %view_1 = memref.view %arg1[%c0_1][] {peakmem.align = 4 : i64} : memref<12288xi8> to memref<1024xf32>
  linalg.add ins(%view_0, %view_0 : memref<1024xf32>, memref<1024xf32>) outs(%view_1 : memref<1024xf32>)
  %c4096_2 = arith.constant 4096 : index
  %view_3 = memref.view %arg1[%c4096_2][] {peakmem.align = 4 : i64} : memref<12288xi8> to memref<1024xf32>
  linalg.add ins(%view_1, %view_1 : memref<1024xf32>, memref<1024xf32>) outs(%view_3 : memref<1024xf32>)
  %c8192 = arith.constant 8192 : index
  %view_5 = memref.view %arg1[%c8192][] {peakmem.align = 4 : i64} : memref<12288xi8> to memref<1024xf32>
  %c0 = arith.constant 0 : index
  // expected-note @below {{the other view}}
  %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64, peakmem.input = 0 : i64} : memref<12288xi8> to memref<1024xf32>
  linalg.add ins(%view_3, %view : memref<1024xf32>, memref<1024xf32>) outs(%view_5 : memref<1024xf32>)
  linalg.copy ins(%view_5 : memref<1024xf32>) outs(%arg0 : memref<1024xf32>)
  return
}

// -----

// An input is read only: a write into its view (through a collapse_shape
// alias here) is rejected at the writer.
func.func @input(%arg0: memref<1024xf32>, %arg1: memref<8192xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 8192 : i64, peakmem.input_offsets = array<i64: 0, -1>} {
  %c0 = arith.constant 0 : index
  %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64, peakmem.input = 0 : i64} : memref<8192xi8> to memref<1024xf32>
  %c4096 = arith.constant 4096 : index
  %view_0 = memref.view %arg1[%c4096][] {peakmem.align = 4 : i64} : memref<8192xi8> to memref<1024xf32>
  %e = memref.expand_shape %view [[0, 1]] output_shape [4, 256] : memref<1024xf32> into memref<4x256xf32>
  %f = memref.collapse_shape %e [[0, 1]] : memref<4x256xf32> into memref<1024xf32>
  // expected-error @below {{peakmem-verify-arena: 'linalg.add' may write input #0 in the arena (an input is read only)}}
  linalg.add ins(%view_0, %view_0 : memref<1024xf32>, memref<1024xf32>) outs(%f : memref<1024xf32>)
  linalg.copy ins(%view : memref<1024xf32>) outs(%arg0 : memref<1024xf32>)
  return
}

// -----

// An input in an arena the function allocates: nobody could write it there.
func.func @input(%arg0: memref<1024xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 4096 : i64, peakmem.input_offsets = array<i64: 0, -1>} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<4096xi8>
  %c0 = arith.constant 0 : index
  // expected-error @below {{peakmem-verify-arena: an input slot needs an arena the caller owns (arena=argument)}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64, peakmem.input = 0 : i64} : memref<4096xi8> to memref<1024xf32>
  linalg.copy ins(%view : memref<1024xf32>) outs(%arg0 : memref<1024xf32>)
  memref.dealloc %alloc : memref<4096xi8>
  return
}

// -----

// A result returned through a view-like op outside the documented chain
// (reshape, collapse/expand_shape, subview, cast): a transpose of the slot
// is not a result the arena can record (its bytes are not laid out from the
// slot's offset as its type says).
func.func @result_transpose(%arg0: memref<4x8xf32>, %arg1: memref<128xi8> {peakmem.arena}) -> memref<8x4xf32, strided<[1, 8]>> attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 128 : i64, peakmem.result_offsets = array<i64: 0>} {
  %c0 = arith.constant 0 : index
  // expected-error @below {{the view's lifetime cannot be rebuilt: an alias is used by 'memref.transpose' (an alias flows into a result of 'memref.transpose')}}
  %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64} : memref<128xi8> to memref<4x8xf32>
  linalg.copy ins(%arg0 : memref<4x8xf32>) outs(%view : memref<4x8xf32>)
  %t = memref.transpose %view (d0, d1) -> (d1, d0) : memref<4x8xf32> to memref<8x4xf32, strided<[1, 8]>>
  return %t : memref<8x4xf32, strided<[1, 8]>>
}

// -----

// Asynchronous work with no known end (an async.execute never awaited): the
// views' lifetimes cannot be rebuilt.
// expected-error @below {{peakmem-verify-arena: the lifetimes cannot be rebuilt}}
func.func @async_unknown(%arg0: memref<1024xf32>, %arg1: memref<4096xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false, peakmem.arena_size = 4096 : i64} {
  %c0 = arith.constant 0 : index
  %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64} : memref<4096xi8> to memref<1024xf32>
  linalg.copy ins(%arg0 : memref<1024xf32>) outs(%view : memref<1024xf32>)
  %t = async.execute {
    async.yield
  }
  return
}

// -----

// A never-freed buffer (docs/Arena.md "Never-freed buffers") read after its
// slot is reused: a (no dealloc, at 0) is read again by the last copy, while
// c (at 0) is live: the plan of verify-arena-leaked.mlir with one use added.
func.func @leak_read_late(%arg0: memref<256xf32>, %arg1: memref<256xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_certificate = {certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "local", witness = 3 : i64}, lower_bound = 2048 : i64, optimal = true, peak = 2048 : i64}, peakmem.arena_lower_bound = 2048 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 2048 : i64} {
  // expected-note @below {{the other buffer}}
  %alloc = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64} : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 1024 : i64} : memref<256xf32>
  linalg.copy ins(%alloc : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  // expected-error @below {{buffer [0, 1024) overlaps a buffer [0, 1024) live at the same time}}
  %alloc_1 = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64} : memref<256xf32>
  linalg.copy ins(%alloc_0 : memref<256xf32>) outs(%alloc_1 : memref<256xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  linalg.copy ins(%alloc_1 : memref<256xf32>) outs(%arg1 : memref<256xf32>)
  linalg.copy ins(%alloc : memref<256xf32>) outs(%arg1 : memref<256xf32>)
  memref.dealloc %alloc_1 : memref<256xf32>
  return
}

// -----

// The same, materialized: the view of the never-freed buffer is read again
// through an alias (an expand_shape) after the third view took its bytes.
func.func @leak_read_late_view(%arg0: memref<256xf32>, %arg1: memref<16x16xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_certificate = {certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "local", witness = 3 : i64}, lower_bound = 2048 : i64, optimal = true, peak = 2048 : i64}, peakmem.arena_lower_bound = 2048 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 2048 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<2048xi8>
  %c0 = arith.constant 0 : index
  // expected-note @below {{the other view}}
  %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<2048xi8> to memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%view : memref<256xf32>)
  %c1024 = arith.constant 1024 : index
  %view_0 = memref.view %alloc[%c1024][] {peakmem.align = 4 : i64} : memref<2048xi8> to memref<256xf32>
  linalg.copy ins(%view : memref<256xf32>) outs(%view_0 : memref<256xf32>)
  %c0_1 = arith.constant 0 : index
  // expected-error @below {{view [0, 1024) overlaps a view [0, 1024) live at the same time}}
  %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<2048xi8> to memref<256xf32>
  linalg.copy ins(%view_0 : memref<256xf32>) outs(%view_2 : memref<256xf32>)
  %e = memref.expand_shape %view [[0, 1]] output_shape [16, 16] : memref<256xf32> into memref<16x16xf32>
  linalg.copy ins(%e : memref<16x16xf32>) outs(%arg1 : memref<16x16xf32>)
  memref.dealloc %alloc : memref<2048xi8>
  return
}
