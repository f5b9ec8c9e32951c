//===- RecomputePass.cpp - Selective recomputation under per-op bounds ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The peakmem-recompute pass: reorders the nested blocks (reorder-max-work),
// asks the core planner for steps on the entry block (plan-max-work; the
// planner reschedules that block itself, so it is not reordered first) and
// applies them with RecomputeRewrite.

#include "RecomputeCertificateAttr.h" // recomputeProducers
#include "RecomputeRewrite.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Recompute/BudgetBound.h"
#include "peakmem/Core/Recompute/ExactRecompute.h"
#include "peakmem/Core/Recompute/Recompute.h"
#include "peakmem/Core/Recompute/RecomputeCertificate.h"
#include "peakmem/Core/Recompute/SeriesParallel.h"
#include "peakmem/Core/Recompute/TreeDecomposition.h"
#include "peakmem/Core/Recompute/TreewidthRecompute.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Transforms/OptionChecks.h"
#include "peakmem/Transforms/PassRecords.h"
#include "peakmem/Transforms/Passes.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Format.h"

#define DEBUG_TYPE "peakmem-recompute"

STATISTIC(NumFunctionsRecomputed,
          "Functions in which peakmem-recompute cloned ops");
STATISTIC(NumStepsApplied, "Recompute steps applied");
STATISTIC(NumClonedOps, "Ops peakmem-recompute cloned");
STATISTIC(NumFunctionsReorderedOnly,
          "Functions peakmem-recompute reordered, cloning none");

namespace peakmem {
#define GEN_PASS_DEF_RECOMPUTEPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

struct RecomputePass;
using RecomputePassImpl =
    FunctionPass<peakmem::impl::RecomputePassBase<RecomputePass>>;

struct RecomputePass : RecomputePassImpl {
  using FunctionPass::FunctionPass;

  LogicalResult initialize(MLIRContext *context) override {
    std::string error = checkFractionOption("max-mac-overhead", maxMacOverhead);
    if (error.empty())
      error = checkFractionOption("max-op-overhead", maxOpOverhead);
    return reportOptionError(context, getArgument(), error);
  }

  /// Reorders the nested blocks, which the planner does not plan on (the
  /// body it reorders itself), when reorder-max-work is not 0. `model` is a
  /// model of `fn` as it is; when the nested blocks changed, it is replaced
  /// by the model of the changed function (held by `owned`).
  FunctionStatus reorderNested(FunctionOpInterface fn, TimeCap &cap,
                               const MemoryModel *&model,
                               std::unique_ptr<MemoryModel> &owned) const {
    if (reorderMaxWork == 0 || model->getBlockModels().size() < 2)
      return FunctionStatus::Unchanged;
    ScheduleOptions scheduling;
    scheduling.maxWork = reorderMaxWork;
    scheduling.timeCap = &cap;
    FunctionSchedule scheduled =
        scheduleFunction(fn, scheduling, /*fromDepth=*/1, model);
    if (scheduled.internalError)
      return FunctionStatus::Failed;
    if (!scheduled.changed)
      return FunctionStatus::Unchanged;
    owned = std::move(scheduled.after);
    model = owned.get();
    if (!model->isModeled())
      return fail(fn, "the reordered function is no longer modeled");
    return FunctionStatus::Changed;
  }

  FunctionStatus runOnFunction(FunctionOpInterface fn,
                               AnalysisManager analyses) override {
    TimeCap cap(timeLimitMs);
    FunctionStatus status = recompute(fn, analyses, cap);
    if (cap.fired())
      warnTimeLimitHit(fn, getArgument(), timeLimitMs);
    return status;
  }

  /// The exact fixed-order programs (docs/Recompute.md, "The exact
  /// problem"), each with a hundredth of plan-max-work: the sweep on the
  /// body as written (peakmem.exact_recompute), when the body is
  /// series-parallel the fold over its decomposition, for the
  /// decomposition's order (peakmem.exact_recompute_sp), and the bag program
  /// for the order as written (peakmem.exact_recompute_tw). Each replaces the
  /// plan so far when it finishes below it. `finished` means its peak is
  /// optimal over every recompute plan for its order within the bounds (not
  /// over every order). Returns the optimum for the order as written and
  /// the program that found it when one finished (found == nullptr else).
  struct AsWrittenOptimum {
    const char *found = nullptr;
    int64_t peak = 0, peakBefore = 0;
  };
  AsWrittenOptimum runExactPrograms(FunctionOpInterface fn,
                                    const Contraction &c,
                                    const std::vector<Producer> &producers,
                                    const RecomputeOptions &options,
                                    TimeCap &cap, RecomputePlan &plan) const {
    Order asWritten = identityOrder(c.problem);
    WorkBudget exactWork(planMaxWork / 100, &cap);
    ExactRecomputeResult exact = exactRecomputeFixedOrder(
        c.problem, asWritten, producers, options, exactWork);
    AsWrittenOptimum best;
    if (exact.finished)
      best = {"sweep", exact.peak, exact.peakBefore};
    bool used = adopt(exact, plan);
    setExactAttr(fn, "peakmem.exact_recompute", exact, used,
                 "over every recompute plan for the order as written, within "
                 "the bounds",
                 {});
    WorkBudget spWork(planMaxWork / 100, &cap);
    SeriesParallelDecomposition dec =
        decomposeSeriesParallel(c.problem, asWritten, spWork);
    ExactRecomputeResult sp = exactRecomputeSeriesParallel(
        c.problem, dec, producers, options, spWork);
    if (!dec.seriesParallel)
      sp.reason = dec.reason;
    sp.workUsed += dec.workUsed;
    if (!best.found && sp.finished && dec.order == asWritten)
      best = {"series-parallel", sp.peak, sp.peakBefore};
    used = adopt(sp, plan);
    // The min-fill width of the dependence graph (TreeDecomposition.h): an
    // upper bound of its treewidth; no program uses it yet.
    WorkBudget fillWork(planMaxWork / 100, &cap);
    TreeDecomposition td = minFillDecomposition(c.problem, fillWork);
    Builder b(fn.getContext());
    setExactAttr(
        fn, "peakmem.exact_recompute_sp", sp, used,
        "over every recompute plan for the series-parallel order (every "
        "series part and parallel branch contiguous, branches by their "
        "first statement as written), within the bounds",
        {b.getNamedAttr(
             "order_as_written",
             b.getBoolAttr(dec.seriesParallel && dec.order == asWritten)),
         b.getNamedAttr("series_parallel", b.getBoolAttr(dec.seriesParallel)),
         b.getNamedAttr("min_fill_width",
                        b.getI64IntegerAttr(td.finished ? int64_t(td.width)
                                                        : int64_t(-1)))});
    // The bag program over a min-fill decomposition of the decisions'
    // interaction graph (TreewidthRecompute.h), for the order as written.
    WorkBudget twWork(planMaxWork / 100, &cap);
    ExactRecomputeResult tw = exactRecomputeTreewidth(
        c.problem, asWritten, producers, options, twWork);
    if (!best.found && tw.finished)
      best = {"bag program", tw.peak, tw.peakBefore};
    used = adopt(tw, plan);
    setExactAttr(fn, "peakmem.exact_recompute_tw", tw, used,
                 "over every recompute plan for the order as written, within "
                 "the bounds",
                 {});
    return best;
  }

  /// The budget-aware bound (BudgetBound.h) of the body as written, with a
  /// tenth of plan-max-work (10,000,000 units by default: charging the
  /// inputs needs up to 4,420,493 on the training programs measured, see
  /// docs/Recompute.md; no search, so it costs little time).
  BudgetBoundResult budgetBound(const Contraction &c,
                                const std::vector<Producer> &producers,
                                const RecomputeOptions &options,
                                TimeCap &cap) const {
    WorkBudget work(planMaxWork / 10, &cap);
    return recomputeBudgetBound(c.problem, identityOrder(c.problem), producers,
                                options, work);
  }

  /// Records `bb` as peakmem.fixed_order_bound (a statement about the body as
  /// the pass found it, like peakmem.exact_recompute) and returns what the
  /// remark adds when the bound reaches `peak`, the peak the pass left:
  /// then no recompute plan for the order as written within the bounds
  /// peaks below it.
  static std::string recordBound(FunctionOpInterface fn,
                                 const BudgetBoundResult &bb, int64_t peak) {
    Builder b(fn.getContext());
    bool reached = bb.bound >= peak;
    SmallVector<NamedAttribute> entries = {
        b.getNamedAttr("complete", b.getBoolAttr(bb.complete)),
        b.getNamedAttr("lower_bound", b.getI64IntegerAttr(bb.bound)),
        b.getNamedAttr("own_bound", b.getI64IntegerAttr(bb.ownBound)),
        b.getNamedAttr("peak", b.getI64IntegerAttr(peak)),
        b.getNamedAttr("reached", b.getBoolAttr(reached)),
        b.getNamedAttr("relaxation", b.getI64IntegerAttr(bb.relaxation)),
        b.getNamedAttr("work_used", b.getI64IntegerAttr(bb.workUsed))};
    if (reached)
      entries.push_back(
          b.getNamedAttr("optimality", b.getStringAttr(kBoundOptimality)));
    if (!bb.complete)
      entries.push_back(b.getNamedAttr("reason", b.getStringAttr(bb.reason)));
    fn->setAttr("peakmem.fixed_order_bound", b.getDictionaryAttr(entries));
    if (!reached)
      return "";
    return std::string("; ") + kBoundOptimality + " (the budget-aware bound " +
           std::to_string(bb.bound) + " B is reached)";
  }
  static constexpr const char *kBoundOptimality =
      "optimal over every recompute plan for the order as written, within the "
      "bounds";

  /// Replaces `plan` by `exact`'s when it finished below it.
  static bool adopt(ExactRecomputeResult &exact, RecomputePlan &plan) {
    if (!exact.finished || exact.peak >= plan.peak)
      return false;
    plan.steps = std::move(exact.plan.steps);
    plan.problem = std::move(exact.plan.problem);
    plan.order = std::move(exact.plan.order);
    plan.peak = exact.peak;
    plan.extraMacs = exact.extraMacs;
    plan.extraOps = exact.extraOps;
    plan.provenOptimal = false;
    return true;
  }

  /// Records an exact program's outcome as the dictionary `name`.
  static void setExactAttr(FunctionOpInterface fn, StringRef name,
                           const ExactRecomputeResult &exact, bool used,
                           StringRef optimality,
                           ArrayRef<NamedAttribute> more) {
    Builder b(fn.getContext());
    SmallVector<NamedAttribute> entries = {
        b.getNamedAttr("decisions", b.getI64IntegerAttr(exact.decisions)),
        b.getNamedAttr("finished", b.getBoolAttr(exact.finished)),
        b.getNamedAttr("lower_bound", b.getI64IntegerAttr(exact.lowerBound)),
        b.getNamedAttr("used", b.getBoolAttr(used)),
        b.getNamedAttr("width", b.getI64IntegerAttr(exact.width)),
        b.getNamedAttr("work_used", b.getI64IntegerAttr(exact.workUsed))};
    if (exact.finished)
      entries.push_back(
          b.getNamedAttr("optimality", b.getStringAttr(optimality)));
    else
      entries.push_back(
          b.getNamedAttr("reason", b.getStringAttr(exact.reason)));
    entries.append(more.begin(), more.end());
    fn->setAttr(name, b.getDictionaryAttr(entries));
  }

  FunctionStatus recompute(FunctionOpInterface fn, AnalysisManager analyses,
                           TimeCap &cap) const {
    // The function as it is; replaced if the nested blocks are reordered.
    const MemoryModel *model = &analyses.getAnalysis<MemoryModel>();
    if (!model->isModeled()) {
      emitNotModeled(fn, *model->getFailure());
      return FunctionStatus::Unchanged;
    }
    std::unique_ptr<MemoryModel> owned;
    FunctionStatus nested = reorderNested(fn, cap, model, owned);
    if (nested == FunctionStatus::Failed)
      return nested;
    const BlockModel &bm = *model->getEntryBlockModel();
    Contraction c = contract(bm.problem);
    RecomputeOptions options;
    options.maxRecomputePerOp = maxRecomputePerOp;
    options.maxMacOverhead = maxMacOverhead;
    options.maxOpOverhead = maxOpOverhead;
    options.maxWork = planMaxWork;
    options.timeCap = &cap;
    // The planner reschedules the block without steps first (its baseline):
    // when nothing is recomputed, its order is still never worse.
    std::vector<Producer> producers = recomputeProducers(bm, c);
    RecomputePlan plan =
        planRecompute(c.problem, identityOrder(c.problem), producers, options);
    AsWrittenOptimum optimum =
        runExactPrograms(fn, c, producers, options, cap, plan);
    BudgetBoundResult bound = budgetBound(c, producers, options, cap);
    setPeakAttr(fn, model->getPeak());
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE << ": '" << fn.getName() << "' "
               << plan.steps.size() << " steps, peak " << model->getPeak()
               << " -> " << plan.peak << " bytes (" << plan.reason << ")\n");
    if (plan.steps.empty()) {
      FunctionStatus body = reorderOnly(fn, bm, c, plan, model->getPeak(),
                                        optimum, options, bound);
      return body == FunctionStatus::Unchanged ? nested : body;
    }

    // From here on the IR is changed: every failure drops the claims about
    // the old IR.
    std::vector<Value> buffers;
    std::vector<Operation *> stmtOps =
        applyRecomputeSteps(bm, c, plan, buffers);
    if (failed(applyPlannedOrder(fn, getArgument(), plan, stmtOps))) {
      refreshAttrsAfterChange(fn, nullptr);
      return FunctionStatus::Failed;
    }
    ++NumFunctionsRecomputed;
    NumStepsApplied += plan.steps.size();
    NumClonedOps += clonedOps(plan);
    setRecomputeRecord(fn, recordOf(plan, plan.reorderPeak, plan.peak));
    std::string proven = recordBound(fn, bound, plan.peak);
    if (emitRemarks)
      emitRecomputeRemarks(fn, plan, buffers, proven);
    return FunctionStatus::Changed;
  }

  /// Records the recompute certificate (RecomputeCertificateAttr.h) when an
  /// exact program finished on the body as written and the pass leaves that
  /// body as it is (nothing recomputed, the entry block not reordered): no
  /// recompute plan for this order within the bounds peaks below its
  /// optimum. A later pass that changes the body drops it
  /// (refreshAttrsAfterChange). Only when peakmem-verify-certificate can
  /// check it within its default max-work (recomputeBoundCheckWork, counted
  /// here before writing): a record the verifier's enumeration cannot afford
  /// would make `...,peakmem-verify-certificate` an error on a correct claim.
  /// Returns what the remark adds: the optimality and the program that
  /// proved it, when the bound is the peak.
  static std::string certify(FunctionOpInterface fn, const Contraction &c,
                             const std::vector<Producer> &producers,
                             const AsWrittenOptimum &optimum,
                             const RecomputeOptions &options) {
    if (!optimum.found)
      return "";
    const WorkUnits verifierWork = VerifyCertificatePassOptions().maxWork;
    bool checkable =
        recomputeBoundCheckWork(c.problem, identityOrder(c.problem), producers,
                                options, verifierWork) <= verifierWork;
    if (checkable)
      fn->setAttr(kRecomputeCertificateAttr,
                  recomputeCertificateAttr(fn.getContext(), optimum.peak,
                                           optimum.peakBefore, options,
                                           optimum.found));
    if (optimum.peak != optimum.peakBefore)
      return "";
    return std::string("; ") + kRecomputeOptimality + " (" + optimum.found +
           (checkable ? ""
                      : "; no certificate: checking it costs more than "
                        "the verifier's default max-work") +
           ")";
  }

  /// The peakmem.recompute record (PassRecords.h) of `plan`.
  static RecomputeRecord recordOf(const RecomputePlan &plan, int64_t before,
                                  int64_t after) {
    RecomputeRecord record{before,          after,           clonedOps(plan),
                           plan.macsBefore, plan.macsBefore, plan.opsBefore,
                           plan.opsBefore,  plan.reason};
    if (record.clonedOps > 0) {
      record.macsAfter += plan.extraMacs;
      record.opsAfter += plan.extraOps;
    }
    return record;
  }

  static int64_t clonedOps(const RecomputePlan &plan) {
    size_t clones = 0;
    for (const RecomputeStep &step : plan.steps)
      clones += clonedStatements(step).size();
    return static_cast<int64_t>(clones);
  }

  /// No steps: applies the planner's baseline order when it lowers the
  /// peak, and says why nothing was recomputed.
  FunctionStatus reorderOnly(FunctionOpInterface fn, const BlockModel &bm,
                             const Contraction &c, const RecomputePlan &plan,
                             int64_t peak, const AsWrittenOptimum &optimum,
                             const RecomputeOptions &options,
                             const BudgetBoundResult &bound) const {
    // `peak` is the function's peak as written (its frees where they are),
    // plan.peak that of the order with every free right after its last use,
    // as applyOrder places them.
    const int64_t before = peak;
    bool reordered = plan.peak < peak;
    if (reordered) {
      if (failed(applySchedule(getArgument(), bm,
                               expand(bm.problem, c, plan.order), plan.peak)) ||
          !remodelAfterChange(fn, getArgument(), plan.peak)) {
        refreshAttrsAfterChange(fn, nullptr);
        return FunctionStatus::Failed;
      }
      peak = plan.peak;
      ++NumFunctionsReorderedOnly;
    }
    // Nothing recomputed; the remark says what reordering changed (only
    // where allocations and frees stand when the ops keep their order).
    setRecomputeRecord(fn, recordOf(plan, before, peak));
    // The body stays as written: the exact programs' optimum is about it.
    std::string proven =
        reordered ? ""
                  : certify(fn, c, recomputeProducers(bm, c), optimum, options);
    std::string reached = recordBound(fn, bound, peak);
    if (proven.empty())
      proven = reached;
    if (emitRemarks) {
      InFlightDiagnostic d = emitRemark(fn.getLoc())
                             << "peakmem-recompute: '" << fn.getName() << "' ";
      if (reordered)
        d << "peak " << before << " -> " << peak << " bytes by "
          << (plan.order == identityOrder(c.problem)
                  ? "moving allocations and frees next to their uses"
                  : "reordering ops")
          << ", nothing recomputed: " << plan.reason << proven;
      else
        d << "unchanged at " << peak << " bytes: " << plan.reason << proven;
    }
    return reordered ? FunctionStatus::Changed : FunctionStatus::Unchanged;
  }

  static void emitRecomputeRemarks(FunctionOpInterface fn,
                                   const RecomputePlan &plan,
                                   const std::vector<Value> &buffers,
                                   StringRef proven) {
    auto percentOf = [](int64_t extra, int64_t before) {
      std::string s;
      llvm::raw_string_ostream(s)
          << llvm::format("%.3f", 100.0 * extra / std::max<int64_t>(1, before));
      return s;
    };
    const int64_t clones = clonedOps(plan);
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
        << plan.macsBefore + plan.extraMacs << " (+"
        << percentOf(plan.extraMacs, plan.macsBefore) << "%), operations "
        << plan.opsBefore << " -> " << plan.opsBefore + plan.extraOps << " (+"
        << percentOf(plan.extraOps, plan.opsBefore) << "%)" << proven;
  }

  static FunctionStatus fail(FunctionOpInterface fn, const Twine &message) {
    fn.emitError() << "peakmem-recompute: internal error: " << message;
    refreshAttrsAfterChange(fn, nullptr);
    return FunctionStatus::Failed;
  }
};

} // namespace
