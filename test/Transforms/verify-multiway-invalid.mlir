// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-verify-certificate))' --split-input-file -verify-diagnostics
// Tampering with a multiway certificate: each case is the certified output
// of peakmem-certify on @first_of_three (certify-multiway.mlir) with one
// edit, rejected with one error at the function.

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (0)>
// The form was edited: the flows are not flows of the other networks.
// expected-error @below {{peakmem: certificate of 'first_of_three' rejected: multiway flow of member 10 arc 2 (statement 15 -> sink) is not an arc of the network}}
func.func @first_of_three(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, flows = [array<i64: 2, 29, 1024, 4, 31, 1024, 15, 44, 1024, 19, 44, 1024, 29, 30, 1024, 30, 15, 1024, 31, 32, 1024, 32, 19, 1024, 43, 2, 1024, 43, 4, 1024>, array<i64: 0, 27, 1024, 4, 31, 1024, 6, 33, 4, 10, 44, 1028, 13, 37, 4, 19, 44, 1024, 22, 44, 4, 27, 28, 1024, 28, 10, 1024, 31, 32, 1024, 32, 19, 1024, 33, 34, 4, 34, 10, 4, 37, 38, 4, 38, 22, 4, 43, 0, 1024, 43, 4, 1024, 43, 6, 4, 43, 13, 4>, array<i64: 0, 27, 1024, 2, 29, 1024, 6, 33, 4, 10, 44, 1028, 15, 44, 1024, 17, 39, 4, 23, 44, 4, 27, 28, 1024, 28, 10, 1024, 29, 30, 1024, 30, 15, 1024, 33, 34, 4, 34, 10, 4, 39, 40, 4, 40, 23, 4, 43, 0, 1024, 43, 2, 1024, 43, 6, 4, 43, 17, 4>], form = "last", kind = "multiway", members = array<i64: 10, 15, 19>, witness = 10 : i64}, peakmem.lower_bound = 3080 : i64, peakmem.optimal = true, peakmem.peak = 3080 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %alloc_1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_1 : memref<256xf32>)
  %alloc_2 = memref.alloc() : memref<1xf32>
  linalg.generic {indexing_maps = [#map, #map, #map, #map1], iterator_types = ["reduction"]} ins(%alloc, %alloc_0, %alloc_1 : memref<256xf32>, memref<256xf32>, memref<256xf32>) outs(%alloc_2 : memref<1xf32>) {
  ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
    %0 = arith.addf %in, %in_9 : f32
    %1 = arith.addf %0, %in_10 : f32
    %2 = arith.addf %1, %out : f32
    linalg.yield %2 : f32
  }
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_4 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_5 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_4, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_5 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %subview_6 = memref.subview %alloc_1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_7 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_6, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_7 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<256xf32>
  memref.dealloc %alloc_2 : memref<1xf32>
  %alloc_8 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_3, %alloc_5 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  linalg.add ins(%alloc_8, %alloc_7 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  memref.dealloc %alloc_3 : memref<1xf32>
  memref.dealloc %alloc_5 : memref<1xf32>
  memref.dealloc %alloc_7 : memref<1xf32>
  return %alloc_8 : memref<1xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (0)>
// A flow amount was raised.
// expected-error @below {{peakmem: certificate of 'first_of_three' rejected: multiway flow of member 10: flow is not conserved at statement 2 (in - out = -1)}}
func.func @first_of_three(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, flows = [array<i64: 2, 29, 1025, 4, 31, 1024, 15, 44, 1024, 19, 44, 1024, 29, 30, 1024, 30, 15, 1024, 31, 32, 1024, 32, 19, 1024, 43, 2, 1024, 43, 4, 1024>, array<i64: 0, 27, 1024, 4, 31, 1024, 6, 33, 4, 10, 44, 1028, 13, 37, 4, 19, 44, 1024, 22, 44, 4, 27, 28, 1024, 28, 10, 1024, 31, 32, 1024, 32, 19, 1024, 33, 34, 4, 34, 10, 4, 37, 38, 4, 38, 22, 4, 43, 0, 1024, 43, 4, 1024, 43, 6, 4, 43, 13, 4>, array<i64: 0, 27, 1024, 2, 29, 1024, 6, 33, 4, 10, 44, 1028, 15, 44, 1024, 17, 39, 4, 23, 44, 4, 27, 28, 1024, 28, 10, 1024, 29, 30, 1024, 30, 15, 1024, 33, 34, 4, 34, 10, 4, 39, 40, 4, 40, 23, 4, 43, 0, 1024, 43, 2, 1024, 43, 6, 4, 43, 17, 4>], form = "first", kind = "multiway", members = array<i64: 10, 15, 19>, witness = 10 : i64}, peakmem.lower_bound = 3080 : i64, peakmem.optimal = true, peakmem.peak = 3080 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %alloc_1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_1 : memref<256xf32>)
  %alloc_2 = memref.alloc() : memref<1xf32>
  linalg.generic {indexing_maps = [#map, #map, #map, #map1], iterator_types = ["reduction"]} ins(%alloc, %alloc_0, %alloc_1 : memref<256xf32>, memref<256xf32>, memref<256xf32>) outs(%alloc_2 : memref<1xf32>) {
  ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
    %0 = arith.addf %in, %in_9 : f32
    %1 = arith.addf %0, %in_10 : f32
    %2 = arith.addf %1, %out : f32
    linalg.yield %2 : f32
  }
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_4 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_5 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_4, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_5 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %subview_6 = memref.subview %alloc_1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_7 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_6, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_7 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<256xf32>
  memref.dealloc %alloc_2 : memref<1xf32>
  %alloc_8 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_3, %alloc_5 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  linalg.add ins(%alloc_8, %alloc_7 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  memref.dealloc %alloc_3 : memref<1xf32>
  memref.dealloc %alloc_5 : memref<1xf32>
  memref.dealloc %alloc_7 : memref<1xf32>
  return %alloc_8 : memref<1xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (0)>
// A member was duplicated.
// expected-error @below {{peakmem: certificate of 'first_of_three' rejected: multiway members are not strictly increasing}}
func.func @first_of_three(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, flows = [array<i64: 2, 29, 1024, 4, 31, 1024, 15, 44, 1024, 19, 44, 1024, 29, 30, 1024, 30, 15, 1024, 31, 32, 1024, 32, 19, 1024, 43, 2, 1024, 43, 4, 1024>, array<i64: 0, 27, 1024, 4, 31, 1024, 6, 33, 4, 10, 44, 1028, 13, 37, 4, 19, 44, 1024, 22, 44, 4, 27, 28, 1024, 28, 10, 1024, 31, 32, 1024, 32, 19, 1024, 33, 34, 4, 34, 10, 4, 37, 38, 4, 38, 22, 4, 43, 0, 1024, 43, 4, 1024, 43, 6, 4, 43, 13, 4>, array<i64: 0, 27, 1024, 2, 29, 1024, 6, 33, 4, 10, 44, 1028, 15, 44, 1024, 17, 39, 4, 23, 44, 4, 27, 28, 1024, 28, 10, 1024, 29, 30, 1024, 30, 15, 1024, 33, 34, 4, 34, 10, 4, 39, 40, 4, 40, 23, 4, 43, 0, 1024, 43, 2, 1024, 43, 6, 4, 43, 17, 4>], form = "first", kind = "multiway", members = array<i64: 10, 10, 19>, witness = 10 : i64}, peakmem.lower_bound = 3080 : i64, peakmem.optimal = true, peakmem.peak = 3080 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %alloc_1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_1 : memref<256xf32>)
  %alloc_2 = memref.alloc() : memref<1xf32>
  linalg.generic {indexing_maps = [#map, #map, #map, #map1], iterator_types = ["reduction"]} ins(%alloc, %alloc_0, %alloc_1 : memref<256xf32>, memref<256xf32>, memref<256xf32>) outs(%alloc_2 : memref<1xf32>) {
  ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
    %0 = arith.addf %in, %in_9 : f32
    %1 = arith.addf %0, %in_10 : f32
    %2 = arith.addf %1, %out : f32
    linalg.yield %2 : f32
  }
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_4 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_5 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_4, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_5 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %subview_6 = memref.subview %alloc_1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_7 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_6, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_7 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<256xf32>
  memref.dealloc %alloc_2 : memref<1xf32>
  %alloc_8 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_3, %alloc_5 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  linalg.add ins(%alloc_8, %alloc_7 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  memref.dealloc %alloc_3 : memref<1xf32>
  memref.dealloc %alloc_5 : memref<1xf32>
  memref.dealloc %alloc_7 : memref<1xf32>
  return %alloc_8 : memref<1xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (0)>
// A member and its flow were dropped: the other branches change.
// expected-error @below {{peakmem: certificate of 'first_of_three' rejected: multiway flow of member 15 arc 3 (statement 10 -> sink) is not an arc of the network}}
func.func @first_of_three(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, flows = [array<i64: 0, 27, 1024, 4, 31, 1024, 6, 33, 4, 10, 44, 1028, 13, 37, 4, 19, 44, 1024, 22, 44, 4, 27, 28, 1024, 28, 10, 1024, 31, 32, 1024, 32, 19, 1024, 33, 34, 4, 34, 10, 4, 37, 38, 4, 38, 22, 4, 43, 0, 1024, 43, 4, 1024, 43, 6, 4, 43, 13, 4>, array<i64: 0, 27, 1024, 2, 29, 1024, 6, 33, 4, 10, 44, 1028, 15, 44, 1024, 17, 39, 4, 23, 44, 4, 27, 28, 1024, 28, 10, 1024, 29, 30, 1024, 30, 15, 1024, 33, 34, 4, 34, 10, 4, 39, 40, 4, 40, 23, 4, 43, 0, 1024, 43, 2, 1024, 43, 6, 4, 43, 17, 4>], form = "first", kind = "multiway", members = array<i64: 15, 19>, witness = 15 : i64}, peakmem.lower_bound = 3080 : i64, peakmem.optimal = true, peakmem.peak = 3080 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %alloc_1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_1 : memref<256xf32>)
  %alloc_2 = memref.alloc() : memref<1xf32>
  linalg.generic {indexing_maps = [#map, #map, #map, #map1], iterator_types = ["reduction"]} ins(%alloc, %alloc_0, %alloc_1 : memref<256xf32>, memref<256xf32>, memref<256xf32>) outs(%alloc_2 : memref<1xf32>) {
  ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
    %0 = arith.addf %in, %in_9 : f32
    %1 = arith.addf %0, %in_10 : f32
    %2 = arith.addf %1, %out : f32
    linalg.yield %2 : f32
  }
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_4 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_5 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_4, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_5 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %subview_6 = memref.subview %alloc_1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_7 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_6, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_7 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<256xf32>
  memref.dealloc %alloc_2 : memref<1xf32>
  %alloc_8 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_3, %alloc_5 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  linalg.add ins(%alloc_8, %alloc_7 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  memref.dealloc %alloc_3 : memref<1xf32>
  memref.dealloc %alloc_5 : memref<1xf32>
  memref.dealloc %alloc_7 : memref<1xf32>
  return %alloc_8 : memref<1xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (0)>
// Comparable members (statement 9 runs before statement 10).
// expected-error @below {{peakmem: certificate of 'first_of_three' rejected: multiway members are not pairwise incomparable}}
func.func @first_of_three(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, flows = [array<i64: 2, 29, 1024, 4, 31, 1024, 15, 44, 1024, 19, 44, 1024, 29, 30, 1024, 30, 15, 1024, 31, 32, 1024, 32, 19, 1024, 43, 2, 1024, 43, 4, 1024>, array<i64: 0, 27, 1024, 4, 31, 1024, 6, 33, 4, 10, 44, 1028, 13, 37, 4, 19, 44, 1024, 22, 44, 4, 27, 28, 1024, 28, 10, 1024, 31, 32, 1024, 32, 19, 1024, 33, 34, 4, 34, 10, 4, 37, 38, 4, 38, 22, 4, 43, 0, 1024, 43, 4, 1024, 43, 6, 4, 43, 13, 4>, array<i64: 0, 27, 1024, 2, 29, 1024, 6, 33, 4, 10, 44, 1028, 15, 44, 1024, 17, 39, 4, 23, 44, 4, 27, 28, 1024, 28, 10, 1024, 29, 30, 1024, 30, 15, 1024, 33, 34, 4, 34, 10, 4, 39, 40, 4, 40, 23, 4, 43, 0, 1024, 43, 2, 1024, 43, 6, 4, 43, 17, 4>], form = "first", kind = "multiway", members = array<i64: 9, 10, 19>, witness = 10 : i64}, peakmem.lower_bound = 3080 : i64, peakmem.optimal = true, peakmem.peak = 3080 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %alloc_1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_1 : memref<256xf32>)
  %alloc_2 = memref.alloc() : memref<1xf32>
  linalg.generic {indexing_maps = [#map, #map, #map, #map1], iterator_types = ["reduction"]} ins(%alloc, %alloc_0, %alloc_1 : memref<256xf32>, memref<256xf32>, memref<256xf32>) outs(%alloc_2 : memref<1xf32>) {
  ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
    %0 = arith.addf %in, %in_9 : f32
    %1 = arith.addf %0, %in_10 : f32
    %2 = arith.addf %1, %out : f32
    linalg.yield %2 : f32
  }
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_4 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_5 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_4, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_5 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %subview_6 = memref.subview %alloc_1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_7 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_6, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_7 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<256xf32>
  memref.dealloc %alloc_2 : memref<1xf32>
  %alloc_8 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_3, %alloc_5 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  linalg.add ins(%alloc_8, %alloc_7 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  memref.dealloc %alloc_3 : memref<1xf32>
  memref.dealloc %alloc_5 : memref<1xf32>
  memref.dealloc %alloc_7 : memref<1xf32>
  return %alloc_8 : memref<1xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (0)>
// The lower bound was raised above what the flows prove.
// expected-error @below {{peakmem: certificate of 'first_of_three' rejected: the certificate claims a lower bound of 3081 bytes, its multiway evidence proves 3080}}
func.func @first_of_three(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, flows = [array<i64: 2, 29, 1024, 4, 31, 1024, 15, 44, 1024, 19, 44, 1024, 29, 30, 1024, 30, 15, 1024, 31, 32, 1024, 32, 19, 1024, 43, 2, 1024, 43, 4, 1024>, array<i64: 0, 27, 1024, 4, 31, 1024, 6, 33, 4, 10, 44, 1028, 13, 37, 4, 19, 44, 1024, 22, 44, 4, 27, 28, 1024, 28, 10, 1024, 31, 32, 1024, 32, 19, 1024, 33, 34, 4, 34, 10, 4, 37, 38, 4, 38, 22, 4, 43, 0, 1024, 43, 4, 1024, 43, 6, 4, 43, 13, 4>, array<i64: 0, 27, 1024, 2, 29, 1024, 6, 33, 4, 10, 44, 1028, 15, 44, 1024, 17, 39, 4, 23, 44, 4, 27, 28, 1024, 28, 10, 1024, 29, 30, 1024, 30, 15, 1024, 33, 34, 4, 34, 10, 4, 39, 40, 4, 40, 23, 4, 43, 0, 1024, 43, 2, 1024, 43, 6, 4, 43, 17, 4>], form = "first", kind = "multiway", members = array<i64: 10, 15, 19>, witness = 10 : i64}, peakmem.lower_bound = 3081 : i64, peakmem.optimal = false, peakmem.peak = 3080 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %alloc_1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_1 : memref<256xf32>)
  %alloc_2 = memref.alloc() : memref<1xf32>
  linalg.generic {indexing_maps = [#map, #map, #map, #map1], iterator_types = ["reduction"]} ins(%alloc, %alloc_0, %alloc_1 : memref<256xf32>, memref<256xf32>, memref<256xf32>) outs(%alloc_2 : memref<1xf32>) {
  ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
    %0 = arith.addf %in, %in_9 : f32
    %1 = arith.addf %0, %in_10 : f32
    %2 = arith.addf %1, %out : f32
    linalg.yield %2 : f32
  }
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_4 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_5 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_4, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_5 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %subview_6 = memref.subview %alloc_1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_7 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_6, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_7 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<256xf32>
  memref.dealloc %alloc_2 : memref<1xf32>
  %alloc_8 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_3, %alloc_5 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  linalg.add ins(%alloc_8, %alloc_7 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  memref.dealloc %alloc_3 : memref<1xf32>
  memref.dealloc %alloc_5 : memref<1xf32>
  memref.dealloc %alloc_7 : memref<1xf32>
  return %alloc_8 : memref<1xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (0)>
// One flow too few for the members.
// expected-error @below {{peakmem: certificate of 'first_of_three' rejected: malformed: certificate: 'flows' must hold one flow per member}}
func.func @first_of_three(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, flows = [array<i64: 2, 29, 1024, 4, 31, 1024, 15, 44, 1024, 19, 44, 1024, 29, 30, 1024, 30, 15, 1024, 31, 32, 1024, 32, 19, 1024, 43, 2, 1024, 43, 4, 1024>, array<i64: 0, 27, 1024, 4, 31, 1024, 6, 33, 4, 10, 44, 1028, 13, 37, 4, 19, 44, 1024, 22, 44, 4, 27, 28, 1024, 28, 10, 1024, 31, 32, 1024, 32, 19, 1024, 33, 34, 4, 34, 10, 4, 37, 38, 4, 38, 22, 4, 43, 0, 1024, 43, 4, 1024, 43, 6, 4, 43, 13, 4>], form = "first", kind = "multiway", members = array<i64: 10, 15, 19>, witness = 10 : i64}, peakmem.lower_bound = 3080 : i64, peakmem.optimal = true, peakmem.peak = 3080 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %alloc_1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_1 : memref<256xf32>)
  %alloc_2 = memref.alloc() : memref<1xf32>
  linalg.generic {indexing_maps = [#map, #map, #map, #map1], iterator_types = ["reduction"]} ins(%alloc, %alloc_0, %alloc_1 : memref<256xf32>, memref<256xf32>, memref<256xf32>) outs(%alloc_2 : memref<1xf32>) {
  ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
    %0 = arith.addf %in, %in_9 : f32
    %1 = arith.addf %0, %in_10 : f32
    %2 = arith.addf %1, %out : f32
    linalg.yield %2 : f32
  }
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_4 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_5 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_4, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_5 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %subview_6 = memref.subview %alloc_1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_7 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_6, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_7 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<256xf32>
  memref.dealloc %alloc_2 : memref<1xf32>
  %alloc_8 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_3, %alloc_5 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  linalg.add ins(%alloc_8, %alloc_7 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  memref.dealloc %alloc_3 : memref<1xf32>
  memref.dealloc %alloc_5 : memref<1xf32>
  memref.dealloc %alloc_7 : memref<1xf32>
  return %alloc_8 : memref<1xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (0)>
// An unknown form.
// expected-error @below {{peakmem: certificate of 'first_of_three' rejected: malformed: certificate: 'form' must be "last" or "first"}}
func.func @first_of_three(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, flows = [array<i64: 2, 29, 1024, 4, 31, 1024, 15, 44, 1024, 19, 44, 1024, 29, 30, 1024, 30, 15, 1024, 31, 32, 1024, 32, 19, 1024, 43, 2, 1024, 43, 4, 1024>, array<i64: 0, 27, 1024, 4, 31, 1024, 6, 33, 4, 10, 44, 1028, 13, 37, 4, 19, 44, 1024, 22, 44, 4, 27, 28, 1024, 28, 10, 1024, 31, 32, 1024, 32, 19, 1024, 33, 34, 4, 34, 10, 4, 37, 38, 4, 38, 22, 4, 43, 0, 1024, 43, 4, 1024, 43, 6, 4, 43, 13, 4>, array<i64: 0, 27, 1024, 2, 29, 1024, 6, 33, 4, 10, 44, 1028, 15, 44, 1024, 17, 39, 4, 23, 44, 4, 27, 28, 1024, 28, 10, 1024, 29, 30, 1024, 30, 15, 1024, 33, 34, 4, 34, 10, 4, 39, 40, 4, 40, 23, 4, 43, 0, 1024, 43, 2, 1024, 43, 6, 4, 43, 17, 4>], form = "middle", kind = "multiway", members = array<i64: 10, 15, 19>, witness = 10 : i64}, peakmem.lower_bound = 3080 : i64, peakmem.optimal = true, peakmem.peak = 3080 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %alloc_1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_1 : memref<256xf32>)
  %alloc_2 = memref.alloc() : memref<1xf32>
  linalg.generic {indexing_maps = [#map, #map, #map, #map1], iterator_types = ["reduction"]} ins(%alloc, %alloc_0, %alloc_1 : memref<256xf32>, memref<256xf32>, memref<256xf32>) outs(%alloc_2 : memref<1xf32>) {
  ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
    %0 = arith.addf %in, %in_9 : f32
    %1 = arith.addf %0, %in_10 : f32
    %2 = arith.addf %1, %out : f32
    linalg.yield %2 : f32
  }
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_4 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_5 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_4, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_5 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %subview_6 = memref.subview %alloc_1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_7 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_6, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_7 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<256xf32>
  memref.dealloc %alloc_2 : memref<1xf32>
  %alloc_8 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_3, %alloc_5 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  linalg.add ins(%alloc_8, %alloc_7 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  memref.dealloc %alloc_3 : memref<1xf32>
  memref.dealloc %alloc_5 : memref<1xf32>
  memref.dealloc %alloc_7 : memref<1xf32>
  return %alloc_8 : memref<1xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (0)>
// The witness is not the first member attaining the minimum.
// expected-error @below {{peakmem: certificate of 'first_of_three' rejected: multiway witness is statement 15, the minimum branch is first attained at statement 10}}
func.func @first_of_three(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, flows = [array<i64: 2, 29, 1024, 4, 31, 1024, 15, 44, 1024, 19, 44, 1024, 29, 30, 1024, 30, 15, 1024, 31, 32, 1024, 32, 19, 1024, 43, 2, 1024, 43, 4, 1024>, array<i64: 0, 27, 1024, 4, 31, 1024, 6, 33, 4, 10, 44, 1028, 13, 37, 4, 19, 44, 1024, 22, 44, 4, 27, 28, 1024, 28, 10, 1024, 31, 32, 1024, 32, 19, 1024, 33, 34, 4, 34, 10, 4, 37, 38, 4, 38, 22, 4, 43, 0, 1024, 43, 4, 1024, 43, 6, 4, 43, 13, 4>, array<i64: 0, 27, 1024, 2, 29, 1024, 6, 33, 4, 10, 44, 1028, 15, 44, 1024, 17, 39, 4, 23, 44, 4, 27, 28, 1024, 28, 10, 1024, 29, 30, 1024, 30, 15, 1024, 33, 34, 4, 34, 10, 4, 39, 40, 4, 40, 23, 4, 43, 0, 1024, 43, 2, 1024, 43, 6, 4, 43, 17, 4>], form = "first", kind = "multiway", members = array<i64: 10, 15, 19>, witness = 15 : i64}, peakmem.lower_bound = 3080 : i64, peakmem.optimal = true, peakmem.peak = 3080 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %alloc_1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_1 : memref<256xf32>)
  %alloc_2 = memref.alloc() : memref<1xf32>
  linalg.generic {indexing_maps = [#map, #map, #map, #map1], iterator_types = ["reduction"]} ins(%alloc, %alloc_0, %alloc_1 : memref<256xf32>, memref<256xf32>, memref<256xf32>) outs(%alloc_2 : memref<1xf32>) {
  ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
    %0 = arith.addf %in, %in_9 : f32
    %1 = arith.addf %0, %in_10 : f32
    %2 = arith.addf %1, %out : f32
    linalg.yield %2 : f32
  }
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_4 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_5 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_4, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_5 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %subview_6 = memref.subview %alloc_1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_7 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_6, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_7 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<256xf32>
  memref.dealloc %alloc_2 : memref<1xf32>
  %alloc_8 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_3, %alloc_5 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  linalg.add ins(%alloc_8, %alloc_7 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  memref.dealloc %alloc_3 : memref<1xf32>
  memref.dealloc %alloc_5 : memref<1xf32>
  memref.dealloc %alloc_7 : memref<1xf32>
  return %alloc_8 : memref<1xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (0)>
// Multiway entries on a pairwise record.
// expected-error @below {{peakmem: certificate of 'first_of_three' rejected: pairwise bound carries no multiway members, flows or form}}
func.func @first_of_three(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, flows = [array<i64: 2, 29, 1024, 4, 31, 1024, 15, 44, 1024, 19, 44, 1024, 29, 30, 1024, 30, 15, 1024, 31, 32, 1024, 32, 19, 1024, 43, 2, 1024, 43, 4, 1024>, array<i64: 0, 27, 1024, 4, 31, 1024, 6, 33, 4, 10, 44, 1028, 13, 37, 4, 19, 44, 1024, 22, 44, 4, 27, 28, 1024, 28, 10, 1024, 31, 32, 1024, 32, 19, 1024, 33, 34, 4, 34, 10, 4, 37, 38, 4, 38, 22, 4, 43, 0, 1024, 43, 4, 1024, 43, 6, 4, 43, 13, 4>, array<i64: 0, 27, 1024, 2, 29, 1024, 6, 33, 4, 10, 44, 1028, 15, 44, 1024, 17, 39, 4, 23, 44, 4, 27, 28, 1024, 28, 10, 1024, 29, 30, 1024, 30, 15, 1024, 33, 34, 4, 34, 10, 4, 39, 40, 4, 40, 23, 4, 43, 0, 1024, 43, 2, 1024, 43, 6, 4, 43, 17, 4>], form = "first", kind = "pairwise", members = array<i64: 10, 15, 19>, witness = 10 : i64}, peakmem.lower_bound = 3080 : i64, peakmem.optimal = true, peakmem.peak = 3080 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %alloc_1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_1 : memref<256xf32>)
  %alloc_2 = memref.alloc() : memref<1xf32>
  linalg.generic {indexing_maps = [#map, #map, #map, #map1], iterator_types = ["reduction"]} ins(%alloc, %alloc_0, %alloc_1 : memref<256xf32>, memref<256xf32>, memref<256xf32>) outs(%alloc_2 : memref<1xf32>) {
  ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
    %0 = arith.addf %in, %in_9 : f32
    %1 = arith.addf %0, %in_10 : f32
    %2 = arith.addf %1, %out : f32
    linalg.yield %2 : f32
  }
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_4 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_5 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_4, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_5 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %subview_6 = memref.subview %alloc_1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_7 = memref.alloc() : memref<1xf32>
  linalg.add ins(%subview_6, %alloc_2 : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%alloc_7 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<256xf32>
  memref.dealloc %alloc_2 : memref<1xf32>
  %alloc_8 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_3, %alloc_5 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  linalg.add ins(%alloc_8, %alloc_7 : memref<1xf32>, memref<1xf32>) outs(%alloc_8 : memref<1xf32>)
  memref.dealloc %alloc_3 : memref<1xf32>
  memref.dealloc %alloc_5 : memref<1xf32>
  memref.dealloc %alloc_7 : memref<1xf32>
  return %alloc_8 : memref<1xf32>
}
