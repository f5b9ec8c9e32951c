//===- Scheduler.cpp - Find a low-peak order for one block ----------------===//

#include "peakmem/Core/Scheduler.h"
#include "peakmem/Core/ExactSearch.h"
#include "peakmem/Core/Heuristics.h"
#include "peakmem/Core/Simulation.h"

#include <algorithm>

namespace peakmem {

std::string validateAlgorithm(const std::string &name) {
  Heuristic h;
  if (name == "auto" || name == "exact" || parseHeuristic(name, h))
    return {};
  std::string known = "auto, exact";
  for (Heuristic k : allHeuristics())
    known += std::string(", ") + heuristicName(k);
  return "unknown algorithm '" + name + "' (expected one of: " + known + ")";
}

/// Keeps `candidate` if it is strictly better than `best`.
static void offer(ScheduleResult &best, const Problem &p, Order candidate,
                  const char *name) {
  int64_t peak = simulatePeak(p, candidate);
  if (peak < best.peak) {
    best.peak = peak;
    best.order = std::move(candidate);
    best.producedBy = name;
  }
}

ScheduleResult prepareBlock(const Problem &p, const ScheduleOptions &options) {
  ScheduleResult r;
  r.order = identityOrder(p);
  r.peak = r.originalPeak = simulatePeak(p, r.order);
  const bool isAuto = options.algorithm == "auto";
  const bool isExact = options.algorithm == "exact";

  if (options.useBounds && (isAuto || isExact)) {
    BoundOptions bounds;
    bounds.budgetMs =
        std::max(0.0, std::min(options.boundBudgetMs, options.budgetMs));
    r.bound = computeLowerBound(p, r.order, bounds);
    if (r.bound.bytes >= r.peak) {
      r.provenOptimal = r.certifiedBeforeSearch = true;
      return r;
    }
  }

  Heuristic h;
  if (!isAuto && !isExact) {
    if (parseHeuristic(options.algorithm, h))
      offer(r, p, scheduleWith(p, h), heuristicName(h));
    return r;
  }
  if (isAuto)
    for (Heuristic k : allHeuristics())
      offer(r, p, scheduleWith(p, k), heuristicName(k));
  if (options.useBounds && r.bound.bytes >= r.peak) {
    r.provenOptimal = true;
    return r;
  }
  r.needsSearch = true;
  return r;
}

void searchBlock(const Problem &p, ScheduleResult &r, double budgetMs) {
  SearchOptions search;
  search.budgetMs = std::max(0.0, budgetMs);
  search.lowerBound = r.bound.bytes;
  SearchResult s = exactSearch(p, r.order, search);
  r.budgetExhausted = s.budgetExhausted;
  r.provenOptimal = s.provenOptimal;
  if (s.peak < r.peak) {
    r.peak = s.peak;
    r.order = std::move(s.order);
    r.producedBy = "exact";
  }
}

ScheduleResult scheduleBlock(const Problem &p, const ScheduleOptions &options) {
  FunctionBudget budget(options.budgetMs);
  ScheduleResult r = prepareBlock(p, options);
  if (r.needsSearch)
    searchBlock(p, r, budget.leftMs());
  return r;
}

double FunctionBudget::shareMs(size_t blocks) const {
  return leftMs() / static_cast<double>(std::max<size_t>(1, blocks));
}

} // namespace peakmem
