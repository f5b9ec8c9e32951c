// async.execute reads %a until its token is awaited: the free of %a must
// stay after async.await. Freeing it right after async.execute (to lower the
// peak while %x lives) would let the region read poisoned (or reused)
// memory. The region and the await run through the async runtime
// (libmlir_async_runtime, lowered by the harness).
//
// The model (peakmem-report) predicts the measured peak exactly, before and
// after peakmem-reorder and peakmem-recompute, and the reordered programs
// compute the same bits.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: FileCheck %s < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.recomputed
// RUN: grep output_digest %t.recomputed > %t.d3
// RUN: diff %t.d1 %t.d3
//
//   %a, %x = memref<16xf32>: 64 bytes each, live together until the await.
// CHECK: model_matches: 128

func.func @async_execute(%in: memref<16xf32>, %out: memref<16xf32>, %side: memref<16xf32>) {
  %seven = arith.constant 7.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%in : memref<16xf32>) outs(%a : memref<16xf32>)
  %t = async.execute {
    linalg.copy ins(%a : memref<16xf32>) outs(%out : memref<16xf32>)
    async.yield
  }
  %x = memref.alloc() : memref<16xf32>
  linalg.fill ins(%seven : f32) outs(%x : memref<16xf32>)
  linalg.copy ins(%x : memref<16xf32>) outs(%side : memref<16xf32>)
  memref.dealloc %x : memref<16xf32>
  async.await %t : !async.token
  memref.dealloc %a : memref<16xf32>
  return
}
