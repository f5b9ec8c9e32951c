//===- ReorderTensors.cpp - Reorder tensor IR before bufferization --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The "regeneration" route of docs/Regeneration.md: schedule linalg-on-tensors
// IR with the same core scheduler as peakmem-reorder, BEFORE bufferization,
// from the tensor-level memory model (peakmem/Analysis/TensorModel.h). The
// prediction is the tensor model's; docs/Regeneration.md measures how far
// the generated program lands from it.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Analysis/TensorModel.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Schedule/Scheduler.h"
#include "peakmem/Transforms/CertificateAttr.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Transforms/OptionChecks.h"
#include "peakmem/Transforms/PassRecords.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/Debug.h"

#include <optional>

#define DEBUG_TYPE "peakmem-reorder-tensors"

STATISTIC(NumFunctionsModeled, "Functions the tensor model describes");
STATISTIC(NumFunctionsReordered,
          "Functions whose ops peakmem-reorder-tensors moved");

namespace peakmem {
#define GEN_PASS_DEF_REORDERTENSORSPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

/// The peakmem.reorder_tensors record (PassRecords.h).
static ReorderRecord recordOf(const TensorModel &model, int64_t predicted,
                              const ScheduleResult &r) {
  ReorderRecord record{model.peak, predicted, SearchOutcome::Stopped,
                       r.bound.bytes};
  if (model.problem.numBuffers() == 0)
    record.search = SearchOutcome::None;
  else if (r.certifiedBeforeSearch)
    record.search = SearchOutcome::Certified;
  else if (r.provenOptimal)
    record.search = SearchOutcome::Proven;
  return record;
}

struct ReorderTensorsPass;
using ReorderTensorsPassImpl =
    FunctionPass<peakmem::impl::ReorderTensorsPassBase<ReorderTensorsPass>>;

struct ReorderTensorsPass : ReorderTensorsPassImpl {
  using FunctionPass::FunctionPass;

  LogicalResult initialize(MLIRContext *context) override {
    std::string error = checkAlgorithmOption(algorithm);
    if (error.empty())
      error = checkPaddingOption(padding);
    return reportOptionError(context, getArgument(), error);
  }

  FunctionStatus runOnFunction(FunctionOpInterface fn,
                               AnalysisManager) override {
    TensorModel model;
    if (std::optional<ModelFailure> failure =
            buildTensorModel(fn, padding, inPlace, model)) {
      emitRemark(failure->loc) << "peakmem-reorder-tensors: '" << fn.getName()
                               << "' not modeled: " << failure->reason;
      return FunctionStatus::Unchanged;
    }
    // A problem the builder made invalid is its bug, not the input's.
    if (std::string check = model.problem.check(); !check.empty()) {
      emitError(fn.getLoc()) << "peakmem-reorder-tensors: '" << fn.getName()
                             << "': internal error: " << check;
      return FunctionStatus::Failed;
    }
    ++NumFunctionsModeled;

    int64_t predicted = model.peak;
    bool changed = false;
    ScheduleResult r;
    if (model.problem.numBuffers() > 0) {
      ScheduleOptions options;
      options.algorithm = algorithm;
      options.maxWork = maxWork;
      TimeCap cap(timeLimitMs);
      options.timeCap = &cap;
      Contraction c = contract(model.problem);
      r = scheduleBlock(c.problem, options);
      if (cap.fired())
        warnTimeLimitHit(fn, getArgument(), timeLimitMs);
      LLVM_DEBUG(llvm::dbgs()
                 << DEBUG_TYPE << ": '" << fn.getName()
                 << "' tensor-model peak " << model.peak << ", scheduled "
                 << r.peak << ", bound " << r.bound.bytes << "\n");
      if (r.peak < model.peak) {
        Order full = sinkFloating(model, expand(model.problem, c, r.order));
        if (failed(applySchedule(getArgument(), model, full, r.peak)))
          return FunctionStatus::Failed;
        predicted = r.peak;
        changed = true;
        ++NumFunctionsReordered;
        // Claims about the old order are dropped; no memref model applies.
        refreshAttrsAfterChange(fn, nullptr);
      }
    }
    setPredictedPeakAttr(fn, predicted);
    setReorderRecord(fn, kReorderTensorsRecordAttr,
                     recordOf(model, predicted, r));
    if (emitRemarks)
      emitReorderRemark(fn, model, predicted, r);
    return changed ? FunctionStatus::Changed : FunctionStatus::Unchanged;
  }

  static void emitReorderRemark(FunctionOpInterface fn,
                                const TensorModel &model, int64_t predicted,
                                const ScheduleResult &r) {
    InFlightDiagnostic remark = emitRemark(fn.getLoc());
    remark << "peakmem-reorder-tensors: '" << fn.getName()
           << "' tensor-model peak " << model.peak << " -> " << predicted
           << " bytes";
    if (model.problem.numBuffers() == 0)
      remark << " (no buffers)";
    else if (r.certifiedBeforeSearch)
      remark << " (already optimal: certified, no search)";
    else if (r.provenOptimal)
      remark << " (proven optimal)";
    else
      remark << " (best found within budget; lower bound " << r.bound.bytes
             << ")";
  }
};

} // namespace
