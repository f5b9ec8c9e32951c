//===- FunctionScheduler.h - Reorder every block of a function -*- C++ -*-===//
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
#include "peakmem/Core/Scheduler.h"

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
};

/// Reorders every modeled block of `fn`. Emits a remark and changes nothing
/// if the function cannot be modeled.
FunctionSchedule scheduleFunction(mlir::FunctionOpInterface fn,
                                  const ScheduleOptions &options);

/// Moves the ops of `block` into `order` (statement ids of `model`); the
/// terminator stays last. `order` must be legal for model.problem.
void applyOrder(const BlockModel &model, const Order &order);

/// Sets `peakmem.peak = bytes : i64` on `op`.
void setPeakAttr(mlir::Operation *op, int64_t bytes);

/// Emits the model failure of `fn` as a remark.
void emitNotModeled(mlir::FunctionOpInterface fn, const ModelFailure &failure);

} // namespace peakmem

#endif // PEAKMEM_TRANSFORMS_FUNCTIONSCHEDULER_H
