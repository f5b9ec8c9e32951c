// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{arena=argument},peakmem-verify-arena))' --split-input-file --mlir-disable-threading 2>&1 | FileCheck %s --check-prefix=ARG
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{alignment=128},peakmem-verify-arena))' --split-input-file 2>/dev/null | FileCheck %s --check-prefix=ALIGN
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{alignment=4294967296}))' --split-input-file 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{max-work=1},peakmem-verify-arena))' --split-input-file 2>/dev/null | FileCheck %s --check-prefix=WORK
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{max-work=1},peakmem-verify-arena))' --split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=WORK-REMARK
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{max-work=0},peakmem-verify-arena))' --split-input-file 2>/dev/null | FileCheck %s --check-prefix=UNCAPPED

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

// -----

// max-work=N caps the work units of the whole placement and order search of
// one function (one WorkBudget shared by every planner call). The block of
// plan-arena-order.mlir @gap: its bound (9 B) is out of reach. Uncapped
// (max-work=0, the default), the exact search proves 10 B optimal for each
// of the 7,992 legal orders (stop "exhausted", exhaustive_optimum = 10).
// With max-work=1 the search stops at once on its budget, above the bound,
// with the best baseline's 10 B and no proof: the stop reason says so, no
// exhaustive_optimum is claimed, and peakmem-verify-arena accepts the plan.
// WORK-LABEL: func.func @gap
// WORK-SAME: peakmem.arena_optimal = false, peakmem.arena_size = 10 : i64
// WORK-SAME: live_bound = 9 : i64, live_bound_before = 9 : i64, order = "kept", stop = "move-budget"}
// WORK-NOT: exhaustive_optimum
// WORK-REMARK: remark: peakmem-plan-arena: 'gap' arena 10 bytes for 4 buffers (0 left out), lower bound 9 (local, every order): gap 1 bytes (10.0%); live bound of this order 9; planner move-budget; best baseline
// UNCAPPED-LABEL: func.func @gap
// UNCAPPED-SAME: exhaustive_optimum = 10 : i64, live_bound = 9 : i64, live_bound_before = 9 : i64, order = "kept", stop = "exhausted"}
func.func @gap(%x: memref<6xi8>, %out: memref<2xi8>) {
  %d = memref.alloc() {alignment = 2 : i64} : memref<6xi8>
  memref.copy %x, %d : memref<6xi8> to memref<6xi8>
  %b = memref.alloc() {alignment = 2 : i64} : memref<2xi8>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i + 1)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%d : memref<6xi8>) outs(%b : memref<2xi8>) {
  ^bb0(%u: i8, %o: i8):
    linalg.yield %u : i8
  }
  memref.dealloc %d : memref<6xi8>
  %a = memref.alloc() : memref<3xi8>
  %c = memref.alloc() {alignment = 4 : i64} : memref<4xi8>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i + 1)>, affine_map<(i) -> (i + 1)>], iterator_types = ["parallel"]}
      ins(%b : memref<2xi8>) outs(%a, %c : memref<3xi8>, memref<4xi8>) {
  ^bb0(%u: i8, %o: i8, %p: i8):
    linalg.yield %u, %u : i8, i8
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i + 1)>, affine_map<(i) -> (i + 1)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a, %c : memref<3xi8>, memref<4xi8>) outs(%b : memref<2xi8>) {
  ^bb0(%u: i8, %v: i8, %o: i8):
    %s = arith.addi %u, %v : i8
    linalg.yield %s : i8
  }
  memref.dealloc %a : memref<3xi8>
  memref.dealloc %c : memref<4xi8>
  memref.copy %b, %out : memref<2xi8> to memref<2xi8>
  memref.dealloc %b : memref<2xi8>
  return
}
