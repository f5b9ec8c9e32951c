//===- ExhaustiveCheck.cpp - Is there an order below a given peak? --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Bounds/ExhaustiveCheck.h"
#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Support/Deadline.h"

#include <algorithm>
#include <deque>
#include <unordered_set>

namespace peakmem {

namespace {

/// The problem after the two reductions, as bitsets: per statement its
/// predecessors and buffers, per buffer its users.
struct Reduced {
  size_t n = 0, words = 0;
  std::vector<int64_t> scratch;
  std::vector<std::vector<uint64_t>> preds;
  std::vector<std::vector<BufferId>> buffers;
  std::vector<std::vector<uint64_t>> users;
  std::vector<int64_t> bytes;
  std::vector<bool> freed;
};

bool covers(const Problem &p, StmtId s, StmtId v) {
  const Statement &a = p.statement(v), &b = p.statement(s);
  return a.scratch <= b.scratch &&
         std::includes(b.buffers.begin(), b.buffers.end(), a.buffers.begin(),
                       a.buffers.end());
}

/// Memory-free (no buffer, no scratch), or a sink without scratch whose
/// buffers all escape and each have a user with successors: neither ever
/// needs to set the peak (docs/Certificates.md).
bool droppable(const Problem &p, StmtId v) {
  const Statement &st = p.statement(v);
  if (st.scratch != 0)
    return false;
  if (st.buffers.empty())
    return true;
  if (!p.succs(v).empty())
    return false;
  return std::all_of(st.buffers.begin(), st.buffers.end(), [&](BufferId b) {
    const Buffer &buf = p.buffer(b);
    return !buf.freedInBlock &&
           std::any_of(buf.users.begin(), buf.users.end(),
                       [&](StmtId u) { return u != v && !p.succs(u).empty(); });
  });
}

Reduced reduceForCheck(const Problem &p) {
  const size_t n = p.numStatements();
  Reachability reach(p);
  // rep[v]: the statement v is merged into (v itself if kept), or -1 when
  // dropped. A statement others merged into is not merged itself, and a
  // statement is merged only into one that stays.
  std::vector<int64_t> rep(n);
  std::vector<bool> target(n, false);
  for (StmtId v = 0; v < n; ++v)
    rep[v] = droppable(p, v) ? int64_t(-1) : static_cast<int64_t>(v);
  for (StmtId v = 0; v < n; ++v) {
    if (rep[v] != v || target[v])
      continue;
    int64_t into = -1;
    for (StmtId s : p.succs(v)) {
      bool first = true;
      for (StmtId t : p.succs(v))
        if (t != s && !reach.isAncestor(s, t))
          first = false;
      if (first && rep[s] == s && covers(p, s, v))
        into = s;
    }
    if (into < 0)
      for (StmtId q : p.preds(v)) {
        bool last = true;
        for (StmtId t : p.preds(v))
          if (t != q && !reach.isAncestor(t, q))
            last = false;
        if (last && rep[q] == q && covers(p, q, v))
          into = q;
      }
    if (into >= 0) {
      rep[v] = into;
      target[into] = true;
    }
  }
  Reduced r;
  std::vector<int64_t> id(n, -1);
  for (StmtId v = 0; v < n; ++v)
    if (rep[v] == v)
      id[v] = static_cast<int64_t>(r.n++);
  r.words = (r.n + 63) / 64;
  r.scratch.resize(r.n);
  r.preds.assign(r.n, std::vector<uint64_t>(r.words, 0));
  r.buffers.resize(r.n);
  r.users.assign(p.numBuffers(), std::vector<uint64_t>(r.words, 0));
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    r.bytes.push_back(p.buffer(b).bytes);
    r.freed.push_back(p.buffer(b).freedInBlock);
  }
  for (StmtId v = 0; v < n; ++v) {
    if (rep[v] != v)
      continue;
    size_t x = static_cast<size_t>(id[v]);
    r.scratch[x] = p.statement(v).scratch;
    r.buffers[x] = p.statement(v).buffers;
    for (BufferId b : r.buffers[x])
      r.users[b][x / 64] |= uint64_t(1) << (x % 64);
    // Predecessors: every kept ancestor (dropped and merged statements
    // only ever stand between kept ones).
    const uint64_t *anc = reach.ancestors(v);
    for (StmtId a = 0; a < n; ++a)
      if ((anc[a / 64] >> (a % 64) & 1) && rep[a] >= 0 &&
          rep[a] != static_cast<int64_t>(v)) {
        size_t y = static_cast<size_t>(id[rep[a]]);
        r.preds[x][y / 64] |= uint64_t(1) << (y % 64);
      }
  }
  return r;
}

struct IdealHash {
  size_t operator()(const std::vector<uint64_t> &q) const {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (uint64_t w : q)
      h = (h ^ w) * 0x100000001b3ULL + (h >> 29);
    return static_cast<size_t>(h);
  }
};

bool any(const std::vector<uint64_t> &a, const std::vector<uint64_t> &q) {
  for (size_t w = 0; w < a.size(); ++w)
    if (a[w] & q[w])
      return true;
  return false;
}

bool subset(const std::vector<uint64_t> &a, const std::vector<uint64_t> &q) {
  for (size_t w = 0; w < a.size(); ++w)
    if (a[w] & ~q[w])
      return false;
  return true;
}

} // namespace

ExhaustiveResult enumerateBelow(const Problem &p, int64_t bound,
                                size_t maxIdeals, double budgetMs) {
  Deadline deadline(budgetMs);
  ExhaustiveResult result;
  if (p.numStatements() > kExhaustiveMaxStatements)
    return result;
  // Alloc and Free statements merged into their buffer's first and last
  // user (Problem.h: the contracted problem has the same peaks).
  Reduced r = reduceForCheck(contract(p).problem);
  result.statements = r.n;
  result.complete = true;
  if (r.n == 0) {
    // Only memory-free statements: every step costs liveIn.
    result.below = p.numStatements() > 0 && p.liveIn < bound;
    result.ideals = 1;
    return result;
  }
  // Each ideal with its live bytes between steps: buffers with a user in it
  // and a user outside it (or never freed).
  std::unordered_set<std::vector<uint64_t>, IdealHash> seen;
  std::deque<std::pair<std::vector<uint64_t>, int64_t>> queue;
  std::vector<uint64_t> empty(r.words, 0);
  seen.insert(empty);
  queue.emplace_back(empty, 0);
  while (!queue.empty()) {
    auto [q, live] = queue.front();
    queue.pop_front();
    for (size_t v = 0; v < r.n; ++v) {
      if (q[v / 64] >> (v % 64) & 1 || !subset(r.preds[v], q))
        continue;
      std::vector<uint64_t> next = q;
      next[v / 64] |= uint64_t(1) << (v % 64);
      int64_t started = 0, ended = 0;
      for (BufferId b : r.buffers[v]) {
        if (!any(r.users[b], q))
          started += r.bytes[b];
        if (r.freed[b] && subset(r.users[b], next))
          ended += r.bytes[b];
      }
      const int64_t mem = p.liveIn + r.scratch[v] + live + started;
      if (mem >= bound)
        continue;
      if (!seen.insert(next).second)
        continue;
      if (seen.size() > maxIdeals ||
          ((seen.size() & 1023) == 0 && deadline.expired())) {
        result.complete = false;
        result.ideals = seen.size();
        return result;
      }
      bool full = true;
      for (size_t w = 0; w < r.words; ++w)
        full &= next[w] == (w + 1 < r.words || r.n % 64 == 0
                                ? ~uint64_t(0)
                                : (uint64_t(1) << (r.n % 64)) - 1);
      if (full) {
        result.below = true;
        result.ideals = seen.size();
        return result;
      }
      queue.emplace_back(std::move(next), live + started - ended);
    }
  }
  result.ideals = seen.size();
  return result;
}

} // namespace peakmem
