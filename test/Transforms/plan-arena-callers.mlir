// arena=argument adds an argument: only for functions that nothing in the IR
// references. Every symbol use under the outermost module counts, in every
// symbol table: a kernel launched from the host (gpu.launch_func
// @kernels::@k), a nested reference from the outer module, an address taken
// (func.constant). Each is refused with its remark and left
// byte-identical; the unreferenced one is planned.
// RUN: peakmem-opt %s --peakmem-plan-arena=arena=argument --split-input-file -verify-diagnostics | FileCheck %s
// The same with the pass nested in the kernel module (threading off: the
// host is outside the pass's root but nothing runs concurrently).
// RUN: peakmem-opt %s -p 'builtin.module(gpu.module(peakmem-plan-arena{arena=argument}))' --mlir-disable-threading --split-input-file 2>&1 | FileCheck %s --check-prefix=NESTED
// With threading on, a pass nested below the outermost module cannot read
// the host functions safely: refused, with how to run it.
// RUN: peakmem-opt %s -p 'builtin.module(gpu.module(peakmem-plan-arena{arena=argument}))' --split-input-file 2>&1 | FileCheck %s --check-prefix=THREADS

// CHECK-LABEL: gpu.func @k(%arg0: memref<16xf32>, %arg1: memref<16xf32>) kernel
// CHECK-NEXT: memref.alloc() : memref<16xf32>
// CHECK: gpu.launch_func @kernels::@k {{.*}} args(%arg0 : memref<16xf32>, %arg1 : memref<16xf32>)
// NESTED: remark: peakmem-plan-arena: 'k' left unchanged: arena=argument refused: it is referenced in the IR
// THREADS: remark: peakmem-plan-arena: 'k' left unchanged: arena=argument refused: other functions may be transformed concurrently, so its callers cannot be checked (run the pass on the outermost module, or with --mlir-disable-threading)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @below {{'k' left unchanged: arena=argument refused: it is referenced in the IR (a call, a kernel launch or a symbol use): its callers would need the arena too}}
    gpu.func @k(%x: memref<16xf32>, %y: memref<16xf32>) kernel {
      %a = memref.alloc() : memref<16xf32>
      linalg.copy ins(%x : memref<16xf32>) outs(%a : memref<16xf32>)
      linalg.copy ins(%a : memref<16xf32>) outs(%y : memref<16xf32>)
      memref.dealloc %a : memref<16xf32>
      gpu.return
    }
  }
  // expected-remark @below {{'host' has no buffer to place}}
  func.func @host(%x: memref<16xf32>, %y: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<16xf32>, %y : memref<16xf32>)
    return
  }
}

// -----

// @inner::@f is referenced from the outer module (a nested symbol reference
// in an attribute of @main); @inner::@g is not.
// CHECK-LABEL: func.func @f(%arg0: memref<16xf32>)
// CHECK-NEXT: memref.alloc() : memref<16xf32>
// CHECK-LABEL: func.func @g(%arg0: memref<16xf32>, %arg1: memref<64xi8> {peakmem.arena})
// CHECK: memref.view %arg1
module {
  module @inner {
    // expected-remark @below {{'f' left unchanged: arena=argument refused: it is referenced in the IR}}
    func.func @f(%y: memref<16xf32>) {
      %a = memref.alloc() : memref<16xf32>
      linalg.copy ins(%y : memref<16xf32>) outs(%a : memref<16xf32>)
      linalg.copy ins(%a : memref<16xf32>) outs(%y : memref<16xf32>)
      memref.dealloc %a : memref<16xf32>
      return
    }
    // expected-remark @below {{'g' arena 64 bytes for 1 buffers}}
    func.func @g(%y: memref<16xf32>) {
      %a = memref.alloc() : memref<16xf32>
      linalg.copy ins(%y : memref<16xf32>) outs(%a : memref<16xf32>)
      linalg.copy ins(%a : memref<16xf32>) outs(%y : memref<16xf32>)
      memref.dealloc %a : memref<16xf32>
      return
    }
  }
  // expected-remark @below {{'main' has no buffer to place}}
  func.func @main(%y: memref<16xf32>) attributes {entry = @inner::@f} {
    return
  }
}

// -----

// A function whose address is taken (func.constant) may be called through
// it.
// CHECK-LABEL: func.func @addressed(%arg0: memref<16xf32>)
// CHECK-NEXT: memref.alloc() : memref<16xf32>
// expected-remark @below {{'addressed' left unchanged: arena=argument refused: it is referenced in the IR}}
func.func @addressed(%y: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  linalg.copy ins(%y : memref<16xf32>) outs(%a : memref<16xf32>)
  linalg.copy ins(%a : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %a : memref<16xf32>
  return
}
// expected-remark @below {{'take' has no buffer to place}}
func.func @take() -> ((memref<16xf32>) -> ()) {
  %f = func.constant @addressed : (memref<16xf32>) -> ()
  return %f : (memref<16xf32>) -> ()
}
