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
// Budgets belong to a function (one pass run on one function), not to a
// block: FunctionBudget shares one wall-clock budget over the blocks of a
// function. A block's work is split in two so that the caller can share the
// budget by need: prepareBlock (bounds within a capped share, heuristics)
// proves many blocks optimal at once; only the others are searched, each with
// a share of what is left (searchBlock).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_SCHEDULER_H
#define PEAKMEM_CORE_SCHEDULER_H

#include "peakmem/Core/Bounds.h"
#include "peakmem/Core/Deadline.h"
#include "peakmem/Core/Problem.h"

#include <string>

namespace peakmem {

struct ScheduleOptions {
  /// "auto", "exact", or a heuristic name (see heuristicName()).
  std::string algorithm = "auto";
  /// Wall-clock budget of this block (scheduleBlock: lower bound, then the
  /// exact search with what is left), in milliseconds.
  double budgetMs = 500;
  /// Cap on the lower-bound computation, in milliseconds (within budgetMs).
  double boundBudgetMs = 200;
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
  /// prepareBlock left the block for the exact search (not proven optimal,
  /// algorithm auto or exact).
  bool needsSearch = false;
  /// What produced `order`: "original", a heuristic name, or "exact".
  std::string producedBy = "original";
};

/// Checks an algorithm name; returns an empty string if valid.
std::string validateAlgorithm(const std::string &name);

/// Orders the statements of `p` (every statement is ordered; use the
/// contracted problem of a block) within options.budgetMs in all:
/// prepareBlock, then searchBlock with the time left.
ScheduleResult scheduleBlock(const Problem &p, const ScheduleOptions &options);

/// Everything but the exact search: the lower bound (within
/// min(options.boundBudgetMs, options.budgetMs)) and, for auto, every
/// heuristic. Sets needsSearch when the exact search could still help.
ScheduleResult prepareBlock(const Problem &p, const ScheduleOptions &options);

/// The exact search from r's order, stopping at r's bound, within
/// `budgetMs`. Updates r (order, peak, provenOptimal, budgetExhausted).
void searchBlock(const Problem &p, ScheduleResult &r, double budgetMs);

/// The shortest exact search worth starting, in milliseconds: building a
/// search's segments alone takes about that long on a block of a few dozen
/// statements. A function whose budget cannot give every block that needs a
/// search this much searches only the blocks with the largest gaps.
constexpr double kMinSearchShareMs = 1.0;

/// A wall-clock budget shared by the blocks of one function in one pass run.
/// The clock starts at construction. Each block draws a share of what is
/// left; time a block does not use (certified, or searched to the end early)
/// is left to the blocks after it.
class FunctionBudget {
public:
  explicit FunctionBudget(double totalMs) : deadline(totalMs) {}
  double totalMs() const { return deadline.budgetMs(); }
  double spentMs() const { return deadline.elapsedMs(); }
  /// What is left, >= 0.
  double leftMs() const { return deadline.remainingMs(); }
  /// An even share of what is left over `blocks` (at least 1) blocks.
  double shareMs(size_t blocks) const;

  /// Accounting of the exact searches of the function (for remarks).
  size_t searched = 0; ///< Blocks whose search ran.
  size_t stopped = 0;  ///< Searches cut by their share of the budget.
  size_t skipped = 0;  ///< Blocks not searched: the budget was too small.

private:
  Deadline deadline;
};

} // namespace peakmem

#endif // PEAKMEM_CORE_SCHEDULER_H
