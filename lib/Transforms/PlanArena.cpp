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

#include "PlanArenaSolve.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Analysis/OpCost.h"
#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Arena/ArenaBaselines.h"
#include "peakmem/Core/Arena/ArenaPlanner.h"
#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Transforms/AttrNames.h"
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
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"

#include <map>
#include <mutex>

namespace peakmem {
#define GEN_PASS_DEF_PLANARENAPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

/// A heap buffer left as it is, and why.
struct Refusal {
  Operation *op;
  std::string reason;
};

} // namespace

/// Ops whose regions run one at a time, each execution of a block finishing
/// before the next starts (or none runs): a buffer freed in such a block is
/// dead outside that execution, so one arena slot can serve every execution.
static bool hasSequentialRegions(Operation *op) {
  return llvm::is_contained({"scf.for", "scf.if", "scf.while",
                             "scf.execute_region", "scf.index_switch",
                             "affine.for", "affine.if", "memref.alloca_scope"},
                            op->getName().getStringRef());
}

/// memref.view gives a memref of these elements at any byte shift; their
/// byte size (DataLayout) is what the lowering strides by.
static bool isViewableElement(Type t) {
  if (isa<IndexType>(t))
    return true;
  if (auto i = dyn_cast<IntegerType>(t))
    return i.getWidth() % 8 == 0;
  if (auto f = dyn_cast<FloatType>(t))
    return f.getWidth() % 8 == 0;
  return false;
}

/// Why the uses of `root` and of its view-like aliases do not show its whole
/// lifetime ("" when they do): an alias reaching a terminator, the result of
/// a non-view op (a loop's iter_args, a select, a call), an address
/// extraction, a call operand (the callee may keep the address and a later
/// call read through it) or a use inside an async region (which may run
/// after its op) may be used after the last use the IR shows. The planned
/// IR no longer has the dealloc, so such a lifetime could not be checked.
static std::string untrackedUse(Value root) {
  Block *home = root.getParentBlock();
  SmallVector<Value> work{root};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (user->getBlock() != home)
        for (Operation *p = user->getParentOp(); p; p = p->getParentOp()) {
          if (p->getName().getDialectNamespace() == "async")
            return ("it is used inside '" + p->getName().getStringRef() +
                    "', whose region may run after it")
                .str();
          if (p->getBlock() == home)
            break;
        }
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      if (view && view.getViewSource() == v) {
        for (Value r : user->getResults())
          if (isa<BaseMemRefType>(r.getType()))
            work.push_back(r);
        continue;
      }
      StringRef name = user->getName().getStringRef();
      if (user->hasTrait<OpTrait::IsTerminator>())
        return ("an alias is passed on by '" + name + "'").str();
      if (isa<memref::ExtractAlignedPointerAsIndexOp>(user) ||
          user->getName().getDialectNamespace() == "llvm" ||
          isa<UnrealizedConversionCastOp>(user))
        return ("its address is taken by '" + name + "'").str();
      if (isa<CallOpInterface>(user))
        return ("its address is passed to '" + name + "', which may keep it")
            .str();
      if (auto store = dyn_cast<memref::StoreOp>(user);
          store && store.getValueToStore() == v)
        return "its address is stored to memory by 'memref.store'";
      if (llvm::any_of(user->getResultTypes(),
                       [](Type t) { return isa<BaseMemRefType>(t); }))
        return ("an alias flows into a result of '" + name + "'").str();
    }
  }
  return {};
}

/// Decides whether buffer `b` of `bm` goes into the arena. Returns the reason
/// it does not ("" and `out` filled when it does). `regionReason` is non-empty
/// when the block sits in a region op that may run its body concurrently.
static std::string classify(const BlockModel &bm, BufferId b,
                            StringRef regionReason, int64_t minAlign,
                            Candidate &out) {
  Value v = bm.allocations[b];
  auto alloc = v.getDefiningOp<memref::AllocOp>();
  if (!alloc)
    return "'" + v.getDefiningOp()->getName().getStringRef().str() +
           "' is not a memref.alloc";
  if (!regionReason.empty())
    return regionReason.str();
  if (!bm.problem.buffer(b).freedInBlock)
    return "it escapes its block (returned, yielded or never freed)";
  // The free: a memref.dealloc statement of this block.
  for (StmtId s : bm.problem.buffer(b).users)
    if (bm.problem.statement(s).kind == StmtKind::Free &&
        bm.problem.statement(s).target == b)
      out.dealloc = dyn_cast<memref::DeallocOp>(bm.ops[s]);
  if (!out.dealloc)
    return "it is freed by an op other than memref.dealloc";
  MemRefType type = alloc.getType();
  if (!type.getLayout().isIdentity())
    return "memref.view cannot produce its non-identity layout";
  if (type.getMemorySpace())
    return "it is not in the default memory space";
  if (!isViewableElement(type.getElementType()))
    return "memref.view cannot produce its element type (whole-byte "
           "integer, float or index only)";
  if (std::string why = untrackedUse(v); !why.empty())
    return why;
  // The element stride of the lowered view is LLVM's alloc size of the
  // element (i24 and i48 take 4 and 8 bytes, f80 16), as for the heap
  // request (OpCost.h); MLIR's DataLayout size (3 for i24) would overlap.
  std::optional<int64_t> elemSize = elementAllocSize(type.getElementType());
  if (!elemSize)
    return "its element type cannot be sized";
  int64_t elemBytes = *elemSize;
  out.alloc = alloc;
  out.bytes = type.getNumElements() * elemBytes;
  out.align = std::max<int64_t>(
      {static_cast<int64_t>(
           llvm::PowerOf2Ceil(std::max<int64_t>(1, elemBytes))),
       static_cast<int64_t>(alloc.getAlignment().value_or(1)), minAlign});
  out.buffer = b;
  return {};
}

/// Whether `fn` can take the arena as a new trailing argument: it must have
/// no caller in the module. Looking at the module from a function pass is
/// only race-free when no other function is being transformed concurrently.
static std::string argumentRefusal(FunctionOpInterface fn) {
  Operation *parent = fn->getParentOp();
  if (!parent || !parent->hasTrait<OpTrait::SymbolTable>())
    return "its callers cannot be found (no enclosing symbol table)";
  unsigned functions = 0;
  for (Region &r : parent->getRegions())
    for (Operation &op : r.getOps())
      functions += isa<FunctionOpInterface>(op);
  if (functions > 1 && fn->getContext()->isMultithreadingEnabled())
    return "other functions may be transformed concurrently, so its callers "
           "cannot be checked (run with --mlir-disable-threading)";
  if (!SymbolTable::symbolKnownUseEmpty(fn, parent))
    return "it is referenced in the module: its callers would need the arena "
           "too";
  return {};
}

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
    FunctionsStatus status =
        runOnFunctions(getOperation(), getAnalysisManager(),
                       [&](FunctionOpInterface fn, AnalysisManager analyses) {
                         return planFunction(fn, analyses);
                       });
    if (status.failed)
      return signalPassFailure();
    if (!status.changed)
      markAllAnalysesPreserved();
  }

  /// Plans `fn`.
  FunctionStatus planFunction(FunctionOpInterface fn, AnalysisManager analyses);

  /// Rewrites jsonPath with every function planned so far (functions may
  /// run in parallel: under a lock, sorted by name). Emits an error at `fn`
  /// and fails when the file cannot be written.
  LogicalResult writeJson(FunctionOpInterface fn, llvm::json::Value entry);
};

} // namespace

/// The buffers of every modeled block that go into the arena (`placed`), and
/// the heap buffers that stay plain allocations with the reason (`refused`).
/// A nested buffer lives for the whole step of its statement in the entry
/// block.
static void selectBuffers(FunctionOpInterface fn, const MemoryModel &model,
                          int64_t minAlign, std::vector<Candidate> &placed,
                          std::vector<Refusal> &refused) {
  const BlockModel &entry = *model.getEntryBlockModel();
  llvm::DenseMap<Operation *, uint32_t> stepOf;
  for (uint32_t s = 0; s < entry.ops.size(); ++s)
    stepOf[entry.ops[s]] = s;
  for (const auto &bm : model.getBlockModels()) {
    bool nested = bm.get() != &entry;
    uint32_t step = 0;
    std::string regionReason;
    if (nested) {
      step = stepOf.lookup(
          entry.block->findAncestorOpInBlock(*bm->block->getParentOp()));
      for (Operation *p = bm->block->getParentOp(); p != fn;
           p = p->getParentOp())
        if (!hasSequentialRegions(p)) {
          regionReason = "it is allocated in '" +
                         p->getName().getStringRef().str() +
                         "', whose region may run concurrently or re-entrantly";
          break;
        }
    }
    for (BufferId b = 0; b < bm->problem.numBuffers(); ++b) {
      if (bm->problem.buffer(b).bytes == 0)
        continue; // Stack (memref.alloca) or empty: not heap memory.
      Candidate c;
      std::string why = classify(*bm, b, regionReason, minAlign, c);
      if (!why.empty()) {
        refused.push_back({bm->allocations[b].getDefiningOp(), why});
        continue;
      }
      c.nested = nested;
      if (nested)
        c.step = step;
      placed.push_back(c);
    }
  }
}

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

FunctionStatus PlanArenaPass::planFunction(FunctionOpInterface fn,
                                           AnalysisManager analyses) {
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
  if (arena == "argument" && !placed.empty())
    if (std::string why = argumentRefusal(fn); !why.empty()) {
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

  const size_t steps = model.getEntryBlockModel()->ops.size();
  FailureOr<ArenaSolution> sol =
      solvePlacement(fn, *model.getEntryBlockModel(), placed,
                     {budgetMs, orderSearch, maxLiveIncrease});
  if (failed(sol))
    return FunctionStatus::Failed;
  // Ops move only; the candidates' allocs and deallocs stay the same ops.
  if (sol->reordered)
    applyOrder(*model.getEntryBlockModel(), sol->order);
  FailureOr<Value> arenaValue =
      createArena(fn, arena, sol->planned.plan.size, sol->arenaAlign);
  if (failed(arenaValue))
    return FunctionStatus::Failed;
  rewriteIntoArena(*arenaValue, placed, *sol);

  // Claims about the old ops (a certificate, the peak) no longer hold: the
  // peak is the model's of the planned IR (one arena buffer).
  updatePeak(fn, *model.getEntryBlockModel(), placed, *sol, *arenaValue);
  setArenaAttrs(fn, *sol);
  if (!jsonPath.empty() &&
      failed(writeJson(fn, planToJson(fn, placed, *sol, steps))))
    return FunctionStatus::Failed;
  if (emitRemarks)
    emitPlanRemark(fn, *sol, placed.size(), refused.size());
  return FunctionStatus::Changed;
}

LogicalResult PlanArenaPass::writeJson(FunctionOpInterface fn,
                                       llvm::json::Value entry) {
  StringRef function = fn.getName();
  static std::mutex mutex;
  static std::map<std::string, std::map<std::string, llvm::json::Value>> files;
  std::lock_guard<std::mutex> lock(mutex);
  auto &functions = files[jsonPath];
  functions.insert_or_assign(function.str(), std::move(entry));
  llvm::json::Array all;
  for (auto &kv : functions)
    all.push_back(kv.second);
  std::error_code ec;
  llvm::raw_fd_ostream os(jsonPath, ec, llvm::sys::fs::OF_Text);
  if (!ec) {
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(all))) << "\n";
    os.close();
    if (os.has_error()) {
      ec = os.error();
      os.clear_error();
    }
  }
  if (ec)
    return fn.emitError() << "peakmem-plan-arena: cannot write '" << jsonPath
                          << "': " << ec.message();
  return success();
}
