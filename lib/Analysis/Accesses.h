//===- Accesses.h - Element ranges and memory ordering per base -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to lib/Analysis. What a statement accesses, per base allocation,
// and the ordering edges that conflicting accesses take.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_ANALYSIS_ACCESSES_H
#define PEAKMEM_LIB_ANALYSIS_ACCESSES_H

#include "AliasAnalysis.h"
#include "peakmem/Core/Model/Problem.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

#include <vector>

namespace peakmem {
namespace model {

/// The elements of a base an access may touch: [lo, hi] in the base's
/// strided-layout coordinates (element offsets from its aligned pointer), or
/// the whole base.
struct Range {
  bool whole = true;
  int64_t lo = 0, hi = 0;
  bool overlaps(const Range &o) const {
    return whole || o.whole || (lo <= o.hi && o.lo <= hi);
  }
  bool contains(const Range &o) const {
    return whole || (!o.whole && lo <= o.lo && o.hi <= hi);
  }
  Range hull(const Range &o) const {
    if (whole || o.whole)
      return Range();
    return Range{false, std::min(lo, o.lo), std::max(hi, o.hi)};
  }
};

/// Accesses of a statement, per base (several accesses to one base: their
/// hull).
struct Accesses {
  llvm::MapVector<BaseKey, Range> ranges;
  void add(BaseKey k, Range r) {
    auto [it, inserted] = ranges.insert({k, r});
    if (!inserted)
      it->second = it->second.hull(r);
  }
  bool empty() const { return ranges.empty(); }
  size_t size() const { return ranges.size(); }
  bool contains(BaseKey k) const { return ranges.count(k) != 0; }
  auto begin() const { return ranges.begin(); }
  auto end() const { return ranges.end(); }
};

/// The elements of `base` that an access through `value` may touch, for an op
/// that stays inside the memref it accesses (see rangesTrusted). Exact only
/// through views known to keep the base's aligned pointer and element type
/// (subview, expand/collapse_shape, transpose, cast) and to a memref type with
/// a static strided layout; anything else is the whole base. Two accesses to
/// disjoint ranges of one base (slices of a concatenation, say) do not
/// conflict.
Range accessRange(mlir::Value base, mlir::Value value);

/// Whether the element ranges of `op`'s accesses can be trusted: ops that
/// only access elements inside the memrefs they are given (OpSemantics.h:
/// structured linalg ops, copies, scalar loads and stores), with no other
/// memory effect nested in them. Others (vector.store may write past the end of
/// its memref, DMA ops move linear runs, a loop body's effects are summarized)
/// access the whole base.
bool rangesTrusted(mlir::Operation *op);

/// Per-statement summary of effects, relative to its block.
struct StmtEffects {
  Accesses reads, writes;
  bool unknown = false; // Barrier: may touch any memory.
  bool allocatesOrFrees = false;
  // Reads / writes through a value of opaque provenance: they may touch
  // every captured buffer.
  bool opaqueRead = false, opaqueWrite = false;
  bool touchesMemory() const {
    return unknown || !reads.empty() || !writes.empty();
  }
};

/// Memory ordering of one block per base: the accesses not yet covered by a
/// later write. An access conflicts with every earlier one whose range
/// overlaps its own, if either writes; each conflict is an edge of `p`.
class MemoryOrder {
public:
  explicit MemoryOrder(Problem &p) : p(p) {}

  /// A write of range `r` of base `k` by `s`: after every earlier access it
  /// overlaps.
  void write(BaseKey k, StmtId s, Range r);
  /// A read of range `r` of base `k` by `s`: after every earlier write it
  /// overlaps.
  void read(BaseKey k, StmtId s, Range r);

private:
  struct Access {
    StmtId stmt;
    Range range;
  };
  struct BaseState {
    std::vector<Access> writes, reads;
  };
  Problem &p;
  llvm::DenseMap<BaseKey, BaseState> state;
};

} // namespace model
} // namespace peakmem

#endif // PEAKMEM_LIB_ANALYSIS_ACCESSES_H
