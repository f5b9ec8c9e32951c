// Review s12 D1: with arena=argument on the outermost module, plan-arena
// passes callee arena slots at each call (memref.alloc/dealloc around it)
// before planning the caller. When the caller then stays unchanged (here the
// call sits in scf.parallel, whose buffers are never placed: "no buffer to
// place"), its body still changed, so the claims made before (peakmem.peak,
// the certificate of peakmem-certify) are refreshed for the new body:
// peakmem-verify-certificate accepts the result (before the fix it rejected
// a certificate claiming 4096 B for a body that peaks at 4100 B) and
// peakmem.peak counts the slot.
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-reorder{remarks=0},peakmem-certify{remarks=0},peakmem-plan-arena{arena=argument remarks=0},peakmem-verify-certificate)' 2>/dev/null | FileCheck %s
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-reorder{remarks=0},peakmem-certify{remarks=0},peakmem-plan-arena{arena=argument remarks=0},peakmem-report{remarks=0})' 2>/dev/null | FileCheck %s --check-prefix=REPORT

// CHECK-LABEL: func.func @main(%arg0: memref<1024xf32>) attributes {peakmem.peak = 4100 : i64} {
// CHECK: scf.parallel
// CHECK: %[[S:.*]] = memref.alloc() {alignment = 4 : i64} : memref<4096xi8>
// CHECK: func.call @heavy(%{{.*}}, %[[S]])
// CHECK: memref.dealloc %[[S]]
// The refreshed peak is the model's of the new body.
// REPORT-LABEL: func.func @main
// REPORT-SAME: peakmem.peak = 4100 : i64
func.func @heavy(%o: memref<1024xf32>) {
  %c = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%c : f32) outs(%t : memref<1024xf32>)
  linalg.copy ins(%t : memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %t : memref<1024xf32>
  return
}
func.func @main(%o: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.parallel (%i) = (%c0) to (%c2) step (%c1) {
    func.call @heavy(%o) : (memref<1024xf32>) -> ()
    scf.reduce
  }
  return
}
