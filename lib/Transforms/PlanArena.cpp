//===- PlanArena.cpp - Place static heap buffers in one arena -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The MLIR side of static arena planning (docs/Arena.md). The memory model
// gives every block's Problem; the entry block's Problem under the current
// order, through the core's extractArenaProblem, gives the lifetimes; buffers
// of nested blocks are added live at their statement's step. planArena
// chooses the offsets, then each placed memref.alloc becomes a memref.view of
// the arena and its memref.dealloc goes away.
//
//===----------------------------------------------------------------------===//

#include "JsonRecords.h"
#include "PlanArenaSolve.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Analysis/OpCost.h"
#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Arena/ArenaBaselines.h"
#include "peakmem/Core/Arena/ArenaPlanner.h"
#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Core/Bounds/ExhaustiveCheck.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Transforms/AttrNames.h"
#include "peakmem/Transforms/CertificateAttr.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Transforms/OptionChecks.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"

#include <memory>

namespace peakmem {
#define GEN_PASS_DEF_PLANARENAPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

struct PlanArenaPass : peakmem::impl::PlanArenaPassBase<PlanArenaPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    return reportOptionError(context, getArgument(),
                             checkArenaOptions(arena, alignment,
                                               /*allowNone=*/false,
                                               maxLiveIncrease));
  }

  void runOnOperation() override {
    // Built before any function changes: planning adds no symbol use.
    std::optional<CallerIndex> callers;
    if (arena == "argument")
      callers = CallerIndex::build(getOperation());
    FunctionsStatus status = runOnFunctions(
        getOperation(), getAnalysisManager(),
        [&](FunctionOpInterface fn, AnalysisManager analyses) {
          return planFunction(fn, analyses, callers ? &*callers : nullptr);
        });
    if (status.failed)
      return signalPassFailure();
    if (!status.changed)
      markAllAnalysesPreserved();
  }

  /// Plans `fn`; `callers` is set for arena=argument.
  FunctionStatus planFunction(FunctionOpInterface fn, AnalysisManager analyses,
                              const CallerIndex *callers);

  /// Rewrites jsonPath with every function this pass instance planned so
  /// far, sorted by symbol path (JsonRecords.h). Emits an error at `fn` and
  /// fails when the file cannot be written.
  LogicalResult writeJson(FunctionOpInterface fn, llvm::json::Value entry);

  /// Shared with the clones MLIR makes of this pass for its threads.
  std::shared_ptr<JsonRecords> json = std::make_shared<JsonRecords>();
};

} // namespace

/// The arena value of `fn`: a `memref.alloc` at the start of the body freed
/// before the terminator (`mode` alloc), or a new trailing argument
/// (argument).
static FailureOr<Value> createArena(FunctionOpInterface fn, StringRef mode,
                                    int64_t size, int64_t align) {
  OpBuilder b(fn.getContext());
  Block &body = fn.getFunctionBody().front();
  auto arenaType = MemRefType::get({size}, b.getI8Type());
  if (mode == "alloc") {
    b.setInsertionPointToStart(&body);
    auto arenaAlloc = memref::AllocOp::create(b, fn.getLoc(), arenaType,
                                              b.getI64IntegerAttr(align));
    arenaAlloc->setAttr(kArenaAttr, b.getUnitAttr());
    if (!body.empty() && body.back().hasTrait<OpTrait::IsTerminator>())
      b.setInsertionPoint(&body.back());
    else
      b.setInsertionPointToEnd(&body);
    memref::DeallocOp::create(b, fn.getLoc(), arenaAlloc);
    return Value(arenaAlloc);
  }
  unsigned index = fn.getNumArguments();
  auto attrs = b.getDictionaryAttr(b.getNamedAttr(kArenaAttr, b.getUnitAttr()));
  if (failed(fn.insertArgument(index, arenaType, attrs, fn.getLoc())))
    return fn.emitError() << "peakmem-plan-arena: cannot add the arena "
                             "argument";
  return fn.getArgument(index);
}

/// Replaces every placed alloc by a view of `arena` at its planned offset and
/// erases its dealloc.
static void rewriteIntoArena(Value arena, ArrayRef<Candidate> placed,
                             const ArenaSolution &sol) {
  OpBuilder b(arena.getContext());
  for (size_t i = 0; i < placed.size(); ++i) {
    const Candidate &c = placed[i];
    memref::AllocOp alloc = c.alloc;
    b.setInsertionPoint(alloc);
    Location loc = alloc.getLoc();
    Value shift = arith::ConstantIndexOp::create(
        b, loc, sol.planned.plan.offsets[sol.arenaId[i]]);
    auto view = memref::ViewOp::create(b, loc, alloc.getType(), arena, shift,
                                       ValueRange{});
    view->setAttr(kAlignAttr, b.getI64IntegerAttr(c.align));
    alloc.getResult().replaceAllUsesWith(view.getResult());
    memref::DeallocOp(c.dealloc).erase();
    alloc.erase();
  }
}

/// "kept", "reordered" (the order search found a better order within the
/// live bound) or "traded" (a higher live bound for a smaller arena).
static const char *orderName(const ArenaSolution &sol) {
  return sol.traded ? "traded" : sol.reordered ? "reordered" : "kept";
}

/// The arena attributes of a planned function: size, alignment, bound,
/// optimal, and (informational, not checked by peakmem-verify-arena) each
/// baseline's arena on the same problem and why the planner stopped.
static void setArenaAttrs(FunctionOpInterface fn, const ArenaSolution &sol) {
  Builder attrs(fn.getContext());
  const int64_t size = sol.planned.plan.size;
  fn->setAttr(kArenaSizeAttr, attrs.getI64IntegerAttr(size));
  fn->setAttr(kArenaAlignmentAttr, attrs.getI64IntegerAttr(sol.arenaAlign));
  fn->setAttr(kArenaLowerBoundAttr,
              attrs.getI64IntegerAttr(sol.bound.lowerBound));
  fn->setAttr(kArenaOptimalAttr,
              attrs.getBoolAttr(size == sol.bound.lowerBound));
  fn->setAttr(kArenaCertificateAttr,
              certificateToAttr(fn.getContext(), sol.bound));
  SmallVector<NamedAttribute> baselines;
  for (size_t k = 0; k < sol.planned.baselineSizes.size(); ++k)
    baselines.push_back(attrs.getNamedAttr(
        arenaBaselineName(allArenaBaselines()[k]),
        attrs.getI64IntegerAttr(sol.planned.baselineSizes[k])));
  SmallVector<NamedAttribute> stats = {
      attrs.getNamedAttr("baselines", attrs.getDictionaryAttr(baselines)),
      attrs.getNamedAttr("stop",
                         attrs.getStringAttr(arenaStopName(sol.planned.stop))),
      attrs.getNamedAttr("order", attrs.getStringAttr(orderName(sol))),
      attrs.getNamedAttr("live_bound", attrs.getI64IntegerAttr(sol.orderBound)),
      attrs.getNamedAttr("live_bound_before",
                         attrs.getI64IntegerAttr(sol.startOrderBound))};
  if (sol.exhaustive)
    stats.push_back(attrs.getNamedAttr(
        "exhaustive_optimum", attrs.getI64IntegerAttr(sol.optimumOverOrders)));
  fn->setAttr(kArenaStatsAttr, attrs.getDictionaryAttr(stats));
}

/// The plan of `fn` for plots: every placed buffer's offset, bytes and
/// lifetime.
static llvm::json::Value planToJson(FunctionOpInterface fn,
                                    ArrayRef<Candidate> placed,
                                    const ArenaSolution &sol, size_t steps) {
  llvm::json::Array buffers;
  for (size_t i = 0; i < placed.size(); ++i) {
    const ArenaBuffer &ab = sol.extraction.problem.buffer(sol.arenaId[i]);
    buffers.push_back(
        llvm::json::Object{{"offset", sol.planned.plan.offsets[sol.arenaId[i]]},
                           {"bytes", ab.size},
                           {"align", ab.alignment},
                           {"first", static_cast<int64_t>(ab.life.first)},
                           {"last", static_cast<int64_t>(ab.life.last)},
                           {"nested", placed[i].nested}});
  }
  return llvm::json::Object{{"function", fn.getName()},
                            {"symbol", symbolPath(fn)},
                            {"arena_size", sol.planned.plan.size},
                            {"lower_bound", sol.bound.lowerBound},
                            {"steps", static_cast<int64_t>(steps)},
                            {"buffers", std::move(buffers)}};
}

/// The remark of a planned function: arena, bound, optimal or gap, the live
/// bound of this order, why the planner stopped, the best baseline.
static void emitPlanRemark(FunctionOpInterface fn, const ArenaSolution &sol,
                           size_t placed, size_t refused) {
  const int64_t size = sol.planned.plan.size;
  const int64_t bound = sol.bound.lowerBound;
  InFlightDiagnostic remark = emitRemark(fn.getLoc());
  remark << "peakmem-plan-arena: '" << fn.getName() << "' arena " << size
         << " bytes for " << placed << " buffers (" << refused
         << " left out), lower bound " << bound << " ("
         << boundKindName(sol.bound.kind) << ", every order)";
  if (size == bound) {
    remark << ": optimal";
  } else {
    std::string percent;
    llvm::raw_string_ostream(percent) << llvm::format(
        "%.1f", 100.0 * (size - bound) / std::max<int64_t>(1, size));
    remark << ": gap " << size - bound << " bytes (" << percent << "%)";
  }
  remark << "; live bound of this order " << sol.orderBound << "; planner "
         << arenaStopName(sol.planned.stop);
  if (sol.exhaustive)
    remark << "; exhaustive over " << sol.orders << " legal orders: optimum "
           << sol.optimumOverOrders << " bytes over every order and placement"
           << (sol.optimumOverOrders > bound ? " (the bound is unreachable)"
                                             : "");
  if (sol.reordered)
    remark << "; order " << orderName(sol) << " with the placement (live bound "
           << sol.startOrderBound << " -> " << sol.orderBound
           << (sol.traded ? ", traded for a smaller arena)" : ")");
  const std::vector<int64_t> &sizes = sol.planned.baselineSizes;
  if (sizes.empty())
    return;
  size_t best = std::min_element(sizes.begin(), sizes.end()) - sizes.begin();
  remark << "; best baseline " << arenaBaselineName(allArenaBaselines()[best])
         << " " << sizes[best] << " bytes";
}

/// The modeled peak of the planned IR without modeling it again, when every
/// placed buffer is in the entry block: the entry block's Problem in the
/// chosen order with the placed buffers weighing nothing, plus the arena's
/// own allocation (live across the body; none for an argument). nullopt
/// when nested buffers were placed: their statements' scratch changes.
static std::optional<int64_t> plannedPeak(const BlockModel &entry,
                                          ArrayRef<Candidate> placed,
                                          const ArenaSolution &sol,
                                          Value arena) {
  Problem p = entry.problem;
  for (const Candidate &c : placed) {
    if (c.nested)
      return std::nullopt;
    p.buffer(c.buffer).bytes = 0;
  }
  int64_t arenaBytes = 0;
  if (arena.getDefiningOp<memref::AllocOp>()) {
    std::optional<int64_t> bytes = allocationBytes(arena);
    if (!bytes)
      return std::nullopt;
    arenaBytes = *bytes;
  }
  return simulatePeak(p, sol.order) + arenaBytes;
}

/// Drops the claims about the old ops and sets the peak of the planned IR:
/// from plannedPeak (modeling a large function again costs as much as
/// modeling it the first time), else from a model of the planned IR.
static void updatePeak(FunctionOpInterface fn, const BlockModel &entry,
                       ArrayRef<Candidate> placed, const ArenaSolution &sol,
                       Value arena) {
  std::optional<int64_t> peak = plannedPeak(entry, placed, sol, arena);
  if (!peak) {
    MemoryModel after(fn);
    refreshAttrsAfterChange(fn, &after);
    return;
  }
  // Views and constants add no operations: keep peakmem.macs and .ops.
  Attribute macs = fn->getAttr(kMacsAttr), ops = fn->getAttr(kOpsAttr);
  refreshAttrsAfterChange(fn, nullptr);
  setPeakAttr(fn, *peak);
  if (macs)
    fn->setAttr(kMacsAttr, macs);
  if (ops)
    fn->setAttr(kOpsAttr, ops);
}

/// The certified bound over every order of the arena of `placed`, on the
/// problem peakmem-verify-arena rebuilds (ArenaBoundProblem.h) from the IR
/// as it stands. Emits an internal error at `fn` when it cannot be built or
/// its certificate does not check.
static FailureOr<Certificate> certifyArenaBound(FunctionOpInterface fn,
                                                ArrayRef<Candidate> placed) {
  Block &body = fn.getFunctionBody().front();
  std::string error;
  FailureOr<Problem> p =
      arenaBoundProblem(fn, Value(), candidateRoots(body, placed), error);
  if (failed(p))
    return fn.emitError() << "peakmem-plan-arena: internal: cannot build the "
                             "problem of the bound: "
                          << error;
  Order order = identityOrder(*p);
  Certificate c = certifyOrder(*p, order, kExhaustiveCertifyBudgetMs);
  if (std::string err = checkCertificate(*p, order, c); !err.empty())
    return fn.emitError() << "peakmem-plan-arena: internal: bound certificate "
                             "rejected: "
                          << err;
  return c;
}

FunctionStatus PlanArenaPass::planFunction(FunctionOpInterface fn,
                                           AnalysisManager analyses,
                                           const CallerIndex *callers) {
  if (fn.isExternal())
    return FunctionStatus::Unchanged;
  if (fn->hasAttr(kArenaSizeAttr)) {
    if (emitRemarks)
      emitRemark(fn.getLoc()) << "peakmem-plan-arena: '" << fn.getName()
                              << "' already has an arena";
    return FunctionStatus::Unchanged;
  }
  const MemoryModel &model = analyses.getAnalysis<MemoryModel>();
  if (!model.isModeled()) {
    emitNotModeled(fn, *model.getFailure());
    return FunctionStatus::Unchanged;
  }
  std::vector<Candidate> placed;
  std::vector<Refusal> refused;
  selectBuffers(fn, model, alignment, placed, refused);
  if (callers && !placed.empty())
    if (std::string why = callers->argumentRefusal(fn); !why.empty()) {
      emitRemark(fn.getLoc())
          << "peakmem-plan-arena: '" << fn.getName()
          << "' left unchanged: arena=argument refused: " << why;
      return FunctionStatus::Unchanged;
    }
  for (const Refusal &r : refused)
    emitRemark(r.op->getLoc())
        << "peakmem-plan-arena: buffer left out of the arena: " << r.reason;
  if (placed.empty()) {
    if (emitRemarks)
      emitRemark(fn.getLoc()) << "peakmem-plan-arena: '" << fn.getName()
                              << "' has no buffer to place";
    return FunctionStatus::Unchanged;
  }

  if (std::string why = roundedTotalRefusal(placed); !why.empty()) {
    emitRemark(fn.getLoc()) << "peakmem-plan-arena: '" << fn.getName()
                            << "' left unchanged: " << why;
    return FunctionStatus::Unchanged;
  }

  // From here on the function changes. The placed buffers' frees move to
  // their last use (their slots are free from there), and the model of
  // that IR gives the lifetimes the placement works on.
  Block &body = fn.getFunctionBody().front();
  placeFreesAfterLastUse(body, candidateRoots(body, placed));
  MemoryModel lastUse(fn);
  std::vector<Candidate> moved;
  std::vector<Refusal> movedRefused;
  if (lastUse.isModeled())
    selectBuffers(fn, lastUse, alignment, moved, movedRefused);
  if (moved.size() != placed.size()) {
    fn.emitError() << "peakmem-plan-arena: internal: the buffers to place "
                      "changed when their frees moved to their last use";
    return FunctionStatus::Failed;
  }
  const BlockModel &entry = *lastUse.getEntryBlockModel();
  const size_t steps = entry.ops.size();
  FailureOr<Certificate> bound = certifyArenaBound(fn, moved);
  if (failed(bound))
    return FunctionStatus::Failed;
  FailureOr<ArenaSolution> sol = solvePlacement(
      fn, entry, moved, {budgetMs, orderSearch, maxLiveIncrease}, *bound);
  if (failed(sol))
    return FunctionStatus::Failed;
  // Ops move only; the candidates' allocs and deallocs stay the same ops.
  // The certificate is of the order it is recorded with.
  if (sol->reordered) {
    applyOrder(entry, sol->order);
    placeFreesAfterLastUse(body, candidateRoots(body, moved));
    bound = certifyArenaBound(fn, moved);
    if (failed(bound))
      return FunctionStatus::Failed;
    sol->bound = *bound;
  }
  FailureOr<Value> arenaValue =
      createArena(fn, arena, sol->planned.plan.size, sol->arenaAlign);
  if (failed(arenaValue))
    return FunctionStatus::Failed;
  rewriteIntoArena(*arenaValue, moved, *sol);

  // Claims about the old ops (a certificate, the peak) no longer hold: the
  // peak is the model's of the planned IR (one arena buffer).
  updatePeak(fn, entry, moved, *sol, *arenaValue);
  setArenaAttrs(fn, *sol);
  if (!jsonPath.empty() &&
      failed(writeJson(fn, planToJson(fn, moved, *sol, steps))))
    return FunctionStatus::Failed;
  if (emitRemarks)
    emitPlanRemark(fn, *sol, placed.size(), refused.size());
  return FunctionStatus::Changed;
}

LogicalResult PlanArenaPass::writeJson(FunctionOpInterface fn,
                                       llvm::json::Value entry) {
  std::string error = json->put(jsonPath, symbolPath(fn), std::move(entry));
  if (!error.empty())
    return fn.emitError() << "peakmem-plan-arena: cannot write '" << jsonPath
                          << "': " << error;
  return success();
}
