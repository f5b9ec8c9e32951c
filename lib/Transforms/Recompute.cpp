//===- Recompute.cpp - Selective recomputation under per-op bounds --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The peakmem-recompute pass: optionally reorders (reorder-budget-ms), asks
// the core planner for steps on the entry block as it stands
// (plan-budget-ms), and applies them with RecomputeRewrite.

#include "peakmem/Core/Recompute.h"
#include "RecomputeRewrite.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Analysis/Recomputability.h"
#include "peakmem/Core/Simulation.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Transforms/OptionChecks.h"
#include "peakmem/Transforms/Passes.h"

#include "llvm/Support/Format.h"

namespace peakmem {
#define GEN_PASS_DEF_RECOMPUTEPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

struct RecomputePass : peakmem::impl::RecomputePassBase<RecomputePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    return reportOptionError(
        context, getArgument(),
        checkFractionOption("max-mac-overhead", maxMacOverhead));
  }

  void runOnOperation() override {
    FunctionsStatus status = runOnFunctions(
        getOperation(), getAnalysisManager(),
        [&](FunctionOpInterface fn, AnalysisManager) { return recompute(fn); });
    if (status.failed)
      signalPassFailure();
    if (!status.changed)
      markAllAnalysesPreserved();
  }

  /// Reorders every block first when the reorder phase has a budget.
  FunctionStatus reorder(FunctionOpInterface fn, bool &modeled) const {
    unsigned ms = reorderBudgetMs.hasValue() || !budgetMs.hasValue()
                      ? unsigned(reorderBudgetMs)
                      : unsigned(budgetMs);
    if (ms == 0) {
      MemoryModel model(fn);
      modeled = model.isModeled();
      if (!modeled)
        emitNotModeled(fn, *model.getFailure());
      return FunctionStatus::Unchanged;
    }
    ScheduleOptions scheduling;
    scheduling.budgetMs = ms;
    FunctionSchedule scheduled = scheduleFunction(fn, scheduling);
    modeled = scheduled.modeled;
    if (scheduled.internalError)
      return FunctionStatus::Failed;
    return scheduled.changed ? FunctionStatus::Changed
                             : FunctionStatus::Unchanged;
  }

  /// The recomputable buffers of `bm` (the Recomputability analysis) with
  /// their producer groups, in the contracted ids of `c`.
  static std::vector<Producer> producersOf(const BlockModel &bm,
                                           const Contraction &c) {
    Recomputability r = computeRecomputability(bm);
    std::vector<Producer> producers;
    for (BufferId b = 0; b < bm.problem.numBuffers(); ++b) {
      if (!r.recomputable[b])
        continue;
      Producer producer{b, {}};
      for (StmtId w : r.writers[b])
        producer.group.push_back(static_cast<StmtId>(c.toContracted[w]));
      producers.push_back(std::move(producer));
    }
    return producers;
  }

  FunctionStatus recompute(FunctionOpInterface fn) const {
    if (fn.isExternal())
      return FunctionStatus::Unchanged;
    bool modeled = false;
    FunctionStatus reordered = reorder(fn, modeled);
    if (reordered == FunctionStatus::Failed || !modeled)
      return reordered;

    MemoryModel model(fn);
    const BlockModel &bm = *model.getEntryBlockModel();
    Contraction c = contract(bm.problem);
    RecomputeOptions options;
    options.maxRecomputePerOp = maxRecomputePerOp;
    options.maxMacOverhead = maxMacOverhead;
    options.budgetMs = planBudgetMs.hasValue() || !budgetMs.hasValue()
                           ? unsigned(planBudgetMs)
                           : unsigned(budgetMs);
    RecomputePlan plan = planRecompute(c.problem, identityOrder(c.problem),
                                       producersOf(bm, c), options);
    setPeakAttr(fn, model.getPeak());
    if (plan.steps.empty()) {
      if (emitRemarks)
        emitRemark(fn.getLoc())
            << "peakmem-recompute: '" << fn.getName() << "' unchanged at "
            << model.getPeak() << " bytes: " << plan.reason;
      return reordered;
    }

    // From here on the IR is changed: every failure drops the claims about
    // the old IR.
    std::vector<Value> buffers;
    std::vector<Operation *> stmtOps =
        applyRecomputeSteps(bm, c, plan, buffers);
    bool reported = false;
    std::string error = applyPlannedOrder(fn, plan, stmtOps, reported);
    if (reported) {
      refreshAttrsAfterChange(fn, nullptr);
      return FunctionStatus::Failed;
    }
    if (!error.empty())
      return fail(fn, error);
    if (emitRemarks)
      emitRecomputeRemarks(fn, plan, buffers);
    return FunctionStatus::Changed;
  }

  static void emitRecomputeRemarks(FunctionOpInterface fn,
                                   const RecomputePlan &plan,
                                   const std::vector<Value> &buffers) {
    std::string percent;
    llvm::raw_string_ostream(percent) << llvm::format(
        "%.3f", 100.0 * plan.extraMacs / std::max<int64_t>(1, plan.macsBefore));
    size_t clones = 0;
    for (const RecomputeStep &step : plan.steps)
      clones += clonedStatements(step).size();
    // One remark per step, at the recomputed buffer's allocation.
    for (const RecomputeStep &step : plan.steps) {
      InFlightDiagnostic d = emitRemark(buffers[step.buffer].getLoc())
                             << "peakmem-recompute: recomputed for "
                             << step.lateUsers.size() << " late user"
                             << (step.lateUsers.size() == 1 ? "" : "s");
      if (!step.chain.empty())
        d << ", with the " << step.chain.size() << " buffer"
          << (step.chain.size() == 1 ? "" : "s") << " it is computed from";
    }
    emitRemark(fn.getLoc())
        << "peakmem-recompute: '" << fn.getName() << "' peak "
        << plan.reorderPeak << " -> " << plan.peak << " bytes by recomputing "
        << clones << " ops; MACs " << plan.macsBefore << " -> "
        << plan.macsBefore + plan.extraMacs << " (+" << percent << "%)";
  }

  static FunctionStatus fail(FunctionOpInterface fn, const Twine &message) {
    fn.emitError() << "peakmem-recompute: internal error: " << message;
    refreshAttrsAfterChange(fn, nullptr);
    return FunctionStatus::Failed;
  }
};

} // namespace
