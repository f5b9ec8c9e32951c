//===- OpCost.cpp - Bytes an allocation requests, MACs an op performs -----===//

#include "peakmem/Analysis/OpCost.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace peakmem {

std::optional<int64_t> allocationBytes(Value allocation) {
  auto type = dyn_cast<MemRefType>(allocation.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  Operation *def = allocation.getDefiningOp();
  if (!def)
    return std::nullopt;
  // Stack allocations (memref.alloca) never reach the heap allocator: they
  // live in the frame of their allocation scope and are 0 heap bytes.
  if (auto iface = dyn_cast<MemoryEffectOpInterface>(def)) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffectsOnValue(allocation, effects);
    for (auto &e : effects)
      if (isa<MemoryEffects::Allocate>(e.getEffect()) &&
          isa<SideEffects::AutomaticAllocationScopeResource>(e.getResource()))
        return 0;
  }
  DataLayout layout = DataLayout::closest(def);
  int64_t bytes =
      type.getNumElements() *
      static_cast<int64_t>(layout.getTypeSize(type.getElementType()));
  // The heap lowering (finalize-memref-to-llvm) over-allocates by the
  // requested alignment and aligns the pointer itself.
  if (auto align = def->getAttrOfType<IntegerAttr>("alignment"))
    bytes += align.getInt();
  return bytes;
}

int64_t countMacs(Operation *op) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    int64_t points = 1;
    for (int64_t range : linalgOp.getStaticLoopRanges()) {
      if (ShapedType::isDynamic(range))
        return 0;
      points *= range;
    }
    return points;
  }
  int64_t inner = 0;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block)
        inner += countMacs(&nested);
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
    if (std::optional<llvm::APInt> trips = loop.getStaticTripCount())
      inner *= static_cast<int64_t>(trips->getZExtValue());
  }
  return inner;
}

} // namespace peakmem
