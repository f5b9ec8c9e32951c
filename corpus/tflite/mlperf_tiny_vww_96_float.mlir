#map = affine_map<(d0, d1, d2, d3) -> (d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>
#map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
#map6 = affine_map<(d0, d1) -> (d0, 0)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_8xf32 : memref<8xf32> = dense<[-1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_8x3x3x3xf32 : memref<8x3x3x3xf32> = dense<0.0370370373> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x3x8x1xf32 : memref<3x3x8x1xf32> = dense<0.111111112> {alignment = 64 : i64}
  memref.global "private" constant @__constant_16x1x1x8xf32 : memref<16x1x1x8xf32> = dense<1.250000e-01> {alignment = 64 : i64}
  memref.global "private" constant @__constant_16xf32 : memref<16xf32> = dense<[-1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x3x16x1xf32 : memref<3x3x16x1xf32> = dense<0.111111112> {alignment = 64 : i64}
  memref.global "private" constant @__constant_32x1x1x16xf32 : memref<32x1x1x16xf32> = dense<6.250000e-02> {alignment = 64 : i64}
  memref.global "private" constant @__constant_32xf32 : memref<32xf32> = dense<[-1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x3x32x1xf32 : memref<3x3x32x1xf32> = dense<0.111111112> {alignment = 64 : i64}
  memref.global "private" constant @__constant_32x1x1x32xf32 : memref<32x1x1x32xf32> = dense<3.125000e-02> {alignment = 64 : i64}
  memref.global "private" constant @__constant_64x1x1x32xf32 : memref<64x1x1x32xf32> = dense<3.125000e-02> {alignment = 64 : i64}
  memref.global "private" constant @__constant_64xf32 : memref<64xf32> = dense<[-1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02, 6.000000e-02, -2.000000e-02, -1.000000e-01, 4.000000e-02, -4.000000e-02, 1.000000e-01, 2.000000e-02, -6.000000e-02, 8.000000e-02, 0.000000e+00, -8.000000e-02]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x3x64x1xf32 : memref<3x3x64x1xf32> = dense<0.111111112> {alignment = 64 : i64}
  memref.global "private" constant @__constant_64x1x1x64xf32 : memref<64x1x1x64xf32> = dense<1.562500e-02> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1x1x64xf32 : memref<128x1x1x64xf32> = dense<1.562500e-02> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128xf32 : memref<128xf32> = dense<"0xCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x3x128x1xf32 : memref<3x3x128x1xf32> = dense<0.111111112> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1x1x128xf32 : memref<128x1x1x128xf32> = dense<7.812500e-03> {alignment = 64 : i64}
  memref.global "private" constant @__constant_256x1x1x128xf32 : memref<256x1x1x128xf32> = dense<7.812500e-03> {alignment = 64 : i64}
  memref.global "private" constant @__constant_256xf32 : memref<256xf32> = dense<"0xCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BD"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x3x256x1xf32 : memref<3x3x256x1xf32> = dense<0.111111112> {alignment = 64 : i64}
  memref.global "private" constant @__constant_256x1x1x256xf32 : memref<256x1x1x256xf32> = dense<3.906250e-03> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2x1x1x256xf32 : memref<2x1x1x256xf32> = dense<3.906250e-03> {alignment = 64 : i64}
  memref.global "private" constant @__constant_2xf32 : memref<2xf32> = dense<[-1.000000e-01, 4.000000e-02]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_8x1xf32 : memref<8x1xf32> = dense<[[-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_16x1xf32 : memref<16x1xf32> = dense<[[-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02], [-2.000000e-02], [-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_32x1xf32 : memref<32x1xf32> = dense<[[-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02], [-2.000000e-02], [-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02], [-2.000000e-02], [-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_64x1xf32 : memref<64x1xf32> = dense<[[-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02], [-2.000000e-02], [-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02], [-2.000000e-02], [-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02], [-2.000000e-02], [-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02], [-2.000000e-02], [-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02], [6.000000e-02], [-2.000000e-02], [-1.000000e-01], [4.000000e-02], [-4.000000e-02], [1.000000e-01], [2.000000e-02], [-6.000000e-02], [8.000000e-02], [0.000000e+00], [-8.000000e-02]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1xf32 : memref<128x1xf32> = dense<"0xCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_256x1xf32 : memref<256x1xf32> = dense<"0xCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BDCDCCCC3D0AD7A33C8FC275BD0AD7A33D000000000AD7A3BD8FC2753D0AD7A3BCCDCCCCBD0AD7233D0AD723BD"> {alignment = 64 : i64}
  func.func @main(%arg0: memref<1x96x96x3xf32> {peakmem.input = "input_1"}) -> memref<1x2xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 3.40282347E+38 : f32
    %cst_1 = arith.constant -3.40282347E+38 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 9.000000e+00 : f32
    %0 = memref.get_global @__constant_256x1xf32 : memref<256x1xf32>
    %1 = memref.get_global @__constant_128x1xf32 : memref<128x1xf32>
    %2 = memref.get_global @__constant_64x1xf32 : memref<64x1xf32>
    %3 = memref.get_global @__constant_32x1xf32 : memref<32x1xf32>
    %4 = memref.get_global @__constant_16x1xf32 : memref<16x1xf32>
    %5 = memref.get_global @__constant_8x1xf32 : memref<8x1xf32>
    %6 = memref.get_global @__constant_2xf32 : memref<2xf32>
    %7 = memref.get_global @__constant_2x1x1x256xf32 : memref<2x1x1x256xf32>
    %8 = memref.get_global @__constant_256x1x1x256xf32 : memref<256x1x1x256xf32>
    %9 = memref.get_global @__constant_3x3x256x1xf32 : memref<3x3x256x1xf32>
    %10 = memref.get_global @__constant_256xf32 : memref<256xf32>
    %11 = memref.get_global @__constant_256x1x1x128xf32 : memref<256x1x1x128xf32>
    %12 = memref.get_global @__constant_128x1x1x128xf32 : memref<128x1x1x128xf32>
    %13 = memref.get_global @__constant_3x3x128x1xf32 : memref<3x3x128x1xf32>
    %14 = memref.get_global @__constant_128xf32 : memref<128xf32>
    %15 = memref.get_global @__constant_128x1x1x64xf32 : memref<128x1x1x64xf32>
    %16 = memref.get_global @__constant_64x1x1x64xf32 : memref<64x1x1x64xf32>
    %17 = memref.get_global @__constant_3x3x64x1xf32 : memref<3x3x64x1xf32>
    %18 = memref.get_global @__constant_64xf32 : memref<64xf32>
    %19 = memref.get_global @__constant_64x1x1x32xf32 : memref<64x1x1x32xf32>
    %20 = memref.get_global @__constant_32x1x1x32xf32 : memref<32x1x1x32xf32>
    %21 = memref.get_global @__constant_3x3x32x1xf32 : memref<3x3x32x1xf32>
    %22 = memref.get_global @__constant_32xf32 : memref<32xf32>
    %23 = memref.get_global @__constant_32x1x1x16xf32 : memref<32x1x1x16xf32>
    %24 = memref.get_global @__constant_3x3x16x1xf32 : memref<3x3x16x1xf32>
    %25 = memref.get_global @__constant_16xf32 : memref<16xf32>
    %26 = memref.get_global @__constant_16x1x1x8xf32 : memref<16x1x1x8xf32>
    %27 = memref.get_global @__constant_3x3x8x1xf32 : memref<3x3x8x1xf32>
    %28 = memref.get_global @__constant_8x3x3x3xf32 : memref<8x3x3x3xf32>
    %29 = memref.get_global @__constant_8xf32 : memref<8xf32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x97x97x3xf32>
    linalg.map outs(%alloc : memref<1x97x97x3xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview = memref.subview %alloc[0, 0, 0, 0] [1, 96, 96, 3] [1, 1, 1, 1] : memref<1x97x97x3xf32> to memref<1x96x96x3xf32, strided<[28227, 291, 3, 1]>>
    memref.copy %arg0, %subview : memref<1x96x96x3xf32> to memref<1x96x96x3xf32, strided<[28227, 291, 3, 1]>>
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<1x48x48x8xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29 : memref<8xf32>) outs(%alloc_4 : memref<1x48x48x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%alloc, %28 : memref<1x97x97x3xf32>, memref<8x3x3x3xf32>) outs(%alloc_4 : memref<1x48x48x8xf32>)
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<1x48x48x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_4 : memref<1x48x48x8xf32>) outs(%alloc_5 : memref<1x48x48x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<1x50x50x8xf32>
    linalg.map outs(%alloc_6 : memref<1x50x50x8xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_7 = memref.subview %alloc_6[0, 1, 1, 0] [1, 48, 48, 8] [1, 1, 1, 1] : memref<1x50x50x8xf32> to memref<1x48x48x8xf32, strided<[20000, 400, 8, 1], offset: 408>>
    memref.copy %alloc_5, %subview_7 : memref<1x48x48x8xf32> to memref<1x48x48x8xf32, strided<[20000, 400, 8, 1], offset: 408>>
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<1x48x48x8x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_8 : memref<1x48x48x8x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_6, %27 : memref<1x50x50x8xf32>, memref<3x3x8x1xf32>) outs(%alloc_8 : memref<1x48x48x8x1xf32>)
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<1x48x48x8x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%5, %alloc_8 : memref<8x1xf32>, memref<1x48x48x8x1xf32>) outs(%alloc_9 : memref<1x48x48x8x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.addf %in, %in_108 : f32
      %31 = arith.minimumf %30, %cst_0 : f32
      %32 = arith.maximumf %31, %cst : f32
      linalg.yield %32 : f32
    }
    %collapse_shape = memref.collapse_shape %alloc_9 [[0], [1], [2], [3, 4]] : memref<1x48x48x8x1xf32> into memref<1x48x48x8xf32>
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<1x48x48x16xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25 : memref<16xf32>) outs(%alloc_10 : memref<1x48x48x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape, %26 : memref<1x48x48x8xf32>, memref<16x1x1x8xf32>) outs(%alloc_10 : memref<1x48x48x16xf32>)
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<1x48x48x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_10 : memref<1x48x48x16xf32>) outs(%alloc_11 : memref<1x48x48x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<1x49x49x16xf32>
    linalg.map outs(%alloc_12 : memref<1x49x49x16xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_13 = memref.subview %alloc_12[0, 0, 0, 0] [1, 48, 48, 16] [1, 1, 1, 1] : memref<1x49x49x16xf32> to memref<1x48x48x16xf32, strided<[38416, 784, 16, 1]>>
    memref.copy %alloc_11, %subview_13 : memref<1x48x48x16xf32> to memref<1x48x48x16xf32, strided<[38416, 784, 16, 1]>>
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<1x24x24x16x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_14 : memref<1x24x24x16x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%alloc_12, %24 : memref<1x49x49x16xf32>, memref<3x3x16x1xf32>) outs(%alloc_14 : memref<1x24x24x16x1xf32>)
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<1x24x24x16x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%4, %alloc_14 : memref<16x1xf32>, memref<1x24x24x16x1xf32>) outs(%alloc_15 : memref<1x24x24x16x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.addf %in, %in_108 : f32
      %31 = arith.minimumf %30, %cst_0 : f32
      %32 = arith.maximumf %31, %cst : f32
      linalg.yield %32 : f32
    }
    %collapse_shape_16 = memref.collapse_shape %alloc_15 [[0], [1], [2], [3, 4]] : memref<1x24x24x16x1xf32> into memref<1x24x24x16xf32>
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<1x24x24x32xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22 : memref<32xf32>) outs(%alloc_17 : memref<1x24x24x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_16, %23 : memref<1x24x24x16xf32>, memref<32x1x1x16xf32>) outs(%alloc_17 : memref<1x24x24x32xf32>)
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<1x24x24x32xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_17 : memref<1x24x24x32xf32>) outs(%alloc_18 : memref<1x24x24x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_19 = memref.alloc() {alignment = 64 : i64} : memref<1x26x26x32xf32>
    linalg.map outs(%alloc_19 : memref<1x26x26x32xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_20 = memref.subview %alloc_19[0, 1, 1, 0] [1, 24, 24, 32] [1, 1, 1, 1] : memref<1x26x26x32xf32> to memref<1x24x24x32xf32, strided<[21632, 832, 32, 1], offset: 864>>
    memref.copy %alloc_18, %subview_20 : memref<1x24x24x32xf32> to memref<1x24x24x32xf32, strided<[21632, 832, 32, 1], offset: 864>>
    %alloc_21 = memref.alloc() {alignment = 64 : i64} : memref<1x24x24x32x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_21 : memref<1x24x24x32x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_19, %21 : memref<1x26x26x32xf32>, memref<3x3x32x1xf32>) outs(%alloc_21 : memref<1x24x24x32x1xf32>)
    %alloc_22 = memref.alloc() {alignment = 64 : i64} : memref<1x24x24x32x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%3, %alloc_21 : memref<32x1xf32>, memref<1x24x24x32x1xf32>) outs(%alloc_22 : memref<1x24x24x32x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.addf %in, %in_108 : f32
      %31 = arith.minimumf %30, %cst_0 : f32
      %32 = arith.maximumf %31, %cst : f32
      linalg.yield %32 : f32
    }
    %collapse_shape_23 = memref.collapse_shape %alloc_22 [[0], [1], [2], [3, 4]] : memref<1x24x24x32x1xf32> into memref<1x24x24x32xf32>
    %alloc_24 = memref.alloc() {alignment = 64 : i64} : memref<1x24x24x32xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22 : memref<32xf32>) outs(%alloc_24 : memref<1x24x24x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_23, %20 : memref<1x24x24x32xf32>, memref<32x1x1x32xf32>) outs(%alloc_24 : memref<1x24x24x32xf32>)
    %alloc_25 = memref.alloc() {alignment = 64 : i64} : memref<1x24x24x32xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_24 : memref<1x24x24x32xf32>) outs(%alloc_25 : memref<1x24x24x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_26 = memref.alloc() {alignment = 64 : i64} : memref<1x25x25x32xf32>
    linalg.map outs(%alloc_26 : memref<1x25x25x32xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_27 = memref.subview %alloc_26[0, 0, 0, 0] [1, 24, 24, 32] [1, 1, 1, 1] : memref<1x25x25x32xf32> to memref<1x24x24x32xf32, strided<[20000, 800, 32, 1]>>
    memref.copy %alloc_25, %subview_27 : memref<1x24x24x32xf32> to memref<1x24x24x32xf32, strided<[20000, 800, 32, 1]>>
    %alloc_28 = memref.alloc() {alignment = 64 : i64} : memref<1x12x12x32x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_28 : memref<1x12x12x32x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%alloc_26, %21 : memref<1x25x25x32xf32>, memref<3x3x32x1xf32>) outs(%alloc_28 : memref<1x12x12x32x1xf32>)
    %alloc_29 = memref.alloc() {alignment = 64 : i64} : memref<1x12x12x32x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%3, %alloc_28 : memref<32x1xf32>, memref<1x12x12x32x1xf32>) outs(%alloc_29 : memref<1x12x12x32x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.addf %in, %in_108 : f32
      %31 = arith.minimumf %30, %cst_0 : f32
      %32 = arith.maximumf %31, %cst : f32
      linalg.yield %32 : f32
    }
    %collapse_shape_30 = memref.collapse_shape %alloc_29 [[0], [1], [2], [3, 4]] : memref<1x12x12x32x1xf32> into memref<1x12x12x32xf32>
    %alloc_31 = memref.alloc() {alignment = 64 : i64} : memref<1x12x12x64xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18 : memref<64xf32>) outs(%alloc_31 : memref<1x12x12x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_30, %19 : memref<1x12x12x32xf32>, memref<64x1x1x32xf32>) outs(%alloc_31 : memref<1x12x12x64xf32>)
    %alloc_32 = memref.alloc() {alignment = 64 : i64} : memref<1x12x12x64xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_31 : memref<1x12x12x64xf32>) outs(%alloc_32 : memref<1x12x12x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_33 = memref.alloc() {alignment = 64 : i64} : memref<1x14x14x64xf32>
    linalg.map outs(%alloc_33 : memref<1x14x14x64xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_34 = memref.subview %alloc_33[0, 1, 1, 0] [1, 12, 12, 64] [1, 1, 1, 1] : memref<1x14x14x64xf32> to memref<1x12x12x64xf32, strided<[12544, 896, 64, 1], offset: 960>>
    memref.copy %alloc_32, %subview_34 : memref<1x12x12x64xf32> to memref<1x12x12x64xf32, strided<[12544, 896, 64, 1], offset: 960>>
    %alloc_35 = memref.alloc() {alignment = 64 : i64} : memref<1x12x12x64x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_35 : memref<1x12x12x64x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_33, %17 : memref<1x14x14x64xf32>, memref<3x3x64x1xf32>) outs(%alloc_35 : memref<1x12x12x64x1xf32>)
    %alloc_36 = memref.alloc() {alignment = 64 : i64} : memref<1x12x12x64x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%2, %alloc_35 : memref<64x1xf32>, memref<1x12x12x64x1xf32>) outs(%alloc_36 : memref<1x12x12x64x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.addf %in, %in_108 : f32
      %31 = arith.minimumf %30, %cst_0 : f32
      %32 = arith.maximumf %31, %cst : f32
      linalg.yield %32 : f32
    }
    %collapse_shape_37 = memref.collapse_shape %alloc_36 [[0], [1], [2], [3, 4]] : memref<1x12x12x64x1xf32> into memref<1x12x12x64xf32>
    %alloc_38 = memref.alloc() {alignment = 64 : i64} : memref<1x12x12x64xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18 : memref<64xf32>) outs(%alloc_38 : memref<1x12x12x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_37, %16 : memref<1x12x12x64xf32>, memref<64x1x1x64xf32>) outs(%alloc_38 : memref<1x12x12x64xf32>)
    %alloc_39 = memref.alloc() {alignment = 64 : i64} : memref<1x12x12x64xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_38 : memref<1x12x12x64xf32>) outs(%alloc_39 : memref<1x12x12x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_40 = memref.alloc() {alignment = 64 : i64} : memref<1x13x13x64xf32>
    linalg.map outs(%alloc_40 : memref<1x13x13x64xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_41 = memref.subview %alloc_40[0, 0, 0, 0] [1, 12, 12, 64] [1, 1, 1, 1] : memref<1x13x13x64xf32> to memref<1x12x12x64xf32, strided<[10816, 832, 64, 1]>>
    memref.copy %alloc_39, %subview_41 : memref<1x12x12x64xf32> to memref<1x12x12x64xf32, strided<[10816, 832, 64, 1]>>
    %alloc_42 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x64x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_42 : memref<1x6x6x64x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%alloc_40, %17 : memref<1x13x13x64xf32>, memref<3x3x64x1xf32>) outs(%alloc_42 : memref<1x6x6x64x1xf32>)
    %alloc_43 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x64x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%2, %alloc_42 : memref<64x1xf32>, memref<1x6x6x64x1xf32>) outs(%alloc_43 : memref<1x6x6x64x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.addf %in, %in_108 : f32
      %31 = arith.minimumf %30, %cst_0 : f32
      %32 = arith.maximumf %31, %cst : f32
      linalg.yield %32 : f32
    }
    %collapse_shape_44 = memref.collapse_shape %alloc_43 [[0], [1], [2], [3, 4]] : memref<1x6x6x64x1xf32> into memref<1x6x6x64xf32>
    %alloc_45 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : memref<128xf32>) outs(%alloc_45 : memref<1x6x6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_44, %15 : memref<1x6x6x64xf32>, memref<128x1x1x64xf32>) outs(%alloc_45 : memref<1x6x6x128xf32>)
    %alloc_46 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_45 : memref<1x6x6x128xf32>) outs(%alloc_46 : memref<1x6x6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_47 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x128xf32>
    linalg.map outs(%alloc_47 : memref<1x8x8x128xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_48 = memref.subview %alloc_47[0, 1, 1, 0] [1, 6, 6, 128] [1, 1, 1, 1] : memref<1x8x8x128xf32> to memref<1x6x6x128xf32, strided<[8192, 1024, 128, 1], offset: 1152>>
    memref.copy %alloc_46, %subview_48 : memref<1x6x6x128xf32> to memref<1x6x6x128xf32, strided<[8192, 1024, 128, 1], offset: 1152>>
    %alloc_49 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_49 : memref<1x6x6x128x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_47, %13 : memref<1x8x8x128xf32>, memref<3x3x128x1xf32>) outs(%alloc_49 : memref<1x6x6x128x1xf32>)
    %alloc_50 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%1, %alloc_49 : memref<128x1xf32>, memref<1x6x6x128x1xf32>) outs(%alloc_50 : memref<1x6x6x128x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.addf %in, %in_108 : f32
      %31 = arith.minimumf %30, %cst_0 : f32
      %32 = arith.maximumf %31, %cst : f32
      linalg.yield %32 : f32
    }
    %collapse_shape_51 = memref.collapse_shape %alloc_50 [[0], [1], [2], [3, 4]] : memref<1x6x6x128x1xf32> into memref<1x6x6x128xf32>
    %alloc_52 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : memref<128xf32>) outs(%alloc_52 : memref<1x6x6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_51, %12 : memref<1x6x6x128xf32>, memref<128x1x1x128xf32>) outs(%alloc_52 : memref<1x6x6x128xf32>)
    %alloc_53 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_52 : memref<1x6x6x128xf32>) outs(%alloc_53 : memref<1x6x6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_54 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x128xf32>
    linalg.map outs(%alloc_54 : memref<1x8x8x128xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_55 = memref.subview %alloc_54[0, 1, 1, 0] [1, 6, 6, 128] [1, 1, 1, 1] : memref<1x8x8x128xf32> to memref<1x6x6x128xf32, strided<[8192, 1024, 128, 1], offset: 1152>>
    memref.copy %alloc_53, %subview_55 : memref<1x6x6x128xf32> to memref<1x6x6x128xf32, strided<[8192, 1024, 128, 1], offset: 1152>>
    %alloc_56 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_56 : memref<1x6x6x128x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_54, %13 : memref<1x8x8x128xf32>, memref<3x3x128x1xf32>) outs(%alloc_56 : memref<1x6x6x128x1xf32>)
    %alloc_57 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%1, %alloc_56 : memref<128x1xf32>, memref<1x6x6x128x1xf32>) outs(%alloc_57 : memref<1x6x6x128x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.addf %in, %in_108 : f32
      %31 = arith.minimumf %30, %cst_0 : f32
      %32 = arith.maximumf %31, %cst : f32
      linalg.yield %32 : f32
    }
    %collapse_shape_58 = memref.collapse_shape %alloc_57 [[0], [1], [2], [3, 4]] : memref<1x6x6x128x1xf32> into memref<1x6x6x128xf32>
    %alloc_59 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : memref<128xf32>) outs(%alloc_59 : memref<1x6x6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_58, %12 : memref<1x6x6x128xf32>, memref<128x1x1x128xf32>) outs(%alloc_59 : memref<1x6x6x128xf32>)
    %alloc_60 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_59 : memref<1x6x6x128xf32>) outs(%alloc_60 : memref<1x6x6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_61 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x128xf32>
    linalg.map outs(%alloc_61 : memref<1x8x8x128xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_62 = memref.subview %alloc_61[0, 1, 1, 0] [1, 6, 6, 128] [1, 1, 1, 1] : memref<1x8x8x128xf32> to memref<1x6x6x128xf32, strided<[8192, 1024, 128, 1], offset: 1152>>
    memref.copy %alloc_60, %subview_62 : memref<1x6x6x128xf32> to memref<1x6x6x128xf32, strided<[8192, 1024, 128, 1], offset: 1152>>
    %alloc_63 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_63 : memref<1x6x6x128x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_61, %13 : memref<1x8x8x128xf32>, memref<3x3x128x1xf32>) outs(%alloc_63 : memref<1x6x6x128x1xf32>)
    %alloc_64 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%1, %alloc_63 : memref<128x1xf32>, memref<1x6x6x128x1xf32>) outs(%alloc_64 : memref<1x6x6x128x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.addf %in, %in_108 : f32
      %31 = arith.minimumf %30, %cst_0 : f32
      %32 = arith.maximumf %31, %cst : f32
      linalg.yield %32 : f32
    }
    %collapse_shape_65 = memref.collapse_shape %alloc_64 [[0], [1], [2], [3, 4]] : memref<1x6x6x128x1xf32> into memref<1x6x6x128xf32>
    %alloc_66 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : memref<128xf32>) outs(%alloc_66 : memref<1x6x6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_65, %12 : memref<1x6x6x128xf32>, memref<128x1x1x128xf32>) outs(%alloc_66 : memref<1x6x6x128xf32>)
    %alloc_67 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_66 : memref<1x6x6x128xf32>) outs(%alloc_67 : memref<1x6x6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_68 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x128xf32>
    linalg.map outs(%alloc_68 : memref<1x8x8x128xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_69 = memref.subview %alloc_68[0, 1, 1, 0] [1, 6, 6, 128] [1, 1, 1, 1] : memref<1x8x8x128xf32> to memref<1x6x6x128xf32, strided<[8192, 1024, 128, 1], offset: 1152>>
    memref.copy %alloc_67, %subview_69 : memref<1x6x6x128xf32> to memref<1x6x6x128xf32, strided<[8192, 1024, 128, 1], offset: 1152>>
    %alloc_70 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_70 : memref<1x6x6x128x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_68, %13 : memref<1x8x8x128xf32>, memref<3x3x128x1xf32>) outs(%alloc_70 : memref<1x6x6x128x1xf32>)
    %alloc_71 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%1, %alloc_70 : memref<128x1xf32>, memref<1x6x6x128x1xf32>) outs(%alloc_71 : memref<1x6x6x128x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.addf %in, %in_108 : f32
      %31 = arith.minimumf %30, %cst_0 : f32
      %32 = arith.maximumf %31, %cst : f32
      linalg.yield %32 : f32
    }
    %collapse_shape_72 = memref.collapse_shape %alloc_71 [[0], [1], [2], [3, 4]] : memref<1x6x6x128x1xf32> into memref<1x6x6x128xf32>
    %alloc_73 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : memref<128xf32>) outs(%alloc_73 : memref<1x6x6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_72, %12 : memref<1x6x6x128xf32>, memref<128x1x1x128xf32>) outs(%alloc_73 : memref<1x6x6x128xf32>)
    %alloc_74 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_73 : memref<1x6x6x128xf32>) outs(%alloc_74 : memref<1x6x6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_75 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x128xf32>
    linalg.map outs(%alloc_75 : memref<1x8x8x128xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_76 = memref.subview %alloc_75[0, 1, 1, 0] [1, 6, 6, 128] [1, 1, 1, 1] : memref<1x8x8x128xf32> to memref<1x6x6x128xf32, strided<[8192, 1024, 128, 1], offset: 1152>>
    memref.copy %alloc_74, %subview_76 : memref<1x6x6x128xf32> to memref<1x6x6x128xf32, strided<[8192, 1024, 128, 1], offset: 1152>>
    %alloc_77 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_77 : memref<1x6x6x128x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_75, %13 : memref<1x8x8x128xf32>, memref<3x3x128x1xf32>) outs(%alloc_77 : memref<1x6x6x128x1xf32>)
    %alloc_78 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%1, %alloc_77 : memref<128x1xf32>, memref<1x6x6x128x1xf32>) outs(%alloc_78 : memref<1x6x6x128x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.addf %in, %in_108 : f32
      %31 = arith.minimumf %30, %cst_0 : f32
      %32 = arith.maximumf %31, %cst : f32
      linalg.yield %32 : f32
    }
    %collapse_shape_79 = memref.collapse_shape %alloc_78 [[0], [1], [2], [3, 4]] : memref<1x6x6x128x1xf32> into memref<1x6x6x128xf32>
    %alloc_80 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : memref<128xf32>) outs(%alloc_80 : memref<1x6x6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_79, %12 : memref<1x6x6x128xf32>, memref<128x1x1x128xf32>) outs(%alloc_80 : memref<1x6x6x128xf32>)
    %alloc_81 = memref.alloc() {alignment = 64 : i64} : memref<1x6x6x128xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_80 : memref<1x6x6x128xf32>) outs(%alloc_81 : memref<1x6x6x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_82 = memref.alloc() {alignment = 64 : i64} : memref<1x7x7x128xf32>
    linalg.map outs(%alloc_82 : memref<1x7x7x128xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_83 = memref.subview %alloc_82[0, 0, 0, 0] [1, 6, 6, 128] [1, 1, 1, 1] : memref<1x7x7x128xf32> to memref<1x6x6x128xf32, strided<[6272, 896, 128, 1]>>
    memref.copy %alloc_81, %subview_83 : memref<1x6x6x128xf32> to memref<1x6x6x128xf32, strided<[6272, 896, 128, 1]>>
    %alloc_84 = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x128x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_84 : memref<1x3x3x128x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%alloc_82, %13 : memref<1x7x7x128xf32>, memref<3x3x128x1xf32>) outs(%alloc_84 : memref<1x3x3x128x1xf32>)
    %alloc_85 = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x128x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%1, %alloc_84 : memref<128x1xf32>, memref<1x3x3x128x1xf32>) outs(%alloc_85 : memref<1x3x3x128x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.addf %in, %in_108 : f32
      %31 = arith.minimumf %30, %cst_0 : f32
      %32 = arith.maximumf %31, %cst : f32
      linalg.yield %32 : f32
    }
    %collapse_shape_86 = memref.collapse_shape %alloc_85 [[0], [1], [2], [3, 4]] : memref<1x3x3x128x1xf32> into memref<1x3x3x128xf32>
    %alloc_87 = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x256xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : memref<256xf32>) outs(%alloc_87 : memref<1x3x3x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_86, %11 : memref<1x3x3x128xf32>, memref<256x1x1x128xf32>) outs(%alloc_87 : memref<1x3x3x256xf32>)
    %alloc_88 = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x256xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_87 : memref<1x3x3x256xf32>) outs(%alloc_88 : memref<1x3x3x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_89 = memref.alloc() {alignment = 64 : i64} : memref<1x5x5x256xf32>
    linalg.map outs(%alloc_89 : memref<1x5x5x256xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    %subview_90 = memref.subview %alloc_89[0, 1, 1, 0] [1, 3, 3, 256] [1, 1, 1, 1] : memref<1x5x5x256xf32> to memref<1x3x3x256xf32, strided<[6400, 1280, 256, 1], offset: 1536>>
    memref.copy %alloc_88, %subview_90 : memref<1x3x3x256xf32> to memref<1x3x3x256xf32, strided<[6400, 1280, 256, 1], offset: 1536>>
    %alloc_91 = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x256x1xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_91 : memref<1x3x3x256x1xf32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_89, %9 : memref<1x5x5x256xf32>, memref<3x3x256x1xf32>) outs(%alloc_91 : memref<1x3x3x256x1xf32>)
    %alloc_92 = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x256x1xf32>
    linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0, %alloc_91 : memref<256x1xf32>, memref<1x3x3x256x1xf32>) outs(%alloc_92 : memref<1x3x3x256x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.addf %in, %in_108 : f32
      %31 = arith.minimumf %30, %cst_0 : f32
      %32 = arith.maximumf %31, %cst : f32
      linalg.yield %32 : f32
    }
    %collapse_shape_93 = memref.collapse_shape %alloc_92 [[0], [1], [2], [3, 4]] : memref<1x3x3x256x1xf32> into memref<1x3x3x256xf32>
    %alloc_94 = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x256xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : memref<256xf32>) outs(%alloc_94 : memref<1x3x3x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_93, %8 : memref<1x3x3x256xf32>, memref<256x1x1x256xf32>) outs(%alloc_94 : memref<1x3x3x256xf32>)
    %alloc_95 = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x256xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_94 : memref<1x3x3x256xf32>) outs(%alloc_95 : memref<1x3x3x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.minimumf %in, %cst_0 : f32
      %31 = arith.maximumf %30, %cst : f32
      linalg.yield %31 : f32
    }
    %alloc_96 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x256xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_96 : memref<1x1x1x256xf32>)
    %alloc_97 = memref.alloc() {alignment = 64 : i64} : memref<3x3xf32>
    linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<3> : vector<2xi64>} ins(%alloc_95, %alloc_97 : memref<1x3x3x256xf32>, memref<3x3xf32>) outs(%alloc_96 : memref<1x1x1x256xf32>)
    %alloc_98 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x256xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_96 : memref<1x1x1x256xf32>) outs(%alloc_98 : memref<1x1x1x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.divf %in, %cst_3 : f32
      linalg.yield %30 : f32
    }
    %alloc_99 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x2xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<2xf32>) outs(%alloc_99 : memref<1x1x1x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_98, %7 : memref<1x1x1x256xf32>, memref<2x1x1x256xf32>) outs(%alloc_99 : memref<1x1x1x2xf32>)
    %collapse_shape_100 = memref.collapse_shape %alloc_99 [[0, 1, 2], [3]] : memref<1x1x1x2xf32> into memref<1x2xf32>
    %alloc_101 = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
    %expand_shape = memref.expand_shape %alloc_101 [[0, 1, 2]] output_shape [1, 1, 1] : memref<1xf32> into memref<1x1x1xf32>
    linalg.fill ins(%cst_1 : f32) outs(%expand_shape : memref<1x1x1xf32>)
    linalg.generic {indexing_maps = [#map1, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%alloc_99 : memref<1x1x1x2xf32>) outs(%expand_shape : memref<1x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.maximumf %in, %out : f32
      linalg.yield %30 : f32
    }
    %expand_shape_102 = memref.expand_shape %alloc_101 [[0, 1]] output_shape [1, 1] : memref<1xf32> into memref<1x1xf32>
    %alloc_103 = memref.alloc() {alignment = 64 : i64} : memref<1x2xf32>
    linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel"]} ins(%collapse_shape_100, %expand_shape_102 : memref<1x2xf32>, memref<1x1xf32>) outs(%alloc_103 : memref<1x2xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.subf %in, %in_108 : f32
      %31 = math.exp %30 : f32
      linalg.yield %31 : f32
    }
    %alloc_104 = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
    %expand_shape_105 = memref.expand_shape %alloc_104 [[0, 1]] output_shape [1, 1] : memref<1xf32> into memref<1x1xf32>
    linalg.fill ins(%cst : f32) outs(%expand_shape_105 : memref<1x1xf32>)
    %expand_shape_106 = memref.expand_shape %alloc_103 [[0, 1], [2]] output_shape [1, 1, 2] : memref<1x2xf32> into memref<1x1x2xf32>
    linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expand_shape_106 : memref<1x1x2xf32>) outs(%expand_shape_105 : memref<1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.addf %in, %out : f32
      linalg.yield %30 : f32
    }
    %alloc_107 = memref.alloc() {alignment = 64 : i64} : memref<1x2xf32>
    linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel"]} ins(%alloc_103, %expand_shape_105 : memref<1x2xf32>, memref<1x1xf32>) outs(%alloc_107 : memref<1x2xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %30 = arith.divf %cst_2, %in_108 : f32
      %31 = arith.mulf %in, %30 : f32
      linalg.yield %31 : f32
    }
    memref.dealloc %alloc : memref<1x97x97x3xf32>
    memref.dealloc %alloc_4 : memref<1x48x48x8xf32>
    memref.dealloc %alloc_5 : memref<1x48x48x8xf32>
    memref.dealloc %alloc_6 : memref<1x50x50x8xf32>
    memref.dealloc %alloc_8 : memref<1x48x48x8x1xf32>
    memref.dealloc %alloc_9 : memref<1x48x48x8x1xf32>
    memref.dealloc %alloc_10 : memref<1x48x48x16xf32>
    memref.dealloc %alloc_11 : memref<1x48x48x16xf32>
    memref.dealloc %alloc_12 : memref<1x49x49x16xf32>
    memref.dealloc %alloc_14 : memref<1x24x24x16x1xf32>
    memref.dealloc %alloc_15 : memref<1x24x24x16x1xf32>
    memref.dealloc %alloc_17 : memref<1x24x24x32xf32>
    memref.dealloc %alloc_18 : memref<1x24x24x32xf32>
    memref.dealloc %alloc_19 : memref<1x26x26x32xf32>
    memref.dealloc %alloc_21 : memref<1x24x24x32x1xf32>
    memref.dealloc %alloc_22 : memref<1x24x24x32x1xf32>
    memref.dealloc %alloc_24 : memref<1x24x24x32xf32>
    memref.dealloc %alloc_25 : memref<1x24x24x32xf32>
    memref.dealloc %alloc_26 : memref<1x25x25x32xf32>
    memref.dealloc %alloc_28 : memref<1x12x12x32x1xf32>
    memref.dealloc %alloc_29 : memref<1x12x12x32x1xf32>
    memref.dealloc %alloc_31 : memref<1x12x12x64xf32>
    memref.dealloc %alloc_32 : memref<1x12x12x64xf32>
    memref.dealloc %alloc_33 : memref<1x14x14x64xf32>
    memref.dealloc %alloc_35 : memref<1x12x12x64x1xf32>
    memref.dealloc %alloc_36 : memref<1x12x12x64x1xf32>
    memref.dealloc %alloc_38 : memref<1x12x12x64xf32>
    memref.dealloc %alloc_39 : memref<1x12x12x64xf32>
    memref.dealloc %alloc_40 : memref<1x13x13x64xf32>
    memref.dealloc %alloc_42 : memref<1x6x6x64x1xf32>
    memref.dealloc %alloc_43 : memref<1x6x6x64x1xf32>
    memref.dealloc %alloc_45 : memref<1x6x6x128xf32>
    memref.dealloc %alloc_46 : memref<1x6x6x128xf32>
    memref.dealloc %alloc_47 : memref<1x8x8x128xf32>
    memref.dealloc %alloc_49 : memref<1x6x6x128x1xf32>
    memref.dealloc %alloc_50 : memref<1x6x6x128x1xf32>
    memref.dealloc %alloc_52 : memref<1x6x6x128xf32>
    memref.dealloc %alloc_53 : memref<1x6x6x128xf32>
    memref.dealloc %alloc_54 : memref<1x8x8x128xf32>
    memref.dealloc %alloc_56 : memref<1x6x6x128x1xf32>
    memref.dealloc %alloc_57 : memref<1x6x6x128x1xf32>
    memref.dealloc %alloc_59 : memref<1x6x6x128xf32>
    memref.dealloc %alloc_60 : memref<1x6x6x128xf32>
    memref.dealloc %alloc_61 : memref<1x8x8x128xf32>
    memref.dealloc %alloc_63 : memref<1x6x6x128x1xf32>
    memref.dealloc %alloc_64 : memref<1x6x6x128x1xf32>
    memref.dealloc %alloc_66 : memref<1x6x6x128xf32>
    memref.dealloc %alloc_67 : memref<1x6x6x128xf32>
    memref.dealloc %alloc_68 : memref<1x8x8x128xf32>
    memref.dealloc %alloc_70 : memref<1x6x6x128x1xf32>
    memref.dealloc %alloc_71 : memref<1x6x6x128x1xf32>
    memref.dealloc %alloc_73 : memref<1x6x6x128xf32>
    memref.dealloc %alloc_74 : memref<1x6x6x128xf32>
    memref.dealloc %alloc_75 : memref<1x8x8x128xf32>
    memref.dealloc %alloc_77 : memref<1x6x6x128x1xf32>
    memref.dealloc %alloc_78 : memref<1x6x6x128x1xf32>
    memref.dealloc %alloc_80 : memref<1x6x6x128xf32>
    memref.dealloc %alloc_81 : memref<1x6x6x128xf32>
    memref.dealloc %alloc_82 : memref<1x7x7x128xf32>
    memref.dealloc %alloc_84 : memref<1x3x3x128x1xf32>
    memref.dealloc %alloc_85 : memref<1x3x3x128x1xf32>
    memref.dealloc %alloc_87 : memref<1x3x3x256xf32>
    memref.dealloc %alloc_88 : memref<1x3x3x256xf32>
    memref.dealloc %alloc_89 : memref<1x5x5x256xf32>
    memref.dealloc %alloc_91 : memref<1x3x3x256x1xf32>
    memref.dealloc %alloc_92 : memref<1x3x3x256x1xf32>
    memref.dealloc %alloc_94 : memref<1x3x3x256xf32>
    memref.dealloc %alloc_95 : memref<1x3x3x256xf32>
    memref.dealloc %alloc_96 : memref<1x1x1x256xf32>
    memref.dealloc %alloc_97 : memref<3x3xf32>
    memref.dealloc %alloc_98 : memref<1x1x1x256xf32>
    memref.dealloc %alloc_99 : memref<1x1x1x2xf32>
    memref.dealloc %alloc_101 : memref<1xf32>
    memref.dealloc %alloc_103 : memref<1x2xf32>
    memref.dealloc %alloc_104 : memref<1xf32>
    return %alloc_107 : memref<1x2xf32>
  }
}

