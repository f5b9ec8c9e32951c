// Loop-carried memrefs: %cur is %a in the first iteration and %b (what the
// body yields) in the others, so the loop writes %b. The reader of %b after
// the loop must stay after it; hoisting it above the loop (to free the 4 KiB
// %x before the loop's 4 KiB scratch) reads %b before the loop wrote it:
// different output bits.
//
// The model (peakmem-report) predicts the measured peak exactly, before and
// after peakmem-reorder, and the reordered program computes the same bits.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: grep model_matches %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: grep model_matches %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.recomputed
// RUN: grep output_digest %t.recomputed > %t.d3
// RUN: diff %t.d1 %t.d3

#id = affine_map<(i) -> (i)>
func.func @loop_carried(%in: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%in : memref<16xf32>) outs(%a : memref<16xf32>)
  %b = memref.alloc() : memref<16xf32>
  linalg.copy ins(%in : memref<16xf32>) outs(%b : memref<16xf32>)
  %x = memref.alloc() : memref<1024xf32>
  %xv = memref.subview %x[0] [16] [1] : memref<1024xf32> to memref<16xf32, strided<[1]>>
  linalg.fill ins(%one : f32) outs(%x : memref<1024xf32>)
  linalg.copy ins(%in : memref<16xf32>) outs(%xv : memref<16xf32, strided<[1]>>)
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %a) -> memref<16xf32> {
    %t = memref.alloc() : memref<1024xf32>
    linalg.fill ins(%one : f32) outs(%t : memref<1024xf32>)
    %tv = memref.subview %t[0] [16] [1] : memref<1024xf32> to memref<16xf32, strided<[1]>>
    linalg.add ins(%cur, %tv : memref<16xf32>, memref<16xf32, strided<[1]>>) outs(%cur : memref<16xf32>)
    memref.dealloc %t : memref<1024xf32>
    linalg.copy ins(%cur : memref<16xf32>) outs(%in : memref<16xf32>)
    scf.yield %b : memref<16xf32>
  }
  %s = memref.alloc() : memref<16xf32>
  linalg.add ins(%b, %xv : memref<16xf32>, memref<16xf32, strided<[1]>>) outs(%s : memref<16xf32>)
  memref.dealloc %x : memref<1024xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %s : memref<16xf32>
}
