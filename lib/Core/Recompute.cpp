//===- Recompute.cpp - Selective recomputation planning -------------------===//
//
// applyRecompute is the transformation; planRecompute chooses steps:
//   1. baseline: reschedule the input (what reordering alone reaches);
//   2. exact planner: when the baseline's peak steps give at most 12
//      candidates, a depth-first search over candidate subsets, each
//      rescheduled from its parent's order with the clones inserted;
//   3. greedy planner: from the best state so far, repeatedly take the
//      candidate (from the current peak steps, with a few other split points)
//      whose rescheduled peak is lowest, while it strictly lowers the peak
//      (a few equal-peak moves that remove peak steps are allowed and rolled
//      back if no strict decrease follows).
// docs/Recompute.md states the guarantees.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Recompute.h"
#include "peakmem/Core/Bounds.h"
#include "peakmem/Core/ExactSearch.h"
#include "peakmem/Core/Heuristics.h"
#include "peakmem/Core/Simulation.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <queue>

namespace peakmem {

//===----------------------------------------------------------------------===//
// The transformation
//===----------------------------------------------------------------------===//

static bool sortedContains(const std::vector<StmtId> &v, StmtId x) {
  return std::binary_search(v.begin(), v.end(), x);
}

static std::string checkIds(const Problem &p, const std::vector<StmtId> &ids,
                            BufferId b, const char *what) {
  if (ids.empty())
    return std::string("empty ") + what;
  std::vector<StmtId> sorted = ids;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    return std::string("duplicate statement in ") + what;
  for (StmtId s : ids) {
    if (s >= p.numStatements())
      return std::string(what) + " statement " + std::to_string(s) +
             " out of range";
    if (p.statement(s).kind != StmtKind::Compute)
      return std::string(what) + " statement " + std::to_string(s) +
             " is an alloc/free";
    if (!sortedContains(p.buffer(b).users, s))
      return std::string(what) + " statement " + std::to_string(s) +
             " does not use buffer " + std::to_string(b);
  }
  return {};
}

std::vector<Producer> clonedGroups(const RecomputeStep &s) {
  std::vector<Producer> groups = {{s.buffer, s.group}};
  groups.insert(groups.end(), s.chain.begin(), s.chain.end());
  return groups;
}

std::vector<StmtId> clonedStatements(const RecomputeStep &s) {
  std::vector<StmtId> all;
  for (const Producer &g : clonedGroups(s))
    all.insert(all.end(), g.group.begin(), g.group.end());
  return all;
}

std::string checkRecompute(const Problem &p, const RecomputeStep &s) {
  if (s.buffer >= p.numBuffers())
    return "buffer " + std::to_string(s.buffer) + " out of range";
  std::string err = checkIds(p, s.group, s.buffer, "group");
  if (err.empty())
    err = checkIds(p, s.lateUsers, s.buffer, "late-user");
  std::vector<BufferId> cloned = {s.buffer};
  for (const Producer &c : s.chain) {
    if (!err.empty())
      return err;
    if (c.buffer >= p.numBuffers())
      return "chain buffer " + std::to_string(c.buffer) + " out of range";
    if (std::find(cloned.begin(), cloned.end(), c.buffer) != cloned.end())
      return "buffer " + std::to_string(c.buffer) + " is cloned twice";
    cloned.push_back(c.buffer);
    err = checkIds(p, c.group, c.buffer, "chain group");
  }
  if (!err.empty())
    return err;
  std::vector<StmtId> members = clonedStatements(s);
  std::sort(members.begin(), members.end());
  if (std::adjacent_find(members.begin(), members.end()) != members.end())
    return "a statement is in two cloned groups";
  for (StmtId l : s.lateUsers)
    if (sortedContains(members, l))
      return "statement " + std::to_string(l) +
             " is both a producer and a late user";
  return {};
}

Problem applyRecompute(const Problem &p, const RecomputeStep &s) {
  Problem q = p;
  if (!checkRecompute(p, s).empty())
    return q;
  const size_t n = p.numStatements();
  const std::vector<Producer> groups = clonedGroups(s);

  // The fresh buffers, and the rewiring of the late users to b'.
  std::vector<int64_t> freshOf(p.numBuffers(), -1);
  for (const Producer &g : groups)
    freshOf[g.buffer] =
        q.addBuffer(p.buffer(g.buffer).bytes, p.buffer(g.buffer).freedInBlock);
  const BufferId b = s.buffer, nb = static_cast<BufferId>(freshOf[b]);
  std::vector<StmtId> late = s.lateUsers;
  std::sort(late.begin(), late.end());
  std::vector<StmtId> &users = q.buffer(b).users;
  users.erase(std::remove_if(users.begin(), users.end(),
                             [&](StmtId u) { return sortedContains(late, u); }),
              users.end());
  for (StmtId l : late) {
    std::vector<BufferId> &bufs = q.statement(l).buffers;
    bufs.erase(std::remove(bufs.begin(), bufs.end(), b), bufs.end());
    q.addUse(l, nb);
  }

  // The clones, ids n, n+1, ... in clonedStatements order.
  std::vector<int64_t> cloneOf(n, -1);
  for (StmtId g : clonedStatements(s)) {
    const Statement &st = p.statement(g);
    StmtId c = q.addStatement(st.kind, st.scratch);
    q.statement(c).macs = st.macs;
    q.statement(c).target = st.target;
    cloneOf[g] = c;
  }
  for (const Producer &grp : groups) {
    const std::vector<StmtId> &written = p.buffer(grp.buffer).users;
    for (StmtId g : grp.group) {
      StmtId c = static_cast<StmtId>(cloneOf[g]);
      for (BufferId x : p.statement(g).buffers)
        q.addUse(c, freshOf[x] >= 0 ? static_cast<BufferId>(freshOf[x]) : x);
      for (StmtId x : p.preds(g))
        q.addEdge(cloneOf[x] >= 0 ? static_cast<StmtId>(cloneOf[x]) : x, c);
      for (StmtId y : p.succs(g))
        if (cloneOf[y] < 0 && !sortedContains(written, y))
          q.addEdge(c, y);
      if (grp.buffer == b)
        for (StmtId l : late)
          q.addEdge(c, l);
    }
  }
  q.finalize();
  return q;
}

//===----------------------------------------------------------------------===//
// Planning
//===----------------------------------------------------------------------===//

namespace {

using Clock = std::chrono::steady_clock;

double msUntil(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(t - Clock::now()).count();
}

Clock::time_point after(Clock::time_point from, double ms) {
  return from + std::chrono::duration_cast<Clock::duration>(
                    std::chrono::duration<double, std::milli>(ms));
}

/// A legal order as close to `desired` (a permutation) as possible: Kahn's
/// algorithm taking the ready statement earliest in `desired`.
Order legalize(const Problem &p, const Order &desired) {
  if (isLegalOrder(p, desired))
    return desired;
  const size_t n = p.numStatements();
  std::vector<size_t> rank(n);
  for (size_t i = 0; i < n; ++i)
    rank[desired[i]] = i;
  std::vector<uint32_t> indeg(n);
  using Item = std::pair<size_t, StmtId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> ready;
  for (StmtId s = 0; s < n; ++s)
    if (!(indeg[s] = p.preds(s).size()))
      ready.push({rank[s], s});
  Order out;
  out.reserve(n);
  while (!ready.empty()) {
    StmtId s = ready.top().second;
    ready.pop();
    out.push_back(s);
    for (StmtId t : p.succs(s))
      if (--indeg[t] == 0)
        ready.push({rank[t], t});
  }
  return out;
}

struct Scheduled {
  Order order;
  int64_t peak = 0;
  /// `peak` is the optimum of the problem.
  bool proven = false;
  /// Every order has peak >= the caller's cutoff (search stopped early).
  bool boundedAway = false;
};

/// Measured costs of the parts of a rescheduling that a deadline cannot
/// interrupt (ms, latest measurement): a phase predicted not to fit in the
/// time left is skipped.
struct PhaseCosts {
  std::vector<double> heuristic = std::vector<double>(allHeuristics().size());
  double bound = 0;
  double searchSetup = 0;
  /// Applying a step (copy, rewire, check, legalise, simulate).
  double apply = 0;
  /// Predicted cost of one rescheduling besides its search budget.
  double fixed() const {
    double sum = bound + searchSetup + apply;
    for (double h : heuristic)
      sum += h;
    return sum;
  }
};

double msSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

/// Best order of `p` from `incumbent` (legal), the baseline heuristics and the
/// exact search, until `deadline`. `floor` is a known lower bound (the local
/// bound); the search stops early when a lower bound reaches `cutoff`.
Scheduled reschedule(const Problem &p, Order incumbent,
                     Clock::time_point deadline, int64_t floor, int64_t cutoff,
                     PhaseCosts &costs) {
  Scheduled r;
  r.peak = simulatePeak(p, incumbent);
  r.order = std::move(incumbent);
  const std::vector<Heuristic> &hs = allHeuristics();
  for (size_t i = 0; i < hs.size(); ++i) {
    double left = msUntil(deadline);
    if (r.peak <= floor || left <= 0)
      break;
    if (costs.heuristic[i] > left)
      continue;
    Clock::time_point t0 = Clock::now();
    Order o = scheduleWith(p, hs[i]);
    int64_t peak = simulatePeak(p, o);
    costs.heuristic[i] = msSince(t0);
    if (peak < r.peak) {
      r.peak = peak;
      r.order = std::move(o);
    }
  }
  if (r.peak <= floor) {
    r.proven = true;
    return r;
  }
  double left = msUntil(deadline);
  if (left <= 0 || costs.bound > left)
    return r;
  BoundOptions bo;
  bo.maxFlows = 32;
  bo.budgetMs = std::max(0.1, left * 0.25);
  Clock::time_point t0 = Clock::now();
  int64_t lb = std::max(floor, computeLowerBound(p, r.order, bo).bytes);
  double took = msSince(t0);
  costs.bound = took > bo.budgetMs ? took - bo.budgetMs : took * 0.5;
  if (lb >= r.peak) {
    r.proven = true;
    return r;
  }
  if (lb >= cutoff) {
    r.boundedAway = true;
    return r;
  }
  left = msUntil(deadline);
  if (left <= 0 || costs.searchSetup > left)
    return r;
  SearchOptions so;
  so.budgetMs = left;
  so.lowerBound = lb;
  t0 = Clock::now();
  SearchResult s = exactSearch(p, r.order, so);
  took = msSince(t0);
  costs.searchSetup = took > so.budgetMs ? took - so.budgetMs
                      : s.budgetExhausted ? 0
                                          : took * 0.5;
  if (s.peak < r.peak) {
    r.peak = s.peak;
    r.order = std::move(s.order);
  }
  r.proven = s.provenOptimal;
  if (!r.proven && r.peak <= floor)
    r.proven = true;
  return r;
}

/// A problem with its applied steps and its best known order.
struct State {
  Problem problem;
  Order order;
  int64_t peak = 0;
  size_t peakSteps = 0;
  bool proven = false;
  std::vector<RecomputeStep> steps;
  /// Statement -> the original statement it is (a clone of).
  std::vector<StmtId> origin;
  /// Original statement -> clones made of it.
  std::vector<unsigned> clones;
  /// Buffer -> producer group (empty: not recomputable).
  std::vector<std::vector<StmtId>> groupOf;
  int64_t extraMacs = 0;
};

void setOrder(State &st, Order order) {
  st.order = std::move(order);
  Timeline t = simulate(st.problem, st.order);
  st.peak = t.peak;
  st.peakSteps = std::count(t.live.begin(), t.live.end(), t.peak);
}

struct Limits {
  int64_t macBudget = 0;
  unsigned perOp = 1;
};

/// Extra MACs of cloning `group` in `st`, or -1 when a limit forbids it.
int64_t admissibleMacs(const State &st, const std::vector<StmtId> &group,
                       const Limits &lim) {
  int64_t macs = 0;
  std::vector<StmtId> origins;
  for (StmtId g : group) {
    macs += st.problem.statement(g).macs;
    origins.push_back(st.origin[g]);
  }
  std::sort(origins.begin(), origins.end());
  for (size_t i = 0; i < origins.size();) {
    size_t j = i;
    while (j < origins.size() && origins[j] == origins[i])
      ++j;
    if (st.clones[origins[i]] + (j - i) > lim.perOp)
      return -1;
    i = j;
  }
  if (st.extraMacs + macs > lim.macBudget)
    return -1;
  return macs;
}

/// Applies `s` to `st` (structure only; the order becomes the better of two
/// legalised incumbents: the parent's order with the clones inserted right
/// before the first late user, and the same with the late users sunk to
/// their latest positions first). False if the step is malformed or makes
/// the edges cyclic.
bool applyStep(const State &st, const RecomputeStep &s, State &out) {
  if (!checkRecompute(st.problem, s).empty())
    return false;
  Problem q = applyRecompute(st.problem, s);
  if (!q.check().empty())
    return false;
  const size_t n = st.problem.numStatements();
  std::vector<size_t> pos(n);
  for (size_t i = 0; i < n; ++i)
    pos[st.order[i]] = i;
  const std::vector<StmtId> members = clonedStatements(s);
  std::vector<std::pair<size_t, StmtId>> clones;
  for (size_t i = 0; i < members.size(); ++i)
    clones.push_back({pos[members[i]], static_cast<StmtId>(n + i)});
  std::sort(clones.begin(), clones.end());
  // Two incumbents, the lower peak wins: (a) the parent's order with the
  // clones right before the first late user; (b) the late users sunk to
  // their latest positions (right before their first successor, latest
  // first) and the clones right before the first of them, so that what the
  // late users do not need dies before the clones run.
  std::vector<uint8_t> isLate(n, 0);
  for (StmtId l : s.lateUsers)
    isLate[l] = 1;
  auto withClones = [&](const Order &o) {
    Order d;
    d.reserve(o.size() + clones.size());
    bool done = false;
    for (StmtId x : o) {
      if (!done && x < n && isLate[x]) {
        for (auto [p, c] : clones)
          d.push_back(c);
        done = true;
      }
      d.push_back(x);
    }
    return d;
  };
  Order first = withClones(st.order);
  // anchor(l): position of the first non-late statement l must precede.
  std::vector<StmtId> lates = s.lateUsers;
  std::sort(lates.begin(), lates.end(),
            [&](StmtId a, StmtId b) { return pos[a] > pos[b]; });
  std::vector<size_t> anchor(n, n);
  for (StmtId l : lates)
    for (StmtId y : st.problem.succs(l))
      anchor[l] = std::min(anchor[l], isLate[y] ? anchor[y] : pos[y]);
  std::vector<std::pair<size_t, size_t>> byAnchor; // (anchor, pos)
  for (StmtId l : lates)
    byAnchor.push_back({anchor[l], pos[l]});
  std::sort(byAnchor.begin(), byAnchor.end());
  Order sunk;
  sunk.reserve(n);
  size_t k = 0;
  for (size_t i = 0; i <= n; ++i) {
    for (; k < byAnchor.size() && byAnchor[k].first == i; ++k)
      sunk.push_back(st.order[byAnchor[k].second]);
    if (i < n && !isLate[st.order[i]])
      sunk.push_back(st.order[i]);
  }
  sunk = withClones(sunk);

  out.problem = std::move(q);
  out.steps = st.steps;
  out.steps.push_back(s);
  out.origin = st.origin;
  out.clones = st.clones;
  out.groupOf = st.groupOf;
  out.extraMacs = st.extraMacs;
  // The fresh buffers (b', then the chain's) are recomputable in turn: their
  // groups are the clones.
  StmtId next = static_cast<StmtId>(n);
  auto cloneGroup = [&](const std::vector<StmtId> &group) {
    std::vector<StmtId> newGroup;
    for (StmtId g : group) {
      StmtId o = st.origin[g];
      out.origin.push_back(o);
      ++out.clones[o];
      out.extraMacs += st.problem.statement(g).macs;
      newGroup.push_back(next++);
    }
    out.groupOf.push_back(std::move(newGroup));
  };
  for (const Producer &g : clonedGroups(s))
    cloneGroup(g.group);
  out.proven = false;
  Order a = legalize(out.problem, first), b = legalize(out.problem, sunk);
  setOrder(out, simulatePeak(out.problem, b) < simulatePeak(out.problem, a)
                    ? std::move(b)
                    : std::move(a));
  return true;
}

struct Candidate {
  RecomputeStep step;
  int64_t bytes = 0;
  bool primary = true;
  /// Position of the first group member in the state's order.
  size_t groupPos = 0;
  /// Peak with the clones inserted into the current order (cheap estimate).
  int64_t estimate = std::numeric_limits<int64_t>::max();
};

/// Why candidates are missing, for the reason string.
struct CandidateStats {
  size_t liveAcross = 0; // freed buffers live across or read at a peak step
  size_t annotated = 0;  // ... of which have a producer group
  size_t excluded = 0;   // ... of which the MAC / per-op limits forbid
};

/// The current order's timeline with what the estimates need.
struct Sweep {
  Timeline t;
  std::vector<size_t> pos;
  /// Per buffer: position of its last user (n if it has none).
  std::vector<size_t> lastPos;
  /// Bytes live right after step i completes.
  std::vector<int64_t> liveAfter;

  explicit Sweep(const State &st) : t(simulate(st.problem, st.order)) {
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
};

/// Peak of the current order with the clones inserted right before the first
/// late user (not legalised), in O(n): b dies after its last early user, b'
/// lives from the clones to the last late user, the group's inputs live until
/// the clones.
int64_t estimateInsertion(const State &st, const Sweep &sw,
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
std::vector<Producer> buildChain(const State &st, const Sweep &sw,
                                 const RecomputeStep &s, const Limits &lim,
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
/// gives a chain candidate (buildChain).
std::vector<Candidate> findCandidates(const State &st, const Sweep &sw,
                                      const Limits &lim, bool alternatives,
                                      CandidateStats *stats) {
  const Problem &p = st.problem;
  const size_t n = p.numStatements();
  const Timeline &t = sw.t;
  const std::vector<size_t> &pos = sw.pos;
  std::vector<size_t> peaks;
  for (size_t i = 0; i < n; ++i)
    if (t.live[i] == t.peak)
      peaks.push_back(i);
  if (peaks.size() > 32) { // Keep 32, spread over the block.
    std::vector<size_t> kept;
    for (size_t k = 0; k < 32; ++k)
      kept.push_back(peaks[k * peaks.size() / 32]);
    peaks.swap(kept);
  }

  std::vector<Candidate> primary, other;
  std::vector<std::pair<size_t, StmtId>> byPos;
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    const Buffer &buf = p.buffer(b);
    if (!buf.freedInBlock || buf.users.size() < 2 || buf.bytes <= 0)
      continue;
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
      continue;
    if (stats)
      ++stats->liveAcross;
    const std::vector<StmtId> &group = st.groupOf[b];
    if (group.empty())
      continue;
    if (stats)
      ++stats->annotated;
    if (admissibleMacs(st, group, lim) < 0) {
      if (stats)
        ++stats->excluded;
      continue;
    }
    size_t groupFirst = n, groupLast = 0;
    for (StmtId g : group) {
      groupFirst = std::min(groupFirst, pos[g]);
      groupLast = std::max(groupLast, pos[g]);
    }
    // Readers after the whole group, by position.
    byPos.clear();
    bool readerBeforeGroupEnd = false;
    for (StmtId u : buf.users) {
      if (std::find(group.begin(), group.end(), u) != group.end())
        continue;
      if (pos[u] < groupLast)
        readerBeforeGroupEnd = true;
      byPos.push_back({pos[u], u});
    }
    std::sort(byPos.begin(), byPos.end());
    // Split j: late users = byPos[j..]; the gap before byPos[j].
    auto makeStep = [&](size_t j) {
      Candidate c;
      c.step.buffer = b;
      c.step.group = group;
      for (size_t k = j; k < byPos.size(); ++k)
        c.step.lateUsers.push_back(byPos[k].second);
      std::sort(c.step.lateUsers.begin(), c.step.lateUsers.end());
      c.bytes = buf.bytes;
      c.groupPos = groupFirst;
      return c;
    };
    std::vector<size_t> primarySplits;
    for (size_t i : peaks) {
      if (!(first < i && i <= last) || groupLast >= i)
        continue;
      size_t j = std::lower_bound(byPos.begin(), byPos.end(),
                                  std::make_pair(i, StmtId(0))) -
                 byPos.begin();
      if (j >= byPos.size() ||
          std::find(primarySplits.begin(), primarySplits.end(), j) !=
              primarySplits.end())
        continue;
      if (readerBeforeGroupEnd && j == 0)
        continue;
      primarySplits.push_back(j);
      primary.push_back(makeStep(j));
      Candidate chained = primary.back();
      chained.step.chain = buildChain(st, sw, chained.step, lim);
      if (!chained.step.chain.empty())
        primary.push_back(std::move(chained));
    }
    if (!alternatives || primarySplits.empty())
      continue;
    // Other splits, by the highest live bytes in their gap.
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
        best = std::max(best, t.live[i]);
      if (best >= 0)
        scored.push_back({-best, j});
    }
    std::sort(scored.begin(), scored.end());
    for (size_t k = 0; k < scored.size() && k < 2; ++k) {
      Candidate c = makeStep(scored[k].second);
      c.primary = false;
      Candidate chained = c;
      chained.step.chain = buildChain(st, sw, chained.step, lim);
      other.push_back(std::move(c));
      if (!chained.step.chain.empty())
        other.push_back(std::move(chained));
    }
  }
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
  return primary;
}

/// Better child: lower peak, then fewer peak steps, then fewer extra MACs.
bool betterChild(const State &a, const State &b) {
  if (a.peak != b.peak)
    return a.peak < b.peak;
  if (a.peakSteps != b.peakSteps)
    return a.peakSteps < b.peakSteps;
  return a.extraMacs < b.extraMacs;
}

struct Planner {
  const Limits lim;
  const int64_t localBound;
  const Clock::time_point deadline;
  size_t evaluations = 0;
  bool budgetHit = false;
  PhaseCosts costs;

  /// Predicted cost of applying and rescheduling one candidate, ms: the
  /// uninterruptible parts, and as much again for the search.
  double evalMs() const { return 2 * costs.fixed(); }

  bool apply(const State &st, const RecomputeStep &s, State &out) {
    Clock::time_point t0 = Clock::now();
    bool ok = applyStep(st, s, out);
    costs.apply = msSince(t0);
    return ok;
  }

  /// Reschedules `child` (its order is the incumbent) until `until`.
  void evaluate(State &child, Clock::time_point until, int64_t cutoff,
                bool *resolved = nullptr) {
    ++evaluations;
    Scheduled r = reschedule(child.problem, child.order,
                             std::min(until, deadline), localBound, cutoff,
                             costs);
    setOrder(child, std::move(r.order));
    child.proven = r.proven;
    if (resolved)
      *resolved = r.proven || r.boundedAway;
  }

  // --- Exact planner: depth-first over candidate subsets. ---
  const std::vector<Candidate> *cands = nullptr;
  State best;
  bool haveBest = false;
  int64_t bestPeak = 0;
  bool allResolved = true, complete = true;
  size_t visited = 0, total = 0;

  void dfs(const State &st, size_t next) {
    for (size_t j = next; j < cands->size(); ++j) {
      if (msUntil(deadline) <= 0) {
        complete = false;
        budgetHit = true;
        return;
      }
      const RecomputeStep &s = (*cands)[j].step;
      bool conflict = false;
      for (const RecomputeStep &done : st.steps)
        conflict |= done.buffer == s.buffer;
      if (conflict || admissibleMacs(st, clonedStatements(s), lim) < 0)
        continue; // Every superset through j is excluded as well.
      State child;
      if (!apply(st, s, child))
        continue; // Cyclic: supersets only add edges.
      ++visited;
      bool improvesMacs = haveBest && child.extraMacs < best.extraMacs;
      int64_t cutoff = (!haveBest || !improvesMacs) ? bestPeak : bestPeak + 1;
      double slice = std::max(
          0.5, std::min(100.0, msUntil(deadline) /
                                   double(std::max<size_t>(
                                       1, total > visited ? total - visited
                                                          : 1))));
      bool resolved = false;
      evaluate(child, after(Clock::now(), slice), cutoff, &resolved);
      allResolved &= resolved;
      if (child.peak < bestPeak ||
          (child.peak == bestPeak && haveBest && improvesMacs)) {
        best = child;
        bestPeak = child.peak;
        haveBest = true;
        if (bestPeak <= localBound)
          return; // Nothing goes below the local bound.
      }
      dfs(child, j + 1);
      if (haveBest && bestPeak <= localBound)
        return;
    }
  }

  // --- Greedy planner. ---
  //
  // Each round ranks the candidates of the current peak steps by the O(n)
  // insertion estimate. When rescheduling every candidate fits the budget
  // (by the measured cost of a rescheduling), each one is rescheduled and
  // the best is taken. Otherwise candidates are applied in rank order with
  // the clones inserted (no rescheduling) until one lowers the peak, which is
  // then rescheduled; failing that, the three best are rescheduled.
  State greedy(State cur, bool *improved) {
    State bestStrict = cur;
    unsigned plateau = 0;
    *improved = false;
    while (cur.peak > localBound && msUntil(deadline) > 0) {
      Sweep sw(cur);
      std::vector<Candidate> cs = findCandidates(cur, sw, lim, true, nullptr);
      if (cs.empty())
        break;
      for (Candidate &c : cs) {
        if (msUntil(deadline) <= 0)
          break;
        c.estimate = estimateInsertion(cur, sw, c.step);
      }
      std::stable_sort(cs.begin(), cs.end(),
                       [](const Candidate &x, const Candidate &y) {
                         return x.estimate < y.estimate;
                       });
      State bestChild;
      bool have = false;
      auto offer = [&](State &child) {
        if (!have || betterChild(child, bestChild)) {
          bestChild = std::move(child);
          have = true;
        }
      };
      const bool full =
          double(cs.size()) * evalMs() <= 0.5 * msUntil(deadline);
      if (full) {
        for (size_t k = 0; k < cs.size(); ++k) {
          double left = msUntil(deadline);
          if (left <= 0)
            break;
          State child;
          if (!apply(cur, cs[k].step, child))
            continue;
          double slice = std::min(left / double(cs.size() - k + 1),
                                  std::max(1.0, 2 * costs.fixed()));
          // Orders that cannot reach cur.peak are not worth searching.
          evaluate(child, after(Clock::now(), slice), cur.peak + 1);
          offer(child);
          if (bestChild.peak <= localBound)
            break;
        }
      } else {
        std::vector<State> top; // Best three by inserted peak.
        for (size_t k = 0; k < cs.size() && msUntil(deadline) > 0; ++k) {
          State child;
          if (!apply(cur, cs[k].step, child))
            continue;
          if (child.peak < cur.peak) {
            top.assign(1, std::move(child));
            break;
          }
          top.push_back(std::move(child));
          std::stable_sort(top.begin(), top.end(), betterChild);
          if (top.size() > 3)
            top.pop_back();
        }
        for (size_t k = 0; k < top.size(); ++k) {
          double left = msUntil(deadline);
          if (left <= 0) {
            offer(top[k]); // Its inserted order is legal and simulated.
            continue;
          }
          // A short search: more rounds pay more than a longer one.
          double slice = std::min(left / double(4 * top.size()),
                                  std::max(1.0, 2 * costs.fixed()));
          evaluate(top[k], after(Clock::now(), slice), cur.peak + 1);
          offer(top[k]);
        }
      }
      if (!have)
        break;
      if (bestChild.peak < cur.peak) {
        plateau = 0;
      } else if (bestChild.peak == cur.peak &&
                 bestChild.peakSteps < cur.peakSteps && plateau < 4) {
        ++plateau;
      } else {
        break;
      }
      cur = std::move(bestChild);
      if (cur.peak < bestStrict.peak) {
        bestStrict = cur;
        *improved = true;
      }
    }
    if (msUntil(deadline) <= 0)
      budgetHit = true;
    return bestStrict;
  }
};

std::string plural(size_t n, const char *word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

} // namespace

RecomputePlan planRecompute(const Problem &p, const Order &current,
                            const std::vector<Producer> &producers,
                            const RecomputeOptions &options) {
  const Clock::time_point start = Clock::now();
  const Clock::time_point end = after(start, std::max(0.0, options.budgetMs));
  RecomputePlan plan;
  plan.problem = p;
  plan.order = current;
  for (StmtId s = 0; s < p.numStatements(); ++s)
    plan.macsBefore += p.statement(s).macs;

  std::string err = p.check();
  if (err.empty() && !isLegalOrder(p, current))
    err = "the current order is not a legal order of the problem";
  if (!err.empty()) {
    plan.reason = "invalid input: " + err;
    if (current.size() == p.numStatements()) {
      std::vector<uint8_t> seen(p.numStatements(), 0);
      bool perm = true;
      for (StmtId s : current)
        perm = perm && s < seen.size() && !seen[s] && (seen[s] = 1);
      if (perm)
        plan.peak = plan.peakBefore = simulatePeak(p, current);
    }
    return plan;
  }
  plan.peak = plan.peakBefore = simulatePeak(p, current);
  plan.reorderPeak = plan.peakBefore;

  // The local bound holds for every recomputed problem: a clone uses buffers
  // of the same sizes as its original, and rewiring keeps sizes.
  int64_t localBound = p.liveIn;
  StmtId localWitness = 0;
  for (StmtId s = 0; s < p.numStatements(); ++s)
    if (baseBytes(p, s) > localBound) {
      localBound = baseBytes(p, s);
      localWitness = s;
    }

  Limits lim;
  lim.perOp = options.maxRecomputePerOp;
  double macBudget =
      std::max(0.0, options.maxMacOverhead) * double(plan.macsBefore);
  lim.macBudget = macBudget >= 9.0e18 ? std::numeric_limits<int64_t>::max()
                                      : static_cast<int64_t>(macBudget);

  // Baseline state: what reordering alone reaches.
  State base;
  base.problem = p;
  base.origin.resize(p.numStatements());
  for (StmtId s = 0; s < p.numStatements(); ++s)
    base.origin[s] = s;
  base.clones.assign(p.numStatements(), 0);
  base.groupOf.assign(p.numBuffers(), {});
  size_t badProducers = 0;
  for (const Producer &pr : producers) {
    if (pr.buffer >= p.numBuffers() ||
        !checkIds(p, pr.group, pr.buffer, "group").empty()) {
      ++badProducers;
      continue;
    }
    base.groupOf[pr.buffer] = pr.group;
  }
  Planner pl{lim, localBound, end};
  {
    Scheduled r = reschedule(p, current, after(start, options.budgetMs * 0.2),
                             localBound, std::numeric_limits<int64_t>::max(),
                             pl.costs);
    setOrder(base, std::move(r.order));
    base.proven = r.proven;
    plan.reorderPeak = base.peak;
  }
  const int64_t b0 = base.peak;
  auto reorderNote = [&]() -> std::string {
    if (b0 < plan.peakBefore)
      return "; reordering alone reaches " + std::to_string(b0) + " (from " +
             std::to_string(plan.peakBefore) + ")";
    return {};
  };
  auto finishEmpty = [&](std::string why, bool proven) {
    plan.reason = std::move(why) + reorderNote();
    plan.provenOptimal = proven && plan.peakBefore == b0;
    plan.evaluations = pl.evaluations;
    plan.budgetExhausted = pl.budgetHit;
    return plan;
  };

  if (b0 <= localBound)
    return finishEmpty("the peak is statement " +
                           std::to_string(localWitness) +
                           "'s own inputs, outputs and scratch (local bound)",
                       true);
  if (producers.empty())
    return finishEmpty("no producer annotations: no buffer is known to be "
                       "recomputable",
                       false);
  if (lim.perOp == 0)
    return finishEmpty("maxRecomputePerOp is 0", false);

  CandidateStats stats;
  std::vector<Candidate> cands =
      findCandidates(base, Sweep(base), lim, false, &stats);
  if (cands.empty()) {
    std::string why;
    if (stats.liveAcross == 0)
      why = "every buffer live at the peak steps is used there or escapes "
            "the block";
    else if (stats.annotated == 0)
      why = "none of the " + plural(stats.liveAcross, "buffer") +
            " live across the peak is recomputable (no producer annotation" +
            (badProducers ? ", " + plural(badProducers, "malformed annotation") +
                                " ignored)"
                          : std::string(")"));
    else if (stats.excluded == stats.annotated)
      why = "the MAC budget (" + std::to_string(lim.macBudget) + " of " +
            std::to_string(plan.macsBefore) +
            " MACs) or the per-op limit excludes every recomputable buffer "
            "live across the peak (" +
            plural(stats.annotated, "buffer") + ")";
    else
      why = "no recomputable buffer live across the peak has its producers "
            "before the peak step";
    return finishEmpty(why, false);
  }

  State start2 = base;
  bool fromExact = false;
  // Exact planner over candidate subsets (anytime: with half the budget left,
  // its best subset so far seeds the greedy planner).
  if (cands.size() <= 12) {
    std::stable_sort(cands.begin(), cands.end(),
                     [](const Candidate &a, const Candidate &b) {
                       if (a.groupPos != b.groupPos)
                         return a.groupPos < b.groupPos;
                       if (a.step.buffer != b.step.buffer)
                         return a.step.buffer < b.step.buffer;
                       return a.step.lateUsers.size() >
                              b.step.lateUsers.size();
                     });
    for (const Candidate &c : cands)
      plan.candidates.push_back(c.step);
    Planner ex{lim, localBound, after(Clock::now(), 0.5 * msUntil(end))};
    ex.cands = &cands;
    ex.bestPeak = b0;
    ex.total = (size_t(1) << cands.size()) - 1;
    ex.costs = pl.costs;
    ex.dfs(base, 0);
    pl.evaluations += ex.evaluations;
    pl.costs = ex.costs;
    plan.exhaustive = ex.complete;
    if (ex.haveBest) {
      start2 = std::move(ex.best);
      fromExact = true;
    }
    bool exactProven = ex.complete && ex.allResolved && base.proven;
    if (fromExact && (exactProven || start2.peak <= localBound))
      plan.provenOptimal = true;
    if (!fromExact && exactProven && plan.peakBefore == b0)
      plan.provenOptimal = true;
    if (!ex.complete)
      pl.budgetHit = true;
  }

  // Greedy planner from the best state so far.
  bool improved = false;
  State final = pl.greedy(start2, &improved);
  if (improved) {
    plan.provenOptimal = final.peak <= localBound;
  }
  plan.evaluations = pl.evaluations;
  plan.budgetExhausted = pl.budgetHit;

  if (final.steps.empty() || final.peak >= b0) {
    std::string why = "none of the " + plural(cands.size(), "candidate") +
                      " lowers the peak below " + std::to_string(b0);
    if (plan.exhaustive)
      why += " (exact over every subset)";
    if (pl.budgetHit)
      why += " (the planning budget ran out)";
    plan.reason = why + reorderNote();
    return plan;
  }
  plan.steps = final.steps;
  plan.problem = std::move(final.problem);
  plan.order = std::move(final.order);
  plan.peak = final.peak;
  plan.extraMacs = final.extraMacs;
  plan.reason.clear();
  return plan;
}

} // namespace peakmem
