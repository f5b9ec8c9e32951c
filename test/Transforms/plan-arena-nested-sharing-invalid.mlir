// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-verify-arena))' --split-input-file -verify-diagnostics
// peakmem-verify-arena re-derives the lives of nested views from the IR
// (docs/Arena.md, "Nested blocks"): two views of one loop body may share
// bytes only when their sub-step lives are disjoint. Each case is a plan
// peakmem-plan-arena wrote, with one edit.

// b moved onto a: both are read by the add.
func.func @overlap_in_for(%arg0: f32, %arg1: memref<64xf32>, %arg2: index) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %arg3 = %c0 to %arg2 step %c1 {
    %c0_0 = arith.constant 0 : index
    // expected-note @below {{the other view}}
    %view = memref.view %alloc[%c0_0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
    linalg.fill ins(%arg0 : f32) outs(%view : memref<64xf32>)
    %c256 = arith.constant 0 : index
    // expected-error @below {{view [0, 256) overlaps a view [0, 256) live at the same time}}
    %view_1 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
    linalg.fill ins(%arg0 : f32) outs(%view_1 : memref<64xf32>)
    linalg.add ins(%view, %view_1 : memref<64xf32>, memref<64xf32>) outs(%arg1 : memref<64xf32>)
  }
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

// The inner loop's t moved onto c, which the inner loop reads in every
// iteration: c's life spans the whole inner loop.
func.func @nested_loops(%arg0: f32, %arg1: memref<64xf32>, %arg2: index) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %arg3 = %c0 to %arg2 step %c1 {
    %c0_1 = arith.constant 0 : index
    // expected-note @below {{the other view}}
    %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
    linalg.fill ins(%arg0 : f32) outs(%view_2 : memref<64xf32>)
    scf.for %arg4 = %c0 to %arg2 step %c1 {
      %c256 = arith.constant 0 : index
      // expected-error @below {{view [0, 256) overlaps a view [0, 256) live at the same time}}
      %view_3 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
      linalg.add ins(%view_2, %arg1 : memref<64xf32>, memref<64xf32>) outs(%view_3 : memref<64xf32>)
      linalg.copy ins(%view_3 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
    }
    linalg.add ins(%view_2, %arg1 : memref<64xf32>, memref<64xf32>) outs(%arg1 : memref<64xf32>)
  }
  memref.dealloc %alloc : memref<512xi8>
  return
}

// -----

// a is read again after b is written (an edit of the shared plan of two
// disjoint buffers): a and b now meet, so they may not share.
func.func @read_late(%arg0: f32, %arg1: memref<64xf32>, %arg2: index) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 256 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 256 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<256xi8>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %arg3 = %c0 to %arg2 step %c1 {
    %c0_0 = arith.constant 0 : index
    // expected-note @below {{the other view}}
    %view = memref.view %alloc[%c0_0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
    linalg.fill ins(%arg0 : f32) outs(%view : memref<64xf32>)
    linalg.add ins(%view, %arg1 : memref<64xf32>, memref<64xf32>) outs(%arg1 : memref<64xf32>)
    %c0_1 = arith.constant 0 : index
    // expected-error @below {{view [0, 256) overlaps a view [0, 256) live at the same time}}
    %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
    linalg.fill ins(%arg0 : f32) outs(%view_2 : memref<64xf32>)
    linalg.add ins(%view_2, %view : memref<64xf32>, memref<64xf32>) outs(%arg1 : memref<64xf32>)
  }
  memref.dealloc %alloc : memref<256xi8>
  return
}
