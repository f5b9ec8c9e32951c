//===- PassRecords.cpp - Writing the peakmem attributes -------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Transforms/PassRecords.h"
#include "RecomputeCertificateAttr.h" // kRecomputeCertificateAttr
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Support/EnumNames.h"
#include "peakmem/Transforms/AttrNames.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

namespace peakmem {

static constexpr EnumName<SearchOutcome> kSearchOutcomeNames[] = {
    {SearchOutcome::None, "none"},
    {SearchOutcome::Certified, "certified"},
    {SearchOutcome::Proven, "proven"},
    {SearchOutcome::Stopped, "stopped"}};

const char *searchOutcomeName(SearchOutcome outcome) {
  return enumName(kSearchOutcomeNames, outcome, "none");
}

void setReorderRecord(FunctionOpInterface fn, const char *name,
                      const ReorderRecord &record) {
  Builder b(fn.getContext());
  SmallVector<NamedAttribute> entries = {
      b.getNamedAttr("peak_before", b.getI64IntegerAttr(record.peakBefore)),
      b.getNamedAttr("peak_after", b.getI64IntegerAttr(record.peakAfter)),
      b.getNamedAttr("search",
                     b.getStringAttr(searchOutcomeName(record.search)))};
  if (record.search == SearchOutcome::Stopped)
    entries.push_back(
        b.getNamedAttr("lower_bound", b.getI64IntegerAttr(record.lowerBound)));
  fn->setAttr(name, b.getDictionaryAttr(entries));
}

void setRecomputeRecord(FunctionOpInterface fn, const RecomputeRecord &record) {
  Builder b(fn.getContext());
  SmallVector<NamedAttribute> entries = {
      b.getNamedAttr("peak_before", b.getI64IntegerAttr(record.peakBefore)),
      b.getNamedAttr("peak_after", b.getI64IntegerAttr(record.peakAfter)),
      b.getNamedAttr("cloned_ops", b.getI64IntegerAttr(record.clonedOps)),
      b.getNamedAttr("macs_before", b.getI64IntegerAttr(record.macsBefore)),
      b.getNamedAttr("macs_after", b.getI64IntegerAttr(record.macsAfter)),
      b.getNamedAttr("ops_before", b.getI64IntegerAttr(record.opsBefore)),
      b.getNamedAttr("ops_after", b.getI64IntegerAttr(record.opsAfter))};
  if (record.clonedOps == 0)
    entries.push_back(b.getNamedAttr("reason", b.getStringAttr(record.reason)));
  fn->setAttr(kRecomputeRecordAttr, b.getDictionaryAttr(entries));
}

void setPeakAttr(Operation *op, int64_t bytes) {
  op->setAttr(kPeakAttr,
              IntegerAttr::get(IntegerType::get(op->getContext(), 64), bytes));
}

void setPredictedPeakAttr(FunctionOpInterface fn, int64_t bytes) {
  fn->setAttr(kPredictedPeakAttr,
              IntegerAttr::get(IntegerType::get(fn->getContext(), 64), bytes));
}

void setCostAttrs(FunctionOpInterface fn, const MemoryModel &model) {
  const Problem &body = model.getEntryBlockModel()->problem;
  auto i64 = IntegerType::get(fn.getContext(), 64);
  fn->setAttr(kMacsAttr, IntegerAttr::get(i64, body.totalMacs()));
  fn->setAttr(kOpsAttr, IntegerAttr::get(i64, body.totalOps()));
}

void refreshAttrsAfterChange(FunctionOpInterface fn, const MemoryModel *after) {
  // The recompute certificate is about the body as it was (its order as
  // written): dropped like the other solver claims, never re-derived here.
  for (const char *name :
       {kLowerBoundAttr, kOptimalAttr, kCertificateAttr, kRetainAssumedAttr,
        kPredictedPeakAttr, kSearchStopAttr, kReorderRecordAttr,
        kReorderTensorsRecordAttr, kRecomputeCertificateAttr})
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

} // namespace peakmem
