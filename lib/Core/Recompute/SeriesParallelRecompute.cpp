//===- SeriesParallelRecompute.cpp - Exact plans over an SP decomposition -===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// exactRecomputeSeriesParallel (SeriesParallel.h). The slot model of the
// decomposition's order (ExactModel.h) is folded bottom-up over the tree:
// every node covers a contiguous range of slots (its statements and the
// clone slots before each). A node's table maps each key (the choices of
// the decisions "open" at the node: span meets the range, and not inside
// it) to the Pareto front of (peak over the range, extra MACs, extra
// operations) over the choices of the decisions already projected out (span
// inside the range); an entry's costs include the key's choices, so the
// budgets cut a key as soon as it cannot fit. A leaf enumerates its open
// decisions' choices and evaluates its slots (memory at a slot depends only on
// the decisions whose span contains it); a series or parallel node joins its
// children's tables left to right on their shared decisions (peaks take the
// maximum, costs add, minus the shared decisions' costs, counted in both) and
// projects out the decisions whose span the joined range now contains. A
// dominated entry is never needed, since what the rest of the block adds
// depends on the key alone.
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Recompute/SeriesParallel.h"

#include "ExactModel.h"

#include <algorithm>
#include <map>

using namespace peakmem;
using namespace peakmem::exact;

namespace {

using States = std::map<std::vector<uint16_t>, std::vector<Entry>>;

struct Table {
  int64_t lo = 0, hi = -1;
  /// The open decisions, ascending.
  std::vector<uint32_t> open;
  States states;
};

struct Folder {
  const Model &m;
  const SeriesParallelDecomposition &dec;
  WorkBudget &work;
  ExactRecomputeResult &r;

  size_t nd() const { return m.decisions.size(); }

  bool withinBudget(const Entry &e) const {
    return m.limits.fits(e.macs, e.ops);
  }

  void note(const Table &t) {
    r.width = std::max(r.width, t.open.size());
    r.maxStates = std::max(r.maxStates, t.states.size());
  }

  /// Projects out the open decisions whose span lies in [t.lo, t.hi].
  bool project(Table &t) {
    std::vector<uint32_t> closing, staying;
    for (uint32_t d : t.open)
      (m.decisions[d].spanBegin >= t.lo && m.decisions[d].spanEnd <= t.hi
           ? closing
           : staying)
          .push_back(d);
    if (closing.empty())
      return true;
    States next;
    for (auto &[key, front] : t.states) {
      if (!spend(work, (front.size() + 1) * recordUnits(nd())))
        return false;
      std::vector<uint16_t> k = key;
      for (uint32_t d : closing)
        k[d] = kNone;
      std::vector<Entry> &into = next[k];
      for (Entry &e : front) {
        for (uint32_t d : closing)
          e.record[d] = key[d];
        into.push_back(std::move(e));
      }
    }
    t.states.clear();
    for (auto &[key, front] : next)
      if (!front.empty()) {
        if (!prune(front, nd(), work))
          return false;
        t.states.emplace(key, std::move(front));
      }
    t.open = std::move(staying);
    return true;
  }

  /// Adds to `t` every key of the open decisions from `i` on within the
  /// budgets (costs only add, so a partial key over them is cut).
  bool enumerate(Table &t, size_t i, std::vector<uint16_t> &key, int64_t macs,
                 int64_t ops) {
    if (i == t.open.size()) {
      if (!spend(work, recordUnits(nd()) + size_t(t.hi - t.lo + 1)))
        return false;
      Entry e{0, macs, ops, std::vector<uint16_t>(nd(), kNone)};
      for (int64_t s = t.lo; s <= t.hi; ++s)
        if (slotRuns(m, size_t(s), key)) {
          if (!spend(work, m.var[s].size() + m.copies[s].size()))
            return false;
          e.peak = std::max(e.peak, memAt(m, size_t(s), key));
        }
      t.states[key].push_back(std::move(e));
      return true;
    }
    uint32_t d = t.open[i];
    const std::vector<Choice> &choices = m.decisions[d].choices;
    for (size_t c = 0; c < choices.size(); ++c) {
      if (!spend(work, 1))
        return false;
      if (!m.limits.fits(macs + choices[c].macs, ops + choices[c].ops))
        continue;
      key[d] = uint16_t(c);
      if (!enumerate(t, i + 1, key, macs + choices[c].macs,
                     ops + choices[c].ops))
        return false;
    }
    key[d] = kNone;
    return true;
  }

  /// The table of the statement order[at] and the clone slots before it.
  /// An entry's costs are those of every decision it has a choice for: the
  /// projected ones and the key's.
  bool leaf(size_t at, Table &t) {
    t.lo = at == 0 ? 0 : m.origSlot[dec.order[at - 1]] + 1;
    t.hi = m.origSlot[dec.order[at]];
    for (uint32_t d = 0; d < nd(); ++d)
      if (m.decisions[d].spanBegin <= t.hi && m.decisions[d].spanEnd >= t.lo)
        t.open.push_back(d);
    std::vector<uint16_t> key(nd(), kNone);
    if (!enumerate(t, 0, key, 0, 0))
      return false;
    note(t);
    return project(t);
  }

  /// `a` followed by `b` (consecutive ranges), into `a`.
  bool join(Table &a, Table &b) {
    std::vector<uint32_t> shared, onlyB;
    for (uint32_t d : b.open)
      (std::binary_search(a.open.begin(), a.open.end(), d) ? shared : onlyB)
          .push_back(d);
    std::map<std::vector<uint16_t>, std::vector<const States::value_type *>>
        byShared;
    for (const auto &kv : b.states) {
      std::vector<uint16_t> s;
      for (uint32_t d : shared)
        s.push_back(kv.first[d]);
      byShared[s].push_back(&kv);
    }
    States out;
    for (const auto &[ka, fa] : a.states) {
      std::vector<uint16_t> s;
      for (uint32_t d : shared)
        s.push_back(ka[d]);
      auto it = byShared.find(s);
      if (it == byShared.end())
        continue;
      for (const States::value_type *kb : it->second) {
        std::vector<uint16_t> k = ka;
        for (uint32_t d : onlyB)
          k[d] = kb->first[d];
        std::vector<Entry> front;
        if (!spend(work, 1 + fa.size() * kb->second.size() * recordUnits(nd())))
          return false;
        // The shared decisions' costs are in both entries.
        int64_t sharedMacs = 0, sharedOps = 0;
        for (uint32_t d : shared) {
          sharedMacs += choiceOf(m, d, ka).macs;
          sharedOps += choiceOf(m, d, ka).ops;
        }
        for (const Entry &ea : fa)
          for (const Entry &eb : kb->second) {
            Entry e{std::max(ea.peak, eb.peak), ea.macs + eb.macs - sharedMacs,
                    ea.ops + eb.ops - sharedOps, ea.record};
            for (size_t d = 0; d < nd(); ++d)
              if (eb.record[d] != kNone)
                e.record[d] = eb.record[d];
            if (withinBudget(e))
              front.push_back(std::move(e));
          }
        if (front.empty())
          continue;
        if (!prune(front, nd(), work))
          return false;
        out.emplace(std::move(k), std::move(front));
      }
    }
    a.hi = b.hi;
    a.open.insert(a.open.end(), onlyB.begin(), onlyB.end());
    std::sort(a.open.begin(), a.open.end());
    a.states = std::move(out);
    note(a);
    return project(a);
  }

  bool fold(uint32_t v, Table &t) {
    const SeriesParallelNode &node = dec.nodes[v];
    if (node.kind == SeriesParallelNode::Kind::Statement)
      return leaf(node.begin, t);
    for (size_t i = 0; i < node.children.size(); ++i) {
      if (i == 0) {
        if (!fold(node.children[0], t))
          return false;
        continue;
      }
      Table next;
      if (!fold(node.children[i], next) || !join(t, next))
        return false;
    }
    return true;
  }
};

} // namespace

ExactRecomputeResult peakmem::exactRecomputeSeriesParallel(
    const Problem &p, const SeriesParallelDecomposition &dec,
    const std::vector<Producer> &producers, const RecomputeOptions &options,
    WorkBudget &work) {
  if (!dec.seriesParallel || dec.order.size() != p.numStatements()) {
    ExactRecomputeResult r;
    r.reason = "the block is not series-parallel";
    r.plan.problem = p;
    r.plan.order = dec.order;
    return r;
  }
  return runExact(p, dec.order, producers, options, work,
                  [&](const Model &m, ExactRecomputeResult &r, Entry &best) {
                    if (dec.nodes.empty())
                      return true;
                    Table root;
                    Folder f{m, dec, work, r};
                    if (!f.fold(dec.root, root))
                      return false;
                    if (!root.open.empty() || root.states.size() != 1) {
                      r.reason =
                          "internal error: decisions left open at the root";
                      return false;
                    }
                    best = root.states.begin()->second.front();
                    return true;
                  });
}
