// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder))' --split-input-file -verify-diagnostics | FileCheck %s
// Asynchronous work whose end the model cannot find (docs/Safety.md,
// "Asynchronous work"): the function is refused with one remark and left
// exactly as it was.

// A token nothing waits for: the copy may still read %a when it is freed.
// CHECK-LABEL: func.func @gpu_never_waited
// CHECK-NOT: peakmem.peak
func.func @gpu_never_waited(%out: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  // expected-remark @below {{'gpu_never_waited' not modeled: 'gpu.memcpy' is never awaited in its block}}
  %t = gpu.memcpy async %out, %a : memref<16xf32>, memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// Waited for only on one path: when %c is false the work may still run
// after the scf.if, so the wait does not end it in its block.
// CHECK-LABEL: func.func @gpu_waited_conditionally
// CHECK-NOT: peakmem.peak
func.func @gpu_waited_conditionally(%out: memref<16xf32>, %c: i1) {
  %a = memref.alloc() : memref<16xf32>
  // expected-remark @below {{'gpu_waited_conditionally' not modeled: 'gpu.memcpy' is never awaited in its block}}
  %t = gpu.memcpy async %out, %a : memref<16xf32>, memref<16xf32>
  scf.if %c {
    gpu.wait [%t]
  }
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// A token that leaves the function: the caller would end the work.
// CHECK-LABEL: func.func @gpu_token_returned
// CHECK-NOT: peakmem.peak
func.func @gpu_token_returned(%out: memref<16xf32>, %in: memref<16xf32>) -> !gpu.async.token {
  %t = gpu.memcpy async %out, %in : memref<16xf32>, memref<16xf32>
  gpu.wait [%t]
  %u = gpu.memcpy async %in, %out : memref<16xf32>, memref<16xf32>
  // expected-remark @below {{'gpu_token_returned' not modeled: 'func.return' uses an async value in a way peakmem cannot follow}}
  return %u : !gpu.async.token
}

// -----

// A GPU token carried through an !async.value (as gpu-async-region writes
// it): the work ends at a gpu.wait on the awaited payload, which the model
// does not follow.
// CHECK-LABEL: func.func @token_in_async_value
// CHECK-NOT: peakmem.peak
func.func @token_in_async_value(%out: memref<16xf32>, %in: memref<16xf32>) {
  // expected-remark @below {{'token_in_async_value' not modeled: 'async.execute' returns an async value that carries an async handle}}
  %a, %f = async.execute -> !async.value<!gpu.async.token> {
    %t = gpu.memcpy async %out, %in : memref<16xf32>, memref<16xf32>
    async.yield %t : !gpu.async.token
  }
  %t = async.await %f : !async.value<!gpu.async.token>
  gpu.wait [%t]
  return
}

// -----

// A transfer no later op waits for.
// CHECK-LABEL: func.func @dma_never_waited
// CHECK-NOT: peakmem.peak
func.func @dma_never_waited(%out: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 32 : index
  %buf = memref.alloc() : memref<32xf32>
  %tag = memref.alloc() : memref<1xi32>
  // expected-remark @below {{'dma_never_waited' not modeled: 'affine.dma_start' starts a DMA transfer that no later op waits for (on the same tag)}}
  affine.dma_start %buf[%c0], %out[%c0], %tag[%c0], %n : memref<32xf32>, memref<256xf32>, memref<1xi32>
  memref.dealloc %buf : memref<32xf32>
  memref.dealloc %tag : memref<1xi32>
  return
}

// -----

// A loop body frees a buffer of its own while the transfer on it may still
// run: the wait is on another tag element, so it may complete another
// transfer.
// CHECK-LABEL: func.func @dma_unmatched_in_body
// CHECK-NOT: peakmem.peak
func.func @dma_unmatched_in_body(%arg0: memref<512xf32>, %tag: memref<2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  affine.for %i0 = 0 to 512 step 4 {
    %1 = memref.alloc() : memref<4xf32>
    // expected-remark @below {{'dma_unmatched_in_body' not modeled: 'affine.dma_start' starts a DMA transfer on a buffer of its block that no later op of the block waits for (on the same tag element)}}
    affine.dma_start %arg0[%i0], %1[%c0], %tag[%c0], %c4 : memref<512xf32>, memref<4xf32>, memref<2xi32>
    affine.dma_wait %tag[%c1], %c4 : memref<2xi32>
    memref.dealloc %1 : memref<4xf32>
  }
  return
}

// -----

// A heap buffer allocated inside async.execute lives while the region runs,
// which may be any time until the await.
// CHECK-LABEL: func.func @alloc_in_async_region
// CHECK-NOT: peakmem.peak
func.func @alloc_in_async_region(%out: memref<16xf32>) {
  %t = async.execute {
    // expected-remark @below {{'alloc_in_async_region' not modeled: 'memref.alloc' allocates a heap buffer inside 'async.execute', whose region may run after it returns}}
    %a = memref.alloc() : memref<16xf32>
    linalg.copy ins(%a : memref<16xf32>) outs(%out : memref<16xf32>)
    memref.dealloc %a : memref<16xf32>
    async.yield
  }
  async.await %t : !async.token
  return
}
