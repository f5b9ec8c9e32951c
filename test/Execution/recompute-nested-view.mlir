// Recomputing a producer that writes through a view used only inside its
// loop (test/Transforms/recompute.mlir, @recompute_through_nested_view): the
// output bits must not change, and the measured peak must be the modeled one.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=0.3 max-op-overhead=0.3 remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// BEFORE: model_matches: 16384
// AFTER: model_matches: 12288

func.func @nested(%in: memref<1024xf32>) -> memref<1024xf32> {
  %cst = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %b = memref.alloc() : memref<1024xf32>
  %bv = memref.subview %b[0] [1024] [1] : memref<1024xf32> to memref<1024xf32, strided<[1]>>
  scf.for %i = %c0 to %c1024 step %c1 {
    memref.store %cst, %bv[%i] : memref<1024xf32, strided<[1]>>
  }
  %e = memref.alloc() : memref<1024xf32>
  linalg.add ins(%b, %in : memref<1024xf32>, memref<1024xf32>) outs(%e : memref<1024xf32>)
  %t1 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%e, %e : memref<1024xf32>, memref<1024xf32>) outs(%t1 : memref<1024xf32>)
  memref.dealloc %e : memref<1024xf32>
  %t2 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t1, %t1 : memref<1024xf32>, memref<1024xf32>) outs(%t2 : memref<1024xf32>)
  %t3 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t1, %t2 : memref<1024xf32>, memref<1024xf32>) outs(%t3 : memref<1024xf32>)
  memref.dealloc %t1 : memref<1024xf32>
  memref.dealloc %t2 : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t3, %b : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %t3 : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return %o : memref<1024xf32>
}
