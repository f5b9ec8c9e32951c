//===- Scheduler.cpp - Find a low-peak order for one block ----------------===//

#include "peakmem/Core/Scheduler.h"
#include "peakmem/Core/ExactSearch.h"
#include "peakmem/Core/Heuristics.h"
#include "peakmem/Core/Simulation.h"

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

ScheduleResult scheduleBlock(const Problem &p, const ScheduleOptions &options) {
  ScheduleResult r;
  r.order = identityOrder(p);
  r.peak = r.originalPeak = simulatePeak(p, r.order);
  const bool isAuto = options.algorithm == "auto";
  const bool isExact = options.algorithm == "exact";

  if (options.useBounds && (isAuto || isExact)) {
    r.bound = computeLowerBound(p, r.order);
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

  SearchOptions search;
  search.budgetMs = options.budgetMs;
  search.lowerBound = options.useBounds ? r.bound.bytes : 0;
  SearchResult s = exactSearch(p, r.order, search);
  r.budgetExhausted = s.budgetExhausted;
  r.provenOptimal = s.provenOptimal;
  if (s.peak < r.peak) {
    r.peak = s.peak;
    r.order = std::move(s.order);
    r.producedBy = "exact";
  }
  return r;
}

} // namespace peakmem
