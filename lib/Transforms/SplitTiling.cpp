//===- SplitTiling.cpp - Compute a stage of tensor ops tile by tile -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See SplitTiling.h. Per box, the members are tiled from the output back to
// the stage inputs (reverse block order), so that every member's box is
// known when it is tiled: the hull of the slices its tiled users cut from
// it. Each tiled member is inserted at the start of the box's ops, before
// its users; the slices its users cut from the untiled value are then
// replaced by slices of the tile.
//
//===----------------------------------------------------------------------===//

#include "SplitTiling.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>

using namespace mlir;
using namespace peakmem::split;

//===----------------------------------------------------------------------===//
// Tiling one member
//===----------------------------------------------------------------------===//

namespace {

/// A slice a tiled op cuts from an untiled value, with the box it cuts.
struct Cut {
  tensor::ExtractSliceOp slice;
  Box box;
};

/// Splits one stage (SplitTiling.h, applySplit).
class Splitter {
public:
  Splitter(const Stage &stage, bool inPlace, std::string &why)
      : stage(stage), why(why), rewriter(stage.output->getContext()) {
    members.insert(stage.ops.begin(), stage.ops.end());
    if (inPlace)
      findDestinationChain();
  }

  bool run(const Grid &grid);

private:
  bool emitTile(const Box &box);
  FailureOr<Value> tileMember(Operation *op, const Box &box,
                              SmallVectorImpl<tensor::ExtractSliceOp> &cuts);
  FailureOr<Value> tileLinalg(linalg::LinalgOp op, const Box &box,
                              SmallVectorImpl<tensor::ExtractSliceOp> &cuts);
  FailureOr<Value> tilePad(tensor::PadOp pad, const Box &box,
                           SmallVectorImpl<tensor::ExtractSliceOp> &cuts);
  FailureOr<Value> tileReshape(Operation *op, const Box &box,
                               SmallVectorImpl<tensor::ExtractSliceOp> &cuts);
  tensor::ExtractSliceOp cutOf(Value source, const Box &box);
  bool resolveCut(Operation *member, tensor::ExtractSliceOp slice,
                  Operation *tiled, const Box &memberBox);
  void findDestinationChain();
  void rollback();
  bool fail(Operation *op, const std::string &message) {
    why = "'" + op->getName().getStringRef().str() + "' " + message;
    return false;
  }

  const Stage &stage;
  std::string &why;
  IRRewriter rewriter;
  llvm::DenseSet<Operation *> members;
  /// The output and the members whose result is only the init of the next
  /// one of the chain: their tiles are written into the destination.
  llvm::DenseSet<Operation *> chain;
  /// The first op created (the empty destination) and the op every new
  /// member tile is inserted after (the previous box's insert_slice).
  Operation *first = nullptr;
  Operation *anchor = nullptr;
  Value destination;
  /// Per box: what the tiled users demand of each member's result.
  llvm::DenseMap<Value, Box> demand;
  llvm::DenseMap<Value, SmallVector<Cut>> cutsOf;
};

} // namespace

static SmallVector<OpFoldResult> indexAttrs(OpBuilder &b,
                                            ArrayRef<int64_t> values) {
  return llvm::map_to_vector(
      values, [&](int64_t v) -> OpFoldResult { return b.getIndexAttr(v); });
}

static std::optional<Box> boxOfSlice(tensor::ExtractSliceOp slice) {
  if (!slice.hasUnitStride() ||
      slice.getSourceType().getRank() != slice.getResultType().getRank())
    return std::nullopt;
  Box b;
  for (OpFoldResult v : slice.getMixedOffsets()) {
    std::optional<int64_t> c = getConstantIntValue(v);
    if (!c)
      return std::nullopt;
    b.offsets.push_back(*c);
  }
  for (OpFoldResult v : slice.getMixedSizes()) {
    std::optional<int64_t> c = getConstantIntValue(v);
    if (!c)
      return std::nullopt;
    b.sizes.push_back(*c);
  }
  return b;
}

void Splitter::findDestinationChain() {
  // output <- init <- init ... <- tensor.empty: every link a member whose
  // result is used once, as the DPS init of the previous link.
  SmallVector<Operation *> links{stage.output};
  while (true) {
    auto dps = dyn_cast<DestinationStyleOpInterface>(links.back());
    if (!dps || dps.getNumDpsInits() != 1)
      return;
    Value init = dps.getDpsInitOperand(0)->get();
    Operation *def = init.getDefiningOp();
    if (isa_and_nonnull<tensor::EmptyOp>(def)) {
      chain.insert(links.begin(), links.end());
      return;
    }
    if (!def || !members.contains(def) || !init.hasOneUse())
      return;
    links.push_back(def);
  }
}

tensor::ExtractSliceOp Splitter::cutOf(Value source, const Box &box) {
  return tensor::ExtractSliceOp::create(
      rewriter, source.getLoc(), source, indexAttrs(rewriter, box.offsets),
      indexAttrs(rewriter, box.sizes),
      indexAttrs(rewriter, SmallVector<int64_t>(box.sizes.size(), 1)));
}

FailureOr<Value>
Splitter::tileLinalg(linalg::LinalgOp op, const Box &box,
                     SmallVectorImpl<tensor::ExtractSliceOp> &cuts) {
  // The iteration tile that computes `box` of the result: the result map is
  // a projected permutation; loops it does not name run whole.
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<int64_t> offsets(ranges.size(), 0), sizes = ranges;
  AffineMap map = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  for (unsigned j = 0; j < map.getNumResults(); ++j) {
    unsigned d = map.getDimPosition(j);
    offsets[d] = box.offsets[j];
    sizes[d] = box.sizes[j];
  }
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (size_t d = 0; d < ranges.size(); ++d)
    if (sizes[d] != ranges[d] && iterators[d] != utils::IteratorType::parallel)
      return fail(op, "would have its reduction loop d" + std::to_string(d) +
                          " cut"),
             failure();
  FailureOr<TilingResult> tiled =
      cast<TilingInterface>(op.getOperation())
          .getTiledImplementation(rewriter, indexAttrs(rewriter, offsets),
                                  indexAttrs(rewriter, sizes));
  if (failed(tiled) || tiled->tiledValues.size() != 1)
    return fail(op, "could not be tiled"), failure();
  for (Operation *s : tiled->generatedSlices) {
    auto slice = dyn_cast<tensor::ExtractSliceOp>(s);
    if (!slice)
      return fail(op, "was tiled with a slice that is not an extract_slice"),
             failure();
    cuts.push_back(slice);
  }
  return tiled->tiledValues[0];
}

FailureOr<Value>
Splitter::tilePad(tensor::PadOp pad, const Box &box,
                  SmallVectorImpl<tensor::ExtractSliceOp> &cuts) {
  // Box of the padded result -> the part of the source inside it, and the
  // padding the box has at the source's borders.
  ArrayRef<int64_t> source = pad.getSourceType().getShape();
  Box part;
  SmallVector<int64_t> low, high;
  SmallVector<OpFoldResult> mixedLow = pad.getMixedLowPad();
  for (size_t d = 0; d < source.size(); ++d) {
    int64_t lo = *getConstantIntValue(mixedLow[d]);
    int64_t begin = box.offsets[d] - lo, end = begin + box.sizes[d];
    int64_t a = std::max<int64_t>(begin, 0), b = std::min(end, source[d]);
    if (a >= b)
      return fail(pad, "would have a tile made of padding only"), failure();
    part.offsets.push_back(a);
    part.sizes.push_back(b - a);
    low.push_back(a - begin);
    high.push_back(end - b);
  }
  tensor::ExtractSliceOp slice = cutOf(pad.getSource(), part);
  cuts.push_back(slice);
  auto type = RankedTensorType::get(box.sizes, pad.getType().getElementType());
  auto tiled = tensor::PadOp::create(
      rewriter, pad.getLoc(), type, slice.getResult(),
      indexAttrs(rewriter, low), indexAttrs(rewriter, high),
      pad.getConstantPaddingValue(), pad.getNofold());
  return tiled.getResult();
}

/// The only dimension of `shape` with more than one element: -1 if there is
/// none, -2 if there are several.
static int singleNonUnit(ArrayRef<int64_t> shape) {
  int found = -1;
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] != 1)
      found = found == -1 ? int(i) : -2;
  return found;
}

FailureOr<Value>
Splitter::tileReshape(Operation *op, const Box &box,
                      SmallVectorImpl<tensor::ExtractSliceOp> &cuts) {
  // Each reassociation group joins dims of the "wide" side (a collapse's
  // source, an expand's result) into one dim of the other side. A box maps
  // through a group when the group is whole or when all its dims but one
  // have one element.
  auto collapse = dyn_cast<tensor::CollapseShapeOp>(op);
  SmallVector<ReassociationIndices> groups =
      collapse ? collapse.getReassociationIndices()
               : cast<tensor::ExpandShapeOp>(op).getReassociationIndices();
  auto sourceType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  ArrayRef<int64_t> wide =
      collapse ? sourceType.getShape() : resultType.getShape();
  Box sourceBox = Box::full(sourceType.getShape());
  for (size_t g = 0; g < groups.size(); ++g) {
    SmallVector<int64_t> groupShape;
    for (int64_t d : groups[g])
      groupShape.push_back(wide[d]);
    int only = singleNonUnit(groupShape);
    if (collapse) {
      if (box.offsets[g] == 0 && box.sizes[g] == resultType.getDimSize(g))
        continue;
      if (only < 0)
        return fail(op, "would have a tile that is not a box of its source"),
               failure();
      sourceBox.offsets[groups[g][only]] = box.offsets[g];
      sourceBox.sizes[groups[g][only]] = box.sizes[g];
      continue;
    }
    bool whole = llvm::all_of(groups[g], [&](int64_t d) {
      return box.offsets[d] == 0 && box.sizes[d] == wide[d];
    });
    if (whole)
      continue;
    if (only < 0)
      return fail(op, "would have a tile that is not a box of its source"),
             failure();
    sourceBox.offsets[g] = box.offsets[groups[g][only]];
    sourceBox.sizes[g] = box.sizes[groups[g][only]];
  }
  tensor::ExtractSliceOp slice = cutOf(op->getOperand(0), sourceBox);
  cuts.push_back(slice);
  auto type = RankedTensorType::get(box.sizes, resultType.getElementType());
  if (collapse)
    return tensor::CollapseShapeOp::create(rewriter, op->getLoc(), type,
                                           slice.getResult(), groups)
        .getResult();
  return tensor::ExpandShapeOp::create(rewriter, op->getLoc(), type,
                                       slice.getResult(), groups)
      .getResult();
}

FailureOr<Value>
Splitter::tileMember(Operation *op, const Box &box,
                     SmallVectorImpl<tensor::ExtractSliceOp> &cuts) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return tileLinalg(linalgOp, box, cuts);
  if (auto pad = dyn_cast<tensor::PadOp>(op))
    return tilePad(pad, box, cuts);
  if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op)) {
    // The box of the slice's result is a box of its source.
    Box sourceBox = box;
    std::optional<Box> self = boxOfSlice(slice);
    for (size_t d = 0; d < box.sizes.size(); ++d)
      sourceBox.offsets[d] += self->offsets[d];
    tensor::ExtractSliceOp cut = cutOf(slice.getSource(), sourceBox);
    cuts.push_back(cut);
    return cut.getResult();
  }
  return tileReshape(op, box, cuts);
}

//===----------------------------------------------------------------------===//
// Tiles
//===----------------------------------------------------------------------===//

bool Splitter::resolveCut(Operation *member, tensor::ExtractSliceOp slice,
                          Operation *tiled, const Box &memberBox) {
  Value source = slice.getSource();
  std::optional<Box> box = boxOfSlice(slice);
  if (!box)
    return fail(member, "was tiled with a slice that is not static");
  auto sourceType = cast<RankedTensorType>(source.getType());
  Operation *def = source.getDefiningOp();
  if (def && members.contains(def)) {
    if (!box->within(sourceType.getShape()))
      return fail(member, "would read outside its operand");
    auto [it, inserted] = demand.try_emplace(source, *box);
    if (!inserted)
      it->second = it->second.hull(*box);
    cutsOf[source].push_back({slice, *box});
    return true;
  }
  rewriter.setInsertionPoint(slice);
  if (isa_and_nonnull<tensor::EmptyOp>(def)) {
    // An empty tensor has no contents: the tile gets its own, or the part
    // of the destination it fills when it is the output's init chain.
    auto dps = dyn_cast<DestinationStyleOpInterface>(tiled);
    bool intoDestination =
        chain.contains(member) && dps && dps.getNumDpsInits() == 1 &&
        dps.getDpsInitOperand(0)->get() == slice.getResult() &&
        *box == memberBox;
    Value replacement =
        intoDestination
            ? cutOf(destination, *box).getResult()
            : tensor::EmptyOp::create(rewriter, slice.getLoc(), box->sizes,
                                      sourceType.getElementType())
                  .getResult();
    rewriter.replaceOp(slice, replacement);
    return true;
  }
  // A stage input: a whole slice is the input itself.
  if (*box == Box::full(sourceType.getShape()))
    rewriter.replaceOp(slice, source);
  return true;
}

bool Splitter::emitTile(const Box &box) {
  demand.clear();
  cutsOf.clear();
  Value outputTile;
  for (Operation *op : llvm::reverse(stage.ops)) {
    Value result = op->getResult(0);
    Box region = box;
    if (op != stage.output) {
      auto it = demand.find(result);
      if (it == demand.end())
        continue; // this box needs nothing of it
      region = it->second;
    }
    rewriter.setInsertionPointAfter(anchor);
    SmallVector<tensor::ExtractSliceOp> cuts;
    FailureOr<Value> tile = tileMember(op, region, cuts);
    if (failed(tile))
      return false;
    Operation *tiled = tile->getDefiningOp();
    // The tile replaces the slices its users cut from the untiled result.
    for (Cut &c : cutsOf[result]) {
      rewriter.setInsertionPoint(c.slice);
      Value part = *tile;
      if (!(c.box == region)) {
        Box rel = c.box;
        for (size_t d = 0; d < rel.offsets.size(); ++d)
          rel.offsets[d] -= region.offsets[d];
        part = cutOf(*tile, rel).getResult();
      }
      rewriter.replaceOp(c.slice, part);
    }
    // A tiled linalg op reads members only through its cuts. (A view's tile
    // is its cut; resolving it may replace it.)
    if (!llvm::is_contained(cuts, tiled))
      for (Value operand : tiled->getOperands())
        if (Operation *def = operand.getDefiningOp();
            def && members.contains(def))
          return fail(op, "was tiled with an operand it reads whole");
    if (op == stage.output)
      outputTile = *tile;
    for (tensor::ExtractSliceOp slice : cuts)
      if (!resolveCut(op, slice, tiled, region))
        return false;
  }
  rewriter.setInsertionPointAfter(outputTile.getDefiningOp());
  auto insert = tensor::InsertSliceOp::create(
      rewriter, stage.output->getLoc(), outputTile, destination,
      indexAttrs(rewriter, box.offsets), indexAttrs(rewriter, box.sizes),
      indexAttrs(rewriter, SmallVector<int64_t>(box.sizes.size(), 1)));
  destination = insert.getResult();
  anchor = insert;
  return true;
}

void Splitter::rollback() {
  // Every op created lies between `first` and the output.
  while (stage.output->getPrevNode() != first)
    rewriter.eraseOp(stage.output->getPrevNode());
  rewriter.eraseOp(first);
}

bool Splitter::run(const Grid &grid) {
  Operation *output = stage.output;
  auto type = cast<RankedTensorType>(output->getResult(0).getType());
  std::vector<Box> boxes = tileBoxes(type.getShape(), grid, why);
  if (boxes.empty())
    return false;
  rewriter.setInsertionPoint(output);
  auto empty = tensor::EmptyOp::create(rewriter, output->getLoc(),
                                       type.getShape(), type.getElementType());
  first = anchor = empty;
  destination = empty.getResult();
  for (const Box &box : boxes)
    if (!emitTile(box)) {
      rollback();
      return false;
    }
  llvm::SetVector<Operation *> empties;
  for (Operation *op : stage.ops)
    for (Value v : op->getOperands())
      if (auto e = v.getDefiningOp<tensor::EmptyOp>())
        empties.insert(e);
  rewriter.replaceAllUsesWith(output->getResult(0), destination);
  for (Operation *op : llvm::reverse(stage.ops))
    rewriter.eraseOp(op);
  for (Operation *e : empties)
    if (e->use_empty())
      rewriter.eraseOp(e);
  return true;
}

bool peakmem::split::applySplit(const Stage &stage, const Grid &grid,
                                bool inPlace, std::string &why) {
  return Splitter(stage, inPlace, why).run(grid);
}
