//===- TreewidthRecomputeTest.cpp - Exact plans by a DP over bags ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// exactRecomputeTreewidth against the brute force over every fixed-order
// plan within the bounds (docs/Recompute.md, "The exact problem") and the
// sweep, on random DAGs of treewidth <= 3 (partial k-trees) and random
// series-parallel DAGs; the knapsack family; the work limit (unfinished runs
// keep a valid bound and never report more than limit + 1 units, for the
// sweep and the series-parallel fold too); invalid input.

#include "peakmem/Core/Recompute/TreewidthRecompute.h"
#include "RecomputeInstances.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Recompute/SeriesParallel.h"
#include "peakmem/Core/Recompute/TreeDecomposition.h"

#include <gtest/gtest.h>

#include <random>
#include <tuple>

using namespace peakmem;

namespace {

using namespace peakmem::test;

struct Tally {
  size_t gains = 0, width2 = 0, multiCut = 0, narrower = 0, dagWidth3 = 0,
         stopped = 0;
};

/// The bag DP on `b` against the brute force and the sweep; then stopped at
/// half its work: unfinished (or the same optimum), a bound still below.
void checkBags(const Block &b, unsigned c, Tally &t) {
  SCOPED_TRACE("case " + std::to_string(c));
  WorkBudget w1, w2;
  ExactRecomputeResult tw =
      exactRecomputeTreewidth(b.p, b.order, b.producers, b.options, w1);
  ExactRecomputeResult sw =
      exactRecomputeFixedOrder(b.p, b.order, b.producers, b.options, w2);
  Best bf = bruteForce(b);
  ASSERT_TRUE(tw.finished) << tw.reason;
  expectExactOptimum(b, tw, sw, bf);
  EXPECT_LE(tw.width, sw.width);
  t.narrower += tw.width < sw.width;
  t.gains += tw.peak < tw.peakBefore;
  t.width2 += tw.width >= 2;
  for (const FixedOrderCuts &cut : tw.cuts)
    t.multiCut += cut.cloneBefore.size() >= 2;
  WorkBudget dagWork;
  TreeDecomposition dag = minFillDecomposition(b.p, dagWork);
  t.dagWidth3 += dag.finished && dag.width <= 3;
  WorkBudget half(tw.workUsed / 2);
  ExactRecomputeResult cut =
      exactRecomputeTreewidth(b.p, b.order, b.producers, b.options, half);
  EXPECT_LE(cut.workUsed, half.limit() + 1);
  EXPECT_LE(cut.lowerBound, bf.peak);
  if (cut.finished) {
    EXPECT_EQ(cut.peak, bf.peak);
  } else {
    ++t.stopped;
    EXPECT_EQ(cut.reason, "the work limit ran out");
    EXPECT_EQ(cut.stoppedBy, WorkStop::WorkLimit);
    EXPECT_TRUE(cut.cuts.empty());
    EXPECT_EQ(cut.peak, cut.peakBefore);
  }
}

// Not vacuous (counts at the time of writing printed): many blocks gain, the
// program often holds two or more decisions in a bag, some plans cut a
// buffer twice.
TEST(TreewidthRecompute, MatchesBruteForceOnPartialKTrees) {
  Tally t;
  unsigned cases = 2400 * caseScale();
  forEachPartialKTree(cases, 600000,
                      [&](const Block &b, unsigned c) { checkBags(b, c, t); });
  if (::testing::Test::HasFailure())
    return;
  std::printf("partial k-trees: %u blocks, %zu gain, %zu of width >= 2, %zu "
              "cut twice, %zu narrower than the sweep, %zu of statement "
              "min-fill width <= 3, %zu stopped at half the work\n",
              cases, t.gains, t.width2, t.multiCut, t.narrower, t.dagWidth3,
              t.stopped);
  EXPECT_GT(t.gains, cases / 10);
  EXPECT_GT(t.width2, cases / 4);
  EXPECT_GT(t.multiCut, 0u);
  EXPECT_GT(t.dagWidth3, cases / 2);
  EXPECT_GT(t.narrower, 0u);
  EXPECT_GT(t.stopped, cases / 2);
}

TEST(TreewidthRecompute, MatchesBruteForceOnSeriesParallelDags) {
  Tally t;
  unsigned cases = 1200 * caseScale();
  forEachSeriesParallelDag(
      cases, 700000, true,
      [&](const Block &b, unsigned c) { checkBags(b, c, t); });
  if (::testing::Test::HasFailure())
    return;
  std::printf("series-parallel: %u blocks, %zu gain, %zu of width >= 2\n",
              cases, t.gains, t.width2);
  EXPECT_GT(t.gains, cases / 10);
  EXPECT_GT(t.width2, cases / 4);
}

TEST(TreewidthRecompute, KnapsackFamilyBeatsTheGreedyPlanner) {
  for (int64_t q = 2; q <= 6; ++q) {
    SCOPED_TRACE("q = " + std::to_string(q));
    std::vector<std::pair<int64_t, int64_t>> items;
    Block b = knapsackBlock(q, items);
    int64_t all = 100;
    for (auto [w, c] : items)
      all += w;
    WorkBudget work;
    ExactRecomputeResult ex =
        exactRecomputeTreewidth(b.p, b.order, b.producers, b.options, work);
    ASSERT_TRUE(ex.finished) << ex.reason;
    std::printf("q = %lld: %llu units, width %zu, %zu keys\n", (long long)q,
                (unsigned long long)ex.workUsed, ex.width, ex.maxStates);
    EXPECT_EQ(ex.peakBefore, all);
    EXPECT_EQ(ex.peak, all - knapsackOptimum(items, 2 * q));
    EXPECT_EQ(ex.peak, all - 2 * q);
    EXPECT_EQ(ex.extraMacs, 2 * q);
    ASSERT_EQ(ex.cuts.size(), 2u);
    RecomputePlan greedy = planRecompute(b.p, b.order, b.producers, b.options);
    EXPECT_EQ(greedy.peak, all - (q + 1));
    EXPECT_GT(greedy.peak, ex.peak);
  }
}

// Every exact program stops at its budget: never more than limit + 1 units
// (the unit that exhausts it), however large the charge it stopped on.
TEST(TreewidthRecompute, WorkNeverPastTheLimit) {
  std::vector<std::pair<int64_t, int64_t>> items;
  Block b = knapsackBlock(4, items);
  WorkBudget unlimited;
  SeriesParallelDecomposition dec =
      decomposeSeriesParallel(b.p, b.order, unlimited);
  ASSERT_TRUE(dec.seriesParallel);
  WorkBudget unlimited2;
  ExactRecomputeResult full =
      exactRecomputeTreewidth(b.p, b.order, b.producers, b.options, unlimited2);
  ASSERT_TRUE(full.finished);
  size_t unfinished = 0, runs = 0;
  for (WorkUnits limit = 1; limit < 4000000; limit = limit * 3 + 1) {
    for (int program = 0; program < 3; ++program) {
      WorkBudget work(limit);
      ExactRecomputeResult ex =
          program == 0   ? exactRecomputeTreewidth(b.p, b.order, b.producers,
                                                   b.options, work)
          : program == 1 ? exactRecomputeFixedOrder(b.p, b.order, b.producers,
                                                    b.options, work)
                         : exactRecomputeSeriesParallel(b.p, dec, b.producers,
                                                        b.options, work);
      SCOPED_TRACE("limit " + std::to_string(limit) + ", program " +
                   std::to_string(program));
      ++runs;
      EXPECT_LE(ex.workUsed, limit + 1);
      EXPECT_EQ(ex.workUsed, work.used());
      EXPECT_LE(ex.lowerBound, full.peak);
      if (ex.finished)
        continue;
      ++unfinished;
      EXPECT_EQ(ex.stoppedBy, WorkStop::WorkLimit);
      EXPECT_EQ(ex.reason, "the work limit ran out");
      EXPECT_TRUE(ex.cuts.empty());
    }
  }
  EXPECT_GT(unfinished, 9u);
  EXPECT_LT(unfinished, runs);
}

TEST(TreewidthRecompute, InvalidInputLeavesTheProblem) {
  std::vector<std::pair<int64_t, int64_t>> items;
  Block b = knapsackBlock(2, items);
  WorkBudget work;
  ExactRecomputeResult ex =
      exactRecomputeTreewidth(b.p, b.order, {{99, {0}}}, b.options, work);
  EXPECT_FALSE(ex.finished);
  EXPECT_EQ(ex.reason, "a producer's buffer is out of range");
  EXPECT_EQ(ex.plan.problem.numStatements(), b.p.numStatements());
  Order reversed(b.order.rbegin(), b.order.rend());
  ex = exactRecomputeTreewidth(b.p, reversed, b.producers, b.options, work);
  EXPECT_FALSE(ex.finished);
  EXPECT_EQ(ex.reason, "the order is not a legal order of the problem");
  EXPECT_TRUE(ex.cuts.empty());
}

} // namespace
