// One arena for a call tree (plan-arena-calls-tree.mlir): the callees whose arena
// cannot be a slot of their callers' keep their own planning (a remark, the
// IR of the callee and of its calls unchanged), and peakmem-verify-arena
// rejects a tampered slot.
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-plan-arena{arena=argument remarks=0})' --split-input-file -verify-diagnostics | FileCheck %s
// Under func.func(...) the callers cannot be read safely: refused as before.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{arena=argument remarks=0}))' --split-input-file 2>&1 | FileCheck %s --check-prefix=NESTED
//
// Tampered plans of @tleaf/@tcaller and @hcallee/@hcaller (last cases): a
// recorded offset that is not the slot's, a callee asking more alignment
// than the caller's arena gives, a heap slot less aligned than the callee
// asks.
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-plan-arena{arena=argument remarks=0})' --split-input-file 2>/dev/null > %t.mlir
// RUN: peakmem-opt %t.mlir -p 'builtin.module(peakmem-verify-arena)' --split-input-file > /dev/null
// RUN: sed 's/peakmem.callee_arena_offset = 0 : i64/peakmem.callee_arena_offset = 256 : i64/' %t.mlir | not peakmem-opt -p 'builtin.module(peakmem-verify-arena)' --split-input-file 2>&1 | FileCheck %s --check-prefix=OFFSET
// RUN: sed '/@tleaf(/s/peakmem.arena_alignment = 4 /peakmem.arena_alignment = 512 /' %t.mlir | not peakmem-opt -p 'builtin.module(peakmem-verify-arena)' --split-input-file 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: sed 's/memref.alloc() {alignment = 4 : i64} : memref<256xi8>/memref.alloc() : memref<256xi8>/' %t.mlir | not peakmem-opt -p 'builtin.module(peakmem-verify-arena)' --split-input-file 2>&1 | FileCheck %s --check-prefix=HEAP
// OFFSET: error: peakmem-verify-arena: peakmem.callee_arena_offset = 256 but the slot passed is at 0
// ALIGN: error: peakmem-verify-arena: the arena of 'tleaf' is passed at offset 0 of an arena aligned to 4: not aligned to its peakmem.arena_alignment = 512
// HEAP: error: peakmem-verify-arena: the arena of 'hcallee' is an allocation aligned to 1, less than its peakmem.arena_alignment = 4

// Recursion: the model refuses it (no peak is known statically), so
// neither the callee nor its caller is planned.
// NESTED: remark: peakmem: 'rec' not modeled
// CHECK-LABEL: func.func private @rec(%arg0: memref<16xf32>, %arg1: index)
// CHECK-NEXT: memref.alloc() : memref<64xf32>
// CHECK: func.call @rec(%arg0, %{{.*}}) : (memref<16xf32>, index) -> ()
// CHECK-LABEL: func.func @main
// CHECK-NEXT: arith.constant
// CHECK-NEXT: call @rec(%arg0, %{{.*}}) : (memref<16xf32>, index) -> ()
func.func private @rec(%y: memref<16xf32>, %n: index) {
  %t = memref.alloc() : memref<64xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %y[%c0] : memref<16xf32>
  memref.store %v, %t[%c0] : memref<64xf32>
  %w = memref.load %t[%c0] : memref<64xf32>
  memref.store %w, %y[%c0] : memref<16xf32>
  memref.dealloc %t : memref<64xf32>
  %c1 = arith.constant 1 : index
  %more = arith.cmpi sgt, %n, %c0 : index
  scf.if %more {
    %m = arith.subi %n, %c1 : index
    // expected-remark @below {{'rec' not modeled: 'func.call' calls 'rec' recursively}}
    func.call @rec(%y, %m) : (memref<16xf32>, index) -> ()
  }
  return
}
func.func @main(%y: memref<16xf32>) {
  %c3 = arith.constant 3 : index
  // expected-remark @below {{'main' not modeled: 'func.call' calls 'rec', which is not modeled}}
  func.call @rec(%y, %c3) : (memref<16xf32>, index) -> ()
  return
}

// -----

// A callee returning a memref: with its arena in the caller's slot, the
// result would be a view outliving the call. Refused; the call returns a
// heap buffer as before.
// NESTED: remark: peakmem-plan-arena: 'mk' left unchanged: arena=argument refused: other functions may be transformed concurrently
// CHECK-LABEL: func.func private @mk(%arg0: memref<16xf32>) -> memref<16xf32>
// CHECK-NEXT: memref.alloc() : memref<64xf32>
// CHECK-LABEL: func.func @main
// CHECK-NEXT: call @mk(%arg0) : (memref<16xf32>) -> memref<16xf32>
// expected-remark @below {{'mk' left unchanged: arena=argument refused: it is called and returns a memref, which would be a view of its caller's slot outliving the call}}
func.func private @mk(%y: memref<16xf32>) -> memref<16xf32> {
  %t = memref.alloc() : memref<64xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %y[%c0] : memref<16xf32>
  memref.store %v, %t[%c0] : memref<64xf32>
  %w = memref.load %t[%c0] : memref<64xf32>
  %r = memref.alloc() : memref<16xf32>
  memref.store %w, %r[%c0] : memref<16xf32>
  memref.dealloc %t : memref<64xf32>
  return %r : memref<16xf32>
}
func.func @main(%y: memref<16xf32>) {
  // expected-remark @below {{buffer left out of the arena: 'func.call' is not a memref.alloc}}
  %r = func.call @mk(%y) : (memref<16xf32>) -> memref<16xf32>
  linalg.copy ins(%r : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %r : memref<16xf32>
  return
}

// -----

// A callee whose address is also taken (func.constant) may be called
// through it, by a caller that passes no slot: refused as any referenced
// function (CallerIndex's reason), its direct call unchanged.
// CHECK-LABEL: func.func @addressed(%arg0: memref<16xf32>)
// CHECK-LABEL: func.func @user
// CHECK: call @addressed(%arg0) : (memref<16xf32>) -> ()
// expected-remark @below {{'addressed' left unchanged: arena=argument refused: it is referenced in the IR}}
func.func @addressed(%y: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%y : memref<16xf32>) outs(%a : memref<16xf32>)
  linalg.copy ins(%a : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  return
}
func.func @user(%y: memref<16xf32>) -> ((memref<16xf32>) -> ()) {
  func.call @addressed(%y) : (memref<16xf32>) -> ()
  %f = func.constant @addressed : (memref<16xf32>) -> ()
  return %f : (memref<16xf32>) -> ()
}

// -----

// The source of the tampered plans: @tcaller's slot for @tleaf at offset 0,
// %k at 256.
// CHECK-LABEL: func.func private @tleaf
// CHECK-LABEL: func.func @tcaller
// CHECK: call @tleaf(%arg0, %arg1, %{{.*}}) {peakmem.callee_arena_offset = 0 : i64}
func.func private @tleaf(%x: memref<16xf32>, %y: memref<16xf32>) {
  %t = memref.alloc() : memref<64xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<16xf32>
  memref.store %v, %t[%c0] : memref<64xf32>
  %w = memref.load %t[%c0] : memref<64xf32>
  memref.store %w, %y[%c0] : memref<16xf32>
  memref.dealloc %t : memref<64xf32>
  return
}
func.func @tcaller(%x: memref<16xf32>, %y: memref<16xf32>) {
  %k = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%k : memref<16xf32>)
  func.call @tleaf(%x, %y) : (memref<16xf32>, memref<16xf32>) -> ()
  linalg.add ins(%k, %y : memref<16xf32>, memref<16xf32>) outs(%x : memref<16xf32>)
  memref.dealloc %k : memref<16xf32>
  return
}

// -----

// CHECK-LABEL: func.func private @hcallee
// CHECK-LABEL: func.func @hcaller
// CHECK: memref.alloc() {alignment = 4 : i64} : memref<256xi8>
func.func private @hcallee(%y: memref<16xf32>) {
  %t = memref.alloc() : memref<64xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %y[%c0] : memref<16xf32>
  linalg.fill ins(%v : f32) outs(%t : memref<64xf32>)
  %w = memref.load %t[%c0] : memref<64xf32>
  memref.store %w, %y[%c0] : memref<16xf32>
  memref.dealloc %t : memref<64xf32>
  return
}
func.func @hcaller(%y: memref<16xf32>, %n: index) {
  // expected-remark @below {{'hcaller' not modeled}}
  %d = memref.alloc(%n) : memref<?xf32>
  func.call @hcallee(%y) : (memref<16xf32>) -> ()
  memref.dealloc %d : memref<?xf32>
  return
}
