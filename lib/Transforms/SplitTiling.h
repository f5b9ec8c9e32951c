//===- SplitTiling.h - Compute a stage of tensor ops tile by tile -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to peakmem-split (docs/Split.md): the IR side of a split. A stage
// is a set of ops of one block whose results are used only inside the stage,
// except the result of its output op. Splitting it cuts the output into a
// grid of boxes and computes, per box, only the part of every member that the
// box needs (its halo included), with static shapes throughout: one
// straight-line sequence of tile ops per box, written into one destination
// tensor. No loop is generated, so no shape is dynamic and bufferization
// gives one allocation per tile buffer.
//
// Correctness by construction (docs/Safety.md, "peakmem-split"):
//  * a linalg member is tiled only along parallel loops of its iteration
//    domain (a tile that would cut a reduction loop is refused), with the
//    upstream TilingInterface implementation, so every point it computes
//    runs the same payload on the same operand values with the same
//    reduction order as in the untiled op;
//  * a tensor.pad member is rebuilt per tile with the padding its box has at
//    the borders of the padded tensor (and its constant padding value);
//  * views (extract_slice, collapse_shape, expand_shape) map a box exactly;
//  * every member's box is the hull of what its users in the tile demand,
//    and the users read exactly the elements they read untiled.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_SPLITTILING_H
#define PEAKMEM_LIB_TRANSFORMS_SPLITTILING_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>
#include <vector>

namespace peakmem::split {

/// A box of a static shape: per dimension, [offset, offset + size).
struct Box {
  llvm::SmallVector<int64_t> offsets;
  llvm::SmallVector<int64_t> sizes;

  static Box full(llvm::ArrayRef<int64_t> shape);
  /// The smallest box holding both (same rank).
  Box hull(const Box &other) const;
  bool within(llvm::ArrayRef<int64_t> shape) const;
  int64_t elements() const;
  bool operator==(const Box &other) const {
    return offsets == other.offsets && sizes == other.sizes;
  }
};

/// How the stage output is cut: `counts[i]` tiles along dimension `dims[i]`.
struct Grid {
  llvm::SmallVector<int64_t> dims;
  llvm::SmallVector<int64_t> counts;

  int64_t tiles() const;
};

/// The ops of one block computed tile by tile.
struct Stage {
  /// The op whose result is the stage's output (its users may be anywhere).
  mlir::Operation *output = nullptr;
  /// The members in block order, `output` last. Every result of a member
  /// other than `output` is used only by members. tensor.empty ops are not
  /// members: a tile gets its own empty tensor of the tile's shape.
  llvm::SmallVector<mlir::Operation *> ops;
};

/// "" if `op` may be a member of a stage, else why not (a phrase that
/// follows "op 'name' cannot be split: ").
std::string memberProblem(mlir::Operation *op);

/// The stage ending at `output` (which must satisfy memberProblem) whose
/// members are the ops of output's block strictly after `after` (nullptr:
/// from the block's start): the ancestors of `output` through operands that
/// memberProblem accepts, shrunk until every member's users are members.
Stage formStage(mlir::Operation *output, mlir::Operation *after);

/// The boxes of `grid` over `shape`, in row-major order of the grid: along a
/// dimension of size D cut into c tiles, tiles of ceil(D / c) elements, the
/// last one smaller. Empty, with `why`, when the grid does not fit the shape.
std::vector<Box> tileBoxes(llvm::ArrayRef<int64_t> shape, const Grid &grid,
                           std::string &why);

/// Replaces the stage by its tiles: before `stage.output`, an empty
/// destination of the output's type, then per box (in tileBoxes order) the
/// tile ops and one insert_slice of the box into the destination; the
/// output's users then read the filled destination, and the members are
/// erased. With `inPlace`, the output's tile and the members of its init
/// chain (a bias broadcast it accumulates into, say) write into a slice of
/// the destination, so bufferization copies nothing; without it each tile
/// has its own buffers and is copied into the destination (the form the
/// tensor model sizes exactly, docs/Split.md). On failure the IR is left
/// exactly as it was and `why` says what could not be tiled.
bool applySplit(const Stage &stage, const Grid &grid, bool inPlace,
                std::string &why);

} // namespace peakmem::split

#endif // PEAKMEM_LIB_TRANSFORMS_SPLITTILING_H
