//===- RecomputeRewrite.cpp - Recompute steps on the IR -------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "RecomputeRewrite.h"
#include "peakmem/Transforms/FunctionScheduler.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace peakmem {

namespace {
/// Applies the steps of a plan one after the other.
class StepRewriter {
public:
  StepRewriter(const BlockModel &bm, const Contraction &c)
      : terminator(&bm.block->back()) {
    for (StmtId s : c.toOriginal)
      stmtOps.push_back(bm.ops[s]);
    buffers.assign(bm.allocations.begin(), bm.allocations.end());
    // The op freeing each original buffer (clones get a copy of it), in
    // block order with the clones' appended: the order in which the frees
    // are moved below breaks ties in the final order, so it must not depend
    // on pointers.
    for (StmtId s = 0; s < bm.problem.numStatements(); ++s)
      if (bm.problem.statement(s).kind == StmtKind::Free)
        freeOf[bm.allocations[bm.problem.statement(s).target]] = bm.ops[s];
  }

  void apply(const RecomputeStep &step);
  void moveFreesAfterUsers(const Problem &planned);

  std::vector<Operation *> stmtOps;
  std::vector<Value> buffers;

private:
  /// `v` on the fresh copies of the cloned buffers: mapped, or a view of a
  /// cloned buffer recreated on its fresh copy (pure view-like ops, see
  /// MemoryModel) at the builder's insertion point.
  Value remap(Value v);
  void cloneMembers(const std::vector<StmtId> &members, size_t firstClone);
  void rewireLateUsers(const RecomputeStep &step);

  Operation *terminator;
  llvm::MapVector<Value, Operation *> freeOf;
  // The step being applied.
  std::vector<Producer> groups;
  llvm::DenseMap<Operation *, Value> writtenBy;
  llvm::DenseMap<Operation *, size_t> memberIndex;
  IRMapping map;
  std::unique_ptr<OpBuilder> builder;
};
} // namespace

Value StepRewriter::remap(Value v) {
  if (Value m = map.lookupOrNull(v))
    return m;
  for (const Producer &g : groups) {
    Value old = buffers[g.buffer];
    if (!map.contains(old))
      continue;
    std::optional<SmallVector<Operation *>> chain = viewChainFrom(old, v);
    if (!chain)
      continue;
    for (Operation *view : *chain)
      if (!map.contains(view->getResult(0)))
        builder->clone(*view, map);
    return map.lookup(v);
  }
  return v;
}

// Each clone goes right after its original, in program order: there it
// stands in the same order relations (reads after the inputs' writers, before
// later writers and barriers) as the plan gives it; the planned order then
// moves it to the late users. A fresh buffer is allocated right before the
// first clone writing it.
void StepRewriter::cloneMembers(const std::vector<StmtId> &members,
                                size_t firstClone) {
  SmallVector<Operation *> originals;
  for (StmtId m : members)
    originals.push_back(stmtOps[m]);
  llvm::sort(originals,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *op : originals) {
    builder->setInsertionPointAfter(op);
    Value old = writtenBy.lookup(op);
    if (!map.contains(old)) {
      Value fresh = builder->clone(*old.getDefiningOp())
                        ->getResult(cast<OpResult>(old).getResultNumber());
      map.map(old, fresh);
    }
    // Every alias it uses, at any depth, defined outside it (a view used
    // only inside a loop body, say).
    op->walk([&](Operation *inner) {
      for (Value operand : inner->getOperands()) {
        Operation *def = operand.getDefiningOp();
        Operation *owner =
            def ? def : cast<BlockArgument>(operand).getOwner()->getParentOp();
        if (owner && (owner == op || op->isProperAncestor(owner)))
          continue;
        remap(operand);
      }
    });
    Operation *clone = builder->clone(*op, map);
    stmtOps[firstClone + memberIndex.lookup(op)] = clone;
  }
}

// Views for a late user go right before it (the fresh buffer is allocated
// before the first clone, and the late users follow the whole group).
void StepRewriter::rewireLateUsers(const RecomputeStep &step) {
  Value target = buffers[step.buffer];
  for (StmtId u : step.lateUsers) {
    Operation *user = stmtOps[u];
    builder->setInsertionPoint(user);
    user->walk([&](Operation *inner) {
      for (OpOperand &operand : inner->getOpOperands()) {
        Value v = operand.get();
        if (!isa<BaseMemRefType>(v.getType()))
          continue;
        // Only the target is rewired: chain buffers keep their users.
        if (v != target && !viewChainFrom(target, v))
          continue;
        Value m = remap(v);
        if (m != v)
          operand.set(m);
      }
    });
  }
}

void StepRewriter::apply(const RecomputeStep &step) {
  // The cloned groups with their buffers, target first (the fresh buffers'
  // ids follow this order, the clones' ids follow clonedStatements).
  groups = clonedGroups(step);
  const size_t firstClone = stmtOps.size();
  std::vector<StmtId> members = clonedStatements(step);
  memberIndex.clear();
  writtenBy.clear();
  for (size_t i = 0; i < members.size(); ++i)
    memberIndex[stmtOps[members[i]]] = i;
  for (const Producer &g : groups)
    for (StmtId m : g.group)
      writtenBy[stmtOps[m]] = buffers[g.buffer];
  stmtOps.resize(firstClone + members.size(), nullptr);
  map.clear();
  builder = std::make_unique<OpBuilder>(terminator->getContext());
  cloneMembers(members, firstClone);
  rewireLateUsers(step);
  for (const Producer &g : groups) {
    Value old = buffers[g.buffer], fresh = map.lookup(old);
    if (Operation *free = freeOf.lookup(old)) {
      OpBuilder atEnd(terminator);
      freeOf[fresh] = atEnd.clone(*free, map);
    }
    buffers.push_back(fresh);
  }
}

// A clone extends the life of the buffers it reads. It stands right after its
// original, so before their frees; should a planned user still stand after
// the free of a buffer it uses, move that free to right after the last such
// user so the model sees the new use (the planned order then puts each free
// right after its last user). Never further: the free also closes the capture
// window of a captured buffer ([first capture, free), see MemoryModel), and
// the plan knows the window of the input. Moving the free of a captured
// buffer to the block end made the rebuilt model count every opaque statement
// after the old free as a user of the buffer.
void StepRewriter::moveFreesAfterUsers(const Problem &planned) {
  llvm::DenseMap<Value, BufferId> bufferId;
  for (BufferId b = 0; b < buffers.size(); ++b)
    bufferId[buffers[b]] = b;
  for (auto &[value, free] : freeOf) {
    auto id = bufferId.find(value);
    if (id == bufferId.end())
      continue;
    Operation *last = free;
    for (StmtId u : planned.buffer(id->second).users)
      if (Operation *op = u < stmtOps.size() ? stmtOps[u] : nullptr)
        if (op->getBlock() == free->getBlock() && last->isBeforeInBlock(op))
          last = op;
    if (last != free)
      free->moveAfter(last);
  }
}

std::vector<Operation *> applyRecomputeSteps(const BlockModel &bm,
                                             const Contraction &c,
                                             const RecomputePlan &plan,
                                             std::vector<Value> &buffers) {
  StepRewriter rewriter(bm, c);
  for (const RecomputeStep &step : plan.steps)
    rewriter.apply(step);
  rewriter.moveFreesAfterUsers(plan.problem);
  buffers = std::move(rewriter.buffers);
  return std::move(rewriter.stmtOps);
}

/// The planned order in the contracted ids of the rebuilt model `c2` of the
/// block `bm2`; statements the plan does not know (views recreated on fresh
/// buffers) go right before their first consumer: they extend no lifetime.
/// Empty if a planned statement has no op.
static Order plannedOrder(const BlockModel &bm2, const Contraction &c2,
                          const RecomputePlan &plan,
                          const std::vector<Operation *> &stmtOps) {
  llvm::DenseMap<Operation *, StmtId> idOf;
  for (StmtId s = 0; s < bm2.ops.size(); ++s)
    if (c2.toContracted[s] >= 0)
      idOf[bm2.ops[s]] = static_cast<StmtId>(c2.toContracted[s]);
  Order order;
  std::vector<uint8_t> placed(c2.problem.numStatements(), 0);
  for (StmtId s : plan.order) {
    auto it = idOf.find(stmtOps[s]);
    if (it == idOf.end())
      return {};
    order.push_back(it->second);
    placed[it->second] = 1;
  }
  // In reverse block order, so that a view of a view precedes its consumer.
  for (StmtId s = c2.problem.numStatements(); s-- > 0;) {
    if (placed[s])
      continue;
    auto pos = order.end();
    for (StmtId t : c2.problem.succs(s))
      pos = std::min(pos, std::find(order.begin(), order.end(), t));
    order.insert(pos, s);
  }
  return order;
}

LogicalResult applyPlannedOrder(FunctionOpInterface fn, StringRef pass,
                                const RecomputePlan &plan,
                                const std::vector<Operation *> &stmtOps) {
  MemoryModel after(fn);
  if (!after.isModeled())
    return fn.emitError() << pass
                          << ": internal error: the recomputed function is no "
                             "longer modeled: "
                          << after.getFailure()->reason;
  const BlockModel &bm2 = *after.getEntryBlockModel();
  Contraction c2 = contract(bm2.problem);
  Order order = plannedOrder(bm2, c2, plan, stmtOps);
  if (order.empty() && !plan.order.empty())
    return fn.emitError() << pass
                          << ": internal error: a planned statement has no op";
  if (failed(
          applySchedule(pass, bm2, expand(bm2.problem, c2, order), plan.peak)))
    return failure();
  return success(remodelAfterChange(fn, pass, plan.peak) != nullptr);
}

} // namespace peakmem
