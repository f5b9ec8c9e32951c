// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report))' --split-input-file -verify-diagnostics | FileCheck %s

// Frees at the end of the block (as the buffer-deallocation pipeline leaves
// them): every temporary is live at once. 3 x 64 x 4 = 768 bytes, first
// reached when %c is allocated.
// CHECK-LABEL: func.func @frees_at_end
// CHECK-SAME: peakmem.peak = 768 : i64
func.func @frees_at_end(%in: memref<64xf32>) -> memref<64xf32> {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  // expected-remark @below {{peakmem: peak of 768 bytes in 'frees_at_end' reached here}}
  %c = memref.alloc() : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%c : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return %c : memref<64xf32>
}

// -----

// Frees right after the last use: at most two buffers live (512 bytes),
// first reached at the copy into %b; the returned %c is live to the end.
// CHECK-LABEL: func.func @frees_at_last_use
// CHECK-SAME: peakmem.peak = 512 : i64
func.func @frees_at_last_use(%in: memref<64xf32>) -> memref<64xf32> {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%a : memref<64xf32>)
  // expected-remark @below {{peakmem: peak of 512 bytes}}
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%c : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  return %c : memref<64xf32>
}

// -----

// The alignment attribute is requested on top of the data by the heap
// lowering: 10 x 1 + 64 = 74 bytes for the i8 buffer, 3 x 8 = 24 for index,
// 5 x 1 = 5 for i1; all live at the end: 103.
// CHECK-LABEL: func.func @element_bytes_and_alignment
// CHECK-SAME: peakmem.peak = 103 : i64
func.func @element_bytes_and_alignment() {
  %a = memref.alloc() {alignment = 64 : i64} : memref<10xi8>
  %b = memref.alloc() : memref<3xindex>
  // expected-remark @below {{peak of 103 bytes}}
  %c = memref.alloc() : memref<5xi1>
  memref.dealloc %a : memref<10xi8>
  memref.dealloc %b : memref<3xindex>
  memref.dealloc %c : memref<5xi1>
  return
}

// -----

// Writes through views (subviews of a concat buffer, an expand_shape) use the
// base allocation: %cat (512) lives until its last reader through %e.
// Peak: %cat (512) + %x (256) from the allocation of %x = 768.
// CHECK-LABEL: func.func @views_keep_base_alive
// CHECK-SAME: peakmem.peak = 768 : i64
func.func @views_keep_base_alive(%in: memref<64xf32>, %out: memref<2x64xf32>) {
  %cat = memref.alloc() : memref<128xf32>
  %lo = memref.subview %cat[0] [64] [1] : memref<128xf32> to memref<64xf32, strided<[1]>>
  %hi = memref.subview %cat[64] [64] [1] : memref<128xf32> to memref<64xf32, strided<[1], offset: 64>>
  linalg.copy ins(%in : memref<64xf32>) outs(%lo : memref<64xf32, strided<[1]>>)
  // expected-remark @below {{peak of 768 bytes}}
  %x = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%x : memref<64xf32>)
  linalg.copy ins(%x : memref<64xf32>) outs(%hi : memref<64xf32, strided<[1], offset: 64>>)
  memref.dealloc %x : memref<64xf32>
  %e = memref.expand_shape %cat [[0, 1]] output_shape [2, 64] : memref<128xf32> into memref<2x64xf32>
  linalg.copy ins(%e : memref<2x64xf32>) outs(%out : memref<2x64xf32>)
  memref.dealloc %cat : memref<128xf32>
  return
}

// -----

// A loop whose body allocates and frees 400 bytes per iteration: the loop is
// one statement with 400 bytes of scratch on top of %acc (256): 656.
// CHECK-LABEL: func.func @loop_scratch
// CHECK-SAME: peakmem.peak = 656 : i64
func.func @loop_scratch(%in: memref<64xf32>) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %acc = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%acc : memref<64xf32>)
  // expected-remark @below {{peak of 656 bytes}}
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.alloc() : memref<100xf32>
    memref.dealloc %t : memref<100xf32>
  }
  return %acc : memref<64xf32>
}

// -----

// Stack allocations never reach the heap allocator: 0 heap bytes (they stay
// in the model for ordering). Only the heap buffer counts: 8 x 4 = 32.
// CHECK-LABEL: func.func @alloca_is_not_heap
// CHECK-SAME: peakmem.peak = 32 : i64
func.func @alloca_is_not_heap(%in: memref<16xf32>) {
  %a = memref.alloca() {alignment = 64 : i64} : memref<16xf32>
  linalg.copy ins(%in : memref<16xf32>) outs(%a : memref<16xf32>)
  // expected-remark @below {{peak of 32 bytes}}
  %h = memref.alloc() : memref<8xf32>
  memref.dealloc %h : memref<8xf32>
  return
}

// -----

// A function without buffers has a peak of 0 and no remark.
// CHECK-LABEL: func.func @no_buffers
// CHECK-SAME: peakmem.peak = 0 : i64
func.func @no_buffers(%x: i32) -> i32 {
  return %x : i32
}

// -----

// Found by the differential test (test/python/test_differential.py).
// A loop with a static trip count of 0 never runs its body, so its inner
// allocation never happens: the execution harness measures 16 bytes
// (`python -m peakmem exec --check-model` reports "modeled peakmem.peak = 272
// but measured peak_bytes = 16"). The model added the body's peak (256 B) as
// the loop's scratch regardless of the trip count (fixed): a loop whose static
// trip count is 0 has no scratch, 16 bytes.
// CHECK-LABEL: func.func @zero_trip_loop
// CHECK-SAME: peakmem.peak = 16 : i64
func.func @zero_trip_loop(%in: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{peak of 16 bytes}}
  %a = memref.alloc() : memref<4xf32>
  linalg.copy ins(%in : memref<4xf32>) outs(%a : memref<4xf32>)
  scf.for %i = %c0 to %c0 step %c1 {
    %t = memref.alloc() : memref<64xf32>
    memref.dealloc %t : memref<64xf32>
  }
  return %a : memref<4xf32>
}
