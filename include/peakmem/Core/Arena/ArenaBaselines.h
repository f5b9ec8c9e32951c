//===- ArenaBaselines.h - Published arena placement heuristics -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each baseline is written from the rule its project publishes, so that
// peakmem's planner is compared with what edge runtimes actually do. All of
// them work on an ArenaProblem (Arena.h): sizes are already rounded up to the
// buffer's alignment, and every offset a baseline picks is rounded up to the
// alignment of the buffer being placed (so every plan passes
// checkArenaPlan). Where a source differs from that, the entry says so.
//
//  * TFLite Micro GreedyMemoryPlanner
//    (tensorflow/tflite-micro, tensorflow/lite/micro/memory_planner/
//    greedy_memory_planner.cc, CalculateOffsetsIfNeeded): buffers sorted by
//    size, largest first, stable (ties keep insertion order = buffer id);
//    each placed by walking the already placed buffers whose lifetimes
//    overlap (inclusive [first, last]) in address order and taking the first
//    gap that fits, else right after the last of them. (TFLM rounds sizes to
//    16 bytes itself; here sizes are rounded to each buffer's alignment. No
//    offline-planned offsets.)
//  * IREE stream packing (iree-org/iree, compiler/src/iree/compiler/Dialect/
//    Stream/Transforms/LayoutSlices.cpp, packStaticSlicesGreedily): slices in
//    program order (here: by first step, ties by id), no size sort; walking
//    the reservations whose lifetimes intersect in address order, the
//    smallest gap that fits (best fit) wins, else the end of the last one.
//    Its source says it "can end up with a significant amount of wastage".
//  * TVM USMP greedy_by_size and greedy_by_conflicts (apache/tvm,
//    src/tir/usmp/algo/greedy.cc, PostSortAllocation): buffers sorted by size
//    descending (ties: more conflicts first) or by number of conflicts
//    descending (ties: larger first); TVM breaks remaining ties by name, here
//    by id. Each buffer goes at the maximum aligned end of the already placed
//    buffers it conflicts with: no gap search. (TVM aligns that end to the
//    conflicting buffer's alignment; here to the placed buffer's own, which
//    TVM's rule does not guarantee.)
//  * TVM USMP hill climbing (apache/tvm, src/tir/usmp/algo/hill_climb.cc):
//    starts from the greedy_by_size order and decodes every order with a
//    first-fit greedy (conflicts walked in address order); up to 500
//    attempts, each swapping two buffers near one that reaches the top (a
//    lower-positioned conflict of it, and a lower-positioned conflict of a
//    conflict with probability 3/4); a worse result is accepted with
//    probability 50 * (worse - current) / worse / attempt percent, an equal
//    one rejected; stops once the arena reaches the memory pressure (here the
//    live-bytes bound). As in TVM the result is the LAST accepted plan, not
//    the best one seen. TVM draws from rand_r seeded 0; here from a seeded
//    deterministic generator, so runs are repeatable but not TVM's numbers.
//    The pick of a second buffer is capped at 64 draws (TVM's loop can spin
//    when both candidates are the same buffer). Its budget is in work
//    units (attempts, conflicts visited), never time.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_ARENABASELINES_H
#define PEAKMEM_CORE_ARENABASELINES_H

#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Support/WorkBudget.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace peakmem {

/// The buffers each buffer conflicts with (intersecting lifetimes), without
/// storing the pairs: an index over time built by a sweep in O(B log B) time
/// and memory. The conflicts of b are the buffers starting within b's
/// lifetime (a range of the buffers sorted by first step) and those live at
/// b's first step that started before it (a stabbing query on a segment tree
/// over the distinct first steps, each such buffer found once). Visiting
/// them costs O(log B + conflicts); degrees come from two binary searches.
class ArenaConflicts {
public:
  explicit ArenaConflicts(const ArenaProblem &p);
  /// How many buffers b conflicts with.
  size_t degree(ArenaBufferId b) const { return deg[b]; }
  size_t numPairs() const { return pairs; }
  /// Calls fn(a) once for every buffer a != b conflicting with b, in an
  /// order that depends only on the problem (not sorted by id).
  template <typename Fn> void forEach(ArenaBufferId b, Fn &&fn) const {
    const uint32_t f = first[b];
    for (size_t k = startAt[b]; k < endAt[b]; ++k)
      if (byFirst[k] != b)
        fn(byFirst[k]);
    for (size_t node = leafOf[b] + numPoints; node > 0; node >>= 1)
      for (uint32_t k = nodeStart[node]; k < nodeStart[node + 1]; ++k)
        if (first[nodeIds[k]] < f)
          fn(nodeIds[k]);
  }
  /// The conflicts of b sorted by id, into `out` (cleared first).
  void sorted(ArenaBufferId b, std::vector<ArenaBufferId> &out) const;

private:
  std::vector<uint32_t> first;
  /// Buffers sorted by (first step, id); the conflicts starting within b's
  /// lifetime are byFirst[startAt[b], endAt[b]).
  std::vector<ArenaBufferId> byFirst;
  std::vector<uint32_t> startAt, endAt;
  /// Segment tree over the distinct first steps (leaf of b: its first
  /// step's index); node i holds nodeIds[nodeStart[i], nodeStart[i + 1]),
  /// the buffers covering its whole range of first steps.
  size_t numPoints = 0;
  std::vector<uint32_t> leafOf, nodeStart, nodeIds;
  std::vector<uint32_t> deg;
  size_t pairs = 0;
};

/// How a buffer is placed among the already placed buffers it conflicts
/// with.
enum class FitRule : uint8_t {
  /// The lowest aligned offset where it fits (TFLM, TVM hill climbing).
  FirstFit,
  /// The smallest gap that fits, else the end (IREE).
  BestFit,
  /// Above every conflicting placed buffer, no gap search (TVM greedy).
  AboveConflicts
};

/// Lowest offset >= `from`, aligned to `align`, where `size` bytes meet none
/// of `ranges` (byte ranges [offset, end) of the conflicting buffers already
/// placed, any order; may be reordered). From 0 this is first fit. Jumps
/// past every range in the way a few times before it falls back to sorting,
/// so a buffer conflicting with thousands of others (one living to the end
/// of the block) costs a few linear passes.
int64_t lowestFit(std::vector<std::pair<int64_t, int64_t>> &ranges,
                  int64_t size, int64_t align, int64_t from = 0);

/// Places the buffers of `sequence` one by one in that order, from position
/// `start` on (the offsets of sequence[0, start) are taken as already
/// placed). Buffers not in `sequence` are ignored (they must not conflict
/// with any that is, else the plan is invalid); their offsets are left
/// untouched. `offsets` is resized to p.numBuffers() if shorter. Returns the
/// extent of the buffers of `sequence`. O(sum of their conflicts) plus the
/// fits.
int64_t placeInSequence(const ArenaProblem &p, const ArenaConflicts &c,
                        const std::vector<ArenaBufferId> &sequence,
                        FitRule rule, std::vector<int64_t> &offsets,
                        size_t start = 0);

enum class ArenaBaseline : uint8_t {
  TFLiteMicroGreedy,
  IreeBestFit,
  TvmGreedyBySize,
  TvmGreedyByConflicts,
  TvmHillClimb
};

/// "tflm-greedy", "iree-best-fit", "tvm-greedy-by-size",
/// "tvm-greedy-by-conflicts", "tvm-hill-climb".
const char *arenaBaselineName(ArenaBaseline kind);
const std::vector<ArenaBaseline> &allArenaBaselines();

/// Limits of TVM hill climbing (its only budget; every other baseline is
/// one pass).
struct HillClimbLimits {
  /// Attempts (TVM: 500).
  unsigned attempts = 500;
  /// Conflicts visited by its decodes (each attempt after the first needs
  /// as many as fit); the first attempt always runs.
  uint64_t work = std::numeric_limits<uint64_t>::max();
  /// Opt-in wall-clock cap, read between attempts (may be null).
  TimeCap *timeCap = nullptr;
};

/// The plan of `kind` (plan.size = its extent). `conflicts`, if given, must
/// belong to `p`. `seed` and `limits` only matter for TvmHillClimb; `cut`
/// (may be null) is set when its limits stopped it before its attempts.
ArenaPlan planArenaWith(const ArenaProblem &p, ArenaBaseline kind,
                        const ArenaConflicts *conflicts = nullptr,
                        uint64_t seed = 0, const HillClimbLimits &limits = {},
                        bool *cut = nullptr);

/// A small deterministic generator (splitmix64) shared by the randomised
/// planners, so results do not depend on the standard library.
class ArenaRng {
public:
  explicit ArenaRng(uint64_t seed) : state(seed) {}
  uint64_t next();
  /// Uniform-ish in [0, n) for n >= 1.
  uint64_t below(uint64_t n) { return next() % n; }

private:
  uint64_t state;
};

} // namespace peakmem

#endif // PEAKMEM_CORE_ARENABASELINES_H
