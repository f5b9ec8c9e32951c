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
#include "peakmem/Core/Support/WorkBudget.h"

#include <cstdint>
#include <vector>

namespace peakmem {

/// Shared work and state budget of one exactSearch call.
struct SearchBudget {
  SearchBudget(WorkBudget *work, size_t maxStates, size_t maxMemoEntries)
      : work(work), maxStates(maxStates), maxMemoEntries(maxMemoEntries) {}

  WorkBudget *work;
  size_t maxStates = 0;
  size_t maxMemoEntries = 0;
  size_t states = 0;
  bool exhausted = false;
  /// Which limit set `exhausted`.
  SearchStop stop = SearchStop::None;
  /// A segment's memo filled up.
  bool memoFull = false;

  /// Charges `units` of work (no state); the next check sees the result.
  void spend(WorkUnits units) {
    if (work)
      work->charge(units);
  }

  /// False once the work budget is gone (or the state cap was reached).
  bool workLeft() {
    if (!exhausted && work && work->exhausted()) {
      exhausted = true;
      stop = work->stop() == WorkStop::TimeCap ? SearchStop::TimeLimit
                                               : SearchStop::WorkLimit;
    }
    return !exhausted;
  }

  /// Accounts one more search state costing `units`; false once the budget
  /// is gone.
  bool charge(WorkUnits units) {
    if (exhausted)
      return false;
    if (++states > maxStates) {
      exhausted = true;
      stop = SearchStop::StateCap;
      return false;
    }
    spend(units);
    return workLeft();
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
