//===- ArenaBaselines.cpp - Published arena placement heuristics ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The rules and their sources are in ArenaBaselines.h.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Arena/ArenaBaselines.h"
#include "peakmem/Core/Support/EnumNames.h"

#include <algorithm>
#include <limits>
#include <memory>
#include <numeric>

namespace peakmem {

uint64_t ArenaRng::next() {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

ArenaConflicts::ArenaConflicts(const ArenaProblem &p)
    : first(p.numBuffers()), byFirst(p.numBuffers()), startAt(p.numBuffers()),
      endAt(p.numBuffers()), leafOf(p.numBuffers()), deg(p.numBuffers()) {
  const size_t n = p.numBuffers();
  std::vector<uint32_t> lasts(n);
  for (ArenaBufferId b = 0; b < n; ++b) {
    first[b] = p.buffer(b).life.first;
    lasts[b] = p.buffer(b).life.last;
  }
  std::iota(byFirst.begin(), byFirst.end(), 0);
  std::stable_sort(
      byFirst.begin(), byFirst.end(),
      [&](ArenaBufferId a, ArenaBufferId b) { return first[a] < first[b]; });
  std::vector<uint32_t> firsts(n), points;
  for (size_t k = 0; k < n; ++k) {
    firsts[k] = first[byFirst[k]];
    if (points.empty() || points.back() != firsts[k])
      points.push_back(firsts[k]);
  }
  std::vector<uint32_t> sortedLasts = lasts;
  std::sort(sortedLasts.begin(), sortedLasts.end());
  numPoints = points.size();
  auto pointIndex = [&](uint32_t step) {
    return static_cast<uint32_t>(
        std::lower_bound(points.begin(), points.end(), step) - points.begin());
  };
  // Each buffer covers the first steps in [first, last]: points
  // [leaf, cover) of the tree, inserted at O(log B) nodes (twice: count,
  // then fill).
  std::vector<uint32_t> cover(n);
  for (ArenaBufferId b = 0; b < n; ++b) {
    const uint32_t f = first[b], l = lasts[b];
    startAt[b] = static_cast<uint32_t>(
        std::lower_bound(firsts.begin(), firsts.end(), f) - firsts.begin());
    endAt[b] = static_cast<uint32_t>(
        std::upper_bound(firsts.begin(), firsts.end(), l) - firsts.begin());
    // Started at or before l, minus ended before f, minus b itself.
    deg[b] = endAt[b] -
             static_cast<uint32_t>(
                 std::lower_bound(sortedLasts.begin(), sortedLasts.end(), f) -
                 sortedLasts.begin()) -
             1;
    pairs += deg[b];
    leafOf[b] = pointIndex(f);
    cover[b] = static_cast<uint32_t>(
        std::upper_bound(points.begin(), points.end(), l) - points.begin());
  }
  pairs /= 2;
  nodeStart.assign(2 * numPoints + 2, 0);
  auto insert = [&](ArenaBufferId b, auto &&at) {
    for (size_t lo = leafOf[b] + numPoints, hi = cover[b] + numPoints; lo < hi;
         lo >>= 1, hi >>= 1) {
      if (lo & 1)
        at(lo++);
      if (hi & 1)
        at(--hi);
    }
  };
  for (ArenaBufferId b = 0; b < n; ++b)
    insert(b, [&](size_t node) { ++nodeStart[node + 1]; });
  for (size_t i = 0; i + 1 < nodeStart.size(); ++i)
    nodeStart[i + 1] += nodeStart[i];
  nodeIds.resize(nodeStart.back());
  std::vector<uint32_t> fill(nodeStart.begin(), nodeStart.end() - 1);
  for (ArenaBufferId b = 0; b < n; ++b)
    insert(b, [&](size_t node) { nodeIds[fill[node]++] = b; });
}

void ArenaConflicts::sorted(ArenaBufferId b,
                            std::vector<ArenaBufferId> &out) const {
  out.clear();
  forEach(b, [&](ArenaBufferId a) { out.push_back(a); });
  std::sort(out.begin(), out.end());
}

int64_t lowestFit(std::vector<std::pair<int64_t, int64_t>> &ranges,
                  int64_t size, int64_t align, int64_t from) {
  int64_t cand = alignTo(from, align);
  if (size == 0)
    return cand;
  // Every offset below the highest aligned end of the ranges meeting
  // [cand, cand + size) meets one of them too: jump there.
  // Ranges ending at or below cand never matter again and are dropped.
  for (int round = 0; round < 8; ++round) {
    int64_t next = cand;
    size_t kept = 0;
    for (auto [off, end] : ranges) {
      if (end <= cand)
        continue;
      ranges[kept++] = {off, end};
      if (off < cand + size)
        next = std::max(next, alignTo(end, align));
    }
    ranges.resize(kept);
    if (next == cand)
      return cand;
    cand = next;
  }
  std::sort(ranges.begin(), ranges.end());
  for (auto [off, end] : ranges) {
    if (end <= cand)
      continue;
    if (cand + size <= off)
      return cand;
    cand = alignTo(end, align);
  }
  return cand;
}

/// Offset of a buffer of `size` and `align` among `placed` (byte ranges
/// [offset, end) of the conflicting buffers already placed, positive sizes,
/// any order; may be reordered) under `rule`.
static int64_t fitAmong(std::vector<std::pair<int64_t, int64_t>> &placed,
                        int64_t size, int64_t align, FitRule rule) {
  if (size == 0)
    return 0;
  int64_t current = 0;
  switch (rule) {
  case FitRule::FirstFit:
    // TFLM's walk (the running maximum end of the buffers below, and the gap
    // up to the next one) stops at the lowest feasible aligned offset.
    return lowestFit(placed, size, align);
  case FitRule::BestFit: {
    // IREE's walk: among the gaps that fit, the smallest (measured, as IREE
    // does, from the unaligned running end); else the end.
    std::sort(placed.begin(), placed.end());
    int64_t best = -1, bestFit = std::numeric_limits<int64_t>::max();
    for (auto [off, end] : placed) {
      int64_t cand = alignTo(current, align);
      if (cand + size <= off && off - cand < bestFit) {
        best = cand;
        bestFit = off - current;
      }
      current = std::max(current, end);
    }
    return best >= 0 ? best : alignTo(current, align);
  }
  case FitRule::AboveConflicts:
    for (auto [off, end] : placed)
      current = std::max(current, alignTo(end, align));
    return current;
  }
  return current;
}

int64_t placeInSequence(const ArenaProblem &p, const ArenaConflicts &c,
                        const std::vector<ArenaBufferId> &sequence,
                        FitRule rule, std::vector<int64_t> &offsets,
                        size_t start) {
  if (offsets.size() < p.numBuffers())
    offsets.resize(p.numBuffers(), 0);
  // Position, offset and size side by side: one cache line per conflict.
  struct Slot {
    int64_t pos, offset, size;
  };
  std::vector<Slot> slot(p.numBuffers(), {-1, 0, 0});
  for (size_t k = 0; k < sequence.size(); ++k) {
    ArenaBufferId b = sequence[k];
    slot[b] = {static_cast<int64_t>(k), offsets[b], p.buffer(b).size};
  }
  std::vector<std::pair<int64_t, int64_t>> placed;
  for (size_t k = start; k < sequence.size(); ++k) {
    ArenaBufferId b = sequence[k];
    const ArenaBuffer &buf = p.buffer(b);
    placed.clear();
    c.forEach(b, [&](ArenaBufferId o) {
      const Slot &s = slot[o];
      if (s.pos >= 0 && s.pos < static_cast<int64_t>(k) && s.size > 0)
        placed.push_back({s.offset, s.offset + s.size});
    });
    slot[b].offset = offsets[b] =
        fitAmong(placed, buf.size, buf.alignment, rule);
  }
  int64_t extent = 0;
  for (ArenaBufferId b : sequence)
    extent = std::max(extent, offsets[b] + p.buffer(b).size);
  return extent;
}

static constexpr EnumName<ArenaBaseline> kBaselineNames[] = {
    {ArenaBaseline::TFLiteMicroGreedy, "tflm-greedy"},
    {ArenaBaseline::IreeBestFit, "iree-best-fit"},
    {ArenaBaseline::TvmGreedyBySize, "tvm-greedy-by-size"},
    {ArenaBaseline::TvmGreedyByConflicts, "tvm-greedy-by-conflicts"},
    {ArenaBaseline::TvmHillClimb, "tvm-hill-climb"}};

const char *arenaBaselineName(ArenaBaseline kind) {
  return enumName(kBaselineNames, kind, "unknown");
}

const std::vector<ArenaBaseline> &allArenaBaselines() {
  static const std::vector<ArenaBaseline> all = enumValues(kBaselineNames);
  return all;
}

static std::vector<ArenaBufferId> identity(size_t n) {
  std::vector<ArenaBufferId> ids(n);
  std::iota(ids.begin(), ids.end(), 0);
  return ids;
}

/// TVM's sort_vector / GreedySize order: size descending, then more
/// conflicts first, then (names in TVM) ids.
static std::vector<ArenaBufferId> tvmSizeOrder(const ArenaProblem &p,
                                               const ArenaConflicts &c) {
  std::vector<ArenaBufferId> seq = identity(p.numBuffers());
  std::stable_sort(seq.begin(), seq.end(),
                   [&](ArenaBufferId a, ArenaBufferId b) {
                     int64_t sa = p.buffer(a).size, sb = p.buffer(b).size;
                     if (sa != sb)
                       return sa > sb;
                     return c.degree(a) > c.degree(b);
                   });
  return seq;
}

/// TVM's swap candidates around `node`: its conflicts placed before it
/// (`first`), and each one's conflicts placed before that one (`second`),
/// in id order as TVM's stored lists are.
static void swapCandidates(const ArenaConflicts &c,
                           const std::vector<size_t> &pos, ArenaBufferId node,
                           std::vector<ArenaBufferId> &first,
                           std::vector<ArenaBufferId> &second) {
  std::vector<ArenaBufferId> ofNode, ofC1;
  c.sorted(node, ofNode);
  for (ArenaBufferId c1 : ofNode) {
    if (pos[node] > pos[c1])
      first.push_back(c1);
    c.sorted(c1, ofC1);
    for (ArenaBufferId c2 : ofC1)
      if (pos[c1] > pos[c2])
        second.push_back(c2);
  }
}

/// TVM's HillClimbAllocator::PlanMemory over ids (see the header).
static std::vector<int64_t> tvmHillClimb(const ArenaProblem &p,
                                         const ArenaConflicts &c, uint64_t seed,
                                         const HillClimbLimits &limits,
                                         bool &cut) {
  const size_t n = p.numBuffers();
  // One decode visits at most every conflict list once (both directions).
  const uint64_t decodeWork = 2 * c.numPairs() + n;
  uint64_t work = 0;
  std::vector<int64_t> result(n, 0);
  if (n == 0)
    return result;
  ArenaRng rng(seed);
  auto rnd = [&]() { return static_cast<int64_t>(rng.next() >> 33); };
  std::vector<ArenaBufferId> seq = tvmSizeOrder(p, c);
  std::vector<size_t> pos(n);
  for (size_t i = 0; i < n; ++i)
    pos[seq[i]] = i;
  auto swapAt = [&](size_t i1, size_t i2) {
    std::swap(seq[i1], seq[i2]);
    pos[seq[i1]] = i1;
    pos[seq[i2]] = i2;
  };
  const int64_t desired = liveBytesLowerBound(p);
  constexpr int kMaxAttempts = 500;
  int64_t totalSize = 0;
  bool haveTotal = false;
  int64_t swap1 = -1, swap2 = -1;
  std::vector<int64_t> alloc(n, 0), rollback;
  // TVM decodes the whole order every attempt; the positions before the
  // first one changed since the last decode keep their offsets, so decoding
  // from there gives the same plan.
  size_t dirty = 0;
  bool swapDecoded = false;
  const int maxAttempts =
      static_cast<int>(std::min<unsigned>(limits.attempts, kMaxAttempts));
  for (int attempts = 0; attempts < maxAttempts; ++attempts) {
    if (attempts > 0 &&
        (work > limits.work || limits.work - work < decodeWork ||
         (limits.timeCap && limits.timeCap->check()))) {
      cut = true;
      break;
    }
    work += decodeWork;
    rollback = alloc;
    int64_t total = placeInSequence(p, c, seq, FitRule::FirstFit, alloc, dirty);
    dirty = n;
    bool accept = !haveTotal || total < totalSize;
    if (!accept && total > totalSize)
      accept = rnd() % 100 < 50 * (total - totalSize) / total / attempts;
    if (accept) {
      result = alloc;
      totalSize = total;
      haveTotal = true;
      if (totalSize <= desired)
        break;
    } else {
      // As in TVM, the last swap made is undone even when this attempt
      // made none; then the rolled-back offsets do not match the order.
      if (swap1 >= 0) {
        swapAt(static_cast<size_t>(swap2), static_cast<size_t>(swap1));
        if (!swapDecoded)
          dirty = static_cast<size_t>(std::min(swap1, swap2));
      }
      alloc = rollback;
    }
    swapDecoded = false;
    int64_t poolSize = arenaExtent(p, alloc);
    std::vector<ArenaBufferId> top;
    for (ArenaBufferId b = 0; b < n; ++b)
      if (alloc[b] + p.buffer(b).size == poolSize)
        top.push_back(b);
    // TVM sorts these lists by position before each uniform pick; the pick
    // does not depend on the order, and ours are built deterministically.
    ArenaBufferId node = top[rnd() % top.size()];
    std::vector<ArenaBufferId> first, second;
    swapCandidates(c, pos, node, first, second);
    if (first.empty())
      continue;
    ArenaBufferId b1 = first[rnd() % first.size()], b2 = b1;
    for (int tries = 0; b2 == b1 && tries < 64; ++tries) {
      b2 = !second.empty() && rnd() % 100 > 25 ? second[rnd() % second.size()]
                                               : first[rnd() % first.size()];
      if (second.size() < 2 && first.size() < 2)
        break;
    }
    if (b1 == b2)
      continue;
    swap1 = static_cast<int64_t>(pos[b1]);
    swap2 = static_cast<int64_t>(pos[b2]);
    swapAt(static_cast<size_t>(swap1), static_cast<size_t>(swap2));
    dirty = static_cast<size_t>(std::min(swap1, swap2));
    swapDecoded = true;
  }
  return result;
}

ArenaPlan planArenaWith(const ArenaProblem &p, ArenaBaseline kind,
                        const ArenaConflicts *conflicts, uint64_t seed,
                        const HillClimbLimits &limits, bool *cut) {
  bool wasCut = false;
  std::unique_ptr<ArenaConflicts> own;
  if (!conflicts) {
    own = std::make_unique<ArenaConflicts>(p);
    conflicts = own.get();
  }
  const ArenaConflicts &c = *conflicts;
  const size_t n = p.numBuffers();
  ArenaPlan plan;
  plan.offsets.assign(n, 0);
  std::vector<ArenaBufferId> seq = identity(n);
  switch (kind) {
  case ArenaBaseline::TFLiteMicroGreedy:
    std::stable_sort(seq.begin(), seq.end(),
                     [&](ArenaBufferId a, ArenaBufferId b) {
                       return p.buffer(a).size > p.buffer(b).size;
                     });
    placeInSequence(p, c, seq, FitRule::FirstFit, plan.offsets);
    break;
  case ArenaBaseline::IreeBestFit:
    std::stable_sort(seq.begin(), seq.end(),
                     [&](ArenaBufferId a, ArenaBufferId b) {
                       return p.buffer(a).life.first < p.buffer(b).life.first;
                     });
    placeInSequence(p, c, seq, FitRule::BestFit, plan.offsets);
    break;
  case ArenaBaseline::TvmGreedyBySize:
    seq = tvmSizeOrder(p, c);
    placeInSequence(p, c, seq, FitRule::AboveConflicts, plan.offsets);
    break;
  case ArenaBaseline::TvmGreedyByConflicts:
    std::stable_sort(seq.begin(), seq.end(),
                     [&](ArenaBufferId a, ArenaBufferId b) {
                       size_t ca = c.degree(a), cb = c.degree(b);
                       if (ca != cb)
                         return ca > cb;
                       return p.buffer(a).size > p.buffer(b).size;
                     });
    placeInSequence(p, c, seq, FitRule::AboveConflicts, plan.offsets);
    break;
  case ArenaBaseline::TvmHillClimb:
    plan.offsets = tvmHillClimb(p, c, seed, limits, wasCut);
    break;
  }
  if (cut)
    *cut = wasCut;
  plan.size = arenaExtent(p, plan.offsets);
  return plan;
}

} // namespace peakmem
