// Generated for threading.mlir: 64 badly ordered fork-join functions.
func.func @f0(%in: memref<64xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%a1 : memref<64xf32>)
  %b1 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%b1 : memref<64xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<64xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<64xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<64xf32>
  memref.dealloc %b1 : memref<64xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f1(%in: memref<80xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<80xf32>
  linalg.copy ins(%in : memref<80xf32>) outs(%a1 : memref<80xf32>)
  %b1 = memref.alloc() : memref<80xf32>
  linalg.copy ins(%in : memref<80xf32>) outs(%b1 : memref<80xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<80xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<80xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<80xf32>
  memref.dealloc %b1 : memref<80xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f2(%in: memref<96xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<96xf32>
  linalg.copy ins(%in : memref<96xf32>) outs(%a1 : memref<96xf32>)
  %b1 = memref.alloc() : memref<96xf32>
  linalg.copy ins(%in : memref<96xf32>) outs(%b1 : memref<96xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<96xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<96xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<96xf32>
  memref.dealloc %b1 : memref<96xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f3(%in: memref<112xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<112xf32>
  linalg.copy ins(%in : memref<112xf32>) outs(%a1 : memref<112xf32>)
  %b1 = memref.alloc() : memref<112xf32>
  linalg.copy ins(%in : memref<112xf32>) outs(%b1 : memref<112xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<112xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<112xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<112xf32>
  memref.dealloc %b1 : memref<112xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f4(%in: memref<128xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<128xf32>
  linalg.copy ins(%in : memref<128xf32>) outs(%a1 : memref<128xf32>)
  %b1 = memref.alloc() : memref<128xf32>
  linalg.copy ins(%in : memref<128xf32>) outs(%b1 : memref<128xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<128xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<128xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<128xf32>
  memref.dealloc %b1 : memref<128xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f5(%in: memref<144xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<144xf32>
  linalg.copy ins(%in : memref<144xf32>) outs(%a1 : memref<144xf32>)
  %b1 = memref.alloc() : memref<144xf32>
  linalg.copy ins(%in : memref<144xf32>) outs(%b1 : memref<144xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<144xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<144xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<144xf32>
  memref.dealloc %b1 : memref<144xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f6(%in: memref<160xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<160xf32>
  linalg.copy ins(%in : memref<160xf32>) outs(%a1 : memref<160xf32>)
  %b1 = memref.alloc() : memref<160xf32>
  linalg.copy ins(%in : memref<160xf32>) outs(%b1 : memref<160xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<160xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<160xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<160xf32>
  memref.dealloc %b1 : memref<160xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f7(%in: memref<176xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<176xf32>
  linalg.copy ins(%in : memref<176xf32>) outs(%a1 : memref<176xf32>)
  %b1 = memref.alloc() : memref<176xf32>
  linalg.copy ins(%in : memref<176xf32>) outs(%b1 : memref<176xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<176xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<176xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<176xf32>
  memref.dealloc %b1 : memref<176xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f8(%in: memref<192xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<192xf32>
  linalg.copy ins(%in : memref<192xf32>) outs(%a1 : memref<192xf32>)
  %b1 = memref.alloc() : memref<192xf32>
  linalg.copy ins(%in : memref<192xf32>) outs(%b1 : memref<192xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<192xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<192xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<192xf32>
  memref.dealloc %b1 : memref<192xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f9(%in: memref<208xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<208xf32>
  linalg.copy ins(%in : memref<208xf32>) outs(%a1 : memref<208xf32>)
  %b1 = memref.alloc() : memref<208xf32>
  linalg.copy ins(%in : memref<208xf32>) outs(%b1 : memref<208xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<208xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<208xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<208xf32>
  memref.dealloc %b1 : memref<208xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f10(%in: memref<224xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<224xf32>
  linalg.copy ins(%in : memref<224xf32>) outs(%a1 : memref<224xf32>)
  %b1 = memref.alloc() : memref<224xf32>
  linalg.copy ins(%in : memref<224xf32>) outs(%b1 : memref<224xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<224xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<224xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<224xf32>
  memref.dealloc %b1 : memref<224xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f11(%in: memref<240xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<240xf32>
  linalg.copy ins(%in : memref<240xf32>) outs(%a1 : memref<240xf32>)
  %b1 = memref.alloc() : memref<240xf32>
  linalg.copy ins(%in : memref<240xf32>) outs(%b1 : memref<240xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<240xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<240xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<240xf32>
  memref.dealloc %b1 : memref<240xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f12(%in: memref<256xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%a1 : memref<256xf32>)
  %b1 = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%b1 : memref<256xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<256xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<256xf32>
  memref.dealloc %b1 : memref<256xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f13(%in: memref<272xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<272xf32>
  linalg.copy ins(%in : memref<272xf32>) outs(%a1 : memref<272xf32>)
  %b1 = memref.alloc() : memref<272xf32>
  linalg.copy ins(%in : memref<272xf32>) outs(%b1 : memref<272xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<272xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<272xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<272xf32>
  memref.dealloc %b1 : memref<272xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f14(%in: memref<288xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<288xf32>
  linalg.copy ins(%in : memref<288xf32>) outs(%a1 : memref<288xf32>)
  %b1 = memref.alloc() : memref<288xf32>
  linalg.copy ins(%in : memref<288xf32>) outs(%b1 : memref<288xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<288xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<288xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<288xf32>
  memref.dealloc %b1 : memref<288xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f15(%in: memref<304xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<304xf32>
  linalg.copy ins(%in : memref<304xf32>) outs(%a1 : memref<304xf32>)
  %b1 = memref.alloc() : memref<304xf32>
  linalg.copy ins(%in : memref<304xf32>) outs(%b1 : memref<304xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<304xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<304xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<304xf32>
  memref.dealloc %b1 : memref<304xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f16(%in: memref<320xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<320xf32>
  linalg.copy ins(%in : memref<320xf32>) outs(%a1 : memref<320xf32>)
  %b1 = memref.alloc() : memref<320xf32>
  linalg.copy ins(%in : memref<320xf32>) outs(%b1 : memref<320xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<320xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<320xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<320xf32>
  memref.dealloc %b1 : memref<320xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f17(%in: memref<336xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<336xf32>
  linalg.copy ins(%in : memref<336xf32>) outs(%a1 : memref<336xf32>)
  %b1 = memref.alloc() : memref<336xf32>
  linalg.copy ins(%in : memref<336xf32>) outs(%b1 : memref<336xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<336xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<336xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<336xf32>
  memref.dealloc %b1 : memref<336xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f18(%in: memref<352xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<352xf32>
  linalg.copy ins(%in : memref<352xf32>) outs(%a1 : memref<352xf32>)
  %b1 = memref.alloc() : memref<352xf32>
  linalg.copy ins(%in : memref<352xf32>) outs(%b1 : memref<352xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<352xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<352xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<352xf32>
  memref.dealloc %b1 : memref<352xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f19(%in: memref<368xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<368xf32>
  linalg.copy ins(%in : memref<368xf32>) outs(%a1 : memref<368xf32>)
  %b1 = memref.alloc() : memref<368xf32>
  linalg.copy ins(%in : memref<368xf32>) outs(%b1 : memref<368xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<368xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<368xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<368xf32>
  memref.dealloc %b1 : memref<368xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f20(%in: memref<384xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<384xf32>
  linalg.copy ins(%in : memref<384xf32>) outs(%a1 : memref<384xf32>)
  %b1 = memref.alloc() : memref<384xf32>
  linalg.copy ins(%in : memref<384xf32>) outs(%b1 : memref<384xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<384xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<384xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<384xf32>
  memref.dealloc %b1 : memref<384xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f21(%in: memref<400xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<400xf32>
  linalg.copy ins(%in : memref<400xf32>) outs(%a1 : memref<400xf32>)
  %b1 = memref.alloc() : memref<400xf32>
  linalg.copy ins(%in : memref<400xf32>) outs(%b1 : memref<400xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<400xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<400xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<400xf32>
  memref.dealloc %b1 : memref<400xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f22(%in: memref<416xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<416xf32>
  linalg.copy ins(%in : memref<416xf32>) outs(%a1 : memref<416xf32>)
  %b1 = memref.alloc() : memref<416xf32>
  linalg.copy ins(%in : memref<416xf32>) outs(%b1 : memref<416xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<416xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<416xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<416xf32>
  memref.dealloc %b1 : memref<416xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f23(%in: memref<432xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<432xf32>
  linalg.copy ins(%in : memref<432xf32>) outs(%a1 : memref<432xf32>)
  %b1 = memref.alloc() : memref<432xf32>
  linalg.copy ins(%in : memref<432xf32>) outs(%b1 : memref<432xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<432xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<432xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<432xf32>
  memref.dealloc %b1 : memref<432xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f24(%in: memref<448xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<448xf32>
  linalg.copy ins(%in : memref<448xf32>) outs(%a1 : memref<448xf32>)
  %b1 = memref.alloc() : memref<448xf32>
  linalg.copy ins(%in : memref<448xf32>) outs(%b1 : memref<448xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<448xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<448xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<448xf32>
  memref.dealloc %b1 : memref<448xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f25(%in: memref<464xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<464xf32>
  linalg.copy ins(%in : memref<464xf32>) outs(%a1 : memref<464xf32>)
  %b1 = memref.alloc() : memref<464xf32>
  linalg.copy ins(%in : memref<464xf32>) outs(%b1 : memref<464xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<464xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<464xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<464xf32>
  memref.dealloc %b1 : memref<464xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f26(%in: memref<480xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<480xf32>
  linalg.copy ins(%in : memref<480xf32>) outs(%a1 : memref<480xf32>)
  %b1 = memref.alloc() : memref<480xf32>
  linalg.copy ins(%in : memref<480xf32>) outs(%b1 : memref<480xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<480xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<480xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<480xf32>
  memref.dealloc %b1 : memref<480xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f27(%in: memref<496xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<496xf32>
  linalg.copy ins(%in : memref<496xf32>) outs(%a1 : memref<496xf32>)
  %b1 = memref.alloc() : memref<496xf32>
  linalg.copy ins(%in : memref<496xf32>) outs(%b1 : memref<496xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<496xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<496xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<496xf32>
  memref.dealloc %b1 : memref<496xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f28(%in: memref<512xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<512xf32>
  linalg.copy ins(%in : memref<512xf32>) outs(%a1 : memref<512xf32>)
  %b1 = memref.alloc() : memref<512xf32>
  linalg.copy ins(%in : memref<512xf32>) outs(%b1 : memref<512xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<512xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<512xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<512xf32>
  memref.dealloc %b1 : memref<512xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f29(%in: memref<528xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<528xf32>
  linalg.copy ins(%in : memref<528xf32>) outs(%a1 : memref<528xf32>)
  %b1 = memref.alloc() : memref<528xf32>
  linalg.copy ins(%in : memref<528xf32>) outs(%b1 : memref<528xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<528xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<528xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<528xf32>
  memref.dealloc %b1 : memref<528xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f30(%in: memref<544xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<544xf32>
  linalg.copy ins(%in : memref<544xf32>) outs(%a1 : memref<544xf32>)
  %b1 = memref.alloc() : memref<544xf32>
  linalg.copy ins(%in : memref<544xf32>) outs(%b1 : memref<544xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<544xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<544xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<544xf32>
  memref.dealloc %b1 : memref<544xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f31(%in: memref<560xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<560xf32>
  linalg.copy ins(%in : memref<560xf32>) outs(%a1 : memref<560xf32>)
  %b1 = memref.alloc() : memref<560xf32>
  linalg.copy ins(%in : memref<560xf32>) outs(%b1 : memref<560xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<560xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<560xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<560xf32>
  memref.dealloc %b1 : memref<560xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f32(%in: memref<576xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<576xf32>
  linalg.copy ins(%in : memref<576xf32>) outs(%a1 : memref<576xf32>)
  %b1 = memref.alloc() : memref<576xf32>
  linalg.copy ins(%in : memref<576xf32>) outs(%b1 : memref<576xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<576xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<576xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<576xf32>
  memref.dealloc %b1 : memref<576xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f33(%in: memref<592xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<592xf32>
  linalg.copy ins(%in : memref<592xf32>) outs(%a1 : memref<592xf32>)
  %b1 = memref.alloc() : memref<592xf32>
  linalg.copy ins(%in : memref<592xf32>) outs(%b1 : memref<592xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<592xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<592xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<592xf32>
  memref.dealloc %b1 : memref<592xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f34(%in: memref<608xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<608xf32>
  linalg.copy ins(%in : memref<608xf32>) outs(%a1 : memref<608xf32>)
  %b1 = memref.alloc() : memref<608xf32>
  linalg.copy ins(%in : memref<608xf32>) outs(%b1 : memref<608xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<608xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<608xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<608xf32>
  memref.dealloc %b1 : memref<608xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f35(%in: memref<624xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<624xf32>
  linalg.copy ins(%in : memref<624xf32>) outs(%a1 : memref<624xf32>)
  %b1 = memref.alloc() : memref<624xf32>
  linalg.copy ins(%in : memref<624xf32>) outs(%b1 : memref<624xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<624xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<624xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<624xf32>
  memref.dealloc %b1 : memref<624xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f36(%in: memref<640xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<640xf32>
  linalg.copy ins(%in : memref<640xf32>) outs(%a1 : memref<640xf32>)
  %b1 = memref.alloc() : memref<640xf32>
  linalg.copy ins(%in : memref<640xf32>) outs(%b1 : memref<640xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<640xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<640xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<640xf32>
  memref.dealloc %b1 : memref<640xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f37(%in: memref<656xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<656xf32>
  linalg.copy ins(%in : memref<656xf32>) outs(%a1 : memref<656xf32>)
  %b1 = memref.alloc() : memref<656xf32>
  linalg.copy ins(%in : memref<656xf32>) outs(%b1 : memref<656xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<656xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<656xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<656xf32>
  memref.dealloc %b1 : memref<656xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f38(%in: memref<672xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<672xf32>
  linalg.copy ins(%in : memref<672xf32>) outs(%a1 : memref<672xf32>)
  %b1 = memref.alloc() : memref<672xf32>
  linalg.copy ins(%in : memref<672xf32>) outs(%b1 : memref<672xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<672xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<672xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<672xf32>
  memref.dealloc %b1 : memref<672xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f39(%in: memref<688xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<688xf32>
  linalg.copy ins(%in : memref<688xf32>) outs(%a1 : memref<688xf32>)
  %b1 = memref.alloc() : memref<688xf32>
  linalg.copy ins(%in : memref<688xf32>) outs(%b1 : memref<688xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<688xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<688xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<688xf32>
  memref.dealloc %b1 : memref<688xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f40(%in: memref<704xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<704xf32>
  linalg.copy ins(%in : memref<704xf32>) outs(%a1 : memref<704xf32>)
  %b1 = memref.alloc() : memref<704xf32>
  linalg.copy ins(%in : memref<704xf32>) outs(%b1 : memref<704xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<704xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<704xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<704xf32>
  memref.dealloc %b1 : memref<704xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f41(%in: memref<720xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<720xf32>
  linalg.copy ins(%in : memref<720xf32>) outs(%a1 : memref<720xf32>)
  %b1 = memref.alloc() : memref<720xf32>
  linalg.copy ins(%in : memref<720xf32>) outs(%b1 : memref<720xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<720xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<720xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<720xf32>
  memref.dealloc %b1 : memref<720xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f42(%in: memref<736xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<736xf32>
  linalg.copy ins(%in : memref<736xf32>) outs(%a1 : memref<736xf32>)
  %b1 = memref.alloc() : memref<736xf32>
  linalg.copy ins(%in : memref<736xf32>) outs(%b1 : memref<736xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<736xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<736xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<736xf32>
  memref.dealloc %b1 : memref<736xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f43(%in: memref<752xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<752xf32>
  linalg.copy ins(%in : memref<752xf32>) outs(%a1 : memref<752xf32>)
  %b1 = memref.alloc() : memref<752xf32>
  linalg.copy ins(%in : memref<752xf32>) outs(%b1 : memref<752xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<752xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<752xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<752xf32>
  memref.dealloc %b1 : memref<752xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f44(%in: memref<768xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<768xf32>
  linalg.copy ins(%in : memref<768xf32>) outs(%a1 : memref<768xf32>)
  %b1 = memref.alloc() : memref<768xf32>
  linalg.copy ins(%in : memref<768xf32>) outs(%b1 : memref<768xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<768xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<768xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<768xf32>
  memref.dealloc %b1 : memref<768xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f45(%in: memref<784xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<784xf32>
  linalg.copy ins(%in : memref<784xf32>) outs(%a1 : memref<784xf32>)
  %b1 = memref.alloc() : memref<784xf32>
  linalg.copy ins(%in : memref<784xf32>) outs(%b1 : memref<784xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<784xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<784xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<784xf32>
  memref.dealloc %b1 : memref<784xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f46(%in: memref<800xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<800xf32>
  linalg.copy ins(%in : memref<800xf32>) outs(%a1 : memref<800xf32>)
  %b1 = memref.alloc() : memref<800xf32>
  linalg.copy ins(%in : memref<800xf32>) outs(%b1 : memref<800xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<800xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<800xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<800xf32>
  memref.dealloc %b1 : memref<800xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f47(%in: memref<816xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<816xf32>
  linalg.copy ins(%in : memref<816xf32>) outs(%a1 : memref<816xf32>)
  %b1 = memref.alloc() : memref<816xf32>
  linalg.copy ins(%in : memref<816xf32>) outs(%b1 : memref<816xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<816xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<816xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<816xf32>
  memref.dealloc %b1 : memref<816xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f48(%in: memref<832xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<832xf32>
  linalg.copy ins(%in : memref<832xf32>) outs(%a1 : memref<832xf32>)
  %b1 = memref.alloc() : memref<832xf32>
  linalg.copy ins(%in : memref<832xf32>) outs(%b1 : memref<832xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<832xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<832xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<832xf32>
  memref.dealloc %b1 : memref<832xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f49(%in: memref<848xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<848xf32>
  linalg.copy ins(%in : memref<848xf32>) outs(%a1 : memref<848xf32>)
  %b1 = memref.alloc() : memref<848xf32>
  linalg.copy ins(%in : memref<848xf32>) outs(%b1 : memref<848xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<848xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<848xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<848xf32>
  memref.dealloc %b1 : memref<848xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f50(%in: memref<864xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<864xf32>
  linalg.copy ins(%in : memref<864xf32>) outs(%a1 : memref<864xf32>)
  %b1 = memref.alloc() : memref<864xf32>
  linalg.copy ins(%in : memref<864xf32>) outs(%b1 : memref<864xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<864xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<864xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<864xf32>
  memref.dealloc %b1 : memref<864xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f51(%in: memref<880xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<880xf32>
  linalg.copy ins(%in : memref<880xf32>) outs(%a1 : memref<880xf32>)
  %b1 = memref.alloc() : memref<880xf32>
  linalg.copy ins(%in : memref<880xf32>) outs(%b1 : memref<880xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<880xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<880xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<880xf32>
  memref.dealloc %b1 : memref<880xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f52(%in: memref<896xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<896xf32>
  linalg.copy ins(%in : memref<896xf32>) outs(%a1 : memref<896xf32>)
  %b1 = memref.alloc() : memref<896xf32>
  linalg.copy ins(%in : memref<896xf32>) outs(%b1 : memref<896xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<896xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<896xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<896xf32>
  memref.dealloc %b1 : memref<896xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f53(%in: memref<912xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<912xf32>
  linalg.copy ins(%in : memref<912xf32>) outs(%a1 : memref<912xf32>)
  %b1 = memref.alloc() : memref<912xf32>
  linalg.copy ins(%in : memref<912xf32>) outs(%b1 : memref<912xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<912xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<912xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<912xf32>
  memref.dealloc %b1 : memref<912xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f54(%in: memref<928xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<928xf32>
  linalg.copy ins(%in : memref<928xf32>) outs(%a1 : memref<928xf32>)
  %b1 = memref.alloc() : memref<928xf32>
  linalg.copy ins(%in : memref<928xf32>) outs(%b1 : memref<928xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<928xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<928xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<928xf32>
  memref.dealloc %b1 : memref<928xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f55(%in: memref<944xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<944xf32>
  linalg.copy ins(%in : memref<944xf32>) outs(%a1 : memref<944xf32>)
  %b1 = memref.alloc() : memref<944xf32>
  linalg.copy ins(%in : memref<944xf32>) outs(%b1 : memref<944xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<944xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<944xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<944xf32>
  memref.dealloc %b1 : memref<944xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f56(%in: memref<960xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<960xf32>
  linalg.copy ins(%in : memref<960xf32>) outs(%a1 : memref<960xf32>)
  %b1 = memref.alloc() : memref<960xf32>
  linalg.copy ins(%in : memref<960xf32>) outs(%b1 : memref<960xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<960xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<960xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<960xf32>
  memref.dealloc %b1 : memref<960xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f57(%in: memref<976xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<976xf32>
  linalg.copy ins(%in : memref<976xf32>) outs(%a1 : memref<976xf32>)
  %b1 = memref.alloc() : memref<976xf32>
  linalg.copy ins(%in : memref<976xf32>) outs(%b1 : memref<976xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<976xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<976xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<976xf32>
  memref.dealloc %b1 : memref<976xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f58(%in: memref<992xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<992xf32>
  linalg.copy ins(%in : memref<992xf32>) outs(%a1 : memref<992xf32>)
  %b1 = memref.alloc() : memref<992xf32>
  linalg.copy ins(%in : memref<992xf32>) outs(%b1 : memref<992xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<992xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<992xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<992xf32>
  memref.dealloc %b1 : memref<992xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f59(%in: memref<1008xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<1008xf32>
  linalg.copy ins(%in : memref<1008xf32>) outs(%a1 : memref<1008xf32>)
  %b1 = memref.alloc() : memref<1008xf32>
  linalg.copy ins(%in : memref<1008xf32>) outs(%b1 : memref<1008xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<1008xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<1008xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<1008xf32>
  memref.dealloc %b1 : memref<1008xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f60(%in: memref<1024xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<1024xf32>
  linalg.copy ins(%in : memref<1024xf32>) outs(%a1 : memref<1024xf32>)
  %b1 = memref.alloc() : memref<1024xf32>
  linalg.copy ins(%in : memref<1024xf32>) outs(%b1 : memref<1024xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<1024xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<1024xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<1024xf32>
  memref.dealloc %b1 : memref<1024xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f61(%in: memref<1040xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<1040xf32>
  linalg.copy ins(%in : memref<1040xf32>) outs(%a1 : memref<1040xf32>)
  %b1 = memref.alloc() : memref<1040xf32>
  linalg.copy ins(%in : memref<1040xf32>) outs(%b1 : memref<1040xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<1040xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<1040xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<1040xf32>
  memref.dealloc %b1 : memref<1040xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f62(%in: memref<1056xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<1056xf32>
  linalg.copy ins(%in : memref<1056xf32>) outs(%a1 : memref<1056xf32>)
  %b1 = memref.alloc() : memref<1056xf32>
  linalg.copy ins(%in : memref<1056xf32>) outs(%b1 : memref<1056xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<1056xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<1056xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<1056xf32>
  memref.dealloc %b1 : memref<1056xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
func.func @f63(%in: memref<1072xf32>) -> memref<1xf32> {
  %a1 = memref.alloc() : memref<1072xf32>
  linalg.copy ins(%in : memref<1072xf32>) outs(%a1 : memref<1072xf32>)
  %b1 = memref.alloc() : memref<1072xf32>
  linalg.copy ins(%in : memref<1072xf32>) outs(%b1 : memref<1072xf32>)
  %va = memref.subview %a1[0] [1] [1] : memref<1072xf32> to memref<1xf32, strided<[1]>>
  %a2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%va : memref<1xf32, strided<[1]>>) outs(%a2 : memref<1xf32>)
  %vb = memref.subview %b1[0] [1] [1] : memref<1072xf32> to memref<1xf32, strided<[1]>>
  %b2 = memref.alloc() : memref<1xf32>
  linalg.copy ins(%vb : memref<1xf32, strided<[1]>>) outs(%b2 : memref<1xf32>)
  %j = memref.alloc() : memref<1xf32>
  linalg.add ins(%a2, %b2 : memref<1xf32>, memref<1xf32>) outs(%j : memref<1xf32>)
  memref.dealloc %a1 : memref<1072xf32>
  memref.dealloc %b1 : memref<1072xf32>
  memref.dealloc %a2 : memref<1xf32>
  memref.dealloc %b2 : memref<1xf32>
  return %j : memref<1xf32>
}
