// peakmem-materialize-arena: a recorded plan, here written by hand, becomes
// views of one arena (an alloc, or with arena=argument a new argument), and
// peakmem-verify-arena accepts the result.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-materialize-arena,peakmem-verify-arena))' --split-input-file -verify-diagnostics | FileCheck %s
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-materialize-arena{arena=argument remarks=0},peakmem-verify-arena))' --split-input-file --mlir-disable-threading | FileCheck %s --check-prefix=ARG


// By hand: a and c share bytes [0, 256), b at 256. No bound is claimed
// beyond 0 (no certificate needed).
// CHECK-LABEL: func.func @hand
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 16 : i64, peakmem.arena} : memref<512xi8>
// CHECK: memref.view %[[ARENA]][%c0][] {peakmem.align = 16 : i64} : memref<512xi8> to memref<64xf32>
// CHECK: memref.view %[[ARENA]][%c256][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
// CHECK: memref.view %[[ARENA]][%c0_{{[0-9]+}}][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
// CHECK-NOT: memref.dealloc %{{.*}} : memref<64xf32>
// CHECK: memref.dealloc %[[ARENA]] : memref<512xi8>
// CHECK-NEXT: return
// ARG-LABEL: func.func @hand(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<512xi8> {peakmem.arena})
// ARG-NOT: memref.alloc
// ARG: memref.view %arg2[%c0][]
// expected-remark @below {{peakmem-materialize-arena: 'hand' arena of 512 bytes materialized}}
func.func @hand(%x: memref<64xf32>, %y: memref<64xf32>) attributes {peakmem.arena_size = 512 : i64, peakmem.arena_alignment = 16 : i64, peakmem.arena_lower_bound = 0 : i64, peakmem.arena_optimal = false} {
  %a = memref.alloc() {peakmem.arena_offset = 0 : i64, peakmem.align = 16 : i64} : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() {peakmem.arena_offset = 256 : i64} : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  %c = memref.alloc() {peakmem.arena_offset = 0 : i64} : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%c : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  linalg.copy ins(%c : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %c : memref<64xf32>
  return
}

// -----

// A function that records no plan is left alone, without a remark.
// CHECK-LABEL: func.func @unplanned
// CHECK: memref.alloc() : memref<16xf32>
func.func @unplanned(%y: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%y : memref<16xf32>) outs(%a : memref<16xf32>)
  linalg.copy ins(%a : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  return
}
