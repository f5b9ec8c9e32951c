// Caller buffers passed to calls (docs/Arena.md, "One arena for a call
// tree"): a buffer the caller allocates and passes to a direct call as an
// ordinary argument goes into the caller's arena when the callee provably
// keeps no alias of it (derived from its body through MLIR's interfaces,
// transitively through its own calls, SymbolCalls.h): its last use is then
// the call statement. Else it stays a heap allocation.
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-plan-arena{arena=argument remarks=0},peakmem-verify-arena)' --split-input-file -verify-diagnostics --allow-unregistered-dialect | FileCheck %s
// The caller's own arena (arena=alloc) too.
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-plan-arena{remarks=0},peakmem-verify-arena)' --split-input-file --allow-unregistered-dialect 2>/dev/null | FileCheck %s --check-prefix=ALLOC
// Under func.func(...) a callee's body may be rewritten while its caller is
// planned: not read; the model refuses the caller, left unchanged.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{remarks=0}))' --split-input-file --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=NESTED

// @scale reads %a and writes %y; @main's %t (passed to it) and %u (after
// the call) share bytes: arena 256 = its bound, nothing left out.
// CHECK-LABEL: func.func private @scale(%arg0: memref<64xf32>, %arg1: memref<64xf32>)
// CHECK-LABEL: func.func @main(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<256xi8> {peakmem.arena})
// CHECK-SAME: peakmem.arena_lower_bound = 256 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 256 : i64
// CHECK-NOT: memref.alloc
// CHECK: %[[T:.*]] = memref.view %arg2
// CHECK: call @scale(%[[T]], %arg1)
// CHECK: memref.view %arg2
// CHECK-NOT: memref.alloc
// CHECK: return
// ALLOC-LABEL: func.func @main(%arg0: memref<64xf32>, %arg1: memref<64xf32>)
// ALLOC-SAME: peakmem.arena_size = 256 : i64
// ALLOC: %[[ARENA:.*]] = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<256xi8>
// ALLOC-NOT: memref.alloc
// ALLOC: call @scale
// ALLOC: return
// NESTED: remark: peakmem: 'main' not modeled: 'func.call' calls 'scale', a function with a body outside the 'func.func'
func.func private @scale(%a: memref<64xf32>, %y: memref<64xf32>) {
  %s = memref.subview %a[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
  %c = memref.cast %a : memref<64xf32> to memref<?xf32>
  linalg.add ins(%a, %a : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>)
  return
}
func.func @main(%x: memref<64xf32>, %y: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  func.call @scale(%t, %y) : (memref<64xf32>, memref<64xf32>) -> ()
  memref.dealloc %t : memref<64xf32>
  %u = memref.alloc() : memref<64xf32>
  linalg.add ins(%y, %y : memref<64xf32>, memref<64xf32>) outs(%u : memref<64xf32>)
  linalg.copy ins(%u : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %u : memref<64xf32>
  return
}

// -----

// A callee with an arena of its own (@heavy, 1024 B) and a caller buffer
// passed to it: both are buffers of the call statement in @main's arena,
// side by side (1280 B = the bound); %t and the slot are free after it.
// CHECK-LABEL: func.func private @heavy(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<1024xi8> {llvm.nocapture, peakmem.arena})
// CHECK-LABEL: func.func @main
// CHECK-SAME: peakmem.arena_lower_bound = 1280 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 1280 : i64
// CHECK-NOT: memref.alloc
// CHECK: call @heavy(%{{.*}}, %arg1, %{{.*}}) {peakmem.callee_arena_offset =
func.func private @heavy(%a: memref<64xf32>, %y: memref<64xf32>) {
  %t = memref.alloc() : memref<256xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<64xf32>
  memref.store %v, %t[%c0] : memref<256xf32>
  %w = memref.load %t[%c0] : memref<256xf32>
  memref.store %w, %y[%c0] : memref<64xf32>
  memref.dealloc %t : memref<256xf32>
  return
}
func.func @main(%x: memref<64xf32>, %y: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  func.call @heavy(%t, %y) : (memref<64xf32>, memref<64xf32>) -> ()
  memref.dealloc %t : memref<64xf32>
  return
}

// -----

// Callees that may keep the buffer: it stays a heap allocation of @main.
// @addr stores its address as an integer; @keep stores the memref itself;
// @ext is a declaration (may keep it); @mid passes it on to @addr. A
// declaration that says llvm.nocapture (@extnc) keeps none: %t4 is placed.
// CHECK-LABEL: func.func @main
// CHECK-SAME: peakmem.arena_size = 256 : i64
// CHECK: %[[T1:.*]] = memref.alloc() : memref<64xf32>
// CHECK: call @addr(%[[T1]], %arg1)
// CHECK: %[[T2:.*]] = memref.alloc() : memref<64xf32>
// CHECK: call @keep(%[[T2]], %arg2)
// CHECK: %[[T3:.*]] = memref.alloc() : memref<64xf32>
// CHECK: call @passes(%[[T3]])
// CHECK: %[[T4:.*]] = memref.view
// CHECK: call @passesnc(%[[T4]])
// CHECK: %[[T5:.*]] = memref.alloc() : memref<64xf32>
// CHECK: call @mid(%[[T5]], %arg1)
func.func private @ext(memref<64xf32>)
func.func private @extnc(memref<64xf32> {llvm.nocapture})
func.func private @addr(%a: memref<64xf32>, %g: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  memref.store %p, %g[%c0] : memref<1xindex>
  return
}
func.func private @keep(%a: memref<64xf32>, %g: memref<1xmemref<64xf32>>) {
  %c0 = arith.constant 0 : index
  memref.store %a, %g[%c0] : memref<1xmemref<64xf32>>
  return
}
func.func private @passes(%a: memref<64xf32>) {
  func.call @ext(%a) : (memref<64xf32>) -> ()
  return
}
func.func private @passesnc(%a: memref<64xf32>) {
  %c = memref.cast %a : memref<64xf32> to memref<64xf32>
  func.call @extnc(%c) : (memref<64xf32>) -> ()
  return
}
func.func private @mid(%a: memref<64xf32>, %g: memref<1xindex>) {
  %s = memref.subview %a[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
  func.call @addr(%a, %g) : (memref<64xf32>, memref<1xindex>) -> ()
  return
}
func.func @main(%x: memref<64xf32>, %g: memref<1xindex>, %h: memref<1xmemref<64xf32>>) {
  // expected-remark @below {{buffer left out of the arena: its address is passed to 'func.call', which may keep it: it is passed to 'addr', where its address is stored or taken as data by 'memref.extract_aligned_pointer_as_index'}}
  %t1 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t1 : memref<64xf32>)
  func.call @addr(%t1, %g) : (memref<64xf32>, memref<1xindex>) -> ()
  memref.dealloc %t1 : memref<64xf32>
  // expected-remark @below {{buffer left out of the arena: its address is passed to 'func.call', which may keep it: it is passed to 'keep', where its address is stored or taken as data by 'memref.store'}}
  %t2 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t2 : memref<64xf32>)
  func.call @keep(%t2, %h) : (memref<64xf32>, memref<1xmemref<64xf32>>) -> ()
  memref.dealloc %t2 : memref<64xf32>
  // expected-remark @below {{buffer left out of the arena: its address is passed to 'func.call', which may keep it: it is passed to 'passes', where it is passed to 'ext', a declaration that may keep it (llvm.nocapture on its argument lifts this)}}
  %t3 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t3 : memref<64xf32>)
  func.call @passes(%t3) : (memref<64xf32>) -> ()
  memref.dealloc %t3 : memref<64xf32>
  %t4 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t4 : memref<64xf32>)
  func.call @passesnc(%t4) : (memref<64xf32>) -> ()
  memref.dealloc %t4 : memref<64xf32>
  // expected-remark @below {{buffer left out of the arena: its address is passed to 'func.call', which may keep it: it is passed to 'mid', then through 1 more call to 'addr', where its address is stored or taken as data by 'memref.extract_aligned_pointer_as_index'}}
  %t5 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t5 : memref<64xf32>)
  func.call @mid(%t5, %g) : (memref<64xf32>, memref<1xindex>) -> ()
  memref.dealloc %t5 : memref<64xf32>
  return
}

// -----

// Recursion: the model refuses the caller (no peak is known statically),
// so it is not planned and %t stays as it is.
// CHECK-LABEL: func.func @main
// CHECK-NEXT: memref.alloc() : memref<64xf32>
func.func private @rec(%a: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %more = arith.cmpi sgt, %n, %c0 : index
  scf.if %more {
    %c1 = arith.constant 1 : index
    %m = arith.subi %n, %c1 : index
    // expected-remark @below {{'rec' not modeled: 'func.call' calls 'rec' recursively}}
    func.call @rec(%a, %m) : (memref<64xf32>, index) -> ()
  }
  return
}
func.func @main(%x: memref<64xf32>) {
  %t = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  %c3 = arith.constant 3 : index
  // expected-remark @below {{'main' not modeled: 'func.call' calls 'rec', which is not modeled}}
  func.call @rec(%t, %c3) : (memref<64xf32>, index) -> ()
  linalg.copy ins(%t : memref<64xf32>) outs(%x : memref<64xf32>)
  memref.dealloc %t : memref<64xf32>
  return
}

// -----

// An asynchronous call (review s12 A1): @work runs until the await, so %a
// stays a heap allocation; %b alone is placed.
// CHECK-LABEL: func.func @main
// CHECK: %[[A:.*]] = memref.alloc() : memref<64xf32>
// CHECK: async.call @work(%[[A]])
// CHECK: memref.view
async.func @work(%a: memref<64xf32>) -> !async.token {
  %c = arith.constant 1.0 : f32
  linalg.fill ins(%c : f32) outs(%a : memref<64xf32>)
  return
}
func.func @main(%out: memref<64xf32>) {
  %c2 = arith.constant 2.0 : f32
  // expected-remark @below {{buffer left out of the arena: its address is passed to 'async.call', which may keep it: it is passed to 'async.call', which may run asynchronously or return a handle of its work}}
  %a = memref.alloc() : memref<64xf32>
  %t = async.call @work(%a) : (memref<64xf32>) -> !async.token
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%c2 : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  async.await %t : !async.token
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// More callees that may keep the buffer (review s12 A3), each left out with
// the reason: an alias yielded out of scf.if, an op without memory-effect
// interfaces, an indirect call.
// CHECK-LABEL: func.func @main
// CHECK-COUNT-3: memref.alloc() : memref<64xf32>
func.func private @pick(%a: memref<64xf32>, %b: memref<64xf32>, %c: i1, %g: memref<64xf32>) {
  %r = scf.if %c -> (memref<64xf32>) {
    scf.yield %a : memref<64xf32>
  } else {
    scf.yield %b : memref<64xf32>
  }
  linalg.copy ins(%r : memref<64xf32>) outs(%g : memref<64xf32>)
  return
}
func.func private @opaque(%a: memref<64xf32>) {
  "test.opaque"(%a) : (memref<64xf32>) -> ()
  return
}
func.func private @target(%a: memref<64xf32>) {
  return
}
func.func private @ind(%a: memref<64xf32>) {
  %f = func.constant @target : (memref<64xf32>) -> ()
  func.call_indirect %f(%a) : (memref<64xf32>) -> ()
  return
}
func.func @main(%x: memref<64xf32>, %g: memref<64xf32>, %c: i1) {
  // expected-remark @below {{buffer left out of the arena: its address is passed to 'func.call', which may keep it: it is passed to 'pick', where an alias is passed on by 'scf.yield'}}
  %t1 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t1 : memref<64xf32>)
  func.call @pick(%t1, %x, %c, %g) : (memref<64xf32>, memref<64xf32>, i1, memref<64xf32>) -> ()
  memref.dealloc %t1 : memref<64xf32>
  // expected-remark @below {{buffer left out of the arena: its address is passed to 'func.call', which may keep it: it is passed to 'opaque', where 'test.opaque' has no memory-effect interface (it may keep the address)}}
  %t2 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t2 : memref<64xf32>)
  func.call @opaque(%t2) : (memref<64xf32>) -> ()
  memref.dealloc %t2 : memref<64xf32>
  // expected-remark @below {{buffer left out of the arena: its address is passed to 'func.call', which may keep it: it is passed to 'ind', where it is passed to 'func.call_indirect', whose callee is not a function known here}}
  %t3 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t3 : memref<64xf32>)
  func.call @ind(%t3) : (memref<64xf32>) -> ()
  memref.dealloc %t3 : memref<64xf32>
  return
}
