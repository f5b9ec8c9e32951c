//===- FunctionScheduler.cpp - Reorder every block of a function ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Transforms/CertificateAttr.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;

namespace peakmem {

void setPeakAttr(Operation *op, int64_t bytes) {
  op->setAttr(kPeakAttr,
              IntegerAttr::get(IntegerType::get(op->getContext(), 64), bytes));
}

void setCostAttrs(FunctionOpInterface fn, const MemoryModel &model) {
  const Problem &body = model.getEntryBlockModel()->problem;
  auto i64 = IntegerType::get(fn.getContext(), 64);
  fn->setAttr(kMacsAttr, IntegerAttr::get(i64, body.totalMacs()));
  fn->setAttr(kOpsAttr, IntegerAttr::get(i64, body.totalOps()));
}

void refreshAttrsAfterChange(FunctionOpInterface fn, const MemoryModel *after) {
  for (const char *name :
       {kLowerBoundAttr, kOptimalAttr, kCertificateAttr, kRetainAssumedAttr,
        kPredictedPeakAttr, kSearchStopAttr, kReorderRecordAttr,
        kReorderTensorsRecordAttr})
    fn->removeAttr(name);
  fn->walk([](Operation *op) { op->removeAttr(kNestedAttr); });
  if (!after || !after->isModeled()) {
    fn->removeAttr(kPeakAttr);
    fn->removeAttr(kMacsAttr);
    fn->removeAttr(kOpsAttr);
    return;
  }
  setPeakAttr(fn, after->getPeak());
  if (fn->hasAttr(kMacsAttr) || fn->hasAttr(kOpsAttr))
    setCostAttrs(fn, *after);
}

void warnTimeLimitHit(FunctionOpInterface fn, StringRef pass, unsigned ms) {
  emitWarning(fn.getLoc()) << pass << ": '" << fn.getName()
                           << "': time-limit-ms=" << ms
                           << " fired: this output depends on timing and is "
                              "not reproducible";
}

void emitNotModeled(FunctionOpInterface fn, const ModelFailure &failure) {
  emitRemark(failure.loc) << "peakmem: '" << fn.getName()
                          << "' not modeled: " << failure.reason;
}

void applyOrder(Block *block, ArrayRef<Operation *> ops, const Order &order) {
  Block::iterator end =
      (!block->empty() && block->back().hasTrait<OpTrait::IsTerminator>())
          ? Block::iterator(&block->back())
          : block->end();
  for (StmtId s : order)
    ops[s]->moveBefore(block, end);
}

void applyOrder(const BlockModel &model, const Order &order) {
  applyOrder(model.block, model.ops, order);
}

/// Nesting depth of `block` below the function body (0 for the body).
static unsigned depthOf(Block *block, Operation *fn) {
  unsigned depth = 0;
  for (Operation *op = block->getParentOp(); op && op != fn;
       op = op->getBlock() ? op->getBlock()->getParentOp() : nullptr)
    ++depth;
  return depth;
}

namespace {
/// A block of one depth after prepareBlock: its contracted problem and the
/// result so far.
struct PreparedBlock {
  const BlockModel *bm;
  Contraction c;
  ScheduleResult r;
};
} // namespace

/// Which of `items` get an exact search. Searches left: those of `items`,
/// plus `toPrepare` blocks of the shallower depths (not prepared yet; the
/// function body among them). A search shorter than kMinSearchShare is not
/// started: when `left` cannot give every one that much, `items` get their
/// proportional number of searches, for the blocks with the largest gap
/// between peak and bound. Adds the searches chosen to `toSearch`.
static std::vector<bool> chooseSearches(const std::vector<PreparedBlock> &items,
                                        WorkUnits left, size_t toPrepare,
                                        size_t &toSearch) {
  std::vector<size_t> needing;
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i].r.needsSearch)
      needing.push_back(i);
  size_t capacity = static_cast<size_t>(left / kMinSearchShare);
  size_t allowed = needing.size();
  if (allowed + toPrepare > capacity)
    allowed = allowed * capacity / (allowed + toPrepare);
  std::stable_sort(needing.begin(), needing.end(), [&](size_t a, size_t b) {
    return items[a].r.peak - items[a].r.bound.bytes >
           items[b].r.peak - items[b].r.bound.bytes;
  });
  std::vector<bool> search(items.size(), false);
  for (size_t k = 0; k < allowed; ++k)
    search[needing[k]] = true;
  toSearch += allowed;
  return search;
}

static FunctionSchedule scheduleFunction(FunctionOpInterface fn,
                                         const ScheduleOptions &options,
                                         FunctionBudget &budget,
                                         unsigned fromDepth);

FunctionSchedule scheduleFunction(FunctionOpInterface fn,
                                  const ScheduleOptions &options,
                                  unsigned fromDepth) {
  FunctionBudget budget(options.maxWork, options.timeCap);
  return scheduleFunction(fn, options, budget, fromDepth);
}

FunctionSchedule scheduleFunction(FunctionOpInterface fn,
                                  const ScheduleOptions &options,
                                  WorkBudget &parent, unsigned fromDepth) {
  FunctionBudget budget(parent, options.maxWork);
  return scheduleFunction(fn, options, budget, fromDepth);
}

static FunctionSchedule scheduleFunction(FunctionOpInterface fn,
                                         const ScheduleOptions &options,
                                         FunctionBudget &budget,
                                         unsigned fromDepth) {
  FunctionSchedule result;
  auto model = std::make_unique<MemoryModel>(fn);
  if (!model->isModeled()) {
    emitNotModeled(fn, *model->getFailure());
    return result;
  }
  result.modeled = true;
  result.peakBefore = model->getPeak();
  result.retainAssumed = model->getRetainAssumptions();
  unsigned maxDepth = 0;
  // Blocks whose order can change the peak (the others' peak is their max
  // scratch), not yet prepared / not yet searched: the budget's shares.
  size_t toPrepare = 0;
  for (const auto &bm : model->getBlockModels()) {
    unsigned depth = depthOf(bm->block, fn);
    maxDepth = std::max(maxDepth, depth);
    toPrepare += depth >= fromDepth && bm->problem.numBuffers() > 0;
  }
  result.blocks = toPrepare;
  // One budget for the whole function (this pass run): shared out over the
  // blocks that need a search; certified blocks only cost their bound.

  for (int depth = maxDepth; depth >= static_cast<int>(fromDepth); --depth) {
    // Scheduling deeper blocks changed the scratch of their parents.
    if (result.changed)
      model = std::make_unique<MemoryModel>(fn);
    std::vector<PreparedBlock> items;
    for (const auto &bm : model->getBlockModels()) {
      if (depthOf(bm->block, fn) != static_cast<unsigned>(depth))
        continue;
      if (bm->problem.numBuffers() == 0)
        continue; // The order cannot change the peak: it is the max scratch.
      PreparedBlock item{bm.get(), contract(bm->problem), {}};
      budget.work().charge(2 * bm->problem.linearSize());
      // Half of an even share: the other half is left to the searches.
      WorkBudget share(budget.work(), budget.share(toPrepare--) / 2);
      item.r = prepareBlock(item.c.problem, options, share);
      items.push_back(std::move(item));
    }
    size_t toSearch = toPrepare;
    std::vector<bool> search =
        chooseSearches(items, budget.left(), toPrepare, toSearch);
    for (size_t i = 0; i < items.size(); ++i) {
      PreparedBlock &item = items[i];
      ScheduleResult &r = item.r;
      if (search[i]) {
        WorkBudget share(budget.work(), budget.share(toSearch--));
        searchBlock(item.c.problem, r, share, options);
        ++budget.searched;
        budget.stopped += r.budgetExhausted;
        result.stoppedByWork += r.stoppedBy == SearchStop::WorkLimit;
        result.stoppedByStates += r.stoppedBy == SearchStop::StateCap;
        result.stoppedByTime += r.stoppedBy == SearchStop::TimeLimit;
        result.memoFull += r.memoFull;
      } else if (r.needsSearch) {
        ++budget.skipped;
      }
      const BlockModel *bm = item.bm;
      result.provenOptimal &= r.provenOptimal;
      result.allCertifiedBeforeSearch &= r.certifiedBeforeSearch;
      if (depth == 0)
        result.lowerBound = r.bound.bytes;
      if (r.peak >= bm->peak)
        continue; // Never worse; unchanged when not strictly better.
      Order full = expand(bm->problem, item.c, r.order);
      if (!isLegalOrder(bm->problem, full) ||
          simulatePeak(bm->problem, full) != r.peak) {
        emitError(bm->block->getParentOp()->getLoc())
            << "peakmem: internal error: the schedule of this block does not "
               "expand to a legal order with the modeled peak";
        result.internalError = true;
        if (result.changed) // Blocks done before: no claim about them holds.
          refreshAttrsAfterChange(fn, nullptr);
        return result;
      }
      applyOrder(*bm, full);
      result.changed = true;
    }
  }
  result.workLimit = budget.limit();
  result.workUsed = budget.used();
  TimeCap *cap = budget.work().timeCap();
  result.timeLimitHit = cap && cap->fired();
  result.searched = budget.searched;
  result.stopped = budget.stopped;
  result.skipped = budget.skipped;
  if (result.changed) {
    model = std::make_unique<MemoryModel>(fn);
    refreshAttrsAfterChange(fn, model.get());
  }
  result.peakAfter = model->getPeak();
  return result;
}

} // namespace peakmem
