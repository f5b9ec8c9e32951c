// A buffer stored into a memref of memrefs, loaded back (%l) and written and
// read through the loaded value. %a's free must stay after the accesses
// through %l (a loaded memref has opaque provenance: it may alias every
// captured buffer). Freeing %a right after the store lets %x reuse its
// memory: the final copy reads 7.0s.
//
// The model (peakmem-report) predicts the measured peak exactly, before and
// after peakmem-reorder, and the reordered program computes the same bits.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: grep model_matches %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: grep model_matches %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.recomputed
// RUN: grep output_digest %t.recomputed > %t.d3
// RUN: diff %t.d1 %t.d3

func.func @memref_of_memref(%in: memref<16xf32>, %out: memref<16xf32>, %side: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7.0 : f32
  %h = memref.alloca() : memref<1xmemref<16xf32>>
  %a = memref.alloc() : memref<16xf32>
  memref.store %a, %h[%c0] : memref<1xmemref<16xf32>>
  %l = memref.load %h[%c0] : memref<1xmemref<16xf32>>
  linalg.copy ins(%in : memref<16xf32>) outs(%l : memref<16xf32>)
  %x = memref.alloc() : memref<16xf32>
  linalg.fill ins(%seven : f32) outs(%x : memref<16xf32>)
  linalg.copy ins(%x : memref<16xf32>) outs(%side : memref<16xf32>)
  memref.dealloc %x : memref<16xf32>
  linalg.copy ins(%l : memref<16xf32>) outs(%out : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  return
}
