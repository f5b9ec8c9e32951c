//===- VerifyArena.h - peakmem-verify-arena's view of a plan ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to peakmem-verify-arena: the bound over every order, checked from
// its certificate on the problem rebuilt from the views.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_VERIFYARENA_H
#define PEAKMEM_LIB_TRANSFORMS_VERIFYARENA_H

#include "ArenaSlots.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace peakmem {

/// Checks `bound` (peakmem.arena_lower_bound) from its recorded certificate
/// (`peakmem.arena_certificate`) on the problem ArenaBoundProblem.h rebuilds
/// from the slots `views`, with the checker of peakmem-verify-certificate: no
/// solver, no clock. A bound of 0 needs no certificate. Emits an error at `fn`
/// and fails otherwise.
/// The check runs within `maxWork` work units (WorkBudget.h): a
/// certificate whose check does not fit is rejected as not checked.
mlir::LogicalResult checkArenaBound(mlir::FunctionOpInterface fn,
                                    mlir::Value arena,
                                    llvm::ArrayRef<ArenaSlot> views,
                                    int64_t bound, uint64_t maxWork);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_VERIFYARENA_H
