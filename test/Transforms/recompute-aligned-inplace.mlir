// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute))' --split-input-file -verify-diagnostics | FileCheck %s
// The same with peakmem-optimize's defaults: no internal error.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-optimize{remarks=0}))' --split-input-file | FileCheck %s --check-prefix=OPT
//
// Issue #22 item 3: recompute on buffers that are updated in place, with
// default options. The plan sizes a fresh copy as its original (one size
// function, allocationBytes: elements x element size + alignment) and the
// rewrite clones the original allocation op, attributes and all, so both
// carry the same bytes. What the plan cannot model is an allocation that
// does more than allocate (it reads or frees another buffer): such a
// buffer is not recomputable. The scf.for of each function (256 x 1,024
// operations on arguments) only makes the clones fit the default operation
// budget (1%).

// %s (1,024 x f32, alignment 16: 4,112 B) is written by a copy, read by an
// exp, updated in place by an add of %y, then live across the three-
// temporary peak (16,400 B) until the late add. Cloning its producer group
// (the copy and the in-place add) right before the late add frees %s after
// the in-place add: 12,304 B. The fresh buffer keeps the alignment; the
// clones write it, not %s.
// CHECK-LABEL: func.func @aligned_inplace
// CHECK-SAME: peakmem.peak = 12304 : i64
// CHECK-SAME: peak_before = 16400
// CHECK: %[[S:.*]] = memref.alloc() {alignment = 16 : i64} : memref<1024xf32>
// CHECK-NEXT: linalg.copy ins(%arg0 : memref<1024xf32>) outs(%[[S]] : memref<1024xf32>)
// CHECK: linalg.add ins(%[[S]], %arg1 : {{.*}}) outs(%[[S]] : memref<1024xf32>)
// CHECK-NEXT: memref.dealloc %[[S]]
// CHECK: linalg.mul ins({{.*}}) outs(%[[C:[a-z0-9_]+]] : memref<1024xf32>)
// CHECK: %[[F:.*]] = memref.alloc() {alignment = 16 : i64} : memref<1024xf32>
// CHECK-NEXT: linalg.copy ins(%arg0 : memref<1024xf32>) outs(%[[F]] : memref<1024xf32>)
// CHECK-NEXT: linalg.add ins(%[[F]], %arg1 : {{.*}}) outs(%[[F]] : memref<1024xf32>)
// CHECK-NEXT: %[[O:.*]] = memref.alloc() : memref<1024xf32>
// CHECK-NEXT: linalg.add ins(%[[F]], %[[C]] : {{.*}}) outs(%[[O]] : memref<1024xf32>)
// CHECK: memref.dealloc %[[F]]
// OPT-LABEL: func.func @aligned_inplace
// OPT-SAME: peakmem.peak = 12304 : i64
// OPT-COUNT-2: memref.alloc() {alignment = 16 : i64}
// expected-remark @below {{peakmem-recompute: 'aligned_inplace' peak 16400 -> 12304 bytes by recomputing 2 ops; MACs 0 -> 0 (+0.000%), operations 268288 -> 270336 (+0.763%)}}
func.func @aligned_inplace(%in: memref<1024xf32>, %y: memref<1024xf32>, %y2: memref<1024xf32>) -> memref<1024xf32> {
  // expected-remark @below {{peakmem-recompute: recomputed for 1 late user}}
  %s = memref.alloc() {alignment = 16 : i64} : memref<1024xf32>
  linalg.copy ins(%in : memref<1024xf32>) outs(%s : memref<1024xf32>)
  %a = memref.alloc() : memref<1024xf32>
  linalg.exp ins(%s : memref<1024xf32>) outs(%a : memref<1024xf32>)
  linalg.add ins(%s, %y : memref<1024xf32>, memref<1024xf32>) outs(%s : memref<1024xf32>)
  %b = memref.alloc() : memref<1024xf32>
  linalg.exp ins(%a : memref<1024xf32>) outs(%b : memref<1024xf32>)
  %c = memref.alloc() : memref<1024xf32>
  linalg.mul ins(%a, %b : memref<1024xf32>, memref<1024xf32>) outs(%c : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%s, %c : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %c : memref<1024xf32>
  memref.dealloc %s : memref<1024xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  scf.for %i = %c0 to %n step %c1 {
    linalg.exp ins(%in : memref<1024xf32>) outs(%y2 : memref<1024xf32>)
  }
  return %o : memref<1024xf32>
}

// -----

// The same shape, but %s is made by bufferization.clone of %src, which is
// freed right after. Its only writer is the in-place add; a clone of the
// group would repeat the bufferization.clone after %src's free (before the
// fix: "internal error: the recomputed function is no longer modeled:
// 'bufferization.clone' uses a buffer after it is freed"). Not
// recomputable: the IR is unchanged.
// CHECK-LABEL: func.func @clone_alloc_inplace
// CHECK-SAME: peakmem.peak = 16384 : i64
// CHECK-COUNT-1: bufferization.clone
// CHECK-NOT: bufferization.clone
// CHECK: return
// OPT-LABEL: func.func @clone_alloc_inplace
// OPT-SAME: peakmem.peak = 16384 : i64
// expected-remark @below {{peakmem-recompute: 'clone_alloc_inplace' unchanged at 16384 bytes}}
func.func @clone_alloc_inplace(%in: memref<1024xf32>, %y: memref<1024xf32>, %y2: memref<1024xf32>) -> memref<1024xf32> {
  %src = memref.alloc() : memref<1024xf32>
  linalg.exp ins(%in : memref<1024xf32>) outs(%src : memref<1024xf32>)
  %s = bufferization.clone %src : memref<1024xf32> to memref<1024xf32>
  memref.dealloc %src : memref<1024xf32>
  %a = memref.alloc() : memref<1024xf32>
  linalg.exp ins(%s : memref<1024xf32>) outs(%a : memref<1024xf32>)
  linalg.add ins(%s, %y : memref<1024xf32>, memref<1024xf32>) outs(%s : memref<1024xf32>)
  %b = memref.alloc() : memref<1024xf32>
  linalg.exp ins(%a : memref<1024xf32>) outs(%b : memref<1024xf32>)
  %c = memref.alloc() : memref<1024xf32>
  linalg.mul ins(%a, %b : memref<1024xf32>, memref<1024xf32>) outs(%c : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%s, %c : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %c : memref<1024xf32>
  memref.dealloc %s : memref<1024xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  scf.for %i = %c0 to %n step %c1 {
    linalg.exp ins(%in : memref<1024xf32>) outs(%y2 : memref<1024xf32>)
  }
  return %o : memref<1024xf32>
}

// -----

// %s grows %src with memref.realloc (which frees %src) and is then updated
// in place: a clone of the realloc would free %src a second time (before the
// fix: "internal error: ... 'memref.realloc' frees a buffer that is already
// freed"). Not recomputable: the IR is unchanged.
// CHECK-LABEL: func.func @realloc_inplace
// CHECK-SAME: peakmem.peak = 16384 : i64
// CHECK-COUNT-1: memref.realloc
// CHECK-NOT: memref.realloc
// CHECK: return
// OPT-LABEL: func.func @realloc_inplace
// OPT-SAME: peakmem.peak = 16384 : i64
// expected-remark @below {{peakmem-recompute: 'realloc_inplace' unchanged at 16384 bytes}}
func.func @realloc_inplace(%in: memref<1024xf32>, %y: memref<1024xf32>, %y2: memref<1024xf32>) -> memref<1024xf32> {
  %src = memref.alloc() : memref<512xf32>
  %v = memref.subview %in[0] [512] [1] : memref<1024xf32> to memref<512xf32, strided<[1]>>
  linalg.exp ins(%v : memref<512xf32, strided<[1]>>) outs(%src : memref<512xf32>)
  %s = memref.realloc %src : memref<512xf32> to memref<1024xf32>
  %a = memref.alloc() : memref<1024xf32>
  linalg.add ins(%s, %y : memref<1024xf32>, memref<1024xf32>) outs(%s : memref<1024xf32>)
  linalg.exp ins(%s : memref<1024xf32>) outs(%a : memref<1024xf32>)
  %b = memref.alloc() : memref<1024xf32>
  linalg.exp ins(%a : memref<1024xf32>) outs(%b : memref<1024xf32>)
  %c = memref.alloc() : memref<1024xf32>
  linalg.mul ins(%a, %b : memref<1024xf32>, memref<1024xf32>) outs(%c : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%s, %c : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %c : memref<1024xf32>
  memref.dealloc %s : memref<1024xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  scf.for %i = %c0 to %n step %c1 {
    linalg.exp ins(%in : memref<1024xf32>) outs(%y2 : memref<1024xf32>)
  }
  return %o : memref<1024xf32>
}

// -----

// %s is freed by memref.realloc, not by a dealloc: the realloc frees %s and
// allocates %t. The rewrite clones a recomputed buffer's free (a dealloc)
// for its fresh copy; for %s it found none, so the copy was never freed
// while the plan freed it after its last user (before the fix: "internal
// error: the planned order of this block peaks at 16388 bytes in the
// model, the plan says 12292"). Only a buffer freed by an op that does
// nothing but free it is recomputable: the IR is unchanged.
// CHECK-LABEL: func.func @realloc_free
// CHECK-SAME: peakmem.peak = 16384 : i64
// CHECK-COUNT-1: memref.realloc
// CHECK-NOT: memref.realloc
// CHECK: return
// OPT-LABEL: func.func @realloc_free
// OPT-SAME: peakmem.peak = 16384 : i64
// expected-remark @below {{peakmem-recompute: 'realloc_free' unchanged at 16384 bytes}}
func.func @realloc_free(%in: memref<1024xf32>, %y: memref<1024xf32>, %y2: memref<1024xf32>) -> memref<1025xf32> {
  %s = memref.alloc() : memref<1024xf32>
  linalg.copy ins(%in : memref<1024xf32>) outs(%s : memref<1024xf32>)
  %a = memref.alloc() : memref<1024xf32>
  linalg.exp ins(%s : memref<1024xf32>) outs(%a : memref<1024xf32>)
  %b = memref.alloc() : memref<1024xf32>
  linalg.exp ins(%a : memref<1024xf32>) outs(%b : memref<1024xf32>)
  %c = memref.alloc() : memref<1024xf32>
  linalg.mul ins(%a, %b : memref<1024xf32>, memref<1024xf32>) outs(%c : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%s, %c : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %c : memref<1024xf32>
  %t = memref.realloc %s : memref<1024xf32> to memref<1025xf32>
  %v = memref.subview %t[0] [1024] [1] : memref<1025xf32> to memref<1024xf32, strided<[1]>>
  linalg.add ins(%o, %y : memref<1024xf32>, memref<1024xf32>) outs(%v : memref<1024xf32, strided<[1]>>)
  memref.dealloc %o : memref<1024xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  scf.for %i = %c0 to %n step %c1 {
    linalg.exp ins(%in : memref<1024xf32>) outs(%y2 : memref<1024xf32>)
  }
  return %t : memref<1025xf32>
}
