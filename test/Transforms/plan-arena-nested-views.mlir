// A buffer of a nested block stays live while a view of it is read: its
// free moves to after the last use through any view, not after the view op
// itself (before this fix the free moved between the subview and the op
// reading it, and the pass stopped with "internal: the buffers to place
// changed when their frees moved to their last use").
// RUN: peakmem-opt %s --split-input-file -p 'builtin.module(func.func(peakmem-plan-arena{order-search=false},peakmem-verify-arena))' 2>&1 | FileCheck %s

// %a's last direct use is the subview; %v is read by the add, after %b is
// filled: %a and %b may not share bytes (256 + 256 + 64 B).
// CHECK-NOT: internal
// CHECK: remark: peakmem-plan-arena: 'view_read_late' arena 576 bytes for 3 buffers (0 left out)
// The remarks (stderr) come before the printed modules.
// CHECK: remark: peakmem-plan-arena: 'view_of_view' arena 576 bytes for 3 buffers (0 left out)
// CHECK-LABEL: func.func @view_read_late(%arg0
// CHECK: scf.if
// CHECK: memref.subview
// CHECK: linalg.fill
// CHECK: linalg.add
func.func @view_read_late(%c: i1, %x: f32, %y: memref<16xf32>) {
  scf.if %c {
    %a = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
    %v = memref.subview %a[0] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1]>>
    %b = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
    %w = memref.subview %b[0] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1]>>
    %q = memref.alloc() : memref<16xf32>
    linalg.add ins(%v, %w : memref<16xf32, strided<[1]>>, memref<16xf32, strided<[1]>>) outs(%q : memref<16xf32>)
    linalg.copy ins(%q : memref<16xf32>) outs(%y : memref<16xf32>)
    memref.dealloc %a : memref<64xf32>
    memref.dealloc %b : memref<64xf32>
    memref.dealloc %q : memref<16xf32>
  }
  return
}

// -----

// A view of a view: the chain is followed to its last reader.
// CHECK-LABEL: func.func @view_of_view(%arg0
func.func @view_of_view(%c: i1, %x: f32, %y: memref<8xf32>) {
  scf.if %c {
    %a = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%a : memref<64xf32>)
    %v = memref.subview %a[0] [16] [1] : memref<64xf32> to memref<16xf32, strided<[1]>>
    %vv = memref.subview %v[0] [8] [1] : memref<16xf32, strided<[1]>> to memref<8xf32, strided<[1]>>
    %b = memref.alloc() : memref<64xf32>
    linalg.fill ins(%x : f32) outs(%b : memref<64xf32>)
    %w = memref.subview %b[0] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1]>>
    %q = memref.alloc() : memref<16xf32>
    %qv = memref.subview %q[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
    linalg.add ins(%vv, %w : memref<8xf32, strided<[1]>>, memref<8xf32, strided<[1]>>) outs(%qv : memref<8xf32, strided<[1]>>)
    linalg.copy ins(%qv : memref<8xf32, strided<[1]>>) outs(%y : memref<8xf32>)
    memref.dealloc %a : memref<64xf32>
    memref.dealloc %b : memref<64xf32>
    memref.dealloc %q : memref<16xf32>
  }
  return
}
