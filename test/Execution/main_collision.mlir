// The function under test is called @main and calls a private helper; the
// generated driver takes another name and the input is run unchanged. The
// helper being private, @main is the only public function: no --function.
//
// RUN: %python -m peakmem exec %s | FileCheck %s
//
//   tmp = memref<100xi8>:                 100*1      = 100 (freed)
//   res = memref<100xi16> {alignment = 16}: 100*2 + 16 = 216 (returned)
// peak = 100 + 216 = 316
//
// CHECK: peak_bytes: 316
// CHECK-NEXT: output_digest: {{[0-9a-f]{16}$}}

#id = affine_map<(i) -> (i)>

func.func private @widen(%t: memref<100xi8>) -> memref<100xi16> {
  %res = memref.alloc() {alignment = 16 : i64} : memref<100xi16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : memref<100xi8>) outs(%res : memref<100xi16>) {
  ^bb0(%v: i8, %o: i16):
    %w = arith.extsi %v : i8 to i16
    linalg.yield %w : i16
  }
  return %res : memref<100xi16>
}

func.func @main(%x: memref<100xi8>) -> memref<100xi16> {
  %tmp = memref.alloc() : memref<100xi8>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %x : memref<100xi8>, memref<100xi8>) outs(%tmp : memref<100xi8>) {
  ^bb0(%v: i8, %w: i8, %o: i8):
    %m = arith.muli %v, %w : i8
    linalg.yield %m : i8
  }
  %res = call @widen(%tmp) : (memref<100xi8>) -> memref<100xi16>
  memref.dealloc %tmp : memref<100xi8>
  return %res : memref<100xi16>
}
