//===- BlockArena.h - The arena of one block, planned and bounded -*- C++ -*-//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The MLIR-free part of peakmem-plan-arena and peakmem-verify-arena: from a
// block's Problem in which only the buffers that go into the arena weigh,
// the bound over every order that both passes agree on, and (for the
// planner) the order and placement.
//
// The bound is proven on the problem without its weightless sources:
// statements that use no buffer and have no scratch and all of whose
// ancestors are such statements (constants, index arithmetic). They can run
// first, in any legal order, without changing the bytes live at any other
// step, so every peak of the problem is reached with them first and the
// minimum over every order is the same with or without them. Without them,
// a certificate stays valid when a pass such as `cse` merges, moves or adds
// constants between planning and verifying.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_ARENA_BLOCKARENA_H
#define PEAKMEM_CORE_ARENA_BLOCKARENA_H

#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Arena/ArenaOrderSearch.h"
#include "peakmem/Core/Arena/ArenaPlanner.h"
#include "peakmem/Core/Model/Problem.h"

#include <string>
#include <vector>

namespace peakmem {

/// `p` without its weightless sources (above): the statements kept are
/// those that use a buffer or have scratch, and those with a kept
/// predecessor, in their order; edges between kept statements and every
/// buffer are kept (users renumbered). `kept`, if given, receives for each
/// statement of the result the statement of `p` it is. `p` must be
/// finalized; so is the result.
Problem withoutWeightlessSources(const Problem &p,
                                 std::vector<StmtId> *kept = nullptr);

/// A buffer that goes into the arena: a buffer of the block's Problem, or
/// (`nested`) a buffer of a nested block, held for the whole step of
/// statement `stmt`.
struct BlockArenaBuffer {
  BufferId buffer = 0;
  StmtId stmt = 0;
  bool nested = false;
  /// Bytes (no allocator padding) and alignment (a power of two).
  int64_t bytes = 0, align = 1;
};

struct BlockArenaOptions {
  /// The order search (ArenaOrderSearch.h); its target and the planner's
  /// lower bound are set to `bound`.
  ArenaOrderSearchOptions search;
  /// The certified bound over every order, in arena units: the search
  /// stops when it reaches it.
  int64_t bound = 0;
};

/// The arena of one block: the chosen order and the plan of its placement
/// problem.
struct BlockArenaPlan {
  ArenaExtraction extraction;
  /// For each input buffer, its buffer in extraction.problem.
  std::vector<ArenaBufferId> arenaId;
  /// The live-bytes bound of the chosen order, and of the order as given.
  int64_t orderBound = 0, startOrderBound = 0;
  ArenaPlannerResult planned;
  /// The largest alignment of the buffers: the arena's.
  int64_t arenaAlign = 1;
  /// The order chosen with the placement (identity: kept).
  Order order;
  bool reordered = false, traded = false;
  /// Every legal order was planned exactly: the optimum over every order and
  /// placement, and how many orders.
  bool exhaustive = false;
  int64_t optimumOverOrders = 0;
  size_t orders = 0;
  /// The opt-in wall-clock cap (options.search.budgetMs) fired: the plan
  /// depends on the machine's speed.
  bool timeLimitHit = false;
  /// A broken invariant (never a property of the input): "" when none.
  std::string error;
};

/// Plans the arena of `block` (a finalized Problem, identity order as
/// given) for `buffers`: only they weigh (their bytes rounded up to their
/// alignment), a nested one at its statement's step only; the rounded
/// sizes must total at most kMaxTotal. With options.search.searchOrders the
/// order is chosen with the placement (ArenaOrderSearch.h); an order is
/// kept only if the arena plus the peak of the buffers left out (weighing
/// their Problem bytes) does not exceed that sum in the given order. The
/// plan passes checkArenaPlan and the chosen order is legal, or `error`
/// says which check failed.
BlockArenaPlan planBlockArena(const Problem &block,
                              const std::vector<BlockArenaBuffer> &buffers,
                              const BlockArenaOptions &options);

} // namespace peakmem

#endif // PEAKMEM_CORE_ARENA_BLOCKARENA_H
