// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-verify-arena,peakmem-materialize-arena,peakmem-verify-arena))' --split-input-file -verify-diagnostics | FileCheck %s
// Never-freed buffers in the arena (docs/Arena.md "Never-freed buffers"):
// peakmem-verify-arena takes a slot's life from its uses through any alias,
// whether or not the program frees it, so a buffer the program never frees
// may share bytes with one allocated after its last use. (Rejected: a later
// use after the slot is reused, verify-arena-invalid.mlir @leak_read_late.)

// A recorded plan (peakmem-plan-arena{materialize=false} on a -> b -> c) in
// which a has no dealloc: c at a's offset after a's last use (the copy
// a -> b) is accepted, the bound's certificate checks on the rebuilt
// problem (a freed after that copy), and the plan materializes.
// CHECK-LABEL: func.func @leak_recorded
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<2048xi8>
// CHECK: memref.view %[[ARENA]][%c0][]
// CHECK: memref.view %[[ARENA]][%c1024][]
// CHECK: memref.view %[[ARENA]][%c0_1][]
// CHECK-NOT: memref.dealloc %view
// CHECK: memref.dealloc %[[ARENA]] : memref<2048xi8>
// expected-remark @below {{peakmem-materialize-arena: 'leak_recorded' arena of 2048 bytes materialized}}
func.func @leak_recorded(%arg0: memref<256xf32>, %arg1: memref<256xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_certificate = {certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "local", witness = 3 : i64}, lower_bound = 2048 : i64, optimal = true, peak = 2048 : i64}, peakmem.arena_lower_bound = 2048 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 2048 : i64} {
  %alloc = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64} : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 1024 : i64} : memref<256xf32>
  linalg.copy ins(%alloc : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %alloc_1 = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64} : memref<256xf32>
  linalg.copy ins(%alloc_0 : memref<256xf32>) outs(%alloc_1 : memref<256xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  linalg.copy ins(%alloc_1 : memref<256xf32>) outs(%arg1 : memref<256xf32>)
  memref.dealloc %alloc_1 : memref<256xf32>
  return
}
