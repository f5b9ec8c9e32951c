#map = affine_map<(d0, d1, d2, d3) -> (d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d0, 0)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_40xi32_16 : memref<40xi32> = dense<[-108, 43, -43, 108, 22, -65, 86, 0, -86, 65, -22, -108, 43, -43, 108, 22, -65, 86, 0, -86, 65, -22, -108, 43, -43, 108, 22, -65, 86, 0, -86, 65, -22, -108, 43, -43, 108, 22, -65, 86]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_40x3x3x3xi8 : memref<40x3x3x3xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_40xi32_15 : memref<40xi32> = dense<[1272582903, 1527099483, 2036132644, 1908874354, 1399841193, 1781616064, 1781616064, 1272582903, 1527099483, 1654357773, 1145324612, 1272582903, 1527099483, 2036132644, 1908874354, 1399841193, 1781616064, 1781616064, 1272582903, 1527099483, 1654357773, 1145324612, 1272582903, 1527099483, 2036132644, 1908874354, 1399841193, 1781616064, 1781616064, 1272582903, 1527099483, 1654357773, 1145324612, 1272582903, 1527099483, 2036132644, 1908874354, 1399841193, 1781616064, 1781616064]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_40xi8_14 : memref<40xi8> = dense<[36, 35, 36, 35, 35, 36, 35, 35, 36, 35, 35, 36, 35, 36, 35, 35, 36, 35, 35, 36, 35, 35, 36, 35, 36, 35, 35, 36, 35, 35, 36, 35, 35, 36, 35, 36, 35, 35, 36, 35]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_40x3x3x40xi8 : memref<40x3x3x40xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_40xi32_13 : memref<40xi32> = dense<[-1440, 576, -576, 1440, 288, -864, 1152, 0, -1152, 864, -288, -1440, 576, -576, 1440, 288, -864, 1152, 0, -1152, 864, -288, -1440, 576, -576, 1440, 288, -864, 1152, 0, -1152, 864, -288, -1440, 576, -576, 1440, 288, -864, 1152]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_40xi32 : memref<40xi32> = dense<[1527099483, 1832519380, 1221679586, 1145324612, 1679809431, 2137939276, 2137939276, 1527099483, 1832519380, 1985229328, 1374389535, 1527099483, 1832519380, 1221679586, 1145324612, 1679809431, 2137939276, 2137939276, 1527099483, 1832519380, 1985229328, 1374389535, 1527099483, 1832519380, 1221679586, 1145324612, 1679809431, 2137939276, 2137939276, 1527099483, 1832519380, 1985229328, 1374389535, 1527099483, 1832519380, 1221679586, 1145324612, 1679809431, 2137939276, 2137939276]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_40xi8 : memref<40xi8> = dense<[40, 39, 39, 38, 39, 40, 39, 39, 40, 39, 39, 40, 39, 39, 38, 39, 40, 39, 39, 40, 39, 39, 40, 39, 39, 38, 39, 40, 39, 39, 40, 39, 39, 40, 39, 39, 38, 39, 40, 39]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_80x3x3x40xi8 : memref<80x3x3x40xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_80xi32_12 : memref<80xi32> = dense<[-1440, 576, -576, 1440, 288, -864, 1152, 0, -1152, 864, -288, -1440, 576, -576, 1440, 288, -864, 1152, 0, -1152, 864, -288, -1440, 576, -576, 1440, 288, -864, 1152, 0, -1152, 864, -288, -1440, 576, -576, 1440, 288, -864, 1152, 0, -1152, 864, -288, -1440, 576, -576, 1440, 288, -864, 1152, 0, -1152, 864, -288, -1440, 576, -576, 1440, 288, -864, 1152, 0, -1152, 864, -288, -1440, 576, -576, 1440, 288, -864, 1152, 0, -1152, 864, -288, -1440, 576, -576]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_80xi32_11 : memref<80xi32> = dense<[1527099483, 1832519380, 1221679586, 1145324612, 1679809431, 2137939276, 2137939276, 1527099483, 1832519380, 1985229328, 1374389535, 1527099483, 1832519380, 1221679586, 1145324612, 1679809431, 2137939276, 2137939276, 1527099483, 1832519380, 1985229328, 1374389535, 1527099483, 1832519380, 1221679586, 1145324612, 1679809431, 2137939276, 2137939276, 1527099483, 1832519380, 1985229328, 1374389535, 1527099483, 1832519380, 1221679586, 1145324612, 1679809431, 2137939276, 2137939276, 1527099483, 1832519380, 1985229328, 1374389535, 1527099483, 1832519380, 1221679586, 1145324612, 1679809431, 2137939276, 2137939276, 1527099483, 1832519380, 1985229328, 1374389535, 1527099483, 1832519380, 1221679586, 1145324612, 1679809431, 2137939276, 2137939276, 1527099483, 1832519380, 1985229328, 1374389535, 1527099483, 1832519380, 1221679586, 1145324612, 1679809431, 2137939276, 2137939276, 1527099483, 1832519380, 1985229328, 1374389535, 1527099483, 1832519380, 1221679586]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_80xi8_10 : memref<80xi8> = dense<[40, 39, 39, 38, 39, 40, 39, 39, 40, 39, 39, 40, 39, 39, 38, 39, 40, 39, 39, 40, 39, 39, 40, 39, 39, 38, 39, 40, 39, 39, 40, 39, 39, 40, 39, 39, 38, 39, 40, 39, 39, 40, 39, 39, 40, 39, 39, 38, 39, 40, 39, 39, 40, 39, 39, 40, 39, 39, 38, 39, 40, 39, 39, 40, 39, 39, 40, 39, 39, 38, 39, 40, 39, 39, 40, 39, 39, 40, 39, 39]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_80x3x3x80xi8 : memref<80x3x3x80xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_80xi32_9 : memref<80xi32> = dense<[-2880, 1152, -1152, 2880, 576, -1728, 2304, 0, -2304, 1728, -576, -2880, 1152, -1152, 2880, 576, -1728, 2304, 0, -2304, 1728, -576, -2880, 1152, -1152, 2880, 576, -1728, 2304, 0, -2304, 1728, -576, -2880, 1152, -1152, 2880, 576, -1728, 2304, 0, -2304, 1728, -576, -2880, 1152, -1152, 2880, 576, -1728, 2304, 0, -2304, 1728, -576, -2880, 1152, -1152, 2880, 576, -1728, 2304, 0, -2304, 1728, -576, -2880, 1152, -1152, 2880, 576, -1728, 2304, 0, -2304, 1728, -576, -2880, 1152, -1152]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_80xi8_8 : memref<80xi8> = dense<[41, 40, 40, 39, 40, 41, 40, 40, 41, 40, 40, 41, 40, 40, 39, 40, 41, 40, 40, 41, 40, 40, 41, 40, 40, 39, 40, 41, 40, 40, 41, 40, 40, 41, 40, 40, 39, 40, 41, 40, 40, 41, 40, 40, 41, 40, 40, 39, 40, 41, 40, 40, 41, 40, 40, 41, 40, 40, 39, 40, 41, 40, 40, 41, 40, 40, 41, 40, 40, 39, 40, 41, 40, 40, 41, 40, 40, 41, 40, 40]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_80x1x1x40xi8 : memref<80x1x1x40xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_80xi32_7 : memref<80xi32> = dense<[-160, 64, -64, 160, 32, -96, 128, 0, -128, 96, -32, -160, 64, -64, 160, 32, -96, 128, 0, -128, 96, -32, -160, 64, -64, 160, 32, -96, 128, 0, -128, 96, -32, -160, 64, -64, 160, 32, -96, 128, 0, -128, 96, -32, -160, 64, -64, 160, 32, -96, 128, 0, -128, 96, -32, -160, 64, -64, 160, 32, -96, 128, 0, -128, 96, -32, -160, 64, -64, 160, 32, -96, 128, 0, -128, 96, -32, -160, 64, -64]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_80xi32 : memref<80xi32> = dense<[1717986918, 2061584302, 1374389535, 1288490189, 1889785610, 1202590843, 1202590843, 1717986918, 2061584302, 1116691497, 1546188227, 1717986918, 2061584302, 1374389535, 1288490189, 1889785610, 1202590843, 1202590843, 1717986918, 2061584302, 1116691497, 1546188227, 1717986918, 2061584302, 1374389535, 1288490189, 1889785610, 1202590843, 1202590843, 1717986918, 2061584302, 1116691497, 1546188227, 1717986918, 2061584302, 1374389535, 1288490189, 1889785610, 1202590843, 1202590843, 1717986918, 2061584302, 1116691497, 1546188227, 1717986918, 2061584302, 1374389535, 1288490189, 1889785610, 1202590843, 1202590843, 1717986918, 2061584302, 1116691497, 1546188227, 1717986918, 2061584302, 1374389535, 1288490189, 1889785610, 1202590843, 1202590843, 1717986918, 2061584302, 1116691497, 1546188227, 1717986918, 2061584302, 1374389535, 1288490189, 1889785610, 1202590843, 1202590843, 1717986918, 2061584302, 1116691497, 1546188227, 1717986918, 2061584302, 1374389535]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_80xi8 : memref<80xi8> = dense<[37, 36, 36, 35, 36, 36, 35, 36, 37, 35, 36, 37, 36, 36, 35, 36, 36, 35, 36, 37, 35, 36, 37, 36, 36, 35, 36, 36, 35, 36, 37, 35, 36, 37, 36, 36, 35, 36, 36, 35, 36, 37, 35, 36, 37, 36, 36, 35, 36, 36, 35, 36, 37, 35, 36, 37, 36, 36, 35, 36, 36, 35, 36, 37, 35, 36, 37, 36, 36, 35, 36, 36, 35, 36, 37, 35, 36, 37, 36, 36]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_160x3x3x80xi8 : memref<160x3x3x80xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_160xi32_6 : memref<160xi32> = dense<"0xC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF000900000000000000F7FFFFC0060000C0FDFFFFC0F4FFFF8004000080FBFFFF400B00004002000040F9FFFF"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_160xi32_5 : memref<160xi32> = dense<"0x5BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F4C5D6E7F5BB0055BD4063A6D103254761F85EB515BB0055BD4063A6DE259D1484444444497DB1F644C5D6E7F"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_160xi8_4 : memref<160xi8> = dense<"0x29282827282928282928282928282728292828292828292828272829282829282829282827282928282928282928282728292828292828292828272829282829282829282827282928282928282928282728292828292828292828272829282829282829282827282928282928282928282728292828292828292828272829282829282829282827282928282928282928282728292828292828292828272829"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_160x3x3x160xi8 : memref<160x3x3x160xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_160xi32_3 : memref<160xi32> = dense<"0x80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF001200000000000000EEFFFF800D000080FBFFFF80E9FFFF0009000000F7FFFF801600008004000080F2FFFF"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_160xi8_2 : memref<160xi8> = dense<"0x2A292928292A29292A29292A292928292A29292A29292A292928292A29292A29292A292928292A29292A29292A292928292A29292A29292A292928292A29292A29292A292928292A29292A29292A292928292A29292A29292A292928292A29292A29292A292928292A29292A29292A292928292A29292A29292A292928292A29292A29292A292928292A29292A29292A292928292A29292A29292A292928292A"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_160x1x1x80xi8 : memref<160x1x1x80xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_160xi32_1 : memref<160xi32> = dense<"0xC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF000100000000000000FFFFFFC0000000C0FFFFFFC0FEFFFF8000000080FFFFFF400100004000000040FFFFFF"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_160xi32 : memref<160xi32> = dense<"0x66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE47"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_160xi8 : memref<160xi8> = dense<"0x26252524252524252624252625252425252425262425262525242525242526242526252524252524252624252625252425252425262425262525242525242526242526252524252524252624252625252425252425262425262525242525242526242526252524252524252624252625252425252425262425262525242525242526242526252524252524252624252625252425252425262425262525242525"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_10x1x1x160xi8 : memref<10x1x1x160xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_10xi32_0 : memref<10xi32> = dense<[-640, 256, -256, 640, 128, -384, 512, 0, -512, 384]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_10xi32 : memref<10xi32> = dense<[1717986918, 2061584302, 1374389535, 1288490189, 1889785610, 1202590843, 1202590843, 1717986918, 2061584302, 1116691497]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_10xi8 : memref<10xi8> = dense<[39, 38, 38, 37, 38, 38, 37, 38, 39, 37]> {alignment = 64 : i64}
  func.func @main(%arg0: memref<1x32x32x3xi8> {peakmem.input = "serving_default_input_5:0"}) -> memref<1x10xi8> {
    %c0_i8 = arith.constant 0 : i8
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c31_i32 = arith.constant 31 : i32
    %c1073741824_i64 = arith.constant 1073741824 : i64
    %c-1073741824_i64 = arith.constant -1073741824 : i64
    %c-128_i32 = arith.constant -128 : i32
    %c127_i32 = arith.constant 127 : i32
    %cst = arith.constant 2.560000e+02 : f32
    %cst_0 = arith.constant 0.299234152 : f32
    %c34359738368_i64 = arith.constant 34359738368 : i64
    %c36_i64 = arith.constant 36 : i64
    %c1073741825_i64 = arith.constant 1073741825 : i64
    %c1534665762_i64 = arith.constant 1534665762 : i64
    %c2016960653_i64 = arith.constant 2016960653 : i64
    %c281474976710656_i64 = arith.constant 281474976710656 : i64
    %c49_i64 = arith.constant 49 : i64
    %c1854964650_i64 = arith.constant 1854964650 : i64
    %c2048_i64 = arith.constant 2048 : i64
    %c12_i64 = arith.constant 12 : i64
    %c1470244134_i64 = arith.constant 1470244134 : i64
    %c140737488355328_i64 = arith.constant 140737488355328 : i64
    %c48_i64 = arith.constant 48 : i64
    %c1618590552_i64 = arith.constant 1618590552 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c11_i64 = arith.constant 11 : i64
    %c4096_i64 = arith.constant 4096 : i64
    %c13_i64 = arith.constant 13 : i64
    %c1125836158_i64 = arith.constant 1125836158 : i64
    %cst_1 = arith.constant 1.270000e+02 : f32
    %cst_2 = arith.constant -1.280000e+02 : f32
    %cst_3 = arith.constant 1.000000e+00 : f32
    %cst_4 = arith.constant 0.000000e+00 : f32
    %cst_5 = arith.constant -3.40282347E+38 : f32
    %0 = memref.get_global @__constant_10xi8 : memref<10xi8>
    %1 = memref.get_global @__constant_10xi32 : memref<10xi32>
    %2 = memref.get_global @__constant_10xi32_0 : memref<10xi32>
    %3 = memref.get_global @__constant_10x1x1x160xi8 : memref<10x1x1x160xi8>
    %4 = memref.get_global @__constant_160xi8 : memref<160xi8>
    %5 = memref.get_global @__constant_160xi32 : memref<160xi32>
    %6 = memref.get_global @__constant_160xi32_1 : memref<160xi32>
    %7 = memref.get_global @__constant_160x1x1x80xi8 : memref<160x1x1x80xi8>
    %8 = memref.get_global @__constant_160xi8_2 : memref<160xi8>
    %9 = memref.get_global @__constant_160xi32_3 : memref<160xi32>
    %10 = memref.get_global @__constant_160x3x3x160xi8 : memref<160x3x3x160xi8>
    %11 = memref.get_global @__constant_160xi8_4 : memref<160xi8>
    %12 = memref.get_global @__constant_160xi32_5 : memref<160xi32>
    %13 = memref.get_global @__constant_160xi32_6 : memref<160xi32>
    %14 = memref.get_global @__constant_160x3x3x80xi8 : memref<160x3x3x80xi8>
    %15 = memref.get_global @__constant_80xi8 : memref<80xi8>
    %16 = memref.get_global @__constant_80xi32 : memref<80xi32>
    %17 = memref.get_global @__constant_80xi32_7 : memref<80xi32>
    %18 = memref.get_global @__constant_80x1x1x40xi8 : memref<80x1x1x40xi8>
    %19 = memref.get_global @__constant_80xi8_8 : memref<80xi8>
    %20 = memref.get_global @__constant_80xi32_9 : memref<80xi32>
    %21 = memref.get_global @__constant_80x3x3x80xi8 : memref<80x3x3x80xi8>
    %22 = memref.get_global @__constant_80xi8_10 : memref<80xi8>
    %23 = memref.get_global @__constant_80xi32_11 : memref<80xi32>
    %24 = memref.get_global @__constant_80xi32_12 : memref<80xi32>
    %25 = memref.get_global @__constant_80x3x3x40xi8 : memref<80x3x3x40xi8>
    %26 = memref.get_global @__constant_40xi8 : memref<40xi8>
    %27 = memref.get_global @__constant_40xi32 : memref<40xi32>
    %28 = memref.get_global @__constant_40xi32_13 : memref<40xi32>
    %29 = memref.get_global @__constant_40x3x3x40xi8 : memref<40x3x3x40xi8>
    %30 = memref.get_global @__constant_40xi8_14 : memref<40xi8>
    %31 = memref.get_global @__constant_40xi32_15 : memref<40xi32>
    %32 = memref.get_global @__constant_40x3x3x3xi8 : memref<40x3x3x3xi8>
    %33 = memref.get_global @__constant_40xi32_16 : memref<40xi32>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x34x34x3xi8>
    linalg.map outs(%alloc : memref<1x34x34x3xi8>)
      (%init: i8) {
        linalg.yield %c0_i8 : i8
      }
    %subview = memref.subview %alloc[0, 1, 1, 0] [1, 32, 32, 3] [1, 1, 1, 1] : memref<1x34x34x3xi8> to memref<1x32x32x3xi8, strided<[3468, 102, 3, 1], offset: 105>>
    memref.copy %arg0, %subview : memref<1x32x32x3xi8> to memref<1x32x32x3xi8, strided<[3468, 102, 3, 1], offset: 105>>
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<1x32x32x40xi32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33 : memref<40xi32>) outs(%alloc_6 : memref<1x32x32x40xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc, %32 : memref<1x34x34x3xi8>, memref<40x3x3x3xi8>) outs(%alloc_6 : memref<1x32x32x40xi32>)
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<1x32x32x40xi8>
    linalg.generic {indexing_maps = [#map1, #map, #map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_6, %31, %30 : memref<1x32x32x40xi32>, memref<40xi32>, memref<40xi8>) outs(%alloc_7 : memref<1x32x32x40xi8>) {
    ^bb0(%in: i32, %in_50: i32, %in_51: i8, %out: i8):
      %34 = arith.extui %in_51 : i8 to i32
      %35 = arith.extsi %in : i32 to i64
      %36 = arith.extsi %in_50 : i32 to i64
      %37 = arith.muli %35, %36 : i64
      %38 = arith.extui %in_51 : i8 to i64
      %39 = arith.shli %c1_i64, %38 : i64
      %40 = arith.shrui %39, %c1_i64 : i64
      %41 = arith.addi %37, %40 : i64
      %42 = arith.cmpi sge, %in, %c0_i32 : i32
      %43 = arith.select %42, %c1073741824_i64, %c-1073741824_i64 : i64
      %44 = arith.addi %43, %41 : i64
      %45 = arith.cmpi sgt, %34, %c31_i32 : i32
      %46 = arith.select %45, %44, %41 : i64
      %47 = arith.shrsi %46, %38 : i64
      %48 = arith.trunci %47 : i64 to i32
      %49 = arith.maxsi %48, %c-128_i32 : i32
      %50 = arith.minsi %49, %c127_i32 : i32
      %51 = arith.trunci %50 : i32 to i8
      %52 = arith.maxsi %51, %c0_i8 : i8
      linalg.yield %52 : i8
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<1x34x34x40xi8>
    linalg.map outs(%alloc_8 : memref<1x34x34x40xi8>)
      (%init: i8) {
        linalg.yield %c0_i8 : i8
      }
    %subview_9 = memref.subview %alloc_8[0, 1, 1, 0] [1, 32, 32, 40] [1, 1, 1, 1] : memref<1x34x34x40xi8> to memref<1x32x32x40xi8, strided<[46240, 1360, 40, 1], offset: 1400>>
    memref.copy %alloc_7, %subview_9 : memref<1x32x32x40xi8> to memref<1x32x32x40xi8, strided<[46240, 1360, 40, 1], offset: 1400>>
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<1x32x32x40xi32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : memref<40xi32>) outs(%alloc_10 : memref<1x32x32x40xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_8, %29 : memref<1x34x34x40xi8>, memref<40x3x3x40xi8>) outs(%alloc_10 : memref<1x32x32x40xi32>)
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<1x32x32x40xi8>
    linalg.generic {indexing_maps = [#map1, #map, #map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_10, %27, %26 : memref<1x32x32x40xi32>, memref<40xi32>, memref<40xi8>) outs(%alloc_11 : memref<1x32x32x40xi8>) {
    ^bb0(%in: i32, %in_50: i32, %in_51: i8, %out: i8):
      %34 = arith.extui %in_51 : i8 to i32
      %35 = arith.extsi %in : i32 to i64
      %36 = arith.extsi %in_50 : i32 to i64
      %37 = arith.muli %35, %36 : i64
      %38 = arith.extui %in_51 : i8 to i64
      %39 = arith.shli %c1_i64, %38 : i64
      %40 = arith.shrui %39, %c1_i64 : i64
      %41 = arith.addi %37, %40 : i64
      %42 = arith.cmpi sge, %in, %c0_i32 : i32
      %43 = arith.select %42, %c1073741824_i64, %c-1073741824_i64 : i64
      %44 = arith.addi %43, %41 : i64
      %45 = arith.cmpi sgt, %34, %c31_i32 : i32
      %46 = arith.select %45, %44, %41 : i64
      %47 = arith.shrsi %46, %38 : i64
      %48 = arith.trunci %47 : i64 to i32
      %49 = arith.maxsi %48, %c-128_i32 : i32
      %50 = arith.minsi %49, %c127_i32 : i32
      %51 = arith.trunci %50 : i32 to i8
      %52 = arith.maxsi %51, %c0_i8 : i8
      linalg.yield %52 : i8
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<1x34x34x40xi8>
    linalg.map outs(%alloc_12 : memref<1x34x34x40xi8>)
      (%init: i8) {
        linalg.yield %c0_i8 : i8
      }
    %subview_13 = memref.subview %alloc_12[0, 1, 1, 0] [1, 32, 32, 40] [1, 1, 1, 1] : memref<1x34x34x40xi8> to memref<1x32x32x40xi8, strided<[46240, 1360, 40, 1], offset: 1400>>
    memref.copy %alloc_11, %subview_13 : memref<1x32x32x40xi8> to memref<1x32x32x40xi8, strided<[46240, 1360, 40, 1], offset: 1400>>
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<1x32x32x40xi32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : memref<40xi32>) outs(%alloc_14 : memref<1x32x32x40xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_12, %29 : memref<1x34x34x40xi8>, memref<40x3x3x40xi8>) outs(%alloc_14 : memref<1x32x32x40xi32>)
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<1x32x32x40xi8>
    linalg.generic {indexing_maps = [#map1, #map1, #map, #map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_7, %alloc_14, %27, %26 : memref<1x32x32x40xi8>, memref<1x32x32x40xi32>, memref<40xi32>, memref<40xi8>) outs(%alloc_15 : memref<1x32x32x40xi8>) {
    ^bb0(%in: i8, %in_50: i32, %in_51: i32, %in_52: i8, %out: i8):
      %34 = arith.extui %in_52 : i8 to i32
      %35 = arith.extsi %in_50 : i32 to i64
      %36 = arith.extsi %in_51 : i32 to i64
      %37 = arith.muli %35, %36 : i64
      %38 = arith.extui %in_52 : i8 to i64
      %39 = arith.shli %c1_i64, %38 : i64
      %40 = arith.shrui %39, %c1_i64 : i64
      %41 = arith.addi %37, %40 : i64
      %42 = arith.cmpi sge, %in_50, %c0_i32 : i32
      %43 = arith.select %42, %c1073741824_i64, %c-1073741824_i64 : i64
      %44 = arith.addi %43, %41 : i64
      %45 = arith.cmpi sgt, %34, %c31_i32 : i32
      %46 = arith.select %45, %44, %41 : i64
      %47 = arith.shrsi %46, %38 : i64
      %48 = arith.trunci %47 : i64 to i32
      %49 = arith.maxsi %48, %c-128_i32 : i32
      %50 = arith.minsi %49, %c127_i32 : i32
      %51 = arith.trunci %50 : i32 to i8
      %52 = arith.extsi %51 : i8 to i64
      %53 = arith.muli %52, %c1073741824_i64 : i64
      %54 = arith.addi %53, %c1024_i64 : i64
      %55 = arith.shrsi %54, %c11_i64 : i64
      %56 = arith.trunci %55 : i64 to i32
      %57 = arith.extsi %in : i8 to i64
      %58 = arith.muli %57, %c1125836158_i64 : i64
      %59 = arith.addi %58, %c4096_i64 : i64
      %60 = arith.shrsi %59, %c13_i64 : i64
      %61 = arith.trunci %60 : i64 to i32
      %62 = arith.addi %61, %56 : i32
      %63 = arith.extsi %62 : i32 to i64
      %64 = arith.muli %63, %c1618590552_i64 : i64
      %65 = arith.addi %64, %c140737488355328_i64 : i64
      %66 = arith.cmpi sge, %62, %c0_i32 : i32
      %67 = arith.select %66, %c1073741824_i64, %c-1073741824_i64 : i64
      %68 = arith.addi %67, %65 : i64
      %69 = arith.shrsi %68, %c48_i64 : i64
      %70 = arith.trunci %69 : i64 to i32
      %71 = arith.maxsi %70, %c-128_i32 : i32
      %72 = arith.minsi %71, %c127_i32 : i32
      %73 = arith.trunci %72 : i32 to i8
      %74 = arith.maxsi %73, %c0_i8 : i8
      linalg.yield %74 : i8
    }
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<1x33x33x40xi8>
    linalg.map outs(%alloc_16 : memref<1x33x33x40xi8>)
      (%init: i8) {
        linalg.yield %c0_i8 : i8
      }
    %subview_17 = memref.subview %alloc_16[0, 0, 0, 0] [1, 32, 32, 40] [1, 1, 1, 1] : memref<1x33x33x40xi8> to memref<1x32x32x40xi8, strided<[43560, 1320, 40, 1]>>
    memref.copy %alloc_15, %subview_17 : memref<1x32x32x40xi8> to memref<1x32x32x40xi8, strided<[43560, 1320, 40, 1]>>
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<1x16x16x80xi32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24 : memref<80xi32>) outs(%alloc_18 : memref<1x16x16x80xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%alloc_16, %25 : memref<1x33x33x40xi8>, memref<80x3x3x40xi8>) outs(%alloc_18 : memref<1x16x16x80xi32>)
    %alloc_19 = memref.alloc() {alignment = 64 : i64} : memref<1x16x16x80xi8>
    linalg.generic {indexing_maps = [#map1, #map, #map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_18, %23, %22 : memref<1x16x16x80xi32>, memref<80xi32>, memref<80xi8>) outs(%alloc_19 : memref<1x16x16x80xi8>) {
    ^bb0(%in: i32, %in_50: i32, %in_51: i8, %out: i8):
      %34 = arith.extui %in_51 : i8 to i32
      %35 = arith.extsi %in : i32 to i64
      %36 = arith.extsi %in_50 : i32 to i64
      %37 = arith.muli %35, %36 : i64
      %38 = arith.extui %in_51 : i8 to i64
      %39 = arith.shli %c1_i64, %38 : i64
      %40 = arith.shrui %39, %c1_i64 : i64
      %41 = arith.addi %37, %40 : i64
      %42 = arith.cmpi sge, %in, %c0_i32 : i32
      %43 = arith.select %42, %c1073741824_i64, %c-1073741824_i64 : i64
      %44 = arith.addi %43, %41 : i64
      %45 = arith.cmpi sgt, %34, %c31_i32 : i32
      %46 = arith.select %45, %44, %41 : i64
      %47 = arith.shrsi %46, %38 : i64
      %48 = arith.trunci %47 : i64 to i32
      %49 = arith.maxsi %48, %c-128_i32 : i32
      %50 = arith.minsi %49, %c127_i32 : i32
      %51 = arith.trunci %50 : i32 to i8
      %52 = arith.maxsi %51, %c0_i8 : i8
      linalg.yield %52 : i8
    }
    %alloc_20 = memref.alloc() {alignment = 64 : i64} : memref<1x18x18x80xi8>
    linalg.map outs(%alloc_20 : memref<1x18x18x80xi8>)
      (%init: i8) {
        linalg.yield %c0_i8 : i8
      }
    %subview_21 = memref.subview %alloc_20[0, 1, 1, 0] [1, 16, 16, 80] [1, 1, 1, 1] : memref<1x18x18x80xi8> to memref<1x16x16x80xi8, strided<[25920, 1440, 80, 1], offset: 1520>>
    memref.copy %alloc_19, %subview_21 : memref<1x16x16x80xi8> to memref<1x16x16x80xi8, strided<[25920, 1440, 80, 1], offset: 1520>>
    %alloc_22 = memref.alloc() {alignment = 64 : i64} : memref<1x16x16x80xi32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20 : memref<80xi32>) outs(%alloc_22 : memref<1x16x16x80xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_20, %21 : memref<1x18x18x80xi8>, memref<80x3x3x80xi8>) outs(%alloc_22 : memref<1x16x16x80xi32>)
    %subview_23 = memref.subview %alloc_15[0, 0, 0, 0] [1, 31, 32, 40] [1, 1, 1, 1] : memref<1x32x32x40xi8> to memref<1x31x32x40xi8, strided<[40960, 1280, 40, 1]>>
    %subview_24 = memref.subview %subview_23[0, 0, 0, 0] [1, 31, 31, 40] [1, 1, 1, 1] : memref<1x31x32x40xi8, strided<[40960, 1280, 40, 1]>> to memref<1x31x31x40xi8, strided<[40960, 1280, 40, 1]>>
    %alloc_25 = memref.alloc() {alignment = 64 : i64} : memref<1x16x16x80xi32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17 : memref<80xi32>) outs(%alloc_25 : memref<1x16x16x80xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%subview_24, %18 : memref<1x31x31x40xi8, strided<[40960, 1280, 40, 1]>>, memref<80x1x1x40xi8>) outs(%alloc_25 : memref<1x16x16x80xi32>)
    %alloc_26 = memref.alloc() {alignment = 64 : i64} : memref<1x16x16x80xi8>
    linalg.generic {indexing_maps = [#map1, #map, #map, #map1, #map, #map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_25, %16, %15, %alloc_22, %23, %19 : memref<1x16x16x80xi32>, memref<80xi32>, memref<80xi8>, memref<1x16x16x80xi32>, memref<80xi32>, memref<80xi8>) outs(%alloc_26 : memref<1x16x16x80xi8>) {
    ^bb0(%in: i32, %in_50: i32, %in_51: i8, %in_52: i32, %in_53: i32, %in_54: i8, %out: i8):
      %34 = arith.extui %in_54 : i8 to i32
      %35 = arith.extsi %in_52 : i32 to i64
      %36 = arith.extsi %in_53 : i32 to i64
      %37 = arith.muli %35, %36 : i64
      %38 = arith.extui %in_54 : i8 to i64
      %39 = arith.shli %c1_i64, %38 : i64
      %40 = arith.shrui %39, %c1_i64 : i64
      %41 = arith.addi %37, %40 : i64
      %42 = arith.cmpi sge, %in_52, %c0_i32 : i32
      %43 = arith.select %42, %c1073741824_i64, %c-1073741824_i64 : i64
      %44 = arith.addi %43, %41 : i64
      %45 = arith.cmpi sgt, %34, %c31_i32 : i32
      %46 = arith.select %45, %44, %41 : i64
      %47 = arith.shrsi %46, %38 : i64
      %48 = arith.trunci %47 : i64 to i32
      %49 = arith.maxsi %48, %c-128_i32 : i32
      %50 = arith.minsi %49, %c127_i32 : i32
      %51 = arith.trunci %50 : i32 to i8
      %52 = arith.extsi %51 : i8 to i64
      %53 = arith.muli %52, %c1073741824_i64 : i64
      %54 = arith.addi %53, %c1024_i64 : i64
      %55 = arith.shrsi %54, %c11_i64 : i64
      %56 = arith.trunci %55 : i64 to i32
      %57 = arith.extui %in_51 : i8 to i32
      %58 = arith.extsi %in : i32 to i64
      %59 = arith.extsi %in_50 : i32 to i64
      %60 = arith.muli %58, %59 : i64
      %61 = arith.extui %in_51 : i8 to i64
      %62 = arith.shli %c1_i64, %61 : i64
      %63 = arith.shrui %62, %c1_i64 : i64
      %64 = arith.addi %60, %63 : i64
      %65 = arith.cmpi sge, %in, %c0_i32 : i32
      %66 = arith.select %65, %c1073741824_i64, %c-1073741824_i64 : i64
      %67 = arith.addi %66, %64 : i64
      %68 = arith.cmpi sgt, %57, %c31_i32 : i32
      %69 = arith.select %68, %67, %64 : i64
      %70 = arith.shrsi %69, %61 : i64
      %71 = arith.trunci %70 : i64 to i32
      %72 = arith.maxsi %71, %c-128_i32 : i32
      %73 = arith.minsi %72, %c127_i32 : i32
      %74 = arith.trunci %73 : i32 to i8
      %75 = arith.extsi %74 : i8 to i64
      %76 = arith.muli %75, %c1470244134_i64 : i64
      %77 = arith.addi %76, %c2048_i64 : i64
      %78 = arith.shrsi %77, %c12_i64 : i64
      %79 = arith.trunci %78 : i64 to i32
      %80 = arith.addi %79, %56 : i32
      %81 = arith.extsi %80 : i32 to i64
      %82 = arith.muli %81, %c1854964650_i64 : i64
      %83 = arith.addi %82, %c281474976710656_i64 : i64
      %84 = arith.cmpi sge, %80, %c0_i32 : i32
      %85 = arith.select %84, %c1073741824_i64, %c-1073741824_i64 : i64
      %86 = arith.addi %85, %83 : i64
      %87 = arith.shrsi %86, %c49_i64 : i64
      %88 = arith.trunci %87 : i64 to i32
      %89 = arith.maxsi %88, %c-128_i32 : i32
      %90 = arith.minsi %89, %c127_i32 : i32
      %91 = arith.trunci %90 : i32 to i8
      %92 = arith.maxsi %91, %c0_i8 : i8
      linalg.yield %92 : i8
    }
    %alloc_27 = memref.alloc() {alignment = 64 : i64} : memref<1x17x17x80xi8>
    linalg.map outs(%alloc_27 : memref<1x17x17x80xi8>)
      (%init: i8) {
        linalg.yield %c0_i8 : i8
      }
    %subview_28 = memref.subview %alloc_27[0, 0, 0, 0] [1, 16, 16, 80] [1, 1, 1, 1] : memref<1x17x17x80xi8> to memref<1x16x16x80xi8, strided<[23120, 1360, 80, 1]>>
    memref.copy %alloc_26, %subview_28 : memref<1x16x16x80xi8> to memref<1x16x16x80xi8, strided<[23120, 1360, 80, 1]>>
    %alloc_29 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x160xi32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13 : memref<160xi32>) outs(%alloc_29 : memref<1x8x8x160xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%alloc_27, %14 : memref<1x17x17x80xi8>, memref<160x3x3x80xi8>) outs(%alloc_29 : memref<1x8x8x160xi32>)
    %alloc_30 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x160xi8>
    linalg.generic {indexing_maps = [#map1, #map, #map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_29, %12, %11 : memref<1x8x8x160xi32>, memref<160xi32>, memref<160xi8>) outs(%alloc_30 : memref<1x8x8x160xi8>) {
    ^bb0(%in: i32, %in_50: i32, %in_51: i8, %out: i8):
      %34 = arith.extui %in_51 : i8 to i32
      %35 = arith.extsi %in : i32 to i64
      %36 = arith.extsi %in_50 : i32 to i64
      %37 = arith.muli %35, %36 : i64
      %38 = arith.extui %in_51 : i8 to i64
      %39 = arith.shli %c1_i64, %38 : i64
      %40 = arith.shrui %39, %c1_i64 : i64
      %41 = arith.addi %37, %40 : i64
      %42 = arith.cmpi sge, %in, %c0_i32 : i32
      %43 = arith.select %42, %c1073741824_i64, %c-1073741824_i64 : i64
      %44 = arith.addi %43, %41 : i64
      %45 = arith.cmpi sgt, %34, %c31_i32 : i32
      %46 = arith.select %45, %44, %41 : i64
      %47 = arith.shrsi %46, %38 : i64
      %48 = arith.trunci %47 : i64 to i32
      %49 = arith.maxsi %48, %c-128_i32 : i32
      %50 = arith.minsi %49, %c127_i32 : i32
      %51 = arith.trunci %50 : i32 to i8
      %52 = arith.maxsi %51, %c0_i8 : i8
      linalg.yield %52 : i8
    }
    %alloc_31 = memref.alloc() {alignment = 64 : i64} : memref<1x10x10x160xi8>
    linalg.map outs(%alloc_31 : memref<1x10x10x160xi8>)
      (%init: i8) {
        linalg.yield %c0_i8 : i8
      }
    %subview_32 = memref.subview %alloc_31[0, 1, 1, 0] [1, 8, 8, 160] [1, 1, 1, 1] : memref<1x10x10x160xi8> to memref<1x8x8x160xi8, strided<[16000, 1600, 160, 1], offset: 1760>>
    memref.copy %alloc_30, %subview_32 : memref<1x8x8x160xi8> to memref<1x8x8x160xi8, strided<[16000, 1600, 160, 1], offset: 1760>>
    %alloc_33 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x160xi32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9 : memref<160xi32>) outs(%alloc_33 : memref<1x8x8x160xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_31, %10 : memref<1x10x10x160xi8>, memref<160x3x3x160xi8>) outs(%alloc_33 : memref<1x8x8x160xi32>)
    %subview_34 = memref.subview %alloc_26[0, 0, 0, 0] [1, 15, 16, 80] [1, 1, 1, 1] : memref<1x16x16x80xi8> to memref<1x15x16x80xi8, strided<[20480, 1280, 80, 1]>>
    %subview_35 = memref.subview %subview_34[0, 0, 0, 0] [1, 15, 15, 80] [1, 1, 1, 1] : memref<1x15x16x80xi8, strided<[20480, 1280, 80, 1]>> to memref<1x15x15x80xi8, strided<[20480, 1280, 80, 1]>>
    %alloc_36 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x160xi32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : memref<160xi32>) outs(%alloc_36 : memref<1x8x8x160xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%subview_35, %7 : memref<1x15x15x80xi8, strided<[20480, 1280, 80, 1]>>, memref<160x1x1x80xi8>) outs(%alloc_36 : memref<1x8x8x160xi32>)
    %alloc_37 = memref.alloc() {alignment = 64 : i64} : memref<1x8x8x160xi8>
    linalg.generic {indexing_maps = [#map1, #map, #map, #map1, #map, #map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_36, %5, %4, %alloc_33, %12, %8 : memref<1x8x8x160xi32>, memref<160xi32>, memref<160xi8>, memref<1x8x8x160xi32>, memref<160xi32>, memref<160xi8>) outs(%alloc_37 : memref<1x8x8x160xi8>) {
    ^bb0(%in: i32, %in_50: i32, %in_51: i8, %in_52: i32, %in_53: i32, %in_54: i8, %out: i8):
      %34 = arith.extui %in_54 : i8 to i32
      %35 = arith.extsi %in_52 : i32 to i64
      %36 = arith.extsi %in_53 : i32 to i64
      %37 = arith.muli %35, %36 : i64
      %38 = arith.extui %in_54 : i8 to i64
      %39 = arith.shli %c1_i64, %38 : i64
      %40 = arith.shrui %39, %c1_i64 : i64
      %41 = arith.addi %37, %40 : i64
      %42 = arith.cmpi sge, %in_52, %c0_i32 : i32
      %43 = arith.select %42, %c1073741824_i64, %c-1073741824_i64 : i64
      %44 = arith.addi %43, %41 : i64
      %45 = arith.cmpi sgt, %34, %c31_i32 : i32
      %46 = arith.select %45, %44, %41 : i64
      %47 = arith.shrsi %46, %38 : i64
      %48 = arith.trunci %47 : i64 to i32
      %49 = arith.maxsi %48, %c-128_i32 : i32
      %50 = arith.minsi %49, %c127_i32 : i32
      %51 = arith.trunci %50 : i32 to i8
      %52 = arith.extsi %51 : i8 to i64
      %53 = arith.muli %52, %c1073741824_i64 : i64
      %54 = arith.addi %53, %c1024_i64 : i64
      %55 = arith.shrsi %54, %c11_i64 : i64
      %56 = arith.trunci %55 : i64 to i32
      %57 = arith.extui %in_51 : i8 to i32
      %58 = arith.extsi %in : i32 to i64
      %59 = arith.extsi %in_50 : i32 to i64
      %60 = arith.muli %58, %59 : i64
      %61 = arith.extui %in_51 : i8 to i64
      %62 = arith.shli %c1_i64, %61 : i64
      %63 = arith.shrui %62, %c1_i64 : i64
      %64 = arith.addi %60, %63 : i64
      %65 = arith.cmpi sge, %in, %c0_i32 : i32
      %66 = arith.select %65, %c1073741824_i64, %c-1073741824_i64 : i64
      %67 = arith.addi %66, %64 : i64
      %68 = arith.cmpi sgt, %57, %c31_i32 : i32
      %69 = arith.select %68, %67, %64 : i64
      %70 = arith.shrsi %69, %61 : i64
      %71 = arith.trunci %70 : i64 to i32
      %72 = arith.maxsi %71, %c-128_i32 : i32
      %73 = arith.minsi %72, %c127_i32 : i32
      %74 = arith.trunci %73 : i32 to i8
      %75 = arith.extsi %74 : i8 to i64
      %76 = arith.muli %75, %c2016960653_i64 : i64
      %77 = arith.addi %76, %c4096_i64 : i64
      %78 = arith.shrsi %77, %c13_i64 : i64
      %79 = arith.trunci %78 : i64 to i32
      %80 = arith.addi %79, %56 : i32
      %81 = arith.extsi %80 : i32 to i64
      %82 = arith.muli %81, %c1534665762_i64 : i64
      %83 = arith.addi %82, %c140737488355328_i64 : i64
      %84 = arith.cmpi sge, %80, %c0_i32 : i32
      %85 = arith.select %84, %c1073741824_i64, %c-1073741824_i64 : i64
      %86 = arith.addi %85, %83 : i64
      %87 = arith.shrsi %86, %c48_i64 : i64
      %88 = arith.trunci %87 : i64 to i32
      %89 = arith.maxsi %88, %c-128_i32 : i32
      %90 = arith.minsi %89, %c127_i32 : i32
      %91 = arith.trunci %90 : i32 to i8
      %92 = arith.maxsi %91, %c0_i8 : i8
      linalg.yield %92 : i8
    }
    %alloc_38 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x160xi32>
    linalg.fill ins(%c0_i32 : i32) outs(%alloc_38 : memref<1x1x1x160xi32>)
    %alloc_39 = memref.alloc() {alignment = 64 : i64} : memref<8x8xi32>
    linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<8> : vector<2xi64>} ins(%alloc_37, %alloc_39 : memref<1x8x8x160xi8>, memref<8x8xi32>) outs(%alloc_38 : memref<1x1x1x160xi32>)
    %alloc_40 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x160xi8>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_38 : memref<1x1x1x160xi32>) outs(%alloc_40 : memref<1x1x1x160xi8>) {
    ^bb0(%in: i32, %out: i8):
      %34 = arith.extsi %in : i32 to i64
      %35 = arith.muli %34, %c1073741825_i64 : i64
      %36 = arith.addi %35, %c34359738368_i64 : i64
      %37 = arith.shrsi %36, %c36_i64 : i64
      %38 = arith.trunci %37 : i64 to i32
      %39 = arith.maxsi %38, %c-128_i32 : i32
      %40 = arith.minsi %39, %c127_i32 : i32
      %41 = arith.trunci %40 : i32 to i8
      linalg.yield %41 : i8
    }
    %alloc_41 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x10xi32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : memref<10xi32>) outs(%alloc_41 : memref<1x1x1x10xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_40, %3 : memref<1x1x1x160xi8>, memref<10x1x1x160xi8>) outs(%alloc_41 : memref<1x1x1x10xi32>)
    %alloc_42 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x10xf32>
    linalg.generic {indexing_maps = [#map1, #map, #map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_41, %1, %0 : memref<1x1x1x10xi32>, memref<10xi32>, memref<10xi8>) outs(%alloc_42 : memref<1x1x1x10xf32>) {
    ^bb0(%in: i32, %in_50: i32, %in_51: i8, %out: f32):
      %34 = arith.extui %in_51 : i8 to i32
      %35 = arith.extsi %in : i32 to i64
      %36 = arith.extsi %in_50 : i32 to i64
      %37 = arith.muli %35, %36 : i64
      %38 = arith.extui %in_51 : i8 to i64
      %39 = arith.shli %c1_i64, %38 : i64
      %40 = arith.shrui %39, %c1_i64 : i64
      %41 = arith.addi %37, %40 : i64
      %42 = arith.cmpi sge, %in, %c0_i32 : i32
      %43 = arith.select %42, %c1073741824_i64, %c-1073741824_i64 : i64
      %44 = arith.addi %43, %41 : i64
      %45 = arith.cmpi sgt, %34, %c31_i32 : i32
      %46 = arith.select %45, %44, %41 : i64
      %47 = arith.shrsi %46, %38 : i64
      %48 = arith.trunci %47 : i64 to i32
      %49 = arith.maxsi %48, %c-128_i32 : i32
      %50 = arith.minsi %49, %c127_i32 : i32
      %51 = arith.trunci %50 : i32 to i8
      %52 = arith.sitofp %51 : i8 to f32
      %53 = arith.mulf %52, %cst_0 : f32
      linalg.yield %53 : f32
    }
    %collapse_shape = memref.collapse_shape %alloc_42 [[0, 1, 2], [3]] : memref<1x1x1x10xf32> into memref<1x10xf32>
    %alloc_43 = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
    %expand_shape = memref.expand_shape %alloc_43 [[0, 1, 2]] output_shape [1, 1, 1] : memref<1xf32> into memref<1x1x1xf32>
    linalg.fill ins(%cst_5 : f32) outs(%expand_shape : memref<1x1x1xf32>)
    linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%alloc_42 : memref<1x1x1x10xf32>) outs(%expand_shape : memref<1x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %34 = arith.maximumf %in, %out : f32
      linalg.yield %34 : f32
    }
    %expand_shape_44 = memref.expand_shape %alloc_43 [[0, 1]] output_shape [1, 1] : memref<1xf32> into memref<1x1xf32>
    %alloc_45 = memref.alloc() {alignment = 64 : i64} : memref<1x10xf32>
    linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%collapse_shape, %expand_shape_44 : memref<1x10xf32>, memref<1x1xf32>) outs(%alloc_45 : memref<1x10xf32>) {
    ^bb0(%in: f32, %in_50: f32, %out: f32):
      %34 = arith.subf %in, %in_50 : f32
      %35 = math.exp %34 : f32
      linalg.yield %35 : f32
    }
    %alloc_46 = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
    %expand_shape_47 = memref.expand_shape %alloc_46 [[0, 1]] output_shape [1, 1] : memref<1xf32> into memref<1x1xf32>
    linalg.fill ins(%cst_4 : f32) outs(%expand_shape_47 : memref<1x1xf32>)
    %expand_shape_48 = memref.expand_shape %alloc_45 [[0, 1], [2]] output_shape [1, 1, 10] : memref<1x10xf32> into memref<1x1x10xf32>
    linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expand_shape_48 : memref<1x1x10xf32>) outs(%expand_shape_47 : memref<1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %34 = arith.addf %in, %out : f32
      linalg.yield %34 : f32
    }
    %alloc_49 = memref.alloc() {alignment = 64 : i64} : memref<1x10xi8>
    linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%alloc_45, %expand_shape_47 : memref<1x10xf32>, memref<1x1xf32>) outs(%alloc_49 : memref<1x10xi8>) {
    ^bb0(%in: f32, %in_50: f32, %out: i8):
      %34 = arith.divf %cst_3, %in_50 : f32
      %35 = arith.mulf %in, %34 : f32
      %36 = arith.mulf %35, %cst : f32
      %37 = arith.minimumf %36, %cst_1 : f32
      %38 = arith.maximumf %37, %cst_2 : f32
      %39 = math.roundeven %38 : f32
      %40 = arith.minimumf %39, %cst_1 : f32
      %41 = arith.maximumf %40, %cst_2 : f32
      %42 = arith.fptosi %41 : f32 to i8
      linalg.yield %42 : i8
    }
    memref.dealloc %alloc : memref<1x34x34x3xi8>
    memref.dealloc %alloc_6 : memref<1x32x32x40xi32>
    memref.dealloc %alloc_7 : memref<1x32x32x40xi8>
    memref.dealloc %alloc_8 : memref<1x34x34x40xi8>
    memref.dealloc %alloc_10 : memref<1x32x32x40xi32>
    memref.dealloc %alloc_11 : memref<1x32x32x40xi8>
    memref.dealloc %alloc_12 : memref<1x34x34x40xi8>
    memref.dealloc %alloc_14 : memref<1x32x32x40xi32>
    memref.dealloc %alloc_15 : memref<1x32x32x40xi8>
    memref.dealloc %alloc_16 : memref<1x33x33x40xi8>
    memref.dealloc %alloc_18 : memref<1x16x16x80xi32>
    memref.dealloc %alloc_19 : memref<1x16x16x80xi8>
    memref.dealloc %alloc_20 : memref<1x18x18x80xi8>
    memref.dealloc %alloc_22 : memref<1x16x16x80xi32>
    memref.dealloc %alloc_25 : memref<1x16x16x80xi32>
    memref.dealloc %alloc_26 : memref<1x16x16x80xi8>
    memref.dealloc %alloc_27 : memref<1x17x17x80xi8>
    memref.dealloc %alloc_29 : memref<1x8x8x160xi32>
    memref.dealloc %alloc_30 : memref<1x8x8x160xi8>
    memref.dealloc %alloc_31 : memref<1x10x10x160xi8>
    memref.dealloc %alloc_33 : memref<1x8x8x160xi32>
    memref.dealloc %alloc_36 : memref<1x8x8x160xi32>
    memref.dealloc %alloc_37 : memref<1x8x8x160xi8>
    memref.dealloc %alloc_38 : memref<1x1x1x160xi32>
    memref.dealloc %alloc_39 : memref<8x8xi32>
    memref.dealloc %alloc_40 : memref<1x1x1x160xi8>
    memref.dealloc %alloc_41 : memref<1x1x1x10xi32>
    memref.dealloc %alloc_42 : memref<1x1x1x10xf32>
    memref.dealloc %alloc_43 : memref<1xf32>
    memref.dealloc %alloc_45 : memref<1x10xf32>
    memref.dealloc %alloc_46 : memref<1xf32>
    return %alloc_49 : memref<1x10xi8>
  }
}

