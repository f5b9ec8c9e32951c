//===- ArenaExact.h - Exact arena placement: minimum height, proven -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// solveArenaExact minimises the arena of one ArenaProblem (one order) and,
// when it stops above the live-bytes bound, proves that no smaller arena
// exists by a recorded refutation (ArenaRefutation.h) that an independent
// checker replays. The contract:
//
//  * Decisions. The search decides one capacity C at a time: a plan of
//    arena <= C, or a refutation (no plan fits in C), or out of nodes. It
//    enumerates canonical plans only (every buffer at offset 0 or directly
//    on top of a buffer whose lifetime it meets, placed in non-decreasing
//    (offset, rank) order; MiniMalloc, Moffitt ASPLOS 2023), with
//    - cross-section inference: a partial plan is dropped when, at some
//      section of time (steps where the same buffers are live), the bytes
//      still to place there do not fit between the section's floor and C;
//    - dominance between equivalent partial plans: a buffer is not placed
//      at or above the top that another unplaced buffer could take (that
//      one would drop below it), and after a buffer that meets no unplaced
//      buffer has failed, its later siblings are not tried;
//    - decomposition: when no unplaced buffer crosses a boundary in time,
//      the two sides are decided independently (a refutation needs one).
//    A capacity is decided on the grain of the sizes (their gcd, lowered
//    until every alignment divides it or is a multiple of it): every
//    canonical offset and top is a multiple of the grain, so C decides as
//    floor(C / grain) * grain + grain - 1 does, and that one is decided
//    (and refuted) instead.
//    The order among buffers of equal offset (the rank) comes from three
//    static preorders tried in turn with doubling node limits. Before them,
//    on the proven bound (and on a capacity decided alone) of a problem
//    whose sections are mostly full at it (no byte can be wasted there),
//    a skyline search (lib/Core/Arena/SkylineSearch.h) looks for a plan
//    once, within 3/4 of maxNodes: it fills the arena bottom-up at the
//    leftmost lowest point of time, with restarts, pruning where a byte
//    that cannot be wasted can no longer be covered; it only finds plans,
//    never refutes.
//  * Minimisation. From the incumbent (a plan passed in, e.g. the best
//    baseline), rounds of node limits growing x4: each decides the lower
//    bound L = max(live bytes, options.lowerBound) at the limits not tried
//    yet (in the second round up to 2^15 nodes per attempt: L is the
//    optimum of most instances), then bisects between L and the arena.
//    Each plan found replaces the incumbent; each refutation of C raises the
//    bound to C + 1. `optimal` when the plan meets the bound: by the bound
//    itself (proof kind LiveBytes, or the caller's bound) or by a
//    refutation of arena - 1 (proof kind Refutation, in `refutation`).
//  * Budgets in deterministic work units: search nodes (every Close, Split
//    and Branch of ArenaRefutation.h, including those of abandoned
//    attempts). The result is a function of the problem, the incumbent and
//    the options; with a larger `maxNodes` the same sequence of decisions
//    runs further, so the arena never grows with the budget.
//  * Size. The conflict lists are built by a sweep (ArenaConflicts), the
//    sections in O(B log B); problems with more than `maxBuffers` buffers of
//    positive size, or more than `maxConflictPairs` conflicting pairs, are
//    not searched (the incumbent is returned, `searched` false).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_ARENAEXACT_H
#define PEAKMEM_CORE_ARENAEXACT_H

#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Arena/ArenaRefutation.h"
#include "peakmem/Core/Support/WorkBudget.h"

#include <cstdint>

namespace peakmem {

struct ArenaExactOptions {
  /// Search nodes over all decisions and attempts, and their work: a node
  /// costs about one unit per buffer of the problem (its candidates), so at
  /// most maxWork / buffers nodes run.
  uint64_t maxNodes = 250'000;
  uint64_t maxWork = 200'000'000;
  /// A lower bound known to the caller (same units); the search takes
  /// max(this, liveBytesLowerBound).
  int64_t lowerBound = 0;
  /// >= 0: decide this capacity only (a plan of arena <= capacity, or a
  /// refutation of it) instead of minimising.
  int64_t capacity = -1;
  /// Keep the refutation's tree (its size is about the nodes of the last
  /// decision); past `maxProofTokens` it is dropped and `refutation` holds
  /// the capacity only (`proofRecorded` false).
  bool recordProof = true;
  size_t maxProofTokens = 1u << 24;
  size_t maxBuffers = 4'000;
  size_t maxConflictPairs = 4'000'000;
  /// Opt-in wall-clock cap (may be null), read every 2^14 nodes.
  TimeCap *timeCap = nullptr;
};

enum class ArenaProofKind : uint8_t {
  /// Not proven optimal.
  None,
  /// The arena equals max(live bytes, the caller's bound).
  LiveBytes,
  /// The arena is one above a refuted capacity.
  Refutation
};

/// "none", "live-bytes", "refutation".
const char *arenaProofKindName(ArenaProofKind kind);

struct ArenaExactResult {
  /// The best plan: the incumbent or one found by the search.
  ArenaPlan plan;
  /// Proven lower bound on every plan's arena: max(live bytes, the caller's
  /// bound, one above every refuted capacity).
  int64_t lowerBound = 0;
  bool optimal = false;
  ArenaProofKind proof = ArenaProofKind::None;
  /// With options.capacity >= 0: the capacity was refuted.
  bool infeasible = false;
  /// The last refutation (of lowerBound - 1 when proof == Refutation).
  bool haveRefutation = false, proofRecorded = false;
  ArenaRefutation refutation;
  uint64_t nodes = 0;
  /// Of those, the nodes of the skyline plan finder (SkylineSearch.h).
  uint64_t skylineNodes = 0;
  /// Out of nodes before the answer was proven.
  bool budgetHit = false;
  bool searched = false;
  /// Decisions made: capacities decided feasible and refuted.
  uint32_t feasibleDecisions = 0, refutedDecisions = 0;
};

/// Minimises (or, with options.capacity, decides) the arena of `p`
/// (p.check() == ""), starting from `incumbent` (a valid plan of `p`, e.g.
/// the best baseline's; nullptr: none, TFLite Micro's greedy order is used).
/// The plan returned passes checkArenaPlan and is never larger than the
/// incumbent.
ArenaExactResult solveArenaExact(const ArenaProblem &p,
                                 const ArenaPlan *incumbent,
                                 const ArenaExactOptions &options = {});

} // namespace peakmem

#endif // PEAKMEM_CORE_ARENAEXACT_H
