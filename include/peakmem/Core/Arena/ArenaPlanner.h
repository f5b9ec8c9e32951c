//===- ArenaPlanner.h - peakmem's arena placement search ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Plans the offsets of one ArenaProblem (one fixed order), certified against
// the live-bytes lower bound (Arena.h) or by a refutation (ArenaRefutation.h).
//
//  1. Every baseline of ArenaBaselines.h runs (TVM hill climbing for at most
//     `hillClimbAttempts` attempts and `hillClimbWork` conflict visits); the
//     plan starts as the best of them, component by component (the conflict
//     graph's connected components are independent, so each takes the best
//     baseline's offsets for it). It is therefore never larger than any
//     baseline.
//  2. While the plan is above the lower bound (or above `capacity`), the
//     exact search of ArenaExact.h runs on the whole problem from that plan,
//     within `maxExactNodes` search nodes: it decides the bound, then the
//     arena minus one, each plan it finds replacing the incumbent, and a
//     refutation of the arena minus one proves the plan optimal.
//  3. When the exact search ran out of nodes above its proven bound, the
//     components above it get a local search over placement orders decoded
//     by first fit, within `maxMoves` moves and `maxMoveWork` units (one unit
//     per buffer decoded and per conflict it visits): moves mostly swap or
//     move random buffers, sometimes move a buffer that reaches the top
//     earlier; a move is kept when (arena, overflow) does not grow, the
//     overflow summing over buffers above the target their bytes above it
//     times their lifetime; a walk that stops improving restarts from the
//     size order. It stops the moment a component reaches its bound.
//
// Deterministic: every budget is in work units; the random choices (hill
// climbing, local search) are seeded from `seed` and a hash of the problem
// (sizes, alignments, lifetimes), never from the clock. Each stage is an
// anytime search run in a fixed sequence, so a larger budget never gives a
// larger arena. `timeLimitMs` (off by default) is an opt-in wall-clock cap;
// when it fires, `timeLimitHit` says the result depends on the machine.
//
// provenOptimal: the arena equals the lower bound, which is the live-bytes
// bound, the caller's `lowerBound`, or one above a refuted capacity (proof
// kind Refutation). With options.lowerBound a bound over every order
// (roundedForArena + Bounds.h), arena == lowerBound proves optimality over
// every order and placement; a refutation is over every placement of this
// order only.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_ARENAPLANNER_H
#define PEAKMEM_CORE_ARENAPLANNER_H

#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Arena/ArenaBaselines.h"
#include "peakmem/Core/Arena/ArenaExact.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace peakmem {

struct ArenaPlannerOptions {
  /// The exact search runs on problems of up to this many buffers of
  /// positive size (ArenaExactOptions::maxBuffers).
  size_t exactMaxBuffers = 4'000;
  /// Exact search nodes and work units (ArenaExactOptions).
  uint64_t maxExactNodes = 250'000;
  uint64_t maxExactWork = 200'000'000;
  /// Local-search moves over all components, and its work units (a buffer
  /// decoded or a conflict visited).
  size_t maxMoves = 1'000'000;
  uint64_t maxMoveWork = 400'000'000;
  /// TVM hill climbing: attempts (500 as in TVM) and conflict visits.
  unsigned hillClimbAttempts = 500;
  uint64_t hillClimbWork = 40'000'000;
  /// Opt-in wall-clock cap in milliseconds for the whole call (<= 0 or
  /// infinity: none). `budgetMs` is its former name, kept for callers that
  /// set it; the smaller positive one applies.
  double timeLimitMs = 0;
  double budgetMs = 0;
  /// Mixed with a hash of the problem.
  uint64_t seed = 1;
  /// A lower bound known to the caller, in the same units (rounded sizes):
  /// the planner takes max(this, liveBytesLowerBound).
  int64_t lowerBound = 0;
  /// >= 0: stop at a plan of at most this arena; `infeasible` when the
  /// exact search proves none exists.
  int64_t capacity = -1;
  /// Keep the refutation's tree (ArenaExactOptions::recordProof).
  bool recordProof = true;
  /// A budget shared with the caller (e.g. a pass's per-function budget;
  /// may be null). The exact search's work (maxExactWork) and the local
  /// search's (maxMoveWork) are each capped by what it has left when they
  /// start, and what they spend is charged to it: the exact search's nodes
  /// times the buffers of the problem, the local search's decode work. The
  /// baselines are not charged (their own limits bound them). Its TimeCap,
  /// if any, applies when timeLimitMs/budgetMs set none.
  WorkBudget *budget = nullptr;
};

enum class ArenaStop : uint8_t {
  /// The arena equals the lower bound.
  ReachedBound,
  /// The arena is proven optimal by a refutation of the arena minus one
  /// (or, with a capacity, the capacity was refuted or met).
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
  /// Proven: max(liveBytesLowerBound(p), options.lowerBound, one above the
  /// largest refuted capacity).
  int64_t lowerBound = 0;
  bool provenOptimal = false;
  /// How provenOptimal is proven; the refutation when it is by one.
  ArenaProofKind proof = ArenaProofKind::None;
  bool proofRecorded = false;
  ArenaRefutation refutation;
  /// With options.capacity: no plan fits in it (proven).
  bool infeasible = false;
  ArenaStop stop = ArenaStop::ReachedBound;
  /// Arena of each baseline, in allArenaBaselines() order.
  std::vector<int64_t> baselineSizes;
  int64_t bestBaselineSize = 0;
  /// TVM hill climbing stopped before its attempts by its work units or the
  /// time cap; its size above is what it reached.
  bool hillClimbCut = false;
  /// The time cap fired: the result depends on the machine.
  bool timeLimitHit = false;
  size_t exactNodes = 0;
  /// Of those, the skyline plan finder's (ArenaExactResult::skylineNodes).
  size_t skylineNodes = 0;
  size_t moves = 0;
  uint64_t moveWork = 0;
  double elapsedMs = 0;
};

/// Plans `p` (p.check() must be ""). The plan passes checkArenaPlan and its
/// size is at most every baseline's.
ArenaPlannerResult planArena(const ArenaProblem &p,
                             const ArenaPlannerOptions &options = {});

/// A hash of `p`'s buffers (sizes, alignments, lifetimes) and step count,
/// the same on every machine: the planners' seeds come from it.
uint64_t hashArenaProblem(const ArenaProblem &p);

} // namespace peakmem

#endif // PEAKMEM_CORE_ARENAPLANNER_H
