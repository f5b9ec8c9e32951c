//===- ArenaAliases.cpp - The bytes the aliases of a buffer reach --------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ArenaAliases.h"
#include "peakmem/Analysis/OpCost.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace peakmem;

namespace {

/// Bytes [lo, hi) relative to the buffer's start; `shift`: where the
/// value's aligned pointer points, relative to the same start.
struct Reach {
  int64_t shift = 0, lo = 0, hi = 0;
};

} // namespace

/// The bytes [lo, hi) a memref of `type` can address relative to its
/// aligned pointer, when its shape and strided layout are static and the
/// arithmetic does not overflow.
static std::optional<std::pair<int64_t, int64_t>> staticExtent(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.hasStaticShape())
    return std::nullopt;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(memref.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  std::optional<int64_t> elemBytes = elementAllocSize(memref.getElementType());
  if (!elemBytes)
    return std::nullopt;
  if (memref.getNumElements() == 0)
    return std::make_pair<int64_t, int64_t>(0, 0);
  std::optional<int64_t> minIdx = offset, maxIdx = offset;
  for (auto [size, stride] : llvm::zip(memref.getShape(), strides)) {
    std::optional<int64_t> extent = llvm::checkedMul(size - 1, stride);
    if (!extent)
      return std::nullopt;
    std::optional<int64_t> &end = *extent >= 0 ? maxIdx : minIdx;
    end = llvm::checkedAdd(*end, *extent);
    if (!end)
      return std::nullopt;
  }
  std::optional<int64_t> lo = llvm::checkedMul(*minIdx, *elemBytes);
  std::optional<int64_t> hi =
      llvm::checkedMulAdd(*maxIdx, *elemBytes, *elemBytes);
  if (!lo || !hi)
    return std::nullopt;
  return std::make_pair(*lo, *hi);
}

/// Whether `op` keeps its source's aligned pointer and, with a dynamic
/// layout, addresses a subset of its source's elements.
static bool keepsPointer(Operation *op, bool &subset) {
  subset =
      isa<memref::SubViewOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
          memref::CastOp, memref::TransposeOp, memref::MemorySpaceCastOp,
          memref::AssumeAlignmentOp, memref::ExtractStridedMetadataOp>(op);
  return subset || isa<memref::ReinterpretCastOp>(op);
}

/// The reach of `result` of the view-like `op` whose source has reach
/// `from`; nullopt when it cannot be bounded.
static std::optional<Reach> reachOf(Operation *op, Value result,
                                    const Reach &from) {
  Reach r = from;
  if (auto view = dyn_cast<memref::ViewOp>(op)) {
    APInt shift;
    if (!matchPattern(view.getByteShift(), m_ConstantInt(&shift)))
      return std::nullopt;
    std::optional<int64_t> moved =
        llvm::checkedAdd(from.shift, shift.getSExtValue());
    if (!moved)
      return std::nullopt;
    r.shift = *moved;
  } else if (bool subset; !keepsPointer(op, subset)) {
    return std::nullopt;
  } else if (!staticExtent(result.getType())) {
    if (!subset)
      return std::nullopt;
    return r; // Within its source's elements.
  }
  std::optional<std::pair<int64_t, int64_t>> extent =
      staticExtent(result.getType());
  if (!extent)
    return std::nullopt;
  std::optional<int64_t> lo = llvm::checkedAdd(r.shift, extent->first);
  std::optional<int64_t> hi = llvm::checkedAdd(r.shift, extent->second);
  if (!lo || !hi)
    return std::nullopt;
  r.lo = *lo;
  r.hi = *hi;
  return r;
}

std::optional<AliasOutside> peakmem::findAliasOutside(Value root,
                                                      int64_t limit) {
  std::optional<std::pair<int64_t, int64_t>> extent =
      staticExtent(root.getType());
  if (!extent)
    return AliasOutside{root.getDefiningOp(), 0, 0, /*bounded=*/false};
  SmallVector<std::pair<Value, Reach>> work{
      {root, Reach{0, extent->first, extent->second}}};
  while (!work.empty()) {
    auto [value, reach] = work.pop_back_val();
    for (Operation *user : value.getUsers()) {
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      if (!view || view.getViewSource() != value)
        continue;
      for (Value result : user->getResults()) {
        if (!isa<BaseMemRefType>(result.getType()))
          continue;
        std::optional<Reach> next = reachOf(user, result, reach);
        if (!next)
          return AliasOutside{user, 0, 0, /*bounded=*/false};
        // An empty reach touches nothing.
        if (next->lo < next->hi && (next->lo < 0 || next->hi > limit))
          return AliasOutside{user, next->lo, next->hi, /*bounded=*/true};
        work.push_back({result, *next});
      }
    }
  }
  return std::nullopt;
}

std::string AliasOutside::describe(int64_t limit) const {
  std::string name =
      op ? op->getName().getStringRef().str() : std::string("the buffer");
  if (!bounded)
    return "an alias made by '" + name +
           "' reaches bytes that cannot be bounded (a dynamic shift, layout "
           "or size)";
  return "an alias made by '" + name + "' reaches bytes [" +
         std::to_string(lo) + ", " + std::to_string(hi) +
         ") of the buffer, outside [0, " + std::to_string(limit) + ")";
}
