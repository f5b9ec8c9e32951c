//===- SplitStage.cpp - Stages, boxes and grids of a split ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See SplitTiling.h: which ops may be members of a stage, how a stage is
// formed around its output, and the boxes a grid cuts the output into.
//
//===----------------------------------------------------------------------===//

#include "SplitTiling.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>

using namespace mlir;
using namespace peakmem::split;

//===----------------------------------------------------------------------===//
// Boxes and grids
//===----------------------------------------------------------------------===//

Box Box::full(ArrayRef<int64_t> shape) {
  Box b;
  b.offsets.assign(shape.size(), 0);
  b.sizes.assign(shape.begin(), shape.end());
  return b;
}

Box Box::hull(const Box &other) const {
  Box b = *this;
  for (size_t d = 0; d < sizes.size(); ++d) {
    int64_t lo = std::min(offsets[d], other.offsets[d]);
    int64_t hi =
        std::max(offsets[d] + sizes[d], other.offsets[d] + other.sizes[d]);
    b.offsets[d] = lo;
    b.sizes[d] = hi - lo;
  }
  return b;
}

bool Box::within(ArrayRef<int64_t> shape) const {
  if (shape.size() != sizes.size())
    return false;
  for (size_t d = 0; d < sizes.size(); ++d)
    if (offsets[d] < 0 || sizes[d] <= 0 || offsets[d] + sizes[d] > shape[d])
      return false;
  return true;
}

int64_t Box::elements() const {
  int64_t n = 1;
  for (int64_t s : sizes)
    n *= s;
  return n;
}

int64_t Grid::tiles() const {
  int64_t n = 1;
  for (int64_t c : counts)
    n *= c;
  return n;
}

std::vector<Box> peakmem::split::tileBoxes(ArrayRef<int64_t> shape,
                                           const Grid &grid, std::string &why) {
  // Per tiled dimension, the (offset, size) of its tiles.
  std::vector<std::vector<std::pair<int64_t, int64_t>>> cuts;
  for (size_t i = 0; i < grid.dims.size(); ++i) {
    int64_t d = grid.dims[i], c = grid.counts[i];
    if (d < 0 || d >= int64_t(shape.size()) || c < 1 || c > shape[d]) {
      why = "the grid does not fit the output's shape";
      return {};
    }
    int64_t size = (shape[d] + c - 1) / c;
    if ((c - 1) * size >= shape[d]) {
      why = "dimension " + std::to_string(d) + " of size " +
            std::to_string(shape[d]) + " cannot be cut into " +
            std::to_string(c) + " tiles of equal size but the last";
      return {};
    }
    std::vector<std::pair<int64_t, int64_t>> dimCuts;
    for (int64_t k = 0; k < c; ++k)
      dimCuts.push_back({k * size, std::min(size, shape[d] - k * size)});
    cuts.push_back(std::move(dimCuts));
  }
  std::vector<Box> boxes;
  std::vector<size_t> at(cuts.size(), 0);
  while (true) {
    Box b = Box::full(shape);
    for (size_t i = 0; i < cuts.size(); ++i) {
      b.offsets[grid.dims[i]] = cuts[i][at[i]].first;
      b.sizes[grid.dims[i]] = cuts[i][at[i]].second;
    }
    boxes.push_back(std::move(b));
    size_t i = cuts.size();
    while (i > 0 && ++at[i - 1] == cuts[i - 1].size())
      at[--i] = 0;
    if (i == 0)
      return boxes;
  }
}

//===----------------------------------------------------------------------===//
// Members and stages
//===----------------------------------------------------------------------===//

/// A tile of a tensor with an encoding could not be given the encoding's
/// meaning: only plain static tensors are cut.
static bool isPlainStatic(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  return ranked && ranked.hasStaticShape() && !ranked.getEncoding();
}

static bool hasStaticTensorResult(Operation *op) {
  return op->getNumResults() == 1 && isPlainStatic(op->getResult(0).getType());
}

/// A sum of dimensions with non-negative constant coefficients and of
/// constants: non-decreasing in every dimension, so the elements a box of
/// the iteration domain reads are the box between the images of its two
/// corners (the slices upstream tiling takes are exact).
static bool isMonotone(AffineExpr e) {
  if (isa<AffineDimExpr, AffineConstantExpr>(e))
    return true;
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin)
    return false;
  if (bin.getKind() == AffineExprKind::Add)
    return isMonotone(bin.getLHS()) && isMonotone(bin.getRHS());
  if (bin.getKind() != AffineExprKind::Mul)
    return false;
  auto c = dyn_cast<AffineConstantExpr>(bin.getRHS());
  AffineExpr other = bin.getLHS();
  if (!c) {
    c = dyn_cast<AffineConstantExpr>(bin.getLHS());
    other = bin.getRHS();
  }
  return c && c.getValue() >= 0 && isMonotone(other);
}

static std::string linalgProblem(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics())
    return "it does not have pure tensor semantics";
  if (!isa<TilingInterface>(op.getOperation()))
    return "it does not implement TilingInterface";
  if (op.getNumDpsInits() != 1)
    return "it has more than one init";
  for (Value v : op->getOperands())
    if (isa<ShapedType>(v.getType()) && !isPlainStatic(v.getType()))
      return "an operand is not a static tensor without encoding";
  if (!op.getMatchingIndexingMap(op.getDpsInitOperand(0))
           .isProjectedPermutation())
    return "its result's indexing map is not a projected permutation";
  for (AffineMap map : op.getIndexingMapsArray())
    if (map.getNumSymbols() != 0 || !llvm::all_of(map.getResults(), isMonotone))
      return "an indexing map is not a non-negative combination of loops";
  // A payload op with an effect would run once more per halo element.
  bool effects = false;
  op->walk([&](Operation *nested) {
    if (nested != op.getOperation() && !isMemoryEffectFree(nested))
      effects = true;
  });
  if (effects)
    return "its payload has memory effects";
  return "";
}

std::string peakmem::split::memberProblem(Operation *op) {
  if (!hasStaticTensorResult(op))
    return "it does not have exactly one result, a static tensor without "
           "encoding";
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return linalgProblem(linalgOp);
  if (auto pad = dyn_cast<tensor::PadOp>(op)) {
    for (OpFoldResult v : llvm::concat<OpFoldResult>(pad.getMixedLowPad(),
                                                     pad.getMixedHighPad())) {
      std::optional<int64_t> amount = getConstantIntValue(v);
      if (!amount || *amount < 0)
        return "its padding amounts are not constant and non-negative";
    }
    if (!pad.getConstantPaddingValue())
      return "its padding value is computed per element";
    return "";
  }
  if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op)) {
    if (!slice.hasUnitStride() ||
        slice.getSourceType().getRank() != slice.getResultType().getRank())
      return "it has strides or drops dimensions";
    for (OpFoldResult v : llvm::concat<OpFoldResult>(slice.getMixedOffsets(),
                                                     slice.getMixedSizes()))
      if (!getConstantIntValue(v))
        return "its offsets or sizes are not constant";
    return isPlainStatic(slice.getSource().getType())
               ? ""
               : "its source is not a static tensor without encoding";
  }
  if (isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(op))
    return isPlainStatic(op->getOperand(0).getType())
               ? ""
               : "its source is not a static tensor without encoding";
  return "it is not a linalg structured op, tensor.pad, tensor.extract_slice, "
         "tensor.collapse_shape or tensor.expand_shape";
}

Stage peakmem::split::formStage(Operation *output, Operation *after) {
  Block *block = output->getBlock();
  auto inRange = [&](Operation *op) {
    return op && op->getBlock() == block && op != output &&
           (!after || after->isBeforeInBlock(op)) &&
           op->isBeforeInBlock(output) && !isa<tensor::EmptyOp>(op) &&
           memberProblem(op).empty();
  };
  // Ancestors through operands within the range.
  llvm::SetVector<Operation *> members;
  SmallVector<Operation *> work{output};
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    for (Value v : op->getOperands())
      if (Operation *def = v.getDefiningOp();
          inRange(def) && members.insert(def))
        work.push_back(def);
  }
  // Shrink: a member with a user outside the stage leaves it (its result is
  // then a stage input, and so are its ancestors' unless they are used by
  // members only).
  bool changed = true;
  while (changed) {
    changed = false;
    for (Operation *op : llvm::to_vector(members)) {
      bool outside = llvm::any_of(op->getUsers(), [&](Operation *user) {
        return user != output && !members.contains(user);
      });
      if (outside) {
        members.remove(op);
        changed = true;
      }
    }
  }
  Stage stage;
  stage.output = output;
  stage.ops.assign(members.begin(), members.end());
  llvm::sort(stage.ops,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  stage.ops.push_back(output);
  return stage;
}
