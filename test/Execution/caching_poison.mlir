// Memory errors under the caching allocator (--allocator caching,
// lib/Runtime/CachingRuntime.c): a new segment is filled with the poison
// byte 0xa5 and every freed block is poisoned again, so all cached free
// memory is poison. A write after free is found when the block is handed out
// again or, at the latest, at peakmem_end (exit status 3); a read after free
// of a block not yet reused reads the poison; a double free and a foreign
// pointer fail like under the counting runtime (runtime_poison.mlir, the
// same programs). Blocks are 512 B (round_size), so the reports name 512.
//
// RUN: split-file %s %t
// Write after free of a block still cached at peakmem_end.
// RUN: not %python -m peakmem exec %t/write_after_free.mlir --allocator caching > %t/waf.out 2> %t/waf.err
// RUN: FileCheck %s --check-prefix=WAF < %t/waf.out
// RUN: FileCheck %s --check-prefix=WAF-ERR < %t/waf.err
// WAF: peak_bytes: 32
// WAF: use_after_free_writes: 1
// WAF-ERR: peakmem exec: error: use after free in @waf: use_after_free_writes: 1
// WAF-ERR-NEXT: peakmem_runtime: error: use after free: the cached free block of 512 bytes at {{.*}} was written after it was freed (bytes 4..7 changed)
// Write after free of a block then handed out again (best fit: the 512 B
// block of %t, not the rest of the segment): found at that allocation.
// RUN: not %python -m peakmem exec %t/write_after_free_reused.mlir --allocator caching 2> %t/reuse.err
// RUN: FileCheck %s --check-prefix=WAF-ERR < %t/reuse.err
// The twin with the store before the dealloc is clean.
// RUN: %python -m peakmem exec %t/write_before_free.mlir --allocator caching --verbose | FileCheck %s --check-prefix=WBF
// WBF: peak_bytes: 32
// WBF: use_after_free_writes: 0
// RUN: %python -c "import subprocess, sys; sys.exit(subprocess.run([sys.executable, '-m', 'peakmem', 'exec', '--allocator', 'caching', '%t/write_after_free.mlir'], capture_output=True).returncode != 3)"
//
// Read after free (not reused) reads the poison: the digest of
// runtime_poison.mlir; uninitialized memory reads 0xcb, the same digest too.
// RUN: %python -m peakmem exec %t/read_after_free.mlir --allocator caching | FileCheck %s --check-prefix=RAF
// RAF: output_digest: a04d7015b1156425
// RUN: %python -m peakmem exec %t/uninitialized.mlir --allocator caching | FileCheck %s --check-prefix=UNINIT
// UNINIT: output_digest: dcc8c3a11b844625
//
// RUN: not %python -m peakmem exec %t/double_free.mlir --allocator caching 2>&1 | FileCheck %s --check-prefix=DF
// DF: peakmem exec: error: memory error in @df (mlir-runner exit code 3)
// DF-NEXT: peakmem_runtime: error: _mlir_memref_to_llvm_free({{.*}}): double free, or a pointer not allocated by _mlir_memref_to_llvm_alloc
// RUN: not %python -m peakmem exec %t/foreign_free.mlir --allocator caching 2>&1 | FileCheck %s --check-prefix=FOREIGN
// FOREIGN: peakmem exec: error: memory error in @ff (mlir-runner exit code 3)
// FOREIGN-NEXT: peakmem_runtime: error: _mlir_memref_to_llvm_free({{.*}}): double free, or a pointer not allocated by _mlir_memref_to_llvm_alloc

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

//--- write_after_free_reused.mlir
func.func @waf() -> memref<4xf32> {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<4xf32>)
  %r = memref.alloc() : memref<4xf32>
  memref.copy %t, %r : memref<4xf32> to memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  memref.store %one, %t[%c1] : memref<4xf32>
  %u = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%u : memref<4xf32>)
  memref.dealloc %u : memref<4xf32>
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
