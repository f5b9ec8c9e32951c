//===- Reorder.cpp - Statement permutation for minimum peak memory --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Analysis/OpSemantics.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Schedule/Scheduler.h"
#include "peakmem/Transforms/AttrNames.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Transforms/OptionChecks.h"
#include "peakmem/Transforms/PassRecords.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/Statistic.h"

#include <mutex>

#define DEBUG_TYPE "peakmem-reorder"

STATISTIC(NumFunctionsReordered, "Functions whose ops peakmem-reorder moved");
STATISTIC(NumFunctionsProven,
          "Functions whose order is proven or certified optimal");

namespace peakmem {
#define GEN_PASS_DEF_REORDERPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

struct ReorderPass : FunctionPass<peakmem::impl::ReorderPassBase<ReorderPass>> {
  using FunctionPass::FunctionPass;

  LogicalResult initialize(MLIRContext *context) override {
    return reportOptionError(context, getArgument(),
                             checkAlgorithmOption(algorithm));
  }

  FunctionStatus runOnFunction(FunctionOpInterface fn,
                               AnalysisManager analyses) override {
    ScheduleOptions options;
    options.algorithm = algorithm;
    options.maxWork = maxWork;
    options.maxStates = maxStates;
    options.maxMemoEntries = maxMemoEntries;
    TimeCap cap(timeLimitMs);
    options.timeCap = &cap;
    MemoryModel &cached = analyses.getAnalysis<MemoryModel>();
    FunctionSchedule result =
        scheduleFunction(fn, options, /*fromDepth=*/0, &cached);
    if (result.changed && result.after)
      keepModel(cached, std::move(*result.after));
    if (result.timeLimitHit)
      warnTimeLimitHit(fn, getArgument(), timeLimitMs);
    if (result.internalError)
      return FunctionStatus::Failed;
    if (!result.modeled)
      return FunctionStatus::Unchanged;
    setPeakAttr(fn, result.peakAfter);
    setSearchStopAttr(fn, result);
    setReorderRecord(fn, kReorderRecordAttr, recordOf(result));
    if (emitRemarks)
      emitReorderRemark(fn, result);
    NumFunctionsReordered += result.changed;
    NumFunctionsProven += result.provenOptimal;
    return result.changed ? FunctionStatus::Changed : FunctionStatus::Unchanged;
  }

  /// The cached model of a function whose ops moved becomes `after`, the
  /// model scheduleFunction built of the function as it is now (the full
  /// computation, not an update of the old model), and the pass keeps the
  /// MemoryModel analyses: the next pass (peakmem-plan-arena after
  /// peakmem-reorder) does not model the function again. Every other cached
  /// model is also of the IR as it is: an unchanged function's model was
  /// built after its callees' steps (runOnFunctions invalidates the models
  /// of the callers of a changed function before their steps), and what the
  /// step sets afterwards (the peakmem.* attributes) is not read by the
  /// model. Steps run concurrently: the pass's preserved set is shared.
  void keepModel(MemoryModel &cached, MemoryModel after) {
    cached = std::move(after);
    static std::mutex preservedMutex;
    std::lock_guard<std::mutex> lock(preservedMutex);
    this->markAnalysesPreserved<MemoryModel>();
  }

  /// The peakmem.reorder record (PassRecords.h) of `result`.
  static ReorderRecord recordOf(const FunctionSchedule &result) {
    ReorderRecord record{result.peakBefore, result.peakAfter,
                         SearchOutcome::Stopped, result.lowerBound};
    if (result.allCertifiedBeforeSearch)
      record.search = SearchOutcome::Certified;
    else if (result.provenOptimal)
      record.search = SearchOutcome::Proven;
    return record;
  }

  /// peakmem.search_stop: the limits that stopped a search of `fn`'s blocks
  /// (none when the function is proven optimal).
  static void setSearchStopAttr(FunctionOpInterface fn,
                                const FunctionSchedule &result) {
    fn->removeAttr(kSearchStopAttr);
    if (result.provenOptimal)
      return;
    Builder b(fn.getContext());
    SmallVector<Attribute> limits;
    if (result.stoppedByWork)
      limits.push_back(b.getStringAttr(searchStopName(SearchStop::WorkLimit)));
    if (result.stoppedByStates)
      limits.push_back(b.getStringAttr(searchStopName(SearchStop::StateCap)));
    if (result.stoppedByTime || result.timeLimitHit)
      limits.push_back(b.getStringAttr(searchStopName(SearchStop::TimeLimit)));
    if (!limits.empty())
      fn->setAttr(kSearchStopAttr, b.getArrayAttr(limits));
  }

  void emitReorderRemark(FunctionOpInterface fn,
                         const FunctionSchedule &result) const {
    InFlightDiagnostic remark = emitRemark(fn.getLoc());
    remark << "peakmem-reorder: '" << fn.getName() << "' peak "
           << result.peakBefore << " -> " << result.peakAfter << " bytes";
    std::string assumed = describeRetainAssumption(result.retainAssumed);
    if (!assumed.empty())
      assumed = ", " + assumed;
    if (result.allCertifiedBeforeSearch)
      remark << " (already optimal: certified, no search" << assumed << ")";
    else if (result.provenOptimal)
      remark << " (proven optimal" << assumed << ")";
    else if (result.stoppedByStates && !result.stoppedByWork &&
             !result.stoppedByTime)
      remark << " (best found within the state cap; lower bound "
             << result.lowerBound << ")";
    else
      remark << " (best found within budget; lower bound " << result.lowerBound
             << ")";
    if (result.timeLimitHit)
      remark << "; stopped by time-limit-ms="
             << static_cast<unsigned>(timeLimitMs) << ": not reproducible";
    if (result.searched + result.skipped == 0)
      return;
    // The budget is the function's: say how it was shared out.
    remark << "; max-work=" << static_cast<uint64_t>(maxWork)
           << " for the function: exact search "
           << "in " << result.searched << " of " << result.blocks << " block"
           << (result.blocks == 1 ? "" : "s") << " ("
           << result.stopped - result.stoppedByStates
           << " stopped by their share)";
    if (result.skipped)
      remark << ", " << result.skipped << " not searched (less than "
             << kMinSearchShare << " units each left)";
    remark << ", " << result.workUsed << " units spent";

    if (result.stoppedByStates)
      remark << "; " << result.stoppedByStates << " search"
             << (result.stoppedByStates == 1 ? "" : "es")
             << " stopped by the state cap (max-states="
             << static_cast<uint64_t>(maxStates) << ")";
    if (result.memoFull)
      remark << "; " << result.memoFull << " search"
             << (result.memoFull == 1 ? "" : "es")
             << " filled the memo (max-memo-entries="
             << static_cast<uint64_t>(maxMemoEntries) << ")";
  }
};

} // namespace
