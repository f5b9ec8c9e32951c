// A result of the function placed in the caller's arena (arena=argument)
// and passed to a callee that keeps nothing: the function never frees it
// (its caller does), so the verifier's never-freed check for calls
// (plan-arena-calls-leaked-invalid.mlir) must not reject the planner's own
// recorded plan (review s13 A7).
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-plan-arena{arena=argument materialize=0 remarks=0},peakmem-verify-arena)' | FileCheck %s

func.func private @fill(%o: memref<1024xf32>) {
  %c = arith.constant 1.0 : f32
  linalg.fill ins(%c : f32) outs(%o : memref<1024xf32>)
  return
}
// CHECK-LABEL: func.func @main(
// CHECK: memref.alloc() {{.*}}peakmem.arena_offset
// CHECK: %[[O:.*]] = memref.alloc() {{.*}}peakmem.arena_offset
// CHECK: call @fill(%[[O]])
// CHECK: return %[[O]]
func.func @main(%x: memref<1024xf32>) -> memref<1024xf32> {
  %t = memref.alloc() : memref<1024xf32>
  linalg.add ins(%x, %x : memref<1024xf32>, memref<1024xf32>) outs(%t : memref<1024xf32>)
  %o = memref.alloc() : memref<1024xf32>
  func.call @fill(%o) : (memref<1024xf32>) -> ()
  linalg.add ins(%t, %o : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %t : memref<1024xf32>
  return %o : memref<1024xf32>
}
