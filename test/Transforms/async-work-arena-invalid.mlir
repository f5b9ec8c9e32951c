// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-verify-arena))' --split-input-file -verify-diagnostics
// Plans that peakmem-plan-arena wrote before asynchronous work was modeled
// (test/Transforms/async-work.mlir has the inputs): the buffer the host
// writes (view_1) shares the bytes of the buffer the work still reads
// (view) before the wait. peakmem-verify-arena accepted them; it now takes a
// buffer's lifetime to the end of the asynchronous work that uses it
// (peakmem/Analysis/AsyncWork.h) and rejects the overlap.

module attributes {gpu.container_module} {
  func.func @gpu_launch_async(%arg0: memref<16xf32>, %arg1: memref<16xf32>, %arg2: memref<16xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 64 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 64 : i64} {
    %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<64xi8>
    %c1 = arith.constant 1 : index
    %cst = arith.constant 7.000000e+00 : f32
    %c0 = arith.constant 0 : index
    // A use inside a region that may run after its op (Deferred in
    // OpSemantics.h) is not accepted at all since issue 22's interface rule
    // (ArenaSlots.h findHiddenUse, the planner's rule too).
    // expected-error @below {{the view's lifetime cannot be rebuilt: an alias is used by 'gpu.launch' (it is used inside 'gpu.launch', whose region may run after it)}}
    %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<64xi8> to memref<16xf32>
    linalg.copy ins(%arg0 : memref<16xf32>) outs(%view : memref<16xf32>)
    %0 = gpu.wait async
    %1 = gpu.launch async [%0] blocks(%arg3, %arg4, %arg5) in (%arg9 = %c1, %arg10 = %c1, %arg11 = %c1) threads(%arg6, %arg7, %arg8) in (%arg12 = %c1, %arg13 = %c1, %arg14 = %c1) {
      %2 = memref.load %view[%arg6] : memref<16xf32>
      memref.store %2, %arg1[%arg6] : memref<16xf32>
      gpu.terminator
    }
    %c0_0 = arith.constant 0 : index
    %view_1 = memref.view %alloc[%c0_0][] {peakmem.align = 4 : i64} : memref<64xi8> to memref<16xf32>
    linalg.fill ins(%cst : f32) outs(%view_1 : memref<16xf32>)
    linalg.copy ins(%view_1 : memref<16xf32>) outs(%arg2 : memref<16xf32>)
    gpu.wait [%1]
    memref.dealloc %alloc : memref<64xi8>
    return
  }
}

// -----

func.func @dma_start_wait(%arg0: memref<256xf32>, %arg1: memref<32xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 132 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 132 : i64} {
  %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<132xi8>
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %cst = arith.constant 7.000000e+00 : f32
  %c0_0 = arith.constant 0 : index
  // expected-note @below {{the other view}}
  %view = memref.view %alloc[%c0_0][] {peakmem.align = 4 : i64} : memref<132xi8> to memref<32xf32>
  linalg.fill ins(%cst : f32) outs(%view : memref<32xf32>)
  %c128 = arith.constant 128 : index
  %view_1 = memref.view %alloc[%c128][] {peakmem.align = 4 : i64} : memref<132xi8> to memref<1xi32>
  affine.dma_start %view[%c0], %arg0[%c0], %view_1[%c0], %c32 : memref<32xf32>, memref<256xf32>, memref<1xi32>
  %c0_2 = arith.constant 0 : index
  // expected-error @below {{view [0, 128) overlaps a view [0, 128) live at the same time}}
  %view_3 = memref.view %alloc[%c0_2][] {peakmem.align = 4 : i64} : memref<132xi8> to memref<32xf32>
  linalg.fill ins(%cst : f32) outs(%view_3 : memref<32xf32>)
  linalg.copy ins(%view_3 : memref<32xf32>) outs(%arg1 : memref<32xf32>)
  affine.dma_wait %view_1[%c0], %c32 : memref<1xi32>
  memref.dealloc %alloc : memref<132xi8>
  return
}
