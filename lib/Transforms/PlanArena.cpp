//===- PlanArena.cpp - Place static heap buffers in one arena -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The first step of static arena planning (docs/Arena.md): which buffers
// go into the arena (PlanArenaSelect.cpp), their frees moved to their last
// use, the bound certified on the problem the verifier rebuilds
// (ArenaBoundProblem.h), the order and offsets chosen by the core
// (PlanArenaSolve.cpp), and the plan recorded as data in the IR:
//
//   %a = memref.alloc() : memref<64xf32>
//   ...                                  // last use of %a
//   %b = memref.alloc() : memref<64xf32>
//   ...
//   memref.dealloc %a : memref<64xf32>
//
// becomes
//
//   %a = memref.alloc() {peakmem.align = 4 : i64,
//                        peakmem.arena_offset = 0 : i64} : memref<64xf32>
//   ...                                  // last use of %a
//   memref.dealloc %a : memref<64xf32>   // moved up to its last use
//   %b = memref.alloc() {peakmem.align = 4 : i64,
//                        peakmem.arena_offset = 0 : i64} : memref<64xf32>
//
// with peakmem.arena_size, _alignment, _lower_bound, _certificate, _optimal
// and _stats on the function. The second step (MaterializeArena.h, run
// here unless materialize=false) turns the allocs into views of the arena.
//
//===----------------------------------------------------------------------===//

#include "ArenaCalls.h"
#include "ArenaRequest.h"
#include "JsonRecords.h"
#include "MaterializeArena.h"
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
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"

#include <memory>

#define DEBUG_TYPE "peakmem-plan-arena"

STATISTIC(numPlanned, "Functions given an arena");
STATISTIC(numPlacedBuffers, "Buffers placed in an arena");
STATISTIC(numLeftOut, "Buffers left out of the arena");
STATISTIC(numOptimal, "Arenas at their certified lower bound");
STATISTIC(numUnchanged, "Functions left unchanged");
STATISTIC(numSunk, "Allocations left out moved down to their first use");

namespace peakmem {
#define GEN_PASS_DEF_PLANARENAPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

/// A function's plan, before it is recorded.
struct FunctionPlan {
  std::vector<Candidate> placed;
  ArenaSolution sol;
  size_t steps = 0;
  std::optional<int64_t> peakWithoutArena;
  /// The buffers left out (leftOutToJson), at their steps in the chosen
  /// order.
  llvm::json::Array leftOut;
  /// Allocations left out that moved down to their first use.
  unsigned sunk = 0;
};

struct PlanArenaPass : peakmem::impl::PlanArenaPassBase<PlanArenaPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    std::string error = checkArenaOptions(arena, alignment,
                                          /*allowNone=*/false, maxLiveIncrease);
    if (error.empty())
      error = checkAllocatorOption(allocator);
    if (error.empty() && inputsInArena && arena != "argument")
      error = "inputs-in-arena needs arena=argument (the caller writes the "
              "inputs into its arena)";
    if (error.empty() && inputsInArena && !materialize)
      error = "inputs-in-arena needs materialize=true (a recorded plan "
              "would read the inputs from allocations nobody writes)";
    return reportOptionError(context, getArgument(), error);
  }

  void runOnOperation() override {
    // Built before any function changes: planning adds no symbol use.
    std::optional<CallerIndex> callers;
    // Calls pass slots of their caller's arena (ArenaCalls.h): indexed only
    // from the outermost op, where reading every function is race-free.
    std::optional<ArenaCalls> calls;
    if (arena == "argument") {
      callers = CallerIndex::build(getOperation());
      if (!getOperation()->getParentOp() && materialize)
        calls.emplace(getOperation());
    }
    FunctionsStatus status =
        runOnFunctions(getOperation(), getAnalysisManager(),
                       [&](FunctionOpInterface fn, AnalysisManager analyses) {
                         bool slots = calls && calls->passSlots(fn);
                         if (slots)
                           analyses.invalidate(detail::PreservedAnalyses());
                         FunctionStatus done = planFunction(
                             fn, analyses, callers ? &*callers : nullptr,
                             calls ? &*calls : nullptr);
                         // The slots changed the body (review s12 D1): the
                         // claims made before them are stale.
                         if (slots && done == FunctionStatus::Unchanged) {
                           MemoryModel after(fn);
                           refreshAttrsAfterChange(fn, &after);
                         }
                         if (calls && done != FunctionStatus::Failed) {
                           calls->markCallee(fn);
                           calls->recordSlots(fn);
                         }
                         return slots && done == FunctionStatus::Unchanged
                                    ? FunctionStatus::Changed
                                    : done;
                       });
    if (status.failed)
      return signalPassFailure();
    if (!status.changed)
      markAllAnalysesPreserved();
  }

  /// Plans `fn`; `callers` is set for arena=argument, `calls` too when the
  /// pass runs on the outermost op; `withoutInputs`: a second try with the
  /// inputs left outside.
  FunctionStatus planFunction(FunctionOpInterface fn, AnalysisManager analyses,
                              const CallerIndex *callers,
                              const ArenaCalls *calls,
                              bool withoutInputs = false);

  /// inputs-in-arena: moves the inputs that may live in the arena into
  /// allocations (PlanArenaSelect.h), remarks on the others, and models
  /// the result in `model`; none moved when that model fails.
  std::vector<ArenaInput> prepareInputs(FunctionOpInterface fn,
                                        std::optional<MemoryModel> &model);

  /// `fn` is left unchanged for `why`: the json record says so, with the
  /// buffers left out (none known when the function is not modeled).
  FunctionStatus leaveUnchanged(FunctionOpInterface fn, StringRef why,
                                ArrayRef<Refusal> refused, size_t steps);

  /// The placement and certified bound of `placed` (solveFunction below),
  /// selected on `model`, the model of `fn`.
  FailureOr<FunctionPlan> solveFunction(FunctionOpInterface fn,
                                        const MemoryModel &model,
                                        ArrayRef<Candidate> placed);

  /// Rewrites jsonPath with every function this pass instance planned so
  /// far, sorted by symbol path (JsonRecords.h). Emits an error at `fn` and
  /// fails when the file cannot be written.
  LogicalResult writeJson(FunctionOpInterface fn, llvm::json::Value entry);

  /// Shared with the clones MLIR makes of this pass for its threads.
  std::shared_ptr<JsonRecords> json = std::make_shared<JsonRecords>();
};

} // namespace

/// The modeled peak of the planned IR without the arena and without
/// modeling it again, when every placed buffer is in the entry block: the
/// entry block's Problem in the chosen order with the placed buffers
/// weighing nothing. nullopt when nested buffers were placed: their
/// statements' scratch changes.
static std::optional<int64_t> peakWithoutArena(const BlockModel &entry,
                                               ArrayRef<Candidate> placed,
                                               const ArenaSolution &sol) {
  Problem p = entry.problem;
  for (const Candidate &c : placed) {
    if (c.nested)
      return std::nullopt;
    p.buffer(c.buffer).bytes = 0;
  }
  return simulatePeak(p, sol.order);
}

/// The certified bound over every order of the arena of `placed`, on the
/// problem peakmem-verify-arena rebuilds (ArenaBoundProblem.h) from the IR
/// as it stands. Emits an internal error at `fn` when it cannot be built or
/// its certificate does not check. `roots`: candidateRoots of `placed`;
/// `current`: a model of `fn` as it stands, if there is one.
static FailureOr<Certificate> certifyArenaBound(FunctionOpInterface fn,
                                                ArrayRef<ArenaRoot> roots,
                                                const MemoryModel *current) {
  std::string error;
  FailureOr<Problem> p = arenaBoundProblem(fn, Value(), roots, error, current);
  if (failed(p))
    return fn.emitError() << "peakmem-plan-arena: internal: cannot build the "
                             "problem of the bound: "
                          << error;
  Order order = identityOrder(*p);
  // Work units only; a record peakmem-verify-arena's default max-work could
  // not check is never kept.
  CertifyOptions co;
  co.maxCheckWork = kDefaultVerifyWork;
  Certificate c = certifyOrder(*p, order, co);
  if (std::string err = checkCertificate(*p, order, c); !err.empty())
    return fn.emitError() << "peakmem-plan-arena: internal: bound certificate "
                             "rejected: "
                          << err;
  return c;
}

std::vector<ArenaInput>
PlanArenaPass::prepareInputs(FunctionOpInterface fn,
                             std::optional<MemoryModel> &model) {
  std::vector<std::pair<unsigned, std::string>> refusedInputs;
  std::vector<ArenaInput> inputs = moveInputsToAllocs(fn, refusedInputs);
  for (auto &[arg, why] : refusedInputs)
    emitRemark(fn.getArgument(arg).getLoc())
        << "peakmem-plan-arena: input #" << arg
        << " left out of the arena: " << why;
  if (inputs.empty())
    return inputs;
  model.emplace(fn);
  if (!model->isModeled()) {
    emitRemark(fn.getLoc()) << "peakmem-plan-arena: inputs left out of the "
                               "arena: "
                            << model->getFailure()->reason;
    model.reset();
    restoreInputs(fn, inputs);
    inputs.clear();
  }
  return inputs;
}

/// Why `fn` may not take its arena as an argument: a referenced function
/// may when its callers can pass slots of their arenas (ArenaCalls.h).
static std::string callArgumentRefusal(FunctionOpInterface fn,
                                       const CallerIndex &callers,
                                       const ArenaCalls *calls) {
  if (calls)
    if (std::optional<std::string> why = calls->calleeRefusal(fn))
      return *why;
  return callers.argumentRefusal(fn);
}

FunctionStatus PlanArenaPass::planFunction(FunctionOpInterface fn,
                                           AnalysisManager analyses,
                                           const CallerIndex *callers,
                                           const ArenaCalls *calls,
                                           bool withoutInputs) {
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
    return leaveUnchanged(fn, "not modeled: " + model.getFailure()->reason, {},
                          0);
  }
  // Inputs in the arena: the arguments become allocations first (restored
  // when the function is left unchanged), planned like any buffer.
  std::vector<ArenaInput> inputs;
  std::optional<MemoryModel> withInputs;
  if (inputsInArena && !withoutInputs &&
      (!callers || callers->argumentRefusal(fn).empty()))
    inputs = prepareInputs(fn, withInputs);
  const MemoryModel &planned = withInputs ? *withInputs : model;
  std::vector<Candidate> placed;
  std::vector<Refusal> refused;
  selectBuffers(fn, planned, alignment, placed, refused, arena == "argument");
  if (!inputs.empty() && llvm::count_if(placed, [](const Candidate &c) {
                           return c.input >= 0;
                         }) != static_cast<std::ptrdiff_t>(inputs.size())) {
    for (const ArenaInput &in : inputs)
      emitRemark(fn.getArgument(in.arg).getLoc())
          << "peakmem-plan-arena: input #" << in.arg
          << " left out of the arena: its allocation was not placed";
    restoreInputs(fn, inputs);
    return planFunction(fn, analyses, callers, calls, /*withoutInputs=*/true);
  }
  const size_t steps = planned.getEntryBlockModel()->ops.size();
  if (callers && materialize && !placed.empty())
    if (std::string why = callArgumentRefusal(fn, *callers, calls);
        !why.empty()) {
      restoreInputs(fn, inputs);
      emitRemark(fn.getLoc())
          << "peakmem-plan-arena: '" << fn.getName()
          << "' left unchanged: arena=argument refused: " << why;
      return leaveUnchanged(fn, "arena=argument refused: " + why, refused,
                            steps);
    }
  for (const Refusal &r : refused)
    emitRemark(r.op->getLoc())
        << "peakmem-plan-arena: buffer left out of the arena: " << r.reason;
  if (placed.empty()) {
    if (emitRemarks)
      emitRemark(fn.getLoc()) << "peakmem-plan-arena: '" << fn.getName()
                              << "' has no buffer to place";
    return leaveUnchanged(fn, "no buffer to place", refused, steps);
  }

  if (std::string why = roundedTotalRefusal(placed); !why.empty()) {
    restoreInputs(fn, inputs);
    emitRemark(fn.getLoc()) << "peakmem-plan-arena: '" << fn.getName()
                            << "' left unchanged: " << why;
    return leaveUnchanged(fn, why, refused, steps);
  }

  FailureOr<FunctionPlan> plan = solveFunction(fn, planned, placed);
  if (failed(plan))
    return FunctionStatus::Failed;
  recordPlan(fn, plan->placed, refused, plan->sol);
  ArenaRequest request = chooseArenaRequest(
      fn, allocator, plan->sol.planned.plan.size, plan->sol.arenaAlign);
  if (allocator == "caching")
    recordArenaRequest(fn, request);
  if (!jsonPath.empty() &&
      failed(writeJson(fn, planToJson(fn, plan->placed, plan->sol, plan->steps,
                                      std::move(plan->leftOut), request))))
    return FunctionStatus::Failed;
  ++numPlanned;
  numPlacedBuffers += placed.size();
  numLeftOut += refused.size();
  if (plan->sol.planned.plan.size == plan->sol.bound.lowerBound)
    ++numOptimal;
  if (emitRemarks)
    emitPlanRemark(fn, plan->sol, placed, refused, plan->sunk, request);
  if (plan->sol.timeLimitHit)
    emitWarning(fn.getLoc())
        << "peakmem-plan-arena: '" << fn.getName()
        << "': budget-ms=" << budgetMs
        << " fired: this output depends on timing and is not "
        << "reproducible";
  if (!materialize) {
    // The IR changed (frees moved, maybe the order): the old claims go.
    MemoryModel after(fn);
    refreshAttrsAfterChange(fn, &after);
    return FunctionStatus::Changed;
  }
  FunctionStatus done = materializeArena(
      fn, {arena, plan->peakWithoutArena, "peakmem-plan-arena", allocator});
  return done == FunctionStatus::Failed ? done : FunctionStatus::Changed;
}

/// Moves every memref.alloc of `body` that stays outside the arena, or is a
/// result placed in it, and takes no operand (a static shape) right before
/// the first op of `body` that uses it: a result, or another buffer left
/// out, is then allocated at its producer instead of at the entry, and is
/// live from there. Every alias of it is defined after a use of it, so that
/// op comes first. Returns how many of those outside the arena moved.
static unsigned sinkLeftOutAllocs(Block &body, ArrayRef<Candidate> placed) {
  DenseSet<Operation *> inArena, results;
  for (const Candidate &c : placed)
    (c.result ? results : inArena).insert(c.alloc);
  // First every allocation's first user, then the moves: allocations with
  // the same first user keep their order, and a second call moves nothing.
  SmallVector<std::pair<Operation *, Operation *>> sinks;
  DenseSet<Operation *> sinking;
  for (Operation &op : body) {
    auto alloc = dyn_cast<memref::AllocOp>(op);
    if (!alloc || inArena.count(&op) || op.getNumOperands() != 0)
      continue;
    Operation *first = nullptr;
    for (Operation *user : alloc->getUsers())
      if (Operation *at = body.findAncestorOpInBlock(*user))
        if (!first || at->isBeforeInBlock(first))
          first = at;
    if (first) {
      sinks.push_back({&op, first});
      sinking.insert(&op);
    }
  }
  unsigned moved = 0;
  for (auto [op, first] : sinks) {
    bool past = false;
    for (Operation *o = op->getNextNode(); o != first; o = o->getNextNode())
      past |= !sinking.count(o);
    if (!past)
      continue;
    op->moveBefore(first);
    moved += !results.count(op);
  }
  return moved;
}

/// Solves the arena of `fn` for `placed` (its buffers as selected on
/// `model`): their frees move to their last use (their slots are free from
/// there) and the model of that IR (`model` renumbered, when only those
/// moves and the allocations left out moved) gives the lifetimes; the bound
/// is certified on the problem peakmem-verify-arena rebuilds; the order
/// search may reorder the entry block, and the certificate is then made
/// again for the final order. Internal errors are emitted at `fn`.
FailureOr<FunctionPlan>
PlanArenaPass::solveFunction(FunctionOpInterface fn, const MemoryModel &model,
                             ArrayRef<Candidate> placed) {
  Block &body = fn.getFunctionBody().front();
  const unsigned sunk = sinkLeftOutAllocs(body, placed);
  numSunk += sunk;
  placeFreesAfterLastUse(body, candidateRoots(body, placed));
  MemoryModel lastUse = MemoryModel::afterEntryMoves(fn, model);
  FunctionPlan plan;
  plan.sunk = sunk;
  std::vector<Refusal> refused;
  if (lastUse.isModeled())
    selectBuffers(fn, lastUse, alignment, plan.placed, refused,
                  arena == "argument");
  if (plan.placed.size() != placed.size())
    return fn.emitError() << "peakmem-plan-arena: internal: the buffers to "
                             "place changed when their frees moved to their "
                             "last use";
  const BlockModel &entry = *lastUse.getEntryBlockModel();
  plan.steps = entry.ops.size();
  std::vector<ArenaRoot> roots = candidateRoots(body, plan.placed);
  FailureOr<Certificate> bound = certifyArenaBound(fn, roots, &lastUse);
  if (failed(bound))
    return failure();
  // One budget per function, shared by every planner call of its search.
  WorkBudget work(maxWork ? maxWork : kUnlimitedWork);
  FailureOr<ArenaSolution> sol = solvePlacement(
      fn, entry, plan.placed, roots,
      {budgetMs, orderSearch, maxLiveIncrease, maxWork ? &work : nullptr},
      *bound);
  if (failed(sol))
    return failure();
  plan.sol = std::move(*sol);
  LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE << ": '" << fn.getName() << "' "
                          << plan.placed.size() << " buffers, bound "
                          << bound->lowerBound << " ("
                          << boundKindName(bound->kind) << "), arena "
                          << plan.sol.planned.plan.size << ", "
                          << arenaStopName(plan.sol.planned.stop)
                          << (plan.sol.reordered ? ", reordered" : "") << "\n");
  plan.peakWithoutArena = peakWithoutArena(entry, plan.placed, plan.sol);
  plan.leftOut = leftOutToJson(refused, plan.sol.order);
  // Ops move only; the candidates' allocs and deallocs stay the same ops.
  if (plan.sol.reordered) {
    applyOrder(entry, plan.sol.order);
    placeFreesAfterLastUse(body, candidateRoots(body, plan.placed));
    // The order may have moved an allocation left out up again: sunk, the
    // peak and the steps of the left out are those of the final IR.
    if (unsigned again = sinkLeftOutAllocs(body, plan.placed)) {
      plan.sunk += again;
      numSunk += again;
      plan.peakWithoutArena.reset();
      MemoryModel finalModel(fn);
      std::vector<Candidate> same;
      std::vector<Refusal> left;
      if (finalModel.isModeled())
        selectBuffers(fn, finalModel, alignment, same, left,
                      arena == "argument");
      plan.leftOut = leftOutToJson(left, {});
    }
    bound = certifyArenaBound(fn, candidateRoots(body, plan.placed), nullptr);
    if (failed(bound))
      return failure();
    plan.sol.bound = *bound;
  }
  return plan;
}

FunctionStatus PlanArenaPass::leaveUnchanged(FunctionOpInterface fn,
                                             StringRef why,
                                             ArrayRef<Refusal> refused,
                                             size_t steps) {
  ++numUnchanged;
  LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE << ": '" << fn.getName()
                          << "' unchanged: " << why << "\n");
  if (jsonPath.empty())
    return FunctionStatus::Unchanged;
  llvm::json::Object record{{"function", fn.getName()},
                            {"symbol", symbolPath(fn)},
                            {"arena_size", 0},
                            {"lower_bound", 0},
                            {"steps", static_cast<int64_t>(steps)},
                            {"buffers", llvm::json::Array()},
                            {"left_out", leftOutToJson(refused, {})},
                            {"unchanged", why.str()}};
  if (failed(writeJson(fn, std::move(record))))
    return FunctionStatus::Failed;
  return FunctionStatus::Unchanged;
}

LogicalResult PlanArenaPass::writeJson(FunctionOpInterface fn,
                                       llvm::json::Value entry) {
  std::string error = json->put(jsonPath, symbolPath(fn), std::move(entry));
  if (!error.empty())
    return fn.emitError() << "peakmem-plan-arena: cannot write '" << jsonPath
                          << "': " << error;
  return success();
}
