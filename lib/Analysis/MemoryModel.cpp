//===- MemoryModel.cpp - Buffer lifetimes of a function, from IR ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Analysis/MemoryModel.h"
#include "ModelBuilder.h"
#include "peakmem/Analysis/OpCost.h"
#include "peakmem/Analysis/OpSemantics.h"
#include "peakmem/Core/Model/Simulation.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace peakmem {
namespace model {

/// Rejects what the model cannot describe exactly.
bool ModelBuilder::checkOp(Operation *op) {
  if (isa<CallOpInterface>(op) && !calls.count(op) &&
      llvm::any_of(op->getResultTypes(),
                   [](Type t) { return isa<BaseMemRefType>(t); })) {
    fail(op, "returns a memref from a call: allocations made by the callee "
             "are not modeled (inline first)");
    return false;
  }
  auto isTensor = [](Type t) { return isa<TensorType>(t); };
  if (llvm::any_of(op->getOperandTypes(), isTensor) ||
      llvm::any_of(op->getResultTypes(), isTensor)) {
    fail(op, "operates on tensors; peakmem models bufferized IR "
             "(run one-shot-bufferize first)");
    return false;
  }
  for (Region &region : op->getRegions())
    if (!region.empty() && !region.hasOneBlock()) {
      fail(op, "has a region with unstructured control flow "
               "(more than one block)");
      return false;
    }
  return true;
}

BlockModel *ModelBuilder::build(Block &block,
                                std::vector<std::unique_ptr<BlockModel>> &out) {
  auto model = std::make_unique<BlockModel>();
  BlockModel *bm = model.get();
  bm->block = &block;
  out.push_back(std::move(model));

  Operation *terminator =
      (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
          ? &block.back()
          : nullptr;
  BlockState st(bm, block, terminator);
  if (!collectStatements(st))
    return nullptr;
  // One statement at a time, in program order: a nested block's model is
  // appended to `out` before the next statement's, and the first failure
  // found in program order is the one reported.
  for (StmtId s = 0; s < bm->ops.size(); ++s) {
    if (!modelNestedBlocks(st, s, out) || !collectEffects(st, s))
      return nullptr;
    addSsaEdges(st, s);
  }
  addAsyncCompletions(st);
  addCaptureAccesses(st);
  if (!refuseUseAfterFree(st))
    return nullptr;
  orderMemory(st);
  if (!markEscaping(st) || !finish(st))
    return nullptr;
  return bm;
}

/// Every non-terminator op of the block becomes a statement, in order.
bool ModelBuilder::collectStatements(BlockState &st) {
  for (Operation &op : st.block) {
    if (&op == st.terminator)
      break;
    if (!checkOp(&op))
      return false;
    StmtId s = st.bm->problem.addStatement();
    st.stmtOf[&op] = s;
    st.bm->ops.push_back(&op);
    st.effects.emplace_back();
  }
  return true;
}

/// The blocks nested in statement `s` are modeled recursively (appended to
/// `out`); their largest peak is its scratch. Relies on a nested block
/// freeing each heap buffer it allocates.
bool ModelBuilder::modelNestedBlocks(
    BlockState &st, StmtId s, std::vector<std::unique_ptr<BlockModel>> &out) {
  Operation *op = st.bm->ops[s];
  int64_t scratch = 0;
  for (Region &region : op->getRegions())
    for (Block &nested : region) {
      BlockModel *inner = build(nested, out);
      if (!inner)
        return false;
      for (BufferId b = 0; b < inner->problem.numBuffers(); ++b) {
        if (isStackAllocation(inner->allocations[b]))
          continue;
        if (getRegionExecution(op) == RegionExecution::Deferred)
          return fail(inner->allocations[b].getDefiningOp(),
                      "allocates a heap buffer inside '" +
                          op->getName().getStringRef() +
                          "', whose region may run after it returns (until "
                          "its work is waited for): the buffer's lifetime is "
                          "not known");
        if (!inner->problem.buffer(b).freedInBlock)
          return fail(inner->allocations[b].getDefiningOp(),
                      "allocation in a nested region is not freed in that "
                      "region");
      }
      scratch = std::max(scratch, inner->peak);
    }
  // A call of a function with a body: the callee's peak, less the buffers
  // it returns (the call's allocations, collectEffects).
  if (auto call = calls.find(op); call != calls.end())
    scratch = call->second->scratch;
  // A loop that provably never runs its body allocates nothing. (Other
  // region ops count their largest nested peak: exact when that region
  // runs, an upper bound otherwise.)
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op))
    if (std::optional<llvm::APInt> trips = loop.getStaticTripCount())
      if (trips->isZero())
        scratch = 0;
  st.bm->problem.statement(s).scratch = scratch;
  return true;
}

/// Memory effects of statement `s` and everything nested in it: its
/// allocations become buffers, its reads, writes and frees accesses per base
/// (and uses of the block's buffers). Relies on the statements of the block
/// being collected.
bool ModelBuilder::collectEffects(BlockState &st, StmtId s) {
  Operation *op = st.bm->ops[s];
  StmtEffects &fx = st.effects[s];
  // An op that only synchronises (an await, gpu.wait): its memory effects
  // are the pending accesses of the work it waits for
  // (addAsyncCompletions), not unknown ones.
  // A call of a function with a body allocates the buffers the callee
  // returns; otherwise it is an op of unknown effects (a barrier).
  if (auto call = calls.find(op); call != calls.end())
    for (auto [i, bytes] : llvm::enumerate(call->second->resultBytes))
      if (bytes) {
        Value v = op->getResult(i);
        fx.allocatesOrFrees = true;
        addAllocation(st, s, v, *bytes, /*numEffects=*/2);
        st.bm->problem.addUse(s, st.bufferOf[v]);
        fx.writes.add(v, Range());
      }
  // Calls of functions with a body (at any depth) read and write what
  // their callees do (CallSummary), or are ops of unknown effects.
  bool externalRead = false, externalWrite = false;
  auto summaryOf = [&](CallOpInterface call) { return calls.lookup(call); };
  auto all =
      getOpSemantics(op).onlySynchronises
          ? std::make_optional(SmallVector<MemoryEffects::EffectInstance>())
          : effectsWithCalls(op, summaryOf, externalRead, externalWrite);
  if (!all) {
    fx.unknown = true;
    return true;
  }
  if (externalRead)
    fx.reads.add(BaseKey(), Range());
  if (externalWrite)
    fx.writes.add(BaseKey(), Range());
  const bool trusted = rangesTrusted(op);
  for (const MemoryEffects::EffectInstance &e : *all) {
    Value v = e.getValue();
    bool isAlloc = isa<MemoryEffects::Allocate>(e.getEffect());
    if (!v) {
      if (!isAlloc)
        fx.unknown = true;
      continue;
    }
    if (!isAlloc) {
      if (!addAccess(st, s, e, trusted, all->size()))
        return false;
      continue;
    }
    if (isDefinedInside(v, op))
      continue; // A nested allocation: part of the statement's scratch.
    fx.allocatesOrFrees = true;
    if (v.getDefiningOp() != op)
      continue;
    if (!st.bufferOf.count(v)) {
      std::string why;
      std::optional<int64_t> bytes = allocationBytes(v, &why);
      if (!bytes)
        return fail(op, "allocates a buffer " + why);
      addAllocation(st, s, v, *bytes, all->size());
    }
    st.bm->problem.addUse(s, st.bufferOf[v]);
    fx.writes.add(v, Range());
  }
  // A call of a function with a body is not a producer to clone: what it
  // writes is pinned (Recomputability.h).
  bool callsBody = false;
  op->walk([&](CallOpInterface call) { callsBody |= calls.count(call) != 0; });
  if (callsBody)
    for (auto &[k, range] : fx.writes)
      if (auto it = st.bufferOf.find(k); it != st.bufferOf.end())
        st.pinned.insert(it->second);
  return true;
}

/// Records `v`, allocated by statement `s` (`bytes` bytes), as a new buffer
/// of the block. `s` is an Alloc statement if that is all it does.
void ModelBuilder::addAllocation(BlockState &st, StmtId s, Value v,
                                 int64_t bytes, size_t numEffects) {
  Problem &p = st.bm->problem;
  Operation *op = st.bm->ops[s];
  BufferId b = p.addBuffer(bytes, /*freedInBlock=*/false);
  st.bufferOf[v] = b;
  st.bm->allocations.push_back(v);
  st.allocStmt.push_back(s);
  st.freeStmt.push_back(-1);
  if (op->getNumRegions() == 0 && op->getNumOperands() == 0 &&
      numEffects == 1) {
    p.statement(s).kind = StmtKind::Alloc;
    p.statement(s).target = b;
  }
}

/// A read, write or free by statement `s` through value `e.getValue()`: an
/// access of each base it may point into, outside the statement. A free
/// decides its buffer's lifetime, so it must be unconditional and unique.
bool ModelBuilder::addAccess(BlockState &st, StmtId s,
                             const MemoryEffects::EffectInstance &e,
                             bool trusted, size_t numEffects) {
  Problem &p = st.bm->problem;
  Operation *op = st.bm->ops[s];
  StmtEffects &fx = st.effects[s];
  Value v = e.getValue();
  // An effect through a value defined inside the op (a view created in a
  // loop body, say) is an effect on every outer base it may alias; only
  // effects confined to nested allocations are internal.
  Bases bases = aliases.basesOf(v);
  SmallVector<Value, 2> outer;
  for (Value a : bases.allocs)
    if (!isDefinedInside(a, op))
      outer.push_back(a);
  if (isDefinedInside(v, op) && outer.empty() && !bases.external)
    return true;
  bool isRead = isa<MemoryEffects::Read>(e.getEffect());
  bool isFree = isa<MemoryEffects::Free>(e.getEffect());
  fx.allocatesOrFrees |= isFree;
  if (bases.external)
    (isRead ? fx.reads : fx.writes).add(BaseKey(), Range());
  // Through a value of opaque provenance: any captured buffer.
  if (bases.opaque)
    (isRead ? fx.opaqueRead : fx.opaqueWrite) = true;
  for (Value a : outer) {
    (isRead ? fx.reads : fx.writes)
        .add(a, isFree || !trusted ? Range() : accessRange(a, v));
    auto it = st.bufferOf.find(a);
    if (it == st.bufferOf.end())
      continue;
    p.addUse(s, it->second);
    if (!isFree)
      continue;
    if (outer.size() != 1 || bases.external)
      return fail(op, "frees a value that may alias several buffers");
    if (op->getNumRegions() != 0)
      return fail(op, "frees a buffer inside a nested region "
                      "(conditional ownership)");
    Buffer &buf = p.buffer(it->second);
    if (buf.freedInBlock)
      return fail(op, "frees a buffer that is already freed");
    buf.freedInBlock = true;
    st.freeStmt[it->second] = s;
    if (op->getNumOperands() == 1 && numEffects == 1) {
      p.statement(s).kind = StmtKind::Free;
      p.statement(s).target = it->second;
    }
  }
  return true;
}

/// SSA edges of statement `s`: uses of values defined by earlier statements
/// of the block, and uses of any alias of the block's buffers, anywhere
/// inside it. Relies on the buffers of earlier statements being collected.
void ModelBuilder::addSsaEdges(BlockState &st, StmtId s) {
  Problem &p = st.bm->problem;
  Operation *op = st.bm->ops[s];
  op->walk([&](Operation *inner) {
    for (Value operand : inner->getOperands()) {
      if (isDefinedInside(operand, op))
        continue;
      if (Operation *def = operand.getDefiningOp())
        if (Operation *anc = st.block.findAncestorOpInBlock(*def))
          if (auto it = st.stmtOf.find(anc); it != st.stmtOf.end())
            p.addEdge(it->second, s);
      if (!isa<BaseMemRefType>(operand.getType()))
        continue;
      for (Value a : aliases.basesOf(operand).allocs)
        if (auto it = st.bufferOf.find(a); it != st.bufferOf.end())
          p.addUse(s, it->second);
    }
  });
}

/// Asynchronous work (AsyncWork.h) may run until the statement where it
/// completes: that statement makes its pending accesses too, so the buffers
/// the work reads and writes stay alive and ordered until there, and are
/// pinned (recompute leaves them alone). Relies on every buffer of the
/// block being collected.
void ModelBuilder::addAsyncCompletions(BlockState &st) {
  Problem &p = st.bm->problem;
  for (const Completion &c : asyncWork.completionsIn(&st.block)) {
    auto stmt = st.stmtOf.find(c.end);
    if (stmt == st.stmtOf.end())
      continue; // The terminator: nothing after it to order.
    StmtId s = stmt->second;
    StmtEffects &fx = st.effects[s];
    const Pending &pending = asyncWork.getPending(c.pending);
    for (auto [set, isRead] : {std::make_pair(&pending.reads, true),
                               std::make_pair(&pending.writes, false)})
      for (BaseKey k : *set) {
        (isRead ? fx.reads : fx.writes).add(k, Range());
        if (auto it = st.bufferOf.find(k); it != st.bufferOf.end()) {
          p.addUse(s, it->second);
          st.pinned.insert(it->second);
        }
      }
    fx.opaqueWrite |= pending.opaque;
  }
}

/// Opaque accesses (through a pointer of opaque provenance, or by an op
/// with unknown effects) may reach every captured allocation: recorded as
/// whole-base accesses of each, so they keep their order with its direct
/// accesses and its free. For a buffer of this block only from the first
/// statement that captures it (each run of the block allocates it afresh,
/// so no opaque pointer to it exists before) while it is live in the input
/// (not yet freed), and the statement becomes a user of it; allocations of
/// enclosing blocks (and stack allocations nested in earlier statements)
/// at every statement, by key only. Never the allocations nested in the
/// statement itself (its nested model orders those). Relies on the effects,
/// buffers and frees of every statement being collected.
void ModelBuilder::addCaptureAccesses(BlockState &st) {
  Problem &p = st.bm->problem;
  const int64_t numStmts = static_cast<int64_t>(st.bm->ops.size());
  for (Value a : aliases.getCaptured()) {
    auto it = st.bufferOf.find(a);
    int64_t begin = 0, end = numStmts;
    if (it != st.bufferOf.end()) {
      st.pinned.insert(it->second);
      begin = end;
      for (Operation *site : aliases.captureSitesOf(a))
        if (Operation *anc = st.block.findAncestorOpInBlock(*site))
          if (auto stmt = st.stmtOf.find(anc); stmt != st.stmtOf.end())
            begin = std::min<int64_t>(begin, stmt->second);
      if (st.freeStmt[it->second] >= 0)
        end = st.freeStmt[it->second];
    }
    // The window [first capture, free) is a property of the order: pin
    // every opaque statement on its side of the capture and of the free, so
    // that every legal order has the same window and a model rebuilt from
    // the reordered block agrees with this one.
    if (it != st.bufferOf.end() && begin < end)
      for (int64_t s = 0; s < numStmts; ++s) {
        const StmtEffects &fx = st.effects[s];
        if (s == begin || !(fx.unknown || fx.opaqueRead || fx.opaqueWrite))
          continue;
        if (s < begin)
          p.addEdge(s, begin);
        else
          p.addEdge(begin, s);
        if (st.freeStmt[it->second] >= 0 && s > st.freeStmt[it->second])
          p.addEdge(st.freeStmt[it->second], s);
      }
    for (int64_t s = begin; s < end; ++s) {
      StmtEffects &fx = st.effects[s];
      bool reads = fx.unknown || fx.opaqueRead;
      bool writes = fx.unknown || fx.opaqueWrite;
      if ((!reads && !writes) || isDefinedInside(a, st.bm->ops[s]))
        continue;
      if (it != st.bufferOf.end())
        p.addUse(s, it->second);
      if (reads)
        fx.reads.add(a, Range());
      if (writes)
        fx.writes.add(a, Range());
    }
  }
}

/// An input that uses a buffer after freeing it (through any alias) has no
/// lifetime to model: refuse it rather than reorder around it. Relies on
/// every use being recorded (addCaptureAccesses included).
bool ModelBuilder::refuseUseAfterFree(BlockState &st) {
  const Problem &p = st.bm->problem;
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    if (st.freeStmt[b] < 0)
      continue;
    for (StmtId u : p.buffer(b).users)
      if (u > st.freeStmt[b])
        return fail(st.bm->ops[u],
                    "uses a buffer after it is freed (by '" +
                        st.bm->ops[st.freeStmt[b]]->getName().getStringRef() +
                        "'): use after free in the input");
  }
  return true;
}

/// Memory ordering per base, and barriers (ops with unknown effects, ordered
/// against every op that touches memory). Relies on the accesses of every
/// statement being final (addCaptureAccesses done) but for those added here.
void ModelBuilder::orderMemory(BlockState &st) {
  Problem &p = st.bm->problem;
  const StmtId numStmts = st.bm->ops.size();
  MemoryOrder order(p);
  int64_t lastBarrier = -1;
  std::vector<StmtId> sinceBarrier;
  // An op with unknown effects may read and write every buffer of the block
  // it can reach (those it uses through any alias): record that per base so
  // that writes, reads and the free of such a buffer keep their order with it.
  for (StmtId s = 0; s < numStmts; ++s)
    if (st.effects[s].unknown)
      for (BufferId b : p.statement(s).buffers) {
        st.effects[s].reads.add(st.bm->allocations[b], Range());
        st.effects[s].writes.add(st.bm->allocations[b], Range());
      }
  for (StmtId s = 0; s < numStmts; ++s) {
    StmtEffects &fx = st.effects[s];
    if (!fx.touchesMemory())
      continue;
    // Allocating fresh memory or freeing a buffer of this block cannot
    // conflict with a barrier that does not use it (and one that uses it is
    // ordered through the buffer's base above): no barrier edges, so the
    // scheduler may place them next to their users.
    if (p.statement(s).kind != StmtKind::Compute && !fx.unknown) {
      for (auto &[k, r] : fx.writes)
        order.write(k, s, r);
      continue;
    }
    if (lastBarrier >= 0)
      p.addEdge(static_cast<StmtId>(lastBarrier), s);
    if (fx.unknown) {
      for (StmtId t : sinceBarrier)
        p.addEdge(t, s);
      lastBarrier = s;
      sinceBarrier.clear();
      // Its whole-base accesses (recorded above) order the allocations and
      // frees of the buffers it uses, which take no barrier edges.
      for (auto &[k, r] : fx.writes)
        order.write(k, s, r);
      continue;
    }
    sinceBarrier.push_back(s);
    // A base both read and written: the write stands for both ranges.
    for (auto &[k, r] : fx.writes) {
      Range range = r;
      if (fx.reads.contains(k))
        range = range.hull(fx.reads.ranges.lookup(k));
      order.write(k, s, range);
    }
    for (auto &[k, r] : fx.reads)
      if (!fx.writes.contains(k))
        order.read(k, s, r);
  }
}

/// Buffers the terminator passes on outlive the block. Relies on the frees
/// being collected.
bool ModelBuilder::markEscaping(BlockState &st) {
  if (!st.terminator)
    return true;
  for (Value operand : st.terminator->getOperands())
    if (isa<BaseMemRefType>(operand.getType()))
      for (Value a : aliases.basesOf(operand).allocs)
        if (auto it = st.bufferOf.find(a); it != st.bufferOf.end()) {
          if (st.freeStmt[it->second] >= 0)
            return fail(st.terminator,
                        "passes on a buffer that is already freed: use "
                        "after free in the input");
          st.bm->problem.buffer(it->second).freedInBlock = false;
        }
  return true;
}

/// Records the accesses and pinned buffers, computes MACs and the peak as
/// written, and checks the problem. Relies on every edge, use and access
/// being recorded (all earlier phases done).
bool ModelBuilder::finish(BlockState &st) {
  BlockModel *bm = st.bm;
  Problem &p = bm->problem;
  bm->accesses.reserve(st.effects.size());
  for (const StmtEffects &fx : st.effects) {
    StmtAccess &access = bm->accesses.emplace_back();
    for (auto &[k, range] : fx.reads)
      access.reads.push_back(k);
    for (auto &[k, range] : fx.writes)
      access.writes.push_back(k);
    access.unknown = fx.unknown;
    access.allocatesOrFrees = fx.allocatesOrFrees;
  }
  bm->pinned.assign(p.numBuffers(), 0);
  for (BufferId b : st.pinned)
    bm->pinned[b] = 1;
  for (StmtId s = 0; s < bm->ops.size(); ++s) {
    WorkCount work = countWork(bm->ops[s]);
    p.statement(s).macs = work.macs;
    p.statement(s).ops = work.ops;
  }

  p.finalize();
  if (std::string tooLarge = p.checkTotals(); !tooLarge.empty())
    return fail(st.block.getParentOp(), tooLarge);
  std::string problemError = p.check();
  if (!problemError.empty())
    return fail(st.block.getParentOp(),
                "internal model error: " + problemError);
  bm->peak = simulatePeak(p, identityOrder(p));
  return true;
}

} // namespace model

using model::ModelBuilder;

MemoryModel::MemoryModel(Operation *funcLike) {
  model::CalleeModels callees(funcLike);
  build(funcLike, callees);
}

MemoryModel::MemoryModel(Operation *funcLike, Operation *original) {
  model::CalleeModels callees(funcLike, original);
  build(funcLike, callees);
}

MemoryModel::MemoryModel(Operation *funcLike, model::CalleeModels &callees) {
  build(funcLike, callees);
}

void MemoryModel::build(Operation *funcLike, model::CalleeModels &callees) {
  scopeRoot = CalleeBodiesScope::currentRoot();
  auto fn = dyn_cast<FunctionOpInterface>(funcLike);
  if (!fn || fn.isExternal()) {
    failure = ModelFailure{funcLike->getLoc(), "function has no body"};
    return;
  }
  auto isTensor = [](Type t) { return isa<TensorType>(t); };
  if (llvm::any_of(fn.getArgumentTypes(), isTensor) ||
      llvm::any_of(fn.getResultTypes(), isTensor)) {
    failure =
        ModelFailure{funcLike->getLoc(),
                     "function has tensor arguments or results; peakmem "
                     "models bufferized IR (run one-shot-bufferize first)"};
    return;
  }
  Region &body = fn.getFunctionBody();
  if (!body.hasOneBlock()) {
    failure = ModelFailure{funcLike->getLoc(),
                           "function body has unstructured control flow (more "
                           "than one block); peakmem models structured bodies"};
    return;
  }
  ModelBuilder builder(funcLike, callees);
  std::vector<std::unique_ptr<BlockModel>> built;
  BlockModel *entry =
      builder.prepare() ? builder.build(body.front(), built) : nullptr;
  if (!entry) {
    failure = builder.failure;
    return;
  }
  // build() records a block before the blocks nested in it.
  blocks = std::move(built);
  for (auto &m : blocks)
    byBlock[m->block] = m.get();
  retainers = builder.retainers();
}

int64_t MemoryModel::getPeak() const {
  const BlockModel *entry = getEntryBlockModel();
  return entry ? entry->peak : 0;
}

const BlockModel *MemoryModel::getEntryBlockModel() const {
  return blocks.empty() ? nullptr : blocks.front().get();
}

const BlockModel *MemoryModel::getBlockModel(Block *block) const {
  auto it = byBlock.find(block);
  return it == byBlock.end() ? nullptr : it->second;
}

} // namespace peakmem
