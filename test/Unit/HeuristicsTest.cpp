//===- HeuristicsTest.cpp - Inductor and XLA list schedulers --------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Schedule/Heuristics.h"
#include "TestProblems.h"
#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Model/Simulation.h"

#include <gtest/gtest.h>

#include <chrono>

using namespace peakmem;

namespace {

using test::addOutput;
using test::addRead;
using test::kCheckTiming;

TEST(Heuristics, NamesRoundTrip) {
  EXPECT_EQ(allHeuristics().size(), 6u);
  for (Heuristic h : allHeuristics()) {
    Heuristic parsed = Heuristic::PostOrder;
    if (h == Heuristic::PostOrder)
      parsed = Heuristic::LPMF;
    ASSERT_TRUE(parseHeuristic(heuristicName(h), parsed)) << heuristicName(h);
    EXPECT_EQ(parsed, h);
  }
  EXPECT_STREQ(heuristicName(Heuristic::XLAList), "xla-list");
  EXPECT_STREQ(heuristicName(Heuristic::PostOrder), "post-order");
  Heuristic untouched = Heuristic::BFS;
  EXPECT_FALSE(parseHeuristic("xla_list", untouched));
  EXPECT_FALSE(parseHeuristic("", untouched));
  EXPECT_EQ(untouched, Heuristic::BFS);
}

TEST(Heuristics, LegalOnRandomProblems) {
  std::mt19937 rng(7);
  for (int iter = 0; iter < 1000; ++iter) {
    Problem p = test::randomProblem(rng, 1 + iter % 60);
    ASSERT_EQ(p.check(), "");
    for (Heuristic h : allHeuristics()) {
      Order o = scheduleWith(p, h);
      ASSERT_TRUE(isLegalOrder(p, o))
          << heuristicName(h) << " on problem " << iter;
    }
  }
}

TEST(Heuristics, NeverBelowOptimumAndDeterministic) {
  std::mt19937 rng(11);
  for (int iter = 0; iter < 300; ++iter) {
    Problem p = test::randomProblem(rng, 2 + iter % 9);
    int64_t opt = test::bruteForceOptimum(p);
    for (Heuristic h : allHeuristics()) {
      Order o = scheduleWith(p, h);
      EXPECT_GE(simulatePeak(p, o), opt) << heuristicName(h);
      EXPECT_EQ(o, scheduleWith(p, h)) << heuristicName(h);
    }
  }
}

TEST(Heuristics, EmptyAndSingleStatement) {
  Problem empty;
  empty.finalize();
  Problem one;
  addOutput(one, one.addStatement(), 8);
  one.finalize();
  for (Heuristic h : allHeuristics()) {
    EXPECT_TRUE(scheduleWith(empty, h).empty());
    EXPECT_EQ(scheduleWith(one, h), Order{0});
  }
}

/// Two branches a1(10)->a2(1), b1(10)->b2(1) joined by j (algorithms.md 2).
Problem twoBranches() {
  Problem p;
  StmtId a1 = p.addStatement(), b1 = p.addStatement(), a2 = p.addStatement(),
         b2 = p.addStatement(), j = p.addStatement();
  BufferId A1 = addOutput(p, a1, 10), B1 = addOutput(p, b1, 10);
  addRead(p, a1, A1, a2);
  addRead(p, b1, B1, b2);
  BufferId A2 = addOutput(p, a2, 1), B2 = addOutput(p, b2, 1);
  addRead(p, a2, A2, j);
  addRead(p, b2, B2, j);
  addOutput(p, j, 1, /*freed=*/false);
  p.finalize();
  return p;
}

TEST(Heuristics, LPMFFinishesABranchBeforeStartingTheOther) {
  // a1 and b1 tie (same extra and growth): index decides, a1. Then a2 raises
  // the maximum least (by 1) and shrinks live bytes: a1 a2 b1 b2 j, peak 12.
  Problem p = twoBranches();
  Order o = scheduleWith(p, Heuristic::LPMF);
  EXPECT_EQ(o, (Order{0, 2, 1, 3, 4}));
  EXPECT_EQ(simulatePeak(p, o), 12);
}

TEST(Heuristics, XLAListPrefersFreeingAndTakesLastReadyOnTies) {
  // a1 and b1 both define 10 and free nothing: the multimap's last entry (b1,
  // inserted after a1) wins. Then b2 frees 10 for 1 and runs next.
  Problem p = twoBranches();
  Order o = scheduleWith(p, Heuristic::XLAList);
  EXPECT_EQ(o, (Order{1, 3, 0, 2, 4}));
  EXPECT_EQ(simulatePeak(p, o), 12);
}

TEST(Heuristics, BFSRunsStatementsWhosePredecessorsRanEarliest) {
  // s -> x -> x2, s -> y -> y2, plus an independent source z (index last).
  // Sources first by index (s, z: empty priority lists), then x, y ([0]),
  // then x2 ([2]) before y2 ([3]).
  Problem p;
  StmtId s = p.addStatement(), x = p.addStatement(), y = p.addStatement(),
         x2 = p.addStatement(), y2 = p.addStatement(), z = p.addStatement();
  BufferId S = addOutput(p, s, 4);
  addRead(p, s, S, x);
  addRead(p, s, S, y);
  BufferId X = addOutput(p, x, 4), Y = addOutput(p, y, 4);
  addRead(p, x, X, x2);
  addRead(p, y, Y, y2);
  addOutput(p, z, 4);
  p.finalize();
  EXPECT_EQ(scheduleWith(p, Heuristic::BFS), (Order{s, z, x, y, x2, y2}));
}

TEST(Heuristics, InductorDFSVisitsSmallestFirst) {
  // Two independent chains: big (b0 -> b1, 100 bytes) and small (s0 -> s1,
  // 1 byte). Statements are visited by ascending size: the small chain
  // first, each statement after its predecessors.
  Problem p;
  StmtId b0 = p.addStatement(), b1 = p.addStatement(), s0 = p.addStatement(),
         s1 = p.addStatement();
  BufferId B = addOutput(p, b0, 100), S = addOutput(p, s0, 1);
  addRead(p, b0, B, b1);
  addRead(p, s0, S, s1);
  p.finalize();
  EXPECT_EQ(scheduleWith(p, Heuristic::DFS), (Order{s0, s1, b0, b1}));
}

TEST(Heuristics, PostOrderFollowsOperandOrderFromEachOutput) {
  // 0: s, 1: z (isolated), 2: l, 3: r, 4: j; s -> l, r -> j. Outputs in
  // index order (z, then j); operands by index.
  Problem p;
  for (int i = 0; i < 5; ++i)
    addOutput(p, p.addStatement(), 4);
  p.addEdge(0, 2);
  p.addEdge(0, 3);
  p.addEdge(2, 4);
  p.addEdge(3, 4);
  p.finalize();
  EXPECT_EQ(scheduleWith(p, Heuristic::PostOrder), (Order{1, 0, 2, 3, 4}));
}

TEST(Heuristics, XLADFSVisitsFanOutOperandsFirst) {
  // j reads b (index 0, one user) and a (index 1, three users: extra_users
  // 2). Post-order visits operands by index (b first); the DFS scheduler
  // visits the operand with more extra users first.
  Problem p;
  StmtId b = p.addStatement(), a = p.addStatement(), j = p.addStatement(),
         k1 = p.addStatement(), k2 = p.addStatement();
  BufferId B = addOutput(p, b, 4), A = addOutput(p, a, 4);
  addRead(p, b, B, j);
  addRead(p, a, A, j);
  addRead(p, a, A, k1);
  addRead(p, a, A, k2);
  p.finalize();
  EXPECT_EQ(scheduleWith(p, Heuristic::PostOrder), (Order{b, a, j, k1, k2}));
  EXPECT_EQ(scheduleWith(p, Heuristic::XLADFS), (Order{a, b, j, k1, k2}));
}

/// A long block: statement v writes a buffer and reads 0..3 of the previous
/// `window` statements' buffers; every 97th statement reads one buffer that
/// is shared by many (a weight-like value with thousands of users).
Problem longBlock(unsigned n, unsigned window, uint32_t seed) {
  std::mt19937 rng(seed);
  Problem p;
  std::uniform_int_distribution<int> size(1, 64), reads(0, 3);
  BufferId shared = p.addBuffer(256, true);
  std::vector<BufferId> out;
  for (unsigned v = 0; v < n; ++v) {
    StmtId s = p.addStatement();
    out.push_back(addOutput(p, s, size(rng) * 16));
    if (v % 97 == 0)
      p.addUse(s, shared);
    if (v == 0)
      continue;
    unsigned lo = v > window ? v - window : 0;
    std::uniform_int_distribution<unsigned> pick(lo, v - 1);
    for (int r = reads(rng); r > 0; --r) {
      unsigned u = pick(rng);
      addRead(p, u, out[u], s);
    }
  }
  p.finalize();
  return p;
}

TEST(Heuristics, TwentyThousandStatementsAreFast) {
  Problem narrow = longBlock(20000, 8, 3);
  Problem wide = longBlock(20000, 2000, 4);
  // A fan: one producer and 20,000 independent readers.
  Problem fan;
  StmtId root = fan.addStatement();
  BufferId W = addOutput(fan, root, 1 << 20);
  for (int i = 0; i < 20000; ++i) {
    StmtId s = fan.addStatement();
    addRead(fan, root, W, s);
    addOutput(fan, s, 64 + i % 7, /*freed=*/i % 3 != 0);
  }
  fan.finalize();
  auto start = std::chrono::steady_clock::now();
  for (const Problem *p : {&narrow, &wide, &fan})
    for (Heuristic h : allHeuristics())
      ASSERT_TRUE(isLegalOrder(*p, scheduleWith(*p, h))) << heuristicName(h);
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  if (kCheckTiming) {
    EXPECT_LT(ms, 2000.0);
  }
}

} // namespace
