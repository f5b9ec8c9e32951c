// A pointer retained by an opaque call: @peakmem_retain_f32 remembers %a's
// address, @peakmem_release_f32 reads %a through it into %out. %a's free
// must stay after the release (an op with unknown effects after the capture
// may access the captured buffer). Freeing it right after the retain (to
// lower the peak while %x lives) lets %x reuse its memory: the release then
// copies 7.0s instead of the input.
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

func.func private @peakmem_retain_f32(memref<?xf32>)
func.func private @peakmem_release_f32(memref<?xf32>)
func.func @retained_pointer(%in: memref<16xf32>, %out: memref<16xf32>, %side: memref<16xf32>) {
  %seven = arith.constant 7.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%in : memref<16xf32>) outs(%a : memref<16xf32>)
  %ad = memref.cast %a : memref<16xf32> to memref<?xf32>
  call @peakmem_retain_f32(%ad) : (memref<?xf32>) -> ()
  %x = memref.alloc() : memref<16xf32>
  linalg.fill ins(%seven : f32) outs(%x : memref<16xf32>)
  linalg.copy ins(%x : memref<16xf32>) outs(%side : memref<16xf32>)
  memref.dealloc %x : memref<16xf32>
  %od = memref.cast %out : memref<16xf32> to memref<?xf32>
  call @peakmem_release_f32(%od) : (memref<?xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  return
}
