// json=FILE holds one record per planned function, keyed and sorted by its
// symbol path: two nested modules that each define @f keep both plans. The
// file is the same bytes whichever form schedules the pass and whatever the
// thread count.
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-plan-arena{json=%t.module.json remarks=0})' -o /dev/null
// RUN: FileCheck %s < %t.module.json
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-plan-arena{json=%t.serial.json remarks=0})' --mlir-disable-threading -o /dev/null
// RUN: cmp %t.module.json %t.serial.json
// RUN: peakmem-opt %s -p 'builtin.module(any(peakmem-plan-arena{json=%t.nested.json remarks=0}))' -o /dev/null
// RUN: cmp %t.module.json %t.nested.json
// The records belong to the pipeline, not to the process: each chunk of a
// split input is its own pipeline run, so the file holds the last chunk only.
// RUN: peakmem-opt %s -p 'builtin.module(peakmem-plan-arena{json=%t.split.json remarks=0})' --split-input-file -o /dev/null
// RUN: FileCheck %s --check-prefix=SPLIT < %t.split.json

// CHECK: "arena_size": 64,
// CHECK: "function": "f",
// CHECK: "symbol": "@a::@f"
// CHECK: "arena_size": 128,
// CHECK: "function": "f",
// CHECK: "symbol": "@b::@f"
// Every buffer left out is recorded with its model bytes, the reason and its
// steps (issue 27: what stays outside the arena; an entry-block allocation
// left out first moves down to its first use, so @h's %k starts at the
// call, step 2); a function with nothing
// placed still has its record, saying why it is unchanged.
// CHECK: "arena_size": 0,
// CHECK: "function": "g",
// CHECK-NEXT: "left_out": [
// CHECK-NEXT: {
// CHECK-NEXT: "bytes": 64,
// CHECK-NEXT: "first": 0,
// CHECK-NEXT: "last": 1,
// CHECK-NEXT: "nested": false,
// CHECK-NEXT: "reason": "it escapes its block (returned, yielded or never freed)"
// CHECK: "symbol": "@c::@g",
// CHECK-NEXT: "unchanged": "no buffer to place"
// CHECK: "arena_size": 64,
// CHECK: "function": "h",
// CHECK-NEXT: "left_out": [
// CHECK-NEXT: {
// CHECK-NEXT: "bytes": 128,
// CHECK-NEXT: "first": 2,
// CHECK-NEXT: "last": 6,
// CHECK-NEXT: "nested": false,
// CHECK-NEXT: "reason": "its address is passed to 'func.call', which may keep it: it is passed to 'keep', a declaration that may keep it (llvm.nocapture on its argument lifts this)"
// CHECK: "symbol": "@c::@h"
// CHECK-NOT: "unchanged"
// CHECK: "symbol": "@last"
// CHECK-NOT: "symbol"
// SPLIT-NOT: "@a::@f"
// SPLIT-NOT: "@b::@f"
// SPLIT: "symbol": "@last"
// SPLIT-NOT: "symbol"
module @b {
    func.func @f(%x: memref<32xf32>, %y: memref<32xf32>) {
      %t = memref.alloc() : memref<32xf32>
      linalg.copy ins(%x : memref<32xf32>) outs(%t : memref<32xf32>)
      linalg.copy ins(%t : memref<32xf32>) outs(%y : memref<32xf32>)
      memref.dealloc %t : memref<32xf32>
      return
    }
}
module @c {
    func.func private @keep(memref<32xf32>)
    func.func @g(%x: memref<16xf32>) -> memref<16xf32> {
      %t = memref.alloc() : memref<16xf32>
      linalg.copy ins(%x : memref<16xf32>) outs(%t : memref<16xf32>)
      return %t : memref<16xf32>
    }
    func.func @h(%x: memref<16xf32>, %y: memref<16xf32>) {
      %t = memref.alloc() : memref<16xf32>
      %k = memref.alloc() : memref<32xf32>
      linalg.copy ins(%x : memref<16xf32>) outs(%t : memref<16xf32>)
      func.call @keep(%k) : (memref<32xf32>) -> ()
      linalg.copy ins(%t : memref<16xf32>) outs(%y : memref<16xf32>)
      memref.dealloc %k : memref<32xf32>
      memref.dealloc %t : memref<16xf32>
      return
    }
}
module @a {
    func.func @f(%x: memref<16xf32>, %y: memref<16xf32>) {
      %t = memref.alloc() : memref<16xf32>
      linalg.copy ins(%x : memref<16xf32>) outs(%t : memref<16xf32>)
      linalg.copy ins(%t : memref<16xf32>) outs(%y : memref<16xf32>)
      memref.dealloc %t : memref<16xf32>
      return
    }
}

// -----

func.func @last(%x: memref<16xf32>, %y: memref<16xf32>) {
  %t = memref.alloc() : memref<16xf32>
  linalg.copy ins(%x : memref<16xf32>) outs(%t : memref<16xf32>)
  linalg.copy ins(%t : memref<16xf32>) outs(%y : memref<16xf32>)
  memref.dealloc %t : memref<16xf32>
  return
}
