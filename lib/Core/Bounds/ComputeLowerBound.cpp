//===- ComputeLowerBound.cpp - The lower-bound driver ---------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// computeLowerBound (Bounds.h): the cheap bounds of every statement, then
// traps at the incumbent's steps by decreasing live bytes, then pairwise
// strengthening, then multiway sets, within a number of max-flows and a
// WorkBudget.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Model/Graph.h"
#include "peakmem/Core/Model/Simulation.h"

#include <algorithm>
#include <limits>

namespace peakmem {

/// Beyond this many statements the n^2/4-byte reachability matrix is not
/// built and the bulk forced-live pass is skipped (traps subsume it).
static constexpr size_t kMaxBitsetStatements = 8192;
/// Largest multiway set tried (each evaluation costs one flow per member).
static constexpr size_t kMaxMultiwayMembers = 16;

namespace {

/// The state of one computeLowerBound call: the best bound so far, the
/// incumbent's step memory the phases rank and prune by, and the budget.
class BoundSearch {
public:
  BoundSearch(const Problem &p, const Order &incumbent,
              const BoundOptions &options, WorkBudget *work)
      : p(p), incumbent(incumbent), options(options), work(work),
        n(p.numStatements()), legal(isLegalOrder(p, incumbent)),
        timeline(legal ? simulate(p, incumbent) : Timeline()),
        target(std::min(options.stopAt,
                        legal ? timeline.peak
                              : std::numeric_limits<int64_t>::max())) {}

  LowerBound run() {
    charge(2 * p.linearSize()); // Simulating the incumbent, boundary.
    best = boundaryBound(p);
    if (reached())
      return best;
    cheapBounds();
    if (reached())
      return best;
    rankCandidates();
    if (trapBounds() || !legal)
      return best;
    if (options.pairwise && pairwiseBounds())
      return best;
    if (options.multiway)
      multiwayBounds();
    return best;
  }

private:
  /// The bound reached the incumbent's peak: the incumbent is optimal.
  bool reached() const { return best.bytes >= target; }

  /// Keeps `lb` if it is better, unless the budget ran out while it was
  /// computed (its flow may have stopped early; the bound kept is always
  /// one that makeCertificate recomputes exactly).
  void improve(const LowerBound &lb) {
    if (work && work->exhausted())
      return;
    if (lb.bytes > best.bytes && lb.bytes != kInfeasibleBound)
      best = lb;
  }

  void charge(WorkUnits units) {
    if (work)
      work->charge(units);
  }

  bool outOfBudget() const {
    return flows >= options.maxFlows || (work && work->exhausted());
  }

  /// Local and (on small problems, when it fits the budget) forced-live
  /// bounds of every statement.
  void cheapBounds() {
    charge(p.linearSize());
    for (StmtId v = 0; v < n; ++v)
      improve(localBound(p, v));
    if (n > kMaxBitsetStatements)
      return;
    // The reachability matrix and the forced-live unions: a bitset row per
    // statement, edge and use.
    const WorkUnits cost = p.linearSize() * ((n + 63) / 64 + 1);
    if (work && !work->fits(cost))
      return;
    charge(cost);
    forced = forcedLiveBounds(p, Reachability(p));
    for (StmtId v = 0; v < n; ++v)
      if (forced[v] > best.bytes)
        improve({forced[v], BoundKind::ForcedLive, v, -1});
  }

  /// mem(v) at the incumbent's step of v bounds every trap of v from above:
  /// the incumbent's own prefix is a feasible P. Without an incumbent, rank
  /// by the forced-live bound and never prune.
  void rankCandidates() {
    charge(n);
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
      improve(
          trapBound(p, v, BoundKind::ReverseTrap, -1, nullptr, &flows, work));
      if (reached())
        return true;
    }
    return false;
  }

  /// Pairwise: for y above the bound and x incomparable with y, running x
  /// first is the incumbent's branch, bounded by mem(y) > best; the other
  /// branch is unconstrained. Pairs whose later statement (in the incumbent)
  /// is not above the bound cannot help. Returns true when the bound reached
  /// the target.
  bool pairwiseBounds() {
    std::vector<uint8_t> rel(n);
    for (StmtId y : candidates) {
      if (memAtStep[y] <= best.bytes || outOfBudget())
        break;
      charge(2 * p.linearSize()); // Relatives and partners of y.
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
        return true;
    }
    return false;
  }

  /// The pairwise bounds of y with each of `partners` in turn. Returns true
  /// when the bound reached the target.
  bool pairsWith(StmtId y, const std::vector<StmtId> &partners) {
    for (StmtId x : partners) {
      if (memAtStep[y] <= best.bytes || outOfBudget())
        break;
      LowerBound yAfterX =
          trapBound(p, y, BoundKind::ReverseTrap, x, nullptr, &flows, work);
      if (yAfterX.bytes <= best.bytes)
        continue;
      LowerBound xAfterY =
          trapBound(p, x, BoundKind::ReverseTrap, y, nullptr, &flows, work);
      improve({std::min(yAfterX.bytes, xAfterY.bytes), BoundKind::Pairwise, y,
               static_cast<int64_t>(x)});
      if (reached())
        return true;
    }
    return false;
  }

  /// Multiway: for y above the bound, in the same order, a set S grown from
  /// y (multiwayPool, evaluateMultiway) in the "last" form, then the "first"
  /// form. The phase has maxFlows flows of its own (pairwise may have used
  /// up the shared count) and the same deadline.
  void multiwayBounds() {
    flows = 0;
    for (StmtId y : candidates) {
      if (memAtStep[y] <= best.bytes || outOfBudget())
        return;
      for (MultiwayForm form : {MultiwayForm::Last, MultiwayForm::First}) {
        std::vector<StmtId> pool;
        size_t numLive = multiwayPool(y, form, pool);
        if (evaluateMultiway(y, form, pool, numLive))
          return;
      }
    }
  }

  /// Statements that may join y's set: incomparable with y and before y in
  /// the incumbent (form Last: executed in y's branch) or after it (First:
  /// not yet executed), so that the incumbent runs y last (first) among the
  /// set and y's branch is at most mem(y). Ranked by the bytes of buffers
  /// not used by y that they keep live at y's incumbent step (as executed
  /// first users, or as pending last users), then DAG sources (Last) or
  /// sinks (First) first, then by the bytes of the other buffers they use.
  /// Returns how many keep buffers live at y's step.
  size_t multiwayPool(StmtId y, MultiwayForm form, std::vector<StmtId> &pool) {
    const bool after = form == MultiwayForm::First;
    charge(2 * p.linearSize() + p.numBuffers());
    std::vector<int64_t> live(n, 0), footprint(n, 0);
    std::vector<uint8_t> usedByY(p.numBuffers(), 0), rel(n, 0);
    for (BufferId b : p.statement(y).buffers)
      usedByY[b] = 1;
    markAncestors(p, y, rel, 1);
    markDescendants(p, y, rel, 1);
    for (BufferId b = 0; b < p.numBuffers(); ++b) {
      const Buffer &buf = p.buffer(b);
      if (usedByY[b] || buf.bytes == 0 || buf.users.empty())
        continue;
      size_t first = n, last = 0;
      for (StmtId x : buf.users) {
        first = std::min(first, position[x]);
        last = std::max(last, position[x]);
      }
      const bool liveAtY =
          first < position[y] && (!buf.freedInBlock || last > position[y]);
      for (StmtId x : buf.users)
        (liveAtY ? live : footprint)[x] += buf.bytes;
    }
    pool.clear();
    size_t numLive = 0;
    for (StmtId x = 0; x < n; ++x)
      if (!rel[x] &&
          (after ? position[x] > position[y] : position[x] < position[y]) &&
          live[x] + footprint[x] > 0) {
        pool.push_back(x);
        numLive += live[x] > 0;
      }
    // DAG sources (form Last) or sinks (First) can run anywhere before
    // (after) the others: prefer them among equals.
    auto free = [&](StmtId x) {
      return after ? p.succs(x).empty() : p.preds(x).empty();
    };
    std::stable_sort(pool.begin(), pool.end(), [&](StmtId a, StmtId b) {
      if (live[a] != live[b])
        return live[a] > live[b];
      if (free(a) != free(b))
        return free(a);
      return footprint[a] > footprint[b];
    });
    return numLive;
  }

  /// The multiway set of y grown from `pool`: y, then the pool statements
  /// that keep buffers live at y's step (the first `numLive`) and are
  /// incomparable with every member, up to kMaxMultiwayMembers. A branch not
  /// above the bound drops its member (or ends the attempt if it is y's, the
  /// incumbent's branch) for the first untried pool statement incomparable
  /// with the rest. The newest members are evaluated first; y's branch first
  /// in the first round, last afterwards. Returns true when the bound
  /// reached the target.
  bool evaluateMultiway(StmtId y, MultiwayForm form,
                        const std::vector<StmtId> &pool, size_t numLive) {
    std::vector<StmtId> members{y};
    std::vector<uint8_t> related(n, 0), tried(pool.size(), 0);
    markAncestors(p, y, related, 1);
    markDescendants(p, y, related, 1);
    // Adds untried pool statements among the first `limit` that are
    // incomparable with every member, up to `count` of them.
    auto join = [&](size_t limit, size_t count) {
      for (size_t i = 0; i < limit && count; ++i)
        if (!tried[i] && !related[pool[i]] &&
            members.size() < kMaxMultiwayMembers) {
          tried[i] = 1;
          --count;
          charge(p.linearSize());
          members.push_back(pool[i]);
          markAncestors(p, pool[i], related, 1);
          markDescendants(p, pool[i], related, 1);
        }
    };
    join(numLive, kMaxMultiwayMembers);
    for (bool firstRound = true; members.size() >= 2; firstRound = false) {
      int64_t lowest = kInfeasibleBound;
      StmtId witness = y;
      size_t weak = 0;
      for (size_t j = 0; j < members.size() && !weak; ++j) {
        const size_t i =
            firstRound ? (j ? members.size() - j : 0) : members.size() - 1 - j;
        if (outOfBudget())
          return false;
        int64_t branch =
            multiwayBranch(p, members, members[i], form, nullptr, &flows, work)
                .bytes;
        if (work && work->exhausted())
          return false; // The branch's flow may have stopped early.
        if (branch <= best.bytes) {
          if (i == 0)
            return false;
          weak = i;
        } else if (branch < lowest ||
                   (branch == lowest && members[i] < witness)) {
          lowest = branch;
          witness = members[i];
        }
      }
      if (!weak) {
        LowerBound lb{lowest, BoundKind::Multiway, witness, -1, members, form};
        std::sort(lb.members.begin(), lb.members.end());
        improve(lb);
        return reached();
      }
      members.erase(members.begin() + weak);
      charge(members.size() * p.linearSize());
      std::fill(related.begin(), related.end(), 0);
      for (StmtId m : members) {
        markAncestors(p, m, related, 1);
        markDescendants(p, m, related, 1);
      }
      join(pool.size(), 1);
    }
    return false;
  }

  const Problem &p;
  const Order &incumbent;
  const BoundOptions &options;
  WorkBudget *const work;
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
                             const BoundOptions &options, WorkBudget *work) {
  return BoundSearch(p, incumbent, options, work).run();
}

} // namespace peakmem
