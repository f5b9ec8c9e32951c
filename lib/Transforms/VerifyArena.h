//===- VerifyArena.h - peakmem-verify-arena's view of a plan ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to peakmem-verify-arena: the views of an arena as the IR shows
// them, and the bound over every order rebuilt from them.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_VERIFYARENA_H
#define PEAKMEM_LIB_TRANSFORMS_VERIFYARENA_H

#include "ArenaLifetimes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace peakmem {

/// One view of the arena as the IR shows it.
struct ArenaView {
  mutable mlir::memref::ViewOp op;
  int64_t offset = 0;
  /// Bytes rounded up to `align`: what it occupies in the arena.
  int64_t size = 0;
  int64_t bytes = 0;
  int64_t align = 1;
  /// Its lives in entry-block steps (ArenaLifetimes.h), in order; `first`
  /// and `last` span them all.
  llvm::SmallVector<LiveSegment> segments;
  uint32_t first = 0, last = 0;
  bool nested = false;
};

/// Checks `bound` (peakmem.arena_lower_bound) from its recorded certificate
/// (`peakmem.arena_certificate`) on the problem ArenaBoundProblem.h rebuilds
/// from `views`, with the checker of peakmem-verify-certificate: no solver,
/// no clock. A bound of 0 needs no certificate. Emits an error at `fn` and
/// fails otherwise.
mlir::LogicalResult checkArenaBound(mlir::FunctionOpInterface fn,
                                    mlir::Value arena,
                                    llvm::ArrayRef<ArenaView> views,
                                    int64_t bound);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_VERIFYARENA_H
