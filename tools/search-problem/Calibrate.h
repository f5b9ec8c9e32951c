//===- Calibrate.h - Work units against time on a dumped block -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef PEAKMEM_TOOLS_SEARCHPROBLEM_CALIBRATE_H
#define PEAKMEM_TOOLS_SEARCHPROBLEM_CALIBRATE_H

#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Support/WorkBudget.h"

namespace peakmem {

/// Prints the work units and milliseconds of every algorithm on `full`'s
/// contracted problem, the exact search within `searchWork` units.
void calibrate(const Problem &full, WorkUnits searchWork);

} // namespace peakmem

#endif // PEAKMEM_TOOLS_SEARCHPROBLEM_CALIBRATE_H
