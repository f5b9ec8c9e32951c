// scf.for with allocs and deallocs inside the body, a stack scratch buffer
// (memref.alloca: not counted, the harness measures heap bytes only), an
// accumulator that escapes, and a scalar (index) argument used as the trip
// count: the driver passes 1 for integer/index arguments, so the body runs
// 1 + 3 = 4 times.
//
// RUN: %python -m peakmem exec %s | FileCheck %s
// The model (peakmem-report) predicts the measured peak exactly, before and
// after peakmem-reorder, and the reordered program computes the same bits.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=MODEL < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: grep model_matches %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// MODEL: model_matches: 576
//
//   acc = memref<32xf32>:                 32*4      = 128 (returned)
//   t1  = memref<32xf32> {alignment = 64}: 32*4 + 64 = 192 (per iteration)
//   t2  = memref<32xf64>:                 32*8      = 256 (per iteration)
//   scratch = memref.alloca 1024xf32: stack, 0
// peak = acc + t1 + t2 = 128 + 192 + 256 = 576 (same in every iteration)
//
// CHECK: peak_bytes: 576
// CHECK-NEXT: output_digest: {{[0-9a-f]{16}$}}

#id = affine_map<(i) -> (i)>

func.func @loop(%x: memref<32xf32>, %n: index) -> memref<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %half = arith.constant 0.5 : f32
  %scratch = memref.alloca() : memref<1024xf32>
  %acc = memref.alloc() : memref<32xf32>
  memref.copy %x, %acc : memref<32xf32> to memref<32xf32>
  %ub = arith.addi %n, %c3 : index
  scf.for %i = %c0 to %ub step %c1 {
    %t1 = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%acc : memref<32xf32>) outs(%t1 : memref<32xf32>) {
    ^bb0(%v: f32, %o: f32):
      %m = arith.mulf %v, %half : f32
      %s = math.sin %m : f32
      linalg.yield %s : f32
    }
    %t2 = memref.alloc() : memref<32xf64>
    linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%t1, %acc : memref<32xf32>, memref<32xf32>) outs(%t2 : memref<32xf64>) {
    ^bb0(%v: f32, %w: f32, %o: f64):
      %s = arith.addf %v, %w : f32
      %d = arith.extf %s : f32 to f64
      linalg.yield %d : f64
    }
    memref.dealloc %t1 : memref<32xf32>
    %i32 = arith.index_cast %i : index to i32
    %fi = arith.sitofp %i32 : i32 to f32
    memref.store %fi, %scratch[%i] : memref<1024xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%t2 : memref<32xf64>) outs(%acc : memref<32xf32>) {
    ^bb0(%v: f64, %o: f32):
      %t = arith.truncf %v : f64 to f32
      %ld = memref.load %scratch[%i] : memref<1024xf32>
      %r = arith.addf %t, %ld : f32
      linalg.yield %r : f32
    }
    memref.dealloc %t2 : memref<32xf64>
  }
  return %acc : memref<32xf32>
}
