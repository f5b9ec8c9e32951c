//===- PlanArenaSolve.cpp - The placement behind peakmem-plan-arena -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "PlanArenaSolve.h"

using namespace mlir;
using namespace peakmem;

FailureOr<ArenaSolution> peakmem::solvePlacement(FunctionOpInterface fn,
                                                 const BlockModel &entry,
                                                 ArrayRef<Candidate> placed,
                                                 const SearchSettings &settings,
                                                 const Certificate &bound) {
  std::vector<BlockArenaBuffer> buffers;
  for (const Candidate &c : placed)
    buffers.push_back({c.buffer, c.step, c.nested, c.bytes, c.align});
  BlockArenaOptions options;
  options.search.budgetMs = settings.budgetMs;
  options.search.searchOrders = settings.orderSearch;
  options.search.maxLivePeakIncrease = settings.maxLiveIncrease;
  options.search.planner.budget = settings.budget;
  options.bound = bound.lowerBound;
  ArenaSolution sol;
  static_cast<BlockArenaPlan &>(sol) =
      planBlockArena(entry.problem, buffers, options);
  sol.bound = bound;
  if (!sol.error.empty())
    return fn.emitError() << "peakmem-plan-arena: internal: " << sol.error;
  return sol;
}
