// Every element type the driver can fill (f16, bf16, f64, i1, i64, index),
// an argument written in place (arguments are digested after the call), and
// a zero-dimensional result.
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
// MODEL: model_matches: 36
//
//   s = memref<f64>:     1*8 =  8 (returned)
//   h = memref<7xf32>:   7*4 = 28 (freed)
// peak = 8 + 28 = 36
//
// CHECK: peak_bytes: 36
// CHECK-NEXT: output_digest: {{[0-9a-f]{16}$}}

#id = affine_map<(i) -> (i)>
#all = affine_map<(i) -> ()>

func.func @types(%a: memref<7xf16>, %b: memref<7xbf16>, %c: memref<7xf64>,
                 %m: memref<7xi1>, %d: memref<7xi64>, %e: memref<7xindex>)
    -> memref<f64> {
  %zero = arith.constant 0.0 : f64
  %h = memref.alloc() : memref<7xf32>
  linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b, %m : memref<7xf16>, memref<7xbf16>, memref<7xi1>) outs(%h : memref<7xf32>) {
  ^bb0(%x: f16, %y: bf16, %p: i1, %o: f32):
    %xf = arith.extf %x : f16 to f32
    %yf = arith.extf %y : bf16 to f32
    %r = arith.select %p, %xf, %yf : f32
    linalg.yield %r : f32
  }
  %s = memref.alloc() : memref<f64>
  memref.store %zero, %s[] : memref<f64>
  linalg.generic {indexing_maps = [#id, #id, #id, #id, #all], iterator_types = ["reduction"]}
      ins(%h, %c, %d, %e : memref<7xf32>, memref<7xf64>, memref<7xi64>, memref<7xindex>)
      outs(%s : memref<f64>) {
  ^bb0(%x: f32, %y: f64, %i: i64, %j: index, %acc: f64):
    %xd = arith.extf %x : f32 to f64
    %ii = arith.index_cast %j : index to i64
    %k = arith.xori %i, %ii : i64
    %kf = arith.sitofp %k : i64 to f64
    %t = arith.addf %xd, %y : f64
    %u = arith.addf %t, %kf : f64
    %r = arith.addf %acc, %u : f64
    linalg.yield %r : f64
  }
  memref.dealloc %h : memref<7xf32>
  // In place: the argument %c is overwritten and digested after the call.
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%c : memref<7xf64>) {
  ^bb0(%o: f64):
    %n = arith.negf %o : f64
    linalg.yield %n : f64
  }
  return %s : memref<f64>
}
