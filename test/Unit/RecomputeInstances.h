//===- RecomputeInstances.h - Random recompute blocks and a brute force -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Shared by the exact recompute tests (ExactRecomputeTest.cpp,
// SeriesParallelTest.cpp, RecomputeTest.cpp): random blocks drawn the same way
// under every compiler and standard library (pick), a brute force over every
// fixed-order plan within the bounds (docs/Recompute.md, "The exact
// problem"), and the knapsack family.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_TEST_UNIT_RECOMPUTEINSTANCES_H
#define PEAKMEM_TEST_UNIT_RECOMPUTEINSTANCES_H

#include "TestProblems.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Recompute/ExactRecompute.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <tuple>
#include <utility>
#include <vector>

namespace peakmem::test {

struct Block {
  Problem p;
  Order order;
  std::vector<Producer> producers;
  RecomputeOptions options;
  /// Per statement: the buffer it writes (blockOf: each writes one).
  std::vector<int64_t> writes;
};

/// A number in [lo, hi] from the next output of `rng`. Not
/// std::uniform_int_distribution (its algorithm is the library's): the
/// instances must be the same under every compiler and standard library, and
/// every call is a statement of its own (argument evaluation order).
inline int64_t pick(std::mt19937 &rng, int64_t lo, int64_t hi) {
  return lo + int64_t(uint64_t(rng()) % uint64_t(hi - lo + 1));
}

/// PEAKMEM_EXACT_RECOMPUTE_SCALE=<n> runs n times the random cases (local
/// soak runs; CI runs 1).
inline unsigned caseScale() {
  const char *v = std::getenv("PEAKMEM_EXACT_RECOMPUTE_SCALE");
  int n = v ? std::atoi(v) : 1;
  return n > 0 ? unsigned(n) : 1u;
}

/// A random series-parallel DAG of `n` nodes as edges between node ids.
inline void seriesParallel(std::mt19937 &rng, unsigned n, unsigned &next,
                           std::vector<std::pair<unsigned, unsigned>> &edges,
                           std::vector<unsigned> &in,
                           std::vector<unsigned> &out) {
  if (n == 1) {
    in = out = {next++};
    return;
  }
  unsigned left = unsigned(pick(rng, 1, n - 1));
  std::vector<unsigned> in1, out1, in2, out2;
  seriesParallel(rng, left, next, edges, in1, out1);
  seriesParallel(rng, n - left, next, edges, in2, out2);
  if (pick(rng, 0, 1)) {
    for (unsigned a : out1)
      for (unsigned b : in2)
        edges.push_back({a, b});
    in = in1;
    out = out2;
  } else {
    in = in1;
    in.insert(in.end(), in2.begin(), in2.end());
    out = out1;
    out.insert(out.end(), out2.begin(), out2.end());
  }
}

/// A random DAG: each node reads up to three earlier nodes.
inline void randomDag(std::mt19937 &rng, unsigned n,
                      std::vector<std::pair<unsigned, unsigned>> &edges) {
  for (unsigned v = 1; v < n; ++v) {
    int64_t reads = pick(rng, 0, 4) == 0 ? 0 : pick(rng, 1, 3);
    for (int64_t r = 0; r < reads; ++r)
      edges.push_back({unsigned(pick(rng, 0, v - 1)), v});
  }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
}

/// A random partial k-tree of `n` nodes (k <= 3, so treewidth <= k): a
/// clique on the first k + 1 nodes, then each node joined to a random
/// k-clique made so far; each edge kept with probability 2/3; oriented by
/// a random numbering (edges from the lower new id).
inline void partialKTree(std::mt19937 &rng, unsigned n, unsigned k,
                         std::vector<std::pair<unsigned, unsigned>> &edges) {
  std::vector<std::vector<unsigned>> cliques;
  std::vector<std::pair<unsigned, unsigned>> all;
  unsigned first = std::min(n, k + 1);
  for (unsigned v = 0; v < first; ++v)
    for (unsigned u = 0; u < v; ++u)
      all.push_back({u, v});
  if (first == k + 1)
    for (unsigned drop = 0; drop <= k; ++drop) {
      std::vector<unsigned> c;
      for (unsigned v = 0; v <= k; ++v)
        if (v != drop)
          c.push_back(v);
      cliques.push_back(c);
    }
  for (unsigned v = first; v < n; ++v) {
    std::vector<unsigned> c =
        cliques[size_t(pick(rng, 0, int64_t(cliques.size()) - 1))];
    for (unsigned u : c)
      all.push_back({u, v});
    for (size_t drop = 0; drop < c.size(); ++drop) {
      std::vector<unsigned> next = c;
      next[drop] = v;
      cliques.push_back(next);
    }
  }
  std::vector<unsigned> id(n);
  for (unsigned v = 0; v < n; ++v)
    id[v] = v;
  for (unsigned v = n; v > 1; --v)
    std::swap(id[v - 1], id[size_t(pick(rng, 0, v - 1))]);
  for (auto [a, b] : all)
    if (pick(rng, 0, 2) != 0)
      edges.push_back({std::min(id[a], id[b]), std::max(id[a], id[b])});
  std::sort(edges.begin(), edges.end());
}

/// A random legal order: a ready statement chosen at random each step.
inline Order randomOrder(const Problem &p, std::mt19937 &rng) {
  std::vector<size_t> waiting(p.numStatements());
  std::vector<StmtId> ready;
  for (StmtId s = 0; s < p.numStatements(); ++s)
    if ((waiting[s] = p.preds(s).size()) == 0)
      ready.push_back(s);
  Order order;
  while (!ready.empty()) {
    size_t i = size_t(pick(rng, 0, int64_t(ready.size()) - 1));
    StmtId s = ready[i];
    ready.erase(ready.begin() + i);
    order.push_back(s);
    for (StmtId t : p.succs(s))
      if (--waiting[t] == 0)
        ready.push_back(t);
  }
  return order;
}

inline size_t plansOf(size_t users, unsigned k) {
  size_t plans = 0, c = 1;
  for (unsigned i = 0; i <= k && i <= users; ++i) {
    plans += c;
    c = c * (users - i) / (i + 1);
  }
  return plans;
}

/// The block of a node DAG: each node writes its own buffer (some with a
/// fill before it, as one group), read by its successors; sources read a
/// live input; some nodes get an extra edge to a later node that does not
/// read them (its copy constrains the clones). Without `fills`, no fills
/// (a fill is unordered with its statement's predecessors: with them the
/// dependence order of a series-parallel DAG is not series-parallel).
inline Block blockOf(std::mt19937 &rng, unsigned n,
                     const std::vector<std::pair<unsigned, unsigned>> &edges,
                     bool fills = true) {
  Block b;
  Problem &p = b.p;
  p.liveIn = pick(rng, 0, 3);
  BufferId input = p.addBuffer(pick(rng, 1, 40), false);
  std::vector<StmtId> stmt(n);
  std::vector<BufferId> out(n);
  std::vector<std::vector<StmtId>> group(n);
  for (unsigned v = 0; v < n; ++v) {
    bool fill = pick(rng, 0, 4) == 0 && fills;
    StmtId f = fill ? p.addStatement() : 0;
    stmt[v] = p.addStatement(StmtKind::Compute,
                             pick(rng, 0, 2) == 0 ? pick(rng, 1, 8) : 0);
    p.statement(stmt[v]).macs = pick(rng, 0, 9);
    p.statement(stmt[v]).ops = p.statement(stmt[v]).macs + pick(rng, 0, 4);
    int64_t bytes = pick(rng, 1, 30);
    bool freed = pick(rng, 0, 9) != 0;
    out[v] = addOutput(p, stmt[v], bytes, freed);
    group[v] = {stmt[v]};
    if (fill) {
      p.statement(f).ops = pick(rng, 1, 3);
      p.addUse(f, out[v]);
      addRead(p, f, out[v], stmt[v]);
      group[v] = {f, stmt[v]};
    }
  }
  std::vector<uint8_t> hasPred(n, 0);
  for (auto [a, c] : edges) {
    addRead(p, stmt[a], out[a], stmt[c]);
    hasPred[c] = 1;
  }
  for (unsigned v = 0; v < n; ++v)
    if (!hasPred[v])
      p.addUse(stmt[v], input);
  for (auto [a, c] : edges)
    for (auto [c2, d] : edges)
      if (c2 == c && pick(rng, 0, 6) == 0)
        p.addEdge(stmt[a], stmt[d]);
  p.finalize();
  b.writes.assign(p.numStatements(), -1);
  for (unsigned v = 0; v < n; ++v)
    for (StmtId g : group[v])
      b.writes[g] = int64_t(out[v]);
  b.order = randomOrder(p, rng);
  const unsigned ks[] = {1, 1, 2, 2, 3};
  const double macs[] = {0.1, 0.3, 0.6, 1.0, 5.0};
  const double ops[] = {0.5, 1.0, 5.0};
  b.options.maxRecomputePerOp = ks[pick(rng, 0, 4)];
  b.options.maxMacOverhead = macs[pick(rng, 0, 4)];
  b.options.maxOpOverhead = ops[pick(rng, 0, 2)];
  size_t plans = 1;
  for (unsigned v = 0; v < n; ++v) {
    size_t users = p.buffer(out[v]).users.size() - group[v].size();
    size_t more = plansOf(users, b.options.maxRecomputePerOp);
    if (users == 0 || pick(rng, 0, 9) < 3 || plans * more > 400)
      continue;
    plans *= more;
    b.producers.push_back({out[v], group[v]});
  }
  return b;
}

/// Calls `check(block, c)` on the block (blockOf, with fills) of a random
/// DAG (randomDag, 2 to 10 nodes) drawn from seed `seed + c`, for c below
/// `cases`; stops at the first failure.
template <typename Check>
void forEachRandomDag(unsigned cases, unsigned seed, Check check) {
  for (unsigned c = 0; c < cases; ++c) {
    std::mt19937 rng(seed + c);
    unsigned n = unsigned(pick(rng, 2, 10));
    std::vector<std::pair<unsigned, unsigned>> edges;
    randomDag(rng, n, edges);
    check(blockOf(rng, n, edges), c);
    if (::testing::Test::HasFailure())
      return;
  }
}

/// The same for random series-parallel DAGs (2 to 9 nodes), with or
/// without fills.
template <typename Check>
void forEachSeriesParallelDag(unsigned cases, unsigned seed, bool fills,
                              Check check) {
  for (unsigned c = 0; c < cases; ++c) {
    std::mt19937 rng(seed + c);
    unsigned n = unsigned(pick(rng, 2, 9)), next = 0;
    std::vector<std::pair<unsigned, unsigned>> edges;
    std::vector<unsigned> in, out;
    seriesParallel(rng, n, next, edges, in, out);
    check(blockOf(rng, n, edges, fills), c);
    if (::testing::Test::HasFailure())
      return;
  }
}

/// The same for random partial k-trees (3 to 10 nodes, k from 1 to 3), with
/// fills on about half of them.
template <typename Check>
void forEachPartialKTree(unsigned cases, unsigned seed, Check check) {
  for (unsigned c = 0; c < cases; ++c) {
    std::mt19937 rng(seed + c);
    unsigned n = unsigned(pick(rng, 3, 10));
    unsigned k = unsigned(pick(rng, 1, 3));
    std::vector<std::pair<unsigned, unsigned>> edges;
    partialKTree(rng, n, k, edges);
    check(blockOf(rng, n, edges, pick(rng, 0, 1) == 0), c);
    if (::testing::Test::HasFailure())
      return;
  }
}

struct Best {
  int64_t peak = 0, macs = 0, ops = 0;
  size_t plans = 0, illegal = 0;
};

/// Every fixed-order plan: each producer's cuts are any set of at most k of
/// its users after its group; within the budgets and legal.
inline Best bruteForce(const Block &b) {
  const Problem &p = b.p;
  std::vector<size_t> pos(p.numStatements());
  for (size_t i = 0; i < b.order.size(); ++i)
    pos[b.order[i]] = i;
  std::vector<std::vector<std::vector<StmtId>>> choices;
  for (const Producer &pr : b.producers) {
    size_t last = 0;
    for (StmtId g : pr.group)
      last = std::max(last, pos[g]);
    std::vector<StmtId> after;
    for (StmtId u : p.buffer(pr.buffer).users)
      if (pos[u] > last &&
          std::find(pr.group.begin(), pr.group.end(), u) == pr.group.end())
        after.push_back(u);
    std::vector<std::vector<StmtId>> sets;
    for (uint32_t mask = 0; mask < (1u << after.size()); ++mask) {
      if (unsigned(__builtin_popcount(mask)) > b.options.maxRecomputePerOp ||
          (!p.buffer(pr.buffer).freedInBlock && mask != 0))
        continue;
      std::vector<StmtId> set;
      for (size_t i = 0; i < after.size(); ++i)
        if (mask >> i & 1)
          set.push_back(after[i]);
      sets.push_back(set);
    }
    choices.push_back(sets);
  }
  int64_t macBudget = int64_t(b.options.maxMacOverhead * double(p.totalMacs()));
  int64_t opBudget = int64_t(b.options.maxOpOverhead * double(p.totalOps()));
  Best best;
  best.peak = -1;
  std::vector<size_t> at(choices.size(), 0);
  while (true) {
    std::vector<FixedOrderCuts> cuts;
    for (size_t i = 0; i < choices.size(); ++i)
      if (!choices[i][at[i]].empty())
        cuts.push_back({b.producers[i].buffer, choices[i][at[i]]});
    FixedOrderPlan plan =
        materializeFixedOrderPlan(p, b.order, b.producers, cuts);
    EXPECT_EQ(plan.error, "");
    if (plan.extraMacs <= macBudget && plan.extraOps <= opBudget) {
      ++best.plans;
      if (!plan.problem.check().empty() ||
          !isLegalOrder(plan.problem, plan.order)) {
        ++best.illegal;
      } else {
        int64_t peak = simulatePeak(plan.problem, plan.order);
        std::tuple<int64_t, int64_t, int64_t> t{peak, plan.extraMacs,
                                                plan.extraOps};
        if (best.peak < 0 || t < std::tie(best.peak, best.macs, best.ops))
          std::tie(best.peak, best.macs, best.ops) = t;
      }
    }
    size_t i = 0;
    while (i < at.size() && ++at[i] == choices[i].size())
      at[i++] = 0;
    if (i == at.size())
      break;
  }
  return best;
}

/// The assertions every exact program shares on a block it finished: its
/// optimum (peak, then MACs, then operations) is the brute force's `bf` and
/// the sweep's `sw` (the same block and order), it is its own lower bound
/// above the relaxation, and its plan is legal, simulates to that peak,
/// costs those MACs and stays within the per-op bound.
inline void expectExactOptimum(const Block &b, const ExactRecomputeResult &ex,
                               const ExactRecomputeResult &sw, const Best &bf) {
  EXPECT_EQ(ex.peakBefore, simulatePeak(b.p, b.order));
  EXPECT_EQ(std::tie(ex.peak, ex.extraMacs, ex.extraOps),
            std::tie(bf.peak, bf.macs, bf.ops));
  EXPECT_EQ(std::tie(ex.peak, ex.extraMacs, ex.extraOps),
            std::tie(sw.peak, sw.extraMacs, sw.extraOps));
  EXPECT_EQ(ex.lowerBound, ex.peak);
  EXPECT_LE(ex.relaxation, bf.peak);
  EXPECT_TRUE(isLegalOrder(ex.plan.problem, ex.plan.order));
  EXPECT_EQ(simulatePeak(ex.plan.problem, ex.plan.order), ex.peak);
  EXPECT_EQ(ex.plan.extraMacs, ex.extraMacs);
  EXPECT_EQ(ex.decisions, sw.decisions);
  for (const FixedOrderCuts &cut : ex.cuts)
    EXPECT_LE(cut.cloneBefore.size(), b.options.maxRecomputePerOp);
}

/// The knapsack encoding: item i is a buffer of w_i bytes whose producer
/// costs c_i MACs, read by E_i before and by L_i after a statement S with
/// 100 bytes of scratch (E_i -> S -> L_i). Every order runs S with every
/// buffer not recomputed live, so the least peak over every plan and every
/// order is 100 + sum(w) - (the knapsack optimum under the MAC budget). The
/// items: A (q+1 bytes, 2q MACs), B and C (q, q), ten fillers (1, q), budget
/// 2q: the best single step is A, after which nothing fits (q+1 freed); the
/// optimum is B and C (2q). Thirteen candidates are more than the planner's
/// exact stage takes (12), so it plans greedily.
inline Block knapsackBlock(int64_t q,
                           std::vector<std::pair<int64_t, int64_t>> &items) {
  items.assign(12, {q + 1, 2 * q});
  items.push_back({q, q});
  items.push_back({q, q});
  Block b;
  Problem &p = b.p;
  std::vector<StmtId> early;
  std::vector<std::pair<StmtId, BufferId>> made;
  int64_t itemMacs = 0;
  for (auto [w, c] : items) {
    StmtId pi = p.addStatement();
    p.statement(pi).macs = p.statement(pi).ops = c;
    itemMacs += c;
    BufferId bi = addOutput(p, pi, w);
    StmtId ei = p.addStatement();
    addRead(p, pi, bi, ei);
    early.push_back(ei);
    made.push_back({pi, bi});
    b.producers.push_back({bi, {pi}});
  }
  StmtId s = p.addStatement(StmtKind::Compute, 100);
  p.statement(s).macs = p.statement(s).ops = 128 * q - itemMacs;
  for (StmtId ei : early)
    p.addEdge(ei, s);
  for (auto [pi, bi] : made) {
    StmtId li = p.addStatement();
    addRead(p, pi, bi, li);
    p.addEdge(s, li);
  }
  p.finalize();
  b.order = identityOrder(p);
  b.options.maxRecomputePerOp = 1;
  b.options.maxMacOverhead = b.options.maxOpOverhead = 1.0 / 64;
  return b;
}

inline int64_t
knapsackOptimum(const std::vector<std::pair<int64_t, int64_t>> &items,
                int64_t budget) {
  std::vector<int64_t> best(size_t(budget) + 1, 0);
  for (auto [w, c] : items)
    for (int64_t m = budget; m >= c; --m)
      best[m] = std::max(best[m], best[m - c] + w);
  return best[budget];
}

} // namespace peakmem::test

#endif // PEAKMEM_TEST_UNIT_RECOMPUTEINSTANCES_H
