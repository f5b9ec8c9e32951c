//===- ArenaOrderSearch.cpp - Order and placement chosen together ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The method is in ArenaOrderSearch.h.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Arena/ArenaOrderSearch.h"
#include "peakmem/Core/Arena/ArenaBaselines.h"
#include "peakmem/Core/Support/WorkBudget.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>

namespace peakmem {

namespace {

/// One order with its extraction, plan and live-bytes bound.
struct Candidate {
  Order order;
  ArenaExtraction extraction;
  ArenaPlannerResult planned;
  int64_t livePeak = 0;
};

class OrderWalk {
public:
  OrderWalk(const Problem &p, const ArenaExtractionOptions &xo,
            const ArenaOrderSearchOptions &options)
      : p(p), xo(xo), options(options),
        cap(options.budgetMs > 0 && std::isfinite(options.budgetMs)
                ? options.budgetMs
                : 0),
        rng(options.seed ^ 0x0DE5EA2Cull) {}

  ArenaOrderSearchResult run(const Order &start) {
    ArenaOrderSearchResult result;
    const auto started = std::chrono::steady_clock::now();
    first.order = start;
    extract(first);
    rng = ArenaRng(options.seed ^ 0x0DE5EA2Cull ^
                   hashArenaProblem(first.extraction.problem));
    plan(first, options.planner);
    result.startLivePeak = first.livePeak;
    result.startArena = first.planned.plan.size;
    within = first;
    const bool search = options.searchOrders &&
                        first.planned.plan.size > options.target &&
                        p.numStatements() > 1;
    // Few legal orders: all of them; else (or if the count is over) walk.
    if (search && !exhaust(result))
      walk(result);
    const bool trade =
        haveTraded && traded.planned.plan.size < within.planned.plan.size;
    Candidate &chosen = trade ? traded : within;
    result.tradedLivePeak = trade;
    result.startExtraction = first.extraction;
    result.startPlanned = first.planned;
    result.livePeak = chosen.livePeak;
    result.order = std::move(chosen.order);
    result.extraction = std::move(chosen.extraction);
    result.planned = std::move(chosen.planned);
    result.timeLimitHit = cap.fired();
    // Informational only.
    result.elapsedMs = std::chrono::duration<double, std::milli>(
                           std::chrono::steady_clock::now() - started)
                           .count();
    return result;
  }

private:
  /// Keeps `c` as the best order within the starting live peak, or as the
  /// best trade.
  void consider(const Candidate &c) {
    const int64_t size = c.planned.plan.size;
    if (c.livePeak <= first.livePeak) {
      if (size < within.planned.plan.size)
        within = c;
    } else if (!haveTraded || size < traded.planned.plan.size) {
      traded = c;
      haveTraded = true;
    }
  }

  /// The local walk over orders (ArenaOrderSearch.h).
  void walk(ArenaOrderSearchResult &result) {
    Candidate cur = first;
    int64_t allowed = first.livePeak;
    const size_t tradeFrom = options.maxNeighbours - options.maxNeighbours / 4;
    for (size_t step = 0;
         step < options.maxNeighbours &&
         within.planned.plan.size > options.target && !cap.check();
         ++step) {
      if (options.maxLivePeakIncrease > 0 && allowed == first.livePeak &&
          step >= tradeFrom)
        allowed = first.livePeak + options.maxLivePeakIncrease;
      Candidate next;
      if (!neighbour(cur.order, next.order))
        continue;
      ++result.ordersTried;
      extract(next);
      if (next.livePeak > allowed)
        continue;
      plan(next, options.neighbourPlanner);
      if (next.planned.plan.size > cur.planned.plan.size)
        continue;
      ++result.ordersAccepted;
      consider(next);
      cur = std::move(next);
    }
  }

  /// Calls `visit` on every legal order (depth first over the ready
  /// statements) until it returns false; returns false if it did.
  template <typename Visit>
  bool forEachLegalOrder(Order &prefix, std::vector<size_t> &pending,
                         Visit &&visit) const {
    if (prefix.size() == p.numStatements())
      return visit(prefix);
    for (StmtId s = 0; s < p.numStatements(); ++s) {
      if (pending[s] != 0)
        continue;
      pending[s] = SIZE_MAX; // Placed.
      for (StmtId t : p.succs(s))
        --pending[t];
      prefix.push_back(s);
      bool go = forEachLegalOrder(prefix, pending, visit);
      prefix.pop_back();
      for (StmtId t : p.succs(s))
        ++pending[t];
      pending[s] = 0;
      if (!go)
        return false;
    }
    return true;
  }

  template <typename Visit> bool forEachLegalOrder(Visit &&visit) const {
    Order prefix;
    std::vector<size_t> pending(p.numStatements());
    for (StmtId s = 0; s < p.numStatements(); ++s)
      pending[s] = p.preds(s).size();
    return forEachLegalOrder(prefix, pending, visit);
  }

  /// Blocks with at most exhaustiveMaxOrders legal orders: plans every one
  /// until the target is reached; result.exhaustive when every order was
  /// planned and every plan proven optimal for its order within the budget.
  /// False when there are more orders (found past the limit: the orders
  /// planned until then stay candidates).
  bool exhaust(ArenaOrderSearchResult &result) {
    if (p.numStatements() > options.exhaustiveMaxStatements)
      return false;
    const int64_t allowed = first.livePeak + options.maxLivePeakIncrease;
    int64_t optimum = std::numeric_limits<int64_t>::max();
    size_t orders = 0;
    bool tooMany = false, unproven = false;
    // An unproven plan ends the enumeration: no local search; the exact
    // search proves, hill climbing only seeds it.
    ArenaPlannerOptions each = options.planner;
    each.maxMoves = 0;
    each.maxMoveWork = 0;
    each.hillClimbAttempts = std::min(each.hillClimbAttempts, 50u);
    uint64_t nodesLeft = options.exhaustiveMaxExactNodes;
    forEachLegalOrder([&](const Order &o) {
      if (++orders > options.exhaustiveMaxOrders) {
        tooMany = true;
        return false;
      }
      Candidate c;
      c.order = o;
      extract(c);
      // Its arena is at least its live peak: it can lower neither the
      // optimum nor the best arena found.
      if (c.livePeak >= std::min(optimum, within.planned.plan.size))
        return true;
      each.maxExactNodes =
          std::min<uint64_t>(options.planner.maxExactNodes, nodesLeft);
      plan(c, each);
      nodesLeft -= std::min<uint64_t>(nodesLeft, c.planned.exactNodes);
      if (cap.fired() || !c.planned.provenOptimal) {
        unproven = true;
        return false;
      }
      ++result.ordersTried;
      optimum = std::min(optimum, c.planned.plan.size);
      if (c.livePeak <= allowed)
        consider(c);
      // At the target nothing is left to prove.
      return within.planned.plan.size > options.target;
    });
    if (tooMany) // The orders planned so far stay candidates of the walk.
      return false;
    result.exhaustive = !unproven && within.planned.plan.size > options.target;
    // Orders skipped or not planned here (the first) have an arena of at
    // least the best one found.
    result.legalOrders = orders;
    if (result.exhaustive)
      result.optimumOverOrders =
          std::min({optimum, within.planned.plan.size,
                    haveTraded ? traded.planned.plan.size : optimum});
    return true;
  }

  void extract(Candidate &c) const {
    c.extraction = extractArenaProblem(p, c.order, xo);
    c.livePeak = liveBytesLowerBound(c.extraction.problem);
  }

  void plan(Candidate &c, const ArenaPlannerOptions &base) {
    ArenaPlannerOptions po = base;
    if (cap.enabled()) {
      if (cap.check()) {
        // Past the cap: the baselines only.
        po.maxExactNodes = 0;
        po.maxMoves = 0;
        po.hillClimbAttempts = 1;
      }
      double left = cap.limitMs() - cap.elapsedMs();
      po.timeLimitMs = std::max(1.0, left);
    }
    c.planned = planArena(c.extraction.problem, po);
  }

  /// Moves one random statement to another position between its last
  /// predecessor and its first successor: legal if `order` is. False when
  /// the drawn statement cannot move.
  bool neighbour(const Order &order, Order &out) {
    const size_t n = order.size();
    std::vector<size_t> pos(n);
    for (size_t i = 0; i < n; ++i)
      pos[order[i]] = i;
    const size_t from = rng.below(n);
    const StmtId s = order[from];
    size_t lo = 0, hi = n - 1;
    for (StmtId q : p.preds(s))
      lo = std::max(lo, pos[q] + 1);
    for (StmtId q : p.succs(s))
      hi = std::min(hi, pos[q] - 1);
    if (hi <= lo)
      return false;
    size_t to = lo + rng.below(hi - lo + 1);
    if (to == from)
      return false;
    out = order;
    if (to < from)
      std::rotate(out.begin() + to, out.begin() + from, out.begin() + from + 1);
    else
      std::rotate(out.begin() + from, out.begin() + from + 1,
                  out.begin() + to + 1);
    return true;
  }

  const Problem &p;
  const ArenaExtractionOptions &xo;
  const ArenaOrderSearchOptions &options;
  TimeCap cap;
  ArenaRng rng;
  Candidate first, within, traded;
  bool haveTraded = false;
};

} // namespace

ArenaOrderSearchResult
searchArenaOrder(const Problem &p, const Order &start,
                 const ArenaExtractionOptions &xo,
                 const ArenaOrderSearchOptions &options) {
  return OrderWalk(p, xo, options).run(start);
}

} // namespace peakmem
