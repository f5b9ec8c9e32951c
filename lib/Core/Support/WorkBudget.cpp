//===- WorkBudget.cpp - Deterministic limits on work ----------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Support/WorkBudget.h"
#include "peakmem/Core/Support/EnumNames.h"

#include <algorithm>

namespace peakmem {

/// Limits are capped here when turned into a time point (about 31 years), so
/// that start + limit cannot overflow the clock's representation.
static constexpr double kLongestLimitMs = 1e12;

TimeCap::TimeCap(double limitMs)
    : on(limitMs > 0), limit(std::max(0.0, limitMs)) {
  if (!on)
    return;
  start = Clock::now();
  end = start + std::chrono::duration_cast<Clock::duration>(
                    std::chrono::duration<double, std::milli>(
                        std::min(limit, kLongestLimitMs)));
}

bool TimeCap::check() {
  if (on && !hasFired && Clock::now() >= end)
    hasFired = true;
  return hasFired;
}

double TimeCap::elapsedMs() const {
  if (!on)
    return 0;
  return std::chrono::duration<double, std::milli>(Clock::now() - start)
      .count();
}

static constexpr EnumName<WorkStop> kWorkStopNames[] = {
    {WorkStop::None, "none"},
    {WorkStop::WorkLimit, "work-limit"},
    {WorkStop::TimeCap, "time-limit"}};

const char *workStopName(WorkStop stop) {
  return enumName(kWorkStopNames, stop, "none");
}

WorkBudget::WorkBudget(WorkUnits limit, TimeCap *cap) : cap(cap), max(limit) {}

WorkBudget::WorkBudget(WorkBudget &parent, WorkUnits limit)
    : parent(&parent), max(limit) {}

bool WorkBudget::charge(WorkUnits units) {
  const WorkUnits before = spent;
  spent = units > kUnlimitedWork - spent ? kUnlimitedWork : spent + units;
  if (parent)
    parent->charge(units);
  if (why != WorkStop::None)
    return false;
  if (spent > max)
    why = WorkStop::WorkLimit;
  else if (cap && (cap->fired() ||
                   (before / kTimeCapCheckUnits != spent / kTimeCapCheckUnits &&
                    cap->check())))
    why = WorkStop::TimeCap;
  return !exhausted();
}

WorkStop WorkBudget::stop() const {
  if (why != WorkStop::None)
    return why;
  return parent ? parent->stop() : WorkStop::None;
}

WorkUnits WorkBudget::left() const {
  if (exhausted())
    return 0;
  WorkUnits own = max - spent;
  return parent ? std::min(own, parent->left()) : own;
}

TimeCap *WorkBudget::timeCap() const {
  if (cap)
    return cap;
  return parent ? parent->timeCap() : nullptr;
}

} // namespace peakmem
