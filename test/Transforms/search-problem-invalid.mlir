// peakmem-search-problem refuses malformed problems with a clear error and
// exit status 1 (ProblemIO.h), never a crash.
//
// RUN: rm -rf %t && split-file %s %t
// RUN: not peakmem-search-problem %t/syntax.json 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not peakmem-search-problem %t/range.json 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not peakmem-search-problem %t/cycle.json 2>&1 | FileCheck %s --check-prefix=CYCLE
// RUN: not peakmem-search-problem %t/typo.json 2>&1 | FileCheck %s --check-prefix=TYPO
// RUN: not peakmem-search-problem %t/notaproblem.json 2>&1 | FileCheck %s --check-prefix=NOTAPROBLEM
// RUN: not peakmem-search-problem %t/fraction.json 2>&1 | FileCheck %s --check-prefix=FRACTION

// Not JSON at all: the JSON parser's error.
// SYNTAX: [{{[0-9]+}}:{{[0-9]+}}, byte={{[0-9]+}}]: Expected object key

// RANGE: invalid problem (problem): a used buffer id out of range (1 exist)

// CYCLE: invalid problem (problem): dependency edges form a cycle

// A misspelt key is an error, not a default.
// TYPO: invalid problem (problem): a buffer has an unknown key 'fred'

// NOTAPROBLEM: expected a problem (ProblemIO.h) or the list peakmem-report{json=...} writes

// Inside a report's list: the block is named.
// FRACTION: invalid problem (f block 0): at byte {{[0-9]+}}: expected an integer

//--- syntax.json
{"live_in": 0,

//--- range.json
{"live_in": 0, "buffers": [{"bytes": 8, "freed": true}],
 "statements": [{"kind": 0, "scratch": 0, "target": 0, "buffers": [1]}],
 "edges": []}

//--- cycle.json
{"live_in": 0, "buffers": [],
 "statements": [{"kind": 0, "scratch": 0, "target": 0, "buffers": []},
                {"kind": 0, "scratch": 0, "target": 0, "buffers": []}],
 "edges": [[0, 1], [1, 0]]}

//--- typo.json
{"live_in": 0, "buffers": [{"bytes": 8, "fred": true}],
 "statements": [], "edges": []}

//--- notaproblem.json
{"functions": []}

//--- fraction.json
[{"function": "f", "blocks": [{"problem": {"live_in": 0.5, "buffers": [],
  "statements": [], "edges": []}}]}]
