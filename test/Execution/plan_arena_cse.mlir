// Upstream `cse` between planning and execution merges the views of a and c
// (same offset, same type) into one value used before and after t, which
// overwrites their bytes in between. peakmem-verify-arena accepts it (c's
// first use overwrites the view whole), and the merged program computes the
// same bits as the input; measured == modeled.
//
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-report{remarks=0}))' | %python -m peakmem exec - --check-model > %t.before
// RUN: peakmem-opt %s -p 'builtin.module(func.func(peakmem-plan-arena{order-search=false remarks=0}))' | %mlir_opt --cse > %t.cse.mlir
// RUN: peakmem-opt %t.cse.mlir -p 'builtin.module(func.func(peakmem-verify-arena,peakmem-report{remarks=0}))' > %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: %python -m peakmem exec %t.mlir --check-model > %t.after
// RUN: grep output_digest %t.before > %t.d1
// RUN: grep output_digest %t.after > %t.d2
// RUN: diff %t.d1 %t.d2
//
// IR: %[[V:.*]] = memref.view %{{.*}}[%[[C0:.*]]][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
// IR: memref.view %{{.*}}[%[[C0]]][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<128xf32>
// IR: outs(%[[V]] : memref<64xf32>)
// IR-NOT: memref.view

func.func @merged(%x: memref<64xf32>, %big: memref<128xf32>, %y: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : memref<64xf32>) outs(%a : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.mulf %v, %v : f32
    linalg.yield %s : f32
  }
  linalg.add ins(%a, %y : memref<64xf32>, memref<64xf32>) outs(%y : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  %t = memref.alloc() : memref<128xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%big : memref<128xf32>) outs(%t : memref<128xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.addf %v, %v : f32
    linalg.yield %s : f32
  }
  linalg.add ins(%t, %big : memref<128xf32>, memref<128xf32>) outs(%big : memref<128xf32>)
  memref.dealloc %t : memref<128xf32>
  %c = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%y : memref<64xf32>) outs(%c : memref<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %s = arith.subf %v, %v : f32
    linalg.yield %s : f32
  }
  linalg.add ins(%c, %x : memref<64xf32>, memref<64xf32>) outs(%x : memref<64xf32>)
  memref.dealloc %c : memref<64xf32>
  return
}
