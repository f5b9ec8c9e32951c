//===- RecomputeRewrite.h - Recompute steps on the IR -----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to peakmem-recompute: the IR side of a RecomputePlan (the core
// plans on a contracted problem; this clones the ops, allocations and frees
// of each step and applies the planned order).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_RECOMPUTEREWRITE_H
#define PEAKMEM_LIB_TRANSFORMS_RECOMPUTEREWRITE_H

#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Recompute/Recompute.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <vector>

namespace peakmem {

/// Applies the plan's steps to the IR of `bm`'s block (contracted by `c`):
/// clones the allocation, producer group and free of every cloned buffer
/// (the target and its chain) and rewires the late users. Returns, for every
/// statement of plan.problem, its op; sets `buffers` to the value of every
/// buffer of plan.problem.
std::vector<mlir::Operation *>
applyRecomputeSteps(const BlockModel &bm, const Contraction &c,
                    const RecomputePlan &plan,
                    std::vector<mlir::Value> &buffers);

/// Orders the entry block of `fn` (rewritten by applyRecomputeSteps, which
/// returned `stmtOps`) as planned (applySchedule) and refreshes the
/// attributes from a model of the result, which must peak at plan.peak. On
/// failure an internal error of `pass` has been emitted at `fn`.
mlir::LogicalResult
applyPlannedOrder(mlir::FunctionOpInterface fn, llvm::StringRef pass,
                  const RecomputePlan &plan,
                  const std::vector<mlir::Operation *> &stmtOps);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_RECOMPUTEREWRITE_H
