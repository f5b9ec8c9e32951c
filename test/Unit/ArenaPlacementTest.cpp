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
#include "peakmem/Core/Arena/ArenaPlanner.h"

#include <gtest/gtest.h>

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
