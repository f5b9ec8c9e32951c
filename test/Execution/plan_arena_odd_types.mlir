// Arena slots are sized by the lowering's element size, not MLIR's: an i24
// element takes 4 bytes in the lowered view (LLVM's alloc size), not 3. Two
// memref<5xi24> buffers live together need 2 x 20 bytes; sized at 15 bytes
// each, the second would start inside the first and overwrite its last
// elements (a different digest).
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{remarks=0},peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: %python -m peakmem exec %t.mlir --check-model > %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
// CHECK: peakmem.arena_size = 40 : i64
// CHECK: memref.view %{{.*}}[%{{.*}}][] {{.*}} : memref<40xi8> to memref<5xi24>
// CHECK: memref.view %{{.*}}[%c20][] {{.*}} : memref<40xi8> to memref<5xi24>

#id = affine_map<(i) -> (i)>
func.func @odd(%x: memref<5xi32>, %out: memref<5xi32>) {
  %c7 = arith.constant 7 : i24
  %a = memref.alloc() : memref<5xi24>
  %b = memref.alloc() : memref<5xi24>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<5xi32>) outs(%a : memref<5xi24>) {
  ^bb0(%v: i32, %o: i24):
    %t = arith.trunci %v : i32 to i24
    linalg.yield %t : i24
  }
  linalg.fill ins(%c7 : i24) outs(%b : memref<5xi24>)
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : memref<5xi24>, memref<5xi24>) outs(%out : memref<5xi32>) {
  ^bb0(%u: i24, %w: i24, %o: i32):
    %s = arith.addi %u, %w : i24
    %e = arith.extsi %s : i24 to i32
    linalg.yield %e : i32
  }
  memref.dealloc %a : memref<5xi24>
  memref.dealloc %b : memref<5xi24>
  return
}
