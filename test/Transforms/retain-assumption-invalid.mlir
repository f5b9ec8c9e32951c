// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-verify-certificate))' --split-input-file -verify-diagnostics
//
// The assumption a certificate rests on (peakmem.retain_assumed, issue #22
// item 11) is checked like the rest of the record: a stated value must be
// what the verifier's own model assumes may keep a pointer.

// the stated assumption is the model's: accepted.
module {
  func.func @right() attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "local", witness = 8 : i64}, peakmem.lower_bound = 64 : i64, peakmem.optimal = true, peakmem.peak = 64 : i64, peakmem.retain_assumed = ["printMemrefF32"]} {
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<8xf32>)
    %cast = memref.cast %alloc : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %alloc_0 = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<8xf32>)
    %cast_1 = memref.cast %alloc_0 : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    memref.dealloc %alloc : memref<8xf32>
    memref.dealloc %alloc_0 : memref<8xf32>
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}

// -----

// a record naming another callee.
module {
  // expected-error @below {{certificate of 'other' rejected: 'peakmem.retain_assumed' is not the model's assumption: assuming 'printMemrefF32' may keep the pointers it is passed}}
  func.func @other() attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "local", witness = 8 : i64}, peakmem.lower_bound = 64 : i64, peakmem.optimal = true, peakmem.peak = 64 : i64, peakmem.retain_assumed = ["free_me"]} {
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<8xf32>)
    %cast = memref.cast %alloc : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %alloc_0 = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<8xf32>)
    %cast_1 = memref.cast %alloc_0 : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    memref.dealloc %alloc : memref<8xf32>
    memref.dealloc %alloc_0 : memref<8xf32>
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}

// -----

// an assumption the model does not make (the callee declares llvm.nocapture).
module {
  // expected-error @below {{certificate of 'none' rejected: 'peakmem.retain_assumed' is not the model's assumption: no call is assumed to keep a pointer}}
  func.func @none() attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "boundary", witness = 9 : i64}, peakmem.lower_bound = 32 : i64, peakmem.optimal = false, peakmem.peak = 64 : i64, peakmem.retain_assumed = ["printMemrefF32"]} {
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<8xf32>)
    %cast = memref.cast %alloc : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %alloc_0 = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<8xf32>)
    %cast_1 = memref.cast %alloc_0 : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    memref.dealloc %alloc : memref<8xf32>
    memref.dealloc %alloc_0 : memref<8xf32>
    return
  }
  func.func private @printMemrefF32(memref<*xf32> {llvm.nocapture})
}

// -----

// not an array.
module {
  // expected-error @below {{certificate of 'notarray' rejected: 'peakmem.retain_assumed' is not an array}}
  func.func @notarray() attributes {peakmem.certificate = {conditioned_on = -1 : i64, flow = array<i64>, flow2 = array<i64>, kind = "local", witness = 8 : i64}, peakmem.lower_bound = 64 : i64, peakmem.optimal = true, peakmem.peak = 64 : i64, peakmem.retain_assumed = "printMemrefF32"} {
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<8xf32>)
    %cast = memref.cast %alloc : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    %alloc_0 = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<8xf32>)
    %cast_1 = memref.cast %alloc_0 : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast_1) : (memref<*xf32>) -> ()
    memref.dealloc %alloc : memref<8xf32>
    memref.dealloc %alloc_0 : memref<8xf32>
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
