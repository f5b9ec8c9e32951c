// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-certify))' --split-input-file -verify-diagnostics | FileCheck %s
// Fresh certificates pass the verifier (any error would be unexpected).
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-certify,peakmem-verify-certificate))' --split-input-file -verify-diagnostics | FileCheck %s

// A chain is a sequence of sequential points: the boundary bound already
// equals the peak of the order as written.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "boundary"
// CHECK-SAME: peakmem.lower_bound = 512 : i64, peakmem.optimal = true, peakmem.peak = 512 : i64
// expected-remark @below {{peakmem-certify: 'chain' peak 512 bytes, lower bound 512 (boundary): optimal}}
func.func @chain(%in: memref<64xf32>) -> memref<64xf32> {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return %b : memref<64xf32>
}

// -----

// A badly ordered fork-join: not optimal. The bound (1032, proven by a
// pairwise either/or flow certificate) is what the best order reaches.
// CHECK-LABEL: func.func @fork_join_gap
// CHECK-SAME: kind = "pairwise"
// CHECK-SAME: peakmem.lower_bound = 1032 : i64, peakmem.optimal = false, peakmem.peak = 2052 : i64
// expected-remark @below {{peak 2052 bytes, lower bound 1032 (pairwise): gap 1020 bytes (49.7%)}}
func.func @fork_join_gap(%in: memref<256xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%a1 : memref<256xf32>)
  %b1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%b1 : memref<256xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  memref.dealloc %a1 : memref<256xf32>
  %vb = memref.subview %b1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  memref.dealloc %b1 : memref<256xf32>
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}

// -----

// A loop body that allocates gets its own record on the loop.
// CHECK-LABEL: func.func @nested
// CHECK: scf.for
// CHECK: } {peakmem.nested = [{certificate = {{.*}}, lower_bound = 400 : i64, optimal = true, peak = 400 : i64, region = 0 : i64}]}
// expected-remark @below {{peak 400 bytes, lower bound 400}}
func.func @nested(%in: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.alloc() : memref<100xf32>
    linalg.copy ins(%in : memref<100xf32>) outs(%t : memref<100xf32>)
    memref.dealloc %t : memref<100xf32>
  }
  return
}
