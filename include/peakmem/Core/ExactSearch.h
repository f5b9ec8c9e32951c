//===- ExactSearch.h - Minimum-peak order by bounded search ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Exact minimisation of the peak over all legal orders of a (contracted)
// problem, within a time and state budget.
//
//  * The problem is cut at its sequential points (statements comparable with
//    every other one). Every legal order executes exactly the ancestors of
//    such a point before it, so the live set there is fixed and the segments
//    between consecutive points can be ordered independently; the peak is the
//    maximum over segments and points (Serenity, MLSys 2020).
//  * Each segment becomes a small problem of its own (an entry statement
//    holding the buffers already live, an exit statement holding the buffers
//    still needed later) and is searched depth-first over its ideals: the
//    forward form of f(Q) = min over maximal v of max(f(Q \ v), mem(Q \ v, v)).
//    Ideals are memoised by a 128-bit Zobrist hash of the executed set with
//    the best prefix peak reaching them; a branch is cut when
//    max(prefix peak, static lower bound of what remains) >= best known peak.
//  * The segment holding the incumbent's peak is searched first; search stops
//    as soon as the best order meets the best known lower bound.
//
// Worst case exponential (the problem is NP-complete); the budget makes it
// give up cleanly with the best order found, never worse than the incumbent.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_EXACTSEARCH_H
#define PEAKMEM_CORE_EXACTSEARCH_H

#include "peakmem/Core/Problem.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace peakmem {

struct SearchOptions {
  /// Wall-clock budget in milliseconds (checked every few states; building
  /// the segment problems before the search is not interrupted).
  double budgetMs = 500;
  /// Budget on search states (memoised ideals) over all segments.
  size_t maxStates = 2'000'000;
  /// A lower bound on the optimum known to the caller (e.g. a certificate
  /// bound); the search stops as soon as the best order reaches it.
  int64_t lowerBound = 0;
};

struct SearchResult {
  /// Legal order; the incumbent itself unless a strictly better one was found.
  Order order;
  int64_t peak = 0;
  /// The search finished, or `peak` reached a valid lower bound (the caller's
  /// lowerBound, a sequential point's fixed memory, a segment's static bound).
  bool provenOptimal = false;
  /// The time or state budget ran out before the search finished.
  bool budgetExhausted = false;
  size_t statesExplored = 0;
};

/// Searches for a minimum-peak legal order of `p`. `incumbent` should be a
/// legal order (e.g. the best heuristic); if it is not, a topological order by
/// index is used instead. `p` must satisfy p.check() == "".
SearchResult exactSearch(const Problem &p, const Order &incumbent,
                         const SearchOptions &options);

/// The statements comparable with all others (every other statement is an
/// ancestor or a descendant), in execution order. O(n + m).
std::vector<StmtId> sequentialPoints(const Problem &p);

} // namespace peakmem

#endif // PEAKMEM_CORE_EXACTSEARCH_H
