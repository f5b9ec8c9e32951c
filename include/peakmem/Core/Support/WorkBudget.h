//===- WorkBudget.h - Deterministic limits on work -------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one budget of the core. Every search, bound and check stops on work it
// counts itself, in units it documents (an arc a max-flow scans, a candidate
// statement the exact search evaluates, a 64-bit word an enumeration
// touches...), never on the clock: the same input and options then give the
// same result on any machine, under any load and with any number of threads.
//
//  * WorkBudget: a limit in units and a counter. Algorithms charge() what
//    they do and stop once it returns false. A budget may draw on a parent
//    (a block's share of its function's budget): every unit charged to the
//    child is charged to the parent too, and the child is exhausted as soon
//    as either is.
//  * TimeCap: an opt-in wall-clock safety cap (off by default). A budget
//    given a cap reads the clock every kTimeCapCheckUnits units it is
//    charged (never when it has no cap); once the cap has fired every budget
//    that reads it is exhausted, and fired() says so, so that a caller can
//    tell the user that the result is no longer reproducible.
//
// Neither is thread-safe: one pass run on one function owns its budgets
// (functions processed in parallel have budgets of their own).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_WORKBUDGET_H
#define PEAKMEM_CORE_WORKBUDGET_H

#include <chrono>
#include <cstdint>
#include <limits>

namespace peakmem {

/// A count of elementary steps of an algorithm (each algorithm documents
/// what one unit is).
using WorkUnits = uint64_t;

/// A limit that never runs out.
constexpr WorkUnits kUnlimitedWork = std::numeric_limits<WorkUnits>::max();

/// A TimeCap is read once per this many units charged to a budget.
constexpr WorkUnits kTimeCapCheckUnits = WorkUnits(1) << 14;

/// An opt-in wall-clock cap, off unless constructed with a positive limit.
/// Its clock starts at construction.
class TimeCap {
public:
  using Clock = std::chrono::steady_clock;

  /// Off: never fires, never reads the clock.
  TimeCap() = default;
  /// On when `limitMs` > 0 (capped internally at about 31 years), off
  /// otherwise.
  explicit TimeCap(double limitMs);

  bool enabled() const { return on; }
  double limitMs() const { return limit; }
  /// Reads the clock when enabled and not fired yet; true once the limit has
  /// passed (and from then on, without reading the clock).
  bool check();
  /// Whether check() has returned true (reads no clock).
  bool fired() const { return hasFired; }
  /// Milliseconds since construction (reads the clock; 0 when off).
  double elapsedMs() const;

private:
  bool on = false, hasFired = false;
  double limit = 0;
  Clock::time_point start, end;
};

/// Why a budget is exhausted.
enum class WorkStop : uint8_t {
  None,
  /// Its own limit or a parent's was reached.
  WorkLimit,
  /// The TimeCap fired (the result depends on timing).
  TimeCap,
};
/// "none", "work-limit", "time-limit".
const char *workStopName(WorkStop stop);

/// A limit in work units and the units charged so far.
class WorkBudget {
public:
  /// `limit` units (kUnlimitedWork: no limit); `cap`, if given, must outlive
  /// the budget.
  explicit WorkBudget(WorkUnits limit = kUnlimitedWork, TimeCap *cap = nullptr);
  /// At most `limit` units of its own, every unit also charged to `parent`
  /// (which must outlive it, and is read for its own limit and cap).
  WorkBudget(WorkBudget &parent, WorkUnits limit);

  WorkBudget(const WorkBudget &) = delete;
  WorkBudget &operator=(const WorkBudget &) = delete;

  /// Charges `units` (to the parents too). Returns false when the budget is
  /// exhausted: this charge took it past its limit or a parent's, or the cap
  /// fired. The units are counted either way; once exhausted a budget stays
  /// exhausted.
  bool charge(WorkUnits units = 1);
  /// Whether `units` more can be charged without exhausting the budget.
  bool fits(WorkUnits units) const { return !exhausted() && units <= left(); }

  bool exhausted() const { return why != WorkStop::None || parentExhausted(); }
  /// What exhausted it (its own limit, a parent's or the cap), or None.
  WorkStop stop() const;
  /// Units charged to this budget (saturating).
  WorkUnits used() const { return spent; }
  WorkUnits limit() const { return max; }
  /// Units that can still be charged: the least of what this budget and its
  /// parents have left (0 once exhausted).
  WorkUnits left() const;
  /// The cap this budget reads (its own or its parents'), or null.
  TimeCap *timeCap() const;

private:
  bool parentExhausted() const { return parent && parent->exhausted(); }

  WorkBudget *parent = nullptr;
  TimeCap *cap = nullptr;
  WorkUnits max, spent = 0;
  WorkStop why = WorkStop::None;
};

} // namespace peakmem

#endif // PEAKMEM_CORE_WORKBUDGET_H
