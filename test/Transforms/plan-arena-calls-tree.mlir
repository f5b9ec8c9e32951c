// One arena for a call tree (docs/Arena.md, "One arena for a call tree"):
// with arena=argument on the module, a function with a body that only
// direct func.calls use, not recursive and returning no memref, takes its
// arena as an argument like a function nothing calls (marked llvm.nocapture:
// its views end at its return), and every call passes a slot of its caller
// (a view of the caller's arena at the offset the caller's plan gives it,
// recorded as peakmem.callee_arena_offset), live over the call statement.
// Callees are planned first, so one arena size per callee serves all its
// callers. peakmem-verify-arena re-checks the slots with the caller's other
// views and the callee's alignment.
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-plan-arena{arena=argument remarks=0},peakmem-verify-arena)' --split-input-file | FileCheck %s
// The same single-threaded (the levels of the call graph run in order).
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-plan-arena{arena=argument remarks=0},peakmem-verify-arena)' --split-input-file --mlir-disable-threading | FileCheck %s

// A tree: @leaf is called by @mid and, in a loop, by @top; @mid by @top.
// @leaf's 256 B temporary is its arena; @mid's arena holds @leaf's slot and
// its own 64 B buffer, sharing bytes (the order puts the call first); @top's
// holds the slots of both (the loop's slot is a buffer of the loop's body).
// CHECK-LABEL: func.func private @leaf(%arg0: memref<16xf32>, %arg1: memref<16xf32>, %arg2: memref<256xi8> {llvm.nocapture, peakmem.arena})
// CHECK-SAME: peakmem.arena_size = 256 : i64
// CHECK-NOT: memref.alloc
// CHECK-LABEL: func.func private @mid(%arg0: memref<16xf32>, %arg1: memref<16xf32>, %arg2: memref<256xi8> {llvm.nocapture, peakmem.arena})
// CHECK-SAME: peakmem.arena_lower_bound = 256 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 256 : i64
// CHECK-NOT: memref.alloc
// CHECK: %[[SLOT:.*]] = memref.view %arg2[%{{.*}}][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<256xi8>
// CHECK-NEXT: call @leaf(%arg0, %arg1, %[[SLOT]]) {peakmem.callee_arena_offset = 0 : i64}
// CHECK-NOT: memref.dealloc
// CHECK-LABEL: func.func @top(%arg0: memref<16xf32>, %arg1: memref<16xf32>, %arg2: memref<256xi8> {peakmem.arena})
// CHECK-SAME: peakmem.arena_lower_bound = 256 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 256 : i64
// CHECK-NOT: memref.alloc
// CHECK: scf.for
// CHECK: %[[LOOP:.*]] = memref.view %arg2
// CHECK-NEXT: func.call @leaf(%arg0, %arg1, %[[LOOP]]) {peakmem.callee_arena_offset = 0 : i64}
// CHECK: %[[MID:.*]] = memref.view %arg2
// CHECK-NEXT: call @mid(%arg1, %arg0, %[[MID]]) {peakmem.callee_arena_offset = 0 : i64}
func.func private @leaf(%x: memref<16xf32>, %y: memref<16xf32>) {
  %t = memref.alloc() : memref<64xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<16xf32>
  memref.store %v, %t[%c0] : memref<64xf32>
  %w = memref.load %t[%c0] : memref<64xf32>
  memref.store %w, %y[%c0] : memref<16xf32>
  memref.dealloc %t : memref<64xf32>
  return
}
func.func private @mid(%x: memref<16xf32>, %y: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  func.call @leaf(%x, %y) : (memref<16xf32>, memref<16xf32>) -> ()
  linalg.copy ins(%y : memref<16xf32>) outs(%a : memref<16xf32>)
  linalg.add ins(%a, %x : memref<16xf32>, memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  return
}
func.func @top(%x: memref<16xf32>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    func.call @leaf(%x, %y) : (memref<16xf32>, memref<16xf32>) -> ()
  }
  func.call @mid(%y, %x) : (memref<16xf32>, memref<16xf32>) -> ()
  return
}

// -----

// A buffer of the caller live across the call keeps its own bytes next to
// the slot: arena 256 + 64 = the bound.
// CHECK-LABEL: func.func @across(%arg0: memref<16xf32>, %arg1: memref<16xf32>, %arg2: memref<320xi8> {peakmem.arena})
// CHECK-SAME: peakmem.arena_lower_bound = 320 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 320 : i64
// CHECK-NOT: memref.alloc
// CHECK: call @scratch(%arg0, %arg1, %{{.*}}) {peakmem.callee_arena_offset = {{0|256}} : i64}
func.func private @scratch(%x: memref<16xf32>, %y: memref<16xf32>) {
  %t = memref.alloc() : memref<64xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<16xf32>
  memref.store %v, %t[%c0] : memref<64xf32>
  %w = memref.load %t[%c0] : memref<64xf32>
  memref.store %w, %y[%c0] : memref<16xf32>
  memref.dealloc %t : memref<64xf32>
  return
}
func.func @across(%x: memref<16xf32>, %y: memref<16xf32>) {
  %k = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%k : memref<16xf32>)
  func.call @scratch(%x, %y) : (memref<16xf32>, memref<16xf32>) -> ()
  linalg.add ins(%k, %y : memref<16xf32>, memref<16xf32>) outs(%x : memref<16xf32>)
  memref.dealloc %k : memref<16xf32>
  return
}

// -----

// A caller the model refuses (a dynamic shape) is left unplanned, but its
// call still passes the callee's arena: a heap allocation of the callee's
// size and alignment, freed right after the call (offset -1: not in an
// arena).
// CHECK-LABEL: func.func private @callee(%arg0: memref<16xf32>, %arg1: memref<256xi8> {llvm.nocapture, peakmem.arena})
// CHECK-LABEL: func.func @dynamic_caller
// CHECK: %[[S:.*]] = memref.alloc() {alignment = 4 : i64} : memref<256xi8>
// CHECK-NEXT: call @callee(%arg0, %[[S]]) {peakmem.callee_arena_offset = -1 : i64}
// CHECK-NEXT: memref.dealloc %[[S]] : memref<256xi8>
func.func private @callee(%y: memref<16xf32>) {
  %t = memref.alloc() : memref<64xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %y[%c0] : memref<16xf32>
  linalg.fill ins(%v : f32) outs(%t : memref<64xf32>)
  %w = memref.load %t[%c0] : memref<64xf32>
  memref.store %w, %y[%c0] : memref<16xf32>
  memref.dealloc %t : memref<64xf32>
  return
}
func.func @dynamic_caller(%y: memref<16xf32>, %n: index) {
  %d = memref.alloc(%n) : memref<?xf32>
  func.call @callee(%y) : (memref<16xf32>) -> ()
  memref.dealloc %d : memref<?xf32>
  return
}
