//===- RecomputePlannerTest.cpp - What stops the recompute planner --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Issue #23: the exact planner (a search over candidate subsets) is stopped
// only by its own count of reschedulings (256 subsets) or by the planning
// budget, and the plan says which: "the planning budget ran out" only when
// the planning budget did.

#include "TestProblems.h"
#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Recompute/Recompute.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>

using namespace peakmem;

namespace {

using test::addOutput;
using test::addRead;

/// The exact planner's search space over `cands`: one choice per buffer among
/// its candidates, or none (non-empty subsets).
size_t subsetCount(const std::vector<RecomputeStep> &cands) {
  std::map<BufferId, size_t> perBuffer;
  for (const RecomputeStep &c : cands)
    ++perBuffer[c.buffer];
  size_t total = 1;
  for (const auto &[buffer, n] : perBuffer)
    total = std::min<size_t>(total * (1 + n), 1u << 20);
  return total - 1;
}

/// Every buffer of a test::randomProblem is recomputable: its writer writes
/// only it (first), and nothing else writes a buffer the writer reads.
std::vector<Producer> everyProducer(const Problem &p) {
  std::vector<Producer> producers;
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    const std::vector<StmtId> &users = p.buffer(b).users;
    if (!users.empty()) // The writer precedes its readers.
      producers.push_back({b, {*std::min_element(users.begin(), users.end())}});
  }
  return producers;
}

bool blamesTheBudget(const RecomputePlan &plan) {
  return plan.reason.find("budget ran out") != std::string::npos;
}

/// The plan's account of its stop is true: the planning budget ran out only
/// when more than its limit was charged.
void checkStop(const RecomputePlan &plan, const RecomputeOptions &opt,
               const std::string &what) {
  EXPECT_EQ(plan.budgetExhausted, plan.workUsed > opt.maxWork) << what;
  if (blamesTheBudget(plan)) {
    EXPECT_TRUE(plan.budgetExhausted) << what << ": " << plan.reason;
  }
  if (plan.exactCapped) {
    EXPECT_FALSE(plan.exhaustive) << what;
  }
}

// With a budget far above what the planning uses, a search space of at most
// 256 subsets is searched to the end, however hard each rescheduling is
// (the share the search had before was also spent on applying the subsets
// and simulating their orders, and ran out with 3 or 4 candidates).
TEST(RecomputePlanner, ExactSearchFinishesWhenTheBudgetSuffices) {
  std::mt19937 rng(2323);
  int searched = 0, threeOrMore = 0, capped = 0;
  for (int iter = 0; iter < 80; ++iter) {
    unsigned n = std::uniform_int_distribution<unsigned>(20, 70)(rng);
    Problem p = test::randomProblem(rng, n);
    for (StmtId s = 0; s < p.numStatements(); ++s)
      p.statement(s).macs = p.statement(s).ops = 1 + s % 7;
    Order cur = identityOrder(p);
    RecomputeOptions opt;
    opt.maxMacOverhead = opt.maxOpOverhead = 1.0;
    opt.maxWork = 4'000'000'000;
    RecomputePlan plan = planRecompute(p, cur, everyProducer(p), opt);
    const std::string what = "iter " + std::to_string(iter);
    checkStop(plan, opt, what);
    if (plan.candidates.empty())
      continue;
    ASSERT_FALSE(plan.budgetExhausted) << what;
    EXPECT_FALSE(blamesTheBudget(plan)) << what << ": " << plan.reason;
    if (subsetCount(plan.candidates) > 256) {
      EXPECT_EQ(plan.exhaustive, !plan.exactCapped) << what;
      capped += plan.exactCapped;
      continue;
    }
    ++searched;
    threeOrMore += plan.candidates.size() >= 3;
    EXPECT_TRUE(plan.exhaustive) << what << ": " << plan.reason;
    EXPECT_FALSE(plan.exactCapped) << what;
  }
  EXPECT_GE(searched, 20);
  EXPECT_GE(threeOrMore, 10);
  std::printf("[recompute] %d exact searches of at most 256 subsets finished "
              "(%d with 3 or more candidates), %d larger ones capped\n",
              searched, threeOrMore, capped);
}

/// `levels` skip buffers S_i (100 bytes) made cheaply from 4-byte inputs,
/// read early and again at the end, past an expensive region each.
Problem skips(unsigned levels, std::vector<Producer> &producers) {
  Problem p;
  auto stmt = [&](int64_t macs) {
    StmtId s = p.addStatement();
    p.statement(s).macs = p.statement(s).ops = macs;
    return s;
  };
  std::vector<StmtId> skipWriter;
  std::vector<BufferId> skipBuffer;
  StmtId prevWriter = 0;
  BufferId prev = 0;
  for (unsigned i = 0; i < levels; ++i) {
    StmtId in = stmt(1);
    BufferId input = addOutput(p, in, 4);
    StmtId w = stmt(10);
    BufferId s = addOutput(p, w, 100);
    addRead(p, in, input, w);
    if (i > 0)
      p.addEdge(prevWriter, w);
    producers.push_back({s, {w}});
    skipWriter.push_back(w);
    skipBuffer.push_back(s);
    StmtId e = stmt(100);
    BufferId t = addOutput(p, e, 8);
    addRead(p, w, s, e);
    StmtId r = stmt(1000);
    BufferId y = addOutput(p, r, 200);
    addRead(p, e, t, r);
    StmtId q = stmt(1000);
    prev = addOutput(p, q, 8);
    addRead(p, r, y, q);
    prevWriter = q;
  }
  for (unsigned k = levels; k-- > 0;) {
    StmtId d = stmt(100);
    BufferId u = addOutput(p, d, 8, /*freed=*/k != 0);
    addRead(p, skipWriter[k], skipBuffer[k], d);
    addRead(p, prevWriter, prev, d);
    prevWriter = d;
    prev = u;
  }
  p.finalize();
  return p;
}

// 8 skip buffers give 255 subsets: searched to the end. 9 give 511: the
// search stops at 256 reschedulings, and the plan says so instead of blaming
// the planning budget. The greedy planner recomputes every skip either way.
TEST(RecomputePlanner, ExactSearchCapIsReportedApartFromTheBudget) {
  for (unsigned levels : {8u, 9u}) {
    std::vector<Producer> producers;
    Problem p = skips(levels, producers);
    ASSERT_EQ(p.check(), "");
    RecomputeOptions opt;
    opt.maxMacOverhead = 0.01;
    RecomputePlan plan = planRecompute(p, identityOrder(p), producers, opt);
    const std::string what = "levels " + std::to_string(levels);
    checkStop(plan, opt, what);
    EXPECT_EQ(plan.candidates.size(), levels) << what;
    EXPECT_FALSE(plan.budgetExhausted) << what;
    EXPECT_EQ(plan.exactCapped, levels == 9) << what;
    EXPECT_EQ(plan.exhaustive, levels == 8) << what;
    EXPECT_EQ(plan.steps.size(), levels) << what;
    EXPECT_EQ(plan.peak, int64_t(4 * levels + 8 + 200)) << what;
  }
}

// Small limits: whatever stops the planning, the plan's account is true.
TEST(RecomputePlanner, StopIsReportedTruthfullyAtEveryLimit) {
  std::mt19937 rng(2324);
  int cut = 0;
  for (int iter = 0; iter < 30; ++iter) {
    Problem p = test::randomProblem(rng, 40);
    for (StmtId s = 0; s < p.numStatements(); ++s)
      p.statement(s).macs = p.statement(s).ops = 1 + s % 5;
    for (int k = 0; k < 10; ++k) {
      RecomputeOptions opt;
      opt.maxMacOverhead = opt.maxOpOverhead = 1.0;
      opt.maxWork = WorkUnits(20'000) << k;
      RecomputePlan plan =
          planRecompute(p, identityOrder(p), everyProducer(p), opt);
      checkStop(plan, opt,
                "iter " + std::to_string(iter) + " k " + std::to_string(k));
      cut += plan.budgetExhausted;
    }
  }
  EXPECT_GT(cut, 0);
}

} // namespace
