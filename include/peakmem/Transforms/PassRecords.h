//===- PassRecords.h - Writing the peakmem attributes -----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one module that writes the `peakmem.*` attributes of AttrNames.h on
// functions, except two encodings with their own readers: the certificate
// record (CertificateAttr.h) and the arena plan (the arena passes). It holds
// the model's figures (`peakmem.peak`, `peakmem.macs`, `peakmem.ops`,
// `peakmem.predicted_peak`), refreshAttrsAfterChange, which keeps them true
// after a pass changed ops, and the pass records.
//
// The records are what tools read instead of remark text (docs/Passes.md,
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

namespace peakmem {
class MemoryModel;
} // namespace peakmem

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

/// Sets `peakmem.peak = bytes : i64` on `op`.
void setPeakAttr(mlir::Operation *op, int64_t bytes);

/// Sets `peakmem.predicted_peak = bytes : i64` on `fn` (the tensor model's
/// peak, peakmem-reorder-tensors).
void setPredictedPeakAttr(mlir::FunctionOpInterface fn, int64_t bytes);

/// Sets `peakmem.macs` and `peakmem.ops` of `fn`: the multiply-accumulates
/// and element operations of its body in `model` (Problem::totalMacs/Ops).
void setCostAttrs(mlir::FunctionOpInterface fn, const MemoryModel &model);

/// The one place that keeps peakmem attributes true after a pass changed the
/// ops of `fn` (moved, cloned or rewired them); every mutating pass calls it
/// after its change (directly or through remodelAfterChange,
/// FunctionScheduler.h). Claims that need a solver are dropped: the
/// certificate record (`peakmem.lower_bound`, `peakmem.optimal`,
/// `peakmem.certificate`, `peakmem.retain_assumed`) on `fn`, `peakmem.nested`
/// on every op inside it (clones copy it), `peakmem.search_stop`, the reorder
/// records and `peakmem.predicted_peak`. The model's own numbers are
/// recomputed from `after`, a model of the changed IR: `peakmem.peak` is set
/// and `peakmem.macs` and `peakmem.ops` are updated when present; all are
/// dropped when `after` is null or does not model `fn`.
void refreshAttrsAfterChange(mlir::FunctionOpInterface fn,
                             const MemoryModel *after);

} // namespace peakmem

#endif // PEAKMEM_TRANSFORMS_PASSRECORDS_H
