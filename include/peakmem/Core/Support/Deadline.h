//===- Deadline.h - A wall-clock budget ------------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one clock of the core: a start time and a budget in milliseconds. Every
// algorithm that stops on time (bounds, exact search, arena planning) asks a
// Deadline; none reads the clock itself.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_DEADLINE_H
#define PEAKMEM_CORE_DEADLINE_H

#include <chrono>

namespace peakmem {

class Deadline {
public:
  using Clock = std::chrono::steady_clock;

  /// Starts now with `budgetMs` milliseconds (a negative budget counts as 0).
  explicit Deadline(double budgetMs) : Deadline(Clock::now(), budgetMs) {}
  Deadline(Clock::time_point start, double budgetMs);

  Clock::time_point start() const { return begin; }
  /// The moment the budget runs out.
  Clock::time_point end() const { return finish; }
  double budgetMs() const { return budget; }

  /// Milliseconds since start().
  double elapsedMs() const;
  /// Milliseconds left before end(), >= 0.
  double remainingMs() const;
  /// True once end() is reached.
  bool expired() const { return Clock::now() >= finish; }

private:
  Clock::time_point begin, finish;
  double budget;
};

} // namespace peakmem

#endif // PEAKMEM_CORE_DEADLINE_H
