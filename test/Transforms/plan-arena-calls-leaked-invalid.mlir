// A recorded plan (materialize=false) must not place a buffer its function
// never frees when a call sees it: a callee may free what its caller never
// frees (a declaration marked llvm.nocapture keeps no alias but may release
// it, as free does), and freeing a view of the arena would be wrong. The
// planner leaves such a buffer out (plan-arena-leaked.mlir,
// leak_to_nocapture_call) and gives every never-freed buffer it places a
// dealloc after its last use; peakmem-verify-arena rejects a forged plan
// that places one without it, at the call.
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-verify-arena)' --split-input-file -verify-diagnostics

// Forged: the planner's plan with the buffer passed to @release (offset 0,
// freed after the call) and its dealloc removed.
func.func private @release(memref<64xf32> {llvm.nocapture})
func.func @leak_to_nocapture_call(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_certificate = {certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "local", witness = 3 : i64}, lower_bound = 512 : i64, optimal = true, peak = 512 : i64}, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64, peakmem.arena_stats = {baselines = {"iree-best-fit" = 512 : i64, "tflm-greedy" = 512 : i64, "tvm-greedy-by-conflicts" = 512 : i64, "tvm-greedy-by-size" = 512 : i64, "tvm-hill-climb" = 512 : i64}, live_bound = 512 : i64, live_bound_before = 512 : i64, order = "kept", stop = "reached-bound"}, peakmem.peak = 512 : i64} {
  %alloc = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64} : memref<64xf32>
  linalg.exp ins(%arg0 : memref<64xf32>) outs(%alloc : memref<64xf32>)
  %alloc_0 = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 256 : i64} : memref<64xf32>
  linalg.negf ins(%alloc : memref<64xf32>) outs(%alloc_0 : memref<64xf32>)
  // expected-error @below {{peakmem-verify-arena: a buffer placed in the arena (peakmem.arena_offset) and never freed is passed to 'func.call', which may free it}}
  call @release(%alloc) : (memref<64xf32>) -> ()
  linalg.copy ins(%alloc_0 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc_0 : memref<64xf32>
  return
}

// -----

// Forged the same way, the call seeing it through a view.
func.func private @release(memref<8x8xf32> {llvm.nocapture})
func.func @leak_to_nocapture_call(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_certificate = {certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "local", witness = 3 : i64}, lower_bound = 512 : i64, optimal = true, peak = 512 : i64}, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64, peakmem.arena_stats = {baselines = {"iree-best-fit" = 512 : i64, "tflm-greedy" = 512 : i64, "tvm-greedy-by-conflicts" = 512 : i64, "tvm-greedy-by-size" = 512 : i64, "tvm-hill-climb" = 512 : i64}, live_bound = 512 : i64, live_bound_before = 512 : i64, order = "kept", stop = "reached-bound"}, peakmem.peak = 512 : i64} {
  %alloc = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64} : memref<64xf32>
  linalg.exp ins(%arg0 : memref<64xf32>) outs(%alloc : memref<64xf32>)
  %alloc_0 = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 256 : i64} : memref<64xf32>
  linalg.negf ins(%alloc : memref<64xf32>) outs(%alloc_0 : memref<64xf32>)
  %e = memref.expand_shape %alloc [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  // expected-error @below {{never freed is passed to 'func.call', which may free it}}
  call @release(%e) : (memref<8x8xf32>) -> ()
  linalg.copy ins(%alloc_0 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc_0 : memref<64xf32>
  return
}

// -----

// The planner's plan: the buffer its function frees after the call is
// placed (a callee freeing it would free it twice): accepted.
func.func private @release(memref<64xf32> {llvm.nocapture})
func.func @leak_to_nocapture_call(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_certificate = {certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "local", witness = 3 : i64}, lower_bound = 512 : i64, optimal = true, peak = 512 : i64}, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64, peakmem.arena_stats = {baselines = {"iree-best-fit" = 512 : i64, "tflm-greedy" = 512 : i64, "tvm-greedy-by-conflicts" = 512 : i64, "tvm-greedy-by-size" = 512 : i64, "tvm-hill-climb" = 512 : i64}, live_bound = 512 : i64, live_bound_before = 512 : i64, order = "kept", stop = "reached-bound"}, peakmem.peak = 512 : i64} {
  %alloc = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64} : memref<64xf32>
  linalg.exp ins(%arg0 : memref<64xf32>) outs(%alloc : memref<64xf32>)
  %alloc_0 = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 256 : i64} : memref<64xf32>
  linalg.negf ins(%alloc : memref<64xf32>) outs(%alloc_0 : memref<64xf32>)
  call @release(%alloc) : (memref<64xf32>) -> ()
  memref.dealloc %alloc : memref<64xf32>
  linalg.copy ins(%alloc_0 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
  memref.dealloc %alloc_0 : memref<64xf32>
  return
}
