// arena=argument with a result returned through a reshape (docs/Arena.md,
// "Results inside the arena"): @f returns `memref.expand_shape` of %o, as an
// importer returns the logits through a collapse_shape of the last conv's
// buffer. %o is placed, becomes the view of the caller's arena, and @f
// returns the same expand_shape of that view; peakmem.result_offsets
// records the slot's offset. %o is read later (by %a's producer), so it
// keeps its slot to the end: three 4 KiB slots, arena 12288 B = the
// certified bound counting the result. The caller allocates the arena,
// calls, and reads the result: measured 12288 B plus the arena's alignment
// request (4 B); the planned @f itself allocates nothing (measured 0 ==
// modeled 0, with the arena argument pre-filled with other bytes). The
// output (the result and %y) is bit-identical to the unplanned @f's.
//
// RUN: split-file %s %t
// RUN: peakmem-opt %t/f.mlir -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --function f --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %t/f.mlir -p 'builtin.module(func.func(peakmem-plan-arena{arena=argument remarks=0},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.planned.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.planned.mlir
// RUN: %python -m peakmem exec %t.planned.mlir --function f --check-model | FileCheck %s --check-prefix=CALLEE
// RUN: grep -v '^}$' %t.planned.mlir > %t.caller.mlir
// RUN: cat %t/caller.mlir >> %t.caller.mlir
// RUN: %python -m peakmem exec %t.caller.mlir --function drive > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
//
// IR: func.func @f(%arg0: memref<1024xf32>, %arg1: memref<1024xf32>, %arg2: memref<12288xi8> {peakmem.arena}) -> memref<4x256xf32>
// IR-SAME: peakmem.arena_lower_bound = 12288 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 12288 : i64
// IR-SAME: peakmem.result_offsets = array<i64: [[OFF:[0-9]+]]>, peakmem.result_placement = {inside = 1 : i64, inside_bytes = 4096 : i64, outside = 0 : i64, outside_bytes = 0 : i64}
// IR-NOT: memref.alloc
// IR: %[[C:.*]] = arith.constant [[OFF]] : index
// IR-NEXT: %[[O:.*]] = memref.view %arg2[%[[C]]][]
// IR: %[[R:.*]] = memref.expand_shape %[[O]]
// IR-NEXT: return %[[R]] : memref<4x256xf32>
// Unplanned: a, b and o (4 KiB each) live together at b's producer.
// BEFORE: peak_bytes: 12288
// BEFORE: model_matches: 12288
// CALLEE: peak_bytes: 0
// CALLEE: model_matches: 0
// AFTER: peak_bytes: 12292

//--- f.mlir
func.func @f(%x: memref<1024xf32>, %y: memref<1024xf32>) -> memref<4x256xf32> {
  %o = memref.alloc() : memref<1024xf32>
  %a = memref.alloc() : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : memref<1024xf32>) outs(%o : memref<1024xf32>) {
  ^bb0(%v: f32, %w: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  }
  linalg.add ins(%o, %x : memref<1024xf32>, memref<1024xf32>) outs(%a : memref<1024xf32>)
  linalg.add ins(%a, %a : memref<1024xf32>, memref<1024xf32>) outs(%b : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  linalg.add ins(%b, %x : memref<1024xf32>, memref<1024xf32>) outs(%y : memref<1024xf32>)
  memref.dealloc %b : memref<1024xf32>
  %r = memref.expand_shape %o [[0, 1]] output_shape [4, 256] : memref<1024xf32> into memref<4x256xf32>
  return %r : memref<4x256xf32>
}

//--- caller.mlir
  func.func @drive(%x: memref<1024xf32>, %y: memref<1024xf32>) -> memref<4x256xf32> {
    %arena = memref.alloc() {alignment = 4 : i64} : memref<12288xi8>
    %r = func.call @f(%x, %y, %arena) : (memref<1024xf32>, memref<1024xf32>, memref<12288xi8>) -> memref<4x256xf32>
    return %r : memref<4x256xf32>
  }
}
