//===- ArenaOrderSearch.cpp - Order and placement chosen together ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The method is in ArenaOrderSearch.h.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/ArenaOrderSearch.h"
#include "peakmem/Core/ArenaBaselines.h"
#include "peakmem/Core/Deadline.h"

#include <algorithm>

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
      : p(p), xo(xo), options(options), deadline(options.budgetMs),
        rng(options.seed ^ 0x0DE5EA2Cull) {}

  ArenaOrderSearchResult run(const Order &start) {
    ArenaOrderSearchResult result;
    Candidate first;
    first.order = start;
    extract(first);
    plan(first, options.searchOrders ? options.budgetMs * options.firstPlanShare
                                     : options.budgetMs);
    result.startLivePeak = first.livePeak;
    result.startArena = first.planned.plan.size;
    Candidate cur = first, within = first, traded;
    bool haveTraded = false;
    int64_t allowed = first.livePeak;
    const int64_t target = options.target;
    while (options.searchOrders && within.planned.plan.size > target &&
           !deadline.expired() && p.numStatements() > 1) {
      if (options.maxLivePeakIncrease > 0 && allowed == first.livePeak &&
          deadline.elapsedMs() > options.budgetMs * 0.75)
        allowed = first.livePeak + options.maxLivePeakIncrease;
      Candidate next;
      if (!neighbour(cur.order, next.order))
        continue;
      ++result.ordersTried;
      extract(next);
      if (next.livePeak > allowed)
        continue;
      plan(next, options.neighbourPlanMs);
      const int64_t size = next.planned.plan.size;
      if (size > cur.planned.plan.size)
        continue;
      ++result.ordersAccepted;
      if (next.livePeak <= first.livePeak && size < within.planned.plan.size)
        within = next;
      else if (next.livePeak > first.livePeak &&
               (!haveTraded || size < traded.planned.plan.size)) {
        traded = next;
        haveTraded = true;
      }
      cur = std::move(next);
    }
    const bool trade =
        haveTraded && traded.planned.plan.size < within.planned.plan.size;
    Candidate &chosen = trade ? traded : within;
    result.tradedLivePeak = trade;
    result.livePeak = chosen.livePeak;
    result.order = std::move(chosen.order);
    result.extraction = std::move(chosen.extraction);
    result.planned = std::move(chosen.planned);
    result.elapsedMs = deadline.elapsedMs();
    return result;
  }

private:
  void extract(Candidate &c) const {
    c.extraction = extractArenaProblem(p, c.order, xo);
    c.livePeak = liveBytesLowerBound(c.extraction.problem);
  }

  void plan(Candidate &c, double budgetMs) const {
    ArenaPlannerOptions po = options.planner;
    po.budgetMs = std::max(0.0, std::min(budgetMs, deadline.remainingMs()));
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
  const Deadline deadline;
  ArenaRng rng;
};

} // namespace

ArenaOrderSearchResult
searchArenaOrder(const Problem &p, const Order &start,
                 const ArenaExtractionOptions &xo,
                 const ArenaOrderSearchOptions &options) {
  return OrderWalk(p, xo, options).run(start);
}

} // namespace peakmem
