// A buffer the program never frees, placed in the arena (docs/Arena.md
// "Never-freed buffers"): %a is written, read by b's producer and never
// freed nor returned. The plain program leaks it: a, b and c (4 KiB each)
// are live together at c's producer, 12288 B. Planned, a's slot is free
// after its last use, c takes it: arena 8192 B = the certified bound.
// arena=alloc (ALLOC): measured 8192 B plus the arena's alignment request
// (4 B) == modeled. arena=argument: the planned @f allocates nothing
// (measured 0 == modeled 0); a caller that allocates the arena and calls
// measures 8196 B. The output %y is bit-identical to the unplanned @f's
// in both.
//
// RUN: split-file %s %t
// RUN: peakmem-opt %t/f.mlir -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --function f --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %t/f.mlir -p 'builtin.module(func.func(peakmem-plan-arena{remarks=0},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.alloc.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.alloc.mlir
// RUN: %python -m peakmem exec %t.alloc.mlir --function f --check-model > %t.alloc
// RUN: FileCheck %s --check-prefix=ALLOC < %t.alloc
// RUN: peakmem-opt %t/f.mlir -p 'builtin.module(func.func(peakmem-plan-arena{arena=argument remarks=0},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.arg.mlir
// RUN: FileCheck %s --check-prefix=ARG < %t.arg.mlir
// RUN: %python -m peakmem exec %t.arg.mlir --function f --check-model | FileCheck %s --check-prefix=CALLEE
// RUN: grep -v '^}$' %t.arg.mlir > %t.caller.mlir
// RUN: cat %t/caller.mlir >> %t.caller.mlir
// RUN: %python -m peakmem exec %t.caller.mlir --function drive > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.alloc > %t.d2
// RUN: grep output_digest %t.after > %t.d3
// RUN: diff %t.d1 %t.d2
// RUN: diff %t.d1 %t.d3
//
// BEFORE: peak_bytes: 12288
// BEFORE: model_matches: 12288
// IR: peakmem.arena_lower_bound = 8192 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 8192 : i64
// IR: memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<8192xi8>
// IR-NOT: memref.alloc()
// ALLOC: peak_bytes: 8196
// ALLOC: model_matches: 8196
// ARG: func.func @f(%arg0: memref<1024xf32>, %arg1: memref<1024xf32>, %arg2: memref<8192xi8> {peakmem.arena})
// ARG-SAME: peakmem.arena_lower_bound = 8192 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 8192 : i64
// ARG-NOT: memref.alloc
// CALLEE: peak_bytes: 0
// CALLEE: model_matches: 0
// AFTER: peak_bytes: 8196

//--- f.mlir
func.func @f(%x: memref<1024xf32>, %y: memref<1024xf32>) {
  %a = memref.alloc() : memref<1024xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : memref<1024xf32>) outs(%a : memref<1024xf32>) {
  ^bb0(%v: f32, %w: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  }
  %b = memref.alloc() : memref<1024xf32>
  linalg.add ins(%a, %x : memref<1024xf32>, memref<1024xf32>) outs(%b : memref<1024xf32>)
  %c = memref.alloc() : memref<1024xf32>
  linalg.add ins(%b, %b : memref<1024xf32>, memref<1024xf32>) outs(%c : memref<1024xf32>)
  memref.dealloc %b : memref<1024xf32>
  linalg.add ins(%c, %x : memref<1024xf32>, memref<1024xf32>) outs(%y : memref<1024xf32>)
  memref.dealloc %c : memref<1024xf32>
  return
}

//--- caller.mlir
  func.func @drive(%x: memref<1024xf32>, %y: memref<1024xf32>) {
    %arena = memref.alloc() {alignment = 4 : i64} : memref<8192xi8>
    func.call @f(%x, %y, %arena) : (memref<1024xf32>, memref<1024xf32>, memref<8192xi8>) -> ()
    return
  }
}
