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

/// The bound over every order, recomputed on a clone of `fn` where each
/// segment of each view is an allocation again (no alignment padding),
/// freed right after its last use: the memory model of that clone, with
/// only those buffers weighing (rounded as the views say) and nested ones
/// held for their statement. Emits an error at `fn` and fails when the
/// clone cannot be modeled.
mlir::FailureOr<int64_t> recomputeBound(mlir::FunctionOpInterface fn,
                                        mlir::Value arena,
                                        llvm::ArrayRef<ArenaView> views,
                                        int64_t claimed);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_VERIFYARENA_H
