//===- ArenaLifetimes.h - Live segments of an arena buffer ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// When a buffer is a slot of an arena, no dealloc ends its life: it is live
// while its uses can still read what was written to it. One SSA value can
// hold several such lives: upstream `cse` merges two views of the arena with
// the same offset and type into one, whose uses then span the lifetime of
// another view placed on the same bytes in between. The value's bytes are
// dead between its segments when the first use of the next segment writes
// every byte of it without reading it first, so peakmem-verify-arena checks
// overlaps and rebuilds the bound per segment, not per value.
//
// Lifetimes are in steps of the entry block: a use nested in an op counts
// for that op's whole step; an alias (a view-like op of the value) and all
// of its uses form one group that stays in one segment.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_ARENALIFETIMES_H
#define PEAKMEM_LIB_TRANSFORMS_ARENALIFETIMES_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace peakmem {

/// One stretch of a value's life, in entry-block steps (inclusive), and the
/// uses of the value itself that fall in it.
struct LiveSegment {
  uint32_t first = 0, last = 0;
  llvm::SmallVector<mlir::OpOperand *> uses;
};

/// Whether `use`'s owner writes every element of the memref `use` holds
/// without reading any first: a linalg op (LinalgOp) with `use` as an init
/// its payload does not read, a permutation indexing map for it and static
/// loop ranges that are all positive, or a memref.copy into it.
bool overwritesWhole(mlir::OpOperand &use);

/// The users of `value` and, transitively, of every view of it (view-like
/// ops whose source it is): the ops that may touch its bytes.
llvm::SmallVector<mlir::Operation *> usersThroughViews(mlir::Value value);

/// The segments of `root` (a memref value of the block `entry` or of a
/// block nested in it) in entry-block steps (`pos`: the step of each entry
/// op). `root` must have no use through which its lifetime escapes (the
/// callers check that first); its memref.deallocs are not uses. A root in
/// a nested block, or one whose value
/// feeds no full overwrite after a gap, has one segment from its own step
/// to its last use. `usedUntil` (when given) is, for each entry op, the last
/// step its uses last: later than its own when it starts asynchronous work
/// that runs until a later op (peakmem/Analysis/AsyncWork.h).
llvm::SmallVector<LiveSegment> liveSegments(
    mlir::Value root, mlir::Block &entry,
    const llvm::DenseMap<mlir::Operation *, uint32_t> &pos,
    const llvm::DenseMap<mlir::Operation *, uint32_t> *usedUntil = nullptr);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_ARENALIFETIMES_H
