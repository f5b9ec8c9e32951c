// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder))' --split-input-file -verify-diagnostics | FileCheck %s
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{remarks=0}))' --split-input-file | FileCheck %s --check-prefix=RECOMPUTE
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{remarks=0},peakmem-verify-arena))' --split-input-file | FileCheck %s --check-prefix=ARENA
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-optimize{arena=alloc remarks=0},peakmem-verify-arena))' --split-input-file | FileCheck %s --check-prefix=ARENA
//
// Asynchronous work (docs/Safety.md, "Asynchronous work"): an op that starts
// work running after it returns keeps every buffer the work reads or writes
// in use until the op that synchronises it on the host. Each case below was
// observed before the rule: peakmem-reorder (and -recompute, -optimize) moved
// the free of %a to right after the op that starts the work, and
// peakmem-plan-arena (and optimize{arena=alloc}) gave %a's bytes to %x, which
// the host writes while the work still reads %a; peakmem-verify-arena
// accepted that plan. Now the free stays after the wait and the two buffers
// get disjoint bytes (arena 128 = both, not 64).

// gpu.launch in async form: its body reads %a until gpu.wait [%t].
// CHECK-LABEL: func.func @gpu_launch_async
// CHECK: gpu.launch async
// CHECK: gpu.wait [
// CHECK-NEXT: memref.dealloc %[[A:.*]] : memref<16xf32>
// RECOMPUTE-LABEL: func.func @gpu_launch_async
// RECOMPUTE: gpu.wait [
// RECOMPUTE-NEXT: memref.dealloc
// The buffer gpu.launch async reads in its region stays out of the arena
// (a region that may run after its op: ArenaSlots.h findHiddenUse).
// ARENA-LABEL: func.func @gpu_launch_async
// ARENA-SAME: peakmem.arena_size = 64 : i64
module attributes {gpu.container_module} {
  // expected-remark @below {{'gpu_launch_async' peak 128 -> 128 bytes}}
  func.func @gpu_launch_async(%in: memref<16xf32>, %out: memref<16xf32>, %side: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %seven = arith.constant 7.0 : f32
    %a = memref.alloc() : memref<16xf32>
    linalg.copy ins(%in : memref<16xf32>) outs(%a : memref<16xf32>)
    %t0 = gpu.wait async
    %t = gpu.launch async [%t0] blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %v = memref.load %a[%tx] : memref<16xf32>
      memref.store %v, %out[%tx] : memref<16xf32>
      gpu.terminator
    }
    %x = memref.alloc() : memref<16xf32>
    linalg.fill ins(%seven : f32) outs(%x : memref<16xf32>)
    linalg.copy ins(%x : memref<16xf32>) outs(%side : memref<16xf32>)
    memref.dealloc %x : memref<16xf32>
    gpu.wait [%t]
    memref.dealloc %a : memref<16xf32>
    return
  }
}

// -----

// gpu.memcpy async reads %a until a wait on a token of work that depends on
// it (gpu.memset async [%t0]): the token chain is followed to gpu.wait. %x
// does not meet %a's work, so it moves before %a is allocated (64 bytes).
// CHECK-LABEL: func.func @gpu_memcpy_chain
// CHECK-SAME: peakmem.peak = 64 : i64
// CHECK: gpu.memcpy async
// CHECK: gpu.wait [
// CHECK-NEXT: memref.dealloc
// ARENA-LABEL: func.func @gpu_memcpy_chain
// ARENA-SAME: peakmem.arena_size = 64 : i64
// expected-remark @below {{'gpu_memcpy_chain' peak 128 -> 64 bytes}}
func.func @gpu_memcpy_chain(%in: memref<16xf32>, %out: memref<16xf32>, %side: memref<16xf32>) {
  %seven = arith.constant 7.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%in : memref<16xf32>) outs(%a : memref<16xf32>)
  %t0 = gpu.memcpy async %out, %a : memref<16xf32>, memref<16xf32>
  %t1 = gpu.memset async [%t0] %side, %seven : memref<16xf32>, f32
  %x = memref.alloc() : memref<16xf32>
  linalg.fill ins(%seven : f32) outs(%x : memref<16xf32>)
  memref.dealloc %x : memref<16xf32>
  gpu.wait [%t1]
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// gpu.launch_func async: no declared effects, so the kernel may access every
// memref it is given until gpu.wait (and %a is captured: pinned).
// CHECK-LABEL: func.func @gpu_launch_func_async
// CHECK: gpu.launch_func async
// CHECK: gpu.wait [
// CHECK-NEXT: memref.dealloc
// The buffer the kernel receives stays out (gpu.launch_func has no
// memory-effect interface: like a call, the kernel may keep the address).
// ARENA-LABEL: func.func @gpu_launch_func_async
// ARENA-SAME: peakmem.arena_size = 64 : i64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%buf: memref<16xf32>, %out: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %buf[%i] : memref<16xf32>
      memref.store %v, %out[%i] : memref<16xf32>
      gpu.return
    }
  }
  // expected-remark @below {{'gpu_launch_func_async' peak 128 -> 128 bytes}}
  func.func @gpu_launch_func_async(%in: memref<16xf32>, %out: memref<16xf32>, %side: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %seven = arith.constant 7.0 : f32
    %a = memref.alloc() : memref<16xf32>
    linalg.copy ins(%in : memref<16xf32>) outs(%a : memref<16xf32>)
    %t = gpu.launch_func async @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%a : memref<16xf32>, %out : memref<16xf32>)
    %x = memref.alloc() : memref<16xf32>
    linalg.fill ins(%seven : f32) outs(%x : memref<16xf32>)
    linalg.copy ins(%x : memref<16xf32>) outs(%side : memref<16xf32>)
    memref.dealloc %x : memref<16xf32>
    gpu.wait [%t]
    memref.dealloc %a : memref<16xf32>
    return
  }
}

// -----

// affine.dma_start only starts the transfer: %buf is read until the
// affine.dma_wait on the same tag element.
// CHECK-LABEL: func.func @dma_start_wait
// CHECK: affine.dma_start
// CHECK: affine.dma_wait
// CHECK-NEXT: memref.dealloc %{{.*}} : memref<32xf32>
// RECOMPUTE-LABEL: func.func @dma_start_wait
// RECOMPUTE: affine.dma_wait
// RECOMPUTE-NEXT: memref.dealloc %{{.*}} : memref<32xf32>
// ARENA-LABEL: func.func @dma_start_wait
// ARENA-SAME: peakmem.arena_size = 260 : i64
// expected-remark @below {{'dma_start_wait' peak 260 -> 260 bytes}}
func.func @dma_start_wait(%out: memref<256xf32>, %side: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 32 : index
  %seven = arith.constant 7.0 : f32
  %buf = memref.alloc() : memref<32xf32>
  linalg.fill ins(%seven : f32) outs(%buf : memref<32xf32>)
  %tag = memref.alloc() : memref<1xi32>
  affine.dma_start %buf[%c0], %out[%c0], %tag[%c0], %n : memref<32xf32>, memref<256xf32>, memref<1xi32>
  %x = memref.alloc() : memref<32xf32>
  linalg.fill ins(%seven : f32) outs(%x : memref<32xf32>)
  linalg.copy ins(%x : memref<32xf32>) outs(%side : memref<32xf32>)
  memref.dealloc %x : memref<32xf32>
  affine.dma_wait %tag[%c0], %n : memref<1xi32>
  memref.dealloc %buf : memref<32xf32>
  memref.dealloc %tag : memref<1xi32>
  return
}

// -----

// The same with memref.dma_start (which declares no effects: it also
// captures its operands).
// CHECK-LABEL: func.func @memref_dma
// CHECK: memref.dma_wait
// CHECK-NEXT: memref.dealloc %{{.*}} : memref<32xf32>
// ARENA-LABEL: func.func @memref_dma
// ARENA-SAME: peakmem.arena_size = 260 : i64
// expected-remark @below {{'memref_dma' peak 260 -> 260 bytes}}
func.func @memref_dma(%out: memref<256xf32>, %side: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 32 : index
  %seven = arith.constant 7.0 : f32
  %buf = memref.alloc() : memref<32xf32>
  linalg.fill ins(%seven : f32) outs(%buf : memref<32xf32>)
  %tag = memref.alloc() : memref<1xi32>
  memref.dma_start %buf[%c0], %out[%c0], %n, %tag[%c0] : memref<32xf32>, memref<256xf32>, memref<1xi32>
  %x = memref.alloc() : memref<32xf32>
  linalg.fill ins(%seven : f32) outs(%x : memref<32xf32>)
  linalg.copy ins(%x : memref<32xf32>) outs(%side : memref<32xf32>)
  memref.dealloc %x : memref<32xf32>
  memref.dma_wait %tag[%c0], %n : memref<1xi32>
  memref.dealloc %buf : memref<32xf32>
  memref.dealloc %tag : memref<1xi32>
  return
}

// -----

// Upstream's pipeline-data-transfer output (double buffering): the transfer
// started in iteration i is waited for in iteration i+1 or after the loop,
// on another tag index. A transfer with no matching wait in its block is in
// flight when the loop body ends; in the function body it completes at the
// last statement waiting on the same tag memref (the epilogue's wait), so
// %Ah and %tag stay in use until there. Modeled, nothing moves.
// CHECK-LABEL: func.func @dma_pipelined
// CHECK-SAME: peakmem.peak = 264 : i64
// CHECK: affine.for
// CHECK: affine.dma_wait
// CHECK: memref.dealloc
// CHECK-NEXT: memref.dealloc
// CHECK-NEXT: return
// ARENA-LABEL: func.func @dma_pipelined
// ARENA-SAME: peakmem.arena_size = 264 : i64
// expected-remark @below {{'dma_pipelined' peak 264 -> 264 bytes}}
func.func @dma_pipelined(%A: memref<256xf32>, %out: memref<2x32xf32>) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %Ah = memref.alloc() : memref<2x32xf32>
  %tag = memref.alloc() : memref<2x1xi32>
  affine.dma_start %A[%c0], %Ah[%c0 mod 2, %c0], %tag[%c0 mod 2, 0], %c32 : memref<256xf32>, memref<2x32xf32>, memref<2x1xi32>
  affine.for %i = 1 to 8 {
    affine.dma_start %A[%i], %Ah[%i mod 2, %c0], %tag[%i mod 2, 0], %c32 : memref<256xf32>, memref<2x32xf32>, memref<2x1xi32>
    %p = affine.apply affine_map<(d0) -> (d0 - 1)>(%i)
    affine.dma_wait %tag[%p mod 2, 0], %c32 : memref<2x1xi32>
    %v = affine.load %Ah[%p mod 2, %p] : memref<2x32xf32>
    affine.store %v, %out[%p mod 2, %p] : memref<2x32xf32>
  }
  %c8 = arith.constant 8 : index
  %l = affine.apply affine_map<(d0) -> (d0 - 1)>(%c8)
  affine.dma_wait %tag[%l mod 2, 0], %c32 : memref<2x1xi32>
  %w = affine.load %Ah[%l mod 2, %l] : memref<2x32xf32>
  affine.store %w, %out[%l mod 2, %l] : memref<2x32xf32>
  memref.dealloc %tag : memref<2x1xi32>
  memref.dealloc %Ah : memref<2x32xf32>
  return
}

// -----

// Before pipelining: the transfer is started and waited for in each
// iteration, on a buffer of the loop body; the body frees it after the wait.
// CHECK-LABEL: func.func @dma_in_loop_body
// CHECK: affine.dma_wait
// CHECK: memref.dealloc
// ARENA-LABEL: func.func @dma_in_loop_body
// ARENA-SAME: peakmem.arena_size = 20 : i64
// expected-remark @below {{'dma_in_loop_body' peak 20 -> 20 bytes}}
func.func @dma_in_loop_body(%arg0: memref<512xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  affine.for %i0 = 0 to 512 step 4 {
    %1 = memref.alloc() : memref<4xf32>
    %2 = memref.alloc() : memref<1xi32>
    affine.dma_start %arg0[%i0], %1[%c0], %2[%c0], %c4 : memref<512xf32>, memref<4xf32>, memref<1xi32>
    affine.dma_wait %2[%c0], %c4 : memref<1xi32>
    memref.dealloc %2 : memref<1xi32>
    memref.dealloc %1 : memref<4xf32>
  }
  return
}

// -----

// The async dialect follows the same rule: a chain of async.execute
// dependencies and a group end at async.await_all; %a stays until there.
// CHECK-LABEL: func.func @async_chain_group
// CHECK: async.await_all
// CHECK-NEXT: memref.dealloc
// ARENA-LABEL: func.func @async_chain_group
// ARENA-SAME: peakmem.arena_size = 64 : i64
// expected-remark @below {{'async_chain_group' peak 128 -> 128 bytes}}
func.func @async_chain_group(%in: memref<16xf32>, %out: memref<16xf32>, %side: memref<16xf32>) {
  %seven = arith.constant 7.0 : f32
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%in : memref<16xf32>) outs(%a : memref<16xf32>)
  %g = async.create_group %c1 : !async.group
  %t0 = async.execute {
    linalg.copy ins(%a : memref<16xf32>) outs(%out : memref<16xf32>)
    async.yield
  }
  %t1 = async.execute [%t0] {
    async.yield
  }
  %i = async.add_to_group %t1, %g : !async.token
  %x = memref.alloc() : memref<16xf32>
  linalg.fill ins(%seven : f32) outs(%x : memref<16xf32>)
  linalg.copy ins(%x : memref<16xf32>) outs(%side : memref<16xf32>)
  memref.dealloc %x : memref<16xf32>
  async.await_all %g
  memref.dealloc %a : memref<16xf32>
  return
}
