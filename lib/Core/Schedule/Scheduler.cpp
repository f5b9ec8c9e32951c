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

double PhaseCosts::fixed() const {
  double sum = bound + searchSetup + apply;
  for (double h : heuristic)
    sum += h;
  return sum;
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
  policy.boundCapMs = options.boundBudgetMs;
  policy.maxStates = options.maxStates;
  policy.maxMemoEntries = options.maxMemoEntries;
  return policy;
}

SchedulePolicy deadlinePolicy(const DeadlineScheduleOptions &options) {
  SchedulePolicy policy;
  policy.objective = options.objective;
  policy.boundFirst = false;
  policy.boundShare = options.boundShare;
  policy.boundMinMs = 0.1;
  policy.boundMaxFlows = options.boundMaxFlows;
  policy.floor = options.floor;
  policy.cutoff = options.cutoff;
  return policy;
}

namespace {

/// One scheduling: the result so far and the phases that fill it.
struct Phases {
  const Problem &p;
  const Deadline &deadline;
  const SchedulePolicy &policy;
  /// Predicted phase costs (null: every phase runs, whatever the time left).
  PhaseCosts *costs;
  ScheduleResult &r;

  /// Does a phase predicted to cost `predicted` ms fit in the time left?
  bool fits(double predicted) const {
    if (!costs)
      return true;
    double left = deadline.remainingMs();
    return left > 0 && predicted <= left;
  }

  /// Keeps `candidate` if it is strictly better.
  void offer(Order candidate, const char *name) {
    int64_t cost = objectiveCost(p, candidate, policy.objective);
    if (cost < r.peak) {
      r.peak = cost;
      r.order = std::move(candidate);
      r.producedBy = name;
    }
  }

  /// The baseline heuristics of the policy's algorithm; with costs, those
  /// predicted to fit, until one reaches the floor.
  void heuristics() {
    const std::vector<Heuristic> &hs = allHeuristics();
    Heuristic named;
    const bool one = policy.algorithm != "auto" &&
                     policy.algorithm != "exact" &&
                     parseHeuristic(policy.algorithm, named);
    for (size_t i = 0; i < hs.size(); ++i) {
      if (one && hs[i] != named)
        continue;
      if (costs && (r.peak <= policy.floor || deadline.remainingMs() <= 0))
        break;
      if (costs && costs->heuristic[i] > deadline.remainingMs())
        continue;
      Deadline took(0);
      offer(scheduleWith(p, hs[i]), heuristicName(hs[i]));
      if (costs)
        costs->heuristic[i] = took.elapsedMs();
    }
  }

  /// The lower bound, raised to the floor. Returns false when it was not
  /// computed (predicted not to fit).
  bool bound() {
    if (costs && !fits(costs->bound))
      return false;
    BoundOptions options;
    options.maxFlows = policy.boundMaxFlows;
    double left = std::max(0.0, deadline.remainingMs());
    options.budgetMs =
        std::max(policy.boundMinMs,
                 std::min(policy.boundCapMs, left * policy.boundShare));
    Deadline clock(0);
    r.bound = computeLowerBound(p, r.order, options);
    r.bound.bytes = std::max(policy.floor, r.bound.bytes);
    if (costs) {
      double took = clock.elapsedMs();
      costs->bound =
          took > options.budgetMs ? took - options.budgetMs : took * 0.5;
    }
    return true;
  }
};

} // namespace

ScheduleResult preparePhases(const Problem &p, Order incumbent,
                             const Deadline &deadline,
                             const SchedulePolicy &policy, PhaseCosts *costs) {
  ScheduleResult r;
  r.peak = r.originalPeak = objectiveCost(p, incumbent, policy.objective);
  r.order = std::move(incumbent);
  Phases phases{p, deadline, policy, costs, r};
  const bool searching =
      policy.algorithm == "auto" || policy.algorithm == "exact";
  const bool bounds = policy.useBounds && searching;
  // Bound first: a certified incumbent costs one bound and nothing else.
  if (bounds && policy.boundFirst && phases.bound() &&
      r.bound.bytes >= r.peak) {
    r.provenOptimal = r.certifiedBeforeSearch = true;
    return r;
  }
  phases.heuristics();
  if (!searching)
    return r;
  if (r.peak <= policy.floor) {
    r.provenOptimal = true;
    return r;
  }
  if (bounds && !policy.boundFirst && !phases.bound())
    return r;
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

void searchPhase(const Problem &p, ScheduleResult &r, const Deadline &deadline,
                 const SchedulePolicy &policy, PhaseCosts *costs) {
  if (costs && !(deadline.remainingMs() > 0 &&
                 costs->searchSetup <= deadline.remainingMs()))
    return;
  SearchOptions search;
  search.budgetMs = std::max(0.0, deadline.remainingMs());
  search.lowerBound = r.bound.bytes;
  search.maxStates = policy.maxStates;
  search.maxMemoEntries = policy.maxMemoEntries;
  Deadline clock(0);
  SearchResult s = exactSearch(p, r.order, search);
  if (costs) {
    double took = clock.elapsedMs();
    costs->searchSetup = took > search.budgetMs ? took - search.budgetMs
                         : s.budgetExhausted    ? 0
                                                : took * 0.5;
  }
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

ScheduleResult schedule(const Problem &p, Order incumbent,
                        const Deadline &deadline, const SchedulePolicy &policy,
                        PhaseCosts *costs) {
  ScheduleResult r =
      preparePhases(p, std::move(incumbent), deadline, policy, costs);
  if (r.needsSearch)
    searchPhase(p, r, deadline, policy, costs);
  return r;
}

//===----------------------------------------------------------------------===//
// The entry points: thin wrappers
//===----------------------------------------------------------------------===//

ScheduleResult prepareBlock(const Problem &p, const ScheduleOptions &options) {
  return preparePhases(p, identityOrder(p), Deadline(options.budgetMs),
                       reorderPolicy(options), nullptr);
}

void searchBlock(const Problem &p, ScheduleResult &r, double budgetMs,
                 const ScheduleOptions &options) {
  searchPhase(p, r, Deadline(std::max(0.0, budgetMs)), reorderPolicy(options),
              nullptr);
}

ScheduleResult scheduleBlock(const Problem &p, const ScheduleOptions &options) {
  return schedule(p, identityOrder(p), Deadline(options.budgetMs),
                  reorderPolicy(options), nullptr);
}

ScheduleResult scheduleBlock(const Problem &p, Order incumbent,
                             const Deadline &deadline,
                             const DeadlineScheduleOptions &options,
                             PhaseCosts &costs) {
  return schedule(p, std::move(incumbent), deadline, deadlinePolicy(options),
                  &costs);
}

double FunctionBudget::shareMs(size_t blocks) const {
  return leftMs() / static_cast<double>(std::max<size_t>(1, blocks));
}

} // namespace peakmem
