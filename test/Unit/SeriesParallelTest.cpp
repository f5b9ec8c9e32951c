//===- SeriesParallelTest.cpp - Series-parallel blocks and their plans ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// decomposeSeriesParallel against the definition (every series part before
// the next, no branch ordered with another, series-parallel exactly when the
// order has no N), and exactRecomputeSeriesParallel against the brute force
// over every fixed-order plan of the decomposition's order
// (RecomputeInstances.h) and against the sweep along the order; the knapsack
// family.

#include "peakmem/Core/Recompute/SeriesParallel.h"
#include "RecomputeInstances.h"
#include "peakmem/Core/Model/Simulation.h"

#include <gtest/gtest.h>

#include <random>

using namespace peakmem;

namespace {

using namespace peakmem::test;
using Kind = SeriesParallelNode::Kind;

/// reach[a][b]: a path a -> ... -> b (a != b).
std::vector<std::vector<uint8_t>> reachability(const Problem &p) {
  size_t n = p.numStatements();
  std::vector<std::vector<uint8_t>> reach(n, std::vector<uint8_t>(n, 0));
  for (StmtId a = 0; a < n; ++a) {
    std::vector<StmtId> stack(p.succs(a).begin(), p.succs(a).end());
    while (!stack.empty()) {
      StmtId v = stack.back();
      stack.pop_back();
      if (reach[a][v]++)
        continue;
      stack.insert(stack.end(), p.succs(v).begin(), p.succs(v).end());
    }
  }
  return reach;
}

/// Some a < c, b < c, b < d with a || b, a || d, c || d.
bool hasN(const std::vector<std::vector<uint8_t>> &r) {
  size_t n = r.size();
  auto unordered = [&](size_t x, size_t y) { return !r[x][y] && !r[y][x]; };
  for (size_t a = 0; a < n; ++a)
    for (size_t c = 0; c < n; ++c)
      for (size_t b = 0; r[a][c] && b < n; ++b)
        for (size_t d = 0; r[b][c] && d < n; ++d)
          if (r[b][d] && unordered(a, b) && unordered(a, d) && unordered(c, d))
            return true;
  return false;
}

/// Checks the tree against the definition; returns its statements.
std::vector<StmtId> checkNode(const SeriesParallelDecomposition &dec,
                              uint32_t v,
                              const std::vector<std::vector<uint8_t>> &r) {
  const SeriesParallelNode &node = dec.nodes[v];
  if (node.kind == Kind::Statement) {
    EXPECT_TRUE(node.children.empty());
    EXPECT_EQ(node.end, node.begin + 1);
    EXPECT_EQ(dec.order[node.begin], node.stmt);
    return {node.stmt};
  }
  EXPECT_GE(node.children.size(), 2u);
  std::vector<std::vector<StmtId>> parts;
  size_t at = node.begin;
  for (uint32_t c : node.children) {
    EXPECT_NE(dec.nodes[c].kind, node.kind);
    EXPECT_EQ(dec.nodes[c].begin, at);
    at = dec.nodes[c].end;
    parts.push_back(checkNode(dec, c, r));
  }
  EXPECT_EQ(at, node.end);
  std::vector<StmtId> all;
  for (size_t i = 0; i < parts.size(); ++i) {
    for (size_t j = i + 1; j < parts.size(); ++j)
      for (StmtId x : parts[i])
        for (StmtId y : parts[j]) {
          if (node.kind == Kind::Series)
            EXPECT_TRUE(r[x][y]) << x << " before " << y;
          else
            EXPECT_TRUE(!r[x][y] && !r[y][x]) << x << " || " << y;
        }
    all.insert(all.end(), parts[i].begin(), parts[i].end());
  }
  return all;
}

/// Decomposes `b`, checks the result against the definition; returns it.
SeriesParallelDecomposition checkedDecomposition(const Block &b) {
  WorkBudget work;
  SeriesParallelDecomposition dec = decomposeSeriesParallel(b.p, b.order, work);
  std::vector<std::vector<uint8_t>> r = reachability(b.p);
  EXPECT_EQ(dec.seriesParallel, !hasN(r)) << dec.reason;
  if (!dec.seriesParallel)
    return dec;
  EXPECT_TRUE(isLegalOrder(b.p, dec.order));
  std::vector<StmtId> all = checkNode(dec, dec.root, r);
  std::sort(all.begin(), all.end());
  EXPECT_EQ(all, identityOrder(b.p));
  EXPECT_EQ(dec.nodes[dec.root].begin, 0u);
  EXPECT_EQ(dec.nodes[dec.root].end, b.p.numStatements());
  // A decomposition of its own order gives that order back.
  WorkBudget again;
  EXPECT_EQ(decomposeSeriesParallel(b.p, dec.order, again).order, dec.order);
  return dec;
}

TEST(SeriesParallel, DiamondAndN) {
  // a -> {b, c} -> d, and e after b only: {a, b, c, d} is
  // a ; (b || c) ; d until e (b < e, c || e, d || e) makes an N with c, d.
  Problem p;
  for (int i = 0; i < 4; ++i)
    p.addStatement();
  p.addEdge(0, 1);
  p.addEdge(0, 2);
  p.addEdge(1, 3);
  p.addEdge(2, 3);
  p.finalize();
  WorkBudget work;
  SeriesParallelDecomposition dec =
      decomposeSeriesParallel(p, {0, 2, 1, 3}, work);
  ASSERT_TRUE(dec.seriesParallel) << dec.reason;
  const SeriesParallelNode &root = dec.nodes[dec.root];
  ASSERT_EQ(root.kind, Kind::Series);
  ASSERT_EQ(root.children.size(), 3u);
  EXPECT_EQ(dec.nodes[root.children[1]].kind, Kind::Parallel);
  EXPECT_EQ(dec.order, (Order{0, 2, 1, 3}));
  EXPECT_EQ(dec.maxBranches, 2u);
  EXPECT_EQ(dec.depth, 3u);
  Problem q;
  for (int i = 0; i < 4; ++i)
    q.addStatement();
  q.addEdge(0, 2);
  q.addEdge(1, 2);
  q.addEdge(1, 3);
  q.finalize();
  WorkBudget work2;
  dec = decomposeSeriesParallel(q, {0, 1, 2, 3}, work2);
  EXPECT_FALSE(dec.seriesParallel);
  EXPECT_EQ(dec.reason,
            "the dependence order is not series-parallel (it contains an N)");
  EXPECT_TRUE(dec.order.empty());
  WorkBudget work3;
  dec = decomposeSeriesParallel(q, {2, 0, 1, 3}, work3);
  EXPECT_EQ(dec.reason, "the order is not a legal order of the problem");
  WorkBudget tiny(1);
  dec = decomposeSeriesParallel(p, {0, 1, 2, 3}, tiny);
  EXPECT_FALSE(dec.seriesParallel);
  EXPECT_EQ(dec.reason, "the work limit ran out");
}

// The parallel-contiguous order interleaves nothing: branches run one after
// the other, by their first statement in the input order.
TEST(SeriesParallel, OrderKeepsBranchesContiguous) {
  Problem p; // 0 -> 1 -> 2 and 3 -> 4, two branches.
  for (int i = 0; i < 5; ++i)
    p.addStatement();
  p.addEdge(0, 1);
  p.addEdge(1, 2);
  p.addEdge(3, 4);
  p.finalize();
  WorkBudget work;
  SeriesParallelDecomposition dec =
      decomposeSeriesParallel(p, {3, 0, 1, 4, 2}, work);
  ASSERT_TRUE(dec.seriesParallel);
  EXPECT_EQ(dec.order, (Order{3, 4, 0, 1, 2}));
}

// Random DAGs and random series-parallel DAGs (with and without fills):
// recognised exactly when N-free, trees as defined. Not vacuous: both
// outcomes occur.
TEST(SeriesParallel, RecognitionMatchesTheDefinition) {
  size_t sp = 0, cases = 0;
  for (unsigned c = 0; c < 3000; ++c) {
    std::mt19937 rng(300000 + c);
    unsigned n = unsigned(pick(rng, 2, 10)), next = 0;
    std::vector<std::pair<unsigned, unsigned>> edges;
    std::vector<unsigned> in, out;
    if (c % 3 == 0)
      randomDag(rng, n, edges);
    else
      seriesParallel(rng, n, next, edges, in, out);
    Block b = blockOf(rng, n, edges, c % 3 != 2);
    SCOPED_TRACE("case " + std::to_string(c));
    SeriesParallelDecomposition dec = checkedDecomposition(b);
    if (c % 3 == 2) {
      EXPECT_TRUE(dec.seriesParallel) << "an SP DAG without fills";
    }
    sp += dec.seriesParallel;
    ++cases;
    if (::testing::Test::HasFailure())
      return;
  }
  std::printf("series-parallel: %zu of %zu\n", sp, cases);
  EXPECT_GT(sp, cases / 3);
  EXPECT_LT(sp, cases);
}

struct Tally {
  size_t blocks = 0, gains = 0, width2 = 0, multiCut = 0;
};

/// The fold on `b`'s decomposition against the brute force and the sweep
/// over the decomposition's order.
void checkFold(Block b, unsigned c, Tally &t) {
  WorkBudget work;
  SeriesParallelDecomposition dec = decomposeSeriesParallel(b.p, b.order, work);
  if (!dec.seriesParallel)
    return;
  b.order = dec.order;
  ++t.blocks;
  SCOPED_TRACE("case " + std::to_string(c));
  WorkBudget w1, w2;
  ExactRecomputeResult sp =
      exactRecomputeSeriesParallel(b.p, dec, b.producers, b.options, w1);
  ExactRecomputeResult sw =
      exactRecomputeFixedOrder(b.p, b.order, b.producers, b.options, w2);
  Best bf = bruteForce(b);
  ASSERT_TRUE(sp.finished) << sp.reason;
  expectExactOptimum(b, sp, sw, bf);
  t.gains += sp.peak < sp.peakBefore;
  t.width2 += sp.width >= 2;
  for (const FixedOrderCuts &cut : sp.cuts)
    t.multiCut += cut.cloneBefore.size() >= 2;
  // Stopped early: unfinished, no cuts, a bound still below the optimum.
  WorkBudget short_(sp.workUsed / 2);
  ExactRecomputeResult cut =
      exactRecomputeSeriesParallel(b.p, dec, b.producers, b.options, short_);
  if (!cut.finished) {
    EXPECT_EQ(cut.reason, "the work limit ran out");
    EXPECT_TRUE(cut.cuts.empty());
    EXPECT_EQ(cut.peak, cut.peakBefore);
  }
  EXPECT_LE(cut.lowerBound, bf.peak);
}

// Not vacuous (counts at the time of writing in the comments): many blocks
// gain, some hold two or more open buffers in a table, some cut twice.
TEST(SeriesParallel, FoldMatchesBruteForceOnSeriesParallelBlocks) {
  Tally t;
  unsigned cases = 2500 * caseScale();
  forEachSeriesParallelDag(cases, 400000, false,
                           [&](Block b, unsigned c) { checkFold(b, c, t); });
  if (::testing::Test::HasFailure())
    return;
  std::printf("fold: %zu blocks, %zu gain, %zu of width >= 2, %zu cut "
              "twice\n",
              t.blocks, t.gains, t.width2, t.multiCut);
  EXPECT_EQ(t.blocks, cases);
  EXPECT_GT(t.gains, cases / 25);
  EXPECT_GT(t.width2, cases / 4);
  EXPECT_GT(t.multiCut, 0u);
}

// Random DAGs with fills: the fold on those that are series-parallel.
TEST(SeriesParallel, FoldMatchesBruteForceOnRandomSeriesParallelDags) {
  Tally t;
  unsigned cases = 1500 * caseScale();
  forEachRandomDag(cases, 500000,
                   [&](Block b, unsigned c) { checkFold(b, c, t); });
  if (::testing::Test::HasFailure())
    return;
  std::printf("fold on random DAGs: %zu series-parallel of %u, %zu gain\n",
              t.blocks, cases, t.gains);
  EXPECT_GT(t.blocks, cases / 4);
  EXPECT_GT(t.gains, t.blocks / 30);
}

TEST(SeriesParallel, KnapsackFamilyBeatsTheGreedyPlanner) {
  for (int64_t q = 2; q <= 6; ++q) {
    SCOPED_TRACE("q = " + std::to_string(q));
    std::vector<std::pair<int64_t, int64_t>> items;
    Block b = knapsackBlock(q, items);
    int64_t all = 100;
    for (auto [w, c] : items)
      all += w;
    int64_t optimum = all - knapsackOptimum(items, 2 * q);
    WorkBudget work;
    SeriesParallelDecomposition dec =
        decomposeSeriesParallel(b.p, b.order, work);
    ASSERT_TRUE(dec.seriesParallel) << dec.reason;
    // (P_i ; E_i) for every i, then S, then every L_i.
    const SeriesParallelNode &root = dec.nodes[dec.root];
    ASSERT_EQ(root.kind, Kind::Series);
    ASSERT_EQ(root.children.size(), 3u);
    EXPECT_EQ(dec.maxBranches, items.size());
    WorkBudget work2;
    ExactRecomputeResult ex =
        exactRecomputeSeriesParallel(b.p, dec, b.producers, b.options, work2);
    ASSERT_TRUE(ex.finished) << ex.reason;
    std::printf("q = %lld: %llu units, width %zu, %zu keys\n", (long long)q,
                (unsigned long long)ex.workUsed, ex.width, ex.maxStates);
    EXPECT_EQ(ex.peakBefore, all);
    EXPECT_EQ(ex.peak, optimum);
    EXPECT_EQ(ex.peak, all - 2 * q);
    EXPECT_EQ(ex.extraMacs, 2 * q);
    ASSERT_EQ(ex.cuts.size(), 2u);
    RecomputePlan greedy =
        planRecompute(b.p, dec.order, b.producers, b.options);
    EXPECT_TRUE(greedy.candidates.empty()) << "the exact stage ran";
    EXPECT_EQ(greedy.peak, all - (q + 1));
    EXPECT_GT(greedy.peak, ex.peak);
  }
}

TEST(SeriesParallel, NotSeriesParallelOrInvalid) {
  std::vector<std::pair<int64_t, int64_t>> items;
  Block b = knapsackBlock(2, items);
  SeriesParallelDecomposition none;
  none.reason = "x";
  WorkBudget work;
  ExactRecomputeResult ex =
      exactRecomputeSeriesParallel(b.p, none, b.producers, b.options, work);
  EXPECT_FALSE(ex.finished);
  EXPECT_EQ(ex.reason, "the block is not series-parallel");
  WorkBudget work2;
  SeriesParallelDecomposition dec =
      decomposeSeriesParallel(b.p, b.order, work2);
  ASSERT_TRUE(dec.seriesParallel);
  WorkBudget work3;
  ex = exactRecomputeSeriesParallel(b.p, dec, {{99, {0}}}, b.options, work3);
  EXPECT_FALSE(ex.finished);
  EXPECT_EQ(ex.reason, "a producer's buffer is out of range");
  EXPECT_EQ(ex.plan.problem.numStatements(), b.p.numStatements());
}

} // namespace
