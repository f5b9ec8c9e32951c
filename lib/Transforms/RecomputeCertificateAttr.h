//===- RecomputeCertificateAttr.h - The recompute certificate record -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The attribute form of the `recompute` certificate kind
// (docs/Certificates.md, "The recompute kind"), written by peakmem-recompute
// and checked by peakmem-verify-certificate:
//   peakmem.recompute_certificate = {kind = "recompute",
//     order = "as written", lower_bound, peak, optimal, max_recompute_per_op,
//     max_mac_overhead, max_op_overhead, found_by[, optimality]}
// on a function whose entry block is the block the bound is about, in its
// order as written.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_RECOMPUTECERTIFICATEATTR_H
#define PEAKMEM_LIB_TRANSFORMS_RECOMPUTECERTIFICATEATTR_H

#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Recompute/Recompute.h"
#include "peakmem/Core/Support/WorkBudget.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <string>
#include <vector>

namespace peakmem {

constexpr const char *kRecomputeCertificateAttr =
    "peakmem.recompute_certificate";

/// The plans the fixed-order programs and bounds range over
/// (docs/Recompute.md, "The exact problem"): the block's statements in the
/// order as written, each clone re-running its producer group from the
/// original inputs. A plan where a clone reads another clone (a chain, which
/// the planner also makes) is outside it and may peak below its optimum.
#define PEAKMEM_FIXED_ORDER_PLANS                                              \
  "every recompute plan for the order as written in which each clone re-runs " \
  "its group from the original inputs (no chains), within the bounds"

/// What `optimality` says when the least peak is the block's peak as written.
constexpr const char *kRecomputeOptimality =
    "optimal over " PEAKMEM_FIXED_ORDER_PLANS;

/// The recomputable buffers of `bm` (the Recomputability analysis) with their
/// producer groups, in the contracted ids of `c`.
std::vector<Producer> recomputeProducers(const BlockModel &bm,
                                         const Contraction &c);

/// The record: `lowerBound` is the least peak over every fixed-order plan
/// of the block as written within `options`' bounds, `peak` the block's peak
/// without cuts, `foundBy` the exact program that found it.
mlir::DictionaryAttr recomputeCertificateAttr(mlir::MLIRContext *ctx,
                                              int64_t lowerBound, int64_t peak,
                                              const RecomputeOptions &options,
                                              llvm::StringRef foundBy);

/// Checks `record` against `bm` (a model built from the IR as it stands):
/// re-extracts the contracted problem and its producers, checks `peak`,
/// `optimal` and `optimality`, and re-evaluates `lower_bound` by
/// checkRecomputeBound within `work`. Returns "" if it holds, else why not
/// (`unchecked` set when `work` could not afford the enumeration).
std::string checkRecomputeCertificateAttr(mlir::DictionaryAttr record,
                                          const BlockModel &bm,
                                          WorkBudget &work, bool &unchecked);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_RECOMPUTECERTIFICATEATTR_H
