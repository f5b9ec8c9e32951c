//===- InPlaceRules.h - When an op may write over its input ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The facts of one op that make writing its output over one of its inputs
// bit-preserving (docs/InPlace.md), shared by peakmem-inplace, which also
// proves from the memory model that the input dies at the op, and
// peakmem-verify-inplace, which re-derives them from the IR for every op
// marked `peakmem.inplace`:
//
//  * a structured op (LinalgOp) on buffers with one output and only
//    parallel iterators, whose payload has no memory effects and does not
//    read the output's element (the output is fully overwritten);
//  * the input and the output have the same memref type (static shape,
//    element type, layout, memory space) and the same indexing map, a
//    permutation: every iteration reads one element of the input and writes
//    the element at the same address, which no other iteration touches.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_INPLACERULES_H
#define PEAKMEM_LIB_TRANSFORMS_INPLACERULES_H

#include "peakmem/Transforms/AttrNames.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <string>

namespace peakmem {

/// Why no input of `op` can share the output's buffer whatever the buffers
/// are (not structured on buffers, several outputs, a reduction, a payload
/// with effects or reading the output), or "" when some input may.
std::string checkInPlaceOp(mlir::linalg::LinalgOp op);

/// Why `input` (an input operand of `op`, which passed checkInPlaceOp)
/// cannot share the output's buffer by type and indexing map, or "".
std::string checkInPlaceInput(mlir::linalg::LinalgOp op,
                              mlir::OpOperand &input);

/// True if a value derived from `root` through SSA (results and region
/// arguments of every op using it, conservatively) is an operand of `op`
/// other than those in `allowed`: another operand may alias `root`.
bool reachesOtherOperand(mlir::Operation *op, mlir::Value root,
                         llvm::ArrayRef<mlir::OpOperand *> allowed);

/// True if `v` is the result of an op whose only effect is allocating it
/// (memref.alloc, by its MemoryEffectOpInterface).
bool isPlainAllocation(mlir::Value v);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_INPLACERULES_H
