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
  // Nested buffers of one statement with disjoint sub-step lives share
  // bytes: each group is placed as one buffer (ArenaBoundProblem.h).
  std::vector<ArenaRoot> roots =
      candidateRoots(fn.getFunctionBody().front(), placed);
  NestedPacking pack = packNestedRoots(roots);
  std::vector<BlockArenaBuffer> buffers;
  for (size_t i = 0; i < placed.size(); ++i)
    buffers.push_back({placed[i].buffer, placed[i].step, placed[i].nested,
                       pack.bytes[i], pack.align[i]});
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
  unpackNestedOffsets(pack, roots, sol);
  return sol;
}
