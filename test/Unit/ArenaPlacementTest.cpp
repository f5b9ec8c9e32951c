//===- ArenaPlacementTest.cpp - The placement search on a real instance ---===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// planArena on ReDimNet B0's placement problem (ArenaRedimnetB0.h) with a
// move budget instead of a time budget, so the result does not depend on the
// machine: the search restarts from the size order and is judged by (arena,
// overflow) (docs/Arena.md, section 3). The former search (no restarts,
// arena then buffers at the top) stayed at 6,720,000 B with the same budget.
//
//===----------------------------------------------------------------------===//

#include "ArenaRedimnetB0.h"
#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Arena/ArenaBaselines.h"
#include "peakmem/Core/Arena/ArenaPlanner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace peakmem;

TEST(ArenaPlacement, RedimnetB0ReachesTheBound) {
  ArenaProblem p;
  for (const auto &b : test::kRedimnetB0)
    p.addBuffer(b[0], b[1], static_cast<uint32_t>(b[2]),
                static_cast<uint32_t>(b[3]));
  ASSERT_EQ(p.check(), "");
  ASSERT_EQ(liveBytesLowerBound(p), test::kRedimnetB0Bound);
  // The default budget, in work units: the same on any machine.
  ArenaPlannerResult r = planArena(p);
  EXPECT_EQ(checkArenaPlan(p, r.plan), "");
  EXPECT_EQ(r.bestBaselineSize, 6'720'000);
  EXPECT_EQ(r.plan.size, test::kRedimnetB0Bound);
  EXPECT_EQ(r.stop, ArenaStop::ReachedBound);
  EXPECT_TRUE(r.provenOptimal);
}

// The conflict index (no pairs stored) against the definition: every pair
// whose lifetimes meet, each visited once, degrees and the pair count.
TEST(ArenaConflicts, MatchBruteForce) {
  std::mt19937 rng(25);
  for (int trial = 0; trial < 300; ++trial) {
    ArenaProblem p;
    const uint32_t steps = 1 + rng() % 40;
    const size_t n = rng() % 60;
    for (size_t i = 0; i < n; ++i) {
      uint32_t a = rng() % steps, b = rng() % steps;
      if (rng() % 4 == 0)
        b = a;
      p.addBuffer(rng() % 5 == 0 ? 0 : 1 + rng() % 100, 1, std::min(a, b),
                  std::max(a, b));
    }
    ArenaConflicts c(p);
    size_t pairs = 0;
    std::vector<ArenaBufferId> got, want;
    for (ArenaBufferId b = 0; b < n; ++b) {
      want.clear();
      for (ArenaBufferId a = 0; a < n; ++a)
        if (a != b && p.buffer(a).life.first <= p.buffer(b).life.last &&
            p.buffer(b).life.first <= p.buffer(a).life.last)
          want.push_back(a);
      got.clear();
      c.forEach(b, [&](ArenaBufferId a) { got.push_back(a); });
      std::sort(got.begin(), got.end());
      EXPECT_EQ(got, want) << "trial " << trial << " buffer " << b;
      EXPECT_EQ(c.degree(b), want.size());
      c.sorted(b, got);
      EXPECT_EQ(got, want);
      pairs += want.size();
    }
    EXPECT_EQ(c.numPairs(), pairs / 2);
  }
}
