//===- PassRecords.h - What a pass did, as an attribute ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The records that tools read instead of remark text (docs/Passes.md,
// "Records"): one dictionary attribute per pass on the function it ran on,
// set after the pass's rewrite, with integer and string entries only.
//
//   peakmem.reorder         = {peak_before, peak_after, search[, lower_bound]}
//   peakmem.reorder_tensors = {peak_before, peak_after, search[, lower_bound]}
//   peakmem.recompute       = {peak_before, peak_after, cloned_ops,
//                              macs_before, macs_after, ops_before, ops_after
//                              [, reason]}
//
// `search` says how the order's peak is known to be the best: "certified"
// (a lower bound proved the order optimal before any search), "proven" (the
// exact search finished), "stopped" (best found when a limit stopped the
// search; `lower_bound` is the bound the peak was compared with, and
// peakmem.search_stop names the limit), "none" (no buffer to order).
// `reason` is set when recomputation cloned nothing: why not.
//
// The reorder records are claims about the order and are dropped, like
// every claim, when a later pass changes the block
// (refreshAttrsAfterChange); the recompute record describes what the pass
// added (its MACs and ops stay in the program) and is kept.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_TRANSFORMS_PASSRECORDS_H
#define PEAKMEM_TRANSFORMS_PASSRECORDS_H

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <cstdint>
#include <string>

namespace peakmem {

/// How a schedule's peak is known to be the best (the `search` entry).
enum class SearchOutcome { None, Certified, Proven, Stopped };

/// The entries of a peakmem.reorder or peakmem.reorder_tensors record.
struct ReorderRecord {
  int64_t peakBefore = 0;
  int64_t peakAfter = 0;
  SearchOutcome search = SearchOutcome::None;
  /// Written when search is Stopped.
  int64_t lowerBound = 0;
};

/// The entries of a peakmem.recompute record.
struct RecomputeRecord {
  int64_t peakBefore = 0;
  int64_t peakAfter = 0;
  int64_t clonedOps = 0;
  int64_t macsBefore = 0, macsAfter = 0;
  int64_t opsBefore = 0, opsAfter = 0;
  /// Why nothing was cloned (written when clonedOps is 0).
  std::string reason;
};

const char *searchOutcomeName(SearchOutcome outcome);

/// Sets `name` (kReorderRecordAttr or kReorderTensorsRecordAttr) on `fn`.
void setReorderRecord(mlir::FunctionOpInterface fn, const char *name,
                      const ReorderRecord &record);

/// Sets kRecomputeRecordAttr on `fn`.
void setRecomputeRecord(mlir::FunctionOpInterface fn,
                        const RecomputeRecord &record);

} // namespace peakmem

#endif // PEAKMEM_TRANSFORMS_PASSRECORDS_H
