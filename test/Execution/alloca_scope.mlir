// Stack allocations in nested regions: memref.alloca inside a
// memref.alloca_scope (released by the scope) and directly in a loop body
// (released when the function returns). They are 0 heap bytes, so the
// function is modeled (it used to be refused: 'allocation in a nested region
// is not freed in that region') and its measured heap peak is the modeled
// one.
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

func.func @alloca_scope(%in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%in : memref<16xf32>) outs(%a : memref<16xf32>)
  %b = memref.alloc() : memref<1024xf32>
  %bv = memref.subview %b[0] [16] [1] : memref<1024xf32> to memref<16xf32, strided<[1]>>
  linalg.copy ins(%in : memref<16xf32>) outs(%bv : memref<16xf32, strided<[1]>>)
  scf.for %i = %c0 to %c16 step %c1 {
    memref.alloca_scope {
      %s = memref.alloca() : memref<1xf32>
      %v = memref.load %a[%i] : memref<16xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %s[%c0] : memref<1xf32>
      %r = memref.load %s[%c0] : memref<1xf32>
      memref.store %r, %a[%i] : memref<16xf32>
    }
    %u = memref.alloca() : memref<1xf32>
    %x = memref.load %a[%i] : memref<16xf32>
    memref.store %x, %u[%c0] : memref<1xf32>
    %y = memref.load %u[%c0] : memref<1xf32>
    %z = arith.mulf %x, %y : f32
    memref.store %z, %a[%i] : memref<16xf32>
  }
  %t = memref.alloc() : memref<1024xf32>
  linalg.copy ins(%b : memref<1024xf32>) outs(%t : memref<1024xf32>)
  %tv = memref.subview %t[0] [16] [1] : memref<1024xf32> to memref<16xf32, strided<[1]>>
  linalg.add ins(%a, %tv : memref<16xf32>, memref<16xf32, strided<[1]>>) outs(%out : memref<16xf32>)
  memref.dealloc %t : memref<1024xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<1024xf32>
  return
}
