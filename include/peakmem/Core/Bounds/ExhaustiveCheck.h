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
// bitset operations; bounded by `maxIdeals` (the check is then incomplete).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_EXHAUSTIVECHECK_H
#define PEAKMEM_CORE_EXHAUSTIVECHECK_H

#include "peakmem/Core/Model/Problem.h"

#include <cstddef>
#include <cstdint>
#include <limits>

namespace peakmem {

/// Cap on the ideals one exhaustive check enumerates (certify and verify).
constexpr size_t kExhaustiveMaxIdeals = size_t(1) << 20;
/// Problems above this many statements are not checked (bitset memory).
constexpr size_t kExhaustiveMaxStatements = 8192;

struct ExhaustiveResult {
  /// The enumeration ran to the end (within maxIdeals and the size limit).
  bool complete = false;
  /// Some legal order peaks below the bound (then complete is true too).
  bool below = false;
  /// Ideals enumerated (the empty one included).
  size_t ideals = 0;
  /// Statements of the reduced problem.
  size_t statements = 0;
};

/// Time peakmem-certify gives one block's enumeration, in milliseconds (the
/// record is kept only if it completes; the verifier has no time limit, only
/// the cap on ideals).
constexpr double kExhaustiveCertifyBudgetMs = 100;

/// Does some legal order of `p` (p.check() == "") peak below `bound`?
/// Incomplete (complete = false) beyond maxIdeals ideals or budgetMs.
ExhaustiveResult
enumerateBelow(const Problem &p, int64_t bound,
               size_t maxIdeals = kExhaustiveMaxIdeals,
               double budgetMs = std::numeric_limits<double>::infinity());

} // namespace peakmem

#endif // PEAKMEM_CORE_EXHAUSTIVECHECK_H
