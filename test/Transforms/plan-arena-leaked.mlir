// Never-freed buffers (issue 26): an entry-block allocation that the
// function never frees and does not let escape (not returned, not stored,
// not passed to a call that may keep it, not used by asynchronous work) is
// placed like a freed one, its life ending at its last use through any
// alias. The plain program leaks it; the arena reuses its bytes after that
// use (docs/Arena.md "Never-freed buffers"). With arena=alloc (CHECK), with
// arena=argument (ARG), and as a recorded plan (REC; the planner gives it a
// dealloc right after its last use), checked by peakmem-verify-arena.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena,peakmem-verify-arena))' --split-input-file -verify-diagnostics | FileCheck %s
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-plan-arena{arena=argument},func.func(peakmem-verify-arena))' --split-input-file 2>/dev/null | FileCheck %s --check-prefix=ARG
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{materialize=false},peakmem-verify-arena))' --split-input-file 2>/dev/null | FileCheck %s --check-prefix=REC
// The recorded plan materialized and checked again gives the same IR.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{materialize=false},peakmem-verify-arena,peakmem-materialize-arena,peakmem-verify-arena))' --split-input-file 2>/dev/null | FileCheck %s

// a -> b -> c, a never freed: c reuses a's bytes after a's last use (the
// copy a -> b). Arena 2048 = the bound; a live to the end would need 3072.
// CHECK-LABEL: func.func @leak_reused
// CHECK-SAME: peakmem.arena_lower_bound = 2048 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 2048 : i64
// CHECK: memref.view %{{.*}}[%c0][] {peakmem.align = 4 : i64} : memref<2048xi8> to memref<256xf32>
// CHECK: memref.view %{{.*}}[%c1024][]
// CHECK: %[[C:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.view %{{.*}}[%[[C]]][]
// CHECK-NOT: memref.dealloc %view
// CHECK: memref.dealloc %alloc : memref<2048xi8>
// ARG-LABEL: func.func @leak_reused(%arg0: memref<256xf32>, %arg1: memref<256xf32>, %arg2: memref<2048xi8> {peakmem.arena})
// ARG-SAME: peakmem.arena_lower_bound = 2048 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 2048 : i64
// ARG-NOT: memref.alloc
// ARG: return
// REC-LABEL: func.func @leak_reused
// REC: %[[A:.*]] = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64}
// REC-NEXT: linalg.copy ins(%arg0 : memref<256xf32>) outs(%[[A]] : memref<256xf32>)
// REC-NEXT: %[[B:.*]] = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 1024 : i64}
// REC-NEXT: linalg.copy ins(%[[A]] : memref<256xf32>) outs(%[[B]] : memref<256xf32>)
// REC-NEXT: memref.dealloc %[[A]] : memref<256xf32>
// REC-NEXT: memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64}
// expected-remark @below {{'leak_reused' arena 2048 bytes for 3 buffers (0 left out), lower bound 2048 (local, every order): optimal; live bound of this order 2048; planner reached-bound; best baseline tflm-greedy 2048 bytes; never freed: 1 in the arena (1024 bytes, reused after their last use)}}
func.func @leak_reused(%x: memref<256xf32>, %y: memref<256xf32>) {
  %a = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%a : memref<256xf32>)
  %b = memref.alloc() : memref<256xf32>
  linalg.copy ins(%a : memref<256xf32>) outs(%b : memref<256xf32>)
  %c = memref.alloc() : memref<256xf32>
  linalg.copy ins(%b : memref<256xf32>) outs(%c : memref<256xf32>)
  memref.dealloc %b : memref<256xf32>
  linalg.copy ins(%c : memref<256xf32>) outs(%y : memref<256xf32>)
  memref.dealloc %c : memref<256xf32>
  return
}

// -----

// The last use is through an alias (an expand_shape of a): a's life ends at
// the copy that reads the alias; none of the three is freed.
// CHECK-LABEL: func.func @leak_through_alias
// CHECK-SAME: peakmem.arena_size = 2048 : i64
// ARG-LABEL: func.func @leak_through_alias
// ARG-SAME: peakmem.arena_size = 2048 : i64
// REC-LABEL: func.func @leak_through_alias
// REC: %[[A:.*]] = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64}
// REC: %[[E:.*]] = memref.expand_shape %[[A]]
// REC: linalg.copy ins(%[[E]] : memref<16x16xf32>)
// REC-NEXT: memref.dealloc %[[A]] : memref<256xf32>
// expected-remark @below {{'leak_through_alias' arena 2048 bytes for 3 buffers (0 left out), lower bound 2048 (local, every order): optimal; live bound of this order 2048; planner reached-bound; best baseline tflm-greedy 2048 bytes; never freed: 3 in the arena (3072 bytes, reused after their last use)}}
func.func @leak_through_alias(%x: memref<256xf32>, %y: memref<16x16xf32>) {
  %a = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%a : memref<256xf32>)
  %e = memref.expand_shape %a [[0, 1]] output_shape [16, 16] : memref<256xf32> into memref<16x16xf32>
  %b = memref.alloc() : memref<16x16xf32>
  linalg.copy ins(%e : memref<16x16xf32>) outs(%b : memref<16x16xf32>)
  %c = memref.alloc() : memref<16x16xf32>
  linalg.copy ins(%b : memref<16x16xf32>) outs(%c : memref<16x16xf32>)
  linalg.copy ins(%c : memref<16x16xf32>) outs(%y : memref<16x16xf32>)
  return
}

// -----

// Refused: passed to a call that may keep the address. It stays a plain
// allocation (the program still leaks it); the other buffer is placed.
// CHECK-LABEL: func.func @leak_kept
// CHECK: %[[A:.*]] = memref.alloc() : memref<256xf32>
// CHECK: call @keep(%[[A]])
// REC-LABEL: func.func @leak_kept
// REC: %[[A:.*]] = memref.alloc() : memref<256xf32>
// REC-NOT: memref.dealloc %[[A]] :
// REC: return
func.func private @keep(memref<256xf32>)
// expected-remark @below {{'leak_kept' arena 1024 bytes for 1 buffers (1 left out)}}
func.func @leak_kept(%x: memref<256xf32>, %y: memref<256xf32>) {
  // expected-remark @below {{buffer left out of the arena: it escapes its block (returned, yielded or never freed): its address is passed to 'func.call', which may keep it}}
  %a = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%a : memref<256xf32>)
  func.call @keep(%a) : (memref<256xf32>) -> ()
  %b = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%b : memref<256xf32>)
  linalg.copy ins(%b : memref<256xf32>) outs(%y : memref<256xf32>)
  memref.dealloc %b : memref<256xf32>
  return
}

// -----

// Refused: its address is stored to memory.
// CHECK-LABEL: func.func @leak_stored
// CHECK: %[[A:.*]] = memref.alloc() : memref<256xf32>
// CHECK: memref.store %[[A]]
// expected-remark @below {{'leak_stored' arena 1024 bytes for 1 buffers (1 left out)}}
func.func @leak_stored(%x: memref<256xf32>, %y: memref<256xf32>, %slot: memref<memref<256xf32>>) {
  // expected-remark @below {{buffer left out of the arena: it escapes its block (returned, yielded or never freed): its address is stored to memory by 'memref.store'}}
  %a = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%a : memref<256xf32>)
  memref.store %a, %slot[] : memref<memref<256xf32>>
  %b = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%b : memref<256xf32>)
  linalg.copy ins(%b : memref<256xf32>) outs(%y : memref<256xf32>)
  memref.dealloc %b : memref<256xf32>
  return
}

// -----

// Refused: used inside async.execute, whose region may run after it (its
// lifetime is not shown by the block).
// CHECK-LABEL: func.func @leak_async
// CHECK: %[[A:.*]] = memref.alloc() : memref<256xf32>
// CHECK: async.execute
// expected-remark @below {{'leak_async' arena 1024 bytes for 1 buffers (1 left out)}}
func.func @leak_async(%x: memref<256xf32>, %y: memref<256xf32>) {
  // expected-remark @below {{buffer left out of the arena: it escapes its block (returned, yielded or never freed): it is used inside 'async.execute', whose region may run after it}}
  %a = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%a : memref<256xf32>)
  %t = async.execute {
    linalg.copy ins(%x : memref<256xf32>) outs(%a : memref<256xf32>)
    async.yield
  }
  async.await %t : !async.token
  %b = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%b : memref<256xf32>)
  linalg.copy ins(%b : memref<256xf32>) outs(%y : memref<256xf32>)
  memref.dealloc %b : memref<256xf32>
  return
}

// -----

// Written and never read again: its life is the one statement that writes
// it (b reuses its bytes).
// CHECK-LABEL: func.func @leak_write_only
// CHECK-SAME: peakmem.arena_size = 1024 : i64
// expected-remark @below {{'leak_write_only' arena 1024 bytes for 2 buffers (0 left out), lower bound 1024}}
func.func @leak_write_only(%x: memref<256xf32>, %y: memref<256xf32>) {
  %a = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%a : memref<256xf32>)
  %b = memref.alloc() : memref<256xf32>
  linalg.copy ins(%x : memref<256xf32>) outs(%b : memref<256xf32>)
  linalg.copy ins(%b : memref<256xf32>) outs(%y : memref<256xf32>)
  memref.dealloc %b : memref<256xf32>
  return
}

// -----

// A never-freed buffer passed to a declaration stays out even when the
// declaration says llvm.nocapture: it keeps no alias, but it may free what
// its caller never frees (as free itself does), and freeing a view of the
// arena would be wrong. The other buffer is placed.
// CHECK-LABEL: func.func @leak_to_nocapture_call
// CHECK: %[[L:.*]] = memref.alloc() : memref<64xf32>
// CHECK: call @release(%[[L]])
// ARG-LABEL: func.func @leak_to_nocapture_call
// ARG: memref.alloc() : memref<64xf32>
func.func private @release(memref<64xf32> {llvm.nocapture})
// expected-remark @below {{'leak_to_nocapture_call' arena 256 bytes for 1 buffers (1 left out)}}
func.func @leak_to_nocapture_call(%x: memref<64xf32>, %y: memref<64xf32>) {
  // expected-remark @below {{buffer left out of the arena: it is never freed and passed to 'func.call', which may free it}}
  %l = memref.alloc() : memref<64xf32>
  linalg.exp ins(%x : memref<64xf32>) outs(%l : memref<64xf32>)
  %t = memref.alloc() : memref<64xf32>
  linalg.negf ins(%l : memref<64xf32>) outs(%t : memref<64xf32>)
  func.call @release(%l) : (memref<64xf32>) -> ()
  linalg.copy ins(%t : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %t : memref<64xf32>
  return
}
