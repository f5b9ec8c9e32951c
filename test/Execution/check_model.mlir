// --check-model compares the measured peak with the function's peakmem.peak
// attribute (written by the peakmem-report pass; hand-written here). Other
// peakmem.* attributes on the function (even values of the unregistered
// peakmem dialect) must not disturb the lowering.
//
// RUN: %python -m peakmem exec %s --function good --check-model | FileCheck %s --check-prefix=GOOD
// RUN: not %python -m peakmem exec %s --function bad --check-model 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %python -m peakmem exec %s --function none --check-model 2>&1 | FileCheck %s --check-prefix=NONE
//
//   a = memref<3x5xf32> {alignment = 64}: 3*5*4 + 64 = 124
//   b = memref<3x5xf32>:                  3*5*4      =  60
// peak = a + b = 184
//
// GOOD: peak_bytes: 184
// GOOD-NEXT: output_digest: {{[0-9a-f]{16}$}}
// GOOD-NEXT: model_matches: 184
//
// BAD: peak_bytes: 184
// BAD: error: model mismatch for @bad: modeled peakmem.peak = 124 but measured peak_bytes = 184
//
// NONE: error: --check-model: @none has no peakmem.peak attribute

#id = affine_map<(i, j) -> (i, j)>

func.func @good(%x: memref<3x5xf32>) -> memref<3x5xf32>
    attributes {peakmem.peak = 184 : i64, peakmem.schedule = [0, 1, 2],
                peakmem.note = "hand-written", peakmem.opaque = #peakmem<"x">} {
  %a = memref.alloc() {alignment = 64 : i64} : memref<3x5xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<3x5xf32>) outs(%a : memref<3x5xf32>) {
  ^bb0(%v: f32, %o: f32):
    %e = math.exp %v : f32
    linalg.yield %e : f32
  }
  %b = memref.alloc() : memref<3x5xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<3x5xf32>) outs(%b : memref<3x5xf32>) {
  ^bb0(%v: f32, %o: f32):
    %e = math.erf %v : f32
    linalg.yield %e : f32
  }
  memref.dealloc %a : memref<3x5xf32>
  return %b : memref<3x5xf32>
}

func.func @bad(%x: memref<3x5xf32>) -> memref<3x5xf32> attributes {peakmem.peak = 124 : i64} {
  %r = call @good(%x) : (memref<3x5xf32>) -> memref<3x5xf32>
  return %r : memref<3x5xf32>
}

func.func @none(%x: memref<3x5xf32>) -> memref<3x5xf32> {
  %r = call @good(%x) : (memref<3x5xf32>) -> memref<3x5xf32>
  return %r : memref<3x5xf32>
}
