//===- Graph.cpp - Topological orders of a Problem's statements -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Model/Graph.h"

#include <functional>

namespace peakmem {

ReadyCounter::ReadyCounter(const Problem &p)
    : problem(p), pending(p.numStatements()) {
  for (StmtId s = 0; s < pending.size(); ++s)
    pending[s] = static_cast<uint32_t>(p.preds(s).size());
}

Order topologicalOrder(const Problem &p) {
  ReadyCounter counter(p);
  Order order;
  order.reserve(p.numStatements());
  counter.forEachSource([&](StmtId s) { order.push_back(s); });
  for (size_t i = 0; i < order.size(); ++i)
    counter.run(order[i], [&](StmtId t) { order.push_back(t); });
  return order;
}

Order programTopologicalOrder(const Problem &p) {
  return topologicalOrderBy(p, std::less<StmtId>());
}

/// Depth-first marking through `next` (preds or succs).
template <typename Next>
static void markClosure(StmtId from, Next next, std::vector<uint8_t> &marks,
                        uint8_t mark) {
  std::vector<StmtId> stack{from};
  marks[from] = mark;
  while (!stack.empty()) {
    StmtId s = stack.back();
    stack.pop_back();
    for (StmtId t : next(s))
      if (marks[t] != mark) {
        marks[t] = mark;
        stack.push_back(t);
      }
  }
}

void markAncestors(const Problem &p, StmtId from, std::vector<uint8_t> &marks,
                   uint8_t mark) {
  markClosure(
      from, [&](StmtId s) -> const std::vector<StmtId> & { return p.preds(s); },
      marks, mark);
}

void markDescendants(const Problem &p, StmtId from, std::vector<uint8_t> &marks,
                     uint8_t mark) {
  markClosure(
      from, [&](StmtId s) -> const std::vector<StmtId> & { return p.succs(s); },
      marks, mark);
}

} // namespace peakmem
