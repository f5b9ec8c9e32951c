//===- ArenaOrderSearch.h - Order and placement chosen together -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The arena of a block depends on its order twice: the order fixes the
// lifetimes (hence the live-bytes bound of that order) and the placement
// problem. searchArenaOrder plans the given order (planArena), and while the
// arena is above the target (the bound over every order) it walks over legal
// orders by local moves: one statement moves to another position between
// its last predecessor and its first successor (Graph edges), so every
// order visited is legal. A neighbour is kept when its live-bytes bound
// (the arena problem's heaviest step, i.e. the simulated peak of the
// rounded problem) stays within the allowed live peak and its planned arena
// does not grow; a smaller arena is the new best. The allowed live peak is
// the starting order's (among orders of that live peak first); with
// `maxLivePeakIncrease` > 0 and no order at the target found within the
// first three quarters of the neighbours, the walk may raise the live peak by
// up to that many bytes, and the best order is then kept only if its arena is
// smaller than every order within the starting live peak seen
// (`tradedLivePeak`).
//
// Blocks of at most `exhaustiveMaxStatements` statements with at most
// `exhaustiveMaxOrders` legal orders (counted depth first, stopping past the
// limit) are searched exhaustively instead of walked: every legal order, each
// planned by planArena (exact on components of at most its exactMaxBuffers
// buffers, all of them within `exhaustiveMaxExactNodes` nodes); when every
// plan is proven optimal for its order (and the budget lasts), the minimum is
// the optimum over every order and every placement, which proves the bound
// unreachable when it is above it (`exhaustive`).
//
// The result is never larger than planArena on the starting order (that plan
// is the first incumbent). Budgets are work units: `maxNeighbours` orders of
// the walk, each planned within `neighbourPlanner`'s units, and the first
// plan and the enumerated orders within `planner`'s; the walk's random
// choices are seeded from `seed` and a hash of the problem's first plan
// instance. Deterministic: the same input and options give the same order
// and plan on any machine; `budgetMs` (off by default) is an opt-in
// wall-clock cap, and `timeLimitHit` says when it fired.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_ARENAORDERSEARCH_H
#define PEAKMEM_CORE_ARENAORDERSEARCH_H

#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Arena/ArenaPlanner.h"
#include "peakmem/Core/Model/Problem.h"

#include <cstdint>

namespace peakmem {

struct ArenaOrderSearchOptions {
  /// Opt-in wall-clock cap of the whole search in milliseconds (<= 0 or
  /// infinity: none; the former time budget).
  double budgetMs = 0;
  /// Orders the walk tries (each extracted, and planned unless its live
  /// peak is over the allowed one).
  size_t maxNeighbours = 300;
  /// Live-peak bytes the walk may add to the starting order's (0: never).
  int64_t maxLivePeakIncrease = 0;
  /// Blocks of at most exhaustiveMaxStatements statements with at most
  /// exhaustiveMaxOrders legal orders are searched exhaustively instead of
  /// walked: every legal order, each planned exactly.
  size_t exhaustiveMaxStatements = 24;
  size_t exhaustiveMaxOrders = 10000;
  /// Exact-search nodes of all the enumerated orders' plans together (a
  /// per-block work bound): past it the enumeration stops, unproven. Each
  /// enumerated order is planned with `planner` without its local search
  /// (a plan the exact search does not prove ends the enumeration anyway)
  /// and with at most 50 hill-climbing attempts.
  uint64_t exhaustiveMaxExactNodes = 5'000'000;
  /// Stop when the arena reaches this (e.g. the bound over every order).
  int64_t target = 0;
  uint64_t seed = 1;
  /// false: plan the starting order only.
  bool searchOrders = true;
  /// Options of the first plan and of the enumerated orders' plans.
  ArenaPlannerOptions planner;
  /// Options of each neighbour's plan (baselines plus a short search).
  ArenaPlannerOptions neighbourPlanner = smallPlanner();

  static ArenaPlannerOptions smallPlanner() {
    ArenaPlannerOptions o;
    o.maxExactNodes = 2'000;
    o.maxMoves = 300;
    o.maxMoveWork = 2'000'000;
    o.hillClimbAttempts = 50;
    o.hillClimbWork = 2'000'000;
    o.recordProof = false;
    return o;
  }
};

struct ArenaOrderSearchResult {
  Order order;
  ArenaExtraction extraction;
  ArenaPlannerResult planned;
  /// Live-bytes bound of the starting order and of the chosen one.
  int64_t startLivePeak = 0, livePeak = 0;
  /// Arena of the starting order (its first plan), and that plan, for a
  /// caller that weighs more than the arena (e.g. bytes outside it).
  int64_t startArena = 0;
  ArenaExtraction startExtraction;
  ArenaPlannerResult startPlanned;
  /// The chosen order has a larger live peak than the starting one.
  bool tradedLivePeak = false;
  size_t ordersTried = 0, ordersAccepted = 0;
  /// Every legal order was planned and each plan proven optimal for its
  /// order: optimumOverOrders is the smallest arena over every legal order
  /// and every placement (the chosen plan reaches it unless that order is
  /// beyond the allowed live peak). When it is above the bound over every
  /// order, this proves the bound unreachable.
  bool exhaustive = false;
  int64_t optimumOverOrders = 0;
  /// Legal orders enumerated (each either planned or, when its live peak
  /// already reaches the best arena found, skipped).
  size_t legalOrders = 0;
  /// The opt-in time cap fired: the result depends on the machine.
  bool timeLimitHit = false;
  double elapsedMs = 0;
};

/// Chooses an order of `p` (legal; `start` must be legal) and a placement
/// of its extraction under `xo`. result.planned.plan passes checkArenaPlan
/// on result.extraction.problem.
ArenaOrderSearchResult searchArenaOrder(const Problem &p, const Order &start,
                                        const ArenaExtractionOptions &xo,
                                        const ArenaOrderSearchOptions &options);

} // namespace peakmem

#endif // PEAKMEM_CORE_ARENAORDERSEARCH_H
