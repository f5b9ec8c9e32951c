//===- ArenaLifetimes.cpp - Live segments of an arena buffer -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ArenaLifetimes.h"
#include "peakmem/Analysis/OpSemantics.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <map>

using namespace mlir;
using namespace peakmem;

bool peakmem::overwritesWhole(OpOperand &use) {
  Operation *op = use.getOwner();
  if (auto copy = dyn_cast<memref::CopyOp>(op))
    return &use == &copy.getTargetMutable() && copy.getSource() != use.get();
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureBufferSemantics() ||
      !linalgOp.isDpsInit(&use) || linalgOp.payloadUsesValueFromOperand(&use))
    return false;
  if (!linalgOp.getMatchingIndexingMap(&use).isPermutation())
    return false;
  // Every iteration writes one element of the init; with no empty loop,
  // every element is written.
  SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
  return llvm::all_of(
      ranges, [](int64_t r) { return !ShapedType::isDynamic(r) && r > 0; });
}

SmallVector<Operation *> peakmem::usersThroughViews(Value value) {
  SmallVector<Operation *> users;
  SmallVector<Value> work{value};
  while (!work.empty())
    for (OpOperand &use : work.pop_back_val().getUses()) {
      Operation *user = use.getOwner();
      users.push_back(user);
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      if (view && view.getViewSource() == use.get())
        llvm::append_range(work, user->getResults());
    }
  return users;
}

namespace {

/// A use of the root and, for an alias, every use below it.
struct UseGroup {
  OpOperand *use;
  uint32_t first, last;
  /// A use by an entry op itself, not through a view: overwritesWhole may
  /// hold (asked only when it decides a segment, it is the costly part).
  bool direct;
  /// The use, or one through its views, is by asynchronous work.
  bool async = false;
};

} // namespace

/// Whether `op` takes part in asynchronous work (a DMA start or wait, an op
/// with handles): the buffers it touches may stay in use after it returns.
static bool startsAsyncWork(Operation *op) {
  return getAsyncRole(op) != AsyncRole::None || getTransferStarted(op) ||
         getTransferWaited(op);
}

/// The step of the entry op at or around `op`.
static uint32_t stepOf(Operation *op, Block &entry,
                       const DenseMap<Operation *, uint32_t> &pos) {
  Operation *anc = entry.findAncestorOpInBlock(*op);
  return anc ? pos.lookup(anc) : 0;
}

/// The last step the uses by `op` last (`usedUntil`: asynchronous work).
static uint32_t lastStepOf(Operation *op, Block &entry,
                           const DenseMap<Operation *, uint32_t> &pos,
                           const DenseMap<Operation *, uint32_t> *usedUntil) {
  Operation *anc = entry.findAncestorOpInBlock(*op);
  if (!anc)
    return 0;
  return usedUntil ? std::max(pos.lookup(anc), usedUntil->lookup(anc))
                   : pos.lookup(anc);
}

/// The group of `use`: its step, extended over the uses of every alias it
/// makes (view-like ops, transitively).
static UseGroup groupOf(OpOperand &use, Block &entry,
                        const DenseMap<Operation *, uint32_t> &pos,
                        const DenseMap<Operation *, uint32_t> *usedUntil) {
  Operation *owner = use.getOwner();
  UseGroup g{&use, stepOf(owner, entry, pos), 0, false};
  g.last = lastStepOf(owner, entry, pos, usedUntil);
  g.async = startsAsyncWork(owner);
  auto view = dyn_cast<ViewLikeOpInterface>(owner);
  if (!view || view.getViewSource() != use.get()) {
    g.direct = owner->getBlock() == &entry;
    return g;
  }
  for (Value result : owner->getResults())
    for (Operation *user : usersThroughViews(result)) {
      g.last = std::max(g.last, lastStepOf(user, entry, pos, usedUntil));
      g.async |= startsAsyncWork(user);
    }
  return g;
}

bool peakmem::livesOverlap(const LiveSegment &a, const LiveSegment &b) {
  if (a.last < b.first || b.last < a.first)
    return false;
  bool oneStep = a.first == a.last && b.first == b.last;
  return !oneStep || (a.subFirst <= b.subLast && b.subFirst <= a.subLast);
}

bool peakmem::nestedLivesDisjoint(ArrayRef<LiveSegment> a,
                                  ArrayRef<LiveSegment> b) {
  return a.size() == 1 && b.size() == 1 && a[0].first == b[0].first &&
         !livesOverlap(a[0], b[0]);
}

/// Numbers `op` and every op nested in it in pre-order from `next`: `span`
/// receives, for each, its own position and the last position inside it.
static void
numberPreOrder(Operation *op, uint32_t &next,
               DenseMap<Operation *, std::pair<uint32_t, uint32_t>> &span) {
  uint32_t in = next++;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &inner : block)
        numberPreOrder(&inner, next, span);
  span[op] = {in, next - 1};
}

/// Sets the sub-step life of `root`, defined in a block nested in the
/// statement `seg.first` of `entry`, on `seg` (header): from its op to the
/// end of the last op of its block that uses it or a view of it. Left whole
/// when a region on the way may run its executions at the same time, or a
/// use is not found in the block.
static void setSubStepLife(Value root, Block &entry, LiveSegment &seg) {
  Operation *def = root.getDefiningOp();
  Block *block = def->getBlock();
  Operation *stmt = entry.findAncestorOpInBlock(*def);
  if (!stmt)
    return;
  for (Operation *p = block->getParentOp(); p; p = p->getParentOp()) {
    if (getRegionExecution(p) != RegionExecution::Sequential)
      return;
    if (p == stmt)
      break;
  }
  DenseMap<Operation *, std::pair<uint32_t, uint32_t>> span;
  uint32_t next = 0;
  numberPreOrder(stmt, next, span);
  uint32_t first = span.lookup(def).first, last = first;
  for (Operation *user : usersThroughViews(root)) {
    if (isa<memref::DeallocOp>(user))
      continue;
    Operation *anc = block->findAncestorOpInBlock(*user);
    if (!anc)
      return;
    last = std::max(last, span.lookup(anc).second);
  }
  seg.subFirst = first;
  seg.subLast = last;
}

SmallVector<LiveSegment>
peakmem::liveSegments(Value root, Block &entry,
                      const DenseMap<Operation *, uint32_t> &pos,
                      const DenseMap<Operation *, uint32_t> *usedUntil) {
  Operation *def = root.getDefiningOp();
  uint32_t start = def ? stepOf(def, entry, pos) : 0;
  bool nested = def && def->getBlock() != &entry;
  // Groups by step; a step starts a new segment only if every group at it
  // overwrites the whole value (one entry op writing it, reading nothing).
  std::map<uint32_t, SmallVector<UseGroup>> byStep;
  bool asyncUse = false;
  for (OpOperand &use : root.getUses()) {
    // A free ends the life it follows; it is not a use of the bytes.
    if (isa<memref::DeallocOp>(use.getOwner()))
      continue;
    UseGroup g = groupOf(use, entry, pos, usedUntil);
    asyncUse |= g.async;
    byStep[g.first].push_back(g);
  }
  SmallVector<LiveSegment> segments(1);
  segments.back().first = segments.back().last = start;
  for (auto &[step, groups] : byStep) {
    LiveSegment *cur = &segments.back();
    if (!nested && !cur->uses.empty() && step > cur->last &&
        llvm::all_of(groups, [](const UseGroup &g) {
          return g.direct && overwritesWhole(*g.use);
        })) {
      segments.push_back(LiveSegment{step, step, {}});
      cur = &segments.back();
    }
    for (const UseGroup &g : groups) {
      cur->last = std::max(cur->last, g.last);
      cur->uses.push_back(g.use);
    }
  }
  if (nested && !asyncUse && segments.size() == 1 &&
      segments[0].first == segments[0].last)
    setSubStepLife(root, entry, segments[0]);
  return segments;
}
