// Passes that change a block drop every peakmem claim they invalidate
// (certificate records, nested records, the tensor prediction) and recompute
// the model's own numbers (peakmem.peak; peakmem.macs and peakmem.ops when
// present), so that
// peakmem-verify-certificate accepts the result or finds no certificate.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-certify{remarks=0},peakmem-reorder{remarks=0},peakmem-verify-certificate))' --split-input-file | FileCheck %s --check-prefix=REORDER
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0},peakmem-certify{remarks=0},peakmem-recompute{max-mac-overhead=0.3 max-op-overhead=0.3 remarks=0},peakmem-verify-certificate))' --split-input-file | FileCheck %s --check-prefix=RECOMPUTE
// The other order: a certificate of the final IR holds.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-recompute{max-mac-overhead=0.3 max-op-overhead=0.3 remarks=0},peakmem-certify{remarks=0},peakmem-verify-certificate))' --split-input-file | FileCheck %s --check-prefix=LAST

// Reordering lowers the peak from 2052 to 1032 bytes, which is the bound:
// the record certified for the old order (peak 2052, lower bound 1032,
// optimal = false) is false afterwards and must go.
// REORDER-LABEL: func.func @reordered
// REORDER-NOT: peakmem.lower_bound
// REORDER-NOT: peakmem.optimal
// REORDER-NOT: peakmem.certificate
// REORDER-SAME: peakmem.peak = 1032 : i64, peakmem.reorder = {peak_after = 1032 : i64, peak_before = 2052 : i64, search = "proven"}}
// REORDER-NOT: peakmem.
// REORDER: return
// LAST-LABEL: func.func @reordered
// LAST-SAME: peakmem.lower_bound = 1032 : i64, peakmem.optimal = true, peakmem.peak = 1032 : i64
func.func @reordered(%in: memref<256xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%a1 : memref<256xf32>)
  %b1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%b1 : memref<256xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  memref.dealloc %a1 : memref<256xf32>
  %vb = memref.subview %b1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  memref.dealloc %b1 : memref<256xf32>
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}

// -----

// Only a loop body changes (the fork-join above, inside scf.for): the
// record of the body (peakmem.nested on the loop) and the function's record
// (the loop's scratch changed) both go.
// REORDER-LABEL: func.func @nested_reordered
// REORDER-NOT: peakmem.lower_bound
// REORDER-SAME: peakmem.peak = 1032 : i64, peakmem.reorder = {peak_after = 1032 : i64, peak_before = 2052 : i64, search = "proven"}}
// REORDER-NOT: peakmem.
// REORDER: return
func.func @nested_reordered(%in: memref<256xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %a1 = memref.alloc() : memref<256xf32>
    linalg.copy ins(%in : memref<256xf32>) outs(%a1 : memref<256xf32>)
    %b1 = memref.alloc() : memref<256xf32>
    linalg.copy ins(%in : memref<256xf32>) outs(%b1 : memref<256xf32>)
    %va = memref.subview %a1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
    %a2 = memref.alloc() : memref<1xf32>
    linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
    memref.dealloc %a1 : memref<256xf32>
    %vb = memref.subview %b1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
    %b2 = memref.alloc() : memref<1xf32>
    linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
    memref.dealloc %b1 : memref<256xf32>
    linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%out : memref<1xf32>)
    memref.dealloc %a2 : memref<1xf32>
    memref.dealloc %b2 : memref<1xf32>
  }
  return
}

// -----

// Already optimal: nothing moves, so the certificate still holds and stays.
// REORDER-LABEL: func.func @unchanged
// REORDER-SAME: peakmem.lower_bound = 512 : i64, peakmem.optimal = true
// REORDER-SAME: peakmem.peak = 512 : i64
func.func @unchanged(%in: memref<64xf32>) -> memref<64xf32> {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return %b : memref<64xf32>
}

// -----

// Recomputing the fill of %b lowers the peak from 16384 to 12288 bytes and
// adds 1024 operations (a fill: no MACs): the certificate of the old IR goes,
// peakmem.macs and peakmem.ops (set by peakmem-report) follow the clone.
// RECOMPUTE-LABEL: func.func @recomputed
// RECOMPUTE-NOT: peakmem.lower_bound
// RECOMPUTE-SAME: peakmem.macs = 0 : i64, peakmem.ops = 7168 : i64, peakmem.peak = 12288 : i64, peakmem.recompute = {cloned_ops = 1 : i64, macs_after = 0 : i64, macs_before = 0 : i64, ops_after = 7168 : i64, ops_before = 6144 : i64, peak_after = 12288 : i64, peak_before = 16384 : i64}}
// LAST-LABEL: func.func @recomputed
// LAST-SAME: peakmem.lower_bound = 12288 : i64, peakmem.optimal = true, peakmem.peak = 12288 : i64
func.func @recomputed(%in: memref<1024xf32>) -> memref<1024xf32> {
  %cst = arith.constant 1.0 : f32
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
  return %o : memref<1024xf32>
}
