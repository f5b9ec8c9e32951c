//===- ArenaSlots.h - The buffers of an arena as the IR shows them -*- C++ -*-//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A slot is one buffer of an arena at a fixed byte offset: after
// materialization a `memref.view` of the arena, before it (a recorded plan)
// a `memref.alloc` carrying `peakmem.arena_offset`. peakmem-verify-arena
// checks the views and peakmem-materialize-arena the recorded plan with the
// same rules, before it rewrites anything: the offset is a non-negative
// multiple of the slot's alignment, the slot lies inside the arena, every
// alias stays inside the slot (ArenaAliases.h), every use shows the
// lifetime (no alias escapes: terminators, calls, stores of the address,
// non-view results, asynchronous regions), a nested slot sits in regions
// that run one at a time, and no two slots live at the same time
// (ArenaLifetimes.h: per segment) share a byte.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_ARENASLOTS_H
#define PEAKMEM_LIB_TRANSFORMS_ARENASLOTS_H

#include "ArenaBoundProblem.h"
#include "ArenaLifetimes.h"

#include "mlir/IR/Operation.h"

#include <optional>
#include <string>

namespace peakmem {

/// Whether the regions of `op` run one at a time, each execution of a block
/// finishing before the next starts (or none runs): a buffer freed in such
/// a block is dead outside that execution, so one slot serves every
/// execution.
bool runsOneAtATime(mlir::Operation *op);

/// A use of a slot's buffer (or of one of its view-like aliases) after
/// which the IR no longer shows how long its bytes are used, and why.
struct HiddenUse {
  mlir::Operation *op = nullptr;
  std::string reason;
};

/// The first use of `root` or of its view-like aliases (transitively) that
/// hides its lifetime, if any: an alias reaching a terminator or a non-view
/// result; its address taken, stored to memory or passed to a call (the
/// callee may keep it); an op without a memory-effect interface that the
/// registry does not describe either (gpu.launch_func: nothing says what the
/// kernel does with the address, so it is treated like a call; registered
/// DMA starts and waits access their transfer's memrefs only); a dealloc of an
/// alias (of `root` itself too unless `allocation`); a use inside a region
/// whose execution is not known to end before its op returns
/// (peakmem/Analysis/OpSemantics.h: Deferred such as async.execute, or not
/// registered, unless a linalg op, whose payload runs within it, or a
/// region-branch op without asynchronous handles whose regions lead back to
/// it). One rule for the planner, the materializer and the
/// verifier. With `returns`, `root` or a view-like alias of it (a reshape,
/// collapse/expand_shape, subview or cast, chains of them) passed to the
/// return of the function whose entry block holds it is not hidden: a
/// result in an arena the caller owns (arena=argument) lives to the end of
/// the call.
std::optional<HiddenUse> findHiddenUse(mlir::Value root, bool allocation,
                                       bool returns = false);

/// The view-like ops a result may be returned through (arena=argument): a
/// reshape, collapse/expand_shape, subview or cast, whose result starts at
/// its source's bytes or says where in its layout (a subview's offset). Not
/// memref.view with a byte shift, reinterpret_cast, transpose or
/// memory_space_cast.
bool isResultViewOp(mlir::Operation *op);

/// Whether the function whose entry block holds `root` returns `root` or a
/// chain of isResultViewOp ops of it.
bool isReturnedThroughViews(mlir::Value root);

/// Whether `user` is the return of the function whose entry block holds
/// `v` (the ReturnLike terminator of that block).
bool isFunctionReturn(mlir::Operation *user, mlir::Value v);

/// The function attribute `peakmem.result_offsets` (arena=argument): one
/// i64 per result, the byte offset in the arena of a result that is a slot,
/// -1 for a result outside it.
constexpr const char *kResultOffsetsAttr = "peakmem.result_offsets";
/// The function attribute `peakmem.result_placement` of a function that
/// returns memrefs (informational): {inside = N, inside_bytes = B, outside
/// = M, outside_bytes = C}, its results that are slots of the arena and
/// those that are allocations outside it, with their bytes (unrounded).
constexpr const char *kResultPlacementAttr = "peakmem.result_placement";

/// Inputs in the arena (plan-arena{inputs-in-arena}, docs/Arena.md "Inputs
/// inside the arena"): the slot (a view of the arena argument, or a planned
/// allocation) that stands for argument #i of the function as the caller
/// wrote it carries `peakmem.input = i`; the argument itself is dropped, so
/// the function reads the input only from the arena, where the caller
/// wrote it before the call. Such a slot is live from the entry (step 0)
/// to its last use, is never written, and sits in the entry block.
constexpr const char *kInputAttr = "peakmem.input";
/// The function attribute `peakmem.input_offsets`: one i64 per argument of
/// the function as the caller wrote it (before the inputs were dropped and
/// the arena added), the byte offset in the arena where the caller writes
/// that input, -1 for an argument the function still takes.
constexpr const char *kInputOffsetsAttr = "peakmem.input_offsets";

/// The first use of `root` or of its view-like aliases (transitively) that
/// may write or free its bytes (a write or free effect on the alias, or an
/// effect on no value in particular), if any: an input in the arena is read
/// only. With `allocation`, a memref.dealloc of `root` itself is not one (a
/// recorded plan's allocation, whose dealloc materialization erases).
mlir::Operation *findWrite(mlir::Value root, bool allocation = false);

/// The offsets `peakmem.result_offsets` records for `fn`: for each operand
/// of the return of its entry block, `offsetOf` of it or of the value it is
/// a chain of entry-block view-like ops of (a result returned through a
/// reshape is at its slot's offset), else -1; nullopt when none is in
/// `offsetOf` (no result in the arena).
std::optional<llvm::SmallVector<int64_t>>
resultOffsets(mlir::Operation *fn,
              const llvm::DenseMap<mlir::Value, int64_t> &offsetOf);

/// Sets (or, with nullopt, removes) `peakmem.result_offsets` on `fn`.
void setResultOffsets(mlir::Operation *fn,
                      const std::optional<llvm::SmallVector<int64_t>> &offsets);

/// For each op of `entry` (the entry block of `fn`), the last step its uses
/// last: its own, or later when it starts asynchronous work
/// (peakmem/Analysis/AsyncWork.h: the step where that work may end).
llvm::DenseMap<mlir::Operation *, uint32_t>
asyncUsedUntil(mlir::Operation *fn, mlir::Block &entry,
               const llvm::DenseMap<mlir::Operation *, uint32_t> &pos);

/// How a pass names what it checks.
struct SlotRules {
  /// "peakmem-verify-arena".
  llvm::StringRef pass;
  /// "view" or "buffer".
  llvm::StringRef noun;
  /// The slot is an allocation (a recorded plan): memref.dealloc of the
  /// slot itself is allowed (materialization erases it).
  bool allocation = false;
  /// A slot may be returned by the function (its arena is the caller's:
  /// arena=argument); it is then live to the end of the function.
  bool returns = false;
};

/// One slot as the IR shows it.
struct ArenaSlot {
  /// The view, or the allocation with a recorded offset.
  mlir::Operation *op = nullptr;
  int64_t offset = 0;
  /// Bytes rounded up to `align`: what it occupies in the arena.
  int64_t size = 0;
  int64_t bytes = 0;
  int64_t align = 1;
  /// Its lives in entry-block steps, in order; `first` and `last` span them.
  llvm::SmallVector<LiveSegment> segments;
  uint32_t first = 0, last = 0;
  bool nested = false;
  /// Returned by the function (SlotRules::returns).
  bool result = false;
  /// The argument it stands for (kInputAttr), or -1.
  int64_t input = -1;

  mlir::Value value() const { return op->getResult(0); }
  /// As a root of the arena's bound problem.
  ArenaRoot root() const;
};

/// Reads the slot of `op` (a view or an allocation: one static memref
/// result) at `offset` in an arena of `arenaSize` bytes aligned to
/// `arenaAlign`, `pos` giving the step of each op of `entry`. Its alignment
/// is its element size rounded to a power of two, raised to its
/// `peakmem.align` and (an allocation) its `alignment`; `usedUntil` is
/// asyncUsedUntil. Emits an error at the offending op and fails when a rule
/// above does not hold.
mlir::FailureOr<ArenaSlot>
readSlot(mlir::Operation *op, int64_t offset, mlir::Block &entry,
         const llvm::DenseMap<mlir::Operation *, uint32_t> &pos,
         const llvm::DenseMap<mlir::Operation *, uint32_t> &usedUntil,
         int64_t arenaSize, int64_t arenaAlign, const SlotRules &rules);

/// The slots of a recorded plan of `fn` (every memref.alloc carrying
/// `peakmem.arena_offset`, in program order) read with `rules` in an arena
/// of `arenaSize` bytes aligned to `arenaAlign`; an offset on another op, or
/// not an i64, is an error. Empty when `fn` records no plan.
mlir::FailureOr<llvm::SmallVector<ArenaSlot>>
readPlannedSlots(mlir::Operation *fn, int64_t arenaSize, int64_t arenaAlign,
                 const SlotRules &rules);

/// Fails, with an error at the later slot and a note at the other, when two
/// slots live at the same time (per segment) share a byte.
mlir::LogicalResult checkSlotOverlaps(llvm::ArrayRef<ArenaSlot> slots,
                                      const SlotRules &rules);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_ARENASLOTS_H
