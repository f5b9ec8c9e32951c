//===- RecomputeCertificate.h - Checking a recompute lower bound -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The `recompute` certificate kind (docs/Certificates.md, "The recompute
// kind"): "over every fixed-order recompute plan of this block in this order
// within the bounds (at most k clones of each producer group, the MAC and
// the operation budget), the least peak is `lowerBound`". An exact program
// (the sweep, the series-parallel fold) finds the number; the checker here
// re-evaluates it by another algorithm: it enumerates every plan (each
// producer's cuts any set of at most k of its users after its group),
// applies it (materializeFixedOrderPlan, applyRecompute) and simulates the
// result. It uses neither the slot model nor any dynamic program, so a wrong
// optimum of theirs is caught; it shares the plan semantics with them
// (FixedOrderPlan.cpp), which the brute-force unit tests pin down. Its work
// is exponential in the cuts within the budgets: it counts them first and
// decides before enumerating whether it fits.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_RECOMPUTECERTIFICATE_H
#define PEAKMEM_CORE_RECOMPUTECERTIFICATE_H

#include "peakmem/Core/Recompute/ExactRecompute.h"

#include <cstdint>
#include <string>
#include <vector>

namespace peakmem {

/// Work of checkRecomputeBound's enumeration on this input, known before it
/// runs: the plans within both budgets times (linearSize + 1), plus the
/// partial plans visited; kUnlimitedWork when above `cap` (counting stops
/// there). Partial plans over a budget are pruned (each cut costs its
/// group's MACs and operations), so the count is that of the plans the
/// bound is about, not of every set of cuts.
WorkUnits recomputeBoundCheckWork(const Problem &p, const Order &order,
                                  const std::vector<Producer> &producers,
                                  const RecomputeOptions &options,
                                  WorkUnits cap = kUnlimitedWork);

/// Checks that the least peak over every fixed-order plan of `p` (contracted,
/// finalized) in `order` (legal) within options' per-op bound, MAC and
/// operation budgets is exactly `lowerBound`. Returns "" when it is, else
/// what is wrong (a plan below it, named by its cuts, or the least peak
/// above it). The plans are first counted (one unit per partial plan); when
/// `work` cannot afford the enumeration, nothing is applied, *unchecked is
/// set and a description returned.
std::string checkRecomputeBound(const Problem &p, const Order &order,
                                const std::vector<Producer> &producers,
                                const RecomputeOptions &options,
                                int64_t lowerBound, WorkBudget &work,
                                bool *unchecked);

} // namespace peakmem

#endif // PEAKMEM_CORE_RECOMPUTECERTIFICATE_H
