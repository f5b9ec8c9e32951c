// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-materialize-arena))' --split-input-file -verify-diagnostics
// A recorded plan that is wrong or malformed is an error, checked by the
// rules of peakmem-verify-arena before anything is rewritten.

// b moved onto a: both live at the copy a -> b.
func.func @overlap(%x: memref<64xf32>, %y: memref<64xf32>) attributes {peakmem.arena_size = 512 : i64, peakmem.arena_alignment = 4 : i64} {
  // expected-note @below {{the other buffer}}
  %a = memref.alloc() {peakmem.arena_offset = 0 : i64} : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  // expected-error @below {{peakmem-materialize-arena: buffer [128, 384) overlaps a buffer [0, 256) live at the same time}}
  %b = memref.alloc() {peakmem.arena_offset = 128 : i64} : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

func.func @misaligned(%x: memref<64xf32>) attributes {peakmem.arena_size = 512 : i64, peakmem.arena_alignment = 4 : i64} {
  // expected-error @below {{offset 2 is not a multiple of the buffer's alignment 4}}
  %a = memref.alloc() {peakmem.arena_offset = 2 : i64} : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

func.func @past_end(%x: memref<64xf32>) attributes {peakmem.arena_size = 256 : i64, peakmem.arena_alignment = 4 : i64} {
  // expected-error @below {{buffer [4, 260) lies outside the arena of 256 bytes}}
  %a = memref.alloc() {peakmem.arena_offset = 4 : i64} : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

// The alloc asks for 64-byte alignment; the arena has 16.
func.func @over_aligned(%x: memref<64xf32>) attributes {peakmem.arena_size = 256 : i64, peakmem.arena_alignment = 16 : i64} {
  // expected-error @below {{buffer alignment 64 exceeds the arena's 16}}
  %a = memref.alloc() {alignment = 64 : i64, peakmem.arena_offset = 0 : i64} : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

func.func @not_an_alloc(%x: memref<64xf32>) attributes {peakmem.arena_size = 256 : i64, peakmem.arena_alignment = 4 : i64} {
  // expected-error @below {{peakmem.arena_offset must be an i64 on a memref.alloc}}
  %a = memref.alloca() {peakmem.arena_offset = 0 : i64} : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  return
}

// -----

func.func @not_i64(%x: memref<64xf32>) attributes {peakmem.arena_size = 256 : i64, peakmem.arena_alignment = 4 : i64} {
  // expected-error @below {{peakmem.arena_offset must be an i64 on a memref.alloc}}
  %a = memref.alloc() {peakmem.arena_offset = "0"} : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

// expected-error @below {{a recorded plan needs peakmem.arena_size (>= 0) and peakmem.arena_alignment (a power of two)}}
func.func @no_size(%x: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64} {
  %a = memref.alloc() {peakmem.arena_offset = 0 : i64} : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

// A returned buffer has no visible end of life.
func.func @escapes(%x: memref<64xf32>) -> memref<64xf32> attributes {peakmem.arena_size = 256 : i64, peakmem.arena_alignment = 4 : i64} {
  // expected-error @below {{the buffer's lifetime cannot be rebuilt: an alias is used by 'func.return'}}
  %a = memref.alloc() {peakmem.arena_offset = 0 : i64} : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  return %a : memref<64xf32>
}

// -----

// An alias that reaches past the buffer's bytes.
func.func @alias_outside(%x: memref<64xf32>) attributes {peakmem.arena_size = 512 : i64, peakmem.arena_alignment = 4 : i64} {
  %a = memref.alloc() {peakmem.arena_offset = 0 : i64} : memref<64xf32>
  // expected-error @below {{an alias made by 'memref.reinterpret_cast' reaches bytes [256, 512) of the buffer, outside [0, 256) of the buffer [0, 256)}}
  %r = memref.reinterpret_cast %a to offset: [64], sizes: [64], strides: [1] : memref<64xf32> to memref<64xf32, strided<[1], offset: 64>>
  linalg.copy ins(%x : memref<64xf32>) outs(%r : memref<64xf32, strided<[1], offset: 64>>)
  memref.dealloc %a : memref<64xf32>
  return
}

// -----

// A recorded request below the planned size.
// expected-error @below {{peakmem-materialize-arena: peakmem.arena_request must be an i64 of at least peakmem.arena_size = 256}}
func.func @request_below_size(%x: memref<64xf32>) attributes {peakmem.arena_size = 256 : i64, peakmem.arena_alignment = 4 : i64, peakmem.arena_request = 128 : i64} {
  %a = memref.alloc() {peakmem.arena_offset = 0 : i64} : memref<64xf32>
  linalg.copy ins(%x : memref<64xf32>) outs(%a : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return
}
