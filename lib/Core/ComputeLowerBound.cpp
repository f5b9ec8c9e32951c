//===- ComputeLowerBound.cpp - The lower-bound driver ---------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// computeLowerBound (Bounds.h): the cheap bounds of every statement, then
// traps at the incumbent's steps by decreasing live bytes, then pairwise
// strengthening, within a number of max-flows and a Deadline.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Bounds.h"
#include "peakmem/Core/Deadline.h"
#include "peakmem/Core/Graph.h"
#include "peakmem/Core/Simulation.h"

#include <algorithm>
#include <limits>

namespace peakmem {

/// Beyond this many statements the n^2/4-byte reachability matrix is not
/// built and the bulk forced-live pass is skipped (traps subsume it).
static constexpr size_t kMaxBitsetStatements = 8192;

namespace {

/// The state of one computeLowerBound call: the best bound so far, the
/// incumbent's step memory the phases rank and prune by, and the budget.
class BoundSearch {
public:
  BoundSearch(const Problem &p, const Order &incumbent,
              const BoundOptions &options)
      : p(p), incumbent(incumbent), options(options),
        deadline(options.budgetMs), n(p.numStatements()),
        legal(isLegalOrder(p, incumbent)),
        timeline(legal ? simulate(p, incumbent) : Timeline()),
        target(legal ? timeline.peak : std::numeric_limits<int64_t>::max()) {}

  LowerBound run() {
    best = boundaryBound(p);
    if (reached())
      return best;
    cheapBounds();
    if (reached())
      return best;
    rankCandidates();
    if (trapBounds() || !options.pairwise || !legal)
      return best;
    pairwiseBounds();
    return best;
  }

private:
  /// The bound reached the incumbent's peak: the incumbent is optimal.
  bool reached() const { return best.bytes >= target; }

  void improve(const LowerBound &lb) {
    if (lb.bytes > best.bytes && lb.bytes != kInfeasibleBound)
      best = lb;
  }

  bool outOfBudget() const {
    return flows >= options.maxFlows || deadline.expired();
  }

  /// Local and (on small problems) forced-live bounds of every statement.
  void cheapBounds() {
    for (StmtId v = 0; v < n; ++v)
      improve(localBound(p, v));
    if (n > kMaxBitsetStatements)
      return;
    forced = forcedLiveBounds(p, Reachability(p));
    for (StmtId v = 0; v < n; ++v)
      if (forced[v] > best.bytes)
        improve({forced[v], BoundKind::ForcedLive, v, -1});
  }

  /// mem(v) at the incumbent's step of v bounds every trap of v from above:
  /// the incumbent's own prefix is a feasible P. Without an incumbent, rank
  /// by the forced-live bound and never prune.
  void rankCandidates() {
    memAtStep.assign(n, std::numeric_limits<int64_t>::max());
    position.assign(n, 0);
    if (legal)
      for (size_t i = 0; i < n; ++i) {
        memAtStep[incumbent[i]] = timeline.live[i];
        position[incumbent[i]] = i;
      }
    candidates.resize(n);
    for (StmtId v = 0; v < n; ++v)
      candidates[v] = v;
    auto rank = [&](StmtId v) {
      return legal || forced.empty() ? memAtStep[v] : forced[v];
    };
    std::stable_sort(candidates.begin(), candidates.end(),
                     [&](StmtId a, StmtId b) { return rank(a) > rank(b); });
  }

  /// The reverse trap of each candidate above the bound. Returns true when
  /// the bound reached the target.
  bool trapBounds() {
    for (StmtId v : candidates) {
      if (memAtStep[v] <= best.bytes || outOfBudget())
        break;
      improve(trapBound(p, v, BoundKind::ReverseTrap, -1, nullptr, &flows));
      if (reached())
        return true;
    }
    return false;
  }

  /// Pairwise: for y above the bound and x incomparable with y, running x
  /// first is the incumbent's branch, bounded by mem(y) > best; the other
  /// branch is unconstrained. Pairs whose later statement (in the incumbent)
  /// is not above the bound cannot help.
  void pairwiseBounds() {
    std::vector<uint8_t> rel(n);
    for (StmtId y : candidates) {
      if (memAtStep[y] <= best.bytes || outOfBudget())
        break;
      std::fill(rel.begin(), rel.end(), 0);
      markAncestors(p, y, rel, 1);
      markDescendants(p, y, rel, 1);
      std::vector<StmtId> partners;
      for (size_t i = 0; i < position[y]; ++i)
        if (!rel[incumbent[i]])
          partners.push_back(incumbent[i]);
      std::stable_sort(
          partners.begin(), partners.end(), [&](StmtId a, StmtId b) {
            return memAtStep[a] != memAtStep[b] ? memAtStep[a] > memAtStep[b]
                                                : position[a] > position[b];
          });
      if (pairsWith(y, partners))
        return;
    }
  }

  /// The pairwise bounds of y with each of `partners` in turn. Returns true
  /// when the bound reached the target.
  bool pairsWith(StmtId y, const std::vector<StmtId> &partners) {
    for (StmtId x : partners) {
      if (memAtStep[y] <= best.bytes || outOfBudget())
        break;
      LowerBound yAfterX =
          trapBound(p, y, BoundKind::ReverseTrap, x, nullptr, &flows);
      if (yAfterX.bytes <= best.bytes)
        continue;
      LowerBound xAfterY =
          trapBound(p, x, BoundKind::ReverseTrap, y, nullptr, &flows);
      improve({std::min(yAfterX.bytes, xAfterY.bytes), BoundKind::Pairwise, y,
               static_cast<int64_t>(x)});
      if (reached())
        return true;
    }
    return false;
  }

  const Problem &p;
  const Order &incumbent;
  const BoundOptions &options;
  const Deadline deadline;
  const size_t n;
  const bool legal;
  const Timeline timeline;
  const int64_t target;
  LowerBound best;
  size_t flows = 0;
  std::vector<int64_t> forced, memAtStep;
  std::vector<size_t> position;
  std::vector<StmtId> candidates;
};

} // namespace

LowerBound computeLowerBound(const Problem &p, const Order &incumbent,
                             const BoundOptions &options) {
  return BoundSearch(p, incumbent, options).run();
}

} // namespace peakmem
