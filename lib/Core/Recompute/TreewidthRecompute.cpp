//===- TreewidthRecompute.cpp - Exact plans by a DP over bags -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// exactRecomputeTreewidth (TreewidthRecompute.h). The slot model of the
// order (ExactModel.h) is a constraint problem: one variable per decision
// (its choice), one function per slot (the memory there, read from the
// choices of the decisions readAt names, when the slot runs), the objective
// the maximum of those functions with additive costs under the budgets. Its
// interaction graph (the decisions read at one slot form a clique) is
// decomposed by min-fill; the elimination order gives the bags (bag i:
// elimination[i] and its neighbours eliminated later) and each slot goes to
// the bag of the first-eliminated decision it reads (that bag holds all of
// them, a clique). Bags are solved in elimination order (children first),
// by bucket elimination: for each key of the bag's decisions within the
// budgets, the peak over its slots, joined with each child's table at the
// key's restriction to the child's separator (peaks take the maximum, costs
// add), then the bag's own decision is eliminated: its choice's costs are
// added to the entries and it leaves the key. Entries carry the costs of
// the eliminated decisions only; a key's own costs are added when it is
// checked against the budgets (costs are non-negative). A dominated entry is
// never needed: what the rest adds depends on the key alone. Slots that
// read no decision add a constant.
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Recompute/TreewidthRecompute.h"
#include "peakmem/Core/Recompute/TreeDecomposition.h"

#include "ExactModel.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace peakmem;
using namespace peakmem::exact;

namespace {

using Key = std::vector<uint16_t>;
using States = std::map<Key, std::vector<Entry>>;

/// The decomposition of eliminating the vertices in `order` (bags and
/// parents as minFillDecomposition). Work: one unit per neighbour visited
/// and per fill edge tried.
bool eliminate(size_t n,
               const std::vector<std::pair<uint32_t, uint32_t>> &edges,
               const std::vector<uint32_t> &order, TreeDecomposition &td,
               WorkBudget &work) {
  std::vector<std::set<uint32_t>> adj(n);
  for (auto [a, b] : edges) {
    adj[a].insert(b);
    adj[b].insert(a);
  }
  std::vector<size_t> step(n, 0);
  for (size_t i = 0; i < order.size(); ++i)
    step[order[i]] = i;
  for (uint32_t v : order) {
    std::vector<uint32_t> nb(adj[v].begin(), adj[v].end());
    if (!spend(work, 1 + nb.size() * nb.size()))
      return false;
    for (uint32_t a : nb) {
      adj[a].erase(v);
      adj[a].insert(nb.begin(), nb.end());
      adj[a].erase(a);
    }
    int64_t parent = -1;
    for (uint32_t a : nb)
      if (parent < 0 || int64_t(step[a]) < parent)
        parent = int64_t(step[a]);
    nb.push_back(v);
    std::sort(nb.begin(), nb.end());
    td.width = std::max(td.width, nb.size() - 1);
    td.bags.push_back(std::move(nb));
    td.parents.push_back(parent);
    td.elimination.push_back(v);
  }
  td.finished = true;
  return true;
}

struct BagProgram {
  const Model &m;
  WorkBudget &work;
  ExactRecomputeResult &r;
  TreeDecomposition td;
  /// Per bag: its slots and its child bags; per bag solved: its table over
  /// its separator (the bag without its eliminated decision).
  std::vector<std::vector<size_t>> slotsOf, children;
  std::vector<States> tables;
  /// The peak over the slots that read no decision.
  int64_t constantPeak = 0;

  size_t nd() const { return m.decisions.size(); }

  /// The interaction graph, its decomposition and the slots of each bag.
  bool decompose() {
    std::set<std::pair<uint32_t, uint32_t>> pairs;
    std::vector<std::vector<uint32_t>> reads(m.slots.size());
    for (size_t s = 0; s < m.slots.size(); ++s) {
      if (!spend(work, 1 + m.var[s].size() + m.copies[s].size()))
        return false;
      reads[s] = readAt(m, s);
      size_t k = reads[s].size();
      if (!spend(work, k * k / 2))
        return false;
      for (size_t a = 0; a < k; ++a)
        for (size_t b = a + 1; b < k; ++b)
          pairs.insert({reads[s][a], reads[s][b]});
    }
    std::vector<std::pair<uint32_t, uint32_t>> edges(pairs.begin(),
                                                     pairs.end());
    // The spans' order (by their end) eliminates the interval graph of the
    // spans, which contains this graph, without fill beyond it: its bags
    // are never larger than the sweep's states. Min-fill, when narrower.
    std::vector<uint32_t> byEnd(nd());
    for (uint32_t d = 0; d < nd(); ++d)
      byEnd[d] = d;
    std::sort(byEnd.begin(), byEnd.end(), [&](uint32_t a, uint32_t b) {
      return std::make_tuple(m.decisions[a].spanEnd, m.decisions[a].spanBegin,
                             a) < std::make_tuple(m.decisions[b].spanEnd,
                                                  m.decisions[b].spanBegin, b);
    });
    if (!eliminate(nd(), edges, byEnd, td, work))
      return false;
    // Its own budget of what is left, so that its charges cannot overshoot.
    WorkBudget sub(work.left(), work.timeCap());
    TreeDecomposition fill = minFillDecomposition(nd(), edges, sub);
    if (!spend(work, sub.used()) || !fill.finished)
      return false;
    if (fill.width < td.width)
      td = std::move(fill);
    std::vector<size_t> step(nd(), 0);
    for (size_t i = 0; i < td.elimination.size(); ++i)
      step[td.elimination[i]] = i;
    slotsOf.assign(nd(), {});
    children.assign(nd(), {});
    for (size_t i = 0; i < td.parents.size(); ++i)
      if (td.parents[i] >= 0)
        children[size_t(td.parents[i])].push_back(i);
    for (size_t s = 0; s < m.slots.size(); ++s) {
      if (reads[s].empty()) {
        constantPeak = std::max(constantPeak, m.base[s]);
        continue;
      }
      size_t first = step[reads[s][0]];
      for (uint32_t d : reads[s])
        first = std::min(first, step[d]);
      slotsOf[first].push_back(s);
    }
    for (const std::vector<uint32_t> &bag : td.bags)
      r.width = std::max(r.width, bag.size());
    return true;
  }

  /// Joins `front` with the entries of `more` (costs add, peaks take the
  /// maximum), keeping those within the budgets with the key's own costs.
  bool cross(std::vector<Entry> &front, const std::vector<Entry> &more,
             int64_t keyMacs, int64_t keyOps) {
    if (!spend(work, 1 + front.size() * more.size() * recordUnits(nd())))
      return false;
    std::vector<Entry> out;
    for (const Entry &a : front)
      for (const Entry &b : more) {
        Entry e{std::max(a.peak, b.peak), a.macs + b.macs, a.ops + b.ops,
                a.record};
        if (!m.limits.fits(e.macs + keyMacs, e.ops + keyOps))
          continue;
        for (size_t d = 0; d < nd(); ++d)
          if (b.record[d] != kNone)
            e.record[d] = b.record[d];
        out.push_back(std::move(e));
      }
    front = std::move(out);
    return front.empty() || prune(front, nd(), work);
  }

  /// One key of bag `i`: its slots, its children's tables, then its own
  /// decision eliminated into `out`.
  bool solveKey(size_t i, const Key &key, int64_t keyMacs, int64_t keyOps,
                States &out) {
    if (!spend(work, recordUnits(nd()) + slotsOf[i].size()))
      return false;
    Entry e{0, 0, 0, Key(nd(), kNone)};
    for (size_t s : slotsOf[i])
      if (slotRuns(m, s, key)) {
        if (!spend(work, m.var[s].size() + m.copies[s].size()))
          return false;
        e.peak = std::max(e.peak, memAt(m, s, key));
      }
    std::vector<Entry> front{std::move(e)};
    for (size_t c : children[i]) {
      Key sep(nd(), kNone);
      for (uint32_t d : td.bags[c])
        if (d != td.elimination[c])
          sep[d] = key[d];
      auto it = tables[c].find(sep);
      if (it == tables[c].end())
        return true; // Nothing below fits the budgets with this key.
      if (!cross(front, it->second, keyMacs, keyOps))
        return false;
      if (front.empty())
        return true;
    }
    uint32_t v = td.elimination[i];
    const Choice &own = choiceOf(m, v, key);
    Key rest = key;
    rest[v] = kNone;
    std::vector<Entry> &into = out[rest];
    if (!spend(work, front.size() * recordUnits(nd())))
      return false;
    for (Entry &f : front) {
      f.macs += own.macs;
      f.ops += own.ops;
      f.record[v] = key[v];
      into.push_back(std::move(f));
    }
    return true;
  }

  /// Every key of bag `i`'s decisions from `at` on within the budgets.
  bool enumerate(size_t i, size_t at, Key &key, int64_t macs, int64_t ops,
                 States &out) {
    const std::vector<uint32_t> &bag = td.bags[i];
    if (at == bag.size())
      return solveKey(i, key, macs, ops, out);
    uint32_t d = bag[at];
    const std::vector<Choice> &choices = m.decisions[d].choices;
    for (size_t c = 0; c < choices.size(); ++c) {
      if (!spend(work, 1))
        return false;
      if (!m.limits.fits(macs + choices[c].macs, ops + choices[c].ops))
        continue;
      key[d] = uint16_t(c);
      if (!enumerate(i, at + 1, key, macs + choices[c].macs,
                     ops + choices[c].ops, out))
        return false;
    }
    key[d] = kNone;
    return true;
  }

  /// Solves every bag; `best` is the least plan.
  bool run(Entry &best) {
    tables.assign(nd(), {});
    std::vector<Entry> plans{Entry{constantPeak, 0, 0, Key(nd(), kNone)}};
    for (size_t i = 0; i < td.bags.size(); ++i) {
      Key key(nd(), kNone);
      States out;
      if (!enumerate(i, 0, key, 0, 0, out))
        return false;
      for (auto &kv : out)
        if (!prune(kv.second, nd(), work))
          return false;
      r.maxStates = std::max(r.maxStates, out.size());
      tables[i] = std::move(out);
      for (size_t c : children[i])
        tables[c].clear();
      if (td.parents[i] >= 0)
        continue;
      // A root: its table has the one empty key (the plan without cuts
      // always fits).
      auto it = tables[i].find(Key(nd(), kNone));
      if (it == tables[i].end()) {
        r.reason = "internal error: no plan fits at a root";
        return false;
      }
      if (!cross(plans, it->second, 0, 0))
        return false;
      tables[i].clear();
    }
    if (plans.empty()) {
      r.reason = "internal error: no plan fits";
      return false;
    }
    best = plans.front();
    return true;
  }
};

} // namespace

ExactRecomputeResult
peakmem::exactRecomputeTreewidth(const Problem &p, const Order &order,
                                 const std::vector<Producer> &producers,
                                 const RecomputeOptions &options,
                                 WorkBudget &work) {
  return runExact(p, order, producers, options, work,
                  [&](const Model &m, ExactRecomputeResult &r, Entry &best) {
                    BagProgram bp{m, work, r, {}, {}, {}, {}, 0};
                    return bp.decompose() && bp.run(best);
                  });
}
