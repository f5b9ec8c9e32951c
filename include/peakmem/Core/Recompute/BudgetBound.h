//===- BudgetBound.h - A budget-aware recompute lower bound ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A lower bound on the peak of every fixed-order recompute plan of a block in
// a given order within the bounds (docs/Recompute.md, "The exact problem" and
// "Budget-aware lower bound"), computed without any search. At each original
// statement s of the order: the constant bytes there, plus every
// recomputable buffer's bytes there without recomputation, minus the most a
// plan can save there. A buffer saves at s at most its no-recompute bytes
// minus its least bytes over its own admissible cut sets, and only with at
// least one clone of its group, which costs that group's MACs and
// operations; the budgets are global, so the savings at s are at most the
// fractional knapsack of those savings under the MAC budget, and at most
// the one under the operation budget (the smaller is taken). A buffer's
// bytes at s include the inputs charged to it: an input whose life a clone
// may extend past s is charged to one decision whose term keeps it alive
// (its own producer's original while that can still be alive at s, else the
// first decision whose clone reads it after s), so clones pay for the
// inputs they keep alive without double counting. Never below the
// per-buffer relaxation (ExactRecomputeResult::relaxation), which takes
// every saving at once and charges no inputs.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_RECOMPUTE_BUDGETBOUND_H
#define PEAKMEM_CORE_RECOMPUTE_BUDGETBOUND_H

#include "peakmem/Core/Recompute/ExactRecompute.h"

#include <cstdint>
#include <string>
#include <vector>

namespace peakmem {

struct BudgetBoundResult {
  /// Every original statement was evaluated within the work. When false,
  /// `bound` is the maximum over the statements evaluated (still a bound).
  bool complete = false;
  /// Why not complete (invalid input, work), empty otherwise.
  std::string reason;
  /// No fixed-order plan within the bounds peaks below it.
  int64_t bound = 0;
  /// The same bound charging each decision its own bytes only (the bound
  /// before inputs were charged; never above `bound`).
  int64_t ownBound = 0;
  /// The per-buffer relaxation (each buffer's least bytes at each statement
  /// over its own choices, budgets ignored), computed on the same model.
  int64_t relaxation = 0;
  /// simulatePeak(p, order): the plan without cuts.
  int64_t peakBefore = 0;
  /// The statement (an original id) where `bound` is reached, -1 if none.
  int64_t at = -1;
  /// Buffers with at least one admissible cut.
  size_t decisions = 0;
  WorkUnits workUsed = 0;
};

/// The budget-aware bound of `p` (contracted, finalized) in `order` (legal)
/// with the producers' groups and options' per-op bound and budgets (the
/// same input as exactRecomputeFixedOrder; maxWork and timeCap are not
/// read). Work: the slot model (as the exact programs build it), then per
/// original statement and buffer whose span contains it one unit per
/// admissible cut set, and per statement two units per saving item (the
/// two knapsacks). Invalid input gives complete = false, bound 0 and a
/// reason.
BudgetBoundResult recomputeBudgetBound(const Problem &p, const Order &order,
                                       const std::vector<Producer> &producers,
                                       const RecomputeOptions &options,
                                       WorkBudget &work);

/// The fractional (LP) knapsack: the most value of items (value, weight),
/// each taken in any fraction in [0, 1], with total weight at most
/// `capacity`, rounded down. Items of weight 0 (or below) are taken whole.
/// Ties in value per weight are broken by position, so the result does not
/// depend on the sort.
int64_t fractionalKnapsack(std::vector<std::pair<int64_t, int64_t>> items,
                           int64_t capacity);

} // namespace peakmem

#endif // PEAKMEM_CORE_RECOMPUTE_BUDGETBOUND_H
