// The JSON report has one entry per function, keyed by its symbol path:
// same-named functions of different nested modules (named or not) are all
// kept, in a deterministic order, each with its own peak.
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-report{json=%t.json remarks=0})' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json

// CHECK-DAG: "path": "@f"
// CHECK-DAG: "path": "@inner::@f"
// CHECK-DAG: "path": "builtin.module#2::@f"
// CHECK-DAG: "peak": 16
// CHECK-DAG: "peak": 32
// CHECK-DAG: "peak": 64
func.func @f() {
  %c = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%c : f32) outs(%a : memref<4xf32>)
  memref.dealloc %a : memref<4xf32>
  return
}
module @inner {
  func.func @f() {
    %c = arith.constant 0.0 : f32
    %a = memref.alloc() : memref<8xf32>
    linalg.fill ins(%c : f32) outs(%a : memref<8xf32>)
    memref.dealloc %a : memref<8xf32>
    return
  }
}
module {
  func.func @f() {
    %c = arith.constant 0.0 : f32
    %a = memref.alloc() : memref<16xf32>
    linalg.fill ins(%c : f32) outs(%a : memref<16xf32>)
    memref.dealloc %a : memref<16xf32>
    return
  }
}
