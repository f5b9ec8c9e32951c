//===- ArenaExactTest.cpp - Exact arena placement and its refutations -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Oracles written from the definitions, not through the library: the optimum
// over every placement order decoded by first fit (scanning aligned offsets
// upward), and perfect packings cut from a rectangle of time x bytes, whose
// optimum is the rectangle's height. Refutations are replayed by the
// independent checker and tampered with.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Arena/ArenaExact.h"
#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Arena/ArenaPlanner.h"
#include "peakmem/Core/Arena/ArenaRefutation.h"
#include "peakmem/Core/Support/WorkBudget.h"

#include "../../lib/Core/Arena/SkylineSearch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <numeric>
#include <random>
#include <sstream>

using namespace peakmem;

namespace {

ArenaProblem randomArena(std::mt19937 &rng, unsigned n, unsigned steps,
                         int maxAlignLog, int maxUnits) {
  ArenaProblem p;
  p.setNumSteps(steps);
  std::uniform_int_distribution<unsigned> step(0, steps - 1);
  std::uniform_int_distribution<int> alignLog(0, maxAlignLog),
      units(1, maxUnits), coin(0, 99);
  for (unsigned i = 0; i < n; ++i) {
    unsigned a = step(rng), b = step(rng);
    int64_t align = int64_t(1) << alignLog(rng);
    int64_t bytes = coin(rng) < 5 ? 0 : units(rng) * align;
    p.addBuffer(bytes, align, std::min(a, b), std::max(a, b));
  }
  return p;
}

bool meet(const ArenaProblem &p, ArenaBufferId a, ArenaBufferId b) {
  const Lifetime &x = p.buffer(a).life, &y = p.buffer(b).life;
  return x.first <= y.last && y.first <= x.last;
}

/// First fit by definition over every order: the optimum (every optimal
/// plan is a first-fit fixed point of the order of its offsets).
int64_t bruteOptimum(const ArenaProblem &p) {
  std::vector<int> order(p.numBuffers());
  std::iota(order.begin(), order.end(), 0);
  int64_t best = std::numeric_limits<int64_t>::max();
  do {
    std::vector<int64_t> off(p.numBuffers(), 0);
    int64_t extent = 0;
    for (size_t k = 0; k < order.size(); ++k) {
      const ArenaBuffer &x = p.buffer(order[k]);
      for (int64_t o = 0;; o += x.alignment) {
        bool ok = true;
        for (size_t j = 0; j < k && ok; ++j) {
          const ArenaBuffer &y = p.buffer(order[j]);
          ok = !(meet(p, order[k], order[j]) && x.size && y.size &&
                 o < off[order[j]] + y.size && off[order[j]] < o + x.size);
        }
        if (ok) {
          off[order[k]] = o;
          break;
        }
      }
      extent = std::max(extent, off[order[k]] + x.size);
    }
    best = std::min(best, extent);
  } while (std::next_permutation(order.begin(), order.end()));
  return best;
}

/// A rectangle of `steps` x `height` bytes cut into `pieces` buffers (each
/// cut splits a piece in time or in bytes, at multiples of `unit`): every
/// step holds exactly `height` bytes, so the optimum is `height`.
ArenaProblem perfectPacking(uint64_t seed, unsigned pieces, uint32_t steps,
                            int64_t height, int64_t unit) {
  struct Rect {
    uint32_t t0, t1;
    int64_t b0, b1;
  };
  std::mt19937_64 rng(seed);
  std::vector<Rect> rects = {{0, steps, 0, height}};
  while (rects.size() < pieces) {
    size_t i = rng() % rects.size();
    Rect r = rects[i];
    const bool inTime = rng() % 2 == 0;
    if (inTime && r.t1 - r.t0 >= 2) {
      uint32_t c = r.t0 + 1 + rng() % (r.t1 - r.t0 - 1);
      rects[i] = {r.t0, c, r.b0, r.b1};
      rects.push_back({c, r.t1, r.b0, r.b1});
    } else if (!inTime && (r.b1 - r.b0) / unit >= 2) {
      int64_t c = r.b0 + unit * (1 + rng() % ((r.b1 - r.b0) / unit - 1));
      rects[i] = {r.t0, r.t1, r.b0, c};
      rects.push_back({r.t0, r.t1, c, r.b1});
    }
  }
  ArenaProblem p;
  for (const Rect &r : rects)
    p.addBuffer(r.b1 - r.b0, 1, r.t0, r.t1 - 1);
  return p;
}

/// The alignment gap (live-bytes bound 9, optimum 10), with `extra` small
/// random buffers beside it.
ArenaProblem alignmentGap(std::mt19937 &rng, int extra) {
  ArenaProblem p;
  p.addBuffer(3, 1, 1, 1);
  p.addBuffer(2, 2, 0, 2);
  p.addBuffer(4, 4, 1, 1);
  p.addBuffer(6, 2, 0, 0);
  for (int k = 0; k < extra; ++k)
    p.addBuffer(1 + rng() % 3, 1, rng() % 3, 2);
  return p;
}

} // namespace

// The minimum over every placement, with a refutation of one byte less that
// the independent checker accepts whenever the bound is out of reach.
TEST(ArenaExact, MatchesBruteForceAndProvesGaps) {
  std::mt19937 rng(29);
  size_t refuted = 0;
  for (int iter = 0; iter < 800; ++iter) {
    unsigned n = 3 + iter % 5;
    ArenaProblem p = randomArena(rng, n, 2 + iter % 5, 2, 4);
    if (iter >= 700) {
      // Gaps are rare on random instances: from iteration 700 on, the
      // alignment gap of the next test (bound 9, optimum 10) with 0-2
      // random buffers beside it.
      p = alignmentGap(rng, iter % 3);
    }
    ArenaExactResult r = solveArenaExact(p, nullptr);
    ASSERT_EQ(checkArenaPlan(p, r.plan), "") << "iteration " << iter;
    ASSERT_EQ(r.plan.size, bruteOptimum(p)) << "iteration " << iter;
    ASSERT_TRUE(r.optimal);
    EXPECT_EQ(r.lowerBound, r.plan.size);
    if (r.plan.size == liveBytesLowerBound(p)) {
      EXPECT_EQ(r.proof, ArenaProofKind::LiveBytes);
      continue;
    }
    ++refuted;
    ASSERT_EQ(r.proof, ArenaProofKind::Refutation);
    ASSERT_TRUE(r.proofRecorded);
    EXPECT_EQ(r.refutation.capacity, r.plan.size - 1);
    EXPECT_EQ(checkArenaRefutation(p, r.refutation, 1u << 20), "")
        << "iteration " << iter;
    // The same claim one byte higher is false: a plan fits there.
    ArenaRefutation wrong = r.refutation;
    wrong.capacity = r.plan.size;
    EXPECT_NE(checkArenaRefutation(p, wrong, 1u << 20), "");
  }
  // The test must see refutations (at least the plain gap instance).
  EXPECT_GE(refuted, 1u);
}

// buffers of 3 B (align 1), 2 B (align 2), 4 B (align 4) at one step with a
// 6 B buffer before: the bound 9 is out of reach, 10 is optimal.
TEST(ArenaExact, RefutationSurvivesTextAndRejectsTampering) {
  ArenaProblem p;
  p.addBuffer(3, 1, 1, 1);
  p.addBuffer(2, 2, 0, 2);
  p.addBuffer(4, 4, 1, 1);
  p.addBuffer(6, 2, 0, 0);
  ArenaExactResult r = solveArenaExact(p, nullptr);
  EXPECT_EQ(r.plan.size, 10);
  EXPECT_EQ(liveBytesLowerBound(p), 9);
  ASSERT_EQ(r.proof, ArenaProofKind::Refutation);
  std::stringstream text;
  writeArenaRefutation(text, r.refutation);
  ArenaRefutation read;
  ASSERT_EQ(readArenaRefutation(text, read), "");
  EXPECT_EQ(read.tree, r.refutation.tree);
  EXPECT_EQ(checkArenaRefutation(p, read, 1000), "");

  // Every token dropped, every Close step moved, every token changed: the
  // checker rejects the claim or still proves it (never accepts a false
  // one: the capacity stays 9, which is truly infeasible, so here only
  // structure is at stake); a larger capacity is always rejected.
  size_t rejected = 0, variants = 0;
  for (size_t i = 0; i < r.refutation.tree.size(); ++i) {
    ArenaRefutation cut = r.refutation;
    cut.tree.erase(cut.tree.begin() + i);
    ++variants;
    rejected += checkArenaRefutation(p, cut, 1000) != "";
  }
  EXPECT_EQ(rejected, variants);
  ArenaRefutation extra = r.refutation;
  extra.tree.push_back(ArenaRefutation::kBranch);
  EXPECT_NE(checkArenaRefutation(p, extra, 1000), "");
  ArenaRefutation higher = r.refutation;
  higher.capacity = 10;
  EXPECT_NE(checkArenaRefutation(p, higher, 1000), "");
  ArenaRefutation badKeys = r.refutation;
  badKeys.preorder = "WXZ";
  EXPECT_NE(checkArenaRefutation(p, badKeys, 1000), "");
  EXPECT_NE(checkArenaRefutation(p, r.refutation, 1), "")
      << "a budget of one node cannot replay the tree";
  // Deciding a capacity: 9 is refuted, 10 fits.
  ArenaExactOptions at9;
  at9.capacity = 9;
  EXPECT_TRUE(solveArenaExact(p, nullptr, at9).infeasible);
  ArenaExactOptions at10;
  at10.capacity = 10;
  ArenaExactResult fits = solveArenaExact(p, nullptr, at10);
  EXPECT_FALSE(fits.infeasible);
  EXPECT_LE(fits.plan.size, 10);
}

// Sizes and alignments in units of 1 KiB (the alignment gap scaled up): a
// capacity decides as the largest one of its KiB cell does, so any capacity
// in [9 KiB, 10 KiB) is refuted by one checkable refutation of 10 KiB - 1,
// and the minimiser refutes once (a bisection over bytes decided the same
// capacity ten times over).
TEST(ArenaExact, CapacitiesDecidedOnTheGrainOfTheSizes) {
  ArenaProblem p;
  const int64_t k = 1024;
  p.addBuffer(3 * k, 1, 1, 1);
  p.addBuffer(2 * k, 2 * k, 0, 2);
  p.addBuffer(4 * k, 4 * k, 1, 1);
  p.addBuffer(6 * k, 2, 0, 0);
  ASSERT_EQ(liveBytesLowerBound(p), 9 * k);
  ArenaExactResult r = solveArenaExact(p, nullptr);
  EXPECT_EQ(r.plan.size, 10 * k);
  ASSERT_EQ(r.proof, ArenaProofKind::Refutation);
  EXPECT_EQ(r.refutation.capacity, 10 * k - 1);
  EXPECT_EQ(r.refutedDecisions, 1u);
  EXPECT_EQ(checkArenaRefutation(p, r.refutation, 1u << 16), "");
  for (int64_t c : {9 * k, 9 * k + 1, 9 * k + 700, 10 * k - 1}) {
    ArenaExactOptions o;
    o.capacity = c;
    ArenaExactResult d = solveArenaExact(p, nullptr, o);
    EXPECT_TRUE(d.infeasible) << c;
    ASSERT_TRUE(d.haveRefutation) << c;
    EXPECT_EQ(d.refutation.capacity, 10 * k - 1) << c;
    EXPECT_EQ(checkArenaRefutation(p, d.refutation, 1u << 16), "") << c;
  }
  // One byte of alignment off the grain: capacities are decided as asked.
  ArenaProblem q = p;
  q.addBuffer(1, 1, 0, 0);
  ArenaExactOptions o;
  o.capacity = 9 * k + 700;
  ArenaExactResult d = solveArenaExact(q, nullptr, o);
  EXPECT_TRUE(d.infeasible);
  ASSERT_TRUE(d.haveRefutation);
  EXPECT_EQ(d.refutation.capacity, 9 * k + 700);
  EXPECT_EQ(checkArenaRefutation(q, d.refutation, 1u << 16), "");
}

// Random refutations with random corruptions of their Close steps and
// capacities: whatever the checker accepts must be true (the capacity is
// below the brute-force optimum).
TEST(ArenaExact, CheckerNeverAcceptsAFalseClaim) {
  std::mt19937 rng(31);
  size_t accepted = 0, tried = 0;
  for (int iter = 0; iter < 60; ++iter) {
    ArenaProblem p = alignmentGap(rng, iter % 3);
    ArenaExactResult r = solveArenaExact(p, nullptr);
    if (r.proof != ArenaProofKind::Refutation)
      continue;
    const int64_t optimum = bruteOptimum(p);
    for (int k = 0; k < 8; ++k) {
      ArenaRefutation t = r.refutation;
      t.capacity += static_cast<int64_t>(rng() % 3);
      for (size_t i = 0; i + 1 < t.tree.size(); ++i)
        if (t.tree[i] == ArenaRefutation::kClose && rng() % 2)
          t.tree[i + 1] = rng() % (p.numSteps() + 1);
      ++tried;
      if (checkArenaRefutation(p, t, 1u << 16) == "") {
        ++accepted;
        EXPECT_LT(t.capacity, optimum) << "iteration " << iter;
      }
    }
  }
  EXPECT_GT(tried, 20u);
  EXPECT_GT(accepted, 0u);
}

// Perfect packings of 200-450 buffers: the optimum is the rectangle's
// height (= the live bound). Optimality is never claimed above it; how many
// reach it within the default budget is printed and pinned from below
// (issue #25 asks for 90%; docs/arena-benchmark.md reports the rate).
TEST(ArenaExact, PerfectPackingsAtTheOptimum) {
  const int kInstances = 10;
  int atOptimum = 0;
  for (int i = 0; i < kInstances; ++i) {
    const unsigned pieces = 200 + 25 * i;
    const int64_t height = int64_t(1) << 20;
    ArenaProblem p = perfectPacking(100 + i, pieces, 400, height, 1024);
    ASSERT_EQ(liveBytesLowerBound(p), height);
    ArenaPlannerOptions o;
    o.maxMoves = 0;
    ArenaPlannerResult r = planArena(p, o);
    ASSERT_EQ(checkArenaPlan(p, r.plan), "");
    EXPECT_GE(r.plan.size, height);
    if (r.provenOptimal) {
      EXPECT_EQ(r.plan.size, height) << "instance " << i;
    }
    atOptimum += r.plan.size == height;
  }
  std::cout << "perfect packings at the optimum: " << atOptimum << " of "
            << kInstances << "\n";
  // Deterministic (work units): 9 of 10 since the skyline plan finder
  // (SkylineSearch.h); 4 of 10 before it.
  EXPECT_GE(atOptimum, 9);
}

/// The plans of the skyline finder's whole tree (one round) at `capacity`,
/// with and without its column checks; the nodes of each walk.
struct SkylineCounts {
  uint64_t plans[2], nodes[2];
};
SkylineCounts skylineCounts(const ArenaProblem &p, int64_t capacity) {
  canonical::Model m;
  EXPECT_TRUE(m.build(p, 1000, 1000000));
  SkylineCounts c{};
  for (int infer = 0; infer < 2; ++infer) {
    canonical::Skyline sky(m, capacity, 20'000'000);
    sky.inferColumns = infer;
    sky.countAll = true;
    sky.run();
    EXPECT_LT(sky.nodes, 20'000'000u) << "the tree was not walked to its end";
    c.plans[infer] = sky.plans;
    c.nodes[infer] = sky.nodes;
  }
  return c;
}

// The skyline's column checks never prune a plan of its tree: with and
// without them the whole tree holds the same plans, on small random
// instances with slack (capacities from the live bound up) and on small
// perfect packings (no slack); they do prune (fewer nodes) on some.
TEST(ArenaExact, SkylineColumnChecksKeepEveryPlan) {
  std::mt19937 rng(41);
  unsigned withPlans = 0, pruned = 0;
  for (int iter = 0; iter < 300; ++iter) {
    ArenaProblem p = iter % 3 == 0
                         ? perfectPacking(500 + iter, 10 + iter % 7, 10, 64, 8)
                         : randomArena(rng, 7 + iter % 4, 6, 2, 4);
    const int64_t bound = liveBytesLowerBound(p);
    for (int64_t extra : {0, 1, 3, 8}) {
      SkylineCounts c = skylineCounts(p, bound + extra);
      EXPECT_EQ(c.plans[0], c.plans[1])
          << "iteration " << iter << " capacity " << bound + extra;
      EXPECT_LE(c.nodes[1], c.nodes[0]);
      withPlans += c.plans[0] > 0;
      pruned += c.nodes[1] < c.nodes[0];
    }
  }
  EXPECT_GT(withPlans, 100u);
  EXPECT_GT(pruned, 50u);
  std::cout << "instances with plans " << withPlans << ", pruned " << pruned
            << "\n";
}

// Deterministic and monotone in the budget: the same call gives the same
// plan, and twice the nodes never a larger arena.
TEST(ArenaExact, DeterministicAndMonotoneInNodes) {
  std::mt19937 rng(37);
  for (int iter = 0; iter < 40; ++iter) {
    ArenaProblem p = randomArena(rng, 30 + iter, 20, 3, 8);
    uint64_t nodes = 50;
    int64_t previous = std::numeric_limits<int64_t>::max();
    for (int k = 0; k < 6; ++k, nodes *= 2) {
      ArenaPlannerOptions o;
      o.maxExactNodes = nodes;
      o.maxMoves = 200;
      ArenaPlannerResult a = planArena(p, o), b = planArena(p, o);
      ASSERT_EQ(a.plan.offsets, b.plan.offsets);
      EXPECT_LE(a.plan.size, previous) << "iteration " << iter;
      previous = a.plan.size;
    }
  }
}

// Every node budget ends, down to none at all (0 nodes used to loop
// forever: a decision refused for want of nodes did not stop the
// minimisation), with a valid plan no larger than the incumbent and never
// more nodes than given.
TEST(ArenaExact, EveryBudgetEnds) {
  ArenaProblem hard = perfectPacking(7, 220, 400, int64_t(1) << 20, 1024);
  ArenaPlan greedy = planArenaWith(hard, ArenaBaseline::TFLiteMicroGreedy);
  for (uint64_t nodes : {0, 1, 2, 3, 64, 700, 5000}) {
    ArenaExactOptions o;
    o.maxNodes = nodes;
    ArenaExactResult r = solveArenaExact(hard, &greedy, o);
    ASSERT_EQ(checkArenaPlan(hard, r.plan), "") << nodes << " nodes";
    EXPECT_LE(r.plan.size, greedy.size);
    EXPECT_LE(r.nodes, nodes);
    if (!r.optimal) {
      EXPECT_TRUE(r.budgetHit) << nodes << " nodes";
    }
    o.capacity = liveBytesLowerBound(hard);
    ArenaExactResult d = solveArenaExact(hard, &greedy, o);
    EXPECT_LE(d.nodes, nodes);
    ArenaPlannerOptions po;
    po.maxExactNodes = nodes;
    po.maxMoves = 10;
    ArenaPlannerResult pr = planArena(hard, po);
    ASSERT_EQ(checkArenaPlan(hard, pr.plan), "") << nodes << " nodes";
    EXPECT_LE(pr.exactNodes, nodes);
  }
}

// A budget shared with the caller (ArenaPlannerOptions::budget) caps the
// exact search's work and is charged exactly what the exact and the local
// search spent; the plan stays valid and no larger than the baselines.
TEST(ArenaExact, SharedWorkBudgetCapsAndIsCharged) {
  ArenaProblem hard = perfectPacking(7, 220, 400, int64_t(1) << 20, 1024);
  const uint64_t n = hard.numBuffers();
  uint64_t previousUsed = 0;
  for (WorkUnits limit : {WorkUnits(0), WorkUnits(5'000), WorkUnits(500'000),
                          WorkUnits(50'000'000)}) {
    WorkBudget budget(limit);
    ArenaPlannerOptions o;
    o.maxMoves = 200;
    o.budget = &budget;
    ArenaPlannerResult r = planArena(hard, o);
    ASSERT_EQ(checkArenaPlan(hard, r.plan), "") << limit;
    EXPECT_LE(r.plan.size, r.bestBaselineSize);
    EXPECT_LE(r.exactNodes * n, limit) << limit;
    EXPECT_EQ(budget.used(), r.exactNodes * n + r.moveWork) << limit;
    EXPECT_GE(budget.used(), previousUsed);
    previousUsed = budget.used();
  }
}
