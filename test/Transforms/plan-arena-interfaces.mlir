// Buffers that reach an op without a memory-effect interface stay out of the
// arena (issue 22, item 4 of the fuzz classes): nothing says what such an op
// does with the address it receives (a kernel launch, a DMA start or wait
// may keep it, as a call may), so once the dealloc is gone the IR would no
// longer show how long the bytes are used. The rule is the verifier's
// (ArenaSlots.h findHiddenUse), from interfaces and the op registry
// (OpSemantics.h), not from op names. The DMA ops (memref.dma_start and
// memref.dma_wait have no interface, nor has affine.dma_wait) are registered
// with what they access (their transfer's source, destination and tag), so
// their buffers are placed, each live until the wait that completes the
// transfer (AsyncWork.h). Each plan verifies.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena,peakmem-verify-arena))' --split-input-file -verify-diagnostics | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: memref<16xf32>, %y: memref<16xf32>) kernel {
      gpu.return
    }
  }
  // CHECK-LABEL: func.func @launch_func
  // CHECK-SAME: peakmem.arena_size = 64 : i64
  // CHECK: %[[A:.*]] = memref.alloc() : memref<16xf32>
  // CHECK: gpu.launch_func @kernels::@k {{.*}} args(%[[A]] : memref<16xf32>, %{{.*}} : memref<16xf32>)
  // CHECK: memref.dealloc %[[A]]
  // expected-remark @below {{'launch_func' arena 64 bytes for 1 buffers (2 left out)}}
  func.func @launch_func(%x: memref<16xf32>, %y: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    // expected-remark @below {{buffer left out of the arena: its address is passed to 'gpu.launch_func', which has no memory-effect interface (it may keep the address, as a call may)}}
    %a = memref.alloc() : memref<16xf32>
    linalg.copy ins(%x : memref<16xf32>) outs(%a : memref<16xf32>)
    // expected-remark @below {{buffer left out of the arena: its address is passed to 'gpu.launch_func'}}
    %b = memref.alloc() : memref<16xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<16xf32>, %b : memref<16xf32>)
    %c = memref.alloc() : memref<16xf32>
    linalg.copy ins(%b : memref<16xf32>) outs(%c : memref<16xf32>)
    linalg.copy ins(%c : memref<16xf32>) outs(%y : memref<16xf32>)
    memref.dealloc %a : memref<16xf32>
    memref.dealloc %b : memref<16xf32>
    memref.dealloc %c : memref<16xf32>
    return
  }
}

// -----

// memref.dma_start / memref.dma_wait: registered DMA ops. The source, the
// destination (also read through a subview after the wait) and the tag are
// all live until the wait: three distinct slots.
// CHECK-LABEL: func.func @memref_dma
// CHECK-SAME: peakmem.arena_size = 196 : i64
// CHECK-DAG: %[[S:.*]] = memref.view %{{.*}}[%c128{{.*}}][] {peakmem.align = 4 : i64} : memref<196xi8> to memref<16xf32>
// CHECK-DAG: %[[D:.*]] = memref.view %{{.*}}[%c0{{.*}}][] {peakmem.align = 4 : i64} : memref<196xi8> to memref<32xf32>
// CHECK-DAG: %[[T:.*]] = memref.view %{{.*}}[%c192{{.*}}][] {peakmem.align = 4 : i64} : memref<196xi8> to memref<1xi32>
// CHECK: memref.dma_start %[[S]][%{{.*}}], %[[D]][%{{.*}}], %{{.*}}, %[[T]][%{{.*}}]
// CHECK-NEXT: memref.dma_wait %[[T]]
// expected-remark @below {{'memref_dma' arena 196 bytes for 3 buffers (0 left out)}}
func.func @memref_dma(%x: memref<16xf32>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %src = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%src : memref<16xf32>)
  %dst = memref.alloc() : memref<32xf32>
  %half = memref.subview %dst[0] [16] [1] : memref<32xf32> to memref<16xf32, strided<[1]>>
  %tag = memref.alloc() : memref<1xi32>
  memref.dma_start %src[%c0], %dst[%c0], %c16, %tag[%c0] : memref<16xf32>, memref<32xf32>, memref<1xi32>
  memref.dma_wait %tag[%c0], %c16 : memref<1xi32>
  memref.copy %half, %y : memref<16xf32, strided<[1]>> to memref<16xf32>
  memref.dealloc %src : memref<16xf32>
  memref.dealloc %dst : memref<32xf32>
  memref.dealloc %tag : memref<1xi32>
  return
}

// -----

// affine.dma_start has a memory-effect interface, affine.dma_wait is a
// registered DMA wait: the source's slot is not reused before the wait even
// though the host does not touch it after the start.
// CHECK-LABEL: func.func @affine_dma
// CHECK-SAME: peakmem.arena_size = 132 : i64
// CHECK-DAG: %[[S:.*]] = memref.view %{{.*}}[%c0{{.*}}][] {peakmem.align = 4 : i64} : memref<132xi8> to memref<16xf32>
// CHECK-DAG: %[[D:.*]] = memref.view %{{.*}}[%c64{{.*}}][] {peakmem.align = 4 : i64} : memref<132xi8> to memref<16xf32>
// CHECK-DAG: %[[T:.*]] = memref.view %{{.*}}[%c128{{.*}}][] {peakmem.align = 4 : i64} : memref<132xi8> to memref<1xi32>
// CHECK: affine.dma_start %[[S]][%{{.*}}], %[[D]][%{{.*}}], %[[T]][%{{.*}}], %{{.*}}
// CHECK-NEXT: affine.dma_wait %[[T]]
// expected-remark @below {{'affine_dma' arena 132 bytes for 3 buffers (0 left out)}}
func.func @affine_dma(%x: memref<16xf32>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %src = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%src : memref<16xf32>)
  %dst = memref.alloc() : memref<16xf32>
  %tag = memref.alloc() : memref<1xi32>
  affine.dma_start %src[%c0], %dst[%c0], %tag[%c0], %c16 : memref<16xf32>, memref<16xf32>, memref<1xi32>
  affine.dma_wait %tag[%c0], %c16 : memref<1xi32>
  memref.dealloc %src : memref<16xf32>
  linalg.copy ins(%dst : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %dst : memref<16xf32>
  memref.dealloc %tag : memref<1xi32>
  return
}
