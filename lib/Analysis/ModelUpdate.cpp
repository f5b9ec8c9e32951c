//===- ModelUpdate.cpp - The model after allocations and frees move -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MemoryModel::afterEntryMoves (peakmem/Analysis/MemoryModel.h): the model
// of a function whose entry block only had allocation and free statements
// moved since its model was built, derived from that model instead of
// modeling the function again.
//
// Why the result is the model a rebuild gives. A movable statement is an
// Alloc or Free statement (one effect, on its buffer's own allocation
// value: no alias, no opaque pointer, no barrier) of a buffer that is
// neither captured nor accessed by asynchronous work (not pinned). It
// touches one base, its buffer's, and takes no barrier edges
// (ModelBuilder::orderMemory). Every other statement keeps its relative
// order and every movable one stays before (an allocation) or after (a
// free) every other use of its buffer, so the sequence of accesses of
// every base is unchanged: the memory-order edges are the same, and so are
// the SSA edges (def-use), the asynchronous completions (at waits, which
// do not move), the capture windows (between captures and frees of
// pinned buffers, over opaque statements, none of which moves) and the
// nested blocks (checked unchanged). Renumbered and finalized (which sorts
// uses and edges), the problem is the rebuilt one; buffers are numbered in
// the order of their allocating statements, as the builder numbers them.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Model/Simulation.h"

#include "mlir/IR/Block.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <algorithm>
#include <numeric>

using namespace mlir;

namespace peakmem {

/// The non-terminator ops of `block`, in order.
static std::vector<Operation *> statementOps(Block &block) {
  std::vector<Operation *> ops;
  for (Operation &op : block)
    ops.push_back(&op);
  if (!ops.empty() && ops.back()->hasTrait<OpTrait::IsTerminator>())
    ops.pop_back();
  return ops;
}

/// Whether statement `s` of `m` may have moved (file header).
static bool isMovable(const BlockModel &m, StmtId s) {
  const Statement &st = m.problem.statement(s);
  if (st.kind == StmtKind::Compute || m.pinned[st.target] ||
      st.buffers.size() != 1 || st.buffers[0] != st.target)
    return false;
  const StmtAccess &a = m.accesses[s];
  Value alloc = m.allocations[st.target];
  if (a.unknown || !a.reads.empty() || a.writes.size() != 1 ||
      a.writes[0] != alloc)
    return false;
  Operation *op = m.ops[s];
  if (op->getNumRegions() != 0)
    return false;
  if (st.kind == StmtKind::Alloc)
    return op->getNumOperands() == 0 && alloc.getDefiningOp() == op;
  return op->getNumOperands() == 1 && op->getOperand(0) == alloc;
}

/// For each statement of `old` (the entry block's model), its position in
/// `ops` (the entry block now), when the file header's conditions hold.
static std::optional<std::vector<StmtId>>
newPositions(const BlockModel &old, ArrayRef<Operation *> ops) {
  const size_t n = old.ops.size();
  if (ops.size() != n)
    return std::nullopt;
  DenseMap<Operation *, StmtId> oldOf;
  oldOf.reserve(n);
  for (StmtId s = 0; s < n; ++s)
    oldOf[old.ops[s]] = s;
  std::vector<StmtId> newOf(n);
  std::vector<uint8_t> movable(n), seen(n);
  int64_t lastFixed = -1;
  for (StmtId i = 0; i < n; ++i) {
    auto it = oldOf.find(ops[i]);
    if (it == oldOf.end() || seen[it->second])
      return std::nullopt;
    StmtId s = it->second;
    seen[s] = 1;
    newOf[s] = i;
    movable[s] = isMovable(old, s);
    if (!movable[s]) {
      if (static_cast<int64_t>(s) < lastFixed)
        return std::nullopt;
      lastFixed = s;
    }
  }
  // Allocations still first and frees still last among their buffers'
  // users; every edge still forward.
  const Problem &p = old.problem;
  for (StmtId s = 0; s < n; ++s) {
    if (!movable[s])
      continue;
    const bool isAlloc = p.statement(s).kind == StmtKind::Alloc;
    for (StmtId u : p.buffer(p.statement(s).target).users)
      if (u != s && (isAlloc ? newOf[u] < newOf[s] : newOf[u] > newOf[s]))
        return std::nullopt;
  }
  for (auto [from, to] : p.edges())
    if (newOf[from] >= newOf[to])
      return std::nullopt;
  return newOf;
}

/// `old` renumbered: statement s at `newOf[s]`, buffers in the order of
/// their allocating statements there.
static BlockModel renumbered(const BlockModel &old, ArrayRef<StmtId> newOf) {
  const Problem &p = old.problem;
  const size_t n = p.numStatements(), numBuffers = p.numBuffers();
  DenseMap<Operation *, StmtId> stmtOf;
  stmtOf.reserve(n);
  for (StmtId s = 0; s < n; ++s)
    stmtOf[old.ops[s]] = s;
  std::vector<BufferId> byNew(numBuffers);
  std::iota(byNew.begin(), byNew.end(), 0);
  std::vector<StmtId> allocAt(numBuffers);
  for (BufferId b = 0; b < numBuffers; ++b)
    allocAt[b] = newOf[stmtOf.lookup(old.allocations[b].getDefiningOp())];
  std::stable_sort(byNew.begin(), byNew.end(), [&](BufferId a, BufferId b) {
    return allocAt[a] < allocAt[b];
  });
  std::vector<BufferId> newBuf(numBuffers);
  for (BufferId i = 0; i < numBuffers; ++i)
    newBuf[byNew[i]] = i;

  BlockModel m;
  m.block = old.block;
  std::vector<StmtId> oldAt(n);
  for (StmtId s = 0; s < n; ++s)
    oldAt[newOf[s]] = s;
  Problem &q = m.problem;
  q.liveIn = p.liveIn;
  m.ops.reserve(n);
  m.accesses.reserve(n);
  for (StmtId i = 0; i < n; ++i) {
    const Statement &st = p.statement(oldAt[i]);
    q.addStatementLike(st);
    if (st.kind != StmtKind::Compute)
      q.statement(i).target = newBuf[st.target];
    m.ops.push_back(old.ops[oldAt[i]]);
    m.accesses.push_back(old.accesses[oldAt[i]]);
  }
  m.allocations.reserve(numBuffers);
  m.pinned.reserve(numBuffers);
  for (BufferId i = 0; i < numBuffers; ++i) {
    const Buffer &buf = p.buffer(byNew[i]);
    q.addBuffer(buf.bytes, buf.freedInBlock);
    m.allocations.push_back(old.allocations[byNew[i]]);
    m.pinned.push_back(old.pinned[byNew[i]]);
    for (StmtId u : buf.users)
      q.addUse(newOf[u], i);
  }
  for (auto [from, to] : p.edges())
    q.addEdge(newOf[from], newOf[to]);
  q.finalize();
  m.peak = simulatePeak(q, identityOrder(q));
  return m;
}

MemoryModel MemoryModel::afterEntryMoves(Operation *funcLike,
                                         const MemoryModel &before) {
  auto fn = dyn_cast<FunctionOpInterface>(funcLike);
  const BlockModel *entry = before.getEntryBlockModel();
  if (!fn || fn.isExternal() || !entry ||
      entry->block != &fn.getFunctionBody().front())
    return MemoryModel(funcLike);
  for (size_t i = 1; i < before.blocks.size(); ++i)
    if (statementOps(*before.blocks[i]->block) != before.blocks[i]->ops)
      return MemoryModel(funcLike);
  std::optional<std::vector<StmtId>> newOf =
      newPositions(*entry, statementOps(*entry->block));
  if (!newOf)
    return MemoryModel(funcLike);
  MemoryModel after;
  after.blocks.reserve(before.blocks.size());
  after.blocks.push_back(
      std::make_unique<BlockModel>(renumbered(*entry, *newOf)));
  for (size_t i = 1; i < before.blocks.size(); ++i)
    after.blocks.push_back(std::make_unique<BlockModel>(*before.blocks[i]));
  for (auto &m : after.blocks)
    after.byBlock[m->block] = m.get();
  after.retainers = before.retainers;
  after.scopeRoot = before.scopeRoot;
  return after;
}

} // namespace peakmem
