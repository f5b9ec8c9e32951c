//===- ArenaRefutation.h - A checkable proof that no arena fits -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An ArenaRefutation says: no plan of this ArenaProblem has an arena of at
// most `capacity` bytes. It is the search tree of the exact placement search
// (ArenaExact.h) that ran out of plans, written so that a checker which
// shares no code with the search can replay it and re-derive every step.
//
// The tree enumerates *canonical* plans only. Buffers of size 0 take no
// bytes and are ignored. A state is a set of placed buffers (each with an
// offset), a sub-problem S (unplaced buffers still to place), the offset
// `lastOff` and rank `lastRank` of the buffer placed last (0 and -1 at the
// root and at the root of every sub-problem). For an unplaced buffer u,
// minOff(u) is the lowest offset aligned to u's alignment at or above the top
// (offset + size) of every placed buffer whose lifetime intersects u's.
// Ranks: at the root and at the root of every Split, the buffers of the
// (sub-)problem are ranked by `preorder`, a string of keys among W (width:
// last - first + 1 steps), A (area: width x size) and T (the most bytes of
// the sub-problem's buffers live at one step of the buffer's lifetime),
// compared in that precedence, larger first, then by buffer id; rank = the
// position in that order (MiniMalloc's "WAT", "TAW", "TWA"). Every node of
// the tree is one of:
//
//  * Close(t): the node has no plan within capacity because of step t. Let
//    U be the unplaced buffers of S live at t, total their sizes, and
//    floor = max(lastOff, the top of every placed buffer live at t, min
//    over U of minOff (when U is not empty)). Then floor + total >
//    capacity: every buffer of U must lie above floor (placements are
//    non-decreasing in offset and above the placed buffers they meet) and
//    they are pairwise disjoint; with U empty, a placed buffer (or the last
//    placed one) already ends above the capacity.
//  * Split(a, b): the buffers S' of S whose lifetimes lie within steps
//    [a, b] form a non-empty sub-problem, and no other buffer of S meets
//    [a, b]: S' is placed independently of the rest of S and the node's
//    only child refutes S' (lastOff = 0, lastRank = -1, ranks of S' anew).
//  * Branch: S is not empty. Its candidates are its buffers sorted by
//    (minOff, rank), taken while minOff < min over S of (minOff + size), and
//    skipping those with (minOff, rank) <= (lastOff, lastRank). The children
//    are, in that order, the states with each candidate c placed at
//    minOff(c) (then lastOff = minOff(c), lastRank = rank(c)), until a
//    candidate c that meets no unplaced buffer (in time): the children stop
//    after c's.
//
// Why this is a proof: take a plan within capacity whose sum of offsets is
// smallest. Sorted by (offset, rank), every buffer sits at its minOff at its
// turn (else it could drop), so the tree holds its path; a candidate skipped
// for its minOff >= minOff(u) + size(u) of another u, or after a candidate c
// that meets nothing, would let u (or c) drop, against the smallest sum; a
// Close or Split node on the path would contradict the plan. So no plan
// exists when every leaf is closed. docs/arena-benchmark.md has the long
// form of this argument.
//
// The text form (writeArenaRefutation / readArenaRefutation):
//   peakmem-arena-refutation 1
//   capacity C
//   preorder KEYS                    (e.g. TAW)
//   tree N X<t> D<a>:<b> ...         (depth first, tokens separated by spaces)
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_ARENAREFUTATION_H
#define PEAKMEM_CORE_ARENAREFUTATION_H

#include "peakmem/Core/Arena/Arena.h"

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

namespace peakmem {

struct ArenaRefutation {
  /// No plan has an arena of at most this many bytes.
  int64_t capacity = 0;
  /// The preorder rule of the ranks (keys among W, A, T).
  std::string preorder;
  /// The tree, depth first: kBranch, or kClose then a step, or kSplit then
  /// the first and last step.
  std::vector<int64_t> tree;
  static constexpr int64_t kBranch = -1, kClose = -2, kSplit = -3;
  /// Nodes of the tree (Branch, Close and Split each count one).
  uint64_t nodes() const;
};

/// Replays `r` on `p` without calling any planner and returns "" when it
/// proves that no plan of `p` fits in r.capacity bytes, else what is wrong.
/// Stops with an error after `maxNodes` nodes (the check costs
/// O(nodes * buffers log buffers)).
std::string checkArenaRefutation(const ArenaProblem &p,
                                 const ArenaRefutation &r, uint64_t maxNodes);

void writeArenaRefutation(std::ostream &os, const ArenaRefutation &r);
/// Parses the text form; "" on success, else the error.
std::string readArenaRefutation(std::istream &is, ArenaRefutation &r);

} // namespace peakmem

#endif // PEAKMEM_CORE_ARENAREFUTATION_H
