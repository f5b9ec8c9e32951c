//===- SequentialPoints.h - Cut a block at its sequential points -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to lib/Core: how exactSearch (ExactSearch.cpp) divides a problem.
// A sequential point is comparable with every statement, so it runs with the
// same executed set in every order; between two of them lies a segment,
// searched as a Problem of its own (SegmentSearch.h).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_CORE_SEQUENTIALPOINTS_H
#define PEAKMEM_LIB_CORE_SEQUENTIALPOINTS_H

#include "peakmem/Core/Model/Problem.h"

#include <cstdint>
#include <vector>

namespace peakmem {

/// One segment as a problem of its own. Local statement 0 is the entry (it
/// uses every buffer some statement before the segment already started),
/// 1..k are the segment's statements in incumbent order, k+1 is the exit (it
/// uses every buffer some statement after the segment still uses). Buffers
/// the segment does not touch are constant during it and folded into liveIn.
/// The entry/exit steps carry only bytes live right before the first / right
/// after the last real step, so they never set the peak; the local Simulator
/// therefore gives exactly the global memory of every segment step.
/// Invariant used below: local ids ascend along a topological order.
struct Segment {
  size_t begin = 0, end = 0; // Positions [begin, end) in the incumbent.
  Problem local;
  std::vector<int64_t> bounds; // Static lower bound per local statement.
  int64_t peak = 0;            // Best known local peak.
  Order order;                 // Best known local order (empty: incumbent).
};

/// For each position i of the topological order `topo`: is topo[i] comparable
/// with every statement (a sequential point)?
std::vector<uint8_t> sequentialAlong(const Problem &p, const Order &topo);

/// Lower bound on mem at the step of each local statement v of a segment
/// problem, valid for every order. Local ids must ascend along a topological
/// order.
std::vector<int64_t> staticBounds(const Problem &local);

/// Builds the segment problem for incumbent positions [begin, end).
/// `liveBefore` is the Simulator's live bytes before the segment's first
/// step; `firstPos` / `lastPos` the first and last incumbent position of each
/// buffer's users; `localOf` / `localBuffer` are all -1 on entry and on
/// return (scratch maps from global to local ids).
Problem buildSegment(const Problem &p, const Order &inc, size_t begin,
                     size_t end, int64_t liveBefore,
                     const std::vector<size_t> &firstPos,
                     const std::vector<size_t> &lastPos,
                     std::vector<int64_t> &localOf,
                     std::vector<int64_t> &localBuffer);

} // namespace peakmem

#endif // PEAKMEM_LIB_CORE_SEQUENTIALPOINTS_H
