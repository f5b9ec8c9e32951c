//===- InPlaceRules.cpp - When an op may write over its input -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "InPlaceRules.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

std::string peakmem::checkInPlaceOp(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics())
    return "not on buffers";
  if (op.getNumDpsInits() != 1)
    return "has " + std::to_string(op.getNumDpsInits()) +
           " outputs (one is supported)";
  if (op.getNumParallelLoops() != op.getNumLoops())
    return "has a reduction (or non-parallel) iterator";
  if (!isa<MemRefType>(op.getDpsInitOperand(0)->get().getType()))
    return "its output is not a memref";
  Block *body = op.getBlock();
  if (!body)
    return "has no payload";
  WalkResult effects = body->walk([](Operation *inner) {
    return isMemoryEffectFree(inner) ? WalkResult::advance()
                                     : WalkResult::interrupt();
  });
  if (effects.wasInterrupted())
    return "its payload accesses memory (it may read other elements)";
  if (op.payloadUsesValueFromOperand(op.getDpsInitOperand(0)))
    return "its payload reads the output's element (the output is not "
           "fully overwritten)";
  return "";
}

std::string peakmem::checkInPlaceInput(linalg::LinalgOp op, OpOperand &input) {
  OpOperand *init = op.getDpsInitOperand(0);
  auto inType = dyn_cast<MemRefType>(input.get().getType());
  auto outType = cast<MemRefType>(init->get().getType());
  if (!inType)
    return "is not a memref";
  if (inType != outType) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "has type " << inType << ", the output " << outType;
    return s;
  }
  if (!inType.hasStaticShape())
    return "has a dynamic shape";
  AffineMap inMap = op.getMatchingIndexingMap(&input);
  AffineMap outMap = op.getMatchingIndexingMap(init);
  if (inMap != outMap)
    return "is indexed by another map than the output (a transposed or "
           "broadcast access)";
  if (!inMap.isPermutation())
    return "is indexed by a map that is not a permutation";
  return "";
}

bool peakmem::isPlainAllocation(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getNumResults() != 1 || def->getNumRegions() != 0)
    return false;
  auto iface = dyn_cast<MemoryEffectOpInterface>(def);
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  return effects.size() == 1 &&
         isa<MemoryEffects::Allocate>(effects[0].getEffect()) &&
         effects[0].getValue() == v;
}

/// Adds to `derived` every memref value `user` (or an op around it, up to
/// but not including `stop`'s block) may return or pass into its regions.
static void addDerived(Operation *user, Block *stop,
                       llvm::SetVector<Value> &derived) {
  for (Operation *at = user; at; at = at->getParentOp()) {
    for (Value r : at->getResults())
      if (isa<BaseMemRefType>(r.getType()))
        derived.insert(r);
    for (Region &region : at->getRegions())
      for (Block &b : region)
        for (BlockArgument arg : b.getArguments())
          if (isa<BaseMemRefType>(arg.getType()))
            derived.insert(arg);
    if (at->getBlock() == stop)
      break;
  }
}

bool peakmem::reachesOtherOperand(Operation *op, Value root,
                                  ArrayRef<OpOperand *> allowed) {
  llvm::SetVector<Value> derived;
  derived.insert(root);
  for (size_t i = 0; i < derived.size(); ++i) {
    for (OpOperand &use : derived[i].getUses()) {
      Operation *user = use.getOwner();
      if (user == op) {
        if (!llvm::is_contained(allowed, &use))
          return true;
        continue;
      }
      if (op->isAncestor(user))
        return true;
      addDerived(user, op->getBlock(), derived);
    }
  }
  return false;
}
