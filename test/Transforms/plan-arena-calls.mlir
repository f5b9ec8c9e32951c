// plan-arena on callers (docs/Model.md, "Calls"): the arena's bound is built
// on a detached clone of the caller, whose calls must resolve as the
// original's. Before ArenaBoundProblem passed the original function to the
// model, a caller whose call returns a buffer stopped with an internal error.
// RUN: peakmem-opt %s --peakmem-plan-arena=remarks=0 --peakmem-verify-arena --split-input-file | FileCheck %s

// @caller places %t (256 B; a buffer passed to a call is left out, see
// plan-arena.mlir); the call's result %a is the call's own buffer
// (allocated by @make), left outside the arena. The arena is %t's 256 B, at
// its bound.
// CHECK-LABEL: func.func private @make
// CHECK-LABEL: func.func @caller
// CHECK-SAME: peakmem.arena_lower_bound = 256 : i64, peakmem.arena_optimal = true
// CHECK-SAME: peakmem.arena_size = 256 : i64
// CHECK: memref.view
// CHECK: call @make
func.func private @make(%x: memref<64xf32> {llvm.nocapture}) -> memref<64xf32> {
  %r = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%r : memref<64xf32>)
  return %r : memref<64xf32>
}
func.func @caller(%x: memref<64xf32>, %y: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  %a = func.call @make(%x) : (memref<64xf32>) -> memref<64xf32>
  linalg.add ins(%a, %t : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %t : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  return
}
