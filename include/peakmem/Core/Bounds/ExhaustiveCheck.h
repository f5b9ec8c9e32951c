//===- ExhaustiveCheck.h - Is there an order below a given peak? -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checker of the `exhaustive` certificate kind (Certificate.h): decides,
// by plain enumeration and without the exact search, whether some legal
// order of a problem peaks below `bound`. It is written independently of the
// search (ExactSearch.h) and shares no code with it:
//
//  * It works on the contracted problem (Problem.h: allocs and frees merged
//    into their buffer's first and last user, same peaks).
//  * It first applies two reductions that keep the optimum, with its own
//    code (ancestor/descendant bitsets of Bounds.h): memory-free statements
//    (no buffer, no scratch) and late sinks (no successor, no scratch, every
//    buffer escaping and used by a statement with successors) are dropped,
//    and a statement whose first
//    successor (an ancestor of its other successors) or last predecessor (a
//    descendant of its other predecessors) uses all its buffers and has at
//    least its scratch is merged into that neighbour. docs/Certificates.md
//    gives the exchange arguments.
//  * It then enumerates, breadth first, every ideal (executed set) of the
//    reduced problem that a sequence of steps each costing less than `bound`
//    reaches. Some order peaks below `bound` iff the full set is reached.
//
// Cost: the reachable ideals times the ready statements, each step a few
// bitset operations; bounded by `maxIdeals`, by kExhaustiveMaxWords words of
// stored ideals (memory: 8 bytes per word plus at most 24 per ideal) and by a
// WorkBudget (the check is then incomplete). Work units: per ideal expanded,
// 16, a quarter per reduced statement and one per bitset word its
// predecessor tests read; per successor tried, 64 (hashing and probing the
// store) and one per word of each buffer test and of the copy.
// exhaustiveWork() bounds that from the problem and a number of ideals, so
// that a verifier can tell before enumerating whether a record fits.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_EXHAUSTIVECHECK_H
#define PEAKMEM_CORE_EXHAUSTIVECHECK_H

#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Support/WorkBudget.h"

#include <cstddef>
#include <cstdint>
#include <limits>

namespace peakmem {

/// Cap on the ideals one exhaustive check enumerates (certify and verify).
constexpr size_t kExhaustiveMaxIdeals = size_t(1) << 20;
/// Problems above this many statements are not checked (bitset memory).
constexpr size_t kExhaustiveMaxStatements = 8192;
/// Stored ideals may take at most this many 64-bit words (64 MiB).
constexpr size_t kExhaustiveMaxWords = size_t(1) << 23;

struct ExhaustiveResult {
  /// The enumeration ran to the end (within maxIdeals and the size limit).
  bool complete = false;
  /// Some legal order peaks below the bound (then complete is true too).
  bool below = false;
  /// Ideals enumerated (the empty one included).
  size_t ideals = 0;
  /// Statements of the reduced problem.
  size_t statements = 0;
  /// Why it is incomplete: the work budget ran out (else a size limit:
  /// statements, ideals or memory).
  bool outOfWork = false;
};

/// Does some legal order of `p` (p.check() == "") peak below `bound`?
/// Incomplete (complete = false) beyond maxIdeals ideals, kExhaustiveMaxWords
/// words of ideals, kExhaustiveMaxStatements statements or `work`.
ExhaustiveResult enumerateBelow(const Problem &p, int64_t bound,
                                size_t maxIdeals = kExhaustiveMaxIdeals,
                                WorkBudget *work = nullptr);

/// An upper bound on the work enumerateBelow(p, ...) charges to enumerate
/// `ideals` ideals, computed in O(statements + edges + uses) without
/// enumerating (kUnlimitedWork for a problem it refuses: too many
/// statements).
WorkUnits exhaustiveWork(const Problem &p, size_t ideals);

} // namespace peakmem

#endif // PEAKMEM_CORE_EXHAUSTIVECHECK_H
