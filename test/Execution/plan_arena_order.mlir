// The order search of peakmem-plan-arena executed: as written, b is
// allocated before a is freed (both live: 512 B of buffers); the search moves
// b's allocation after a's free so both share one 256 B slot. Outputs are
// bit-identical (digest before == after) and the measured peak equals the
// modeled one on both programs.
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{remarks=0},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: %python -m peakmem exec %t.mlir --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
//
// Before: a, b and y (returned), 64xf32 = 256 B each, all live at once:
// 768 B. After: the 256 B arena (alignment 4: 260 B requested) and y: 516 B.
// BEFORE: peak_bytes: 768
// BEFORE: model_matches: 768
// IR: peakmem.arena_size = 256 : i64
// IR-SAME: order = "reordered"
// AFTER: peak_bytes: 516
// AFTER: model_matches: 516

#id = affine_map<(i) -> (i)>

func.func @late_alloc(%x: memref<64xf32>) -> memref<64xf32> {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %y = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<64xf32>) outs(%a : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = math.sin %v : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %x : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.mulf %v, %w : f32
    linalg.yield %s : f32
  }
  memref.dealloc %a : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%y : memref<64xf32>) outs(%b : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = math.cos %v : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b : memref<64xf32>) outs(%y : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  }
  memref.dealloc %b : memref<64xf32>
  return %y : memref<64xf32>
}
