//===- ArenaLifetimes.cpp - Live segments of an arena buffer -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ArenaLifetimes.h"

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
  bool overwrites;
};

} // namespace

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
  auto view = dyn_cast<ViewLikeOpInterface>(owner);
  if (!view || view.getViewSource() != use.get()) {
    g.overwrites = owner->getBlock() == &entry && overwritesWhole(use);
    return g;
  }
  for (Value result : owner->getResults())
    for (Operation *user : usersThroughViews(result))
      g.last = std::max(g.last, lastStepOf(user, entry, pos, usedUntil));
  return g;
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
  for (OpOperand &use : root.getUses()) {
    // A free ends the life it follows; it is not a use of the bytes.
    if (isa<memref::DeallocOp>(use.getOwner()))
      continue;
    UseGroup g = groupOf(use, entry, pos, usedUntil);
    byStep[g.first].push_back(g);
  }
  SmallVector<LiveSegment> segments(1);
  segments.back().first = segments.back().last = start;
  for (auto &[step, groups] : byStep) {
    bool overwrites = !nested && llvm::all_of(groups, [](const UseGroup &g) {
      return g.overwrites;
    });
    LiveSegment *cur = &segments.back();
    if (overwrites && !cur->uses.empty() && step > cur->last) {
      segments.push_back(LiveSegment{step, step, {}});
      cur = &segments.back();
    }
    for (const UseGroup &g : groups) {
      cur->last = std::max(cur->last, g.last);
      cur->uses.push_back(g.use);
    }
  }
  return segments;
}
