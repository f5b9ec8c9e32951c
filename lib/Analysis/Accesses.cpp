//===- Accesses.cpp - Element ranges and memory ordering per base ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "Accesses.h"
#include "peakmem/Analysis/OpSemantics.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

namespace peakmem {
namespace model {

/// The elements of `base` that an access through `value` may touch, for an op
/// that stays inside the memref it accesses (see rangesTrusted). Exact only
/// through views known to keep the base's aligned pointer and element type
/// (OpSemantics::keepsElementLayout: subview, expand/collapse_shape,
/// transpose, cast) and to a memref type with a static strided layout;
/// anything else is the whole base. Two accesses to
/// disjoint ranges of one base (slices of a concatenation, say) do not
/// conflict.
Range accessRange(Value base, Value value) {
  auto baseType = dyn_cast<MemRefType>(base.getType());
  auto type = dyn_cast<MemRefType>(value.getType());
  if (!baseType || !type || value == base ||
      type.getElementType() != baseType.getElementType() ||
      !type.hasStaticShape())
    return Range();
  std::optional<SmallVector<Operation *>> chain = viewChainFrom(base, value);
  if (!chain)
    return Range();
  for (Operation *view : *chain)
    if (!getOpSemantics(view).keepsElementLayout)
      return Range();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) || offset < 0)
    return Range();
  int64_t hi = offset;
  for (auto [size, stride] : llvm::zip(type.getShape(), strides)) {
    if (ShapedType::isDynamic(stride) || stride < 0)
      return Range();
    if (size == 0)
      return Range(); // Touches nothing; keep it simple.
    int64_t extent;
    if (__builtin_mul_overflow(size - 1, stride, &extent) ||
        __builtin_add_overflow(hi, extent, &hi))
      return Range();
  }
  return Range{false, offset, hi};
}

/// Whether the element ranges of `op`'s accesses can be trusted: ops that
/// only access elements inside the memrefs they are given (structured linalg
/// ops, copies, scalar loads and stores), with no other memory effect nested
/// in them. Others (vector.store may write past the end of its memref, DMA
/// ops move linear runs, a loop body's effects are summarized) access the
/// whole base.
bool rangesTrusted(Operation *op) {
  if (!getOpSemantics(op).accessesInBounds)
    return false;
  bool nestedEffects = false;
  op->walk([&](Operation *inner) {
    if (inner != op && !isMemoryEffectFree(inner))
      nestedEffects = true;
  });
  return !nestedEffects;
}

void MemoryOrder::write(BaseKey k, StmtId s, Range r) {
  BaseState &st = state[k];
  for (std::vector<Access> *list : {&st.writes, &st.reads}) {
    for (const Access &a : *list)
      if (a.range.overlaps(r))
        p.addEdge(a.stmt, s);
    // Accesses inside r are ordered before s; later conflicts with them
    // conflict with s as well.
    llvm::erase_if(*list, [&](const Access &a) { return r.contains(a.range); });
  }
  st.writes.push_back({s, r});
}

void MemoryOrder::read(BaseKey k, StmtId s, Range r) {
  BaseState &st = state[k];
  for (const Access &a : st.writes)
    if (a.range.overlaps(r))
      p.addEdge(a.stmt, s);
  st.reads.push_back({s, r});
}

} // namespace model
} // namespace peakmem
