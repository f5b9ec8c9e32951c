//===- Scheduler.cpp - Find a low-peak order for one block ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

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

int64_t objectiveCost(const Problem &p, const Order &order,
                      Objective objective) {
  switch (objective) {
  case Objective::LivePeak:
    return simulatePeak(p, order);
  }
  return simulatePeak(p, order);
}

/// Keeps `candidate` if it is strictly better than `best`.
static void offer(ScheduleResult &best, const Problem &p, Order candidate,
                  const char *name) {
  int64_t peak = objectiveCost(p, candidate);
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
  Deadline deadline(options.budgetMs);
  ScheduleResult r = prepareBlock(p, options);
  if (r.needsSearch)
    searchBlock(p, r, deadline.remainingMs());
  return r;
}

//===----------------------------------------------------------------------===//
// The Deadline form
//===----------------------------------------------------------------------===//

double PhaseCosts::fixed() const {
  double sum = bound + searchSetup + apply;
  for (double h : heuristic)
    sum += h;
  return sum;
}

/// Every heuristic predicted to fit, until one reaches the floor.
static void runHeuristics(const Problem &p, ScheduleResult &r,
                          const Deadline &deadline,
                          const DeadlineScheduleOptions &options,
                          PhaseCosts &costs) {
  const std::vector<Heuristic> &hs = allHeuristics();
  for (size_t i = 0; i < hs.size(); ++i) {
    double left = deadline.remainingMs();
    if (r.peak <= options.floor || left <= 0)
      break;
    if (costs.heuristic[i] > left)
      continue;
    Deadline took(0);
    Order o = scheduleWith(p, hs[i]);
    int64_t peak = objectiveCost(p, o, options.objective);
    costs.heuristic[i] = took.elapsedMs();
    if (peak < r.peak) {
      r.peak = peak;
      r.order = std::move(o);
      r.producedBy = heuristicName(hs[i]);
    }
  }
}

ScheduleResult scheduleBlock(const Problem &p, Order incumbent,
                             const Deadline &deadline,
                             const DeadlineScheduleOptions &options,
                             PhaseCosts &costs) {
  ScheduleResult r;
  r.peak = r.originalPeak = objectiveCost(p, incumbent, options.objective);
  r.order = std::move(incumbent);
  runHeuristics(p, r, deadline, options, costs);
  if (r.peak <= options.floor) {
    r.provenOptimal = true;
    return r;
  }
  double left = deadline.remainingMs();
  if (left <= 0 || costs.bound > left)
    return r;
  BoundOptions bounds;
  bounds.maxFlows = options.boundMaxFlows;
  bounds.budgetMs = std::max(0.1, left * options.boundShare);
  Deadline boundClock(0);
  r.bound = computeLowerBound(p, r.order, bounds);
  r.bound.bytes = std::max(options.floor, r.bound.bytes);
  double took = boundClock.elapsedMs();
  costs.bound = took > bounds.budgetMs ? took - bounds.budgetMs : took * 0.5;
  if (r.bound.bytes >= r.peak) {
    r.provenOptimal = true;
    return r;
  }
  if (r.bound.bytes >= options.cutoff) {
    r.boundedAway = true;
    return r;
  }
  left = deadline.remainingMs();
  if (left <= 0 || costs.searchSetup > left)
    return r;
  SearchOptions search;
  search.budgetMs = left;
  search.lowerBound = r.bound.bytes;
  Deadline searchClock(0);
  SearchResult s = exactSearch(p, r.order, search);
  took = searchClock.elapsedMs();
  costs.searchSetup = took > search.budgetMs ? took - search.budgetMs
                      : s.budgetExhausted    ? 0
                                             : took * 0.5;
  if (s.peak < r.peak) {
    r.peak = s.peak;
    r.order = std::move(s.order);
    r.producedBy = "exact";
  }
  r.budgetExhausted = s.budgetExhausted;
  r.provenOptimal = s.provenOptimal || r.peak <= options.floor;
  return r;
}

double FunctionBudget::shareMs(size_t blocks) const {
  return leftMs() / static_cast<double>(std::max<size_t>(1, blocks));
}

} // namespace peakmem
