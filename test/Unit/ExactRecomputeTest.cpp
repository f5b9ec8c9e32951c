//===- ExactRecomputeTest.cpp - Exact fixed-order recompute plans ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// exactRecomputeFixedOrder against a brute force over every fixed-order plan
// within the bounds (docs/Recompute.md, "The exact problem"), on random
// series-parallel blocks and random DAGs; the knapsack family on which the
// greedy planner is suboptimal; invalid input and the work limit.

#include "peakmem/Core/Recompute/ExactRecompute.h"
#include "RecomputeInstances.h"
#include "peakmem/Core/Model/ProblemIO.h"
#include "peakmem/Core/Model/Simulation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>

using namespace peakmem;

namespace {

using namespace peakmem::test;

struct Tally {
  size_t gains = 0, illegal = 0, multiCut = 0, width2 = 0;
};

/// Runs the exact program on `b` and checks it against the brute force and
/// its own plan.
void checkAgainstBruteForce(const Block &b, unsigned caseIndex, Tally &t) {
  WorkBudget work;
  ExactRecomputeResult ex =
      exactRecomputeFixedOrder(b.p, b.order, b.producers, b.options, work);
  Best bf = bruteForce(b);
  t.illegal += bf.illegal;
  t.gains += bf.peak < ex.peakBefore;
  t.width2 += ex.width >= 2;
  SCOPED_TRACE("case " + std::to_string(caseIndex));
  if (ex.peak != bf.peak) {
    std::string order;
    for (StmtId s : b.order)
      order += " " + std::to_string(s);
    ADD_FAILURE() << writeProblem(b.p) << "\norder:" << order;
  }
  EXPECT_TRUE(ex.finished) << ex.reason;
  // The sweep is the reference the other programs are compared with: here
  // against itself, the brute force decides.
  expectExactOptimum(b, ex, ex, bf);
  for (const FixedOrderCuts &c : ex.cuts)
    t.multiCut += c.cloneBefore.size() >= 2;
  EXPECT_EQ(ex.plan.steps.empty(), ex.cuts.empty());
}

// Not vacuous: many blocks gain, some optimal plans cut a buffer twice, the
// program often holds two or more buffers' choices at once, and some
// enumerated plans are illegal (the copied edges), which the program must
// exclude too. Counts at the time of writing in the comments.
TEST(ExactRecompute, MatchesBruteForceOnSeriesParallelBlocks) {
  Tally t;
  unsigned cases = 2000 * caseScale();
  forEachSeriesParallelDag(cases, 0, true, [&](const Block &b, unsigned c) {
    checkAgainstBruteForce(b, c, t);
  });
  if (::testing::Test::HasFailure())
    return;
  std::printf("series-parallel: %zu of %u gain, %zu cut twice, %zu of "
              "width >= 2, %zu illegal plans\n",
              t.gains, cases, t.multiCut, t.width2, t.illegal);
  EXPECT_GT(t.gains, cases / 8);
  EXPECT_GT(t.width2, cases / 4);
  EXPECT_GT(t.illegal, cases / 20);
}

TEST(ExactRecompute, MatchesBruteForceOnRandomDags) {
  Tally t;
  unsigned cases = 1500 * caseScale();
  forEachRandomDag(cases, 100000, [&](const Block &b, unsigned c) {
    checkAgainstBruteForce(b, c, t);
  });
  if (::testing::Test::HasFailure())
    return;
  std::printf("random DAGs: %zu of %u gain, %zu cut twice, %zu of width "
              ">= 2, %zu illegal plans\n",
              t.gains, cases, t.multiCut, t.width2, t.illegal);
  EXPECT_GT(t.gains, cases * 2 / 15);
  EXPECT_GT(t.multiCut, 0u);
}

// The instance that showed the DP "finished" above the brute force (clang's
// draw of random DAG case 1451 before the instances were made
// compiler-independent). Buffer 4's group {4, 5} starts (fill 4) before
// buffer 2's group {1} but its member 5 reads buffer 2. The cuts used to be
// applied by their group's first member, so buffer 2's step rewired 5 before
// buffer 4's step cloned it: the clone read buffer 2's clone, a plan outside
// the fixed-order space (clones read the originals) which the brute force
// counted at peak 128 and the program cannot express.
TEST(ExactRecompute, CloneReadsTheOriginalWhenItsGroupStartsEarly) {
  Block b;
  std::string bad = readProblem(
      R"({"buffers":[{"bytes":9,"freed":false},{"bytes":14,"freed":false},)"
      R"({"bytes":2,"freed":true},{"bytes":29,"freed":true},)"
      R"({"bytes":23,"freed":true},{"bytes":30,"freed":true},)"
      R"({"bytes":13,"freed":true},{"bytes":16,"freed":true},)"
      R"({"bytes":19,"freed":true},{"bytes":13,"freed":true},)"
      R"({"bytes":20,"freed":true}],"edges":[[0,1],[0,3],[0,5],[0,7],[0,8],)"
      R"([1,5],[1,7],[1,8],[1,11],[2,3],[3,7],[4,5],[5,8],[5,9],[6,7],[7,13],)"
      R"([12,13]],"live_in":3,"statements":[)"
      R"({"buffers":[0,1],"kind":0,"macs":3,"ops":3,"scratch":1,"target":0},)"
      R"({"buffers":[1,2],"kind":0,"macs":1,"ops":5,"scratch":0,"target":0},)"
      R"({"buffers":[3],"kind":0,"ops":3,"scratch":0,"target":0},)"
      R"({"buffers":[1,3],"kind":0,"macs":4,"ops":7,"scratch":0,"target":0},)"
      R"({"buffers":[4],"kind":0,"ops":2,"scratch":0,"target":0},)"
      R"({"buffers":[1,2,4],"kind":0,"macs":8,"ops":9,"scratch":0,"target":0},)"
      R"({"buffers":[5],"kind":0,"ops":1,"scratch":0,"target":0},)"
      R"({"buffers":[1,2,3,5],"kind":0,"macs":7,"ops":9,"scratch":0,)"
      R"("target":0},{"buffers":[1,2,4,6],"kind":0,"macs":6,"ops":10,)"
      R"("scratch":3,"target":0},)"
      R"({"buffers":[4,7],"kind":0,"macs":5,"ops":5,"scratch":0,"target":0},)"
      R"({"buffers":[0,8],"kind":0,"macs":7,"ops":10,"scratch":7,"target":0},)"
      R"({"buffers":[2,9],"kind":0,"macs":1,"ops":3,"scratch":0,"target":0},)"
      R"({"buffers":[10],"kind":0,"ops":1,"scratch":0,"target":0},)"
      R"({"buffers":[5,10],"kind":0,"macs":1,"ops":3,"scratch":8,"target":0}]})",
      b.p);
  ASSERT_EQ(bad, "");
  b.order = {4, 12, 10, 6, 0, 1, 2, 3, 5, 11, 7, 9, 13, 8};
  b.producers = {{2, {1}}, {3, {2, 3}}, {4, {4, 5}}, {5, {6, 7}}};
  b.options.maxRecomputePerOp = 2;
  b.options.maxMacOverhead = 0.6;
  b.options.maxOpOverhead = 5.0;
  // The brute force's plan then: buffer 2 before 5, buffer 4 before 9.
  FixedOrderPlan plan = materializeFixedOrderPlan(b.p, b.order, b.producers,
                                                  {{2, {5}}, {4, {9}}});
  ASSERT_EQ(plan.error, "");
  ASSERT_EQ(plan.problem.numStatements(), b.p.numStatements() + 3);
  // Buffer 4's clones come first (its group ends later); the clone of 5
  // reads buffer 2 itself.
  const Statement &clone5 =
      plan.problem.statement(StmtId(b.p.numStatements() + 1));
  EXPECT_EQ(clone5.macs, 8);
  EXPECT_TRUE(std::binary_search(clone5.buffers.begin(), clone5.buffers.end(),
                                 BufferId(2)));
  Tally t;
  checkAgainstBruteForce(b, 1451, t);
}

/// A (100 bytes, 10 MACs) is read early by B and late by Z, across C's
/// 200-byte output: re-running A before Z lowers the peak from 310 to 210.
Block skipConnection(double macOverhead) {
  Block b;
  Problem &p = b.p;
  StmtId a = p.addStatement(), bs = p.addStatement(), c = p.addStatement(),
         d = p.addStatement(), z = p.addStatement();
  p.statement(a).macs = p.statement(a).ops = 10;
  BufferId ba = addOutput(p, a, 100), b1 = addOutput(p, bs, 10),
           bc = addOutput(p, c, 200), bd = addOutput(p, d, 10);
  addOutput(p, z, 5);
  addRead(p, a, ba, bs);
  addRead(p, bs, b1, c);
  addRead(p, c, bc, d);
  addRead(p, a, ba, z);
  addRead(p, d, bd, z);
  p.finalize();
  b.order = {a, bs, c, d, z};
  b.producers = {{ba, {a}}};
  b.options.maxMacOverhead = macOverhead;
  b.options.maxOpOverhead = macOverhead;
  return b;
}

TEST(ExactRecompute, SkipConnection) {
  Block b = skipConnection(1.0);
  WorkBudget work;
  ExactRecomputeResult ex =
      exactRecomputeFixedOrder(b.p, b.order, b.producers, b.options, work);
  ASSERT_TRUE(ex.finished) << ex.reason;
  EXPECT_EQ(ex.peakBefore, 310);
  EXPECT_EQ(ex.peak, 210);
  EXPECT_EQ(ex.lowerBound, 210);
  EXPECT_EQ(ex.extraMacs, 10);
  ASSERT_EQ(ex.cuts.size(), 1u);
  EXPECT_EQ(ex.cuts[0].cloneBefore, std::vector<StmtId>{4});
  ASSERT_EQ(ex.plan.steps.size(), 1u);
  EXPECT_EQ(ex.plan.steps[0].lateUsers, std::vector<StmtId>{4});
  EXPECT_EQ(ex.plan.order, (Order{0, 1, 2, 3, 5, 4}));
  EXPECT_EQ(ex.decisions, 1u);
  EXPECT_EQ(ex.width, 1u);
  // Half the MACs: the clone does not fit, the plan without cuts is optimal.
  Block tight = skipConnection(0.5);
  WorkBudget work2;
  ex = exactRecomputeFixedOrder(tight.p, tight.order, tight.producers,
                                tight.options, work2);
  ASSERT_TRUE(ex.finished);
  EXPECT_EQ(ex.peak, 310);
  EXPECT_TRUE(ex.cuts.empty());
  EXPECT_EQ(ex.plan.problem.numStatements(), 5u);
}

TEST(ExactRecompute, KnapsackFamilyBeatsTheGreedyPlanner) {
  for (int64_t q = 2; q <= 6; ++q) {
    SCOPED_TRACE("q = " + std::to_string(q));
    std::vector<std::pair<int64_t, int64_t>> items;
    Block b = knapsackBlock(q, items);
    int64_t all = 100;
    for (auto [w, c] : items)
      all += w;
    int64_t optimum = all - knapsackOptimum(items, 2 * q);
    ASSERT_EQ(optimum, all - 2 * q);
    WorkBudget work;
    ExactRecomputeResult ex =
        exactRecomputeFixedOrder(b.p, b.order, b.producers, b.options, work);
    ASSERT_TRUE(ex.finished) << ex.reason;
    EXPECT_EQ(ex.peakBefore, all);
    EXPECT_EQ(ex.peak, optimum);
    EXPECT_EQ(ex.lowerBound, optimum);
    EXPECT_EQ(ex.extraMacs, 2 * q);
    ASSERT_EQ(ex.cuts.size(), 2u);
    EXPECT_EQ(ex.cuts[0].buffer, b.producers[12].buffer);
    EXPECT_EQ(ex.cuts[1].buffer, b.producers[13].buffer);
    RecomputePlan greedy = planRecompute(b.p, b.order, b.producers, b.options);
    EXPECT_TRUE(greedy.candidates.empty()) << "the exact stage ran";
    EXPECT_EQ(greedy.peak, all - (q + 1));
    EXPECT_GT(greedy.peak, ex.peak);
  }
}

TEST(ExactRecompute, InvalidInputLeavesTheProblem) {
  Block b = skipConnection(1.0);
  auto expectInvalid = [&](const Order &order,
                           const std::vector<Producer> &producers) {
    WorkBudget work;
    ExactRecomputeResult ex =
        exactRecomputeFixedOrder(b.p, order, producers, b.options, work);
    EXPECT_FALSE(ex.finished);
    EXPECT_FALSE(ex.reason.empty());
    EXPECT_TRUE(ex.cuts.empty());
    EXPECT_EQ(ex.plan.problem.numStatements(), b.p.numStatements());
    EXPECT_EQ(ex.plan.order, order);
    return ex.reason;
  };
  EXPECT_EQ(expectInvalid({1, 0, 2, 3, 4}, b.producers),
            "the order is not a legal order of the problem");
  EXPECT_EQ(expectInvalid(b.order, {{99, {0}}}),
            "a producer's buffer is out of range");
  EXPECT_EQ(expectInvalid(b.order, {{0, {0}}, {0, {0}}}),
            "two producers name one buffer");
  EXPECT_EQ(expectInvalid(b.order, {{0, {}}}), "a producer group is empty");
  EXPECT_EQ(expectInvalid(b.order, {{0, {2}}}),
            "a group member does not use its buffer");
  EXPECT_EQ(expectInvalid(b.order, {{0, {1}}, {1, {1}}}),
            "a statement is in two producer groups");
  FixedOrderPlan bad =
      materializeFixedOrderPlan(b.p, b.order, b.producers, {{0, {2}}});
  EXPECT_EQ(bad.error, "a cut is not a user outside the group");
}

TEST(ExactRecompute, WorkLimitStopsUnfinishedAndMonotone) {
  std::vector<std::pair<int64_t, int64_t>> items;
  Block b = knapsackBlock(3, items);
  WorkBudget unlimited;
  ExactRecomputeResult full =
      exactRecomputeFixedOrder(b.p, b.order, b.producers, b.options, unlimited);
  ASSERT_TRUE(full.finished);
  bool sawUnfinished = false;
  for (WorkUnits limit = 16; limit < 2 * full.workUsed; limit *= 2) {
    WorkBudget work(limit);
    ExactRecomputeResult ex =
        exactRecomputeFixedOrder(b.p, b.order, b.producers, b.options, work);
    if (!ex.finished) {
      sawUnfinished = true;
      EXPECT_EQ(ex.reason, "the work limit ran out");
      EXPECT_EQ(ex.stoppedBy, WorkStop::WorkLimit);
      EXPECT_EQ(ex.peak, ex.peakBefore);
      EXPECT_TRUE(ex.cuts.empty());
      EXPECT_LE(ex.lowerBound, full.peak);
    } else {
      EXPECT_EQ(ex.peak, full.peak);
      EXPECT_EQ(ex.cuts.size(), full.cuts.size());
    }
  }
  EXPECT_TRUE(sawUnfinished);
  // The relaxation is all it knows when stopped after the model is built:
  // here each item's own least bytes at S are 0, so it is 100 + 0.
  EXPECT_EQ(full.relaxation, 100);
}

} // namespace
