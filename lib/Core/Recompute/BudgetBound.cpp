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

/// The bound at original slot `s`; false when the work ran out.
bool boundAt(const Model &m, size_t s, WorkBudget &work, int64_t &bound) {
  int64_t noRecompute = m.base[s];
  std::vector<std::pair<int64_t, int64_t>> byMacs, byOps;
  for (uint32_t d = 0; d < m.decisions.size(); ++d) {
    const Decision &dec = m.decisions[d];
    if (int64_t(s) < dec.spanBegin || int64_t(s) > dec.spanEnd)
      continue;
    if (!spend(work, dec.choices.size()))
      return false;
    // choices[0] is the empty cut set (enumerateChoices).
    int64_t none = ownBytesAt(m, d, dec.choices[0], s), least = none;
    for (const Choice &c : dec.choices)
      least = std::min(least, ownBytesAt(m, d, c, s));
    noRecompute += none;
    if (least < none) {
      byMacs.push_back({none - least, dec.runMacs});
      byOps.push_back({none - least, dec.runOps});
    }
  }
  if (!spend(work, 2 * byMacs.size() + 1))
    return false;
  int64_t saved =
      std::min(fractionalKnapsack(std::move(byMacs), m.limits.macBudget),
               fractionalKnapsack(std::move(byOps), m.limits.opBudget));
  bound = noRecompute - saved;
  return true;
}

} // namespace

BudgetBoundResult
peakmem::recomputeBudgetBound(const Problem &p, const Order &order,
                              const std::vector<Producer> &producers,
                              const RecomputeOptions &options,
                              WorkBudget &work) {
  BudgetBoundResult r;
  WorkUnits startUsed = work.used();
  Model m;
  ExactRecomputeResult prepared;
  bool done = prepareExact(p, order, producers, options, m, prepared, work);
  r.peakBefore = prepared.peakBefore;
  r.relaxation = prepared.relaxation;
  r.decisions = prepared.decisions;
  r.bound = prepared.lowerBound;
  r.reason = prepared.reason;
  for (size_t s = 0; done && s < m.slots.size(); ++s) {
    if (m.slots[s].decision >= 0)
      continue;
    int64_t here = 0;
    done = boundAt(m, s, work, here);
    if (done && here > r.bound) {
      r.bound = here;
      r.at = int64_t(m.slots[s].stmt);
    }
  }
  r.complete = done;
  if (!done && r.reason.empty())
    r.reason = "the work limit ran out";
  r.workUsed = work.used() - startUsed;
  return r;
}
