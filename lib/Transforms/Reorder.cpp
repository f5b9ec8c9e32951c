//===- Reorder.cpp - Statement permutation for minimum peak memory --------===//

#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Scheduler.h"
#include "peakmem/Core/Simulation.h"
#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace peakmem {
#define GEN_PASS_DEF_REORDERPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

struct ReorderPass : peakmem::impl::ReorderPassBase<ReorderPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    std::string error = validateAlgorithm(algorithm);
    if (!error.empty())
      return emitError(UnknownLoc::get(context))
                 << "peakmem-reorder: " << error,
             failure();
    return success();
  }

  void runOnOperation() override {
    FunctionOpInterface fn = getOperation();
    if (fn.isExternal())
      return markAllAnalysesPreserved();
    ScheduleOptions options;
    options.algorithm = algorithm;
    options.budgetMs = budgetMs;
    FunctionSchedule result = scheduleFunction(fn, options);
    if (result.internalError)
      return signalPassFailure();
    if (!result.modeled) {
      markAllAnalysesPreserved();
      return;
    }
    if (!result.changed)
      markAllAnalysesPreserved();
    setPeakAttr(fn, result.peakAfter);
    if (!emitRemarks)
      return;
    InFlightDiagnostic remark = emitRemark(fn.getLoc());
    remark << "peakmem-reorder: '" << fn.getName() << "' peak "
           << result.peakBefore << " -> " << result.peakAfter << " bytes";
    if (result.allCertifiedBeforeSearch)
      remark << " (already optimal: certified, no search)";
    else if (result.provenOptimal)
      remark << " (proven optimal)";
    else
      remark << " (best found within budget; lower bound " << result.lowerBound
             << ")";
    if (result.searched + result.skipped == 0)
      return;
    // The budget is the function's: say how it was shared out.
    remark << "; budget-ms=" << static_cast<uint64_t>(budgetMs)
           << " for the function: exact search "
           << "in " << result.searched << " of " << result.blocks << " block"
           << (result.blocks == 1 ? "" : "s") << " (" << result.stopped
           << " stopped by their share)";
    if (result.skipped)
      remark << ", " << result.skipped << " not searched (less than "
             << static_cast<int64_t>(kMinSearchShareMs) << " ms each left)";
    remark << ", " << static_cast<int64_t>(result.spentMs + 0.5) << " ms spent";
  }
};

} // namespace
