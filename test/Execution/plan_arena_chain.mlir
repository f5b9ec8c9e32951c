// A chain where the arena wins over per-buffer malloc: four 64xf32 buffers
// (256 B each) with 64-byte alignment attributes; each malloc request pays
// its alignment (256 + 64 = 320), the arena pays it once.
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-plan-arena{remarks=0},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: %python -m peakmem exec %t.mlir --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
//
// Before: two buffers live at each copy: 2 * 320 = 640.
// After: arena 2 * 256 = 512 (a and c share, b and d share), requested with
// alignment 64: 512 + 64 = 576; nothing else is allocated.
// BEFORE: peak_bytes: 640
// BEFORE: model_matches: 640
// IR: peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64
// AFTER: peak_bytes: 576
// AFTER: model_matches: 576

func.func @chain(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : memref<64xf32>) outs(%a : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  }
  %b = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : memref<64xf32>) outs(%b : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %v : f32
    linalg.yield %s : f32
  }
  memref.dealloc %a : memref<64xf32>
  %c = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%b : memref<64xf32>) outs(%c : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.negf %v : f32
    linalg.yield %s : f32
  }
  memref.dealloc %b : memref<64xf32>
  %d = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%c : memref<64xf32>) outs(%d : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  }
  memref.dealloc %c : memref<64xf32>
  linalg.copy ins(%d : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %d : memref<64xf32>
  return
}
