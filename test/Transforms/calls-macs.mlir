// A call of a function with a body does its callee's work: the caller's
// peakmem.macs and peakmem.ops count each call's callee once per call (a
// call in a loop once per trip), on top of its own ops (OpCost.h). Before,
// a caller counted its own ops only.
// RUN: peakmem-opt %s --peakmem-report=remarks=0 --split-input-file | FileCheck %s

// @mm: a 4x8 by 8x4 matmul = 128 MACs (128 ops). @caller calls it twice and
// three times more in a loop, and adds 16 elements itself: 5 x 128 MACs,
// 5 x 128 + 16 ops.
// CHECK-LABEL: func.func private @mm
// CHECK-SAME: peakmem.macs = 128 : i64, peakmem.ops = 128 : i64
// CHECK-LABEL: func.func @caller
// CHECK-SAME: peakmem.macs = 640 : i64, peakmem.ops = 656 : i64
func.func private @mm(%a: memref<4x8xf32>, %b: memref<8x4xf32>, %c: memref<4x4xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x4xf32>) outs(%c : memref<4x4xf32>)
  return
}
func.func @caller(%a: memref<4x8xf32>, %b: memref<8x4xf32>, %c: memref<4x4xf32>, %d: memref<4x4xf32>) {
  func.call @mm(%a, %b, %c) : (memref<4x8xf32>, memref<8x4xf32>, memref<4x4xf32>) -> ()
  func.call @mm(%a, %b, %d) : (memref<4x8xf32>, memref<8x4xf32>, memref<4x4xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    func.call @mm(%a, %b, %c) : (memref<4x8xf32>, memref<8x4xf32>, memref<4x4xf32>) -> ()
  }
  linalg.add ins(%c, %d : memref<4x4xf32>, memref<4x4xf32>) outs(%d : memref<4x4xf32>)
  return
}

// -----

// A call of a declaration: nothing is known of its work (0, as before).
// CHECK-LABEL: func.func @calls_external
// CHECK-SAME: peakmem.macs = 0 : i64, peakmem.ops = 16 : i64
func.func private @ext(memref<4x4xf32>)
func.func @calls_external(%c: memref<4x4xf32>, %d: memref<4x4xf32>) {
  func.call @ext(%c) : (memref<4x4xf32>) -> ()
  linalg.add ins(%c, %d : memref<4x4xf32>, memref<4x4xf32>) outs(%d : memref<4x4xf32>)
  return
}
