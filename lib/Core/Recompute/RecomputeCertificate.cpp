//===- RecomputeCertificate.cpp - Checking a recompute lower bound --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// checkRecomputeBound (RecomputeCertificate.h): every fixed-order plan,
// one at a time, like an odometer over each producer's sets of cuts.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Recompute/RecomputeCertificate.h"
#include "peakmem/Core/Model/Simulation.h"

#include <algorithm>
#include <cstdint>

using namespace peakmem;

namespace {

/// One producer's admissible sets of cuts (the empty set first): sets of at
/// most k of its users after its group in `order` whose clones alone fit
/// the budgets, each with its extra MACs and operations (the group's, once
/// per cut, as materializeFixedOrderPlan counts them). A buffer not freed
/// in the block has only the empty set.
struct CutSets {
  BufferId buffer = 0;
  std::vector<std::vector<StmtId>> sets;
  std::vector<int64_t> macs, ops;
};

struct Enumeration {
  const Problem &p;
  const Order &order;
  const std::vector<Producer> &producers;
  int64_t macBudget, opBudget;
  std::vector<CutSets> all;

  Enumeration(const Problem &p, const Order &order,
              const std::vector<Producer> &producers,
              const RecomputeOptions &options)
      : p(p), order(order), producers(producers),
        macBudget(int64_t(options.maxMacOverhead * double(p.totalMacs()))),
        opBudget(int64_t(options.maxOpOverhead * double(p.totalOps()))) {
    std::vector<size_t> pos(p.numStatements(), 0);
    for (size_t i = 0; i < order.size(); ++i)
      pos[order[i]] = i;
    for (const Producer &pr : producers)
      all.push_back(setsOf(pr, pos, options.maxRecomputePerOp));
  }

  CutSets setsOf(const Producer &pr, const std::vector<size_t> &pos,
                 unsigned k) const {
    CutSets c;
    c.buffer = pr.buffer;
    c.sets = {{}};
    c.macs = c.ops = {0};
    if (pr.buffer >= p.numBuffers() || !p.buffer(pr.buffer).freedInBlock)
      return c;
    size_t last = 0;
    int64_t runMacs = 0, runOps = 0;
    for (StmtId g : pr.group) {
      if (g >= p.numStatements())
        return c;
      last = std::max(last, pos[g]);
      runMacs += std::max<int64_t>(0, p.statement(g).macs);
      runOps += std::max<int64_t>(0, p.statement(g).ops);
    }
    std::vector<StmtId> after;
    for (StmtId u : p.buffer(pr.buffer).users)
      if (pos[u] > last &&
          std::find(pr.group.begin(), pr.group.end(), u) == pr.group.end())
        after.push_back(u);
    for (StmtId u : after) // Extend every smaller set that still fits by u.
      for (size_t i = 0, n = c.sets.size(); i < n; ++i)
        if (c.sets[i].size() < k && c.macs[i] + runMacs <= macBudget &&
            c.ops[i] + runOps <= opBudget) {
          c.sets.push_back(c.sets[i]);
          c.sets.back().push_back(u);
          c.macs.push_back(c.macs[i] + runMacs);
          c.ops.push_back(c.ops[i] + runOps);
        }
    return c;
  }

  /// Visits every combination of sets within both budgets (depth first,
  /// producer by producer); `leaf` returns false to stop. `nodes` counts
  /// the combinations visited, leaves included.
  template <typename Leaf>
  bool visit(size_t i, int64_t macs, int64_t ops, std::vector<size_t> &at,
             WorkUnits &nodes, Leaf &&leaf) const {
    ++nodes;
    if (i == all.size())
      return leaf(at);
    for (size_t j = 0; j < all[i].sets.size(); ++j) {
      if (macs + all[i].macs[j] > macBudget || ops + all[i].ops[j] > opBudget)
        continue;
      at[i] = j;
      if (!visit(i + 1, macs + all[i].macs[j], ops + all[i].ops[j], at, nodes,
                 leaf))
        return false;
    }
    return true;
  }

  std::vector<FixedOrderCuts> cutsAt(const std::vector<size_t> &at) const {
    std::vector<FixedOrderCuts> cuts;
    for (size_t i = 0; i < all.size(); ++i)
      if (!all[i].sets[at[i]].empty())
        cuts.push_back({all[i].buffer, all[i].sets[at[i]]});
    return cuts;
  }
};

std::string describeCuts(const std::vector<FixedOrderCuts> &cuts) {
  if (cuts.empty())
    return "no cuts";
  std::string s;
  for (const FixedOrderCuts &c : cuts) {
    s += (s.empty() ? "buffer " : "; buffer ") + std::to_string(c.buffer) +
         " before statement";
    for (StmtId u : c.cloneBefore)
      s += " " + std::to_string(u);
  }
  return s;
}

/// The plans within the budgets, counted up to `cap` (then cap + 1).
WorkUnits countPlans(const Enumeration &e, WorkUnits cap, WorkUnits &nodes) {
  WorkUnits plans = 0;
  std::vector<size_t> at(e.all.size(), 0);
  e.visit(0, 0, 0, at, nodes,
          [&](const std::vector<size_t> &) { return ++plans <= cap; });
  return plans;
}

} // namespace

WorkUnits
peakmem::recomputeBoundCheckWork(const Problem &p, const Order &order,
                                 const std::vector<Producer> &producers,
                                 const RecomputeOptions &options,
                                 WorkUnits cap) {
  Enumeration e(p, order, producers, options);
  const WorkUnits each = WorkUnits(p.linearSize()) + 1;
  WorkUnits nodes = 0;
  WorkUnits plans = countPlans(e, cap / each, nodes);
  // Counting, then enumerating: the partial plans are visited twice.
  return plans > cap / each || plans * each > cap - std::min(cap, 2 * nodes)
             ? kUnlimitedWork
             : plans * each + 2 * nodes;
}

std::string peakmem::checkRecomputeBound(const Problem &p, const Order &order,
                                         const std::vector<Producer> &producers,
                                         const RecomputeOptions &options,
                                         int64_t lowerBound, WorkBudget &work,
                                         bool *unchecked) {
  *unchecked = false;
  if (!p.check().empty() || !isLegalOrder(p, order))
    return "the block or its order is not valid";
  Enumeration e(p, order, producers, options);
  const WorkUnits each = WorkUnits(p.linearSize()) + 1;
  const WorkUnits left = work.exhausted() ? 0 : work.left();
  const WorkUnits cost =
      recomputeBoundCheckWork(p, order, producers, options, left);
  if (cost == kUnlimitedWork || !work.fits(cost)) {
    *unchecked = true;
    return "enumerating every recompute plan within the bounds costs more "
           "than the " +
           std::to_string(left) + " work units left";
  }
  WorkUnits nodes = 0;
  (void)countPlans(e, kUnlimitedWork, nodes);
  (void)work.charge(nodes);
  int64_t least = -1;
  std::string error;
  std::vector<size_t> at(e.all.size(), 0);
  nodes = 0;
  e.visit(0, 0, 0, at, nodes, [&](const std::vector<size_t> &at) {
    (void)work.charge(each);
    std::vector<FixedOrderCuts> cuts = e.cutsAt(at);
    FixedOrderPlan plan = materializeFixedOrderPlan(p, order, producers, cuts);
    if (!plan.error.empty() || plan.extraMacs > e.macBudget ||
        plan.extraOps > e.opBudget || !plan.problem.check().empty() ||
        !isLegalOrder(plan.problem, plan.order))
      return true; // Outside the plans the bound is about.
    int64_t peak = simulatePeak(plan.problem, plan.order);
    if (peak < lowerBound) {
      error = "the plan with " + describeCuts(cuts) + " peaks at " +
              std::to_string(peak) + " bytes, below the claimed " +
              std::to_string(lowerBound);
      return false;
    }
    least = least < 0 ? peak : std::min(least, peak);
    return true;
  });
  (void)work.charge(nodes);
  if (error.empty() && least != lowerBound)
    error = "the least peak over every recompute plan within the bounds is " +
            std::to_string(least) + " bytes, not the claimed " +
            std::to_string(lowerBound);
  return error;
}
