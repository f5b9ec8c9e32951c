//===- ExactRecompute.cpp - Exact recompute plans over a fixed order ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// exactRecomputeFixedOrder (ExactRecompute.h), a dynamic program along the
// order. The order with every clone some plan may insert is a sequence of
// slots (a clone slot is present only in plans that cut there). A buffer's
// choice (its cut set) changes memory only in its span, which covers its own
// lifetime, its clones and the inputs they keep alive. Sweeping the slots, a
// buffer's choices are branched on when its span begins and projected out
// when it ends: a state is the choices of the buffers whose span contains the
// slot (a path decomposition of the spans' interval graph). The memory at a
// slot is a function of the state; per state the program keeps the Pareto
// front of (peak so far, extra MACs, extra operations) over the choices
// already projected out (the knapsack part: costs add up and what follows
// depends on the state only, so a dominated entry is never needed).
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Recompute/ExactRecompute.h"

#include "ExactModel.h"

#include <algorithm>
#include <map>

using namespace peakmem;
using namespace peakmem::exact;

namespace {

using States = std::map<std::vector<uint16_t>, std::vector<Entry>>;

/// Branches every state on the choices of decision `d`.
bool introduce(const Model &m, uint32_t d, const recompute::Limits &lim,
               States &states, WorkBudget &work) {
  States next;
  const Decision &dec = m.decisions[d];
  for (auto &[key, front] : states)
    for (size_t c = 0; c < dec.choices.size(); ++c) {
      if (!spend(work, (front.size() + 1) * recordUnits(key.size())))
        return false;
      std::vector<uint16_t> k = key;
      k[d] = uint16_t(c);
      std::vector<Entry> out;
      for (const Entry &e : front) {
        Entry n = e;
        n.macs += dec.choices[c].macs;
        n.ops += dec.choices[c].ops;
        n.record[d] = uint16_t(c);
        if (lim.fits(n.macs, n.ops))
          out.push_back(std::move(n));
      }
      if (!out.empty())
        next.emplace(std::move(k), std::move(out));
    }
  states = std::move(next);
  return true;
}

/// Projects decision `d` out of every state, merging the fronts.
bool forget(uint32_t d, States &states, WorkBudget &work) {
  States next;
  for (auto &[key, front] : states) {
    if (!spend(work, (front.size() + 1) * recordUnits(key.size())))
      return false;
    std::vector<uint16_t> k = key;
    k[d] = kNone;
    std::vector<Entry> &into = next[k];
    into.insert(into.end(), std::make_move_iterator(front.begin()),
                std::make_move_iterator(front.end()));
  }
  for (auto &[key, front] : next)
    if (!prune(front, key.size(), work))
      return false;
  states = std::move(next);
  return true;
}

/// The sweep; false when the work ran out. `best` is the least entry.
bool sweep(const Model &m, const recompute::Limits &lim, Entry &best,
           ExactRecomputeResult &r, WorkBudget &work) {
  size_t nd = m.decisions.size();
  States states;
  states[std::vector<uint16_t>(nd, kNone)].push_back(
      {0, 0, 0, std::vector<uint16_t>(nd, kNone)});
  for (size_t s = 0; s < m.slots.size(); ++s) {
    for (uint32_t d : m.begins[s])
      if (!introduce(m, d, lim, states, work))
        return false;
    r.maxStates = std::max(r.maxStates, states.size());
    const Slot &sl = m.slots[s];
    for (auto &[key, front] : states) {
      if (sl.decision >= 0 &&
          !choiceOf(m, uint32_t(sl.decision), key).present[sl.user])
        continue;
      if (!spend(work, front.size() + m.var[s].size() + m.copies[s].size() + 1))
        return false;
      int64_t mem = memAt(m, s, key);
      for (Entry &e : front)
        e.peak = std::max(e.peak, mem);
      if (!prune(front, key.size(), work))
        return false;
    }
    size_t active = 0;
    for (uint16_t c : states.begin()->first)
      active += c != kNone;
    r.width = std::max(r.width, active);
    for (uint32_t d : m.ends[s])
      if (!forget(d, states, work))
        return false;
  }
  best = states.begin()->second.front();
  return true;
}

} // namespace

ExactRecomputeResult
peakmem::exactRecomputeFixedOrder(const Problem &p, const Order &order,
                                  const std::vector<Producer> &producers,
                                  const RecomputeOptions &options,
                                  WorkBudget &work) {
  return runExact(p, order, producers, options, work,
                  [&](const Model &m, ExactRecomputeResult &r, Entry &best) {
                    return sweep(m, m.limits, best, r, work);
                  });
}
