// The counting runtime poisons freed memory and keeps it in a quarantine, so
// that the execution harness detects memory errors a wrong reordering would
// cause (docs/Execution.md, "Memory errors"):
//  - a WRITE after free is found when the quarantine is checked at
//    peakmem_end: `use_after_free_writes: 1`, exit status 3;
//  - a READ after free reads the poison bytes 0xa5: the digest changes (and
//    is exactly the FNV-1a of 16 bytes 0xa5 behind the length prefix);
//  - a read of never-written memory reads 0xcb bytes: deterministic digest;
//  - a double free and a free of a foreign pointer (a memref.global) print
//    `peakmem_runtime: error: ...` and fail with exit status 3.
// Each wrong program has a correct twin that passes with the same counts.
//
// RUN: split-file %s %t
//
// Write after free: the store to %t after its dealloc is reported.
// RUN: not %python -m peakmem exec %t/write_after_free.mlir > %t/waf.out 2> %t/waf.err
// RUN: FileCheck %s --check-prefix=WAF < %t/waf.out
// RUN: FileCheck %s --check-prefix=WAF-ERR < %t/waf.err
// WAF: peak_bytes: 32
// WAF: use_after_free_writes: 1
// WAF-ERR: peakmem exec: error: use after free in @waf: use_after_free_writes: 1
// WAF-ERR-NEXT: peakmem_runtime: error: use after free: the block of 16 bytes at {{.*}} was written after it was freed (bytes 4..7 changed)
// The same program with the store before the dealloc is clean.
// RUN: %python -m peakmem exec %t/write_before_free.mlir --verbose | FileCheck %s --check-prefix=WBF
// WBF: peak_bytes: 32
// WBF: use_after_free_writes: 0
// The exit status of a write after free is 3 (2 is "cannot run").
// RUN: %python -c "import subprocess, sys; sys.exit(subprocess.run([sys.executable, '-m', 'peakmem', 'exec', '%t/write_after_free.mlir'], capture_output=True).returncode != 3)"
//
// Read after free: the copy out of %t after its dealloc reads the poison.
// RUN: %python -m peakmem exec %t/read_after_free.mlir | FileCheck %s --check-prefix=RAF
// RUN: %python -m peakmem exec %t/read_before_free.mlir | FileCheck %s --check-prefix=RBF
// RAF: peak_bytes: 32
// RAF: output_digest: a04d7015b1156425
// RBF: peak_bytes: 32
// RBF-NOT: output_digest: a04d7015b1156425
// RBF: output_digest: {{[0-9a-f]{16}$}}
//
// Uninitialized memory reads as 0xcb bytes: a fixed digest.
// RUN: %python -m peakmem exec %t/uninitialized.mlir | FileCheck %s --check-prefix=UNINIT
// UNINIT: output_digest: dcc8c3a11b844625
//
// Double free and foreign free fail loudly.
// RUN: not %python -m peakmem exec %t/double_free.mlir 2>&1 | FileCheck %s --check-prefix=DF
// DF: peakmem exec: error: memory error in @df (mlir-runner exit code 3)
// DF-NEXT: peakmem_runtime: error: _mlir_memref_to_llvm_free({{.*}}): double free
// RUN: not %python -m peakmem exec %t/foreign_free.mlir 2>&1 | FileCheck %s --check-prefix=FOREIGN
// FOREIGN: peakmem_runtime: error: _mlir_memref_to_llvm_free({{.*}}): pointer was not allocated by _mlir_memref_to_llvm_alloc

//--- write_after_free.mlir
func.func @waf() -> memref<4xf32> {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
  %r = memref.alloc() : memref<4xf32>
  memref.copy %t, %r : memref<4xf32> to memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  memref.store %one, %t[%c1] : memref<4xf32>
  return %r : memref<4xf32>
}

//--- write_before_free.mlir
func.func @wbf() -> memref<4xf32> {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
  %r = memref.alloc() : memref<4xf32>
  memref.copy %t, %r : memref<4xf32> to memref<4xf32>
  memref.store %one, %t[%c1] : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return %r : memref<4xf32>
}

//--- read_after_free.mlir
func.func @raf() -> memref<4xf32> {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
  %r = memref.alloc() : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  memref.copy %t, %r : memref<4xf32> to memref<4xf32>
  return %r : memref<4xf32>
}

//--- read_before_free.mlir
func.func @rbf() -> memref<4xf32> {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
  %r = memref.alloc() : memref<4xf32>
  memref.copy %t, %r : memref<4xf32> to memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return %r : memref<4xf32>
}

//--- uninitialized.mlir
func.func @uninit() -> memref<4xf32> {
  %r = memref.alloc() : memref<4xf32>
  return %r : memref<4xf32>
}

//--- double_free.mlir
func.func @df() -> memref<4xf32> {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
  %r = memref.alloc() : memref<4xf32>
  memref.copy %t, %r : memref<4xf32> to memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return %r : memref<4xf32>
}

//--- foreign_free.mlir
memref.global "private" @g : memref<4xf32> = dense<1.0>
func.func @ff() -> memref<4xf32> {
  %g = memref.get_global @g : memref<4xf32>
  %r = memref.alloc() : memref<4xf32>
  memref.copy %g, %r : memref<4xf32> to memref<4xf32>
  memref.dealloc %g : memref<4xf32>
  return %r : memref<4xf32>
}
