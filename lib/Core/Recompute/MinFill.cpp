//===- MinFill.cpp - Min-fill tree decompositions -------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// minFillDecomposition (TreeDecomposition.h). Eliminating a vertex turns its
// remaining neighbours into a clique (the fill edges) and makes its bag; the
// bags of an elimination order, each linked to the bag of its first
// neighbour eliminated later, form a tree decomposition. The fill count of a
// vertex changes only when an edge appears or disappears among its
// neighbourhood, so after an elimination only the eliminated vertex's
// neighbours and their neighbours are re-counted.
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Recompute/TreeDecomposition.h"

#include <algorithm>
#include <set>

using namespace peakmem;

namespace {

struct Eliminator {
  std::vector<std::set<uint32_t>> adj;
  std::vector<int64_t> fill;
  std::vector<uint8_t> gone;
  WorkBudget &work;

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

  /// Eliminates `v`: its bag, then its neighbours made a clique.
  bool eliminate(uint32_t v, std::vector<uint32_t> &bag) {
    bag.assign(adj[v].begin(), adj[v].end());
    bag.push_back(v);
    std::sort(bag.begin(), bag.end());
    std::vector<uint32_t> nb(adj[v].begin(), adj[v].end());
    for (uint32_t a : nb) {
      adj[a].erase(v);
      for (uint32_t b : nb)
        if (a != b)
          adj[a].insert(b);
      if (!work.charge(nb.size()))
        return false;
    }
    adj[v].clear();
    gone[v] = 1;
    std::set<uint32_t> touched(nb.begin(), nb.end());
    for (uint32_t a : nb)
      touched.insert(adj[a].begin(), adj[a].end());
    for (uint32_t t : touched)
      if ((fill[t] = fillOf(t)) < 0)
        return false;
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
                std::vector<uint8_t>(vertices, 0), work};
  bool ok = work.charge(edges.size() + vertices);
  for (auto [a, b] : edges)
    if (a != b && a < vertices && b < vertices) {
      el.adj[a].insert(b);
      el.adj[b].insert(a);
    }
  for (uint32_t v = 0; ok && v < vertices; ++v)
    ok = (el.fill[v] = el.fillOf(v)) >= 0;
  std::vector<int64_t> step(vertices, -1);
  while (ok && td.elimination.size() < vertices) {
    uint32_t best = 0;
    bool found = false;
    for (uint32_t v = 0; v < vertices; ++v) {
      if (el.gone[v])
        continue;
      if (!found || std::make_pair(el.fill[v], el.adj[v].size()) <
                        std::make_pair(el.fill[best], el.adj[best].size()))
        best = v;
      found = true;
    }
    ok = work.charge(vertices);
    std::vector<uint32_t> bag;
    ok = ok && el.eliminate(best, bag);
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
