// In-place sharing executed (docs/InPlace.md): a relu/add/relu chain with
// a residual input, as TFLite models have it. peakmem-inplace writes each
// output over the input that dies there; the program computes the same
// bits (identical digest), the counting allocator measures what the model
// says, before and after, and the peak is lower.
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-inplace{remarks=0},peakmem-verify-inplace,peakmem-report{remarks=0}))' > %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: %python -m peakmem exec %t.mlir --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// The arena planned after the pairs is smaller too, and executes the same.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-inplace{remarks=0},peakmem-plan-arena{remarks=0},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.arena.mlir
// RUN: FileCheck %s --check-prefix=ARENA < %t.arena.mlir
// RUN: %python -m peakmem exec %t.arena.mlir --check-model > %t.arena
// RUN: FileCheck %s --check-prefix=AFTER-ARENA < %t.arena
// RUN: grep output_digest %t.arena > %t.d3
// RUN: diff %t.d1 %t.d3
//
// Before: a = x * w, b = relu(a), c = b + x (residual), d = relu(c): two
// 1024 B buffers are live at each op (2048 B). After: one buffer of 1024 B;
// the arena is that buffer, requested with its alignment (4 B) on top.
// BEFORE: peak_bytes: 2048
// BEFORE: model_matches: 2048
// IR: peakmem.inplace_record = {bytes = 3072 : i64, pairs = 3 : i64, peak_after = 1024 : i64, peak_before = 2048 : i64}
// AFTER: peak_bytes: 1024
// AFTER: model_matches: 1024
// ARENA: peakmem.arena_size = 1024 : i64
// AFTER-ARENA: peak_bytes: 1028
// AFTER-ARENA: model_matches: 1028

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @chain(%x: memref<16x16xf32>, %w: memref<16x16xf32>, %y: memref<16x16xf32>) {
  %a = memref.alloc() : memref<16x16xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %w : memref<16x16xf32>, memref<16x16xf32>) outs(%a : memref<16x16xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %r = arith.mulf %i, %j : f32
    linalg.yield %r : f32
  }
  %b = memref.alloc() : memref<16x16xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<16x16xf32>) outs(%b : memref<16x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %i, %z : f32
    linalg.yield %r : f32
  }
  memref.dealloc %a : memref<16x16xf32>
  %c = memref.alloc() : memref<16x16xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b, %x : memref<16x16xf32>, memref<16x16xf32>) outs(%c : memref<16x16xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %r = arith.addf %i, %j : f32
    linalg.yield %r : f32
  }
  memref.dealloc %b : memref<16x16xf32>
  %d = memref.alloc() : memref<16x16xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<16x16xf32>) outs(%d : memref<16x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %i, %z : f32
    linalg.yield %r : f32
  }
  memref.dealloc %c : memref<16x16xf32>
  linalg.copy ins(%d : memref<16x16xf32>) outs(%y : memref<16x16xf32>)
  memref.dealloc %d : memref<16x16xf32>
  return
}
