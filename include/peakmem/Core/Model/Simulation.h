//===- Simulation.h - Live bytes of an order, step by step -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The single simulator of the memory model: every pass, scheduler and the
// certificate checker evaluate orders through it. O(sum of degrees).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_SIMULATION_H
#define PEAKMEM_CORE_SIMULATION_H

#include "peakmem/Core/Model/Problem.h"

namespace peakmem {

struct Timeline {
  /// mem(step i): bytes live while the i-th statement of the order runs.
  std::vector<int64_t> live;
  int64_t peak = 0;
  /// First step reaching the peak (0 if the order is empty).
  size_t peakStep = 0;
};

/// Simulates `order` (must be a permutation of the statements; legality is not
/// checked here, see isLegalOrder).
Timeline simulate(const Problem &p, const Order &order);

/// Peak of `order` only; same rule as simulate().
int64_t simulatePeak(const Problem &p, const Order &order);

/// Incremental simulator: schedulers push statements one at a time.
class Simulator {
public:
  explicit Simulator(const Problem &p);
  /// Bytes live while `s` would run if it were scheduled next.
  int64_t memIfNext(StmtId s) const;
  /// Bytes that stay live after `s` runs next, minus bytes live before it.
  int64_t netGrowthIfNext(StmtId s) const;
  /// Schedules `s`; returns mem at its step.
  int64_t push(StmtId s);
  int64_t current() const { return liveBytes; }
  int64_t peak() const { return peakBytes; }

private:
  const Problem &problem;
  std::vector<uint32_t> remainingUsers;
  std::vector<uint8_t> started;
  int64_t liveBytes = 0;
  int64_t peakBytes = 0;
};

} // namespace peakmem

#endif // PEAKMEM_CORE_SIMULATION_H
