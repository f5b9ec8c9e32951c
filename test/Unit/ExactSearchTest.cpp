//===- ExactSearchTest.cpp - Exact search and sequential points -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Schedule/ExactSearch.h"
#include "TestProblems.h"
#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Schedule/Heuristics.h"
#include "peakmem/Core/Schedule/Scheduler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>

using namespace peakmem;

namespace {

using test::addOutput;
using test::addRead;
using test::kCheckTiming;

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

/// The best heuristic order, as a pass would pass it in.
Order bestHeuristic(const Problem &p) {
  Order best = identityOrder(p);
  int64_t bestPeak = simulatePeak(p, best);
  for (Heuristic h : allHeuristics()) {
    Order o = scheduleWith(p, h);
    int64_t peak = simulatePeak(p, o);
    if (peak < bestPeak) {
      best = o;
      bestPeak = peak;
    }
  }
  return best;
}

/// Checks the contract of a finished search against the brute-force optimum.
void expectOptimal(const Problem &p, const Order &incumbent,
                   const SearchResult &r, const std::string &what) {
  ASSERT_TRUE(isLegalOrder(p, r.order)) << what;
  EXPECT_EQ(r.peak, simulatePeak(p, r.order)) << what;
  EXPECT_EQ(r.peak, test::bruteForceOptimum(p)) << what;
  EXPECT_TRUE(r.provenOptimal) << what;
  EXPECT_FALSE(r.budgetExhausted) << what;
  EXPECT_LE(r.peak, simulatePeak(p, incumbent)) << what;
}

TEST(ExactSearch, MatchesBruteForceUpToTenStatements) {
  std::mt19937 rng(2024);
  for (int iter = 0; iter < 1200; ++iter) {
    Problem p = test::randomProblem(rng, 1 + iter % 10);
    if (iter % 3 == 0)
      p.liveIn = 16 * (iter % 5);
    // Alternate a poor incumbent (the block as written) and a good one.
    Order incumbent = iter % 2 ? identityOrder(p) : bestHeuristic(p);
    SearchResult r = exactSearch(p, incumbent, SearchOptions());
    expectOptimal(p, incumbent, r, "problem " + std::to_string(iter));
  }
}

TEST(ExactSearch, MatchesBruteForceOnFourteenStatements) {
  std::mt19937 rng(99);
  for (int iter = 0; iter < 40; ++iter) {
    Problem p = test::randomProblem(rng, 14);
    SearchResult r = exactSearch(p, identityOrder(p), SearchOptions());
    expectOptimal(p, identityOrder(p), r, "problem " + std::to_string(iter));
  }
}

/// Like test::randomProblem, but some statements are barriers (after every
/// earlier statement, before every later one): sequential points with
/// buffers living across them, some read again much later, some escaping.
Problem barrierProblem(std::mt19937 &rng, unsigned n) {
  Problem p;
  std::uniform_int_distribution<int> size(1, 64), coin(0, 99);
  std::vector<int64_t> out(n, -1);
  std::vector<StmtId> barriers;
  for (unsigned v = 0; v < n; ++v) {
    StmtId s =
        p.addStatement(StmtKind::Compute, coin(rng) < 15 ? size(rng) : 0);
    if (coin(rng) < 90) {
      out[v] = addOutput(p, s, size(rng) * 4, coin(rng) >= 10);
    }
    bool barrier = v > 0 && v + 1 < n && coin(rng) < 25;
    if (barrier)
      barriers.push_back(s);
    if (v == 0)
      continue;
    std::uniform_int_distribution<unsigned> pick(0, v - 1);
    for (int r = coin(rng) % 3; r > 0; --r) {
      unsigned u = pick(rng);
      if (out[u] >= 0)
        p.addUse(s, static_cast<BufferId>(out[u]));
      p.addEdge(u, s);
    }
  }
  for (StmtId b : barriers)
    for (StmtId s = 0; s < n; ++s)
      if (s < b)
        p.addEdge(s, b);
      else if (s > b)
        p.addEdge(b, s);
  p.finalize();
  return p;
}

TEST(ExactSearch, SegmentsComposeAcrossSequentialPoints) {
  std::mt19937 rng(5);
  int withPoints = 0;
  for (int iter = 0; iter < 300; ++iter) {
    Problem p = barrierProblem(rng, 4 + iter % 11);
    ASSERT_EQ(p.check(), "");
    withPoints += !sequentialPoints(p).empty();
    Order incumbent = iter % 2 ? identityOrder(p) : bestHeuristic(p);
    SearchResult r = exactSearch(p, incumbent, SearchOptions());
    expectOptimal(p, incumbent, r, "problem " + std::to_string(iter));
  }
  EXPECT_GT(withPoints, 200);
}

TEST(SequentialPoints, MatchDefinitionOnRandomProblems) {
  std::mt19937 rng(17);
  for (int iter = 0; iter < 300; ++iter) {
    Problem p = iter % 2 ? test::randomProblem(rng, 1 + iter % 16)
                         : barrierProblem(rng, 3 + iter % 14);
    const unsigned n = p.numStatements();
    // Reachability by DP over index order (edges go from lower to higher).
    std::vector<uint32_t> reach(n, 0);
    for (StmtId v = n; v-- > 0;) {
      reach[v] = 1u << v;
      for (StmtId t : p.succs(v))
        reach[v] |= reach[t];
    }
    std::vector<StmtId> expected;
    for (StmtId v = 0; v < n; ++v) {
      bool all = true;
      for (StmtId u = 0; u < n; ++u)
        all &= (reach[u] >> v & 1) || (reach[v] >> u & 1);
      if (all)
        expected.push_back(v);
    }
    std::vector<StmtId> got = sequentialPoints(p);
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, expected) << "problem " << iter;
  }
}

TEST(SequentialPoints, ShortcutEdgeDoesNotHideAPoint) {
  // a -> v -> c and a -> c: v is comparable with everything although the edge
  // a -> c jumps over it. x is a parallel source: nothing is sequential but c.
  Problem p;
  StmtId a = p.addStatement(), v = p.addStatement(), c = p.addStatement();
  p.addEdge(a, v);
  p.addEdge(v, c);
  p.addEdge(a, c);
  p.finalize();
  EXPECT_EQ(sequentialPoints(p), (std::vector<StmtId>{a, v, c}));
  Problem q;
  for (int i = 0; i < 4; ++i)
    q.addStatement();
  q.addEdge(0, 1);
  q.addEdge(1, 2);
  q.addEdge(0, 2);
  q.addEdge(3, 2);
  q.finalize();
  EXPECT_EQ(sequentialPoints(q), (std::vector<StmtId>{2}));
}

/// r writes X(6) and Y(6); branch a: a1 reads X writes A1(1), a2 reads A1
/// writes A2(8), a3 reads A2 writes A3(1); branch b likewise from Y; j reads
/// A3 and B3. Running a branch to its end first peaks at 15 (a2 while Y is
/// still live); the optimum 13 runs both first stages before either second
/// stage.
Problem interleavedForkJoin() {
  Problem p;
  StmtId r = p.addStatement();
  BufferId X = addOutput(p, r, 6), Y = addOutput(p, r, 6);
  StmtId a1 = p.addStatement(), a2 = p.addStatement(), a3 = p.addStatement();
  StmtId b1 = p.addStatement(), b2 = p.addStatement(), b3 = p.addStatement();
  StmtId j = p.addStatement();
  addRead(p, r, X, a1);
  addRead(p, r, Y, b1);
  BufferId A1 = addOutput(p, a1, 1), B1 = addOutput(p, b1, 1);
  addRead(p, a1, A1, a2);
  addRead(p, b1, B1, b2);
  BufferId A2 = addOutput(p, a2, 8), B2 = addOutput(p, b2, 8);
  addRead(p, a2, A2, a3);
  addRead(p, b2, B2, b3);
  BufferId A3 = addOutput(p, a3, 1), B3 = addOutput(p, b3, 1);
  addRead(p, a3, A3, j);
  addRead(p, b3, B3, j);
  addOutput(p, j, 1, /*freed=*/false);
  p.finalize();
  return p;
}

TEST(ExactSearch, ForkJoinOptimumInterleavesBranches) {
  Problem p = interleavedForkJoin();
  ASSERT_EQ(p.check(), "");
  Order branchByBranch = identityOrder(p); // r a1 a2 a3 b1 b2 b3 j
  ASSERT_EQ(simulatePeak(p, branchByBranch), 15);
  EXPECT_EQ(sequentialPoints(p), (std::vector<StmtId>{0, 7}));
  SearchResult r = exactSearch(p, branchByBranch, SearchOptions());
  expectOptimal(p, branchByBranch, r, "fork-join");
  EXPECT_EQ(r.peak, 13);
  std::vector<size_t> pos(p.numStatements());
  for (size_t i = 0; i < r.order.size(); ++i)
    pos[r.order[i]] = i;
  // Both first stages (1: a1, 4: b1) before either second stage (2, 5).
  EXPECT_LT(std::max(pos[1], pos[4]), std::min(pos[2], pos[5]));
}

/// The graph of the comment above XLA's ListScheduler
/// (hlo_memory_scheduler.cc): A feeds B, D, E with a 1-byte buffer; B feeds C
/// with 2; C feeds G with 1; D and E feed F with 1 each; F feeds G with 2.
TEST(ExactSearch, XlaListSchedulerCommentExample) {
  Problem p;
  StmtId A = p.addStatement(), B = p.addStatement(), C = p.addStatement(),
         D = p.addStatement(), E = p.addStatement(), F = p.addStatement(),
         G = p.addStatement();
  BufferId a = addOutput(p, A, 1);
  for (StmtId s : {B, D, E})
    addRead(p, A, a, s);
  BufferId b = addOutput(p, B, 2);
  addRead(p, B, b, C);
  BufferId c = addOutput(p, C, 1);
  addRead(p, C, c, G);
  BufferId d = addOutput(p, D, 1), e = addOutput(p, E, 1);
  addRead(p, D, d, F);
  addRead(p, E, e, F);
  BufferId f = addOutput(p, F, 2);
  addRead(p, F, f, G);
  p.finalize();
  // The comment's point: with B's 2 bytes alive while F runs the peak is 6;
  // A B C D E F G reaches the optimum 5.
  Order bAliveDuringF = {A, D, E, B, F, C, G};
  EXPECT_EQ(simulatePeak(p, bAliveDuringF), 6);
  EXPECT_EQ(simulatePeak(p, Order{A, B, C, D, E, F, G}), 5);
  SearchResult r = exactSearch(p, bAliveDuringF, SearchOptions());
  expectOptimal(p, bAliveDuringF, r, "xla comment");
  EXPECT_EQ(r.peak, 5);
  // Under this accounting (frees at last use, priorities recomputed as
  // counts change) the list scheduler itself runs F before B and also
  // reaches 5; the order the comment prints (A D E F B C G) peaks at 5 too.
  EXPECT_EQ(simulatePeak(p, Order{A, D, E, F, B, C, G}), 5);
  EXPECT_GE(simulatePeak(p, scheduleWith(p, Heuristic::XLAList)), 5);
}

TEST(ExactSearch, BeatsEveryHeuristicSomewhere) {
  // On random blocks the exact search is never worse than the best heuristic
  // and strictly better on some.
  std::mt19937 rng(31);
  int strictlyBetter = 0;
  for (int iter = 0; iter < 300; ++iter) {
    Problem p = test::randomProblem(rng, 6 + iter % 7);
    Order incumbent = bestHeuristic(p);
    SearchResult r = exactSearch(p, incumbent, SearchOptions());
    ASSERT_TRUE(isLegalOrder(p, r.order));
    ASSERT_LE(r.peak, simulatePeak(p, incumbent));
    strictlyBetter += r.peak < simulatePeak(p, incumbent);
  }
  EXPECT_GT(strictlyBetter, 0);
}

/// The fork-join of algorithms.md section 2 with a bad incumbent: a1 b1 a2 b2
/// j peaks at 21 (a2 runs with A1 and B1 live), the optimum is 12, static
/// bounds only give 11.
Problem twoBranches(Order &bad) {
  Problem p;
  StmtId a1 = p.addStatement(), b1 = p.addStatement(), a2 = p.addStatement(),
         b2 = p.addStatement(), j = p.addStatement();
  BufferId A1 = addOutput(p, a1, 10), B1 = addOutput(p, b1, 10);
  addRead(p, a1, A1, a2);
  addRead(p, b1, B1, b2);
  BufferId A2 = addOutput(p, a2, 1), B2 = addOutput(p, b2, 1);
  addRead(p, a2, A2, j);
  addRead(p, b2, B2, j);
  p.finalize();
  bad = {a1, b1, a2, b2, j};
  return p;
}

TEST(ExactSearch, ZeroBudgetReturnsTheIncumbent) {
  Order bad;
  Problem p = twoBranches(bad);
  ASSERT_EQ(simulatePeak(p, bad), 21);
  WorkBudget none(0);
  SearchResult r = exactSearch(p, bad, SearchOptions(), &none);
  EXPECT_EQ(r.order, bad);
  EXPECT_EQ(r.peak, 21);
  EXPECT_TRUE(r.budgetExhausted);
  EXPECT_FALSE(r.provenOptimal);

  SearchOptions oneState;
  oneState.maxStates = 1;
  r = exactSearch(p, bad, oneState);
  EXPECT_TRUE(isLegalOrder(p, r.order));
  EXPECT_LE(r.peak, 21);
  EXPECT_TRUE(r.budgetExhausted);
  EXPECT_FALSE(r.provenOptimal);
  EXPECT_LE(r.statesExplored, 2u);

  r = exactSearch(p, bad, SearchOptions());
  EXPECT_EQ(r.peak, 12);
  EXPECT_TRUE(r.provenOptimal);
}

TEST(ExactSearch, StateBudgetKeepsBestFoundOnWideProblems) {
  std::mt19937 rng(77);
  int exhausted = 0;
  for (int iter = 0; iter < 60; ++iter) {
    Problem p = test::randomProblem(rng, 40);
    Order incumbent = identityOrder(p);
    SearchOptions small;
    small.maxStates = 3 + iter % 20;
    SearchResult r = exactSearch(p, incumbent, small);
    ASSERT_TRUE(isLegalOrder(p, r.order));
    EXPECT_EQ(r.peak, simulatePeak(p, r.order));
    EXPECT_LE(r.peak, simulatePeak(p, incumbent));
    EXPECT_LE(r.statesExplored, small.maxStates + 1);
    if (r.budgetExhausted) {
      ++exhausted;
      EXPECT_FALSE(r.provenOptimal);
    }
  }
  EXPECT_GT(exhausted, 10);
}

TEST(ExactSearch, LowerBoundStopsEarly) {
  Order bad;
  Problem p = twoBranches(bad);
  // A bound at the incumbent: nothing to search.
  SearchOptions atIncumbent;
  atIncumbent.lowerBound = 21;
  SearchResult r = exactSearch(p, bad, atIncumbent);
  EXPECT_EQ(r.order, bad);
  EXPECT_EQ(r.statesExplored, 0u);
  EXPECT_TRUE(r.provenOptimal);
  // The true optimum as the bound (e.g. from a pairwise certificate): the
  // search stops at the first order reaching it, without proving the rest.
  SearchResult full = exactSearch(p, bad, SearchOptions());
  SearchOptions atOptimum;
  atOptimum.lowerBound = 12;
  r = exactSearch(p, bad, atOptimum);
  EXPECT_EQ(r.peak, 12);
  EXPECT_TRUE(r.provenOptimal);
  EXPECT_TRUE(isLegalOrder(p, r.order));
  EXPECT_LE(r.statesExplored, full.statesExplored);
}

TEST(ExactSearch, IllegalOrEmptyIncumbentIsReplaced) {
  Problem p = interleavedForkJoin();
  SearchResult r = exactSearch(p, Order{}, SearchOptions());
  EXPECT_TRUE(isLegalOrder(p, r.order));
  EXPECT_EQ(r.peak, 13);
  Problem empty;
  empty.finalize();
  r = exactSearch(empty, Order{}, SearchOptions());
  EXPECT_TRUE(r.order.empty());
  EXPECT_TRUE(r.provenOptimal);
}

/// Chain of n statements, each writing a buffer and reading the buffers of
/// the statements 1 and 3 back.
Problem chainWithSkips(unsigned n) {
  Problem p;
  std::vector<BufferId> out;
  for (unsigned v = 0; v < n; ++v) {
    StmtId s = p.addStatement(StmtKind::Compute, v % 5 == 0 ? 8 : 0);
    out.push_back(addOutput(p, s, 64 + (v * 37) % 200, v + 1 != n));
    if (v >= 1)
      addRead(p, v - 1, out[v - 1], s);
    if (v >= 3)
      addRead(p, v - 3, out[v - 3], s);
  }
  p.finalize();
  return p;
}

TEST(ExactSearch, TwentyThousandStatementChainWithSkips) {
  Problem p = chainWithSkips(20000);
  Order incumbent = identityOrder(p);
  SearchOptions options;
  auto start = std::chrono::steady_clock::now();
  SearchResult r = exactSearch(p, incumbent, options);
  double ms = msSince(start);
  if (kCheckTiming) {
    EXPECT_LT(ms, 750);
  }
  EXPECT_TRUE(isLegalOrder(p, r.order));
  EXPECT_LE(r.peak, simulatePeak(p, incumbent));
  EXPECT_TRUE(r.provenOptimal); // Every statement is a sequential point.
  EXPECT_EQ(sequentialPoints(p).size(), 20000u);
}

TEST(ExactSearch, WideLongBlockRespectsWorkBudget) {
  // Statement v reads v-2 only: two interleaved chains, no sequential
  // points, one 4,000-statement segment.
  Problem p;
  std::vector<BufferId> out;
  for (unsigned v = 0; v < 4000; ++v) {
    StmtId s = p.addStatement();
    out.push_back(addOutput(p, s, 16 + (v * 53) % 300));
    if (v >= 2)
      addRead(p, v - 2, out[v - 2], s);
  }
  p.finalize();
  Order incumbent = identityOrder(p);
  SearchOptions options;
  constexpr WorkUnits kLimit = 20'000'000;
  WorkBudget work(kLimit);
  auto start = std::chrono::steady_clock::now();
  SearchResult r = exactSearch(p, incumbent, options, &work);
  double ms = msSince(start);
  if (kCheckTiming) {
    EXPECT_LT(ms, 500);
  }
  EXPECT_TRUE(isLegalOrder(p, r.order));
  EXPECT_LE(r.peak, simulatePeak(p, incumbent));
  EXPECT_EQ(r.peak, simulatePeak(p, r.order));
  EXPECT_EQ(r.stoppedBy, SearchStop::WorkLimit);
  // It stops within one state's (or one setup step's) work of the limit.
  EXPECT_LE(work.used(), kLimit + 16 * p.linearSize());
  // And it is a function of the limit: the same again.
  WorkBudget again(kLimit);
  SearchResult r2 = exactSearch(p, incumbent, options, &again);
  EXPECT_EQ(r2.order, r.order);
  EXPECT_EQ(r2.statesExplored, r.statesExplored);
  EXPECT_EQ(again.used(), work.used());
}

} // namespace

TEST(ExactSearch, SaysWhichLimitStoppedIt) {
  Order bad;
  Problem p = twoBranches(bad);
  WorkBudget none(0);
  EXPECT_EQ(exactSearch(p, bad, SearchOptions(), &none).stoppedBy,
            SearchStop::WorkLimit);
  TimeCap fired(1e-9);
  while (!fired.check()) {
  }
  WorkBudget capped(kUnlimitedWork, &fired);
  EXPECT_EQ(exactSearch(p, bad, SearchOptions(), &capped).stoppedBy,
            SearchStop::TimeLimit);
  SearchOptions oneState;
  oneState.maxStates = 1;
  EXPECT_EQ(exactSearch(p, bad, oneState).stoppedBy, SearchStop::StateCap);
  SearchResult full = exactSearch(p, bad, SearchOptions());
  EXPECT_EQ(full.stoppedBy, SearchStop::None);
  EXPECT_FALSE(full.memoFull);
  EXPECT_STREQ(searchStopName(SearchStop::WorkLimit), "work-limit");
  EXPECT_STREQ(searchStopName(SearchStop::StateCap), "state-cap");
  EXPECT_STREQ(searchStopName(SearchStop::TimeLimit), "time-limit");
}

TEST(ExactSearch, TinyMemoStillFindsTheOptimum) {
  // The memo only prunes: capped at a handful of ideals, the search is
  // slower but still exact, and says its memo was full.
  std::mt19937 rng(4242);
  int full = 0;
  for (int iter = 0; iter < 200; ++iter) {
    Problem p = test::randomProblem(rng, 4 + iter % 7);
    Order incumbent = identityOrder(p);
    SearchOptions tiny;
    tiny.maxMemoEntries = 2;
    SearchResult r = exactSearch(p, incumbent, tiny);
    expectOptimal(p, incumbent, r, "iter " + std::to_string(iter));
    full += r.memoFull;
  }
  EXPECT_GT(full, 0);
}

TEST(ExactSearch, ExactAlgorithmIsNeverWorseThanAuto) {
  // algorithm=exact stopped by a limit used to return the best order found
  // from the block's own order, worse than auto's best heuristic (issue 15:
  // 6,720 B against 1,032 B). It starts from the heuristics too now.
  std::mt19937 rng(15);
  int stopped = 0;
  for (int iter = 0; iter < 40; ++iter) {
    Problem p = test::randomProblem(rng, 40);
    ScheduleOptions exact, autoOpts;
    exact.algorithm = "exact";
    exact.maxStates = autoOpts.maxStates = 5;
    ScheduleResult e = scheduleBlock(p, exact);
    ScheduleResult a = scheduleBlock(p, autoOpts);
    ASSERT_TRUE(isLegalOrder(p, e.order));
    EXPECT_EQ(e.peak, simulatePeak(p, e.order));
    EXPECT_LE(e.peak, simulatePeak(p, bestHeuristic(p))) << "iter " << iter;
    EXPECT_LE(e.peak, a.peak) << "iter " << iter;
    if (!e.provenOptimal) {
      ++stopped;
      EXPECT_EQ(e.stoppedBy, SearchStop::StateCap);
    }
  }
  EXPECT_GT(stopped, 0);
}

/// randomProblem with statements the search's reductions take out: memory-
/// free ones (no buffer, no scratch) anywhere, late sinks (views of
/// returned buffers, no successor), and statements covered by
/// (using a subset of the buffers of, with no more scratch than) their first
/// successor or their last predecessor, with extra edges to that
/// neighbour's successors / from its predecessors.
Problem problemWithGlue(std::mt19937 &rng, unsigned n, unsigned extra) {
  Problem base = test::randomProblem(rng, n);
  Problem p;
  for (StmtId v = 0; v < base.numStatements(); ++v)
    p.addStatement(StmtKind::Compute, base.statement(v).scratch);
  for (BufferId b = 0; b < base.numBuffers(); ++b) {
    p.addBuffer(base.buffer(b).bytes, base.buffer(b).freedInBlock);
    for (StmtId u : base.buffer(b).users)
      p.addUse(u, b);
  }
  for (auto [a, b] : base.edges())
    p.addEdge(a, b);
  std::uniform_int_distribution<int> coin(0, 99);
  std::uniform_int_distribution<StmtId> pick(0, n - 1);
  for (unsigned e = 0; e < extra; ++e) {
    StmtId s = pick(rng);
    if (coin(rng) < 20) { // A late sink: a view of returned buffers.
      StmtId v = p.addStatement();
      for (BufferId b : base.statement(s).buffers)
        if (!base.buffer(b).freedInBlock)
          p.addUse(v, b);
      if (coin(rng) < 50)
        p.addEdge(s, v);
      continue;
    }
    int kind = coin(rng) % 3;
    StmtId v = p.addStatement(
        StmtKind::Compute,
        kind == 0 ? 0 : base.statement(s).scratch * (coin(rng) % 2));
    if (kind != 0)
      for (BufferId b : base.statement(s).buffers)
        if (coin(rng) < 60)
          p.addUse(v, b);
    if (kind == 2) { // Before s (and before some of s's successors).
      p.addEdge(v, s);
      for (StmtId t : base.succs(s))
        if (coin(rng) < 50)
          p.addEdge(v, t);
    } else { // After s (and after some of s's predecessors).
      p.addEdge(s, v);
      for (StmtId q : base.preds(s))
        if (coin(rng) < 50)
          p.addEdge(q, v);
    }
    if (kind == 0) // Memory-free, between s and its successors.
      for (StmtId t : base.succs(s))
        if (coin(rng) < 50)
          p.addEdge(v, t);
  }
  p.finalize();
  return p;
}

TEST(ExactSearch, ReductionsKeepTheOptimum) {
  // Removing memory-free statements and gluing covered ones to their
  // neighbour must leave the optimum unchanged (brute force on both), and
  // the search through them must still be exact.
  std::mt19937 rng(1515);
  size_t reducedAway = 0;
  for (int iter = 0; iter < 600; ++iter) {
    Problem p = problemWithGlue(rng, 4 + iter % 7, 1 + iter % 5);
    ASSERT_EQ(p.check(), "");
    std::string what = "iter " + std::to_string(iter);
    Problem r = reducedForSearch(p);
    ASSERT_EQ(r.check(), "") << what;
    EXPECT_EQ(test::bruteForceOptimum(r), test::bruteForceOptimum(p)) << what;
    reducedAway += p.numStatements() - r.numStatements();
    Order incumbent = identityOrder(p);
    SearchResult s = exactSearch(p, incumbent, SearchOptions());
    expectOptimal(p, incumbent, s, what);
  }
  EXPECT_GT(reducedAway, 600u);
}

TEST(ExactSearch, FloatingCoveredStatementsDoNotHideSequentialPoints) {
  // A chain of 300 "convolutions", each preceded by a statement with no
  // predecessor that fills its output (a bias broadcast) and a memory-free
  // one (a constant read) feeding that: no statement is comparable with all
  // others, so the search used to face one 900-statement segment. Glued and
  // removed, the chain is all sequential points: proven at once.
  Problem p;
  std::vector<BufferId> out;
  for (unsigned i = 0; i < 300; ++i) {
    StmtId constant = p.addStatement();
    StmtId bias = p.addStatement();
    StmtId conv = p.addStatement();
    BufferId o = p.addBuffer(64 + (i * 37) % 300, i + 1 != 300);
    p.addUse(bias, o);
    p.addUse(conv, o);
    p.addEdge(constant, bias);
    p.addEdge(bias, conv);
    if (i > 0)
      addRead(p, conv - 3, out.back(), conv);
    out.push_back(o);
  }
  p.finalize();
  // The block as a bad importer writes it: every constant and bias first.
  Order bad;
  for (StmtId v = 0; v < p.numStatements(); ++v)
    if (v % 3 != 2)
      bad.push_back(v);
  for (StmtId v = 2; v < p.numStatements(); v += 3)
    bad.push_back(v);
  ASSERT_TRUE(isLegalOrder(p, bad));
  SearchOptions options;
  options.maxStates = 10000;
  SearchResult r = exactSearch(p, bad, options);
  EXPECT_TRUE(r.provenOptimal);
  EXPECT_EQ(r.stoppedBy, SearchStop::None);
  EXPECT_EQ(r.peak, simulatePeak(p, r.order));
  EXPECT_LT(r.peak, simulatePeak(p, bad));
  EXPECT_EQ(r.reducedAway, 600u);
}

TEST(ExactSearch, LateSinkDoesNotHideSequentialPoints) {
  // The chain of FloatingCoveredStatementsDoNotHideSequentialPoints whose
  // last convolution writes the returned buffer, plus a view of that buffer
  // with no predecessor and no successor (as a collapse_shape of the result
  // is): comparable with nothing, it left the search one segment of the
  // whole chain. Removed and put back last, the chain is all sequential
  // points again.
  Problem p;
  std::vector<BufferId> out;
  StmtId view = p.addStatement();
  for (unsigned i = 0; i < 300; ++i) {
    StmtId constant = p.addStatement();
    StmtId bias = p.addStatement();
    StmtId conv = p.addStatement();
    BufferId o = p.addBuffer(64 + (i * 37) % 300, i + 1 != 300);
    p.addUse(bias, o);
    p.addUse(conv, o);
    p.addEdge(constant, bias);
    p.addEdge(bias, conv);
    if (i > 0)
      addRead(p, conv - 3, out.back(), conv);
    out.push_back(o);
  }
  p.addUse(view, out.back());
  p.finalize();
  // Every constant and bias first, the view at the very start.
  Order bad{view};
  for (StmtId v = 1; v < p.numStatements(); ++v)
    if (v % 3 != 0)
      bad.push_back(v);
  for (StmtId v = 3; v < p.numStatements(); v += 3)
    bad.push_back(v);
  ASSERT_TRUE(isLegalOrder(p, bad));
  SearchOptions options;
  options.maxStates = 10000;
  SearchResult r = exactSearch(p, bad, options);
  EXPECT_TRUE(r.provenOptimal);
  EXPECT_EQ(r.stoppedBy, SearchStop::None);
  EXPECT_EQ(r.peak, simulatePeak(p, r.order));
  EXPECT_LT(r.peak, simulatePeak(p, bad));
  EXPECT_EQ(r.reducedAway, 601u);
  EXPECT_EQ(r.order.back(), view);
}
