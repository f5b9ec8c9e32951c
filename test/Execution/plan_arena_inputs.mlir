// inputs-in-arena (docs/Arena.md, "Inputs inside the arena"): @f's input %x
// lives in the caller's arena. The planned @f drops the argument and reads
// %x from a view of the arena at peakmem.input_offsets[0]; its bytes are
// reused after its last read (b takes them), and the result is in the arena
// too: the arena is 8192 B, the certified bound with the input counted live
// from the entry. The caller allocates the arena, writes %x at the recorded
// offset (0, checked in the IR below), calls, and reads the result: measured
// 8192 B plus the arena's alignment request (4 B), against 8192 B of @f's
// own allocations plus the caller's 4096 B input before. The planned @f
// itself allocates nothing (measured 0 == modeled 0). The output (the result
// and %y) is bit-identical to the unplanned @f's.
//
// RUN: split-file %s %t
// RUN: peakmem-opt %t/f.mlir -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --function f --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %t/f.mlir -p 'builtin.module(func.func(peakmem-plan-arena{arena=argument inputs-in-arena=true remarks=0},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.planned.mlir
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
// IR: func.func @f(%arg0: memref<1024xf32>, %arg1: memref<8192xi8> {peakmem.arena}) -> memref<1024xf32>
// IR-SAME: peakmem.arena_lower_bound = 8192 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 8192 : i64
// IR-SAME: peakmem.input_offsets = array<i64: 0, -1>
// IR-NOT: memref.alloc
// IR: memref.view %arg1[%{{.*}}][] {peakmem.align = 4 : i64, peakmem.input = 0 : i64}
// BEFORE: peak_bytes: 8192
// BEFORE: model_matches: 8192
// CALLEE: peak_bytes: 0
// CALLEE: model_matches: 0
// AFTER: peak_bytes: 8196

//--- f.mlir
func.func @f(%x: memref<1024xf32>, %y: memref<1024xf32>) -> memref<1024xf32> {
  %a = memref.alloc() : memref<1024xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : memref<1024xf32>) outs(%a : memref<1024xf32>) {
  ^bb0(%v: f32, %w: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  }
  %b = memref.alloc() : memref<1024xf32>
  linalg.add ins(%a, %a : memref<1024xf32>, memref<1024xf32>) outs(%b : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.mul ins(%b, %b : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %b : memref<1024xf32>
  linalg.copy ins(%o : memref<1024xf32>) outs(%y : memref<1024xf32>)
  return %o : memref<1024xf32>
}

//--- caller.mlir
  func.func @drive(%x: memref<1024xf32>, %y: memref<1024xf32>) -> memref<1024xf32> {
    %arena = memref.alloc() {alignment = 4 : i64} : memref<8192xi8>
    %c0 = arith.constant 0 : index
    %in = memref.view %arena[%c0][] : memref<8192xi8> to memref<1024xf32>
    memref.copy %x, %in : memref<1024xf32> to memref<1024xf32>
    %r = func.call @f(%y, %arena) : (memref<1024xf32>, memref<8192xi8>) -> memref<1024xf32>
    return %r : memref<1024xf32>
  }
}
