//===- TrapBounds.cpp - Trap and pairwise lower bounds --------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The minimum-closure bounds: the trap network of one statement (its sides,
// contracted and solved by max-flow), conditioned on single statements or
// sets, and the pairwise either/or bound built from two conditioned traps. The
// networks are written out in docs/Certificates.md and in Bounds.h.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Model/Graph.h"
#include "peakmem/Core/Support/MaxFlow.h"

#include <algorithm>
#include <cassert>

namespace peakmem {

//===----------------------------------------------------------------------===//
// Trap networks
//===----------------------------------------------------------------------===//

bool trapSides(const Problem &p, StmtId v, bool forward,
               const std::vector<StmtId> &executed,
               const std::vector<StmtId> &pending,
               std::vector<TrapSide> &sides) {
  const size_t n = p.numStatements();
  if (v >= n)
    return false;
  for (const auto *set : {&executed, &pending})
    for (StmtId x : *set)
      if (x >= n)
        return false;
  // Bit 1: on the executed side (P); bit 2: not yet executed (v included).
  std::vector<uint8_t> before(n, 0), after(n, 0);
  markAncestors(p, v, before, 1);
  before[v] = 0;
  markDescendants(p, v, after, 1);
  for (StmtId u : executed)
    if (!before[u])
      markAncestors(p, u, before, 1);
  for (StmtId t : pending)
    if (!after[t])
      markDescendants(p, t, after, 1);
  // The executed side (P) is the source of the reverse network and the sink
  // of the forward one; v and the not-yet-executed side go opposite.
  const TrapSide executedSide = forward ? TrapSide::Sink : TrapSide::Source;
  const TrapSide pendingSide = forward ? TrapSide::Source : TrapSide::Sink;
  sides.assign(n, TrapSide::Free);
  for (StmtId x = 0; x < n; ++x) {
    if (before[x] && after[x])
      return false; // Both sides: no feasible P.
    if (before[x])
      sides[x] = executedSide;
    else if (after[x])
      sides[x] = pendingSide;
  }
  sides[v] = TrapSide::Sink;
  return true;
}

bool trapSides(const Problem &p, StmtId v, bool forward, int64_t conditionedOn,
               std::vector<TrapSide> &sides) {
  if (conditionedOn < -1 ||
      (conditionedOn >= 0 &&
       static_cast<uint64_t>(conditionedOn) >= p.numStatements()))
    return false;
  std::vector<StmtId> executed;
  if (conditionedOn >= 0)
    executed.push_back(static_cast<StmtId>(conditionedOn));
  return trapSides(p, v, forward, executed, {}, sides);
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

  /// Bytes paid for every feasible P plus the maximum flow of the rest
  /// (within `work`, if given); fills `flow` (canonical, merged) if non-null.
  int64_t solve(std::vector<FlowArc> *flow, size_t *numMaxFlows,
                WorkBudget *work);

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

int64_t TrapSolver::solve(std::vector<FlowArc> *flow, size_t *numMaxFlows,
                          WorkBudget *work) {
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
    value = network.solve(0, 1, work);
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

/// Charges the linear passes of trapSides and of building the network:
/// `sideSets` passes over the statements and edges, one over the uses.
static void chargeSetup(const Problem &p, size_t sideSets, WorkBudget *work) {
  if (work)
    work->charge(sideSets * p.linearSize() + p.numBuffers());
}

LowerBound trapBound(const Problem &p, StmtId v, BoundKind kind,
                     int64_t conditionedOn, std::vector<FlowArc> *flow,
                     size_t *numMaxFlows, WorkBudget *work) {
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
  chargeSetup(p, conditionedOn >= 0 ? 3 : 2, work);
  if (!trapSides(p, v, forward, conditionedOn, sides)) {
    lb.bytes = kInfeasibleBound;
    return lb;
  }
  TrapSolver solver(p, v, forward, sides);
  lb.bytes = baseBytes(p, v) + solver.solve(flow, numMaxFlows, work);
  return lb;
}

LowerBound trapBound(const Problem &p, StmtId v, BoundKind kind,
                     int64_t conditionedOn) {
  return trapBound(p, v, kind, conditionedOn, nullptr, nullptr);
}

LowerBound conditionedTrap(const Problem &p, StmtId v,
                           const std::vector<StmtId> &executed,
                           const std::vector<StmtId> &pending,
                           std::vector<FlowArc> *flow, size_t *numMaxFlows,
                           WorkBudget *work) {
  LowerBound lb;
  lb.kind = BoundKind::ReverseTrap;
  lb.witness = v;
  if (flow)
    flow->clear();
  std::vector<TrapSide> sides;
  chargeSetup(p, 2 + executed.size() + pending.size(), work);
  if (!trapSides(p, v, /*forward=*/false, executed, pending, sides)) {
    lb.bytes = kInfeasibleBound;
    return lb;
  }
  TrapSolver solver(p, v, /*forward=*/false, sides);
  lb.bytes = baseBytes(p, v) + solver.solve(flow, numMaxFlows, work);
  return lb;
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

} // namespace peakmem
