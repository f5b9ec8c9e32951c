//===- Problem.cpp - The peak-memory scheduling problem -------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Model/Graph.h"
#include "peakmem/Core/Support/MaxFlow.h"

#include <algorithm>
#include <cassert>
#include <numeric>

namespace peakmem {

StmtId Problem::addStatement(StmtKind kind, int64_t scratch) {
  Statement s;
  s.kind = kind;
  s.scratch = scratch;
  stmts.push_back(std::move(s));
  return static_cast<StmtId>(stmts.size() - 1);
}

StmtId Problem::addStatementLike(const Statement &st) {
  StmtId id = addStatement(st.kind, st.scratch);
  stmts[id].macs = st.macs;
  stmts[id].ops = st.ops;
  return id;
}

BufferId Problem::addBuffer(int64_t bytes, bool freedInBlock) {
  Buffer b;
  b.bytes = bytes;
  b.freedInBlock = freedInBlock;
  buffers.push_back(std::move(b));
  return static_cast<BufferId>(buffers.size() - 1);
}

void Problem::addUse(StmtId s, BufferId b) {
  stmts[s].buffers.push_back(b);
  buffers[b].users.push_back(s);
}

void Problem::addEdge(StmtId before, StmtId after) {
  if (before != after)
    edgeList.emplace_back(before, after);
}

template <typename T> static void sortUnique(std::vector<T> &v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

void Problem::finalize() {
  for (Statement &s : stmts)
    sortUnique(s.buffers);
  for (Buffer &b : buffers)
    sortUnique(b.users);
  sortUnique(edgeList);
  predList.assign(stmts.size(), {});
  succList.assign(stmts.size(), {});
  for (auto [u, v] : edgeList) {
    if (u >= stmts.size() || v >= stmts.size())
      continue; // Reported by check().
    succList[u].push_back(v);
    predList[v].push_back(u);
  }
  sizeAtFinalize = stmts.size() + edgeList.size();
  for (const Buffer &b : buffers)
    sizeAtFinalize += b.users.size();
}

static_assert(kMaxTotal < kInfiniteCapacity,
              "a finite cut must stay below the max-flow's infinity");

/// Adds `v` (negatives count as 0) to `total`, saturating above kMaxTotal.
static void accumulate(int64_t &total, int64_t v) {
  if (v > 0)
    total = v > kMaxTotal - total ? kMaxTotal + 1 : total + v;
}

int64_t Problem::totalMacs() const {
  int64_t macs = 0;
  for (const Statement &s : stmts)
    accumulate(macs, s.macs);
  return macs;
}

int64_t Problem::totalOps() const {
  int64_t ops = 0;
  for (const Statement &s : stmts)
    accumulate(ops, s.ops);
  return ops;
}

std::string Problem::checkTotals() const {
  int64_t bytes = 0;
  accumulate(bytes, liveIn);
  for (const Buffer &b : buffers)
    accumulate(bytes, b.bytes);
  for (const Statement &s : stmts)
    accumulate(bytes, s.scratch);
  if (bytes > kMaxTotal)
    return "totals more than 2^62 - 1 bytes of buffers and scratch (the "
           "limit of the memory model)";
  if (totalMacs() > kMaxTotal || totalOps() > kMaxTotal)
    return "totals more than 2^62 - 1 multiply-accumulates or operations (the "
           "limit of the memory model)";
  return {};
}

std::string Problem::check() const {
  const size_t n = stmts.size();
  for (auto [u, v] : edgeList)
    if (u >= n || v >= n)
      return "edge " + std::to_string(u) + " -> " + std::to_string(v) +
             " names a statement out of range";
  for (StmtId s = 0; s < n; ++s) {
    for (BufferId b : stmts[s].buffers)
      if (b >= buffers.size())
        return "statement " + std::to_string(s) + " uses unknown buffer";
    const Statement &st = stmts[s];
    if (st.kind != StmtKind::Compute &&
        (st.target >= buffers.size() ||
         !std::binary_search(st.buffers.begin(), st.buffers.end(), st.target)))
      return "alloc/free statement " + std::to_string(s) +
             " does not use its target buffer";
    if (st.scratch < 0)
      return "statement " + std::to_string(s) + " has negative scratch";
    if (st.macs < 0 || st.ops < 0)
      return "statement " + std::to_string(s) +
             " has negative MACs or operations";
  }
  for (BufferId b = 0; b < buffers.size(); ++b)
    if (buffers[b].bytes < 0)
      return "buffer " + std::to_string(b) + " has a negative size";
  if (liveIn < 0)
    return "negative live-in bytes";
  if (std::string totals = checkTotals(); !totals.empty())
    return totals;
  // Kahn's order leaves out every statement on (or after) a cycle.
  if (topologicalOrder(*this).size() != n)
    return "dependency edges form a cycle";
  return {};
}

/// A statement is merged into its buffer's users iff it is an Alloc or Free
/// and the buffer has at least one user that is neither its Alloc nor a Free.
static bool isMerged(const Problem &p, StmtId s) {
  const Statement &st = p.statement(s);
  if (st.kind == StmtKind::Compute)
    return false;
  for (StmtId u : p.buffer(st.target).users) {
    const Statement &us = p.statement(u);
    if (!(us.kind != StmtKind::Compute && us.target == st.target))
      return true;
  }
  return false;
}

Contraction contract(const Problem &full) {
  const size_t n = full.numStatements();
  Contraction c;
  c.toContracted.assign(n, -1);
  for (StmtId s = 0; s < n; ++s) {
    if (isMerged(full, s))
      continue;
    const Statement &st = full.statement(s);
    StmtId id = c.problem.addStatementLike(st);
    c.problem.statement(id).target = st.target;
    c.toContracted[s] = id;
    c.toOriginal.push_back(s);
  }
  for (BufferId b = 0; b < full.numBuffers(); ++b) {
    const Buffer &buf = full.buffer(b);
    BufferId nb = c.problem.addBuffer(buf.bytes, buf.freedInBlock);
    (void)nb;
    for (StmtId u : buf.users)
      if (c.toContracted[u] >= 0)
        c.problem.addUse(static_cast<StmtId>(c.toContracted[u]), b);
  }
  // Edges: kept -> kept directly; through merged statements transitively.
  // keptSuccs(m) for a merged m is memoised (merged chains are short).
  std::vector<std::vector<StmtId>> keptSuccMemo(n);
  std::vector<uint8_t> done(n, 0);
  auto keptSuccs = [&](auto &&self, StmtId m) -> const std::vector<StmtId> & {
    if (done[m])
      return keptSuccMemo[m];
    done[m] = 1;
    std::vector<StmtId> out;
    for (StmtId t : full.succs(m)) {
      if (c.toContracted[t] >= 0) {
        out.push_back(static_cast<StmtId>(c.toContracted[t]));
      } else {
        const auto &sub = self(self, t);
        out.insert(out.end(), sub.begin(), sub.end());
      }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    keptSuccMemo[m] = std::move(out);
    return keptSuccMemo[m];
  };
  for (StmtId s = 0; s < n; ++s) {
    if (c.toContracted[s] < 0)
      continue;
    StmtId cs = static_cast<StmtId>(c.toContracted[s]);
    for (StmtId t : full.succs(s)) {
      if (c.toContracted[t] >= 0) {
        c.problem.addEdge(cs, static_cast<StmtId>(c.toContracted[t]));
        continue;
      }
      for (StmtId k : keptSuccs(keptSuccs, t))
        c.problem.addEdge(cs, k);
    }
  }
  c.problem.liveIn = full.liveIn;
  c.problem.finalize();
  return c;
}

Order expand(const Problem &full, const Contraction &c, const Order &order) {
  const size_t n = full.numStatements();
  std::vector<size_t> pos(c.problem.numStatements(), 0);
  for (size_t i = 0; i < order.size(); ++i)
    pos[order[i]] = i;
  std::vector<std::vector<StmtId>> before(order.size()), after(order.size());
  for (StmtId s = 0; s < n; ++s) {
    if (c.toContracted[s] >= 0)
      continue;
    const Statement &st = full.statement(s);
    // Position range of the buffer's kept users in the new order.
    size_t first = order.size(), last = 0;
    for (StmtId u : full.buffer(st.target).users) {
      if (c.toContracted[u] < 0)
        continue;
      size_t q = pos[c.toContracted[u]];
      first = std::min(first, q);
      last = std::max(last, q);
    }
    assert(first < order.size() && "merged statement without a kept user");
    if (st.kind == StmtKind::Alloc)
      before[first].push_back(s);
    else
      after[last].push_back(s);
  }
  Order out;
  out.reserve(n);
  for (size_t i = 0; i < order.size(); ++i) {
    out.insert(out.end(), before[i].begin(), before[i].end());
    out.push_back(c.toOriginal[order[i]]);
    out.insert(out.end(), after[i].begin(), after[i].end());
  }
  return out;
}

bool isLegalOrder(const Problem &p, const Order &order) {
  const size_t n = p.numStatements();
  if (order.size() != n)
    return false;
  std::vector<int64_t> pos(n, -1);
  for (size_t i = 0; i < n; ++i) {
    if (order[i] >= n || pos[order[i]] >= 0)
      return false;
    pos[order[i]] = static_cast<int64_t>(i);
  }
  for (auto [u, v] : p.edges())
    if (pos[u] > pos[v])
      return false;
  return true;
}

Order identityOrder(const Problem &p) {
  Order o(p.numStatements());
  std::iota(o.begin(), o.end(), 0);
  return o;
}

} // namespace peakmem
