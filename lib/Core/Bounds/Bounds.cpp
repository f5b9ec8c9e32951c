//===- Bounds.cpp - Reachability and the cheap lower bounds ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Bound names, the reachability matrix, and the bounds that need no flow:
// boundary, local and forced-live. The trap and pairwise bounds are in
// TrapBounds.cpp, the driver that combines them in ComputeLowerBound.cpp.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Model/Graph.h"
#include "peakmem/Core/Support/EnumNames.h"

#include <algorithm>
#include <limits>

namespace peakmem {

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

static constexpr EnumName<BoundKind> kBoundKindNames[] = {
    {BoundKind::Boundary, "boundary"},
    {BoundKind::Local, "local"},
    {BoundKind::ForcedLive, "forced-live"},
    {BoundKind::ReverseTrap, "reverse-trap"},
    {BoundKind::ForwardTrap, "forward-trap"},
    {BoundKind::Pairwise, "pairwise"},
    {BoundKind::Exhaustive, "exhaustive"},
    {BoundKind::Multiway, "multiway"}};

const char *boundKindName(BoundKind kind) {
  return enumName(kBoundKindNames, kind, "unknown");
}

bool parseBoundKind(const std::string &name, BoundKind &kind) {
  return parseEnumName(kBoundKindNames, name, kind);
}

//===----------------------------------------------------------------------===//
// Reachability
//===----------------------------------------------------------------------===//

Reachability::Reachability(const Problem &p)
    : n(p.numStatements()), words((p.numStatements() + 63) / 64),
      anc(n * words, 0), desc(n * words, 0) {
  Order topo = topologicalOrder(p);
  // anc(v) = union over preds u of anc(u) + {u}, in topological order.
  for (StmtId v : topo) {
    uint64_t *row = &anc[v * words];
    for (StmtId u : p.preds(v)) {
      const uint64_t *from = &anc[u * words];
      for (size_t w = 0; w < words; ++w)
        row[w] |= from[w];
      row[u / 64] |= uint64_t(1) << (u % 64);
    }
  }
  for (auto it = topo.rbegin(); it != topo.rend(); ++it) {
    StmtId v = *it;
    uint64_t *row = &desc[v * words];
    for (StmtId s : p.succs(v)) {
      const uint64_t *from = &desc[s * words];
      for (size_t w = 0; w < words; ++w)
        row[w] |= from[w];
      row[s / 64] |= uint64_t(1) << (s % 64);
    }
  }
}

//===----------------------------------------------------------------------===//
// Cheap bounds
//===----------------------------------------------------------------------===//

int64_t baseBytes(const Problem &p, StmtId v) {
  const Statement &st = p.statement(v);
  int64_t bytes = p.liveIn + st.scratch;
  for (BufferId b : st.buffers)
    bytes += p.buffer(b).bytes;
  return bytes;
}

LowerBound boundaryBound(const Problem &p) {
  LowerBound lb;
  lb.kind = BoundKind::Boundary;
  lb.bytes = p.liveIn;
  const size_t n = p.numStatements();
  if (n == 0)
    return lb;
  // First step: a DAG source running alone; mem = base.
  int64_t entry = std::numeric_limits<int64_t>::max();
  StmtId entryWitness = 0;
  for (StmtId v = 0; v < n; ++v)
    if (p.preds(v).empty() && baseBytes(p, v) < entry) {
      entry = baseBytes(p, v);
      entryWitness = v;
    }
  // Last step: a DAG sink; every escaping buffer with a user is live, every
  // freed buffer not used by the sink is dead.
  int64_t escaping = 0;
  for (BufferId b = 0; b < p.numBuffers(); ++b)
    if (!p.buffer(b).freedInBlock && !p.buffer(b).users.empty())
      escaping += p.buffer(b).bytes;
  int64_t exit = std::numeric_limits<int64_t>::max();
  StmtId exitWitness = 0;
  for (StmtId v = 0; v < n; ++v) {
    if (!p.succs(v).empty())
      continue;
    int64_t own = p.statement(v).scratch;
    for (BufferId b : p.statement(v).buffers)
      if (p.buffer(b).freedInBlock)
        own += p.buffer(b).bytes;
    if (own < exit) {
      exit = own;
      exitWitness = v;
    }
  }
  // A cyclic (invalid) problem may lack sources or sinks: never overflow.
  if (entry == std::numeric_limits<int64_t>::max())
    entry = p.liveIn;
  if (exit == std::numeric_limits<int64_t>::max())
    exit = 0;
  exit += p.liveIn + escaping;
  if (exit >= entry) {
    lb.bytes = exit;
    lb.witness = exitWitness;
  } else {
    lb.bytes = entry;
    lb.witness = entryWitness;
  }
  return lb;
}

LowerBound localBound(const Problem &p, StmtId v) {
  LowerBound lb;
  lb.kind = BoundKind::Local;
  lb.witness = v;
  lb.bytes = baseBytes(p, v);
  return lb;
}

/// Marks `from` and everything reachable from it through `next` (preds or

LowerBound forcedLiveBound(const Problem &p, StmtId v) {
  LowerBound lb = localBound(p, v);
  lb.kind = BoundKind::ForcedLive;
  // 1 = ancestor, 2 = descendant, 3 = v itself.
  std::vector<uint8_t> rel(p.numStatements(), 0);
  markAncestors(p, v, rel, 1);
  markDescendants(p, v, rel, 2);
  rel[v] = 3;
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    const Buffer &buf = p.buffer(b);
    bool before = false, after = false, usedByV = false;
    for (StmtId u : buf.users) {
      before |= rel[u] == 1;
      after |= rel[u] == 2;
      usedByV |= rel[u] == 3;
    }
    if (!usedByV && before && (after || !buf.freedInBlock))
      lb.bytes += buf.bytes;
  }
  return lb;
}

std::vector<int64_t> forcedLiveBounds(const Problem &p, const Reachability &r) {
  const size_t n = p.numStatements(), words = r.numWords();
  std::vector<int64_t> out(n);
  for (StmtId v = 0; v < n; ++v)
    out[v] = baseBytes(p, v);
  std::vector<uint64_t> below(words), above(words);
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    const Buffer &buf = p.buffer(b);
    if (buf.users.empty() || buf.bytes == 0)
      continue;
    // below: statements with a user among their ancestors; above: with a
    // user among their descendants. Forced at v iff below and (above or
    // escaping), for v not itself a user.
    std::fill(below.begin(), below.end(), 0);
    std::fill(above.begin(), above.end(), 0);
    for (StmtId u : buf.users) {
      const uint64_t *d = r.descendants(u), *a = r.ancestors(u);
      for (size_t w = 0; w < words; ++w) {
        below[w] |= d[w];
        above[w] |= a[w];
      }
    }
    if (buf.freedInBlock)
      for (size_t w = 0; w < words; ++w)
        below[w] &= above[w];
    for (StmtId u : buf.users)
      below[u / 64] &= ~(uint64_t(1) << (u % 64));
    for (size_t w = 0; w < words; ++w)
      for (uint64_t bits = below[w]; bits; bits &= bits - 1)
        out[w * 64 + __builtin_ctzll(bits)] += buf.bytes;
  }
  return out;
}

} // namespace peakmem
