//===- SchedulerDriverTest.cpp - prepareBlock, searchBlock, budgets -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The two halves of the scheduling driver that FunctionScheduler shares a
// function's budget with (Scheduler.h): prepareBlock (bound, heuristics)
// and searchBlock (the exact search), and FunctionBudget's shares.

#include "TestProblems.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Schedule/Scheduler.h"

#include <gtest/gtest.h>

#include <random>

using namespace peakmem;
using namespace peakmem::test;

namespace {

/// Two independent chains: X (100 bytes, s0 -> s3) and Y (50, s1 -> s2). As
/// written Y is computed while X is live (150); Y first peaks at 100, the
/// size of X, which every order holds at s0: optimal, and provably so.
Problem twoChains() {
  Problem p;
  StmtId s0 = p.addStatement(), s1 = p.addStatement(), s2 = p.addStatement(),
         s3 = p.addStatement();
  BufferId x = addOutput(p, s0, 100), y = addOutput(p, s1, 50);
  addRead(p, s0, x, s3);
  addRead(p, s1, y, s2);
  p.finalize();
  return p;
}

/// A chain: its only order is optimal.
Problem chain() {
  Problem p;
  StmtId a = p.addStatement(), b = p.addStatement(), c = p.addStatement();
  BufferId ab = addOutput(p, a, 10), bc = addOutput(p, b, 20);
  addRead(p, a, ab, b);
  addRead(p, b, bc, c);
  p.finalize();
  return p;
}

TEST(SchedulerDriver, PrepareCertifiesAnOptimalOrderWithoutHeuristics) {
  Problem p = chain();
  ASSERT_EQ(p.check(), "");
  WorkBudget work;
  ScheduleResult r = prepareBlock(p, ScheduleOptions(), work);
  EXPECT_TRUE(r.certifiedBeforeSearch);
  EXPECT_TRUE(r.provenOptimal);
  EXPECT_FALSE(r.needsSearch);
  EXPECT_EQ(r.order, identityOrder(p));
  EXPECT_EQ(r.peak, r.originalPeak);
  EXPECT_EQ(r.peak, r.bound.bytes);
  EXPECT_EQ(r.producedBy, "original");
  EXPECT_GT(work.used(), 0u); // The bound is charged.
}

TEST(SchedulerDriver, PrepareFindsAndProvesABetterOrder) {
  Problem p = twoChains();
  ASSERT_EQ(p.check(), "");
  WorkBudget work;
  ScheduleResult r = prepareBlock(p, ScheduleOptions(), work);
  EXPECT_EQ(r.originalPeak, 150);
  EXPECT_EQ(r.peak, 100);
  EXPECT_EQ(r.bound.bytes, 100);
  EXPECT_FALSE(r.certifiedBeforeSearch);
  EXPECT_TRUE(r.provenOptimal);
  EXPECT_FALSE(r.needsSearch);
  EXPECT_TRUE(isLegalOrder(p, r.order));
  EXPECT_EQ(simulatePeak(p, r.order), r.peak);
}

TEST(SchedulerDriver, AHeuristicAloneNeedsNoSearch) {
  Problem p = twoChains();
  ScheduleOptions options;
  options.algorithm = heuristicName(allHeuristics().front());
  WorkBudget work;
  ScheduleResult r = prepareBlock(p, options, work);
  EXPECT_FALSE(r.needsSearch);
  EXPECT_LE(r.peak, r.originalPeak); // Never worse than as written.
  EXPECT_TRUE(isLegalOrder(p, r.order));
}

/// Random blocks that prepareBlock leaves for the search (a gap between the
/// heuristics and the bound), small enough for the brute-force oracle.
std::vector<Problem> blocksNeedingASearch() {
  std::mt19937 rng(2024);
  std::vector<Problem> out;
  for (int i = 0; i < 400 && out.size() < 5; ++i) {
    Problem p = randomProblem(rng, 12);
    WorkBudget work;
    if (prepareBlock(p, ScheduleOptions(), work).needsSearch)
      out.push_back(std::move(p));
  }
  return out;
}

TEST(SchedulerDriver, SearchFromThePreparedOrderReachesTheOptimum) {
  std::vector<Problem> blocks = blocksNeedingASearch();
  ASSERT_FALSE(blocks.empty()) << "no random block left a gap to search";
  for (const Problem &p : blocks) {
    WorkBudget work;
    ScheduleResult r = prepareBlock(p, ScheduleOptions(), work);
    const int64_t prepared = r.peak;
    searchBlock(p, r, work);
    EXPECT_TRUE(r.provenOptimal);
    EXPECT_FALSE(r.budgetExhausted);
    EXPECT_EQ(r.stoppedBy, SearchStop::None);
    EXPECT_LE(r.peak, prepared);
    EXPECT_EQ(r.peak, bruteForceOptimum(p));
    EXPECT_TRUE(isLegalOrder(p, r.order));
    EXPECT_EQ(simulatePeak(p, r.order), r.peak);
  }
}

TEST(SchedulerDriver, ASearchWithoutWorkKeepsThePreparedOrder) {
  std::vector<Problem> blocks = blocksNeedingASearch();
  ASSERT_FALSE(blocks.empty());
  const Problem &p = blocks.front();
  WorkBudget prepareWork;
  ScheduleResult r = prepareBlock(p, ScheduleOptions(), prepareWork);
  const ScheduleResult prepared = r;
  WorkBudget none(0);
  searchBlock(p, r, none);
  EXPECT_TRUE(r.budgetExhausted);
  EXPECT_EQ(r.stoppedBy, SearchStop::WorkLimit);
  EXPECT_FALSE(r.provenOptimal);
  EXPECT_EQ(r.order, prepared.order);
  EXPECT_EQ(r.peak, prepared.peak);
}

TEST(SchedulerDriver, PrepareIsTheSameUnderAnyLimit) {
  // The heuristics run even on an exhausted budget: the prepared order does
  // not depend on the limit, only the proof may.
  Problem p = twoChains();
  WorkBudget large, none(0);
  ScheduleResult a = prepareBlock(p, ScheduleOptions(), large);
  ScheduleResult b = prepareBlock(p, ScheduleOptions(), none);
  EXPECT_EQ(b.order, a.order);
  EXPECT_EQ(b.peak, a.peak);
  EXPECT_LE(b.bound.bytes, a.bound.bytes);
}

TEST(SchedulerDriver, FunctionBudgetSharesWhatIsLeft) {
  FunctionBudget budget(1000, nullptr);
  EXPECT_EQ(budget.share(4), 250u);
  EXPECT_EQ(budget.share(0), 1000u); // At least one block.
  {
    // A block that uses less than its share leaves the rest to the others.
    WorkBudget block(budget.work(), budget.share(4));
    block.charge(50);
    EXPECT_EQ(budget.used(), 50u);
  }
  EXPECT_EQ(budget.share(3), 950u / 3);
  {
    // A block cannot spend more than its share.
    WorkBudget block(budget.work(), budget.share(3));
    EXPECT_FALSE(block.charge(400));
    EXPECT_TRUE(block.exhausted());
    EXPECT_FALSE(budget.work().exhausted());
  }
  EXPECT_EQ(budget.left(), 1000u - 50u - 400u);
  EXPECT_EQ(budget.limit(), 1000u);
}

TEST(SchedulerDriver, FunctionBudgetUnderAParentStopsWithIt) {
  WorkBudget pass(100);
  FunctionBudget budget(pass, 1000);
  EXPECT_EQ(budget.left(), 100u); // The parent's limit binds.
  budget.work().charge(100);      // Up to the limit: not past it.
  EXPECT_FALSE(pass.exhausted());
  EXPECT_FALSE(budget.work().charge(1));
  EXPECT_TRUE(pass.exhausted());
  EXPECT_TRUE(budget.work().exhausted());
  EXPECT_EQ(budget.share(2), 0u);
}

} // namespace
