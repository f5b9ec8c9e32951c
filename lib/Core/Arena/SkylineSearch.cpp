//===- SkylineSearch.cpp - Plans found by filling the arena bottom-up -----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The method is in SkylineSearch.h. State changes are undone on the way
// back; a node allocates nothing but the small list of signatures tried.
//
//===----------------------------------------------------------------------===//

#include "SkylineSearch.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <tuple>

namespace peakmem::canonical {

namespace {
constexpr int64_t kNone = std::numeric_limits<int64_t>::max();

uint64_t mixHash(uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}
} // namespace

Skyline::Skyline(const Model &m, int64_t capacity, uint64_t nodeLimit,
                 TimeCap *cap)
    : m(m), capacity(capacity), nodeLimit(nodeLimit), cap(cap),
      height(m.numSections(), 0), rem(m.secTotal), offset(m.numBuffers(), -1),
      priority(m.numBuffers(), 0) {
  const size_t n = m.numBuffers(), sections = m.numSections();
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
    return std::make_tuple(m.secLo[x], m.secHi[y], m.size[y], x) <
           std::make_tuple(m.secLo[y], m.secHi[x], m.size[x], y);
  });
  startAt.assign(sections + 1, 0);
  for (uint32_t b : order)
    ++startAt[m.secLo[b] + 1];
  for (size_t s = 0; s < sections; ++s)
    startAt[s + 1] += startAt[s];
  starts = std::move(order);
  std::vector<uint32_t> byEnd(n);
  std::iota(byEnd.begin(), byEnd.end(), 0);
  std::sort(byEnd.begin(), byEnd.end(), [&](uint32_t x, uint32_t y) {
    return std::make_tuple(m.secHi[x], m.secLo[x], x) <
           std::make_tuple(m.secHi[y], m.secLo[y], y);
  });
  endAt.assign(sections + 1, 0);
  for (uint32_t b : byEnd)
    ++endAt[m.secHi[b]];
  for (size_t s = 0; s < sections; ++s)
    endAt[s + 1] += endAt[s];
  ends = std::move(byEnd);
}

bool Skyline::fitsAt(uint32_t u, int64_t L) const {
  if (offset[u] >= 0 || L % m.align[u] != 0)
    return false;
  for (uint32_t t = m.secLo[u]; t < m.secHi[u]; ++t)
    if (height[t] > L)
      return false;
  return true;
}

bool Skyline::holesCoverable() {
  const uint32_t sections = static_cast<uint32_t>(m.numSections());
  for (uint32_t s = 0; s < sections; ++s) {
    if (rem[s] == 0 || height[s] + rem[s] < capacity)
      continue;
    const int64_t L = height[s];
    // The byte at L in s must be covered by a buffer placed at L: one
    // starting at s when the left neighbour is higher or closed, one ending
    // at s when the right one is.
    const bool left = s == 0 || rem[s - 1] == 0 || height[s - 1] > L;
    const bool right =
        s + 1 == sections || rem[s + 1] == 0 || height[s + 1] > L;
    // Whether a buffer of `list[at[s]..at[s+1])` fits at L.
    auto anyFits = [&](const std::vector<uint32_t> &list,
                       const std::vector<uint32_t> &at) {
      for (uint32_t k = at[s]; k < at[s + 1]; ++k)
        if (fitsAt(list[k], L))
          return true;
      return false;
    };
    if ((left && !anyFits(starts, startAt)) || (right && !anyFits(ends, endAt)))
      return false;
  }
  return valleysTileable();
}

bool Skyline::valleysTileable() {
  const uint32_t sections = static_cast<uint32_t>(m.numSections());
  for (uint32_t x = 0; x < sections;) {
    if (rem[x] == 0) {
      ++x;
      continue;
    }
    const int64_t L = height[x];
    uint32_t y = x;
    bool full = true;
    while (y < sections && rem[y] > 0 && height[y] == L) {
      full &= height[y] + rem[y] >= capacity;
      ++y;
    }
    const bool leftUp = x == 0 || rem[x - 1] == 0 || height[x - 1] > L;
    const bool rightUp = y == sections || rem[y] == 0 || height[y] > L;
    if (full && leftUp && rightUp && y - x > 1) {
      // The bytes at L of the valley [x, y) are covered by a chain of
      // buffers placed at L, each starting where the previous one ends.
      reach.assign(y - x + 1, 0);
      reach[0] = 1;
      for (uint32_t z = x; z < y; ++z) {
        if (!reach[z - x])
          continue;
        for (uint32_t k = startAt[z]; k < startAt[z + 1]; ++k) {
          const uint32_t u = starts[k];
          if (offset[u] < 0 && m.secHi[u] <= y && L % m.align[u] == 0)
            reach[m.secHi[u] - x] = 1;
        }
      }
      if (!reach[y - x])
        return false;
    }
    x = y;
  }
  return true;
}

bool Skyline::countNode() {
  return nodes < roundEnd && countSearchNode(nodes, nodeLimit, cap, aborted);
}

Outcome Skyline::run() {
  for (int64_t total : rem)
    if (total > capacity)
      return Outcome::Aborted;
  // Restarts: a wrong early choice can cost the whole tree, so rounds of
  // max(256, 2 x buffers) nodes each, every round after the first breaking
  // the ties of the flush order by a hash of (round, buffer). On the perfect
  // packings of tools/arena_bench.py rounds of a constant size found 9 of
  // 10 within 2,000,000 nodes, rounds growing x1.5 from 4 x buffers 6.
  const uint64_t roundLimit = std::max<uint64_t>(256, 2 * m.numBuffers());
  for (round = 0; nodes < nodeLimit && !aborted; ++round) {
    roundEnd = std::min(nodeLimit, nodes + roundLimit);
    if (round > 0)
      for (size_t u = 0; u < priority.size(); ++u)
        priority[u] = mixHash(round * 0x9E3779B97F4A7C15ull + u);
    Outcome o = dfs();
    if (o == Outcome::Found)
      return o;
    if (o == Outcome::Refuted)
      return Outcome::Aborted; // The whole tree failed (each round's is the
                               // same).
    if (nodes >= nodeLimit || (cap && cap->fired()))
      break;
  }
  return Outcome::Aborted;
}

Outcome Skyline::dfs() {
  if (!countNode())
    return Outcome::Aborted;
  if (!holesCoverable())
    return Outcome::Refuted;
  const uint32_t sections = static_cast<uint32_t>(m.numSections());
  uint32_t a = sections;
  for (uint32_t s = 0; s < sections; ++s)
    if (rem[s] > 0 && (a == sections || height[s] < height[a]))
      a = s;
  if (a == sections) {
    solution = offset;
    for (int64_t &o : solution)
      o = std::max<int64_t>(o, 0);
    return Outcome::Found;
  }
  const int64_t L = height[a];
  uint32_t b = a;
  while (b < sections && rem[b] > 0 && height[b] == L)
    ++b;
  int64_t blocked = kNone;
  Outcome o = placeAt(a, b, L, blocked);
  if (o != Outcome::Refuted)
    return o;
  return waste(a, b, L, blocked);
}

Outcome Skyline::placeAt(uint32_t a, uint32_t b, int64_t L, int64_t &blocked) {
  std::vector<uint32_t> cands;
  for (uint32_t k = startAt[a]; k < startAt[a + 1]; ++k) {
    const uint32_t u = starts[k];
    if (offset[u] >= 0 || m.secHi[u] > b || L + m.size[u] > capacity)
      continue;
    if (L % m.align[u] != 0) {
      blocked = std::min(blocked, alignTo(L, m.align[u]));
      continue;
    }
    cands.push_back(u);
  }
  // Flush placements first: a buffer filling the run's width, or whose top
  // meets a neighbour's height, merges skyline segments. Then, after the
  // first round, a drawn order; else widest, then largest.
  const uint32_t sections = static_cast<uint32_t>(m.numSections());
  const int64_t leftH = a > 0 && rem[a - 1] > 0 ? height[a - 1] : -1;
  const int64_t rightH = b < sections && rem[b] > 0 ? height[b] : -1;
  auto score = [&](uint32_t u) {
    const int64_t top = L + m.size[u];
    return int(m.secHi[u] == b) * 2 + int(top == leftH || top == rightH);
  };
  std::stable_sort(cands.begin(), cands.end(), [&](uint32_t x, uint32_t y) {
    const int sx = score(x), sy = score(y);
    if (sx != sy)
      return sx > sy;
    return round > 0 && priority[x] < priority[y];
  });
  // Signatures (end section, size, alignment) tried at this node.
  std::vector<std::tuple<uint32_t, int64_t, int64_t>> tried;
  for (uint32_t u : cands) {
    auto sig = std::make_tuple(m.secHi[u], m.size[u], m.align[u]);
    if (std::find(tried.begin(), tried.end(), sig) != tried.end())
      continue;
    tried.push_back(sig);
    offset[u] = L;
    for (uint32_t s = m.secLo[u]; s < m.secHi[u]; ++s) {
      height[s] = L + m.size[u];
      rem[s] -= m.size[u];
    }
    Outcome o = dfs();
    for (uint32_t s = m.secLo[u]; s < m.secHi[u]; ++s) {
      height[s] = L;
      rem[s] += m.size[u];
    }
    offset[u] = -1;
    if (o != Outcome::Refuted)
      return o;
  }
  return Outcome::Refuted;
}

Outcome Skyline::waste(uint32_t a, uint32_t b, int64_t L, int64_t blocked) {
  const uint32_t sections = static_cast<uint32_t>(m.numSections());
  int64_t to = blocked;
  if (a > 0 && rem[a - 1] > 0)
    to = std::min(to, height[a - 1]);
  if (b < sections && rem[b] > 0)
    to = std::min(to, height[b]);
  if (to == kNone || to <= L)
    return Outcome::Refuted;
  for (uint32_t s = a; s < b; ++s)
    if (to + rem[s] > capacity)
      return Outcome::Refuted;
  for (uint32_t s = a; s < b; ++s)
    height[s] = to;
  Outcome o = dfs();
  for (uint32_t s = a; s < b; ++s)
    height[s] = L;
  return o;
}

} // namespace peakmem::canonical
