// Buffers of one loop body share bytes by their own lifetimes
// (docs/Arena.md, "Nested blocks"): t1 dies before t2 is allocated in every
// iteration, so both sit at offset 0; u is read with t2, so it does not
// share with it; the scf.if's then and else buffers share. The planned
// program computes the same bits, and the measured peak (the arena plus
// its alignment request) is the modeled one.
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{order-search=false remarks=0},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: %python -m peakmem exec %t.mlir --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
//
// Plain program: acc 256 (returned) + t1 256 + t2 512 at t2's allocation
// (t1 is freed after it), acc + t2 + u 256 after.
// BEFORE: model_matches: 1024
// In the arena: t1 (256 B) dies at its add, before t2 (512 B) is
// allocated, so both sit at offset 0 and u at 512; the then/else buffers
// (256 B each) share offset 0 too: the arena is 768 B, its bound (held for
// the loop's whole step, the three loop buffers would need 1024 B).
// IR: peakmem.arena_lower_bound = 768 : i64
// IR-SAME: peakmem.arena_size = 768 : i64
// The arena (768 B) and its alignment request (8 B), plus acc (256 B,
// returned: outside the arena).
// AFTER: peak_bytes: 1032
// AFTER: model_matches: 1032

#id = affine_map<(i) -> (i)>

func.func @nested(%x: memref<64xf32>, %n: index) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %acc = memref.alloc() : memref<64xf32>
  memref.copy %x, %acc : memref<64xf32> to memref<64xf32>
  %ub = arith.addi %n, %c3 : index
  scf.for %i = %c0 to %ub step %c1 {
    %t1 = memref.alloc() : memref<64xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%acc : memref<64xf32>) outs(%t1 : memref<64xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = math.sin %v : f32
      linalg.yield %s : f32
    }
    linalg.add ins(%t1, %acc : memref<64xf32>, memref<64xf32>) outs(%acc : memref<64xf32>)
    %t2 = memref.alloc() : memref<64xf64>
    memref.dealloc %t1 : memref<64xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%acc : memref<64xf32>) outs(%t2 : memref<64xf64>) {
    ^bb0(%v: f32, %o: f64):
      %d = arith.extf %v : f32 to f64
      %h = arith.constant 0.75 : f64
      %m = arith.mulf %d, %h : f64
      linalg.yield %m : f64
    }
    %u = memref.alloc() : memref<64xf32>
    linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%t2, %acc : memref<64xf64>, memref<64xf32>) outs(%u : memref<64xf32>) {
    ^bb0(%v: f64, %w: f32, %o: f32):
      %t = arith.truncf %v : f64 to f32
      %r = arith.addf %t, %w : f32
      linalg.yield %r : f32
    }
    linalg.copy ins(%u : memref<64xf32>) outs(%acc : memref<64xf32>)
    memref.dealloc %t2 : memref<64xf64>
    memref.dealloc %u : memref<64xf32>
  }
  %odd = arith.cmpi eq, %n, %c1 : index
  scf.if %odd {
    %a = memref.alloc() : memref<64xf32>
    linalg.add ins(%acc, %acc : memref<64xf32>, memref<64xf32>) outs(%a : memref<64xf32>)
    linalg.copy ins(%a : memref<64xf32>) outs(%acc : memref<64xf32>)
    memref.dealloc %a : memref<64xf32>
  } else {
    %b = memref.alloc() : memref<64xf32>
    linalg.mul ins(%acc, %acc : memref<64xf32>, memref<64xf32>) outs(%b : memref<64xf32>)
    linalg.copy ins(%b : memref<64xf32>) outs(%acc : memref<64xf32>)
    memref.dealloc %b : memref<64xf32>
  }
  return %acc : memref<64xf32>
}
