//===- VerifyArena.cpp - Re-check a static arena plan from the IR ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Independent of the planner: lifetimes are rebuilt from the planned IR (a
// view lives from itself to the last use of any view-like alias in its
// block; a use nested in an op counts for that op's whole step; a view in a
// nested block counts for its statement's whole step in the entry block) and
// every recorded number is checked against them. The bound is recomputed
// over every order on a clone of the function in which each view is an
// allocation again, freed after its last use, through the memory model and
// the core's bounds, and checked through a certificate.
//
//===----------------------------------------------------------------------===//

#include "VerifyArena.h"
#include "ArenaAliases.h"
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
#include "llvm/Support/MathExtras.h"

namespace peakmem {
#define GEN_PASS_DEF_VERIFYARENAPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

/// Same rule as the planner's, written again: regions that run one at a
/// time, so one arena slot serves every execution of a block.
static bool hasSequentialRegions(Operation *op) {
  return llvm::is_contained({"scf.for", "scf.if", "scf.while",
                             "scf.execute_region", "scf.index_switch",
                             "affine.for", "affine.if", "memref.alloca_scope"},
                            op->getName().getStringRef());
}

/// Every use of `root` and of its view-like aliases (view results pushed
/// transitively). Returns the first use that hides the lifetime (an alias
/// reaching a terminator, a non-view result, an address extraction or a
/// call, which may keep the address for a later call), or the async op a
/// use sits in (its region may run after it), else null.
static Operation *collectUses(Value root, SmallVectorImpl<Operation *> &users) {
  Block *home = root.getParentBlock();
  SmallVector<Value> work{root};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      users.push_back(user);
      if (user->getBlock() != home)
        for (Operation *p = user->getParentOp(); p; p = p->getParentOp()) {
          if (p->getName().getDialectNamespace() == "async")
            return p;
          if (p->getBlock() == home)
            break;
        }
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      if (view && view.getViewSource() == v) {
        for (Value r : user->getResults())
          if (isa<BaseMemRefType>(r.getType()))
            work.push_back(r);
        continue;
      }
      if (auto store = dyn_cast<memref::StoreOp>(user);
          store && store.getValueToStore() == v)
        return user;
      if (user->hasTrait<OpTrait::IsTerminator>() ||
          isa<memref::ExtractAlignedPointerAsIndexOp, memref::DeallocOp,
              CallOpInterface>(user) ||
          user->getName().getDialectNamespace() == "llvm" ||
          isa<UnrealizedConversionCastOp>(user) ||
          llvm::any_of(user->getResultTypes(),
                       [](Type t) { return isa<BaseMemRefType>(t); }))
        return user;
    }
  }
  return nullptr;
}

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
static FailureOr<Value> findArena(FunctionOpInterface fn, Block &entry,
                                  int64_t size, int64_t align) {
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
      type.getMemorySpace() || type.getDimSize(0) != size)
    return emitError(loc) << "peakmem-verify-arena: arena type "
                          << arena.getType()
                          << " disagrees with peakmem.arena_size = " << size
                          << " (expected memref<" << size << "xi8>)";
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

/// Reads one view: constant offset, static type, alignment, lifetime.
static FailureOr<ArenaView> readView(memref::ViewOp view, Block &entry,
                                     const DenseMap<Operation *, uint32_t> &pos,
                                     int64_t arenaSize, int64_t arenaAlign) {
  ArenaView v;
  v.op = view;
  APInt shift;
  if (!matchPattern(view.getByteShift(), m_ConstantInt(&shift)))
    return view.emitError() << "peakmem-verify-arena: view offset is not a "
                               "constant";
  v.offset = shift.getSExtValue();
  MemRefType type = view.getType();
  if (!type.hasStaticShape())
    return view.emitError() << "peakmem-verify-arena: view is not static";
  // The lowered view strides by LLVM's alloc size of the element (OpCost.h):
  // i24 takes 4 bytes, not MLIR's 3.
  std::optional<int64_t> elemSize = elementAllocSize(type.getElementType());
  if (!elemSize)
    return view.emitError() << "peakmem-verify-arena: cannot size the "
                               "element type of the view";
  int64_t elemBytes = *elemSize;
  v.bytes = type.getNumElements() * elemBytes;
  v.align =
      static_cast<int64_t>(llvm::PowerOf2Ceil(std::max<int64_t>(1, elemBytes)));
  if (auto attr = view->getAttrOfType<IntegerAttr>(kAlignAttr)) {
    if (attr.getInt() <= 0 ||
        !llvm::isPowerOf2_64(static_cast<uint64_t>(attr.getInt())))
      return view.emitError() << "peakmem-verify-arena: peakmem.align "
                              << attr.getInt() << " is not a power of two";
    v.align = std::max(v.align, attr.getInt());
  }
  v.size = alignTo(v.bytes, v.align);
  if (v.align > arenaAlign)
    return view.emitError() << "peakmem-verify-arena: view alignment "
                            << v.align << " exceeds the arena's " << arenaAlign;
  if (v.offset < 0 || v.offset % v.align)
    return view.emitError()
           << "peakmem-verify-arena: offset " << v.offset
           << " is not a multiple of the view's alignment " << v.align;
  if (v.offset > arenaSize - v.size)
    return view.emitError()
           << "peakmem-verify-arena: view [" << v.offset << ", "
           << v.offset + v.size << ") lies outside the arena of " << arenaSize
           << " bytes";
  if (std::optional<AliasOutside> outside =
          findAliasOutside(view.getResult(), v.size))
    return outside->op->emitError()
           << "peakmem-verify-arena: " << outside->describe(v.size)
           << " of the view [" << v.offset << ", " << v.offset + v.size << ")";
  SmallVector<Operation *> users;
  if (Operation *bad = collectUses(view.getResult(), users))
    return view.emitError()
           << "peakmem-verify-arena: the view's lifetime cannot be rebuilt: "
              "an alias is used by '"
           << bad->getName() << "'";
  Block *block = view->getBlock();
  if (block != &entry) {
    v.nested = true;
    for (Operation *p = block->getParentOp(); p && p->getBlock();
         p = p->getParentOp()) {
      if (!hasSequentialRegions(p))
        return view.emitError()
               << "peakmem-verify-arena: view inside '" << p->getName()
               << "', whose region may run concurrently";
      if (p->getBlock() == &entry)
        break;
    }
  }
  // A nested view is live for its statement's whole step; an entry-block
  // view from itself to its last use, in segments where a use overwrites
  // it whole after a gap (one value used for two lives, as after `cse`).
  v.segments = liveSegments(view.getResult(), entry, pos);
  v.first = v.segments.front().first;
  v.last = v.segments.back().last;
  if (v.nested)
    v.segments.front().last = v.last = v.first;
  return v;
}

namespace {

/// One life of one view.
struct ViewLife {
  const ArenaView *view;
  uint32_t first, last;
};

} // namespace

/// Two views live together on intersecting bytes, checked per segment:
/// lives sorted by first step, each against those starting while it is
/// live. Emits the error at the later view.
static LogicalResult checkOverlaps(ArrayRef<ArenaView> views) {
  std::vector<ViewLife> lives;
  for (const ArenaView &v : views)
    for (const LiveSegment &seg : v.segments)
      lives.push_back({&v, seg.first, seg.last});
  llvm::stable_sort(lives, [](const ViewLife &a, const ViewLife &b) {
    return a.first < b.first;
  });
  for (size_t i = 0; i < lives.size(); ++i)
    for (size_t j = i + 1; j < lives.size() && lives[j].first <= lives[i].last;
         ++j) {
      const ArenaView &u = *lives[i].view, &v = *lives[j].view;
      if (&u == &v || u.size == 0 || v.size == 0 ||
          u.offset >= v.offset + v.size || v.offset >= u.offset + u.size)
        continue;
      InFlightDiagnostic err = v.op.emitError();
      err << "peakmem-verify-arena: view [" << v.offset << ", "
          << v.offset + v.size << ") overlaps a view [" << u.offset << ", "
          << u.offset + u.size << ") live at the same time";
      err.attachNote(u.op.getLoc()) << "the other view";
      return failure();
    }
  return success();
}

namespace {

struct VerifyArenaPass : peakmem::impl::VerifyArenaPassBase<VerifyArenaPass> {
  using Base::Base;

  void runOnOperation() override {
    markAllAnalysesPreserved();
    FunctionsStatus status =
        runOnFunctions(getOperation(), getAnalysisManager(),
                       [&](FunctionOpInterface fn, AnalysisManager) {
                         if (fn.isExternal() || !fn->hasAttr(kArenaSizeAttr))
                           return FunctionStatus::Unchanged;
                         return failed(verify(fn)) ? FunctionStatus::Failed
                                                   : FunctionStatus::Unchanged;
                       });
    if (status.failed)
      signalPassFailure();
  }

  LogicalResult verify(FunctionOpInterface fn);
};

} // namespace

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
  Block &entry = fn.getFunctionBody().front();
  FailureOr<Value> arena = findArena(fn, entry, size, align);
  if (failed(arena))
    return failure();

  DenseMap<Operation *, uint32_t> pos;
  uint32_t step = 0;
  for (Operation &op : entry)
    pos[&op] = step++;
  SmallVector<ArenaView> views;
  Operation *arenaFree = nullptr;
  // Views in program order (uses are listed most recent first), so that an
  // overlap is reported at the later of the two.
  SmallVector<memref::ViewOp> arenaViews;
  fn.getFunctionBody().walk([&](memref::ViewOp view) {
    if (view.getSource() == *arena)
      arenaViews.push_back(view);
  });
  for (memref::ViewOp view : arenaViews) {
    FailureOr<ArenaView> v = readView(view, entry, pos, size, align);
    if (failed(v))
      return failure();
    views.push_back(*v);
  }
  for (Operation *user : arena->getUsers()) {
    auto view = dyn_cast<memref::ViewOp>(user);
    if (view && view.getSource() == *arena)
      continue;
    if (isa<memref::DeallocOp>(user) && user->getBlock() == &entry &&
        !arenaFree && arena->getDefiningOp()) {
      arenaFree = user;
      continue;
    }
    return user->emitError()
           << "peakmem-verify-arena: the arena is used by '" << user->getName()
           << "': only views and one dealloc may use it";
  }
  if (arenaFree)
    for (const ArenaView &v : views)
      if (v.last >= pos.lookup(arenaFree))
        return arenaFree->emitError()
               << "peakmem-verify-arena: the arena is freed while a view is "
                  "live";

  // Views in program order: an overlap is reported at the later one.
  if (failed(checkOverlaps(views)))
    return failure();

  if (bound > size)
    return fn.emitError() << "peakmem-verify-arena: peakmem.arena_lower_bound "
                          << bound << " exceeds peakmem.arena_size " << size;
  if (optimal.getValue() != (bound == size))
    return fn.emitError() << "peakmem-verify-arena: peakmem.arena_optimal is "
                          << (optimal.getValue() ? "true" : "false")
                          << " but the arena is " << size
                          << " bytes and the bound " << bound;
  return checkArenaBound(fn, *arena, views, bound);
}
