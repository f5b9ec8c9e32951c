//===- RecomputeSteps.cpp - Applying recompute steps to a problem -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The transformation of a problem by one recompute step (checkRecompute,
// applyRecompute), and its application to the planner's State: the clones'
// bookkeeping (origin, per-op counts, extra MACs, the fresh buffers' groups)
// and the two incumbent orders a step starts from; the planner's input
// checks and local bound.
//
//===----------------------------------------------------------------------===//

#include "RecomputeState.h"
#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Model/Graph.h"

#include <algorithm>

namespace peakmem {

using namespace recompute;

static bool sortedContains(const std::vector<StmtId> &v, StmtId x) {
  return std::binary_search(v.begin(), v.end(), x);
}

std::string recompute::checkIds(const Problem &p,
                                const std::vector<StmtId> &ids, BufferId b,
                                const char *what) {
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
    StmtId c = q.addStatementLike(st);
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
// Applying a step to the planner's state
//===----------------------------------------------------------------------===//

/// A legal order as close to `desired` (a permutation) as possible: Kahn's
/// algorithm taking the ready statement earliest in `desired`.
static Order legalize(const Problem &p, const Order &desired) {
  if (isLegalOrder(p, desired))
    return desired;
  std::vector<size_t> rank(p.numStatements());
  for (size_t i = 0; i < desired.size(); ++i)
    rank[desired[i]] = i;
  return topologicalOrderBy(
      p, [&](StmtId a, StmtId b) { return rank[a] < rank[b]; });
}

/// fraction * total, rounded down, saturating at INT64_MAX.
static int64_t budgetOf(double fraction, int64_t total) {
  double budget = std::max(0.0, fraction) * double(total);
  return budget >= 9.0e18 ? std::numeric_limits<int64_t>::max()
                          : static_cast<int64_t>(budget);
}

Limits recompute::limitsOf(const RecomputeOptions &options, int64_t macsBefore,
                           int64_t opsBefore) {
  Limits lim;
  lim.perOp = options.maxRecomputePerOp;
  lim.macBudget = budgetOf(options.maxMacOverhead, macsBefore);
  lim.opBudget = budgetOf(options.maxOpOverhead, opsBefore);
  return lim;
}

State recompute::baseState(const Problem &p,
                           const std::vector<Producer> &producers,
                           size_t &bad) {
  State base;
  base.problem = p;
  base.origin.resize(p.numStatements());
  for (StmtId s = 0; s < p.numStatements(); ++s)
    base.origin[s] = s;
  base.clones.assign(p.numStatements(), 0);
  base.groupOf.assign(p.numBuffers(), {});
  bad = 0;
  for (const Producer &pr : producers) {
    if (pr.buffer >= p.numBuffers() ||
        !checkIds(p, pr.group, pr.buffer, "group").empty()) {
      ++bad;
      continue;
    }
    base.groupOf[pr.buffer] = pr.group;
  }
  return base;
}

void recompute::setOrder(State &st, Order order) {
  st.order = std::move(order);
  Timeline t = simulate(st.problem, st.order);
  st.peak = t.peak;
  st.peakSteps = std::count(t.live.begin(), t.live.end(), t.peak);
}

int64_t recompute::admissibleMacs(const State &st,
                                  const std::vector<StmtId> &group,
                                  const Limits &lim) {
  int64_t macs = 0, ops = 0;
  std::vector<StmtId> origins;
  for (StmtId g : group) {
    macs += st.problem.statement(g).macs;
    ops += st.problem.statement(g).ops;
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
  if (st.extraMacs + macs > lim.macBudget || st.extraOps + ops > lim.opBudget)
    return -1;
  return macs;
}

namespace {
/// The two incumbent orders of a step applied to a state whose order is
/// `order` (n statements; the clones are n, n+1, ...).
struct Incumbents {
  const Problem &p;
  const Order &order;
  const RecomputeStep &s;
  const size_t n;
  std::vector<size_t> pos;
  std::vector<uint8_t> isLate;
  /// (position of the original, clone id), by position.
  std::vector<std::pair<size_t, StmtId>> clones;

  Incumbents(const Problem &p, const Order &order, const RecomputeStep &s)
      : p(p), order(order), s(s), n(p.numStatements()), pos(n), isLate(n, 0) {
    for (size_t i = 0; i < n; ++i)
      pos[order[i]] = i;
    const std::vector<StmtId> members = clonedStatements(s);
    for (size_t i = 0; i < members.size(); ++i)
      clones.push_back({pos[members[i]], static_cast<StmtId>(n + i)});
    std::sort(clones.begin(), clones.end());
    for (StmtId l : s.lateUsers)
      isLate[l] = 1;
  }

  /// `o` with the clones right before the first late user.
  Order withClones(const Order &o) const {
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
  }

  /// The order with the late users sunk to their latest positions (right
  /// before their first successor, latest first), so that what the late
  /// users do not need dies before the clones run.
  Order sunk() const {
    // anchor(l): position of the first non-late statement l must precede.
    std::vector<StmtId> lates = s.lateUsers;
    std::sort(lates.begin(), lates.end(),
              [&](StmtId a, StmtId b) { return pos[a] > pos[b]; });
    std::vector<size_t> anchor(n, n);
    for (StmtId l : lates)
      for (StmtId y : p.succs(l))
        anchor[l] = std::min(anchor[l], isLate[y] ? anchor[y] : pos[y]);
    std::vector<std::pair<size_t, size_t>> byAnchor; // (anchor, pos)
    for (StmtId l : lates)
      byAnchor.push_back({anchor[l], pos[l]});
    std::sort(byAnchor.begin(), byAnchor.end());
    Order out;
    out.reserve(n);
    size_t k = 0;
    for (size_t i = 0; i <= n; ++i) {
      for (; k < byAnchor.size() && byAnchor[k].first == i; ++k)
        out.push_back(order[byAnchor[k].second]);
      if (i < n && !isLate[order[i]])
        out.push_back(order[i]);
    }
    return out;
  }
};
} // namespace

/// Copies the bookkeeping of `st` to `out` and adds the clones of `s`: the
/// fresh buffers (b', then the chain's) are recomputable in turn, their
/// groups are the clones.
static void recordClones(const State &st, const RecomputeStep &s, State &out) {
  out.steps = st.steps;
  out.steps.push_back(s);
  out.origin = st.origin;
  out.clones = st.clones;
  out.groupOf = st.groupOf;
  out.extraMacs = st.extraMacs;
  out.extraOps = st.extraOps;
  StmtId next = static_cast<StmtId>(st.problem.numStatements());
  for (const Producer &g : clonedGroups(s)) {
    std::vector<StmtId> newGroup;
    for (StmtId m : g.group) {
      StmtId o = st.origin[m];
      out.origin.push_back(o);
      ++out.clones[o];
      out.extraMacs += st.problem.statement(m).macs;
      out.extraOps += st.problem.statement(m).ops;
      newGroup.push_back(next++);
    }
    out.groupOf.push_back(std::move(newGroup));
  }
}

bool recompute::applyStep(const State &st, const RecomputeStep &s, State &out) {
  if (!checkRecompute(st.problem, s).empty())
    return false;
  Problem q = applyRecompute(st.problem, s);
  if (!q.check().empty())
    return false;
  // Two incumbents, the lower peak wins: (a) the parent's order with the
  // clones right before the first late user; (b) the late users sunk first,
  // then the clones right before the first of them.
  Incumbents inc(st.problem, st.order, s);
  Order first = inc.withClones(st.order);
  Order sunk = inc.withClones(inc.sunk());
  out.problem = std::move(q);
  recordClones(st, s, out);
  out.proven = false;
  Order a = legalize(out.problem, first), b = legalize(out.problem, sunk);
  setOrder(out, simulatePeak(out.problem, b) < simulatePeak(out.problem, a)
                    ? std::move(b)
                    : std::move(a));
  return true;
}

bool recompute::checkInput(const Problem &p, const Order &current,
                           RecomputePlan &plan) {
  std::string err = p.check();
  if (err.empty() && !isLegalOrder(p, current))
    err = "the current order is not a legal order of the problem";
  if (err.empty())
    return true;
  plan.reason = "invalid input: " + err;
  if (current.size() == p.numStatements()) {
    std::vector<uint8_t> seen(p.numStatements(), 0);
    bool perm = true;
    for (StmtId s : current)
      perm = perm && s < seen.size() && !seen[s] && (seen[s] = 1);
    if (perm)
      plan.peak = plan.peakBefore = simulatePeak(p, current);
  }
  return false;
}

std::pair<int64_t, StmtId> recompute::localBoundOf(const Problem &p) {
  int64_t bound = p.liveIn;
  StmtId witness = 0;
  for (StmtId s = 0; s < p.numStatements(); ++s)
    if (baseBytes(p, s) > bound) {
      bound = baseBytes(p, s);
      witness = s;
    }
  return {bound, witness};
}

} // namespace peakmem
