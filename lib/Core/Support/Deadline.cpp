//===- Deadline.cpp - A wall-clock budget ---------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Support/Deadline.h"

#include <algorithm>

namespace peakmem {

/// Budgets are capped here when turned into a time point (about 31 years),
/// so that start + budget cannot overflow the clock's representation.
static constexpr double kLongestBudgetMs = 1e12;

Deadline::Deadline(Clock::time_point start, double budgetMs)
    : begin(start), budget(std::max(0.0, budgetMs)) {
  finish = begin + std::chrono::duration_cast<Clock::duration>(
                       std::chrono::duration<double, std::milli>(
                           std::min(budget, kLongestBudgetMs)));
}

double Deadline::elapsedMs() const {
  return std::chrono::duration<double, std::milli>(Clock::now() - begin)
      .count();
}

double Deadline::remainingMs() const {
  return std::max(0.0, budget - elapsedMs());
}

} // namespace peakmem
