//===- SkylineSearch.h - A bottom-up plan finder --------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to lib/Core/Arena: a plan finder for one capacity, run by
// solveArenaExact before the canonical search of each decision. It only
// ever answers "found" (a plan it built, valid by construction) or "not
// found within its nodes": it proves nothing, so refutations stay the
// canonical search's (ArenaRefutation.h).
//
// The state is a skyline over the sections of time (CanonicalSearch.h's
// Model): below h[s] every byte of section s is taken by a placed buffer or
// declared waste, above it nothing is placed. A node takes the leftmost
// section `a` of the lowest unfinished height L and the run [a, b) of
// sections at L to its right. Its children, in turn:
//  * each unplaced buffer starting at section a, ending within the run, whose
//    alignment divides L, placed at L (widest first, then largest; buffers
//    identical in span, size and alignment are tried once);
//  * waste: the run rises to the lowest of its neighbours' heights (or of
//    the aligned offsets the alignment-blocked candidates need), if every
//    section of it still has room for its unplaced bytes above it.
// A section's height plus its unplaced bytes must stay within the capacity
// (the cross-section check): placing a buffer never changes that sum, so
// only waste can break it. On a perfect packing (every section full at the
// capacity) no waste is ever allowed and the search is an exact cover by
// the leftmost-lowest hole, which MiniMalloc's order handles poorly.
//
// Two column checks (columnsPackable, proofs in the .cpp) kill a wrong
// early choice within a few nodes: every unplaced buffer has a lowest
// offset (the highest height over its span, raised further by the subset
// sums of the sizes below it in each section it spans), and each section's
// unplaced buffers, stacked in the order of their lowest offsets, must end
// within the capacity. Both hold with slack; with none they make every
// section an exact stack. They are checked only where the last step changed
// what they read (a height, or a lowest offset above a height), and cheap
// sufficient tests come first (a column whose late releases cannot delay
// it, sizes that reach every subset sum): perfect07 below took 44 µs a
// node, now 9 (whole runs, same load). On the perfect packings of
// tools/arena_bench.py (seeds 1000-1009) they cut the nodes to the plan of
// perfect05 from 186,260 to 13,301, perfect07 from 675,026 to 135,294 and
// perfect08 from 365,042 to 11,436.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_CORE_ARENA_SKYLINESEARCH_H
#define PEAKMEM_LIB_CORE_ARENA_SKYLINESEARCH_H

#include "CanonicalSearch.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace peakmem::canonical {

class Skyline {
public:
  /// Looks for a plan of `m` within `capacity` in at most `nodeLimit` nodes.
  Skyline(const Model &m, int64_t capacity, uint64_t nodeLimit,
          TimeCap *cap = nullptr);

  /// Found, or Aborted (out of nodes, or the search space ran out: neither
  /// is a proof).
  Outcome run();

  /// Offsets per local buffer after Found.
  std::vector<int64_t> solution;
  uint64_t nodes = 0;

  /// For tests: whether the column checks (columnsPackable) run; with
  /// `countAll` one round walks the whole tree and counts its plans.
  bool inferColumns = true, countAll = false;
  uint64_t plans = 0;

private:
  /// A node whose parent differs from it in the heights of [lo, hi), by a
  /// placement when `placed`, else by waste (the `root` has no parent).
  Outcome dfs(uint32_t lo, uint32_t hi, bool placed, bool root = false);
  /// The children of a node that passed the checks.
  Outcome expand();
  /// The children of a node at section a, height L, run [a, b).
  Outcome placeAt(uint32_t a, uint32_t b, int64_t L, int64_t &blocked);
  Outcome waste(uint32_t a, uint32_t b, int64_t L, int64_t blocked);
  bool countNode();
  /// Whether u (unplaced) could be placed at L: aligned, and no section of
  /// its span higher than L (heights only rise).
  bool fitsAt(uint32_t u, int64_t L) const;
  /// Every section without room for waste has, at each higher or closed
  /// side, a buffer that could still cover its lowest free byte.
  bool holesCoverable();
  /// Every valley (a run of one height between higher or closed sides)
  /// without room for waste can still be tiled at its height by a chain of
  /// unplaced buffers.
  bool valleysTileable();
  /// Every section's unplaced buffers still fit above its height, each at
  /// or above its lowest possible offset (the proof is in the .cpp).
  /// Raises the lowest offsets of the unplaced buffers over [lo, hi) (which
  /// rose to one height) and checks the sections whose column changed (the
  /// others passed at the parent); the whole arena when `all`.
  bool columnsPackable(uint32_t lo, uint32_t hi, bool all, bool placed);
  bool columnPackable(uint32_t s);
  /// Raises lowest offsets to what the subset sums of each section of
  /// `work` allow (the proof is in the .cpp); `raised` records a rise.
  bool offsetsReachable(const std::function<void(uint32_t, int64_t)> &raised);
  /// Whether the unplaced sizes of s and its slack reach every offset up
  /// to the capacity (a cheap sufficient test).
  bool everySumReachable(uint32_t s, int64_t slack) const;
  /// The subset sums of section s, `words` words of them; kSumsBits.
  uint8_t fillSums(uint32_t s, uint64_t *sums, size_t words, int64_t slack);
  void raiseLowest(uint32_t u, int64_t to);
  static void shiftOr(uint64_t *bits, size_t words, int64_t by);
  static int64_t nextSet(const uint64_t *bits, int64_t from, int64_t last);
  void invalidateSums(uint32_t s) {
    if (!sumsValid.empty())
      sumsValid[s] = kSumsUnknown;
  }

  const Model &m;
  const int64_t capacity;
  const uint64_t nodeLimit;
  TimeCap *cap;
  /// Buffers by first section, CSR, widest then largest first.
  std::vector<uint32_t> startAt, starts;
  /// Buffers by last section + 1, CSR.
  std::vector<uint32_t> endAt, ends;
  std::vector<int64_t> height, rem, offset;
  std::vector<uint8_t> reach;
  /// Per buffer, its lowest possible offset (columnsPackable's scratch).
  std::vector<int64_t> lowest;
  /// Raised lowest offsets (buffer, previous value), undone on the way back.
  std::vector<std::pair<uint32_t, int64_t>> lowestLog;
  std::vector<uint64_t> sectionStamp, releaseStamp;
  /// Sections to check at this node; subset sums of one section.
  std::vector<uint32_t> work;
  /// Per section, the subset sums (sumWords words) of its unplaced sizes
  /// and slack, valid while its height and buffers stay as they were.
  std::vector<uint64_t> sumsOf;
  std::vector<uint8_t> sumsValid;
  static constexpr uint8_t kSumsUnknown = 0, kSumsBits = 1, kSumsAll = 2;
  /// Model::member with each section's buffers by size.
  std::vector<uint32_t> bySize;
  size_t sumWords = 0;
  /// The grain of every size, alignment and height; 0 when the capacity is
  /// too many grains for the subset sums.
  int64_t grain = 1, grainUnits = 0;
  uint64_t stamp = 0;
  std::vector<std::pair<int64_t, int64_t>> column;
  /// Candidate order of the current restart (round > 0).
  std::vector<uint64_t> priority;
  uint64_t round = 0, roundEnd = 0;
  bool aborted = false;
};

} // namespace peakmem::canonical

#endif // PEAKMEM_LIB_CORE_ARENA_SKYLINESEARCH_H
