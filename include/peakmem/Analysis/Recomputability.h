//===- Recomputability.h - Buffers a clone of their writers recreates -*- C++
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-*-===//
//
// Which buffers of a modeled block can be recomputed: freed again by a clone
// of the statements that write them (their producer group) placed right
// before a late user, without changing any bit the program computes. Reads
// the block's model (peakmem/Analysis/MemoryModel.h): its buffers, users,
// per-statement accesses and pinned buffers, and the aliases of the buffers.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_ANALYSIS_RECOMPUTABILITY_H
#define PEAKMEM_ANALYSIS_RECOMPUTABILITY_H

#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Model/Problem.h"

#include <cstdint>
#include <vector>

namespace peakmem {

/// The producer groups of one block's buffers and whether they can be cloned.
struct Recomputability {
  /// For each buffer, the statements that write it (program order): the
  /// Compute statements writing it that neither allocate nor free.
  std::vector<std::vector<StmtId>> writers;
  /// For each buffer, whether its writers can be cloned to recompute it:
  /// it is freed in the block and not pinned, and each writer's only write is
  /// to it, with no unknown effect, no allocation or free, no results, work
  /// that can be counted (OpCost.h, WorkCount::counted), and every operand
  /// aliasing it derived from it through pure view-like ops;
  /// every user reaches it only through such view chains; and no other user
  /// of the buffer writes anything the writers read or has unknown effects.
  std::vector<uint8_t> recomputable;
};

/// Computes the recomputability of the buffers of `bm`, a block model built
/// by MemoryModel (its accesses and pinned buffers filled), with an alias
/// analysis of the enclosing function of its own. Its consumer is the
/// peakmem-recompute pass; the memory model does not call it.
Recomputability computeRecomputability(const BlockModel &bm);

} // namespace peakmem

#endif // PEAKMEM_ANALYSIS_RECOMPUTABILITY_H
