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

#include <algorithm>

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
    for (const std::string &h : canonical::preorderHeuristics())
      ranks.push_back(canonical::preorderRank(model, h));
    return true;
  }

  /// Decides `capacity` (canonical::Search per preorder, doubling limits)
  /// until an answer or the end of the node budget.
  Decision decide(int64_t capacity) {
    Decision d;
    uint64_t limit = std::max<uint64_t>(64, 2 * model.numBuffers());
    while (true) {
      for (const std::vector<uint32_t> &rank : ranks) {
        const uint64_t left = options.maxNodes - result.nodes;
        if (left == 0)
          return d;
        std::vector<int64_t> trace;
        canonical::Search search(model, capacity, rank,
                                 std::min(limit, left),
                                 options.recordProof ? &trace : nullptr,
                                 options.maxProofTokens);
        d.outcome = search.solveAll();
        result.nodes += search.nodes;
        if (d.outcome == canonical::Outcome::Found) {
          d.plan = toPlan(search.solution);
          return d;
        }
        if (d.outcome == canonical::Outcome::Refuted) {
          d.refutation.capacity = capacity;
          d.refutation.rank = globalRank(rank);
          d.recorded = options.recordProof && !search.traceOverflow;
          if (d.recorded)
            d.refutation.tree = std::move(trace);
          return d;
        }
        if (search.nodes < limit)
          return d; // Stopped by the total budget.
      }
      limit *= 2;
    }
  }

  ArenaPlan toPlan(const std::vector<int64_t> &local) const {
    ArenaPlan plan;
    plan.offsets.assign(p.numBuffers(), 0);
    for (size_t b = 0; b < local.size(); ++b)
      plan.offsets[model.global[b]] = local[b];
    plan.size = arenaExtent(p, plan.offsets);
    return plan;
  }

  /// Ranks over every buffer of `p`: positive sizes by `local`, zero sizes
  /// after them by id.
  std::vector<uint32_t> globalRank(const std::vector<uint32_t> &local) const {
    std::vector<uint32_t> rank(p.numBuffers(), 0);
    std::vector<uint8_t> ranked(p.numBuffers(), 0);
    for (size_t b = 0; b < local.size(); ++b) {
      rank[model.global[b]] = local[b];
      ranked[model.global[b]] = 1;
    }
    uint32_t next = static_cast<uint32_t>(local.size());
    for (ArenaBufferId b = 0; b < p.numBuffers(); ++b)
      if (!ranked[b])
        rank[b] = next++;
    return rank;
  }

  /// Records a decision in the result; returns false when it ran out of
  /// nodes.
  bool take(Decision &d) {
    if (d.outcome == canonical::Outcome::Aborted) {
      result.budgetHit = true;
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

  void minimize() {
    // The bound first: most instances reach it, and a plan there ends the
    // search; then the incumbent's arena minus one, until refuted.
    Decision atBound = decide(result.lowerBound);
    if (!take(atBound))
      return;
    while (result.plan.size > result.lowerBound) {
      Decision below = decide(result.plan.size - 1);
      if (!take(below))
        return;
    }
  }

private:
  const ArenaProblem &p;
  const ArenaExactOptions &options;
  ArenaExactResult &result;
  canonical::Model model;
  std::vector<std::vector<uint32_t>> ranks;
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
      Decision d = minimizer.decide(options.capacity);
      minimizer.take(d);
      result.infeasible = d.outcome == canonical::Outcome::Refuted;
    }
  } else {
    minimizer.minimize();
  }
  settle(result);
  return result;
}

} // namespace peakmem
