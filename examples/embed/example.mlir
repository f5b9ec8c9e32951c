// Input of examples/embed (and of the embed-example test). The two copies
// are computed before either is reduced: 2052 bytes at the peak. Finishing
// one branch before starting the other peaks at 1032 bytes, which is optimal.
func.func @fork_join(%in: memref<256xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%a1 : memref<256xf32>)
  %b1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%b1 : memref<256xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  memref.dealloc %a1 : memref<256xf32>
  %vb = memref.subview %b1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  memref.dealloc %b1 : memref<256xf32>
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}

// Already optimal as written: left unchanged, certified at 512 bytes.
func.func @chain(%in: memref<64xf32>) -> memref<64xf32> {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return %b : memref<64xf32>
}
