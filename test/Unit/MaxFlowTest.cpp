//===- MaxFlowTest.cpp - Dinic max-flow tests
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//------------------------------===//

#include "peakmem/Core/Support/MaxFlow.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>

using namespace peakmem;

namespace {

/// Capacity bounds and conservation at every node but source and sink; returns
/// the net flow into the sink.
int64_t checkedValue(const MaxFlow &f, uint32_t source, uint32_t sink) {
  std::vector<int64_t> balance(f.numNodes(), 0);
  for (MaxFlow::ArcId a = 0; a < f.numArcs(); ++a) {
    EXPECT_GE(f.flow(a), 0);
    EXPECT_LE(f.flow(a), f.capacity(a));
    balance[f.from(a)] -= f.flow(a);
    balance[f.to(a)] += f.flow(a);
  }
  for (uint32_t x = 0; x < f.numNodes(); ++x) {
    if (x != source && x != sink) {
      EXPECT_EQ(balance[x], 0) << "node " << x;
    }
  }
  EXPECT_EQ(balance[source], -balance[sink]);
  return balance[sink];
}

/// a + b, saturating at kInfiniteCapacity.
int64_t addCapacity(int64_t a, int64_t b) {
  return b >= kInfiniteCapacity - a ? kInfiniteCapacity : a + b;
}

/// Capacity of the cut given by onSourceSide (saturating at infinity).
int64_t cutCapacity(const MaxFlow &f) {
  int64_t cap = 0;
  for (MaxFlow::ArcId a = 0; a < f.numArcs(); ++a)
    if (f.onSourceSide(f.from(a)) && !f.onSourceSide(f.to(a)))
      cap = addCapacity(cap, f.capacity(a));
  return cap;
}

TEST(MaxFlow, TextbookNetwork) {
  // CLRS figure 26.1: maximum flow 23.
  MaxFlow f(6);
  f.addArc(0, 1, 16);
  f.addArc(0, 2, 13);
  f.addArc(1, 3, 12);
  f.addArc(2, 1, 4);
  f.addArc(2, 4, 14);
  f.addArc(3, 2, 9);
  f.addArc(3, 5, 20);
  f.addArc(4, 3, 7);
  f.addArc(4, 5, 4);
  EXPECT_EQ(f.solve(0, 5), 23);
  EXPECT_EQ(checkedValue(f, 0, 5), 23);
  EXPECT_EQ(cutCapacity(f), 23);
  EXPECT_TRUE(f.onSourceSide(0));
  EXPECT_FALSE(f.onSourceSide(5));
}

TEST(MaxFlow, DisconnectedAndEmpty) {
  MaxFlow f(3);
  f.addArc(0, 1, 5);
  EXPECT_EQ(f.solve(0, 2), 0);
  EXPECT_TRUE(f.onSourceSide(1));
  EXPECT_FALSE(f.onSourceSide(2));
}

TEST(MaxFlow, InfiniteArcs) {
  {
    // Bottleneck behind infinite arcs.
    MaxFlow f(4);
    f.addArc(0, 1, kInfiniteCapacity);
    f.addArc(1, 2, 5);
    f.addArc(2, 3, kInfiniteCapacity);
    f.addArc(0, 2, 3);
    EXPECT_EQ(f.solve(0, 3), 8);
    EXPECT_EQ(checkedValue(f, 0, 3), 8);
  }
  {
    // No finite cut, two infinite paths: must not overflow.
    MaxFlow f(3);
    f.addArc(0, 1, kInfiniteCapacity);
    f.addArc(1, 2, kInfiniteCapacity);
    f.addArc(0, 2, kInfiniteCapacity);
    f.addArc(0, 2, std::numeric_limits<int64_t>::max()); // Clamped.
    EXPECT_EQ(f.solve(0, 2), kInfiniteCapacity);
  }
  {
    // Negative capacity counts as zero.
    MaxFlow f(2);
    f.addArc(0, 1, -7);
    EXPECT_EQ(f.capacity(0), 0);
    EXPECT_EQ(f.solve(0, 1), 0);
  }
}

TEST(MaxFlow, ParallelAndAntiParallelArcs) {
  MaxFlow f(3);
  f.addArc(0, 1, 3);
  f.addArc(0, 1, 4);
  f.addArc(1, 0, 10);
  f.addArc(1, 2, 5);
  f.addArc(1, 2, 1);
  EXPECT_EQ(f.solve(0, 2), 6);
  EXPECT_EQ(checkedValue(f, 0, 2), 6);
}

TEST(MaxFlow, ResolveContinuesAfterAddingArcs) {
  MaxFlow f(3);
  f.addArc(0, 1, 4);
  f.addArc(1, 2, 2);
  EXPECT_EQ(f.solve(0, 2), 2);
  f.addArc(1, 2, 5);
  EXPECT_EQ(f.solve(0, 2), 4);
  EXPECT_EQ(checkedValue(f, 0, 2), 4);
}

TEST(MaxFlow, DeepChainDoesNotRecurse) {
  // 200k nodes in a row: an recursive DFS would overflow the stack.
  const uint32_t n = 200000;
  MaxFlow f(n);
  for (uint32_t i = 0; i + 1 < n; ++i)
    f.addArc(i, i + 1, i == n / 2 ? 7 : kInfiniteCapacity);
  EXPECT_EQ(f.solve(0, n - 1), 7);
  EXPECT_TRUE(f.onSourceSide(n / 2));
  EXPECT_FALSE(f.onSourceSide(n / 2 + 1));
}

TEST(MaxFlow, RandomNetworksMatchBruteForceMinCut) {
  std::mt19937 rng(7);
  for (int iter = 0; iter < 1500; ++iter) {
    const uint32_t n = 2 + rng() % 7;
    MaxFlow f(n);
    const uint32_t arcs = rng() % (3 * n);
    for (uint32_t i = 0; i < arcs; ++i) {
      uint32_t a = rng() % n, b = rng() % n;
      if (a == b)
        continue;
      int64_t cap = rng() % 6 == 0 ? kInfiniteCapacity : rng() % 11;
      f.addArc(a, b, cap);
    }
    const uint32_t s = 0, t = n - 1;
    // Brute-force minimum cut over every S containing s and not t.
    int64_t best = kInfiniteCapacity;
    for (uint32_t mask = 0; mask < (1u << n); ++mask) {
      if (!(mask >> s & 1) || (mask >> t & 1))
        continue;
      int64_t cap = 0;
      for (MaxFlow::ArcId a = 0; a < f.numArcs(); ++a)
        if ((mask >> f.from(a) & 1) && !(mask >> f.to(a) & 1))
          cap = addCapacity(cap, f.capacity(a));
      best = std::min(best, cap);
    }
    int64_t value = f.solve(s, t);
    ASSERT_EQ(value, best) << "iteration " << iter;
    if (value < kInfiniteCapacity) {
      EXPECT_EQ(checkedValue(f, s, t), value);
      EXPECT_EQ(cutCapacity(f), value);
    }
  }
}

} // namespace
