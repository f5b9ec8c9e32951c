// Arena planning in two steps with an IR seam (issue 24), as IREE's
// stream.resource.pack: peakmem-plan-arena{materialize=false} records the
// plan as data (peakmem.arena_offset on each placed alloc, the arena on the
// function); peakmem-materialize-arena turns it into views; the recorded
// plan verifies as it is and after materialization. The two steps give the
// same IR as peakmem-plan-arena alone.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{materialize=false remarks=0}))' | FileCheck %s --check-prefix=PLAN
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{materialize=false remarks=0},peakmem-verify-arena,peakmem-materialize-arena{remarks=0},peakmem-verify-arena))' > %t.two
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{remarks=0}))' > %t.one
// RUN: diff %t.one %t.two

// The recorded plan: offsets and alignments on the allocs, the deallocs
// still there (moved right after the last use), no arena yet.
// PLAN-LABEL: func.func @chain
// PLAN-SAME: peakmem.arena_alignment = 4 : i64, peakmem.arena_certificate = {{{.*}}}, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64
// PLAN-NOT: peakmem.arena}
// PLAN: %[[A:.*]] = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64} : memref<64xf32>
// PLAN: %[[B:.*]] = memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 256 : i64} : memref<64xf32>
// PLAN: linalg.copy ins(%[[A]] : memref<64xf32>) outs(%[[B]] : memref<64xf32>)
// PLAN-NEXT: memref.dealloc %[[A]] : memref<64xf32>
// PLAN: memref.alloc() {peakmem.align = 4 : i64, peakmem.arena_offset = 0 : i64} : memref<64xf32>
// PLAN-NOT: memref.view
func.func @chain(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  %c = memref.alloc() : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%c : memref<64xf32>)
  linalg.copy ins(%c : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  return
}

