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

#include "peakmem/Core/Model/Problem.h"

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

} // namespace peakmem

#endif // PEAKMEM_CORE_ARENA_BLOCKARENA_H
