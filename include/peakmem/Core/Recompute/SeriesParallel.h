//===- SeriesParallel.h - Series-parallel blocks and their exact plans -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// docs/Recompute.md, "Series-parallel blocks".
//
//  * decomposeSeriesParallel recognises a block whose dependence partial
//    order (the transitive closure of its edges) is series-parallel, builds
//    the decomposition tree and the tree's parallel-contiguous order
//    (SeriesParallel.cpp).
//  * exactRecomputeSeriesParallel solves the fixed-order recompute problem
//    (ExactRecompute.h) for that order by a dynamic program over the tree
//    (SeriesParallelRecompute.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_SERIESPARALLEL_H
#define PEAKMEM_CORE_SERIESPARALLEL_H

#include "peakmem/Core/Recompute/ExactRecompute.h"

#include <cstdint>
#include <string>
#include <vector>

namespace peakmem {

struct SeriesParallelNode {
  enum class Kind : uint8_t { Statement, Series, Parallel };
  Kind kind = Kind::Statement;
  /// Kind::Statement: the statement.
  StmtId stmt = 0;
  /// Series: the parts, each before the next (every statement of a part
  /// precedes every statement of the later parts); Parallel: the branches
  /// (no statement of one is ordered with one of another), by their first
  /// statement in the input order. Never a child of its own kind.
  std::vector<uint32_t> children;
  /// The node's statements are order[begin, end) of the decomposition.
  size_t begin = 0, end = 0;
};

struct SeriesParallelDecomposition {
  /// The partial order is series-parallel and the work sufficed.
  bool seriesParallel = false;
  /// Why not, empty otherwise.
  std::string reason;
  /// The tree; nodes[root] covers every statement. Empty for no statements.
  std::vector<SeriesParallelNode> nodes;
  uint32_t root = 0;
  /// The parallel-contiguous order: every node's statements are contiguous,
  /// series parts in their order, parallel branches by their first
  /// statement in the input order. It is the input order whenever the input
  /// order keeps every node contiguous.
  Order order;
  /// The most branches of a parallel node and the tree's depth.
  size_t maxBranches = 0, depth = 0;
  WorkUnits workUsed = 0;
};

/// Decomposes `p` (finalized) whose legal order `order` ties the branches.
/// Work: one unit per 64-bit word of the reachability sets computed and
/// per word read while splitting a node; not series-parallel (with a
/// reason) when the work runs out, when the order is not legal, or when a
/// node of two or more statements is neither a series nor a parallel
/// composition (the order contains an N: a < c, b < c, b < d, a and d
/// unordered).
SeriesParallelDecomposition
decomposeSeriesParallel(const Problem &p, const Order &order, WorkBudget &work);

/// The fixed-order problem (ExactRecompute.h) for `dec.order`, solved by a
/// fold over the decomposition tree: each node's slots (its statements and
/// the clone slots before them) get a table from the choices of the
/// buffers whose span crosses the node's boundary to the Pareto front of
/// (peak within the node, extra MACs, extra operations) over the choices of
/// the buffers whose span lies inside. Same result fields as
/// exactRecomputeFixedOrder (width: the most boundary buffers of a table,
/// maxStates: its most keys); finished = false with a reason when `dec` is
/// not series-parallel, the input is invalid or the work runs out. Work: as
/// exactRecomputeFixedOrder, plus one unit per pair of keys joined.
ExactRecomputeResult
exactRecomputeSeriesParallel(const Problem &p,
                             const SeriesParallelDecomposition &dec,
                             const std::vector<Producer> &producers,
                             const RecomputeOptions &options, WorkBudget &work);

} // namespace peakmem

#endif // PEAKMEM_CORE_SERIESPARALLEL_H
