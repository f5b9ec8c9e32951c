//===- ExactSearch.h - Minimum-peak order by bounded search ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Exact minimisation of the peak over all legal orders of a (contracted)
// problem, within a work budget and a cap on search states.
//
//  * Memory-free statements are removed and statements covered by their
//    first successor or last predecessor are glued to it (reducedForSearch;
//    same optimum): floating constant reads and bias fills would otherwise
//    leave no sequential point.
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
// Work (WorkBudget.h): the reductions charge the statements, edges, uses and
// reachability visits they read; each segment's setup its statements, edges
// and uses times its bitset words; each expanded state 24 (the memo probe,
// the frame) + 2 per ready statement (each one's memory is evaluated) + the
// statements replayed and a quarter of the buffers copied to rebuild the
// simulator. The search is
// a fixed sequence of steps that the limit only cuts short: with a larger
// limit it never returns a worse order (anytime, monotone in the limit).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_EXACTSEARCH_H
#define PEAKMEM_CORE_EXACTSEARCH_H

#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Support/WorkBudget.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace peakmem {

/// Which limit stopped a search before it finished (None: it finished, or
/// its best order reached a lower bound).
enum class SearchStop : uint8_t {
  None,
  /// The work budget ran out.
  WorkLimit,
  /// The cap on expanded search states (maxStates) was reached.
  StateCap,
  /// The opt-in wall-clock cap fired (the result depends on timing).
  TimeLimit,
};
/// "none", "work-limit", "state-cap" or "time-limit".
const char *searchStopName(SearchStop stop);

/// Default caps of a search (SearchOptions), also the defaults of the pass
/// options that set them (peakmem-reorder max-states / max-memo-entries).
constexpr size_t kDefaultMaxStates = 2'000'000;
constexpr size_t kDefaultMaxMemoEntries = size_t(1) << 20;

struct SearchOptions {
  /// Budget on search states (memoised ideals) over all segments.
  size_t maxStates = kDefaultMaxStates;
  /// Most ideals memoised per segment (24 bytes per slot, at most twice as
  /// many slots). A full memo stops recording: the search goes on, only with
  /// less pruning (SearchResult::memoFull).
  size_t maxMemoEntries = kDefaultMaxMemoEntries;
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
  /// The work budget or the state cap ran out before the search finished.
  bool budgetExhausted = false;
  /// Which limit stopped the search (None when it was not stopped).
  SearchStop stoppedBy = SearchStop::None;
  /// Some segment's memo reached maxMemoEntries (later ideals not recorded).
  bool memoFull = false;
  size_t statesExplored = 0;
  /// What the search enumerated, per segment between sequential points (in
  /// execution order): statements, peaks before and after, whether its
  /// search ran and finished, states it expanded, largest static bound.
  struct Segment {
    size_t statements = 0;
    int64_t incumbentPeak = 0, peak = 0, staticBound = 0;
    bool searched = false, finished = false;
    size_t states = 0;
  };
  std::vector<Segment> segments;
  /// Sequential points of the incumbent (of the reduced problem).
  size_t sequentialPoints = 0;
  /// Statements the reductions took out of the search (memory-free ones,
  /// and ones glued to a neighbour that covers them).
  size_t reducedAway = 0;
};

/// Searches for a minimum-peak legal order of `p` within `work` (null: no
/// limit but the state cap). `incumbent` should be a legal order (e.g. the
/// best heuristic); if it is not, a topological order by index is used
/// instead. `p` must satisfy p.check() == "".
SearchResult exactSearch(const Problem &p, const Order &incumbent,
                         const SearchOptions &options,
                         WorkBudget *work = nullptr);

/// The problem exactSearch searches: `p` without its memory-free statements
/// and with the statements covered by their first successor or last
/// predecessor glued to it (same optimum). `toOriginal` receives the
/// statement of `p` each reduced statement stands for.
Problem reducedForSearch(const Problem &p,
                         std::vector<StmtId> *toOriginal = nullptr);

/// The statements comparable with all others (every other statement is an
/// ancestor or a descendant), in execution order. O(n + m).
std::vector<StmtId> sequentialPoints(const Problem &p);

} // namespace peakmem

#endif // PEAKMEM_CORE_EXACTSEARCH_H
