//===- VerifyArena.cpp - Re-check a static arena plan from the IR ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Independent of the planner (never called): lifetimes are rebuilt from the
// planned IR (ArenaSlots.h: a slot lives from itself to the last use of any
// view-like alias, per segment; a use nested in an op counts for that op's
// whole step; a slot in a nested block for its statement's whole step in
// the entry block) and every recorded number is checked against them. The
// bound is checked from its recorded certificate on the problem
// ArenaBoundProblem.h rebuilds from the IR, by the checker of
// peakmem-verify-certificate: nothing is solved and nothing is timed. A
// plan recorded but not materialized (peakmem.arena_offset on the
// allocations) is checked by the same rules.
//
//===----------------------------------------------------------------------===//

#include "VerifyArena.h"
#include "ArenaAliases.h"
#include "ArenaCalls.h"
#include "ArenaRequest.h"
#include "MaterializeArena.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Analysis/OpCost.h"
#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Core/Bounds/ExhaustiveCheck.h"
#include "peakmem/Transforms/AttrNames.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "peakmem-verify-arena"

STATISTIC(numVerified, "Functions whose arena plan was accepted");
STATISTIC(numRejected, "Functions whose arena plan was rejected");
STATISTIC(numSlotsChecked, "Views or planned buffers checked");

namespace peakmem {
#define GEN_PASS_DEF_VERIFYARENAPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

static LogicalResult getI64(FunctionOpInterface fn, StringRef name,
                            int64_t &out) {
  auto attr = fn->getAttrOfType<IntegerAttr>(name);
  if (!attr || !attr.getType().isInteger(64))
    return fn.emitError() << "peakmem-verify-arena: missing or non-i64 '"
                          << name << "'";
  out = attr.getInt();
  return success();
}

/// The arena: the one entry-block memref.alloc or argument marked
/// `peakmem.arena`, a static identity memref<Nxi8> in the default space.
/// The bytes of the arena memref: peakmem.arena_request when recorded (at
/// least `size`, with its rule), else `size`.
static FailureOr<int64_t> arenaBytes(FunctionOpInterface fn, int64_t size) {
  Attribute attr = fn->getAttr(kArenaRequestAttr);
  if (!attr)
    return size;
  auto request = dyn_cast<IntegerAttr>(attr);
  if (!request || !request.getType().isInteger(64) || request.getInt() < size)
    return fn.emitError() << "peakmem-verify-arena: " << kArenaRequestAttr
                          << " must be an i64 of at least peakmem.arena_size = "
                          << size;
  if (!fn->getAttrOfType<StringAttr>(kArenaRequestRuleAttr))
    return fn.emitError() << "peakmem-verify-arena: " << kArenaRequestAttr
                          << " without a string " << kArenaRequestRuleAttr;
  return request.getInt();
}

static FailureOr<Value> findArena(FunctionOpInterface fn, Block &entry,
                                  int64_t size, int64_t align) {
  FailureOr<int64_t> bytes = arenaBytes(fn, size);
  if (failed(bytes))
    return failure();
  SmallVector<Value> found;
  for (BlockArgument arg : entry.getArguments())
    if (fn.getArgAttr(arg.getArgNumber(), kArenaAttr))
      found.push_back(arg);
  for (Operation &op : entry)
    if (op.hasAttr(kArenaAttr))
      found.push_back(op.getNumResults() == 1 ? op.getResult(0) : Value());
  if (found.size() != 1 || !found[0])
    return fn.emitError() << "peakmem-verify-arena: expected exactly one "
                             "arena (an entry-block memref.alloc or argument "
                             "marked 'peakmem.arena'), found "
                          << found.size();
  Value arena = found[0];
  auto type = dyn_cast<MemRefType>(arena.getType());
  Location loc = arena.getLoc();
  if (!type || type.getRank() != 1 || !type.hasStaticShape() ||
      !type.getElementType().isInteger(8) || !type.getLayout().isIdentity() ||
      type.getMemorySpace() || type.getDimSize(0) != *bytes)
    return emitError(loc) << "peakmem-verify-arena: arena type "
                          << arena.getType() << " disagrees with "
                          << (*bytes == size ? "peakmem.arena_size = "
                                             : "peakmem.arena_request = ")
                          << *bytes << " (expected memref<" << *bytes
                          << "xi8>)";
  if (auto alloc = arena.getDefiningOp<memref::AllocOp>()) {
    if (static_cast<int64_t>(alloc.getAlignment().value_or(0)) != align)
      return alloc.emitError()
             << "peakmem-verify-arena: arena alignment "
             << alloc.getAlignment().value_or(0)
             << " disagrees with peakmem.arena_alignment = " << align;
  } else if (!isa<BlockArgument>(arena)) {
    return emitError(loc) << "peakmem-verify-arena: the arena must be a "
                             "memref.alloc or an argument";
  }
  return arena;
}

/// How the verifier names what it checks.
static const SlotRules kViewRules{"peakmem-verify-arena", "view",
                                  /*allocation=*/false};

/// Reads one view: constant offset, then the slot rules (ArenaSlots.h).
static FailureOr<ArenaSlot>
readView(memref::ViewOp view, Block &entry,
         const DenseMap<Operation *, uint32_t> &pos,
         const DenseMap<Operation *, uint32_t> &usedUntil, int64_t arenaSize,
         int64_t arenaAlign, const SlotRules &rules) {
  APInt shift;
  if (!matchPattern(view.getByteShift(), m_ConstantInt(&shift)))
    return view.emitError() << "peakmem-verify-arena: view offset is not a "
                               "constant";
  return readSlot(view, shift.getSExtValue(), entry, pos, usedUntil, arenaSize,
                  arenaAlign, rules);
}

namespace {

struct VerifyArenaPass : peakmem::impl::VerifyArenaPassBase<VerifyArenaPass> {
  using Base::Base;

  void runOnOperation() override {
    markAllAnalysesPreserved();
    FunctionsStatus status =
        runOnFunctions(getOperation(), getAnalysisManager(),
                       [&](FunctionOpInterface fn, AnalysisManager) {
                         if (fn.isExternal())
                           return FunctionStatus::Unchanged;
                         // Slots passed to callees' arenas (ArenaCalls.h).
                         if (failed(checkCalleeArenaSlots(fn))) {
                           ++numRejected;
                           return FunctionStatus::Failed;
                         }
                         if (!fn->hasAttr(kArenaSizeAttr))
                           return FunctionStatus::Unchanged;
                         if (failed(verify(fn))) {
                           ++numRejected;
                           return FunctionStatus::Failed;
                         }
                         ++numVerified;
                         return FunctionStatus::Unchanged;
                       });
    if (status.failed)
      signalPassFailure();
  }

  LogicalResult verify(FunctionOpInterface fn);
};

} // namespace

/// The results in the arena, checked against `peakmem.result_offsets`:
/// each result that is a slot (returned as its view or planned allocation)
/// at the offset recorded for it, every other result recorded as -1 (the
/// attribute is required when a slot is returned, and has one entry per
/// result). A slot's own checks (ArenaSlots.h) already hold: aligned,
/// inside the arena, live to the end and overlapping nothing live with it.
static LogicalResult checkResultOffsets(FunctionOpInterface fn,
                                        ArrayRef<ArenaSlot> slots) {
  DenseMap<Value, int64_t> offsetOf;
  for (const ArenaSlot &s : slots)
    if (s.result)
      offsetOf[s.value()] = s.offset;
  std::optional<SmallVector<int64_t>> expected = resultOffsets(fn, offsetOf);
  Attribute attr = fn->getAttr(kResultOffsetsAttr);
  if (!attr && !expected)
    return success();
  auto recorded = dyn_cast_or_null<DenseI64ArrayAttr>(attr);
  if (!recorded)
    return fn.emitError() << "peakmem-verify-arena: a result is a slot of "
                             "the arena but '"
                          << kResultOffsetsAttr
                          << "' is missing or not an array<i64>";
  Operation *ret = &fn.getFunctionBody().front().back();
  SmallVector<int64_t> want =
      expected.value_or(SmallVector<int64_t>(ret->getNumOperands(), -1));
  if (recorded.size() != static_cast<int64_t>(want.size()))
    return fn.emitError() << "peakmem-verify-arena: '" << kResultOffsetsAttr
                          << "' has " << recorded.size() << " entries for "
                          << want.size() << " results";
  for (size_t i = 0; i < want.size(); ++i)
    if (recorded[i] != want[i])
      return ret->emitError()
             << "peakmem-verify-arena: result #" << i << " is "
             << (want[i] < 0 ? std::string("not in the arena")
                             : "at offset " + std::to_string(want[i]))
             << " but '" << kResultOffsetsAttr << "' records " << recorded[i];
  return success();
}

/// The views of `arena` in `fn`, read as slots (program order, so that an
/// overlap is reported at the later of two), and the arena used only by
/// them and, for an allocated arena, one dealloc after every view's life.
/// A view may be returned only from an arena the caller owns (an argument).
static FailureOr<SmallVector<ArenaSlot>>
readViews(FunctionOpInterface fn, Value arena, int64_t size, int64_t align) {
  Block &entry = fn.getFunctionBody().front();
  DenseMap<Operation *, uint32_t> pos;
  for (Operation &op : entry)
    pos[&op] = pos.size();
  // Asynchronous work keeps the views it uses live until it may end.
  DenseMap<Operation *, uint32_t> usedUntil = asyncUsedUntil(fn, entry, pos);
  SmallVector<memref::ViewOp> arenaViews;
  fn.getFunctionBody().walk([&](memref::ViewOp view) {
    if (view.getSource() == arena)
      arenaViews.push_back(view);
  });
  SmallVector<ArenaSlot> views;
  SlotRules rules = kViewRules;
  rules.returns = isa<BlockArgument>(arena);
  for (memref::ViewOp view : arenaViews) {
    FailureOr<ArenaSlot> v =
        readView(view, entry, pos, usedUntil, size, align, rules);
    if (failed(v))
      return failure();
    views.push_back(*v);
  }
  Operation *arenaFree = nullptr;
  for (Operation *user : arena.getUsers()) {
    auto view = dyn_cast<memref::ViewOp>(user);
    if (view && view.getSource() == arena)
      continue;
    if (isa<memref::DeallocOp>(user) && user->getBlock() == &entry &&
        !arenaFree && arena.getDefiningOp()) {
      arenaFree = user;
      continue;
    }
    return user->emitError()
           << "peakmem-verify-arena: the arena is used by '" << user->getName()
           << "': only views and one dealloc may use it";
  }
  if (arenaFree)
    for (const ArenaSlot &v : views)
      if (v.last >= pos.lookup(arenaFree))
        return arenaFree->emitError()
               << "peakmem-verify-arena: the arena is freed while a view is "
                  "live";
  return views;
}

LogicalResult VerifyArenaPass::verify(FunctionOpInterface fn) {
  int64_t size, align, bound;
  if (failed(getI64(fn, kArenaSizeAttr, size)) ||
      failed(getI64(fn, kArenaAlignmentAttr, align)) ||
      failed(getI64(fn, kArenaLowerBoundAttr, bound)))
    return failure();
  auto optimal = fn->getAttrOfType<BoolAttr>(kArenaOptimalAttr);
  if (!optimal)
    return fn.emitError() << "peakmem-verify-arena: missing or non-bool "
                             "'peakmem.arena_optimal'";
  if (align <= 0 || !llvm::isPowerOf2_64(static_cast<uint64_t>(align)))
    return fn.emitError() << "peakmem-verify-arena: peakmem.arena_alignment "
                          << align << " is not a power of two";
  // A recorded plan (before materialization) is checked by the same rules
  // on its allocations; a materialized one on the views of its arena.
  Value arena;
  FailureOr<SmallVector<ArenaSlot>> slots = failure();
  SlotRules rules = kViewRules;
  if (hasRecordedPlan(fn)) {
    // A planned result says so (it may be materialized with arena=argument
    // only).
    rules = {"peakmem-verify-arena", "buffer", /*allocation=*/true,
             /*returns=*/fn->hasAttr(kResultOffsetsAttr)};
    slots = readPlannedSlots(fn, size, align, rules);
  } else {
    FailureOr<Value> found =
        findArena(fn, fn.getFunctionBody().front(), size, align);
    if (failed(found))
      return failure();
    arena = *found;
    slots = readViews(fn, arena, size, align);
  }
  if (failed(slots) || failed(checkSlotOverlaps(*slots, rules)) ||
      failed(checkResultOffsets(fn, *slots)))
    return failure();
  if (bound > size)
    return fn.emitError() << "peakmem-verify-arena: peakmem.arena_lower_bound "
                          << bound << " exceeds peakmem.arena_size " << size;
  if (optimal.getValue() != (bound == size))
    return fn.emitError() << "peakmem-verify-arena: peakmem.arena_optimal is "
                          << (optimal.getValue() ? "true" : "false")
                          << " but the arena is " << size
                          << " bytes and the bound " << bound;
  numSlotsChecked += slots->size();
  LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE << ": '" << fn.getName() << "' "
                          << slots->size() << " " << rules.noun
                          << "s checked in an arena of " << size
                          << " bytes; bound " << bound << "\n");
  return checkArenaBound(fn, arena, *slots, bound, maxWork);
}
