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

// -----

// Bytes per element type: exactly what finalize-memref-to-llvm requests
// (elements x LLVM alloc size under the default data layout, + `alignment`,
// or + the element size once when the element type is not a signless
// integer, index or float). Each function allocates one memref<10xT>;
// test/Execution/odd_element_types.mlir measures the same types.

// i1: 1 byte.
// CHECK-LABEL: func.func @i1()
// CHECK-SAME: peakmem.peak = 10 : i64
func.func @i1() {
  // expected-remark @below {{peakmem: peak of 10 bytes in 'i1'}}
  %a = memref.alloc() : memref<10xi1>
  memref.dealloc %a : memref<10xi1>
  return
}

// i17: store 3 bytes, i32 alignment 4: 4 bytes.
// CHECK-LABEL: func.func @i17()
// CHECK-SAME: peakmem.peak = 40 : i64
func.func @i17() {
  // expected-remark @below {{peakmem: peak of 40 bytes in 'i17'}}
  %a = memref.alloc() : memref<10xi17>
  memref.dealloc %a : memref<10xi17>
  return
}

// i24: store 3 bytes, alignment 4: 4 bytes.
// CHECK-LABEL: func.func @i24()
// CHECK-SAME: peakmem.peak = 40 : i64
func.func @i24() {
  // expected-remark @below {{peakmem: peak of 40 bytes in 'i24'}}
  %a = memref.alloc() : memref<10xi24>
  memref.dealloc %a : memref<10xi24>
  return
}

// i48: store 6 bytes, i64 alignment 4: 8 bytes.
// CHECK-LABEL: func.func @i48()
// CHECK-SAME: peakmem.peak = 80 : i64
func.func @i48() {
  // expected-remark @below {{peakmem: peak of 80 bytes in 'i48'}}
  %a = memref.alloc() : memref<10xi48>
  memref.dealloc %a : memref<10xi48>
  return
}

// i65: store 9 bytes, alignment 4 above 64 bits: 12 bytes.
// CHECK-LABEL: func.func @i65()
// CHECK-SAME: peakmem.peak = 120 : i64
func.func @i65() {
  // expected-remark @below {{peakmem: peak of 120 bytes in 'i65'}}
  %a = memref.alloc() : memref<10xi65>
  memref.dealloc %a : memref<10xi65>
  return
}

// i128: 16 bytes.
// CHECK-LABEL: func.func @i128()
// CHECK-SAME: peakmem.peak = 160 : i64
func.func @i128() {
  // expected-remark @below {{peakmem: peak of 160 bytes in 'i128'}}
  %a = memref.alloc() : memref<10xi128>
  memref.dealloc %a : memref<10xi128>
  return
}

// f16: 2 bytes.
// CHECK-LABEL: func.func @f16()
// CHECK-SAME: peakmem.peak = 20 : i64
func.func @f16() {
  // expected-remark @below {{peakmem: peak of 20 bytes in 'f16'}}
  %a = memref.alloc() : memref<10xf16>
  memref.dealloc %a : memref<10xf16>
  return
}

// bf16: 2 bytes.
// CHECK-LABEL: func.func @bf16()
// CHECK-SAME: peakmem.peak = 20 : i64
func.func @bf16() {
  // expected-remark @below {{peakmem: peak of 20 bytes in 'bf16'}}
  %a = memref.alloc() : memref<10xbf16>
  memref.dealloc %a : memref<10xbf16>
  return
}

// f80: x86_fp80: store 10 bytes, alignment 16: 16 bytes.
// CHECK-LABEL: func.func @f80()
// CHECK-SAME: peakmem.peak = 160 : i64
func.func @f80() {
  // expected-remark @below {{peakmem: peak of 160 bytes in 'f80'}}
  %a = memref.alloc() : memref<10xf80>
  memref.dealloc %a : memref<10xf80>
  return
}

// index: i64: 8 bytes.
// CHECK-LABEL: func.func @index()
// CHECK-SAME: peakmem.peak = 80 : i64
func.func @index() {
  // expected-remark @below {{peakmem: peak of 80 bytes in 'index'}}
  %a = memref.alloc() : memref<10xindex>
  memref.dealloc %a : memref<10xindex>
  return
}

// si32: 4 bytes, not signless: + 4.
// CHECK-LABEL: func.func @si32()
// CHECK-SAME: peakmem.peak = 44 : i64
func.func @si32() {
  // expected-remark @below {{peakmem: peak of 44 bytes in 'si32'}}
  %a = memref.alloc() : memref<10xsi32>
  memref.dealloc %a : memref<10xsi32>
  return
}

// vector<4xf32>: 16 bytes, not a scalar: + 16.
// CHECK-LABEL: func.func @vector_4xf32()
// CHECK-SAME: peakmem.peak = 176 : i64
func.func @vector_4xf32() {
  // expected-remark @below {{peakmem: peak of 176 bytes in 'vector_4xf32'}}
  %a = memref.alloc() : memref<10xvector<4xf32>>
  memref.dealloc %a : memref<10xvector<4xf32>>
  return
}

// vector<3xf32>: 12 bytes padded to 16, + 16.
// CHECK-LABEL: func.func @vector_3xf32()
// CHECK-SAME: peakmem.peak = 176 : i64
func.func @vector_3xf32() {
  // expected-remark @below {{peakmem: peak of 176 bytes in 'vector_3xf32'}}
  %a = memref.alloc() : memref<10xvector<3xf32>>
  memref.dealloc %a : memref<10xvector<3xf32>>
  return
}

// vector<8xi1>: 8 bits packed in 1 byte, + 1.
// CHECK-LABEL: func.func @vector_8xi1()
// CHECK-SAME: peakmem.peak = 11 : i64
func.func @vector_8xi1() {
  // expected-remark @below {{peakmem: peak of 11 bytes in 'vector_8xi1'}}
  %a = memref.alloc() : memref<10xvector<8xi1>>
  memref.dealloc %a : memref<10xvector<8xi1>>
  return
}

// vector<3xi1>: 3 bits in 1 byte, + 1.
// CHECK-LABEL: func.func @vector_3xi1()
// CHECK-SAME: peakmem.peak = 11 : i64
func.func @vector_3xi1() {
  // expected-remark @below {{peakmem: peak of 11 bytes in 'vector_3xi1'}}
  %a = memref.alloc() : memref<10xvector<3xi1>>
  memref.dealloc %a : memref<10xvector<3xi1>>
  return
}

// vector<f32>: vector<1xf32>: 4 bytes, + 4.
// CHECK-LABEL: func.func @vector_0d()
// CHECK-SAME: peakmem.peak = 44 : i64
func.func @vector_0d() {
  // expected-remark @below {{peakmem: peak of 44 bytes in 'vector_0d'}}
  %a = memref.alloc() : memref<10xvector<f32>>
  memref.dealloc %a : memref<10xvector<f32>>
  return
}

// complex<f32>: struct of two f32: 8 bytes, + 8.
// CHECK-LABEL: func.func @complex_f32()
// CHECK-SAME: peakmem.peak = 88 : i64
func.func @complex_f32() {
  // expected-remark @below {{peakmem: peak of 88 bytes in 'complex_f32'}}
  %a = memref.alloc() : memref<10xcomplex<f32>>
  memref.dealloc %a : memref<10xcomplex<f32>>
  return
}

// complex<f64>: 16 bytes, + 16.
// CHECK-LABEL: func.func @complex_f64()
// CHECK-SAME: peakmem.peak = 176 : i64
func.func @complex_f64() {
  // expected-remark @below {{peakmem: peak of 176 bytes in 'complex_f64'}}
  %a = memref.alloc() : memref<10xcomplex<f64>>
  memref.dealloc %a : memref<10xcomplex<f64>>
  return
}

// i17 with alignment = 64: 4 bytes each, + the alignment.
// CHECK-LABEL: func.func @i17_aligned()
// CHECK-SAME: peakmem.peak = 104 : i64
func.func @i17_aligned() {
  // expected-remark @below {{peakmem: peak of 104 bytes in 'i17_aligned'}}
  %a = memref.alloc() {alignment = 64 : i64} : memref<10xi17>
  memref.dealloc %a : memref<10xi17>
  return
}

// vector<3xf32> with alignment = 64: 16 bytes each, + the alignment instead of the element.
// CHECK-LABEL: func.func @vector_3xf32_aligned()
// CHECK-SAME: peakmem.peak = 224 : i64
func.func @vector_3xf32_aligned() {
  // expected-remark @below {{peakmem: peak of 224 bytes in 'vector_3xf32_aligned'}}
  %a = memref.alloc() {alignment = 64 : i64} : memref<10xvector<3xf32>>
  memref.dealloc %a : memref<10xvector<3xf32>>
  return
}

// vector<8xi1> with alignment = 64: 1 byte each, + the alignment.
// CHECK-LABEL: func.func @vector_8xi1_aligned()
// CHECK-SAME: peakmem.peak = 74 : i64
func.func @vector_8xi1_aligned() {
  // expected-remark @below {{peakmem: peak of 74 bytes in 'vector_8xi1_aligned'}}
  %a = memref.alloc() {alignment = 64 : i64} : memref<10xvector<8xi1>>
  memref.dealloc %a : memref<10xvector<8xi1>>
  return
}

// complex<f32> with alignment = 64: 8 bytes each, + the alignment.
// CHECK-LABEL: func.func @complex_f32_aligned()
// CHECK-SAME: peakmem.peak = 144 : i64
func.func @complex_f32_aligned() {
  // expected-remark @below {{peakmem: peak of 144 bytes in 'complex_f32_aligned'}}
  %a = memref.alloc() {alignment = 64 : i64} : memref<10xcomplex<f32>>
  memref.dealloc %a : memref<10xcomplex<f32>>
  return
}
