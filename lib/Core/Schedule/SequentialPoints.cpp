//===- SequentialPoints.cpp - Cut a block at its sequential points
//----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "SequentialPoints.h"

#include "peakmem/Core/Model/Graph.h"

#include <algorithm>

namespace peakmem {

/// Segments up to this many statements get the ancestor/descendant bitset
/// lower bound (O(k^2 / 8) bytes); larger ones a cheaper local bound.
static constexpr size_t kBitsetBoundLimit = 4096;

/// For each position i of the topological order `topo`: is topo[i] comparable
/// with every statement? It is iff (a) it is the only ready statement when it
/// runs (then everything not yet run is one of its descendants: every
/// remaining statement lies above some minimal remaining one) and (b) it is
/// the only maximal element of the executed set right after it runs (then
/// everything run so far is one of its ancestors). Both counts are maintained
/// in O(degree) per step.
std::vector<uint8_t> sequentialAlong(const Problem &p, const Order &topo) {
  const size_t n = p.numStatements();
  ReadyCounter counter(p);
  std::vector<uint32_t> doneSuccs(n, 0);
  size_t readyCount = 0, maximalCount = 0;
  counter.forEachSource([&](StmtId) { ++readyCount; });
  std::vector<uint8_t> sequential(n, 0);
  for (size_t i = 0; i < topo.size(); ++i) {
    StmtId v = topo[i];
    bool onlyReady = readyCount == 1;
    --readyCount;
    counter.run(v, [&](StmtId) { ++readyCount; });
    ++maximalCount;
    for (StmtId q : p.preds(v))
      if (doneSuccs[q]++ == 0)
        --maximalCount;
    sequential[i] = onlyReady && maximalCount == 1;
  }
  return sequential;
}

/// Lower bound on mem at the step of each local statement v, valid for every
/// order: liveIn + scratch(v) + every buffer v uses + every buffer forced
/// live at v (a user is an ancestor of v, and a user is a descendant of v or
/// the buffer is never freed; algorithms.md section 2, "forced-live").
std::vector<int64_t> staticBounds(const Problem &local) {
  const size_t k = local.numStatements();
  std::vector<int64_t> bound(k);
  for (StmtId v = 0; v < k; ++v)
    bound[v] = local.liveIn + local.statement(v).scratch;
  if (k > kBitsetBoundLimit) {
    // Only what every order shares: own buffers, plus buffers live before
    // the segment (entry user) that stay live to its end.
    const StmtId entry = 0, exit = static_cast<StmtId>(k - 1);
    int64_t throughout = 0;
    for (BufferId b = 0; b < local.numBuffers(); ++b) {
      const Buffer &buf = local.buffer(b);
      if (buf.users.empty() || buf.users.front() != entry ||
          (buf.freedInBlock && buf.users.back() != exit))
        continue;
      throughout += buf.bytes;
      for (StmtId u : buf.users)
        bound[u] -= buf.bytes;
    }
    for (StmtId v = 0; v < k; ++v) {
      bound[v] += throughout;
      for (BufferId b : local.statement(v).buffers)
        bound[v] += local.buffer(b).bytes;
    }
    return bound;
  }
  const size_t words = (k + 63) / 64;
  std::vector<uint64_t> anc(k * words, 0), desc(k * words, 0);
  auto row = [&](std::vector<uint64_t> &m, StmtId v) {
    return m.data() + size_t(v) * words;
  };
  for (StmtId v = 0; v < k; ++v)
    for (StmtId q : local.preds(v)) {
      uint64_t *dst = row(anc, v), *src = row(anc, q);
      for (size_t w = 0; w < words; ++w)
        dst[w] |= src[w];
      dst[q / 64] |= uint64_t(1) << (q % 64);
    }
  for (StmtId v = static_cast<StmtId>(k); v-- > 0;)
    for (StmtId t : local.succs(v)) {
      uint64_t *dst = row(desc, v), *src = row(desc, t);
      for (size_t w = 0; w < words; ++w)
        dst[w] |= src[w];
      dst[t / 64] |= uint64_t(1) << (t % 64);
    }
  std::vector<uint64_t> after(words), before(words);
  for (BufferId b = 0; b < local.numBuffers(); ++b) {
    const Buffer &buf = local.buffer(b);
    if (buf.users.empty())
      continue;
    std::fill(after.begin(), after.end(), 0);
    std::fill(before.begin(), before.end(), buf.freedInBlock ? 0 : ~0ULL);
    for (StmtId u : buf.users) {
      const uint64_t *d = row(desc, u), *a = row(anc, u);
      for (size_t w = 0; w < words; ++w) {
        after[w] |= d[w];
        before[w] |= a[w];
      }
    }
    for (size_t w = 0; w < words; ++w)
      after[w] &= before[w];
    for (StmtId u : buf.users)
      after[u / 64] |= uint64_t(1) << (u % 64);
    for (size_t w = 0; w < words; ++w)
      for (uint64_t bits = after[w]; bits; bits &= bits - 1) {
        size_t v = w * 64 + static_cast<size_t>(__builtin_ctzll(bits));
        if (v < k)
          bound[v] += buf.bytes;
      }
  }
  return bound;
}

Problem buildSegment(const Problem &p, const Order &inc, size_t begin,
                     size_t end, int64_t liveBefore,
                     const std::vector<size_t> &firstPos,
                     const std::vector<size_t> &lastPos,
                     std::vector<int64_t> &localOf,
                     std::vector<int64_t> &localBuffer) {
  Problem local;
  const StmtId entry = local.addStatement();
  for (size_t i = begin; i < end; ++i) {
    const Statement &st = p.statement(inc[i]);
    StmtId id = local.addStatementLike(st);
    localOf[inc[i]] = id;
  }
  const StmtId exit = local.addStatement();
  int64_t liveIn = liveBefore;
  std::vector<BufferId> touched;
  for (size_t i = begin; i < end; ++i) {
    StmtId s = inc[i];
    StmtId ls = static_cast<StmtId>(localOf[s]);
    for (BufferId b : p.statement(s).buffers) {
      if (localBuffer[b] < 0) {
        const Buffer &buf = p.buffer(b);
        BufferId lb = local.addBuffer(buf.bytes, buf.freedInBlock);
        localBuffer[b] = lb;
        touched.push_back(b);
        if (firstPos[b] < begin) {
          local.addUse(entry, lb);
          liveIn -= buf.bytes; // Counted by the entry statement instead.
        }
        if (lastPos[b] >= end)
          local.addUse(exit, lb);
      }
      local.addUse(ls, static_cast<BufferId>(localBuffer[b]));
    }
    local.addEdge(entry, ls);
    local.addEdge(ls, exit);
    for (StmtId t : p.succs(s))
      if (localOf[t] >= 0)
        local.addEdge(ls, static_cast<StmtId>(localOf[t]));
  }
  local.liveIn = liveIn;
  local.finalize();
  for (size_t i = begin; i < end; ++i)
    localOf[inc[i]] = -1;
  for (BufferId b : touched)
    localBuffer[b] = -1;
  return local;
}

} // namespace peakmem
