// peakmem-plan-arena{allocator=caching}: the arena's request sized for the
// caching allocator, executed under its model (lib/Runtime/CachingRuntime.c).
// One 5 MiB buffer: planned as a 5,242,880 B arena, requested with its
// alignment 4 as 5,242,884 B it gets a 20 MiB segment (1-10 MiB: kLargeBuffer).
// With allocator=caching the arena is memref<10485756xi8>, requested as
// 10,485,760 B = 10 MiB (kMinLargeAlloc): a segment of exactly 10 MiB. The
// reserved peak is the padded request, the modeled peak (peakmem.peak)
// counts the padding, and the output bits are the same.
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{remarks=0},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.planned.mlir
// RUN: %python -m peakmem exec %t.planned.mlir --check-model --allocator caching --verbose > %t.p
// RUN: FileCheck %s --check-prefix=PLANNED < %t.p
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{remarks=0 allocator=caching},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.padded.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.padded.mlir
// RUN: %python -m peakmem exec %t.padded.mlir --check-model --allocator caching --verbose > %t.c
// RUN: FileCheck %s --check-prefix=PADDED < %t.c
// RUN: %python -m peakmem exec %t.padded.mlir --check-model > %t.m
// RUN: FileCheck %s --check-prefix=MALLOC < %t.m
// RUN: cat %t.p %t.c %t.m | grep output_digest | uniq | count 1
//
// PLANNED: peak_bytes: 5242884
// PLANNED: reserved_peak_bytes: 20971520
// PLANNED: alloc_count: 1
// PLANNED: model_matches: 5242884
// IR: peakmem.arena_request = 10485756 : i64
// IR-SAME: peakmem.arena_request_rule = "caching: padded to 10 MiB (kMinLargeAlloc), a segment of its own size instead of 20 MiB"
// IR-SAME: peakmem.arena_size = 5242880 : i64
// IR-SAME: peakmem.peak = 10485760 : i64
// IR: memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<10485756xi8>
// PADDED: peak_bytes: 10485760
// PADDED: allocated_peak_bytes: 10485760
// PADDED-NEXT: reserved_peak_bytes: 10485760
// PADDED-NEXT: small_segments: 0
// PADDED-NEXT: large_segments: 1
// PADDED: alloc_count: 1
// PADDED: model_matches: 10485760
// MALLOC: peak_bytes: 10485760
// MALLOC: model_matches: 10485760

#bc = affine_map<(i, j) -> (j)>
#id2 = affine_map<(i, j) -> (i, j)>
#rin = affine_map<(j, i) -> (i, j)>
#rout = affine_map<(j, i) -> (j)>

func.func @five(%x: memref<1024xf32>, %out: memref<1024xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<1280x1024xf32>
  linalg.generic {indexing_maps = [#bc, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1024xf32>) outs(%t : memref<1280x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  linalg.fill ins(%zero : f32) outs(%out : memref<1024xf32>)
  linalg.generic {indexing_maps = [#rin, #rout], iterator_types = ["parallel", "reduction"]}
      ins(%t : memref<1280x1024xf32>) outs(%out : memref<1024xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  }
  memref.dealloc %t : memref<1280x1024xf32>
  return
}
