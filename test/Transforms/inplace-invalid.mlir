// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-verify-inplace))' --split-input-file -verify-diagnostics
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-inplace{remarks=false}))' --split-input-file | FileCheck %s --check-prefix=UNCHANGED
// Tampered in-place claims, each rejected by peakmem-verify-inplace with an
// error at the op. peakmem-inplace itself leaves every one of them as it is
// (no new pair, no buffer erased): UNCHANGED.

#id = affine_map<(d0) -> (d0)>
// The claimed input and the output are different buffers.
// UNCHANGED-LABEL: func.func @different_buffers
// UNCHANGED-COUNT-2: memref.alloc
func.func @different_buffers(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  // expected-error @below {{peakmem-verify-inplace: input 0 and the output are different buffers}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xf32>) outs(%b : memref<64xf32>) attrs = {peakmem.inplace = 0 : i64} {
  ^bb0(%i: f32, %o: f32):
    %r = arith.negf %i : f32
    linalg.yield %r : f32
  }
  linalg.copy ins(%b : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// One buffer read transposed while it is written: elements are
// overwritten before they are read.
func.func @transposed(%x: memref<8x8xf32>, %y: memref<8x8xf32>) {
  %a = memref.alloc() : memref<8x8xf32>
  linalg.copy ins(%x : memref<8x8xf32>) outs(%a : memref<8x8xf32>)
  // expected-error @below {{peakmem-verify-inplace: input 0 is indexed by another map than the output (a transposed or broadcast access)}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<8x8xf32>) outs(%a : memref<8x8xf32>) attrs = {peakmem.inplace = 0 : i64} {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  }
  linalg.copy ins(%a : memref<8x8xf32>) outs(%y : memref<8x8xf32>)
  memref.dealloc %a : memref<8x8xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
// The shared buffer is the caller's.
func.func @argument(%x: memref<64xf32>) {
  // expected-error @below {{peakmem-verify-inplace: the shared buffer is not an allocation of the function (an argument or a view)}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<64xf32>) outs(%x : memref<64xf32>) attrs = {peakmem.inplace = 0 : i64} {
  ^bb0(%i: f32, %o: f32):
    %r = arith.negf %i : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A reduction.
func.func @reduction(%x: memref<8x8xf32>, %y: memref<8x8xf32>) {
  %a = memref.alloc() : memref<8x8xf32>
  linalg.copy ins(%x : memref<8x8xf32>) outs(%a : memref<8x8xf32>)
  // expected-error @below {{peakmem-verify-inplace: the op: has a reduction (or non-parallel) iterator}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x8xf32>) outs(%a : memref<8x8xf32>) attrs = {peakmem.inplace = 0 : i64} {
  ^bb0(%i: f32, %o: f32):
    linalg.yield %i : f32
  }
  linalg.copy ins(%a : memref<8x8xf32>) outs(%y : memref<8x8xf32>)
  memref.dealloc %a : memref<8x8xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
// The payload reads the output's element; an index that is no input; a
// claim that is not an integer; a claim on an op that is not structured.
func.func @payload_and_claims(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  // expected-error @below {{peakmem-verify-inplace: the op: its payload reads the output's element (the output is not fully overwritten)}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xf32>) outs(%a : memref<64xf32>) attrs = {peakmem.inplace = 0 : i64} {
  ^bb0(%i: f32, %o: f32):
    %r = arith.addf %i, %o : f32
    linalg.yield %r : f32
  }
  // expected-error @below {{peakmem-verify-inplace: input 3 does not exist}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xf32>) outs(%a : memref<64xf32>) attrs = {peakmem.inplace = 3 : i64} {
  ^bb0(%i: f32, %o: f32):
    %r = arith.negf %i : f32
    linalg.yield %r : f32
  }
  // expected-error @below {{peakmem-verify-inplace: 'peakmem.inplace' is not an integer}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<64xf32>) outs(%a : memref<64xf32>) attrs = {peakmem.inplace} {
  ^bb0(%i: f32, %o: f32):
    %r = arith.negf %i : f32
    linalg.yield %r : f32
  }
  // expected-error @below {{peakmem-verify-inplace: the op is not a structured (linalg) op}}
  memref.copy %a, %y {peakmem.inplace = 0 : i64} : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
// A second operand aliases the shared buffer through a cast.
func.func @aliased(%x: memref<64xf32>, %y: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  %c = memref.cast %a : memref<64xf32> to memref<64xf32>
  // expected-error @below {{peakmem-verify-inplace: another operand may alias the shared buffer}}
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %c : memref<64xf32>, memref<64xf32>) outs(%a : memref<64xf32>) attrs = {peakmem.inplace = 0 : i64} {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %r = arith.addf %i, %j : f32
    linalg.yield %r : f32
  }
  linalg.copy ins(%a : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return
}
