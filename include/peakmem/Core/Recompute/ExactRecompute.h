//===- ExactRecompute.h - Exact recompute plans over a fixed order -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The fixed-order recompute problem of docs/Recompute.md ("The exact
// problem"): the order of the original statements is fixed; a plan chooses,
// for each recomputable buffer b (a Producer), at most maxRecomputePerOp users
// before which its producer group is re-run. Each such user starts a segment
// of b's users (in the order) that the clone serves; the original serves the
// users before the first cut. Clones read the original inputs, run right
// before the first user they serve (in the order of their originals), after
// the whole group, and respect the copied edges of applyRecompute. The plan's
// extra MACs and operations stay within the budgets of RecomputeOptions.
//
//  * materializeFixedOrderPlan turns cuts into RecomputeSteps, the final
//    problem (applyRecompute, step by step) and its order.
//  * exactRecomputeFixedOrder finds a plan of minimum peak (then fewest extra
//    MACs, then fewest extra operations) by a dynamic program along the order
//    (ExactRecompute.cpp), bounded by work units; with a lower bound on the
//    peak of every plan within the bounds.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_EXACTRECOMPUTE_H
#define PEAKMEM_CORE_EXACTRECOMPUTE_H

#include "peakmem/Core/Recompute/Recompute.h"

#include <cstdint>
#include <string>
#include <vector>

namespace peakmem {

/// The cuts of one recomputable buffer: users of `buffer` (ids of the input
/// problem, not in its group) before each of which a clone of the group runs
/// and serves the users from there up to the next cut.
struct FixedOrderCuts {
  BufferId buffer = 0;
  std::vector<StmtId> cloneBefore;
};

/// A fixed-order plan applied to the problem.
struct FixedOrderPlan {
  /// One step per cut, in the ids of the problem each applies to. Buffers
  /// whose group ends later in the order first, so that a clone reading a
  /// buffer that is cut too reads its original; a buffer's cuts from the last
  /// to the first, so that the successor edges a step copies reach only users
  /// that run after its clones.
  std::vector<RecomputeStep> steps;
  /// The input problem with every step applied.
  Problem problem;
  /// The input order with each clone inserted right before the user its cut
  /// names (clones before one user: by buffer, then by their original's
  /// position). Not checked for legality here (isLegalOrder).
  Order order;
  int64_t extraMacs = 0, extraOps = 0;
  /// Non-empty when the cuts are malformed (unknown buffer, a cut that is not
  /// a user outside the group, a buffer cut twice); the other fields are
  /// then not meaningful.
  std::string error;
};

/// Applies `cuts` to `p` ordered by `order` (legal). `producers` gives the
/// groups. Cuts with no users are skipped.
FixedOrderPlan
materializeFixedOrderPlan(const Problem &p, const Order &order,
                          const std::vector<Producer> &producers,
                          const std::vector<FixedOrderCuts> &cuts);

struct ExactRecomputeResult {
  /// The dynamic program finished within its work: `peak` is the minimum
  /// over every fixed-order plan within the bounds.
  bool finished = false;
  /// Why it did not finish (invalid input, work), empty otherwise.
  std::string reason;
  /// simulatePeak(p, order): the plan without cuts.
  int64_t peakBefore = 0;
  /// The best plan's peak (== peakBefore and no cuts when not finished).
  int64_t peak = 0;
  /// No fixed-order plan within the bounds has a lower peak: `peak` when
  /// finished, else a relaxation (each buffer's least contribution at each
  /// step, over its own choices alone).
  int64_t lowerBound = 0;
  /// That relaxation, computed first whether or not the program finishes.
  int64_t relaxation = 0;
  int64_t extraMacs = 0, extraOps = 0;
  /// The best plan (buffers with cuts only) and its materialization; when
  /// there are no cuts, plan.problem = p and plan.order = order.
  std::vector<FixedOrderCuts> cuts;
  FixedOrderPlan plan;
  /// Buffers with at least one admissible cut, the most of them whose
  /// choices the program held at once (its width), and the most states.
  size_t decisions = 0, width = 0, maxStates = 0;
  WorkUnits workUsed = 0;
  WorkStop stoppedBy = WorkStop::None;
};

/// Minimum-peak fixed-order plan of `p` (contracted, finalized) in `order`
/// (legal) with the producers' groups, options.maxRecomputePerOp,
/// maxMacOverhead and maxOpOverhead (maxWork and timeCap are not read).
/// Work: per program entry created, moved or sorted 1 + D/32 units (D
/// decisions: the entry's record), per entry and slot evaluated 1, per
/// state-dependent buffer read at a slot 1, and per comparison of two
/// entries 1; stops unfinished when `work` runs out.
/// Invalid input (problem, order, producers: an unknown or repeated buffer,
/// a group member out of range, not Compute, not using its buffer or in two
/// groups) gives finished = false and a reason.
ExactRecomputeResult
exactRecomputeFixedOrder(const Problem &p, const Order &order,
                         const std::vector<Producer> &producers,
                         const RecomputeOptions &options, WorkBudget &work);

} // namespace peakmem

#endif // PEAKMEM_CORE_EXACTRECOMPUTE_H
