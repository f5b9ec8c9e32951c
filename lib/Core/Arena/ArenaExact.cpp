//===- ArenaExact.cpp - Exact arena placement: minimum height, proven -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The minimisation over decisions (ArenaExact.h); each decision is a
// canonical::Search (CanonicalSearch.h) tried with the static preorders in
// turn under doubling node limits, as MiniMalloc's round robin does.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Arena/ArenaExact.h"
#include "peakmem/Core/Arena/ArenaBaselines.h"

#include "CanonicalSearch.h"
#include "SkylineSearch.h"

#include <algorithm>
#include <numeric>

namespace peakmem {

const char *arenaProofKindName(ArenaProofKind kind) {
  switch (kind) {
  case ArenaProofKind::None:
    return "none";
  case ArenaProofKind::LiveBytes:
    return "live-bytes";
  case ArenaProofKind::Refutation:
    return "refutation";
  }
  return "unknown";
}

namespace {

struct Decision {
  canonical::Outcome outcome = canonical::Outcome::Aborted;
  ArenaPlan plan;
  ArenaRefutation refutation;
  bool recorded = false;
};

class Minimizer {
public:
  Minimizer(const ArenaProblem &p, const ArenaExactOptions &options,
            ArenaExactResult &result)
      : p(p), options(options), result(result) {}

  bool build() {
    if (!model.build(p, options.maxBuffers, options.maxConflictPairs))
      return false;
    maxNodes = std::min<uint64_t>(options.maxNodes,
                                  options.maxWork /
                                      std::max<size_t>(1, model.numBuffers()));
    // The gcd of the sizes, lowered until each alignment divides it or is
    // a multiple of it (aligning a multiple of grain then gives one).
    for (int64_t size : model.size)
      grain = std::gcd(grain, size);
    for (bool changed = true; changed && grain > 1;) {
      changed = false;
      for (int64_t align : model.align)
        if (align > 1 && grain % align != 0 && align % grain != 0) {
          grain = std::gcd(grain, align);
          changed = true;
        }
    }
    grain = std::max<int64_t>(grain, 1);
    return true;
  }

  /// The largest capacity that decides the same as `capacity`: every size
  /// is a multiple of `grain` and every alignment a multiple or a divisor
  /// of it, so every offset and top of a canonical plan and every floor and
  /// total the search compares (ArenaRefutation.h) is a multiple of it, and
  /// capacities C and floor(C / grain) * grain + grain - 1 grow the same
  /// tree. Deciding the larger one refutes the most.
  int64_t onGrid(int64_t capacity) const {
    if (capacity < 0 || capacity > INT64_MAX - grain)
      return capacity;
    return capacity / grain * grain + grain - 1;
  }

  uint64_t firstLimit() const {
    return std::max<uint64_t>(64, 2 * model.numBuffers());
  }

  /// Decides `capacity` (canonical::Search per preorder, node limits
  /// doubling from firstLimit() up to `maxLimit`) until an answer, the last
  /// limit or the end of the node budget.
  Decision decide(int64_t asked, uint64_t maxLimit = UINT64_MAX,
                  uint64_t fromLimit = 0) {
    Decision d;
    const int64_t capacity = onGrid(asked);
    d.refutation.capacity = capacity;
    // After the first round (the bound at the smallest limit, which solves
    // some full problems cheaply: C of MiniMalloc's instances in 2,235
    // nodes, where the skyline spent 375,611 in vain).
    if ((maxLimit > firstLimit() || options.capacity >= 0) &&
        trySkyline(asked, capacity, d))
      return d;
    uint64_t limit = std::max(firstLimit(), fromLimit);
    while (limit <= maxLimit) {
      for (const std::string &keys : canonical::preorderHeuristics()) {
        const uint64_t left =
            maxNodes > result.nodes ? maxNodes - result.nodes : 0;
        if (left == 0) {
          outOfBudget = true;
          return d;
        }
        std::vector<int64_t> trace;
        canonical::Search search(model, capacity, keys, std::min(limit, left),
                                 options.recordProof ? &trace : nullptr,
                                 options.maxProofTokens, options.timeCap);
        d.outcome = search.solveAll();
        result.nodes += search.nodes;
        if (d.outcome == canonical::Outcome::Found) {
          d.plan = toPlan(search.solution);
          return d;
        }
        if (d.outcome == canonical::Outcome::Refuted) {
          d.refutation.capacity = capacity;
          d.refutation.preorder = keys;
          d.recorded = options.recordProof && !search.traceOverflow;
          if (d.recorded)
            d.refutation.tree = std::move(trace);
          return d;
        }
        if (search.nodes < limit ||
            (options.timeCap && options.timeCap->fired())) {
          outOfBudget = true;
          return d; // Stopped by the total budget or the time cap.
        }
      }
      if (limit > UINT64_MAX / 2)
        break;
      limit *= 2;
    }
    return d;
  }

  /// The skyline finder (SkylineSearch.h) first, once per capacity,
  /// within 3/4 of all nodes; true when it found a plan (in `d`). Only on
  /// the proven bound (and a capacity decided alone) of a problem mostly
  /// full at it (fullAt), where its every-byte-covered inference bites and
  /// the canonical search rarely finishes; the last quarter of the nodes
  /// stays the canonical search's (which can refute).
  bool trySkyline(int64_t asked, int64_t capacity, Decision &d) {
    if ((asked != result.lowerBound && options.capacity < 0) ||
        capacity == skylineTried || !fullAt(asked))
      return false;
    skylineTried = capacity;
    const uint64_t left = maxNodes > result.nodes ? maxNodes - result.nodes : 0;
    const uint64_t limit = std::min(left, maxNodes - maxNodes / 4);
    if (limit == 0)
      return false;
    // The lowest equivalent capacity (see onGrid): the skyline's
    // inference is on the bytes that cannot be wasted below it.
    canonical::Skyline sky(model, asked / grain * grain, limit,
                           options.timeCap);
    canonical::Outcome o = sky.run();
    result.nodes += sky.nodes;
    result.skylineNodes += sky.nodes;
    if (o != canonical::Outcome::Found)
      return false;
    d.outcome = o;
    d.plan = toPlan(sky.solution);
    return true;
  }

  /// Whether at least half of the sections with live bytes are full at
  /// `capacity` (no byte of them can be wasted): where the skyline's
  /// inference bites. Elsewhere (MiniMalloc's instances: a few full
  /// sections) it found no plan the canonical search did not, and cost
  /// nodes.
  bool fullAt(int64_t capacity) const {
    size_t live = 0, full = 0;
    for (int64_t total : model.secTotal) {
      live += total > 0;
      full += total >= capacity;
    }
    return 2 * full >= live && live > 0;
  }

  ArenaPlan toPlan(const std::vector<int64_t> &local) const {
    ArenaPlan plan;
    plan.offsets.assign(p.numBuffers(), 0);
    for (size_t b = 0; b < local.size(); ++b)
      plan.offsets[model.global[b]] = local[b];
    plan.size = arenaExtent(p, plan.offsets);
    return plan;
  }

  /// Records a decision in the result; returns false when it was not
  /// answered.
  bool take(Decision &d) {
    if (d.outcome == canonical::Outcome::Aborted) {
      result.budgetHit = outOfBudget;
      return false;
    }
    if (d.outcome == canonical::Outcome::Found) {
      ++result.feasibleDecisions;
      if (d.plan.size < result.plan.size)
        result.plan = std::move(d.plan);
      return true;
    }
    ++result.refutedDecisions;
    result.lowerBound = std::max(result.lowerBound, d.refutation.capacity + 1);
    result.refutation = std::move(d.refutation);
    result.haveRefutation = true;
    result.proofRecorded = d.recorded;
    return true;
  }

  /// The node limit per attempt up to which the bound is decided in the
  /// second round: on MiniMalloc's challenging instances whose optimum is
  /// the live-bytes bound, deciding it took attempts of up to 27,520 nodes
  /// (E; docs/arena-benchmark.md). A constant, so that the sequence of
  /// decisions does not depend on the budget.
  static constexpr uint64_t kBoundLimit = uint64_t(1) << 15;

  /// Rounds of growing node limits (x4 each). In each: the bound is decided
  /// at the limits not tried yet (in the second round up to
  /// kBoundLimit, the bound being the optimum of most
  /// instances, perfect packings included), then a bisection between the
  /// bound and the arena, each plan found lowering the top, each refutation
  /// raising the bound, and a capacity out of this round's nodes moving the
  /// bisection up. The first round, at the smallest limit, gives a good plan
  /// cheaply before that. A hard decision thus never blocks an easy one for
  /// long; the sequence does not depend on the budget, so with more nodes
  /// the same sequence only runs further (the arena never grows).
  void minimize() {
    uint64_t tried = 0; // The bound was tried up to this limit.
    const uint64_t first = firstLimit();
    for (uint64_t maxLimit = first; !outOfBudget;
         maxLimit = maxLimit > UINT64_MAX / 4 ? UINT64_MAX : maxLimit * 4) {
      const int64_t bound = result.lowerBound;
      uint64_t boundLimit = maxLimit;
      if (maxLimit > first)
        boundLimit = std::max(maxLimit, kBoundLimit);
      // The bound only at the limits not tried yet (while it stays the
      // same); every other capacity from the first limit.
      if (boundLimit > tried) {
        Decision atBound = decide(bound, boundLimit, tried ? 2 * tried : 0);
        take(atBound);
        tried = result.lowerBound == bound ? boundLimit : 0;
      }
      if (result.plan.size <= result.lowerBound)
        return;
      int64_t lo = result.lowerBound;
      while (!outOfBudget && lo < result.plan.size) {
        int64_t mid = lo + (result.plan.size - 1 - lo) / 2;
        Decision d = decide(mid, maxLimit);
        take(d);
        if (d.outcome != canonical::Outcome::Found)
          lo = std::max(onGrid(mid) + 1, result.lowerBound);
      }
      if (result.plan.size <= result.lowerBound)
        return;
    }
  }

  void decideOnly(int64_t capacity) {
    while (!outOfBudget) {
      Decision d = decide(capacity);
      take(d);
      if (d.outcome != canonical::Outcome::Aborted) {
        result.infeasible = d.outcome == canonical::Outcome::Refuted;
        return;
      }
    }
  }

private:
  const ArenaProblem &p;
  const ArenaExactOptions &options;
  ArenaExactResult &result;
  canonical::Model model;
  uint64_t maxNodes = 0;
  bool outOfBudget = false;
  int64_t skylineTried = -1;
  int64_t grain = 0;
};

ArenaPlan greedyBySize(const ArenaProblem &p) {
  return planArenaWith(p, ArenaBaseline::TFLiteMicroGreedy);
}

void settle(ArenaExactResult &result) {
  result.optimal = result.plan.size <= result.lowerBound;
  if (!result.optimal)
    result.proof = ArenaProofKind::None;
  else if (result.haveRefutation &&
           result.refutation.capacity + 1 == result.plan.size)
    result.proof = ArenaProofKind::Refutation;
  else
    result.proof = ArenaProofKind::LiveBytes;
}

} // namespace

ArenaExactResult solveArenaExact(const ArenaProblem &p,
                                 const ArenaPlan *incumbent,
                                 const ArenaExactOptions &options) {
  ArenaExactResult result;
  result.plan = incumbent ? *incumbent : greedyBySize(p);
  result.plan.size = arenaExtent(p, result.plan.offsets);
  result.lowerBound = std::max(liveBytesLowerBound(p), options.lowerBound);
  const bool decideOnly = options.capacity >= 0;
  if (decideOnly ? result.plan.size <= options.capacity
                 : result.plan.size <= result.lowerBound) {
    settle(result);
    return result;
  }
  Minimizer minimizer(p, options, result);
  if (!minimizer.build()) {
    settle(result);
    return result;
  }
  result.searched = true;
  if (decideOnly) {
    if (options.capacity < result.lowerBound) {
      // Below the bound nothing fits; the bound itself is the proof.
      result.infeasible = true;
    } else {
      minimizer.decideOnly(options.capacity);
    }
  } else {
    minimizer.minimize();
  }
  settle(result);
  return result;
}

} // namespace peakmem
