// Static arena planning executed: an scf.for whose body allocates two
// temporaries (nested scratch), an accumulator that escapes (returned), and a
// stack buffer (not heap). Before: the per-buffer allocator. After
// peakmem-reorder + peakmem-plan-arena: t1 and t2 are views of one arena held
// for the whole loop; acc stays a plain alloc.
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-plan-arena{remarks=0},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: %python -m peakmem exec %t.mlir --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
//
// Before:
//   acc = memref<32xf32>:                  32*4      = 128 (returned)
//   t1  = memref<32xf32> {alignment = 64}: 32*4 + 64 = 192 (per iteration)
//   t2  = memref<32xf64>:                  32*8      = 256 (per iteration)
//   peak = 128 + 192 + 256 = 576
// After: t1 occupies 128 B aligned to 64, t2 256 B aligned to 8, both held for
// the loop: arena N = 384 (t2 at 0, t1 at 256), requested with alignment 64:
// 384 + 64 = 448; plus acc 128: peak = 576, which the model (the arena as one
// buffer) predicts.
// BEFORE: peak_bytes: 576
// BEFORE: model_matches: 576
// IR: peakmem.arena_size = 384 : i64
// IR: memref.alloc() {alignment = 64 : i64, peakmem.arena} : memref<384xi8>
// AFTER: peak_bytes: 576
// AFTER: model_matches: 576

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
