//===- Scheduler.cpp - Find a low-peak order for one block ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Schedule/Scheduler.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Schedule/ExactSearch.h"
#include "peakmem/Core/Schedule/Heuristics.h"

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

//===----------------------------------------------------------------------===//
// The driver
//===----------------------------------------------------------------------===//

SchedulePolicy reorderPolicy(const ScheduleOptions &options) {
  SchedulePolicy policy;
  policy.objective = options.objective;
  policy.algorithm = options.algorithm;
  policy.boundFirst = true;
  policy.useBounds = options.useBounds;
  policy.boundWork = options.boundWork;
  policy.maxStates = options.maxStates;
  policy.maxMemoEntries = options.maxMemoEntries;
  return policy;
}

SchedulePolicy incumbentPolicy(const IncumbentScheduleOptions &options) {
  SchedulePolicy policy;
  policy.objective = options.objective;
  policy.boundFirst = false;
  policy.heuristicsNeedWork = true;
  policy.boundWork = options.boundWork;
  policy.boundMaxFlows = options.boundMaxFlows;
  policy.floor = options.floor;
  policy.cutoff = options.cutoff;
  return policy;
}

namespace {

/// What one heuristic costs: O((n + m + uses) log n), charged as eight units
/// per statement, edge and use.
WorkUnits heuristicWork(const Problem &p) { return 8 * p.linearSize() + 1; }

/// One scheduling: the result so far and the phases that fill it.
struct Phases {
  const Problem &p;
  WorkBudget &work;
  const SchedulePolicy &policy;
  ScheduleResult &r;

  /// Keeps `candidate` if it is strictly better.
  void offer(Order candidate, const char *name) {
    work.charge(p.linearSize()); // Simulating it.
    int64_t cost = objectiveCost(p, candidate, policy.objective);
    if (cost < r.peak) {
      r.peak = cost;
      r.order = std::move(candidate);
      r.producedBy = name;
    }
  }

  /// The baseline heuristics of the policy's algorithm, in a fixed order;
  /// with heuristicsNeedWork, only while the budget lasts and until one
  /// reaches the floor.
  void heuristics() {
    const std::vector<Heuristic> &hs = allHeuristics();
    Heuristic named;
    const bool one = policy.algorithm != "auto" &&
                     policy.algorithm != "exact" &&
                     parseHeuristic(policy.algorithm, named);
    for (Heuristic h : hs) {
      if (one && h != named)
        continue;
      if (policy.heuristicsNeedWork &&
          (r.peak <= policy.floor || work.exhausted()))
        break;
      work.charge(heuristicWork(p));
      offer(scheduleWith(p, h), heuristicName(h));
    }
  }

  /// The lower bound within a child budget of at most policy.boundWork,
  /// raised to the floor.
  void bound() {
    BoundOptions options;
    options.maxFlows = policy.boundMaxFlows;
    options.stopAt = policy.cutoff;
    WorkBudget boundBudget(work, policy.boundWork);
    r.bound = computeLowerBound(p, r.order, options, &boundBudget);
    r.bound.bytes = std::max(policy.floor, r.bound.bytes);
  }
};

} // namespace

ScheduleResult preparePhases(const Problem &p, Order incumbent,
                             WorkBudget &work, const SchedulePolicy &policy) {
  ScheduleResult r;
  work.charge(p.linearSize());
  r.peak = r.originalPeak = objectiveCost(p, incumbent, policy.objective);
  r.order = std::move(incumbent);
  Phases phases{p, work, policy, r};
  const bool searching =
      policy.algorithm == "auto" || policy.algorithm == "exact";
  const bool bounds = policy.useBounds && searching;
  // Bound first: a certified incumbent costs one bound and nothing else.
  if (bounds && policy.boundFirst) {
    phases.bound();
    if (r.bound.bytes >= r.peak) {
      r.provenOptimal = r.certifiedBeforeSearch = true;
      return r;
    }
  }
  phases.heuristics();
  if (!searching)
    return r;
  if (r.peak <= policy.floor) {
    r.provenOptimal = true;
    return r;
  }
  if (bounds && !policy.boundFirst) {
    if (work.exhausted())
      return r;
    phases.bound();
  }
  if (bounds && r.bound.bytes >= r.peak) {
    r.provenOptimal = true;
    return r;
  }
  if (r.bound.bytes >= policy.cutoff) {
    r.boundedAway = true;
    return r;
  }
  r.needsSearch = true;
  return r;
}

void searchPhase(const Problem &p, ScheduleResult &r, WorkBudget &work,
                 const SchedulePolicy &policy) {
  if (work.exhausted())
    return;
  SearchOptions search;
  search.lowerBound = r.bound.bytes;
  search.maxStates = policy.maxStates;
  search.maxMemoEntries = policy.maxMemoEntries;
  SearchResult s = exactSearch(p, r.order, search, &work);
  if (s.peak < r.peak) {
    r.peak = s.peak;
    r.order = std::move(s.order);
    r.producedBy = "exact";
  }
  r.budgetExhausted = s.budgetExhausted;
  r.stoppedBy = s.stoppedBy;
  r.memoFull = s.memoFull;
  r.provenOptimal = s.provenOptimal || r.peak <= policy.floor;
}

ScheduleResult schedule(const Problem &p, Order incumbent, WorkBudget &work,
                        const SchedulePolicy &policy) {
  ScheduleResult r = preparePhases(p, std::move(incumbent), work, policy);
  if (r.needsSearch)
    searchPhase(p, r, work, policy);
  return r;
}

//===----------------------------------------------------------------------===//
// The entry points: thin wrappers
//===----------------------------------------------------------------------===//

ScheduleResult prepareBlock(const Problem &p, const ScheduleOptions &options,
                            WorkBudget &work) {
  return preparePhases(p, identityOrder(p), work, reorderPolicy(options));
}

void searchBlock(const Problem &p, ScheduleResult &r, WorkBudget &work,
                 const ScheduleOptions &options) {
  searchPhase(p, r, work, reorderPolicy(options));
}

ScheduleResult scheduleBlock(const Problem &p, const ScheduleOptions &options) {
  WorkBudget work(options.maxWork, options.timeCap);
  return schedule(p, identityOrder(p), work, reorderPolicy(options));
}

ScheduleResult scheduleBlock(const Problem &p, Order incumbent,
                             WorkBudget &work,
                             const IncumbentScheduleOptions &options) {
  return schedule(p, std::move(incumbent), work, incumbentPolicy(options));
}

WorkUnits FunctionBudget::share(size_t blocks) const {
  return left() / std::max<size_t>(1, blocks);
}

} // namespace peakmem
