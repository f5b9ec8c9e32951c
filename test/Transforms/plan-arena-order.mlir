// The order search of peakmem-plan-arena (docs/Arena.md): while the plan of
// the order as written is above the bound over every order, legal orders of
// the entry block are planned too, and the best is applied.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena,peakmem-verify-arena))' --split-input-file -verify-diagnostics | FileCheck %s
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{order-search=false remarks=0},peakmem-verify-arena))' --split-input-file | FileCheck %s --check-prefix=FIXED

// b is allocated before a is freed, so as written a and b are live together
// (live bound 512) and no placement of this order fits in the bound (256).
// The search moves b's allocation after a's last use (its free): both views
// share offset 0 and b's view now follows a's last read. Without the search
// the order stays and the arena is 512.
// CHECK-LABEL: func.func @late_alloc
// CHECK-SAME: peakmem.arena_optimal = true, peakmem.arena_size = 256 : i64
// CHECK-SAME: live_bound = 256 : i64, live_bound_before = 512 : i64, order = "reordered"
// CHECK: %[[A:.*]] = memref.view %{{.*}}[%{{.*}}][] {{.*}} to memref<64xf32>
// CHECK-NEXT: linalg.copy ins(%{{.*}} : memref<64xf32>) outs(%[[A]] : memref<64xf32>)
// CHECK-NEXT: linalg.copy ins(%[[A]] : memref<64xf32>)
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: %[[B:.*]] = memref.view
// CHECK-NEXT: linalg.copy ins(%{{.*}} : memref<64xf32>) outs(%[[B]] : memref<64xf32>)
// FIXED-LABEL: func.func @late_alloc
// FIXED-SAME: peakmem.arena_optimal = false, peakmem.arena_size = 512 : i64
// FIXED-SAME: live_bound = 512 : i64, live_bound_before = 512 : i64, order = "kept"
// expected-remark @below {{peakmem-plan-arena: 'late_alloc' arena 256 bytes for 2 buffers (0 left out), lower bound 256 (boundary, every order): optimal; live bound of this order 256; planner reached-bound; order reordered with the placement (live bound 512 -> 256); best baseline tflm-greedy 256 bytes}}
func.func @late_alloc(%x: memref<64xf32>, %y: memref<64xf32>, %z: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  linalg.copy ins(%a : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  linalg.copy ins(%y : memref<64xf32>) outs(%b : memref<64xf32>)
  linalg.copy ins(%b : memref<64xf32>) outs(%z : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// Already at the bound as written: the search does not run and the order is
// kept (the allocation of b could move, but nothing would be gained).
// CHECK-LABEL: func.func @at_bound
// CHECK-SAME: live_bound = 512 : i64, live_bound_before = 512 : i64, order = "kept"
// CHECK: %[[A:.*]] = memref.view
// CHECK-NEXT: arith.constant 256 : index
// CHECK-NEXT: %[[B:.*]] = memref.view
// CHECK-NEXT: linalg.copy ins(%{{.*}} : memref<64xf32>) outs(%[[A]] : memref<64xf32>)
// FIXED-LABEL: func.func @at_bound
// FIXED-SAME: order = "kept"
// expected-remark @below {{'at_bound' arena 512 bytes for 2 buffers (0 left out), lower bound 512 (local, every order): optimal; live bound of this order 512; planner reached-bound; best baseline}}
func.func @at_bound(%x: memref<64xf32>, %z: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%z : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  return
}
