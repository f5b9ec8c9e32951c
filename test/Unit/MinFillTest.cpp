//===- MinFillTest.cpp - Min-fill's incremental fill counts ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// minFillDecomposition keeps its fill counts incrementally (MinFill.cpp).
// Here a reference that re-counts every vertex's fill at every step must
// give the same elimination order, bags and width on random graphs of up to
// 60 vertices of every density, and the long sparse graphs of real blocks
// (ladders with chords, thousands of vertices) finish within a work budget
// the scan of every vertex per step alone would exceed.

#include "RecomputeInstances.h"
#include "peakmem/Core/Recompute/TreeDecomposition.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

using namespace peakmem;

namespace {

using Edges = std::vector<std::pair<uint32_t, uint32_t>>;

/// Min-fill recounting every remaining vertex at every step (same ties:
/// fewer fill edges, fewer neighbours, lower id): the elimination order.
std::vector<uint32_t> referenceOrder(size_t n, const Edges &edges) {
  std::vector<std::set<uint32_t>> adj(n);
  for (auto [a, b] : edges)
    if (a != b) {
      adj[a].insert(b);
      adj[b].insert(a);
    }
  std::vector<uint8_t> gone(n, 0);
  std::vector<uint32_t> order;
  while (order.size() < n) {
    std::tuple<int64_t, size_t, uint32_t> best{-1, 0, 0};
    for (uint32_t v = 0; v < n; ++v) {
      if (gone[v])
        continue;
      int64_t missing = 0;
      for (auto a = adj[v].begin(); a != adj[v].end(); ++a)
        for (auto b = std::next(a); b != adj[v].end(); ++b)
          missing += !adj[*a].count(*b);
      std::tuple<int64_t, size_t, uint32_t> key{missing, adj[v].size(), v};
      if (std::get<0>(best) < 0 || key < best)
        best = key;
    }
    uint32_t v = std::get<2>(best);
    for (uint32_t a : adj[v]) {
      adj[a].erase(v);
      for (uint32_t b : adj[v])
        if (a != b)
          adj[a].insert(b);
    }
    adj[v].clear();
    gone[v] = 1;
    order.push_back(v);
  }
  return order;
}

TEST(MinFill, SameOrderAsRecountingEveryVertex) {
  size_t cases = 400, wide = 0;
  for (unsigned c = 0; c < cases; ++c) {
    std::mt19937 rng(910000 + c);
    size_t n = size_t(test::pick(rng, 1, 60));
    int64_t density = test::pick(rng, 1, 30);
    Edges edges;
    for (uint32_t a = 0; a < n; ++a)
      for (uint32_t b = a + 1; b < n; ++b)
        if (test::pick(rng, 0, 99) < density)
          edges.push_back(
              {test::pick(rng, 0, 1) ? a : b, test::pick(rng, 0, 1) ? b : a});
    WorkBudget work;
    TreeDecomposition td = minFillDecomposition(n, edges, work);
    SCOPED_TRACE("case " + std::to_string(c));
    ASSERT_TRUE(td.finished);
    ASSERT_EQ(td.elimination, referenceOrder(n, edges));
    wide += td.width >= 5;
  }
  // Not only trees: a fair share of the graphs need bags of six or more.
  EXPECT_GT(wide, cases / 4);
}

/// A ladder of `rungs` rungs with a chord every `every` rungs: treewidth 2
/// without chords, at most 3 with them.
Edges ladder(uint32_t rungs, uint32_t every) {
  Edges edges;
  for (uint32_t i = 0; i < rungs; ++i) {
    edges.push_back({2 * i, 2 * i + 1});
    if (i + 1 < rungs) {
      edges.push_back({2 * i, 2 * i + 2});
      edges.push_back({2 * i + 1, 2 * i + 3});
      if (i % every == 0)
        edges.push_back({2 * i, 2 * i + 3});
    }
  }
  return edges;
}

TEST(MinFill, LongSparseGraphsWithinABudget) {
  for (uint32_t rungs : {500u, 2000u}) {
    Edges edges = ladder(rungs, 3);
    size_t n = 2 * size_t(rungs);
    // Scanning every vertex at each step alone would cost n * n / 2 units
    // (2,000,000 and 8,000,000).
    WorkBudget work(40 * n);
    TreeDecomposition td = minFillDecomposition(n, edges, work);
    ASSERT_TRUE(td.finished) << rungs << " rungs, " << td.workUsed;
    EXPECT_LE(td.width, 3u);
    EXPECT_GE(td.width, 2u);
    EXPECT_EQ(td.bags.size(), n);
  }
}

} // namespace
