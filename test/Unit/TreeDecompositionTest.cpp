//===- TreeDecompositionTest.cpp - Min-fill tree decompositions -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// minFillDecomposition: a valid tree decomposition (every vertex and edge in
// a bag, the bags holding a vertex connected in the tree) whose width is
// never below the treewidth computed exactly (a dynamic program over vertex
// subsets) on small random graphs, and equal to it on trees and cycles.

#include "peakmem/Core/Recompute/TreeDecomposition.h"
#include "RecomputeInstances.h"

#include <gtest/gtest.h>

#include <random>

using namespace peakmem;

namespace {

using Edges = std::vector<std::pair<uint32_t, uint32_t>>;

void checkValid(size_t n, const Edges &edges, const TreeDecomposition &td) {
  ASSERT_TRUE(td.finished) << td.reason;
  ASSERT_EQ(td.bags.size(), n);
  ASSERT_EQ(td.parents.size(), n);
  auto inBag = [&](size_t i, uint32_t v) {
    return std::binary_search(td.bags[i].begin(), td.bags[i].end(), v);
  };
  for (auto [a, b] : edges) {
    bool covered = a == b;
    for (size_t i = 0; i < n && !covered; ++i)
      covered = inBag(i, a) && inBag(i, b);
    EXPECT_TRUE(covered) << a << "-" << b;
  }
  size_t width = 0;
  for (size_t i = 0; i < n; ++i) {
    width = std::max(width, td.bags[i].size() - 1);
    EXPECT_TRUE(td.parents[i] < 0 || size_t(td.parents[i]) > i);
  }
  EXPECT_EQ(td.width, width);
  // Connected: every bag holding v but v's own (the last holding it) has
  // a parent holding v, so they all reach v's own bag.
  for (uint32_t v = 0; v < n; ++v)
    for (size_t i = 0; i < n; ++i)
      if (inBag(i, v) && td.elimination[i] != v) {
        EXPECT_TRUE(td.parents[i] >= 0 && inBag(size_t(td.parents[i]), v))
            << "vertex " << v << " bag " << i;
      }
}

/// The exact treewidth by TW(S) = min over v in S of max(TW(S - v), |Q(S - v,
/// v)|), Q(S, v) the vertices outside S + v reachable from v through S.
size_t exactTreewidth(size_t n, const Edges &edges) {
  std::vector<uint32_t> adj(n, 0);
  for (auto [a, b] : edges)
    if (a != b) {
      adj[a] |= 1u << b;
      adj[b] |= 1u << a;
    }
  auto q = [&](uint32_t s, uint32_t v) {
    uint32_t seen = 1u << v, stack = 1u << v, out = 0;
    while (stack) {
      uint32_t x = uint32_t(__builtin_ctz(stack));
      stack &= stack - 1;
      for (uint32_t nb = adj[x] & ~seen; nb; nb &= nb - 1) {
        uint32_t y = uint32_t(__builtin_ctz(nb));
        seen |= 1u << y;
        if (s >> y & 1)
          stack |= 1u << y;
        else
          out |= 1u << y;
      }
    }
    return size_t(__builtin_popcount(out));
  };
  std::vector<size_t> tw(size_t(1) << n, 0);
  for (uint32_t s = 1; s < (1u << n); ++s) {
    size_t best = n;
    for (uint32_t rest = s; rest; rest &= rest - 1) {
      uint32_t v = uint32_t(__builtin_ctz(rest));
      uint32_t without = s & ~(1u << v);
      best = std::min(best, std::max(tw[without], q(without, v)));
    }
    tw[s] = best;
  }
  return n == 0 ? 0 : tw[(1u << n) - 1];
}

TEST(TreeDecomposition, TreesAndCycles) {
  for (size_t n = 3; n <= 9; ++n) {
    Edges path, cycle;
    for (uint32_t v = 1; v < n; ++v)
      path.push_back({v - 1, v});
    cycle = path;
    cycle.push_back({uint32_t(n - 1), 0});
    WorkBudget w1, w2;
    TreeDecomposition tp = minFillDecomposition(n, path, w1);
    TreeDecomposition tc = minFillDecomposition(n, cycle, w2);
    checkValid(n, path, tp);
    checkValid(n, cycle, tc);
    EXPECT_EQ(tp.width, 1u);
    EXPECT_EQ(tc.width, 2u);
  }
  WorkBudget w;
  EXPECT_EQ(minFillDecomposition(0, {}, w).width, 0u);
  WorkBudget tiny(3);
  Edges k4 = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  TreeDecomposition cut = minFillDecomposition(4, k4, tiny);
  EXPECT_FALSE(cut.finished);
  EXPECT_EQ(cut.reason, "the work limit ran out");
  EXPECT_TRUE(cut.bags.empty());
}

// Random graphs (the random DAG blocks of RecomputeInstances.h, undirected):
// valid, never below the exact treewidth; how often equal is printed.
TEST(TreeDecomposition, NeverBelowTheExactTreewidth) {
  size_t equal = 0, cases = 1500, above2 = 0;
  for (unsigned c = 0; c < cases; ++c) {
    std::mt19937 rng(700000 + c);
    unsigned n = unsigned(test::pick(rng, 2, 11));
    Edges edges;
    std::vector<std::pair<unsigned, unsigned>> dag;
    test::randomDag(rng, n, dag);
    for (auto [a, b] : dag)
      edges.push_back({a, b});
    for (int extra = int(test::pick(rng, 0, 4)); extra > 0; --extra) {
      uint32_t a = uint32_t(test::pick(rng, 0, n - 1));
      uint32_t b = uint32_t(test::pick(rng, 0, n - 1));
      edges.push_back({a, b});
    }
    WorkBudget work;
    TreeDecomposition td = minFillDecomposition(n, edges, work);
    SCOPED_TRACE("case " + std::to_string(c));
    checkValid(n, edges, td);
    size_t exact = exactTreewidth(n, edges);
    EXPECT_GE(td.width, exact);
    equal += td.width == exact;
    above2 += exact > 2;
    if (::testing::Test::HasFailure())
      return;
  }
  std::printf("min-fill: width = treewidth on %zu of %zu (%zu of "
              "treewidth > 2)\n",
              equal, cases, above2);
  EXPECT_GT(above2, cases / 20);
}

TEST(TreeDecomposition, OfAProblem) {
  std::vector<std::pair<int64_t, int64_t>> items;
  test::Block b = test::knapsackBlock(2, items);
  WorkBudget work;
  TreeDecomposition td = minFillDecomposition(b.p, work);
  ASSERT_TRUE(td.finished);
  // P_i - E_i - S - L_i and P_i - L_i: cycles through S, treewidth 2.
  EXPECT_EQ(td.width, 2u);
  EXPECT_EQ(td.bags.size(), b.p.numStatements());
}

} // namespace
