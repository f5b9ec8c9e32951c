// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena))' --split-input-file -verify-diagnostics | FileCheck %s
// Every plan the pass writes passes the independent check (an error would be
// unexpected here).
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena,peakmem-verify-arena))' --split-input-file -verify-diagnostics | FileCheck %s
// arena=argument: every buffer the function allocates is in the caller's
// arena, its results too (the ARG prefix: @result_at_producer,
// @results_same_first_use, @result_read_later).
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{arena=argument},peakmem-verify-arena))' --split-input-file --mlir-disable-threading 2>/dev/null | FileCheck %s --check-prefix=ARG

// Two buffers live together: a (16xf32 = 64 B, align 4) and b (8xf64 = 64 B,
// alloc alignment 64). They cannot share: arena = 64 + 64 = 128 = the live
// bound, so optimal; the arena alloc carries the largest alignment (64). The
// returned buffer escapes and stays a plain alloc.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: peakmem.arena_alignment = 64 : i64, peakmem.arena_certificate = {{{.*}}}, peakmem.arena_lower_bound = 128 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 128 : i64
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, peakmem.arena} : memref<128xi8>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: memref.view %[[ARENA]][%[[C0]]][] {peakmem.align = 4 : i64} : memref<128xi8> to memref<16xf32>
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: memref.view %[[ARENA]][%[[C64]]][] {peakmem.align = 64 : i64} : memref<128xi8> to memref<8xf64>
// CHECK: %[[R:.*]] = memref.alloc() : memref<8xf64>
// CHECK-NOT: memref.dealloc %{{.*}} : memref<16xf32>
// CHECK: memref.dealloc %[[ARENA]] : memref<128xi8>
// CHECK-NEXT: return %[[R]]
// expected-remark @below {{peakmem-plan-arena: 'chain' arena 128 bytes for 2 buffers (1 left out), lower bound 128 (local, every order): optimal; live bound of this order 128; planner reached-bound; best baseline tflm-greedy 128 bytes}}
func.func @chain(%x: memref<16xf32>) -> memref<8xf64> {
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%a : memref<16xf32>)
  %b = memref.alloc() {alignment = 64 : i64} : memref<8xf64>
  linalg.generic {indexing_maps = [affine_map<(i) -> (2 * i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : memref<16xf32>) outs(%b : memref<8xf64>) {
  ^bb0(%v: f32, %o: f64):
    %e = arith.extf %v : f32 to f64
    linalg.yield %e : f64
  }
  memref.dealloc %a : memref<16xf32>
  // expected-remark @below {{peakmem-plan-arena: buffer left out of the arena: it escapes its block (returned, yielded or never freed)}}
  %r = memref.alloc() : memref<8xf64>
  memref.copy %b, %r : memref<8xf64> to memref<8xf64>
  memref.dealloc %b : memref<8xf64>
  return %r : memref<8xf64>
}

// -----

// A chain of three 64xf32 buffers (256 B each, align 4): a dies when c is
// born, so c reuses a's bytes: a at 0, b at 256, c at 0; arena 512 = the live
// bound (two buffers live at any step), optimal. The per-buffer allocator
// would need the same 512 B, the arena makes it one request.
// CHECK-LABEL: func.func @reuse
// CHECK-SAME: peakmem.arena_size = 512 : i64
// CHECK: memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
// CHECK: memref.view %{{.*}}[%c0][]
// CHECK: memref.view %{{.*}}[%c256][]
// CHECK: memref.view %{{.*}}[%c0_{{[0-9]+}}][]
// CHECK-NOT: memref.dealloc %{{.*}} : memref<64xf32>
// expected-remark @below {{'reuse' arena 512 bytes for 3 buffers (0 left out), lower bound 512}}
func.func @reuse(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%c : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  linalg.copy ins(%c : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %c : memref<64xf32>
  return
}

// -----

// Nested scratch: t1 (32xf32 = 128 B, alignment 64) and t2 (32xf64 = 256 B,
// align 8) are allocated in the loop body; each is held for the whole step of
// the scf.for in the entry block, so they never share: arena 128 + 256 = 384
// (t2 at 0, t1 at 256, a multiple of 64). The views are created inside the
// body from the arena of the entry block; acc escapes.
// CHECK-LABEL: func.func @nested
// CHECK-SAME: peakmem.arena_size = 384 : i64
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, peakmem.arena} : memref<384xi8>
// CHECK: scf.for
// CHECK: memref.view %[[ARENA]][%c256][] {peakmem.align = 64 : i64} : memref<384xi8> to memref<32xf32>
// CHECK: memref.view %[[ARENA]][%c0{{.*}}][] {peakmem.align = 8 : i64} : memref<384xi8> to memref<32xf64>
// CHECK-NOT: memref.dealloc
// CHECK: }
// CHECK: memref.dealloc %[[ARENA]]
// expected-remark @below {{'nested' arena 384 bytes for 2 buffers (1 left out), lower bound 384}}
func.func @nested(%x: memref<32xf32>, %n: index) -> memref<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{buffer left out of the arena: it escapes its block}}
  %acc = memref.alloc() : memref<32xf32>
  memref.copy %x, %acc : memref<32xf32> to memref<32xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t1 = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
    linalg.copy ins(%acc : memref<32xf32>) outs(%t1 : memref<32xf32>)
    %t2 = memref.alloc() : memref<32xf64>
    linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%t1 : memref<32xf32>) outs(%t2 : memref<32xf64>) {
    ^bb0(%v: f32, %o: f64):
      %e = arith.extf %v : f32 to f64
      linalg.yield %e : f64
    }
    memref.dealloc %t1 : memref<32xf32>
    linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%t2 : memref<32xf64>) outs(%acc : memref<32xf32>) {
    ^bb0(%v: f64, %o: f32):
      %t = arith.truncf %v : f64 to f32
      linalg.yield %t : f32
    }
    memref.dealloc %t2 : memref<32xf64>
  }
  return %acc : memref<32xf32>
}

// -----

// memref.alloca is stack memory (0 heap bytes in the model): not placed, no
// remark; the one heap buffer (64 B) gets an arena of 64.
// CHECK-LABEL: func.func @alloca_left_alone
// CHECK: memref.alloca() : memref<16xf32>
// CHECK: memref.view %{{.*}}[%c0][] {peakmem.align = 4 : i64} : memref<64xi8> to memref<16xf32>
// expected-remark @below {{'alloca_left_alone' arena 64 bytes for 1 buffers (0 left out)}}
func.func @alloca_left_alone(%x: memref<16xf32>, %y: memref<16xf32>) {
  %s = memref.alloca() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%s : memref<16xf32>)
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%s : memref<16xf32>) outs(%a : memref<16xf32>)
  linalg.copy ins(%a : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// A dynamically shaped buffer: the memory model does not describe the
// function, so nothing is placed and the function is left unchanged.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT: peakmem.arena
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.alloc() : memref<16xf32>
func.func @dynamic(%n: index, %y: memref<16xf32>) {
  // expected-remark @below {{peakmem: 'dynamic' not modeled: 'memref.alloc' allocates a buffer of dynamic or unknown size}}
  %d = memref.alloc(%n) : memref<?xf32>
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%y : memref<16xf32>) outs(%a : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %d : memref<?xf32>
  return
}

// -----

// Refused buffers stay plain allocs, one remark each: a vector element type
// (memref.view only yields scalar element types), and a buffer allocated in
// scf.parallel (iterations may run concurrently, they cannot share one
// slot). Only the plain 16xf32 buffer is placed. (A strided-layout alloc
// never gets here: the model refuses the function, finalize-memref-to-llvm
// cannot lower it.) An entry-block allocation left out moves down to its
// first use: the vector buffer, used by its dealloc only, to the end.
// CHECK-LABEL: func.func @refused
// CHECK: scf.parallel
// CHECK-NEXT: memref.alloc() : memref<8xf32>
// CHECK: memref.view %{{.*}}[%c0{{.*}}][] {peakmem.align = 4 : i64} : memref<64xi8> to memref<16xf32>
// CHECK: %[[V:.*]] = memref.alloc() : memref<4xvector<4xf32>>
// CHECK-NEXT: memref.dealloc %[[V]] : memref<4xvector<4xf32>>
// expected-remark @below {{'refused' arena 64 bytes for 1 buffers (2 left out)}}
func.func @refused(%y: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{buffer left out of the arena: memref.view cannot produce its element type}}
  %v = memref.alloc() : memref<4xvector<4xf32>>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-remark @below {{buffer left out of the arena: it is allocated in 'scf.parallel', whose region may run concurrently or re-entrantly}}
    %p = memref.alloc() : memref<8xf32>
    memref.dealloc %p : memref<8xf32>
    scf.reduce
  }
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%y : memref<16xf32>) outs(%a : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %v : memref<4xvector<4xf32>>
  return
}

// -----

// An alias of the buffer flows into an scf.for iter_arg: the loop's result
// may be the buffer, so its uses do not show its lifetime: left alone.
// CHECK-LABEL: func.func @iter_arg_flow
// CHECK-NOT: memref.view
// expected-remark @below {{'iter_arg_flow' has no buffer to place}}
func.func @iter_arg_flow(%y: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{buffer left out of the arena: an alias flows into a result of 'scf.for'}}
  %a = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %a) -> (memref<16xf32>) {
    linalg.copy ins(%y : memref<16xf32>) outs(%it : memref<16xf32>)
    scf.yield %it : memref<16xf32>
  }
  linalg.copy ins(%r : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// A buffer whose address is passed to a call stays a plain alloc: the callee
// may keep the address (as peakmem_retain_f32 does) and a later call read
// through it (release copies the retained buffer into %y), so once its
// dealloc is gone the IR no longer shows how long it lives (fuzz seed
// 5000068: the verifier rebuilt a lifetime ending at the retain call). b is
// never passed on and is placed.
func.func private @retain(memref<?xf32>)
func.func private @release(memref<?xf32>)
// CHECK-LABEL: func.func @retained
// CHECK: memref.alloc() : memref<16xf32>
// CHECK: call @retain
// CHECK: memref.view %{{.*}} : memref<64xi8> to memref<16xf32>
// CHECK: call @release
// expected-remark @below {{'retained' arena 64 bytes for 1 buffers (1 left out)}}
func.func @retained(%x: memref<16xf32>, %y: memref<16xf32>) {
  // expected-remark @below {{buffer left out of the arena: its address is passed to 'func.call', which may keep it}}
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%a : memref<16xf32>)
  %ca = memref.cast %a : memref<16xf32> to memref<?xf32>
  func.call @retain(%ca) : (memref<?xf32>) -> ()
  %b = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%b : memref<16xf32>)
  %cy = memref.cast %y : memref<16xf32> to memref<?xf32>
  func.call @release(%cy) : (memref<?xf32>) -> ()
  linalg.add ins(%b, %y : memref<16xf32>, memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// A buffer used inside async.execute stays a plain alloc: the region may run
// until the async.await, after its op, which is all the IR would show once
// the dealloc is gone (fuzz seed 5000057). c, used after the await only, is
// placed.
// CHECK-LABEL: func.func @async_use
// CHECK: memref.alloc() : memref<16xf32>
// CHECK: async.execute
// CHECK: memref.view %{{.*}} : memref<64xi8> to memref<16xf32>
// expected-remark @below {{'async_use' arena 64 bytes for 1 buffers (1 left out)}}
func.func @async_use(%x: memref<16xf32>, %y: memref<16xf32>) {
  // expected-remark @below {{buffer left out of the arena: it is used inside 'async.execute', whose region may run after it}}
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%a : memref<16xf32>)
  %t = async.execute {
    linalg.copy ins(%a : memref<16xf32>) outs(%y : memref<16xf32>)
    async.yield
  }
  async.await %t : !async.token
  %c = memref.alloc() : memref<16xf32>
  linalg.copy ins(%y : memref<16xf32>) outs(%c : memref<16xf32>)
  linalg.add ins(%c, %y : memref<16xf32>, memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %c : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// A buffer whose address is stored to memory stays a plain alloc: an access
// through the loaded memref may come after the last use the IR shows of the
// buffer itself (fuzz seed 5000009). c is placed.
// CHECK-LABEL: func.func @stored_address
// CHECK: memref.alloc() : memref<16xf32>
// CHECK: memref.store
// CHECK: memref.view %{{.*}} : memref<64xi8> to memref<16xf32>
// expected-remark @below {{'stored_address' arena 64 bytes for 1 buffers (2 left out)}}
func.func @stored_address(%x: memref<16xf32>, %y: memref<16xf32>) {
  %i = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  // expected-remark @below {{buffer left out of the arena: its address is stored to memory by 'memref.store'}}
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%a : memref<16xf32>)
  // expected-remark @below {{buffer left out of the arena: memref.view cannot produce its element type}}
  %box = memref.alloc() : memref<1xmemref<16xf32>>
  memref.store %a, %box[%i] : memref<1xmemref<16xf32>>
  %c = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%c : memref<16xf32>)
  %l = memref.load %box[%i] : memref<1xmemref<16xf32>>
  linalg.add ins(%l, %c : memref<16xf32>, memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %c : memref<16xf32>
  memref.dealloc %box : memref<1xmemref<16xf32>>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// An alignment above 2^32 in the IR could take rounded sizes past the
// model's byte limit: that buffer stays a plain alloc, with a remark; the
// other one is placed.
// CHECK-LABEL: func.func @huge_alignment
// CHECK: memref.alloc() {alignment = 8589934592 : i64} : memref<16xf32>
// CHECK: memref.view %{{.*}}[%c0][] {peakmem.align = 4 : i64} : memref<64xi8> to memref<16xf32>
// expected-remark @below {{'huge_alignment' arena 64 bytes for 1 buffers (1 left out)}}
func.func @huge_alignment(%x: memref<16xf32>, %y: memref<16xf32>) {
  // expected-remark @below {{buffer left out of the arena: its alignment 8589934592 is above the largest supported 4294967296}}
  %a = memref.alloc() {alignment = 8589934592 : i64} : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%a : memref<16xf32>)
  %b = memref.alloc() : memref<16xf32>
  linalg.copy ins(%a : memref<16xf32>) outs(%b : memref<16xf32>)
  linalg.copy ins(%b : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// Aliases inside the buffer are placed with it: a static subview, a
// reinterpret_cast back to the whole buffer, and a dynamic subview in a
// loop (a subview addresses its source's elements). A reinterpret_cast
// that reaches past the buffer's bytes, or whose offset is dynamic, could
// touch another slot: that buffer stays a plain alloc, with a remark.
// CHECK-LABEL: func.func @aliases
// CHECK: memref.view %{{.*}}[%c0{{.*}}][] {peakmem.align = 4 : i64} : memref<{{[0-9]+}}xi8> to memref<16xf32>
// CHECK: memref.alloc() : memref<16xf32>
// CHECK: memref.alloc() : memref<16xf32>
// expected-remark @below {{'aliases' arena 64 bytes for 1 buffers (2 left out)}}
func.func @aliases(%x: memref<16xf32>, %y: memref<16xf32>, %n: index) {
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%a : memref<16xf32>)
  %s = memref.subview %a[4] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  %w = memref.reinterpret_cast %s to offset: [0], sizes: [16], strides: [1] : memref<8xf32, strided<[1], offset: 4>> to memref<16xf32>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c4 {
    %t = memref.subview %a[%i] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
    %u = memref.subview %y[%i] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
    linalg.copy ins(%t : memref<4xf32, strided<[1], offset: ?>>) outs(%u : memref<4xf32, strided<[1], offset: ?>>)
  }
  linalg.copy ins(%w : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  // expected-remark @below {{buffer left out of the arena: an alias made by 'memref.reinterpret_cast' reaches bytes [64, 128) of the buffer, outside [0, 64)}}
  %b = memref.alloc() : memref<16xf32>
  %far = memref.reinterpret_cast %b to offset: [16], sizes: [16], strides: [1] : memref<16xf32> to memref<16xf32, strided<[1], offset: 16>>
  linalg.copy ins(%x : memref<16xf32>) outs(%far : memref<16xf32, strided<[1], offset: 16>>)
  memref.dealloc %b : memref<16xf32>
  // expected-remark @below {{buffer left out of the arena: an alias made by 'memref.reinterpret_cast' reaches bytes that cannot be bounded}}
  %c = memref.alloc() : memref<16xf32>
  %dyn = memref.reinterpret_cast %c to offset: [%n], sizes: [4], strides: [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
  %x4 = memref.subview %x[0] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1]>>
  linalg.copy ins(%x4 : memref<4xf32, strided<[1]>>) outs(%dyn : memref<4xf32, strided<[1], offset: ?>>)
  linalg.copy ins(%c : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %c : memref<16xf32>
  return
}

// -----

// A result stays outside the arena (it escapes) but is allocated at its
// producer, not at the entry: it is live from there. The remark gives what
// lies outside the arena.
// With arena=argument (ARG) the result is a view of the caller's arena,
// created at its producer, where a is dead: it takes a's slot (0), and the
// arena (8192 B) is the whole activation memory, at the bound that counts
// the result live to the end.
// ARG-LABEL: func.func @result_at_producer(%arg0: memref<1024xf32>, %arg1: memref<8192xi8> {peakmem.arena}) -> memref<1024xf32>
// ARG-SAME: peakmem.arena_lower_bound = 8192 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 8192 : i64
// ARG-SAME: peakmem.result_offsets = array<i64: 0>, peakmem.result_placement = {inside = 1 : i64, inside_bytes = 4096 : i64, outside = 0 : i64, outside_bytes = 0 : i64}
// ARG-NOT: memref.alloc
// ARG: linalg.copy
// ARG: linalg.copy
// ARG-NEXT: %[[C:.*]] = arith.constant 0 : index
// ARG-NEXT: %[[O:.*]] = memref.view %arg1[%[[C]]][]
// ARG-NEXT: linalg.copy ins(%{{.*}} : memref<1024xf32>) outs(%[[O]] : memref<1024xf32>)
// ARG-NEXT: return %[[O]] : memref<1024xf32>
// CHECK-LABEL: func.func @result_at_producer
// CHECK-SAME: peakmem.result_placement = {inside = 0 : i64, inside_bytes = 0 : i64, outside = 1 : i64, outside_bytes = 4096 : i64}
// CHECK: memref.view
// CHECK: memref.view
// CHECK: linalg.copy
// CHECK-NEXT: %[[O:.*]] = memref.alloc() : memref<1024xf32>
// CHECK-NEXT: linalg.copy ins(%{{.*}} : memref<1024xf32>) outs(%[[O]] : memref<1024xf32>)
// CHECK: return %[[O]]
// expected-remark @below {{best baseline tflm-greedy 8192 bytes; outside the arena 4096 bytes in 1 allocations (1 moved down to their first use)}}
func.func @result_at_producer(%x: memref<1024xf32>) -> memref<1024xf32> {
  // expected-remark @below {{buffer left out of the arena: it escapes its block}}
  %o = memref.alloc() : memref<1024xf32>
  %a = memref.alloc() : memref<1024xf32>
  linalg.copy ins(%x : memref<1024xf32>) outs(%a : memref<1024xf32>)
  %b = memref.alloc() : memref<1024xf32>
  linalg.copy ins(%a : memref<1024xf32>) outs(%b : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  linalg.copy ins(%b : memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %b : memref<1024xf32>
  return %o : memref<1024xf32>
}

// -----

// Two results with the same first use move down together and keep their
// order (before, each move put the other one back between it and its use,
// and the pass never ended: fuzz seed 8000041, an affine.dma_start's
// destination and tag).
// With arena=argument (ARG) both results are views of the caller's arena,
// each recorded at its offset, returned in order.
// ARG-LABEL: func.func @results_same_first_use(%arg0: memref<1024xf32>, %arg1: memref<12288xi8> {peakmem.arena})
// ARG-SAME: peakmem.arena_lower_bound = 12288 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 12288 : i64
// ARG-SAME: peakmem.result_offsets = array<i64: [[P:[0-9]+]], [[Q:[0-9]+]]>, peakmem.result_placement = {inside = 2 : i64, inside_bytes = 8192 : i64, outside = 0 : i64, outside_bytes = 0 : i64}
// ARG: %[[CP:.*]] = arith.constant [[P]] : index
// ARG-NEXT: %[[VP:.*]] = memref.view %arg1[%[[CP]]][]
// ARG-NEXT: %[[CQ:.*]] = arith.constant [[Q]] : index
// ARG-NEXT: %[[VQ:.*]] = memref.view %arg1[%[[CQ]]][]
// ARG-NEXT: linalg.generic
// ARG-SAME: outs(%[[VP]], %[[VQ]] : memref<1024xf32>, memref<1024xf32>)
// ARG: return %[[VP]], %[[VQ]]
// CHECK-LABEL: func.func @results_same_first_use
// CHECK: linalg.copy
// CHECK-NEXT: %[[P:.*]] = memref.alloc() : memref<1024xf32>
// CHECK-NEXT: %[[Q:.*]] = memref.alloc() : memref<1024xf32>
// CHECK-NEXT: linalg.generic
// CHECK-SAME: outs(%[[P]], %[[Q]] : memref<1024xf32>, memref<1024xf32>)
// CHECK: return %[[P]], %[[Q]]
// expected-remark @below {{outside the arena 8192 bytes in 2 allocations (2 moved down to their first use)}}
func.func @results_same_first_use(%x: memref<1024xf32>) -> (memref<1024xf32>, memref<1024xf32>) {
  // expected-remark @below {{buffer left out of the arena: it escapes its block}}
  %p = memref.alloc() : memref<1024xf32>
  // expected-remark @below {{buffer left out of the arena: it escapes its block}}
  %q = memref.alloc() : memref<1024xf32>
  %a = memref.alloc() : memref<1024xf32>
  linalg.copy ins(%x : memref<1024xf32>) outs(%a : memref<1024xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<1024xf32>) outs(%p, %q : memref<1024xf32>, memref<1024xf32>) {
  ^bb0(%in: f32, %o1: f32, %o2: f32):
    linalg.yield %in, %in : f32, f32
  }
  memref.dealloc %a : memref<1024xf32>
  return %p, %q : memref<1024xf32>, memref<1024xf32>
}

// -----

// A buffer read inside a linalg.generic body (a gather: memref.load of a
// captured buffer, as a resize lowers) is placed: a linalg op runs its
// payload within itself, so the read ends before the op returns. Its slot
// is live until the generic.
// CHECK-LABEL: func.func @gather_in_body
// CHECK: %[[T:.*]] = memref.view %{{.*}}[%c0{{.*}}][] {peakmem.align = 4 : i64} : memref<128xi8> to memref<16xf32>
// CHECK: linalg.generic
// CHECK: memref.load %[[T]]
// expected-remark @below {{'gather_in_body' arena 128 bytes for 2 buffers}}
func.func @gather_in_body(%x: memref<16xf32>, %y: memref<16xf32>) {
  %c15 = arith.constant 15 : index
  %t = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%t : memref<16xf32>)
  %u = memref.alloc() : memref<16xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%u : memref<16xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = arith.subi %c15, %i : index
    %v = memref.load %t[%j] : memref<16xf32>
    linalg.yield %v : f32
  }
  memref.dealloc %t : memref<16xf32>
  linalg.copy ins(%u : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %u : memref<16xf32>
  return
}

// -----

// The same read inside an op the registry does not describe and that has no
// region-branch interface (omp.parallel) stays a reason to leave the buffer
// out.
// CHECK-LABEL: func.func @gather_in_unknown_region
// CHECK: memref.alloc() : memref<16xf32>
// CHECK: omp.parallel
// expected-remark @below {{'gather_in_unknown_region' has no buffer to place}}
func.func @gather_in_unknown_region(%x: memref<16xf32>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  // expected-remark @below {{buffer left out of the arena: it is used inside 'omp.parallel', whose regions are not known to run before it returns}}
  %t = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%t : memref<16xf32>)
  omp.parallel {
    %v = memref.load %t[%c0] : memref<16xf32>
    memref.store %v, %y[%c0] : memref<16xf32>
    omp.terminator
  }
  memref.dealloc %t : memref<16xf32>
  return
}

// -----

// arena=argument puts results in the arena too (ARG run): a result that is
// read later keeps its slot from its producer to the end of the function,
// so b cannot reuse it after its last read (copy %o -> %a): three 4 KiB
// slots, 12288 B = the bound counting the result. arena=alloc (CHECK) keeps
// the result outside (4096 B, allocated at its producer) and plans a and b.
// ARG-LABEL: func.func @result_read_later(%arg0: memref<1024xf32>, %arg1: memref<1024xf32>, %arg2: memref<12288xi8> {peakmem.arena}) -> memref<1024xf32>
// ARG-SAME: peakmem.arena_lower_bound = 12288 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 12288 : i64
// ARG-SAME: peakmem.result_offsets = array<i64: [[OFF:[0-9]+]]>, peakmem.result_placement = {inside = 1 : i64, inside_bytes = 4096 : i64, outside = 0 : i64, outside_bytes = 0 : i64}
// ARG-NOT: memref.alloc
// ARG: %[[C:.*]] = arith.constant [[OFF]] : index
// ARG-NEXT: %[[O:.*]] = memref.view %arg2[%[[C]]][]
// ARG: return %[[O]] : memref<1024xf32>
// CHECK-LABEL: func.func @result_read_later
// CHECK-SAME: peakmem.arena_size = 8192 : i64
// CHECK-NOT: peakmem.result_offsets
// CHECK-SAME: peakmem.result_placement = {inside = 0 : i64, inside_bytes = 0 : i64, outside = 1 : i64, outside_bytes = 4096 : i64}
// CHECK: %[[O:.*]] = memref.alloc() : memref<1024xf32>
// CHECK: return %[[O]]
// expected-remark @below {{outside the arena 4096 bytes in 1 allocations (1 moved down to their first use); results: 0 in the arena (0 bytes), 1 outside (4096 bytes)}}
func.func @result_read_later(%x: memref<1024xf32>, %y: memref<1024xf32>) -> memref<1024xf32> {
  // expected-remark @below {{buffer left out of the arena: it escapes its block}}
  %o = memref.alloc() : memref<1024xf32>
  %a = memref.alloc() : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  linalg.copy ins(%x : memref<1024xf32>) outs(%o : memref<1024xf32>)
  linalg.copy ins(%o : memref<1024xf32>) outs(%a : memref<1024xf32>)
  linalg.copy ins(%a : memref<1024xf32>) outs(%b : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  linalg.copy ins(%b : memref<1024xf32>) outs(%y : memref<1024xf32>)
  memref.dealloc %b : memref<1024xf32>
  return %o : memref<1024xf32>
}
