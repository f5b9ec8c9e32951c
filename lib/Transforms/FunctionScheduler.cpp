//===- FunctionScheduler.cpp - Reorder every block of a function ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Transforms/PassRecords.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "peakmem-schedule"

STATISTIC(NumBlocksPrepared, "Blocks whose order can change the peak");
STATISTIC(NumBlocksSearched, "Blocks given an exact search");
STATISTIC(NumBlocksSkipped, "Blocks left unsearched: the budget was spent");
STATISTIC(NumOrdersApplied, "Orders applied to a block (applySchedule)");

using namespace mlir;

namespace peakmem {

void applyOrder(const ModeledBlock &model, const Order &order) {
  Block *block = model.block;
  Block::iterator end =
      (!block->empty() && block->back().hasTrait<OpTrait::IsTerminator>())
          ? Block::iterator(&block->back())
          : block->end();
  for (StmtId s : order)
    model.ops[s]->moveBefore(block, end);
}

/// The first dependency of model.problem that `full` breaks, reported with
/// notes at both ops.
static void reportBrokenDependency(InFlightDiagnostic &d,
                                   const ModeledBlock &model,
                                   const Order &full) {
  std::vector<size_t> pos(full.size());
  for (size_t i = 0; i < full.size(); ++i)
    pos[full[i]] = i;
  for (auto [u, v] : model.problem.edges())
    if (pos[u] > pos[v]) {
      d.attachNote(model.ops[u]->getLoc()) << "this op must run first";
      d.attachNote(model.ops[v]->getLoc()) << "before this one";
      return;
    }
}

LogicalResult applySchedule(StringRef pass, const ModeledBlock &model,
                            const Order &full, int64_t expectedPeak) {
  Operation *holder = model.block->getParentOp();
  if (!isLegalOrder(model.problem, full)) {
    InFlightDiagnostic d = emitError(holder->getLoc())
                           << pass
                           << ": internal error: the planned order of this "
                              "block is not a legal order of its statements";
    // A permutation can be checked edge by edge; anything else cannot.
    if (full.size() == model.problem.numStatements() &&
        llvm::all_of(full, [&](StmtId s) { return s < full.size(); }))
      reportBrokenDependency(d, model, full);
    return failure();
  }
  if (int64_t peak = simulatePeak(model.problem, full); peak != expectedPeak) {
    emitError(holder->getLoc())
        << pass << ": internal error: the planned order of this block peaks at "
        << peak << " bytes in the model, the plan says " << expectedPeak;
    return failure();
  }
  LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE << ": " << pass
                          << " applies an order of " << full.size()
                          << " statements, peak " << model.peak << " -> "
                          << expectedPeak << " bytes\n");
  applyOrder(model, full);
  ++NumOrdersApplied;
  return success();
}

std::unique_ptr<MemoryModel>
remodelAfterChange(FunctionOpInterface fn, StringRef pass,
                   std::optional<int64_t> expectedPeak) {
  auto after = std::make_unique<MemoryModel>(fn);
  refreshAttrsAfterChange(fn, after.get());
  if (!expectedPeak)
    return after;
  if (!after->isModeled()) {
    fn.emitError() << pass << ": internal error: the changed function is no "
                   << "longer modeled: " << after->getFailure()->reason;
    return nullptr;
  }
  if (after->getPeak() != *expectedPeak) {
    fn.emitError() << pass << ": internal error: the changed function peaks "
                   << "at " << after->getPeak() << " bytes, not at the planned "
                   << *expectedPeak;
    refreshAttrsAfterChange(fn, nullptr);
    return nullptr;
  }
  return after;
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

/// The blocks of `model` at `depth` whose order can change the peak, after
/// prepareBlock (bound and heuristics), each within half of an even share of
/// `budget` (the other half is left to the searches); counts them down from
/// `toPrepare`.
static std::vector<PreparedBlock>
prepareDepth(FunctionOpInterface fn, const MemoryModel &model, unsigned depth,
             const ScheduleOptions &options, FunctionBudget &budget,
             size_t &toPrepare) {
  std::vector<PreparedBlock> items;
  for (const auto &bm : model.getBlockModels()) {
    if (depthOf(bm->block, fn) != depth)
      continue;
    if (bm->problem.numBuffers() == 0)
      continue; // The order cannot change the peak: it is the max scratch.
    PreparedBlock item{bm.get(), contract(bm->problem), {}};
    budget.work().charge(2 * bm->problem.linearSize());
    WorkBudget share(budget.work(), budget.share(toPrepare--) / 2);
    item.r = prepareBlock(item.c.problem, options, share);
    ++NumBlocksPrepared;
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE << ": '" << fn.getName() << "' depth " << depth
               << ": peak " << bm->peak << ", heuristics " << item.r.peak
               << ", bound " << item.r.bound.bytes
               << (item.r.needsSearch ? ", needs a search\n" : "\n"));
    items.push_back(std::move(item));
  }
  return items;
}

FunctionSchedule scheduleFunction(FunctionOpInterface fn,
                                  const ScheduleOptions &options,
                                  unsigned fromDepth,
                                  const MemoryModel *given) {
  FunctionBudget budget(options.maxWork, options.timeCap);
  FunctionSchedule result;
  // The model of the IR as it is now: `given`, or one built here.
  std::unique_ptr<MemoryModel> built;
  const MemoryModel *model = given;
  if (!model)
    model = (built = std::make_unique<MemoryModel>(fn)).get();
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
      model = (built = std::make_unique<MemoryModel>(fn)).get();
    std::vector<PreparedBlock> items =
        prepareDepth(fn, *model, depth, options, budget, toPrepare);
    size_t toSearch = toPrepare;
    std::vector<bool> search =
        chooseSearches(items, budget.left(), toPrepare, toSearch);
    for (size_t i = 0; i < items.size(); ++i) {
      PreparedBlock &item = items[i];
      ScheduleResult &r = item.r;
      if (search[i]) {
        WorkBudget share(budget.work(), budget.share(toSearch--));
        searchBlock(item.c.problem, r, share, options);
        ++NumBlocksSearched;
        LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE << ": searched, peak " << r.peak
                                << (r.provenOptimal ? " (proven)\n" : "\n"));
        ++budget.searched;
        budget.stopped += r.budgetExhausted;
        result.stoppedByWork += r.stoppedBy == SearchStop::WorkLimit;
        result.stoppedByStates += r.stoppedBy == SearchStop::StateCap;
        result.stoppedByTime += r.stoppedBy == SearchStop::TimeLimit;
        result.memoFull += r.memoFull;
      } else if (r.needsSearch) {
        ++NumBlocksSkipped;
        ++budget.skipped;
      }
      const BlockModel *bm = item.bm;
      result.provenOptimal &= r.provenOptimal;
      result.allCertifiedBeforeSearch &= r.certifiedBeforeSearch;
      if (depth == 0)
        result.lowerBound = r.bound.bytes;
      if (r.peak >= bm->peak)
        continue; // Never worse; unchanged when not strictly better.
      if (failed(applySchedule("peakmem", *bm,
                               expand(bm->problem, item.c, r.order), r.peak))) {
        result.internalError = true;
        if (result.changed) // Blocks done before: no claim about them holds.
          refreshAttrsAfterChange(fn, nullptr);
        return result;
      }
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
    result.after = remodelAfterChange(fn, "peakmem");
    model = result.after.get();
  }
  result.peakAfter = model->getPeak();
  return result;
}

} // namespace peakmem
