// Never-freed buffers the planner leaves out, or places with care (review
// s12 P2; docs/Arena.md "Never-freed buffers"): each refusal says why, and
// the IR of a refused buffer is unchanged. With arena=alloc (CHECK) and as a
// recorded plan (REC), checked by peakmem-verify-arena.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{remarks=0},peakmem-verify-arena))' --split-input-file -verify-diagnostics | FileCheck %s
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{materialize=false remarks=0},peakmem-verify-arena))' --split-input-file 2>/dev/null | FileCheck %s --check-prefix=REC

// An alias is freed (a dealloc of an expand_shape of it): left out, the
// dealloc of the alias kept; %b is placed.
// CHECK-LABEL: func.func @alias_freed
// CHECK: %[[A:.*]] = memref.alloc() : memref<256xf32>
// CHECK: %[[E:.*]] = memref.expand_shape %[[A]]
// CHECK: memref.dealloc %[[E]] : memref<16x16xf32>
func.func @alias_freed(%x: memref<256xf32>, %y: memref<256xf32>) {
  // expected-remark @below {{buffer left out of the arena: an alias is freed by 'memref.dealloc'}}
  %a = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%a : memref<256xf32>)
  %e = memref.expand_shape %a [[0, 1]] output_shape [16, 16] : memref<256xf32> into memref<16x16xf32>
  %b = memref.alloc() : memref<256xf32>
  linalg.copy ins(%a : memref<256xf32>) outs(%b : memref<256xf32>)
  memref.dealloc %e : memref<16x16xf32>
  linalg.copy ins(%b : memref<256xf32>) outs(%y : memref<256xf32>)
  memref.dealloc %b : memref<256xf32>
  return
}

// -----

// Never freed in a nested block: the model refuses the function (the
// allocation's life is not shown by its region), which is left unchanged.
// CHECK-LABEL: func.func @nested_never_freed
// CHECK-NOT: peakmem.arena
// CHECK: scf.if
// CHECK-NEXT: memref.alloc() : memref<256xf32>
// CHECK-NOT: memref.dealloc
// CHECK: }
func.func @nested_never_freed(%x: memref<256xf32>, %y: memref<256xf32>, %c: i1) {
  %b = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%b : memref<256xf32>)
  scf.if %c {
    // expected-remark @below {{'nested_never_freed' not modeled: 'memref.alloc' allocation in a nested region is not freed in that region}}
    %a = memref.alloc() : memref<256xf32>
    linalg.copy ins(%b : memref<256xf32>) outs(%a : memref<256xf32>)
    linalg.copy ins(%a : memref<256xf32>) outs(%y : memref<256xf32>)
  }
  memref.dealloc %b : memref<256xf32>
  return
}

// -----

// Returned through a view with a byte shift (not a result chain the arena
// can return): left out; %b is placed.
// CHECK-LABEL: func.func @returned_shifted_view
// CHECK: %[[A:.*]] = memref.alloc() : memref<1024xi8>
// CHECK: %[[V:.*]] = memref.view %[[A]][%{{.*}}][] : memref<1024xi8> to memref<16xf32>
// CHECK: return %[[V]]
func.func @returned_shifted_view(%x: memref<16xf32>) -> memref<16xf32> {
  %c64 = arith.constant 64 : index
  // expected-remark @below {{buffer left out of the arena: it escapes its block (returned, yielded or never freed): an alias is passed on by 'func.return'}}
  %a = memref.alloc() : memref<1024xi8>
  %v = memref.view %a[%c64][] : memref<1024xi8> to memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%v : memref<16xf32>)
  %b = memref.alloc() : memref<16xf32>
  linalg.copy ins(%v : memref<16xf32>) outs(%b : memref<16xf32>)
  linalg.copy ins(%b : memref<16xf32>) outs(%x : memref<16xf32>)
  memref.dealloc %b : memref<16xf32>
  return %v : memref<16xf32>
}

// -----

// Read only inside a later scf.for body: placed, its life ends with the loop
// statement (the recorded plan frees it after the loop, not inside it), and
// %b reuses its bytes: arena 1024 for 2048 bytes of buffers.
// CHECK-LABEL: func.func @read_in_later_loop
// CHECK-SAME: peakmem.arena_size = 1024 : i64
// REC-LABEL: func.func @read_in_later_loop
// REC: %[[A:.*]] = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64}
// REC: scf.for
// REC-NEXT: linalg.add ins(%[[A]],
// REC-NEXT: }
// REC-NEXT: memref.dealloc %[[A]] : memref<256xf32>
// REC-NEXT: memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64}
func.func @read_in_later_loop(%x: memref<256xf32>, %y: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%a : memref<256xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    linalg.add ins(%a, %y : memref<256xf32>, memref<256xf32>) outs(%y : memref<256xf32>)
  }
  %b = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%b : memref<256xf32>)
  linalg.copy ins(%b : memref<256xf32>) outs(%y : memref<256xf32>)
  memref.dealloc %b : memref<256xf32>
  return
}
