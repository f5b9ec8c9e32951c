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
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_CORE_ARENA_SKYLINESEARCH_H
#define PEAKMEM_LIB_CORE_ARENA_SKYLINESEARCH_H

#include "CanonicalSearch.h"

#include <cstdint>
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

private:
  Outcome dfs();
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
  /// Candidate order of the current restart (round > 0).
  std::vector<uint64_t> priority;
  uint64_t round = 0, roundEnd = 0;
  bool aborted = false;
};

} // namespace peakmem::canonical

#endif // PEAKMEM_LIB_CORE_ARENA_SKYLINESEARCH_H
