//===- Recomputability.cpp - Buffers a clone of their writers recreates ---===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Analysis/Recomputability.h"

#include "AliasAnalysis.h"
#include "peakmem/Analysis/OpCost.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace peakmem {
using namespace model;

/// True if every memref `op` uses (at any depth, defined outside it) that may
/// alias `alloc` is a pure view chain from `alloc`, so that a clone can
/// recreate it and a rewired operand no longer reaches `alloc`.
static bool usesOnlyViewChains(Operation *op, Value alloc,
                               AliasAnalysis &aliases) {
  bool ok = true;
  op->walk([&](Operation *inner) {
    for (Value operand : inner->getOperands())
      if (ok && !isDefinedInside(operand, op) &&
          isa<BaseMemRefType>(operand.getType()) &&
          llvm::is_contained(aliases.basesOf(operand).allocs, alloc))
        ok = viewChainFrom(alloc, operand).has_value();
  });
  return ok;
}

/// True if the op allocating `alloc` does nothing but allocate it (as
/// memref.alloc). A clone of the buffer is a clone of that op followed by
/// clones of the writers, and the plan models the fresh buffer as a bare
/// allocation of the same bytes. An allocation that also reads or frees
/// another buffer (bufferization.clone copies its source, memref.realloc
/// frees it) would do so again at the clone, unknown to the plan: a read
/// after the source's free (or after a later write to it), a second free.
static bool allocatesOnly(Value alloc) {
  auto iface = dyn_cast_or_null<MemoryEffectOpInterface>(alloc.getDefiningOp());
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  return llvm::all_of(effects, [&](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Allocate>(e.getEffect()) && e.getValue() == alloc;
  });
}

/// True if a statement of `bm` does nothing but free buffer `b` (a Free
/// statement: memref.dealloc). The free of a recomputed buffer is cloned
/// for its fresh copy (RecomputeRewrite clones Free statements), and the
/// plan frees that copy after its last user. A buffer freed by an op that
/// does more (memref.realloc, which frees its source and allocates, or a
/// dealloc of several buffers) would leave the copy never freed.
static bool hasPlainFree(const BlockModel &bm, BufferId b) {
  for (StmtId s = 0; s < bm.problem.numStatements(); ++s)
    if (bm.problem.statement(s).kind == StmtKind::Free &&
        bm.problem.statement(s).target == b)
      return true;
  return false;
}

/// Producer groups: per buffer, the Compute statements writing it that
/// neither allocate nor free. Relies on bm.accesses naming each buffer by
/// its allocation value (bm.allocations).
static std::vector<std::vector<StmtId>> findWriters(const BlockModel &bm) {
  const Problem &p = bm.problem;
  llvm::DenseMap<Value, BufferId> bufferOf;
  for (BufferId b = 0; b < bm.allocations.size(); ++b)
    bufferOf[bm.allocations[b]] = b;
  std::vector<std::vector<StmtId>> writers(p.numBuffers());
  for (StmtId s = 0; s < bm.ops.size(); ++s)
    for (Value k : bm.accesses[s].writes)
      if (auto it = bufferOf.find(k);
          it != bufferOf.end() && k &&
          p.statement(s).kind == StmtKind::Compute &&
          !bm.accesses[s].allocatesOrFrees)
        writers[it->second].push_back(s);
  return writers;
}

/// Whether buffer `b` with producer group `group` can be recomputed. Relies
/// on every writer of `b` being one of its users (the model records a use
/// for every access).
static bool isRecomputable(const BlockModel &bm, BufferId b,
                           ArrayRef<StmtId> group, AliasAnalysis &aliases) {
  const Problem &p = bm.problem;
  Value alloc = bm.allocations[b];
  if (!p.buffer(b).freedInBlock || group.empty() || bm.pinned[b] ||
      !allocatesOnly(alloc))
    return false;
  if (!hasPlainFree(bm, b))
    return false;
  for (StmtId w : group) {
    const StmtAccess &fx = bm.accesses[w];
    Operation *op = bm.ops[w];
    if (fx.unknown || fx.allocatesOrFrees || op->getNumResults() != 0 ||
        fx.writes.size() != 1 || fx.writes.front() != alloc)
      return false;
    // A clone is charged its work (MACs, operations): work that cannot be
    // counted (scf.while, dynamic trip counts or ranges) cannot be charged.
    if (!countWork(op).counted)
      return false;
    // Every alias of the buffer it uses is a pure view chain from the
    // buffer, so a clone can recreate it.
    if (!usesOnlyViewChains(op, alloc, aliases))
      return false;
  }
  // A late user is rewired to the fresh copy, and a clone reading b as a
  // chain input is rewired to the chain's copy, operand by operand: every
  // user must reach b only through b itself or a pure view chain from it.
  // Through any other alias (a loop result, a region argument, a select)
  // the rewired op would still read b, which the plan takes to be dead.
  for (StmtId u : p.buffer(b).users)
    if (!usesOnlyViewChains(bm.ops[u], alloc, aliases))
      return false;
  // The clone inherits the group's ordering edges except those to users
  // of b (the core cannot tell which of them write): no other user of b
  // may write what the group reads (an in-place update of an input by an
  // early reader of b), or the clone could see other bits.
  llvm::SmallDenseSet<Value> groupReads;
  for (StmtId w : group)
    for (Value k : bm.accesses[w].reads)
      groupReads.insert(k);
  for (StmtId u : p.buffer(b).users) {
    if (llvm::is_contained(group, u))
      continue;
    if (bm.accesses[u].unknown)
      return false;
    for (Value k : bm.accesses[u].writes)
      if (k != alloc && groupReads.contains(k))
        return false;
  }
  return true;
}

static Recomputability computeWith(const BlockModel &bm,
                                   AliasAnalysis &aliases) {
  Recomputability result;
  result.writers = findWriters(bm);
  result.recomputable.assign(bm.problem.numBuffers(), 0);
  for (BufferId b = 0; b < bm.problem.numBuffers(); ++b)
    result.recomputable[b] = isRecomputable(bm, b, result.writers[b], aliases);
  return result;
}

Recomputability computeRecomputability(const BlockModel &bm) {
  Operation *func = bm.block->getParentOp();
  if (!isa<FunctionOpInterface>(func))
    func = func->getParentOfType<FunctionOpInterface>();
  AliasAnalysis aliases(func);
  return computeWith(bm, aliases);
}

} // namespace peakmem
