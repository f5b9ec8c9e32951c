//===- Graph.h - Topological orders of a Problem's statements --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The dependency-graph utilities every algorithm of the core shares: Kahn's
// in-degree counters (ReadyCounter), the topological orders built on them, and
// the ancestor / descendant closure of one statement. They read only the
// edges of a finalized Problem (preds / succs).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_GRAPH_H
#define PEAKMEM_CORE_GRAPH_H

#include "peakmem/Core/Model/Problem.h"

#include <cstdint>
#include <queue>
#include <vector>

namespace peakmem {

/// Kahn's counters: for every statement, how many of its predecessors have
/// not run yet. A statement is ready when that count is 0 and it has not run
/// itself. The caller keeps its own ready set; run() and unrun() tell it which
/// statements enter and leave it.
class ReadyCounter {
public:
  explicit ReadyCounter(const Problem &p);

  /// True iff every predecessor of `s` has run.
  bool predecessorsDone(StmtId s) const { return pending[s] == 0; }

  /// Calls f(s) for every statement without predecessors, ascending.
  template <typename F> void forEachSource(F f) const {
    for (StmtId s = 0; s < pending.size(); ++s)
      if (!pending[s])
        f(s);
  }

  /// Records that `s` ran; calls onReady(t) for every successor t whose last
  /// pending predecessor was `s`, in succs(s) order.
  template <typename F> void run(StmtId s, F onReady) {
    for (StmtId t : problem.succs(s))
      if (--pending[t] == 0)
        onReady(t);
  }

  /// Takes back run(s) (s must be the latest statement run and not taken
  /// back): calls onUnready(t) for every successor t that was ready only
  /// because `s` ran, in succs(s) order.
  template <typename F> void unrun(StmtId s, F onUnready) {
    for (StmtId t : problem.succs(s))
      if (pending[t]++ == 0)
        onUnready(t);
  }

private:
  const Problem &problem;
  std::vector<uint32_t> pending;
};

/// Kahn's order with a first-in first-out ready list: sources ascending, then
/// statements in the order they become ready. O(n + m). Statements on a cycle
/// (or after one) are left out, so the order has fewer than n statements iff
/// the edges have a cycle.
Order topologicalOrder(const Problem &p);

/// Kahn's order that runs, among the ready statements, the first one by
/// `before` (a strict weak order on StmtId; ties must not occur, e.g. break
/// them by id). O((n + m) log n) comparisons. Statements on a cycle are left
/// out.
template <typename Before>
Order topologicalOrderBy(const Problem &p, Before before) {
  // priority_queue pops its largest element: invert `before`.
  auto later = [&](StmtId a, StmtId b) { return before(b, a); };
  std::priority_queue<StmtId, std::vector<StmtId>, decltype(later)> ready(
      later);
  ReadyCounter counter(p);
  counter.forEachSource([&](StmtId s) { ready.push(s); });
  Order order;
  order.reserve(p.numStatements());
  while (!ready.empty()) {
    StmtId s = ready.top();
    ready.pop();
    order.push_back(s);
    counter.run(s, [&](StmtId t) { ready.push(t); });
  }
  return order;
}

/// The topological order closest to program order: among the ready
/// statements the lowest id runs first. It is the identity when the identity
/// is legal.
Order programTopologicalOrder(const Problem &p);

/// Sets marks[x] = mark for `from` and every ancestor of it, without passing
/// through statements already marked `mark`. `marks` has numStatements()
/// entries.
void markAncestors(const Problem &p, StmtId from, std::vector<uint8_t> &marks,
                   uint8_t mark);

/// Sets marks[x] = mark for `from` and every descendant of it, without
/// passing through statements already marked `mark`.
void markDescendants(const Problem &p, StmtId from, std::vector<uint8_t> &marks,
                     uint8_t mark);

} // namespace peakmem

#endif // PEAKMEM_CORE_GRAPH_H
