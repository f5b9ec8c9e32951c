//===- BudgetBound.cpp - A budget-aware recompute lower bound -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// recomputeBudgetBound (BudgetBound.h) on the slot model of the exact
// programs (ExactModel.h): per original slot, the no-recompute bytes of
// every decision and its largest saving there, then two fractional
// knapsacks. The proof is in docs/Recompute.md, "Budget-aware lower bound".
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Recompute/BudgetBound.h"

#include "ExactModel.h"

#include <algorithm>

using namespace peakmem;
using namespace peakmem::exact;

int64_t
peakmem::fractionalKnapsack(std::vector<std::pair<int64_t, int64_t>> items,
                            int64_t capacity) {
  int64_t taken = 0;
  std::vector<std::pair<int64_t, int64_t>> weighed;
  for (auto [value, weight] : items) {
    if (value <= 0)
      continue;
    if (weight <= 0)
      taken += value;
    else
      weighed.push_back({value, weight});
  }
  // Best value per weight first: a/b > c/d iff a*d > c*b (positive weights).
  std::stable_sort(
      weighed.begin(), weighed.end(), [](const auto &x, const auto &y) {
        return __int128(x.first) * y.second > __int128(y.first) * x.second;
      });
  int64_t left = std::max<int64_t>(0, capacity);
  for (auto [value, weight] : weighed) {
    if (left == 0)
      break;
    if (weight <= left) {
      taken += value;
      left -= weight;
      continue;
    }
    // The fraction left / weight of this item; the total is rounded down
    // (the whole items are integers).
    taken += int64_t(__int128(value) * left / weight);
    break;
  }
  return taken;
}

namespace {

/// Per decision whose choice the memory at one original slot depends on:
/// its bytes there under each choice, its own (itself and its copies) and
/// with the inputs charged to it.
struct SlotCharges {
  std::vector<std::vector<int64_t>> own, charged;
};

/// The decision a state-dependent buffer `v` live past its fixed part at
/// original slot `s` is charged to, -1 if it is dead there in every plan.
/// Its liveness is an OR over the decisions its term names: its own
/// decision's original (while that can still be alive at s) and the clones
/// reading it after s. An OR is at least each of its terms, so charging the
/// buffer to one decision with that decision's term alone is a lower bound.
/// Its own decision first, when its original can be alive at s (the term
/// ownBytesAt reads); else the first decision whose clone reads it after s.
int32_t chargedTo(const Model &m, uint32_t v, size_t s) {
  const VarBuffer &vb = m.vars[v];
  if (vb.decision >= 0 &&
      m.decisions[vb.decision].choices[0].seg1End >= int64_t(s))
    return vb.decision;
  for (const Reader &rd : vb.readers)
    if (rd.slot >= int64_t(s))
      return int32_t(rd.decision);
  return -1;
}

/// The charges at original slot `s`; false when the work ran out.
bool chargesAt(const Model &m, size_t s, WorkBudget &work, SlotCharges &sc) {
  size_t nd = m.decisions.size();
  sc.own.assign(nd, {});
  sc.charged.assign(nd, {});
  auto open = [&](uint32_t d) {
    if (!sc.own[d].empty())
      return true;
    const Decision &dec = m.decisions[d];
    if (!spend(work, dec.choices.size()))
      return false;
    for (const Choice &c : dec.choices)
      sc.own[d].push_back(ownBytesAt(m, d, c, s));
    sc.charged[d] = sc.own[d];
    return true;
  };
  for (uint32_t d = 0; d < nd; ++d) {
    const Decision &dec = m.decisions[d];
    if (int64_t(s) >= dec.spanBegin && int64_t(s) <= dec.spanEnd && !open(d))
      return false;
  }
  for (uint32_t v : m.var[s]) {
    int32_t to = chargedTo(m, v, s);
    const VarBuffer &vb = m.vars[v];
    // Charged to its own decision: already in ownBytesAt.
    if (to < 0 || to == vb.decision)
      continue;
    uint32_t d = uint32_t(to);
    if (!open(d) || !spend(work, m.decisions[d].choices.size()))
      return false;
    const std::vector<Choice> &choices = m.decisions[d].choices;
    for (size_t c = 0; c < choices.size(); ++c)
      for (const Reader &rd : vb.readers)
        if (rd.decision == d && rd.slot >= int64_t(s) &&
            choices[c].present[rd.user]) {
          sc.charged[d][c] += vb.bytes;
          break;
        }
  }
  return true;
}

/// C(s) + sum N_d(s) minus the knapsacks of the savings `bytes` gives (per
/// decision and choice; choice 0 is the empty cut set).
int64_t knapsackBound(const Model &m, int64_t base,
                      const std::vector<std::vector<int64_t>> &bytes) {
  int64_t noRecompute = base;
  std::vector<std::pair<int64_t, int64_t>> byMacs, byOps;
  for (uint32_t d = 0; d < bytes.size(); ++d) {
    if (bytes[d].empty())
      continue;
    int64_t none = bytes[d][0];
    int64_t least = *std::min_element(bytes[d].begin(), bytes[d].end());
    noRecompute += none;
    if (least < none) {
      byMacs.push_back({none - least, m.decisions[d].runMacs});
      byOps.push_back({none - least, m.decisions[d].runOps});
    }
  }
  int64_t saved =
      std::min(fractionalKnapsack(std::move(byMacs), m.limits.macBudget),
               fractionalKnapsack(std::move(byOps), m.limits.opBudget));
  return noRecompute - saved;
}

/// The bounds at original slot `s` (charging inputs, own bytes only); false
/// when the work ran out.
bool boundAt(const Model &m, size_t s, WorkBudget &work, int64_t &bound,
             int64_t &ownBound) {
  SlotCharges sc;
  if (!chargesAt(m, s, work, sc))
    return false;
  size_t opened = 0;
  for (const std::vector<int64_t> &own : sc.own)
    opened += !own.empty();
  if (!spend(work, 4 * opened + 1))
    return false;
  bound = knapsackBound(m, m.base[s], sc.charged);
  ownBound = knapsackBound(m, m.base[s], sc.own);
  return true;
}

} // namespace

BudgetBoundResult
peakmem::recomputeBudgetBound(const Problem &p, const Order &order,
                              const std::vector<Producer> &producers,
                              const RecomputeOptions &options,
                              WorkBudget &work) {
  BudgetBoundResult r;
  ExactStart start = beginExact(p, order, producers, options, work);
  const Model &m = start.m;
  const ExactRecomputeResult &prepared = start.r;
  bool done = start.ready;
  r.peakBefore = prepared.peakBefore;
  r.relaxation = prepared.relaxation;
  r.decisions = prepared.decisions;
  r.bound = r.ownBound = prepared.lowerBound;
  r.reason = prepared.reason;
  for (size_t s = 0; done && s < m.slots.size(); ++s) {
    if (m.slots[s].decision >= 0)
      continue;
    int64_t here = 0, own = 0;
    done = boundAt(m, s, work, here, own);
    if (done && here > r.bound) {
      r.bound = here;
      r.at = int64_t(m.slots[s].stmt);
    }
    if (done)
      r.ownBound = std::max(r.ownBound, own);
  }
  r.complete = done;
  if (!done && r.reason.empty())
    r.reason = "the work limit ran out";
  r.workUsed = work.used() - start.startUsed;
  return r;
}
