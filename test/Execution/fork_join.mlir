// Fork-join of linalg ops: two branches (t1 -> r1, t2 -> r2) joined into %out.
// The same computation in two statement orders: the interleaved order keeps
// both big temporaries live at once, the sequential one does not. Both must
// give the same output digest.
//
// RUN: %python -m peakmem exec %s --function interleaved > %t.a
// RUN: %python -m peakmem exec %s --function sequential > %t.b
// RUN: cat %t.a %t.b | FileCheck %s
// The model (peakmem-report) predicts the measured peak exactly, before and
// after peakmem-reorder, and the reordered program computes the same bits.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --function interleaved --check-model > %t.before
// RUN: FileCheck %s --check-prefix=MODEL < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --function interleaved --check-model > %t.after
// RUN: grep model_matches %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// MODEL: model_matches: 6464
//
// Sizes (bytes requested from the allocator, alignment attribute added):
//   t1 = memref<16x64xf32> {alignment = 64}: 16*64*4 + 64 = 4160
//   t2 = memref<8x64xf32>:                    8*64*4      = 2048
//   r1, r2, out = memref<64xf32>:             64*4        =  256 each
// interleaved: t1, t2, r1 live together       4160 + 2048 + 256       = 6464
//   (later: r1 + t2 + r2 = 2560, r1 + r2 + out = 768)
// sequential: max(t1 + r1, r1 + t2 + r2, r1 + r2 + out)
//           = max(4160 + 256, 256 + 2048 + 256, 768)                  = 4416
//
// CHECK: peak_bytes: 6464
// CHECK-NEXT: output_digest: [[DIGEST:[0-9a-f]{16}]]
// CHECK-NEXT: peak_bytes: 4416
// CHECK-NEXT: output_digest: [[DIGEST]]

#bcast = affine_map<(k, j) -> (j)>
#id2 = affine_map<(k, j) -> (k, j)>
#id = affine_map<(i) -> (i)>
#red_in = affine_map<(j, k) -> (k, j)>
#red_out = affine_map<(j, k) -> (j)>

func.func @interleaved(%x: memref<64xf32>) -> memref<64xf32> {
  %zero = arith.constant 0.0 : f32
  %t1 = memref.alloc() {alignment = 64 : i64} : memref<16x64xf32>
  linalg.generic {indexing_maps = [#bcast, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64xf32>) outs(%t1 : memref<16x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  %t2 = memref.alloc() : memref<8x64xf32>
  linalg.generic {indexing_maps = [#bcast, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64xf32>) outs(%t2 : memref<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.tanh %a : f32
    linalg.yield %e : f32
  }
  %r1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%zero : f32) outs(%r1 : memref<64xf32>)
  linalg.generic {indexing_maps = [#red_in, #red_out], iterator_types = ["parallel", "reduction"]}
      ins(%t1 : memref<16x64xf32>) outs(%r1 : memref<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  memref.dealloc %t1 : memref<16x64xf32>
  %r2 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%zero : f32) outs(%r2 : memref<64xf32>)
  linalg.generic {indexing_maps = [#red_in, #red_out], iterator_types = ["parallel", "reduction"]}
      ins(%t2 : memref<8x64xf32>) outs(%r2 : memref<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  memref.dealloc %t2 : memref<8x64xf32>
  %out = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%r1, %r2 : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  memref.dealloc %r1 : memref<64xf32>
  memref.dealloc %r2 : memref<64xf32>
  return %out : memref<64xf32>
}

func.func @sequential(%x: memref<64xf32>) -> memref<64xf32> {
  %zero = arith.constant 0.0 : f32
  %t1 = memref.alloc() {alignment = 64 : i64} : memref<16x64xf32>
  linalg.generic {indexing_maps = [#bcast, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64xf32>) outs(%t1 : memref<16x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  %r1 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%zero : f32) outs(%r1 : memref<64xf32>)
  linalg.generic {indexing_maps = [#red_in, #red_out], iterator_types = ["parallel", "reduction"]}
      ins(%t1 : memref<16x64xf32>) outs(%r1 : memref<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  memref.dealloc %t1 : memref<16x64xf32>
  %t2 = memref.alloc() : memref<8x64xf32>
  linalg.generic {indexing_maps = [#bcast, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64xf32>) outs(%t2 : memref<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.tanh %a : f32
    linalg.yield %e : f32
  }
  %r2 = memref.alloc() : memref<64xf32>
  linalg.fill ins(%zero : f32) outs(%r2 : memref<64xf32>)
  linalg.generic {indexing_maps = [#red_in, #red_out], iterator_types = ["parallel", "reduction"]}
      ins(%t2 : memref<8x64xf32>) outs(%r2 : memref<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  memref.dealloc %t2 : memref<8x64xf32>
  %out = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%r1, %r2 : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  memref.dealloc %r1 : memref<64xf32>
  memref.dealloc %r2 : memref<64xf32>
  return %out : memref<64xf32>
}
