//===- ArenaSlots.cpp - The buffers of an arena as the IR shows them -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ArenaSlots.h"
#include "ArenaAliases.h"
#include "ArenaCalls.h"
#include "peakmem/Analysis/AsyncWork.h"
#include "peakmem/Analysis/OpCost.h"
#include "peakmem/Analysis/OpSemantics.h"
#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Transforms/AttrNames.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace peakmem;

bool peakmem::runsOneAtATime(Operation *op) {
  return getRegionExecution(op) == RegionExecution::Sequential;
}

DenseMap<Operation *, uint32_t>
peakmem::asyncUsedUntil(Operation *fn, Block &entry,
                        const DenseMap<Operation *, uint32_t> &pos) {
  DenseMap<Operation *, uint32_t> usedUntil;
  AsyncWorkEnds async = findAsyncWorkEnds(fn);
  for (Operation &op : entry) {
    usedUntil[&op] = pos.lookup(&op);
    for (Operation *end : async.ends.lookup(&op))
      usedUntil[&op] = std::max(usedUntil[&op], pos.lookup(end));
  }
  return usedUntil;
}

ArenaRoot ArenaSlot::root() const {
  return {value(), bytes, size, align, nested, segments, input >= 0};
}

static bool isResultChain(Value v, Value root);

/// Why a use by `user` of `v` (an alias of the slot's buffer, not passed
/// on by a view-like op) hides the lifetime, or "" when it does not.
static std::string hidingReason(Operation *user, Value v, Value root,
                                bool allocation, bool returns) {
  std::string name = user->getName().getStringRef().str();
  if (isa<memref::DeallocOp>(user))
    return allocation && v == root ? ""
                                   : "an alias is freed by 'memref.dealloc'";
  // A result in the caller's arena: the buffer itself or a view of it
  // (reshape, collapse/expand_shape, subview, cast, chains of them).
  if (returns && isFunctionReturn(user, v) && isResultChain(v, root))
    return {};
  if (user->hasTrait<OpTrait::IsTerminator>())
    return "an alias is passed on by '" + name + "'";
  if (auto store = dyn_cast<memref::StoreOp>(user);
      store && store.getValueToStore() == v)
    return "its address is stored to memory by 'memref.store'";
  if (isa<memref::ExtractAlignedPointerAsIndexOp, UnrealizedConversionCastOp>(
          user) ||
      user->getName().getDialectNamespace() == "llvm")
    return "its address is taken by '" + name + "'";
  if (auto call = dyn_cast<CallOpInterface>(user)) {
    std::string why = passesCalleeArena(call, v, root); // ArenaCalls.h
    return why.empty() ? ""
                       : "its address is passed to '" + name +
                             "', which may keep it: " + why;
  }
  // A registered DMA start or wait (OpSemantics.h) accesses the memrefs of
  // its transfer only, until the wait (AsyncWork.h extends the uses there).
  if (getTransferStarted(user) || getTransferWaited(user))
    return {};
  if (!isa<MemoryEffectOpInterface>(user) &&
      !user->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return "its address is passed to '" + name +
           "', which has no memory-effect interface (it may keep the "
           "address, as a call may)";
  // A result that may carry the address (a memref, a pointer, a token of
  // asynchronous work on it): only plain values are not.
  auto plain = [](Type t) {
    if (auto v = dyn_cast<VectorType>(t))
      t = v.getElementType();
    if (auto c = dyn_cast<ComplexType>(t))
      t = c.getElementType();
    return isa<IntegerType, FloatType, IndexType>(t);
  };
  if (!llvm::all_of(user->getResultTypes(), plain))
    return "an alias flows into a result of '" + name + "'";
  return {};
}

/// Whether `p`, which the registry does not describe (RegionExecution::
/// Unknown), still runs its regions within itself, all before it returns: a
/// linalg op (its payload computes its elements), or a region-branch op
/// without asynchronous handles whose every region ends in region-branch
/// terminators that lead to its regions or back to it.
static bool regionsEndBeforeReturn(Operation *p) {
  if (isa<linalg::LinalgOp>(p))
    return true;
  auto branch = dyn_cast<RegionBranchOpInterface>(p);
  if (!branch || llvm::any_of(p->getResultTypes(), isAsyncHandleType))
    return false;
  bool returns = false;
  for (Region &region : p->getRegions())
    for (Block &block : region) {
      auto term =
          block.empty()
              ? nullptr
              : dyn_cast<RegionBranchTerminatorOpInterface>(&block.back());
      if (!term)
        return false;
      SmallVector<RegionSuccessor> next;
      branch.getSuccessorRegions(RegionBranchPoint(term), next);
      returns |= llvm::any_of(
          next, [](const RegionSuccessor &r) { return r.isParent(); });
    }
  return returns;
}

bool peakmem::isFunctionReturn(Operation *user, Value v) {
  Block *block = v.getParentBlock();
  Operation *parent = block ? block->getParentOp() : nullptr;
  return user->hasTrait<OpTrait::ReturnLike>() && user->getBlock() == block &&
         parent && isa<FunctionOpInterface>(parent) &&
         block == &parent->getRegion(0).front();
}

bool peakmem::isResultViewOp(Operation *op) {
  return isa<memref::ReshapeOp, memref::CollapseShapeOp, memref::ExpandShapeOp,
             memref::SubViewOp, memref::CastOp>(op);
}

/// Whether `v` is `root` or a chain of isResultViewOp ops of it.
static bool isResultChain(Value v, Value root) {
  while (v != root) {
    Operation *def = v.getDefiningOp();
    if (!def || !isResultViewOp(def))
      return false;
    v = cast<ViewLikeOpInterface>(def).getViewSource();
  }
  return true;
}

bool peakmem::isReturnedThroughViews(Value root) {
  SmallVector<Value> work{root};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (isFunctionReturn(user, v))
        return true;
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      if (view && view.getViewSource() == v && isResultViewOp(user))
        for (Value r : user->getResults())
          if (isa<BaseMemRefType>(r.getType()))
            work.push_back(r);
    }
  }
  return false;
}

Operation *peakmem::findWrite(Value root, bool allocation) {
  SmallVector<Value> work{root};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      if (view && view.getViewSource() == v) {
        for (Value r : user->getResults())
          if (isa<BaseMemRefType>(r.getType()))
            work.push_back(r);
        continue;
      }
      if (allocation && v == root && isa<memref::DeallocOp>(user))
        continue;
      auto effects = dyn_cast<MemoryEffectOpInterface>(user);
      if (!effects)
        return user;
      SmallVector<MemoryEffects::EffectInstance> list;
      effects.getEffects(list);
      for (const MemoryEffects::EffectInstance &e : list)
        if (isa<MemoryEffects::Write, MemoryEffects::Free>(e.getEffect()) &&
            (!e.getValue() || e.getValue() == v))
          return user;
    }
  }
  return nullptr;
}

/// The input rules of a slot standing for an argument (kInputAttr): an
/// entry-block slot, never written; it is live from the entry.
static LogicalResult readInput(Operation *op, Block &entry, ArenaSlot &s,
                               const SlotRules &rules) {
  auto attr = op->getAttrOfType<IntegerAttr>(kInputAttr);
  if (!attr || !attr.getType().isInteger(64) || attr.getInt() < 0)
    return op->emitError() << rules.pass << ": " << kInputAttr
                           << " must be a non-negative i64";
  if (!rules.returns)
    return op->emitError() << rules.pass << ": an input slot needs an arena "
                           << "the caller owns (arena=argument)";
  if (op->getBlock() != &entry)
    return op->emitError() << rules.pass << ": an input slot must be in the "
                           << "entry block";
  if (Operation *writer = findWrite(s.value(), rules.allocation))
    return writer->emitError()
           << rules.pass << ": '" << writer->getName() << "' may write input #"
           << attr.getInt() << " in the arena (an input is read only)";
  s.input = attr.getInt();
  // The caller wrote it before the call: live from the entry, in one
  // segment, to its last use.
  LiveSegment whole = s.segments.front();
  for (const LiveSegment &seg : llvm::drop_begin(s.segments))
    whole.uses.append(seg.uses.begin(), seg.uses.end());
  whole.first = 0;
  whole.last = s.segments.back().last;
  whole.subFirst = 0;
  whole.subLast = LiveSegment::kWholeStep;
  s.segments.assign(1, whole);
  return success();
}

std::optional<HiddenUse> peakmem::findHiddenUse(Value root, bool allocation,
                                                bool returns) {
  Block *home = root.getParentBlock();
  SmallVector<Value> work{root};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (user->getBlock() != home)
        for (Operation *p = user->getParentOp(); p; p = p->getParentOp()) {
          RegionExecution how = getRegionExecution(p);
          if (how == RegionExecution::Deferred)
            return HiddenUse{p, ("it is used inside '" +
                                 p->getName().getStringRef() +
                                 "', whose region may run after it")
                                    .str()};
          if (how == RegionExecution::Unknown && !regionsEndBeforeReturn(p))
            return HiddenUse{p, ("it is used inside '" +
                                 p->getName().getStringRef() +
                                 "', whose regions are not known to run "
                                 "before it returns")
                                    .str()};
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
      if (std::string why = hidingReason(user, v, root, allocation, returns);
          !why.empty())
        return HiddenUse{user, why};
    }
  }
  return std::nullopt;
}

/// The slot's bytes and alignment from its type and attributes.
static LogicalResult readSize(Operation *op, ArenaSlot &s,
                              const SlotRules &rules) {
  auto type = dyn_cast<MemRefType>(op->getResult(0).getType());
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
    return op->emitError() << rules.pass << ": " << rules.noun
                           << " is not static with an identity layout";
  // The lowered view strides by LLVM's alloc size of the element (OpCost.h):
  // i24 takes 4 bytes, not MLIR's 3.
  std::optional<int64_t> elemSize = elementAllocSize(type.getElementType());
  if (!elemSize)
    return op->emitError() << rules.pass << ": cannot size the element type "
                           << "of the " << rules.noun;
  s.bytes = type.getNumElements() * *elemSize;
  s.align =
      static_cast<int64_t>(llvm::PowerOf2Ceil(std::max<int64_t>(1, *elemSize)));
  if (auto attr = op->getAttrOfType<IntegerAttr>(kAlignAttr)) {
    if (attr.getInt() <= 0 ||
        !llvm::isPowerOf2_64(static_cast<uint64_t>(attr.getInt())))
      return op->emitError() << rules.pass << ": peakmem.align "
                             << attr.getInt() << " is not a power of two";
    s.align = std::max(s.align, attr.getInt());
  }
  if (auto alloc = dyn_cast<memref::AllocOp>(op))
    s.align = std::max<int64_t>(s.align, alloc.getAlignment().value_or(1));
  s.size = alignTo(s.bytes, s.align);
  return success();
}

FailureOr<ArenaSlot>
peakmem::readSlot(Operation *op, int64_t offset, Block &entry,
                  const DenseMap<Operation *, uint32_t> &pos,
                  const DenseMap<Operation *, uint32_t> &usedUntil,
                  int64_t arenaSize, int64_t arenaAlign,
                  const SlotRules &rules) {
  ArenaSlot s;
  s.op = op;
  s.offset = offset;
  if (failed(readSize(op, s, rules)))
    return failure();
  StringRef noun = rules.noun;
  if (s.align > arenaAlign)
    return op->emitError() << rules.pass << ": " << noun << " alignment "
                           << s.align << " exceeds the arena's " << arenaAlign;
  if (s.offset < 0 || s.offset % s.align)
    return op->emitError() << rules.pass << ": offset " << s.offset
                           << " is not a multiple of the " << noun
                           << "'s alignment " << s.align;
  if (s.offset > arenaSize - s.size)
    return op->emitError() << rules.pass << ": " << noun << " [" << s.offset
                           << ", " << s.offset + s.size
                           << ") lies outside the arena of " << arenaSize
                           << " bytes";
  if (std::optional<AliasOutside> outside = findAliasOutside(s.value(), s.size))
    return outside->op->emitError()
           << rules.pass << ": " << outside->describe(s.size) << " of the "
           << noun << " [" << s.offset << ", " << s.offset + s.size << ")";
  if (std::optional<HiddenUse> bad =
          findHiddenUse(s.value(), rules.allocation, rules.returns))
    return op->emitError() << rules.pass << ": the " << noun
                           << "'s lifetime cannot be rebuilt: an alias is "
                              "used by '"
                           << bad->op->getName() << "' (" << bad->reason << ")";
  Block *block = op->getBlock();
  if (block != &entry) {
    s.nested = true;
    for (Operation *p = block->getParentOp(); p && p->getBlock();
         p = p->getParentOp()) {
      if (!runsOneAtATime(p))
        return op->emitError()
               << rules.pass << ": " << noun << " inside '" << p->getName()
               << "', whose region may run concurrently";
      if (p->getBlock() == &entry)
        break;
    }
  }
  // A nested slot is live for its statement's whole step; an entry-block
  // slot from itself to its last use, in segments where a use overwrites
  // it whole after a gap (one value used for two lives, as after `cse`).
  s.segments = liveSegments(s.value(), entry, pos, &usedUntil);
  s.result = isReturnedThroughViews(s.value());
  if (op->hasAttr(kInputAttr) && failed(readInput(op, entry, s, rules)))
    return failure();
  s.first = s.segments.front().first;
  s.last = s.segments.back().last;
  if (s.nested)
    s.segments.front().last = s.last = s.first;
  return s;
}

namespace {

/// One life of one slot.
struct SlotLife {
  const ArenaSlot *slot;
  uint32_t first, last;
};

} // namespace

LogicalResult peakmem::checkSlotOverlaps(ArrayRef<ArenaSlot> slots,
                                         const SlotRules &rules) {
  // Lives sorted by first step, each against those starting while it is
  // live.
  std::vector<SlotLife> lives;
  for (const ArenaSlot &s : slots)
    for (const LiveSegment &seg : s.segments)
      lives.push_back({&s, seg.first, seg.last});
  llvm::stable_sort(lives, [](const SlotLife &a, const SlotLife &b) {
    return a.first < b.first;
  });
  for (size_t i = 0; i < lives.size(); ++i)
    for (size_t j = i + 1; j < lives.size() && lives[j].first <= lives[i].last;
         ++j) {
      const ArenaSlot &u = *lives[i].slot, &v = *lives[j].slot;
      if (&u == &v || u.size == 0 || v.size == 0 ||
          u.offset >= v.offset + v.size || v.offset >= u.offset + u.size ||
          nestedLivesDisjoint(u.segments, v.segments))
        continue;
      InFlightDiagnostic err = v.op->emitError();
      err << rules.pass << ": " << rules.noun << " [" << v.offset << ", "
          << v.offset + v.size << ") overlaps a " << rules.noun << " ["
          << u.offset << ", " << u.offset + u.size << ") live at the same time";
      err.attachNote(u.op->getLoc()) << "the other " << rules.noun;
      return failure();
    }
  return success();
}

FailureOr<SmallVector<ArenaSlot>>
peakmem::readPlannedSlots(Operation *fn, int64_t arenaSize, int64_t arenaAlign,
                          const SlotRules &rules) {
  Block &entry = fn->getRegion(0).front();
  DenseMap<Operation *, uint32_t> pos;
  for (Operation &op : entry)
    pos[&op] = pos.size();
  DenseMap<Operation *, uint32_t> usedUntil = asyncUsedUntil(fn, entry, pos);
  SmallVector<ArenaSlot> slots;
  WalkResult walk = fn->walk<WalkOrder::PreOrder>([&](Operation *op) {
    Attribute attr = op->getAttr(kArenaOffsetAttr);
    if (!attr)
      return WalkResult::advance();
    auto offset = dyn_cast<IntegerAttr>(attr);
    if (!isa<memref::AllocOp>(op) || !offset ||
        !offset.getType().isInteger(64)) {
      op->emitError() << rules.pass << ": " << kArenaOffsetAttr
                      << " must be an i64 on a memref.alloc";
      return WalkResult::interrupt();
    }
    FailureOr<ArenaSlot> slot =
        readSlot(op, offset.getInt(), entry, pos, usedUntil, arenaSize,
                 arenaAlign, rules);
    if (failed(slot))
      return WalkResult::interrupt();
    slots.push_back(std::move(*slot));
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return slots;
}

std::optional<SmallVector<int64_t>>
peakmem::resultOffsets(Operation *fn,
                       const DenseMap<Value, int64_t> &offsetOf) {
  Block &entry = fn->getRegion(0).front();
  if (entry.empty() || !entry.back().hasTrait<OpTrait::ReturnLike>())
    return std::nullopt;
  SmallVector<int64_t> offsets;
  bool any = false;
  for (Value v : entry.back().getOperands()) {
    // A result returned through views is at the offset of the slot the
    // chain starts from.
    auto it = offsetOf.find(v);
    while (it == offsetOf.end()) {
      auto view = v.getDefiningOp<ViewLikeOpInterface>();
      if (!view || view->getBlock() != &entry || !isResultViewOp(view))
        break;
      v = view.getViewSource();
      it = offsetOf.find(v);
    }
    any |= it != offsetOf.end();
    offsets.push_back(it == offsetOf.end() ? -1 : it->second);
  }
  if (!any)
    return std::nullopt;
  return offsets;
}

void peakmem::setResultOffsets(
    Operation *fn, const std::optional<SmallVector<int64_t>> &offsets) {
  if (!offsets) {
    fn->removeAttr(kResultOffsetsAttr);
    return;
  }
  fn->setAttr(kResultOffsetsAttr,
              DenseI64ArrayAttr::get(fn->getContext(), *offsets));
}
