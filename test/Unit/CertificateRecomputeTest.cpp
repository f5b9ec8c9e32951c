//===- CertificateRecomputeTest.cpp - The recompute certificate's checker -===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// checkRecomputeBound (RecomputeCertificate.h) enumerates every fixed-order
// plan itself. On random blocks where the sweep (exactRecomputeFixedOrder)
// finishes, it accepts the sweep's optimum and rejects that number plus or
// minus one; on the knapsack family it rejects the greedy planner's peak
// as the optimum; a budget too small leaves the record unchecked.

#include "RecomputeInstances.h"
#include "peakmem/Core/Recompute/RecomputeCertificate.h"

#include <gtest/gtest.h>

#include <random>

using namespace peakmem;
using namespace peakmem::test;

namespace {

TEST(RecomputeCertificate, AcceptsTheOptimumOnlyOnRandomBlocks) {
  size_t checked = 0, gains = 0, cases = 400;
  for (unsigned c = 0; c < cases; ++c) {
    std::mt19937 rng(520000 + c);
    unsigned n = unsigned(pick(rng, 2, 9));
    std::vector<std::pair<unsigned, unsigned>> edges;
    randomDag(rng, n, edges);
    Block b = blockOf(rng, n, edges);
    WorkBudget exactWork(2'000'000);
    ExactRecomputeResult exact = exactRecomputeFixedOrder(
        b.p, b.order, b.producers, b.options, exactWork);
    if (!exact.finished)
      continue;
    SCOPED_TRACE("case " + std::to_string(c));
    ++checked;
    gains += exact.peak < exact.peakBefore;
    EXPECT_EQ(bruteForce(b).peak, exact.peak);
    for (int64_t delta : {0, -1, 1}) {
      WorkBudget work(100'000'000);
      bool unchecked = true;
      std::string error =
          checkRecomputeBound(b.p, b.order, b.producers, b.options,
                              exact.peak + delta, work, &unchecked);
      EXPECT_FALSE(unchecked) << error;
      if (delta == 0)
        EXPECT_EQ(error, "");
      else
        EXPECT_NE(error, "") << delta;
    }
    if (::testing::Test::HasFailure())
      return;
  }
  std::printf("recompute certificate: %zu of %zu checked, %zu gain\n", checked,
              cases, gains);
  EXPECT_GT(checked, cases * 9 / 10);
  EXPECT_GT(gains, checked / 10);
}

TEST(RecomputeCertificate, RejectsTheGreedyPeakOnTheKnapsackFamily) {
  for (int64_t q = 2; q <= 4; ++q) {
    std::vector<std::pair<int64_t, int64_t>> items;
    Block b = knapsackBlock(q, items);
    WorkBudget exactWork;
    ExactRecomputeResult exact = exactRecomputeFixedOrder(
        b.p, b.order, b.producers, b.options, exactWork);
    ASSERT_TRUE(exact.finished);
    WorkBudget work(1'000'000'000);
    bool unchecked = true;
    EXPECT_EQ(checkRecomputeBound(b.p, b.order, b.producers, b.options,
                                  exact.peak, work, &unchecked),
              "");
    EXPECT_FALSE(unchecked);
    // The greedy planner gets only q + 1 below the peak as written; the
    // optimum is 2q below.
    std::string greedy =
        checkRecomputeBound(b.p, b.order, b.producers, b.options,
                            exact.peakBefore - (q + 1), work, &unchecked);
    EXPECT_NE(greedy.find("below the claimed"), std::string::npos) << greedy;
  }
}

TEST(RecomputeCertificate, UncheckedWhenTheWorkDoesNotFit) {
  std::vector<std::pair<int64_t, int64_t>> items;
  Block b = knapsackBlock(3, items);
  WorkUnits cost =
      recomputeBoundCheckWork(b.p, b.order, b.producers, b.options);
  // At least the plan without cuts and the 14 single cuts.
  EXPECT_GT(cost, 15 * (b.p.linearSize() + 1));
  EXPECT_EQ(
      recomputeBoundCheckWork(b.p, b.order, b.producers, b.options, cost - 1),
      kUnlimitedWork);
  WorkBudget work(cost - 1);
  bool unchecked = false;
  std::string error = checkRecomputeBound(b.p, b.order, b.producers, b.options,
                                          0, work, &unchecked);
  EXPECT_TRUE(unchecked);
  EXPECT_NE(error.find("work units"), std::string::npos) << error;
  EXPECT_EQ(work.used(), 0u);
  // With exactly the work it costs, it is checked and charges that much.
  WorkBudget enough(cost);
  error = checkRecomputeBound(b.p, b.order, b.producers, b.options, 0, enough,
                              &unchecked);
  EXPECT_FALSE(unchecked) << error;
  EXPECT_EQ(enough.used(), cost);
}

} // namespace
