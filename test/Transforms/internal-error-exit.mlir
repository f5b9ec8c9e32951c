// An internal error (a broken invariant of a pass, never a property of the
// input) fails the pass: no run may print "internal error" and exit 0.
// The input uses %a after its dealloc: until the memory model refuses such
// input with a remark, its schedule does not expand to a legal order (an
// internal error, which must fail the pipeline); once refused, no internal
// error is printed and the rule holds trivially.
// RUN: %python %S/Inputs/no-silent-internal-error.py peakmem-opt %s -p 'builtin.module(func.func(peakmem-reorder))'
// RUN: %python %S/Inputs/no-silent-internal-error.py peakmem-opt %s -p 'builtin.module(func.func(peakmem-recompute))'
// RUN: %python %S/Inputs/no-silent-internal-error.py peakmem-opt %s -p 'builtin.module(func.func(peakmem-optimize))'
func.func @use_after_free(%out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0.0 : f32
  linalg.fill ins(%c0 : f32) outs(%a : memref<4xf32>)
  memref.dealloc %a : memref<4xf32>
  linalg.fill ins(%c0 : f32) outs(%b : memref<4xf32>)
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}
