//===- RecomputePlanner.cpp - Choosing recompute steps --------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// planRecompute chooses steps:
//   1. baseline: reschedule the input (what reordering alone reaches);
//   2. exact planner: when the candidates at the baseline's peak steps (with
//      every closed subset of their chains) give at most 4,095 subsets, a
//      depth-first search over them, each rescheduled from its parent's
//      order with the clones inserted;
//   3. greedy planner: from the best state so far, repeatedly take the
//      candidate (from the current peak steps, with a few other split points)
//      whose rescheduled peak is lowest, while it strictly lowers the peak
//      (a few equal-peak moves that remove peak steps are allowed and rolled
//      back if no strict decrease follows); also from the baseline when the
//      exact planner found steps, keeping the better;
//   4. when the exact planner could not run: an exact search over the
//      best-estimated candidates below the greedy result (polishExact).
// Every rescheduling is the core's scheduleBlock within a child budget of
// the planning's WorkBudget whose cap depends only on the problem's size
// (evalWork): the planning is one fixed sequence of steps that its limit only
// cuts short, so a larger limit never gives a higher peak. docs/Recompute.md
// states the guarantees.
//
//===----------------------------------------------------------------------===//

#include "RecomputeState.h"
#include "peakmem/Core/Schedule/Scheduler.h"

#include <algorithm>
#include <limits>

namespace peakmem {

using namespace recompute;

namespace {

/// The exact planner searches at most this many candidate subsets (12
/// candidates on distinct buffers).
constexpr size_t kMaxSubsets = 4095;

/// Work cap of one rescheduling of a candidate: units per statement, edge
/// and use of the problem (the heuristics, a bound of a few flows and a
/// short search), and at least kMinEvalWork; the bound takes at most a
/// quarter of it.
constexpr WorkUnits kEvalWorkPerSize = 128;
constexpr WorkUnits kMinEvalWork = 100'000;
/// Work cap of the baseline rescheduling, in evaluations.
constexpr WorkUnits kBaselineEvals = 16;
/// A greedy round reschedules every candidate when there are at most this
/// many; otherwise it inserts clones into the order in estimate order and
/// reschedules the first that lowers the peak (or the three best).
constexpr size_t kMaxEvaluateAll = 32;
/// The exact planner reschedules at most this many subsets per run (a count,
/// not a share of the work: what applying a subset and simulating its order
/// read is charged to the planning budget, never to the search's cap), each
/// within 1/kExactEvalShare of a greedy rescheduling's work.
constexpr size_t kExactEvals = 256;
constexpr WorkUnits kExactEvalShare = 4;

/// What applying a step or sweeping an order reads, per statement, edge and
/// use.
WorkUnits linearWork(const Problem &p) { return 4 * p.linearSize() + 1; }

/// Better child: lower peak, then fewer peak steps, then cheaper.
bool betterChild(const State &a, const State &b) {
  if (a.peak != b.peak)
    return a.peak < b.peak;
  if (a.peakSteps != b.peakSteps)
    return a.peakSteps < b.peakSteps;
  return cheaper(a, b);
}

/// The best child offered so far.
struct BestChild {
  State state;
  bool have = false;
  void offer(State &child) {
    if (!have || betterChild(child, state)) {
      state = std::move(child);
      have = true;
    }
  }
};

struct Planner {
  const Limits lim;
  const int64_t localBound;
  WorkBudget &work;
  /// Cap of one rescheduling (from the input's size; never from the limit).
  const WorkUnits evalWork;
  /// The exact planner stops before rescheduling more subsets than this.
  size_t maxEvaluations = std::numeric_limits<size_t>::max();
  size_t evaluations = 0;
  bool budgetHit = false;
  /// The exact planner stopped at maxEvaluations with subsets left.
  bool evalCapHit = false;

  bool out() const { return work.exhausted(); }

  bool apply(const State &st, const RecomputeStep &s, State &out) {
    work.charge(linearWork(st.problem));
    return applyStep(st, s, out);
  }

  /// Reschedules `child` (its order is the incumbent) within evalWork.
  void evaluate(State &child, int64_t cutoff, bool *resolved = nullptr) {
    ++evaluations;
    IncumbentScheduleOptions options;
    options.floor = localBound;
    options.cutoff = cutoff;
    options.boundWork = evalWork / 4;
    WorkBudget slice(work, evalWork);
    ScheduleResult r =
        scheduleBlock(child.problem, child.order, slice, options);
    work.charge(linearWork(child.problem)); // setOrder's simulation.
    setOrder(child, std::move(r.order));
    child.proven = r.provenOptimal;
    if (resolved)
      *resolved = r.provenOptimal || r.boundedAway;
  }

  // --- Exact planner: depth-first over candidate subsets. ---
  const std::vector<Candidate> *cands = nullptr;
  State best;
  bool haveBest = false;
  int64_t bestPeak = 0;
  bool allResolved = true, complete = true;
  size_t visited = 0;

  void dfs(const State &st, size_t next);
  /// Evaluates `child` (a subset just extended) and keeps it if best.
  void visit(State &child);

  // --- Greedy planner. ---
  State greedy(State cur, bool *improved);
  /// One round from `cur`: the best child found, if any.
  BestChild greedyRound(const State &cur);
  void evaluateAll(const State &cur, const std::vector<Candidate> &cs,
                   BestChild &out);
  void evaluateInserted(const State &cur, const std::vector<Candidate> &cs,
                        BestChild &out);
};

void Planner::dfs(const State &st, size_t next) {
  for (size_t j = next; j < cands->size(); ++j) {
    if (out()) {
      complete = false;
      budgetHit = true;
      return;
    }
    const RecomputeStep &s = (*cands)[j].step;
    bool conflict = false;
    for (const RecomputeStep &done : st.steps)
      conflict |= done.buffer == s.buffer;
    if (conflict || admissibleMacs(st, clonedStatements(s), lim) < 0)
      continue; // Every superset through j is excluded as well.
    if (evaluations >= maxEvaluations) {
      complete = false;
      evalCapHit = true;
      return;
    }
    State child;
    if (!apply(st, s, child))
      continue; // Cyclic: supersets only add edges.
    visit(child);
    if (haveBest && bestPeak <= localBound)
      return; // Nothing goes below the local bound.
    dfs(child, j + 1);
    if (haveBest && bestPeak <= localBound)
      return;
  }
}

void Planner::visit(State &child) {
  ++visited;
  bool improvesMacs = haveBest && cheaper(child, best);
  int64_t cutoff = (!haveBest || !improvesMacs) ? bestPeak : bestPeak + 1;
  bool resolved = false;
  evaluate(child, cutoff, &resolved);
  allResolved &= resolved;
  if (child.peak < bestPeak ||
      (child.peak == bestPeak && haveBest && improvesMacs)) {
    best = child;
    bestPeak = child.peak;
    haveBest = true;
  }
}

// Each round ranks the candidates of the current peak steps by the O(n)
// insertion estimate. With at most kMaxEvaluateAll candidates, each one is
// rescheduled and the best is taken. Otherwise candidates are applied in rank
// order with the clones inserted (no rescheduling) until one lowers the peak,
// which is then rescheduled; failing that, the three best are rescheduled.
State Planner::greedy(State cur, bool *improved) {
  State bestStrict = cur;
  unsigned plateau = 0;
  *improved = false;
  while (cur.peak > localBound && !out()) {
    BestChild child = greedyRound(cur);
    if (!child.have)
      break;
    const State &next = child.state;
    if (next.peak < cur.peak) {
      plateau = 0;
    } else if (next.peak == cur.peak && next.peakSteps < cur.peakSteps &&
               plateau < 4) {
      ++plateau;
    } else {
      break;
    }
    cur = std::move(child.state);
    if (cur.peak < bestStrict.peak) {
      bestStrict = cur;
      *improved = true;
    }
  }
  if (out())
    budgetHit = true;
  return bestStrict;
}

BestChild Planner::greedyRound(const State &cur) {
  BestChild best;
  work.charge(4 * linearWork(cur.problem)); // The sweep and the candidates.
  Sweep sw(cur);
  std::vector<Candidate> cs = findCandidates(cur, sw, lim, true, nullptr);
  if (cs.empty())
    return best;
  for (Candidate &c : cs) {
    if (out())
      break;
    work.charge(linearWork(cur.problem));
    c.estimate = estimateInsertion(cur, sw, c.step);
  }
  std::stable_sort(cs.begin(), cs.end(),
                   [](const Candidate &x, const Candidate &y) {
                     return x.estimate < y.estimate;
                   });
  if (cs.size() <= kMaxEvaluateAll)
    evaluateAll(cur, cs, best);
  else
    evaluateInserted(cur, cs, best);
  return best;
}

void Planner::evaluateAll(const State &cur, const std::vector<Candidate> &cs,
                          BestChild &best) {
  for (size_t k = 0; k < cs.size(); ++k) {
    if (out())
      break;
    State child;
    if (!apply(cur, cs[k].step, child))
      continue;
    // Orders that cannot reach cur.peak are not worth searching.
    evaluate(child, cur.peak + 1);
    best.offer(child);
    if (best.state.peak <= localBound)
      break;
  }
}

void Planner::evaluateInserted(const State &cur,
                               const std::vector<Candidate> &cs,
                               BestChild &best) {
  std::vector<State> top; // Best three by inserted peak.
  for (size_t k = 0; k < cs.size() && !out(); ++k) {
    State child;
    if (!apply(cur, cs[k].step, child))
      continue;
    if (child.peak < cur.peak) {
      top.assign(1, std::move(child));
      break;
    }
    top.push_back(std::move(child));
    std::stable_sort(top.begin(), top.end(), betterChild);
    if (top.size() > 3)
      top.pop_back();
  }
  for (size_t k = 0; k < top.size(); ++k) {
    if (out()) {
      best.offer(top[k]); // Its inserted order is legal and simulated.
      continue;
    }
    evaluate(top[k], cur.peak + 1);
    best.offer(top[k]);
  }
}

/// The exact planner's search space: one choice per buffer among its
/// candidates, or none; the number of non-empty subsets it may visit.
size_t subsetCount(const std::vector<Candidate> &cands) {
  std::vector<BufferId> buffers;
  for (const Candidate &c : cands)
    buffers.push_back(c.step.buffer);
  std::sort(buffers.begin(), buffers.end());
  size_t total = 1;
  for (size_t i = 0; i < buffers.size();) {
    size_t j = i;
    while (j < buffers.size() && buffers[j] == buffers[i])
      ++j;
    total *= 1 + (j - i);
    if (total > kMaxSubsets + 1)
      return kMaxSubsets + 1;
    i = j;
  }
  return total - 1;
}

/// Applies subsets in a canonical order: producers of inputs first (by the
/// position of their group), then by buffer, longer late-user lists first.
void sortCanonically(std::vector<Candidate> &cands) {
  std::stable_sort(cands.begin(), cands.end(),
                   [](const Candidate &a, const Candidate &b) {
                     if (a.groupPos != b.groupPos)
                       return a.groupPos < b.groupPos;
                     if (a.step.buffer != b.step.buffer)
                       return a.step.buffer < b.step.buffer;
                     return a.step.lateUsers.size() > b.step.lateUsers.size();
                   });
}

/// What the exact planner found.
struct SubsetSearch {
  State best;
  bool haveBest = false;
  /// Every admissible subset was evaluated (or the local bound reached).
  bool complete = true;
  /// Every evaluation was proven optimal or bounded away.
  bool allResolved = true;
  /// It stopped at its rescheduling count with subsets left (the planning
  /// budget had not run out).
  bool capped = false;
};

/// Depth-first search over the subsets of `cands` (sorted canonically) from
/// `base`, rescheduling at most `evals` subsets within `pl`'s budget, keeping
/// a subset only below `incumbent`. With evals >= subsetCount(cands) only the
/// planning budget can stop it.
SubsetSearch searchSubsets(const std::vector<Candidate> &cands,
                           const State &base, Planner &pl, int64_t incumbent,
                           size_t evals) {
  // A subset's rescheduling is shorter than a greedy round's: many subsets
  // are far from good.
  Planner ex{pl.lim, pl.localBound, pl.work, pl.evalWork / kExactEvalShare};
  ex.maxEvaluations = evals;
  ex.cands = &cands;
  ex.bestPeak = incumbent;
  ex.dfs(base, 0);
  pl.evaluations += ex.evaluations;
  pl.budgetHit |= ex.budgetHit;
  SubsetSearch found;
  found.haveBest = ex.haveBest;
  found.best = std::move(ex.best);
  found.complete = ex.complete;
  found.allResolved = ex.allResolved;
  found.capped = ex.evalCapHit && !ex.budgetHit;
  return found;
}

/// The exact planner over the subsets of `cands` (at most kMaxSubsets) from
/// `base`, rescheduling at most kExactEvals subsets (anytime: its best subset
/// so far seeds the greedy planner). Fills plan.candidates, exhaustive and
/// provenOptimal; sets `start` to the best state found (else leaves it).
void runExactPlanner(std::vector<Candidate> &cands, const State &base,
                     Planner &pl, RecomputePlan &plan, State &start) {
  sortCanonically(cands);
  for (const Candidate &c : cands)
    plan.candidates.push_back(c.step);
  SubsetSearch ex = searchSubsets(cands, base, pl, base.peak,
                                  std::min(subsetCount(cands), kExactEvals));
  plan.exhaustive = ex.complete;
  plan.exactCapped = ex.capped;
  bool exactProven = ex.complete && ex.allResolved && base.proven;
  if (ex.haveBest) {
    start = std::move(ex.best);
    if (exactProven || start.peak <= pl.localBound)
      plan.provenOptimal = true;
  } else if (exactProven) {
    plan.provenOptimal = true;
  }
}

/// The better of two final states: lower peak, then cheaper.
bool betterFinal(const State &a, const State &b) {
  return a.peak < b.peak || (a.peak == b.peak && cheaper(a, b));
}

/// After the greedy planner, when there were too many candidates for the
/// exact planner: the candidates with the best insertion estimates (as many
/// as kMaxSubsets admits) are searched exactly, within kExactEvals
/// reschedulings, for a subset below `final`; a better subset seeds the
/// greedy planner again. Replaces `final` and returns true when that ends
/// lower.
bool polishExact(std::vector<Candidate> cands, const State &base, Planner &pl,
                 State &final) {
  pl.work.charge((1 + cands.size()) * linearWork(base.problem));
  Sweep sw(base);
  for (Candidate &c : cands)
    c.estimate = estimateInsertion(base, sw, c.step);
  std::stable_sort(cands.begin(), cands.end(),
                   [](const Candidate &x, const Candidate &y) {
                     return x.estimate < y.estimate;
                   });
  std::vector<Candidate> top;
  for (Candidate &c : cands) {
    top.push_back(c);
    if (subsetCount(top) > kMaxSubsets) {
      top.pop_back();
      break;
    }
  }
  sortCanonically(top);
  SubsetSearch ex = searchSubsets(top, base, pl, final.peak,
                                  std::min(subsetCount(top), kExactEvals));
  if (!ex.haveBest)
    return false;
  bool improved = false;
  State again = pl.greedy(ex.best, &improved);
  if (!betterFinal(again, final))
    return false;
  final = std::move(again);
  return true;
}

/// Stages 3 and 4 (docs/Recompute.md): the exact planner when its search
/// space fits (chains searched over their subsets), then the greedy planner
/// from its best state and from `base` (never worse than greedy alone), then,
/// when the exact planner could not run, polishExact. Sets plan.candidates,
/// exhaustive and provenOptimal.
State chooseSteps(std::vector<Candidate> cands, const State &base, Planner &pl,
                  RecomputePlan &plan) {
  // The exact planner searches chains over their subsets when that fits.
  State start = base;
  std::vector<Candidate> found = cands;
  addChainSubsets(base, pl.lim, cands);
  if (subsetCount(cands) > kMaxSubsets)
    cands = found;
  const bool exact = subsetCount(cands) <= kMaxSubsets;
  if (exact)
    runExactPlanner(cands, base, pl, plan, start);

  // Greedy planner from the best state so far; never worse than the greedy
  // planner alone.
  bool improved = false;
  State final = pl.greedy(start, &improved);
  if (!start.steps.empty() && !pl.out()) {
    bool alone = false;
    State greedyOnly = pl.greedy(base, &alone);
    if (alone && betterFinal(greedyOnly, final)) {
      final = std::move(greedyOnly);
      improved = true;
    }
  }
  if (!exact && !pl.out() && polishExact(cands, base, pl, final))
    improved = true;
  if (improved)
    plan.provenOptimal = final.peak <= pl.localBound;
  return final;
}

} // namespace

std::string recompute::grouped(int64_t n) {
  uint64_t magnitude = n < 0 ? uint64_t(0) - uint64_t(n) : uint64_t(n);
  std::string digits = std::to_string(magnitude), out = n < 0 ? "-" : "";
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0)
      out += ',';
    out += digits[i];
  }
  return out;
}

RecomputePlan planRecompute(const Problem &p, const Order &current,
                            const std::vector<Producer> &producers,
                            const RecomputeOptions &options) {
  WorkBudget work(options.maxWork, options.timeCap);
  return planRecompute(p, current, producers, options, work);
}

RecomputePlan planRecompute(const Problem &p, const Order &current,
                            const std::vector<Producer> &producers,
                            const RecomputeOptions &options, WorkBudget &work) {
  const WorkUnits usedBefore = work.used();
  RecomputePlan plan;
  plan.problem = p;
  plan.order = current;
  plan.macsBefore = p.totalMacs();
  plan.opsBefore = p.totalOps();
  if (!checkInput(p, current, plan))
    return plan;
  plan.peak = plan.peakBefore = simulatePeak(p, current);
  auto [localBound, localWitness] = localBoundOf(p);
  const Limits lim = limitsOf(options, plan.macsBefore, plan.opsBefore);

  // Baseline state: what reordering alone reaches.
  size_t badProducers = 0;
  work.charge(linearWork(p));
  State base = baseState(p, producers, badProducers);
  const WorkUnits evalWork =
      std::max(kMinEvalWork, kEvalWorkPerSize * p.linearSize());
  Planner pl{lim, localBound, work, evalWork};
  {
    IncumbentScheduleOptions baseline;
    baseline.floor = localBound;
    baseline.boundWork = 4 * evalWork;
    WorkBudget share(work, kBaselineEvals * evalWork);
    ScheduleResult r = scheduleBlock(p, current, share, baseline);
    setOrder(base, std::move(r.order));
    base.proven = r.provenOptimal;
  }
  const int64_t b0 = plan.reorderPeak = base.peak;
  // Without steps the plan is the baseline: the no-recompute problem is one
  // of the candidates the planner schedules, so a caller need not reorder
  // first.
  auto finishEmpty = [&](std::string why, bool proven) {
    if (b0 < plan.peakBefore)
      why += "; reordering alone reaches " + grouped(b0) + " (from " +
             grouped(plan.peakBefore) + ")";
    plan.reason = std::move(why);
    plan.order = base.order;
    plan.peak = b0;
    plan.provenOptimal = proven;
    plan.evaluations = pl.evaluations;
    plan.budgetExhausted = pl.budgetHit;
    plan.stoppedBy = pl.budgetHit ? work.stop() : WorkStop::None;
    plan.workUsed = work.used() - usedBefore;
    return plan;
  };
  if (b0 <= localBound)
    return finishEmpty("the peak is statement " + std::to_string(localWitness) +
                           "'s own inputs, outputs and scratch (local bound)",
                       true);
  if (producers.empty())
    return finishEmpty("no producer annotations: no buffer is known to be "
                       "recomputable",
                       false);
  if (lim.perOp == 0)
    return finishEmpty("maxRecomputePerOp is 0", false);

  CandidateStats stats;
  std::vector<Candidate> cands =
      findCandidates(base, Sweep(base), lim, false, &stats);
  if (cands.empty())
    return finishEmpty(
        explainNoCandidates(stats, badProducers, lim, plan.macsBefore), false);

  State final = chooseSteps(cands, base, pl, plan);
  plan.evaluations = pl.evaluations;
  plan.budgetExhausted = pl.budgetHit;
  plan.stoppedBy = pl.budgetHit ? work.stop() : WorkStop::None;
  plan.workUsed = work.used() - usedBefore;
  if (final.steps.empty() || final.peak >= b0) {
    std::string why = "none of the " + plural(cands.size(), "candidate") +
                      " lowers the peak below " + grouped(b0);
    if (plan.exhaustive)
      why += " (exact over every subset)";
    if (plan.exactCapped)
      why += " (the exact search stopped at its " + grouped(kExactEvals) +
             " subset reschedulings)";
    if (pl.budgetHit)
      why += " (the planning budget ran out)";
    if (b0 < plan.peakBefore)
      why += "; reordering alone reaches " + grouped(b0) + " (from " +
             grouped(plan.peakBefore) + ")";
    plan.reason = why;
    plan.order = std::move(base.order);
    plan.peak = b0;
    return plan;
  }
  plan.steps = final.steps;
  plan.problem = std::move(final.problem);
  plan.order = std::move(final.order);
  plan.peak = final.peak;
  plan.extraMacs = final.extraMacs;
  plan.extraOps = final.extraOps;
  plan.reason.clear();
  return plan;
}

} // namespace peakmem
