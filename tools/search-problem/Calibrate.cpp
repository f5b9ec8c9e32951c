//===- Calibrate.cpp - Work units against time on a dumped block ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `peakmem-search-problem --calibrate FILE.json`: for every block with
// buffers, the work units (WorkBudget.h) and the wall-clock time of each
// algorithm the passes run on it (the heuristics, the lower bound, the exact
// search from the best heuristic, certifyOrder, and the exhaustive
// enumeration below the peak), and the nanoseconds per unit. The passes stop
// on the units only; this tells how long a budget of units takes on this
// machine (docs/Scheduling.md).
//
//===----------------------------------------------------------------------===//

#include "Calibrate.h"

#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Core/Bounds/ExhaustiveCheck.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Schedule/Scheduler.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

namespace peakmem {

namespace {
using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

void column(const char *name, WorkUnits units, double ms) {
  llvm::outs() << " " << name << " " << units << " u "
               << llvm::format("%.2f", ms) << " ms";
  if (units > 0)
    llvm::outs() << " (" << llvm::format("%.1f", 1e6 * ms / double(units))
                 << " ns/u)";
}
} // namespace

void calibrate(const Problem &full, WorkUnits searchWork) {
  const Problem p = contract(full).problem;
  llvm::outs() << "  n " << p.numStatements() << " L " << p.linearSize();
  auto t = Clock::now();
  ScheduleOptions options;
  options.maxWork = 0; // The bound and the heuristics only.
  options.useBounds = false;
  WorkBudget none(0);
  ScheduleResult h = prepareBlock(p, options, none);
  column("heuristics", none.used(), msSince(t));

  WorkBudget bound;
  t = Clock::now();
  LowerBound lb = computeLowerBound(p, h.order, BoundOptions(), &bound);
  column("bound", bound.used(), msSince(t));

  if (lb.bytes < h.peak) {
    SearchOptions so;
    so.lowerBound = lb.bytes;
    WorkBudget search(searchWork);
    t = Clock::now();
    SearchResult r = exactSearch(p, h.order, so, &search);
    column("search", search.used(), msSince(t));
    llvm::outs() << (r.provenOptimal ? " proven" : " stopped");
  }
  WorkBudget certify;
  t = Clock::now();
  Certificate c = certifyOrder(p, identityOrder(p), certify);
  column("certify", certify.used(), msSince(t));
  if (!c.isOptimal()) {
    WorkBudget enumeration;
    t = Clock::now();
    ExhaustiveResult e =
        enumerateBelow(p, c.peak, kExhaustiveMaxIdeals, &enumeration);
    column("enumerate", enumeration.used(), msSince(t));
    llvm::outs() << " " << e.ideals << " ideals";
  }
  llvm::outs() << "\n";
}

} // namespace peakmem
