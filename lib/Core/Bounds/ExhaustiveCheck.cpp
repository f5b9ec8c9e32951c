//===- ExhaustiveCheck.cpp - Is there an order below a given peak? --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Bounds/ExhaustiveCheck.h"
#include "peakmem/Core/Bounds/Bounds.h"

#include <algorithm>

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

/// Work of reduceForCheck: the reachability matrix (a bitset row per
/// statement, edge and use) and the predecessor rows (n bits per statement).
WorkUnits reductionWork(const Problem &p) {
  const size_t n = p.numStatements();
  return p.linearSize() * ((n + 63) / 64 + 1) + n * n / 64;
}

/// Work of one ideal expanded, besides its statements: the queue and the
/// row it reads; and of one successor tried: hashing it and probing the
/// store (a random memory access into a table of up to millions of rows).
constexpr WorkUnits kIdealUnits = 16;
constexpr WorkUnits kInsertUnits = 64;

/// Work bound of one expanded ideal of `r` (see exhaustiveWork).
WorkUnits idealWork(size_t n, size_t words, size_t uses) {
  return kIdealUnits + n / 4 + n * (2 * words + kInsertUnits) +
         2 * uses * words;
}

/// Ideals as rows of `words` 64-bit words in one flat array, with an open
/// addressing index (ideal numbers, a power of two slots, at most half
/// full). Rows are numbered in insertion order, which is the breadth-first
/// queue.
class IdealStore {
public:
  explicit IdealStore(size_t words) : words(words) {}
  size_t size() const { return count; }
  const uint64_t *row(size_t i) const { return &rows[i * words]; }
  int64_t live(size_t i) const { return lives[i]; }
  /// Adds `q` with `live` bytes unless present; true when added.
  bool insert(const uint64_t *q, int64_t live) {
    if (2 * (count + 1) > slots.size())
      grow();
    size_t mask = slots.size() - 1;
    for (size_t i = hash(q) & mask;; i = (i + 1) & mask) {
      if (slots[i] == kEmpty) {
        slots[i] = static_cast<uint32_t>(count);
        rows.insert(rows.end(), q, q + words);
        lives.push_back(live);
        ++count;
        return true;
      }
      if (std::equal(q, q + words, row(slots[i])))
        return false;
    }
  }

private:
  static constexpr uint32_t kEmpty = UINT32_MAX;
  uint64_t hash(const uint64_t *q) const {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (size_t w = 0; w < words; ++w)
      h = (h ^ q[w]) * 0x100000001b3ULL + (h >> 29);
    return h ^ (h >> 31);
  }
  void grow() {
    std::vector<uint32_t> old(std::max<size_t>(64, 2 * slots.size()), kEmpty);
    old.swap(slots);
    size_t mask = slots.size() - 1;
    for (uint32_t k : old)
      if (k != kEmpty) {
        size_t i = hash(row(k)) & mask;
        while (slots[i] != kEmpty)
          i = (i + 1) & mask;
        slots[i] = k;
      }
  }
  size_t words, count = 0;
  std::vector<uint64_t> rows;
  std::vector<int64_t> lives;
  std::vector<uint32_t> slots;
};

bool any(const std::vector<uint64_t> &a, const uint64_t *q) {
  for (size_t w = 0; w < a.size(); ++w)
    if (a[w] & q[w])
      return true;
  return false;
}

bool subset(const std::vector<uint64_t> &a, const uint64_t *q) {
  for (size_t w = 0; w < a.size(); ++w)
    if (a[w] & ~q[w])
      return false;
  return true;
}

} // namespace

WorkUnits exhaustiveWork(const Problem &p, size_t ideals) {
  if (p.numStatements() > kExhaustiveMaxStatements)
    return kUnlimitedWork;
  // The reduction never adds statements or uses.
  const Problem c = contract(p).problem;
  const size_t n = c.numStatements();
  size_t uses = 0;
  for (BufferId b = 0; b < c.numBuffers(); ++b)
    uses += c.buffer(b).users.size();
  const double total =
      double(p.linearSize() + reductionWork(c)) +
      double(ideals) * double(idealWork(n, (n + 63) / 64, uses));
  return total >= 1.8e19 ? kUnlimitedWork : static_cast<WorkUnits>(total);
}

ExhaustiveResult enumerateBelow(const Problem &p, int64_t bound,
                                size_t maxIdeals, WorkBudget *work) {
  ExhaustiveResult result;
  if (p.numStatements() > kExhaustiveMaxStatements)
    return result;
  auto charge = [&](WorkUnits units) {
    if (work && !work->charge(units))
      result.outOfWork = true;
    return !result.outOfWork;
  };
  // Alloc and Free statements merged into their buffer's first and last
  // user (Problem.h: the contracted problem has the same peaks).
  charge(p.linearSize());
  Problem contracted = contract(p).problem;
  if (!charge(reductionWork(contracted)))
    return result;
  Reduced r = reduceForCheck(contracted);
  result.statements = r.n;
  result.complete = true;
  if (r.n == 0) {
    // Only memory-free statements: every step costs liveIn.
    result.below = p.numStatements() > 0 && p.liveIn < bound;
    result.ideals = 1;
    return result;
  }
  const size_t maxStored =
      std::min(maxIdeals, std::max<size_t>(1, kExhaustiveMaxWords / r.words));
  auto incomplete = [&](size_t ideals) {
    result.complete = false;
    result.ideals = ideals;
    return result;
  };
  // Each ideal with its live bytes between steps: buffers with a user in it
  // and a user outside it (or never freed).
  IdealStore store(r.words);
  std::vector<uint64_t> next(r.words, 0);
  store.insert(next.data(), 0);
  std::vector<uint64_t> fullSet(r.words, ~uint64_t(0));
  if (r.n % 64)
    fullSet.back() = (uint64_t(1) << (r.n % 64)) - 1;
  for (size_t k = 0; k < store.size(); ++k) {
    const uint64_t *q = store.row(k);
    const int64_t live = store.live(k);
    WorkUnits units = kIdealUnits + r.n / 4;
    for (size_t v = 0; v < r.n; ++v) {
      if (q[v / 64] >> (v % 64) & 1)
        continue;
      units += r.words;
      if (!subset(r.preds[v], q))
        continue;
      units += (2 * r.buffers[v].size() + 1) * r.words + kInsertUnits;
      int64_t started = 0, ended = 0;
      std::copy(q, q + r.words, next.begin());
      next[v / 64] |= uint64_t(1) << (v % 64);
      for (BufferId b : r.buffers[v]) {
        if (!any(r.users[b], q))
          started += r.bytes[b];
        if (r.freed[b] && subset(r.users[b], next.data()))
          ended += r.bytes[b];
      }
      const int64_t mem = p.liveIn + r.scratch[v] + live + started;
      if (mem >= bound)
        continue;
      if (!store.insert(next.data(), live + started - ended))
        continue;
      q = store.row(k); // The insertion may have moved the rows.
      if (store.size() > maxStored)
        return incomplete(store.size());
      if (next == fullSet) {
        result.below = true;
        result.ideals = store.size();
        return result;
      }
    }
    if (!charge(units))
      return incomplete(store.size());
  }
  result.ideals = store.size();
  return result;
}

} // namespace peakmem
