//===- ArenaPlanner.cpp - peakmem's arena placement search ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The method and its exactness argument are in ArenaPlanner.h.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Arena/ArenaPlanner.h"
#include "peakmem/Core/Support/EnumNames.h"
#include "peakmem/Core/Support/WorkBudget.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>

namespace peakmem {

static constexpr EnumName<ArenaStop> kStopNames[] = {
    {ArenaStop::ReachedBound, "reached-bound"},
    {ArenaStop::Exhausted, "exhausted"},
    {ArenaStop::TimeBudget, "time-budget"},
    {ArenaStop::MoveBudget, "move-budget"},
    {ArenaStop::NodeBudget, "node-budget"}};

const char *arenaStopName(ArenaStop stop) {
  return enumName(kStopNames, stop, "unknown");
}

namespace {

using Range = std::pair<int64_t, int64_t>; // [offset, end)

/// The local search's budgets and the opt-in time cap.
struct Budget {
  TimeCap *cap;
  size_t movesLeft;
  uint64_t workLeft;
  bool timeUp() { return cap && cap->check(); }
  /// Charges `units` of decode work; false once it is spent.
  bool charge(uint64_t units) {
    if (units > workLeft) {
      workLeft = 0;
      return false;
    }
    workLeft -= units;
    return true;
  }
};

/// Lowest offset >= `from`, aligned to `align`, where `size` bytes fit among
/// `placed` (positive-size ranges sorted by offset). From 0 this is first
/// fit.
int64_t lowestFitFrom(const std::vector<Range> &placed, int64_t size,
                      int64_t align, int64_t from) {
  int64_t cand = alignTo(from, align);
  if (size == 0)
    return cand;
  for (auto [off, end] : placed) {
    if (end <= cand)
      continue;
    if (cand + size <= off)
      return cand;
    cand = alignTo(end, align);
  }
  return cand;
}

/// One connected component of the conflict graph, renumbered from 0.
struct Component {
  ArenaProblem problem;
  std::vector<ArenaBufferId> ids; // local -> global
  std::vector<int64_t> offsets;   // local offsets of the current plan
  int64_t arena = 0, bound = 0;
  bool tried = false;
};

/// Local search over placement orders decoded by first fit, with restarts.
class LocalSearch {
public:
  LocalSearch(const ArenaProblem &p, const std::vector<int64_t> &start,
              int64_t target, int64_t stopAt, uint64_t seed, Budget &budget)
      : offsets(start), p(p), n(p.numBuffers()), target(target),
        stopAt(std::max(target, stopAt)), c(p), rng(seed), budget(budget),
        seq(n), pos(n) {
    // Replaying a plan by first fit in (offset, id) order never moves a
    // buffer up: the search starts at most at the incumbent.
    std::iota(seq.begin(), seq.end(), 0);
    std::sort(seq.begin(), seq.end(), [&](ArenaBufferId a, ArenaBufferId b) {
      return std::make_pair(start[a], a) < std::make_pair(start[b], b);
    });
    restartFrom(seq);
    best = arena;
    bestOffsets = offsets;
  }

  /// Runs until the best arena is <= stopAt or a budget ends; returns the
  /// reason. A walk that has not improved its (arena, overflow) for
  /// `stallLimit` moves restarts from the buffers by decreasing size (TFLite
  /// Micro's order), a new walk each time: the incumbent's own order is
  /// often a deep local optimum (ReDimNet B0: 16.7% above the bound from
  /// it, at the bound from the size order within a few thousand moves).
  ArenaStop run(size_t &moves) {
    const size_t stallLimit = std::max<size_t>(1000, 5 * n);
    size_t stall = 0;
    while (best > stopAt) {
      if (budget.movesLeft == 0)
        return ArenaStop::MoveBudget;
      if (budget.timeUp())
        return ArenaStop::TimeBudget;
      --budget.movesLeft;
      ++moves;
      if (n < 2)
        return ArenaStop::Exhausted;
      work = 0;
      stall = tryMove() ? 0 : stall + 1;
      totalWork += work;
      if (!budget.charge(work))
        return ArenaStop::MoveBudget;
      if (arena < best) {
        best = arena;
        bestOffsets = offsets;
      }
      if (stall >= stallLimit) {
        stall = 0;
        std::vector<ArenaBufferId> bySize(n);
        std::iota(bySize.begin(), bySize.end(), 0);
        std::stable_sort(bySize.begin(), bySize.end(),
                         [&](ArenaBufferId a, ArenaBufferId b) {
                           return p.buffer(a).size > p.buffer(b).size;
                         });
        restartFrom(bySize);
      }
    }
    return ArenaStop::ReachedBound;
  }

  int64_t best = 0;
  std::vector<int64_t> bestOffsets;
  /// Decode work of the whole run.
  uint64_t totalWork = 0;

private:
  void restartFrom(const std::vector<ArenaBufferId> &sequence) {
    seq = sequence;
    for (size_t k = 0; k < n; ++k)
      pos[seq[k]] = k;
    decodeFrom(0);
    score(arena, overflow);
  }

  /// One move: a buffer that reaches the top moves earlier, or two random
  /// buffers swap, or one moves. Kept when (arena, overflow) does not grow;
  /// returns whether it strictly decreased.
  bool tryMove() {
    size_t from, to;
    uint64_t r = rng.below(100);
    if (r < 10) {
      std::vector<ArenaBufferId> top;
      for (ArenaBufferId b = 0; b < n; ++b)
        if (offsets[b] + p.buffer(b).size == arena)
          top.push_back(b);
      from = pos[top[rng.below(top.size())]];
      if (from == 0)
        return false;
      // Half of the time nearby: only the tail is decoded again.
      to = r < 5 ? from - 1 - rng.below(std::min<size_t>(from, 64))
                 : rng.below(from);
    } else {
      from = rng.below(n);
      to = rng.below(n);
      if (from == to)
        return false;
    }
    size_t lo = std::min(from, to);
    saveSeq.assign(seq.begin() + lo, seq.end());
    saveOff = offsets;
    if (r >= 10 && r < 55)
      std::swap(seq[from], seq[to]);
    else if (to < from)
      std::rotate(seq.begin() + to, seq.begin() + from, seq.begin() + from + 1);
    else
      std::rotate(seq.begin() + from, seq.begin() + from + 1,
                  seq.begin() + to + 1);
    for (size_t k = lo; k < n; ++k)
      pos[seq[k]] = k;
    decodeFrom(lo);
    int64_t newArena;
    double newOverflow;
    score(newArena, newOverflow);
    if (newArena < arena || (newArena == arena && newOverflow <= overflow)) {
      bool better = newArena < arena || newOverflow < overflow;
      arena = newArena;
      overflow = newOverflow;
      return better;
    }
    std::copy(saveSeq.begin(), saveSeq.end(), seq.begin() + lo);
    for (size_t k = lo; k < n; ++k)
      pos[seq[k]] = k;
    offsets.swap(saveOff);
    return false;
  }

  void decodeFrom(size_t start) {
    std::vector<Range> ranges;
    for (size_t k = start; k < n; ++k) {
      ArenaBufferId b = seq[k];
      work += 1 + c.degree(b);
      ranges.clear();
      c.forEach(b, [&](ArenaBufferId o) {
        if (pos[o] < k && p.buffer(o).size > 0)
          ranges.push_back({offsets[o], offsets[o] + p.buffer(o).size});
      });
      std::sort(ranges.begin(), ranges.end());
      offsets[b] =
          lowestFitFrom(ranges, p.buffer(b).size, p.buffer(b).alignment, 0);
    }
  }

  /// The arena, and the overflow: for each buffer that ends above the
  /// target, the bytes above it times its lifetime in steps. The overflow
  /// moves with every buffer above the target, not only those at the top,
  /// so the search can descend where the arena alone is a plateau.
  void score(int64_t &extent, double &overflow) const {
    extent = arenaExtent(p, offsets);
    overflow = 0;
    for (ArenaBufferId b = 0; b < n; ++b) {
      const ArenaBuffer &buf = p.buffer(b);
      int64_t above = offsets[b] + buf.size - target;
      if (above > 0)
        overflow +=
            static_cast<double>(above) * (buf.life.last - buf.life.first + 1);
    }
  }

  std::vector<int64_t> offsets;
  const ArenaProblem &p;
  const size_t n;
  /// The overflow is measured above `target`; the search ends at `stopAt`
  /// (a proven bound: nothing below it exists).
  const int64_t target, stopAt;
  ArenaConflicts c;
  ArenaRng rng;
  Budget &budget;
  std::vector<ArenaBufferId> seq;
  std::vector<size_t> pos;
  std::vector<ArenaBufferId> saveSeq;
  std::vector<int64_t> saveOff;
  int64_t arena = 0;
  double overflow = 0;
  uint64_t work = 0;
};

Component makeComponent(const ArenaProblem &p,
                        const std::vector<ArenaBufferId> &ids) {
  Component comp;
  comp.ids = ids;
  comp.problem.setNumSteps(p.numSteps());
  for (ArenaBufferId b : ids) {
    const ArenaBuffer &buf = p.buffer(b);
    comp.problem.addBuffer(buf.size, buf.alignment, buf.life.first,
                           buf.life.last);
  }
  comp.bound = liveBytesLowerBound(comp.problem);
  return comp;
}

/// Improves `comp` towards `target` by the local search, stopping at
/// `stopAt`; returns why it stopped.
ArenaStop improve(Component &comp, int64_t target, int64_t stopAt,
                  uint64_t seed, Budget &budget, ArenaPlannerResult &result) {
  comp.tried = true;
  target = std::max(target, comp.bound);
  LocalSearch search(comp.problem, comp.offsets, target, stopAt,
                     seed ^ (0x51ED27ull * comp.ids.front()), budget);
  ArenaStop stop = search.run(result.moves);
  result.moveWork += search.totalWork;
  if (search.best < comp.arena) {
    comp.arena = search.best;
    comp.offsets = search.bestOffsets;
  }
  return stop;
}

/// Every baseline's plan; result.baselineSizes and bestBaselineSize.
std::vector<ArenaPlan> runBaselines(const ArenaProblem &p,
                                    const ArenaConflicts &conflicts,
                                    const ArenaPlannerOptions &options,
                                    uint64_t seed, TimeCap *cap,
                                    ArenaPlannerResult &result) {
  std::vector<ArenaPlan> baselines;
  HillClimbLimits limits;
  limits.attempts = options.hillClimbAttempts;
  limits.work = options.hillClimbWork;
  limits.timeCap = cap;
  for (ArenaBaseline kind : allArenaBaselines()) {
    bool cut = false;
    baselines.push_back(planArenaWith(p, kind, &conflicts, seed, limits, &cut));
    result.baselineSizes.push_back(baselines.back().size);
    result.hillClimbCut |= cut;
  }
  result.bestBaselineSize = *std::min_element(result.baselineSizes.begin(),
                                              result.baselineSizes.end());
  return baselines;
}

/// The components of `p`, each with the offsets of the baseline (or plan)
/// that packs it best.
std::vector<Component> bestPerComponent(const ArenaProblem &p,
                                        const std::vector<ArenaPlan> &plans) {
  std::vector<Component> comps;
  for (const auto &ids : arenaComponents(p)) {
    Component comp = makeComponent(p, ids);
    comp.arena = std::numeric_limits<int64_t>::max();
    for (const ArenaPlan &plan : plans) {
      int64_t extent = 0;
      for (ArenaBufferId b : ids)
        extent = std::max(extent, plan.offsets[b] + p.buffer(b).size);
      if (extent < comp.arena) {
        comp.arena = extent;
        comp.offsets.clear();
        for (ArenaBufferId b : ids)
          comp.offsets.push_back(plan.offsets[b]);
      }
    }
    comps.push_back(std::move(comp));
  }
  return comps;
}

ArenaPlan joinComponents(const ArenaProblem &p,
                         const std::vector<Component> &comps) {
  ArenaPlan plan;
  plan.offsets.assign(p.numBuffers(), 0);
  for (const Component &comp : comps)
    for (size_t i = 0; i < comp.ids.size(); ++i)
      plan.offsets[comp.ids[i]] = comp.offsets[i];
  plan.size = arenaExtent(p, plan.offsets);
  return plan;
}

/// The exact search from `plan`; updates the plan, the bound and the proof.
void runExact(const ArenaProblem &p, const ArenaPlannerOptions &options,
              TimeCap *cap, ArenaPlan &plan, ArenaPlannerResult &result) {
  ArenaExactOptions eo;
  eo.maxNodes = options.maxExactNodes;
  eo.maxWork = options.maxExactWork;
  if (options.budget)
    eo.maxWork = std::min<uint64_t>(eo.maxWork, options.budget->left());
  eo.lowerBound = result.lowerBound;
  eo.capacity = options.capacity;
  eo.recordProof = options.recordProof;
  eo.maxBuffers = options.exactMaxBuffers;
  eo.timeCap = cap;
  ArenaExactResult exact = solveArenaExact(p, &plan, eo);
  result.exactNodes += exact.nodes;
  if (options.budget && exact.nodes > 0)
    options.budget->charge(exact.nodes * std::max<size_t>(1, p.numBuffers()));
  result.skylineNodes += exact.skylineNodes;
  plan = std::move(exact.plan);
  result.lowerBound = exact.lowerBound;
  result.infeasible = exact.infeasible;
  if (exact.haveRefutation) {
    result.refutation = std::move(exact.refutation);
    result.proofRecorded = exact.proofRecorded;
  }
  if (exact.budgetHit)
    result.stop = ArenaStop::NodeBudget;
}

/// Sets the proof, the stop reason and the time-cap flag from the plan.
void finish(ArenaPlannerResult &result, int64_t givenBound, int64_t capacity,
            const TimeCap *cap) {
  const int64_t size = result.plan.size;
  result.provenOptimal = size <= result.lowerBound;
  result.timeLimitHit = cap && cap->fired();
  if (size <= givenBound) {
    result.proof = ArenaProofKind::LiveBytes;
    result.stop = ArenaStop::ReachedBound;
  } else if (result.provenOptimal) {
    result.proof = ArenaProofKind::Refutation;
    result.stop = ArenaStop::Exhausted;
  } else {
    result.proof = ArenaProofKind::None;
    if (capacity >= 0 && (result.infeasible || size <= capacity))
      result.stop = ArenaStop::Exhausted;
    else if (result.timeLimitHit)
      result.stop = ArenaStop::TimeBudget;
  }
}

} // namespace

uint64_t hashArenaProblem(const ArenaProblem &p) {
  // FNV-1a over the fields, 64-bit little-endian words.
  uint64_t h = 0xCBF29CE484222325ull;
  auto mix = [&](uint64_t word) {
    for (int i = 0; i < 8; ++i) {
      h ^= (word >> (8 * i)) & 0xFF;
      h *= 0x100000001B3ull;
    }
  };
  mix(p.numSteps());
  mix(p.numBuffers());
  for (ArenaBufferId b = 0; b < p.numBuffers(); ++b) {
    const ArenaBuffer &buf = p.buffer(b);
    mix(static_cast<uint64_t>(buf.size));
    mix(static_cast<uint64_t>(buf.alignment));
    mix((uint64_t(buf.life.first) << 32) | buf.life.last);
  }
  return h;
}

ArenaPlannerResult planArena(const ArenaProblem &p,
                             const ArenaPlannerOptions &options) {
  const auto started = std::chrono::steady_clock::now();
  double limitMs = 0;
  for (double ms : {options.timeLimitMs, options.budgetMs})
    if (ms > 0 && std::isfinite(ms))
      limitMs = limitMs > 0 ? std::min(limitMs, ms) : ms;
  TimeCap cap(limitMs);
  TimeCap *capPtr = cap.enabled()    ? &cap
                    : options.budget ? options.budget->timeCap()
                                     : nullptr;
  ArenaPlannerResult result;
  result.lowerBound = std::max(liveBytesLowerBound(p), options.lowerBound);
  const int64_t givenBound = result.lowerBound;
  const uint64_t seed = options.seed ^ hashArenaProblem(p);
  ArenaPlan plan;
  {
    ArenaConflicts conflicts(p);
    std::vector<ArenaPlan> baselines =
        runBaselines(p, conflicts, options, seed, capPtr, result);
    plan = joinComponents(p, bestPerComponent(p, baselines));
  }
  const bool decide = options.capacity >= 0;
  const int64_t goal =
      decide ? std::max(options.capacity, givenBound) : givenBound;
  result.stop = ArenaStop::ReachedBound;
  // The exact search and the local search both start from the baselines'
  // plan, so that each is monotone in its own budget and the better of the
  // two is monotone in both.
  ArenaPlan exactPlan = plan;
  if (plan.size > goal)
    runExact(p, options, capPtr, exactPlan, result);
  const int64_t stopAt = decide ? goal : result.lowerBound;
  if (exactPlan.size > stopAt && !result.infeasible) {
    std::vector<Component> comps = bestPerComponent(p, {plan});
    Budget budget{capPtr, options.maxMoves, options.maxMoveWork};
    if (options.budget)
      budget.workLeft =
          std::min<uint64_t>(budget.workLeft, options.budget->left());
    const uint64_t workBefore = result.moveWork;
    auto largest = [&]() -> Component * {
      Component *max = nullptr;
      for (Component &comp : comps)
        if (!max || comp.arena > max->arena)
          max = &comp;
      return max;
    };
    while (Component *comp = largest()) {
      if (comp->arena <= stopAt || comp->tried)
        break;
      result.stop = improve(*comp, goal, stopAt, seed, budget, result);
    }
    if (options.budget && result.moveWork > workBefore)
      options.budget->charge(result.moveWork - workBefore);
    ArenaPlan local = joinComponents(p, comps);
    if (local.size < exactPlan.size)
      exactPlan = std::move(local);
  }
  plan = std::move(exactPlan);
  result.plan = std::move(plan);
  finish(result, givenBound, decide ? options.capacity : -1, capPtr);
  // Informational only: nothing above reads it.
  result.elapsedMs = std::chrono::duration<double, std::milli>(
                         std::chrono::steady_clock::now() - started)
                         .count();
  return result;
}

} // namespace peakmem
