//===- RecomputeTest.cpp - Selective recomputation planning ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Recompute/Recompute.h"
#include "RecomputeInstances.h"
#include "TestProblems.h"
#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Schedule/Scheduler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <random>
#include <set>
#include <string>

using namespace peakmem;

namespace {

using test::addOutput;
using test::addRead;
using test::kCheckTiming;

bool hasEdge(const Problem &p, StmtId u, StmtId v) {
  const auto &e = p.edges();
  return std::binary_search(e.begin(), e.end(), std::make_pair(u, v));
}

bool uses(const Problem &p, StmtId s, BufferId b) {
  const auto &bs = p.statement(s).buffers;
  return std::find(bs.begin(), bs.end(), b) != bs.end();
}

int64_t totalMacs(const Problem &p) {
  int64_t m = 0;
  for (StmtId s = 0; s < p.numStatements(); ++s)
    m += p.statement(s).macs;
  return m;
}

int64_t totalOps(const Problem &p) {
  int64_t m = 0;
  for (StmtId s = 0; s < p.numStatements(); ++s)
    m += p.statement(s).ops;
  return m;
}

int64_t localBound(const Problem &p) {
  int64_t lb = p.liveIn;
  for (StmtId s = 0; s < p.numStatements(); ++s)
    lb = std::max(lb, baseBytes(p, s));
  return lb;
}

/// The contract every plan must satisfy, whatever the input. Replays the
/// steps from `p` and checks the structure, the budgets and the order.
void checkPlan(const Problem &p, const Order &current,
               const RecomputeOptions &opt, const RecomputePlan &plan,
               const std::string &what) {
  ASSERT_TRUE(isLegalOrder(plan.problem, plan.order)) << what;
  EXPECT_EQ(simulatePeak(plan.problem, plan.order), plan.peak) << what;
  EXPECT_EQ(plan.peakBefore, simulatePeak(p, current)) << what;
  EXPECT_LE(plan.peak, plan.peakBefore) << what;
  EXPECT_LE(plan.reorderPeak, plan.peakBefore) << what;
  EXPECT_EQ(plan.macsBefore, totalMacs(p)) << what;
  EXPECT_EQ(plan.opsBefore, totalOps(p)) << what;
  if (plan.steps.empty()) {
    // The baseline: reordering alone, never worse than `current`.
    EXPECT_EQ(plan.peak, plan.reorderPeak) << what;
    EXPECT_EQ(simulatePeak(p, plan.order), plan.peak) << what;
    EXPECT_EQ(plan.problem.numStatements(), p.numStatements()) << what;
    EXPECT_EQ(plan.extraMacs, 0) << what;
    EXPECT_EQ(plan.extraOps, 0) << what;
    EXPECT_FALSE(plan.reason.empty()) << what;
    return;
  }
  EXPECT_TRUE(plan.reason.empty()) << what;
  EXPECT_LT(plan.peak, plan.reorderPeak) << what;
  Problem q = p;
  std::vector<StmtId> origin(p.numStatements());
  for (StmtId s = 0; s < p.numStatements(); ++s)
    origin[s] = s;
  std::vector<unsigned> clones(p.numStatements(), 0);
  int64_t extra = 0, extraOps = 0;
  for (const RecomputeStep &s : plan.steps) {
    ASSERT_EQ(checkRecompute(q, s), "") << what;
    for (StmtId g : clonedStatements(s)) {
      extra += q.statement(g).macs;
      extraOps += q.statement(g).ops;
      ++clones[origin[g]];
      origin.push_back(origin[g]);
    }
    q = applyRecompute(q, s);
    ASSERT_EQ(q.check(), "") << what;
  }
  ASSERT_EQ(q.numStatements(), plan.problem.numStatements()) << what;
  ASSERT_EQ(q.numBuffers(), plan.problem.numBuffers()) << what;
  EXPECT_EQ(q.edges(), plan.problem.edges()) << what;
  for (StmtId s = 0; s < q.numStatements(); ++s)
    EXPECT_EQ(q.statement(s).buffers, plan.problem.statement(s).buffers)
        << what;
  EXPECT_EQ(plan.extraMacs, extra) << what;
  EXPECT_LE(double(plan.extraMacs),
            opt.maxMacOverhead * double(plan.macsBefore))
      << what;
  EXPECT_EQ(plan.extraOps, extraOps) << what;
  EXPECT_LE(double(plan.extraOps), opt.maxOpOverhead * double(plan.opsBefore))
      << what;
  for (unsigned c : clones)
    EXPECT_LE(c, opt.maxRecomputePerOp) << what;
}

//===----------------------------------------------------------------------===//
// applyRecompute
//===----------------------------------------------------------------------===//

/// s0 writes I; s1 fills B; s2 (a convolution) reads I and accumulates into
/// B; s3 reads B; s4 writes Y; s5 overwrites I in place (write after read:
/// edge s2 -> s5); s6 reads B and Y.
struct FillConv {
  Problem p;
  BufferId I, B, X, Y, Z;
  FillConv() {
    for (int i = 0; i < 7; ++i)
      p.addStatement();
    p.statement(1).macs = 5;
    p.statement(2).macs = 70;
    p.statement(2).scratch = 3;
    I = addOutput(p, 0, 8);
    B = addOutput(p, 1, 100);
    addRead(p, 0, I, 2);
    addRead(p, 1, B, 2);
    X = addOutput(p, 3, 10);
    addRead(p, 2, B, 3);
    Y = addOutput(p, 4, 200);
    addRead(p, 3, X, 4);
    addRead(p, 2, I, 5); // In-place update of I after the convolution read it.
    Z = addOutput(p, 6, 4, /*freed=*/false);
    addRead(p, 2, B, 6);
    addRead(p, 4, Y, 6);
    addRead(p, 5, I, 6);
    p.finalize();
  }
};

TEST(Recompute, ApplyStructure) {
  FillConv f;
  const Problem &p = f.p;
  ASSERT_EQ(p.check(), "");
  RecomputeStep s{f.B, {1, 2}, {6}, {}};
  ASSERT_EQ(checkRecompute(p, s), "");
  Problem q = applyRecompute(p, s);
  ASSERT_EQ(q.check(), "");
  ASSERT_EQ(q.numStatements(), 9u);
  ASSERT_EQ(q.numBuffers(), p.numBuffers() + 1);
  const StmtId c1 = 7, c2 = 8;
  const BufferId b2 = p.numBuffers();
  EXPECT_EQ(q.buffer(b2).bytes, 100);
  EXPECT_EQ(q.buffer(b2).freedInBlock, true);
  // Uses: the clones write b', the late user reads b', b keeps the rest.
  EXPECT_EQ(q.buffer(f.B).users, (std::vector<StmtId>{1, 2, 3}));
  EXPECT_EQ(q.buffer(b2).users, (std::vector<StmtId>{6, c1, c2}));
  EXPECT_EQ(q.statement(c1).buffers, (std::vector<BufferId>{b2}));
  EXPECT_EQ(q.statement(c2).buffers, (std::vector<BufferId>{f.I, b2}));
  EXPECT_FALSE(uses(q, 6, f.B));
  EXPECT_TRUE(uses(q, 6, b2));
  EXPECT_EQ(q.buffer(f.I).users, (std::vector<StmtId>{0, 2, 5, 6, c2}));
  EXPECT_EQ(q.statement(c2).macs, 70);
  EXPECT_EQ(q.statement(c2).scratch, 3);
  EXPECT_EQ(q.statement(c1).macs, 5);
  // Edges: predecessors (0 -> c2; 1 -> 2 becomes c1 -> c2), the write after
  // read on I (c2 -> 5), clones before the late user; none to early users.
  EXPECT_TRUE(hasEdge(q, 0, c2));
  EXPECT_TRUE(hasEdge(q, c1, c2));
  EXPECT_TRUE(hasEdge(q, c2, 5));
  EXPECT_TRUE(hasEdge(q, c1, 6));
  EXPECT_TRUE(hasEdge(q, c2, 6));
  EXPECT_FALSE(hasEdge(q, c2, 3));
  EXPECT_FALSE(hasEdge(q, 1, c2));
  EXPECT_EQ(q.edges().size(), p.edges().size() + 5);
  EXPECT_TRUE(q.preds(c1).empty());

  // Orders putting the clones before the late user (and before the write to
  // I) are legal; b dies after its last early user.
  Order o = {0, 1, 2, 3, 4, c1, c2, 5, 6};
  EXPECT_TRUE(isLegalOrder(q, o));
  Timeline t = simulate(q, o);
  // Step 4 (Y): I 8 + X 10 + Y 200, B died after step 3.
  EXPECT_EQ(t.live[4], 218);
  EXPECT_EQ(simulatePeak(p, identityOrder(p)), 8 + 100 + 10 + 200);
  EXPECT_TRUE(isLegalOrder(q, {0, c1, 1, 2, 3, c2, 4, 5, 6}));
  EXPECT_FALSE(isLegalOrder(q, {0, 1, 2, 3, 4, 5, c1, c2, 6})); // c2 after 5.
  EXPECT_FALSE(isLegalOrder(q, {0, 1, 2, 3, 4, c2, c1, 5, 6})); // c2 first.
  EXPECT_FALSE(isLegalOrder(q, {c2, 0, 1, 2, 3, 4, c1, 5, 6})); // before 0.

  // A second step on b' (a clone of a clone) uses the new ids.
  RecomputeStep s2{b2, {c1, c2}, {6}, {}};
  ASSERT_EQ(checkRecompute(q, s2), "");
  Problem r = applyRecompute(q, s2);
  EXPECT_EQ(r.check(), "");
  EXPECT_EQ(r.numStatements(), 11u);
  EXPECT_EQ(r.buffer(b2).users, (std::vector<StmtId>{c1, c2}));

  // Malformed steps are reported and leave the problem unchanged.
  EXPECT_NE(checkRecompute(p, {f.B, {1, 2}, {2}, {}}), "");  // late in group
  EXPECT_NE(checkRecompute(p, {f.B, {1, 2}, {4}, {}}), "");  // not a user
  EXPECT_NE(checkRecompute(p, {f.B, {}, {6}, {}}), "");      // empty group
  EXPECT_NE(checkRecompute(p, {f.B, {1, 2}, {}, {}}), "");   // no late user
  EXPECT_NE(checkRecompute(p, {f.B, {1, 1}, {6}, {}}), "");  // duplicate
  EXPECT_NE(checkRecompute(p, {99, {1}, {6}, {}}), "");      // no such buffer
  EXPECT_NE(checkRecompute(p, {f.B, {1, 42}, {6}, {}}), ""); // out of range
  Problem same = applyRecompute(p, {f.B, {1, 2}, {4}, {}});
  EXPECT_EQ(same.numStatements(), p.numStatements());
  EXPECT_EQ(same.edges(), p.edges());
}

/// A stem chain I -> A -> B -> X (A, B die early), X read early by s4 and
/// late by s7 across an expensive region s5, s6 with a big intermediate Q.
/// I is never freed (an input that stays live anyway).
struct Stem {
  Problem p;
  BufferId I, A, B, X, E, Q, R, Z;
  Stem() {
    for (int i = 0; i < 8; ++i)
      p.addStatement();
    int64_t macs[] = {1, 10, 10, 10, 10, 1000, 1000, 10};
    for (StmtId s = 0; s < 8; ++s)
      p.statement(s).macs = macs[s];
    I = addOutput(p, 0, 8, /*freed=*/false);
    A = addOutput(p, 1, 100);
    addRead(p, 0, I, 1);
    B = addOutput(p, 2, 100);
    addRead(p, 1, A, 2);
    X = addOutput(p, 3, 100);
    addRead(p, 2, B, 3);
    addRead(p, 0, I, 3);
    E = addOutput(p, 4, 10);
    addRead(p, 3, X, 4);
    Q = addOutput(p, 5, 400);
    addRead(p, 4, E, 5);
    R = addOutput(p, 6, 10);
    addRead(p, 5, Q, 6);
    Z = addOutput(p, 7, 4, /*freed=*/false);
    addRead(p, 3, X, 7);
    addRead(p, 6, R, 7);
    p.finalize();
  }
  std::vector<Producer> producers() const {
    return {{A, {1}}, {B, {2}}, {X, {3}}};
  }
};

TEST(Recompute, ApplyChainStructure) {
  Stem f;
  const Problem &p = f.p;
  ASSERT_EQ(p.check(), "");
  RecomputeStep s{f.X, {3}, {7}, {{f.B, {2}}, {f.A, {1}}}};
  ASSERT_EQ(checkRecompute(p, s), "");
  EXPECT_EQ(clonedStatements(s), (std::vector<StmtId>{3, 2, 1}));
  Problem q = applyRecompute(p, s);
  ASSERT_EQ(q.check(), "");
  ASSERT_EQ(q.numStatements(), 11u);
  ASSERT_EQ(q.numBuffers(), p.numBuffers() + 3);
  // Clones in clonedStatements order; fresh buffers X', then the chain's.
  const StmtId cX = 8, cB = 9, cA = 10;
  const BufferId x2 = 8, b2 = 9, a2 = 10;
  EXPECT_EQ(q.statement(cA).buffers, (std::vector<BufferId>{f.I, a2}));
  EXPECT_EQ(q.statement(cB).buffers, (std::vector<BufferId>{b2, a2}));
  EXPECT_EQ(q.statement(cX).buffers, (std::vector<BufferId>{f.I, x2, b2}));
  // Only the target's late users are rewired; the chain buffers keep their
  // users and their copies are read by clones only.
  EXPECT_EQ(q.buffer(f.X).users, (std::vector<StmtId>{3, 4}));
  EXPECT_EQ(q.buffer(x2).users, (std::vector<StmtId>{7, cX}));
  EXPECT_EQ(q.buffer(f.B).users, (std::vector<StmtId>{2, 3}));
  EXPECT_EQ(q.buffer(b2).users, (std::vector<StmtId>{cX, cB}));
  EXPECT_EQ(q.buffer(a2).users, (std::vector<StmtId>{cB, cA}));
  EXPECT_EQ(q.buffer(a2).bytes, 100);
  // Edges mirror the chain (cA -> cB -> cX -> 7), the input's writer runs
  // first (0 -> cA, 0 -> cX); no edge to an original reader of A or B.
  EXPECT_TRUE(hasEdge(q, cA, cB));
  EXPECT_TRUE(hasEdge(q, cB, cX));
  EXPECT_TRUE(hasEdge(q, cX, 7));
  EXPECT_TRUE(hasEdge(q, 0, cA));
  EXPECT_TRUE(hasEdge(q, 0, cX));
  EXPECT_FALSE(hasEdge(q, cA, 2));
  EXPECT_FALSE(hasEdge(q, cB, 3));
  // The chain runs after the region: X dies at s4, A' and B' are transient.
  Order o = {0, 1, 2, 3, 4, 5, 6, cA, cB, cX, 7};
  ASSERT_TRUE(isLegalOrder(q, o));
  EXPECT_EQ(simulatePeak(q, o), 8 + 10 + 400);
  EXPECT_FALSE(isLegalOrder(q, {0, 1, 2, 3, 4, 5, 6, cB, cA, cX, 7}));

  // Malformed chains.
  EXPECT_NE(checkRecompute(p, {f.X, {3}, {7}, {{99, {2}}}}), "");
  EXPECT_NE(checkRecompute(p, {f.X, {3}, {7}, {{f.X, {3}}}}), "");
  EXPECT_NE(checkRecompute(p, {f.X, {3}, {7}, {{f.B, {2}}, {f.B, {2}}}}), "");
  EXPECT_NE(checkRecompute(p, {f.X, {3}, {7}, {{f.B, {3}}}}), ""); // shared
  EXPECT_NE(checkRecompute(p, {f.X, {3}, {7}, {{f.B, {1}}}}), ""); // no use
  EXPECT_NE(checkRecompute(p, {f.X, {3}, {7}, {{f.B, {}}}}), "");  // empty
  EXPECT_NE(checkRecompute(p, {f.X, {3}, {7}, {{f.Z, {7}}}}), ""); // late
  Problem same = applyRecompute(p, {f.X, {3}, {7}, {{f.B, {3}}}});
  EXPECT_EQ(same.numStatements(), p.numStatements());
}

TEST(Recompute, ChainPaysWhereASingleGroupCannot) {
  Stem f;
  Order cur = identityOrder(f.p);
  RecomputeOptions opt;
  opt.maxMacOverhead = 0.02; // 41 MACs of 2051: the whole chain is 30.
  EXPECT_EQ(simulatePeak(f.p, cur), 8 + 100 + 400 + 10);

  // X alone: its clone would keep B (as big as X) alive instead.
  RecomputePlan single = planRecompute(f.p, cur, {{f.X, {3}}}, opt);
  checkPlan(f.p, cur, opt, single, "stem single");
  EXPECT_TRUE(single.steps.empty()) << single.reason;

  RecomputePlan plan = planRecompute(f.p, cur, f.producers(), opt);
  checkPlan(f.p, cur, opt, plan, "stem chain");
  ASSERT_EQ(plan.steps.size(), 1u);
  EXPECT_EQ(plan.steps[0].buffer, f.X);
  EXPECT_EQ(plan.steps[0].chain.size(), 2u);
  EXPECT_EQ(plan.peak, 8 + 400 + 10);
  EXPECT_EQ(plan.extraMacs, 30);
  EXPECT_EQ(plan.peak, test::bruteForceOptimum(plan.problem));

  // The budget must admit the whole chain: 20 MACs do not.
  RecomputeOptions tight = opt;
  tight.maxMacOverhead = 0.01;
  RecomputePlan none = planRecompute(f.p, cur, f.producers(), tight);
  checkPlan(f.p, cur, tight, none, "stem tight");
  EXPECT_TRUE(none.steps.empty()) << none.reason;
}

TEST(Recompute, OperationBudgetBindsClonesWithoutMacs) {
  // The same stem, its chain made of elementwise ops: no MACs, 30 of the
  // 2051 operations. The MAC budget (0) admits it; the operation budget
  // decides.
  Stem f;
  for (StmtId s = 0; s < f.p.numStatements(); ++s) {
    f.p.statement(s).ops = f.p.statement(s).macs;
    if (s >= 1 && s <= 3)
      f.p.statement(s).macs = 0;
  }
  Order cur = identityOrder(f.p);
  RecomputeOptions opt;
  opt.maxMacOverhead = 0;
  opt.maxOpOverhead = 0.02; // 41 operations: the chain's 30 fit.
  RecomputePlan plan = planRecompute(f.p, cur, f.producers(), opt);
  checkPlan(f.p, cur, opt, plan, "stem ops");
  ASSERT_EQ(plan.steps.size(), 1u);
  EXPECT_EQ(plan.extraMacs, 0);
  EXPECT_EQ(plan.extraOps, 30);
  EXPECT_EQ(plan.opsBefore, 2051);
  EXPECT_EQ(plan.peak, 8 + 400 + 10);

  RecomputeOptions tight = opt;
  tight.maxOpOverhead = 0.01; // 20 operations do not admit the chain.
  RecomputePlan none = planRecompute(f.p, cur, f.producers(), tight);
  checkPlan(f.p, cur, tight, none, "stem ops tight");
  EXPECT_TRUE(none.steps.empty()) << none.reason;
  EXPECT_EQ(none.extraOps, 0);
}

//===----------------------------------------------------------------------===//
// Hand-built plans
//===----------------------------------------------------------------------===//

/// A cheap producer s1 of a big buffer A (from a small input I), read early
/// by s2 and late by s5; between them an expensive region s3, s4 whose own
/// buffers are small inputs and a big intermediate.
Problem skipConnection() {
  Problem p;
  for (int i = 0; i < 6; ++i)
    p.addStatement();
  int64_t macs[] = {1, 10, 50, 1000, 1000, 50};
  for (StmtId s = 0; s < 6; ++s)
    p.statement(s).macs = macs[s];
  BufferId I = addOutput(p, 0, 8);
  BufferId A = addOutput(p, 1, 100);
  addRead(p, 0, I, 1);
  BufferId X = addOutput(p, 2, 8);
  addRead(p, 1, A, 2);
  BufferId Y = addOutput(p, 3, 200);
  addRead(p, 2, X, 3);
  BufferId Z = addOutput(p, 4, 8);
  addRead(p, 3, Y, 4);
  addOutput(p, 5, 8, /*freed=*/false);
  addRead(p, 1, A, 5);
  addRead(p, 4, Z, 5);
  p.finalize();
  return p;
}

TEST(Recompute, PaysOnSkipConnection) {
  Problem p = skipConnection();
  Order cur = identityOrder(p);
  RecomputeOptions opt;
  opt.maxMacOverhead = 0.01; // 21 MACs of 2111.
  RecomputePlan plan = planRecompute(p, cur, {{1, {1}}}, opt);
  checkPlan(p, cur, opt, plan, "skip");
  EXPECT_EQ(plan.peakBefore, 8 + 100 + 200);
  ASSERT_EQ(plan.steps.size(), 1u);
  EXPECT_EQ(plan.steps[0].buffer, 1u);
  EXPECT_EQ(plan.steps[0].group, (std::vector<StmtId>{1}));
  EXPECT_EQ(plan.steps[0].lateUsers, (std::vector<StmtId>{5}));
  // The input I (8 bytes) now lives until the clone instead of A (100).
  EXPECT_EQ(plan.peak, 8 + 8 + 200);
  EXPECT_EQ(plan.extraMacs, 10);
  EXPECT_TRUE(plan.provenOptimal);
  EXPECT_TRUE(plan.exhaustive);
  EXPECT_EQ(plan.candidates.size(), 1u);
  EXPECT_EQ(plan.peak, test::bruteForceOptimum(plan.problem));

  // The default MAC budget (0.4% of 2111 = 8 MACs) forbids the 10-MAC clone.
  RecomputePlan none = planRecompute(p, cur, {{1, {1}}}, RecomputeOptions{});
  checkPlan(p, cur, RecomputeOptions{}, none, "skip default budget");
  EXPECT_TRUE(none.steps.empty());
  EXPECT_NE(none.reason.find("MAC budget"), std::string::npos) << none.reason;

  // A zero budget: nothing is evaluated, nothing changes.
  RecomputeOptions zero = opt;
  zero.maxWork = 0;
  RecomputePlan late = planRecompute(p, cur, {{1, {1}}}, zero);
  checkPlan(p, cur, zero, late, "zero budget");
  EXPECT_TRUE(late.steps.empty());
  EXPECT_TRUE(late.budgetExhausted);
  EXPECT_NE(late.reason.find("budget ran out"), std::string::npos)
      << late.reason;

  // Without an annotation nothing is recomputable.
  RecomputePlan unannotated = planRecompute(p, cur, {}, opt);
  EXPECT_TRUE(unannotated.steps.empty());
  EXPECT_NE(unannotated.reason.find("producer"), std::string::npos);
  // An annotation on another buffer (Z, not live at the peak): the live ones
  // are not recomputable.
  RecomputePlan other = planRecompute(p, cur, {{4, {4}}}, opt);
  EXPECT_TRUE(other.steps.empty());
  EXPECT_NE(other.reason.find("no producer annotation"), std::string::npos)
      << other.reason;
}

TEST(Recompute, CannotHelpWhenThePeakIsOneStatement) {
  // s1 reads X (100) and writes Y (200): every order peaks at 300 there.
  Problem p;
  for (int i = 0; i < 3; ++i)
    p.addStatement();
  BufferId X = addOutput(p, 0, 100);
  BufferId Y = addOutput(p, 1, 200);
  addRead(p, 0, X, 1);
  addOutput(p, 2, 4, false);
  addRead(p, 1, Y, 2);
  p.statement(0).macs = 1;
  p.finalize();
  Order cur = identityOrder(p);
  RecomputeOptions opt;
  opt.maxMacOverhead = 1;
  RecomputePlan plan = planRecompute(p, cur, {{X, {0}}, {Y, {1}}}, opt);
  checkPlan(p, cur, opt, plan, "local");
  EXPECT_TRUE(plan.steps.empty());
  EXPECT_EQ(plan.peak, 300);
  EXPECT_TRUE(plan.provenOptimal);
  EXPECT_NE(plan.reason.find("statement 1's own inputs, outputs and scratch "
                             "(local bound)"),
            std::string::npos)
      << plan.reason;
}

TEST(Recompute, ReasonWhenReorderingAloneSuffices) {
  // Two independent chains; the identity order interleaves them badly.
  Problem p;
  for (int i = 0; i < 4; ++i)
    p.addStatement();
  BufferId A = addOutput(p, 0, 100);
  BufferId B = addOutput(p, 1, 100);
  addRead(p, 0, A, 2);
  addRead(p, 1, B, 3);
  addOutput(p, 2, 10, false);
  addOutput(p, 3, 10, false);
  p.finalize();
  Order cur = identityOrder(p);
  RecomputeOptions opt;
  opt.maxMacOverhead = 1;
  RecomputePlan plan = planRecompute(p, cur, {{A, {0}}, {B, {1}}}, opt);
  checkPlan(p, cur, opt, plan, "reorder");
  EXPECT_TRUE(plan.steps.empty());
  EXPECT_EQ(plan.peakBefore, 210);
  EXPECT_EQ(plan.reorderPeak, 120);
  // The plan carries the reordering: no separate reorder phase is needed.
  EXPECT_EQ(plan.peak, 120);
  EXPECT_EQ(simulatePeak(p, plan.order), 120);
  EXPECT_NE(plan.reason.find("reordering alone reaches 120"), std::string::npos)
      << plan.reason;
}

TEST(Recompute, ReasonGroupsThousands) {
  // The same at 1,000 times the bytes: the numbers of the reason text carry
  // thousands separators.
  Problem p;
  for (int i = 0; i < 4; ++i)
    p.addStatement();
  BufferId A = addOutput(p, 0, 100000);
  BufferId B = addOutput(p, 1, 100000);
  addRead(p, 0, A, 2);
  addRead(p, 1, B, 3);
  addOutput(p, 2, 10000, false);
  addOutput(p, 3, 10000, false);
  p.finalize();
  Order cur = identityOrder(p);
  RecomputeOptions opt;
  opt.maxMacOverhead = 1;
  RecomputePlan plan = planRecompute(p, cur, {{A, {0}}, {B, {1}}}, opt);
  checkPlan(p, cur, opt, plan, "reorder x1000");
  EXPECT_TRUE(plan.steps.empty());
  EXPECT_EQ(plan.peakBefore, 210000);
  EXPECT_EQ(plan.reorderPeak, 120000);
  EXPECT_EQ(plan.peak, 120000);
  EXPECT_EQ(simulatePeak(p, plan.order), 120000);
  EXPECT_NE(plan.reason.find("reordering alone reaches 120,000 (from 210,000)"),
            std::string::npos)
      << plan.reason;
}

/// A big buffer A (from a cheap s1) read at s2, s5 and s8, with an expensive
/// region between each pair: one clone fixes only one region.
Problem twoRegions() {
  Problem p;
  for (int i = 0; i < 9; ++i)
    p.addStatement();
  for (StmtId s = 0; s < 9; ++s)
    p.statement(s).macs = (s == 3 || s == 4 || s == 6 || s == 7) ? 1000 : 10;
  BufferId I = addOutput(p, 0, 8);
  BufferId A = addOutput(p, 1, 100);
  addRead(p, 0, I, 1);
  BufferId prev = A;
  StmtId prevWriter = 1;
  for (StmtId base : {2u, 5u}) {
    BufferId X = addOutput(p, base, 8);
    addRead(p, prevWriter, prev, base);
    addRead(p, 1, A, base);
    BufferId Y = addOutput(p, base + 1, 200);
    addRead(p, base, X, base + 1);
    BufferId Z = addOutput(p, base + 2, 8);
    addRead(p, base + 1, Y, base + 2);
    prev = Z;
    prevWriter = base + 2;
  }
  addOutput(p, 8, 8, false);
  addRead(p, prevWriter, prev, 8);
  addRead(p, 1, A, 8);
  p.finalize();
  return p;
}

TEST(Recompute, PerOpLimitAndMacBudget) {
  Problem p = twoRegions();
  ASSERT_EQ(p.check(), "");
  Order cur = identityOrder(p);
  ASSERT_EQ(simulatePeak(p, cur), 308);
  std::vector<Producer> prod = {{1, {1}}};

  // k = 1: A needs three live ranges, one clone gives two: no help, and the
  // exact planner proves it over its candidates.
  RecomputeOptions k1;
  k1.maxRecomputePerOp = 1;
  k1.maxMacOverhead = 0.01;
  RecomputePlan p1 = planRecompute(p, cur, prod, k1);
  checkPlan(p, cur, k1, p1, "k=1");
  EXPECT_TRUE(p1.steps.empty());
  EXPECT_EQ(p1.candidates.size(), 2u);
  EXPECT_TRUE(p1.exhaustive);
  EXPECT_TRUE(p1.provenOptimal);
  EXPECT_NE(p1.reason.find("exact over every subset"), std::string::npos)
      << p1.reason;

  // k = 2: two clones of s1 (the second may be a clone of the clone, which
  // counts against s1); the greedy crosses the equal-peak plateau.
  RecomputeOptions k2 = k1;
  k2.maxRecomputePerOp = 2;
  RecomputePlan p2 = planRecompute(p, cur, prod, k2);
  checkPlan(p, cur, k2, p2, "k=2");
  ASSERT_EQ(p2.steps.size(), 2u);
  EXPECT_EQ(p2.peak, 8 + 8 + 200);
  EXPECT_EQ(p2.extraMacs, 20);

  // k = 2 but a MAC budget for one clone only (15 of 4050 MACs).
  RecomputeOptions tight = k2;
  tight.maxMacOverhead = 15.5 / 4050.0;
  ASSERT_EQ(totalMacs(p), 4050);
  RecomputePlan p3 = planRecompute(p, cur, prod, tight);
  checkPlan(p, cur, tight, p3, "tight");
  EXPECT_TRUE(p3.steps.empty());

  // Per-op limit 0 disables recomputation.
  RecomputeOptions k0 = k2;
  k0.maxRecomputePerOp = 0;
  RecomputePlan p0 = planRecompute(p, cur, prod, k0);
  EXPECT_TRUE(p0.steps.empty());
  EXPECT_NE(p0.reason.find("maxRecomputePerOp"), std::string::npos);
}

/// U-Net-like: level i has a cheap producer P_i of a 100-byte skip buffer
/// S_i from a 4-byte input I_i, an early reader E_i, an expensive region
/// (200-byte intermediate); the decoder reads S_L, ..., S_1 at the end.
Problem unet(unsigned levels, std::vector<Producer> &producers) {
  Problem p;
  auto stmt = [&](int64_t macs) {
    StmtId s = p.addStatement();
    p.statement(s).macs = macs;
    return s;
  };
  std::vector<StmtId> inputWriter;
  std::vector<BufferId> inputs;
  for (unsigned i = 0; i < levels; ++i) {
    StmtId s = stmt(1);
    inputWriter.push_back(s);
    inputs.push_back(addOutput(p, s, 4));
  }
  std::vector<StmtId> skipWriter;
  std::vector<BufferId> skips;
  StmtId prevWriter = 0;
  BufferId prev = 0;
  bool havePrev = false;
  for (unsigned i = 0; i < levels; ++i) {
    StmtId P = stmt(10);
    BufferId S = addOutput(p, P, 100);
    addRead(p, inputWriter[i], inputs[i], P);
    if (havePrev) // Ordered after the previous level, without reading it.
      p.addEdge(prevWriter, P);
    producers.push_back({S, {P}});
    skipWriter.push_back(P);
    skips.push_back(S);
    StmtId E = stmt(100);
    BufferId T = addOutput(p, E, 8);
    addRead(p, P, S, E);
    StmtId R = stmt(1000);
    BufferId Y = addOutput(p, R, 200);
    addRead(p, E, T, R);
    StmtId Q = stmt(1000);
    prev = addOutput(p, Q, 8);
    addRead(p, R, Y, Q);
    prevWriter = Q;
    havePrev = true;
  }
  for (unsigned k = levels; k-- > 0;) {
    StmtId D = stmt(100);
    BufferId U = addOutput(p, D, 8, /*freed=*/k != 0);
    addRead(p, skipWriter[k], skips[k], D);
    addRead(p, prevWriter, prev, D);
    prevWriter = D;
    prev = U;
  }
  p.finalize();
  return p;
}

TEST(Recompute, UNetSkipsAllRecomputed) {
  for (unsigned levels : {2u, 4u, 6u}) {
    std::vector<Producer> prod;
    Problem p = unet(levels, prod);
    ASSERT_EQ(p.check(), "");
    Order cur = identityOrder(p);
    RecomputeOptions opt;
    opt.maxMacOverhead = 0.01;
    RecomputePlan plan = planRecompute(p, cur, prod, opt);
    const std::string what = "levels " + std::to_string(levels);
    checkPlan(p, cur, opt, plan, what);
    // Before: every skip (100 each) + T (8) + Y (200) at the last region;
    // the inputs after the first level are live as well (4 each).
    EXPECT_EQ(plan.reorderPeak, 100 * levels + 8 + 200) << what;
    // After: every skip recomputed before its decoder; the 4-byte inputs
    // live until the clones instead.
    EXPECT_EQ(plan.steps.size(), levels) << what;
    EXPECT_EQ(plan.peak, 4 * levels + 8 + 200) << what;
    EXPECT_EQ(plan.extraMacs, 10 * levels) << what;
  }
}

TEST(Recompute, InvalidInput) {
  Problem p = skipConnection();
  Order bad = {5, 4, 3, 2, 1, 0};
  RecomputePlan plan = planRecompute(p, bad, {{1, {1}}}, RecomputeOptions{});
  EXPECT_TRUE(plan.steps.empty());
  EXPECT_NE(plan.reason.find("not a legal order"), std::string::npos);
  EXPECT_EQ(plan.order, bad);
}

//===----------------------------------------------------------------------===//
// Random problems
//===----------------------------------------------------------------------===//

/// A random dataflow block with producer groups: a buffer is written by one
/// statement, or by a fill then a statement accumulating into it (edge
/// fill -> compute); readers get an edge from the last writer. Some buffers
/// are later updated in place by a statement that may read other buffers
/// too (write-after-read edges from the buffer's readers), some escape, some
/// statements have scratch. `writes` records the buffer each statement writes
/// (-1: none) for the semantic check. A buffer is annotated only if its
/// writers are exactly its group and no user of it writes an input of the
/// group (the annotation's precondition).
struct RandomBlock {
  Problem p;
  std::vector<Producer> producers;
  std::vector<int64_t> writes;
};

RandomBlock randomBlock(std::mt19937 &rng, unsigned n, int annotatePct) {
  RandomBlock r;
  Problem &p = r.p;
  std::uniform_int_distribution<int> size(1, 64), coin(0, 99), macs(1, 100);
  struct Buf {
    BufferId id;
    StmtId lastWriter;
    std::vector<StmtId> readers;
    std::vector<StmtId> group;
    bool inPlace = false;
  };
  std::vector<Buf> bufs;
  unsigned made = 0;
  auto newStmt = [&]() {
    StmtId s =
        p.addStatement(StmtKind::Compute, coin(rng) < 15 ? size(rng) : 0);
    // A third are elementwise: no MACs, only operations.
    p.statement(s).macs = coin(rng) < 33 ? 0 : macs(rng);
    p.statement(s).ops = p.statement(s).macs + macs(rng);
    r.writes.push_back(-1);
    ++made;
    return s;
  };
  auto pick = [&]() -> Buf & {
    return bufs[std::uniform_int_distribution<size_t>(0, bufs.size() - 1)(rng)];
  };
  auto read = [&](StmtId s, Buf &b) {
    p.addUse(s, b.id);
    p.addEdge(b.lastWriter, s);
    b.readers.push_back(s);
  };
  while (made < n) {
    // In-place update of an earlier buffer (never annotated).
    if (!bufs.empty() && coin(rng) < 8) {
      StmtId s = newStmt();
      size_t target =
          std::uniform_int_distribution<size_t>(0, bufs.size() - 1)(rng);
      int reads = coin(rng) % 3;
      for (int k = 0; k < reads; ++k) {
        Buf &b = pick();
        if (b.id != bufs[target].id)
          read(s, b);
      }
      Buf &b = bufs[target];
      p.addUse(s, b.id);
      p.addEdge(b.lastWriter, s);
      for (StmtId u : b.readers)
        p.addEdge(u, s);
      b.lastWriter = s;
      b.inPlace = true;
      b.readers.clear();
      r.writes[s] = b.id;
      continue;
    }
    std::vector<StmtId> group;
    if (made + 1 < n && coin(rng) < 20)
      group.push_back(newStmt()); // fill
    StmtId s = newStmt();
    group.push_back(s);
    if (group.size() == 2)
      p.addEdge(group[0], s);
    int reads = bufs.empty() ? 0 : coin(rng) % 4;
    for (int k = 0; k < reads; ++k)
      read(s, pick());
    if (coin(rng) < 90 || group.size() == 2) {
      BufferId id =
          p.addBuffer(group.size() == 2 && coin(rng) < 10 ? 4 : size(rng) * 4,
                      coin(rng) >= 10);
      for (StmtId g : group) {
        p.addUse(g, id);
        r.writes[g] = id;
      }
      bufs.push_back({id, s, {}, group, false});
    }
  }
  p.finalize();
  for (const Buf &b : bufs) {
    if (b.inPlace || coin(rng) >= annotatePct)
      continue;
    std::vector<BufferId> inputs;
    for (StmtId g : b.group)
      for (BufferId x : p.statement(g).buffers)
        if (x != b.id)
          inputs.push_back(x);
    bool ok = true;
    for (StmtId u : p.buffer(b.id).users)
      if (r.writes[u] >= 0 && std::find(inputs.begin(), inputs.end(),
                                        BufferId(r.writes[u])) != inputs.end())
        ok = false;
    if (ok)
      r.producers.push_back({b.id, b.group});
  }
  return r;
}

uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// Runs `order`: every statement hashes (what it is, the contents of the
/// buffers it uses) and stores the hash in the buffer it writes. Returns the
/// hash of every statement.
std::vector<uint64_t> execute(const Problem &p, const Order &order,
                              const std::vector<int64_t> &writes,
                              const std::vector<StmtId> &origin) {
  std::vector<uint64_t> content(p.numBuffers(), 0), h(p.numStatements(), 0);
  for (StmtId s : order) {
    std::vector<uint64_t> in;
    for (BufferId b : p.statement(s).buffers)
      in.push_back(content[b]);
    std::sort(in.begin(), in.end());
    uint64_t x = mix(origin[s] + 1);
    for (uint64_t c : in)
      x = mix(x ^ c);
    h[s] = x;
    if (writes[s] >= 0)
      content[writes[s]] = x;
  }
  return h;
}

/// The plan computes the same values: every statement (and every clone, as
/// its original) sees the same inputs as in the original program.
void checkSemantics(const RandomBlock &rb, const Order &current,
                    const RecomputePlan &plan, const std::string &what) {
  const size_t n0 = rb.p.numStatements();
  std::vector<StmtId> origin(n0);
  for (StmtId s = 0; s < n0; ++s)
    origin[s] = s;
  std::vector<int64_t> writes = rb.writes;
  Problem q = rb.p;
  for (const RecomputeStep &s : plan.steps) {
    // Fresh buffers: b' = numBuffers(), then one per chain producer; clones
    // in clonedStatements order.
    BufferId fresh = q.numBuffers();
    auto cloneGroup = [&](BufferId b, const std::vector<StmtId> &group) {
      for (StmtId g : group) {
        ASSERT_EQ(writes[g], int64_t(b)) << what;
        origin.push_back(origin[g]);
        writes.push_back(fresh);
      }
      ++fresh;
    };
    cloneGroup(s.buffer, s.group);
    for (const Producer &c : s.chain)
      cloneGroup(c.buffer, c.group);
    q = applyRecompute(q, s);
  }
  std::vector<uint64_t> before = execute(rb.p, current, rb.writes, origin);
  std::vector<uint64_t> after =
      execute(plan.problem, plan.order, writes, origin);
  for (StmtId s = 0; s < plan.problem.numStatements(); ++s)
    ASSERT_EQ(after[s], before[origin[s]]) << what << " statement " << s;
}

/// A random legal order (Kahn with random choices).
Order randomTopo(const Problem &p, std::mt19937 &rng) {
  const size_t n = p.numStatements();
  std::vector<uint32_t> indeg(n);
  std::vector<StmtId> ready;
  for (StmtId s = 0; s < n; ++s)
    if (!(indeg[s] = p.preds(s).size()))
      ready.push_back(s);
  Order o;
  while (!ready.empty()) {
    size_t i = std::uniform_int_distribution<size_t>(0, ready.size() - 1)(rng);
    StmtId s = ready[i];
    ready.erase(ready.begin() + i);
    o.push_back(s);
    for (StmtId t : p.succs(s))
      if (--indeg[t] == 0)
        ready.push_back(t);
  }
  return o;
}

double msSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - t)
      .count();
}

TEST(Recompute, SemanticCheckNeedsTheWriteAfterReadEdge) {
  // The executor of the random tests tells a clone reading an overwritten
  // input apart: FillConv's clone of the convolution after s5 (which
  // overwrites I) computes a different value; the legal order does not.
  FillConv f;
  std::vector<int64_t> writes = {int64_t(f.I), int64_t(f.B), int64_t(f.B),
                                 int64_t(f.X), int64_t(f.Y), int64_t(f.I),
                                 int64_t(f.Z)};
  Problem q = applyRecompute(f.p, {f.B, {1, 2}, {6}, {}});
  const BufferId nb = f.p.numBuffers();
  std::vector<int64_t> qWrites = writes;
  qWrites.push_back(nb);
  qWrites.push_back(nb);
  std::vector<StmtId> origin = {0, 1, 2, 3, 4, 5, 6, 1, 2};
  std::vector<uint64_t> ref = execute(f.p, identityOrder(f.p), writes, origin);
  Order legal = {0, 1, 2, 3, 4, 7, 8, 5, 6};
  Order late = {0, 1, 2, 3, 4, 5, 7, 8, 6};
  ASSERT_TRUE(isLegalOrder(q, legal));
  ASSERT_FALSE(isLegalOrder(q, late));
  std::vector<uint64_t> good = execute(q, legal, qWrites, origin);
  std::vector<uint64_t> bad = execute(q, late, qWrites, origin);
  for (StmtId s = 0; s < 9; ++s)
    EXPECT_EQ(good[s], ref[origin[s]]) << s;
  EXPECT_NE(bad[8], ref[2]);
  EXPECT_NE(bad[6], ref[6]);
}

TEST(Recompute, RandomNeverWorseLegalWithinBudgets) {
  std::mt19937 rng(7);
  const double overheads[] = {0.004, 0.05, 0.2, 1.0};
  int helped = 0, total = 0, steps = 0, ofClones = 0, multiStep = 0, chains = 0;
  double worstMs = 0;
  std::vector<double> times;
  for (int iter = 0; iter < 600; ++iter) {
    unsigned n = std::uniform_int_distribution<unsigned>(3, 28)(rng);
    RandomBlock rb = randomBlock(rng, n, 60);
    ASSERT_EQ(rb.p.check(), "");
    Order cur = iter % 2 ? identityOrder(rb.p) : randomTopo(rb.p, rng);
    RecomputeOptions opt;
    opt.maxRecomputePerOp = 1 + iter % 2;
    opt.maxMacOverhead = overheads[iter % 4];
    opt.maxOpOverhead = overheads[(iter / 4) % 4];
    opt.maxWork = 20'000'000;
    auto t0 = std::chrono::steady_clock::now();
    RecomputePlan plan = planRecompute(rb.p, cur, rb.producers, opt);
    times.push_back(msSince(t0));
    worstMs = std::max(worstMs, times.back());
    checkPlan(rb.p, cur, opt, plan, "iter " + std::to_string(iter));
    checkSemantics(rb, cur, plan, "iter " + std::to_string(iter));
    ++total;
    helped += !plan.steps.empty();
    steps += plan.steps.size();
    multiStep += plan.steps.size() > 1;
    for (const RecomputeStep &s : plan.steps) {
      ofClones += s.group[0] >= rb.p.numStatements();
      chains += !s.chain.empty();
    }
  }
  // Recomputation must pay on a fair share of annotated random blocks, and
  // chains must be exercised (checkSemantics covers their values).
  EXPECT_GT(helped, total / 20);
  EXPECT_GT(chains, 0);
  // The budget holds up to uninterruptible phases (and, on a loaded machine,
  // preemption): 95% of the plans within 1.5 x budget + 5 ms.
  std::sort(times.begin(), times.end());
  if (kCheckTiming) {
    EXPECT_LT(times[times.size() * 95 / 100], 20 * 1.5 + 5);
  }
  std::printf("[recompute] %d of %d random blocks improved (%d steps, %d "
              "plans with several, %d steps recompute a clone, %d chains); "
              "plan time median %.1f ms, 95%% %.1f ms, max %.1f ms\n",
              helped, total, steps, multiStep, ofClones, chains,
              times[times.size() / 2], times[times.size() * 95 / 100], worstMs);
}

// The instances are the compiler-independent random DAG blocks of
// RecomputeInstances.h (one seed per case), not randomBlock
// (std::uniform_int_distribution draws differ between standard libraries).
TEST(Recompute, ExactMatchesBruteForceOnSmallBlocks) {
  int cases = 0, withGain = 0, proven = 0, exactEqual = 0;
  for (int iter = 0; iter < 4000 && cases < 150; ++iter) {
    std::mt19937 rng(600000 + unsigned(iter));
    unsigned n = unsigned(test::pick(rng, 3, 8));
    std::vector<std::pair<unsigned, unsigned>> edges;
    test::randomDag(rng, n, edges);
    test::Block block = test::blockOf(rng, n, edges);
    RandomBlock rb{block.p, block.producers, block.writes};
    const Problem &p = rb.p;
    // Start from an optimal order: what recomputation must beat.
    ScheduleOptions so;
    so.algorithm = "exact";
    Order cur = scheduleBlock(p, so).order;
    RecomputeOptions opt;
    opt.maxRecomputePerOp = 1;
    opt.maxMacOverhead = iter % 3 ? 1.0 : 0.1;
    opt.maxOpOverhead = iter % 5 ? 1.0 : 0.2;
    opt.maxWork = 200'000'000;
    RecomputePlan plan = planRecompute(p, cur, rb.producers, opt);
    const std::string what = "iter " + std::to_string(iter);
    checkPlan(p, cur, opt, plan, what);
    checkSemantics(rb, cur, plan, what);
    const size_t c = plan.candidates.size();
    if (c == 0 || c > 3)
      continue;
    ++cases;
    ASSERT_TRUE(plan.exhaustive) << what;
    const int64_t none = test::bruteForceOptimum(p);
    EXPECT_EQ(plan.reorderPeak, none) << what;
    // Brute force: every admissible subset (applied in candidate order) x
    // every legal order.
    int64_t best = std::numeric_limits<int64_t>::max();
    const double macBudget = opt.maxMacOverhead * double(plan.macsBefore);
    const double opBudget = opt.maxOpOverhead * double(plan.opsBefore);
    for (unsigned mask = 1; mask < (1u << c); ++mask) {
      std::map<StmtId, unsigned> clones;
      std::vector<BufferId> seen;
      int64_t macs = 0, ops = 0;
      bool ok = true;
      for (size_t j = 0; j < c && ok; ++j) {
        if (!(mask >> j & 1))
          continue;
        const RecomputeStep &s = plan.candidates[j];
        ok = std::find(seen.begin(), seen.end(), s.buffer) == seen.end();
        seen.push_back(s.buffer);
        for (StmtId g : s.group) {
          macs += p.statement(g).macs;
          ops += p.statement(g).ops;
          ok = ok && ++clones[g] <= opt.maxRecomputePerOp;
        }
      }
      if (!ok || double(macs) > macBudget || double(ops) > opBudget)
        continue;
      Problem q = p;
      for (size_t j = 0; j < c && ok; ++j)
        if (mask >> j & 1) {
          ASSERT_EQ(checkRecompute(q, plan.candidates[j]), "") << what;
          q = applyRecompute(q, plan.candidates[j]);
          ok = q.check().empty();
        }
      if (ok)
        best = std::min(best, test::bruteForceOptimum(q));
    }
    if (best < none) {
      ++withGain;
      ASSERT_FALSE(plan.steps.empty()) << what;
      EXPECT_LE(plan.peak, best) << what;
      exactEqual += plan.peak == best;
    }
    if (plan.provenOptimal) {
      ++proven;
      if (plan.steps.empty()) {
        EXPECT_GE(best, none) << what;
        EXPECT_EQ(plan.peakBefore, none) << what;
      } else {
        EXPECT_TRUE(plan.peak == best || plan.peak == localBound(p)) << what;
      }
    }
    if (!plan.steps.empty()) {
      EXPECT_LT(plan.peak, none) << what;
    }
  }
  EXPECT_GE(cases, 100);
  EXPECT_GE(withGain, 10);
  EXPECT_GE(proven * 10, cases * 8);
  std::printf("[recompute] %d small blocks with 1-3 candidates, %d with a "
              "gain, %d equal to the subset brute force, %d proven\n",
              cases, withGain, exactEqual, proven);
}

TEST(Recompute, BudgetIsRespectedOnLargerBlocks) {
  std::mt19937 rng(3);
  double totalMs = 0;
  for (int iter = 0; iter < 3; ++iter) {
    RandomBlock rb = randomBlock(rng, 400, 70);
    Order cur = identityOrder(rb.p);
    RecomputeOptions opt;
    opt.maxMacOverhead = 0.1;
    opt.maxWork = 40'000'000;
    auto t0 = std::chrono::steady_clock::now();
    RecomputePlan plan = planRecompute(rb.p, cur, rb.producers, opt);
    double ms = msSince(t0);
    checkPlan(rb.p, cur, opt, plan, "large " + std::to_string(iter));
    checkSemantics(rb, cur, plan, "large " + std::to_string(iter));
    totalMs += ms;
    std::printf("[recompute] 400 statements: peak %lld -> reorder %lld -> "
                "%lld with %zu steps, %zu reschedulings, %.1f ms\n",
                (long long)plan.peakBefore, (long long)plan.reorderPeak,
                (long long)plan.peak, plan.steps.size(), plan.evaluations, ms);
  }
  if (kCheckTiming) {
    EXPECT_LT(totalMs, 3 * (40 * 1.5 + 5));
  }
}

//===----------------------------------------------------------------------===//
// Chains searched over their subsets
//===----------------------------------------------------------------------===//

/// X (s4) reads A1 (s2, 10 B, computed from a big B1 that is not
/// recomputable) and A2 (s3, 100 B, from the live input I). X is read early
/// by s5 and late by s8, across the 400-byte region s6, s7. Recomputing X
/// alone keeps A1 and A2 alive across the region; the whole chain {A1, A2}
/// (buildChain's greedy choice: both are dead at s8) keeps B1 (300 B) alive
/// instead. Only the subset {A2} pays: A1 (10 B) stays, A2 is re-run from I.
struct TwoInputStem {
  Problem p;
  BufferId I, B1, A1, A2, X, E, Q, R, Z;
  TwoInputStem() {
    for (int i = 0; i < 9; ++i)
      p.addStatement();
    for (StmtId s = 0; s < 9; ++s)
      p.statement(s).macs = s == 6 ? 1000 : 10;
    I = addOutput(p, 0, 8, /*freed=*/false);
    B1 = addOutput(p, 1, 300);
    addRead(p, 0, I, 1);
    A1 = addOutput(p, 2, 10);
    addRead(p, 1, B1, 2);
    A2 = addOutput(p, 3, 100);
    addRead(p, 0, I, 3);
    X = addOutput(p, 4, 100);
    addRead(p, 2, A1, 4);
    addRead(p, 3, A2, 4);
    E = addOutput(p, 5, 10);
    addRead(p, 4, X, 5);
    Q = addOutput(p, 6, 400);
    addRead(p, 5, E, 6);
    R = addOutput(p, 7, 10);
    addRead(p, 6, Q, 7);
    Z = addOutput(p, 8, 4, /*freed=*/false);
    addRead(p, 4, X, 8);
    addRead(p, 7, R, 8);
    p.finalize();
  }
  std::vector<Producer> producers() const {
    return {{A1, {2}}, {A2, {3}}, {X, {4}}};
  }
};

TEST(Recompute, ChainSubsetBeatsTheGreedyChain) {
  TwoInputStem f;
  Order cur = identityOrder(f.p);
  RecomputeOptions opt;
  opt.maxMacOverhead = 1;
  EXPECT_EQ(simulatePeak(f.p, cur), 8 + 100 + 10 + 400);
  RecomputePlan plan = planRecompute(f.p, cur, f.producers(), opt);
  checkPlan(f.p, cur, opt, plan, "two-input stem");
  ASSERT_EQ(plan.steps.size(), 1u) << plan.reason;
  EXPECT_EQ(plan.steps[0].buffer, f.X);
  ASSERT_EQ(plan.steps[0].chain.size(), 1u);
  EXPECT_EQ(plan.steps[0].chain[0].buffer, f.A2);
  EXPECT_EQ(plan.peak, 8 + 400 + 10 + 10);
  EXPECT_EQ(plan.extraMacs, 20);
  EXPECT_TRUE(plan.exhaustive);
  EXPECT_TRUE(plan.provenOptimal);
  EXPECT_EQ(plan.peak, test::bruteForceOptimum(plan.problem));
}

/// Every step the brute force tries: each candidate the planner found, and
/// for each one with a chain every subset of that chain (closed or not), in
/// the planner's candidate order.
std::vector<std::pair<size_t, RecomputeStep>>
stepsWithChainSubsets(const RecomputePlan &plan) {
  std::vector<std::pair<size_t, RecomputeStep>> steps;
  for (size_t j = 0; j < plan.candidates.size(); ++j) {
    const RecomputeStep &c = plan.candidates[j];
    const size_t k = c.chain.size();
    for (unsigned mask = 0; mask < (1u << k); ++mask) {
      RecomputeStep s = c;
      s.chain.clear();
      for (size_t i = 0; i < k; ++i)
        if (mask >> i & 1)
          s.chain.push_back(c.chain[i]);
      steps.push_back({j, s});
    }
  }
  return steps;
}

/// Lowest peak over every admissible combination of `steps` (at most one
/// per buffer, applied in candidate order) and every legal order.
int64_t
bruteForceOverSteps(const Problem &p,
                    const std::vector<std::pair<size_t, RecomputeStep>> &steps,
                    const RecomputeOptions &opt, int64_t macsBefore,
                    int64_t opsBefore) {
  int64_t best = std::numeric_limits<int64_t>::max();
  const size_t m = steps.size();
  for (uint64_t mask = 1; mask < (uint64_t(1) << m); ++mask) {
    std::vector<const RecomputeStep *> chosen;
    std::map<StmtId, unsigned> clones;
    std::set<BufferId> buffers;
    int64_t macs = 0, ops = 0;
    bool ok = true;
    for (size_t j = 0; j < m && ok; ++j) {
      if (!(mask >> j & 1))
        continue;
      ok = buffers.insert(steps[j].second.buffer).second;
      for (StmtId g : clonedStatements(steps[j].second)) {
        macs += p.statement(g).macs;
        ops += p.statement(g).ops;
        ok = ok && ++clones[g] <= opt.maxRecomputePerOp;
      }
      chosen.push_back(&steps[j].second);
    }
    if (!ok || double(macs) > opt.maxMacOverhead * double(macsBefore) ||
        double(ops) > opt.maxOpOverhead * double(opsBefore))
      continue;
    Problem q = p;
    for (const RecomputeStep *s : chosen) {
      ok = ok && checkRecompute(q, *s).empty();
      if (ok)
        q = applyRecompute(q, *s);
      ok = ok && q.check().empty();
    }
    if (ok && q.numStatements() <= 18)
      best = std::min(best, test::bruteForceOptimum(q));
  }
  return best;
}

TEST(Recompute, ExactSearchesChainSubsetsLikeBruteForce) {
  std::mt19937 rng(29);
  int cases = 0, gains = 0, proven = 0, subsetWins = 0;
  for (int iter = 0; iter < 6000 && cases < 60; ++iter) {
    unsigned n = std::uniform_int_distribution<unsigned>(5, 9)(rng);
    RandomBlock rb = randomBlock(rng, n, 95);
    const Problem &p = rb.p;
    ScheduleOptions so;
    so.algorithm = "exact";
    Order cur = scheduleBlock(p, so).order;
    RecomputeOptions opt;
    opt.maxRecomputePerOp = 1;
    opt.maxMacOverhead = iter % 2 ? 1.0 : 0.3;
    opt.maxOpOverhead = iter % 3 ? 1.0 : 0.3;
    opt.maxWork = 500'000'000;
    RecomputePlan plan = planRecompute(p, cur, rb.producers, opt);
    const std::string what = "iter " + std::to_string(iter);
    checkPlan(p, cur, opt, plan, what);
    checkSemantics(rb, cur, plan, what);
    size_t longest = 0;
    for (const RecomputeStep &c : plan.candidates)
      longest = std::max(longest, c.chain.size());
    if (longest < 2 || !plan.exhaustive)
      continue;
    std::vector<std::pair<size_t, RecomputeStep>> steps =
        stepsWithChainSubsets(plan);
    if (steps.size() > 14)
      continue;
    ++cases;
    const int64_t best =
        bruteForceOverSteps(p, steps, opt, plan.macsBefore, plan.opsBefore);
    if (best >= plan.reorderPeak)
      continue;
    ++gains;
    // Each subset's schedule gets a slice of the budget: a plan that could
    // not resolve every one (a loaded machine) only promises never worse.
    EXPECT_LE(plan.peak, plan.reorderPeak) << what;
    if (!plan.provenOptimal)
      continue;
    ++proven;
    EXPECT_TRUE(plan.peak == best || plan.peak == localBound(p)) << what;
    EXPECT_FALSE(plan.steps.empty()) << what;
    for (const RecomputeStep &s : plan.steps)
      for (const RecomputeStep &c : plan.candidates)
        subsetWins += s.buffer == c.buffer && !s.chain.empty() &&
                      s.chain.size() < c.chain.size();
  }
  EXPECT_GE(cases, 20);
  EXPECT_GE(gains, 3);
  EXPECT_GE(proven * 10, gains * 7);
  std::printf("[recompute] %d small blocks with chains of 2 or more, %d with "
              "a gain, %d proven (equal to the brute force), %d steps use a "
              "proper chain subset\n",
              cases, gains, proven, subsetWins);
}

// Issue #23: the planning is a fixed sequence of steps that its work limit
// only cuts short, so twice the work never gives a higher peak, and the same
// limit gives the same plan.
TEST(Recompute, NeverWorseWithTwiceTheWork) {
  std::mt19937 rng(2325);
  int cut = 0, improved = 0, runs = 0;
  for (int iter = 0; iter < 40; ++iter) {
    unsigned n = std::uniform_int_distribution<unsigned>(12, 40)(rng);
    RandomBlock rb = randomBlock(rng, n, 60);
    ASSERT_EQ(rb.p.check(), "");
    Order cur = identityOrder(rb.p);
    int64_t previous = simulatePeak(rb.p, cur);
    for (int k = 0; k < 9; ++k) {
      RecomputeOptions opt;
      opt.maxRecomputePerOp = 2;
      opt.maxMacOverhead = 0.2;
      opt.maxOpOverhead = 0.2;
      opt.maxWork = WorkUnits(50'000) << k;
      RecomputePlan plan = planRecompute(rb.p, cur, rb.producers, opt);
      std::string what = "iter " + std::to_string(iter) + " limit " +
                         std::to_string(opt.maxWork);
      checkPlan(rb.p, cur, opt, plan, what);
      EXPECT_LE(plan.peak, previous) << what;
      RecomputePlan again = planRecompute(rb.p, cur, rb.producers, opt);
      EXPECT_EQ(again.peak, plan.peak) << what;
      EXPECT_EQ(again.order, plan.order) << what;
      cut += plan.budgetExhausted;
      improved += k > 0 && plan.peak < previous;
      ++runs;
      previous = plan.peak;
    }
  }
  EXPECT_GT(cut, 0);
  std::printf("[recompute] monotone: %d of %d plans cut by the limit, %d "
              "improved by twice the work\n",
              cut, runs, improved);
}

} // namespace
