//===- SegmentSearch.h - Branch and bound over one segment ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to lib/Core: the search state of exactSearch (ExactSearch.cpp). A
// segment is a Problem of its own (SequentialPoints.h); this file finds its
// minimum-peak order by a depth-first branch and bound over its ideals, with
// a memo of the ideals already expanded, within a shared SearchBudget.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_CORE_SEGMENTSEARCH_H
#define PEAKMEM_LIB_CORE_SEGMENTSEARCH_H

#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Schedule/ExactSearch.h"
#include "peakmem/Core/Support/Deadline.h"

#include <cstdint>
#include <vector>

namespace peakmem {

/// Shared time and state budget of one exactSearch call.
struct SearchBudget {
  SearchBudget(double budgetMs, size_t maxStates, size_t maxMemoEntries)
      : deadline(budgetMs), maxStates(maxStates),
        maxMemoEntries(maxMemoEntries) {}

  Deadline deadline;
  size_t maxStates = 0;
  size_t maxMemoEntries = 0;
  size_t states = 0;
  bool exhausted = false;
  /// Which limit set `exhausted`.
  SearchStop stop = SearchStop::None;
  /// A segment's memo filled up.
  bool memoFull = false;

  bool timeLeft() {
    if (!exhausted && deadline.expired()) {
      exhausted = true;
      stop = SearchStop::TimeBudget;
    }
    return !exhausted;
  }

  /// Accounts one more search state; false once the budget is gone.
  bool charge() {
    if (exhausted)
      return false;
    if (++states > maxStates) {
      exhausted = true;
      stop = SearchStop::StateCap;
      return false;
    }
    // A state of a wide segment can cost a millisecond (thousands of ready
    // statements): look at the clock often; now() is cheap next to a state.
    if ((states & 7) == 0)
      return timeLeft();
    return true;
  }
};

/// Improves (bestOrder, bestPeak), which start as the incumbent of the
/// segment problem `local` (bestOrder may be empty: the identity). `bounds`
/// holds a static lower bound on the step of every local statement, `floor`
/// a lower bound on the segment's peak. Returns true if the search finished
/// (bestPeak is optimal, or <= floor), false if the budget ran out. Local ids
/// must ascend along a topological order.
bool searchSegment(const Problem &local, const std::vector<int64_t> &bounds,
                   int64_t floor, SearchBudget &budget, Order &bestOrder,
                   int64_t &bestPeak);

} // namespace peakmem

#endif // PEAKMEM_LIB_CORE_SEGMENTSEARCH_H
