//===- RecomputeCandidates.cpp - Recompute candidates at the peak ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The steps the planner considers in a state: buffers live across a peak
// step of its order (or read there) whose producer group runs before it,
// split between early and late users, optionally with a chain; and the O(n)
// estimate of a step's peak with the clones inserted into the current order.
//
//===----------------------------------------------------------------------===//

#include "RecomputeState.h"

#include <algorithm>
#include <queue>

namespace peakmem {

using namespace recompute;

Sweep::Sweep(const State &st) : t(simulate(st.problem, st.order)) {
  const Problem &p = st.problem;
  const size_t n = p.numStatements();
  pos.resize(n);
  for (size_t i = 0; i < n; ++i)
    pos[st.order[i]] = i;
  lastPos.assign(p.numBuffers(), n);
  liveAfter.resize(n);
  for (size_t i = 0; i < n; ++i)
    liveAfter[i] = t.live[i] - p.statement(st.order[i]).scratch;
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    const Buffer &buf = p.buffer(b);
    if (buf.users.empty())
      continue;
    size_t last = 0;
    for (StmtId u : buf.users)
      last = std::max(last, pos[u]);
    lastPos[b] = last;
    if (buf.freedInBlock)
      liveAfter[last] -= buf.bytes;
  }
}

/// Peak of the current order with the clones inserted right before the first
/// late user (not legalised), in O(n): b dies after its last early user, b'
/// lives from the clones to the last late user, the group's inputs live until
/// the clones.
int64_t recompute::estimateInsertion(const State &st, const Sweep &sw,
                                     const RecomputeStep &s) {
  const Problem &p = st.problem;
  const size_t n = p.numStatements();
  const Buffer &buf = p.buffer(s.buffer);
  size_t f = n, e = 0;
  for (StmtId l : s.lateUsers)
    f = std::min(f, sw.pos[l]);
  for (StmtId u : buf.users)
    if (std::find(s.lateUsers.begin(), s.lateUsers.end(), u) ==
        s.lateUsers.end())
      e = std::max(e, sw.pos[u]);
  if (f == 0 || f >= n || e >= f)
    return std::numeric_limits<int64_t>::max();
  std::vector<int64_t> d(n + 1, 0);
  auto add = [&](int64_t bytes, size_t from, size_t to) { // [from, to)
    if (from < to) {
      d[from] += bytes;
      d[to] -= bytes;
    }
  };
  add(-buf.bytes, e + 1, f);
  std::vector<BufferId> cloned;
  int64_t transient = -buf.bytes; // chain buffers, as if all live at once
  for (const Producer &g : clonedGroups(s)) {
    cloned.push_back(g.buffer);
    transient += p.buffer(g.buffer).bytes;
  }
  std::vector<BufferId> inputs;
  int64_t maxScratch = 0;
  for (StmtId g : clonedStatements(s)) {
    maxScratch = std::max(maxScratch, p.statement(g).scratch);
    for (BufferId a : p.statement(g).buffers)
      if (std::find(cloned.begin(), cloned.end(), a) == cloned.end())
        inputs.push_back(a);
  }
  std::sort(inputs.begin(), inputs.end());
  inputs.erase(std::unique(inputs.begin(), inputs.end()), inputs.end());
  int64_t extended = 0;
  for (BufferId a : inputs)
    if (p.buffer(a).freedInBlock && sw.lastPos[a] < f) {
      add(p.buffer(a).bytes, sw.lastPos[a] + 1, f);
      extended += p.buffer(a).bytes;
    }
  int64_t peak = sw.liveAfter[f - 1] + extended + transient + maxScratch,
          run = 0;
  for (size_t i = 0; i < n; ++i) {
    run += d[i];
    peak = std::max(peak, sw.t.live[i] + run);
  }
  return peak;
}

/// The chain of `s` in st.order: the recomputable inputs of the cloned groups
/// that are dead before the first late user (keeping them alive to the clones
/// is the cost a chain avoids), recursively, breadth first, while the MAC and
/// per-op limits admit them and at most `maxMembers` statements are cloned.
/// Inputs live at the late users anyway, or not recomputable, stay inputs.
static std::vector<Producer> buildChain(const State &st, const Sweep &sw,
                                        const RecomputeStep &s,
                                        const Limits &lim,
                                        size_t maxMembers = 64) {
  const Problem &p = st.problem;
  size_t f = p.numStatements();
  for (StmtId l : s.lateUsers)
    f = std::min(f, sw.pos[l]);
  std::vector<uint8_t> cloned(p.numBuffers(), 0), member(p.numStatements(), 0);
  cloned[s.buffer] = 1;
  for (StmtId g : s.group)
    member[g] = 1;
  std::vector<StmtId> members = s.group;
  std::vector<Producer> chain;
  std::queue<StmtId> work;
  for (StmtId g : s.group)
    work.push(g);
  while (!work.empty()) {
    StmtId g = work.front();
    work.pop();
    for (BufferId a : p.statement(g).buffers) {
      const Buffer &buf = p.buffer(a);
      const std::vector<StmtId> &group = st.groupOf[a];
      if (cloned[a] || !buf.freedInBlock || buf.bytes <= 0 || group.empty() ||
          sw.lastPos[a] >= f || members.size() + group.size() > maxMembers)
        continue;
      bool overlap = false;
      for (StmtId w : group)
        overlap |= member[w] != 0;
      if (overlap)
        continue;
      std::vector<StmtId> tried = members;
      tried.insert(tried.end(), group.begin(), group.end());
      if (admissibleMacs(st, tried, lim) < 0)
        continue;
      members = std::move(tried);
      cloned[a] = 1;
      for (StmtId w : group) {
        member[w] = 1;
        work.push(w);
      }
      chain.push_back({a, group});
    }
  }
  return chain;
}

/// Candidates at the peak steps of st.order: buffers live across a peak step
/// or read there, with a producer group entirely before it; late users = the
/// users at or after it. With `alternatives`, up to two other split points per
/// buffer (the gaps between its readers with the highest live bytes). Each
/// split whose group reads recomputable buffers dead at the late users also

namespace {
/// findCandidates, one buffer at a time.
class CandidateFinder {
public:
  CandidateFinder(const State &st, const Sweep &sw, const Limits &lim)
      : st(st), sw(sw), lim(lim), n(st.problem.numStatements()) {
    for (size_t i = 0; i < n; ++i)
      if (sw.t.live[i] == sw.t.peak)
        peaks.push_back(i);
    if (peaks.size() > 32) { // Keep 32, spread over the block.
      std::vector<size_t> kept;
      for (size_t k = 0; k < 32; ++k)
        kept.push_back(peaks[k * peaks.size() / 32]);
      peaks.swap(kept);
    }
  }

  /// Adds the candidates of buffer `b`.
  void visit(BufferId b, bool alternatives, CandidateStats *stats);

  /// The primary candidates by bytes (at most 48), then the others, by bytes,
  /// up to 64 in all.
  std::vector<Candidate> take();

private:
  /// The candidate of splitting the readers of the current buffer at j:
  /// late users = byPos[j..].
  Candidate makeStep(size_t j) const;
  /// `c`, and `c` with its chain when it has one.
  void addWithChain(Candidate c, std::vector<Candidate> &to) const;
  /// The splits at the peak steps inside [first, last].
  std::vector<size_t> addPrimarySplits(size_t first, size_t last);
  /// Up to two other splits, by the highest live bytes in their gap.
  void addAlternativeSplits(const std::vector<size_t> &primarySplits);

  const State &st;
  const Sweep &sw;
  const Limits &lim;
  const size_t n;
  std::vector<size_t> peaks;
  std::vector<Candidate> primary, other;
  // The buffer being visited: its group, where the group ends and its
  // readers after the group by position.
  BufferId b = 0;
  const std::vector<StmtId> *group = nullptr;
  size_t groupFirst = 0, groupLast = 0;
  bool readerBeforeGroupEnd = false;
  std::vector<std::pair<size_t, StmtId>> byPos;
};
} // namespace

Candidate CandidateFinder::makeStep(size_t j) const {
  Candidate c;
  c.step.buffer = b;
  c.step.group = *group;
  for (size_t k = j; k < byPos.size(); ++k)
    c.step.lateUsers.push_back(byPos[k].second);
  std::sort(c.step.lateUsers.begin(), c.step.lateUsers.end());
  c.bytes = st.problem.buffer(b).bytes;
  c.groupPos = groupFirst;
  return c;
}

void CandidateFinder::addWithChain(Candidate c,
                                   std::vector<Candidate> &to) const {
  Candidate chained = c;
  chained.step.chain = buildChain(st, sw, chained.step, lim);
  to.push_back(std::move(c));
  if (!chained.step.chain.empty())
    to.push_back(std::move(chained));
}

void CandidateFinder::visit(BufferId buffer, bool alternatives,
                            CandidateStats *stats) {
  const Buffer &buf = st.problem.buffer(buffer);
  if (!buf.freedInBlock || buf.users.size() < 2 || buf.bytes <= 0)
    return;
  const std::vector<size_t> &pos = sw.pos;
  size_t first = n, last = 0;
  for (StmtId u : buf.users) {
    first = std::min(first, pos[u]);
    last = std::max(last, pos[u]);
  }
  // Live across a peak step, or read there by a statement that another
  // order may run after the clones (the late users start at the step).
  bool across = false;
  for (size_t i : peaks)
    if (first < i && i <= last)
      across = true;
  if (!across)
    return;
  if (stats)
    ++stats->liveAcross;
  b = buffer;
  group = &st.groupOf[b];
  if (group->empty())
    return;
  if (stats)
    ++stats->annotated;
  if (admissibleMacs(st, *group, lim) < 0) {
    if (stats)
      ++stats->excluded;
    return;
  }
  groupFirst = n;
  groupLast = 0;
  for (StmtId g : *group) {
    groupFirst = std::min(groupFirst, pos[g]);
    groupLast = std::max(groupLast, pos[g]);
  }
  // Readers after the whole group, by position.
  byPos.clear();
  readerBeforeGroupEnd = false;
  for (StmtId u : buf.users) {
    if (std::find(group->begin(), group->end(), u) != group->end())
      continue;
    if (pos[u] < groupLast)
      readerBeforeGroupEnd = true;
    byPos.push_back({pos[u], u});
  }
  std::sort(byPos.begin(), byPos.end());
  std::vector<size_t> primarySplits = addPrimarySplits(first, last);
  if (alternatives && !primarySplits.empty())
    addAlternativeSplits(primarySplits);
}

std::vector<size_t> CandidateFinder::addPrimarySplits(size_t first,
                                                      size_t last) {
  std::vector<size_t> splits;
  for (size_t i : peaks) {
    if (!(first < i && i <= last) || groupLast >= i)
      continue;
    size_t j = std::lower_bound(byPos.begin(), byPos.end(),
                                std::make_pair(i, StmtId(0))) -
               byPos.begin();
    if (j >= byPos.size() ||
        std::find(splits.begin(), splits.end(), j) != splits.end())
      continue;
    if (readerBeforeGroupEnd && j == 0)
      continue;
    splits.push_back(j);
    addWithChain(makeStep(j), primary);
  }
  return splits;
}

void CandidateFinder::addAlternativeSplits(
    const std::vector<size_t> &primarySplits) {
  std::vector<std::pair<int64_t, size_t>> scored;
  size_t j0 = readerBeforeGroupEnd ? 1 : 0;
  for (size_t j = j0; j < byPos.size(); ++j) {
    if (std::find(primarySplits.begin(), primarySplits.end(), j) !=
        primarySplits.end())
      continue;
    size_t from = j == 0 ? groupLast + 1 : byPos[j - 1].first + 1;
    if (from < groupLast + 1)
      continue;
    int64_t best = -1;
    for (size_t i = from; i < byPos[j].first; ++i)
      best = std::max(best, sw.t.live[i]);
    if (best >= 0)
      scored.push_back({-best, j});
  }
  std::sort(scored.begin(), scored.end());
  for (size_t k = 0; k < scored.size() && k < 2; ++k) {
    Candidate c = makeStep(scored[k].second);
    c.primary = false;
    addWithChain(std::move(c), other);
  }
}

std::vector<Candidate> CandidateFinder::take() {
  auto byBytes = [](const Candidate &a, const Candidate &b) {
    return a.bytes > b.bytes;
  };
  std::stable_sort(primary.begin(), primary.end(), byBytes);
  std::stable_sort(other.begin(), other.end(), byBytes);
  if (primary.size() > 48)
    primary.resize(48);
  for (Candidate &c : other)
    if (primary.size() < 64)
      primary.push_back(std::move(c));
  return std::move(primary);
}

/// Whether chain member `k` of `chain` is read by a statement of `group` or
/// of a member in `in`.
static bool readByIncluded(const Problem &p, const std::vector<Producer> &chain,
                           const std::vector<StmtId> &group,
                           const std::vector<uint8_t> &in, size_t k) {
  auto reads = [&](const std::vector<StmtId> &g) {
    for (StmtId x : g) {
      const std::vector<BufferId> &bs = p.statement(x).buffers;
      if (std::binary_search(bs.begin(), bs.end(), chain[k].buffer))
        return true;
    }
    return false;
  };
  if (reads(group))
    return true;
  for (size_t j = 0; j < chain.size(); ++j)
    if (j != k && in[j] && reads(chain[j].group))
      return true;
  return false;
}

/// The chain members selected by `mask` (bit k: chain[k]), in chain order,
/// if they are closed: every member is read by the target's group or by
/// another selected member (otherwise it would be cloned for nothing).
static bool closedSubset(const Problem &p, const RecomputeStep &full,
                         unsigned mask, std::vector<Producer> &out) {
  const std::vector<Producer> &chain = full.chain;
  std::vector<uint8_t> in(chain.size(), 0);
  for (size_t k = 0; k < chain.size(); ++k)
    in[k] = (mask >> k) & 1;
  // A member is reachable when a chain of readers leads to it from the
  // target's group: iterate to the fixpoint.
  std::vector<uint8_t> reached(chain.size(), 0);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t k = 0; k < chain.size(); ++k)
      if (in[k] && !reached[k] &&
          readByIncluded(p, chain, full.group, reached, k)) {
        reached[k] = 1;
        changed = true;
      }
  }
  out.clear();
  for (size_t k = 0; k < chain.size(); ++k) {
    if (in[k] && !reached[k])
      return false;
    if (in[k])
      out.push_back(chain[k]);
  }
  return true;
}

void recompute::addChainSubsets(const State &st, const Limits &lim,
                                std::vector<Candidate> &cands,
                                size_t maxChain) {
  const size_t original = cands.size();
  for (size_t i = 0; i < original; ++i) {
    const size_t k = cands[i].step.chain.size();
    if (k < 2 || k > maxChain)
      continue;
    const unsigned all = (1u << k) - 1;
    for (unsigned mask = 1; mask < all; ++mask) {
      Candidate c = cands[i];
      if (!closedSubset(st.problem, cands[i].step, mask, c.step.chain) ||
          admissibleMacs(st, clonedStatements(c.step), lim) < 0)
        continue;
      cands.push_back(std::move(c));
    }
  }
}

/// Candidates at the peak steps of st.order: buffers live across a peak step
/// or read there, with a producer group entirely before it; late users = the
/// users at or after it. With `alternatives`, up to two other split points per
/// buffer (the gaps between its readers with the highest live bytes). Each
/// split whose group reads recomputable buffers dead at the late users also
/// gives a chain candidate (buildChain).
std::vector<Candidate>
recompute::findCandidates(const State &st, const Sweep &sw, const Limits &lim,
                          bool alternatives, CandidateStats *stats) {
  CandidateFinder finder(st, sw, lim);
  for (BufferId b = 0; b < st.problem.numBuffers(); ++b)
    finder.visit(b, alternatives, stats);
  return finder.take();
}

std::string recompute::plural(size_t n, const char *word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

/// Why no candidate was found.
std::string recompute::explainNoCandidates(const CandidateStats &stats,
                                           size_t bad, const Limits &lim,
                                           int64_t macsBefore) {
  if (stats.liveAcross == 0)
    return "every buffer live at the peak steps is used there or escapes "
           "the block";
  if (stats.annotated == 0)
    return "none of the " + plural(stats.liveAcross, "buffer") +
           " live across the peak is recomputable (no producer annotation" +
           (bad ? ", " + plural(bad, "malformed annotation") + " ignored)"
                : std::string(")"));
  if (stats.excluded == stats.annotated)
    return "the MAC budget (" + std::to_string(lim.macBudget) + " of " +
           std::to_string(macsBefore) + " MACs), the operation budget (" +
           std::to_string(lim.opBudget) +
           " operations) or the per-op limit excludes every recomputable "
           "buffer live across the peak (" +
           plural(stats.annotated, "buffer") + ")";
  return "no recomputable buffer live across the peak has its producers "
         "before the peak step";
}

} // namespace peakmem
