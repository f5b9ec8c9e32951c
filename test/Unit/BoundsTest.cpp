//===- BoundsTest.cpp - Lower bound soundness and tightness ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Bounds/Bounds.h"
#include "TestProblems.h"
#include "peakmem/Core/Model/Simulation.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

using namespace peakmem;

namespace {

using test::optimalOrder;

/// min of memAt(P, v) over ideals P with anc(v) <= P, P disjoint from
/// {v} + desc(v), and (if u >= 0) u in P: the trap bound by definition.
int64_t trapByEnumeration(const Problem &p, const Reachability &r, StmtId v,
                          int64_t u = -1) {
  const unsigned n = p.numStatements();
  std::vector<uint64_t> predMask(n, 0);
  for (auto [a, b] : p.edges())
    predMask[b] |= uint64_t(1) << a;
  uint64_t mustIn = 0, mustOut = uint64_t(1) << v;
  for (StmtId x = 0; x < n; ++x) {
    if (r.isAncestor(x, v))
      mustIn |= uint64_t(1) << x;
    if (r.isAncestor(v, x))
      mustOut |= uint64_t(1) << x;
  }
  if (u >= 0)
    mustIn |= uint64_t(1) << u;
  int64_t best = kInfeasibleBound;
  for (uint64_t mask = 0; mask < (uint64_t(1) << n); ++mask) {
    if ((mask & mustIn) != mustIn || (mask & mustOut))
      continue;
    bool ideal = true;
    for (StmtId x = 0; x < n && ideal; ++x)
      ideal = !(mask >> x & 1) || !(predMask[x] & ~mask);
    if (ideal)
      best = std::min(best, test::memAt(p, mask, v));
  }
  return best;
}

/// a1 writes A1(10); a2 reads A1, writes A2(1); b1, b2 likewise; j reads A2
/// and B2 and writes J(1), returned. algorithms.md section 2.
Problem forkJoin() {
  Problem p;
  StmtId a1 = p.addStatement(), a2 = p.addStatement(), b1 = p.addStatement(),
         b2 = p.addStatement(), j = p.addStatement();
  BufferId A1 = p.addBuffer(10, true), A2 = p.addBuffer(1, true),
           B1 = p.addBuffer(10, true), B2 = p.addBuffer(1, true),
           J = p.addBuffer(1, false);
  p.addUse(a1, A1);
  p.addUse(a2, A1);
  p.addUse(a2, A2);
  p.addUse(b1, B1);
  p.addUse(b2, B1);
  p.addUse(b2, B2);
  p.addUse(j, A2);
  p.addUse(j, B2);
  p.addUse(j, J);
  p.addEdge(a1, a2);
  p.addEdge(b1, b2);
  p.addEdge(a2, j);
  p.addEdge(b2, j);
  p.finalize();
  return p;
}

TEST(BoundKinds, NamesRoundTrip) {
  for (BoundKind k :
       {BoundKind::Boundary, BoundKind::Local, BoundKind::ForcedLive,
        BoundKind::ReverseTrap, BoundKind::ForwardTrap, BoundKind::Pairwise}) {
    BoundKind parsed = BoundKind::Boundary;
    ASSERT_TRUE(parseBoundKind(boundKindName(k), parsed));
    EXPECT_EQ(parsed, k);
  }
  EXPECT_STREQ(boundKindName(BoundKind::ForcedLive), "forced-live");
  BoundKind k = BoundKind::Local;
  EXPECT_FALSE(parseBoundKind("trap", k));
  EXPECT_EQ(k, BoundKind::Local);
}

TEST(BoundsReachability, MatchesGraphSearch) {
  std::mt19937 rng(11);
  for (int iter = 0; iter < 200; ++iter) {
    Problem p = test::randomProblem(rng, 1 + rng() % 150);
    Reachability r(p);
    const size_t n = p.numStatements();
    for (StmtId v = 0; v < n; v += 7) {
      std::vector<uint8_t> seen(n, 0);
      std::vector<StmtId> stack{v};
      while (!stack.empty()) {
        StmtId s = stack.back();
        stack.pop_back();
        for (StmtId t : p.succs(s))
          if (!seen[t]) {
            seen[t] = 1;
            stack.push_back(t);
          }
      }
      for (StmtId x = 0; x < n; ++x) {
        ASSERT_EQ(r.isAncestor(v, x), bool(seen[x]));
        EXPECT_EQ(r.comparable(v, x), x == v || seen[x] || r.isAncestor(x, v));
      }
    }
  }
}

TEST(BoundsCheap, ChainValues) {
  // a: A(10); b: A -> B(20); c: B -> C(5, escapes). Peak 30 at b.
  Problem p;
  StmtId a = p.addStatement(), b = p.addStatement(StmtKind::Compute, 4),
         c = p.addStatement();
  BufferId A = p.addBuffer(10, true), B = p.addBuffer(20, true),
           C = p.addBuffer(5, false), D = p.addBuffer(3, false);
  p.addUse(a, A);
  p.addUse(a, D); // D escapes from a on: forced live at b and c.
  p.addUse(b, A);
  p.addUse(b, B);
  p.addUse(c, B);
  p.addUse(c, C);
  p.addEdge(a, b);
  p.addEdge(b, c);
  p.liveIn = 100;
  p.finalize();
  ASSERT_EQ(p.check(), "");
  EXPECT_EQ(localBound(p, b).bytes, 134);
  EXPECT_EQ(forcedLiveBound(p, b).bytes, 137);
  EXPECT_EQ(forcedLiveBound(p, c).bytes, 128);
  // Entry: a alone = 113; exit: c with C and D live, B freed there = 128.
  LowerBound boundary = boundaryBound(p);
  EXPECT_EQ(boundary.bytes, 128);
  EXPECT_EQ(boundary.witness, c);
  // A chain has no incomparable statements: traps equal forced-live.
  for (StmtId v = 0; v < 3; ++v) {
    EXPECT_EQ(trapBound(p, v, BoundKind::ReverseTrap).bytes,
              forcedLiveBound(p, v).bytes);
    EXPECT_EQ(trapBound(p, v, BoundKind::ForwardTrap).bytes,
              forcedLiveBound(p, v).bytes);
  }
  LowerBound lb = computeLowerBound(p, identityOrder(p));
  EXPECT_EQ(lb.bytes, 137);
  EXPECT_EQ(lb.kind, BoundKind::ForcedLive);
  EXPECT_EQ(lb.witness, b);
  EXPECT_EQ(simulatePeak(p, identityOrder(p)), 137);
}

TEST(BoundsTrap, ForkJoinNeedsPairwise) {
  Problem p = forkJoin();
  ASSERT_EQ(p.check(), "");
  EXPECT_EQ(test::bruteForceOptimum(p), 12);
  int64_t single = boundaryBound(p).bytes;
  for (StmtId v = 0; v < p.numStatements(); ++v)
    single = std::max(single, trapBound(p, v, BoundKind::ReverseTrap).bytes);
  EXPECT_EQ(single, 11);
  // a2 and b2 are incomparable: whichever runs second sees the other's 1 B.
  EXPECT_EQ(trapBound(p, 3, BoundKind::ReverseTrap, 1).bytes, 12);
  EXPECT_EQ(trapBound(p, 1, BoundKind::ReverseTrap, 3).bytes, 12);
  LowerBound pw = pairwiseBound(p, 3, 1);
  EXPECT_EQ(pw.bytes, 12);
  EXPECT_EQ(pw.kind, BoundKind::Pairwise);
  // a1 | b2 is weaker: b2 first leaves only B2 (1 B) beside a1's 10.
  EXPECT_EQ(pairwiseBound(p, 3, 0).bytes, 11);
  // Comparable statements: conditioning on a descendant is infeasible.
  EXPECT_EQ(trapBound(p, 0, BoundKind::ReverseTrap, 1).bytes, kInfeasibleBound);
  EXPECT_EQ(pairwiseBound(p, 1, 0).kind, BoundKind::ReverseTrap);

  Order order{0, 1, 2, 3, 4};
  EXPECT_EQ(simulatePeak(p, order), 12);
  LowerBound lb = computeLowerBound(p, order);
  EXPECT_EQ(lb.bytes, 12);
  EXPECT_EQ(lb.kind, BoundKind::Pairwise);
  BoundOptions noPairs;
  noPairs.pairwise = false;
  noPairs.multiway = false;
  EXPECT_EQ(computeLowerBound(p, order, noPairs).bytes, 11);
  // A multiway set {b2, a2} in the "last" form is the pairwise bound.
  BoundOptions multiwayOnly;
  multiwayOnly.pairwise = false;
  LowerBound mw = computeLowerBound(p, order, multiwayOnly);
  EXPECT_EQ(mw.bytes, 12);
  EXPECT_EQ(mw.kind, BoundKind::Multiway);
  EXPECT_EQ(mw.form, MultiwayForm::Last);
  EXPECT_EQ(mw.members, (std::vector<StmtId>{1, 3}));
}

TEST(BoundsTrap, ForwardEqualsReverseAndMatchesEnumeration) {
  // The trap is an exact minimum over feasible prefixes, and the forward
  // network is the transpose of the reverse one: the two always agree.
  std::mt19937 rng(5);
  for (int iter = 0; iter < 300; ++iter) {
    Problem p = test::randomProblem(rng, 3 + iter % 8);
    if (iter % 3 == 0)
      p.liveIn = 17;
    Reachability r(p);
    const StmtId n = p.numStatements();
    for (StmtId v = 0; v < n; ++v) {
      int64_t rev = trapBound(p, v, BoundKind::ReverseTrap).bytes;
      ASSERT_EQ(rev, trapByEnumeration(p, r, v)) << "iter " << iter;
      ASSERT_EQ(trapBound(p, v, BoundKind::ForwardTrap).bytes, rev);
      for (StmtId u = 0; u < n; ++u) {
        int64_t cond = trapBound(p, v, BoundKind::ReverseTrap, u).bytes;
        ASSERT_EQ(cond, trapBound(p, v, BoundKind::ForwardTrap, u).bytes);
        if (u == v || r.isAncestor(v, u))
          ASSERT_EQ(cond, kInfeasibleBound);
        else
          ASSERT_EQ(cond, trapByEnumeration(p, r, v, u)) << "iter " << iter;
      }
    }
  }
}

TEST(BoundsSoundness, RandomProblemsAgainstBruteForce) {
  // Every bound at most the optimum; measure how often they reach it.
  std::mt19937 rng(2024);
  const int numProblems = 2400;
  int singleTight = 0, pairTight = 0, driverTight = 0, driverTightNoPairs = 0,
      cheapTight = 0;
  double driverMs = 0;
  for (int iter = 0; iter < numProblems; ++iter) {
    Problem p = test::randomProblem(rng, 3 + iter % 10);
    if (iter % 5 == 0)
      p.liveIn = 8;
    const int64_t opt = test::bruteForceOptimum(p);
    const Order best = optimalOrder(p);
    const Timeline timeline = simulate(p, best);
    ASSERT_EQ(timeline.peak, opt);
    const StmtId n = p.numStatements();
    Reachability r(p);
    std::vector<int64_t> forced = forcedLiveBounds(p, r);

    int64_t cheap = boundaryBound(p).bytes;
    ASSERT_LE(cheap, opt);
    int64_t single = cheap;
    for (size_t i = 0; i < n; ++i) {
      StmtId v = best[i];
      int64_t local = localBound(p, v).bytes;
      ASSERT_EQ(forced[v], forcedLiveBound(p, v).bytes);
      int64_t trap = trapBound(p, v, BoundKind::ReverseTrap).bytes;
      ASSERT_LE(local, forced[v]);
      ASSERT_LE(forced[v], trap);
      // The optimal order's own prefix is feasible for v.
      ASSERT_LE(trap, timeline.live[i]) << "iter " << iter << " v " << v;
      cheap = std::max(cheap, forced[v]);
      single = std::max(single, trap);
    }
    ASSERT_LE(single, opt);
    int64_t pair = single;
    for (StmtId v = 0; v < n; ++v)
      for (StmtId u = 0; u < v; ++u)
        if (!r.comparable(u, v)) {
          int64_t b = pairwiseBound(p, v, u).bytes;
          ASSERT_LE(b, opt) << "iter " << iter << " pair " << v << "," << u;
          pair = std::max(pair, b);
        }
    auto start = std::chrono::steady_clock::now();
    LowerBound lb = computeLowerBound(p, best);
    driverMs += std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    ASSERT_LE(lb.bytes, opt);
    // Without multiway sets the driver never beats the best pair.
    BoundOptions noMultiway;
    noMultiway.multiway = false;
    LowerBound lbPairs = computeLowerBound(p, best, noMultiway);
    ASSERT_LE(lbPairs.bytes, pair);
    ASSERT_LE(lbPairs.bytes, lb.bytes);
    // The reported witness reproduces the reported value.
    switch (lb.kind) {
    case BoundKind::Boundary:
      EXPECT_EQ(boundaryBound(p).bytes, lb.bytes);
      break;
    case BoundKind::Local:
      EXPECT_EQ(localBound(p, lb.witness).bytes, lb.bytes);
      break;
    case BoundKind::ForcedLive:
      EXPECT_EQ(forcedLiveBound(p, lb.witness).bytes, lb.bytes);
      break;
    case BoundKind::ReverseTrap:
    case BoundKind::ForwardTrap:
      EXPECT_EQ(trapBound(p, lb.witness, lb.kind).bytes, lb.bytes);
      break;
    case BoundKind::Pairwise:
      EXPECT_EQ(pairwiseBound(p, lb.witness, lb.conditionedOn).bytes, lb.bytes);
      break;
    case BoundKind::Multiway:
      EXPECT_EQ(multiwayBound(p, lb.members, lb.form).bytes, lb.bytes);
      EXPECT_GE(lb.members.size(), 2u);
      break;
    case BoundKind::Exhaustive:
      ADD_FAILURE() << "computeLowerBound never returns an exhaustive bound";
      break;
    }
    BoundOptions noPairs;
    noPairs.pairwise = false;
    noPairs.multiway = false;
    LowerBound lbSingle = computeLowerBound(p, best, noPairs);
    ASSERT_EQ(lbSingle.bytes, single) << "iter " << iter;
    LowerBound lbIdentity = computeLowerBound(p, identityOrder(p));
    ASSERT_LE(lbIdentity.bytes, opt);

    cheapTight += cheap == opt;
    singleTight += single == opt;
    pairTight += pair == opt;
    driverTight += lb.bytes == opt;
    driverTightNoPairs += lbSingle.bytes == opt;
  }
  auto pct = [&](int k) { return 100.0 * k / numProblems; };
  std::printf("[tightness] %d random problems, 3..12 statements:\n"
              "  boundary+local+forced-live = OPT: %.1f%%\n"
              "  single-statement traps     = OPT: %.1f%%\n"
              "  with all pairwise bounds   = OPT: %.1f%%\n"
              "  computeLowerBound (optimal incumbent, defaults) = OPT: %.1f%% "
              "(%.1f%% without pairwise), %.3f ms per problem\n",
              numProblems, pct(cheapTight), pct(singleTight), pct(pairTight),
              pct(driverTight), pct(driverTightNoPairs),
              driverMs / numProblems);
  EXPECT_GE(pairTight, singleTight);
  EXPECT_EQ(driverTightNoPairs, singleTight);
}

TEST(BoundsDriver, InvalidProblemsDoNotCrash) {
  // Every statement on a cycle: no DAG source or sink.
  Problem p;
  StmtId a = p.addStatement(), b = p.addStatement();
  BufferId A = p.addBuffer(10, false);
  p.addUse(a, A);
  p.addUse(b, A);
  p.addEdge(a, b);
  p.addEdge(b, a);
  p.liveIn = 3;
  p.finalize();
  ASSERT_NE(p.check(), "");
  EXPECT_EQ(boundaryBound(p).bytes, 13);
  EXPECT_GE(computeLowerBound(p, identityOrder(p)).bytes, 13);
  Problem empty;
  empty.liveIn = 4;
  empty.finalize();
  EXPECT_EQ(computeLowerBound(empty, {}).bytes, 4);
}

TEST(BoundsDriver, StopsAtIncumbentAndRespectsBudget) {
  std::mt19937 rng(99);
  Problem p = test::randomProblem(rng, 3000);
  Order order = identityOrder(p);
  const int64_t peak = simulatePeak(p, order);
  // The passes' bound work: the verdict is in work units, never in time.
  WorkBudget work(kDefaultBoundWork);
  auto start = std::chrono::steady_clock::now();
  LowerBound lb = computeLowerBound(p, order, {}, &work);
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  EXPECT_LE(lb.bytes, peak);
  // The charge that exhausts a budget is counted whole (one linear pass or
  // one augmentation of a flow): far below a tenth of the limit.
  EXPECT_LE(work.used(), work.limit() + work.limit() / 10);
  std::printf("[timing] computeLowerBound, 3000 statements: %.1f ms, %llu "
              "work units, bound %lld of peak %lld (%s)\n",
              ms, static_cast<unsigned long long>(work.used()),
              static_cast<long long>(lb.bytes), static_cast<long long>(peak),
              boundKindName(lb.kind));
  // Deterministic: the same limit gives the same bound and the same work;
  // anytime: a larger one never a lower bound.
  WorkBudget again(kDefaultBoundWork), larger(4 * kDefaultBoundWork);
  LowerBound lbAgain = computeLowerBound(p, order, {}, &again);
  EXPECT_EQ(lbAgain.bytes, lb.bytes);
  EXPECT_EQ(again.used(), work.used());
  EXPECT_GE(computeLowerBound(p, order, {}, &larger).bytes, lb.bytes);
  BoundOptions none;
  none.maxFlows = 0;
  LowerBound cheap = computeLowerBound(p, order, none);
  EXPECT_LE(cheap.bytes, lb.bytes);
  EXPECT_NE(cheap.kind, BoundKind::ReverseTrap);
  EXPECT_NE(cheap.kind, BoundKind::Pairwise);
  // An illegal incumbent still yields the cheap bounds.
  Order reversed(order.rbegin(), order.rend());
  EXPECT_LE(computeLowerBound(p, reversed).bytes, peak);
}

} // namespace
