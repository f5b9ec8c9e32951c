//===- ArenaRefutation.cpp - A checkable proof that no arena fits ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checker shares no code with the search (ArenaExact*.cpp): it keeps no
// sections, cuts or conflict lists, only the definitions of ArenaRefutation.h
// evaluated directly on the buffers, so a bug in the search's incremental
// bookkeeping cannot hide in both.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Arena/ArenaRefutation.h"

#include <algorithm>
#include <limits>
#include <sstream>

namespace peakmem {

uint64_t ArenaRefutation::nodes() const {
  uint64_t count = 0;
  for (size_t i = 0; i < tree.size(); ++i) {
    if (tree[i] == kBranch) {
      ++count;
    } else if (tree[i] == kClose) {
      ++count;
      i += 1;
    } else if (tree[i] == kSplit) {
      ++count;
      i += 2;
    }
  }
  return count;
}

namespace {

int64_t roundUp(int64_t value, int64_t alignment) {
  int64_t rem = value % alignment;
  return rem ? value + (alignment - rem) : value;
}

class Replay {
public:
  Replay(const ArenaProblem &p, const ArenaRefutation &r, uint64_t maxNodes)
      : p(p), r(r), maxNodes(maxNodes), n(p.numBuffers()), offset(n, -1),
        low(n, 0), rank(n, 0) {}

  std::string run() {
    std::vector<uint32_t> all;
    for (ArenaBufferId b = 0; b < n; ++b)
      if (p.buffer(b).size > 0)
        all.push_back(b);
    rankAnew(all);
    if (!refute(all, 0, -1))
      return error;
    if (pos != r.tree.size())
      return "the tree has " + std::to_string(r.tree.size() - pos) +
             " tokens after its end";
    return {};
  }

private:
  bool fail(std::string why) {
    error = std::move(why);
    return false;
  }

  /// Ranks the unplaced buffers of `sub` by r.preorder (the header's rule).
  void rankAnew(const std::vector<uint32_t> &sub) {
    std::vector<uint32_t> open;
    for (uint32_t u : sub)
      if (offset[u] < 0)
        open.push_back(u);
    // The bytes live at a step change only where a buffer starts: the bytes
    // at each start step of an open buffer, by definition.
    std::vector<std::pair<uint32_t, int64_t>> atStart;
    for (uint32_t t : open) {
      uint32_t step = p.buffer(t).life.first;
      int64_t bytes = 0;
      for (uint32_t v : open)
        if (p.buffer(v).life.first <= step && step <= p.buffer(v).life.last)
          bytes += p.buffer(v).size;
      atStart.push_back({step, bytes});
    }
    auto key = [&](uint32_t b, char k) -> int64_t {
      const Lifetime &life = p.buffer(b).life;
      int64_t width = int64_t(life.last) - life.first + 1;
      if (k == 'W')
        return width;
      if (k == 'A')
        return width * p.buffer(b).size;
      // The heaviest step of b's lifetime is one where an open buffer
      // starts (b's own start among them).
      int64_t most = 0;
      for (auto [step, bytes] : atStart)
        if (life.first <= step && step <= life.last)
          most = std::max(most, bytes);
      return most;
    };
    std::vector<std::vector<int64_t>> keys(n);
    for (uint32_t u : open)
      for (char k : r.preorder)
        keys[u].push_back(key(u, k));
    std::sort(open.begin(), open.end(), [&](uint32_t a, uint32_t b) {
      return keys[a] != keys[b] ? keys[a] > keys[b] : a < b;
    });
    for (uint32_t i = 0; i < open.size(); ++i)
      rank[open[i]] = i;
  }

  bool meets(uint32_t a, uint32_t b) const {
    const Lifetime &x = p.buffer(a).life, &y = p.buffer(b).life;
    return x.first <= y.last && y.first <= x.last;
  }

  int64_t minOff(uint32_t u) const { return low[u]; }

  /// Places `c` at `at`: raises low[] of every unplaced buffer meeting it,
  /// saving the old values in `saved`.
  void place(uint32_t c, int64_t at,
             std::vector<std::pair<uint32_t, int64_t>> &saved) {
    offset[c] = at;
    const int64_t top = at + p.buffer(c).size;
    for (uint32_t u = 0; u < n; ++u) {
      if (offset[u] >= 0 || p.buffer(u).size == 0 || !meets(u, c))
        continue;
      int64_t raised = roundUp(top, p.buffer(u).alignment);
      if (raised > low[u]) {
        saved.push_back({u, low[u]});
        low[u] = raised;
      }
    }
  }

  void unplace(uint32_t c,
               const std::vector<std::pair<uint32_t, int64_t>> &saved) {
    offset[c] = -1;
    for (auto it = saved.rbegin(); it != saved.rend(); ++it)
      low[it->first] = it->second;
  }

  bool meetsUnplaced(uint32_t c) const {
    for (uint32_t b = 0; b < n; ++b)
      if (b != c && offset[b] < 0 && p.buffer(b).size > 0 && meets(b, c))
        return true;
    return false;
  }

  bool next(int64_t &value) {
    if (pos >= r.tree.size())
      return fail("the tree ends early");
    value = r.tree[pos++];
    return true;
  }

  bool refute(const std::vector<uint32_t> &sub, int64_t lastOff,
              int64_t lastRank) {
    if (++visited > maxNodes)
      return fail("more than " + std::to_string(maxNodes) +
                  " nodes: not checked within the budget");
    int64_t token;
    if (!next(token))
      return false;
    std::vector<uint32_t> open;
    for (uint32_t u : sub)
      if (offset[u] < 0)
        open.push_back(u);
    if (token == ArenaRefutation::kClose)
      return close(open, lastOff);
    if (token == ArenaRefutation::kSplit)
      return split(open);
    if (token != ArenaRefutation::kBranch)
      return fail("unknown token " + std::to_string(token));
    return branch(open, lastOff, lastRank);
  }

  bool close(const std::vector<uint32_t> &open, int64_t lastOff) {
    int64_t t;
    if (!next(t))
      return false;
    int64_t total = 0, floor = lastOff;
    int64_t lowest = std::numeric_limits<int64_t>::max();
    bool any = false;
    for (uint32_t u : open) {
      const Lifetime &life = p.buffer(u).life;
      if (t < life.first || t > life.last)
        continue;
      any = true;
      total += p.buffer(u).size;
      lowest = std::min(lowest, minOff(u));
    }
    if (any)
      floor = std::max(floor, lowest);
    for (uint32_t b = 0; b < n; ++b) {
      const Lifetime &life = p.buffer(b).life;
      if (offset[b] >= 0 && life.first <= t && t <= life.last)
        floor = std::max(floor, offset[b] + p.buffer(b).size);
    }
    if (floor + total <= r.capacity)
      return fail("Close(" + std::to_string(t) + "): " + std::to_string(total) +
                  " bytes above " + std::to_string(floor) + " fit in " +
                  std::to_string(r.capacity));
    return true;
  }

  bool split(const std::vector<uint32_t> &open) {
    int64_t a, b;
    if (!next(a) || !next(b))
      return false;
    std::vector<uint32_t> inside;
    for (uint32_t u : open) {
      const Lifetime &life = p.buffer(u).life;
      if (a <= life.first && life.last <= b)
        inside.push_back(u);
      else if (!(life.last < a || life.first > b))
        return fail("Split(" + std::to_string(a) + ", " + std::to_string(b) +
                    ") cuts buffer " + std::to_string(u));
    }
    if (inside.empty())
      return fail("Split(" + std::to_string(a) + ", " + std::to_string(b) +
                  ") holds no buffer");
    std::vector<uint32_t> saved;
    for (uint32_t u : inside)
      saved.push_back(rank[u]);
    rankAnew(inside);
    bool ok = refute(inside, 0, -1);
    for (size_t i = 0; i < inside.size(); ++i)
      rank[inside[i]] = saved[i];
    return ok;
  }

  bool branch(const std::vector<uint32_t> &open, int64_t lastOff,
              int64_t lastRank) {
    if (open.empty())
      return fail("a Branch node has every buffer placed: a plan fits");
    struct Cand {
      int64_t minOff;
      int64_t rank;
      uint32_t id;
    };
    std::vector<Cand> cands;
    int64_t minTop = std::numeric_limits<int64_t>::max();
    for (uint32_t u : open) {
      Cand c{minOff(u), rank[u], u};
      minTop = std::min(minTop, c.minOff + p.buffer(u).size);
      cands.push_back(c);
    }
    std::sort(cands.begin(), cands.end(), [](const Cand &x, const Cand &y) {
      return x.minOff != y.minOff ? x.minOff < y.minOff : x.rank < y.rank;
    });
    for (const Cand &c : cands) {
      if (c.minOff >= minTop)
        break;
      if (c.minOff < lastOff || (c.minOff == lastOff && c.rank <= lastRank))
        continue;
      bool hat = meetsUnplaced(c.id);
      std::vector<std::pair<uint32_t, int64_t>> saved;
      place(c.id, c.minOff, saved);
      bool ok = refute(open, c.minOff, c.rank);
      unplace(c.id, saved);
      if (!ok)
        return false;
      if (!hat)
        break;
    }
    return true;
  }

  const ArenaProblem &p;
  const ArenaRefutation &r;
  const uint64_t maxNodes;
  const uint32_t n;
  std::vector<int64_t> offset;
  /// minOff of every unplaced buffer.
  std::vector<int64_t> low;
  std::vector<uint32_t> rank;
  size_t pos = 0;
  uint64_t visited = 0;
  std::string error;
};

} // namespace

std::string checkArenaRefutation(const ArenaProblem &p,
                                 const ArenaRefutation &r, uint64_t maxNodes) {
  if (std::string err = p.check(); !err.empty())
    return "invalid problem: " + err;
  if (r.capacity < 0)
    return "negative capacity";
  if (r.preorder.empty() ||
      r.preorder.find_first_not_of("WAT") != std::string::npos)
    return "preorder '" + r.preorder + "' is not a string of W, A and T";
  return Replay(p, r, maxNodes).run();
}

void writeArenaRefutation(std::ostream &os, const ArenaRefutation &r) {
  os << "peakmem-arena-refutation 1\ncapacity " << r.capacity << "\npreorder "
     << r.preorder << "\ntree";
  for (size_t i = 0; i < r.tree.size(); ++i) {
    int64_t t = r.tree[i];
    if (t == ArenaRefutation::kBranch) {
      os << " N";
    } else if (t == ArenaRefutation::kClose && i + 1 < r.tree.size()) {
      os << " X" << r.tree[++i];
    } else if (t == ArenaRefutation::kSplit && i + 2 < r.tree.size()) {
      os << " D" << r.tree[i + 1] << ':' << r.tree[i + 2];
      i += 2;
    } else {
      os << " ?" << t;
    }
  }
  os << '\n';
}

std::string readArenaRefutation(std::istream &is, ArenaRefutation &r) {
  std::string word;
  int version = 0;
  if (!(is >> word >> version) || word != "peakmem-arena-refutation" ||
      version != 1)
    return "not a peakmem-arena-refutation 1 file";
  if (!(is >> word >> r.capacity) || word != "capacity")
    return "expected 'capacity C'";
  if (!(is >> word >> r.preorder) || word != "preorder")
    return "expected 'preorder KEYS'";
  if (!(is >> word) || word != "tree")
    return "expected 'tree ...'";
  r.tree.clear();
  while (is >> word) {
    char kind = word[0];
    const char *rest = word.c_str() + 1;
    char *end = nullptr;
    if (kind == 'N' && word.size() == 1) {
      r.tree.push_back(ArenaRefutation::kBranch);
    } else if (kind == 'X') {
      long long t = std::strtoll(rest, &end, 10);
      if (end == rest || *end)
        return "bad token '" + word + "'";
      r.tree.push_back(ArenaRefutation::kClose);
      r.tree.push_back(t);
    } else if (kind == 'D') {
      long long a = std::strtoll(rest, &end, 10);
      if (end == rest || *end != ':')
        return "bad token '" + word + "'";
      const char *second = end + 1;
      long long b = std::strtoll(second, &end, 10);
      if (end == second || *end)
        return "bad token '" + word + "'";
      r.tree.push_back(ArenaRefutation::kSplit);
      r.tree.push_back(a);
      r.tree.push_back(b);
    } else {
      return "bad token '" + word + "'";
    }
  }
  return {};
}

} // namespace peakmem
