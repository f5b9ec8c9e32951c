//===- Scheduler.h - Find a low-peak order for one block -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The driver that every pass uses to order a (contracted) block:
//   auto:  certify the current order first (a certified-optimal block costs
//          one bound evaluation and no search); otherwise run every baseline
//          heuristic, keep the best, and run the exact search from it with the
//          lower bound as its stopping criterion, within the budget.
//   exact: every baseline heuristic, then the exact search from the best of
//          them and the current order (never worse than auto's incumbent).
//   <heuristic name>: that baseline alone.
// The result is never worse than the current order: when nothing better is
// found, the current order is returned unchanged.
//
// The same driver runs against an explicit Deadline from a given incumbent
// (scheduleBlock with a Deadline): the recompute planner reschedules each
// candidate that way, with a floor (a bound known beforehand) and a cutoff
// (orders that cannot beat it are not worth searching). Both forms are thin
// wrappers of one driver (preparePhases, searchPhase, schedule) whose
// SchedulePolicy holds what differs: bound first or heuristics first, the
// bound's time and flows, floor, cutoff and the search caps.
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

#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Schedule/ExactSearch.h"
#include "peakmem/Core/Schedule/Heuristics.h"
#include "peakmem/Core/Support/Deadline.h"

#include <limits>
#include <string>
#include <vector>

namespace peakmem {

/// What a schedule minimizes. Today the live peak (simulatePeak); the arena
/// size is the next objective.
enum class Objective { LivePeak };

/// Cost of `order` of `p` under `objective`.
int64_t objectiveCost(const Problem &p, const Order &order,
                      Objective objective = Objective::LivePeak);

struct ScheduleOptions {
  Objective objective = Objective::LivePeak;
  /// "auto", "exact", or a heuristic name (see heuristicName()).
  std::string algorithm = "auto";
  /// Wall-clock budget of this block (scheduleBlock: lower bound, then the
  /// exact search with what is left), in milliseconds.
  double budgetMs = 500;
  /// Cap on the lower-bound computation, in milliseconds (within budgetMs).
  double boundBudgetMs = 200;
  /// Compute lower bounds (certify first, stop the search at the bound).
  bool useBounds = true;
  /// Caps of the exact search (SearchOptions::maxStates, maxMemoEntries).
  size_t maxStates = kDefaultMaxStates;
  size_t maxMemoEntries = kDefaultMaxMemoEntries;
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
  /// Which limit stopped the exact search (None: not stopped, or not run).
  SearchStop stoppedBy = SearchStop::None;
  /// The exact search's memo filled up (it went on with less pruning).
  bool memoFull = false;
  /// prepareBlock left the block for the exact search (not proven optimal,
  /// algorithm auto or exact).
  bool needsSearch = false;
  /// (Deadline form) A lower bound reached the cutoff: every order costs at
  /// least the cutoff, so the search stopped early.
  bool boundedAway = false;
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
/// min(options.boundBudgetMs, options.budgetMs)) and, for auto and exact,
/// every heuristic. Sets needsSearch when the exact search could still help.
ScheduleResult prepareBlock(const Problem &p, const ScheduleOptions &options);

/// The exact search from r's order, stopping at r's bound, within
/// `budgetMs` and the caps of `options` (maxStates, maxMemoEntries). Updates
/// r (order, peak, provenOptimal, budgetExhausted, stoppedBy, memoFull).
void searchBlock(const Problem &p, ScheduleResult &r, double budgetMs,
                 const ScheduleOptions &options = ScheduleOptions());

/// Measured costs (ms, latest measurement) of the parts of a deadline-driven
/// scheduling that the deadline cannot interrupt: a phase predicted not to
/// fit in the time left is skipped. Shared by the schedulings of one caller.
struct PhaseCosts {
  std::vector<double> heuristic = std::vector<double>(allHeuristics().size());
  double bound = 0;
  double searchSetup = 0;
  /// The caller's own fixed work per scheduling (e.g. applying a step).
  double apply = 0;
  /// Predicted cost of one scheduling besides its search budget.
  double fixed() const;
};

/// Options of the Deadline form of scheduleBlock.
struct DeadlineScheduleOptions {
  Objective objective = Objective::LivePeak;
  /// A lower bound the caller knows: an order reaching it is optimal.
  int64_t floor = 0;
  /// The search stops early (boundedAway) once a lower bound reaches it.
  int64_t cutoff = std::numeric_limits<int64_t>::max();
  /// The lower bound's flow limit and share of the time left.
  unsigned boundMaxFlows = 32;
  double boundShare = 0.25;
};

/// The one scheduling driver. Every entry point above and below is a thin
/// wrapper that fills a SchedulePolicy; the phases are always the same
/// (lower bound, baseline heuristics, exact search), the policy says in which
/// order, within what, and what stops them.
struct SchedulePolicy {
  Objective objective = Objective::LivePeak;
  /// "auto", "exact" (every heuristic, then the search) or a heuristic name
  /// (that heuristic alone, no bound, no search).
  std::string algorithm = "auto";
  /// Bound first (certify the incumbent before any heuristic: reorder) or
  /// heuristics first (stop at the floor before any bound: recompute).
  bool boundFirst = true;
  /// Compute lower bounds at all.
  bool useBounds = true;
  /// The bound's time: min(boundCapMs, boundShare x time left), at least
  /// boundMinMs; and its flow limit.
  double boundCapMs = std::numeric_limits<double>::infinity();
  double boundShare = 1.0;
  double boundMinMs = 0;
  unsigned boundMaxFlows = BoundOptions().maxFlows;
  /// A lower bound the caller knows (an order reaching it is optimal), and
  /// the cost from which on the caller does not care (boundedAway).
  int64_t floor = 0;
  int64_t cutoff = std::numeric_limits<int64_t>::max();
  /// Caps of the exact search.
  size_t maxStates = kDefaultMaxStates;
  size_t maxMemoEntries = kDefaultMaxMemoEntries;
};
/// The policy of scheduleBlock(p, options) (bound first, reorder).
SchedulePolicy reorderPolicy(const ScheduleOptions &options);
/// The policy of the Deadline form (heuristics first, recompute planner).
SchedulePolicy deadlinePolicy(const DeadlineScheduleOptions &options);
/// Everything but the exact search, from `incumbent` (legal), within
/// `deadline`. With `costs`, a phase predicted not to fit in the time left is
/// skipped and `costs` is updated with what each phase took; without, every
/// phase runs. Sets needsSearch when the exact search could still help.
ScheduleResult preparePhases(const Problem &p, Order incumbent,
                             const Deadline &deadline,
                             const SchedulePolicy &policy, PhaseCosts *costs);
/// The exact search from r's order, stopping at r's bound, until `deadline`.
void searchPhase(const Problem &p, ScheduleResult &r, const Deadline &deadline,
                 const SchedulePolicy &policy, PhaseCosts *costs);
/// preparePhases, then searchPhase when needed.
ScheduleResult schedule(const Problem &p, Order incumbent,
                        const Deadline &deadline, const SchedulePolicy &policy,
                        PhaseCosts *costs);
/// Orders `p` from `incumbent` (legal) until `deadline`: every baseline
/// heuristic (stopping at the floor), then the lower bound, then the exact
/// search with the time left; each phase predicted by `costs` not to fit in
/// the time left is skipped, and `costs` is updated with what each took.
/// Never worse than the incumbent. Sets order, peak, originalPeak, bound,
/// provenOptimal, boundedAway and producedBy.
ScheduleResult scheduleBlock(const Problem &p, Order incumbent,
                             const Deadline &deadline,
                             const DeadlineScheduleOptions &options,
                             PhaseCosts &costs);

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
