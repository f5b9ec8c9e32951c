//===- MultiwayBound.cpp - Either/or bounds over sets of statements -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The multiway bound (Bounds.h): for a set S of pairwise-incomparable
// statements, every order runs exactly one member last (first) among S, so
// the peak is at least the minimum over the members of the member's trap
// conditioned on the rest of S being executed (not yet executed). The
// soundness argument is in docs/Certificates.md.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Model/Graph.h"

#include <algorithm>

namespace peakmem {

const char *multiwayFormName(MultiwayForm form) {
  return form == MultiwayForm::First ? "first" : "last";
}

bool pairwiseIncomparable(const Problem &p, const std::vector<StmtId> &set) {
  const size_t n = p.numStatements();
  std::vector<uint8_t> inSet(n, 0);
  for (StmtId x : set) {
    if (x >= n || inSet[x])
      return false;
    inSet[x] = 1;
  }
  // A comparable pair has one member among the other's descendants.
  std::vector<uint8_t> below(n);
  for (StmtId x : set) {
    std::fill(below.begin(), below.end(), 0);
    markDescendants(p, x, below, 1);
    below[x] = 0;
    for (StmtId y : set)
      if (below[y])
        return false;
  }
  return true;
}

LowerBound multiwayBranch(const Problem &p, const std::vector<StmtId> &members,
                          StmtId s, MultiwayForm form,
                          std::vector<FlowArc> *flow, size_t *numMaxFlows,
                          WorkBudget *work) {
  std::vector<StmtId> others;
  others.reserve(members.size());
  for (StmtId x : members)
    if (x != s)
      others.push_back(x);
  if (form == MultiwayForm::Last)
    return conditionedTrap(p, s, others, {}, flow, numMaxFlows, work);
  return conditionedTrap(p, s, {}, others, flow, numMaxFlows, work);
}

LowerBound multiwayBound(const Problem &p, std::vector<StmtId> members,
                         MultiwayForm form,
                         std::vector<std::vector<FlowArc>> *flows,
                         size_t *numMaxFlows, WorkBudget *work) {
  std::sort(members.begin(), members.end());
  LowerBound lb;
  lb.kind = BoundKind::Multiway;
  lb.form = form;
  lb.bytes = kInfeasibleBound;
  if (flows)
    flows->assign(members.size(), {});
  if (work)
    work->charge(members.size() * p.linearSize());
  if (members.size() < 2 || !pairwiseIncomparable(p, members)) {
    if (flows)
      flows->clear();
    return lb;
  }
  lb.witness = members.front();
  for (size_t i = 0; i < members.size(); ++i) {
    // A branch that cannot happen (no feasible P) is worth +infinity: it
    // never attains the minimum. With incomparable members it never occurs.
    LowerBound branch =
        multiwayBranch(p, members, members[i], form,
                       flows ? &(*flows)[i] : nullptr, numMaxFlows, work);
    if (branch.bytes < lb.bytes) {
      lb.bytes = branch.bytes;
      lb.witness = members[i];
    }
  }
  lb.members = std::move(members);
  return lb;
}

} // namespace peakmem
