//===- SeriesParallel.cpp - Series-parallel decomposition of a block ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// decomposeSeriesParallel (SeriesParallel.h). A partial order is
// series-parallel when it is built from single statements by parallel
// composition (disjoint union) and series composition (every statement of
// the first before every statement of the second). Recognition splits a set
// of statements top-down: when its comparability graph (x ~ y when one
// reaches the other) is disconnected, the set is the parallel composition of
// the components; when its incomparability graph is disconnected, the series
// composition of those components (every cross pair is ordered, and
// consistently so, since an unordered path between two statements of a
// component cannot pass a third statement from below to above); when both
// are connected (two or more statements), the order contains an N and is not
// series-parallel. The reachability sets are bitsets, so a split costs
// O(|set| * n / 64) words.
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Recompute/SeriesParallel.h"

#include "peakmem/Core/Model/Simulation.h"

#include <algorithm>

using namespace peakmem;

namespace {

using Bits = std::vector<uint64_t>;

bool test(const Bits &b, size_t i) { return b[i / 64] >> (i % 64) & 1; }
void set(Bits &b, size_t i) { b[i / 64] |= uint64_t(1) << (i % 64); }

struct Decomposer {
  const Problem &p;
  const std::vector<size_t> &pos;
  WorkBudget &work;
  SeriesParallelDecomposition &dec;
  size_t words = 0;
  /// related[x]: the statements x reaches or is reached from (x excluded).
  std::vector<Bits> related;

  bool closure(const Order &order) {
    size_t n = p.numStatements();
    words = (n + 63) / 64;
    std::vector<Bits> down(n, Bits(words, 0)), up(n, Bits(words, 0));
    for (size_t i = order.size(); i-- > 0;) {
      StmtId v = order[i];
      for (StmtId s : p.succs(v)) {
        if (!work.charge(words))
          return false;
        set(down[v], s);
        for (size_t w = 0; w < words; ++w)
          down[v][w] |= down[s][w];
      }
    }
    for (StmtId v : order)
      for (StmtId q : p.preds(v)) {
        if (!work.charge(words))
          return false;
        set(up[v], q);
        for (size_t w = 0; w < words; ++w)
          up[v][w] |= up[q][w];
      }
    related.assign(n, Bits(words, 0));
    for (size_t v = 0; v < n; ++v)
      for (size_t w = 0; w < words; ++w)
        related[v][w] = down[v][w] | up[v][w];
    return true;
  }

  /// Components of `set` in the comparability graph (`comparable`) or in
  /// the incomparability graph; false when the work ran out.
  bool components(const std::vector<StmtId> &part, bool comparable,
                  std::vector<std::vector<StmtId>> &comps) {
    Bits open(words, 0);
    for (StmtId s : part)
      ::set(open, s);
    for (StmtId start : part) {
      if (!test(open, start))
        continue;
      open[start / 64] &= ~(uint64_t(1) << (start % 64));
      std::vector<StmtId> comp{start};
      for (size_t i = 0; i < comp.size(); ++i) {
        if (!work.charge(words))
          return false;
        const Bits &r = related[comp[i]];
        for (size_t w = 0; w < words; ++w) {
          uint64_t next = open[w] & (comparable ? r[w] : ~r[w]);
          open[w] &= ~next;
          for (; next; next &= next - 1)
            comp.push_back(StmtId(w * 64 + size_t(__builtin_ctzll(next))));
        }
      }
      comps.push_back(std::move(comp));
    }
    return true;
  }

  /// The node of `part` (non-empty), or -1 (dec.reason set).
  int64_t build(const std::vector<StmtId> &part, size_t depth) {
    dec.depth = std::max(dec.depth, depth + 1);
    if (part.size() == 1) {
      SeriesParallelNode leaf;
      leaf.stmt = part[0];
      dec.nodes.push_back(leaf);
      return int64_t(dec.nodes.size()) - 1;
    }
    std::vector<std::vector<StmtId>> comps;
    SeriesParallelNode::Kind kind = SeriesParallelNode::Kind::Parallel;
    if (!components(part, true, comps))
      return fail("the work limit ran out");
    if (comps.size() == 1) {
      comps.clear();
      kind = SeriesParallelNode::Kind::Series;
      if (!components(part, false, comps))
        return fail("the work limit ran out");
      if (comps.size() == 1)
        return fail("the dependence order is not series-parallel (it "
                    "contains an N)");
    } else {
      dec.maxBranches = std::max(dec.maxBranches, comps.size());
    }
    // Series: every cross pair is ordered, consistently, so any two
    // representatives order two parts as the (legal) input order does.
    for (auto &c : comps)
      std::sort(c.begin(), c.end(),
                [&](StmtId a, StmtId b) { return pos[a] < pos[b]; });
    std::sort(comps.begin(), comps.end(), [&](const auto &a, const auto &b) {
      return pos[a[0]] < pos[b[0]];
    });
    SeriesParallelNode node;
    node.kind = kind;
    for (const auto &c : comps) {
      int64_t child = build(c, depth + 1);
      if (child < 0)
        return -1;
      node.children.push_back(uint32_t(child));
    }
    dec.nodes.push_back(std::move(node));
    return int64_t(dec.nodes.size()) - 1;
  }

  int64_t fail(const char *why) {
    dec.reason = why;
    return -1;
  }

  /// Lays out the order: node `v`'s statements from `at`.
  void layOut(uint32_t v, size_t &at) {
    SeriesParallelNode &node = dec.nodes[v];
    node.begin = at;
    if (node.kind == SeriesParallelNode::Kind::Statement) {
      dec.order.push_back(node.stmt);
      ++at;
    }
    for (uint32_t c : node.children)
      layOut(c, at);
    dec.nodes[v].end = at;
  }
};

} // namespace

SeriesParallelDecomposition peakmem::decomposeSeriesParallel(const Problem &p,
                                                             const Order &order,
                                                             WorkBudget &work) {
  SeriesParallelDecomposition dec;
  WorkUnits startUsed = work.used();
  if (!isLegalOrder(p, order)) {
    dec.reason = "the order is not a legal order of the problem";
    return dec;
  }
  std::vector<size_t> pos(p.numStatements());
  for (size_t i = 0; i < order.size(); ++i)
    pos[order[i]] = i;
  Decomposer d{p, pos, work, dec, 0, {}};
  if (!d.closure(order)) {
    dec.reason = "the work limit ran out";
  } else if (!order.empty()) {
    int64_t root = d.build(order, 0);
    if (root >= 0) {
      dec.root = uint32_t(root);
      size_t at = 0;
      d.layOut(dec.root, at);
      dec.seriesParallel = true;
    }
  } else {
    dec.seriesParallel = true;
  }
  if (!dec.seriesParallel) {
    dec.nodes.clear();
    dec.order.clear();
  }
  dec.workUsed = work.used() - startUsed;
  return dec;
}
