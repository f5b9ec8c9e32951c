//===- Arena.h - Static arena placement: problem, plan, checker -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The MLIR-free model of static memory planning: every buffer of a block gets
// a fixed byte offset in one arena, planned ahead of time (TFLite Micro, IREE,
// TVM AoT). An ArenaProblem is a set of buffers, each with
//  * size: its bytes rounded up to its alignment (what the buffer occupies in
//    the arena; not the per-call padding a malloc adds),
//  * alignment: a power of two; its offset must be a multiple of it,
//  * a live interval [first, last] of statement steps (inclusive).
// Two buffers conflict iff their intervals intersect; a plan must give
// conflicting buffers disjoint byte ranges [offset, offset + size). The arena
// is max(offset + size); this is dynamic storage allocation, NP-hard even for
// a fixed order of statements. docs/Arena.md describes the model in full.
//
// Lifetimes come from a Problem and an order through the simulator's rule
// (Problem.h): live from the step of the first user through the step of the
// last user if freedInBlock, else to the end of the block; a buffer with no
// user is never live and is not placed. With sizes not rounded (alignment 1)
// and the statements' scratch included, the live bytes of the ArenaProblem at
// step i plus Problem::liveIn are exactly simulate(p, order).live[i].
//
// Like Problem (check()) and Certificate (checkCertificate()), the plan
// checker never calls a planner.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_ARENA_H
#define PEAKMEM_CORE_ARENA_H

#include "peakmem/Core/Model/Problem.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace peakmem {

/// Rounds `value` (>= 0) up to a multiple of `alignment` (>= 1).
inline int64_t alignTo(int64_t value, int64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

/// A buffer's live interval in statement steps, both ends inclusive.
struct Lifetime {
  uint32_t first = 0, last = 0;
  bool overlaps(const Lifetime &o) const {
    return first <= o.last && o.first <= last;
  }
};

/// Live interval of every buffer of `p` under `order` (a permutation of its
/// statements), by the simulator's rule; `live[b]` is false for a buffer with
/// no user (never live), and its lifetime is then unspecified.
struct Lifetimes {
  std::vector<Lifetime> of;
  std::vector<uint8_t> live;
};
Lifetimes bufferLifetimes(const Problem &p, const Order &order);

using ArenaBufferId = uint32_t;

struct ArenaBuffer {
  /// Bytes in the arena: a multiple of `alignment`.
  int64_t size = 0;
  /// Power of two >= 1.
  int64_t alignment = 1;
  Lifetime life;
};

/// The placement problem of one block under one order.
class ArenaProblem {
public:
  /// Adds a buffer of `bytes` rounded up to `alignment`, live over
  /// [first, last]. Extends numSteps() to cover `last`.
  ArenaBufferId addBuffer(int64_t bytes, int64_t alignment, uint32_t first,
                          uint32_t last);

  /// Validates: alignments are powers of two, sizes non-negative multiples of
  /// their alignment, first <= last < numSteps(). "" when valid.
  std::string check() const;

  size_t numBuffers() const { return buffers.size(); }
  const ArenaBuffer &buffer(ArenaBufferId b) const { return buffers[b]; }
  uint32_t numSteps() const { return steps; }
  void setNumSteps(uint32_t n) { steps = std::max(steps, n); }

private:
  std::vector<ArenaBuffer> buffers;
  uint32_t steps = 0;
};

/// What an ArenaProblem built from a Problem stands for.
struct ArenaExtraction {
  ArenaProblem problem;
  /// For each arena buffer: the Problem buffer it is, or -1 - s for the
  /// scratch of statement s (also for a statement buffer).
  std::vector<int64_t> source;
  /// Arena id of options.statementBuffers[0]; the others follow in order.
  ArenaBufferId firstStatementBuffer = 0;
};

/// A buffer held for the whole step of one statement (a buffer of a nested
/// block, placed at its statement in the entry block).
struct ArenaStatementBuffer {
  StmtId stmt = 0;
  /// Bytes, rounded up to `alignment` by the extraction.
  int64_t bytes = 0;
  /// Power of two.
  int64_t alignment = 1;
};

struct ArenaExtractionOptions {
  /// Per Problem buffer alignment (powers of two); empty means 1 for all.
  std::vector<int64_t> alignment;
  /// Raised floor for every alignment (the pass's `alignment=` option).
  int64_t minAlignment = 1;
  /// Place each statement's scratch as one buffer live at its step only.
  bool includeScratch = true;
  int64_t scratchAlignment = 1;
  /// Buffers live at their statement's step only, added after the scratch
  /// blocks in this order (their alignment is not raised to minAlignment:
  /// the caller chooses it). roundedForArena ignores them: add them to the
  /// statements' scratch, rounded, for the bound.
  std::vector<ArenaStatementBuffer> statementBuffers;
};

/// The placement problem of `p` under `order` (a permutation of its
/// statements). Buffers with no user are left out; buffer ids follow the
/// Problem's, then scratch blocks by step.
ArenaExtraction extractArenaProblem(const Problem &p, const Order &order,
                                    const ArenaExtractionOptions &options = {});

/// A copy of `p` whose buffer sizes (and scratch, if `options.includeScratch`)
/// are rounded up as extractArenaProblem rounds them: any lower bound on the
/// peak of this problem over every order (Bounds.h) bounds the arena of every
/// order and every placement, in the arena's units.
Problem roundedForArena(const Problem &p,
                        const ArenaExtractionOptions &options = {});

/// An offset per arena buffer and the arena size.
struct ArenaPlan {
  std::vector<int64_t> offsets;
  int64_t size = 0;
};

/// max over buffers of offset + size (0 for no buffers).
int64_t arenaExtent(const ArenaProblem &p, const std::vector<int64_t> &offsets);

/// Validates `plan` without any planner: the problem is valid, one offset per
/// buffer, every offset non-negative and a multiple of its buffer's
/// alignment, every buffer inside [0, plan.size), and no two buffers with
/// intersecting lifetimes and intersecting byte ranges (an empty range
/// intersects nothing). Returns "" if valid, else the first violation found.
/// O(B log B) by a sweep over time.
std::string checkArenaPlan(const ArenaProblem &p, const ArenaPlan &plan);

/// Max over steps of the sum of sizes of the buffers live at that step: no
/// plan of this problem (this order) has a smaller arena.
int64_t liveBytesLowerBound(const ArenaProblem &p);

/// The buffers of `p` split into connected components of the conflict graph
/// (sets of buffers whose lifetimes chain together), each sorted by id, in
/// order of their first step. Components can be placed independently; the
/// arena is the maximum over them.
std::vector<std::vector<ArenaBufferId>> arenaComponents(const ArenaProblem &p);

} // namespace peakmem

#endif // PEAKMEM_CORE_ARENA_H
