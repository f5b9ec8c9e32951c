//===- ArenaPlanner.h - peakmem's arena placement search ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Plans the offsets of one ArenaProblem (one fixed order), certified against
// the live-bytes lower bound (Arena.h).
//
//  1. Every baseline of ArenaBaselines.h runs (TVM hill climbing within a
//     quarter of the time budget); the plan starts as the best of
//     them, component by component (the conflict graph's connected components
//     are independent, so each takes the best baseline's offsets for it). It
//     is therefore never larger than any baseline.
//  2. Components are then improved in order of decreasing arena, only while
//     the largest one is above the lower bound:
//     * a component of at most `exactMaxBuffers` buffers is solved by branch
//       and bound over placement orders, each buffer at its lowest fitting
//       aligned offset (first fit; candidates are 0 and the aligned ends of
//       placed conflicting buffers). Exact: sorting any optimal plan by
//       (offset, id) and re-placing by first fit never moves a buffer up, so
//       some optimal plan is a fixed point whose offsets are non-decreasing
//       along its order; the search only enumerates such orders and prunes a
//       branch when the bytes that must still fit above the last offset
//       (at any step) or the lowest offset each unplaced buffer can still get
//       reach the best arena found;
//     * a larger component (or one whose branch and bound ran out of nodes)
//       gets a budgeted local search over placement orders decoded by first
//       fit: moves mostly swap or move random buffers, sometimes move a
//       buffer that reaches the top earlier; a move is kept when (arena,
//       overflow) does not grow, the overflow summing over buffers above the
//       target their bytes above it times their lifetime; a walk that stops
//       improving restarts from the size order. The seed makes it
//       deterministic.
//     Both stop the moment the component reaches its live-bytes bound.
//  3. The search stops when the arena reaches the bound (ReachedBound), when
//     the largest component has been searched exhaustively (Exhausted), or
//     when a budget runs out.
//
// provenOptimal: the arena equals the lower bound, or the component that
// sets the arena was searched exhaustively (optimal for this order). With
// options.lowerBound a bound over every order (roundedForArena + Bounds.h),
// arena == lowerBound proves optimality over every order and placement.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_ARENAPLANNER_H
#define PEAKMEM_CORE_ARENAPLANNER_H

#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Arena/ArenaBaselines.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace peakmem {

struct ArenaPlannerOptions {
  /// Components up to this many buffers are searched exactly.
  size_t exactMaxBuffers = 14;
  /// Branch-and-bound nodes over all components.
  size_t maxExactNodes = 2'000'000;
  /// Local-search moves over all components.
  size_t maxMoves = 1'000'000;
  /// Wall-clock budget in milliseconds for the whole call (baselines
  /// included; checked between moves and every few nodes).
  double budgetMs = 1000;
  uint64_t seed = 1;
  /// A lower bound known to the caller, in the same units (rounded sizes):
  /// the planner takes max(this, liveBytesLowerBound).
  int64_t lowerBound = 0;
};

enum class ArenaStop : uint8_t {
  /// The arena equals the lower bound.
  ReachedBound,
  /// The component setting the arena was searched exhaustively.
  Exhausted,
  TimeBudget,
  MoveBudget,
  NodeBudget
};

/// "reached-bound", "exhausted", "time-budget", "move-budget",
/// "node-budget".
const char *arenaStopName(ArenaStop stop);

struct ArenaPlannerResult {
  ArenaPlan plan;
  /// max(liveBytesLowerBound(p), options.lowerBound).
  int64_t lowerBound = 0;
  bool provenOptimal = false;
  ArenaStop stop = ArenaStop::ReachedBound;
  /// Arena of each baseline, in allArenaBaselines() order.
  std::vector<int64_t> baselineSizes;
  int64_t bestBaselineSize = 0;
  /// TVM hill climbing was stopped by its share of the budget (a quarter)
  /// before its 500 attempts; its size above is what it reached.
  bool hillClimbCut = false;
  size_t exactNodes = 0;
  size_t moves = 0;
  double elapsedMs = 0;
};

/// Plans `p` (p.check() must be ""). The plan passes checkArenaPlan and its
/// size is at most every baseline's.
ArenaPlannerResult planArena(const ArenaProblem &p,
                             const ArenaPlannerOptions &options = {});

} // namespace peakmem

#endif // PEAKMEM_CORE_ARENAPLANNER_H
