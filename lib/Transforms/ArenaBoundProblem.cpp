//===- ArenaBoundProblem.cpp - The problem an arena's bound is on --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ArenaBoundProblem.h"
#include "peakmem/Analysis/AsyncWork.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Arena/BlockArena.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/MapVector.h"

#include <map>

using namespace mlir;
using namespace peakmem;

/// The op after which a segment of `root` (whose block is `block`) ends:
/// the entry op at its last step, or, in a nested block, the last op of
/// that block that uses `value` or a view of it (deallocs aside), else
/// `start`.
static Operation *segmentEnd(Value value, Block *block, Block &entry,
                             ArrayRef<Operation *> stepOps,
                             const LiveSegment &seg, Operation *start,
                             const AsyncWorkEnds &async) {
  Operation *last = block == &entry ? stepOps[seg.last] : start;
  if (block != &entry)
    for (Operation *user : usersThroughViews(value)) {
      Operation *anc = block->findAncestorOpInBlock(*user);
      if (!anc || isa<memref::DeallocOp>(user))
        continue;
      if (last->isBeforeInBlock(anc))
        last = anc;
      // Asynchronous work started there keeps it in use until it may end
      // (an entry-block segment's last step says so already).
      for (Operation *end : async.ends.lookup(anc))
        if (last->isBeforeInBlock(end))
          last = end;
    }
  return last->isBeforeInBlock(start) ? start : last;
}

void peakmem::placeFreesAfterLastUse(Block &entry, ArrayRef<ArenaRoot> roots) {
  std::vector<Operation *> stepOps;
  for (Operation &op : entry)
    stepOps.push_back(&op);
  AsyncWorkEnds async = findAsyncWorkEnds(entry.getParentOp());
  for (const ArenaRoot &root : roots) {
    Operation *def = root.value.getDefiningOp();
    memref::DeallocOp dealloc;
    for (Operation *user : root.value.getUsers())
      if (auto d = dyn_cast<memref::DeallocOp>(user))
        dealloc = d;
    if (!def || root.segments.empty())
      continue;
    Operation *last = segmentEnd(root.value, def->getBlock(), entry, stepOps,
                                 root.segments.back(), def, async);
    if (!dealloc) {
      // Never freed: freed after its last use, unless that is the return
      // (a result in the caller's arena lives to the end).
      if (def->getBlock() == &entry &&
          !last->hasTrait<OpTrait::IsTerminator>()) {
        OpBuilder b(def->getContext());
        b.setInsertionPointAfter(last);
        memref::DeallocOp::create(b, def->getLoc(), root.value);
      }
      continue;
    }
    if (last->getBlock() == dealloc->getBlock() &&
        last->isBeforeInBlock(dealloc))
      dealloc->moveAfter(last);
  }
}

/// In the clone: every segment of `root` (`value`: its clone) becomes an
/// allocation freed after the segment (after asynchronous work it starts,
/// `async`); the allocations are recorded in `rootOf` with the root. A view
/// (and its shift constant, if unused) is erased; an allocation serves its
/// first segment.
static void
rootToAllocations(const ArenaRoot &root, Value value, IRMapping &map,
                  Block &entry, ArrayRef<Operation *> stepOps,
                  const AsyncWorkEnds &async,
                  DenseMap<Operation *, const ArenaRoot *> &rootOf) {
  Operation *def = value.getDefiningOp();
  for (Operation *user : llvm::make_early_inc_range(value.getUsers()))
    if (isa<memref::DeallocOp>(user))
      user->erase();
  auto view = dyn_cast<memref::ViewOp>(def);
  OpBuilder b(def->getContext());
  for (size_t k = 0; k < root.segments.size(); ++k) {
    const LiveSegment &seg = root.segments[k];
    Operation *alloc = def;
    if (view || k > 0) {
      b.setInsertionPoint(k == 0 ? def : stepOps[seg.first]);
      alloc = memref::AllocOp::create(b, def->getLoc(),
                                      cast<MemRefType>(value.getType()));
      for (OpOperand *use : root.segments[k].uses)
        map.lookup(use->getOwner())
            ->setOperand(use->getOperandNumber(), alloc->getResult(0));
    }
    rootOf[alloc] = &root;
    Operation *end = segmentEnd(alloc->getResult(0), def->getBlock(), entry,
                                stepOps, seg, alloc, async);
    // A segment that ends at the function's return (a result in an arena
    // the caller owns) is not freed: it escapes, and the model keeps it
    // live to the end in every order, as it is in the arena.
    if (end->hasTrait<OpTrait::ReturnLike>() && end == &entry.back())
      continue;
    b.setInsertionPointAfter(end);
    memref::DeallocOp::create(b, def->getLoc(), alloc->getResult(0));
  }
  if (view) {
    Value shift = view.getByteShift();
    view.erase();
    if (Operation *c = shift.getDefiningOp(); c && c->use_empty())
      c->erase();
  }
}

/// The most bytes of `nested` (the nested roots of one statement) live at
/// one sub-step (ArenaLifetimes.h): each weighs its rounded size over its
/// sub-step life, a root without a known one over the whole step. At most
/// kMaxTotal + 1.
static int64_t nestedPeak(ArrayRef<const ArenaRoot *> nested) {
  // (sub-step, +size at its first / -size after its last), frees first at
  // one sub-step.
  std::vector<std::pair<uint64_t, int64_t>> events;
  for (const ArenaRoot *root : nested) {
    const LiveSegment &seg = root->segments.front();
    events.push_back({seg.subFirst, root->size});
    events.push_back({uint64_t(seg.subLast) + 1, -root->size});
  }
  llvm::sort(events);
  // Wide enough for any sum of int64 sizes.
  __int128 live = 0, peak = 0;
  for (auto [at, delta] : events) {
    live += delta;
    peak = std::max(peak, live);
  }
  return static_cast<int64_t>(std::min<__int128>(kMaxTotal + 1, peak));
}

/// The rounded entry-block Problem of the modeled clone: only the roots
/// weigh, nested ones as scratch of their statement.
static Problem
weighRoots(const BlockModel &entry,
           const DenseMap<Operation *, const ArenaRoot *> &rootOf) {
  Problem p = entry.problem;
  std::vector<int64_t> align(p.numBuffers(), 1);
  for (StmtId s = 0; s < p.numStatements(); ++s)
    p.statement(s).scratch = 0;
  DenseMap<Operation *, StmtId> stepOf;
  for (StmtId s = 0; s < entry.ops.size(); ++s)
    stepOf[entry.ops[s]] = s;
  for (BufferId buf = 0; buf < p.numBuffers(); ++buf) {
    auto it = rootOf.find(entry.allocations[buf].getDefiningOp());
    bool weighs = it != rootOf.end() && !it->second->nested;
    p.buffer(buf).bytes = weighs ? it->second->bytes : 0;
    if (weighs)
      align[buf] = it->second->align;
  }
  // Sorted by statement: the same sums in the same order on every run.
  for (Operation &op : *entry.block) {
    SmallVector<const ArenaRoot *> nested;
    op.walk([&](memref::AllocOp alloc) {
      auto it = rootOf.find(alloc);
      if (it != rootOf.end() && it->second->nested)
        nested.push_back(it->second);
    });
    if (!nested.empty())
      p.statement(stepOf.lookup(&op)).scratch = nestedPeak(nested);
  }
  ArenaExtractionOptions xo;
  xo.alignment = align;
  xo.includeScratch = true;
  xo.scratchAlignment = 1;
  return roundedForArena(p, xo);
}

/// Whether the clone of steps 1-2 (header) would be `fn` itself: every
/// root (`sorted`: in program order) an allocation with one segment and one
/// free, that free already right after the segment's end, where
/// rootToAllocations creates it (the frees after one op in the reverse
/// order of their roots), and no arena. peakmem-plan-arena moves the frees
/// there (placeFreesAfterLastUse) before it certifies the bound.
static bool cloneIsSame(FunctionOpInterface fn, Value arena,
                        ArrayRef<const ArenaRoot *> sorted) {
  if (arena)
    return false;
  Block &entry = fn.getFunctionBody().front();
  std::vector<Operation *> stepOps;
  for (Operation &op : entry)
    stepOps.push_back(&op);
  AsyncWorkEnds async = findAsyncWorkEnds(fn);
  // For each segment end, the frees that follow it, in program order of
  // their roots.
  llvm::MapVector<Operation *, SmallVector<Operation *, 2>> freesAfter;
  for (const ArenaRoot *root : sorted) {
    Operation *def = root->value.getDefiningOp();
    if (!isa_and_nonnull<memref::AllocOp>(def) || root->segments.size() != 1)
      return false;
    Operation *dealloc = nullptr;
    for (Operation *user : root->value.getUsers())
      if (isa<memref::DeallocOp>(user)) {
        if (dealloc)
          return false;
        dealloc = user;
      }
    Operation *end = segmentEnd(root->value, def->getBlock(), entry, stepOps,
                                root->segments[0], def, async);
    if (!dealloc || end->hasTrait<OpTrait::ReturnLike>() ||
        dealloc->getBlock() != end->getBlock())
      return false;
    freesAfter[end].push_back(dealloc);
  }
  for (auto &[end, frees] : freesAfter) {
    Operation *next = end->getNextNode();
    for (Operation *dealloc : llvm::reverse(frees)) {
      if (next != dealloc)
        return false;
      next = next->getNextNode();
    }
  }
  return true;
}

Problem peakmem::withEntryStatement(const Problem &p,
                                    ArrayRef<BufferId> pinned) {
  Problem q;
  StmtId pin = q.addStatement();
  for (StmtId s = 0; s < p.numStatements(); ++s) {
    StmtId t = q.addStatementLike(p.statement(s));
    q.statement(t).target = p.statement(s).target;
  }
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    q.addBuffer(p.buffer(b).bytes, p.buffer(b).freedInBlock);
    for (StmtId u : p.buffer(b).users)
      q.addUse(u + 1, b);
  }
  for (BufferId b : pinned)
    q.addUse(pin, b);
  for (auto [from, to] : p.edges())
    q.addEdge(from + 1, to + 1);
  for (StmtId s = 0; s < p.numStatements(); ++s)
    if (p.statement(s).kind == StmtKind::Compute)
      q.addEdge(pin, s + 1);
  q.liveIn = p.liveIn;
  q.finalize();
  return q;
}

/// Steps 3-5 on `entry`, the entry block's model, `rootOf` mapping each
/// root's allocation to it.
static FailureOr<Problem>
rootsProblem(const BlockModel &entry,
             const DenseMap<Operation *, const ArenaRoot *> &rootOf,
             std::string &error) {
  Problem rounded = weighRoots(entry, rootOf);
  if (std::string err = rounded.checkTotals(); !err.empty()) {
    error = err;
    return failure();
  }
  Problem p = withoutWeightlessSources(rounded);
  // Buffer ids are kept by withoutWeightlessSources.
  std::vector<BufferId> fromEntry;
  for (BufferId buf = 0; buf < p.numBuffers(); ++buf) {
    auto it = rootOf.find(entry.allocations[buf].getDefiningOp());
    if (it != rootOf.end() && it->second->fromEntry && !it->second->nested)
      fromEntry.push_back(buf);
  }
  if (fromEntry.empty())
    return p;
  return withEntryStatement(p, fromEntry);
}

/// Steps 1-4 (header) on a clone of `fn`, `sorted`: the roots in program
/// order.
static FailureOr<Problem> cloneProblem(FunctionOpInterface fn, Value arena,
                                       ArrayRef<const ArenaRoot *> sorted,
                                       std::string &error) {
  IRMapping map;
  Operation *clone = fn->clone(map);
  auto cloneFn = cast<FunctionOpInterface>(clone);
  Block &entry = cloneFn.getFunctionBody().front();
  std::vector<Operation *> stepOps;
  for (Operation &op : entry)
    stepOps.push_back(&op);
  AsyncWorkEnds async = findAsyncWorkEnds(cloneFn);
  DenseMap<Operation *, const ArenaRoot *> rootOf;
  for (const ArenaRoot *root : sorted)
    rootToAllocations(*root, map.lookup(root->value), map, entry, stepOps,
                      async, rootOf);
  if (Value cloneArena = arena ? map.lookupOrNull(arena) : Value())
    if (Operation *def = cloneArena.getDefiningOp()) {
      for (Operation *user : llvm::make_early_inc_range(def->getUsers()))
        user->erase();
      def->erase();
    }
  FailureOr<Problem> result = failure();
  {
    MemoryModel model(cloneFn, fn);
    if (!model.isModeled())
      error = model.getFailure()->reason;
    else
      result = rootsProblem(*model.getEntryBlockModel(), rootOf, error);
  }
  clone->erase();
  return result;
}

FailureOr<Problem> peakmem::arenaBoundProblem(FunctionOpInterface fn,
                                              Value arena,
                                              ArrayRef<ArenaRoot> roots,
                                              std::string &error,
                                              const MemoryModel *current) {
  // Roots in program order (pre-order), whatever the caller's order: the
  // deallocs that follow one op are then created in the same order.
  DenseMap<Operation *, unsigned> position;
  fn->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { position[op] = position.size(); });
  std::vector<const ArenaRoot *> sorted;
  for (const ArenaRoot &root : roots)
    sorted.push_back(&root);
  llvm::stable_sort(sorted, [&](const ArenaRoot *a, const ArenaRoot *b) {
    return position.lookup(a->value.getDefiningOp()) <
           position.lookup(b->value.getDefiningOp());
  });
  if (!current || !current->isModeled() || !cloneIsSame(fn, arena, sorted))
    return cloneProblem(fn, arena, sorted, error);
  // The clone's model would be `current`, op for op.
  DenseMap<Operation *, const ArenaRoot *> rootOf;
  for (const ArenaRoot *root : sorted)
    rootOf[root->value.getDefiningOp()] = root;
  return rootsProblem(*current->getEntryBlockModel(), rootOf, error);
}

/// The lowest offset, a multiple of `align`, at which `size` bytes clear
/// every [offset, offset + size) of `taken`.
static int64_t lowestClear(ArrayRef<std::pair<int64_t, int64_t>> taken,
                           int64_t size, int64_t align) {
  std::vector<int64_t> tries{0};
  for (auto [at, bytes] : taken)
    tries.push_back(alignTo(at + bytes, align));
  llvm::sort(tries);
  for (int64_t at : tries)
    if (llvm::all_of(taken, [&](std::pair<int64_t, int64_t> t) {
          return at + size <= t.first || t.first + t.second <= at;
        }))
      return at;
  return tries.back();
}

NestedPacking peakmem::packNestedRoots(ArrayRef<ArenaRoot> roots) {
  NestedPacking pack;
  for (size_t i = 0; i < roots.size(); ++i) {
    pack.bytes.push_back(roots[i].bytes);
    pack.align.push_back(roots[i].align);
    pack.leader.push_back(i);
    pack.subOffset.push_back(0);
  }
  // The nested roots of each statement with a one-step life, by statement.
  std::map<uint32_t, std::vector<size_t>> byStmt;
  for (size_t i = 0; i < roots.size(); ++i)
    if (roots[i].nested && roots[i].segments.size() == 1)
      byStmt[roots[i].segments[0].first].push_back(i);
  for (auto &[stmt, members] : byStmt) {
    if (members.size() < 2)
      continue;
    llvm::stable_sort(members, [&](size_t a, size_t b) {
      return roots[a].size > roots[b].size;
    });
    int64_t end = 0, align = 1;
    for (size_t k = 0; k < members.size(); ++k) {
      const ArenaRoot &r = roots[members[k]];
      SmallVector<std::pair<int64_t, int64_t>> taken;
      for (size_t j = 0; j < k; ++j)
        if (livesOverlap(roots[members[j]].segments[0], r.segments[0]))
          taken.push_back({pack.subOffset[members[j]], roots[members[j]].size});
      int64_t at = lowestClear(taken, r.size, r.align);
      pack.subOffset[members[k]] = at;
      pack.leader[members[k]] = members[0];
      pack.bytes[members[k]] = 0;
      end = std::max(end, at + r.size);
      align = std::max(align, r.align);
    }
    pack.bytes[members[0]] = end;
    pack.align[members[0]] = align;
  }
  return pack;
}

void peakmem::unpackNestedOffsets(const NestedPacking &packing,
                                  ArrayRef<ArenaRoot> roots,
                                  BlockArenaPlan &plan) {
  std::vector<int64_t> &offsets = plan.planned.plan.offsets;
  const ArenaProblem &old = plan.extraction.problem;
  std::vector<ArenaBuffer> buffers;
  for (ArenaBufferId id = 0; id < old.numBuffers(); ++id)
    buffers.push_back(old.buffer(id));
  std::vector<bool> grouped(roots.size(), false);
  for (size_t i = 0; i < roots.size(); ++i)
    if (packing.leader[i] != i)
      grouped[i] = grouped[packing.leader[i]] = true;
  // Leaders keep their offset (their offset in the group is 0).
  for (size_t i = 0; i < roots.size(); ++i) {
    size_t lead = packing.leader[i];
    if (!grouped[i])
      continue; // Alone: placed as it is.
    ArenaBufferId id = plan.arenaId[i];
    offsets[id] = offsets[plan.arenaId[lead]] + packing.subOffset[i];
    buffers[id].size = roots[i].size;
    buffers[id].alignment = roots[i].align;
  }
  ArenaProblem rebuilt;
  for (const ArenaBuffer &b : buffers)
    rebuilt.addBuffer(b.size, b.alignment, b.life.first, b.life.last);
  rebuilt.setNumSteps(old.numSteps());
  plan.extraction.problem = std::move(rebuilt);
}
