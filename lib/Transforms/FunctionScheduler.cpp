//===- FunctionScheduler.cpp - Reorder every block of a function ----------===//

#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Core/Simulation.h"
#include "peakmem/Transforms/CertificateAttr.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;

namespace peakmem {

void setPeakAttr(Operation *op, int64_t bytes) {
  op->setAttr(kPeakAttr,
              IntegerAttr::get(IntegerType::get(op->getContext(), 64), bytes));
}

int64_t functionMacs(const MemoryModel &model) {
  const BlockModel &entry = *model.getEntryBlockModel();
  int64_t macs = 0;
  for (StmtId s = 0; s < entry.problem.numStatements(); ++s)
    macs += entry.problem.statement(s).macs;
  return macs;
}

void refreshAttrsAfterChange(FunctionOpInterface fn, const MemoryModel *after) {
  for (const char *name :
       {kLowerBoundAttr, kOptimalAttr, kCertificateAttr, kPredictedPeakAttr})
    fn->removeAttr(name);
  fn->walk([](Operation *op) { op->removeAttr(kNestedAttr); });
  if (!after || !after->isModeled()) {
    fn->removeAttr(kPeakAttr);
    fn->removeAttr(kMacsAttr);
    return;
  }
  setPeakAttr(fn, after->getPeak());
  if (fn->hasAttr(kMacsAttr))
    fn->setAttr(kMacsAttr,
                IntegerAttr::get(IntegerType::get(fn.getContext(), 64),
                                 functionMacs(*after)));
}

void emitNotModeled(FunctionOpInterface fn, const ModelFailure &failure) {
  emitRemark(failure.loc) << "peakmem: '" << fn.getName()
                          << "' not modeled: " << failure.reason;
}

void applyOrder(const BlockModel &model, const Order &order) {
  Block *block = model.block;
  Block::iterator end =
      (!block->empty() && block->back().hasTrait<OpTrait::IsTerminator>())
          ? Block::iterator(&block->back())
          : block->end();
  for (StmtId s : order)
    model.ops[s]->moveBefore(block, end);
}

/// Nesting depth of `block` below the function body (0 for the body).
static unsigned depthOf(Block *block, Operation *fn) {
  unsigned depth = 0;
  for (Operation *op = block->getParentOp(); op && op != fn;
       op = op->getBlock() ? op->getBlock()->getParentOp() : nullptr)
    ++depth;
  return depth;
}

FunctionSchedule scheduleFunction(FunctionOpInterface fn,
                                  const ScheduleOptions &options) {
  FunctionSchedule result;
  auto model = std::make_unique<MemoryModel>(fn);
  if (!model->isModeled()) {
    emitNotModeled(fn, *model->getFailure());
    return result;
  }
  result.modeled = true;
  result.peakBefore = model->getPeak();
  unsigned maxDepth = 0;
  for (const auto &bm : model->getBlockModels())
    maxDepth = std::max(maxDepth, depthOf(bm->block, fn));

  for (int depth = maxDepth; depth >= 0; --depth) {
    // Scheduling deeper blocks changed the scratch of their parents.
    if (result.changed)
      model = std::make_unique<MemoryModel>(fn);
    for (const auto &bm : model->getBlockModels()) {
      if (depthOf(bm->block, fn) != static_cast<unsigned>(depth))
        continue;
      if (bm->problem.numBuffers() == 0)
        continue; // The order cannot change the peak: it is the max scratch.
      Contraction c = contract(bm->problem);
      ScheduleResult r = scheduleBlock(c.problem, options);
      result.provenOptimal &= r.provenOptimal;
      result.allCertifiedBeforeSearch &= r.certifiedBeforeSearch;
      if (depth == 0)
        result.lowerBound = r.bound.bytes;
      if (r.peak >= bm->peak)
        continue; // Never worse; unchanged when not strictly better.
      Order full = expand(bm->problem, c, r.order);
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
  if (result.changed) {
    model = std::make_unique<MemoryModel>(fn);
    refreshAttrsAfterChange(fn, model.get());
  }
  result.peakAfter = model->getPeak();
  return result;
}

} // namespace peakmem
