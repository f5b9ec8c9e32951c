// Frees at the end of the block, as upstream bufferization leaves them: the
// arena still reuses a's bytes for c (lifetimes end at the last use), and
// the planned program computes the same bits; measured == modeled.
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{order-search=false remarks=0},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: %python -m peakmem exec %t.mlir --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
//
// IR: peakmem.arena_size = 512 : i64
// The arena (512 B) plus its alignment request (4 B).
// AFTER: peak_bytes: 516
// AFTER: model_matches: 516

func.func @frees_at_end(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : memref<64xf32>) outs(%a : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  }
  %b = memref.alloc() : memref<64xf32>
  linalg.add ins(%a, %x : memref<64xf32>, memref<64xf32>) outs(%b : memref<64xf32>)
  %c = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%b : memref<64xf32>) outs(%c : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %v : f32
    linalg.yield %s : f32
  }
  linalg.add ins(%c, %b : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  return
}
