//===- SplitSearch.h - Which stage to split, and how finely -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to peakmem-split (docs/Split.md, "The search"): enumerates
// candidate splits of a function body (a stage output after the tensor
// model's peak, where the stage starts, a grid), builds each one on a copy of
// the function, and ranks them by the tensor model's peak of the copy. Every
// figure is a function of the IR alone, and the enumeration stops on counts
// (candidates built), never on time.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_SPLITSEARCH_H
#define PEAKMEM_LIB_TRANSFORMS_SPLITSEARCH_H

#include "SplitEvaluate.h"
#include "SplitTiling.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <optional>
#include <string>
#include <vector>

namespace peakmem::split {

/// A split of a function body, by positions in its body (so that it applies
/// to any copy of the function).
struct Candidate {
  /// Position of the stage output among the body's ops.
  unsigned output = 0;
  /// Position of the op the stage starts after; -1: the body's start.
  int after = -1;
  Grid grid;
  /// Members of the stage, the output included.
  unsigned members = 0;
  /// Work of the split tensor program: MACs exact, operations counted as
  /// the bufferized program will count them (OpCost on linalg ops, plus one
  /// operation per element a tensor.pad writes).
  Work work;
  /// The tensor model's peak of the split program in program order.
  int64_t estimate = 0;
};

/// Splits `fn` as `c` says (inPlace: see applySplit).
bool applyCandidate(mlir::FunctionOpInterface fn, const Candidate &c,
                    bool inPlace, std::string &why);

/// Work of a tensor program, counted as Candidate::work is.
Work tensorWork(mlir::FunctionOpInterface fn);

struct SearchOptions {
  /// MACs / operations a candidate may have in all (tensorWork of the split
  /// function; the first stage's budgets over the unsplit function's).
  double macLimit = 0;
  double opLimit = 0;
  /// Families of grids (tile counts along `dims`), each coarse to fine: a
  /// candidate's work grows with the grid, so a family is tried in order
  /// until a grid is over a budget.
  std::vector<std::vector<llvm::SmallVector<int64_t>>> grids;
  /// The stage output's dimensions that are cut.
  llvm::SmallVector<int64_t> dims = {1, 2};
  /// Candidates built at most (work units).
  unsigned maxCandidates = 256;
};

struct SearchResult {
  /// In-budget candidates, best estimate first (ties: fewer MACs, fewer
  /// operations, enumeration order).
  std::vector<Candidate> ranked;
  /// The unsplit program's tensor-model peak and work.
  int64_t peak = 0;
  Work work;
  /// Candidates built, and how many were over a budget.
  unsigned built = 0, overBudget = 0;
  /// Why no candidate was found, or why the tensor model refused the body.
  std::string why;
};

SearchResult searchSplits(mlir::FunctionOpInterface fn,
                          const SearchOptions &options);

} // namespace peakmem::split

#endif // PEAKMEM_LIB_TRANSFORMS_SPLITSEARCH_H
