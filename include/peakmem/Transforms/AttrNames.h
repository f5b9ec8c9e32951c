//===- AttrNames.h - Names of every peakmem attribute ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every `peakmem.*` attribute the passes set or read, in one place. The
// meaning of each is documented where the pass that sets it is
// (docs/Passes.md). They are written by PassRecords.h (the model's figures,
// the pass records, refreshAttrsAfterChange), CertificateAttr.h (the
// certificate record) and the arena passes (the arena plan).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_TRANSFORMS_ATTRNAMES_H
#define PEAKMEM_TRANSFORMS_ATTRNAMES_H

namespace peakmem {

/// The prefix of every attribute below.
constexpr const char *kAttrPrefix = "peakmem.";

/// The certificate record on a function (CertificateAttr.h): its entries
/// `peak`, `lower_bound`, `optimal` and `certificate`, prefixed with
/// kAttrPrefix, and `peakmem.nested` on ops with certified nested blocks.
constexpr const char *kPeakAttr = "peakmem.peak";
constexpr const char *kLowerBoundAttr = "peakmem.lower_bound";
constexpr const char *kOptimalAttr = "peakmem.optimal";
constexpr const char *kCertificateAttr = "peakmem.certificate";
constexpr const char *kNestedAttr = "peakmem.nested";
/// Written by peakmem-certify next to the record when the model assumes
/// that external code may keep a pointer to a buffer of the function (the
/// claim holds under that assumption): the callees (or ops) assumed to, an
/// array of strings (MemoryModel::getRetainAssumptions). A verifier rejects
/// a value other than its own model's.
constexpr const char *kRetainAssumedAttr = "peakmem.retain_assumed";

/// Set by peakmem-report: the multiply-accumulates of the function body
/// (OpCost.h), kept up to date by refreshAttrsAfterChange (PassRecords.h).
constexpr const char *kMacsAttr = "peakmem.macs";
/// Set with peakmem.macs: element operations of the body (docs/Model.md).
constexpr const char *kOpsAttr = "peakmem.ops";
/// Set by peakmem-reorder-tensors: the tensor model's peak of the function
/// body in the order it leaves (dropped by the next pass that changes ops).
constexpr const char *kPredictedPeakAttr = "peakmem.predicted_peak";

/// Set by peakmem-reorder on a function whose order is not proven optimal
/// because a search was stopped: the limits that stopped one
/// (searchStopName: "work-limit", "state-cap", "time-limit").
constexpr const char *kSearchStopAttr = "peakmem.search_stop";

/// What a pass did, for tools (PassRecords.h): set by peakmem-reorder,
/// peakmem-reorder-tensors and peakmem-recompute on each function they ran on.
constexpr const char *kReorderRecordAttr = "peakmem.reorder";
constexpr const char *kReorderTensorsRecordAttr = "peakmem.reorder_tensors";
constexpr const char *kRecomputeRecordAttr = "peakmem.recompute";

/// Set by peakmem-split on a function it split (tensor IR): the grid, the
/// stage's size and the measured figures (docs/Split.md).
constexpr const char *kSplitAttr = "peakmem.split";

/// Arena planning (peakmem-plan-arena, checked by peakmem-verify-arena): the
/// arena (an alloc, or a function argument), the alignment of each view into
/// it, and the function's plan record.
constexpr const char *kArenaAttr = "peakmem.arena";
constexpr const char *kAlignAttr = "peakmem.align";
constexpr const char *kArenaSizeAttr = "peakmem.arena_size";
constexpr const char *kArenaAlignmentAttr = "peakmem.arena_alignment";
constexpr const char *kArenaLowerBoundAttr = "peakmem.arena_lower_bound";
constexpr const char *kArenaOptimalAttr = "peakmem.arena_optimal";
/// A recorded plan, before materialization: the byte offset of a placed
/// memref.alloc in the arena (peakmem-plan-arena{materialize=false} writes
/// it, peakmem-materialize-arena turns the alloc into a view there).
constexpr const char *kArenaOffsetAttr = "peakmem.arena_offset";
/// The certificate of the arena's bound (a CertificateAttr.h record) on the
/// problem lib/Transforms/ArenaBoundProblem.h rebuilds from the IR.
constexpr const char *kArenaCertificateAttr = "peakmem.arena_certificate";
/// Informational: each baseline planner's arena and the planner's stop.
constexpr const char *kArenaStatsAttr = "peakmem.arena_stats";

/// In-place sharing (peakmem-inplace, checked by peakmem-verify-inplace,
/// docs/InPlace.md): on an op whose output was written over an input, the
/// position of that input among the op's inputs (i64); on the function, the
/// pass's record {pairs, bytes, peak_before, peak_after} (i64 entries).
constexpr const char *kInPlaceAttr = "peakmem.inplace";
constexpr const char *kInPlaceRecordAttr = "peakmem.inplace_record";

} // namespace peakmem

#endif // PEAKMEM_TRANSFORMS_ATTRNAMES_H
