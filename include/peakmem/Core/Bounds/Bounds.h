//===- Bounds.h - Lower bounds on the minimum peak of a block -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every bound here holds for EVERY legal order of a Problem (Problem.h
// accounting: a buffer is live from the step of its first user through the
// step of its last user, or to the end of the block if !freedInBlock). The
// reasoning and the trap networks are written out in docs/Certificates.md.
//
// Write base(v) = liveIn + scratch(v) + bytes of the buffers v uses. When v
// runs after the executed set P (an ideal with anc(v) <= P and P disjoint
// from {v} + desc(v)), with R = V \ (P + {v}) still to run,
//   mem(v, P) = base(v) + sum of w(b) over buffers b not used by v
//               with a user in P and (a user in R or !freedInBlock).
//  * boundary     first statement is a DAG source, last one a DAG sink:
//                 min over sources of base, and liveIn + escaping buffers +
//                 min over sinks of (scratch + freed buffers it uses).
//  * local        base(v).
//  * forced-live  base(v) + buffers forced live for every feasible P
//                 (a user in anc(v) and a user in desc(v) or !freedInBlock).
//  * reverse-trap min over feasible P of mem(v, P): a minimum closure, one
//                 s-t minimum cut on executed prefixes.
//  * forward-trap the same construction on the time-reversed problem (on
//                 not-yet-executed suffixes R). Under this accounting it
//                 provably equals reverse-trap (its network is the transpose
//                 of the reverse one); it is kept as an independent check.
//  * pairwise     for incomparable u, v every order runs one first, so
//                 peak >= min(trap(v | u executed), trap(u | v executed)).
//  * multiway     for a set S of k >= 2 pairwise-incomparable statements
//                 every order runs one member last (first) among S, so
//                 peak >= min over s in S of trap(s | S\{s} executed)
//                 ("last" form; k = 2 is pairwise), or of
//                 trap(s | S\{s} not executed) ("first" form).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_BOUNDS_H
#define PEAKMEM_CORE_BOUNDS_H

#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Support/WorkBudget.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace peakmem {

enum class BoundKind : uint8_t {
  Boundary,
  Local,
  ForcedLive,
  ReverseTrap,
  ForwardTrap,
  Pairwise,
  /// Not a formula: no order peaks below the bound, by enumeration
  /// (ExhaustiveCheck.h). Only certificates carry it.
  Exhaustive,
  Multiway
};

/// "boundary", "local", "forced-live", "reverse-trap", "forward-trap",
/// "pairwise", "exhaustive", "multiway".
const char *boundKindName(BoundKind kind);
/// Inverse of boundKindName; false (and `kind` untouched) for other strings.
bool parseBoundKind(const std::string &name, BoundKind &kind);

/// Ancestor and descendant sets of every statement as bitsets, built in
/// O(n * m / 64) time and n * n / 4 bytes. The problem must be acyclic.
class Reachability {
public:
  explicit Reachability(const Problem &p);

  size_t size() const { return n; }
  size_t numWords() const { return words; }
  /// True iff `a` runs before `v` in every legal order (a != v).
  bool isAncestor(StmtId a, StmtId v) const {
    return anc[v * words + a / 64] >> (a % 64) & 1;
  }
  /// True iff u == v or one of them is an ancestor of the other.
  bool comparable(StmtId u, StmtId v) const {
    return u == v || isAncestor(u, v) || isAncestor(v, u);
  }
  /// Bitset rows of numWords() words: bit a of ancestors(v) is isAncestor(a,v).
  const uint64_t *ancestors(StmtId v) const { return &anc[v * words]; }
  const uint64_t *descendants(StmtId v) const { return &desc[v * words]; }

private:
  size_t n, words;
  std::vector<uint64_t> anc, desc;
};

/// Which member of a multiway set the branches are about: the one running
/// last among the set (the others executed) or first (the others not yet).
enum class MultiwayForm : uint8_t { Last = 0, First = 1 };
/// "last", "first".
const char *multiwayFormName(MultiwayForm form);

/// Default work of one computeLowerBound of a block (the passes' bound
/// phase; units documented at computeLowerBound): enough for the 64 flows of
/// the corpus's largest blocks.
constexpr WorkUnits kDefaultBoundWork = 40'000'000;

struct BoundOptions {
  /// Try pairwise either/or bounds when single-statement bounds fall short.
  bool pairwise = true;
  /// Try multiway bounds (sets of k >= 2 statements) when pairwise falls
  /// short.
  bool multiway = true;
  /// At most this many max-flow computations (a trap whose contracted
  /// network is trivial is evaluated without a flow and does not count);
  /// the multiway phase has as many again of its own.
  size_t maxFlows = 64;
  /// Stop as soon as the bound reaches this (the caller needs no more: the
  /// recompute planner's cutoff), as it does at the incumbent's peak.
  int64_t stopAt = std::numeric_limits<int64_t>::max();
};

struct LowerBound {
  int64_t bytes = 0;
  BoundKind kind = BoundKind::Boundary;
  /// The statement whose step the bound is about (for pairwise: the branch
  /// "conditionedOn runs first"); for boundary the cheapest first/last
  /// statement.
  StmtId witness = 0;
  /// Pairwise partner, or -1.
  int64_t conditionedOn = -1;
  /// Multiway only: the set S, strictly increasing (witness is the member
  /// whose branch attains the minimum), and which member the branches are
  /// about.
  std::vector<StmtId> members = {};
  MultiwayForm form = MultiwayForm::Last;
};

/// trapBound's value when conditionedOn can never run before the witness.
constexpr int64_t kInfeasibleBound = std::numeric_limits<int64_t>::max();

/// liveIn + scratch(v) + bytes of the buffers v uses (the local bound).
int64_t baseBytes(const Problem &p, StmtId v);

LowerBound boundaryBound(const Problem &p);
LowerBound localBound(const Problem &p, StmtId v);
LowerBound forcedLiveBound(const Problem &p, StmtId v);
/// Forced-live bound of every statement at once, through bitset unions:
/// O(sum of users * n / 64 + number of (statement, forced buffer) pairs).
std::vector<int64_t> forcedLiveBounds(const Problem &p, const Reachability &r);

/// Minimum of mem(v, P) over feasible P (one max-flow; none when no statement
/// is incomparable with v). kind is ReverseTrap or ForwardTrap (same value).
/// With conditionedOn = u >= 0 the minimum is taken over the P that contain
/// u, so the result only bounds orders running u before v (it is NOT a
/// bound on the peak by itself; pairwiseBound combines two of them). If u is
/// v or a descendant of v, returns kInfeasibleBound.
LowerBound trapBound(const Problem &p, StmtId v, BoundKind kind,
                     int64_t conditionedOn = -1);

/// min(trapBound(v | u), trapBound(u | v)) for incomparable u, v (kind
/// Pairwise, witness v, conditionedOn u). For comparable statements returns
/// the reverse trap of v.
LowerBound pairwiseBound(const Problem &p, StmtId v, StmtId u);

/// Best lower bound found within `options`, cheapest bounds first, then
/// traps at the incumbent's steps by decreasing live bytes, then pairwise
/// strengthening at its peak steps, then multiway sets grown there. Stops as
/// soon as the bound reaches the incumbent's peak (the incumbent is then
/// optimal) or options.stopAt. Every statement v with mem(incumbent step of v)
/// <= the bound found so far is skipped: its trap cannot exceed that.
/// `incumbent` should be a legal order; if it is not, the cheap bounds are
/// still returned.
///
/// Work: `work`, if given, is charged for everything (units: statements,
/// edges and uses read by linear passes, bitset words of the reachability
/// matrix, and the max-flows' units); the computation stops when it is
/// exhausted, keeping only bounds whose flows completed, so that the bound
/// depends on the budget's limit, never on time. The forced-live pass is
/// skipped when its cost does not fit in what is left. Anytime: the phases
/// and their order do not depend on the limit, so a larger limit never gives
/// a lower bound.
LowerBound computeLowerBound(const Problem &p, const Order &incumbent,
                             const BoundOptions &options = {},
                             WorkBudget *work = nullptr);

//===----------------------------------------------------------------------===//
// Trap networks (shared by the solver above and the certificate checker)
//===----------------------------------------------------------------------===//
//
// Canonical numbering of the network of (Problem, witness v, direction,
// conditionedOn u), n statements and B buffers:
//   node x < n         statement x
//   node n + 2b        enter(b): "some user of b is on the source side"
//   node n + 2b + 1    exit(b):  "every user of b is on the source side"
//   node n + 2B        source      node n + 2B + 1   sink
// Reverse network (source side = executed set P):
//   statement y -> x, infinite, for every dependency x -> y;
//   for every buffer b not used by v, every user x: x -> enter(b), infinite;
//     freed b:  enter(b) -> exit(b) capacity w(b); exit(b) -> x, infinite;
//     escaping: enter(b) -> sink capacity w(b);
//   source -> x (infinite) for x in anc(v) [+ anc(u) + {u}];
//   x -> sink (infinite) for x in {v} + desc(v).
// Forward network (the reverse construction on the time-reversed problem;
// source side = not-yet-executed set R):
//   statement x -> y, infinite, for every dependency x -> y;
//   for every buffer b not used by v: freed b as above;
//     escaping: source -> exit(b) capacity w(b); exit(b) -> x, infinite;
//   source -> x (infinite) for x in desc(v);
//   x -> sink (infinite) for x in {v} + anc(v) [+ anc(u) + {u}].
// Any feasible flow's value F gives mem(v, P) >= base(v) + F for every
// feasible P (weak duality); a maximum flow makes it the trap bound.

/// One arc of a canonical network carrying `amount` units of flow.
struct FlowArc {
  uint32_t from = 0, to = 0;
  int64_t amount = 0;
  bool operator==(const FlowArc &o) const {
    return from == o.from && to == o.to && amount == o.amount;
  }
};

enum class TrapSide : uint8_t { Free, Source, Sink };

/// Side of every statement in the (v, forward, conditionedOn) network.
/// Returns false (sides unspecified) if conditionedOn is out of range, v
/// itself or a descendant of v. O(n + m).
bool trapSides(const Problem &p, StmtId v, bool forward, int64_t conditionedOn,
               std::vector<TrapSide> &sides);

/// Sides of the network of v conditioned on a set: `executed` statements and
/// their ancestors join the executed side (as anc(v)), `pending` ones and
/// their descendants the not-yet-executed side (as desc(v)). Returns false
/// (sides unspecified) if an id is out of range or the two sides meet
/// (no feasible P). O((|executed| + |pending| + 1) * (n + m)).
bool trapSides(const Problem &p, StmtId v, bool forward,
               const std::vector<StmtId> &executed,
               const std::vector<StmtId> &pending,
               std::vector<TrapSide> &sides);

/// trapBound that also returns a maximum flow of the canonical network as
/// arcs with positive flow, sorted by (from, to), unique; the bound is
/// base(v) + the flow's value. `numMaxFlows`, if given, is incremented when a
/// max-flow computation was needed. `work`, if given, is charged (units:
/// statements, edges and uses the sides and the network read, and the
/// max-flow's units, MaxFlow.h); once it is exhausted the flow stops early:
/// it is then feasible but maybe not maximum, and the bound valid but maybe
/// weaker (callers that need the trap's exact value check work->exhausted()).
/// The same holds for every function below that takes `work`.
LowerBound trapBound(const Problem &p, StmtId v, BoundKind kind,
                     int64_t conditionedOn, std::vector<FlowArc> *flow,
                     size_t *numMaxFlows = nullptr, WorkBudget *work = nullptr);

//===----------------------------------------------------------------------===//
// Multiway bounds (conditionedTrap: TrapBounds.cpp; MultiwayBound.cpp)
//===----------------------------------------------------------------------===//

/// Trap of v (reverse network) over the feasible P that contain every
/// statement of `executed` (with its ancestors) and none of `pending` (nor
/// its descendants). kInfeasibleBound if no such P exists (a conflicting
/// condition, an id out of range). Like a conditioned trapBound, it bounds
/// only the orders in which the condition holds at v's step.
LowerBound conditionedTrap(const Problem &p, StmtId v,
                           const std::vector<StmtId> &executed,
                           const std::vector<StmtId> &pending,
                           std::vector<FlowArc> *flow = nullptr,
                           size_t *numMaxFlows = nullptr,
                           WorkBudget *work = nullptr);

/// The branch of member `s` of the multiway set `members`: conditionedTrap
/// of s with the other members executed (Last) or pending (First).
LowerBound multiwayBranch(const Problem &p, const std::vector<StmtId> &members,
                          StmtId s, MultiwayForm form,
                          std::vector<FlowArc> *flow = nullptr,
                          size_t *numMaxFlows = nullptr,
                          WorkBudget *work = nullptr);

/// min over the members s of multiwayBranch(s) (kind Multiway, witness the
/// first member attaining it, members sorted). kInfeasibleBound bytes when
/// `members` has fewer than 2 statements, a duplicate, an id out of range
/// or two comparable statements. `flows`, if given, gets one flow per
/// (sorted) member.
LowerBound multiwayBound(const Problem &p, std::vector<StmtId> members,
                         MultiwayForm form,
                         std::vector<std::vector<FlowArc>> *flows = nullptr,
                         size_t *numMaxFlows = nullptr,
                         WorkBudget *work = nullptr);

/// True iff the statements are distinct and pairwise incomparable.
/// O(k * (n + m)).
bool pairwiseIncomparable(const Problem &p, const std::vector<StmtId> &set);

} // namespace peakmem

#endif // PEAKMEM_CORE_BOUNDS_H
