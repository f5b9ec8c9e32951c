// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{arena=argument},peakmem-verify-arena))' --split-input-file --mlir-disable-threading 2>&1 | FileCheck %s --check-prefix=ARG
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{alignment=128},peakmem-verify-arena))' --split-input-file 2>/dev/null | FileCheck %s --check-prefix=ALIGN
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{alignment=4294967296}))' --split-input-file 2>&1 | FileCheck %s --check-prefix=HUGE

// The refusal of the second case is printed first (stderr).
// ARG: remark: peakmem-plan-arena: 'callee' left unchanged: arena=argument refused: it is referenced in the IR (a call, a kernel launch or a symbol use): its callers would need the arena too

// Two 16xf32 buffers (64 B each) live together.
// arena=argument: a trailing memref<128xi8> argument marked peakmem.arena,
// no arena alloc; a at 0, b at 64.
// alignment=128: every buffer is rounded up to 128 B and aligned to 128:
// a at 0, b at 128, arena 256 (and the arena alloc asks for alignment 128).
// ARG-LABEL: func.func @pair(%arg0: memref<16xf32>, %arg1: memref<16xf32>, %arg2: memref<128xi8> {peakmem.arena})
// ARG-SAME: peakmem.arena_size = 128 : i64
// ARG-NOT: memref.alloc
// ARG: memref.view %arg2[%c0][]
// ARG: memref.view %arg2[%c64][]
// ARG-NOT: memref.dealloc
// ALIGN-LABEL: func.func @pair
// ALIGN-SAME: peakmem.arena_alignment = 128 : i64, peakmem.arena_certificate = {{{.*}}}, peakmem.arena_lower_bound = 256 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 256 : i64
// ALIGN: memref.alloc() {alignment = 128 : i64, peakmem.arena} : memref<256xi8>
// ALIGN: memref.view %{{.*}}[%c0][] {peakmem.align = 128 : i64}
// ALIGN: memref.view %{{.*}}[%c128][] {peakmem.align = 128 : i64}
func.func @pair(%x: memref<16xf32>, %y: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%a : memref<16xf32>)
  %b = memref.alloc() : memref<16xf32>
  linalg.copy ins(%a : memref<16xf32>) outs(%b : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  linalg.copy ins(%b : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %b : memref<16xf32>
  return
}

// -----

// A function with a caller in the module cannot take a new argument without
// its caller providing it: arena=argument refuses and leaves it unchanged.
// ARG-LABEL: func.func @callee(%arg0: memref<16xf32>)
// ARG-NOT: peakmem.arena
// ARG: memref.alloc() : memref<16xf32>
// ALIGN-LABEL: func.func @callee
// ALIGN: peakmem.arena_size = 128
func.func @callee(%y: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%y : memref<16xf32>) outs(%a : memref<16xf32>)
  linalg.copy ins(%a : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  return
}
func.func @caller(%y: memref<16xf32>) {
  func.call @callee(%y) : (memref<16xf32>) -> ()
  return
}

// -----

// A buffer of 2^62 - 8 bytes (the model takes it: 2^62 - 4 with the
// allocator's padding) rounded up to alignment=2^32 is 2^62 bytes, above
// the model's limit: the function is left unchanged with a remark, not an
// internal error.
// HUGE: remark: peakmem-plan-arena: 'huge' left unchanged: the arena's sizes, rounded to their alignments, exceed the model's byte limit (2^62 - 1)
// HUGE-LABEL: func.func @huge(%arg0
// HUGE-NOT: peakmem.arena
// HUGE: memref.alloc() : memref<1152921504606846974xf32>
func.func @huge(%y: memref<16xf32>) {
  %a = memref.alloc() : memref<1152921504606846974xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %y[%c0] : memref<16xf32>
  memref.store %v, %a[%c0] : memref<1152921504606846974xf32>
  %w = memref.load %a[%c0] : memref<1152921504606846974xf32>
  memref.store %w, %y[%c0] : memref<16xf32>
  memref.dealloc %a : memref<1152921504606846974xf32>
  return
}
