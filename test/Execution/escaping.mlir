// Escaping buffers: two returned buffers stay live after the call and are
// counted (they are live at return); a temporary is freed before return.
// Integer element types, a scalar i32 argument (the driver passes 1) and a
// scalar result (digested as well).
//
// RUN: %python -m peakmem exec %s --verbose | FileCheck %s
// The model (peakmem-report) predicts the measured peak exactly, before and
// after peakmem-reorder, and the reordered program computes the same bits.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=MODEL < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: grep model_matches %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// MODEL: model_matches: 224
//
//   r1 = memref<10xi32>:                 10*4      =  40 (returned)
//   t  = memref<10xi64>:                 10*8      =  80 (freed)
//   r2 = memref<5xf64> {alignment = 64}:  5*8 + 64 = 104 (returned)
// peak = r1 + t + r2 = 40 + 80 + 104 = 224; live at the end = 40 + 104 = 144
//
// CHECK: peak_bytes: 224
// CHECK-NEXT: output_digest: {{[0-9a-f]{16}$}}
// CHECK-NEXT: live_bytes_at_end: 144
// CHECK-NEXT: alloc_count: 3
// CHECK-NEXT: free_count: 1

#id = affine_map<(i) -> (i)>
#half = affine_map<(i) -> (2 * i)>

func.func @escape(%x: memref<10xi32>, %s: i32) -> (memref<10xi32>, memref<5xf64>, i32) {
  %c0 = arith.constant 0 : index
  %r1 = memref.alloc() : memref<10xi32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<10xi32>) outs(%r1 : memref<10xi32>) {
  ^bb0(%v: i32, %o: i32):
    %a = arith.addi %v, %s : i32
    linalg.yield %a : i32
  }
  %t = memref.alloc() : memref<10xi64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%r1 : memref<10xi32>) outs(%t : memref<10xi64>) {
  ^bb0(%v: i32, %o: i64):
    %w = arith.extsi %v : i32 to i64
    %m = arith.muli %w, %w : i64
    linalg.yield %m : i64
  }
  %r2 = memref.alloc() {alignment = 64 : i64} : memref<5xf64>
  linalg.generic {indexing_maps = [#half, #id], iterator_types = ["parallel"]}
      ins(%t : memref<10xi64>) outs(%r2 : memref<5xf64>) {
  ^bb0(%v: i64, %o: f64):
    %f = arith.sitofp %v : i64 to f64
    linalg.yield %f : f64
  }
  memref.dealloc %t : memref<10xi64>
  %first = memref.load %r1[%c0] : memref<10xi32>
  return %r1, %r2, %first : memref<10xi32>, memref<5xf64>, i32
}
