// Calls of functions with a body, executed: @two_calls calls @small (a 256 B
// result) and then @heavy (a 4096 B temporary and a 256 B result). Each call
// is one statement of the caller whose scratch is its callee's peak less the
// buffer it returns (docs/Model.md, "Calls"); the results are buffers the
// calls allocate. As written, a (256 B) is live during @heavy: 256 + 4096 +
// 256 = 4608 B. Reordered, @heavy runs first: 4352 B. The counting allocator
// counts the callees' allocations too: measured == modeled on both programs,
// and the output is bit-identical.
//
// RUN: peakmem-opt %s --peakmem-report=remarks=0 | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s --peakmem-reorder=remarks=0 --peakmem-report=remarks=0 > %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: %python -m peakmem exec %t.mlir --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
//
// BEFORE: peak_bytes: 4608
// BEFORE: model_matches: 4608
// IR-LABEL: func.func @two_calls
// IR-SAME: peak_after = 4352 : i64, peak_before = 4608 : i64
// IR-NEXT: call @heavy
// IR-NEXT: call @small
// AFTER: peak_bytes: 4352
// AFTER: model_matches: 4352

#id = affine_map<(i) -> (i)>
#m2 = affine_map<(i, j) -> (j)>
#m2o = affine_map<(i, j) -> (i, j)>
#red_in = affine_map<(i, j) -> (i, j)>
#red_out = affine_map<(i, j) -> (j)>

// sin(x): 256 B result, no temporary.
func.func private @small(%x: memref<64xf32> {llvm.nocapture}) -> memref<64xf32> {
  %r = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<64xf32>) outs(%r : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = math.sin %v : f32
    linalg.yield %s : f32
  }
  return %r : memref<64xf32>
}

// A 16x64 temporary (4096 B), reduced into the 256 B result.
func.func private @heavy(%x: memref<64xf32> {llvm.nocapture}) -> memref<64xf32> {
  %t = memref.alloc() : memref<16x64xf32>
  linalg.generic {indexing_maps = [#m2, #m2o], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64xf32>) outs(%t : memref<16x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %c = math.cos %v : f32
    linalg.yield %c : f32
  }
  %r = memref.alloc() : memref<64xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%r : memref<64xf32>)
  linalg.generic {indexing_maps = [#red_in, #red_out], iterator_types = ["reduction", "parallel"]}
      ins(%t : memref<16x64xf32>) outs(%r : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %o : f32
    linalg.yield %s : f32
  }
  memref.dealloc %t : memref<16x64xf32>
  return %r : memref<64xf32>
}

func.func @two_calls(%x: memref<64xf32>) -> memref<64xf32> {
  %a = func.call @small(%x) : (memref<64xf32>) -> memref<64xf32>
  %b = func.call @heavy(%x) : (memref<64xf32>) -> memref<64xf32>
  %y = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.mulf %v, %w : f32
    linalg.yield %s : f32
  }
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return %y : memref<64xf32>
}
