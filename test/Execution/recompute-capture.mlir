// Recomputation next to a captured buffer: %c is stored into %h and written
// through the loaded pointer, so opaque accesses reach it until its free.
// Applying the plan keeps that free in place (moved to the block end, the
// call after it fell inside the capture window and the rebuilt model no
// longer peaked where the plan said: an internal error, fuzz seed 5000278).
// The output bits must not change, and the measured peak must be the modeled
// one, before and after.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute{max-mac-overhead=0.3 max-op-overhead=0.3 remarks=0},peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.after
// RUN: FileCheck %s --check-prefix=AFTER < %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// BEFORE: model_matches: 16384
// AFTER: model_matches: 12288

func.func private @peakmem_retain_f32(memref<?xf32>)
func.func @recompute_capture_window(%in: memref<1024xf32>, %side: memref<16xf32>) -> memref<1024xf32> {
  %cst = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c = memref.alloc() : memref<64xf32>
  %h = memref.alloc() : memref<1xmemref<64xf32>>
  memref.store %c, %h[%c0] : memref<1xmemref<64xf32>>
  %l = memref.load %h[%c0] : memref<1xmemref<64xf32>>
  linalg.fill ins(%cst : f32) outs(%l : memref<64xf32>)
  memref.dealloc %h : memref<1xmemref<64xf32>>
  memref.dealloc %c : memref<64xf32>
  %b = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<1024xf32>)
  %e = memref.alloc() : memref<1024xf32>
  linalg.add ins(%b, %in : memref<1024xf32>, memref<1024xf32>) outs(%e : memref<1024xf32>)
  %t1 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%e, %e : memref<1024xf32>, memref<1024xf32>) outs(%t1 : memref<1024xf32>)
  memref.dealloc %e : memref<1024xf32>
  %t2 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t1, %t1 : memref<1024xf32>, memref<1024xf32>) outs(%t2 : memref<1024xf32>)
  %t3 = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t1, %t2 : memref<1024xf32>, memref<1024xf32>) outs(%t3 : memref<1024xf32>)
  memref.dealloc %t1 : memref<1024xf32>
  memref.dealloc %t2 : memref<1024xf32>
  %o = memref.alloc() : memref<1024xf32>
  linalg.add ins(%t3, %b : memref<1024xf32>, memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %t3 : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  %sd = memref.cast %side : memref<16xf32> to memref<?xf32>
  func.call @peakmem_retain_f32(%sd) : (memref<?xf32>) -> ()
  return %o : memref<1024xf32>
}
