//===- RecomputeState.h - The recompute planner's working state -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to the recompute planning of lib/Core/Recompute (RecomputeSteps.cpp,
// RecomputeCandidates.cpp, RecomputePlanner.cpp): a problem with the steps
// applied so far and its best known order (State), the limits a step must
// respect, and the candidates found at the peak steps of a state.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_CORE_RECOMPUTESTATE_H
#define PEAKMEM_LIB_CORE_RECOMPUTESTATE_H

#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Recompute/Recompute.h"

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace peakmem {
namespace recompute {

/// A problem with its applied steps and its best known order.
struct State {
  Problem problem;
  Order order;
  int64_t peak = 0;
  size_t peakSteps = 0;
  bool proven = false;
  std::vector<RecomputeStep> steps;
  /// Statement -> the original statement it is (a clone of).
  std::vector<StmtId> origin;
  /// Original statement -> clones made of it.
  std::vector<unsigned> clones;
  /// Buffer -> producer group (empty: not recomputable).
  std::vector<std::vector<StmtId>> groupOf;
  int64_t extraMacs = 0, extraOps = 0;
};

/// Fewer extra MACs, then fewer extra operations.
inline bool cheaper(const State &a, const State &b) {
  return a.extraMacs != b.extraMacs ? a.extraMacs < b.extraMacs
                                    : a.extraOps < b.extraOps;
}

/// Sets plan.reason and returns false when `p` or `current` is invalid (the
/// peaks are set when `current` is at least a permutation).
bool checkInput(const Problem &p, const Order &current, RecomputePlan &plan);

/// The local bound (it holds for every recomputed problem: a clone uses
/// buffers of the same sizes as its original, and rewiring keeps sizes) and
/// the statement reaching it.
std::pair<int64_t, StmtId> localBoundOf(const Problem &p);

/// Sets st.order and the peak and number of peak steps it gives.
void setOrder(State &st, Order order);

struct Limits {
  int64_t macBudget = 0, opBudget = 0;
  unsigned perOp = 1;

  /// Whether extra work of `macs` MACs and `ops` operations fits both budgets.
  bool fits(int64_t macs, int64_t ops) const {
    return macs <= macBudget && ops <= opBudget;
  }
};

/// The limits of `options` for a problem of these totals (fractions of
/// them, rounded down).
Limits limitsOf(const RecomputeOptions &options, int64_t macsBefore,
                int64_t opsBefore);

/// The input as a state without steps (its order still to be set); counts
/// the malformed producer annotations (ignored) in `bad`.
State baseState(const Problem &p, const std::vector<Producer> &producers,
                size_t &bad);

/// Empty if `ids` are distinct, in range, Compute statements using `b`;
/// otherwise a description naming `what`.
std::string checkIds(const Problem &p, const std::vector<StmtId> &ids,
                     BufferId b, const char *what);

/// Extra MACs of cloning `group` in `st`, or -1 when a limit (per op, MACs
/// or operations) forbids it.
int64_t admissibleMacs(const State &st, const std::vector<StmtId> &group,
                       const Limits &lim);

/// Applies `s` to `st` (structure only; the order becomes the better of two
/// legalised incumbents: the parent's order with the clones inserted right
/// before the first late user, and the same with the late users sunk to
/// their latest positions first). False if the step is malformed or makes
/// the edges cyclic.
bool applyStep(const State &st, const RecomputeStep &s, State &out);

struct Candidate {
  RecomputeStep step;
  int64_t bytes = 0;
  bool primary = true;
  /// Position of the first group member in the state's order.
  size_t groupPos = 0;
  /// Peak with the clones inserted into the current order (cheap estimate).
  int64_t estimate = std::numeric_limits<int64_t>::max();
};

/// Why candidates are missing, for the reason string.
struct CandidateStats {
  size_t liveAcross = 0; // freed buffers live across or read at a peak step
  size_t annotated = 0;  // ... of which have a producer group
  size_t excluded = 0;   // ... of which the MAC / per-op limits forbid
};

/// The current order's timeline with what the estimates need.
struct Sweep {
  Timeline t;
  std::vector<size_t> pos;
  /// Per buffer: position of its last user (n if it has none).
  std::vector<size_t> lastPos;
  /// Bytes live right after step i completes.
  std::vector<int64_t> liveAfter;

  explicit Sweep(const State &st);
};

/// Peak of the current order with the clones inserted right before the first
/// late user (not legalised), in O(n).
int64_t estimateInsertion(const State &st, const Sweep &sw,
                          const RecomputeStep &s);

/// Candidates at the peak steps of st.order (see RecomputeCandidates.cpp);
/// with `alternatives`, other split points too. At most 64.
std::vector<Candidate> findCandidates(const State &st, const Sweep &sw,
                                      const Limits &lim, bool alternatives,
                                      CandidateStats *stats);

/// Appends, for every candidate of `cands` (as found) whose chain has 2 to
/// `maxChain` producers, one candidate per proper non-empty subset of its
/// chain that is closed (each member read by the target's group or another
/// member) and admissible: the exact planner searches chains over their
/// subsets instead of taking buildChain's greedy one.
void addChainSubsets(const State &st, const Limits &lim,
                     std::vector<Candidate> &cands, size_t maxChain = 6);

/// "1 buffer", "2 buffers".
std::string plural(size_t n, const char *word);

/// `n` with thousands separators ("5,391,680"), for reason texts.
std::string grouped(int64_t n);

/// Why no candidate was found (`bad`: malformed producer annotations
/// ignored), for the reason string.
std::string explainNoCandidates(const CandidateStats &stats, size_t bad,
                                const Limits &lim, int64_t macsBefore);

} // namespace recompute
} // namespace peakmem

#endif // PEAKMEM_LIB_CORE_RECOMPUTESTATE_H
