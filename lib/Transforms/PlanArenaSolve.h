//===- PlanArenaSolve.h - The placement behind peakmem-plan-arena -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to peakmem-plan-arena: the call into the core (BlockArena.h) that
// chooses the offsets of the buffers it places (and, with the order search,
// the entry block's order).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_PLANARENASOLVE_H
#define PEAKMEM_LIB_TRANSFORMS_PLANARENASOLVE_H

#include "PlanArenaSelect.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Arena/ArenaPlanner.h"
#include "peakmem/Core/Arena/BlockArena.h"
#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Core/Support/WorkBudget.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <vector>

namespace peakmem {

/// A placement of the selected buffers (BlockArena.h: for each candidate
/// its buffer in extraction.problem, in order) with its certified bound.
struct ArenaSolution : BlockArenaPlan {
  /// The bound over every order (rounded sizes) and its certificate, as
  /// recorded (recomputed on the final order when the order changed).
  Certificate bound;
};

/// The pass options that steer the search.
struct SearchSettings {
  unsigned budgetMs;
  bool orderSearch;
  int64_t maxLiveIncrease;
  /// The function's work budget (the pass's `max-work`; null: none): every
  /// planner call of the placement and the order search is capped by what
  /// it has left and charged to it (ArenaPlannerOptions::budget).
  WorkBudget *budget = nullptr;
};

/// Places `placed` (buffers of `entry`): the entry block's Problem with only
/// the placed buffers weighing (their bytes, not the malloc padding) and
/// each placed nested buffer held for its statement's step. `bound` is the
/// certified bound over every order (on ArenaBoundProblem.h's problem, the
/// same buffers rounded): the search stops there. The plan is checked
/// before use: a failure is an internal error, emitted at `fn`. With
/// `orderSearch`, the order is chosen with the placement (ArenaOrderSearch).
/// `roots`: candidateRoots(entry block, placed).
mlir::FailureOr<ArenaSolution> solvePlacement(mlir::FunctionOpInterface fn,
                                              const BlockModel &entry,
                                              llvm::ArrayRef<Candidate> placed,
                                              llvm::ArrayRef<ArenaRoot> roots,
                                              const SearchSettings &settings,
                                              const Certificate &bound);

/// Records the plan (the seam of peakmem-materialize-arena): on each placed
/// alloc its offset and alignment; on the function the arena's size,
/// alignment, bound, certificate, optimal, the results' offsets
/// (peakmem.result_offsets, when a result is placed) and, informational
/// (not checked by peakmem-verify-arena), which results are inside and
/// outside (peakmem.result_placement), each baseline's arena on the same
/// problem and why the planner stopped (peakmem.arena_stats).
void recordPlan(mlir::FunctionOpInterface fn, llvm::ArrayRef<Candidate> placed,
                llvm::ArrayRef<Refusal> refused, const ArenaSolution &sol);

struct ArenaRequest;

/// The json record of a planned `fn` (docs/Arena.md): every placed buffer's
/// offset, bytes and lifetime, the buffers left out, the request, the
/// results' offsets and counts as recordPlan recorded them.
llvm::json::Value planToJson(mlir::FunctionOpInterface fn,
                             llvm::ArrayRef<Candidate> placed,
                             const ArenaSolution &sol, size_t steps,
                             llvm::json::Array leftOut,
                             const ArenaRequest &request);

/// The remark of a planned function: arena, bound, optimal or gap, the live
/// bound of this order, why the planner stopped, the best baseline, the
/// results inside and outside, what lies outside the arena.
void emitPlanRemark(mlir::FunctionOpInterface fn, const ArenaSolution &sol,
                    size_t placed, llvm::ArrayRef<Refusal> refusals,
                    unsigned sunk, const ArenaRequest &request);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_PLANARENASOLVE_H
