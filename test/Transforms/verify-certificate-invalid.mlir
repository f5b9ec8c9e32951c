// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-verify-certificate))' --split-input-file -verify-diagnostics
// Tampering: every edit of a certified function is rejected with one error at
// the function. Each case is the certified output of peakmem-certify on a
// fork-join (peak 2052, pairwise lower bound 1032) with one edit.

// The recorded peak was edited.
// expected-error @below {{peakmem: certificate of 'f' rejected: the order peaks at 2052 bytes, the certificate claims 2000}}
func.func @f(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = 6 : i64, flow = array<i64: 5, 20, 4, 13, 27, 4, 20, 21, 4, 21, 13, 4, 26, 5, 4>, flow2 = array<i64: 9, 22, 4, 13, 27, 4, 22, 23, 4, 23, 13, 4, 26, 9, 4>, kind = "pairwise", witness = 10 : i64}, peakmem.lower_bound = 1032 : i64, peakmem.optimal = false, peakmem.peak = 2000 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_1 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview : memref<1xf32, strided<[1]>>) outs(%alloc_1 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_2 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview_2 : memref<1xf32, strided<[1]>>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %alloc_4 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_1, %alloc_3 : memref<1xf32>, memref<1xf32>) outs(%alloc_4 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<1xf32>
  memref.dealloc %alloc_3 : memref<1xf32>
  return %alloc_4 : memref<1xf32>
}

// -----

// The lower bound was raised above what the flow proves.
// expected-error @below {{peakmem: certificate of 'f' rejected: the certificate claims a lower bound of 1100 bytes, its pairwise evidence proves 1032}}
func.func @f(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = 6 : i64, flow = array<i64: 5, 20, 4, 13, 27, 4, 20, 21, 4, 21, 13, 4, 26, 5, 4>, flow2 = array<i64: 9, 22, 4, 13, 27, 4, 22, 23, 4, 23, 13, 4, 26, 9, 4>, kind = "pairwise", witness = 10 : i64}, peakmem.lower_bound = 1100 : i64, peakmem.optimal = false, peakmem.peak = 2052 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_1 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview : memref<1xf32, strided<[1]>>) outs(%alloc_1 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_2 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview_2 : memref<1xf32, strided<[1]>>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %alloc_4 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_1, %alloc_3 : memref<1xf32>, memref<1xf32>) outs(%alloc_4 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<1xf32>
  memref.dealloc %alloc_3 : memref<1xf32>
  return %alloc_4 : memref<1xf32>
}

// -----

// 'optimal' was flipped.
// expected-error @below {{peakmem: certificate of 'f' rejected: malformed: 'optimal' is true but peak 2052 differs from lower_bound 1032}}
func.func @f(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = 6 : i64, flow = array<i64: 5, 20, 4, 13, 27, 4, 20, 21, 4, 21, 13, 4, 26, 5, 4>, flow2 = array<i64: 9, 22, 4, 13, 27, 4, 22, 23, 4, 23, 13, 4, 26, 9, 4>, kind = "pairwise", witness = 10 : i64}, peakmem.lower_bound = 1032 : i64, peakmem.optimal = true, peakmem.peak = 2052 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_1 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview : memref<1xf32, strided<[1]>>) outs(%alloc_1 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_2 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview_2 : memref<1xf32, strided<[1]>>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %alloc_4 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_1, %alloc_3 : memref<1xf32>, memref<1xf32>) outs(%alloc_4 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<1xf32>
  memref.dealloc %alloc_3 : memref<1xf32>
  return %alloc_4 : memref<1xf32>
}

// -----

// A flow amount was raised (capacity and conservation break).
// expected-error @below {{peakmem: certificate of 'f' rejected: pairwise flow: flow is not conserved at statement 5 (in - out = -1)}}
func.func @f(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = 6 : i64, flow = array<i64: 5, 20, 5, 13, 27, 4, 20, 21, 4, 21, 13, 4, 26, 5, 4>, flow2 = array<i64: 9, 22, 4, 13, 27, 4, 22, 23, 4, 23, 13, 4, 26, 9, 4>, kind = "pairwise", witness = 10 : i64}, peakmem.lower_bound = 1032 : i64, peakmem.optimal = false, peakmem.peak = 2052 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_1 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview : memref<1xf32, strided<[1]>>) outs(%alloc_1 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_2 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview_2 : memref<1xf32, strided<[1]>>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %alloc_4 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_1, %alloc_3 : memref<1xf32>, memref<1xf32>) outs(%alloc_4 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<1xf32>
  memref.dealloc %alloc_3 : memref<1xf32>
  return %alloc_4 : memref<1xf32>
}

// -----

// The witness statement was changed.
// expected-error @below {{peakmem: certificate of 'f' rejected: the certificate claims a lower bound of 1032 bytes, its pairwise evidence proves 8}}
func.func @f(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = 6 : i64, flow = array<i64: 5, 20, 4, 13, 27, 4, 20, 21, 4, 21, 13, 4, 26, 5, 4>, flow2 = array<i64: 9, 22, 4, 13, 27, 4, 22, 23, 4, 23, 13, 4, 26, 9, 4>, kind = "pairwise", witness = 9 : i64}, peakmem.lower_bound = 1032 : i64, peakmem.optimal = false, peakmem.peak = 2052 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_1 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview : memref<1xf32, strided<[1]>>) outs(%alloc_1 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_2 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview_2 : memref<1xf32, strided<[1]>>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %alloc_4 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_1, %alloc_3 : memref<1xf32>, memref<1xf32>) outs(%alloc_4 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<1xf32>
  memref.dealloc %alloc_3 : memref<1xf32>
  return %alloc_4 : memref<1xf32>
}

// -----

// The bound kind was changed.
// expected-error @below {{peakmem: certificate of 'f' rejected: reverse-trap bound cannot be conditioned}}
func.func @f(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = 6 : i64, flow = array<i64: 5, 20, 4, 13, 27, 4, 20, 21, 4, 21, 13, 4, 26, 5, 4>, flow2 = array<i64: 9, 22, 4, 13, 27, 4, 22, 23, 4, 23, 13, 4, 26, 9, 4>, kind = "reverse-trap", witness = 10 : i64}, peakmem.lower_bound = 1032 : i64, peakmem.optimal = false, peakmem.peak = 2052 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_1 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview : memref<1xf32, strided<[1]>>) outs(%alloc_1 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_2 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview_2 : memref<1xf32, strided<[1]>>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %alloc_4 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_1, %alloc_3 : memref<1xf32>, memref<1xf32>) outs(%alloc_4 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<1xf32>
  memref.dealloc %alloc_3 : memref<1xf32>
  return %alloc_4 : memref<1xf32>
}

// -----

// An unknown bound kind.
// expected-error @below {{peakmem: certificate of 'f' rejected: malformed: missing or unknown certificate 'kind'}}
func.func @f(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = 6 : i64, flow = array<i64: 5, 20, 4, 13, 27, 4, 20, 21, 4, 21, 13, 4, 26, 5, 4>, flow2 = array<i64: 9, 22, 4, 13, 27, 4, 22, 23, 4, 23, 13, 4, 26, 9, 4>, kind = "magic", witness = 10 : i64}, peakmem.lower_bound = 1032 : i64, peakmem.optimal = false, peakmem.peak = 2052 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_1 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview : memref<1xf32, strided<[1]>>) outs(%alloc_1 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_2 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview_2 : memref<1xf32, strided<[1]>>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %alloc_4 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_1, %alloc_3 : memref<1xf32>, memref<1xf32>) outs(%alloc_4 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<1xf32>
  memref.dealloc %alloc_3 : memref<1xf32>
  return %alloc_4 : memref<1xf32>
}

// -----

// Flow entries that are not (from, to, amount) triples.
// expected-error @below {{peakmem: certificate of 'f' rejected: malformed: certificate: flow arrays must hold (from, to, amount) triples}}
func.func @f(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = 6 : i64, flow = array<i64: 20, 4, 13, 27, 4, 20, 21, 4, 21, 13, 4, 26, 5, 4>, flow2 = array<i64: 9, 22, 4, 13, 27, 4, 22, 23, 4, 23, 13, 4, 26, 9, 4>, kind = "pairwise", witness = 10 : i64}, peakmem.lower_bound = 1032 : i64, peakmem.optimal = false, peakmem.peak = 2052 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_1 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview : memref<1xf32, strided<[1]>>) outs(%alloc_1 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_2 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview_2 : memref<1xf32, strided<[1]>>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %alloc_4 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_1, %alloc_3 : memref<1xf32>, memref<1xf32>) outs(%alloc_4 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<1xf32>
  memref.dealloc %alloc_3 : memref<1xf32>
  return %alloc_4 : memref<1xf32>
}

// -----

// A missing field.
// expected-error @below {{peakmem: certificate of 'f' rejected: malformed: missing or non-i64 'lower_bound'}}
func.func @f(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = 6 : i64, flow = array<i64: 5, 20, 4, 13, 27, 4, 20, 21, 4, 21, 13, 4, 26, 5, 4>, flow2 = array<i64: 9, 22, 4, 13, 27, 4, 22, 23, 4, 23, 13, 4, 26, 9, 4>, kind = "pairwise", witness = 10 : i64}, peakmem.optimal = false, peakmem.peak = 2052 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_1 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview : memref<1xf32, strided<[1]>>) outs(%alloc_1 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_2 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview_2 : memref<1xf32, strided<[1]>>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %alloc_4 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_1, %alloc_3 : memref<1xf32>, memref<1xf32>) outs(%alloc_4 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<1xf32>
  memref.dealloc %alloc_3 : memref<1xf32>
  return %alloc_4 : memref<1xf32>
}

// -----

// A field of the wrong type.
// expected-error @below {{peakmem: certificate of 'f' rejected: malformed: missing or non-i64 'peak'}}
func.func @f(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = 6 : i64, flow = array<i64: 5, 20, 4, 13, 27, 4, 20, 21, 4, 21, 13, 4, 26, 5, 4>, flow2 = array<i64: 9, 22, 4, 13, 27, 4, 22, 23, 4, 23, 13, 4, 26, 9, 4>, kind = "pairwise", witness = 10 : i64}, peakmem.lower_bound = 1032 : i64, peakmem.optimal = false, peakmem.peak = 2052 : i32} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_1 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview : memref<1xf32, strided<[1]>>) outs(%alloc_1 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_2 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview_2 : memref<1xf32, strided<[1]>>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %alloc_4 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_1, %alloc_3 : memref<1xf32>, memref<1xf32>) outs(%alloc_4 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<1xf32>
  memref.dealloc %alloc_3 : memref<1xf32>
  return %alloc_4 : memref<1xf32>
}

// -----

// An op was moved after certification.
// expected-error @below {{peakmem: certificate of 'f' rejected: pairwise flow arc 0 (statement 5 -> enter(buffer 2)) is not an arc of the network}}
func.func @f(%arg0: memref<256xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = 6 : i64, flow = array<i64: 5, 20, 4, 13, 27, 4, 20, 21, 4, 21, 13, 4, 26, 5, 4>, flow2 = array<i64: 9, 22, 4, 13, 27, 4, 22, 23, 4, 23, 13, 4, 26, 9, 4>, kind = "pairwise", witness = 10 : i64}, peakmem.lower_bound = 1032 : i64, peakmem.optimal = false, peakmem.peak = 2052 : i64} {
  %alloc = memref.alloc() : memref<256xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc : memref<256xf32>)
  %alloc_0 = memref.alloc() : memref<256xf32>
  %subview = memref.subview %alloc[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_1 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%arg0 : memref<256xf32>) outs(%alloc_0 : memref<256xf32>)
  linalg.copy ins(%subview : memref<1xf32, strided<[1]>>) outs(%alloc_1 : memref<1xf32>)
  memref.dealloc %alloc : memref<256xf32>
  %subview_2 = memref.subview %alloc_0[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview_2 : memref<1xf32, strided<[1]>>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<256xf32>
  %alloc_4 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_1, %alloc_3 : memref<1xf32>, memref<1xf32>) outs(%alloc_4 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<1xf32>
  memref.dealloc %alloc_3 : memref<1xf32>
  return %alloc_4 : memref<1xf32>
}

// -----

// Buffers were resized after certification (256 -> 300 elements).
// expected-error @below {{peakmem: certificate of 'f' rejected: the order peaks at 2404 bytes, the certificate claims 2052}}
func.func @f(%arg0: memref<300xf32>) -> memref<1xf32> attributes {peakmem.certificate = {conditioned_on = 6 : i64, flow = array<i64: 5, 20, 4, 13, 27, 4, 20, 21, 4, 21, 13, 4, 26, 5, 4>, flow2 = array<i64: 9, 22, 4, 13, 27, 4, 22, 23, 4, 23, 13, 4, 26, 9, 4>, kind = "pairwise", witness = 10 : i64}, peakmem.lower_bound = 1032 : i64, peakmem.optimal = false, peakmem.peak = 2052 : i64} {
  %alloc = memref.alloc() : memref<300xf32>
  linalg.copy ins(%arg0 : memref<300xf32>) outs(%alloc : memref<300xf32>)
  %alloc_0 = memref.alloc() : memref<300xf32>
  linalg.copy ins(%arg0 : memref<300xf32>) outs(%alloc_0 : memref<300xf32>)
  %subview = memref.subview %alloc[0] [1] [1] : memref<300xf32> to memref<1xf32, strided<[1]>>
  %alloc_1 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview : memref<1xf32, strided<[1]>>) outs(%alloc_1 : memref<1xf32>)
  memref.dealloc %alloc : memref<300xf32>
  %subview_2 = memref.subview %alloc_0[0] [1] [1] : memref<300xf32> to memref<1xf32, strided<[1]>>
  %alloc_3 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%subview_2 : memref<1xf32, strided<[1]>>) outs(%alloc_3 : memref<1xf32>)
  memref.dealloc %alloc_0 : memref<300xf32>
  %alloc_4 = memref.alloc() : memref<1xf32>
  linalg.add ins(%alloc_1, %alloc_3 : memref<1xf32>, memref<1xf32>) outs(%alloc_4 : memref<1xf32>)
  memref.dealloc %alloc_1 : memref<1xf32>
  memref.dealloc %alloc_3 : memref<1xf32>
  return %alloc_4 : memref<1xf32>
}
