// Under a caching allocator the reserved bytes follow the history of the
// requests, not the bytes live: a reordering that lowers the live (modeled)
// peak may leave the reserved peak where it was, or raise it. The rules are
// PyTorch's CUDA caching allocator's (lib/Runtime/CachingAllocator.c):
// requests >= 10 MiB get a segment of their size rounded up to 2 MiB, small
// ones (<= 1 MiB) share 2 MiB segments, freed blocks are cached in their
// segment and merge only with neighbours of the same segment, and segments
// are never returned.
//
// Sizes: u, v = memref<3072x1024xf32> = 12 MiB = 12,582,912 B;
//        t, tb = memref<6144x1024xf32> = 24 MiB = 25,165,824 B;
//        s, t (small), out = memref<1024xf32> = 4,096 B (one small segment).
//
// @imported (frees at the end, as upstream bufferization leaves them):
//   live peak = u + v + s + t + out = 50,339,840 B; reserved = segments
//   u 12 + v 12 + t 24 MiB + one small 2 MiB = 50 MiB = 52,428,800 B.
// After peakmem-reorder (frees after the last use): live peak
//   max(u + v + s, s + t, t + out) = 25,169,920 B (halved), but t still
//   needs a new 24 MiB segment: the 12 MiB blocks u and v left cached are in
//   two segments and never merge. reserved = 52,428,800 B again; the same
//   for every order, since t depends on s, which needs u and v together.
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' > %t.imported.mlir
// RUN: %python -m peakmem exec %t.imported.mlir --function imported --check-model > %t.m1
// RUN: %python -m peakmem exec %t.imported.mlir --function imported --check-model --allocator caching > %t.c1
// RUN: FileCheck %s --check-prefix=IMPORTED < %t.m1
// RUN: FileCheck %s --check-prefix=IMPORTED-CACHING < %t.c1
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-report{remarks=0}))' > %t.reordered.mlir
// RUN: %python -m peakmem exec %t.reordered.mlir --function imported --check-model > %t.m2
// RUN: %python -m peakmem exec %t.reordered.mlir --function imported --check-model --allocator caching > %t.c2
// RUN: FileCheck %s --check-prefix=REORDERED < %t.m2
// RUN: FileCheck %s --check-prefix=REORDERED-CACHING < %t.c2
// RUN: cat %t.m1 %t.c1 %t.m2 %t.c2 | grep output_digest | uniq | count 1
//
// IMPORTED: peak_bytes: 50339840
// IMPORTED: model_matches: 50339840
// IMPORTED-CACHING: peak_bytes: 50339840
// IMPORTED-CACHING: allocated_peak_bytes: 50339840
// IMPORTED-CACHING-NEXT: reserved_peak_bytes: 52428800
// IMPORTED-CACHING: model_matches: 50339840
// REORDERED: peak_bytes: 25169920
// REORDERED: model_matches: 25169920
// REORDERED-CACHING: peak_bytes: 25169920
// REORDERED-CACHING: allocated_peak_bytes: 25169920
// REORDERED-CACHING-NEXT: reserved_peak_bytes: 52428800
// REORDERED-CACHING: model_matches: 25169920
//
// @overlap and @chains: the same two chains (tb -> t; u, v -> s; out =
// t + s) in two orders. @overlap keeps tb and u live together (live peak
// tb + u + t = 37,752,832 B), but v then reuses half of tb's freed 24 MiB
// segment: reserved tb 24 + u 12 MiB + one small 2 MiB = 39,845,888 B.
// @chains (the order peakmem-reorder gives @overlap today) has the lower
// live peak max(u + v + s, s + tb + t) = 25,174,016 B, and the higher
// reserved peak: u 12 + v 12 + tb 24 + 2 MiB = 52,428,800 B.
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' > %t.orders.mlir
// RUN: %python -m peakmem exec %t.orders.mlir --function overlap --check-model --allocator caching --verbose > %t.o1
// RUN: %python -m peakmem exec %t.orders.mlir --function chains --check-model --allocator caching --verbose > %t.o2
// RUN: FileCheck %s --check-prefix=OVERLAP < %t.o1
// RUN: FileCheck %s --check-prefix=CHAINS < %t.o2
// RUN: %python -m peakmem exec %t.orders.mlir --function big_first --check-model --allocator caching --verbose > %t.o3
// RUN: FileCheck %s --check-prefix=BIG-FIRST < %t.o3
// RUN: cat %t.o1 %t.o2 %t.o3 | grep output_digest | uniq | count 1
//
// OVERLAP: peak_bytes: 37752832
// OVERLAP: reserved_peak_bytes: 39845888
// OVERLAP-NEXT: small_segments: 1
// OVERLAP-NEXT: large_segments: 2
// OVERLAP: model_matches: 37752832
// CHAINS: peak_bytes: 25174016
// CHAINS: reserved_peak_bytes: 52428800
// CHAINS-NEXT: small_segments: 1
// CHAINS-NEXT: large_segments: 3
// CHAINS: model_matches: 25174016
// @big_first, the other order with that live peak (tb -> t first, then u,
// v -> s): u and v split tb's freed 24 MiB segment in two, reserved
// 24 MiB + 2 MiB = 27,262,976 B: among orders of equal live peak, the
// reserved bytes differ by nearly 2x.
// BIG-FIRST: peak_bytes: 25174016
// BIG-FIRST: reserved_peak_bytes: 27262976
// BIG-FIRST-NEXT: small_segments: 1
// BIG-FIRST-NEXT: large_segments: 1
// BIG-FIRST: model_matches: 25174016

#bc = affine_map<(i, j) -> (j)>
#id2 = affine_map<(i, j) -> (i, j)>
#rin = affine_map<(j, i) -> (i, j)>
#rout = affine_map<(j, i) -> (j)>
#id = affine_map<(j) -> (j)>

func.func @imported(%x: memref<1024xf32>) -> memref<1024xf32> {
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
  %out = memref.alloc() : memref<1024xf32>
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
  return %out : memref<1024xf32>
}

func.func @overlap(%x: memref<1024xf32>) -> memref<1024xf32> {
  %zero = arith.constant 0.0 : f32
  %tb = memref.alloc() : memref<6144x1024xf32>
  linalg.generic {indexing_maps = [#bc, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1024xf32>) outs(%tb : memref<6144x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.sin %a : f32
    linalg.yield %e : f32
  }
  %u = memref.alloc() : memref<3072x1024xf32>
  linalg.generic {indexing_maps = [#bc, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1024xf32>) outs(%u : memref<3072x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  %t = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<1024xf32>)
  linalg.generic {indexing_maps = [#rin, #rout], iterator_types = ["parallel", "reduction"]}
      ins(%tb : memref<6144x1024xf32>) outs(%t : memref<1024xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  }
  memref.dealloc %tb : memref<6144x1024xf32>
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
  memref.dealloc %u : memref<3072x1024xf32>
  memref.dealloc %v : memref<3072x1024xf32>
  %out = memref.alloc() : memref<1024xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%t, %s : memref<1024xf32>, memref<1024xf32>) outs(%out : memref<1024xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  }
  memref.dealloc %t : memref<1024xf32>
  memref.dealloc %s : memref<1024xf32>
  return %out : memref<1024xf32>
}

func.func @chains(%x: memref<1024xf32>) -> memref<1024xf32> {
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
  memref.dealloc %u : memref<3072x1024xf32>
  memref.dealloc %v : memref<3072x1024xf32>
  %tb = memref.alloc() : memref<6144x1024xf32>
  linalg.generic {indexing_maps = [#bc, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1024xf32>) outs(%tb : memref<6144x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.sin %a : f32
    linalg.yield %e : f32
  }
  %t = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<1024xf32>)
  linalg.generic {indexing_maps = [#rin, #rout], iterator_types = ["parallel", "reduction"]}
      ins(%tb : memref<6144x1024xf32>) outs(%t : memref<1024xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  }
  memref.dealloc %tb : memref<6144x1024xf32>
  %out = memref.alloc() : memref<1024xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%t, %s : memref<1024xf32>, memref<1024xf32>) outs(%out : memref<1024xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  }
  memref.dealloc %t : memref<1024xf32>
  memref.dealloc %s : memref<1024xf32>
  return %out : memref<1024xf32>
}

func.func @big_first(%x: memref<1024xf32>) -> memref<1024xf32> {
  %zero = arith.constant 0.0 : f32
  %tb = memref.alloc() : memref<6144x1024xf32>
  linalg.generic {indexing_maps = [#bc, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1024xf32>) outs(%tb : memref<6144x1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.sin %a : f32
    linalg.yield %e : f32
  }
  %t = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<1024xf32>)
  linalg.generic {indexing_maps = [#rin, #rout], iterator_types = ["parallel", "reduction"]}
      ins(%tb : memref<6144x1024xf32>) outs(%t : memref<1024xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  }
  memref.dealloc %tb : memref<6144x1024xf32>
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
  memref.dealloc %u : memref<3072x1024xf32>
  memref.dealloc %v : memref<3072x1024xf32>
  %out = memref.alloc() : memref<1024xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%t, %s : memref<1024xf32>, memref<1024xf32>) outs(%out : memref<1024xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  }
  memref.dealloc %t : memref<1024xf32>
  memref.dealloc %s : memref<1024xf32>
  return %out : memref<1024xf32>
}
