//===- Scheduler.h - Find a low-peak order for one block -------*- C++ -*-===//
//
// The driver that every pass uses to order a (contracted) block:
//   auto:  certify the current order first (a certified-optimal block costs
//          one bound evaluation and no search); otherwise run every baseline
//          heuristic, keep the best, and run the exact search from it with the
//          lower bound as its stopping criterion, within the budget.
//   exact: exact search from the current order.
//   <heuristic name>: that baseline alone.
// The result is never worse than the current order: when nothing better is
// found, the current order is returned unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_SCHEDULER_H
#define PEAKMEM_CORE_SCHEDULER_H

#include "peakmem/Core/Bounds.h"
#include "peakmem/Core/Problem.h"

#include <string>

namespace peakmem {

struct ScheduleOptions {
  /// "auto", "exact", or a heuristic name (see heuristicName()).
  std::string algorithm = "auto";
  /// Wall-clock budget of the exact search, in milliseconds.
  double budgetMs = 500;
  /// Compute lower bounds (certify first, stop the search at the bound).
  bool useBounds = true;
};

struct ScheduleResult {
  Order order;
  int64_t peak = 0;
  /// Peak of the order the block had before.
  int64_t originalPeak = 0;
  /// Best lower bound computed (0 when bounds are off).
  LowerBound bound;
  /// `peak` is the minimum over all legal orders.
  bool provenOptimal = false;
  /// The original order was already certified optimal: no search was run.
  bool certifiedBeforeSearch = false;
  bool budgetExhausted = false;
  /// What produced `order`: "original", a heuristic name, or "exact".
  std::string producedBy = "original";
};

/// Checks an algorithm name; returns an empty string if valid.
std::string validateAlgorithm(const std::string &name);

/// Orders the statements of `p` (every statement is ordered; use the
/// contracted problem of a block).
ScheduleResult scheduleBlock(const Problem &p, const ScheduleOptions &options);

} // namespace peakmem

#endif // PEAKMEM_CORE_SCHEDULER_H
