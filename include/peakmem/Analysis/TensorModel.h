//===- TensorModel.h - Buffer lifetimes of tensor IR ------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The tensor-level memory model that peakmem-reorder-tensors schedules
// (docs/Regeneration.md): the scheduling problem (peakmem/Core/Model/Problem.h)
// of a function body of linalg-on-tensors IR, BEFORE bufferization.
//
//  * statement: a non-terminator op of the function body (an op with regions
//    is one statement);
//  * buffer: each tensor result of a statement, static shape, bytes =
//    elements x element size (DataLayout) + `padding`. Exceptions:
//      - constants (ConstantLike) and `tensor.empty` are 0 bytes: constants
//        become read-only globals, and an empty tensor has no contents; its
//        allocation is counted at the op that writes the tensor it seeds;
//      - views: a pure op without regions, with exactly one tensor operand,
//        whose tensor results have the operand's element type and at most
//        its number of elements (expand/collapse_shape, cast, extract_slice)
//        is an alias of its operand's buffer (no new bytes);
//  * users: the statements that use the buffer (or one of its views) as an
//    SSA operand, nested uses included; a buffer dies after its last user,
//    buffers reaching the terminator (returned) live to the end;
//  * with `inPlace`: the result of a destination-style op is written into its
//    init's buffer when every value of that buffer so far (views and
//    earlier in-place results included) has a single use, so nothing else
//    reads it (no new bytes); otherwise every result is a new buffer, the
//    init included;
//  * edges: SSA def-use only (tensors have value semantics); an op with
//    memory effects (itself or in its regions) is a barrier, ordered against
//    every other statement, so it keeps its place.
// Function arguments are the caller's memory (0 bytes).
//
// What bufferization then does (in-place destination reuse, copies for
// tensor.pad / insert_slice, where it puts allocations) is NOT modeled.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_ANALYSIS_TENSORMODEL_H
#define PEAKMEM_ANALYSIS_TENSORMODEL_H

#include "peakmem/Analysis/ModeledBlock.h"
#include "peakmem/Core/Model/Problem.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <optional>
#include <vector>

namespace peakmem {

/// The tensor-level problem of a function body (ModeledBlock: the body's
/// only block, its non-terminator ops as statements, its peak as written).
struct TensorModel : ModeledBlock {
  /// Statements that hold no buffer and are no barrier (constants, empty
  /// tensors, scalar ops on constants): placed right before their first
  /// successor after scheduling (sinkFloating).
  std::vector<bool> floating;
};

/// Builds the tensor model of `fn`'s body into `m` (empty on entry). Returns
/// why the body cannot be modeled (a property of the input), or std::nullopt.
/// The problem is finalized but not checked: a failing m.problem.check() is
/// a broken invariant of this builder, not of the input.
std::optional<ModelFailure> buildTensorModel(mlir::FunctionOpInterface fn,
                                             int64_t padding, bool inPlace,
                                             TensorModel &m);

/// Moves every floating statement (no buffer, no barrier) right before its
/// first successor in `order`, latest first; statements without successors
/// stay. Legal for a legal order: a statement only moves later, and never
/// past a successor. The peak is unchanged: a floating step holds no buffer
/// of its own, so it is never above the step that follows it.
Order sinkFloating(const TensorModel &m, const Order &order);

} // namespace peakmem

#endif // PEAKMEM_ANALYSIS_TENSORMODEL_H
