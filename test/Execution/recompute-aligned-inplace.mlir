// Issue #22 item 3 (test/Transforms/recompute-aligned-inplace.mlir,
// @aligned_inplace): recompute clones the producer group (a copy and an
// in-place add) of a buffer with alignment 16 (4,096 + 16 B), allocating the
// fresh copy with the same alignment.
// The output bits must not change, and the measured peak must be the
// modeled one, before and after peakmem-optimize with its defaults.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-optimize{remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// BEFORE: model_matches: 16400
// AFTER: model_matches: 12304

func.func @aligned_inplace(%in: memref<1024xf32>, %y: memref<1024xf32>, %y2: memref<1024xf32>) -> memref<1024xf32> {
  %s = memref.alloc() {alignment = 16 : i64} : memref<1024xf32>
  linalg.copy ins(%in : memref<1024xf32>) outs(%s : memref<1024xf32>)
  %a = memref.alloc() : memref<1024xf32>
  linalg.exp ins(%s : memref<1024xf32>) outs(%a : memref<1024xf32>)
  linalg.add ins(%s, %y : memref<1024xf32>, memref<1024xf32>) outs(%s : memref<1024xf32>)
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
