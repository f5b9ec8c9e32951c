//===- MonotoneTest.cpp - Anytime searches are monotone in their limit ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Issue #23: every search stops on work units it counts, so the same search
// continued longer never returns a worse result, and the same limit always
// gives the same result. Checked on random problems over a ladder of limits
// (each twice the one before), from a limit that cuts every search short to
// one that lets most finish.
//
//===----------------------------------------------------------------------===//

#include "TestProblems.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Schedule/ExactSearch.h"
#include "peakmem/Core/Schedule/Scheduler.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>

using namespace peakmem;

namespace {

constexpr WorkUnits kFirstLimit = 25'000;
constexpr int kRungs = 10; // up to 25,000 x 2^9 = 12,800,000 units

TEST(Monotone, ScheduleBlockNeverWorseWithTwiceTheWork) {
  std::mt19937 rng(2323);
  int cut = 0, improved = 0;
  for (int iter = 0; iter < 24; ++iter) {
    unsigned n = 30 + 15 * (iter % 6);
    Problem p = test::randomProblem(rng, n);
    ASSERT_EQ(p.check(), "");
    int64_t previous = simulatePeak(p, identityOrder(p));
    for (int k = 0; k < kRungs; ++k) {
      ScheduleOptions o;
      o.maxWork = kFirstLimit << k;
      ScheduleResult r = scheduleBlock(p, o);
      std::string what = "iter " + std::to_string(iter) + " n " +
                         std::to_string(n) + " limit " +
                         std::to_string(o.maxWork);
      ASSERT_TRUE(isLegalOrder(p, r.order)) << what;
      EXPECT_EQ(r.peak, simulatePeak(p, r.order)) << what;
      EXPECT_LE(r.peak, previous) << what;
      cut += r.budgetExhausted;
      improved += k > 0 && r.peak < previous;
      // A function of the limit: the same again.
      ScheduleResult again = scheduleBlock(p, o);
      EXPECT_EQ(again.order, r.order) << what;
      previous = r.peak;
    }
  }
  // The ladder did cut searches, and more work did pay somewhere.
  EXPECT_GT(cut, 0);
  EXPECT_GT(improved, 0);
  std::printf("[monotone] scheduleBlock: %d of %d runs cut by the limit, %d "
              "improved by twice the work\n",
              cut, 24 * kRungs, improved);
}

TEST(Monotone, ExactSearchNeverWorseWithTwiceTheWork) {
  std::mt19937 rng(2324);
  int cut = 0;
  for (int iter = 0; iter < 16; ++iter) {
    unsigned n = 40 + 20 * (iter % 4);
    Problem p = test::randomProblem(rng, n);
    Order incumbent = identityOrder(p);
    int64_t previous = simulatePeak(p, incumbent);
    for (int k = 0; k < kRungs; ++k) {
      WorkBudget work(kFirstLimit << k);
      SearchResult r = exactSearch(p, incumbent, SearchOptions(), &work);
      std::string what = "iter " + std::to_string(iter) + " limit " +
                         std::to_string(work.limit());
      ASSERT_TRUE(isLegalOrder(p, r.order)) << what;
      EXPECT_LE(r.peak, previous) << what;
      cut += r.stoppedBy == SearchStop::WorkLimit;
      previous = r.peak;
    }
  }
  EXPECT_GT(cut, 0);
}

} // namespace
