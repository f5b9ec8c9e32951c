//===- AliasAnalysis.cpp - Where memrefs point, captured buffers ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "AliasAnalysis.h"
#include "peakmem/Analysis/OpSemantics.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <set>

using namespace mlir;

namespace peakmem {

std::optional<SmallVector<Operation *>> viewChainFrom(Value base, Value value) {
  SmallVector<Operation *> chain;
  while (value != base) {
    auto view = value.getDefiningOp<ViewLikeOpInterface>();
    if (!view || view.getViewDest() != value || !isMemoryEffectFree(view))
      return std::nullopt;
    chain.push_back(view);
    value = view.getViewSource();
  }
  std::reverse(chain.begin(), chain.end());
  return chain;
}

namespace model {

bool isDefinedInside(Value v, Operation *op) {
  Operation *owner =
      v.getParentBlock() ? v.getParentBlock()->getParentOp() : nullptr;
  if (auto res = dyn_cast<OpResult>(v))
    return op->isProperAncestor(res.getOwner());
  return owner && op->isAncestor(owner);
}

ModelFailure failureAt(Operation *op, const Twine &reason) {
  return ModelFailure{op->getLoc(), "'" + op->getName().getStringRef().str() +
                                        "' " + reason.str()};
}

/// Memref operands of `op` and of every terminator in its regions: what may
/// flow into its results and region arguments when it does not describe its
/// control flow (no RegionBranchOpInterface).
static SmallVector<Value> fallbackFlows(Operation *op) {
  SmallVector<Value> out;
  auto add = [&](Operation *o) {
    for (Value v : o->getOperands())
      if (isa<BaseMemRefType>(v.getType()))
        out.push_back(v);
  };
  add(op);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
        add(&block.back());
  return out;
}

/// True if a value produced by `def` (not a view, not an allocation) cannot
/// point into a captured buffer: `def` has no memory effect and every operand
/// is a memref (its result aliases them: merged) or an i1 (a select
/// condition), so it cannot turn data into a pointer (memref.get_global,
/// arith.select of memrefs).
static bool producesTrackedPointer(Operation *def) {
  if (def->getNumRegions() != 0 || !isMemoryEffectFree(def))
    return false;
  return llvm::all_of(def->getOperandTypes(), [](Type t) {
    return isa<BaseMemRefType>(t) || t.isInteger(1);
  });
}

/// The values that may flow into `v` along region control flow: a region
/// argument or a result of an op implementing RegionBranchOpInterface that
/// the interface describes as a successor input (scf.for iter_args and
/// results from the init operands and every scf.yield, scf.while arguments
/// from scf.condition ...). std::nullopt if the interface does not describe
/// `v`.
std::optional<SmallVector<Value>> AliasAnalysis::flowsInto(Value v) {
  Operation *owner = isa<OpResult>(v)
                         ? cast<OpResult>(v).getOwner()
                         : cast<BlockArgument>(v).getOwner()->getParentOp();
  auto branch = dyn_cast_or_null<RegionBranchOpInterface>(owner);
  if (!branch)
    return std::nullopt;
  auto it = inputFlows.find(owner);
  if (it == inputFlows.end()) {
    RegionBranchInverseSuccessorMapping mapping;
    branch.getSuccessorInputOperandMapping(mapping);
    it = inputFlows.insert({owner, std::move(mapping)}).first;
  }
  auto flows = it->second.find(v);
  if (flows == it->second.end())
    return std::nullopt;
  SmallVector<Value> out;
  for (OpOperand *operand : flows->second)
    out.push_back(operand->get());
  return out;
}

/// True if `use` (an operand of a region-branch op, or of a terminator in
/// one of its regions, or of a terminator of an op without the interface)
/// flows into a memref region argument or result, where basesOf follows it.
bool AliasAnalysis::flowsToMemRef(OpOperand &use) {
  Operation *user = use.getOwner();
  Operation *branchOp = nullptr;
  if (isa<RegionBranchOpInterface>(user))
    branchOp = user;
  else if (user->hasTrait<OpTrait::IsTerminator>() && user->getParentOp() &&
           isa<RegionBranchOpInterface>(user->getParentOp()))
    branchOp = user->getParentOp();
  if (branchOp) {
    auto it = operandFlows.find(branchOp);
    if (it == operandFlows.end()) {
      RegionBranchSuccessorMapping mapping;
      cast<RegionBranchOpInterface>(branchOp).getSuccessorOperandInputMapping(
          mapping);
      it = operandFlows.insert({branchOp, std::move(mapping)}).first;
    }
    auto flows = it->second.find(&use);
    return flows != it->second.end() &&
           llvm::any_of(flows->second, [](Value input) {
             return isa<BaseMemRefType>(input.getType());
           });
  }
  // No interface: the terminator's memref operands flow into every memref
  // result and region argument of its parent (fallbackFlows).
  Operation *parent = user->getParentOp();
  if (!user->hasTrait<OpTrait::IsTerminator>() || !parent)
    return false;
  auto isMemRef = [](Type t) { return isa<BaseMemRefType>(t); };
  if (llvm::any_of(parent->getResultTypes(), isMemRef))
    return true;
  for (Region &region : parent->getRegions())
    for (Block &block : region)
      if (llvm::any_of(block.getArgumentTypes(), isMemRef))
        return true;
  return false;
}

/// True if `use` of a memref does not capture its address: the model follows
/// where the pointer goes. (a) the source of a view, (b) an operand the op
/// declares a memory effect on, (c) a terminator operand flowing into a
/// memref region argument or result (or an entry operand of a region-branch
/// op doing so), or the function's return (the caller's then), (d)
/// metadata-only ops (memref.dim, memref.rank,
/// memref.extract_strided_metadata), (e) a memory-effect-free op without
/// regions whose results are all memrefs (a cast, select: basesOf merges its
/// memref operands into the result), (f) an argument of a call known to keep
/// no pointer it is passed (callMayRetain: `llvm.nocapture` on the callee's
/// argument, or a registered callee): the call still reads and writes the
/// buffer, as an op of unknown effects. Everything else captures: other
/// calls, ops with unknown effects, stores of the memref as data, conversion
/// to an integer or pointer (extract_aligned_pointer_as_index, unrealized
/// casts), an async.yield into an !async.value.
bool AliasAnalysis::isTrackedUse(OpOperand &use) {
  Operation *user = use.getOwner();
  Value v = use.get();
  if (auto view = dyn_cast<ViewLikeOpInterface>(user))
    if (view.getViewSource() == v)
      return true;
  if (auto iface = dyn_cast<MemoryEffectOpInterface>(user)) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffectsOnValue(v, effects);
    if (!effects.empty())
      return true;
  }
  if (getOpSemantics(user).readsOnlyMetadata)
    return true;
  if (user->hasTrait<OpTrait::IsTerminator>() && user->getParentOp() == func)
    return true;
  if (auto call = dyn_cast<CallOpInterface>(user))
    if (!callMayRetain(call, use))
      return true;
  if (flowsToMemRef(use))
    return true;
  if (user->getNumRegions() == 0 && user->getNumResults() != 0 &&
      isMemoryEffectFree(user) &&
      llvm::all_of(user->getResultTypes(),
                   [](Type t) { return isa<BaseMemRefType>(t); }))
    return true;
  return false;
}

/// The bases of `v`, the least fixpoint of the alias equations (views,
/// region control flow, opaque producers). Loop-carried values form cycles
/// (an iter_arg flows from the yield, which may be a view of the iter_arg):
/// all values reachable from `v` are recomputed in rounds from their
/// tentative results (starting empty) until no result grows, and only then
/// cached, so no cached result misses a base that flows around a cycle.
Bases AliasAnalysis::basesOf(Value v) {
  if (auto it = baseCache.find(v); it != baseCache.end())
    return it->second;
  llvm::DenseMap<Value, Bases> tentative;
  bool changed = true;
  while (changed) {
    changed = false;
    llvm::DenseSet<Value> visited;
    computeBases(v, tentative, visited, changed);
  }
  for (auto &[value, bases] : tentative)
    baseCache[value] = bases;
  return baseCache.lookup(v);
}

/// One evaluation of the alias equation of `v` in the current round; values
/// already visited this round (or open on the stack) answer their tentative
/// result. Monotone: results only grow from round to round.
Bases AliasAnalysis::computeBases(Value v,
                                  llvm::DenseMap<Value, Bases> &tentative,
                                  llvm::DenseSet<Value> &visited,
                                  bool &changed) {
  if (auto it = baseCache.find(v); it != baseCache.end())
    return it->second;
  if (!visited.insert(v).second)
    return tentative.lookup(v);
  Bases result;
  auto merge = [&](Value w) {
    Bases other = computeBases(w, tentative, visited, changed);
    result.external |= other.external;
    result.opaque |= other.opaque;
    for (Value a : other.allocs)
      if (!llvm::is_contained(result.allocs, a))
        result.allocs.push_back(a);
  };
  if (allocatedResults.contains(v)) {
    result.allocs.push_back(v); // A fresh buffer or a distinct base.
  } else if (auto res = dyn_cast<OpResult>(v)) {
    Operation *def = res.getOwner();
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    bool allocates = false;
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(def))
      allocates =
          iface.getEffectOnValue<MemoryEffects::Allocate>(v).has_value();
    if (view && view.getViewDest() == v) {
      merge(view.getViewSource());
    } else if (allocates) {
      result.allocs.push_back(v);
    } else {
      std::optional<SmallVector<Value>> flows = flowsInto(v);
      if (flows && !flows->empty()) {
        // A region-branch result is exactly what its regions (or, for a
        // region that may not run, its entry operands) pass back to it:
        // external memory only if some of that is.
        for (Value w : *flows)
          merge(w);
      } else {
        result.external = true;
        // Opaque producer (call, cast to another type, a region op without
        // the interface...): it may return any memory it can reach. A
        // memref loaded from memory (a single-element access,
        // OpSemantics::accessesOneElement) is not the memory it is loaded
        // from: it is an address stored there, i.e. a captured buffer
        // (opaque, below) or external memory.
        if (!getOpSemantics(def).accessesOneElement)
          def->walk([&](Operation *inner) {
            for (Value operand : inner->getOperands())
              if (isa<BaseMemRefType>(operand.getType()) &&
                  !isDefinedInside(operand, def))
                merge(operand);
          });
        if (def->getNumRegions() != 0) {
          for (Value w : fallbackFlows(def))
            merge(w);
          result.opaque = true;
        } else if (!producesTrackedPointer(def)) {
          result.opaque = true;
        }
      }
    }
  } else {
    auto arg = cast<BlockArgument>(v);
    Operation *owner = arg.getOwner()->getParentOp();
    std::optional<SmallVector<Value>> flows;
    if (owner != func)
      flows = flowsInto(v);
    if (flows && !flows->empty()) {
      // Region arguments of a region-branch op alias exactly what may flow
      // into them: the owner's entry operands and what its terminators pass
      // back (external memory only if some of that is).
      for (Value w : *flows)
        merge(w);
    } else {
      // A function argument is the caller's memory; an argument of a region
      // without the interface may be anything the op can reach.
      result.external = true;
      if (owner != func) {
        for (Value w : fallbackFlows(owner))
          merge(w);
        result.opaque = true;
      }
    }
  }
  Bases &slot = tentative[v];
  if (slot.allocs.size() != result.allocs.size() ||
      slot.external != result.external || slot.opaque != result.opaque) {
    changed = true;
    slot = result;
  }
  return result;
}

std::optional<ModelFailure> AliasAnalysis::prepare() {
  // Captured buffers.
  func->walk([&](Operation *op) {
    for (OpOperand &use : op->getOpOperands())
      if (isa<BaseMemRefType>(use.get().getType()) && !isTrackedUse(use))
        for (Value a : basesOf(use.get()).allocs) {
          captured.insert(a);
          captureSites[a].push_back(op);
        }
  });
  return std::nullopt;
}

std::vector<std::string> AliasAnalysis::retainerNames() const {
  std::set<std::string> names;
  for (Value a : captured)
    for (Operation *site : captureSites.lookup(a))
      names.insert(retainerName(site));
  return {names.begin(), names.end()};
}

} // namespace model
} // namespace peakmem
