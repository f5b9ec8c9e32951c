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
// Inside one step, a buffer of a nested block also has sub-steps: the
// pre-order positions of the ops nested in the step's statement (the
// statement itself at 0; a region's ops in order; a loop body once; the
// regions of an scf.if one after the other, which is conservative: at most
// one of them runs). Its life there runs from its own op to the end of the
// last op of its block that uses it (through any view): the block runs one
// execution at a time (a loop's iterations one after the other), the
// buffer is freed in it and nothing passes it on, so every execution's
// buffer is dead before the next one starts. Two buffers of one statement
// whose sub-step lives are disjoint never live at the same time and may
// share bytes. Everything else (an entry-block buffer, a nested one used by
// asynchronous work or inside a region that may run concurrently) spans
// the whole step.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_ARENALIFETIMES_H
#define PEAKMEM_LIB_TRANSFORMS_ARENALIFETIMES_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace peakmem {

/// One stretch of a value's life, in entry-block steps (inclusive), and the
/// uses of the value itself that fall in it.
struct LiveSegment {
  uint32_t first = 0, last = 0;
  llvm::SmallVector<mlir::OpOperand *> uses;
  /// Within the step `first` (when `first == last`): the sub-steps it is
  /// live at, inclusive; the whole step unless it is a nested buffer with
  /// a known life inside its statement.
  uint32_t subFirst = 0, subLast = kWholeStep;
  static constexpr uint32_t kWholeStep = UINT32_MAX;
};

/// Whether `a` and `b` may be live at the same time: their steps meet and,
/// when both lie in one step only, so do their sub-steps.
bool livesOverlap(const LiveSegment &a, const LiveSegment &b);

/// Whether the lives of two slots (their segments) never meet because both
/// are buffers of nested blocks of one statement with disjoint sub-step
/// lives (the sharing peakmem-plan-arena plans for them): the check that
/// peakmem-verify-arena adds to the overlap of two slots live in one step.
bool nestedLivesDisjoint(llvm::ArrayRef<LiveSegment> a,
                         llvm::ArrayRef<LiveSegment> b);

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
/// to its last use; for a root in a nested block that segment also carries
/// its sub-step life (above) when it is known. `usedUntil` (when given) is, for
/// each entry op, the last step its uses last: later than its own when it
/// starts asynchronous work that runs until a later op
/// (peakmem/Analysis/AsyncWork.h).
llvm::SmallVector<LiveSegment> liveSegments(
    mlir::Value root, mlir::Block &entry,
    const llvm::DenseMap<mlir::Operation *, uint32_t> &pos,
    const llvm::DenseMap<mlir::Operation *, uint32_t> *usedUntil = nullptr);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_ARENALIFETIMES_H
