//===- Recompute.h - Selective recomputation planning ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Trading extra work for a lower peak: a buffer b kept alive across the peak
// only for late users can instead be recomputed right before them. The
// statements that write b (its producer group, e.g. a fill and a convolution
// accumulating into b) are cloned; the clones write a fresh buffer b' (same
// bytes, same freedInBlock) which the late users read instead of b, so b dies
// after its last early user. The inputs of the group get the clones as extra
// users: their lifetimes grow, which is the price the planner weighs.
//
// Legality is expressed with edges only (the MLIR layer proves that the
// producers are recomputable: each writes only b and is deterministic):
//  * every predecessor edge x -> g of a group member becomes x -> clone(g)
//    (clone(x) -> clone(g) when x is in the group too): the clone runs after
//    every writer its original had to wait for;
//  * every successor edge g -> y to a statement y that does not use b becomes
//    clone(g) -> y (e.g. a later write of an input must come after the clone,
//    so the clone reads the same bits);
//  * every clone runs before every late user.
//
// A step may carry a chain: producer groups of inputs that are dead at the
// late users, cloned as well into fresh buffers read only by the clones, so
// that the recomputation starts from inputs that are live anyway.
//
// The planner works on a compute-only (contracted) problem, like
// scheduleBlock. docs/Recompute.md describes the planners and guarantees.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_RECOMPUTE_H
#define PEAKMEM_CORE_RECOMPUTE_H

#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Support/WorkBudget.h"

#include <cstdint>
#include <string>
#include <vector>

namespace peakmem {

/// Default work of one planning (units of WorkBudget.h: the reschedulings'
/// own units, plus the statements, edges and uses that applying a step,
/// finding candidates and estimating them read).
constexpr WorkUnits kDefaultPlanWork = 100'000'000;

struct RecomputeOptions {
  /// Each original statement is cloned at most this many times in total (a
  /// clone of a clone counts against the original statement).
  unsigned maxRecomputePerOp = 2;
  /// Extra MACs <= this fraction of the problem's total MACs (sum of the
  /// statements' macs).
  double maxMacOverhead = 0.004;
  /// Extra operations <= this fraction of the problem's total operations
  /// (sum of the statements' ops): bounds the clones of elementwise ops,
  /// which cost no MACs.
  double maxOpOverhead = 0.01;
  /// Work of the whole planning (scheduling included) when planRecompute
  /// makes its own budget.
  WorkUnits maxWork = kDefaultPlanWork;
  /// Opt-in wall-clock cap of that budget (null: none).
  TimeCap *timeCap = nullptr;
};

/// A buffer the MLIR layer proved recomputable, with its producer group
/// (statement ids, program order). Precondition of the annotation (the model
/// has no read/write distinction, so the planner cannot check it): the group
/// members are the only writers of the buffer, each writes only it, and no
/// other user of the buffer writes a buffer the group reads (such a write
/// after read could not be told apart from a read of the buffer, whose edge
/// the clone does not inherit).
struct Producer {
  BufferId buffer = 0;
  std::vector<StmtId> group;
};

/// One step, in the ids of the problem it applies to (clones of earlier steps
/// are appended statements).
struct RecomputeStep {
  BufferId buffer = 0;
  std::vector<StmtId> group;
  std::vector<StmtId> lateUsers;
  /// Chain recomputation: producer groups of buffers the cloned statements
  /// read (directly or through other chain buffers) that are cloned as well,
  /// each into its own fresh buffer read only by the clones. Used when those
  /// inputs are dead at the late users: re-running the chain from inputs
  /// still live there costs less memory than keeping them alive. Each chain
  /// producer satisfies the Producer precondition.
  std::vector<Producer> chain;
};

/// The groups `s` clones, with the buffer each writes: {s.buffer, s.group},
/// then s.chain. This order numbers the fresh buffers (one per group) and,
/// member by member, the clones.
std::vector<Producer> clonedGroups(const RecomputeStep &s);

/// Every statement `s` clones, in clone-id order (clonedGroups, flattened).
std::vector<StmtId> clonedStatements(const RecomputeStep &s);

struct RecomputePlan {
  /// Applied in order.
  std::vector<RecomputeStep> steps;
  /// The final problem: the input + every step.
  Problem problem;
  /// Legal order of `problem` whose simulated peak is `peak`.
  Order order;
  /// peakBefore = simulatePeak(input, current); peak <= reorderPeak <=
  /// peakBefore, and peak < reorderPeak when there are steps.
  int64_t peakBefore = 0, peak = 0;
  int64_t macsBefore = 0, extraMacs = 0;
  int64_t opsBefore = 0, extraOps = 0;
  /// `peak` is the minimum over every subset of `candidates` (within the
  /// budgets) and every legal order: the exact planner finished, and every
  /// schedule it compared was proven optimal or bounded away; or `peak`
  /// equals the local bound, which no recomputation can go below.
  bool provenOptimal = false;
  /// When steps is empty: why nothing helped.
  std::string reason;

  // Diagnostics.
  /// The candidate set of the exact planner, in the ids of the input and in
  /// application order (empty when it did not run: more than 12 candidates,
  /// or no candidate). A subset is applied in this order; two candidates on
  /// the same buffer exclude each other.
  std::vector<RecomputeStep> candidates;
  /// The exact planner finished: every admissible subset of `candidates` was
  /// evaluated, or the local bound was reached (nothing can beat it).
  bool exhaustive = false;
  /// Lowest peak reachable by reordering alone (what recomputation must beat).
  int64_t reorderPeak = 0;
  /// Candidates rescheduled (exact and greedy planners together).
  size_t evaluations = 0;
  /// The exact planner stopped at its count of subset reschedulings (256)
  /// with subsets left, the planning budget not exhausted.
  bool exactCapped = false;
  /// The planning budget ran out, and why (WorkLimit or TimeCap).
  bool budgetExhausted = false;
  WorkStop stoppedBy = WorkStop::None;
  /// Work units the planning used.
  WorkUnits workUsed = 0;
};

/// Empty if `s` can be applied to `p` (p finalized): the buffer exists; the
/// group and the late users are non-empty, distinct, in range, Compute
/// statements using s.buffer, and disjoint; each chain producer names a
/// distinct buffer other than s.buffer, with a non-empty group of Compute
/// statements using it, disjoint from every other cloned group and from the
/// late users. Otherwise a description. (The result may still be cyclic when
/// edges contradict the annotation; check() the result.)
std::string checkRecompute(const Problem &p, const RecomputeStep &s);

/// Appends the clones of clonedStatements(s) (new ids n, n+1, ... in that
/// order) and the fresh buffers: b' (new id = numBuffers()), then one per
/// chain producer in chain order. Clones use the fresh copy of every cloned
/// buffer instead of the original; s.lateUsers are rewired from s.buffer to
/// b'. Adds the edges described above, per cloned group (a successor edge is
/// not copied to a user of the buffer that group writes). Returns the new
/// finalized problem (a copy of `p` if checkRecompute(p, s) is not empty).
Problem applyRecompute(const Problem &p, const RecomputeStep &s);

/// Chooses recompute steps lowering the peak of `p` (ordered `current`, which
/// must be legal) within the MAC, per-op and work budgets. The problem
/// without steps is rescheduled first (from `current`, never worse), so the
/// caller need not reorder. If no step set strictly lowers the peak below
/// what reordering alone reaches, the plan has no steps, problem = p, order =
/// that reordering (peak = reorderPeak <= peakBefore), and a reason. On
/// invalid input, order = current and a reason.
///
/// Work: within options.maxWork (and options.timeCap). The planner is a fixed
/// sequence of steps that the limit only cuts short (every rescheduling has
/// a cap that depends on the problem's size, not on the limit): with a
/// larger limit it never returns a higher peak.
RecomputePlan planRecompute(const Problem &p, const Order &current,
                            const std::vector<Producer> &producers,
                            const RecomputeOptions &options);
/// The same within `work` (a function's budget shared with other work);
/// options.maxWork and options.timeCap are not read.
RecomputePlan planRecompute(const Problem &p, const Order &current,
                            const std::vector<Producer> &producers,
                            const RecomputeOptions &options, WorkBudget &work);

} // namespace peakmem

#endif // PEAKMEM_CORE_RECOMPUTE_H
