//===- OpCost.h - Bytes an allocation requests, MACs of an op -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The costs the memory model attaches to IR: the heap bytes an allocation
// requests from the allocator (what the counting runtime measures), and the
// multiply-accumulates and element operations an op performs (what the
// recompute budgets are charged).
//
// Byte sizes are exactly what `finalize-memref-to-llvm{use-generic-functions=
// true}` passes to `_mlir_memref_to_llvm_alloc` when the module carries no
// data layout specification (docs/Model.md, "Byte sizes"): the element's
// LLVM alloc size under LLVM's default data layout, times the number of
// elements, plus the `alignment` attribute if given, else plus the element
// size once for an element type that is not a signless integer, index or
// float. Every product and sum is overflow-checked; what does not fit in
// int64 is refused, never wrapped.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_ANALYSIS_OPCOST_H
#define PEAKMEM_ANALYSIS_OPCOST_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <cstdint>
#include <optional>
#include <string>

namespace peakmem {

/// Bytes one element of type `type` occupies in a heap buffer: the LLVM
/// alloc size of the element's LLVM type under LLVM's default data layout
/// (the layout the lowered module has when the input carries none).
/// std::nullopt, with the reason in *whyNot when given (the type and why,
/// e.g. "'tf32', which has no LLVM lowering"), for a type the lowering does
/// not accept or that the model does not size (memref descriptors, scalable
/// vectors, types of other dialects).
std::optional<int64_t> elementAllocSize(mlir::Type type,
                                        std::string *whyNot = nullptr);

/// Bytes `finalize-memref-to-llvm{use-generic-functions=true}` requests for
/// an identity-layout heap buffer of `type` (static shape) allocated with
/// the given `alignment` attribute (std::nullopt: none): elements x
/// elementAllocSize, plus `alignment` if given, else plus elementAllocSize
/// when the element type is not a signless integer, index or float. The
/// layout of `type` is ignored. std::nullopt with a reason when the shape is
/// dynamic, the element type is refused, or the size does not fit in int64.
std::optional<int64_t> heapBytes(mlir::ShapedType type,
                                 std::optional<int64_t> alignment,
                                 std::string *whyNot = nullptr);

/// A reason string when `op` or an ancestor carries a data layout
/// specification (`dlti.dl_spec` or `llvm.data_layout`): the lowering then
/// sizes types by that layout, which the model does not read. Else "".
std::string dataLayoutSpecReason(mlir::Operation *op);

/// Heap bytes the lowering requests from the allocator for `allocation` (a
/// value with an Allocate effect; 0 for a stack allocation). Sized exactly:
/// memref.alloc (identity layout), bufferization.clone (lowered to an
/// alloc without alignment) and memref.realloc that statically grows its
/// buffer. std::nullopt otherwise, with the reason in *whyNot when given,
/// phrased to follow "allocates a buffer " ("of dynamic or unknown size",
/// "of element type 'tf32', which has no LLVM lowering", "whose size
/// does not fit in 64 bits", ...).
std::optional<int64_t> allocationBytes(mlir::Value allocation,
                                       std::string *whyNot = nullptr);

/// The work of an op, what the recompute budgets are charged:
///  * macs: multiply-accumulates, as MAC figures of networks are counted.
///    A linalg structured op that multiplies and accumulates (a reduction
///    loop whose payload yields an add fed by a multiplication: matmuls,
///    convolutions, quantized ones with their casts and zero points, a
///    generic written that way) counts the points of its iteration domain;
///    every other structured op 0 (elementwise ops, fills, copies, pooling,
///    reductions that only add or compare). A scalar addition fed by a
///    multiplication in its block counts one.
///  * ops: element operations. Every linalg structured op counts the points
///    of its iteration domain (one operation per point of an elementwise op,
///    a fill or a copy; one multiply-accumulate per point of a contraction);
///    every scalar op (arith, math, index computations, memref.load/store,
///    affine.load/store: not constants, terminators, views, metadata,
///    allocations, frees or whole-memref ops such as memref.copy) counts one
///    per element of the largest vector it computes on. So ops >= macs.
///  * An op with regions counts its nested ops, times the static trip count
///    of a loop (LoopLikeOpInterface), once for ops that run each region at
///    most once (OpSemantics::regionsRunOnce: scf.if, scf.execute_region,
///    ...). `counted` is false when some count is not known statically (a
///    structured op with dynamic ranges, scf.while, a loop with dynamic
///    bounds, a region op of unknown execution): the counts are then a lower
///    bound, and such work is never cloned (it cannot be charged).
/// Counts saturate at INT64_MAX instead of overflowing: the Problem's total
/// check (Problem::checkTotals) then refuses the block.
struct WorkCount {
  int64_t macs = 0, ops = 0;
  bool counted = true;
};
WorkCount countWork(mlir::Operation *op);

/// countWork(op).macs.
int64_t countMacs(mlir::Operation *op);

/// countWork(op).ops.
int64_t countOps(mlir::Operation *op);

/// True iff `op` is a linalg structured op that multiplies and accumulates
/// (the ops countMacs counts).
bool isMultiplyAccumulate(mlir::Operation *op);

} // namespace peakmem

#endif // PEAKMEM_ANALYSIS_OPCOST_H
