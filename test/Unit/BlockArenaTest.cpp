//===- BlockArenaTest.cpp - The arena of one block --------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Arena/BlockArena.h"
#include "TestProblems.h"
#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Core/Model/Simulation.h"

#include <gtest/gtest.h>

using namespace peakmem;
using namespace peakmem::test;

namespace {

/// `base` with `extra` weightless statements added: each a source or fed
/// by earlier weightless ones, feeding 0..2 random statements of `base`
/// (constants and index arithmetic feeding ops), placed at random ids.
Problem withConstants(std::mt19937 &rng, const Problem &base, unsigned extra) {
  const unsigned n = base.numStatements() + extra;
  std::vector<uint8_t> isConstant(n, 0);
  for (unsigned i = 0; i < extra; ++i)
    isConstant[i] = 1;
  std::shuffle(isConstant.begin(), isConstant.end(), rng);
  Problem q;
  std::vector<StmtId> baseId, constants;
  for (unsigned i = 0; i < n; ++i)
    if (isConstant[i])
      constants.push_back(q.addStatement(StmtKind::Compute, 0));
    else
      baseId.push_back(q.addStatementLike(base.statement(baseId.size())));
  for (BufferId b = 0; b < base.numBuffers(); ++b) {
    q.addBuffer(base.buffer(b).bytes, base.buffer(b).freedInBlock);
    for (StmtId u : base.buffer(b).users)
      q.addUse(baseId[u], b);
  }
  for (auto [from, to] : base.edges())
    q.addEdge(baseId[from], baseId[to]);
  std::uniform_int_distribution<int> coin(0, 2);
  for (size_t i = 0; i < constants.size(); ++i) {
    for (size_t j = 0; j < i; ++j)
      if (coin(rng) == 0 && constants[j] < constants[i])
        q.addEdge(constants[j], constants[i]);
    std::uniform_int_distribution<StmtId> pick(0, base.numStatements() - 1);
    for (int k = coin(rng); k > 0; --k) {
      StmtId user = baseId[pick(rng)];
      if (constants[i] < user)
        q.addEdge(constants[i], user);
    }
  }
  q.finalize();
  return q;
}

} // namespace

TEST(BlockArena, WeightlessSourcesDoNotChangeTheOptimum) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    Problem base = randomProblem(rng, 3 + trial % 9);
    Problem p = withConstants(rng, base, 1 + trial % 5);
    ASSERT_EQ(p.check(), "");
    std::vector<StmtId> kept;
    Problem pruned = withoutWeightlessSources(p, &kept);
    ASSERT_EQ(pruned.check(), "");
    ASSERT_EQ(kept.size(), pruned.numStatements());
    // Every statement that uses a buffer or has scratch is kept.
    for (StmtId s = 0; s < p.numStatements(); ++s) {
      if (!p.statement(s).buffers.empty() || p.statement(s).scratch) {
        EXPECT_NE(std::find(kept.begin(), kept.end(), s), kept.end());
      }
    }
    EXPECT_EQ(bruteForceOptimum(pruned), bruteForceOptimum(p)) << trial;
    // A certificate of the pruned problem checks, and bounds the original.
    Order order = identityOrder(pruned);
    Certificate c = certifyOrder(pruned, order);
    EXPECT_EQ(checkCertificate(pruned, order, c), "");
    EXPECT_LE(c.lowerBound, bruteForceOptimum(p));
  }
}

TEST(BlockArena, ProblemWithoutWeightlessSourcesIsUnchanged) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 100; ++trial) {
    Problem p = randomProblem(rng, 2 + trial % 12);
    std::vector<StmtId> kept;
    Problem pruned = withoutWeightlessSources(p, &kept);
    // randomProblem's statements without output and scratch may be sources;
    // every kept id maps back in increasing order.
    EXPECT_TRUE(std::is_sorted(kept.begin(), kept.end()));
    EXPECT_EQ(pruned.numBuffers(), p.numBuffers());
    for (StmtId s = 0; s < pruned.numStatements(); ++s)
      EXPECT_EQ(pruned.statement(s).buffers, p.statement(kept[s]).buffers);
  }
}

TEST(BlockArena, PlansEveryBufferWithAValidPlan) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> coin(0, 3);
  for (int trial = 0; trial < 150; ++trial) {
    Problem p = randomProblem(rng, 4 + trial % 10);
    std::vector<BlockArenaBuffer> buffers;
    for (BufferId b = 0; b < p.numBuffers(); ++b)
      if (p.buffer(b).freedInBlock && coin(rng) != 0)
        buffers.push_back(
            {b, 0, false, p.buffer(b).bytes, int64_t(1) << coin(rng)});
    // A nested buffer of some statement.
    buffers.push_back(
        {0, static_cast<StmtId>(trial % p.numStatements()), true, 40, 8});
    // Bounded in work units (the bound of 0 is never reached, so every
    // search runs to its limits): small blocks enumerate at most 200
    // orders, larger ones walk 40 neighbours.
    BlockArenaOptions options;
    options.search.planner = ArenaOrderSearchOptions::smallPlanner();
    options.search.exhaustiveMaxOrders = 200;
    options.search.exhaustiveMaxExactNodes = 50'000;
    options.search.maxNeighbours = 40;
    options.search.searchOrders = trial % 2 == 0;
    BlockArenaPlan plan = planBlockArena(p, buffers, options);
    ASSERT_EQ(plan.error, "") << trial;
    ASSERT_EQ(plan.arenaId.size(), buffers.size());
    EXPECT_TRUE(isLegalOrder(p, plan.order));
    EXPECT_EQ(checkArenaPlan(plan.extraction.problem, plan.planned.plan), "");
    for (size_t i = 0; i < buffers.size(); ++i) {
      const ArenaBuffer &ab = plan.extraction.problem.buffer(plan.arenaId[i]);
      EXPECT_EQ(ab.size, alignTo(buffers[i].bytes, buffers[i].align));
      EXPECT_EQ(plan.planned.plan.offsets[plan.arenaId[i]] % buffers[i].align,
                0);
    }
    EXPECT_GE(plan.planned.plan.size, plan.orderBound);
    if (!plan.reordered) {
      EXPECT_EQ(plan.orderBound, plan.startOrderBound);
    }
  }
}
