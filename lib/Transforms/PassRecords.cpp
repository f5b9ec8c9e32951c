//===- PassRecords.cpp - What a pass did, as an attribute -----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Transforms/PassRecords.h"
#include "peakmem/Transforms/AttrNames.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

namespace peakmem {

const char *searchOutcomeName(SearchOutcome outcome) {
  switch (outcome) {
  case SearchOutcome::None:
    return "none";
  case SearchOutcome::Certified:
    return "certified";
  case SearchOutcome::Proven:
    return "proven";
  case SearchOutcome::Stopped:
    return "stopped";
  }
  return "none";
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

} // namespace peakmem
