//===- ExactModel.cpp - The slot model of the exact recompute programs ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// ExactModel.h: the slots, decisions and per-slot memory of a fixed order,
// the relaxation bound, Pareto fronts, and turning the best entry into a
// checked plan. Shared by the sweep along the order (ExactRecompute.cpp) and
// the fold over a series-parallel decomposition (SeriesParallelRecompute.cpp).
//===----------------------------------------------------------------------===//

#include "ExactModel.h"

#include "peakmem/Core/Model/Simulation.h"

#include <algorithm>
#include <tuple>

using namespace peakmem;
using namespace peakmem::exact;

namespace {

/// At most this many choices per buffer (state keys are 16-bit).
constexpr size_t kMaxChoices = 0xFFFE;

int64_t nonNegative(int64_t v) { return std::max<int64_t>(0, v); }

std::string checkInput(const Problem &p, const Order &order,
                       const std::vector<Producer> &producers) {
  std::string bad = p.check();
  if (!bad.empty())
    return "invalid problem: " + bad;
  if (!isLegalOrder(p, order))
    return "the order is not a legal order of the problem";
  std::vector<uint8_t> seenBuffer(p.numBuffers(), 0);
  std::vector<uint8_t> inGroup(p.numStatements(), 0);
  for (const Producer &pr : producers) {
    if (pr.buffer >= p.numBuffers())
      return "a producer's buffer is out of range";
    if (seenBuffer[pr.buffer]++)
      return "two producers name one buffer";
    if (pr.group.empty())
      return "a producer group is empty";
    for (StmtId g : pr.group) {
      if (g >= p.numStatements())
        return "a group member is out of range";
      const Statement &st = p.statement(g);
      if (st.kind != StmtKind::Compute)
        return "a group member is not a compute statement";
      if (!std::binary_search(st.buffers.begin(), st.buffers.end(), pr.buffer))
        return "a group member does not use its buffer";
      if (inGroup[g]++)
        return "a statement is in two producer groups";
    }
  }
  return "";
}

bool usesBuffer(const Problem &p, StmtId s, BufferId b) {
  const auto &bs = p.statement(s).buffers;
  return std::binary_search(bs.begin(), bs.end(), b);
}

/// The decision of `pr`, without choices and slots: members and users by
/// position, and which users a clone may run before.
Decision decisionOf(const Problem &p, const Producer &pr,
                    const std::vector<size_t> &pos) {
  Decision d;
  d.buffer = pr.buffer;
  d.bytes = p.buffer(pr.buffer).bytes;
  d.members = pr.group;
  std::sort(d.members.begin(), d.members.end(),
            [&](StmtId a, StmtId b) { return pos[a] < pos[b]; });
  for (StmtId u : p.buffer(pr.buffer).users)
    if (std::find(d.members.begin(), d.members.end(), u) == d.members.end())
      d.users.push_back(u);
  std::sort(d.users.begin(), d.users.end(),
            [&](StmtId a, StmtId b) { return pos[a] < pos[b]; });
  size_t lastMember = pos[d.members.back()];
  // A clone runs after the whole group and before every successor of a
  // member that does not use the buffer (the copied edges).
  size_t latest = p.numStatements();
  for (StmtId g : d.members) {
    d.runMacs += nonNegative(p.statement(g).macs);
    d.runOps += nonNegative(p.statement(g).ops);
    for (StmtId y : p.succs(g))
      if (!usesBuffer(p, y, pr.buffer))
        latest = std::min(latest, pos[y]);
  }
  d.startOk.assign(d.users.size(), 0);
  for (size_t j = 0; j < d.users.size(); ++j)
    d.startOk[j] = pos[d.users[j]] > lastMember && pos[d.users[j]] <= latest;
  return d;
}

/// Every set of at most `maxCuts` admissible starts (the empty set first).
bool enumerateChoices(Decision &d, size_t maxCuts, WorkBudget &work) {
  std::vector<uint32_t> ok;
  for (size_t j = 0; j < d.startOk.size(); ++j)
    if (d.startOk[j])
      ok.push_back(uint32_t(j));
  std::vector<uint32_t> cur;
  bool fits = true;
  auto rec = [&](auto &&self, size_t from) -> void {
    if (!fits)
      return;
    Choice c;
    c.starts = cur;
    d.choices.push_back(std::move(c));
    if (d.choices.size() > kMaxChoices || !spend(work, 1)) {
      fits = false;
      return;
    }
    if (cur.size() == maxCuts)
      return;
    for (size_t i = from; i < ok.size(); ++i) {
      cur.push_back(ok[i]);
      self(self, i + 1);
      cur.pop_back();
    }
  };
  rec(rec, 0);
  return fits;
}

/// Fills each choice's present/segEnd/seg1End once the slots are known.
void finishChoices(Decision &d, const std::vector<int64_t> &origSlot) {
  int64_t lastMember = 0;
  for (StmtId g : d.members)
    lastMember = std::max(lastMember, origSlot[g]);
  for (Choice &c : d.choices) {
    c.present.assign(d.users.size(), 0);
    c.segEnd.assign(d.users.size(), 0);
    for (size_t i = 0; i < c.starts.size(); ++i) {
      size_t end = i + 1 < c.starts.size() ? c.starts[i + 1] : d.users.size();
      c.present[c.starts[i]] = 1;
      c.segEnd[c.starts[i]] = origSlot[d.users[end - 1]];
    }
    size_t firstCut = c.starts.empty() ? d.users.size() : c.starts[0];
    c.seg1End = lastMember;
    if (firstCut > 0)
      c.seg1End = std::max(c.seg1End, origSlot[d.users[firstCut - 1]]);
    c.macs = int64_t(c.starts.size()) * d.runMacs;
    c.ops = int64_t(c.starts.size()) * d.runOps;
  }
}

/// The slot sequence: before each statement of the order, the clone slots
/// of every cut that may start there (by decision, members by position).
void buildSlots(const Problem &p, const Order &order, Model &m,
                std::vector<int64_t> &origSlot) {
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> startsAt(
      p.numStatements());
  for (uint32_t d = 0; d < m.decisions.size(); ++d) {
    Decision &dec = m.decisions[d];
    dec.cloneSlot.assign(dec.users.size(), -1);
    for (uint32_t j = 0; j < dec.users.size(); ++j)
      if (dec.startOk[j])
        startsAt[dec.users[j]].push_back({d, j});
  }
  origSlot.assign(p.numStatements(), 0);
  for (StmtId s : order) {
    for (auto [d, j] : startsAt[s]) {
      Decision &dec = m.decisions[d];
      dec.cloneSlot[j] = int64_t(m.slots.size());
      for (StmtId g : dec.members)
        m.slots.push_back({g, int32_t(d), j});
    }
    origSlot[s] = int64_t(m.slots.size());
    m.slots.push_back({s, -1, 0});
  }
}

/// Per-slot constant memory, state-dependent buffers and clone copies.
void buildMemory(const Problem &p, Model &m,
                 const std::vector<int64_t> &origSlot) {
  size_t ns = m.slots.size();
  std::vector<int64_t> diff(ns + 1, 0);
  m.var.assign(ns, {});
  m.copies.assign(ns, {});
  std::vector<int32_t> decisionOf(p.numBuffers(), -1);
  for (uint32_t d = 0; d < m.decisions.size(); ++d)
    decisionOf[m.decisions[d].buffer] = int32_t(d);
  std::vector<std::vector<Reader>> readers(p.numBuffers());
  for (size_t s = 0; s < ns; ++s) {
    const Slot &sl = m.slots[s];
    if (sl.decision < 0)
      continue;
    BufferId own = m.decisions[sl.decision].buffer;
    for (BufferId x : p.statement(sl.stmt).buffers)
      if (x != own)
        readers[x].push_back({uint32_t(sl.decision), sl.user, int64_t(s)});
  }
  for (BufferId x = 0; x < p.numBuffers(); ++x) {
    const Buffer &buf = p.buffer(x);
    if (buf.users.empty())
      continue;
    int64_t first = int64_t(ns), last = 0, lastMember = 0;
    for (StmtId u : buf.users) {
      first = std::min(first, origSlot[u]);
      last = std::max(last, origSlot[u]);
    }
    int32_t d = decisionOf[x];
    if (d >= 0)
      for (StmtId g : m.decisions[d].members)
        lastMember = std::max(lastMember, origSlot[g]);
    int64_t fixedLast = !buf.freedInBlock ? int64_t(ns) - 1
                        : d >= 0          ? lastMember
                                          : last;
    diff[first] += buf.bytes;
    diff[fixedLast + 1] -= buf.bytes;
    int64_t varEnd = d >= 0 ? last : fixedLast;
    for (const Reader &r : readers[x])
      varEnd = std::max(varEnd, r.slot);
    if (!buf.freedInBlock || varEnd <= fixedLast)
      continue;
    uint32_t v = uint32_t(m.vars.size());
    m.vars.push_back({buf.bytes, d, readers[x]});
    for (int64_t s = fixedLast + 1; s <= varEnd; ++s)
      m.var[s].push_back(v);
  }
  m.base.assign(ns, p.liveIn);
  int64_t run = 0;
  for (size_t s = 0; s < ns; ++s) {
    run += diff[s];
    m.base[s] += run + p.statement(m.slots[s].stmt).scratch;
  }
  for (uint32_t d = 0; d < m.decisions.size(); ++d) {
    const Decision &dec = m.decisions[d];
    for (uint32_t j = 0; j < dec.users.size(); ++j)
      for (int64_t s = dec.cloneSlot[j];
           dec.cloneSlot[j] >= 0 && s <= dec.spanEnd; ++s)
        m.copies[s].push_back({d, j});
  }
}

/// Builds the model; false when the work ran out.
bool buildModel(const Problem &p, const Order &order,
                const std::vector<Producer> &producers,
                const RecomputeOptions &options, Model &m, WorkBudget &work) {
  if (!spend(work, p.linearSize() + producers.size()))
    return false;
  std::vector<size_t> pos(p.numStatements());
  for (size_t i = 0; i < order.size(); ++i)
    pos[order[i]] = i;
  recompute::Limits lim =
      recompute::limitsOf(options, p.totalMacs(), p.totalOps());
  std::vector<Producer> sorted = producers;
  std::sort(
      sorted.begin(), sorted.end(),
      [](const Producer &a, const Producer &b) { return a.buffer < b.buffer; });
  for (const Producer &pr : sorted) {
    if (!p.buffer(pr.buffer).freedInBlock)
      continue;
    Decision d = decisionOf(p, pr, pos);
    size_t maxCuts = lim.perOp;
    if (d.runMacs > 0)
      maxCuts = std::min<size_t>(maxCuts, size_t(lim.macBudget / d.runMacs));
    if (d.runOps > 0)
      maxCuts = std::min<size_t>(maxCuts, size_t(lim.opBudget / d.runOps));
    if (maxCuts == 0 ||
        std::find(d.startOk.begin(), d.startOk.end(), 1) == d.startOk.end())
      continue;
    if (!enumerateChoices(d, maxCuts, work))
      return false;
    m.decisions.push_back(std::move(d));
  }
  m.limits = lim;
  std::vector<int64_t> &origSlot = m.origSlot;
  buildSlots(p, order, m, origSlot);
  if (!spend(work, m.slots.size() * (m.decisions.size() + 1)))
    return false;
  m.begins.assign(m.slots.size(), {});
  m.ends.assign(m.slots.size(), {});
  for (uint32_t d = 0; d < m.decisions.size(); ++d) {
    Decision &dec = m.decisions[d];
    finishChoices(dec, origSlot);
    dec.spanBegin = int64_t(m.slots.size());
    dec.spanEnd = 0;
    for (StmtId u : p.buffer(dec.buffer).users)
      dec.spanEnd = std::max(dec.spanEnd, origSlot[u]);
    // From the first use of any buffer a member uses: a clone keeps its
    // inputs alive from there (an input's own cuts may end it earlier).
    for (StmtId g : dec.members)
      for (BufferId x : p.statement(g).buffers)
        for (StmtId u : p.buffer(x).users)
          dec.spanBegin = std::min(dec.spanBegin, origSlot[u]);
    m.begins[dec.spanBegin].push_back(d);
    m.ends[dec.spanEnd].push_back(d);
  }
  buildMemory(p, m, origSlot);
  return true;
}

} // namespace

int64_t exact::ownBytesAt(const Model &m, uint32_t d, const Choice &c,
                          size_t s) {
  int64_t mem = 0;
  for (uint32_t v : m.var[s])
    if (m.vars[v].decision == int32_t(d) && c.seg1End >= int64_t(s))
      mem += m.vars[v].bytes;
  for (auto [e, j] : m.copies[s])
    if (e == d && c.present[j] && c.segEnd[j] >= int64_t(s))
      mem += m.decisions[d].bytes;
  return mem;
}

namespace {

/// The constant memory at each original slot plus each decision's least own
/// bytes there over its choices: every plan runs every original slot and
/// holds at least this much there (the decisions own disjoint bytes, and
/// the inputs clones keep alive only add). When the work runs out
/// (`complete` false), the maximum over the slots finished and of the
/// constant memory alone at every original slot (paid for with the model),
/// still a bound.
int64_t relaxationBound(const Model &m, WorkBudget &work, bool &complete) {
  int64_t bound = 0;
  for (size_t s = 0; s < m.slots.size(); ++s)
    if (m.slots[s].decision < 0)
      bound = std::max(bound, m.base[s]);
  complete = true;
  for (size_t s = 0; complete && s < m.slots.size(); ++s) {
    if (m.slots[s].decision >= 0)
      continue;
    int64_t mem = m.base[s];
    for (uint32_t d = 0; complete && d < m.decisions.size(); ++d) {
      const Decision &dec = m.decisions[d];
      if (int64_t(s) < dec.spanBegin || int64_t(s) > dec.spanEnd)
        continue;
      if (!spend(work, dec.choices.size())) {
        complete = false;
        break;
      }
      int64_t least = -1;
      for (const Choice &c : dec.choices) {
        int64_t own = ownBytesAt(m, d, c, s);
        least = least < 0 ? own : std::min(least, own);
      }
      mem += std::max<int64_t>(0, least);
    }
    if (complete)
      bound = std::max(bound, mem);
  }
  return bound;
}

} // namespace

std::vector<uint32_t> exact::readAt(const Model &m, size_t s) {
  std::vector<uint32_t> ds;
  if (m.slots[s].decision >= 0)
    ds.push_back(uint32_t(m.slots[s].decision));
  for (uint32_t v : m.var[s]) {
    const VarBuffer &vb = m.vars[v];
    // Past its span every choice of its decision has ended its original.
    if (vb.decision >= 0 && m.decisions[vb.decision].spanEnd >= int64_t(s))
      ds.push_back(uint32_t(vb.decision));
    for (const Reader &rd : vb.readers)
      if (rd.slot >= int64_t(s))
        ds.push_back(rd.decision);
  }
  for (auto [d, j] : m.copies[s])
    ds.push_back(d);
  std::sort(ds.begin(), ds.end());
  ds.erase(std::unique(ds.begin(), ds.end()), ds.end());
  return ds;
}

/// Memory at slot `s` in every plan whose active choices are `key`.
int64_t exact::memAt(const Model &m, size_t s,
                     const std::vector<uint16_t> &key) {
  int64_t mem = m.base[s];
  for (uint32_t v : m.var[s]) {
    const VarBuffer &vb = m.vars[v];
    bool live = vb.decision >= 0 && key[vb.decision] != kNone &&
                choiceOf(m, uint32_t(vb.decision), key).seg1End >= int64_t(s);
    for (size_t r = 0; !live && r < vb.readers.size(); ++r) {
      const Reader &rd = vb.readers[r];
      live = rd.slot >= int64_t(s) && key[rd.decision] != kNone &&
             choiceOf(m, rd.decision, key).present[rd.user];
    }
    if (live)
      mem += vb.bytes;
  }
  for (auto [d, j] : m.copies[s]) {
    if (key[d] == kNone)
      continue;
    const Choice &c = choiceOf(m, d, key);
    if (c.present[j] && c.segEnd[j] >= int64_t(s))
      mem += m.decisions[d].bytes;
  }
  return mem;
}

bool exact::lessEntry(const Entry &a, const Entry &b) {
  return std::tie(a.peak, a.macs, a.ops, a.record) <
         std::tie(b.peak, b.macs, b.ops, b.record);
}

/// Keeps the entries no other entry dominates (ties: the first in
/// lessEntry order).
bool exact::prune(std::vector<Entry> &front, size_t nd, WorkBudget &work) {
  if (!spend(work, front.size() * recordUnits(nd)))
    return false;
  std::sort(front.begin(), front.end(), lessEntry);
  std::vector<Entry> kept;
  for (Entry &e : front) {
    if (!spend(work, kept.size() + 1))
      return false;
    bool dominated = false;
    for (const Entry &k : kept)
      if (k.macs <= e.macs && k.ops <= e.ops) {
        dominated = true;
        break;
      }
    if (!dominated)
      kept.push_back(std::move(e));
  }
  front = std::move(kept);
  return true;
}

bool exact::prepareExact(const Problem &p, const Order &order,
                         const std::vector<Producer> &producers,
                         const RecomputeOptions &options, Model &m,
                         ExactRecomputeResult &r, WorkBudget &work) {
  r.reason = checkInput(p, order, producers);
  r.plan.problem = p;
  r.plan.order = order;
  if (!r.reason.empty())
    return false;
  r.peakBefore = r.peak = simulatePeak(p, order);
  bool done = buildModel(p, order, producers, options, m, work);
  r.decisions = m.decisions.size();
  if (done)
    r.lowerBound = r.relaxation =
        std::min(relaxationBound(m, work, done), r.peakBefore);
  if (!done)
    r.reason = "the work limit ran out";
  return done;
}

ExactStart exact::beginExact(const Problem &p, const Order &order,
                             const std::vector<Producer> &producers,
                             const RecomputeOptions &options,
                             WorkBudget &work) {
  ExactStart s;
  s.startUsed = work.used();
  s.ready = prepareExact(p, order, producers, options, s.m, s.r, work);
  return s;
}

bool exact::finishExact(const Problem &p, const Order &order,
                        const std::vector<Producer> &producers, const Model &m,
                        const Entry &best, ExactRecomputeResult &r) {
  for (uint32_t d = 0; d < m.decisions.size(); ++d) {
    const Choice &c = m.decisions[d].choices[best.record[d]];
    if (c.starts.empty())
      continue;
    FixedOrderCuts cut{m.decisions[d].buffer, {}};
    for (uint32_t j : c.starts)
      cut.cloneBefore.push_back(m.decisions[d].users[j]);
    r.cuts.push_back(std::move(cut));
  }
  r.plan = materializeFixedOrderPlan(p, order, producers, r.cuts);
  int64_t simulated = simulatePeak(r.plan.problem, r.plan.order);
  if (!r.plan.error.empty() || simulated != best.peak ||
      !isLegalOrder(r.plan.problem, r.plan.order)) {
    r.reason = "internal error: the plan's simulated peak is not the modeled "
               "one";
    r.cuts.clear();
    r.plan = FixedOrderPlan{{}, p, order, 0, 0, ""};
    return false;
  }
  r.finished = true;
  r.peak = best.peak;
  r.lowerBound = best.peak;
  r.extraMacs = best.macs;
  r.extraOps = best.ops;
  return true;
}

bool exact::finishRun(const Problem &p, const Order &order,
                      const std::vector<Producer> &producers, const Model &m,
                      bool done, const Entry &best, WorkUnits startUsed,
                      WorkBudget &work, ExactRecomputeResult &r) {
  r.workUsed = work.used() - startUsed;
  r.stoppedBy = work.stop();
  if (!done) {
    if (r.reason.empty())
      r.reason = "the work limit ran out";
    return false;
  }
  return finishExact(p, order, producers, m, best, r);
}
