// The records tools read instead of remark text (include/peakmem/Transforms/
// PassRecords.h): peakmem.reorder, peakmem.reorder_tensors and
// peakmem.recompute, one dictionary per function, written with or without
// remarks; the reorder records are claims about the order and go when a
// later pass changes the block.
// RUN: peakmem-opt %s --split-input-file -p 'builtin.module(func.func(peakmem-reorder{remarks=0}))' | FileCheck %s --check-prefix=REORDER
// RUN: peakmem-opt %s --split-input-file -p 'builtin.module(func.func(peakmem-report{remarks=0},peakmem-recompute{remarks=0}))' | FileCheck %s --check-prefix=DEFAULT
// RUN: peakmem-opt %s --split-input-file -p 'builtin.module(func.func(peakmem-report{remarks=0},peakmem-recompute{max-mac-overhead=0.3 max-op-overhead=0.3 remarks=0}))' | FileCheck %s --check-prefix=CLONED
// RUN: peakmem-opt %s --split-input-file -p 'builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-recompute{max-mac-overhead=0.3 max-op-overhead=0.3 remarks=0}))' | FileCheck %s --check-prefix=STALE
// RUN: peakmem-opt %s --split-input-file -p 'builtin.module(func.func(peakmem-reorder-tensors{remarks=0}))' | FileCheck %s --check-prefix=TENSORS
// The state cap stops the search: "stopped" with the bound it was compared to.
// RUN: %python %S/Inputs/gen-many-ifs.py 1 > %t.mlir
// RUN: peakmem-opt %t.mlir -p 'builtin.module(func.func(peakmem-reorder{max-states=1 remarks=0}))' | FileCheck %s --check-prefix=STOPPED
// STOPPED: peakmem.reorder = {lower_bound = 0 : i64, peak_after = 7232 : i64, peak_before = 26880 : i64, search = "stopped"}

// Reordering lowers the peak from 2052 to 1032 bytes and the exact search
// proves it; recomputation finds nothing to clone (no recomputable buffer
// is live across the peak) and says why.
// REORDER-LABEL: func.func @fork_join
// REORDER-SAME: peakmem.reorder = {peak_after = 1032 : i64, peak_before = 2052 : i64, search = "proven"}
// DEFAULT-LABEL: func.func @fork_join
// DEFAULT-SAME: peakmem.recompute = {cloned_ops = 0 : i64, macs_after = 0 : i64, macs_before = 0 : i64, ops_after = 515 : i64, ops_before = 515 : i64, peak_after = 1032 : i64, peak_before = 2052 : i64, reason = "{{.+}}"}
// STALE-LABEL: func.func @fork_join
// STALE-SAME: peakmem.reorder = {peak_after = 1032 : i64, peak_before = 2052 : i64, search = "proven"}
func.func @fork_join(%in: memref<256xf32>, %out: memref<1xf32>) {
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
  return
}

// -----

// Already certified optimal: no search. Recomputing the fill lowers the
// peak from 16384 to 12288 bytes for 1,024 more operations; the record's
// operation counts are peakmem-report's (peakmem.ops). Recomputation
// changes the block, so the reorder record of the old order goes.
// REORDER-LABEL: func.func @recompute_fill
// REORDER-SAME: peakmem.reorder = {peak_after = 16384 : i64, peak_before = 16384 : i64, search = "certified"}
// DEFAULT-LABEL: func.func @recompute_fill
// DEFAULT-SAME: peakmem.recompute = {cloned_ops = 0 : i64, macs_after = 0 : i64, macs_before = 0 : i64, ops_after = 6144 : i64, ops_before = 6144 : i64, peak_after = 16384 : i64, peak_before = 16384 : i64, reason = "the MAC budget (0 of 0 MACs), the operation budget (61 operations) or the per-op limit excludes every recomputable buffer live across the peak (3 buffers)"}
// CLONED-LABEL: func.func @recompute_fill
// CLONED-SAME: peakmem.ops = 7168 : i64, peakmem.peak = 12288 : i64, peakmem.recompute = {cloned_ops = 1 : i64, macs_after = 0 : i64, macs_before = 0 : i64, ops_after = 7168 : i64, ops_before = 6144 : i64, peak_after = 12288 : i64, peak_before = 16384 : i64}}
// STALE-LABEL: func.func @recompute_fill
// STALE-NOT: peakmem.reorder
// STALE-SAME: peakmem.recompute = {cloned_ops = 1 : i64
// STALE-NOT: peakmem.reorder
// STALE: return
func.func @recompute_fill(%in: memref<1024xf32>) -> memref<1024xf32> {
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

// -----

// The tensor model: 2244 bytes as written, 1224 once branch A finishes
// first, proven; a function without tensors has nothing to order.
// TENSORS-LABEL: func.func @tensor_fork_join
// TENSORS-SAME: peakmem.predicted_peak = 1224 : i64, peakmem.reorder_tensors = {peak_after = 1224 : i64, peak_before = 2244 : i64, search = "proven"}
// TENSORS-LABEL: func.func @no_tensors
// TENSORS-SAME: peakmem.reorder_tensors = {peak_after = 0 : i64, peak_before = 0 : i64, search = "none"}
func.func @tensor_fork_join(%in: tensor<256xf32>) -> tensor<1xf32> {
  %e1 = tensor.empty() : tensor<256xf32>
  %a1 = linalg.exp ins(%in : tensor<256xf32>) outs(%e1 : tensor<256xf32>) -> tensor<256xf32>
  %e2 = tensor.empty() : tensor<256xf32>
  %b1 = linalg.log ins(%in : tensor<256xf32>) outs(%e2 : tensor<256xf32>) -> tensor<256xf32>
  %sa = tensor.extract_slice %a1[0] [1] [1] : tensor<256xf32> to tensor<1xf32>
  %e3 = tensor.empty() : tensor<1xf32>
  %a2 = linalg.copy ins(%sa : tensor<1xf32>) outs(%e3 : tensor<1xf32>) -> tensor<1xf32>
  %sb = tensor.extract_slice %b1[0] [1] [1] : tensor<256xf32> to tensor<1xf32>
  %e4 = tensor.empty() : tensor<1xf32>
  %b2 = linalg.copy ins(%sb : tensor<1xf32>) outs(%e4 : tensor<1xf32>) -> tensor<1xf32>
  %e5 = tensor.empty() : tensor<1xf32>
  %j = linalg.add ins(%a2, %b2 : tensor<1xf32>, tensor<1xf32>) outs(%e5 : tensor<1xf32>) -> tensor<1xf32>
  return %j : tensor<1xf32>
}

func.func @no_tensors(%x: f32) -> f32 {
  return %x : f32
}
