//===- ProblemIO.h - A Problem as text, and back ----------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one textual form of a Problem (Problem.h): a JSON object, the
// `problem` entry of each block in `peakmem-report{json=...}` and the input
// of `peakmem-search-problem`, so that the scheduler, the bounds and the
// exact search can be run (and tested in lit) on a hand-written problem
// without any MLIR. Statement and buffer ids are positions in the arrays.
//
//   {"live_in": 0,
//    "buffers": [{"bytes": 64, "freed": true}, ...],
//    "statements": [{"kind": 1, "scratch": 0, "target": 0, "buffers": [0],
//                    "macs": 0, "ops": 0}, ...],
//    "edges": [[0, 1], ...]}
//
// `kind` is 0 (compute), 1 (alloc) or 2 (free); `target` is the buffer an
// alloc or free statement allocates or frees; `buffers` the buffers a
// statement uses. `macs` and `ops` are optional (0 when absent; written when
// not 0). Keys may come in any order; unknown keys are an error, so a typo
// is not silently read as a default.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_MODEL_PROBLEMIO_H
#define PEAKMEM_CORE_MODEL_PROBLEMIO_H

#include "peakmem/Core/Model/Problem.h"

#include <string>
#include <string_view>

namespace peakmem {

/// `p` (finalized) in the form above, on one line, keys sorted.
std::string writeProblem(const Problem &p);

/// Reads the form above from `text` into `p` (empty on entry), finalizes it
/// and checks it (Problem::check). Returns "" on success, else what is wrong
/// (with the byte offset for a syntax error); then `p` is unspecified. Never
/// crashes on any input: nesting deeper than 64 levels, numbers outside
/// int64 and ids out of range are errors.
std::string readProblem(std::string_view text, Problem &p);

} // namespace peakmem

#endif // PEAKMEM_CORE_MODEL_PROBLEMIO_H
