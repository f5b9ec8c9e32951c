//===- OpCost.h - Bytes an allocation requests, MACs of an op -*- C++ -*-===//
//
// The two costs the memory model attaches to IR: the heap bytes an
// allocation requests from the allocator (what the counting runtime
// measures), and the multiply-accumulates an op performs (what the recompute
// budget is charged).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_ANALYSIS_OPCOST_H
#define PEAKMEM_ANALYSIS_OPCOST_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <cstdint>
#include <optional>

namespace peakmem {

/// Heap bytes the lowering requests from the allocator for `allocation` (a
/// value with an Allocate effect; 0 for a stack allocation), or std::nullopt
/// for dynamic or unknown sizes.
std::optional<int64_t> allocationBytes(mlir::Value allocation);

/// Multiply-accumulates of `op`: for a linalg structured op, the number of
/// points of its iteration domain (one multiply-accumulate per point of a
/// contraction or convolution, one operation per point of an elementwise op);
/// for other ops, the sum over nested ops, times the static trip count of a
/// loop. 0 where a range is dynamic.
int64_t countMacs(mlir::Operation *op);

} // namespace peakmem

#endif // PEAKMEM_ANALYSIS_OPCOST_H
