//===- Bounds.cpp - Lower bounds on the minimum peak of a block -----------===//

#include "peakmem/Core/Bounds.h"
#include "peakmem/Core/MaxFlow.h"
#include "peakmem/Core/Simulation.h"

#include <algorithm>
#include <cassert>
#include <chrono>

namespace peakmem {

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

static constexpr BoundKind kAllKinds[] = {
    BoundKind::Boundary,    BoundKind::Local,       BoundKind::ForcedLive,
    BoundKind::ReverseTrap, BoundKind::ForwardTrap, BoundKind::Pairwise};

const char *boundKindName(BoundKind kind) {
  switch (kind) {
  case BoundKind::Boundary:
    return "boundary";
  case BoundKind::Local:
    return "local";
  case BoundKind::ForcedLive:
    return "forced-live";
  case BoundKind::ReverseTrap:
    return "reverse-trap";
  case BoundKind::ForwardTrap:
    return "forward-trap";
  case BoundKind::Pairwise:
    return "pairwise";
  }
  return "unknown";
}

bool parseBoundKind(const std::string &name, BoundKind &kind) {
  for (BoundKind k : kAllKinds)
    if (name == boundKindName(k)) {
      kind = k;
      return true;
    }
  return false;
}

//===----------------------------------------------------------------------===//
// Reachability
//===----------------------------------------------------------------------===//

/// Kahn order of an acyclic problem (statements on a cycle are left out).
static std::vector<StmtId> topologicalOrder(const Problem &p) {
  const size_t n = p.numStatements();
  std::vector<uint32_t> indeg(n);
  std::vector<StmtId> order;
  order.reserve(n);
  for (StmtId s = 0; s < n; ++s)
    if (!(indeg[s] = p.preds(s).size()))
      order.push_back(s);
  for (size_t i = 0; i < order.size(); ++i)
    for (StmtId t : p.succs(order[i]))
      if (--indeg[t] == 0)
        order.push_back(t);
  return order;
}

Reachability::Reachability(const Problem &p)
    : n(p.numStatements()), words((p.numStatements() + 63) / 64),
      anc(n * words, 0), desc(n * words, 0) {
  std::vector<StmtId> topo = topologicalOrder(p);
  // anc(v) = union over preds u of anc(u) + {u}, in topological order.
  for (StmtId v : topo) {
    uint64_t *row = &anc[v * words];
    for (StmtId u : p.preds(v)) {
      const uint64_t *from = &anc[u * words];
      for (size_t w = 0; w < words; ++w)
        row[w] |= from[w];
      row[u / 64] |= uint64_t(1) << (u % 64);
    }
  }
  for (auto it = topo.rbegin(); it != topo.rend(); ++it) {
    StmtId v = *it;
    uint64_t *row = &desc[v * words];
    for (StmtId s : p.succs(v)) {
      const uint64_t *from = &desc[s * words];
      for (size_t w = 0; w < words; ++w)
        row[w] |= from[w];
      row[s / 64] |= uint64_t(1) << (s % 64);
    }
  }
}

//===----------------------------------------------------------------------===//
// Cheap bounds
//===----------------------------------------------------------------------===//

int64_t baseBytes(const Problem &p, StmtId v) {
  const Statement &st = p.statement(v);
  int64_t bytes = p.liveIn + st.scratch;
  for (BufferId b : st.buffers)
    bytes += p.buffer(b).bytes;
  return bytes;
}

LowerBound boundaryBound(const Problem &p) {
  LowerBound lb;
  lb.kind = BoundKind::Boundary;
  lb.bytes = p.liveIn;
  const size_t n = p.numStatements();
  if (n == 0)
    return lb;
  // First step: a DAG source running alone; mem = base.
  int64_t entry = std::numeric_limits<int64_t>::max();
  StmtId entryWitness = 0;
  for (StmtId v = 0; v < n; ++v)
    if (p.preds(v).empty() && baseBytes(p, v) < entry) {
      entry = baseBytes(p, v);
      entryWitness = v;
    }
  // Last step: a DAG sink; every escaping buffer with a user is live, every
  // freed buffer not used by the sink is dead.
  int64_t escaping = 0;
  for (BufferId b = 0; b < p.numBuffers(); ++b)
    if (!p.buffer(b).freedInBlock && !p.buffer(b).users.empty())
      escaping += p.buffer(b).bytes;
  int64_t exit = std::numeric_limits<int64_t>::max();
  StmtId exitWitness = 0;
  for (StmtId v = 0; v < n; ++v) {
    if (!p.succs(v).empty())
      continue;
    int64_t own = p.statement(v).scratch;
    for (BufferId b : p.statement(v).buffers)
      if (p.buffer(b).freedInBlock)
        own += p.buffer(b).bytes;
    if (own < exit) {
      exit = own;
      exitWitness = v;
    }
  }
  // A cyclic (invalid) problem may lack sources or sinks: never overflow.
  if (entry == std::numeric_limits<int64_t>::max())
    entry = p.liveIn;
  if (exit == std::numeric_limits<int64_t>::max())
    exit = 0;
  exit += p.liveIn + escaping;
  if (exit >= entry) {
    lb.bytes = exit;
    lb.witness = exitWitness;
  } else {
    lb.bytes = entry;
    lb.witness = entryWitness;
  }
  return lb;
}

LowerBound localBound(const Problem &p, StmtId v) {
  LowerBound lb;
  lb.kind = BoundKind::Local;
  lb.witness = v;
  lb.bytes = baseBytes(p, v);
  return lb;
}

/// Marks `from` and everything reachable from it through `next` (preds or
/// succs) with `mark` in `marks`, skipping statements already marked so.
template <typename Next>
static void markClosure(const Problem &p, StmtId from, Next next,
                        std::vector<uint8_t> &marks, uint8_t mark) {
  std::vector<StmtId> stack{from};
  marks[from] = mark;
  while (!stack.empty()) {
    StmtId s = stack.back();
    stack.pop_back();
    for (StmtId t : next(p, s))
      if (marks[t] != mark) {
        marks[t] = mark;
        stack.push_back(t);
      }
  }
}

static const std::vector<StmtId> &predsOf(const Problem &p, StmtId s) {
  return p.preds(s);
}
static const std::vector<StmtId> &succsOf(const Problem &p, StmtId s) {
  return p.succs(s);
}

LowerBound forcedLiveBound(const Problem &p, StmtId v) {
  LowerBound lb = localBound(p, v);
  lb.kind = BoundKind::ForcedLive;
  // 1 = ancestor, 2 = descendant, 3 = v itself.
  std::vector<uint8_t> rel(p.numStatements(), 0);
  markClosure(p, v, predsOf, rel, 1);
  markClosure(p, v, succsOf, rel, 2);
  rel[v] = 3;
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    const Buffer &buf = p.buffer(b);
    bool before = false, after = false, usedByV = false;
    for (StmtId u : buf.users) {
      before |= rel[u] == 1;
      after |= rel[u] == 2;
      usedByV |= rel[u] == 3;
    }
    if (!usedByV && before && (after || !buf.freedInBlock))
      lb.bytes += buf.bytes;
  }
  return lb;
}

std::vector<int64_t> forcedLiveBounds(const Problem &p, const Reachability &r) {
  const size_t n = p.numStatements(), words = r.numWords();
  std::vector<int64_t> out(n);
  for (StmtId v = 0; v < n; ++v)
    out[v] = baseBytes(p, v);
  std::vector<uint64_t> below(words), above(words);
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    const Buffer &buf = p.buffer(b);
    if (buf.users.empty() || buf.bytes == 0)
      continue;
    // below: statements with a user among their ancestors; above: with a
    // user among their descendants. Forced at v iff below and (above or
    // escaping), for v not itself a user.
    std::fill(below.begin(), below.end(), 0);
    std::fill(above.begin(), above.end(), 0);
    for (StmtId u : buf.users) {
      const uint64_t *d = r.descendants(u), *a = r.ancestors(u);
      for (size_t w = 0; w < words; ++w) {
        below[w] |= d[w];
        above[w] |= a[w];
      }
    }
    if (buf.freedInBlock)
      for (size_t w = 0; w < words; ++w)
        below[w] &= above[w];
    for (StmtId u : buf.users)
      below[u / 64] &= ~(uint64_t(1) << (u % 64));
    for (size_t w = 0; w < words; ++w)
      for (uint64_t bits = below[w]; bits; bits &= bits - 1)
        out[w * 64 + __builtin_ctzll(bits)] += buf.bytes;
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Trap networks
//===----------------------------------------------------------------------===//

bool trapSides(const Problem &p, StmtId v, bool forward, int64_t conditionedOn,
               std::vector<TrapSide> &sides) {
  const size_t n = p.numStatements();
  if (v >= n)
    return false;
  // The executed side (P) is the source of the reverse network and the sink
  // of the forward one; v and the not-yet-executed side go opposite.
  const TrapSide executed = forward ? TrapSide::Sink : TrapSide::Source;
  const TrapSide pending = forward ? TrapSide::Source : TrapSide::Sink;
  std::vector<uint8_t> marks(n, 0);
  markClosure(p, v, predsOf, marks, 1);
  markClosure(p, v, succsOf, marks, 2);
  marks[v] = 3;
  if (conditionedOn >= 0) {
    if (static_cast<uint64_t>(conditionedOn) >= n || marks[conditionedOn] >= 2)
      return false;
    // anc(u) + {u} never meets {v} + desc(v) when u is not in it.
    markClosure(p, static_cast<StmtId>(conditionedOn), predsOf, marks, 1);
  } else if (conditionedOn != -1) {
    return false;
  }
  sides.assign(n, TrapSide::Free);
  for (StmtId x = 0; x < n; ++x)
    if (marks[x] == 1)
      sides[x] = executed;
    else if (marks[x] == 2)
      sides[x] = pending;
  sides[v] = TrapSide::Sink;
  return true;
}

namespace {

/// The trap network of one (v, direction, condition) with every Source
/// statement merged into the source and every Sink statement into the sink.
/// Each contracted arc remembers one canonical arc it stands for, so a flow
/// found here maps back onto the canonical network (docs/Certificates.md).
class TrapSolver {
public:
  TrapSolver(const Problem &p, StmtId v, bool forward,
             const std::vector<TrapSide> &sides)
      : p(p), v(v), forward(forward), sides(sides),
        n(static_cast<uint32_t>(p.numStatements())),
        nb(static_cast<uint32_t>(p.numBuffers())), source(n + 2 * nb),
        sink(n + 2 * nb + 1) {}

  /// Bytes paid for every feasible P plus the maximum flow of the rest;
  /// fills `flow` (canonical, merged) if non-null.
  int64_t solve(std::vector<FlowArc> *flow, size_t *numMaxFlows);

private:
  struct Origin {
    uint32_t from, to;
    bool hopFromSource, hopToSink;
  };
  uint32_t enterNode(BufferId b) const { return n + 2 * b; }
  uint32_t exitNode(BufferId b) const { return n + 2 * b + 1; }
  uint32_t local(uint32_t canonical);
  void addArc(uint32_t from, uint32_t to, int64_t cap, Origin origin);
  void addConstantPath(const Buffer &buf, BufferId b, int64_t executedUser,
                       int64_t pendingUser);
  void addGadget(const Buffer &buf, BufferId b);

  const Problem &p;
  StmtId v;
  bool forward;
  const std::vector<TrapSide> &sides;
  uint32_t n, nb, source, sink;
  MaxFlow network{2};
  std::vector<uint32_t> localId; // canonical -> contracted, 0 = none yet
  std::vector<Origin> origins;
  std::vector<FlowArc> constantArcs;
};

} // namespace

uint32_t TrapSolver::local(uint32_t canonical) {
  if (canonical < n && sides[canonical] != TrapSide::Free)
    return sides[canonical] == TrapSide::Source ? 0 : 1;
  if (canonical == source)
    return 0;
  if (canonical == sink)
    return 1;
  if (!localId[canonical])
    localId[canonical] = network.addNode();
  return localId[canonical];
}

void TrapSolver::addArc(uint32_t from, uint32_t to, int64_t cap,
                        Origin origin) {
  network.addArc(local(from), local(to), cap);
  origins.push_back(origin);
}

/// A buffer live for every feasible P: one path of w(b) from the source to
/// the sink through its gadget.
void TrapSolver::addConstantPath(const Buffer &buf, BufferId b,
                                 int64_t executedUser, int64_t pendingUser) {
  const int64_t w = buf.bytes;
  auto arc = [&](uint32_t from, uint32_t to) {
    constantArcs.push_back({from, to, w});
  };
  uint32_t x = static_cast<uint32_t>(executedUser);
  if (!buf.freedInBlock) {
    if (!forward) { // source -> x -> enter -> sink
      arc(source, x);
      arc(x, enterNode(b));
      arc(enterNode(b), sink);
    } else { // source -> exit -> x -> sink
      arc(source, exitNode(b));
      arc(exitNode(b), x);
      arc(x, sink);
    }
    return;
  }
  uint32_t y = static_cast<uint32_t>(pendingUser);
  // Reverse: executed user on the source side; forward: pending user.
  uint32_t first = forward ? y : x, last = forward ? x : y;
  arc(source, first);
  arc(first, enterNode(b));
  arc(enterNode(b), exitNode(b));
  arc(exitNode(b), last);
  arc(last, sink);
}

void TrapSolver::addGadget(const Buffer &buf, BufferId b) {
  const bool freed = buf.freedInBlock;
  bool enterFromSource = false, exitToSink = false;
  for (StmtId x : buf.users) {
    TrapSide side = sides[x];
    if ((freed || !forward) && side != TrapSide::Sink) {
      // x -> enter(b); once from the merged source.
      if (side == TrapSide::Free)
        addArc(x, enterNode(b), kInfiniteCapacity, {x, enterNode(b), 0, 0});
      else if (!enterFromSource) {
        enterFromSource = true;
        addArc(x, enterNode(b), kInfiniteCapacity, {x, enterNode(b), 1, 0});
      }
    }
    if ((freed || forward) && side != TrapSide::Source) {
      // exit(b) -> x; once into the merged sink.
      if (side == TrapSide::Free)
        addArc(exitNode(b), x, kInfiniteCapacity, {exitNode(b), x, 0, 0});
      else if (!exitToSink) {
        exitToSink = true;
        addArc(exitNode(b), x, kInfiniteCapacity, {exitNode(b), x, 0, 1});
      }
    }
  }
  if (freed)
    addArc(enterNode(b), exitNode(b), buf.bytes,
           {enterNode(b), exitNode(b), 0, 0});
  else if (!forward)
    addArc(enterNode(b), sink, buf.bytes, {enterNode(b), sink, 0, 0});
  else
    addArc(source, exitNode(b), buf.bytes, {source, exitNode(b), 0, 0});
}

/// Sorts by (from, to) and sums the amounts of equal arcs.
static void mergeArcs(std::vector<FlowArc> &arcs) {
  std::sort(arcs.begin(), arcs.end(), [](const FlowArc &a, const FlowArc &b) {
    return a.from != b.from ? a.from < b.from : a.to < b.to;
  });
  size_t out = 0;
  for (size_t i = 0; i < arcs.size(); ++i) {
    if (out && arcs[out - 1].from == arcs[i].from &&
        arcs[out - 1].to == arcs[i].to)
      arcs[out - 1].amount += arcs[i].amount;
    else
      arcs[out++] = arcs[i];
  }
  arcs.resize(out);
}

int64_t TrapSolver::solve(std::vector<FlowArc> *flow, size_t *numMaxFlows) {
  const TrapSide executed = forward ? TrapSide::Sink : TrapSide::Source;
  const TrapSide pending = forward ? TrapSide::Source : TrapSide::Sink;
  std::vector<uint8_t> usedByV(nb, 0);
  for (BufferId b : p.statement(v).buffers)
    usedByV[b] = 1;
  int64_t constant = 0;
  std::vector<BufferId> gadgets;
  bool sourceArcs = false, sinkArcs = false;
  for (BufferId b = 0; b < nb; ++b) {
    const Buffer &buf = p.buffer(b);
    if (usedByV[b] || buf.bytes == 0)
      continue;
    int64_t executedUser = -1, pendingUser = -1;
    bool anyFree = false;
    for (StmtId x : buf.users) {
      if (sides[x] == executed && executedUser < 0)
        executedUser = x;
      else if (sides[x] == pending && pendingUser < 0)
        pendingUser = x;
      anyFree |= sides[x] == TrapSide::Free;
    }
    if (executedUser >= 0 && (pendingUser >= 0 || !buf.freedInBlock)) {
      constant += buf.bytes;
      if (flow)
        addConstantPath(buf, b, executedUser, pendingUser);
    } else if (anyFree) {
      gadgets.push_back(b);
      // Arcs of this gadget that leave the merged source / enter the sink.
      const bool onSource =
          executed == TrapSide::Source ? executedUser >= 0 : pendingUser >= 0;
      const bool onSink =
          executed == TrapSide::Sink ? executedUser >= 0 : pendingUser >= 0;
      if (buf.freedInBlock) {
        sourceArcs |= onSource;
        sinkArcs |= onSink;
      } else if (!forward) {
        sourceArcs |= onSource;
        sinkArcs = true;
      } else {
        sourceArcs = true;
        sinkArcs |= onSink;
      }
    }
  }
  int64_t value = 0;
  // Without an arc out of the source or into the sink the flow is 0.
  if (sourceArcs && sinkArcs) {
    localId.assign(n + 2 * nb, 0);
    // Dependency arcs between free statements (arcs touching a merged
    // terminal would enter the source or leave the sink: never useful).
    for (StmtId x = 0; x < n; ++x) {
      if (sides[x] != TrapSide::Free)
        continue;
      for (StmtId y : p.succs(x))
        if (sides[y] == TrapSide::Free) {
          if (forward)
            addArc(x, y, kInfiniteCapacity, {x, y, 0, 0});
          else
            addArc(y, x, kInfiniteCapacity, {y, x, 0, 0});
        }
    }
    for (BufferId b : gadgets)
      addGadget(p.buffer(b), b);
    value = network.solve(0, 1);
    assert(value < kInfiniteCapacity && "trap network without a finite cut");
    if (numMaxFlows)
      ++*numMaxFlows;
  }
  if (flow) {
    flow->clear();
    for (MaxFlow::ArcId a = 0; a < network.numArcs(); ++a) {
      int64_t f = network.flow(a);
      if (f <= 0)
        continue;
      const Origin &o = origins[a];
      flow->push_back({o.from, o.to, f});
      if (o.hopFromSource)
        flow->push_back({source, o.from, f});
      if (o.hopToSink)
        flow->push_back({o.to, sink, f});
    }
    flow->insert(flow->end(), constantArcs.begin(), constantArcs.end());
    mergeArcs(*flow);
  }
  return constant + value;
}

LowerBound trapBound(const Problem &p, StmtId v, BoundKind kind,
                     int64_t conditionedOn, std::vector<FlowArc> *flow,
                     size_t *numMaxFlows) {
  LowerBound lb;
  lb.kind = kind == BoundKind::ForwardTrap ? kind : BoundKind::ReverseTrap;
  lb.witness = v;
  lb.conditionedOn = conditionedOn;
  if (flow)
    flow->clear();
  if (v >= p.numStatements()) {
    lb.bytes = p.liveIn; // Trivially valid; callers should not get here.
    return lb;
  }
  const bool forward = lb.kind == BoundKind::ForwardTrap;
  std::vector<TrapSide> sides;
  if (!trapSides(p, v, forward, conditionedOn, sides)) {
    lb.bytes = kInfeasibleBound;
    return lb;
  }
  TrapSolver solver(p, v, forward, sides);
  lb.bytes = baseBytes(p, v) + solver.solve(flow, numMaxFlows);
  return lb;
}

LowerBound trapBound(const Problem &p, StmtId v, BoundKind kind,
                     int64_t conditionedOn) {
  return trapBound(p, v, kind, conditionedOn, nullptr, nullptr);
}

LowerBound pairwiseBound(const Problem &p, StmtId v, StmtId u) {
  LowerBound first = trapBound(p, v, BoundKind::ReverseTrap, u);
  LowerBound second = trapBound(p, u, BoundKind::ReverseTrap, v);
  if (first.bytes == kInfeasibleBound || second.bytes == kInfeasibleBound)
    return trapBound(p, v, BoundKind::ReverseTrap); // u, v comparable.
  LowerBound lb;
  lb.kind = BoundKind::Pairwise;
  lb.witness = v;
  lb.conditionedOn = u;
  lb.bytes = std::min(first.bytes, second.bytes);
  return lb;
}

//===----------------------------------------------------------------------===//
// The driver
//===----------------------------------------------------------------------===//

/// Beyond this many statements the n^2/4-byte reachability matrix is not
/// built and the bulk forced-live pass is skipped (traps subsume it).
static constexpr size_t kMaxBitsetStatements = 8192;

LowerBound computeLowerBound(const Problem &p, const Order &incumbent,
                             const BoundOptions &options) {
  using Clock = std::chrono::steady_clock;
  const auto deadline =
      Clock::now() + std::chrono::microseconds(
                         static_cast<int64_t>(options.budgetMs * 1000.0));
  const size_t n = p.numStatements();
  LowerBound best = boundaryBound(p);
  auto improve = [&](const LowerBound &lb) {
    if (lb.bytes > best.bytes && lb.bytes != kInfeasibleBound)
      best = lb;
  };
  const bool legal = isLegalOrder(p, incumbent);
  const Timeline timeline = legal ? simulate(p, incumbent) : Timeline();
  const int64_t target =
      legal ? timeline.peak : std::numeric_limits<int64_t>::max();
  if (best.bytes >= target)
    return best;

  for (StmtId v = 0; v < n; ++v)
    improve(localBound(p, v));
  std::vector<int64_t> forced;
  if (n <= kMaxBitsetStatements) {
    forced = forcedLiveBounds(p, Reachability(p));
    for (StmtId v = 0; v < n; ++v)
      if (forced[v] > best.bytes)
        improve({forced[v], BoundKind::ForcedLive, v, -1});
  }
  if (best.bytes >= target)
    return best;

  // mem(v) at the incumbent's step of v bounds every trap of v from above:
  // the incumbent's own prefix is a feasible P. Without an incumbent, rank
  // by the forced-live bound and never prune.
  std::vector<int64_t> memAtStep(n, std::numeric_limits<int64_t>::max());
  std::vector<size_t> position(n, 0);
  if (legal)
    for (size_t i = 0; i < n; ++i) {
      memAtStep[incumbent[i]] = timeline.live[i];
      position[incumbent[i]] = i;
    }
  std::vector<StmtId> candidates(n);
  for (StmtId v = 0; v < n; ++v)
    candidates[v] = v;
  auto rank = [&](StmtId v) {
    return legal || forced.empty() ? memAtStep[v] : forced[v];
  };
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](StmtId a, StmtId b) { return rank(a) > rank(b); });

  size_t flows = 0;
  auto outOfBudget = [&] {
    return flows >= options.maxFlows || Clock::now() >= deadline;
  };
  for (StmtId v : candidates) {
    if (memAtStep[v] <= best.bytes || outOfBudget())
      break;
    improve(trapBound(p, v, BoundKind::ReverseTrap, -1, nullptr, &flows));
    if (best.bytes >= target)
      return best;
  }
  if (!options.pairwise || !legal)
    return best;

  // Pairwise: for y above the bound and x incomparable with y, running x
  // first is the incumbent's branch, bounded by mem(y) > best; the other
  // branch is unconstrained. Pairs whose later statement (in the incumbent)
  // is not above the bound cannot help.
  std::vector<uint8_t> rel(n);
  for (StmtId y : candidates) {
    if (memAtStep[y] <= best.bytes || outOfBudget())
      break;
    std::fill(rel.begin(), rel.end(), 0);
    markClosure(p, y, predsOf, rel, 1);
    markClosure(p, y, succsOf, rel, 1);
    std::vector<StmtId> partners;
    for (size_t i = 0; i < position[y]; ++i)
      if (!rel[incumbent[i]])
        partners.push_back(incumbent[i]);
    std::stable_sort(partners.begin(), partners.end(), [&](StmtId a, StmtId b) {
      return memAtStep[a] != memAtStep[b] ? memAtStep[a] > memAtStep[b]
                                          : position[a] > position[b];
    });
    for (StmtId x : partners) {
      if (memAtStep[y] <= best.bytes || outOfBudget())
        break;
      LowerBound yAfterX =
          trapBound(p, y, BoundKind::ReverseTrap, x, nullptr, &flows);
      if (yAfterX.bytes <= best.bytes)
        continue;
      LowerBound xAfterY =
          trapBound(p, x, BoundKind::ReverseTrap, y, nullptr, &flows);
      improve({std::min(yAfterX.bytes, xAfterY.bytes), BoundKind::Pairwise, y,
               static_cast<int64_t>(x)});
      if (best.bytes >= target)
        return best;
    }
  }
  return best;
}

} // namespace peakmem
