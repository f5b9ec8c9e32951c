//===- Recompute.cpp - Selective recomputation under per-op bounds --------===//

#include "peakmem/Core/Recompute.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Simulation.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Transforms/OptionChecks.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Format.h"

namespace peakmem {
#define GEN_PASS_DEF_RECOMPUTEPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

/// Applies the plan's steps to the IR: clones the allocation, producer group
/// and free of every cloned buffer (the target and its chain) and rewires the
/// late users. Returns, for every statement of plan.problem, its op; sets
/// `buffers` to the value of every buffer of plan.problem.
static std::vector<Operation *> applySteps(const BlockModel &bm,
                                           const Contraction &c,
                                           const RecomputePlan &plan,
                                           std::vector<Value> &buffers) {
  std::vector<Operation *> stmtOps;
  for (StmtId s : c.toOriginal)
    stmtOps.push_back(bm.ops[s]);
  buffers.assign(bm.allocations.begin(), bm.allocations.end());
  // The op freeing each original buffer (clones get a copy of it), in block
  // order with the clones' appended: the order in which the frees are moved
  // below breaks ties in the final order, so it must not depend on pointers.
  llvm::MapVector<Value, Operation *> freeOf;
  for (StmtId s = 0; s < bm.problem.numStatements(); ++s)
    if (bm.problem.statement(s).kind == StmtKind::Free)
      freeOf[bm.allocations[bm.problem.statement(s).target]] = bm.ops[s];
  Operation *terminator = &bm.block->back();

  for (const RecomputeStep &step : plan.steps) {
    // The cloned groups with their buffers, target first (the fresh buffers'
    // ids follow this order, the clones' ids follow clonedStatements).
    const std::vector<Producer> groups = clonedGroups(step);
    const size_t firstClone = stmtOps.size();
    std::vector<StmtId> members = clonedStatements(step);
    llvm::DenseMap<Operation *, size_t> memberIndex;
    llvm::DenseMap<Operation *, Value> writtenBy;
    for (size_t i = 0; i < members.size(); ++i)
      memberIndex[stmtOps[members[i]]] = i;
    for (const Producer &g : groups)
      for (StmtId m : g.group)
        writtenBy[stmtOps[m]] = buffers[g.buffer];
    stmtOps.resize(firstClone + members.size(), nullptr);

    IRMapping map;
    OpBuilder builder(terminator->getContext());
    // A view of a cloned buffer is recreated on its fresh copy (pure
    // view-like ops, see MemoryModel) at the builder's insertion point.
    auto remap = [&](Value v) -> Value {
      if (Value m = map.lookupOrNull(v))
        return m;
      for (const Producer &g : groups) {
        Value old = buffers[g.buffer];
        if (!map.contains(old))
          continue;
        std::optional<SmallVector<Operation *>> chain = viewChainFrom(old, v);
        if (!chain)
          continue;
        for (Operation *view : *chain)
          if (!map.contains(view->getResult(0)))
            builder.clone(*view, map);
        return map.lookup(v);
      }
      return v;
    };
    // Each clone goes right after its original, in program order: there it
    // stands in the same order relations (reads after the inputs' writers,
    // before later writers and barriers) as the plan gives it; the planned
    // order then moves it to the late users. A fresh buffer is allocated
    // right before the first clone writing it.
    SmallVector<Operation *> originals;
    for (StmtId m : members)
      originals.push_back(stmtOps[m]);
    llvm::sort(originals, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    for (Operation *op : originals) {
      builder.setInsertionPointAfter(op);
      Value old = writtenBy.lookup(op);
      if (!map.contains(old)) {
        Value fresh = builder.clone(*old.getDefiningOp())
                          ->getResult(cast<OpResult>(old).getResultNumber());
        map.map(old, fresh);
      }
      // Every alias it uses, at any depth, defined outside it (a view used
      // only inside a loop body, say).
      op->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands()) {
          Operation *def = operand.getDefiningOp();
          Operation *owner =
              def ? def
                  : cast<BlockArgument>(operand).getOwner()->getParentOp();
          if (owner && (owner == op || op->isProperAncestor(owner)))
            continue;
          remap(operand);
        }
      });
      Operation *clone = builder.clone(*op, map);
      stmtOps[firstClone + memberIndex.lookup(op)] = clone;
    }
    // Views for a late user go right before it (the fresh buffer is
    // allocated before the first clone, and the late users follow the whole
    // group).
    for (StmtId u : step.lateUsers) {
      Operation *user = stmtOps[u];
      builder.setInsertionPoint(user);
      user->walk([&](Operation *inner) {
        for (OpOperand &operand : inner->getOpOperands()) {
          Value v = operand.get();
          if (!isa<BaseMemRefType>(v.getType()))
            continue;
          // Only the target is rewired: chain buffers keep their users.
          if (v != buffers[step.buffer] &&
              !viewChainFrom(buffers[step.buffer], v))
            continue;
          Value m = remap(v);
          if (m != v)
            operand.set(m);
        }
      });
    }
    for (const Producer &g : groups) {
      Value old = buffers[g.buffer], fresh = map.lookup(old);
      if (Operation *free = freeOf.lookup(old)) {
        OpBuilder atEnd(terminator);
        freeOf[fresh] = atEnd.clone(*free, map);
      }
      buffers.push_back(fresh);
    }
  }
  // A clone extends the life of the buffers it reads. It stands right after
  // its original, so before their frees; should a planned user still stand
  // after the free of a buffer it uses, move that free to right after the
  // last such user so the model sees the new use (the planned order then
  // puts each free right after its last user). Never further: the free also
  // closes the capture window of a captured buffer ([first capture, free),
  // see MemoryModel), and the plan knows the window of the input. Moving the
  // free of a captured buffer to the block end made the rebuilt model count
  // every opaque statement after the old free as a user of the buffer.
  llvm::DenseMap<Value, BufferId> bufferId;
  for (BufferId b = 0; b < buffers.size(); ++b)
    bufferId[buffers[b]] = b;
  for (auto &[value, free] : freeOf) {
    auto id = bufferId.find(value);
    if (id == bufferId.end())
      continue;
    Operation *last = free;
    for (StmtId u : plan.problem.buffer(id->second).users)
      if (Operation *op = u < stmtOps.size() ? stmtOps[u] : nullptr)
        if (op->getBlock() == free->getBlock() && last->isBeforeInBlock(op))
          last = op;
    if (last != free)
      free->moveAfter(last);
  }
  return stmtOps;
}

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

  FunctionStatus recompute(FunctionOpInterface fn) const {
    if (fn.isExternal())
      return FunctionStatus::Unchanged;
    ScheduleOptions scheduling;
    scheduling.budgetMs = budgetMs;
    FunctionSchedule scheduled = scheduleFunction(fn, scheduling);
    if (scheduled.internalError)
      return FunctionStatus::Failed;
    if (!scheduled.modeled)
      return FunctionStatus::Unchanged;
    FunctionStatus reordered =
        scheduled.changed ? FunctionStatus::Changed : FunctionStatus::Unchanged;

    MemoryModel model(fn);
    const BlockModel &bm = *model.getEntryBlockModel();
    Contraction c = contract(bm.problem);
    std::vector<Producer> producers;
    for (BufferId b = 0; b < bm.problem.numBuffers(); ++b) {
      if (!bm.recomputable[b])
        continue;
      Producer producer{b, {}};
      for (StmtId w : bm.writers[b])
        producer.group.push_back(static_cast<StmtId>(c.toContracted[w]));
      producers.push_back(std::move(producer));
    }
    RecomputeOptions options;
    options.maxRecomputePerOp = maxRecomputePerOp;
    options.maxMacOverhead = maxMacOverhead;
    options.budgetMs = budgetMs;
    RecomputePlan plan =
        planRecompute(c.problem, identityOrder(c.problem), producers, options);
    setPeakAttr(fn, model.getPeak());
    if (plan.steps.empty()) {
      if (emitRemarks)
        emitRemark(fn.getLoc())
            << "peakmem-recompute: '" << fn.getName() << "' unchanged at "
            << model.getPeak() << " bytes: " << plan.reason;
      return reordered;
    }

    std::vector<Value> buffers;
    // From here on the IR is changed: every failure drops the claims about
    // the old IR (fail() and the dependency report below).
    std::vector<Operation *> stmtOps = applySteps(bm, c, plan, buffers);
    MemoryModel after(fn);
    if (!after.isModeled())
      return fail(fn, "the recomputed function is no longer modeled: " +
                          after.getFailure()->reason);
    const BlockModel &bm2 = *after.getEntryBlockModel();
    Contraction c2 = contract(bm2.problem);
    llvm::DenseMap<Operation *, StmtId> idOf;
    for (StmtId s = 0; s < bm2.ops.size(); ++s)
      if (c2.toContracted[s] >= 0)
        idOf[bm2.ops[s]] = static_cast<StmtId>(c2.toContracted[s]);
    Order order;
    std::vector<uint8_t> placed(c2.problem.numStatements(), 0);
    for (StmtId s : plan.order) {
      auto it = idOf.find(stmtOps[s]);
      if (it == idOf.end())
        return fail(fn, "a planned statement has no op");
      order.push_back(it->second);
      placed[it->second] = 1;
    }
    // Statements the plan does not know (views recreated on fresh buffers)
    // go right before their first consumer: they extend no lifetime. In
    // reverse block order, so that a view of a view precedes its consumer.
    for (StmtId s = c2.problem.numStatements(); s-- > 0;) {
      if (placed[s])
        continue;
      auto pos = order.end();
      for (StmtId t : c2.problem.succs(s))
        pos = std::min(pos, std::find(order.begin(), order.end(), t));
      order.insert(pos, s);
    }
    Order full = expand(bm2.problem, c2, order);
    if (!isLegalOrder(bm2.problem, full)) {
      std::vector<size_t> pos(full.size());
      for (size_t i = 0; i < full.size(); ++i)
        pos[full[i]] = i;
      for (auto [u, v] : bm2.problem.edges())
        if (pos[u] > pos[v]) {
          InFlightDiagnostic d = fn.emitError()
                                 << "peakmem-recompute: internal error: the "
                                    "planned order breaks a dependency";
          d.attachNote(bm2.ops[u]->getLoc()) << "this op must run first";
          d.attachNote(bm2.ops[v]->getLoc()) << "before this one";
          break;
        }
      refreshAttrsAfterChange(fn, nullptr);
      return FunctionStatus::Failed;
    }
    if (int64_t peak = simulatePeak(bm2.problem, full); peak != plan.peak)
      return fail(fn, "the recomputed IR peaks at " + Twine(peak) +
                          " bytes in the planned order, the plan says " +
                          Twine(plan.peak));
    applyOrder(bm2, full);
    MemoryModel final(fn);
    refreshAttrsAfterChange(fn, &final);
    if (!final.isModeled() || final.getPeak() != plan.peak)
      return fail(fn, "the reordered function does not peak at the planned " +
                          Twine(plan.peak) + " bytes");
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
