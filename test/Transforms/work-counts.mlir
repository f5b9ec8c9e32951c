// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=0 max-op-overhead=0}))' --split-input-file -verify-diagnostics | FileCheck %s --check-prefix=ZERO
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=1 max-op-overhead=1}))' --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=FULL
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' --split-input-file | FileCheck %s --check-prefix=REPORT
//
// The recompute budgets count all the work they bound (OpCost.h, WorkCount):
// scalar code in loops counts one operation per executed op, times the trip
// count; work whose count is not known statically (a loop with dynamic
// bounds, scf.while) is never cloned. Before, a producer written as scf.for
// loops of scalar stores counted 0 operations and was cloned even with
// max-op-overhead=0 max-mac-overhead=0 ("operations 270528 -> 270528
// (+0.000%)"); the same work as a linalg op was refused.
//
// Each function: %a (64 x f32) is written by a loop, read early, then a
// 32 KiB matmul phase, then read again: recomputing %a after the phase
// saves its 256 bytes at the peak.

// 64 iterations of addf + store: 128 operations per clone.
// ZERO-LABEL: func.func @scalar_loop_producer
// ZERO-COUNT-1: scf.for
// ZERO-NOT: scf.for
// FULL: remark: peakmem-recompute: 'scalar_loop_producer' peak 33024 -> 32768 bytes by recomputing 1 ops; MACs 262144 -> 262144 (+0.000%), operations 270656 -> 270784 (+0.047%)
// REPORT-LABEL: func.func @scalar_loop_producer
// REPORT-SAME: peakmem.ops = 270656 : i64
// expected-remark @below {{'scalar_loop_producer' peak 33280 -> 33024 bytes by moving allocations and frees next to their uses, nothing recomputed: the MAC budget (0 of 262144 MACs), the operation budget (0 operations) or the per-op limit excludes every recomputable buffer live across the peak (1 buffer)}}
func.func @scalar_loop_producer(%out: memref<64xf32>, %out2: memref<64x64xf32>, %out3: memref<64xf32>) {
  %c = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %a = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = arith.addf %c, %c : f32
    memref.store %v, %a[%i] : memref<64xf32>
  }
  linalg.copy ins(%a : memref<64xf32>) outs(%out : memref<64xf32>)
  %x = memref.alloc() : memref<64x64xf32>
  linalg.copy ins(%out2 : memref<64x64xf32>) outs(%x : memref<64x64xf32>)
  %y = memref.alloc() : memref<64x64xf32>
  linalg.copy ins(%out2 : memref<64x64xf32>) outs(%y : memref<64x64xf32>)
  linalg.matmul ins(%x, %y : memref<64x64xf32>, memref<64x64xf32>) outs(%out2 : memref<64x64xf32>)
  %m = memref.alloc() : memref<64xf32>
  %s = memref.subview %x[0, 0] [1, 64] [1, 1] : memref<64x64xf32> to memref<64xf32, strided<[1]>>
  linalg.copy ins(%s : memref<64xf32, strided<[1]>>) outs(%m : memref<64xf32>)
  memref.dealloc %x : memref<64x64xf32>
  memref.dealloc %y : memref<64x64xf32>
  linalg.add ins(%a, %m : memref<64xf32>, memref<64xf32>) outs(%out3 : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %m : memref<64xf32>
  return
}

// -----

// The same producer with a dynamic trip count: its work cannot be counted,
// so it is never cloned, whatever the budget.
// ZERO-LABEL: func.func @dynamic_loop_producer
// FULL: remark: peakmem-recompute: 'dynamic_loop_producer' peak 33280 -> 33024 bytes by moving allocations and frees next to their uses, nothing recomputed: none of the 3 buffers live across the peak is recomputable
// expected-remark @below {{'dynamic_loop_producer' peak 33280 -> 33024 bytes by moving allocations and frees next to their uses, nothing recomputed: none of the 3 buffers live across the peak is recomputable}}
func.func @dynamic_loop_producer(%n: index, %out: memref<64xf32>, %out2: memref<64x64xf32>, %out3: memref<64xf32>) {
  %c = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = arith.addf %c, %c : f32
    memref.store %v, %a[%i] : memref<64xf32>
  }
  linalg.copy ins(%a : memref<64xf32>) outs(%out : memref<64xf32>)
  %x = memref.alloc() : memref<64x64xf32>
  linalg.copy ins(%out2 : memref<64x64xf32>) outs(%x : memref<64x64xf32>)
  %y = memref.alloc() : memref<64x64xf32>
  linalg.copy ins(%out2 : memref<64x64xf32>) outs(%y : memref<64x64xf32>)
  linalg.matmul ins(%x, %y : memref<64x64xf32>, memref<64x64xf32>) outs(%out2 : memref<64x64xf32>)
  %m = memref.alloc() : memref<64xf32>
  %s = memref.subview %x[0, 0] [1, 64] [1, 1] : memref<64x64xf32> to memref<64xf32, strided<[1]>>
  linalg.copy ins(%s : memref<64xf32, strided<[1]>>) outs(%m : memref<64xf32>)
  memref.dealloc %x : memref<64x64xf32>
  memref.dealloc %y : memref<64x64xf32>
  linalg.add ins(%a, %m : memref<64xf32>, memref<64xf32>) outs(%out3 : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %m : memref<64xf32>
  return
}

// -----

// The issue's shape: 6.4 million iterations (2560 x 2500) of a load, a
// multiply-add and a store count 4 operations and 1 MAC each (the copy out
// adds 6.4 million operations).
// REPORT-LABEL: func.func @six_million_iterations
// REPORT-SAME: peakmem.macs = 6400000 : i64, peakmem.ops = 32000000 : i64
// expected-remark @below {{'six_million_iterations' unchanged at 25600000 bytes}}
func.func @six_million_iterations(%in: memref<2560x2500xf32>, %out: memref<2560x2500xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2500 = arith.constant 2500 : index
  %c2560 = arith.constant 2560 : index
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<2560x2500xf32>
  scf.for %i = %c0 to %c2560 step %c1 {
    scf.for %j = %c0 to %c2500 step %c1 {
      %v = memref.load %in[%i, %j] : memref<2560x2500xf32>
      %p = arith.mulf %v, %two : f32
      %s = arith.addf %p, %v : f32
      memref.store %s, %a[%i, %j] : memref<2560x2500xf32>
    }
  }
  linalg.copy ins(%a : memref<2560x2500xf32>) outs(%out : memref<2560x2500xf32>)
  memref.dealloc %a : memref<2560x2500xf32>
  return
}
