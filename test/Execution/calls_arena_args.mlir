// Caller buffers passed to a call, in the caller's arena (docs/Arena.md, "One
// arena for a call tree"): @main passes its own buffers %a (the input @heavy
// reads) and %c (the output @heavy writes) to @heavy as ordinary arguments.
// @heavy keeps no alias of either (it only reads and writes them: derived
// from its body, SymbolCalls.h), so both are views of @main's arena live over
// the call statement, next to the slot of @heavy's own arena (4096 B); %a's
// bytes are free after the call and %b (4096 B) reuses the slot's. Before,
// both stayed heap allocations ("passed to 'func.call', which may keep it")
// and the arena was not the whole activation memory.
// Arena 4608 B = the certified bound = the unplanned program's live peak
// (measured 4608 == modeled); the planned @main and @heavy allocate nothing
// (measured 0 == modeled 0), so the arena alone is the activation memory; a
// driver allocates it and calls @main: measured 4608 B + the alignment
// request (4 B); the output is bit-identical.
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
// BEFORE: peak_bytes: 4608
// BEFORE: model_matches: 4608
// IR: func.func private @heavy(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<4096xi8> {llvm.nocapture, peakmem.arena})
// IR: func.func @main(%arg0: memref<64xf32>, %arg1: memref<64xf32>, %arg2: memref<4608xi8> {peakmem.arena})
// IR-SAME: peakmem.arena_lower_bound = 4608 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 4608 : i64
// IR-NOT: memref.alloc
// IR: %[[A:.*]] = memref.view %arg2
// IR: %[[C:.*]] = memref.view %arg2
// IR: call @heavy(%[[A]], %[[C]], %{{.*}}) {peakmem.callee_arena_offset = 0 : i64}
// IR-NOT: memref.alloc
// IR: return
// PLANNED: peak_bytes: 0
// PLANNED: model_matches: 0
// AFTER: peak_bytes: 4612

//--- main.mlir
#id = affine_map<(i) -> (i)>
#bcast = affine_map<(i, j) -> (j)>
#all = affine_map<(i, j) -> (i, j)>

// Reads %x, writes %r through a 16x64 temporary (4096 B).
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

func.func @main(%x: memref<64xf32>, %w: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<64xf32>) outs(%a : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = math.sin %v : f32
    linalg.yield %s : f32
  }
  %c = memref.alloc() : memref<64xf32>
  func.call @heavy(%a, %c) : (memref<64xf32>, memref<64xf32>) -> ()
  memref.dealloc %a : memref<64xf32>
  %b = memref.alloc() : memref<16x64xf32>
  linalg.generic {indexing_maps = [#bcast, #all], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<64xf32>) outs(%b : memref<16x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %e = math.exp %v : f32
    linalg.yield %e : f32
  }
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%w : memref<64xf32>)
  linalg.generic {indexing_maps = [#all, #bcast], iterator_types = ["reduction", "parallel"]}
      ins(%b : memref<16x64xf32>) outs(%w : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  }
  memref.dealloc %b : memref<16x64xf32>
  memref.dealloc %c : memref<64xf32>
  return
}

//--- drive.mlir
  func.func @drive(%x: memref<64xf32>, %w: memref<64xf32>) {
    %arena = memref.alloc() {alignment = 4 : i64} : memref<4608xi8>
    func.call @main(%x, %w, %arena) : (memref<64xf32>, memref<64xf32>, memref<4608xi8>) -> ()
    memref.dealloc %arena : memref<4608xi8>
    return
  }
}
