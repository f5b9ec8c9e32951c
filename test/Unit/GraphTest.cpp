//===- GraphTest.cpp - Topological orders and closures --------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Model/Graph.h"
#include "TestProblems.h"

#include <gtest/gtest.h>

#include <functional>

using namespace peakmem;

namespace {

/// 0 -> 2, 1 -> 2, 3 -> 1 (3 must run before 1, which runs before 2).
Problem diamondish() {
  Problem p;
  for (int i = 0; i < 4; ++i)
    p.addStatement();
  p.addEdge(0, 2);
  p.addEdge(1, 2);
  p.addEdge(3, 1);
  p.finalize();
  return p;
}

TEST(Graph, FifoOrderTakesSourcesAscendingThenByReadiness) {
  Problem p = diamondish();
  EXPECT_EQ(topologicalOrder(p), (Order{0, 3, 1, 2}));
}

TEST(Graph, ProgramOrderPrefersLowestReadyId) {
  Problem p = diamondish();
  EXPECT_EQ(programTopologicalOrder(p), (Order{0, 3, 1, 2}));
  // Without edges it is the identity.
  Problem free;
  for (int i = 0; i < 5; ++i)
    free.addStatement();
  free.finalize();
  EXPECT_EQ(programTopologicalOrder(free), identityOrder(free));
}

TEST(Graph, PriorityOrderFollowsTheCallersRanking) {
  Problem p = diamondish();
  // Highest id first among the ready statements.
  EXPECT_EQ(topologicalOrderBy(p, std::greater<StmtId>()), (Order{3, 1, 0, 2}));
}

TEST(Graph, CycleLeavesStatementsOut) {
  Problem p;
  for (int i = 0; i < 3; ++i)
    p.addStatement();
  p.addEdge(0, 1);
  p.addEdge(1, 2);
  p.addEdge(2, 1);
  p.finalize();
  EXPECT_EQ(topologicalOrder(p), (Order{0}));
  EXPECT_EQ(programTopologicalOrder(p), (Order{0}));
  EXPECT_NE(p.check(), "");
}

TEST(Graph, OrdersOfRandomProblemsAreLegal) {
  std::mt19937 rng(7);
  for (int iter = 0; iter < 50; ++iter) {
    Problem p = test::randomProblem(rng, 40);
    EXPECT_TRUE(isLegalOrder(p, topologicalOrder(p)));
    EXPECT_TRUE(isLegalOrder(p, programTopologicalOrder(p)));
    EXPECT_TRUE(isLegalOrder(p, topologicalOrderBy(p, std::greater<StmtId>())));
  }
}

TEST(Graph, ReadyCounterUnrunRestoresTheReadySet) {
  Problem p = diamondish();
  ReadyCounter counter(p);
  std::vector<StmtId> sources;
  counter.forEachSource([&](StmtId s) { sources.push_back(s); });
  EXPECT_EQ(sources, (std::vector<StmtId>{0, 3}));
  std::vector<StmtId> became;
  counter.run(3, [&](StmtId t) { became.push_back(t); });
  EXPECT_EQ(became, (std::vector<StmtId>{1}));
  counter.run(0, [&](StmtId t) { became.push_back(t); });
  EXPECT_EQ(became, (std::vector<StmtId>{1})); // 2 still waits for 1.
  std::vector<StmtId> left;
  counter.unrun(0, [&](StmtId t) { left.push_back(t); });
  counter.unrun(3, [&](StmtId t) { left.push_back(t); });
  EXPECT_EQ(left, (std::vector<StmtId>{1}));
  EXPECT_FALSE(counter.predecessorsDone(1));
  EXPECT_TRUE(counter.predecessorsDone(0));
}

TEST(Graph, ClosuresMarkAncestorsAndDescendants) {
  Problem p = diamondish();
  std::vector<uint8_t> marks(4, 0);
  markAncestors(p, 1, marks, 1);
  EXPECT_EQ(marks, (std::vector<uint8_t>{0, 1, 0, 1}));
  markDescendants(p, 1, marks, 2);
  EXPECT_EQ(marks, (std::vector<uint8_t>{0, 2, 2, 1}));
}

} // namespace
