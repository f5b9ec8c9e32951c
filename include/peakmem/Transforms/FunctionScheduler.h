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

#include "mlir/Interfaces/FunctionInterfaces.h"

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
};

/// Reorders every modeled block of `fn` nested at least `fromDepth` below
/// the function body (0: the body too; 1: every block but the body, which
/// the recompute planner reorders itself) within options.maxWork work units
/// for the whole function (see FunctionBudget), and options.timeCap. Emits a
/// remark and changes nothing if the function cannot be modeled.
FunctionSchedule scheduleFunction(mlir::FunctionOpInterface fn,
                                  const ScheduleOptions &options,
                                  unsigned fromDepth = 0);
/// The same within at most options.maxWork of `parent` (a pass's budget of
/// the function, also spent on other work).
FunctionSchedule scheduleFunction(mlir::FunctionOpInterface fn,
                                  const ScheduleOptions &options,
                                  WorkBudget &parent, unsigned fromDepth);

/// Moves the ops of `block` into `order` (statement ids of `model`); the
/// terminator stays last. `order` must be legal for model.problem.
void applyOrder(const BlockModel &model, const Order &order);

/// Moves `ops` (the statements of `block`, indexed by statement id) into
/// `order`, before the terminator if the block has one. Shared by every model
/// whose statements are the non-terminator ops of a block.
void applyOrder(mlir::Block *block, llvm::ArrayRef<mlir::Operation *> ops,
                const Order &order);

/// Sets `peakmem.peak = bytes : i64` on `op`.
void setPeakAttr(mlir::Operation *op, int64_t bytes);

/// Sets `peakmem.macs` and `peakmem.ops` of `fn`: the multiply-accumulates
/// and element operations of its body in `model` (Problem::totalMacs/Ops).
void setCostAttrs(mlir::FunctionOpInterface fn, const MemoryModel &model);

/// The one place that keeps peakmem attributes true after a pass changed the
/// ops of `fn` (moved, cloned or rewired them); every mutating pass calls it
/// after its change. Claims that need a solver are dropped: the certificate
/// record (`peakmem.lower_bound`, `peakmem.optimal`, `peakmem.certificate`)
/// on `fn`, `peakmem.nested` on every op inside it (clones copy it), and
/// `peakmem.predicted_peak`. The model's own numbers are recomputed from
/// `after`, a model of the changed IR: `peakmem.peak` is set and
/// `peakmem.macs` and `peakmem.ops` are updated when present; all are dropped
/// when `after` is null or does not model `fn`.
void refreshAttrsAfterChange(mlir::FunctionOpInterface fn,
                             const MemoryModel *after);

/// Warns at `fn` that the opt-in wall-clock cap of `pass`
/// (time-limit-ms=`ms`) fired while it processed `fn`: the function's output
/// depends on timing and is not reproducible.
void warnTimeLimitHit(mlir::FunctionOpInterface fn, llvm::StringRef pass,
                      unsigned ms);

/// Emits the model failure of `fn` as a remark.
void emitNotModeled(mlir::FunctionOpInterface fn, const ModelFailure &failure);

} // namespace peakmem

#endif // PEAKMEM_TRANSFORMS_FUNCTIONSCHEDULER_H
