//===- ProblemTest.cpp - Problem, contraction and simulation tests --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Model/Problem.h"
#include "TestProblems.h"
#include "peakmem/Core/Model/Simulation.h"

#include <gtest/gtest.h>

#include <limits>

using namespace peakmem;

namespace {

TEST(Simulation, ChainFreesAfterLastUse) {
  // a writes A(10); b reads A writes B(20); c reads B writes C(5, escapes).
  Problem p;
  StmtId a = p.addStatement(), b = p.addStatement(), c = p.addStatement();
  BufferId A = p.addBuffer(10, true), B = p.addBuffer(20, true),
           C = p.addBuffer(5, false);
  p.addUse(a, A);
  p.addUse(b, A);
  p.addUse(b, B);
  p.addUse(c, B);
  p.addUse(c, C);
  p.addEdge(a, b);
  p.addEdge(b, c);
  p.finalize();
  ASSERT_EQ(p.check(), "");
  Timeline t = simulate(p, identityOrder(p));
  EXPECT_EQ(t.live, (std::vector<int64_t>{10, 30, 25}));
  EXPECT_EQ(t.peak, 30);
  EXPECT_EQ(t.peakStep, 1u);
}

TEST(Simulation, ScratchAndLiveInCount) {
  Problem p;
  StmtId a = p.addStatement(StmtKind::Compute, 7);
  BufferId A = p.addBuffer(3, true);
  p.addUse(a, A);
  p.liveIn = 100;
  p.finalize();
  EXPECT_EQ(simulatePeak(p, identityOrder(p)), 110);
}

TEST(Problem, CheckRejectsCycle) {
  Problem p;
  StmtId a = p.addStatement(), b = p.addStatement();
  p.addEdge(a, b);
  p.addEdge(b, a);
  p.finalize();
  EXPECT_NE(p.check(), "");
}

/// Two statements, each using its own buffer of `bytes`, with `macs` each.
Problem twoBuffers(int64_t bytes, int64_t macs = 0) {
  Problem p;
  for (int i = 0; i < 2; ++i) {
    StmtId s = p.addStatement();
    p.statement(s).macs = macs;
    p.addUse(s, p.addBuffer(bytes, /*freedInBlock=*/false));
  }
  p.finalize();
  return p;
}

TEST(Problem, TotalsUpToTheLimitAreValid) {
  // Exactly kMaxTotal bytes and kMaxTotal MACs in total: valid, and every
  // sum the core forms (here the peak, both buffers live) fits.
  Problem p = twoBuffers(kMaxTotal / 2, kMaxTotal / 2);
  p.liveIn = kMaxTotal % 2;
  p.finalize();
  EXPECT_EQ(p.check(), "");
  EXPECT_EQ(simulatePeak(p, identityOrder(p)), kMaxTotal);
  EXPECT_EQ(p.totalMacs(), 2 * (kMaxTotal / 2));
  EXPECT_EQ(p.totalOps(), 0);
}

TEST(Problem, CheckRejectsTotalsOverTheLimit) {
  const std::string bytesError = "totals more than 2^62 - 1 bytes of buffers "
                                 "and scratch (the limit of the memory model)";
  const std::string macsError = "totals more than 2^62 - 1 "
                                "multiply-accumulates or operations (the "
                                "limit of the memory model)";
  // Two live 2^62-byte buffers: their sum, 2^63, does not fit in int64.
  EXPECT_EQ(twoBuffers(int64_t(1) << 62).check(), bytesError);
  // Two buffers of INT64_MAX bytes: the check itself never overflows.
  EXPECT_EQ(twoBuffers(std::numeric_limits<int64_t>::max()).check(),
            bytesError);
  // One more byte than the limit, split across liveIn, buffers and scratch.
  Problem p = twoBuffers(kMaxTotal / 2);
  p.liveIn = kMaxTotal % 2;
  p.statement(0).scratch = 1;
  p.finalize();
  EXPECT_EQ(p.check(), bytesError);
  // Two buffers of 2^61 bytes: 2^62 in total, MaxFlow's infinite capacity.
  EXPECT_EQ(twoBuffers(int64_t(1) << 61).check(), bytesError);
  // MACs: 2 x 2^62 would wrap to a negative total.
  EXPECT_EQ(twoBuffers(8, int64_t(1) << 62).check(), macsError);
  EXPECT_EQ(twoBuffers(8, std::numeric_limits<int64_t>::max()).check(),
            macsError);
  EXPECT_EQ(twoBuffers(8, -1).check(),
            "statement 0 has negative MACs or operations");
  // Operations are checked like MACs.
  Problem ops = twoBuffers(8);
  ops.statement(1).ops = std::numeric_limits<int64_t>::max();
  ops.statement(0).ops = 1;
  EXPECT_EQ(ops.check(), macsError);
  EXPECT_EQ(ops.totalOps(), kMaxTotal + 1); // saturated, never wrapped
  ops.statement(0).ops = -1;
  EXPECT_EQ(ops.check(), "statement 0 has negative MACs or operations");
  Problem q = twoBuffers(8);
  q.liveIn = -1;
  EXPECT_EQ(q.check(), "negative live-in bytes");
}

TEST(Contraction, AllocAndFreeFollowTheirBuffer) {
  // 0: alloc X; 1: alloc Y; 2: write X; 3: write Y; 4: read X, Y; 5: free X;
  // 6: free Y. Y's alloc is hoisted in the input; after contraction and
  // expansion it sits right before its first user.
  Problem p;
  StmtId aX = p.addStatement(StmtKind::Alloc),
         aY = p.addStatement(StmtKind::Alloc);
  StmtId wX = p.addStatement(), wY = p.addStatement(), r = p.addStatement();
  StmtId fX = p.addStatement(StmtKind::Free),
         fY = p.addStatement(StmtKind::Free);
  BufferId X = p.addBuffer(8, true), Y = p.addBuffer(16, true);
  p.statement(aX).target = p.statement(fX).target = X;
  p.statement(aY).target = p.statement(fY).target = Y;
  for (StmtId s : {aX, wX, r, fX})
    p.addUse(s, X);
  for (StmtId s : {aY, wY, r, fY})
    p.addUse(s, Y);
  p.addEdge(aX, wX);
  p.addEdge(aY, wY);
  p.addEdge(wX, r);
  p.addEdge(wY, r);
  p.addEdge(r, fX);
  p.addEdge(r, fY);
  p.finalize();
  ASSERT_EQ(p.check(), "");
  Contraction c = contract(p);
  ASSERT_EQ(c.problem.numStatements(), 3u);
  Order full = expand(p, c, identityOrder(c.problem));
  EXPECT_TRUE(isLegalOrder(p, full));
  EXPECT_EQ(full, (Order{aX, wX, aY, wY, r, fX, fY}));
  EXPECT_EQ(simulatePeak(p, identityOrder(p)), 24);
  EXPECT_EQ(simulatePeak(p, full),
            simulatePeak(c.problem, identityOrder(c.problem)));
}

TEST(Simulation, MatchesDefinitionOnRandomOrders) {
  std::mt19937 rng(1);
  for (int iter = 0; iter < 300; ++iter) {
    Problem p = test::randomProblem(rng, 2 + iter % 12);
    ASSERT_EQ(p.check(), "");
    Order o = identityOrder(p);
    Timeline t = simulate(p, o);
    uint64_t executed = 0;
    for (size_t i = 0; i < o.size(); ++i) {
      EXPECT_EQ(t.live[i], test::memAt(p, executed, o[i]));
      executed |= uint64_t(1) << o[i];
    }
  }
}

} // namespace
