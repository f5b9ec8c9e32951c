//===- ArenaPlanner.cpp - peakmem's arena placement search ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The method and its exactness argument are in ArenaPlanner.h.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Arena/ArenaPlanner.h"
#include "peakmem/Core/Support/Deadline.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <tuple>

namespace peakmem {

const char *arenaStopName(ArenaStop stop) {
  switch (stop) {
  case ArenaStop::ReachedBound:
    return "reached-bound";
  case ArenaStop::Exhausted:
    return "exhausted";
  case ArenaStop::TimeBudget:
    return "time-budget";
  case ArenaStop::MoveBudget:
    return "move-budget";
  case ArenaStop::NodeBudget:
    return "node-budget";
  }
  return "unknown";
}

namespace {

using Range = std::pair<int64_t, int64_t>; // [offset, end)

struct Budget {
  Deadline deadline;
  size_t nodesLeft, movesLeft;
  double elapsedMs() const { return deadline.elapsedMs(); }
  bool timeUp() const { return deadline.expired(); }
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
  bool exhausted = false, tried = false;
};

/// Branch and bound over placement orders whose first-fit offsets are
/// non-decreasing in (offset, id) (see ArenaPlanner.h for why that is exact).
class ExactPlacer {
public:
  ExactPlacer(const ArenaProblem &p, int64_t incumbent, int64_t target,
              Budget &budget)
      : p(p), n(p.numBuffers()), best(incumbent), target(target),
        budget(budget), conflict(n, std::vector<uint8_t>(n, 0)), placed(n, 0),
        offsets(n, 0) {
    ArenaConflicts c(p);
    for (ArenaBufferId b = 0; b < n; ++b)
      for (ArenaBufferId o : c.of(b))
        conflict[b][o] = 1;
    // The heaviest step is always one where some buffer starts.
    for (ArenaBufferId b = 0; b < n; ++b) {
      std::vector<ArenaBufferId> live;
      for (ArenaBufferId o = 0; o < n; ++o)
        if (o == b || (conflict[b][o] &&
                       p.buffer(o).life.first <= p.buffer(b).life.first))
          live.push_back(o);
      cliques.push_back(std::move(live));
    }
  }

  /// Returns true if the search finished (then bestOffsets is optimal if
  /// found, else the incumbent was optimal).
  bool run() {
    dfs(0, 0, -1, 0);
    return !aborted;
  }

  bool found = false;
  bool aborted = false;
  ArenaStop abortReason = ArenaStop::NodeBudget;
  int64_t best;
  std::vector<int64_t> bestOffsets;
  size_t nodes = 0;

private:
  std::vector<Range> placedConflicts(ArenaBufferId x) const {
    std::vector<Range> out;
    for (ArenaBufferId o = 0; o < n; ++o)
      if (placed[o] && conflict[x][o] && p.buffer(o).size > 0)
        out.push_back({offsets[o], offsets[o] + p.buffer(o).size});
    std::sort(out.begin(), out.end());
    return out;
  }

  void dfs(size_t depth, int64_t lastOff, int64_t lastId, int64_t top) {
    if (aborted || best <= target)
      return;
    ++nodes;
    if (budget.nodesLeft == 0) {
      aborted = true;
      abortReason = ArenaStop::NodeBudget;
      return;
    }
    --budget.nodesLeft;
    if ((nodes & 255) == 0 && budget.timeUp()) {
      aborted = true;
      abortReason = ArenaStop::TimeBudget;
      return;
    }
    if (depth == n) {
      if (top < best) {
        best = top;
        bestOffsets = offsets;
        found = true;
      }
      return;
    }
    // Every unplaced buffer ends up at or above lastOff; at each step the
    // unplaced live buffers and the parts above lastOff of the placed live
    // ones are pairwise disjoint and all lie in [lastOff, arena).
    int64_t lb = top;
    for (const auto &clique : cliques) {
      int64_t sum = lastOff;
      for (ArenaBufferId o : clique)
        sum +=
            placed[o]
                ? std::max<int64_t>(0, offsets[o] + p.buffer(o).size - lastOff)
                : p.buffer(o).size;
      lb = std::max(lb, sum);
    }
    if (lb >= best)
      return;
    // Candidates for the next position: first fit at or above lastOff (ties
    // on the offset broken by id). First fit only rises as buffers are
    // placed, so every unplaced buffer ends at least at its lowest fit at or
    // above lastOff.
    std::vector<std::tuple<int64_t, int64_t, ArenaBufferId>> cands;
    for (ArenaBufferId x = 0; x < n; ++x) {
      if (placed[x])
        continue;
      const ArenaBuffer &buf = p.buffer(x);
      std::vector<Range> ranges = placedConflicts(x);
      int64_t ff = lowestFitFrom(ranges, buf.size, buf.alignment, 0);
      int64_t from = ff >= lastOff ? ff
                                   : lowestFitFrom(ranges, buf.size,
                                                   buf.alignment, lastOff);
      lb = std::max(lb, from + buf.size);
      if (ff > lastOff || (ff == lastOff && static_cast<int64_t>(x) > lastId))
        cands.push_back({ff, -buf.size, x});
    }
    if (lb >= best || cands.empty())
      return;
    std::sort(cands.begin(), cands.end());
    for (auto [ff, negSize, x] : cands) {
      placed[x] = 1;
      offsets[x] = ff;
      dfs(depth + 1, ff, x, std::max(top, ff - negSize));
      placed[x] = 0;
      if (aborted || best <= target)
        return;
    }
  }

  const ArenaProblem &p;
  const size_t n;
  const int64_t target;
  Budget &budget;
  std::vector<std::vector<uint8_t>> conflict;
  std::vector<std::vector<ArenaBufferId>> cliques;
  std::vector<uint8_t> placed;
  std::vector<int64_t> offsets;
};

/// Local search over placement orders decoded by first fit, with restarts.
class LocalSearch {
public:
  LocalSearch(const ArenaProblem &p, const std::vector<int64_t> &start,
              int64_t target, uint64_t seed, Budget &budget)
      : offsets(start), p(p), n(p.numBuffers()), target(target), c(p),
        rng(seed), budget(budget), seq(n), pos(n) {
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

  /// Runs until the best arena is <= target or a budget ends; returns the
  /// reason. A walk that has not improved its (arena, overflow) for
  /// `stallLimit` moves restarts from the buffers by decreasing size (TFLite
  /// Micro's order), a new walk each time: the incumbent's own order is
  /// often a deep local optimum (ReDimNet B0: 16.7% above the bound from
  /// it, at the bound from the size order within a few thousand moves).
  ArenaStop run(size_t &moves) {
    const size_t stallLimit = std::max<size_t>(1000, 5 * n);
    size_t stall = 0;
    while (best > target) {
      if (budget.movesLeft == 0)
        return ArenaStop::MoveBudget;
      if (budget.timeUp())
        return ArenaStop::TimeBudget;
      --budget.movesLeft;
      ++moves;
      if (n < 2)
        return ArenaStop::Exhausted;
      stall = tryMove() ? 0 : stall + 1;
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
      ranges.clear();
      for (ArenaBufferId o : c.of(b))
        if (pos[o] < k && p.buffer(o).size > 0)
          ranges.push_back({offsets[o], offsets[o] + p.buffer(o).size});
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
  const int64_t target;
  ArenaConflicts c;
  ArenaRng rng;
  Budget &budget;
  std::vector<ArenaBufferId> seq;
  std::vector<size_t> pos;
  std::vector<ArenaBufferId> saveSeq;
  std::vector<int64_t> saveOff;
  int64_t arena = 0;
  double overflow = 0;
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

/// Improves `comp` towards `target`; returns why it stopped.
ArenaStop improve(Component &comp, int64_t target,
                  const ArenaPlannerOptions &options, Budget &budget,
                  ArenaPlannerResult &result) {
  comp.tried = true;
  target = std::max(target, comp.bound);
  if (comp.ids.size() <= options.exactMaxBuffers) {
    ExactPlacer exact(comp.problem, comp.arena, target, budget);
    bool finished = exact.run();
    result.exactNodes += exact.nodes;
    if (exact.found) {
      comp.offsets = exact.bestOffsets;
      comp.arena = exact.best;
    }
    if (comp.arena <= target)
      return ArenaStop::ReachedBound;
    if (finished) {
      comp.exhausted = true;
      return ArenaStop::Exhausted;
    }
    if (exact.abortReason == ArenaStop::TimeBudget)
      return ArenaStop::TimeBudget;
  }
  LocalSearch search(comp.problem, comp.offsets, target,
                     options.seed ^ (0x51ED27ull * comp.ids.front()), budget);
  ArenaStop stop = search.run(result.moves);
  if (search.best < comp.arena) {
    comp.arena = search.best;
    comp.offsets = search.bestOffsets;
  }
  return stop;
}

} // namespace

ArenaPlannerResult planArena(const ArenaProblem &p,
                             const ArenaPlannerOptions &options) {
  Budget budget{Deadline(options.budgetMs), options.maxExactNodes,
                options.maxMoves};
  ArenaPlannerResult result;
  const size_t n = p.numBuffers();
  result.lowerBound = std::max(liveBytesLowerBound(p), options.lowerBound);
  ArenaConflicts conflicts(p);

  std::vector<ArenaPlan> baselines;
  for (ArenaBaseline kind : allArenaBaselines()) {
    // Hill climbing decodes up to 500 orders; it may use at most a quarter
    // of the budget (one-pass baselines are not interrupted).
    double share = options.budgetMs / 4;
    const Deadline shareDeadline(share);
    baselines.push_back(
        planArenaWith(p, kind, &conflicts, options.seed, share));
    result.baselineSizes.push_back(baselines.back().size);
    if (kind == ArenaBaseline::TvmHillClimb && shareDeadline.expired())
      result.hillClimbCut = true;
  }
  result.bestBaselineSize =
      baselines.empty() ? 0
                        : *std::min_element(result.baselineSizes.begin(),
                                            result.baselineSizes.end());

  // Each component starts from the baseline that packs it best.
  std::vector<Component> comps;
  for (const auto &ids : arenaComponents(p)) {
    Component comp = makeComponent(p, ids);
    comp.arena = std::numeric_limits<int64_t>::max();
    for (const ArenaPlan &plan : baselines) {
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

  auto largest = [&]() -> Component * {
    Component *max = nullptr;
    for (Component &comp : comps)
      if (!max || comp.arena > max->arena)
        max = &comp;
    return max;
  };
  result.stop = ArenaStop::ReachedBound;
  while (Component *comp = largest()) {
    if (comp->arena <= result.lowerBound) {
      result.stop = ArenaStop::ReachedBound;
      break;
    }
    if (comp->exhausted) {
      result.stop = ArenaStop::Exhausted;
      break;
    }
    if (comp->tried)
      break; // result.stop holds why its search ended.
    result.stop = improve(*comp, result.lowerBound, options, budget, result);
  }

  result.plan.offsets.assign(n, 0);
  for (const Component &comp : comps)
    for (size_t i = 0; i < comp.ids.size(); ++i)
      result.plan.offsets[comp.ids[i]] = comp.offsets[i];
  result.plan.size = arenaExtent(p, result.plan.offsets);
  Component *top = largest();
  result.provenOptimal =
      result.plan.size <= result.lowerBound ||
      (top && top->exhausted && top->arena == result.plan.size);
  if (result.plan.size <= result.lowerBound)
    result.stop = ArenaStop::ReachedBound;
  result.elapsedMs = budget.elapsedMs();
  return result;
}

} // namespace peakmem
