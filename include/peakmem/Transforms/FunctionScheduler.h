//===- FunctionScheduler.h - Reorder every block of a function -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The MLIR side of scheduling: extract each block's problem from the memory
// model, contract it, schedule it with the core, expand the order back to
// every op (allocs before first use, frees after last use) and move the ops.
// Nested blocks are scheduled before the blocks that contain them, since their
// peak is their parent statement's scratch.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_TRANSFORMS_FUNCTIONSCHEDULER_H
#define PEAKMEM_TRANSFORMS_FUNCTIONSCHEDULER_H

#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Schedule/Scheduler.h"
// Not needed here; kept for the files that took the attribute writers and
// pass diagnostics from this header before they moved (PassRecords.h,
// FunctionRunner.h).
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/PassRecords.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <memory>
#include <optional>

namespace peakmem {

struct FunctionSchedule {
  bool modeled = false;
  bool changed = false;
  int64_t peakBefore = 0;
  int64_t peakAfter = 0;
  /// Lower bound on the function's entry block peak (0 if not computed).
  int64_t lowerBound = 0;
  /// Every block's order is proven optimal.
  bool provenOptimal = true;
  /// Every block was certified optimal before any search.
  bool allCertifiedBeforeSearch = true;
  /// What the optimality claims assume (MemoryModel::getRetainAssumptions).
  std::vector<std::string> retainAssumed;
  /// A schedule did not expand to a legal order with its modeled peak (an
  /// error was emitted at the block; the pass must fail).
  bool internalError = false;

  /// Accounting of the function's budget (options.maxWork, shared by all
  /// its blocks): blocks whose order matters, searches run, searches cut by
  /// their share, blocks left unsearched because the budget was spent, and
  /// the work units spent on bounds, heuristics and searches.
  size_t blocks = 0;
  size_t searched = 0;
  size_t stopped = 0;
  size_t skipped = 0;
  /// Of the `stopped` searches: those stopped by the work budget (their
  /// share of it), by the state cap (ScheduleOptions::maxStates) and by the
  /// opt-in wall-clock cap (options.timeCap).
  size_t stoppedByWork = 0;
  size_t stoppedByStates = 0;
  size_t stoppedByTime = 0;
  /// Searches whose memo filled up (ScheduleOptions::maxMemoEntries).
  size_t memoFull = 0;
  WorkUnits workLimit = 0;
  WorkUnits workUsed = 0;
  /// The wall-clock cap fired during the function (its result depends on
  /// timing).
  bool timeLimitHit = false;
  /// The model of `fn` after the pass when it changed the ops (built for
  /// the attributes; null when nothing changed or on an internal error).
  std::unique_ptr<MemoryModel> after;
};

/// Reorders every modeled block of `fn` nested at least `fromDepth` below
/// the function body (0: the body too; 1: every block but the body, which
/// the recompute planner reorders itself) within options.maxWork work units
/// for the whole function (see FunctionBudget), and options.timeCap. Emits a
/// remark and changes nothing if the function cannot be modeled. `model`,
/// if given, is a model of `fn` as it is (a pass's cached analysis): it is
/// not rebuilt for the first depth.
FunctionSchedule scheduleFunction(mlir::FunctionOpInterface fn,
                                  const ScheduleOptions &options,
                                  unsigned fromDepth = 0,
                                  const MemoryModel *model = nullptr);

/// Moves the ops of `model.block` into `order` (statement ids of
/// model.problem, every statement); the terminator stays last. `order` must
/// be legal for model.problem: applySchedule checks that first.
void applyOrder(const ModeledBlock &model, const Order &order);

/// The one way a pass applies an order it got from the core: checks that
/// `full` (an order of every statement of model.problem, allocations and
/// frees included, e.g. expand() of a contracted schedule) is legal for
/// model.problem and peaks at `expectedPeak` bytes there, then moves the ops
/// into it (applyOrder). On a failed check it emits an error at the op
/// holding the block ("<pass>: internal error: ...", with notes at both ops
/// of the first broken dependency) and leaves the IR unchanged. The caller
/// refreshes the attributes after its last change (remodelAfterChange or
/// refreshAttrsAfterChange).
mlir::LogicalResult applySchedule(llvm::StringRef pass,
                                  const ModeledBlock &model, const Order &full,
                                  int64_t expectedPeak);

/// After a pass changed the ops of `fn`: models it again and refreshes its
/// attributes from the new model (refreshAttrsAfterChange). With
/// `expectedPeak`, the new model must peak there: if it is not modeled or
/// peaks elsewhere, emits "<pass>: internal error: ..." at `fn`, drops every
/// claim and returns null. Otherwise returns the new model.
std::unique_ptr<MemoryModel>
remodelAfterChange(mlir::FunctionOpInterface fn, llvm::StringRef pass,
                   std::optional<int64_t> expectedPeak = std::nullopt);

} // namespace peakmem

#endif // PEAKMEM_TRANSFORMS_FUNCTIONSCHEDULER_H
