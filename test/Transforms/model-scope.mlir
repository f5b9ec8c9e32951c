// A model cached under one scope is not read under another (review s13 X3).
// A pass on the module models @main reading @heavy's body (its peak is part
// of @main's); a pass nested on @main alone may not read it (it may be
// rewritten concurrently), so the model cached by the first pass is stale
// there and is dropped (FunctionRunner.cpp). Before, the nested plan-arena
// planned from the module-scope model and then failed building its bound
// from a fresh one ("internal: cannot build the problem of the bound").
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-report{remarks=0},func.func(peakmem-plan-arena{remarks=0}))' -o /dev/null 2>&1 | FileCheck %s
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-reorder{remarks=0},func.func(peakmem-plan-arena{remarks=0}))' -o /dev/null 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK: remark: peakmem: 'main' not modeled: 'func.call' calls 'heavy', a function with a body outside the 'func.func' the pass runs on
// CHECK-NOT: error
func.func private @heavy(%o: memref<1024xf32>) {
  %t = memref.alloc() : memref<4096xf32>
  %c = arith.constant 1.0 : f32
  linalg.fill ins(%c : f32) outs(%t : memref<4096xf32>)
  %s = memref.subview %t[0] [1024] [1] : memref<4096xf32> to memref<1024xf32, strided<[1]>>
  memref.copy %s, %o : memref<1024xf32, strided<[1]>> to memref<1024xf32>
  memref.dealloc %t : memref<4096xf32>
  return
}
func.func @main(%o: memref<1024xf32>, %p: memref<1024xf32>) {
  %c = arith.constant 2.0 : f32
  %x = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%c : f32) outs(%x : memref<1024xf32>)
  %y = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%c : f32) outs(%y : memref<1024xf32>)
  memref.copy %x, %p : memref<1024xf32> to memref<1024xf32>
  memref.copy %y, %p : memref<1024xf32> to memref<1024xf32>
  memref.dealloc %x : memref<1024xf32>
  memref.dealloc %y : memref<1024xf32>
  %a = memref.alloc() : memref<1024xf32>
  func.call @heavy(%a) : (memref<1024xf32>) -> ()
  memref.copy %a, %o : memref<1024xf32> to memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  return
}
