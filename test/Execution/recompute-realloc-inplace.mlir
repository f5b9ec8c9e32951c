// Issue #22 item 3 (test/Transforms/recompute-aligned-inplace.mlir,
// @realloc_inplace): a buffer made by memref.realloc and updated in place is
// not recomputable (a clone would free the reallocated source again);
// before the fix peakmem-optimize stopped with an internal error.
// The output bits must not change, and the measured peak must be the
// modeled one, before and after peakmem-optimize with its defaults.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-optimize{remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// BEFORE: model_matches: 16384
// AFTER: model_matches: 16384

func.func @realloc_inplace(%in: memref<1024xf32>, %y: memref<1024xf32>, %y2: memref<1024xf32>) -> memref<1024xf32> {
  %src = memref.alloc() : memref<512xf32>
  %v = memref.subview %in[0] [512] [1] : memref<1024xf32> to memref<512xf32, strided<[1]>>
  linalg.exp ins(%v : memref<512xf32, strided<[1]>>) outs(%src : memref<512xf32>)
  %s = memref.realloc %src : memref<512xf32> to memref<1024xf32>
  %a = memref.alloc() : memref<1024xf32>
  linalg.add ins(%s, %y : memref<1024xf32>, memref<1024xf32>) outs(%s : memref<1024xf32>)
  linalg.exp ins(%s : memref<1024xf32>) outs(%a : memref<1024xf32>)
  %b = memref.alloc() : memref<1024xf32>
  linalg.exp ins(%a : memref<1024xf32>) outs(%b : memref<1024xf32>)
  %c = memref.alloc() : memref<1024xf32>
  linalg.mul ins(%a, %b : memref<1024xf32>, memref<1024xf32>) outs(%c : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%s, %c : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %c : memref<1024xf32>
  memref.dealloc %s : memref<1024xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 256 : index
  scf.for %i = %c0 to %n step %c1 {
    linalg.exp ins(%in : memref<1024xf32>) outs(%y2 : memref<1024xf32>)
  }
  return %o : memref<1024xf32>
}
