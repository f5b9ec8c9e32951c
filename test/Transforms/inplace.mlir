// peakmem-inplace writes an elementwise output over an input that dies at
// the op (docs/InPlace.md); every pair is re-derived by
// peakmem-verify-inplace. Each refusal is a remark and leaves the IR as it
// was.
// RUN: peakmem-opt %s --split-input-file -mlir-print-op-on-diagnostic=false -p 'builtin.module(func.func(peakmem-inplace,peakmem-verify-inplace))' 2>/dev/null | FileCheck %s
// RUN: peakmem-opt %s --split-input-file -mlir-print-op-on-diagnostic=false -p 'builtin.module(func.func(peakmem-inplace,peakmem-verify-inplace))' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

#id = affine_map<(d0) -> (d0)>
// A relu then an add: both outputs go over the dying input, one buffer is
// left, and the peak falls from two buffers to one.
// REMARK: remark: peakmem-inplace: output written over input 0 (256 bytes shared)
// REMARK: remark: peakmem-inplace: output written over input 0 (256 bytes shared)
// REMARK: remark: peakmem-inplace: not in place: input 0 is a block argument
// REMARK: remark: peakmem-inplace: 'chain' 2 outputs written over inputs (512 bytes), peak 512 -> 256 bytes
// CHECK-LABEL: func.func @chain
// CHECK-SAME: peakmem.inplace_record = {bytes = 512 : i64, pairs = 2 : i64, peak_after = 256 : i64, peak_before = 512 : i64}
// CHECK: %[[A:.*]] = memref.alloc() : memref<64xf32>
// CHECK-NOT: memref.alloc
// CHECK: linalg.generic {{.*}} ins(%[[A]] : memref<64xf32>) outs(%[[A]] : memref<64xf32>) attrs = {peakmem.inplace = 0 : i64}
// CHECK: arith.maximumf
// CHECK: linalg.generic {{.*}} ins(%[[A]], %arg0 : memref<64xf32>, memref<64xf32>) outs(%[[A]] : memref<64xf32>) attrs = {peakmem.inplace = 0 : i64}
// CHECK: arith.addf
// CHECK: linalg.copy ins(%[[A]] : memref<64xf32>) outs(%arg1 : memref<64xf32>)
// CHECK-NEXT: memref.dealloc %[[A]] : memref<64xf32>
// CHECK-NEXT: return
func.func @chain(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xf32>) outs(%b : memref<64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %i, %z : f32
    linalg.yield %r : f32
  }
  memref.dealloc %a : memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%b, %x : memref<64xf32>, memref<64xf32>) outs(%c : memref<64xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %r = arith.addf %i, %j : f32
    linalg.yield %r : f32
  }
  memref.dealloc %b : memref<64xf32>
  linalg.copy ins(%c : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %c : memref<64xf32>
  return
}

// -----

// The second input of an add dies there: it is the one shared (input 1),
// in a 2-d permutation map that both operands share.
#t = affine_map<(d0, d1) -> (d1, d0)>
// REMARK: remark: peakmem-inplace: output written over input 1 (128 bytes shared)
// CHECK-LABEL: func.func @second_input
// CHECK: ins(%arg0, %[[A:.*]] : memref<4x8xf32>, memref<4x8xf32>) outs(%[[A]] : memref<4x8xf32>) attrs = {peakmem.inplace = 1 : i64}
func.func @second_input(%x: memref<4x8xf32>, %y: memref<4x8xf32>) {
  %a = memref.alloc() : memref<4x8xf32>
  linalg.copy ins(%x : memref<4x8xf32>) outs(%a : memref<4x8xf32>)
  %b = memref.alloc() : memref<4x8xf32>
  linalg.generic {indexing_maps = [#t, #t, #t], iterator_types = ["parallel", "parallel"]}
      ins(%x, %a : memref<4x8xf32>, memref<4x8xf32>) outs(%b : memref<4x8xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %r = arith.subf %i, %j : f32
    linalg.yield %r : f32
  }
  memref.dealloc %a : memref<4x8xf32>
  linalg.copy ins(%b : memref<4x8xf32>) outs(%y : memref<4x8xf32>)
  memref.dealloc %b : memref<4x8xf32>
  return
}

// -----

// Refused: a later reader of the input through a subview.
#id = affine_map<(d0) -> (d0)>
// REMARK: remark: peakmem-inplace: not in place: input 0 is used after the op through an alias ('linalg.copy' at
// CHECK-LABEL: func.func @later_reader
// CHECK-NOT: peakmem.inplace =
// CHECK: return
func.func @later_reader(%x: memref<64xf32>, %y: memref<64xf32>, %z: memref<8xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  %s = memref.subview %a[0] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1]>>
  %b = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xf32>) outs(%b : memref<64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = arith.negf %i : f32
    linalg.yield %r : f32
  }
  linalg.copy ins(%s : memref<8xf32, strided<[1]>>) outs(%z : memref<8xf32>)
  memref.dealloc %a : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// Refused: the input is read transposed.
// REMARK: remark: peakmem-inplace: not in place: input 0 is indexed by another map than the output (a transposed or broadcast access)
// CHECK-LABEL: func.func @transposed
// CHECK-NOT: peakmem.inplace =
// CHECK: return
func.func @transposed(%x: memref<8x8xf32>, %y: memref<8x8xf32>) {
  %a = memref.alloc() : memref<8x8xf32>
  linalg.copy ins(%x : memref<8x8xf32>) outs(%a : memref<8x8xf32>)
  %b = memref.alloc() : memref<8x8xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<8x8xf32>) outs(%b : memref<8x8xf32>) {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  }
  memref.dealloc %a : memref<8x8xf32>
  linalg.copy ins(%b : memref<8x8xf32>) outs(%y : memref<8x8xf32>)
  memref.dealloc %b : memref<8x8xf32>
  return
}

// -----

// Refused: a reduction iterator (and the payload reads the output).
// REMARK: remark: peakmem-inplace: not in place: has a reduction (or non-parallel) iterator
// CHECK-LABEL: func.func @reduction
// CHECK-NOT: peakmem.inplace =
// CHECK: return
func.func @reduction(%x: memref<8x8xf32>, %y: memref<8xf32>) {
  %a = memref.alloc() : memref<8x8xf32>
  linalg.copy ins(%x : memref<8x8xf32>) outs(%a : memref<8x8xf32>)
  %b = memref.alloc() : memref<8xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x8xf32>) outs(%b : memref<8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = arith.addf %i, %o : f32
    linalg.yield %r : f32
  }
  memref.dealloc %a : memref<8x8xf32>
  linalg.copy ins(%b : memref<8xf32>) outs(%y : memref<8xf32>)
  memref.dealloc %b : memref<8xf32>
  return
}

// -----

// Refused: the input's type differs from the output's (size, then element
// type).
#id = affine_map<(d0) -> (d0)>
// REMARK: remark: peakmem-inplace: not in place: input 0 has type memref<64xf16>, the output memref<64xf32>
// CHECK-LABEL: func.func @type_mismatch
// CHECK-NOT: peakmem.inplace =
// CHECK: return
func.func @type_mismatch(%x: memref<64xf16>, %y: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf16>
  linalg.copy ins(%x : memref<64xf16>) outs(%a : memref<64xf16>)
  %b = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xf16>) outs(%b : memref<64xf32>) {
  ^bb0(%i: f16, %o: f32):
    %r = arith.extf %i : f16 to f32
    linalg.yield %r : f32
  }
  memref.dealloc %a : memref<64xf16>
  linalg.copy ins(%b : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// Refused: the input is a function argument (the caller's memory).
#id = affine_map<(d0) -> (d0)>
// REMARK: remark: peakmem-inplace: not in place: input 0 is a block argument (memory of the caller or a loop)
// CHECK-LABEL: func.func @argument_input
// CHECK-NOT: peakmem.inplace =
// CHECK: return
func.func @argument_input(%x: memref<64xf32>, %y: memref<64xf32>) {
  %b = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<64xf32>) outs(%b : memref<64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = arith.negf %i : f32
    linalg.yield %r : f32
  }
  linalg.copy ins(%b : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// Refused: the payload reads the output's element (an accumulation).
#id = affine_map<(d0) -> (d0)>
// REMARK: remark: peakmem-inplace: not in place: its payload reads the output's element (the output is not fully overwritten)
// CHECK-LABEL: func.func @reads_init
// CHECK-NOT: peakmem.inplace =
// CHECK: return
func.func @reads_init(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%b : memref<64xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xf32>) outs(%b : memref<64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = arith.addf %i, %o : f32
    linalg.yield %r : f32
  }
  memref.dealloc %a : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// Refused: the same buffer is a second operand (x * x), and an input
// allocated with another alignment than the output.
#id = affine_map<(d0) -> (d0)>
// REMARK: remark: peakmem-inplace: not in place: input 0 aliases another operand of the op; input 1 aliases another operand of the op
// REMARK: remark: peakmem-inplace: not in place: input 0 is allocated unlike the output (another allocator, alignment or size)
// CHECK-LABEL: func.func @aliased_operand
// CHECK-NOT: peakmem.inplace =
// CHECK: return
func.func @aliased_operand(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %a : memref<64xf32>, memref<64xf32>) outs(%b : memref<64xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %r = arith.mulf %i, %j : f32
    linalg.yield %r : f32
  }
  memref.dealloc %a : memref<64xf32>
  %c = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b : memref<64xf32>) outs(%c : memref<64xf32>) {
  ^bb0(%i: f32, %o: f32):
    %r = arith.negf %i : f32
    linalg.yield %r : f32
  }
  memref.dealloc %b : memref<64xf32>
  linalg.copy ins(%c : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %c : memref<64xf32>
  return
}

// -----

// Inside a loop body: the pair of the body's own buffers is found there.
#id = affine_map<(d0) -> (d0)>
// REMARK: remark: peakmem-inplace: output written over input 0 (256 bytes shared)
// CHECK-LABEL: func.func @loop_body
// CHECK: scf.for
// CHECK: %[[A:.*]] = memref.alloc() : memref<64xf32>
// CHECK: outs(%[[A]] : memref<64xf32>) attrs = {peakmem.inplace = 0 : i64}
func.func @loop_body(%x: memref<64xf32>, %y: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %iv = %c0 to %c4 step %c1 {
    %a = memref.alloc() : memref<64xf32>
    linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
    %b = memref.alloc() : memref<64xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : memref<64xf32>) outs(%b : memref<64xf32>) {
    ^bb0(%i: f32, %o: f32):
      %r = arith.negf %i : f32
      linalg.yield %r : f32
    }
    memref.dealloc %a : memref<64xf32>
    linalg.copy ins(%b : memref<64xf32>) outs(%y : memref<64xf32>)
    memref.dealloc %b : memref<64xf32>
  }
  return
}
