// peakmem-search-problem on hand-written problems (the form of
// peakmem/Core/Model/ProblemIO.h): the core's bound, heuristics and exact
// search tested without MLIR input, and on the problems peakmem-report
// writes (the same form, read by the same reader).
//
// RUN: rm -rf %t && split-file %s %t
// RUN: peakmem-search-problem %t/diamond.json > %t/diamond.out
// RUN: FileCheck %s --check-prefix=DIAMOND < %t/diamond.out
// RUN: peakmem-search-problem %t/optimal.json > %t/optimal.out
// RUN: FileCheck %s --check-prefix=OPTIMAL --allow-empty < %t/optimal.out
// RUN: peakmem-search-problem %t/contracted.json > %t/contracted.out
// RUN: FileCheck %s --check-prefix=CONTRACTED < %t/contracted.out
// RUN: peakmem-opt %t/report.mlir --peakmem-report="json=%t/report.json" \
// RUN:   -o /dev/null
// RUN: peakmem-search-problem %t/report.json > %t/report.out
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.out

// Two independent chains, X (100 bytes, s0 -> s3) and Y (50 bytes, s1 ->
// s2); as given, Y is computed while X is live: 150 bytes. Running the Y
// chain first peaks at 100, which the bound proves.
// DIAMOND: == problem: peak as given 150
// DIAMOND-NEXT: least comparable statements
// DIAMOND-NEXT: statements 4, buffers 2; best heuristic 100 ({{.*}}); long bound 100 (
// DIAMOND-NEXT: search: peak 100, proven yes,

// A chain whose order is forced: no gap, nothing to diagnose (min-gap 1).
// OPTIMAL-NOT: ==

// Alloc and free statements (kinds 1 and 2) are merged into their buffer's
// first and last user before the search; live_in and scratch count at every
// step. As given: alloc A, alloc B, write A, write B, read A (frees A), read
// B: 16 + 64 + 32 + scratch 4 at the reader of A = 116. Reading A before
// computing B peaks at 16 + 64 + 4 = 84 then 16 + 32 = 48.
// CONTRACTED: == problem: peak as given 116
// CONTRACTED: statements 4, buffers 2; best heuristic 84 ({{.*}}); long bound 84 (
// CONTRACTED-NEXT: search: peak 84, proven yes,

// The report's problems, read back: the same gap as in the IR (%b is
// filled while %a is live, before %r needs both: 3072 bytes as given; %a's
// chain first peaks at 2048, which the bound proves).
// REPORT: == gap block 0: peak as given 3072
// REPORT: statements 4, buffers 3; best heuristic 2048 ({{.*}}); long bound 2048 (
// REPORT-NEXT: search: peak 2048, proven yes,

//--- diamond.json
{"live_in": 0,
 "buffers": [{"bytes": 100, "freed": true}, {"bytes": 50, "freed": true}],
 "statements": [{"kind": 0, "scratch": 0, "target": 0, "buffers": [0]},
                {"kind": 0, "scratch": 0, "target": 0, "buffers": [1]},
                {"kind": 0, "scratch": 0, "target": 0, "buffers": [1]},
                {"kind": 0, "scratch": 0, "target": 0, "buffers": [0]}],
 "edges": [[0, 3], [1, 2]]}

//--- optimal.json
{"live_in": 0,
 "buffers": [{"bytes": 8, "freed": true}],
 "statements": [{"kind": 0, "scratch": 0, "target": 0, "buffers": [0]},
                {"kind": 0, "scratch": 0, "target": 0, "buffers": [0]}],
 "edges": [[0, 1]]}

//--- contracted.json
{"live_in": 16,
 "buffers": [{"bytes": 64, "freed": true}, {"bytes": 32, "freed": true}],
 "statements": [{"kind": 1, "scratch": 0, "target": 0, "buffers": [0]},
                {"kind": 1, "scratch": 0, "target": 1, "buffers": [1]},
                {"kind": 0, "scratch": 0, "target": 0, "buffers": [0]},
                {"kind": 0, "scratch": 0, "target": 0, "buffers": [1]},
                {"kind": 0, "scratch": 4, "target": 0, "buffers": [0]},
                {"kind": 2, "scratch": 0, "target": 0, "buffers": [0]},
                {"kind": 0, "scratch": 0, "target": 0, "buffers": [1]},
                {"kind": 2, "scratch": 0, "target": 1, "buffers": [1]}],
 "edges": [[0, 2], [2, 4], [4, 5], [1, 3], [3, 6], [6, 7]]}

//--- report.mlir
func.func @gap(%in: memref<256xf32>) -> memref<256xf32> {
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  linalg.copy ins(%in : memref<256xf32>) outs(%a : memref<256xf32>)
  linalg.copy ins(%in : memref<256xf32>) outs(%b : memref<256xf32>)
  %r = memref.alloc() : memref<256xf32>
  linalg.copy ins(%a : memref<256xf32>) outs(%r : memref<256xf32>)
  memref.dealloc %a : memref<256xf32>
  linalg.copy ins(%b : memref<256xf32>) outs(%r : memref<256xf32>)
  memref.dealloc %b : memref<256xf32>
  return %r : memref<256xf32>
}
