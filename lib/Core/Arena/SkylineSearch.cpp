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
#include <functional>
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
  // Heights are sums of sizes and aligned offsets: multiples of `grain`
  // when every alignment is a multiple or a divisor of it.
  grain = 0;
  for (int64_t z : m.size)
    grain = std::gcd(grain, z);
  for (bool changed = true; changed && grain > 1;) {
    changed = false;
    for (int64_t align : m.align)
      if (grain % align != 0 && align % grain != 0) {
        grain = std::gcd(grain, align);
        changed = true;
      }
  }
  grain = std::max<int64_t>(grain, 1);
  grainUnits = capacity / grain <= (int64_t(1) << 14) ? capacity / grain : 0;
  if (grainUnits > 0) {
    sumWords = static_cast<size_t>(grainUnits / 64 + 1);
    sumsOf.assign(m.numSections() * sumWords, 0);
    sumsValid.assign(m.numSections(), 0);
    bySize = m.member;
    for (size_t s = 0; s < m.numSections(); ++s)
      std::sort(
          bySize.begin() + m.memberStart[s],
          bySize.begin() + m.memberStart[s + 1], [&](uint32_t x, uint32_t y) {
            return std::make_pair(m.size[x], x) < std::make_pair(m.size[y], y);
          });
  }
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

// Soundness (with any slack, not only on perfect packings): along a path
// heights only rise and a buffer is placed at the height of every section of
// its span, so an unplaced u ends at an offset of at least lowest(u), the
// highest height over its span now, aligned. At a section s the unplaced
// buffers live there take disjoint byte ranges of [height[s], capacity):
// one machine with jobs u released at lowest(u), of length size(u), all
// done by the capacity. Placing them by release (each as low as it can go)
// gives the least top of all orders (the exchange argument of 1|r_j|Cmax:
// swapping a later-released job ahead of an earlier one delays neither), so
// when that top exceeds the capacity no plan below it extends this node.
// Alignment is relaxed (only lowest(u) is aligned), which keeps it a bound.
// With no slack this says: the byte at height[s] is the bottom of a buffer
// that fits there, the byte above it the bottom of the next, and so on.
bool Skyline::columnPackable(uint32_t s) {
  if (rem[s] == 0)
    return true;
  // The buffers released at or below the height run first, from it, in
  // any order; only the later releases need sorting.
  column.clear();
  const int64_t h = height[s];
  int64_t top = h, late = 0, lastRelease = h;
  for (uint32_t k = m.memberStart[s]; k < m.memberStart[s + 1]; ++k) {
    const uint32_t u = m.member[k];
    if (offset[u] >= 0)
      continue;
    if (lowest[u] <= h) {
      top += m.size[u];
    } else {
      column.emplace_back(lowest[u], m.size[u]);
      late += m.size[u];
      lastRelease = std::max(lastRelease, lowest[u]);
    }
  }
  // Every order ends by the last release plus what is left then.
  if (std::max(top, lastRelease) + late <= capacity)
    return true;
  std::sort(column.begin(), column.end());
  for (const auto &[release, length] : column)
    top = std::max(top, release) + length;
  return top <= capacity;
}

bool Skyline::columnsPackable(uint32_t lo, uint32_t hi, bool all, bool placed) {
  if (m.member.empty() || lo >= hi)
    return true;
  const uint32_t sections = static_cast<uint32_t>(m.numSections());
  ++stamp;
  work.clear();
  // `work` holds the sections whose subset sums (offsetsReachable) must be
  // looked at, `releaseStamp` marks those whose column must be checked.
  auto touch = [&](uint32_t s, bool release) {
    if (sectionStamp[s] != stamp) {
      sectionStamp[s] = stamp;
      work.push_back(s);
    }
    if (release)
      releaseStamp[s] = stamp;
  };
  // A lowest offset raised to `to` changes a section's column only where
  // `to` is above its height (below it the buffer runs from the height,
  // as before).
  auto raised = [&](uint32_t u, int64_t to) {
    raiseLowest(u, to);
    for (uint32_t t = m.secLo[u]; t < m.secHi[u]; ++t)
      if (height[t] < to)
        touch(t, true);
  };
  if (all) {
    lowest.assign(m.numBuffers(), 0);
    sectionStamp.assign(sections, 0);
    releaseStamp.assign(sections, 0);
    for (uint32_t u = 0; u < m.numBuffers(); ++u)
      for (uint32_t t = m.secLo[u]; t < m.secHi[u]; ++t)
        lowest[u] = std::max(lowest[u], alignTo(height[t], m.align[u]));
    for (uint32_t s = 0; s < sections; ++s)
      touch(s, true);
  } else {
    // Every section of [lo, hi) changed height, and so did the column of
    // each section under an unplaced buffer over it whose lowest offset
    // rose. A placement at the height leaves the column's top where it
    // was (the placed buffer, released there, runs first).
    const int64_t h = height[lo];
    for (uint32_t s = lo; s < hi; ++s)
      touch(s, !placed);
    for (uint32_t k = m.memberStart[lo]; k < m.memberStart[hi]; ++k) {
      const uint32_t u = m.member[k];
      const int64_t to = alignTo(h, m.align[u]);
      if (offset[u] < 0 && lowest[u] < to)
        raised(u, to);
    }
  }
  if (!offsetsReachable(raised))
    return false;
  for (size_t k = 0; k < work.size(); ++k)
    if (releaseStamp[work[k]] == stamp && !columnPackable(work[k]))
      return false;
  return true;
}

// Soundness, with any slack: at a section s, an unplaced u sits at an
// offset o with o - height[s] = the sizes of the unplaced buffers of s
// below it plus the bytes of s left empty below it, at most slack(s) =
// capacity - height[s] - rem[s] (every unplaced byte of s lies in
// [height[s], capacity), so at most that many of its bytes stay empty). So
// (o - height[s]) / grain is a subset sum of the unplaced sizes of s (in
// grains) plus at most slack(s) / grain: o is at least the least such value
// at or above lowest(u), in every section of u's span. With no slack this
// makes a buffer over sections of unequal heights fit a stack of buffers
// below it in each of them.
bool Skyline::offsetsReachable(
    const std::function<void(uint32_t, int64_t)> &raised) {
  if (grainUnits == 0)
    return true;
  for (size_t k = 0; k < work.size(); ++k) {
    const uint32_t s = work[k];
    if (rem[s] == 0)
      continue;
    const int64_t h = height[s];
    const int64_t units = (capacity - h) / grain;
    const int64_t slack = (capacity - h - rem[s]) / grain;
    if (slack * 8 > units)
      continue; // Nearly every offset is reachable: not worth the work.
    // Bits above `units` never matter: the sums only up to there.
    const size_t words = static_cast<size_t>(units / 64 + 1);
    bool again = false;
    uint64_t *sums = &sumsOf[s * sumWords];
    for (uint32_t j = m.memberStart[s]; j < m.memberStart[s + 1]; ++j) {
      const uint32_t u = m.member[j];
      // A buffer whose lowest offset is the height (0 is a subset sum)
      // stays there.
      if (offset[u] >= 0 || lowest[u] <= h)
        continue;
      if (sumsValid[s] == kSumsUnknown)
        sumsValid[s] = everySumReachable(s, slack)
                           ? kSumsAll
                           : fillSums(s, sums, words, slack);
      if (sumsValid[s] == kSumsAll)
        break; // Every offset is reachable: nothing rises.
      const int64_t from = (lowest[u] - h) / grain;
      const int64_t last = (capacity - h - m.size[u]) / grain;
      const int64_t at = nextSet(sums, from, last);
      if (at < 0)
        return false;
      const int64_t to = alignTo(h + at * grain, m.align[u]);
      if (to <= lowest[u])
        continue;
      if (to + m.size[u] > capacity)
        return false;
      raised(u, to);
      again = true;
    }
    if (again)
      work.push_back(s); // Rechecked after the others' rises.
  }
  return true;
}

// Sizes a_1 <= a_2 <= ... (in grains) whose every a_i is at most 1 plus
// the sum of the ones before it (and the slack) reach every sum up to
// their total: by induction, [0, S] and a_i <= S + 1 give [0, S + a_i].
bool Skyline::everySumReachable(uint32_t s, int64_t slack) const {
  int64_t reach = slack;
  for (uint32_t j = m.memberStart[s]; j < m.memberStart[s + 1]; ++j) {
    const uint32_t u = bySize[j];
    if (offset[u] >= 0)
      continue;
    const int64_t units = m.size[u] / grain;
    if (units > reach + 1)
      return false;
    reach += units;
  }
  return true;
}

uint8_t Skyline::fillSums(uint32_t s, uint64_t *sums, size_t words,
                          int64_t slack) {
  std::fill(sums, sums + words, 0);
  sums[0] = 1;
  for (uint32_t j = m.memberStart[s]; j < m.memberStart[s + 1]; ++j) {
    const uint32_t u = m.member[j];
    if (offset[u] < 0)
      shiftOr(sums, words, m.size[u] / grain);
  }
  // Dilate by [0, slack]: by [0, len - 1], doubling len.
  int64_t len = 1;
  while (len * 2 <= slack + 1) {
    shiftOr(sums, words, len);
    len *= 2;
  }
  if (len < slack + 1)
    shiftOr(sums, words, slack + 1 - len);
  return kSumsBits;
}

void Skyline::raiseLowest(uint32_t u, int64_t to) {
  lowestLog.emplace_back(u, lowest[u]);
  lowest[u] = to;
}

void Skyline::shiftOr(uint64_t *bits, size_t words, int64_t by) {
  if (by <= 0)
    return;
  const size_t w = static_cast<size_t>(by / 64);
  const unsigned r = static_cast<unsigned>(by % 64);
  for (size_t i = words; i-- > w;) {
    uint64_t v = bits[i - w] << r;
    if (r && i > w)
      v |= bits[i - w - 1] >> (64 - r);
    bits[i] |= v;
  }
}

int64_t Skyline::nextSet(const uint64_t *bits, int64_t from, int64_t last) {
  if (from < 0)
    from = 0;
  for (int64_t i = from; i <= last;) {
    const uint64_t word = bits[i / 64] >> (i % 64);
    if (word)
      return i + __builtin_ctzll(word) <= last ? i + __builtin_ctzll(word) : -1;
    i = (i / 64 + 1) * 64;
  }
  return -1;
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
  uint64_t roundLimit = std::max<uint64_t>(256, 2 * m.numBuffers());
  if (countAll)
    roundLimit = nodeLimit;
  for (round = 0; nodes < nodeLimit && !aborted; ++round) {
    roundEnd = std::min(nodeLimit, nodes + roundLimit);
    if (round > 0)
      for (size_t u = 0; u < priority.size(); ++u)
        priority[u] = mixHash(round * 0x9E3779B97F4A7C15ull + u);
    Outcome o = dfs(0, static_cast<uint32_t>(m.numSections()), false, true);
    if (o == Outcome::Found || countAll)
      return o;
    if (o == Outcome::Refuted)
      return Outcome::Aborted; // The whole tree failed (each round's is the
                               // same).
    if (nodes >= nodeLimit || (cap && cap->fired()))
      break;
  }
  return Outcome::Aborted;
}

Outcome Skyline::dfs(uint32_t lo, uint32_t hi, bool placed, bool root) {
  if (!countNode())
    return Outcome::Aborted;
  const size_t mark = lowestLog.size();
  Outcome o = Outcome::Refuted;
  if ((!inferColumns || columnsPackable(lo, hi, root, placed)) &&
      holesCoverable())
    o = expand();
  for (; lowestLog.size() > mark; lowestLog.pop_back())
    lowest[lowestLog.back().first] = lowestLog.back().second;
  return o;
}

Outcome Skyline::expand() {
  const uint32_t sections = static_cast<uint32_t>(m.numSections());
  uint32_t a = sections;
  for (uint32_t s = 0; s < sections; ++s)
    if (rem[s] > 0 && (a == sections || height[s] < height[a]))
      a = s;
  if (a == sections) {
    if (countAll) {
      ++plans;
      return Outcome::Refuted;
    }
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
    // Below its lowest offset (columnsPackable) u is in no plan.
    if (!inferColumns || lowest.empty() || lowest[u] <= L)
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
      invalidateSums(s);
    }
    Outcome o = dfs(m.secLo[u], m.secHi[u], /*placed=*/true);
    for (uint32_t s = m.secLo[u]; s < m.secHi[u]; ++s) {
      height[s] = L;
      rem[s] += m.size[u];
      invalidateSums(s);
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
  for (uint32_t s = a; s < b; ++s) {
    height[s] = to;
    invalidateSums(s);
  }
  Outcome o = dfs(a, b, /*placed=*/false);
  for (uint32_t s = a; s < b; ++s) {
    height[s] = L;
    invalidateSums(s);
  }
  return o;
}

} // namespace peakmem::canonical
