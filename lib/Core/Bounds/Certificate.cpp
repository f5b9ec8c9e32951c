//===- Certificate.cpp - Checkable proofs of a lower bound ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Core/Bounds/ExhaustiveCheck.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Support/MaxFlow.h"

#include <algorithm>
#include <limits>

namespace peakmem {

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

namespace {
/// Counts the work of recomputing a bound's flows (which must complete: the
/// bound was computed within a budget already) and charges it to `to` on
/// exit.
struct ChargeOnExit {
  WorkBudget *to;
  WorkBudget count;
  explicit ChargeOnExit(WorkBudget *to) : to(to) {}
  ~ChargeOnExit() {
    if (to)
      to->charge(count.used());
  }
};
} // namespace

Certificate makeCertificate(const Problem &p, const Order &order,
                            const LowerBound &bound, WorkBudget *work) {
  ChargeOnExit counter(work);
  WorkBudget *flows = &counter.count;
  counter.count.charge(p.linearSize());
  Certificate c;
  c.peak = simulatePeak(p, order);
  c.kind = bound.kind;
  c.witness = bound.witness;
  const size_t n = p.numStatements();
  auto fallBackToBoundary = [&] {
    LowerBound lb = boundaryBound(p);
    c.kind = BoundKind::Boundary;
    c.witness = lb.witness;
    c.conditionedOn = -1;
    c.flow.clear();
    c.flow2.clear();
    c.members.clear();
    c.memberFlows.clear();
    c.form = MultiwayForm::Last;
    c.lowerBound = lb.bytes;
    return c;
  };
  // An either/or bound whose statements are not incomparable: certify the
  // plain reverse trap of the witness instead.
  auto fallBackToWitnessTrap = [&] {
    c.kind = BoundKind::ReverseTrap;
    c.flow2.clear();
    c.memberFlows.clear();
    c.lowerBound = trapBound(p, bound.witness, BoundKind::ReverseTrap, -1,
                             &c.flow, nullptr, flows)
                       .bytes;
    return c;
  };
  if (bound.kind != BoundKind::Boundary && bound.witness >= n)
    return fallBackToBoundary();
  switch (bound.kind) {
  case BoundKind::Boundary:
    return fallBackToBoundary();
  case BoundKind::Local:
    c.lowerBound = localBound(p, bound.witness).bytes;
    return c;
  case BoundKind::ForcedLive:
    c.lowerBound = forcedLiveBound(p, bound.witness).bytes;
    return c;
  case BoundKind::ReverseTrap:
  case BoundKind::ForwardTrap:
    // A conditioned trap is not a bound on its own: certify the plain one.
    c.lowerBound =
        trapBound(p, bound.witness, bound.kind, -1, &c.flow, nullptr, flows)
            .bytes;
    return c;
  case BoundKind::Exhaustive: {
    // Claims what the enumeration proves: nothing below bound.bytes.
    ExhaustiveResult e =
        enumerateBelow(p, bound.bytes, kExhaustiveMaxIdeals, work);
    if (!e.complete || e.below || e.ideals > UINT32_MAX)
      return fallBackToBoundary();
    c.witness = static_cast<StmtId>(e.ideals);
    c.lowerBound = bound.bytes;
    return c;
  }
  case BoundKind::Pairwise: {
    const int64_t u = bound.conditionedOn;
    LowerBound first = trapBound(p, bound.witness, BoundKind::ReverseTrap, u,
                                 &c.flow, nullptr, flows);
    LowerBound second =
        u >= 0 && static_cast<uint64_t>(u) < n
            ? trapBound(p, static_cast<StmtId>(u), BoundKind::ReverseTrap,
                        bound.witness, &c.flow2, nullptr, flows)
            : first;
    if (u < 0 || first.bytes == kInfeasibleBound ||
        second.bytes == kInfeasibleBound)
      return fallBackToWitnessTrap();
    c.conditionedOn = u;
    c.lowerBound = std::min(first.bytes, second.bytes);
    return c;
  }
  case BoundKind::Multiway: {
    LowerBound lb = multiwayBound(p, bound.members, bound.form, &c.memberFlows,
                                  nullptr, flows);
    if (lb.bytes == kInfeasibleBound) // Not k >= 2 incomparable statements.
      return fallBackToWitnessTrap();
    c.witness = lb.witness;
    c.members = lb.members;
    c.form = lb.form;
    c.lowerBound = lb.bytes;
    return c;
  }
  }
  return fallBackToBoundary();
}

//===----------------------------------------------------------------------===//
// Checking
//===----------------------------------------------------------------------===//

namespace {

/// Arc rules of one canonical trap network (Bounds.h), decided per arc from
/// the Problem without enumerating the network.
class NetworkRules {
public:
  NetworkRules(const Problem &p, StmtId witness, bool forward,
               std::vector<TrapSide> sides)
      : p(p), forward(forward), sides(std::move(sides)),
        n(static_cast<uint32_t>(p.numStatements())),
        nb(static_cast<uint32_t>(p.numBuffers())), source(n + 2 * nb),
        sink(n + 2 * nb + 1), usedByWitness(nb, 0) {
    for (BufferId b : p.statement(witness).buffers)
      usedByWitness[b] = 1;
  }

  uint64_t numNodes() const { return uint64_t(n) + 2 * uint64_t(nb) + 2; }
  uint32_t sourceNode() const { return source; }
  uint32_t sinkNode() const { return sink; }

  /// Capacity of arc from -> to, or -1 if the network has no such arc.
  int64_t capacity(uint32_t from, uint32_t to) const {
    if (from == sink || to == source)
      return -1;
    if (from == source) {
      if (to < n)
        return sides[to] == TrapSide::Source ? kInfiniteCapacity : -1;
      if (forward && isExit(to) && gadget(bufferOf(to)) &&
          !p.buffer(bufferOf(to)).freedInBlock)
        return p.buffer(bufferOf(to)).bytes;
      return -1;
    }
    if (to == sink) {
      if (from < n)
        return sides[from] == TrapSide::Sink ? kInfiniteCapacity : -1;
      if (!forward && isEnter(from) && gadget(bufferOf(from)) &&
          !p.buffer(bufferOf(from)).freedInBlock)
        return p.buffer(bufferOf(from)).bytes;
      return -1;
    }
    if (from < n && to < n)
      return (forward ? hasEdge(from, to) : hasEdge(to, from))
                 ? kInfiniteCapacity
                 : -1;
    if (from < n && isEnter(to)) {
      BufferId b = bufferOf(to);
      return gadget(b) && (p.buffer(b).freedInBlock || !forward) &&
                     isUser(from, b)
                 ? kInfiniteCapacity
                 : -1;
    }
    if (isExit(from) && to < n) {
      BufferId b = bufferOf(from);
      return gadget(b) && (p.buffer(b).freedInBlock || forward) && isUser(to, b)
                 ? kInfiniteCapacity
                 : -1;
    }
    if (isEnter(from) && to == from + 1) {
      BufferId b = bufferOf(from);
      return gadget(b) && p.buffer(b).freedInBlock ? p.buffer(b).bytes : -1;
    }
    return -1;
  }

  std::string describe(uint32_t x) const {
    if (x < n)
      return "statement " + std::to_string(x);
    if (x == source)
      return "source";
    if (x == sink)
      return "sink";
    return std::string(isEnter(x) ? "enter" : "exit") + "(buffer " +
           std::to_string(bufferOf(x)) + ")";
  }

private:
  bool isEnter(uint32_t x) const {
    return x >= n && x < source && (x - n) % 2 == 0;
  }
  bool isExit(uint32_t x) const {
    return x >= n && x < source && (x - n) % 2 == 1;
  }
  BufferId bufferOf(uint32_t x) const { return (x - n) / 2; }
  bool gadget(BufferId b) const { return !usedByWitness[b]; }
  bool hasEdge(StmtId x, StmtId y) const {
    const auto &s = p.succs(x);
    return std::binary_search(s.begin(), s.end(), y);
  }
  bool isUser(StmtId x, BufferId b) const {
    const auto &u = p.buffer(b).users;
    return std::binary_search(u.begin(), u.end(), x);
  }

  const Problem &p;
  bool forward;
  std::vector<TrapSide> sides;
  uint32_t n, nb, source, sink;
  std::vector<uint8_t> usedByWitness;
};

} // namespace

static std::string checkFlowOnSides(const Problem &p, StmtId witness,
                                    bool forward, std::vector<TrapSide> sides,
                                    const std::vector<FlowArc> &flow,
                                    const std::string &name, int64_t &value);

/// Verifies that `flow` is a feasible flow of the network of (witness,
/// direction, conditionedOn) and sets `value` to its value.
static std::string checkFlow(const Problem &p, StmtId witness, bool forward,
                             int64_t conditionedOn,
                             const std::vector<FlowArc> &flow,
                             const std::string &name, int64_t &value) {
  std::vector<TrapSide> sides;
  if (!trapSides(p, witness, forward, conditionedOn, sides))
    return name + ": statement " + std::to_string(conditionedOn) +
           " cannot run before statement " + std::to_string(witness);
  return checkFlowOnSides(p, witness, forward, std::move(sides), flow, name,
                          value);
}

/// Verifies that `flow` is a feasible flow of the network of `witness` with
/// the statements pinned as `sides` says, and sets `value` to its value.
static std::string checkFlowOnSides(const Problem &p, StmtId witness,
                                    bool forward, std::vector<TrapSide> sides,
                                    const std::vector<FlowArc> &flow,
                                    const std::string &name, int64_t &value) {
  NetworkRules rules(p, witness, forward, std::move(sides));
  const uint64_t numNodes = rules.numNodes();
  std::vector<int64_t> balance(numNodes, 0);
  for (size_t i = 0; i < flow.size(); ++i) {
    const FlowArc &a = flow[i];
    const std::string where = name + " arc " + std::to_string(i);
    if (a.from >= numNodes || a.to >= numNodes)
      return where + " names a node out of range (the network has " +
             std::to_string(numNodes) + " nodes)";
    if (i && (flow[i - 1].from > a.from ||
              (flow[i - 1].from == a.from && flow[i - 1].to >= a.to)))
      return where + " is not sorted strictly by (from, to)";
    const std::string arc =
        rules.describe(a.from) + " -> " + rules.describe(a.to);
    if (a.amount <= 0)
      return where + " (" + arc + ") carries a non-positive amount";
    int64_t cap = rules.capacity(a.from, a.to);
    if (cap < 0)
      return where + " (" + arc + ") is not an arc of the network";
    if (a.amount > cap)
      return where + " (" + arc + ") carries " + std::to_string(a.amount) +
             " > capacity " + std::to_string(cap);
    if (__builtin_sub_overflow(balance[a.from], a.amount, &balance[a.from]) ||
        __builtin_add_overflow(balance[a.to], a.amount, &balance[a.to]))
      return name + ": flow amounts overflow";
  }
  for (uint64_t x = 0; x < numNodes; ++x)
    if (x != rules.sourceNode() && x != rules.sinkNode() && balance[x])
      return name + ": flow is not conserved at " +
             rules.describe(static_cast<uint32_t>(x)) +
             " (in - out = " + std::to_string(balance[x]) + ")";
  value = balance[rules.sinkNode()];
  return {};
}

/// base + value when it is at most kMaxTotal (no finite cut of a valid
/// problem is larger: a flow worth more must use an "infinite" arc path, and
/// a tampered flow may be worth up to INT64_MAX), else an error.
static std::string addFlowValue(int64_t base, int64_t value,
                                const std::string &name, int64_t &out) {
  if (value < 0 || base < 0 || value > kMaxTotal - base)
    return name + ": base " + std::to_string(base) + " + flow value " +
           std::to_string(value) +
           " exceeds the problem's total bytes, which bound every finite cut";
  out = base + value;
  return {};
}

/// The multiway evidence: k >= 2 strictly increasing, pairwise-incomparable
/// members, one valid flow per member on its branch's network; `proven` is
/// the minimum branch, which the witness must attain first.
static std::string provenMultiway(const Problem &p, const Certificate &c,
                                  int64_t &proven) {
  const size_t k = c.members.size();
  if (k < 2)
    return "multiway: " + std::to_string(k) + " members, at least 2 needed";
  for (size_t i = 0; i < k; ++i) {
    if (c.members[i] >= p.numStatements())
      return "multiway member " + std::to_string(c.members[i]) +
             " is not a statement";
    if (i && c.members[i - 1] >= c.members[i])
      return "multiway members are not strictly increasing";
  }
  if (!pairwiseIncomparable(p, c.members))
    return "multiway members are not pairwise incomparable";
  if (c.memberFlows.size() != k)
    return "multiway: " + std::to_string(c.memberFlows.size()) + " flows for " +
           std::to_string(k) + " members";
  int64_t lowest = std::numeric_limits<int64_t>::max();
  int64_t attainedBy = -1;
  for (size_t i = 0; i < k; ++i) {
    const StmtId s = c.members[i];
    std::vector<StmtId> others(c.members);
    others.erase(others.begin() + i);
    const bool last = c.form == MultiwayForm::Last;
    const std::string name = "multiway flow of member " + std::to_string(s);
    std::vector<TrapSide> sides;
    // Incomparable members never make a branch infeasible (Certificates.md).
    if (!trapSides(p, s, /*forward=*/false,
                   last ? others : std::vector<StmtId>{},
                   last ? std::vector<StmtId>{} : others, sides))
      return name + ": the branch has no feasible executed set";
    int64_t value = 0, bound = 0;
    if (std::string error = checkFlowOnSides(p, s, false, std::move(sides),
                                             c.memberFlows[i], name, value);
        !error.empty())
      return error;
    if (std::string error = addFlowValue(baseBytes(p, s), value, name, bound);
        !error.empty())
      return error;
    if (bound < lowest) {
      lowest = bound;
      attainedBy = s;
    }
  }
  if (attainedBy != static_cast<int64_t>(c.witness))
    return "multiway witness is statement " + std::to_string(c.witness) +
           ", the minimum branch is first attained at statement " +
           std::to_string(attainedBy);
  proven = lowest;
  return {};
}

/// What the certificate's evidence proves, re-derived from the problem
/// alone (never by the solver); an error when the evidence is malformed.
static std::string provenBound(const Problem &p, const Certificate &c,
                               const std::string &kindName, int64_t &proven,
                               WorkBudget *work, bool *unchecked) {
  const size_t n = p.numStatements();
  switch (c.kind) {
  case BoundKind::Boundary: {
    LowerBound lb = boundaryBound(p);
    if (c.witness != lb.witness)
      return "boundary witness is statement " + std::to_string(lb.witness) +
             ", not " + std::to_string(c.witness);
    proven = lb.bytes;
    break;
  }
  case BoundKind::Local:
    proven = localBound(p, c.witness).bytes;
    break;
  case BoundKind::Exhaustive: {
    // Re-enumerate (never the search): no order below the claim, and the
    // same number of ideals as recorded. One ideal more than recorded is
    // enough to refute the count: the work stays proportional to the claim.
    const size_t cap = std::min<size_t>(kExhaustiveMaxIdeals, c.witness + 1);
    ExhaustiveResult e = enumerateBelow(p, c.lowerBound, cap, work);
    if (e.outOfWork) {
      if (unchecked)
        *unchecked = true;
      return "exhaustive: enumerating " + std::to_string(c.witness) +
             " ideals does not fit in the work budget: not checked";
    }
    if (!e.complete && e.ideals > c.witness)
      return "exhaustive: more than the " + std::to_string(c.witness) +
             " ideals the certificate records";
    if (!e.complete)
      return "exhaustive: more than " +
             std::to_string(kExhaustiveMaxStatements) +
             " statements, or more ideals than fit in memory (" +
             std::to_string(kExhaustiveMaxWords) + " words): not checkable";
    if (e.below)
      return "exhaustive: an order peaks below " +
             std::to_string(c.lowerBound) + " bytes";
    if (e.ideals != c.witness)
      return "exhaustive: " + std::to_string(e.ideals) +
             " ideals enumerated, the certificate records " +
             std::to_string(c.witness);
    proven = c.lowerBound;
    break;
  }
  case BoundKind::ForcedLive:
    proven = forcedLiveBound(p, c.witness).bytes;
    break;
  case BoundKind::ReverseTrap:
  case BoundKind::ForwardTrap: {
    int64_t value = 0;
    if (std::string error =
            checkFlow(p, c.witness, c.kind == BoundKind::ForwardTrap, -1,
                      c.flow, kindName + " flow", value);
        !error.empty())
      return error;
    if (std::string error = addFlowValue(baseBytes(p, c.witness), value,
                                         kindName + " flow", proven);
        !error.empty())
      return error;
    break;
  }
  case BoundKind::Pairwise: {
    if (c.conditionedOn < 0 || static_cast<uint64_t>(c.conditionedOn) >= n)
      return "pairwise partner " + std::to_string(c.conditionedOn) +
             " is not a statement";
    const StmtId u = static_cast<StmtId>(c.conditionedOn);
    int64_t first = 0, second = 0;
    if (std::string error =
            checkFlow(p, c.witness, false, u, c.flow, "pairwise flow", first);
        !error.empty())
      return error;
    if (std::string error = checkFlow(p, u, false, c.witness, c.flow2,
                                      "pairwise flow2", second);
        !error.empty())
      return error;
    int64_t bound1 = 0, bound2 = 0;
    if (std::string error = addFlowValue(baseBytes(p, c.witness), first,
                                         "pairwise flow", bound1);
        !error.empty())
      return error;
    if (std::string error =
            addFlowValue(baseBytes(p, u), second, "pairwise flow2", bound2);
        !error.empty())
      return error;
    proven = std::min(bound1, bound2);
    break;
  }
  case BoundKind::Multiway:
    return provenMultiway(p, c, proven);
  default:
    return "unknown bound kind";
  }
  return {};
}

std::string checkCertificate(const Problem &p, const Order &order,
                             const Certificate &c) {
  return checkCertificate(p, order, c, nullptr, nullptr);
}

/// The checks other than an enumeration: validation, simulation, the cheap
/// bounds and one pass over the problem and the arcs per flow.
static WorkUnits linearCheckWork(const Problem &p, const Certificate &c) {
  WorkUnits arcs = 1 + c.flow.size() + c.flow2.size();
  for (const std::vector<FlowArc> &f : c.memberFlows)
    arcs += 1 + f.size();
  return (4 + 2 * (1 + c.memberFlows.size())) * p.linearSize() +
         p.numBuffers() + 8 * arcs;
}

WorkUnits certificateCheckWork(const Problem &p, const Certificate &c) {
  const WorkUnits linear = linearCheckWork(p, c);
  if (c.kind != BoundKind::Exhaustive)
    return linear;
  WorkUnits e = exhaustiveWork(
      p, std::min<size_t>(kExhaustiveMaxIdeals, size_t(c.witness) + 1));
  return e > kUnlimitedWork - linear ? kUnlimitedWork : linear + e;
}

std::string checkCertificate(const Problem &p, const Order &order,
                             const Certificate &c, WorkBudget *work,
                             bool *unchecked) {
  if (unchecked)
    *unchecked = false;
  if (work)
    work->charge(linearCheckWork(p, c));
  if (std::string error = p.check(); !error.empty())
    return "invalid problem: " + error;
  if (!isLegalOrder(p, order))
    return "the order is not a legal order of the problem";
  const int64_t peak = simulatePeak(p, order);
  if (peak != c.peak)
    return "the order peaks at " + std::to_string(peak) +
           " bytes, the certificate claims " + std::to_string(c.peak);
  const size_t n = p.numStatements();
  const std::string kindName = boundKindName(c.kind);
  const bool needsWitness =
      c.kind != BoundKind::Boundary && c.kind != BoundKind::Exhaustive;
  if (needsWitness && c.witness >= n)
    return kindName + " witness " + std::to_string(c.witness) +
           " is not a statement";
  if (c.kind != BoundKind::Pairwise && c.conditionedOn != -1)
    return kindName + " bound cannot be conditioned";
  if (c.kind != BoundKind::Pairwise && !c.flow2.empty())
    return kindName + " bound carries no second flow";
  if (c.kind != BoundKind::Multiway &&
      (!c.members.empty() || !c.memberFlows.empty() ||
       c.form != MultiwayForm::Last))
    return kindName + " bound carries no multiway members, flows or form";
  const bool trap = c.kind == BoundKind::ReverseTrap ||
                    c.kind == BoundKind::ForwardTrap ||
                    c.kind == BoundKind::Pairwise;
  if (!trap && !c.flow.empty())
    return kindName + " bound carries no flow";

  int64_t proven = 0;
  if (std::string error = provenBound(p, c, kindName, proven, work, unchecked);
      !error.empty())
    return error;
  if (c.lowerBound != proven)
    return "the certificate claims a lower bound of " +
           std::to_string(c.lowerBound) + " bytes, its " + kindName +
           " evidence proves " + std::to_string(proven);
  if (c.lowerBound > c.peak)
    return "lower bound " + std::to_string(c.lowerBound) +
           " exceeds the order's peak " + std::to_string(c.peak) +
           ": the bound is unsound";
  return {};
}

Certificate certifyOrder(const Problem &p, const Order &order, WorkBudget &work,
                         const CertifyOptions &options) {
  Certificate c;
  {
    WorkBudget bound(work, options.boundWork);
    c = makeCertificate(
        p, order, computeLowerBound(p, order, BoundOptions(), &bound), &bound);
  }
  if (c.isOptimal() || work.exhausted())
    return c;
  LowerBound all;
  all.kind = BoundKind::Exhaustive;
  all.bytes = c.peak;
  WorkBudget enumeration(work, options.exhaustiveWork);
  Certificate e = makeCertificate(p, order, all, &enumeration);
  if (e.kind != BoundKind::Exhaustive ||
      certificateCheckWork(p, e) > options.maxCheckWork)
    return c;
  return e;
}

Certificate certifyOrder(const Problem &p, const Order &order,
                         const CertifyOptions &options) {
  WorkBudget work;
  return certifyOrder(p, order, work, options);
}

std::string describeCertificate(const Certificate &c) {
  std::string s = "peak " + std::to_string(c.peak) + " B, lower bound " +
                  std::to_string(c.lowerBound) + " B (" + boundKindName(c.kind);
  if (c.kind == BoundKind::Exhaustive) {
    s += " over " + std::to_string(c.witness) + " ideals";
  } else if (c.kind != BoundKind::Boundary) {
    s += " at statement " + std::to_string(c.witness);
    if (c.conditionedOn >= 0)
      s += " | " + std::to_string(c.conditionedOn);
  }
  if (c.kind == BoundKind::Multiway) {
    s += std::string(", ") + multiwayFormName(c.form) + " of {";
    for (size_t i = 0; i < c.members.size(); ++i)
      s += (i ? ", " : "") + std::to_string(c.members[i]);
    s += "}";
  }
  s += "): ";
  if (c.lowerBound == c.peak)
    return s + "optimal";
  // A decoded certificate is arbitrary until checked: never overflow.
  int64_t gap;
  if (__builtin_sub_overflow(c.peak, c.lowerBound, &gap))
    return s + "gap out of the int64 range";
  return s + "gap " + std::to_string(gap) + " B";
}

} // namespace peakmem
