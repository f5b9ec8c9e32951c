#map = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
#map6 = affine_map<(d0, d1) -> (d0, 0)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  memref.global "private" constant @__constant_3x1x40x1xi8 : memref<3x1x40x1xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1x1x40xi8 : memref<128x1x1x40xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128xi32_12 : memref<128xi32> = dense<"0x60FFFFFF40000000C0FFFFFFA000000020000000A0FFFFFF800000000000000080FFFFFF60000000E0FFFFFF60FFFFFF40000000C0FFFFFFA000000020000000A0FFFFFF800000000000000080FFFFFF60000000E0FFFFFF60FFFFFF40000000C0FFFFFFA000000020000000A0FFFFFF800000000000000080FFFFFF60000000E0FFFFFF60FFFFFF40000000C0FFFFFFA000000020000000A0FFFFFF800000000000000080FFFFFF60000000E0FFFFFF60FFFFFF40000000C0FFFFFFA000000020000000A0FFFFFF800000000000000080FFFFFF60000000E0FFFFFF60FFFFFF40000000C0FFFFFFA000000020000000A0FFFFFF800000000000000080FFFFFF60000000E0FFFFFF60FFFFFF40000000C0FFFFFFA000000020000000A0FFFFFF800000000000000080FFFFFF60000000E0FFFFFF60FFFFFF40000000C0FFFFFFA000000020000000A0FFFFFF800000000000000080FFFFFF60000000E0FFFFFF60FFFFFF40000000C0FFFFFFA000000020000000A0FFFFFF800000000000000080FFFFFF60000000E0FFFFFF60FFFFFF40000000C0FFFFFFA000000020000000A0FFFFFF800000000000000080FFFFFF60000000E0FFFFFF60FFFFFF40000000C0FFFFFFA000000020000000A0FFFFFF800000000000000080FFFFFF60000000E0FFFFFF60FFFFFF40000000C0FFFFFFA000000020000000A0FFFFFF80000000"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128xi32_11 : memref<128xi32> = dense<"0x66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE47"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128xi8_10 : memref<128xi8> = dense<"0x2524242324242324252324252424232424232425232425242423242423242523242524242324242324252324252424232424232425232425242423242423242523242524242324242324252324252424232424232425232425242423242423242523242524242324242324252324252424232424232425232425242423242423"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_5x1x128x1xi8 : memref<5x1x128x1xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1x1x128xi8 : memref<128x1x1x128xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128xi32_9 : memref<128xi32> = dense<"0x00FEFFFFCD00000033FFFFFF0002000066000000CDFEFFFF9A0100000000000066FEFFFF330100009AFFFFFF00FEFFFFCD00000033FFFFFF0002000066000000CDFEFFFF9A0100000000000066FEFFFF330100009AFFFFFF00FEFFFFCD00000033FFFFFF0002000066000000CDFEFFFF9A0100000000000066FEFFFF330100009AFFFFFF00FEFFFFCD00000033FFFFFF0002000066000000CDFEFFFF9A0100000000000066FEFFFF330100009AFFFFFF00FEFFFFCD00000033FFFFFF0002000066000000CDFEFFFF9A0100000000000066FEFFFF330100009AFFFFFF00FEFFFFCD00000033FFFFFF0002000066000000CDFEFFFF9A0100000000000066FEFFFF330100009AFFFFFF00FEFFFFCD00000033FFFFFF0002000066000000CDFEFFFF9A0100000000000066FEFFFF330100009AFFFFFF00FEFFFFCD00000033FFFFFF0002000066000000CDFEFFFF9A0100000000000066FEFFFF330100009AFFFFFF00FEFFFFCD00000033FFFFFF0002000066000000CDFEFFFF9A0100000000000066FEFFFF330100009AFFFFFF00FEFFFFCD00000033FFFFFF0002000066000000CDFEFFFF9A0100000000000066FEFFFF330100009AFFFFFF00FEFFFFCD00000033FFFFFF0002000066000000CDFEFFFF9A0100000000000066FEFFFF330100009AFFFFFF00FEFFFFCD00000033FFFFFF0002000066000000CDFEFFFF9A010000"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128xi32 : memref<128xi32> = dense<"0x00000040CDCCCC4C6666666600000060666666469A9999599A99995900000040CDCCCC4C333333533333337300000040CDCCCC4C6666666600000060666666469A9999599A99995900000040CDCCCC4C333333533333337300000040CDCCCC4C6666666600000060666666469A9999599A99995900000040CDCCCC4C333333533333337300000040CDCCCC4C6666666600000060666666469A9999599A99995900000040CDCCCC4C333333533333337300000040CDCCCC4C6666666600000060666666469A9999599A99995900000040CDCCCC4C333333533333337300000040CDCCCC4C6666666600000060666666469A9999599A99995900000040CDCCCC4C333333533333337300000040CDCCCC4C6666666600000060666666469A9999599A99995900000040CDCCCC4C333333533333337300000040CDCCCC4C6666666600000060666666469A9999599A99995900000040CDCCCC4C333333533333337300000040CDCCCC4C6666666600000060666666469A9999599A99995900000040CDCCCC4C333333533333337300000040CDCCCC4C6666666600000060666666469A9999599A99995900000040CDCCCC4C333333533333337300000040CDCCCC4C6666666600000060666666469A9999599A99995900000040CDCCCC4C333333533333337300000040CDCCCC4C6666666600000060666666469A9999599A999959"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128xi8 : memref<128xi8> = dense<"0x2625262525262525262526262526252526252526252626252625252625252625262625262525262525262526262526252526252526252626252625252625252625262625262525262525262526262526252526252526252626252625252625252625262625262525262525262526262526252526252526252626252625252625"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_10x1x128x1xi8 : memref<10x1x128x1xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_15x1x128x1xi8 : memref<15x1x128x1xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_32x1x1x128xi8 : memref<32x1x1x128xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_32xi32_8 : memref<32xi32> = dense<[-512, 205, -205, 512, 102, -307, 410, 0, -410, 307, -102, -512, 205, -205, 512, 102, -307, 410, 0, -410, 307, -102, -512, 205, -205, 512, 102, -307, 410, 0, -410, 307]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_32xi32 : memref<32xi32> = dense<[1073741824, 1288490189, 1717986918, 1610612736, 1181116006, 1503238554, 1503238554, 1073741824, 1288490189, 1395864371, 1932735283, 1073741824, 1288490189, 1717986918, 1610612736, 1181116006, 1503238554, 1503238554, 1073741824, 1288490189, 1395864371, 1932735283, 1073741824, 1288490189, 1717986918, 1610612736, 1181116006, 1503238554, 1503238554, 1073741824, 1288490189, 1395864371]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_32xi8 : memref<32xi8> = dense<[38, 37, 38, 37, 37, 38, 37, 37, 38, 37, 38, 38, 37, 38, 37, 37, 38, 37, 37, 38, 37, 38, 38, 37, 38, 37, 37, 38, 37, 37, 38, 37]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3x1x1x32xi8 : memref<3x1x1x32xi8> = dense<1> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3xi32_7 : memref<3xi32> = dense<[-128, 51, -51]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3xi32 : memref<3xi32> = dense<[1073741824, 1288490189, 1717986918]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_3xi8 : memref<3xi8> = dense<[36, 35, 36]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_40x1xi32_6 : memref<40x1xi32> = dense<[[-12], [5], [-5], [12], [2], [-7], [10], [0], [-10], [7], [-2], [-12], [5], [-5], [12], [2], [-7], [10], [0], [-10], [7], [-2], [-12], [5], [-5], [12], [2], [-7], [10], [0], [-10], [7], [-2], [-12], [5], [-5], [12], [2], [-7], [10]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_40x1xi32 : memref<40x1xi32> = dense<[[1431655765], [1717986918], [1145324612], [1073741824], [1574821342], [2004318071], [2004318071], [1431655765], [1717986918], [1861152495], [1288490189], [1431655765], [1717986918], [1145324612], [1073741824], [1574821342], [2004318071], [2004318071], [1431655765], [1717986918], [1861152495], [1288490189], [1431655765], [1717986918], [1145324612], [1073741824], [1574821342], [2004318071], [2004318071], [1431655765], [1717986918], [1861152495], [1288490189], [1431655765], [1717986918], [1145324612], [1073741824], [1574821342], [2004318071], [2004318071]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_40x1xi8 : memref<40x1xi8> = dense<[[33], [32], [32], [31], [32], [33], [32], [32], [33], [32], [32], [33], [32], [32], [31], [32], [33], [32], [32], [33], [32], [32], [33], [32], [32], [31], [32], [33], [32], [32], [33], [32], [32], [33], [32], [32], [31], [32], [33], [32]]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1xi32_5 : memref<128x1xi32> = dense<"0xECFFFFFF08000000F8FFFFFF1400000004000000F4FFFFFF1000000000000000F0FFFFFF0C000000FCFFFFFFECFFFFFF08000000F8FFFFFF1400000004000000F4FFFFFF1000000000000000F0FFFFFF0C000000FCFFFFFFECFFFFFF08000000F8FFFFFF1400000004000000F4FFFFFF1000000000000000F0FFFFFF0C000000FCFFFFFFECFFFFFF08000000F8FFFFFF1400000004000000F4FFFFFF1000000000000000F0FFFFFF0C000000FCFFFFFFECFFFFFF08000000F8FFFFFF1400000004000000F4FFFFFF1000000000000000F0FFFFFF0C000000FCFFFFFFECFFFFFF08000000F8FFFFFF1400000004000000F4FFFFFF1000000000000000F0FFFFFF0C000000FCFFFFFFECFFFFFF08000000F8FFFFFF1400000004000000F4FFFFFF1000000000000000F0FFFFFF0C000000FCFFFFFFECFFFFFF08000000F8FFFFFF1400000004000000F4FFFFFF1000000000000000F0FFFFFF0C000000FCFFFFFFECFFFFFF08000000F8FFFFFF1400000004000000F4FFFFFF1000000000000000F0FFFFFF0C000000FCFFFFFFECFFFFFF08000000F8FFFFFF1400000004000000F4FFFFFF1000000000000000F0FFFFFF0C000000FCFFFFFFECFFFFFF08000000F8FFFFFF1400000004000000F4FFFFFF1000000000000000F0FFFFFF0C000000FCFFFFFFECFFFFFF08000000F8FFFFFF1400000004000000F4FFFFFF10000000"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1xi32_4 : memref<128x1xi32> = dense<"0x66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE4766666666AE47E17A295C8F42C3F5285C66666666AE47E17A1F85EB51CDCCCC4C0AD7A3707B14AE477B14AE47"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1xi8_3 : memref<128x1xi8> = dense<"0x2221212021212021222021222121202121202122202122212120212120212220212221212021212021222021222121202121202122202122212120212120212220212221212021212021222021222121202121202122202122212120212120212220212221212021212021222021222121202121202122202122212120212120"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1xi32_2 : memref<128x1xi32> = dense<"0xD8FFFFFF10000000F0FFFFFF2800000008000000E8FFFFFF2000000000000000E0FFFFFF18000000F8FFFFFFD8FFFFFF10000000F0FFFFFF2800000008000000E8FFFFFF2000000000000000E0FFFFFF18000000F8FFFFFFD8FFFFFF10000000F0FFFFFF2800000008000000E8FFFFFF2000000000000000E0FFFFFF18000000F8FFFFFFD8FFFFFF10000000F0FFFFFF2800000008000000E8FFFFFF2000000000000000E0FFFFFF18000000F8FFFFFFD8FFFFFF10000000F0FFFFFF2800000008000000E8FFFFFF2000000000000000E0FFFFFF18000000F8FFFFFFD8FFFFFF10000000F0FFFFFF2800000008000000E8FFFFFF2000000000000000E0FFFFFF18000000F8FFFFFFD8FFFFFF10000000F0FFFFFF2800000008000000E8FFFFFF2000000000000000E0FFFFFF18000000F8FFFFFFD8FFFFFF10000000F0FFFFFF2800000008000000E8FFFFFF2000000000000000E0FFFFFF18000000F8FFFFFFD8FFFFFF10000000F0FFFFFF2800000008000000E8FFFFFF2000000000000000E0FFFFFF18000000F8FFFFFFD8FFFFFF10000000F0FFFFFF2800000008000000E8FFFFFF2000000000000000E0FFFFFF18000000F8FFFFFFD8FFFFFF10000000F0FFFFFF2800000008000000E8FFFFFF2000000000000000E0FFFFFF18000000F8FFFFFFD8FFFFFF10000000F0FFFFFF2800000008000000E8FFFFFF20000000"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1xi8_1 : memref<128x1xi8> = dense<"0x2322222122222122232122232222212222212223212223222221222221222321222322222122222122232122232222212222212223212223222221222221222321222322222122222122232122232222212222212223212223222221222221222321222322222122222122232122232222212222212223212223222221222221"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1xi32_0 : memref<128x1xi32> = dense<"0xC4FFFFFF18000000E8FFFFFF3C0000000C000000DCFFFFFF3000000000000000D0FFFFFF24000000F4FFFFFFC4FFFFFF18000000E8FFFFFF3C0000000C000000DCFFFFFF3000000000000000D0FFFFFF24000000F4FFFFFFC4FFFFFF18000000E8FFFFFF3C0000000C000000DCFFFFFF3000000000000000D0FFFFFF24000000F4FFFFFFC4FFFFFF18000000E8FFFFFF3C0000000C000000DCFFFFFF3000000000000000D0FFFFFF24000000F4FFFFFFC4FFFFFF18000000E8FFFFFF3C0000000C000000DCFFFFFF3000000000000000D0FFFFFF24000000F4FFFFFFC4FFFFFF18000000E8FFFFFF3C0000000C000000DCFFFFFF3000000000000000D0FFFFFF24000000F4FFFFFFC4FFFFFF18000000E8FFFFFF3C0000000C000000DCFFFFFF3000000000000000D0FFFFFF24000000F4FFFFFFC4FFFFFF18000000E8FFFFFF3C0000000C000000DCFFFFFF3000000000000000D0FFFFFF24000000F4FFFFFFC4FFFFFF18000000E8FFFFFF3C0000000C000000DCFFFFFF3000000000000000D0FFFFFF24000000F4FFFFFFC4FFFFFF18000000E8FFFFFF3C0000000C000000DCFFFFFF3000000000000000D0FFFFFF24000000F4FFFFFFC4FFFFFF18000000E8FFFFFF3C0000000C000000DCFFFFFF3000000000000000D0FFFFFF24000000F4FFFFFFC4FFFFFF18000000E8FFFFFF3C0000000C000000DCFFFFFF30000000"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1xi32 : memref<128x1xi32> = dense<"0x444444441F85EB51D4063A6D66666666B1E4174BF9C5925FF9C5925F444444441F85EB518C25BF58AE47E17A444444441F85EB51D4063A6D66666666B1E4174BF9C5925FF9C5925F444444441F85EB518C25BF58AE47E17A444444441F85EB51D4063A6D66666666B1E4174BF9C5925FF9C5925F444444441F85EB518C25BF58AE47E17A444444441F85EB51D4063A6D66666666B1E4174BF9C5925FF9C5925F444444441F85EB518C25BF58AE47E17A444444441F85EB51D4063A6D66666666B1E4174BF9C5925FF9C5925F444444441F85EB518C25BF58AE47E17A444444441F85EB51D4063A6D66666666B1E4174BF9C5925FF9C5925F444444441F85EB518C25BF58AE47E17A444444441F85EB51D4063A6D66666666B1E4174BF9C5925FF9C5925F444444441F85EB518C25BF58AE47E17A444444441F85EB51D4063A6D66666666B1E4174BF9C5925FF9C5925F444444441F85EB518C25BF58AE47E17A444444441F85EB51D4063A6D66666666B1E4174BF9C5925FF9C5925F444444441F85EB518C25BF58AE47E17A444444441F85EB51D4063A6D66666666B1E4174BF9C5925FF9C5925F444444441F85EB518C25BF58AE47E17A444444441F85EB51D4063A6D66666666B1E4174BF9C5925FF9C5925F444444441F85EB518C25BF58AE47E17A444444441F85EB51D4063A6D66666666B1E4174BF9C5925FF9C5925F"> {alignment = 64 : i64}
  memref.global "private" constant @__constant_128x1xi8 : memref<128x1xi8> = dense<"0x2322232222232222232223232223222223222223222323222322222322222322232322232222232222232223232223222223222223222323222322222322222322232322232222232222232223232223222223222223222323222322222322222322232322232222232222232223232223222223222223222323222322222322"> {alignment = 64 : i64}
  func.func @main(%arg0: memref<1x30x1x40xi8> {peakmem.input = "serving_default_input_1:0"}) -> memref<1x3xi8> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c31_i32 = arith.constant 31 : i32
    %c1073741824_i64 = arith.constant 1073741824 : i64
    %c-1073741824_i64 = arith.constant -1073741824 : i64
    %c-128_i32 = arith.constant -128 : i32
    %c127_i32 = arith.constant 127 : i32
    %c0_i8 = arith.constant 0 : i8
    %cst = arith.constant -3.40282347E+38 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant -1.280000e+02 : f32
    %cst_3 = arith.constant 1.270000e+02 : f32
    %cst_4 = arith.constant 2.560000e+02 : f32
    %cst_5 = arith.constant 0.160508901 : f32
    %0 = memref.get_global @__constant_128x1xi8 : memref<128x1xi8>
    %1 = memref.get_global @__constant_128x1xi32 : memref<128x1xi32>
    %2 = memref.get_global @__constant_128x1xi32_0 : memref<128x1xi32>
    %3 = memref.get_global @__constant_128x1xi8_1 : memref<128x1xi8>
    %4 = memref.get_global @__constant_128x1xi32_2 : memref<128x1xi32>
    %5 = memref.get_global @__constant_128x1xi8_3 : memref<128x1xi8>
    %6 = memref.get_global @__constant_128x1xi32_4 : memref<128x1xi32>
    %7 = memref.get_global @__constant_128x1xi32_5 : memref<128x1xi32>
    %8 = memref.get_global @__constant_40x1xi8 : memref<40x1xi8>
    %9 = memref.get_global @__constant_40x1xi32 : memref<40x1xi32>
    %10 = memref.get_global @__constant_40x1xi32_6 : memref<40x1xi32>
    %11 = memref.get_global @__constant_3xi8 : memref<3xi8>
    %12 = memref.get_global @__constant_3xi32 : memref<3xi32>
    %13 = memref.get_global @__constant_3xi32_7 : memref<3xi32>
    %14 = memref.get_global @__constant_3x1x1x32xi8 : memref<3x1x1x32xi8>
    %15 = memref.get_global @__constant_32xi8 : memref<32xi8>
    %16 = memref.get_global @__constant_32xi32 : memref<32xi32>
    %17 = memref.get_global @__constant_32xi32_8 : memref<32xi32>
    %18 = memref.get_global @__constant_32x1x1x128xi8 : memref<32x1x1x128xi8>
    %19 = memref.get_global @__constant_15x1x128x1xi8 : memref<15x1x128x1xi8>
    %20 = memref.get_global @__constant_10x1x128x1xi8 : memref<10x1x128x1xi8>
    %21 = memref.get_global @__constant_128xi8 : memref<128xi8>
    %22 = memref.get_global @__constant_128xi32 : memref<128xi32>
    %23 = memref.get_global @__constant_128xi32_9 : memref<128xi32>
    %24 = memref.get_global @__constant_128x1x1x128xi8 : memref<128x1x1x128xi8>
    %25 = memref.get_global @__constant_5x1x128x1xi8 : memref<5x1x128x1xi8>
    %26 = memref.get_global @__constant_128xi8_10 : memref<128xi8>
    %27 = memref.get_global @__constant_128xi32_11 : memref<128xi32>
    %28 = memref.get_global @__constant_128xi32_12 : memref<128xi32>
    %29 = memref.get_global @__constant_128x1x1x40xi8 : memref<128x1x1x40xi8>
    %30 = memref.get_global @__constant_3x1x40x1xi8 : memref<3x1x40x1xi8>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x28x1x40x1xi32>
    linalg.fill ins(%c0_i32 : i32) outs(%alloc : memref<1x28x1x40x1xi32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %30 : memref<1x30x1x40xi8>, memref<3x1x40x1xi8>) outs(%alloc : memref<1x28x1x40x1xi32>)
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<1x28x1x40x1xi8>
    linalg.generic {indexing_maps = [#map, #map1, #map, #map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%10, %alloc, %9, %8 : memref<40x1xi32>, memref<1x28x1x40x1xi32>, memref<40x1xi32>, memref<40x1xi8>) outs(%alloc_6 : memref<1x28x1x40x1xi8>) {
    ^bb0(%in: i32, %in_34: i32, %in_35: i32, %in_36: i8, %out: i8):
      %31 = arith.addi %in, %in_34 : i32
      %32 = arith.extui %in_36 : i8 to i32
      %33 = arith.extsi %31 : i32 to i64
      %34 = arith.extsi %in_35 : i32 to i64
      %35 = arith.muli %33, %34 : i64
      %36 = arith.extui %in_36 : i8 to i64
      %37 = arith.shli %c1_i64, %36 : i64
      %38 = arith.shrui %37, %c1_i64 : i64
      %39 = arith.addi %35, %38 : i64
      %40 = arith.cmpi sge, %31, %c0_i32 : i32
      %41 = arith.select %40, %c1073741824_i64, %c-1073741824_i64 : i64
      %42 = arith.addi %41, %39 : i64
      %43 = arith.cmpi sgt, %32, %c31_i32 : i32
      %44 = arith.select %43, %42, %39 : i64
      %45 = arith.shrsi %44, %36 : i64
      %46 = arith.trunci %45 : i64 to i32
      %47 = arith.maxsi %46, %c-128_i32 : i32
      %48 = arith.minsi %47, %c127_i32 : i32
      %49 = arith.trunci %48 : i32 to i8
      linalg.yield %49 : i8
    }
    %collapse_shape = memref.collapse_shape %alloc_6 [[0], [1], [2], [3, 4]] : memref<1x28x1x40x1xi8> into memref<1x28x1x40xi8>
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<1x28x1x128xi32>
    linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : memref<128xi32>) outs(%alloc_7 : memref<1x28x1x128xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape, %29 : memref<1x28x1x40xi8>, memref<128x1x1x40xi8>) outs(%alloc_7 : memref<1x28x1x128xi32>)
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<1x28x1x128xi8>
    linalg.generic {indexing_maps = [#map3, #map2, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_7, %27, %26 : memref<1x28x1x128xi32>, memref<128xi32>, memref<128xi8>) outs(%alloc_8 : memref<1x28x1x128xi8>) {
    ^bb0(%in: i32, %in_34: i32, %in_35: i8, %out: i8):
      %31 = arith.extui %in_35 : i8 to i32
      %32 = arith.extsi %in : i32 to i64
      %33 = arith.extsi %in_34 : i32 to i64
      %34 = arith.muli %32, %33 : i64
      %35 = arith.extui %in_35 : i8 to i64
      %36 = arith.shli %c1_i64, %35 : i64
      %37 = arith.shrui %36, %c1_i64 : i64
      %38 = arith.addi %34, %37 : i64
      %39 = arith.cmpi sge, %in, %c0_i32 : i32
      %40 = arith.select %39, %c1073741824_i64, %c-1073741824_i64 : i64
      %41 = arith.addi %40, %38 : i64
      %42 = arith.cmpi sgt, %31, %c31_i32 : i32
      %43 = arith.select %42, %41, %38 : i64
      %44 = arith.shrsi %43, %35 : i64
      %45 = arith.trunci %44 : i64 to i32
      %46 = arith.maxsi %45, %c-128_i32 : i32
      %47 = arith.minsi %46, %c127_i32 : i32
      %48 = arith.trunci %47 : i32 to i8
      %49 = arith.maxsi %48, %c0_i8 : i8
      linalg.yield %49 : i8
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<1x24x1x128x1xi32>
    linalg.fill ins(%c0_i32 : i32) outs(%alloc_9 : memref<1x24x1x128x1xi32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_8, %25 : memref<1x28x1x128xi8>, memref<5x1x128x1xi8>) outs(%alloc_9 : memref<1x24x1x128x1xi32>)
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<1x24x1x128x1xi8>
    linalg.generic {indexing_maps = [#map, #map1, #map, #map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%7, %alloc_9, %6, %5 : memref<128x1xi32>, memref<1x24x1x128x1xi32>, memref<128x1xi32>, memref<128x1xi8>) outs(%alloc_10 : memref<1x24x1x128x1xi8>) {
    ^bb0(%in: i32, %in_34: i32, %in_35: i32, %in_36: i8, %out: i8):
      %31 = arith.addi %in, %in_34 : i32
      %32 = arith.extui %in_36 : i8 to i32
      %33 = arith.extsi %31 : i32 to i64
      %34 = arith.extsi %in_35 : i32 to i64
      %35 = arith.muli %33, %34 : i64
      %36 = arith.extui %in_36 : i8 to i64
      %37 = arith.shli %c1_i64, %36 : i64
      %38 = arith.shrui %37, %c1_i64 : i64
      %39 = arith.addi %35, %38 : i64
      %40 = arith.cmpi sge, %31, %c0_i32 : i32
      %41 = arith.select %40, %c1073741824_i64, %c-1073741824_i64 : i64
      %42 = arith.addi %41, %39 : i64
      %43 = arith.cmpi sgt, %32, %c31_i32 : i32
      %44 = arith.select %43, %42, %39 : i64
      %45 = arith.shrsi %44, %36 : i64
      %46 = arith.trunci %45 : i64 to i32
      %47 = arith.maxsi %46, %c-128_i32 : i32
      %48 = arith.minsi %47, %c127_i32 : i32
      %49 = arith.trunci %48 : i32 to i8
      linalg.yield %49 : i8
    }
    %collapse_shape_11 = memref.collapse_shape %alloc_10 [[0], [1], [2], [3, 4]] : memref<1x24x1x128x1xi8> into memref<1x24x1x128xi8>
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<1x24x1x128xi32>
    linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23 : memref<128xi32>) outs(%alloc_12 : memref<1x24x1x128xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_11, %24 : memref<1x24x1x128xi8>, memref<128x1x1x128xi8>) outs(%alloc_12 : memref<1x24x1x128xi32>)
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<1x24x1x128xi8>
    linalg.generic {indexing_maps = [#map3, #map2, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_12, %22, %21 : memref<1x24x1x128xi32>, memref<128xi32>, memref<128xi8>) outs(%alloc_13 : memref<1x24x1x128xi8>) {
    ^bb0(%in: i32, %in_34: i32, %in_35: i8, %out: i8):
      %31 = arith.extui %in_35 : i8 to i32
      %32 = arith.extsi %in : i32 to i64
      %33 = arith.extsi %in_34 : i32 to i64
      %34 = arith.muli %32, %33 : i64
      %35 = arith.extui %in_35 : i8 to i64
      %36 = arith.shli %c1_i64, %35 : i64
      %37 = arith.shrui %36, %c1_i64 : i64
      %38 = arith.addi %34, %37 : i64
      %39 = arith.cmpi sge, %in, %c0_i32 : i32
      %40 = arith.select %39, %c1073741824_i64, %c-1073741824_i64 : i64
      %41 = arith.addi %40, %38 : i64
      %42 = arith.cmpi sgt, %31, %c31_i32 : i32
      %43 = arith.select %42, %41, %38 : i64
      %44 = arith.shrsi %43, %35 : i64
      %45 = arith.trunci %44 : i64 to i32
      %46 = arith.maxsi %45, %c-128_i32 : i32
      %47 = arith.minsi %46, %c127_i32 : i32
      %48 = arith.trunci %47 : i32 to i8
      %49 = arith.maxsi %48, %c0_i8 : i8
      linalg.yield %49 : i8
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<1x15x1x128x1xi32>
    linalg.fill ins(%c0_i32 : i32) outs(%alloc_14 : memref<1x15x1x128x1xi32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_13, %20 : memref<1x24x1x128xi8>, memref<10x1x128x1xi8>) outs(%alloc_14 : memref<1x15x1x128x1xi32>)
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<1x15x1x128x1xi8>
    linalg.generic {indexing_maps = [#map, #map1, #map, #map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%4, %alloc_14, %6, %3 : memref<128x1xi32>, memref<1x15x1x128x1xi32>, memref<128x1xi32>, memref<128x1xi8>) outs(%alloc_15 : memref<1x15x1x128x1xi8>) {
    ^bb0(%in: i32, %in_34: i32, %in_35: i32, %in_36: i8, %out: i8):
      %31 = arith.addi %in, %in_34 : i32
      %32 = arith.extui %in_36 : i8 to i32
      %33 = arith.extsi %31 : i32 to i64
      %34 = arith.extsi %in_35 : i32 to i64
      %35 = arith.muli %33, %34 : i64
      %36 = arith.extui %in_36 : i8 to i64
      %37 = arith.shli %c1_i64, %36 : i64
      %38 = arith.shrui %37, %c1_i64 : i64
      %39 = arith.addi %35, %38 : i64
      %40 = arith.cmpi sge, %31, %c0_i32 : i32
      %41 = arith.select %40, %c1073741824_i64, %c-1073741824_i64 : i64
      %42 = arith.addi %41, %39 : i64
      %43 = arith.cmpi sgt, %32, %c31_i32 : i32
      %44 = arith.select %43, %42, %39 : i64
      %45 = arith.shrsi %44, %36 : i64
      %46 = arith.trunci %45 : i64 to i32
      %47 = arith.maxsi %46, %c-128_i32 : i32
      %48 = arith.minsi %47, %c127_i32 : i32
      %49 = arith.trunci %48 : i32 to i8
      linalg.yield %49 : i8
    }
    %collapse_shape_16 = memref.collapse_shape %alloc_15 [[0], [1], [2], [3, 4]] : memref<1x15x1x128x1xi8> into memref<1x15x1x128xi8>
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<1x15x1x128xi32>
    linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23 : memref<128xi32>) outs(%alloc_17 : memref<1x15x1x128xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_16, %24 : memref<1x15x1x128xi8>, memref<128x1x1x128xi8>) outs(%alloc_17 : memref<1x15x1x128xi32>)
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<1x15x1x128xi8>
    linalg.generic {indexing_maps = [#map3, #map2, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_17, %22, %21 : memref<1x15x1x128xi32>, memref<128xi32>, memref<128xi8>) outs(%alloc_18 : memref<1x15x1x128xi8>) {
    ^bb0(%in: i32, %in_34: i32, %in_35: i8, %out: i8):
      %31 = arith.extui %in_35 : i8 to i32
      %32 = arith.extsi %in : i32 to i64
      %33 = arith.extsi %in_34 : i32 to i64
      %34 = arith.muli %32, %33 : i64
      %35 = arith.extui %in_35 : i8 to i64
      %36 = arith.shli %c1_i64, %35 : i64
      %37 = arith.shrui %36, %c1_i64 : i64
      %38 = arith.addi %34, %37 : i64
      %39 = arith.cmpi sge, %in, %c0_i32 : i32
      %40 = arith.select %39, %c1073741824_i64, %c-1073741824_i64 : i64
      %41 = arith.addi %40, %38 : i64
      %42 = arith.cmpi sgt, %31, %c31_i32 : i32
      %43 = arith.select %42, %41, %38 : i64
      %44 = arith.shrsi %43, %35 : i64
      %45 = arith.trunci %44 : i64 to i32
      %46 = arith.maxsi %45, %c-128_i32 : i32
      %47 = arith.minsi %46, %c127_i32 : i32
      %48 = arith.trunci %47 : i32 to i8
      %49 = arith.maxsi %48, %c0_i8 : i8
      linalg.yield %49 : i8
    }
    %alloc_19 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128x1xi32>
    linalg.fill ins(%c0_i32 : i32) outs(%alloc_19 : memref<1x1x1x128x1xi32>)
    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_18, %19 : memref<1x15x1x128xi8>, memref<15x1x128x1xi8>) outs(%alloc_19 : memref<1x1x1x128x1xi32>)
    %alloc_20 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x128x1xi8>
    linalg.generic {indexing_maps = [#map, #map1, #map, #map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%2, %alloc_19, %1, %0 : memref<128x1xi32>, memref<1x1x1x128x1xi32>, memref<128x1xi32>, memref<128x1xi8>) outs(%alloc_20 : memref<1x1x1x128x1xi8>) {
    ^bb0(%in: i32, %in_34: i32, %in_35: i32, %in_36: i8, %out: i8):
      %31 = arith.addi %in, %in_34 : i32
      %32 = arith.extui %in_36 : i8 to i32
      %33 = arith.extsi %31 : i32 to i64
      %34 = arith.extsi %in_35 : i32 to i64
      %35 = arith.muli %33, %34 : i64
      %36 = arith.extui %in_36 : i8 to i64
      %37 = arith.shli %c1_i64, %36 : i64
      %38 = arith.shrui %37, %c1_i64 : i64
      %39 = arith.addi %35, %38 : i64
      %40 = arith.cmpi sge, %31, %c0_i32 : i32
      %41 = arith.select %40, %c1073741824_i64, %c-1073741824_i64 : i64
      %42 = arith.addi %41, %39 : i64
      %43 = arith.cmpi sgt, %32, %c31_i32 : i32
      %44 = arith.select %43, %42, %39 : i64
      %45 = arith.shrsi %44, %36 : i64
      %46 = arith.trunci %45 : i64 to i32
      %47 = arith.maxsi %46, %c-128_i32 : i32
      %48 = arith.minsi %47, %c127_i32 : i32
      %49 = arith.trunci %48 : i32 to i8
      linalg.yield %49 : i8
    }
    %collapse_shape_21 = memref.collapse_shape %alloc_20 [[0], [1], [2], [3, 4]] : memref<1x1x1x128x1xi8> into memref<1x1x1x128xi8>
    %alloc_22 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x32xi32>
    linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17 : memref<32xi32>) outs(%alloc_22 : memref<1x1x1x32xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%collapse_shape_21, %18 : memref<1x1x1x128xi8>, memref<32x1x1x128xi8>) outs(%alloc_22 : memref<1x1x1x32xi32>)
    %alloc_23 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x32xi8>
    linalg.generic {indexing_maps = [#map3, #map2, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_22, %16, %15 : memref<1x1x1x32xi32>, memref<32xi32>, memref<32xi8>) outs(%alloc_23 : memref<1x1x1x32xi8>) {
    ^bb0(%in: i32, %in_34: i32, %in_35: i8, %out: i8):
      %31 = arith.extui %in_35 : i8 to i32
      %32 = arith.extsi %in : i32 to i64
      %33 = arith.extsi %in_34 : i32 to i64
      %34 = arith.muli %32, %33 : i64
      %35 = arith.extui %in_35 : i8 to i64
      %36 = arith.shli %c1_i64, %35 : i64
      %37 = arith.shrui %36, %c1_i64 : i64
      %38 = arith.addi %34, %37 : i64
      %39 = arith.cmpi sge, %in, %c0_i32 : i32
      %40 = arith.select %39, %c1073741824_i64, %c-1073741824_i64 : i64
      %41 = arith.addi %40, %38 : i64
      %42 = arith.cmpi sgt, %31, %c31_i32 : i32
      %43 = arith.select %42, %41, %38 : i64
      %44 = arith.shrsi %43, %35 : i64
      %45 = arith.trunci %44 : i64 to i32
      %46 = arith.maxsi %45, %c-128_i32 : i32
      %47 = arith.minsi %46, %c127_i32 : i32
      %48 = arith.trunci %47 : i32 to i8
      %49 = arith.maxsi %48, %c0_i8 : i8
      linalg.yield %49 : i8
    }
    %alloc_24 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x3xi32>
    linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13 : memref<3xi32>) outs(%alloc_24 : memref<1x1x1x3xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%alloc_23, %14 : memref<1x1x1x32xi8>, memref<3x1x1x32xi8>) outs(%alloc_24 : memref<1x1x1x3xi32>)
    %alloc_25 = memref.alloc() {alignment = 64 : i64} : memref<1x1x1x3xf32>
    linalg.generic {indexing_maps = [#map3, #map2, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_24, %12, %11 : memref<1x1x1x3xi32>, memref<3xi32>, memref<3xi8>) outs(%alloc_25 : memref<1x1x1x3xf32>) {
    ^bb0(%in: i32, %in_34: i32, %in_35: i8, %out: f32):
      %31 = arith.extui %in_35 : i8 to i32
      %32 = arith.extsi %in : i32 to i64
      %33 = arith.extsi %in_34 : i32 to i64
      %34 = arith.muli %32, %33 : i64
      %35 = arith.extui %in_35 : i8 to i64
      %36 = arith.shli %c1_i64, %35 : i64
      %37 = arith.shrui %36, %c1_i64 : i64
      %38 = arith.addi %34, %37 : i64
      %39 = arith.cmpi sge, %in, %c0_i32 : i32
      %40 = arith.select %39, %c1073741824_i64, %c-1073741824_i64 : i64
      %41 = arith.addi %40, %38 : i64
      %42 = arith.cmpi sgt, %31, %c31_i32 : i32
      %43 = arith.select %42, %41, %38 : i64
      %44 = arith.shrsi %43, %35 : i64
      %45 = arith.trunci %44 : i64 to i32
      %46 = arith.maxsi %45, %c-128_i32 : i32
      %47 = arith.minsi %46, %c127_i32 : i32
      %48 = arith.trunci %47 : i32 to i8
      %49 = arith.sitofp %48 : i8 to f32
      %50 = arith.mulf %49, %cst_5 : f32
      linalg.yield %50 : f32
    }
    %collapse_shape_26 = memref.collapse_shape %alloc_25 [[0, 1, 2], [3]] : memref<1x1x1x3xf32> into memref<1x3xf32>
    %alloc_27 = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
    %expand_shape = memref.expand_shape %alloc_27 [[0, 1, 2]] output_shape [1, 1, 1] : memref<1xf32> into memref<1x1x1xf32>
    linalg.fill ins(%cst : f32) outs(%expand_shape : memref<1x1x1xf32>)
    linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%alloc_25 : memref<1x1x1x3xf32>) outs(%expand_shape : memref<1x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.maximumf %in, %out : f32
      linalg.yield %31 : f32
    }
    %expand_shape_28 = memref.expand_shape %alloc_27 [[0, 1]] output_shape [1, 1] : memref<1xf32> into memref<1x1xf32>
    %alloc_29 = memref.alloc() {alignment = 64 : i64} : memref<1x3xf32>
    linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel"]} ins(%collapse_shape_26, %expand_shape_28 : memref<1x3xf32>, memref<1x1xf32>) outs(%alloc_29 : memref<1x3xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %31 = arith.subf %in, %in_34 : f32
      %32 = math.exp %31 : f32
      linalg.yield %32 : f32
    }
    %alloc_30 = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
    %expand_shape_31 = memref.expand_shape %alloc_30 [[0, 1]] output_shape [1, 1] : memref<1xf32> into memref<1x1xf32>
    linalg.fill ins(%cst_0 : f32) outs(%expand_shape_31 : memref<1x1xf32>)
    %expand_shape_32 = memref.expand_shape %alloc_29 [[0, 1], [2]] output_shape [1, 1, 3] : memref<1x3xf32> into memref<1x1x3xf32>
    linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expand_shape_32 : memref<1x1x3xf32>) outs(%expand_shape_31 : memref<1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.addf %in, %out : f32
      linalg.yield %31 : f32
    }
    %alloc_33 = memref.alloc() {alignment = 64 : i64} : memref<1x3xi8>
    linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel"]} ins(%alloc_29, %expand_shape_31 : memref<1x3xf32>, memref<1x1xf32>) outs(%alloc_33 : memref<1x3xi8>) {
    ^bb0(%in: f32, %in_34: f32, %out: i8):
      %31 = arith.divf %cst_1, %in_34 : f32
      %32 = arith.mulf %in, %31 : f32
      %33 = arith.mulf %32, %cst_4 : f32
      %34 = arith.minimumf %33, %cst_3 : f32
      %35 = arith.maximumf %34, %cst_2 : f32
      %36 = math.roundeven %35 : f32
      %37 = arith.minimumf %36, %cst_3 : f32
      %38 = arith.maximumf %37, %cst_2 : f32
      %39 = arith.fptosi %38 : f32 to i8
      linalg.yield %39 : i8
    }
    memref.dealloc %alloc : memref<1x28x1x40x1xi32>
    memref.dealloc %alloc_6 : memref<1x28x1x40x1xi8>
    memref.dealloc %alloc_7 : memref<1x28x1x128xi32>
    memref.dealloc %alloc_8 : memref<1x28x1x128xi8>
    memref.dealloc %alloc_9 : memref<1x24x1x128x1xi32>
    memref.dealloc %alloc_10 : memref<1x24x1x128x1xi8>
    memref.dealloc %alloc_12 : memref<1x24x1x128xi32>
    memref.dealloc %alloc_13 : memref<1x24x1x128xi8>
    memref.dealloc %alloc_14 : memref<1x15x1x128x1xi32>
    memref.dealloc %alloc_15 : memref<1x15x1x128x1xi8>
    memref.dealloc %alloc_17 : memref<1x15x1x128xi32>
    memref.dealloc %alloc_18 : memref<1x15x1x128xi8>
    memref.dealloc %alloc_19 : memref<1x1x1x128x1xi32>
    memref.dealloc %alloc_20 : memref<1x1x1x128x1xi8>
    memref.dealloc %alloc_22 : memref<1x1x1x32xi32>
    memref.dealloc %alloc_23 : memref<1x1x1x32xi8>
    memref.dealloc %alloc_24 : memref<1x1x1x3xi32>
    memref.dealloc %alloc_25 : memref<1x1x1x3xf32>
    memref.dealloc %alloc_27 : memref<1xf32>
    memref.dealloc %alloc_29 : memref<1x3xf32>
    memref.dealloc %alloc_30 : memref<1xf32>
    return %alloc_33 : memref<1x3xi8>
  }
}

