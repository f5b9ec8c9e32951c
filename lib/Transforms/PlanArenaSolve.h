//===- PlanArenaSolve.h - The placement behind peakmem-plan-arena -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to peakmem-plan-arena: the buffers it places, and the call into
// the core that chooses their offsets (and, with the order search, the
// entry block's order) with a certified bound.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_PLANARENASOLVE_H
#define PEAKMEM_LIB_TRANSFORMS_PLANARENASOLVE_H

#include "PlanArenaSelect.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Arena/ArenaPlanner.h"
#include "peakmem/Core/Bounds/Certificate.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <vector>

namespace peakmem {

/// A placement of the selected buffers with its certified bound.
struct ArenaSolution {
  ArenaExtraction extraction;
  /// For each placed candidate, its buffer in extraction.problem.
  std::vector<ArenaBufferId> arenaId;
  /// The bound over every order (rounded sizes) and its certificate, as
  /// recorded (recomputed on the final order when the order changed).
  Certificate bound;
  /// The live-bytes bound of the chosen order, and of the order as found.
  int64_t orderBound = 0, startOrderBound = 0;
  ArenaPlannerResult planned;
  int64_t arenaAlign = 1;
  /// The entry block's order chosen with the placement (identity: kept).
  Order order;
  bool reordered = false, traded = false;
  /// Every legal order was planned exactly (ArenaOrderSearch): the optimum
  /// over every order and placement, and how many orders.
  bool exhaustive = false;
  int64_t optimumOverOrders = 0;
  size_t orders = 0;
};

/// The pass options that steer the search.
struct SearchSettings {
  unsigned budgetMs;
  bool orderSearch;
  int64_t maxLiveIncrease;
};

/// Places `placed` (buffers of `entry`): the entry block's Problem with only
/// the placed buffers weighing (their bytes, not the malloc padding) and
/// each placed nested buffer held for its statement's step. `bound` is the
/// certified bound over every order (on ArenaBoundProblem.h's problem, the
/// same buffers rounded): the search stops there. The plan is checked
/// before use: a failure is an internal error, emitted at `fn`. With
/// `orderSearch`, the order is chosen with the placement (ArenaOrderSearch).
mlir::FailureOr<ArenaSolution> solvePlacement(mlir::FunctionOpInterface fn,
                                              const BlockModel &entry,
                                              llvm::ArrayRef<Candidate> placed,
                                              const SearchSettings &settings,
                                              const Certificate &bound);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_PLANARENASOLVE_H
