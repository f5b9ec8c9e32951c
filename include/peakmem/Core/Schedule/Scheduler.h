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
// The same driver runs from a given incumbent (scheduleBlock with an
// incumbent): the recompute planner reschedules each candidate that way,
// with a floor (a bound known beforehand) and a cutoff (orders that cannot
// beat it are not worth searching). Both forms are thin wrappers of one
// driver (preparePhases, searchPhase, schedule) whose SchedulePolicy holds
// what differs: bound first or heuristics first, the bound's work and flows,
// floor, cutoff and the search caps.
//
// Work (WorkBudget.h): every phase charges the WorkBudget it is given, in
// the units of its algorithm (Bounds.h, ExactSearch.h; a heuristic charges
// eight units per statement, edge and use). The phases and their order never
// depend on the limit: the bound gets a fixed cap of its own (a child budget
// of at most SchedulePolicy::boundWork units), the search what is left. A
// scheduling is therefore a fixed sequence of steps that the limit only cuts
// short, and a larger limit never gives a worse order. Nothing reads the
// clock unless the budget has an opt-in TimeCap.
//
// Budgets belong to a function (one pass run on one function), not to a
// block: FunctionBudget shares one work budget over the blocks of a
// function. A block's work is split in two so that the caller can share the
// budget by need: prepareBlock (bounds, heuristics) proves many blocks
// optimal at once; only the others are searched, each with a share of what
// is left (searchBlock).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_SCHEDULER_H
#define PEAKMEM_CORE_SCHEDULER_H

#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Schedule/ExactSearch.h"
#include "peakmem/Core/Schedule/Heuristics.h"
#include "peakmem/Core/Support/WorkBudget.h"

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

/// Default work of scheduleBlock(p, options) (one block: bound, heuristics,
/// search), also the per-function default of the passes (max-work).
constexpr WorkUnits kDefaultScheduleWork = 100'000'000;

struct ScheduleOptions {
  Objective objective = Objective::LivePeak;
  /// "auto", "exact", or a heuristic name (see heuristicName()).
  std::string algorithm = "auto";
  /// Work of scheduleBlock(p, options) in all (the other entry points take
  /// a WorkBudget); the FunctionScheduler's budget of the whole function.
  WorkUnits maxWork = kDefaultScheduleWork;
  /// Cap on the lower-bound phase of a block (within the block's budget).
  WorkUnits boundWork = kDefaultBoundWork;
  /// Compute lower bounds (certify first, stop the search at the bound).
  bool useBounds = true;
  /// Caps of the exact search (SearchOptions::maxStates, maxMemoEntries).
  size_t maxStates = kDefaultMaxStates;
  size_t maxMemoEntries = kDefaultMaxMemoEntries;
  /// Opt-in wall-clock cap read by scheduleBlock(p, options) and the
  /// FunctionScheduler (null: none; the output is then reproducible).
  TimeCap *timeCap = nullptr;
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
  /// The exact search was stopped by the work budget or the state cap.
  bool budgetExhausted = false;
  /// Which limit stopped the exact search (None: not stopped, or not run).
  SearchStop stoppedBy = SearchStop::None;
  /// The exact search's memo filled up (it went on with less pruning).
  bool memoFull = false;
  /// prepareBlock left the block for the exact search (not proven optimal,
  /// algorithm auto or exact).
  bool needsSearch = false;
  /// (Incumbent form) A lower bound reached the cutoff: every order costs at
  /// least the cutoff, so the search stopped early.
  bool boundedAway = false;
  /// What produced `order`: "original", a heuristic name, or "exact".
  std::string producedBy = "original";
};

/// Checks an algorithm name; returns an empty string if valid.
std::string validateAlgorithm(const std::string &name);

/// Orders the statements of `p` (every statement is ordered; use the
/// contracted problem of a block) within options.maxWork in all (and
/// options.timeCap): prepareBlock, then searchBlock with the work left.
ScheduleResult scheduleBlock(const Problem &p, const ScheduleOptions &options);

/// Everything but the exact search, charged to `work`: the lower bound
/// (within options.boundWork of it) and, for auto and exact, every
/// heuristic (which run even when `work` is exhausted: they are linear, and
/// the result is then never worse than the best of them). Sets needsSearch
/// when the exact search could still help.
ScheduleResult prepareBlock(const Problem &p, const ScheduleOptions &options,
                            WorkBudget &work);

/// The exact search from r's order, stopping at r's bound, within `work`
/// and the caps of `options` (maxStates, maxMemoEntries). Updates r (order,
/// peak, provenOptimal, budgetExhausted, stoppedBy, memoFull).
void searchBlock(const Problem &p, ScheduleResult &r, WorkBudget &work,
                 const ScheduleOptions &options = ScheduleOptions());

/// Options of the incumbent form of scheduleBlock.
struct IncumbentScheduleOptions {
  Objective objective = Objective::LivePeak;
  /// A lower bound the caller knows: an order reaching it is optimal.
  int64_t floor = 0;
  /// The search stops early (boundedAway) once a lower bound reaches it.
  int64_t cutoff = std::numeric_limits<int64_t>::max();
  /// The lower bound's flow limit and work cap.
  unsigned boundMaxFlows = 32;
  WorkUnits boundWork = kDefaultBoundWork / 8;
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
  /// Skip the heuristics once the budget is exhausted (the recompute
  /// planner, which schedules many candidates); reorder always runs them.
  bool heuristicsNeedWork = false;
  /// The bound's work cap (a child budget of the scheduling's) and flows.
  WorkUnits boundWork = kDefaultBoundWork;
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
/// The policy of the incumbent form (heuristics first, recompute planner).
SchedulePolicy incumbentPolicy(const IncumbentScheduleOptions &options);
/// Everything but the exact search, from `incumbent` (legal), charged to
/// `work`. Sets needsSearch when the exact search could still help.
ScheduleResult preparePhases(const Problem &p, Order incumbent,
                             WorkBudget &work, const SchedulePolicy &policy);
/// The exact search from r's order, stopping at r's bound, within `work`.
void searchPhase(const Problem &p, ScheduleResult &r, WorkBudget &work,
                 const SchedulePolicy &policy);
/// preparePhases, then searchPhase when needed.
ScheduleResult schedule(const Problem &p, Order incumbent, WorkBudget &work,
                        const SchedulePolicy &policy);
/// Orders `p` from `incumbent` (legal) within `work`: every baseline
/// heuristic (stopping at the floor), then the lower bound, then the exact
/// search with the work left. Never worse than the incumbent. Sets order,
/// peak, originalPeak, bound, provenOptimal, boundedAway and producedBy.
ScheduleResult scheduleBlock(const Problem &p, Order incumbent,
                             WorkBudget &work,
                             const IncumbentScheduleOptions &options);

/// The shortest exact search worth starting, in work units: building a
/// search's segments alone costs about that much on a block of a few dozen
/// statements. A function whose budget cannot give every block that needs a
/// search this much searches only the blocks with the largest gaps.
constexpr WorkUnits kMinSearchShare = 100'000;

/// A work budget shared by the blocks of one function in one pass run. Each
/// block draws a share of what is left; work a block does not use
/// (certified, or searched to the end early) is left to the blocks after
/// it.
class FunctionBudget {
public:
  /// A budget of its own, reading `cap` (may be null).
  FunctionBudget(WorkUnits limit, TimeCap *cap) : budget(limit, cap) {}
  /// A share of `parent` (a pass's budget of the function spent on other
  /// work too).
  FunctionBudget(WorkBudget &parent, WorkUnits limit) : budget(parent, limit) {}
  WorkBudget &work() { return budget; }
  WorkUnits limit() const { return budget.limit(); }
  WorkUnits used() const { return budget.used(); }
  /// What is left.
  WorkUnits left() const { return budget.left(); }
  /// An even share of what is left over `blocks` (at least 1) blocks.
  WorkUnits share(size_t blocks) const;

  /// Accounting of the exact searches of the function (for remarks).
  size_t searched = 0; ///< Blocks whose search ran.
  size_t stopped = 0;  ///< Searches cut by their share of the budget.
  size_t skipped = 0;  ///< Blocks not searched: the budget was too small.

private:
  WorkBudget budget;
};

} // namespace peakmem

#endif // PEAKMEM_CORE_SCHEDULER_H
