// peakmem-plan-arena{allocator=caching}: the arena's request sized for
// PyTorch's CUDA caching allocator (docs/CachingAllocator.md). A request
// r rounded to 512 B gets a 2 MiB small segment when r <= 1 MiB, a 20 MiB
// segment when 1 MiB < r < 10 MiB and r rounded to 2 MiB above. The
// candidates are the planned request, 1 MiB + 1 B and 10 MiB, each
// replayed with every other request of the call; the least reserved wins,
// the planned size on a tie. All buffers here are i8 (alignment 1): the
// arena alloc requests N + 1 bytes for N planned.
//
// RUN: peakmem-opt %s --split-input-file -p 'builtin.module(func.func(peakmem-plan-arena{allocator=caching remarks=0},peakmem-verify-arena))' > %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: peakmem-opt %s --split-input-file -p 'builtin.module(func.func(peakmem-plan-arena{allocator=caching}))' -o /dev/null 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// The json record of each (one chunk: a split input keeps the last only).
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{allocator=caching remarks=0 json=%t.json}))' -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// The default (malloc) records no request and the arena has the planned size.
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{remarks=0 json=%t.malloc.json},peakmem-verify-arena))' > %t.malloc.mlir
// RUN: FileCheck %s --check-prefix=MALLOC < %t.malloc.mlir
// RUN: FileCheck %s --check-prefix=MALLOC-JSON < %t.malloc.json
// The two steps give the same request: recorded with materialize=false,
// honoured by peakmem-materialize-arena under its default allocator.
// RUN: peakmem-opt %s --split-input-file -p 'builtin.module(func.func(peakmem-plan-arena{allocator=caching materialize=false remarks=0},peakmem-materialize-arena{remarks=0},peakmem-verify-arena))' > %t.seam.mlir
// RUN: FileCheck %s --check-prefix=SEAM < %t.seam.mlir
// ... or chosen by peakmem-materialize-arena{allocator=caching}.
// RUN: peakmem-opt %s --split-input-file -p 'builtin.module(func.func(peakmem-plan-arena{materialize=false remarks=0},peakmem-materialize-arena{allocator=caching remarks=0},peakmem-verify-arena))' > %t.mat.mlir
// RUN: FileCheck %s --check-prefix=SEAM < %t.mat.mlir

// The records, sorted by symbol: the planned height (arena_size), the
// request, its rule and the reserved peaks of the call with each.
// JSON: "arena_request": 10485248,
// JSON-NEXT: "arena_size": 10485248,
// JSON: "request_rule": "caching: the planned size reserves least",
// JSON-NEXT: "reserved_planned": 10485760,
// JSON-NEXT: "reserved_requested": 10485760,
// JSON: "symbol": "@at_10mib"
// JSON: "arena_request": 10485759,
// JSON-NEXT: "arena_size": 1048576,
// JSON: "request_rule": "caching: padded to 10 MiB (kMinLargeAlloc), a segment of its own size instead of 20 MiB",
// JSON-NEXT: "reserved_planned": 20971520,
// JSON-NEXT: "reserved_requested": 10485760,
// JSON: "symbol": "@at_1mib"
// JSON: "arena_request": 10485759,
// JSON-NEXT: "arena_size": 10485247,
// JSON: "reserved_planned": 20971520,
// JSON-NEXT: "reserved_requested": 10485760,
// JSON: "symbol": "@below_10mib"
// JSON: "arena_request": 1048575,
// JSON-NEXT: "arena_size": 1048575,
// JSON: "reserved_planned": 2097152,
// JSON-NEXT: "reserved_requested": 2097152,
// JSON: "symbol": "@below_1mib"
// JSON: "arena_request": 1048576,
// JSON-NEXT: "arena_size": 524288,
// JSON: "reserved_planned": 23068672,
// JSON-NEXT: "reserved_requested": 20971520,
// JSON: "symbol": "@join_large_pool"
// JSON: "arena_request": 1048576,
// JSON-NEXT: "arena_size": 1048576,
// JSON: "request_rule": "caching: the planned size (not replayed: allocations outside the arena in a nested block)",
// JSON-NEXT: "steps"
// JSON: "symbol": "@nested_left_out"
// JSON: "arena_request": 5242880,
// JSON-NEXT: "arena_size": 5242880,
// JSON: "reserved_planned": 20971520,
// JSON-NEXT: "reserved_requested": 20971520,
// JSON: "symbol": "@output_in_tail"

// MALLOC-NOT: peakmem.arena_request
// MALLOC-JSON: "arena_request": 10485248,
// MALLOC-JSON: "request_rule": "malloc: the planned size",
// MALLOC-JSON-NOT: reserved_

// 1 MiB - 1 B planned: requested with its alignment as exactly 1 MiB, a
// small request (2 MiB segment): padding cannot help.
// CHECK-LABEL: func.func @below_1mib
// CHECK-SAME: peakmem.arena_request = 1048575 : i64
// CHECK-SAME: peakmem.arena_request_rule = "caching: the planned size reserves least"
// CHECK: memref.alloc() {alignment = 1 : i64, peakmem.arena} : memref<1048575xi8>
// SEAM-LABEL: func.func @below_1mib
// SEAM: memref.alloc() {alignment = 1 : i64, peakmem.arena} : memref<1048575xi8>
func.func @below_1mib(%x: memref<16xi8>) {
  %c = arith.constant 1 : i8
  %a = memref.alloc() : memref<1048575xi8>
  linalg.fill ins(%c : i8) outs(%a : memref<1048575xi8>)
  memref.dealloc %a : memref<1048575xi8>
  return
}

// -----

// 1 MiB planned: 1 MiB + 1 B requested is large (20 MiB segment); as
// 10 MiB it gets a 10 MiB segment.
// CHECK-LABEL: func.func @at_1mib
// CHECK-SAME: peakmem.arena_request = 10485759 : i64
// CHECK-SAME: peakmem.arena_request_rule = "caching: padded to 10 MiB (kMinLargeAlloc), a segment of its own size instead of 20 MiB"
// CHECK-SAME: peakmem.arena_size = 1048576 : i64
// CHECK: memref.alloc() {alignment = 1 : i64, peakmem.arena} : memref<10485759xi8>
// CHECK: memref.view %{{.*}} : memref<10485759xi8> to memref<1048576xi8>
// SEAM-LABEL: func.func @at_1mib
// SEAM: memref.alloc() {alignment = 1 : i64, peakmem.arena} : memref<10485759xi8>
func.func @at_1mib(%x: memref<16xi8>) {
  %c = arith.constant 1 : i8
  %a = memref.alloc() : memref<1048576xi8>
  linalg.fill ins(%c : i8) outs(%a : memref<1048576xi8>)
  memref.dealloc %a : memref<1048576xi8>
  return
}

// -----

// 10 MiB - 513 B planned: the request rounds to 10 MiB - 512 B, below
// kMinLargeAlloc: 20 MiB; padded to 10 MiB.
// CHECK-LABEL: func.func @below_10mib
// CHECK-SAME: peakmem.arena_request = 10485759 : i64
// CHECK-SAME: peakmem.arena_size = 10485247 : i64
func.func @below_10mib(%x: memref<16xi8>) {
  %c = arith.constant 1 : i8
  %a = memref.alloc() : memref<10485247xi8>
  linalg.fill ins(%c : i8) outs(%a : memref<10485247xi8>)
  memref.dealloc %a : memref<10485247xi8>
  return
}

// -----

// 10 MiB - 512 B planned: its request (+1) rounds to 10 MiB, a 10 MiB
// segment already.
// CHECK-LABEL: func.func @at_10mib
// CHECK-SAME: peakmem.arena_request = 10485248 : i64
// CHECK-SAME: peakmem.arena_request_rule = "caching: the planned size reserves least"
func.func @at_10mib(%x: memref<16xi8>) {
  %c = arith.constant 1 : i8
  %a = memref.alloc() : memref<10485248xi8>
  linalg.fill ins(%c : i8) outs(%a : memref<10485248xi8>)
  memref.dealloc %a : memref<10485248xi8>
  return
}

// -----

// An escaping 4 MiB output after a 5 MiB arena (LRASPP's case): the
// output fits the tail of the arena's 20 MiB segment, so the planned size
// reserves 20 MiB, and 10 MiB would reserve 10 + 20 MiB.
// CHECK-LABEL: func.func @output_in_tail
// CHECK-SAME: peakmem.arena_request = 5242880 : i64
// CHECK-SAME: peakmem.arena_request_rule = "caching: the planned size reserves least"
// REMARK: remark: peakmem-plan-arena: 'output_in_tail' arena 5242880 bytes for 1 buffers (1 left out)
// REMARK-SAME: requested as 5242880 bytes (caching: the planned size reserves least; caching reserved 20971520 bytes, 20971520 with the planned size)
func.func @output_in_tail(%x: memref<16xi8>) -> memref<4194304xi8> {
  %c = arith.constant 1 : i8
  %a = memref.alloc() : memref<5242880xi8>
  linalg.fill ins(%c : i8) outs(%a : memref<5242880xi8>)
  %o = memref.alloc() : memref<4194304xi8>
  %s = memref.subview %a[0] [4194304] [1] : memref<5242880xi8> to memref<4194304xi8, strided<[1]>>
  linalg.copy ins(%s : memref<4194304xi8, strided<[1]>>) outs(%o : memref<4194304xi8>)
  memref.dealloc %a : memref<5242880xi8>
  return %o : memref<4194304xi8>
}

// -----

// A 512 KiB arena and a 4 MiB output: 2 MiB small + 20 MiB large segments
// as planned; requested as 1 MiB + 1 B (N = 1 MiB) the arena is a large
// block whose 20 MiB segment also serves the output: 20 MiB.
// CHECK-LABEL: func.func @join_large_pool
// CHECK-SAME: peakmem.arena_request = 1048576 : i64
// CHECK-SAME: peakmem.arena_request_rule = "caching: padded to 1 MiB + 1 B, a large-pool request whose 20 MiB segment also serves the large requests after it"
// CHECK-SAME: peakmem.arena_size = 524288 : i64
func.func @join_large_pool(%x: memref<16xi8>) -> memref<4194304xi8> {
  %c = arith.constant 1 : i8
  %a = memref.alloc() : memref<524288xi8>
  linalg.fill ins(%c : i8) outs(%a : memref<524288xi8>)
  %o = memref.alloc() : memref<4194304xi8>
  linalg.fill ins(%c : i8) outs(%o : memref<4194304xi8>)
  %s = memref.subview %o[0] [524288] [1] : memref<4194304xi8> to memref<524288xi8, strided<[1]>>
  linalg.copy ins(%a : memref<524288xi8>) outs(%s : memref<524288xi8, strided<[1]>>)
  memref.dealloc %a : memref<524288xi8>
  return %o : memref<4194304xi8>
}

// -----

// A buffer left out in a parallel region is allocated once per iteration:
// not replayed, the planned size is kept and the rule says why.
// CHECK-LABEL: func.func @nested_left_out
// CHECK-SAME: peakmem.arena_request = 1048576 : i64
// CHECK-SAME: peakmem.arena_request_rule = "caching: the planned size (not replayed: allocations outside the arena in a nested block)"
func.func @nested_left_out(%x: memref<16xi8>) {
  %c = arith.constant 1 : i8
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<1048576xi8>
  linalg.fill ins(%c : i8) outs(%a : memref<1048576xi8>)
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %t = memref.alloc() : memref<64xi8>
    linalg.fill ins(%c : i8) outs(%t : memref<64xi8>)
    memref.dealloc %t : memref<64xi8>
    scf.reduce
  }
  memref.dealloc %a : memref<1048576xi8>
  return
}
