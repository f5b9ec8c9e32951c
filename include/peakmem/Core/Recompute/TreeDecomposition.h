//===- TreeDecomposition.h - Min-fill tree decompositions -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A tree decomposition of a block's dependence graph (the undirected graph
// of its edges) by the min-fill elimination heuristic (MinFill.cpp), for
// docs/Recompute.md ("Treewidth"): its width is an upper bound of the
// treewidth. exactRecomputeTreewidth (TreewidthRecompute.h) runs its
// dynamic program over such a decomposition of a block's interaction graph.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_TREEDECOMPOSITION_H
#define PEAKMEM_CORE_TREEDECOMPOSITION_H

#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Support/WorkBudget.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace peakmem {

struct TreeDecomposition {
  /// The work sufficed; otherwise `reason` says so and the rest is empty.
  bool finished = false;
  std::string reason;
  /// The vertices in the order they were eliminated.
  std::vector<uint32_t> elimination;
  /// bags[i]: elimination[i] and its neighbours when it was eliminated
  /// (ascending); parents[i]: the bag of the first of those neighbours
  /// eliminated after it, -1 for a root (one per connected component).
  std::vector<std::vector<uint32_t>> bags;
  std::vector<int64_t> parents;
  /// The largest bag's size minus one (0 without vertices).
  size_t width = 0;
  WorkUnits workUsed = 0;
};

/// Eliminates, at each step, the vertex whose neighbours need the fewest
/// fill edges to become a clique (ties: fewer neighbours, then the lower
/// id). `edges` may repeat and may have either direction; self loops are
/// ignored. Work: one unit per adjacency test, per neighbour visited and
/// per step (the fill counts are kept incrementally: on the real blocks of
/// docs/Recompute.md "On real programs", at most 333,000 units); not
/// finished when it runs out.
TreeDecomposition
minFillDecomposition(size_t vertices,
                     const std::vector<std::pair<uint32_t, uint32_t>> &edges,
                     WorkBudget &work);

/// The same on the statements of `p` (finalized) and its edges.
TreeDecomposition minFillDecomposition(const Problem &p, WorkBudget &work);

} // namespace peakmem

#endif // PEAKMEM_CORE_TREEDECOMPOSITION_H
