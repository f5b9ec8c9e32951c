// Recomputation next to a loop whose result aliases two buffers: the buffers
// flowing through the scf.while are not recomputed (a clone reading the loop
// result could not be rewired; fuzz seed 5004858). The output bits must not
// change, and the measured peak must be the modeled one, before and after.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=0.3 max-op-overhead=0.3 remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// BEFORE: model_matches: 168
// AFTER: model_matches: 72

func.func @recompute_not_through_loop_result(%in: memref<2x3xf32>, %x: memref<2x3xf32>) -> memref<2x3xf32> {
  %half = arith.constant 0.5 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<2x3xf32>
  linalg.copy ins(%x : memref<2x3xf32>) outs(%a : memref<2x3xf32>)
  %b = memref.alloc() : memref<2x3xf32>
  linalg.fill ins(%half : f32) outs(%b : memref<2x3xf32>)
  %w:2 = scf.while (%wx = %a, %wk = %c0) : (memref<2x3xf32>, index) -> (memref<2x3xf32>, index) {
    %go = arith.cmpi slt, %wk, %c1 : index
    scf.condition(%go) %wx, %wk : memref<2x3xf32>, index
  } do {
  ^bb0(%wy: memref<2x3xf32>, %wj: index):
    linalg.mul ins(%wy, %wy : memref<2x3xf32>, memref<2x3xf32>) outs(%b : memref<2x3xf32>)
    %wn = arith.addi %wj, %c1 : index
    scf.yield %b, %wn : memref<2x3xf32>, index
  }
  %c = memref.alloc() : memref<2x3xf32>
  linalg.copy ins(%w#0 : memref<2x3xf32>) outs(%c : memref<2x3xf32>)
  %d = memref.alloc() : memref<2x3xf32>
  linalg.copy ins(%c : memref<2x3xf32>) outs(%d : memref<2x3xf32>)
  %t = memref.alloc() : memref<2x3xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%in : memref<2x3xf32>) outs(%t : memref<2x3xf32>) {
  ^bb0(%i: f32, %o: f32):
    %sq = arith.mulf %i, %i : f32
    %r = arith.addf %sq, %i : f32
    linalg.yield %r : f32
  }
  %u = memref.alloc() : memref<2x3xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t : memref<2x3xf32>) outs(%u : memref<2x3xf32>) {
  ^bb0(%i: f32, %o: f32):
    %sq = arith.mulf %i, %i : f32
    %r = arith.addf %sq, %i : f32
    linalg.yield %r : f32
  }
  %v = memref.alloc() : memref<2x3xf32>
  linalg.mul ins(%u, %u : memref<2x3xf32>, memref<2x3xf32>) outs(%v : memref<2x3xf32>)
  linalg.add ins(%v, %t : memref<2x3xf32>, memref<2x3xf32>) outs(%v : memref<2x3xf32>)
  memref.dealloc %t : memref<2x3xf32>
  %o = memref.alloc() : memref<2x3xf32>
  linalg.mul ins(%v, %c : memref<2x3xf32>, memref<2x3xf32>) outs(%o : memref<2x3xf32>)
  memref.dealloc %c : memref<2x3xf32>
  memref.dealloc %v : memref<2x3xf32>
  memref.dealloc %a : memref<2x3xf32>
  memref.dealloc %b : memref<2x3xf32>
  memref.dealloc %d : memref<2x3xf32>
  memref.dealloc %u : memref<2x3xf32>
  return %o : memref<2x3xf32>
}
