//===- FixedOrderPlan.cpp - Fixed-order recompute plans as steps ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// materializeFixedOrderPlan (ExactRecompute.h): every cut becomes one
// RecomputeStep on the original buffer, with the users of its segment as
// late users; the clones are placed right before the cut's user. A buffer's
// steps are applied from its last segment to its first.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Recompute/ExactRecompute.h"

#include <algorithm>
#include <tuple>

using namespace peakmem;

namespace {

int64_t nonNegative(int64_t v) { return std::max<int64_t>(0, v); }

/// The users of `b` outside `group`, by position in the order.
std::vector<StmtId> usersByPosition(const Problem &p, BufferId b,
                                    const std::vector<StmtId> &group,
                                    const std::vector<size_t> &pos) {
  std::vector<StmtId> users;
  for (StmtId u : p.buffer(b).users)
    if (std::find(group.begin(), group.end(), u) == group.end())
      users.push_back(u);
  std::sort(users.begin(), users.end(),
            [&](StmtId a, StmtId c) { return pos[a] < pos[c]; });
  return users;
}

/// The producer of each cut (sorted by buffer) and the order in which the
/// cuts are applied: groups whose last member comes later first, so that a
/// group reading a buffer cut later keeps reading its original (a step
/// rewires only the users it names). A member of group A that a clone of
/// B's buffer may serve runs after B's last member, so A's last member does
/// too; a group's first member does not order them (a fill may run long
/// before its compute). Sets `error` on malformed cuts.
std::vector<size_t> applicationOrder(const Problem &p,
                                     const std::vector<size_t> &pos,
                                     const std::vector<Producer> &producers,
                                     const std::vector<FixedOrderCuts> &sorted,
                                     std::vector<const Producer *> &groupOf,
                                     std::string &error) {
  std::vector<size_t> apply(sorted.size());
  std::vector<size_t> lastPos(sorted.size(), 0);
  for (size_t c = 0; c < sorted.size(); ++c) {
    const FixedOrderCuts &cut = sorted[c];
    if (c > 0 && sorted[c - 1].buffer == cut.buffer) {
      error = "buffer cut twice";
      return {};
    }
    auto pr =
        std::find_if(producers.begin(), producers.end(),
                     [&](const Producer &x) { return x.buffer == cut.buffer; });
    if (pr == producers.end() || cut.buffer >= p.numBuffers() ||
        pr->group.empty()) {
      error = "no producer for a cut buffer";
      return {};
    }
    groupOf.push_back(&*pr);
    apply[c] = c;
    for (StmtId g : pr->group) {
      if (g >= p.numStatements()) {
        error = "a group member is out of range";
        return {};
      }
      lastPos[c] = std::max(lastPos[c], pos[g]);
    }
  }
  std::stable_sort(apply.begin(), apply.end(),
                   [&](size_t a, size_t b) { return lastPos[a] > lastPos[b]; });
  return apply;
}

} // namespace

FixedOrderPlan
peakmem::materializeFixedOrderPlan(const Problem &p, const Order &order,
                                   const std::vector<Producer> &producers,
                                   const std::vector<FixedOrderCuts> &cuts) {
  FixedOrderPlan plan;
  std::vector<size_t> pos(p.numStatements(), 0);
  for (size_t i = 0; i < order.size() && order[i] < pos.size(); ++i)
    pos[order[i]] = i;
  std::vector<FixedOrderCuts> sorted = cuts;
  std::sort(sorted.begin(), sorted.end(),
            [](const FixedOrderCuts &a, const FixedOrderCuts &b) {
              return a.buffer < b.buffer;
            });
  std::vector<const Producer *> groupOf;
  std::vector<size_t> apply =
      applicationOrder(p, pos, producers, sorted, groupOf, plan.error);
  if (!plan.error.empty())
    return plan;
  plan.problem = p;
  // Per user: (buffer, position of the original, clone) of the clones
  // before it.
  std::vector<std::vector<std::tuple<BufferId, size_t, StmtId>>> before(
      p.numStatements());
  for (size_t c : apply) {
    const FixedOrderCuts &cut = sorted[c];
    const Producer *pr = groupOf[c];
    std::vector<StmtId> users = usersByPosition(p, cut.buffer, pr->group, pos);
    std::vector<size_t> starts;
    for (StmtId u : cut.cloneBefore) {
      auto it = std::find(users.begin(), users.end(), u);
      if (it == users.end()) {
        plan.error = "a cut is not a user outside the group";
        return plan;
      }
      starts.push_back(size_t(it - users.begin()));
    }
    std::sort(starts.begin(), starts.end());
    if (std::adjacent_find(starts.begin(), starts.end()) != starts.end()) {
      plan.error = "a user is cut twice";
      return plan;
    }
    std::vector<StmtId> members = pr->group;
    std::stable_sort(members.begin(), members.end(),
                     [&](StmtId a, StmtId b) { return pos[a] < pos[b]; });
    // The last segment first: a later step's copied successor edges then
    // reach only users rewired before, which run after its clones.
    for (size_t i = starts.size(); i-- > 0;) {
      size_t end = i + 1 < starts.size() ? starts[i + 1] : users.size();
      RecomputeStep step;
      step.buffer = cut.buffer;
      step.group = pr->group;
      step.lateUsers.assign(users.begin() + starts[i], users.begin() + end);
      std::string bad = checkRecompute(plan.problem, step);
      if (!bad.empty()) {
        plan.error = bad;
        return plan;
      }
      StmtId first = StmtId(plan.problem.numStatements());
      plan.problem = applyRecompute(plan.problem, step);
      for (StmtId m : members) {
        size_t k = size_t(std::find(step.group.begin(), step.group.end(), m) -
                          step.group.begin());
        before[users[starts[i]]].emplace_back(cut.buffer, pos[m],
                                              first + StmtId(k));
        plan.extraMacs += nonNegative(p.statement(m).macs);
        plan.extraOps += nonNegative(p.statement(m).ops);
      }
      plan.steps.push_back(std::move(step));
    }
  }
  for (StmtId s : order) {
    if (s < before.size()) {
      std::sort(before[s].begin(), before[s].end());
      for (const auto &clone : before[s])
        plan.order.push_back(std::get<2>(clone));
    }
    plan.order.push_back(s);
  }
  return plan;
}
