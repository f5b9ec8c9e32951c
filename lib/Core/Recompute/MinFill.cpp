//===- MinFill.cpp - Min-fill tree decompositions -------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// minFillDecomposition (TreeDecomposition.h). Eliminating a vertex turns its
// remaining neighbours into a clique (the fill edges) and makes its bag; the
// bags of an elimination order, each linked to the bag of its first
// neighbour eliminated later, form a tree decomposition.
//
// The fill counts are kept exact incrementally, never re-counted after the
// start: a fill edge a-b changes only the counts of a, b and their common
// neighbours, and removing an eliminated vertex only those of its
// neighbours (eliminate, addFillEdge). The next vertex is the first of an
// ordered set keyed (fill, degree, id), so that no step scans every vertex.
// Work: one unit per adjacency test, per neighbour visited and per step.
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Recompute/TreeDecomposition.h"

#include <algorithm>
#include <set>
#include <tuple>

using namespace peakmem;

namespace {

using Key = std::tuple<int64_t, size_t, uint32_t>;

struct Eliminator {
  std::vector<std::set<uint32_t>> adj;
  std::vector<int64_t> fill;
  std::set<Key> queue;
  WorkBudget &work;

  Key keyOf(uint32_t v) const { return {fill[v], adj[v].size(), v}; }

  /// Fill edges `v` needs; -1 when the work ran out.
  int64_t fillOf(uint32_t v) {
    int64_t missing = 0;
    for (auto a = adj[v].begin(); a != adj[v].end(); ++a)
      for (auto b = std::next(a); b != adj[v].end(); ++b) {
        if (!work.charge())
          return -1;
        missing += !adj[*a].count(*b);
      }
    return missing;
  }

  /// Adds the fill edge `a`-`b`: every common neighbour of the two loses a
  /// missing pair, `a` gains one per neighbour not adjacent to `b` and `b`
  /// one per neighbour not adjacent to `a`. Vertices with `queued` false are
  /// out of the queue. False when the work ran out.
  bool addFillEdge(uint32_t a, uint32_t b, const std::vector<uint8_t> &queued) {
    if (!work.charge(adj[a].size() + adj[b].size()))
      return false;
    int64_t common = 0;
    auto i = adj[a].begin(), j = adj[b].begin();
    while (i != adj[a].end() && j != adj[b].end()) {
      if (*i < *j) {
        ++i;
        continue;
      }
      if (*j < *i) {
        ++j;
        continue;
      }
      uint32_t c = *i;
      ++i, ++j, ++common;
      if (queued[c])
        queue.erase(keyOf(c));
      --fill[c];
      if (queued[c])
        queue.insert(keyOf(c));
    }
    fill[a] += int64_t(adj[a].size()) - common;
    fill[b] += int64_t(adj[b].size()) - common;
    adj[a].insert(b);
    adj[b].insert(a);
    return true;
  }

  /// Eliminates `v`: its bag, then its neighbours made a clique (the fill
  /// edges) and `v` removed. A neighbour `a` then loses the missing pairs
  /// that held `v`: `v` and each of a's neighbours outside the clique.
  bool eliminate(uint32_t v, std::vector<uint32_t> &bag,
                 std::vector<uint8_t> &queued) {
    std::vector<uint32_t> nb(adj[v].begin(), adj[v].end());
    bag = nb;
    bag.insert(std::lower_bound(bag.begin(), bag.end(), v), v);
    for (uint32_t u : bag) {
      queue.erase(keyOf(u));
      queued[u] = 0;
    }
    for (size_t i = 0; i < nb.size(); ++i)
      for (size_t j = i + 1; j < nb.size(); ++j) {
        if (!work.charge())
          return false;
        if (!adj[nb[i]].count(nb[j]) && !addFillEdge(nb[i], nb[j], queued))
          return false;
      }
    if (!work.charge(nb.size()))
      return false;
    for (uint32_t a : nb) {
      fill[a] -= int64_t(adj[a].size()) - int64_t(nb.size());
      adj[a].erase(v);
      queue.insert(keyOf(a));
      queued[a] = 1;
    }
    adj[v].clear();
    return true;
  }
};

} // namespace

TreeDecomposition peakmem::minFillDecomposition(
    size_t vertices, const std::vector<std::pair<uint32_t, uint32_t>> &edges,
    WorkBudget &work) {
  TreeDecomposition td;
  WorkUnits startUsed = work.used();
  Eliminator el{std::vector<std::set<uint32_t>>(vertices),
                std::vector<int64_t>(vertices, 0),
                {},
                work};
  bool ok = work.charge(edges.size() + vertices);
  for (auto [a, b] : edges)
    if (a != b && a < vertices && b < vertices) {
      el.adj[a].insert(b);
      el.adj[b].insert(a);
    }
  for (uint32_t v = 0; ok && v < vertices; ++v) {
    ok = (el.fill[v] = el.fillOf(v)) >= 0;
    el.queue.insert(el.keyOf(v));
  }
  std::vector<int64_t> step(vertices, -1);
  std::vector<uint8_t> queued(vertices, 1);
  while (ok && td.elimination.size() < vertices) {
    uint32_t best = std::get<2>(*el.queue.begin());
    std::vector<uint32_t> bag;
    ok = work.charge() && el.eliminate(best, bag, queued);
    step[best] = int64_t(td.elimination.size());
    td.elimination.push_back(best);
    td.width = std::max(td.width, bag.size() - 1);
    td.bags.push_back(std::move(bag));
  }
  td.workUsed = work.used() - startUsed;
  if (!ok) {
    td = TreeDecomposition{};
    td.reason = "the work limit ran out";
    td.workUsed = work.used() - startUsed;
    return td;
  }
  // A bag's parent: its first other vertex eliminated later (all are).
  for (size_t i = 0; i < td.bags.size(); ++i) {
    int64_t parent = -1;
    for (uint32_t u : td.bags[i])
      if (u != td.elimination[i] && (parent < 0 || step[u] < parent))
        parent = step[u];
    td.parents.push_back(parent);
  }
  td.finished = true;
  return td;
}

TreeDecomposition peakmem::minFillDecomposition(const Problem &p,
                                                WorkBudget &work) {
  std::vector<std::pair<uint32_t, uint32_t>> edges;
  for (StmtId s = 0; s < p.numStatements(); ++s)
    for (StmtId t : p.succs(s))
      edges.push_back({uint32_t(s), uint32_t(t)});
  return minFillDecomposition(p.numStatements(), edges, work);
}
