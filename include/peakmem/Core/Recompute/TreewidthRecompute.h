//===- TreewidthRecompute.h - Exact plans by a DP over bags -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// docs/Recompute.md, "Bounded-treewidth blocks". The fixed-order recompute
// problem (ExactRecompute.h) solved by a dynamic program over a min-fill
// tree decomposition (TreeDecomposition.h) of the block's interaction graph:
// one vertex per decision (a recomputable buffer and its cut sets), two
// decisions adjacent when the memory at some slot of the order (a statement
// or a clone slot) depends on the choices of both. A bag's table maps the
// choices of its decisions (which are kept, which recomputed and before
// which users) to the Pareto front of (peak over the slots the bag covers,
// extra MACs, extra operations) over the decisions already eliminated below
// it (TreewidthRecompute.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_TREEWIDTHRECOMPUTE_H
#define PEAKMEM_CORE_TREEWIDTHRECOMPUTE_H

#include "peakmem/Core/Recompute/ExactRecompute.h"

#include <vector>

namespace peakmem {

/// Minimum-peak fixed-order plan of `p` (contracted, finalized) in `order`
/// (any legal order), then fewest extra MACs, then fewest extra operations:
/// the same problem, bounds and result fields as exactRecomputeFixedOrder,
/// with `width` the largest bag of the decomposition (the most decisions
/// whose choices the program holds at once) and `maxStates` the most keys of
/// one bag's table. Work: building the slot model and the relaxation as
/// exactRecomputeFixedOrder; the interaction graph one unit per pair of
/// decisions read at a slot, plus one per slot; the decomposition as
/// minFillDecomposition; per bag key enumerated 1 + D/32 (D decisions) plus
/// one per slot it evaluates and per state-dependent buffer read there; per
/// pair of entries combined 1 + D/32; fronts as exactRecomputeFixedOrder.
/// Stops unfinished (peak = peakBefore, no cuts, lowerBound the relaxation
/// or less, still a bound) when `work` runs out, never reporting more than
/// its limit + 1 units.
ExactRecomputeResult
exactRecomputeTreewidth(const Problem &p, const Order &order,
                        const std::vector<Producer> &producers,
                        const RecomputeOptions &options, WorkBudget &work);

} // namespace peakmem

#endif // PEAKMEM_CORE_TREEWIDTHRECOMPUTE_H
