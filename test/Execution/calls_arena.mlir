// One arena for a call tree (docs/Arena.md, "One arena for a call tree"):
// peakmem-plan-arena{arena=argument} on the module gives @heavy (no memref
// result, called only by @main) its arena as an argument, and each of
// @main's two calls passes a slot of @main's arena of @heavy's size. @main's
// own buffers share bytes with those slots: its 4 KiB temporary %t dies
// before the first call, so the slots reuse its bytes, and %k (256 B) lives
// across both calls next to them. Arena 4352 B = the certified bound (the
// slots counted as buffers of the call statements). A driver allocates the
// arena and calls @main: measured 4352 B + the alignment request (4 B), the
// same as the unplanned program's 4352 B live peak (measured == modeled
// there), and the output is bit-identical. The planned @heavy and @main
// allocate nothing themselves (measured 0 == modeled 0).
//
// RUN: split-file %s %t
// RUN: peakmem-opt %t/main.mlir -p 'builtin.module(peakmem-report{remarks=0})' | %python -m peakmem exec - --function main --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %t/main.mlir -p 'builtin.module(peakmem-plan-arena{arena=argument remarks=0},peakmem-verify-arena,peakmem-report{remarks=0})' > %t.planned.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.planned.mlir
// RUN: %python -m peakmem exec %t.planned.mlir --function main --check-model | FileCheck %s --check-prefix=PLANNED
// RUN: grep -v '^}$' %t.planned.mlir > %t.caller.mlir
// RUN: cat %t/drive.mlir >> %t.caller.mlir
// RUN: %python -m peakmem exec %t.caller.mlir --function drive > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
//
// BEFORE: peak_bytes: 4352
// BEFORE: model_matches: 4352
// IR: func.func private @heavy(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<4096xi8> {llvm.nocapture, peakmem.arena})
// IR-SAME: peakmem.arena_size = 4096 : i64
// IR: func.func @main(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<64xf32>, %arg3: memref<64xf32>, %arg4: memref<4352xi8> {peakmem.arena})
// IR-SAME: peakmem.arena_lower_bound = 4352 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 4352 : i64
// IR-NOT: memref.alloc
// IR: call @heavy(%arg0, %arg1, %[[S1:.*]]) {peakmem.callee_arena_offset = [[O1:[0-9]+]] : i64}
// IR: call @heavy(%arg1, %arg2, %[[S2:.*]]) {peakmem.callee_arena_offset = [[O1]] : i64}
// PLANNED: peak_bytes: 0
// PLANNED: model_matches: 0
// AFTER: peak_bytes: 4356

//--- main.mlir
#id = affine_map<(i) -> (i)>
#bcast = affine_map<(i, j) -> (j)>
#all = affine_map<(i, j) -> (i, j)>

// A 16x64 temporary (4096 B), reduced into %r.
func.func private @heavy(%x: memref<64xf32>, %r: memref<64xf32>) {
  %t = memref.alloc() : memref<16x64xf32>
  linalg.generic {indexing_maps = [#bcast, #all], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64xf32>) outs(%t : memref<16x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %c = math.cos %v : f32
    linalg.yield %c : f32
  }
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%r : memref<64xf32>)
  linalg.generic {indexing_maps = [#all, #bcast], iterator_types = ["reduction", "parallel"]}
      ins(%t : memref<16x64xf32>) outs(%r : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  }
  memref.dealloc %t : memref<16x64xf32>
  return
}

func.func @main(%x: memref<64xf32>, %y: memref<64xf32>, %z: memref<64xf32>, %w: memref<64xf32>) {
  %k = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<64xf32>) outs(%k : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = math.sin %v : f32
    linalg.yield %s : f32
  }
  %t = memref.alloc() : memref<16x64xf32>
  linalg.generic {indexing_maps = [#bcast, #all], iterator_types = ["parallel", "parallel"]}
      ins(%k : memref<64xf32>) outs(%t : memref<16x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %e = math.exp %v : f32
    linalg.yield %e : f32
  }
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%w : memref<64xf32>)
  linalg.generic {indexing_maps = [#all, #bcast], iterator_types = ["reduction", "parallel"]}
      ins(%t : memref<16x64xf32>) outs(%w : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  }
  memref.dealloc %t : memref<16x64xf32>
  func.call @heavy(%x, %y) : (memref<64xf32>, memref<64xf32>) -> ()
  func.call @heavy(%y, %z) : (memref<64xf32>, memref<64xf32>) -> ()
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%k, %z : memref<64xf32>, memref<64xf32>) outs(%w : memref<64xf32>) {
  ^bb0(%v: f32, %u: f32, %o: f32):
    %s = arith.mulf %v, %u : f32
    %a = arith.addf %s, %o : f32
    linalg.yield %a : f32
  }
  memref.dealloc %k : memref<64xf32>
  return
}

//--- drive.mlir
  func.func @drive(%x: memref<64xf32>, %y: memref<64xf32>, %z: memref<64xf32>, %w: memref<64xf32>) {
    %arena = memref.alloc() {alignment = 4 : i64} : memref<4352xi8>
    func.call @main(%x, %y, %z, %w, %arena) : (memref<64xf32>, memref<64xf32>, memref<64xf32>, memref<64xf32>, memref<4352xi8>) -> ()
    memref.dealloc %arena : memref<4352xi8>
    return
  }
}
