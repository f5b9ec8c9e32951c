// Results returned through views (issue 26): a function that returns a
// reshape, collapse/expand_shape, subview or cast of an allocation (a chain
// of them too), as an importer's logits `collapse_shape` of the last conv.
// With arena=argument (ARG) the allocation is placed and becomes the view of
// the arena; the function returns the same view chain of it, and
// peakmem.result_offsets records the offset of that slot (the chain's own
// offset and strides, in its type, are relative to the slot).
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{arena=argument},peakmem-verify-arena))' --split-input-file --mlir-disable-threading 2>/dev/null | FileCheck %s --check-prefix=ARG
// The two steps (plan recorded, checked, materialized, checked) give the
// same IR.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{arena=argument materialize=false},peakmem-verify-arena,peakmem-materialize-arena{arena=argument},peakmem-verify-arena))' --split-input-file --mlir-disable-threading 2>/dev/null | FileCheck %s --check-prefix=ARG
// With arena=alloc (CHECK) the result stays outside, allocated at its
// producer, and is counted as a result outside the arena.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena,peakmem-verify-arena))' --split-input-file -verify-diagnostics | FileCheck %s

// The logits pattern: the result is a collapse_shape of an allocation
// written at the end. With arena=argument it takes a's slot (0), the arena (8192 B) is the
// whole activation memory, at the bound that counts the result live to the
// end; the return is the collapse_shape of the slot's view.
// ARG-LABEL: func.func @result_through_collapse(%arg0: memref<1x1x1x1024xf32>, %arg1: memref<8192xi8> {peakmem.arena}) -> memref<1x1024xf32>
// ARG-SAME: peakmem.arena_lower_bound = 8192 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 8192 : i64
// ARG-SAME: peakmem.result_offsets = array<i64: 0>, peakmem.result_placement = {inside = 1 : i64, inside_bytes = 4096 : i64, outside = 0 : i64, outside_bytes = 0 : i64}
// ARG-NOT: memref.alloc
// ARG: %[[C:.*]] = arith.constant 0 : index
// ARG: %[[C2:.*]] = arith.constant 0 : index
// ARG-NEXT: %[[O:.*]] = memref.view %arg1[%[[C2]]][]
// ARG-NEXT: linalg.copy ins(%{{.*}} : memref<1x1x1x1024xf32>) outs(%[[O]] : memref<1x1x1x1024xf32>)
// ARG-NEXT: %[[R:.*]] = memref.collapse_shape %[[O]] {{\[\[}}0, 1, 2], [3]] : memref<1x1x1x1024xf32> into memref<1x1024xf32>
// ARG-NEXT: return %[[R]] : memref<1x1024xf32>
// CHECK-LABEL: func.func @result_through_collapse
// CHECK-NOT: peakmem.result_offsets
// CHECK-SAME: peakmem.result_placement = {inside = 0 : i64, inside_bytes = 0 : i64, outside = 1 : i64, outside_bytes = 4096 : i64}
// CHECK: linalg.copy
// CHECK: linalg.copy
// CHECK-NEXT: %[[O:.*]] = memref.alloc() : memref<1x1x1x1024xf32>
// CHECK-NEXT: linalg.copy ins(%{{.*}} : memref<1x1x1x1024xf32>) outs(%[[O]] : memref<1x1x1x1024xf32>)
// CHECK-NEXT: %[[R:.*]] = memref.collapse_shape %[[O]]
// CHECK: return %[[R]]
// expected-remark @below {{outside the arena 4096 bytes in 1 allocations (1 moved down to their first use); results: 0 in the arena (0 bytes), 1 outside (4096 bytes)}}
func.func @result_through_collapse(%x: memref<1x1x1x1024xf32>) -> memref<1x1024xf32> {
  // expected-remark @below {{buffer left out of the arena: it escapes its block}}
  %o = memref.alloc() : memref<1x1x1x1024xf32>
  %a = memref.alloc() : memref<1x1x1x1024xf32>
  linalg.copy ins(%x : memref<1x1x1x1024xf32>) outs(%a : memref<1x1x1x1024xf32>)
  %b = memref.alloc() : memref<1x1x1x1024xf32>
  linalg.copy ins(%a : memref<1x1x1x1024xf32>) outs(%b : memref<1x1x1x1024xf32>)
  memref.dealloc %a : memref<1x1x1x1024xf32>
  linalg.copy ins(%b : memref<1x1x1x1024xf32>) outs(%o : memref<1x1x1x1024xf32>)
  memref.dealloc %b : memref<1x1x1x1024xf32>
  %c = memref.collapse_shape %o [[0, 1, 2], [3]] : memref<1x1x1x1024xf32> into memref<1x1024xf32>
  return %c : memref<1x1024xf32>
}

// -----

// A chain (expand_shape, collapse_shape, cast to a dynamic shape) and a
// second result that is a link of the same chain: both results are the one
// slot, recorded at its offset twice; the slot counts once among the
// results inside. o is written while a is live: two slots, 8192 B = the
// bound.
// ARG-LABEL: func.func @result_through_chain(%arg0: memref<1024xf32>, %arg1: memref<8192xi8> {peakmem.arena}) -> (memref<?xf32>, memref<4x256xf32>)
// ARG-SAME: peakmem.arena_lower_bound = 8192 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 8192 : i64
// ARG-SAME: peakmem.result_offsets = array<i64: [[OFF:[0-9]+]], [[OFF]]>, peakmem.result_placement = {inside = 1 : i64, inside_bytes = 4096 : i64, outside = 0 : i64, outside_bytes = 0 : i64}
// ARG-NOT: memref.alloc
// ARG: %[[C:.*]] = arith.constant [[OFF]] : index
// ARG-NEXT: %[[O:.*]] = memref.view %arg1[%[[C]]][]
// ARG-NEXT: linalg.copy ins(%{{.*}} : memref<1024xf32>) outs(%[[O]] : memref<1024xf32>)
// ARG-NEXT: %[[E:.*]] = memref.expand_shape %[[O]]
// ARG-NEXT: %[[F:.*]] = memref.collapse_shape %[[E]]
// ARG-NEXT: %[[G:.*]] = memref.cast %[[F]] : memref<1024xf32> to memref<?xf32>
// ARG-NEXT: return %[[G]], %[[E]] : memref<?xf32>, memref<4x256xf32>
// CHECK-LABEL: func.func @result_through_chain
// CHECK-SAME: peakmem.arena_size = 4096 : i64
// CHECK-NOT: peakmem.result_offsets
// CHECK-SAME: peakmem.result_placement = {inside = 0 : i64, inside_bytes = 0 : i64, outside = 1 : i64, outside_bytes = 4096 : i64}
// expected-remark @below {{results: 0 in the arena (0 bytes), 1 outside (4096 bytes)}}
func.func @result_through_chain(%x: memref<1024xf32>) -> (memref<?xf32>, memref<4x256xf32>) {
  // expected-remark @below {{buffer left out of the arena: it escapes its block}}
  %o = memref.alloc() : memref<1024xf32>
  %a = memref.alloc() : memref<1024xf32>
  linalg.copy ins(%x : memref<1024xf32>) outs(%a : memref<1024xf32>)
  linalg.copy ins(%a : memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  %e = memref.expand_shape %o [[0, 1]] output_shape [4, 256] : memref<1024xf32> into memref<4x256xf32>
  %f = memref.collapse_shape %e [[0, 1]] : memref<4x256xf32> into memref<1024xf32>
  %g = memref.cast %f : memref<1024xf32> to memref<?xf32>
  return %g, %e : memref<?xf32>, memref<4x256xf32>
}

// -----

// A subview of an allocation returned: the whole allocation is the slot
// (offset 0); the result's elements start 256 elements into it, as its
// strided layout says.
// ARG-LABEL: func.func @result_subview(%arg0: memref<1024xf32>, %arg1: memref<4096xi8> {peakmem.arena}) -> memref<256xf32, strided<[1], offset: 256>>
// ARG-SAME: peakmem.arena_size = 4096 : i64
// ARG-SAME: peakmem.result_offsets = array<i64: 0>
// ARG: %[[O:.*]] = memref.view %arg1
// ARG: %[[S:.*]] = memref.subview %[[O]][256] [256] [1]
// ARG-NEXT: return %[[S]]
// CHECK-LABEL: func.func @result_subview
// CHECK: memref.alloc() : memref<1024xf32>
// expected-remark @below {{'result_subview' has no buffer to place}}
func.func @result_subview(%x: memref<1024xf32>) -> memref<256xf32, strided<[1], offset: 256>> {
  // expected-remark @below {{buffer left out of the arena: it escapes its block}}
  %o = memref.alloc() : memref<1024xf32>
  linalg.copy ins(%x : memref<1024xf32>) outs(%o : memref<1024xf32>)
  %s = memref.subview %o[256] [256] [1] : memref<1024xf32> to memref<256xf32, strided<[1], offset: 256>>
  return %s : memref<256xf32, strided<[1], offset: 256>>
}

// -----

// A transpose of an allocation returned is not a documented result chain:
// the allocation stays outside the arena.
// ARG-LABEL: func.func @result_transpose
// ARG: memref.alloc() : memref<4x8xf32>
// CHECK-LABEL: func.func @result_transpose
// expected-remark @below {{'result_transpose' has no buffer to place}}
func.func @result_transpose(%x: memref<4x8xf32>) -> memref<8x4xf32, strided<[1, 8]>> {
  // expected-remark @below {{buffer left out of the arena: it escapes its block}}
  %o = memref.alloc() : memref<4x8xf32>
  linalg.copy ins(%x : memref<4x8xf32>) outs(%o : memref<4x8xf32>)
  %t = memref.transpose %o (d0, d1) -> (d1, d0) : memref<4x8xf32> to memref<8x4xf32, strided<[1, 8]>>
  return %t : memref<8x4xf32, strided<[1, 8]>>
}
