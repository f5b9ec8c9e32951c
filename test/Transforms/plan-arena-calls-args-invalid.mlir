// peakmem-verify-arena re-derives from the callee's body that a call keeps
// no alias of a view of its caller's arena passed as an ordinary argument
// (SymbolCalls.h): tampered plans placing a buffer passed to a callee that
// may keep it are rejected at the call, with the reason; llvm.nocapture on a
// callee with a body is not trusted.
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-verify-arena)' --split-input-file -verify-diagnostics --allow-unregistered-dialect

// The callee stores the address as an integer.
func.func private @addr(%a: memref<64xf32>, %g: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %p = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
  memref.store %p, %g[%c0] : memref<1xindex>
  return
}
func.func @main(%x: memref<64xf32>, %g: memref<1xindex>, %arena: memref<256xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_size = 256 : i64} {
  %c0 = arith.constant 0 : index
  %t = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  // expected-error @below {{peakmem-verify-arena: argument #0 is a view of the arena and the call may keep it: it is passed to 'addr', where its address is stored or taken as data by 'memref.extract_aligned_pointer_as_index'}}
  func.call @addr(%t, %g) : (memref<64xf32>, memref<1xindex>) -> ()
  return
}

// -----

// The callee stores the memref itself; it claims llvm.nocapture (not
// trusted: the body is read).
func.func private @keep(%a: memref<64xf32> {llvm.nocapture}, %g: memref<1xmemref<64xf32>>) {
  %c0 = arith.constant 0 : index
  memref.store %a, %g[%c0] : memref<1xmemref<64xf32>>
  return
}
func.func @main(%x: memref<64xf32>, %g: memref<1xmemref<64xf32>>, %arena: memref<256xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_size = 256 : i64} {
  %c0 = arith.constant 0 : index
  %t = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  // expected-error @below {{argument #0 is a view of the arena and the call may keep it: it is passed to 'keep', where its address is stored or taken as data by 'memref.store'}}
  func.call @keep(%t, %g) : (memref<64xf32>, memref<1xmemref<64xf32>>) -> ()
  return
}

// -----

// Through a cast and a second callee that passes it to a declaration.
func.func private @ext(memref<?xf32>)
func.func private @mid(%a: memref<64xf32>) {
  %c = memref.cast %a : memref<64xf32> to memref<?xf32>
  func.call @ext(%c) : (memref<?xf32>) -> ()
  return
}
func.func @main(%x: memref<64xf32>, %arena: memref<256xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_size = 256 : i64} {
  %c0 = arith.constant 0 : index
  %t = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  // expected-error @below {{argument #0 is a view of the arena and the call may keep it: it is passed to 'mid', where it is passed to 'ext', a declaration that may keep it}}
  func.call @mid(%t) : (memref<64xf32>) -> ()
  return
}

// -----

// Recursion: no proof is attempted through a cycle.
func.func private @rec(%a: memref<64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %more = arith.cmpi sgt, %n, %c0 : index
  scf.if %more {
    %c1 = arith.constant 1 : index
    %m = arith.subi %n, %c1 : index
    func.call @rec(%a, %m) : (memref<64xf32>, index) -> ()
  }
  return
}
func.func @main(%x: memref<64xf32>, %arena: memref<256xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_size = 256 : i64} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %t = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  // expected-error @below {{it is passed to 'rec', which calls itself (directly or through other functions)}}
  func.call @rec(%t, %c3) : (memref<64xf32>, index) -> ()
  return
}

// -----

// The callee returns an alias of it (a memref result).
func.func private @same(%a: memref<64xf32>) -> memref<64xf32> {
  return %a : memref<64xf32>
}
func.func @main(%x: memref<64xf32>, %arena: memref<256xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_size = 256 : i64} {
  %c0 = arith.constant 0 : index
  %t = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  // expected-error @below {{it is passed to 'same', where 'same' returns it}}
  %r = func.call @same(%t) : (memref<64xf32>) -> memref<64xf32>
  return
}

// -----

// The callee uses it inside async.execute, which may run after it returns.
func.func private @later(%a: memref<64xf32>) {
  %token = async.execute {
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<64xf32>
    async.yield
  }
  return
}
func.func @main(%x: memref<64xf32>, %arena: memref<256xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_size = 256 : i64} {
  %c0 = arith.constant 0 : index
  %t = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  // expected-error @below {{it is passed to 'later', where it is used inside 'async.execute', whose regions may run after 'later' returns}}
  func.call @later(%t) : (memref<64xf32>) -> ()
  return
}

// -----

// The callee frees it.
func.func private @frees(%a: memref<64xf32>) {
  memref.dealloc %a : memref<64xf32>
  return
}
func.func @main(%x: memref<64xf32>, %arena: memref<256xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_size = 256 : i64} {
  %c0 = arith.constant 0 : index
  %t = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  // expected-error @below {{it is passed to 'frees', where it is freed by 'memref.dealloc'}}
  func.call @frees(%t) : (memref<64xf32>) -> ()
  return
}

// -----

// An asynchronous call (review s12 A1): async.call returns a token and its
// callee runs until the await, so %a and %b on the same bytes would race.
async.func @work(%a: memref<64xf32>) -> !async.token {
  %c = arith.constant 1.0 : f32
  linalg.fill ins(%c : f32) outs(%a : memref<64xf32>)
  return
}
func.func @main(%out: memref<64xf32>, %arena: memref<256xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_size = 256 : i64} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2.0 : f32
  %a = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  // expected-error @below {{argument #0 is a view of the arena and the call may keep it: it is passed to 'async.call', which may run asynchronously or return a handle of its work}}
  %t = async.call @work(%a) : (memref<64xf32>) -> !async.token
  %b = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.fill ins(%c2 : f32) outs(%b : memref<64xf32>)
  memref.copy %b, %out : memref<64xf32> to memref<64xf32>
  async.await %t : !async.token
  return
}

// -----

// A callee's arena slot also passed through a view as an ordinary argument
// (review s12 A2): the callee's temporaries would overwrite what it reads.
func.func private @heavy(%x: memref<64xf32>, %arena: memref<256xi8> {llvm.nocapture, peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_certificate = {certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "boundary", witness = 2 : i64}, lower_bound = 256 : i64, optimal = true, peak = 256 : i64}, peakmem.arena_lower_bound = 256 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 256 : i64, peakmem.arena_stats = {baselines = {"iree-best-fit" = 256 : i64, "tflm-greedy" = 256 : i64, "tvm-greedy-by-conflicts" = 256 : i64, "tvm-greedy-by-size" = 256 : i64, "tvm-hill-climb" = 256 : i64}, live_bound = 256 : i64, live_bound_before = 256 : i64, order = "kept", stop = "reached-bound"}, peakmem.peak = 0 : i64} {
  %c0 = arith.constant 0 : index
  %t = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  return
}
func.func @main(%x: memref<64xf32>, %arena: memref<256xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_size = 256 : i64} {
  %c0 = arith.constant 0 : index
  %s = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<256xi8>
  %sv = memref.view %s[%c0][] : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%sv : memref<64xf32>)
  // expected-error @below {{the arena of 'heavy' is also passed, through an alias, as argument #0}}
  func.call @heavy(%sv, %s) {peakmem.callee_arena_offset = 0 : i64} : (memref<64xf32>, memref<256xi8>) -> ()
  return
}

// -----

// The callee yields an alias out of scf.if (review s12 A3).
func.func private @pick(%a: memref<64xf32>, %c: i1, %g: memref<64xf32>) {
  %r = scf.if %c -> (memref<64xf32>) {
    scf.yield %a : memref<64xf32>
  } else {
    scf.yield %g : memref<64xf32>
  }
  linalg.copy ins(%r : memref<64xf32>) outs(%g : memref<64xf32>)
  return
}
func.func @main(%x: memref<64xf32>, %c: i1, %arena: memref<256xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_size = 256 : i64} {
  %c0 = arith.constant 0 : index
  %t = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  // expected-error @below {{argument #0 is a view of the arena and the call may keep it: it is passed to 'pick', where an alias is passed on by 'scf.yield'}}
  func.call @pick(%t, %c, %x) : (memref<64xf32>, i1, memref<64xf32>) -> ()
  return
}

// -----

// The callee hands it to an op without memory-effect interfaces.
func.func private @opaque(%a: memref<64xf32>) {
  "test.opaque"(%a) : (memref<64xf32>) -> ()
  return
}
func.func @main(%x: memref<64xf32>, %arena: memref<256xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_size = 256 : i64} {
  %c0 = arith.constant 0 : index
  %t = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  // expected-error @below {{it is passed to 'opaque', where 'test.opaque' has no memory-effect interface (it may keep the address)}}
  func.call @opaque(%t) : (memref<64xf32>) -> ()
  return
}

// -----

// The callee passes it to an indirect call.
func.func private @target(%a: memref<64xf32>) {
  return
}
func.func private @ind(%a: memref<64xf32>) {
  %f = func.constant @target : (memref<64xf32>) -> ()
  func.call_indirect %f(%a) : (memref<64xf32>) -> ()
  return
}
func.func @main(%x: memref<64xf32>, %arena: memref<256xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_size = 256 : i64} {
  %c0 = arith.constant 0 : index
  %t = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  // expected-error @below {{it is passed to 'ind', where it is passed to 'func.call_indirect', whose callee is not a function known here}}
  func.call @ind(%t) : (memref<64xf32>) -> ()
  return
}

// -----

// A chain of callees with the declaration two calls below: one reason line.
func.func private @ext(memref<64xf32>)
func.func private @low(%a: memref<64xf32>) {
  func.call @ext(%a) : (memref<64xf32>) -> ()
  return
}
func.func private @high(%a: memref<64xf32>) {
  func.call @low(%a) : (memref<64xf32>) -> ()
  return
}
func.func private @top(%a: memref<64xf32>) {
  func.call @high(%a) : (memref<64xf32>) -> ()
  return
}
func.func @main(%x: memref<64xf32>, %arena: memref<256xi8> {peakmem.arena}) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_size = 256 : i64} {
  %c0 = arith.constant 0 : index
  %t = memref.view %arena[%c0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%t : memref<64xf32>)
  // expected-error @below {{it is passed to 'top', then through 2 more calls to 'low', where it is passed to 'ext', a declaration that may keep it}}
  func.call @top(%t) : (memref<64xf32>) -> ()
  return
}
