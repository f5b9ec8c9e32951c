//===- ArenaTest.cpp - Arena placement: checker, baselines, planner -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Oracles here are written from the definitions, not through the library:
// a quadratic plan checker, first fit by scanning aligned offsets upward,
// the optimum over all placement orders, and the optimum over all offsets.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Arena/Arena.h"
#include "TestProblems.h"
#include "peakmem/Core/Arena/ArenaBaselines.h"
#include "peakmem/Core/Arena/ArenaPlanner.h"
#include "peakmem/Core/Arena/ArenaRefutation.h"
#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Schedule/Heuristics.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <numeric>
#include <random>

using namespace peakmem;

namespace {

/// A random placement problem: `n` buffers over `steps` steps, alignments
/// 1..2^maxAlignLog, sizes 1..maxUnits alignment units (some zero-sized).
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
    int64_t bytes = coin(rng) < 5 ? 0 : units(rng) * align - coin(rng) % 2;
    p.addBuffer(std::max<int64_t>(bytes, 0), align, std::min(a, b),
                std::max(a, b));
  }
  return p;
}

bool liveTogether(const ArenaProblem &p, ArenaBufferId a, ArenaBufferId b) {
  const Lifetime &x = p.buffer(a).life, &y = p.buffer(b).life;
  return x.first <= y.last && y.first <= x.last;
}

/// The definition of a valid plan, pair by pair.
bool bruteValid(const ArenaProblem &p, const std::vector<int64_t> &offsets,
                int64_t size) {
  if (offsets.size() != p.numBuffers())
    return false;
  for (ArenaBufferId a = 0; a < p.numBuffers(); ++a) {
    const ArenaBuffer &x = p.buffer(a);
    if (offsets[a] < 0 || offsets[a] % x.alignment ||
        offsets[a] + x.size > size)
      return false;
    for (ArenaBufferId b = a + 1; b < p.numBuffers(); ++b) {
      const ArenaBuffer &y = p.buffer(b);
      bool bytes = offsets[a] < offsets[b] + y.size &&
                   offsets[b] < offsets[a] + x.size && x.size > 0 && y.size > 0;
      if (bytes && liveTogether(p, a, b))
        return false;
    }
  }
  return true;
}

/// First fit by definition: the lowest aligned offset, scanned upward, where
/// the buffer meets no conflicting buffer placed before it.
int64_t bruteFirstFit(const ArenaProblem &p, const std::vector<int> &order) {
  std::vector<int64_t> off(p.numBuffers(), 0);
  int64_t extent = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    const ArenaBuffer &x = p.buffer(order[k]);
    for (int64_t o = 0;; o += x.alignment) {
      bool ok = true;
      for (size_t j = 0; j < k && ok; ++j) {
        const ArenaBuffer &y = p.buffer(order[j]);
        if (liveTogether(p, order[k], order[j]) && x.size > 0 && y.size > 0 &&
            o < off[order[j]] + y.size && off[order[j]] < o + x.size)
          ok = false;
      }
      if (ok) {
        off[order[k]] = o;
        break;
      }
    }
    extent = std::max(extent, off[order[k]] + x.size);
  }
  return extent;
}

/// Minimum arena over all placement orders decoded by first fit.
int64_t bruteOverOrders(const ArenaProblem &p) {
  std::vector<int> order(p.numBuffers());
  std::iota(order.begin(), order.end(), 0);
  int64_t best = std::numeric_limits<int64_t>::max();
  do
    best = std::min(best, bruteFirstFit(p, order));
  while (std::next_permutation(order.begin(), order.end()));
  return best;
}

/// Minimum arena over every assignment of aligned offsets below `limit`.
int64_t bruteOverOffsets(const ArenaProblem &p, int64_t limit) {
  const size_t n = p.numBuffers();
  std::vector<int64_t> off(n, 0);
  int64_t best = std::numeric_limits<int64_t>::max();
  while (true) {
    int64_t extent = arenaExtent(p, off);
    if (extent < best && bruteValid(p, off, extent))
      best = extent;
    size_t i = 0;
    for (; i < n; ++i) {
      off[i] += p.buffer(i).alignment;
      if (off[i] + p.buffer(i).size <= limit)
        break;
      off[i] = 0;
    }
    if (i == n)
      return best;
  }
}

int64_t sumSizes(const ArenaProblem &p) {
  int64_t s = 0;
  for (ArenaBufferId b = 0; b < p.numBuffers(); ++b)
    s += p.buffer(b).size;
  return s;
}

/// A random legal order of `p` (random ready statement first).
Order randomLegalOrder(const Problem &p, std::mt19937 &rng) {
  const size_t n = p.numStatements();
  std::vector<size_t> indeg(n);
  std::vector<StmtId> ready, order;
  for (StmtId s = 0; s < n; ++s)
    if (!(indeg[s] = p.preds(s).size()))
      ready.push_back(s);
  while (!ready.empty()) {
    size_t i = rng() % ready.size();
    StmtId s = ready[i];
    ready.erase(ready.begin() + i);
    order.push_back(s);
    for (StmtId t : p.succs(s))
      if (--indeg[t] == 0)
        ready.push_back(t);
  }
  return order;
}

//===----------------------------------------------------------------------===//
// Lifetimes and the bound
//===----------------------------------------------------------------------===//

// The lifetimes are the simulator's: with sizes not rounded and scratch
// included, the live bytes at every step plus liveIn are simulate()'s.
TEST(ArenaLifetimes, MatchTheSimulatorStepByStep) {
  std::mt19937 rng(7);
  for (int iter = 0; iter < 200; ++iter) {
    Problem p = test::randomProblem(rng, 3 + iter % 30);
    p.liveIn = iter % 3 ? 0 : 100;
    Order order = randomLegalOrder(p, rng);
    ASSERT_TRUE(isLegalOrder(p, order));
    ArenaExtraction ex = extractArenaProblem(p, order);
    ASSERT_EQ(ex.problem.check(), "");
    Timeline t = simulate(p, order);
    std::vector<int64_t> live(order.size(), p.liveIn);
    for (ArenaBufferId b = 0; b < ex.problem.numBuffers(); ++b)
      for (uint32_t s = ex.problem.buffer(b).life.first;
           s <= ex.problem.buffer(b).life.last; ++s)
        live[s] += ex.problem.buffer(b).size;
    EXPECT_EQ(live, t.live) << "iteration " << iter;
    EXPECT_EQ(liveBytesLowerBound(ex.problem) + p.liveIn, t.peak);
  }
}

// Buffers with no user are not placed; an escaping buffer lives to the end;
// sizes are rounded to the alignment (raised by minAlignment).
TEST(ArenaLifetimes, ExtractionRules) {
  Problem p;
  StmtId s0 = p.addStatement(), s1 = p.addStatement(StmtKind::Compute, 5),
         s2 = p.addStatement();
  BufferId a = test::addOutput(p, s0, 10);
  test::addRead(p, s0, a, s1);
  BufferId esc = test::addOutput(p, s1, 3, /*freed=*/false);
  p.addBuffer(64, true); // no user
  p.addEdge(s1, s2);
  p.finalize();
  ArenaExtractionOptions opts;
  opts.alignment = {8, 1, 1};
  opts.minAlignment = 4;
  opts.scratchAlignment = 16;
  ArenaExtraction ex = extractArenaProblem(p, {s0, s1, s2}, opts);
  ASSERT_EQ(ex.problem.numBuffers(), 3u);
  EXPECT_EQ(ex.source, (std::vector<int64_t>{a, esc, -1 - int64_t(s1)}));
  EXPECT_EQ(ex.problem.buffer(0).size, 16);
  EXPECT_EQ(ex.problem.buffer(0).life.first, 0u);
  EXPECT_EQ(ex.problem.buffer(0).life.last, 1u);
  EXPECT_EQ(ex.problem.buffer(1).size, 4);
  EXPECT_EQ(ex.problem.buffer(1).life.last, 2u);
  EXPECT_EQ(ex.problem.buffer(2).size, 16);
  EXPECT_EQ(ex.problem.buffer(2).alignment, 16);
  EXPECT_EQ(liveBytesLowerBound(ex.problem), 16 + 4 + 16);
}

// roundedForArena is in the arena's units: its minimum peak over all orders
// equals the minimum over orders of the live-bytes bound of the extraction,
// so a certified bound on it bounds the arena of every order.
TEST(ArenaLifetimes, RoundedProblemBoundsEveryOrder) {
  std::mt19937 rng(11);
  for (int iter = 0; iter < 150; ++iter) {
    Problem p = test::randomProblem(rng, 3 + iter % 8);
    p.liveIn = 7;
    ArenaExtractionOptions opts;
    for (BufferId b = 0; b < p.numBuffers(); ++b)
      opts.alignment.push_back(int64_t(1) << (rng() % 5));
    opts.scratchAlignment = 8;
    Problem r = roundedForArena(p, opts);
    int64_t best = test::bruteForceOptimum(r);
    Order opt = test::optimalOrder(r);
    EXPECT_EQ(liveBytesLowerBound(extractArenaProblem(p, opt, opts).problem),
              best);
    for (int k = 0; k < 5; ++k) {
      Order o = randomLegalOrder(p, rng);
      EXPECT_GE(liveBytesLowerBound(extractArenaProblem(p, o, opts).problem),
                best);
    }
    EXPECT_LE(computeLowerBound(r, opt).bytes, best);
  }
}

//===----------------------------------------------------------------------===//
// The checker
//===----------------------------------------------------------------------===//

TEST(ArenaChecker, NamesEachKindOfViolation) {
  ArenaProblem p;
  p.addBuffer(8, 4, 0, 1);
  p.addBuffer(8, 8, 1, 2);
  p.addBuffer(4, 4, 2, 2);
  ArenaPlan ok{{0, 8, 0}, 16};
  EXPECT_EQ(checkArenaPlan(p, ok), "");
  EXPECT_NE(checkArenaPlan(p, {{0, 4, 0}, 16}).find("not aligned"),
            std::string::npos);
  EXPECT_NE(checkArenaPlan(p, {{0, 8, 0}, 15}).find("outside the arena"),
            std::string::npos);
  EXPECT_NE(checkArenaPlan(p, {{0, 0, 16}, 24}).find("intersect"),
            std::string::npos);
  EXPECT_NE(checkArenaPlan(p, {{-4, 8, 0}, 16}).find("negative"),
            std::string::npos);
  EXPECT_NE(checkArenaPlan(p, {{0, 8}, 16}).find("offsets"), std::string::npos);
  // Buffers 0 and 2 are never live together: sharing bytes is fine.
  EXPECT_EQ(checkArenaPlan(p, {{0, 8, 4}, 16}), "");
}

// Random mutations of valid plans: the sweep checker agrees with the
// pairwise definition on every one, and every mutation that creates an
// overlap, a misalignment or a buffer outside the arena is rejected.
TEST(ArenaChecker, AgreesWithDefinitionOnMutations) {
  std::mt19937 rng(3);
  size_t rejected = 0, overlaps = 0;
  for (int iter = 0; iter < 300; ++iter) {
    ArenaProblem p = randomArena(rng, 2 + iter % 25, 2 + iter % 12, 3, 6);
    ASSERT_EQ(p.check(), "");
    ArenaPlan base = planArenaWith(
        p, allArenaBaselines()[iter % allArenaBaselines().size()]);
    ASSERT_EQ(checkArenaPlan(p, base), "");
    for (int m = 0; m < 40; ++m) {
      ArenaPlan plan = base;
      ArenaBufferId a = rng() % p.numBuffers();
      switch (rng() % 5) {
      case 0: { // Overlap a with a buffer live at the same time.
        ArenaBufferId b = rng() % p.numBuffers();
        if (b == a || !liveTogether(p, a, b) || !p.buffer(a).size ||
            !p.buffer(b).size)
          continue;
        int64_t at = plan.offsets[b] + rng() % p.buffer(b).size;
        plan.offsets[a] = at / p.buffer(a).alignment * p.buffer(a).alignment;
        plan.size = std::max(plan.size, plan.offsets[a] + p.buffer(a).size);
        EXPECT_NE(checkArenaPlan(p, plan), "") << "iteration " << iter;
        ++overlaps;
        break;
      }
      case 1: // Misalign.
        if (p.buffer(a).alignment == 1)
          continue;
        plan.offsets[a] += 1 + rng() % (p.buffer(a).alignment - 1);
        plan.size += p.buffer(a).alignment;
        EXPECT_NE(checkArenaPlan(p, plan), "");
        break;
      case 2: // Shrink the arena below the extent.
        if (plan.size == 0)
          continue;
        plan.size -= 1 + rng() % plan.size;
        EXPECT_NE(checkArenaPlan(p, plan), "");
        break;
      default: // Arbitrary aligned offset.
        plan.offsets[a] = (rng() % (plan.size + 8)) / p.buffer(a).alignment *
                          p.buffer(a).alignment;
        plan.size = std::max(plan.size, plan.offsets[a] + p.buffer(a).size);
        break;
      }
      bool valid = checkArenaPlan(p, plan).empty();
      EXPECT_EQ(valid, bruteValid(p, plan.offsets, plan.size))
          << "iteration " << iter << ": " << checkArenaPlan(p, plan);
      rejected += !valid;
    }
  }
  EXPECT_GT(overlaps, 1000u);
  EXPECT_GT(rejected, 3000u);
}

//===----------------------------------------------------------------------===//
// Baselines and the planner
//===----------------------------------------------------------------------===//

// Every baseline and the planner give valid plans, never below the bound;
// the planner is never above any baseline.
TEST(ArenaPlanner, ValidAndNeverWorseThanBaselines) {
  std::mt19937 rng(5);
  for (int iter = 0; iter < 200; ++iter) {
    ArenaProblem p = randomArena(rng, 1 + iter % 60, 2 + iter % 40, 4, 12);
    int64_t bound = liveBytesLowerBound(p);
    ArenaPlannerOptions opts;
    opts.maxMoves = 3000;
    ArenaPlannerResult r = planArena(p, opts);
    ASSERT_EQ(r.baselineSizes.size(), allArenaBaselines().size());
    ASSERT_FALSE(r.hillClimbCut);
    for (size_t k = 0; k < allArenaBaselines().size(); ++k) {
      // The planner seeds hill climbing from its seed and the problem.
      ArenaPlan plan = planArenaWith(p, allArenaBaselines()[k], nullptr,
                                     opts.seed ^ hashArenaProblem(p));
      EXPECT_EQ(checkArenaPlan(p, plan), "")
          << arenaBaselineName(allArenaBaselines()[k]);
      EXPECT_EQ(plan.size, r.baselineSizes[k]);
      EXPECT_GE(plan.size, bound);
      EXPECT_LE(r.plan.size, plan.size);
    }
    EXPECT_EQ(checkArenaPlan(p, r.plan), "") << "iteration " << iter;
    EXPECT_TRUE(bruteValid(p, r.plan.offsets, r.plan.size));
    EXPECT_GE(r.plan.size, bound);
    // Above the live bound only by a refutation of the arena minus one.
    EXPECT_TRUE(
        r.lowerBound == bound ||
        (r.proof == ArenaProofKind::Refutation && r.lowerBound == r.plan.size))
        << "iteration " << iter;
    if (r.plan.size == bound) {
      EXPECT_TRUE(r.provenOptimal);
      EXPECT_EQ(r.stop, ArenaStop::ReachedBound);
    }
  }
}

// Baselines follow their published rules on a hand-made instance:
//   A: 32 B live [0,1], B: 16 B live [1,2], C: 24 B live [2,3],
//   D: 8 B live [0,3].
TEST(ArenaBaselines, FollowTheirRules) {
  ArenaProblem p;
  p.addBuffer(32, 1, 0, 1); // A
  p.addBuffer(16, 1, 1, 2); // B
  p.addBuffer(24, 1, 2, 3); // C
  p.addBuffer(8, 1, 0, 3);  // D
  // TFLM, size order A C B D: A 0; C 0 (not live with A); B after A and C
  // (both conflict, first gap none) 32; D first gap above A, B, C: 48.
  EXPECT_EQ(planArenaWith(p, ArenaBaseline::TFLiteMicroGreedy).offsets,
            (std::vector<int64_t>{0, 32, 0, 48}));
  // IREE, program order A D B C: A 0; D 32 (above A); B 40 (above A, D);
  // C conflicts with B and D only: the gap [0, 32) below D fits.
  EXPECT_EQ(planArenaWith(p, ArenaBaseline::IreeBestFit).offsets,
            (std::vector<int64_t>{0, 40, 0, 32}));
  // TVM greedy_by_size, A C B D; B above A and C (32), D above all: 48.
  EXPECT_EQ(planArenaWith(p, ArenaBaseline::TvmGreedyBySize).offsets,
            (std::vector<int64_t>{0, 32, 0, 48}));
  // TVM greedy_by_conflicts: D (3 conflicts) first, then B (3? no: B
  // conflicts with A, C, D = 3), size breaks the tie: B 16 > D 8 so B, D,
  // then A (2), C (2) by size: B 0, D 16, A 24, C 24.
  EXPECT_EQ(planArenaWith(p, ArenaBaseline::TvmGreedyByConflicts).offsets,
            (std::vector<int64_t>{24, 0, 24, 16}));
  // Best possible: 56 = live bytes at step 1 (A + B + D) and 2 (B + C + D
  // = 48): bound 56.
  EXPECT_EQ(liveBytesLowerBound(p), 56);
  ArenaPlannerResult r = planArena(p);
  EXPECT_EQ(r.plan.size, 56);
  EXPECT_TRUE(r.provenOptimal);
}

// Small instances: the planner's exact search equals the optimum over all
// placement orders decoded by first fit, which on tiny instances equals the
// optimum over all offsets (the normal form the exact search relies on).
// Where that optimum is above the live bound, the planner says so: without
// the exact search it claims nothing, with it the search is exhaustive.
TEST(ArenaPlanner, ExactMatchesBruteForce) {
  std::mt19937 rng(13);
  size_t aboveBound = 0, improvedOnBaselines = 0;
  for (int iter = 0; iter < 600; ++iter) {
    unsigned n = 3 + iter % 5;
    ArenaProblem p = randomArena(rng, n, 2 + iter % 5, 2, 4);
    int64_t brute = bruteOverOrders(p);
    if (n <= 4) {
      ASSERT_EQ(bruteOverOffsets(p, sumSizes(p)), brute)
          << "iteration " << iter;
    }
    ArenaPlannerOptions opts;
    opts.maxMoves = 0; // Only the exact search may improve on baselines.
    ArenaPlannerResult r = planArena(p, opts);
    EXPECT_EQ(checkArenaPlan(p, r.plan), "");
    EXPECT_EQ(r.plan.size, brute) << "iteration " << iter;
    EXPECT_TRUE(r.provenOptimal);
    EXPECT_EQ(r.lowerBound, brute);
    improvedOnBaselines += r.plan.size < r.bestBaselineSize;
    if (brute == liveBytesLowerBound(p)) {
      EXPECT_EQ(r.stop, ArenaStop::ReachedBound);
      continue;
    }
    ++aboveBound;
    EXPECT_EQ(r.stop, ArenaStop::Exhausted);
    ArenaPlannerOptions noExact;
    noExact.exactMaxBuffers = 0;
    noExact.maxMoves = 500;
    ArenaPlannerResult h = planArena(p, noExact);
    EXPECT_EQ(checkArenaPlan(p, h.plan), "");
    EXPECT_GE(h.plan.size, brute);
    EXPECT_FALSE(h.provenOptimal);
    EXPECT_EQ(h.stop, ArenaStop::MoveBudget);
  }
  // The test must exercise the search, not only the bound (gaps above the
  // bound are rare on random instances: 2 of these 600).
  EXPECT_GE(aboveBound, 1u);
  EXPECT_GT(improvedOnBaselines, 5u);
}

// The live bound is out of reach here only because of alignment:
//   a: 3 B, align 1, live [1,1]      b: 2 B, align 2, live [0,2]
//   c: 4 B, align 4, live [1,1]      d: 6 B, align 2, live [0,0]
// Step 1 holds a, b, c = 9 B; c must sit at 0 or 4 and b at an even
// offset, which leaves no 3-byte hole inside 9 bytes (the exhaustive
// offset search below proves 10). Without alignment no three-buffer
// instance has a gap (a clique stacks; a path alternates), and none
// was found among ~10^5 small random unaligned instances.
TEST(ArenaPlanner, UnreachableBoundIsNotClaimed) {
  ArenaProblem p;
  p.addBuffer(3, 1, 1, 1);
  p.addBuffer(2, 2, 0, 2);
  p.addBuffer(4, 4, 1, 1);
  p.addBuffer(6, 2, 0, 0);
  int64_t opt = bruteOverOffsets(p, sumSizes(p));
  int64_t bound = liveBytesLowerBound(p);
  EXPECT_EQ(bound, 9);
  EXPECT_EQ(opt, 10);

  ArenaPlannerOptions noExact;
  noExact.exactMaxBuffers = 0;
  noExact.maxMoves = 2000;
  ArenaPlannerResult h = planArena(p, noExact);
  EXPECT_EQ(checkArenaPlan(p, h.plan), "");
  EXPECT_FALSE(h.provenOptimal);
  EXPECT_EQ(h.stop, ArenaStop::MoveBudget);

  ArenaPlannerResult e = planArena(p);
  EXPECT_EQ(e.plan.size, opt);
  // The refutation of 9 bytes raises the bound to the optimum.
  EXPECT_EQ(e.lowerBound, opt);
  EXPECT_EQ(e.proof, ArenaProofKind::Refutation);
  EXPECT_EQ(checkArenaRefutation(p, e.refutation, 1000), "");
  EXPECT_TRUE(e.provenOptimal);
  EXPECT_EQ(e.stop, ArenaStop::Exhausted);
}

// The planner stops at a caller's bound over all orders too, and never
// claims optimality below it.
TEST(ArenaPlanner, UsesTheCallersBound) {
  ArenaProblem p;
  p.addBuffer(16, 16, 0, 1);
  p.addBuffer(16, 16, 1, 2);
  ArenaPlannerOptions opts;
  opts.lowerBound = 48;
  ArenaPlannerResult r = planArena(p, opts);
  EXPECT_EQ(r.plan.size, 32);
  EXPECT_EQ(r.lowerBound, 48);
  EXPECT_TRUE(r.provenOptimal);
  EXPECT_EQ(r.stop, ArenaStop::ReachedBound);
}

/// A network-like block of `n` statements: a chain where each statement
/// reads its predecessor's output and sometimes one from up to 8 steps back
/// (skip connections), sizes vary by 4x, a few outputs escape; run in the
/// given order.
ArenaProblem chainWithSkips(unsigned n, uint64_t seed) {
  std::mt19937 rng(seed);
  Problem p;
  std::vector<BufferId> out;
  for (unsigned v = 0; v < n; ++v) {
    StmtId s = p.addStatement(StmtKind::Compute, rng() % 10 == 0 ? 256 : 0);
    int64_t bytes = int64_t(64) << (rng() % 3) * 2 | (rng() % 4) * 16;
    out.push_back(test::addOutput(p, s, bytes, rng() % 500 != 0));
    if (v > 0)
      test::addRead(p, v - 1, out[v - 1], s);
    if (v > 8 && rng() % 4 == 0) {
      unsigned u = v - 2 - rng() % 7;
      test::addRead(p, u, out[u], s);
    }
  }
  p.finalize();
  ArenaExtractionOptions opts;
  opts.minAlignment = 16;
  return extractArenaProblem(p, identityOrder(p), opts).problem;
}

// The stress instance ends within its work units (a parameter, not a timed
// assertion): they are why it stopped, or it reached the bound.
TEST(ArenaPlanner, StressTwentyThousandBuffers) {
  ArenaProblem p = chainWithSkips(20000, 1);
  ASSERT_GE(p.numBuffers(), 20000u);
  ArenaPlannerOptions opts;
  opts.maxMoveWork = 50'000'000;
  ArenaPlannerResult r = planArena(p, opts);
  EXPECT_EQ(checkArenaPlan(p, r.plan), "");
  EXPECT_LE(r.plan.size, r.bestBaselineSize);
  EXPECT_FALSE(r.timeLimitHit);
  // The last move may overrun the work units by one decode at most.
  EXPECT_LE(r.moveWork, opts.maxMoveWork + 2 * ArenaConflicts(p).numPairs() +
                            p.numBuffers());
  EXPECT_TRUE(r.stop == ArenaStop::MoveBudget ||
              r.stop == ArenaStop::NodeBudget ||
              r.stop == ArenaStop::ReachedBound)
      << arenaStopName(r.stop);
  std::cout << "stress: " << p.numBuffers() << " buffers, bound "
            << r.lowerBound << ", planner " << r.plan.size << " ("
            << arenaStopName(r.stop) << ", " << r.moves << " moves, "
            << r.exactNodes << " nodes, " << r.elapsedMs
            << " ms), best baseline " << r.bestBaselineSize << "\n";
}

// Prints the table docs/Arena.md quotes: per baseline and for the planner,
// on how many random instances it reaches the live bound and its total
// arena over the instances, plus the named instances. Checks nothing beyond
// validity.
TEST(ArenaReport, BaselinesAgainstPlanner) {
  struct Row {
    std::string name;
    int64_t total = 0;
    size_t atBound = 0;
  };
  std::vector<Row> rows;
  for (ArenaBaseline k : allArenaBaselines())
    rows.push_back({arenaBaselineName(k)});
  rows.push_back({"peakmem"});
  rows.push_back({"live bound"});
  std::mt19937 rng(5);
  const int kInstances = 200;
  size_t proven = 0;
  for (int iter = 0; iter < kInstances; ++iter) {
    ArenaProblem p = randomArena(rng, 1 + iter % 60, 2 + iter % 40, 4, 12);
    ArenaPlannerOptions opts;
    opts.maxMoves = 3000;
    ArenaPlannerResult r = planArena(p, opts);
    ASSERT_EQ(checkArenaPlan(p, r.plan), "");
    for (size_t k = 0; k < r.baselineSizes.size(); ++k) {
      rows[k].total += r.baselineSizes[k];
      rows[k].atBound += r.baselineSizes[k] == r.lowerBound;
    }
    rows[rows.size() - 2].total += r.plan.size;
    rows[rows.size() - 2].atBound += r.plan.size == r.lowerBound;
    rows.back().total += r.lowerBound;
    rows.back().atBound += 1;
    proven += r.provenOptimal;
  }
  std::cout << "random instances (" << kInstances
            << ", seed 5, as ValidAndNeverWorseThanBaselines):\n";
  for (const Row &row : rows)
    std::cout << "  " << std::left << std::setw(24) << row.name << " total "
              << row.total << "  at bound " << row.atBound << "\n";
  std::cout << "  peakmem proven optimal on " << proven << "\n";
  for (unsigned seed : {1u, 2u}) {
    ArenaProblem p = chainWithSkips(2000, seed);
    ArenaPlannerOptions opts;
    ArenaPlannerResult r = planArena(p, opts);
    ASSERT_EQ(checkArenaPlan(p, r.plan), "");
    std::cout << "chain with skips, 2000 statements, seed " << seed
              << ": bound " << r.lowerBound;
    for (size_t k = 0; k < r.baselineSizes.size(); ++k)
      std::cout << ", " << arenaBaselineName(allArenaBaselines()[k]) << " "
                << r.baselineSizes[k];
    std::cout << ", peakmem " << r.plan.size << " (" << arenaStopName(r.stop)
              << ")\n";
  }
}

} // namespace
