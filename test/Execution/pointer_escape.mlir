// A buffer's address escapes as an integer (extract_aligned_pointer_as_index,
// llvm.inttoptr) and is read through the pointer (llvm.load). %a's free must
// stay after the load (a pointer made from an integer may point into every
// captured buffer). Freeing %a right after the extraction lets %x reuse its
// memory: the load reads 7.0.
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

func.func @pointer_escape(%in: memref<16xf32>, %out: memref<16xf32>, %side: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%in : memref<16xf32>) outs(%a : memref<16xf32>)
  %p = memref.extract_aligned_pointer_as_index %a : memref<16xf32> -> index
  %i = arith.index_cast %p : index to i64
  %ptr = llvm.inttoptr %i : i64 to !llvm.ptr
  %x = memref.alloc() : memref<16xf32>
  linalg.fill ins(%seven : f32) outs(%x : memref<16xf32>)
  linalg.copy ins(%x : memref<16xf32>) outs(%side : memref<16xf32>)
  memref.dealloc %x : memref<16xf32>
  %v = llvm.load %ptr : !llvm.ptr -> f32
  memref.store %v, %out[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
