// Output of upstream --buffer-deallocation-pipeline (ownership based) for a
// loop-carried buffer and an scf.if yielding either a new buffer or a clone:
// the deallocation bookkeeping (bufferization.dealloc, already lowered here
// to memref.alloc'ed index/i1 arrays and @dealloc_helper) is heap memory
// too and is counted. Scalars: %arg1 (i1) = true, %arg2 (index) = 1, so the
// loop runs once and the then-branch is taken. Produced from tensor code by
//   mlir-opt --one-shot-bufferize="bufferize-function-boundaries
//             function-boundary-type-conversion=identity-layout-map
//             allow-return-allocs-from-loops" --buffer-deallocation-pipeline
//
// RUN: %python -m peakmem exec %s --verbose | FileCheck %s
//
//   loop alloc_14 = memref<16xf32> {alignment = 64}: 64 + 64 = 128
//   if   alloc_14 = memref<16xf32> {alignment = 64}: 64 + 64 = 128 (returned)
//   bookkeeping: memref<2xindex> 16 + memref<2xi1> 2 + memref<1xindex> 8
//                + memref<2xi1> 2 + memref<1xi1> 1 = 29
// peak = 128 + 128 + 29 = 285; live at the end = 128 (the returned buffer)
//
// CHECK: peak_bytes: 285
// CHECK-NEXT: output_digest: {{[0-9a-f]{16}$}}
// CHECK-NEXT: live_bytes_at_end: 128
// CHECK-NEXT: alloc_count: 7
// CHECK-NEXT: free_count: 6

#map = affine_map<(d0) -> (d0)>
module {
  func.func @h(%arg0: memref<16xf32>, %arg1: i1, %arg2: index) -> memref<16xf32> {
    %true = arith.constant true
    %false = arith.constant false
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0:2 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg0, %arg5 = %false) -> (memref<16xf32>, i1) {
      %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
      linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg4 : memref<16xf32>) outs(%alloc_14 : memref<16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %4 = arith.addf %in, %in : f32
        linalg.yield %4 : f32
      }
      %base_buffer_15, %offset_16, %sizes_17, %strides_18 = memref.extract_strided_metadata %arg4 : memref<16xf32> -> memref<f32>, index, index, index
      scf.if %arg5 {
        memref.dealloc %base_buffer_15 : memref<f32>
      }
      scf.yield %alloc_14, %true : memref<16xf32>, i1
    }
    %1:2 = scf.if %arg1 -> (memref<16xf32>, memref<16xf32>) {
      %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
      linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%0#0 : memref<16xf32>) outs(%alloc_14 : memref<16xf32>) {
      ^bb0(%in: f32, %out: f32):
        %4 = math.exp %in : f32
        linalg.yield %4 : f32
      }
      scf.yield %alloc_14, %alloc_14 : memref<16xf32>, memref<16xf32>
    } else {
      %4 = bufferization.clone %0#0 : memref<16xf32> to memref<16xf32>
      scf.yield %0#0, %4 : memref<16xf32>, memref<16xf32>
    }
    %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0#0 : memref<16xf32> -> memref<f32>, index, index, index
    %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %1#0 : memref<16xf32> -> memref<f32>, index, index, index
    %alloc = memref.alloc() : memref<2xindex>
    %alloc_4 = memref.alloc() : memref<2xi1>
    %alloc_5 = memref.alloc() : memref<1xindex>
    %intptr = memref.extract_aligned_pointer_as_index %base_buffer : memref<f32> -> index
    memref.store %intptr, %alloc[%c0] : memref<2xindex>
    %intptr_6 = memref.extract_aligned_pointer_as_index %base_buffer_0 : memref<f32> -> index
    memref.store %intptr_6, %alloc[%c1] : memref<2xindex>
    memref.store %0#1, %alloc_4[%c0] : memref<2xi1>
    memref.store %arg1, %alloc_4[%c1] : memref<2xi1>
    %intptr_7 = memref.extract_aligned_pointer_as_index %1#1 : memref<16xf32> -> index
    memref.store %intptr_7, %alloc_5[%c0] : memref<1xindex>
    %cast = memref.cast %alloc : memref<2xindex> to memref<?xindex>
    %cast_8 = memref.cast %alloc_4 : memref<2xi1> to memref<?xi1>
    %cast_9 = memref.cast %alloc_5 : memref<1xindex> to memref<?xindex>
    %alloc_10 = memref.alloc() : memref<2xi1>
    %alloc_11 = memref.alloc() : memref<1xi1>
    %cast_12 = memref.cast %alloc_10 : memref<2xi1> to memref<?xi1>
    %cast_13 = memref.cast %alloc_11 : memref<1xi1> to memref<?xi1>
    call @dealloc_helper(%cast, %cast_9, %cast_8, %cast_12, %cast_13) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
    %2 = memref.load %alloc_10[%c0] : memref<2xi1>
    scf.if %2 {
      memref.dealloc %base_buffer : memref<f32>
    }
    %3 = memref.load %alloc_10[%c1] : memref<2xi1>
    scf.if %3 {
      memref.dealloc %base_buffer_0 : memref<f32>
    }
    memref.dealloc %alloc : memref<2xindex>
    memref.dealloc %alloc_5 : memref<1xindex>
    memref.dealloc %alloc_4 : memref<2xi1>
    memref.dealloc %alloc_10 : memref<2xi1>
    memref.dealloc %alloc_11 : memref<1xi1>
    return %1#1 : memref<16xf32>
  }
  func.func private @dealloc_helper(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xi1>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %true = arith.constant true
    %false = arith.constant false
    %dim = memref.dim %arg0, %c0 : memref<?xindex>
    %dim_0 = memref.dim %arg1, %c0 : memref<?xindex>
    scf.for %arg5 = %c0 to %dim_0 step %c1 {
      memref.store %false, %arg4[%arg5] : memref<?xi1>
    }
    scf.for %arg5 = %c0 to %dim step %c1 {
      %0 = memref.load %arg0[%arg5] : memref<?xindex>
      %1 = memref.load %arg2[%arg5] : memref<?xi1>
      %2 = scf.for %arg6 = %c0 to %dim_0 step %c1 iter_args(%arg7 = %true) -> (i1) {
        %5 = memref.load %arg1[%arg6] : memref<?xindex>
        %6 = arith.cmpi eq, %5, %0 : index
        scf.if %6 {
          %9 = memref.load %arg4[%arg6] : memref<?xi1>
          %10 = arith.ori %9, %1 : i1
          memref.store %10, %arg4[%arg6] : memref<?xi1>
        }
        %7 = arith.cmpi ne, %5, %0 : index
        %8 = arith.andi %arg7, %7 : i1
        scf.yield %8 : i1
      }
      %3 = scf.for %arg6 = %c0 to %arg5 step %c1 iter_args(%arg7 = %2) -> (i1) {
        %5 = memref.load %arg0[%arg6] : memref<?xindex>
        %6 = arith.cmpi ne, %5, %0 : index
        %7 = arith.andi %arg7, %6 : i1
        scf.yield %7 : i1
      }
      %4 = arith.andi %3, %1 : i1
      memref.store %4, %arg3[%arg5] : memref<?xi1>
    }
    return
  }
}

