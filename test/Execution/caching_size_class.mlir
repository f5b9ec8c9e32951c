// The caching allocator's size classes are not monotone: a large request
// below 10 MiB gets a 20 MiB segment (kLargeBuffer), one of 10 MiB or more a
// segment of its own size rounded up to 2 MiB (get_allocation_size). So a
// buffer of 5 MiB reserves 20 MiB, and the same buffer taken as a view of a
// 10 MiB allocation reserves 10 MiB: twice the live bytes, half the reserved
// bytes. An arena between 1 and 10 MiB is best requested as 10 MiB under
// this allocator (tools/caching_rules.py, padded_request).
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' > %t.mlir
// RUN: %python -m peakmem exec %t.mlir --function five --check-model --allocator caching --verbose > %t.5
// RUN: %python -m peakmem exec %t.mlir --function five_in_ten --check-model --allocator caching --verbose > %t.10
// RUN: FileCheck %s --check-prefix=FIVE < %t.5
// RUN: FileCheck %s --check-prefix=TEN < %t.10
// RUN: cat %t.5 %t.10 | grep output_digest | uniq | count 1
//
// FIVE: peak_bytes: 5242880
// FIVE: allocated_peak_bytes: 5242880
// FIVE-NEXT: reserved_peak_bytes: 20971520
// FIVE: model_matches: 5242880
// TEN: peak_bytes: 10485760
// TEN: allocated_peak_bytes: 10485760
// TEN-NEXT: reserved_peak_bytes: 10485760
// TEN: model_matches: 10485760

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

func.func @five_in_ten(%x: memref<1024xf32>, %out: memref<1024xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<10485760xi8>
  %t = memref.view %buf[%c0][] : memref<10485760xi8> to memref<1280x1024xf32>
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
  memref.dealloc %buf : memref<10485760xi8>
  return
}
