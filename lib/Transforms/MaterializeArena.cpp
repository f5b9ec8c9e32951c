//===- MaterializeArena.cpp - A recorded arena plan becomes views --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A recorded plan (peakmem-plan-arena{materialize=false}, or by hand):
//
//   func.func @f(...) attributes {peakmem.arena_size = 512 : i64,
//                                 peakmem.arena_alignment = 4 : i64} {
//     %a = memref.alloc() {peakmem.arena_offset = 0 : i64} : memref<64xf32>
//     ...
//     memref.dealloc %a : memref<64xf32>
//     %c = memref.alloc() {peakmem.arena_offset = 0 : i64} : memref<64xf32>
//
// becomes (arena=alloc; arena=argument adds `%arena: memref<512xi8>
// {peakmem.arena}` to the signature instead of the alloc and its dealloc,
// and a result may then be a slot too: the function returns its view and
// records its offset in peakmem.result_offsets):
//
//     %arena = memref.alloc() {alignment = 4 : i64, peakmem.arena}
//         : memref<512xi8>
//     %c0 = arith.constant 0 : index
//     %a = memref.view %arena[%c0][] {peakmem.align = 4 : i64}
//         : memref<512xi8> to memref<64xf32>
//     ...                                    // no dealloc of %a
//     %c0_0 = arith.constant 0 : index
//     %c = memref.view %arena[%c0_0][] {peakmem.align = 4 : i64} ...
//     memref.dealloc %arena : memref<512xi8> // before the terminator
//
// Ops are otherwise untouched: outputs stay bitwise identical.
//
//===----------------------------------------------------------------------===//

#include "MaterializeArena.h"
#include "ArenaRequest.h"
#include "ArenaSlots.h"
#include "PlanArenaSelect.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Analysis/OpCost.h"
#include "peakmem/Transforms/AttrNames.h"
#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Transforms/OptionChecks.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "peakmem-materialize-arena"

STATISTIC(numArenas, "Arenas materialized");
STATISTIC(numViews, "Allocations turned into views of an arena");
STATISTIC(numPadded, "Arenas requested with more bytes than planned");

namespace peakmem {
#define GEN_PASS_DEF_MATERIALIZEARENAPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

/// The arena value of `fn`: a `memref.alloc` at the start of the body freed
/// before the terminator (`mode` alloc), or a new trailing argument
/// (argument).
static FailureOr<Value> createArena(FunctionOpInterface fn, StringRef mode,
                                    int64_t size, int64_t align,
                                    StringRef pass) {
  OpBuilder b(fn.getContext());
  Block &body = fn.getFunctionBody().front();
  auto arenaType = MemRefType::get({size}, b.getI8Type());
  if (mode == "alloc") {
    b.setInsertionPointToStart(&body);
    auto arenaAlloc = memref::AllocOp::create(b, fn.getLoc(), arenaType,
                                              b.getI64IntegerAttr(align));
    arenaAlloc->setAttr(kArenaAttr, b.getUnitAttr());
    if (!body.empty() && body.back().hasTrait<OpTrait::IsTerminator>())
      b.setInsertionPoint(&body.back());
    else
      b.setInsertionPointToEnd(&body);
    memref::DeallocOp::create(b, fn.getLoc(), arenaAlloc);
    return Value(arenaAlloc);
  }
  unsigned index = fn.getNumArguments();
  auto attrs = b.getDictionaryAttr(b.getNamedAttr(kArenaAttr, b.getUnitAttr()));
  if (failed(fn.insertArgument(index, arenaType, attrs, fn.getLoc())))
    return fn.emitError() << pass << ": cannot add the arena argument";
  return fn.getArgument(index);
}

/// Replaces the allocation of every slot by a view of `arena` at its offset
/// and erases its deallocs. Returns each view's offset.
static DenseMap<Value, int64_t> rewriteIntoArena(Value arena,
                                                 ArrayRef<ArenaSlot> slots) {
  DenseMap<Value, int64_t> offsetOf;
  OpBuilder b(arena.getContext());
  for (const ArenaSlot &s : slots) {
    Operation *alloc = s.op;
    b.setInsertionPoint(alloc);
    Location loc = alloc->getLoc();
    Value shift = arith::ConstantIndexOp::create(b, loc, s.offset);
    auto type = cast<MemRefType>(alloc->getResult(0).getType());
    auto view =
        memref::ViewOp::create(b, loc, type, arena, shift, ValueRange{});
    view->setAttr(kAlignAttr, b.getI64IntegerAttr(s.align));
    if (Attribute input = alloc->getAttr(kInputAttr))
      view->setAttr(kInputAttr, input);
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      if (isa<memref::DeallocOp>(user))
        user->erase();
    alloc->getResult(0).replaceAllUsesWith(view.getResult());
    alloc->erase();
    offsetOf[view.getResult()] = s.offset;
  }
  return offsetOf;
}

/// The input slots (kInputAttr) of a recorded plan: each stands for a
/// distinct argument of `fn` of its type that nothing uses any more (its
/// uses read the slot), and only an arena argument may hold them. Emits an
/// error at the slot otherwise.
static LogicalResult checkInputSlots(FunctionOpInterface fn,
                                     ArrayRef<ArenaSlot> slots,
                                     const MaterializeOptions &options) {
  llvm::SmallDenseSet<int64_t> seen;
  for (const ArenaSlot &s : slots) {
    if (s.input < 0)
      continue;
    if (s.input >= fn.getNumArguments() || !seen.insert(s.input).second ||
        !fn.getArgument(s.input).use_empty() ||
        fn.getArgument(s.input).getType() != s.value().getType())
      return s.op->emitError()
             << options.pass << ": " << kInputAttr << " = " << s.input
             << " must name a distinct, otherwise unused argument of the "
                "slot's type";
    if (options.mode != "argument")
      return s.op->emitError() << options.pass << ": an input slot needs "
                               << "arena=argument";
  }
  return success();
}

/// Drops the arguments the input slots stand for (none uses them) and
/// records `peakmem.input_offsets`: one entry per argument of `fn` before
/// the arena was added (`numArgs`), the input's offset or -1.
static void dropInputArguments(FunctionOpInterface fn, unsigned numArgs,
                               const DenseMap<Value, int64_t> &offsetOf) {
  SmallVector<int64_t> offsets(numArgs, -1);
  llvm::BitVector drop(fn.getNumArguments());
  bool any = false;
  for (auto [view, offset] : offsetOf)
    if (auto input =
            view.getDefiningOp()->getAttrOfType<IntegerAttr>(kInputAttr)) {
      offsets[input.getInt()] = offset;
      drop.set(input.getInt());
      any = true;
    }
  if (!any)
    return;
  (void)fn.eraseArguments(drop);
  fn->setAttr(kInputOffsetsAttr,
              DenseI64ArrayAttr::get(fn.getContext(), offsets));
}

/// Drops the claims about the old ops and sets the peak of the materialized
/// IR: `peakWithoutArena` plus the arena's allocation when known, else from
/// a model of the IR.
static void updatePeak(FunctionOpInterface fn, Value arena,
                       std::optional<int64_t> peakWithoutArena) {
  std::optional<int64_t> arenaBytes = 0;
  if (arena.getDefiningOp<memref::AllocOp>())
    arenaBytes = allocationBytes(arena);
  if (!peakWithoutArena || !arenaBytes) {
    MemoryModel after(fn);
    refreshAttrsAfterChange(fn, &after);
    return;
  }
  // Views and constants add no operations: keep peakmem.macs and .ops.
  Attribute macs = fn->getAttr(kMacsAttr), ops = fn->getAttr(kOpsAttr);
  refreshAttrsAfterChange(fn, nullptr);
  setPeakAttr(fn, *peakWithoutArena + *arenaBytes);
  if (macs)
    fn->setAttr(kMacsAttr, macs);
  if (ops)
    fn->setAttr(kOpsAttr, ops);
}

/// The arena memref's bytes: the recorded peakmem.arena_request (at least
/// `size`), else, with allocator=caching, one chosen and recorded now
/// (ArenaRequest.h), else `size`. Emits an error at `fn` for a bad record.
static FailureOr<int64_t> requestedBytes(FunctionOpInterface fn,
                                         const MaterializeOptions &options,
                                         int64_t size, int64_t align) {
  if (Attribute attr = fn->getAttr(kArenaRequestAttr)) {
    auto request = dyn_cast<IntegerAttr>(attr);
    if (!request || !request.getType().isInteger(64) || request.getInt() < size)
      return fn.emitError() << options.pass << ": " << kArenaRequestAttr
                            << " must be an i64 of at least " << kArenaSizeAttr
                            << " = " << size;
    return request.getInt();
  }
  if (options.allocator != "caching")
    return size;
  ArenaRequest request = chooseArenaRequest(fn, options.allocator, size, align);
  recordArenaRequest(fn, request);
  return request.bytes;
}

bool peakmem::hasRecordedPlan(FunctionOpInterface fn) {
  if (fn.isExternal())
    return false;
  return fn
      ->walk([](Operation *op) {
        return op->hasAttr(kArenaOffsetAttr) ? WalkResult::interrupt()
                                             : WalkResult::advance();
      })
      .wasInterrupted();
}

FunctionStatus peakmem::materializeArena(FunctionOpInterface fn,
                                         const MaterializeOptions &options) {
  if (!hasRecordedPlan(fn))
    return FunctionStatus::Unchanged;
  auto size = fn->getAttrOfType<IntegerAttr>(kArenaSizeAttr);
  auto align = fn->getAttrOfType<IntegerAttr>(kArenaAlignmentAttr);
  if (!size || !align || size.getInt() < 0 || align.getInt() <= 0 ||
      !llvm::isPowerOf2_64(static_cast<uint64_t>(align.getInt()))) {
    fn.emitError() << options.pass << ": a recorded plan needs "
                   << kArenaSizeAttr << " (>= 0) and " << kArenaAlignmentAttr
                   << " (a power of two)";
    return FunctionStatus::Failed;
  }
  // Results may be slots only in an arena the caller owns.
  SlotRules rules{options.pass, "buffer", /*allocation=*/true,
                  /*returns=*/options.mode == "argument"};
  FailureOr<SmallVector<ArenaSlot>> slots =
      readPlannedSlots(fn, size.getInt(), align.getInt(), rules);
  if (failed(slots) || failed(checkSlotOverlaps(*slots, rules)) ||
      failed(checkInputSlots(fn, *slots, options)))
    return FunctionStatus::Failed;
  FailureOr<int64_t> bytes =
      requestedBytes(fn, options, size.getInt(), align.getInt());
  if (failed(bytes))
    return FunctionStatus::Failed;
  if (*bytes > size.getInt())
    ++numPadded;
  LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE << ": '" << fn.getName() << "' "
                          << slots->size() << " slots in an arena of "
                          << size.getInt() << " bytes, requested as " << *bytes
                          << "\n");
  const unsigned numArgs = fn.getNumArguments();
  FailureOr<Value> arena =
      createArena(fn, options.mode, *bytes, align.getInt(), options.pass);
  if (failed(arena))
    return FunctionStatus::Failed;
  DenseMap<Value, int64_t> offsetOf = rewriteIntoArena(*arena, *slots);
  setResultOffsets(fn, resultOffsets(fn, offsetOf));
  dropInputArguments(fn, numArgs, offsetOf);
  ++numArenas;
  numViews += slots->size();
  updatePeak(fn, *arena, options.peakWithoutArena);
  return FunctionStatus::Changed;
}

namespace {

struct MaterializeArenaPass
    : peakmem::impl::MaterializeArenaPassBase<MaterializeArenaPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    return reportOptionError(context, getArgument(), [&] {
      std::string error =
          checkArenaOptions(arena, /*alignment=*/1, /*allowNone=*/false);
      return error.empty() ? checkAllocatorOption(allocator) : error;
    }());
  }

  void runOnOperation() override {
    std::optional<CallerIndex> callers;
    if (arena == "argument")
      callers = CallerIndex::build(getOperation());
    FunctionsStatus status = runOnFunctions(
        getOperation(), getAnalysisManager(),
        [&](FunctionOpInterface fn, AnalysisManager) {
          if (callers && hasRecordedPlan(fn))
            if (std::string why = callers->argumentRefusal(fn); !why.empty()) {
              emitRemark(fn.getLoc())
                  << "peakmem-materialize-arena: '" << fn.getName()
                  << "' left unchanged: arena=argument refused: " << why;
              return FunctionStatus::Unchanged;
            }
          FunctionStatus s =
              materializeArena(fn, {arena, std::nullopt,
                                    "peakmem-materialize-arena", allocator});
          if (s == FunctionStatus::Changed && emitRemarks)
            emitRemark(fn.getLoc())
                << "peakmem-materialize-arena: '" << fn.getName()
                << "' arena of "
                << fn->getAttrOfType<IntegerAttr>(kArenaSizeAttr).getInt()
                << " bytes materialized";
          return s;
        });
    if (status.failed)
      return signalPassFailure();
    if (!status.changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
