//===- Heuristics.h - Production-compiler list schedulers ------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The topological sorts that production compilers use to lower peak memory,
// re-implemented on the peakmem memory model so that they can be compared with
// (and serve as incumbents for) the exact search on the same problems:
//
//  * PyTorch Inductor, torch/_inductor/memory.py (reorder_for_peak_memory):
//    LPMF, BFS, DFS.
//  * XLA, hlo_memory_scheduler.cc (DefaultMemoryScheduler): the list
//    scheduler, the DFS scheduler and the plain post-order.
//
// Each works on the compute-only (contracted) problem, returns a legal
// topological order for any problem whose check() is empty, and runs in
// O((n + m + sum of buffer users) log n). docs/Scheduling.md describes the
// rules and their sources.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_HEURISTICS_H
#define PEAKMEM_CORE_HEURISTICS_H

#include "peakmem/Core/Model/Problem.h"

#include <string>
#include <vector>

namespace peakmem {

enum class Heuristic { LPMF, BFS, DFS, XLAList, XLADFS, PostOrder };

/// "lpmf", "bfs", "dfs", "xla-list", "xla-dfs", "post-order".
const char *heuristicName(Heuristic h);

/// Parses a name printed by heuristicName(); returns false (and leaves `h`
/// unchanged) for any other string.
bool parseHeuristic(const std::string &name, Heuristic &h);

/// Every heuristic, in declaration order.
const std::vector<Heuristic> &allHeuristics();

/// A legal topological order of `p` chosen by heuristic `h`. Deterministic:
/// ties are broken by statement index as documented per heuristic.
Order scheduleWith(const Problem &p, Heuristic h);

} // namespace peakmem

#endif // PEAKMEM_CORE_HEURISTICS_H
