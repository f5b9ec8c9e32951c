// The arena program is history-free under a caching allocator: after
// peakmem-plan-arena the call makes ONE request, the arena, so the reserved
// bytes are that request rounded by the allocator's rules
// (lib/Runtime/CachingAllocator.c), whatever the order of the statements.
//
// The function of caching_history.mlir with its result written to an
// argument (nothing escapes): u, v = 12 MiB, s = 4,096 B, t = 24 MiB.
// One buffer per allocation, after peakmem-reorder: live peak
// max(u + v + s, s + t) = 25,169,920 B, reserved 52,428,800 B (segments
// u 12 + v 12 + t 24 MiB, s in a small 2 MiB one).
// With the arena: u at 0, v at 12 MiB, s at 24 MiB, t at 0 (after u and
// v); arena = 25,169,920 B, requested with its alignment 4: 25,169,924 B.
// round_size: 25,170,432 B (a multiple of 512) = allocated; a request of
// 10 MiB or more gets a segment of its size rounded up to 2 MiB:
// 13 * 2 MiB = 27,262,976 B reserved, in one large segment.
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-report{remarks=0}))' > %t.reordered.mlir
// RUN: %python -m peakmem exec %t.reordered.mlir --check-model --allocator caching > %t.r
// RUN: FileCheck %s --check-prefix=REORDERED < %t.r
// RUN: peakmem-opt %t.reordered.mlir -p 'builtin.module(func.func(peakmem-plan-arena{remarks=0},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.arena.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.arena.mlir
// RUN: %python -m peakmem exec %t.arena.mlir --check-model --allocator caching --verbose > %t.a
// RUN: FileCheck %s --check-prefix=ARENA < %t.a
// RUN: %python -m peakmem exec %t.arena.mlir --check-model > %t.m
// RUN: FileCheck %s --check-prefix=MALLOC < %t.m
// RUN: cat %t.r %t.a %t.m | grep output_digest | uniq | count 1
//
// REORDERED: peak_bytes: 25169920
// REORDERED: reserved_peak_bytes: 52428800
// REORDERED: model_matches: 25169920
// IR: peakmem.arena_size = 25169920 : i64
// IR: memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<25169920xi8>
// IR-NOT: memref.alloc()
// ARENA: peak_bytes: 25169924
// ARENA: allocated_peak_bytes: 25170432
// ARENA-NEXT: reserved_peak_bytes: 27262976
// ARENA-NEXT: small_segments: 0
// ARENA-NEXT: large_segments: 1
// ARENA: alloc_count: 1
// ARENA: model_matches: 25169924
// MALLOC: peak_bytes: 25169924
// MALLOC: model_matches: 25169924

#bc = affine_map<(i, j) -> (j)>
#id2 = affine_map<(i, j) -> (i, j)>
#rin = affine_map<(j, i) -> (i, j)>
#rout = affine_map<(j, i) -> (j)>
#id = affine_map<(j) -> (j)>

func.func @arena(%x: memref<1024xf32>, %out: memref<1024xf32>) {
  %zero = arith.constant 0.0 : f32
  %u = memref.alloc() : memref<3072x1024xf32>
  linalg.generic {indexing_maps = [#bc, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1024xf32>) outs(%u : memref<3072x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  %v = memref.alloc() : memref<3072x1024xf32>
  linalg.generic {indexing_maps = [#bc, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1024xf32>) outs(%v : memref<3072x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.tanh %a : f32
    linalg.yield %e : f32
  }
  %s = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%zero : f32) outs(%s : memref<1024xf32>)
  linalg.generic {indexing_maps = [#rin, #rin, #rout], iterator_types = ["parallel", "reduction"]}
      ins(%u, %v : memref<3072x1024xf32>, memref<3072x1024xf32>) outs(%s : memref<1024xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %r = arith.addf %m, %acc : f32
    linalg.yield %r : f32
  }
  %t = memref.alloc() : memref<6144x1024xf32>
  linalg.generic {indexing_maps = [#bc, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<1024xf32>) outs(%t : memref<6144x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.sin %a : f32
    linalg.yield %e : f32
  }
  linalg.fill ins(%zero : f32) outs(%out : memref<1024xf32>)
  linalg.generic {indexing_maps = [#rin, #rout], iterator_types = ["parallel", "reduction"]}
      ins(%t : memref<6144x1024xf32>) outs(%out : memref<1024xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  }
  memref.dealloc %u : memref<3072x1024xf32>
  memref.dealloc %v : memref<3072x1024xf32>
  memref.dealloc %s : memref<1024xf32>
  memref.dealloc %t : memref<6144x1024xf32>
  return
}
