// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-certify))' -verify-diagnostics | FileCheck %s
// Fresh certificates pass the verifier (any error would be unexpected).
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-certify,peakmem-verify-certificate))' -verify-diagnostics | FileCheck %s
// Without multiway the best bound is 3076 B (local, at the reduction; also
// with every pair tried) and the record would be the exhaustive kind.

#id = affine_map<(d0) -> (d0)>
#red = affine_map<(d0) -> (0)>

// Three 1 KB sources a, b, c are reduced into g (4 B); then three
// incomparable readers each read one source and g and write 4 B. Whichever
// reader runs first sees all three sources and g live, plus its own output:
// 3080 B in every order. No single statement nor pair proves it (a reader
// running after another may see that one's source already freed); the
// multiway bound in the "first" form over the three readers does.
// CHECK-LABEL: func.func @first_of_three
// CHECK-SAME: form = "first", kind = "multiway", members = array<i64: 10, 15, 19>, witness = 10 : i64}
// CHECK-SAME: peakmem.lower_bound = 3080 : i64, peakmem.optimal = true, peakmem.peak = 3080 : i64
// expected-remark @below {{peakmem-certify: 'first_of_three' peak 3080 bytes, lower bound 3080 (multiway): optimal}}
func.func @first_of_three(%in: memref<256xf32>) -> memref<1xf32> {
  %a = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%a : memref<256xf32>)
  %b = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%b : memref<256xf32>)
  %c = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%c : memref<256xf32>)
  %g = memref.alloc() : memref<1xf32>
  linalg.generic {indexing_maps = [#id, #id, #id, #red], iterator_types = ["reduction"]} ins(%a, %b, %c : memref<256xf32>, memref<256xf32>, memref<256xf32>) outs(%g : memref<1xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %acc: f32):
    %s0 = arith.addf %x, %y : f32
    %s1 = arith.addf %s0, %z : f32
    %s2 = arith.addf %s1, %acc : f32
    linalg.yield %s2 : f32
  }
  %va = memref.subview %a[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %ya = memref.alloc() : memref<1xf32>
  linalg.add ins(%va, %g : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%ya : memref<1xf32>)
  memref.dealloc %a : memref<256xf32>
  %vb = memref.subview %b[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %yb = memref.alloc() : memref<1xf32>
  linalg.add ins(%vb, %g : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%yb : memref<1xf32>)
  memref.dealloc %b : memref<256xf32>
  %vc = memref.subview %c[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %yc = memref.alloc() : memref<1xf32>
  linalg.add ins(%vc, %g : memref<1xf32, strided<[1]>>, memref<1xf32>) outs(%yc : memref<1xf32>)
  memref.dealloc %c : memref<256xf32>
  memref.dealloc %g : memref<1xf32>
  %r = memref.alloc() : memref<1xf32>
  linalg.add ins(%ya, %yb : memref<1xf32>, memref<1xf32>) outs(%r : memref<1xf32>)
  linalg.add ins(%r, %yc : memref<1xf32>, memref<1xf32>) outs(%r : memref<1xf32>)
  memref.dealloc %ya : memref<1xf32>
  memref.dealloc %yb : memref<1xf32>
  memref.dealloc %yc : memref<1xf32>
  return %r : memref<1xf32>
}
