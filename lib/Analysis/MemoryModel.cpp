//===- MemoryModel.cpp - Buffer lifetimes of a function, from IR ----------===//

#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Analysis/OpCost.h"
#include "peakmem/Core/Simulation.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

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

namespace {

/// The base allocations a memref value may point into. `external` stands for
/// all memory not allocated inside the function (arguments, globals, results
/// of opaque ops), which is treated as one base. `opaque`: the value has
/// opaque provenance (a memref loaded from memory, the result of an op with
/// unknown effects, a pointer made from an integer...), so it may also point
/// into any captured buffer (see ModelBuilder::captured). opaque implies
/// external.
struct Bases {
  SmallVector<Value, 2> allocs;
  bool external = false;
  bool opaque = false;
};

/// A key for memory ordering: an allocation value, or null for external.
using BaseKey = Value;

/// The elements of a base an access may touch: [lo, hi] in the base's
/// strided-layout coordinates (element offsets from its aligned pointer), or
/// the whole base.
struct Range {
  bool whole = true;
  int64_t lo = 0, hi = 0;
  bool overlaps(const Range &o) const {
    return whole || o.whole || (lo <= o.hi && o.lo <= hi);
  }
  bool contains(const Range &o) const {
    return whole || (!o.whole && lo <= o.lo && o.hi <= hi);
  }
  Range hull(const Range &o) const {
    if (whole || o.whole)
      return Range();
    return Range{false, std::min(lo, o.lo), std::max(hi, o.hi)};
  }
};

/// Accesses of a statement, per base (several accesses to one base: their
/// hull).
struct Accesses {
  llvm::MapVector<BaseKey, Range> ranges;
  void add(BaseKey k, Range r) {
    auto [it, inserted] = ranges.insert({k, r});
    if (!inserted)
      it->second = it->second.hull(r);
  }
  bool empty() const { return ranges.empty(); }
  size_t size() const { return ranges.size(); }
  bool contains(BaseKey k) const { return ranges.count(k) != 0; }
  auto begin() const { return ranges.begin(); }
  auto end() const { return ranges.end(); }
};

/// The elements of `base` that an access through `value` may touch, for an op
/// that stays inside the memref it accesses (see rangesTrusted). Exact only
/// through views known to keep the base's aligned pointer and element type
/// (subview, expand/collapse_shape, transpose, cast) and to a memref type with
/// a static strided layout; anything else is the whole base. Two accesses to
/// disjoint ranges of one base (slices of a concatenation, say) do not
/// conflict.
static Range accessRange(Value base, Value value) {
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
    if (!isa<memref::SubViewOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
             memref::TransposeOp, memref::CastOp>(view))
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

/// True if `alloc` is a stack allocation (an Allocate effect on the
/// AutomaticAllocationScopeResource, memref.alloca): 0 heap bytes, released
/// by its enclosing automatic allocation scope, never by a free.
static bool isStackAllocation(Value alloc) {
  auto iface = dyn_cast_or_null<MemoryEffectOpInterface>(alloc.getDefiningOp());
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffectsOnValue(alloc, effects);
  return llvm::any_of(effects, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Allocate>(e.getEffect()) &&
           isa<SideEffects::AutomaticAllocationScopeResource>(e.getResource());
  });
}

/// Whether the element ranges of `op`'s accesses can be trusted: ops that
/// only access elements inside the memrefs they are given (structured linalg
/// ops, copies, scalar loads and stores), with no other memory effect nested
/// in them. Others (vector.store may write past the end of its memref, DMA
/// ops move linear runs, a loop body's effects are summarized) access the
/// whole base.
static bool rangesTrusted(Operation *op) {
  if (!isa<linalg::LinalgOp, memref::CopyOp, memref::LoadOp, memref::StoreOp>(
          op))
    return false;
  bool nestedEffects = false;
  op->walk([&](Operation *inner) {
    if (inner != op && !isMemoryEffectFree(inner))
      nestedEffects = true;
  });
  return !nestedEffects;
}

/// Per-statement summary of effects, relative to its block.
struct StmtEffects {
  Accesses reads, writes;
  bool unknown = false; // Barrier: may touch any memory.
  bool allocatesOrFrees = false;
  // Reads / writes through a value of opaque provenance: they may touch
  // every captured buffer.
  bool opaqueRead = false, opaqueWrite = false;
  bool touchesMemory() const {
    return unknown || !reads.empty() || !writes.empty();
  }
};

/// Pending accesses of asynchronous work (see asyncPending): the bases an
/// `async.execute` region (and the work it depends on) may still access
/// until it is awaited.
struct Pending {
  llvm::SmallSetVector<BaseKey, 4> reads, writes;
  bool opaque = false; // May access any captured buffer and external memory.
};

/// True if `t` is a type of the async dialect (token, value, group). Named by
/// dialect: no upstream interface marks a value that stands for work still
/// running after the op that produced it returned.
static bool isAsyncType(Type t) {
  return t.getDialect().getNamespace() == "async";
}

/// True if `op` is the named async op. The async dialect is matched by name
/// (not linked in): `async.execute` is the only upstream op whose region
/// runs after the op returns, synchronised only by awaiting its results.
static bool isAsyncOp(Operation *op, StringRef name) {
  return op->getName().getStringRef() == name;
}

/// True if `v` is defined inside `op` (by a nested op or a nested block).
static bool isDefinedInside(Value v, Operation *op) {
  Operation *owner =
      v.getParentBlock() ? v.getParentBlock()->getParentOp() : nullptr;
  if (auto res = dyn_cast<OpResult>(v))
    return op->isProperAncestor(res.getOwner());
  return owner && op->isAncestor(owner);
}

class ModelBuilder {
public:
  explicit ModelBuilder(Operation *func) : func(func) {}

  /// Function-wide analyses the block models need: captured buffers and
  /// the use of async values. False after recording a failure.
  bool prepare();

  /// Builds models of `block` and everything nested in it, appending them to
  /// `out`. Returns the block's model, or null after recording a failure.
  BlockModel *build(Block &block,
                    std::vector<std::unique_ptr<BlockModel>> &out);

  std::optional<ModelFailure> failure;

private:
  Bases basesOf(Value v);
  Bases computeBases(Value v, llvm::DenseMap<Value, Bases> &tentative,
                     llvm::DenseSet<Value> &visited, bool &changed);
  std::optional<SmallVector<Value>> flowsInto(Value v);
  bool flowsToMemRef(OpOperand &use);
  bool isTrackedUse(OpOperand &use);
  Pending asyncPending(Value v);
  bool reachesAwait(Value v, unsigned depth = 0);
  /// Records the first reason the function cannot be modeled, at `op`.
  BlockModel *fail(Operation *op, const Twine &reason) {
    if (!failure)
      failure =
          ModelFailure{op->getLoc(), "'" + op->getName().getStringRef().str() +
                                         "' " + reason.str()};
    return nullptr;
  }
  bool checkOp(Operation *op);

  Operation *func;
  llvm::DenseMap<Value, Bases> baseCache;
  llvm::DenseMap<Operation *, RegionBranchInverseSuccessorMapping> inputFlows;
  llvm::DenseMap<Operation *, RegionBranchSuccessorMapping> operandFlows;
  /// Allocations whose address is captured: some alias of them is an operand
  /// that isTrackedUse does not follow (passed to a call or an op with
  /// unknown effects, stored as data, converted to an integer or pointer,
  /// yielded into a non-memref value). Their memory is reachable through
  /// values of opaque provenance.
  llvm::SetVector<Value> captured;
  /// For each captured allocation, the ops whose operand captures it.
  llvm::DenseMap<Value, SmallVector<Operation *, 1>> captureSites;
  llvm::DenseMap<Value, Pending> pendingCache;
};

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
std::optional<SmallVector<Value>> ModelBuilder::flowsInto(Value v) {
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
bool ModelBuilder::flowsToMemRef(OpOperand &use) {
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
/// memref operands into the result). Everything else captures: calls, ops
/// with unknown effects, stores of the memref as data, conversion to an
/// integer or pointer (extract_aligned_pointer_as_index, unrealized casts),
/// an async.yield into an !async.value.
bool ModelBuilder::isTrackedUse(OpOperand &use) {
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
  if (isa<memref::DimOp, memref::RankOp, memref::ExtractStridedMetadataOp>(
          user))
    return true;
  if (user->hasTrait<OpTrait::IsTerminator>() && user->getParentOp() == func)
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
Bases ModelBuilder::basesOf(Value v) {
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
Bases ModelBuilder::computeBases(Value v,
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
  if (auto res = dyn_cast<OpResult>(v)) {
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
        // memref loaded from memory is not the memory it is loaded from:
        // it is an address stored there, i.e. a captured buffer (opaque,
        // below) or external memory.
        if (!isa<memref::LoadOp>(def))
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

/// What asynchronous work behind the async value `v` may still access until
/// it is awaited: the accesses of the `async.execute` that produced it (its
/// whole body; every memref it uses, written, when its effects are not
/// known), plus the pending accesses of the async values it depends on, of
/// the tokens added to a group, and opaque accesses for async values of
/// unknown origin (function arguments, other ops).
Pending ModelBuilder::asyncPending(Value v) {
  if (auto it = pendingCache.find(v); it != pendingCache.end())
    return it->second;
  pendingCache[v] = Pending(); // SSA: no cycles without a yield (refused).
  Pending result;
  auto addBases = [&](Value w, bool isRead, Operation *exec) {
    Bases bases = basesOf(w);
    auto &set = isRead ? result.reads : result.writes;
    for (Value a : bases.allocs)
      if (!isDefinedInside(a, exec))
        set.insert(a);
    if (bases.external)
      set.insert(BaseKey());
    result.opaque |= bases.opaque;
  };
  auto mergePending = [&](Value w) {
    Pending other = asyncPending(w);
    result.reads.insert(other.reads.begin(), other.reads.end());
    result.writes.insert(other.writes.begin(), other.writes.end());
    result.opaque |= other.opaque;
  };
  Operation *def = v.getDefiningOp();
  if (def && isAsyncOp(def, "async.execute")) {
    std::optional<SmallVector<MemoryEffects::EffectInstance>> all =
        getEffectsRecursively(def);
    bool known = all.has_value();
    if (all)
      for (const MemoryEffects::EffectInstance &e : *all) {
        if (isa<MemoryEffects::Allocate>(e.getEffect()))
          continue;
        if (!e.getValue()) {
          known = false;
          break;
        }
        addBases(e.getValue(), isa<MemoryEffects::Read>(e.getEffect()), def);
      }
    if (!known) {
      result.opaque = true;
      def->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands())
          if (isa<BaseMemRefType>(operand.getType()) &&
              !isDefinedInside(operand, def))
            addBases(operand, /*isRead=*/false, def);
      });
    }
    for (Value operand : def->getOperands())
      if (isAsyncType(operand.getType()))
        mergePending(operand);
  } else if (def && isAsyncOp(def, "async.create_group")) {
    for (Operation *user : v.getUsers())
      if (isAsyncOp(user, "async.add_to_group"))
        mergePending(user->getOperand(0));
  } else {
    result.opaque = true;
  }
  if (result.opaque)
    result.writes.insert(BaseKey());
  pendingCache[v] = result;
  return result;
}

/// True if some op awaits `v` (an async value), directly or through the
/// async values that depend on it (a later async.execute, a group).
bool ModelBuilder::reachesAwait(Value v, unsigned depth) {
  if (depth > 64)
    return true; // Deep chains: stop looking (the uses are checked anyway).
  for (Operation *user : v.getUsers()) {
    if (isAsyncOp(user, "async.await") || isAsyncOp(user, "async.await_all"))
      return true;
    if (isAsyncOp(user, "async.add_to_group") &&
        reachesAwait(user->getOperand(1), depth + 1))
      return true;
    if (isAsyncOp(user, "async.execute"))
      for (Value r : user->getResults())
        if (reachesAwait(r, depth + 1))
          return true;
  }
  return false;
}

bool ModelBuilder::prepare() {
  // Async values: an async.execute's region may run until its results are
  // awaited; its accesses are pending until then (asyncPending). The model
  // follows async values only through async.await, async.await_all,
  // async.add_to_group and the operands of a later async.execute.
  Operation *bad = nullptr;
  const char *why = nullptr;
  func->walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      if (!isAsyncType(operand.getType()) || isAsyncOp(op, "async.await") ||
          isAsyncOp(op, "async.await_all") || isAsyncOp(op, "async.execute") ||
          isAsyncOp(op, "async.add_to_group"))
        continue;
      bad = op;
      why = "uses an async value in a way peakmem cannot follow (returned, "
            "yielded, passed to a call or stored): the buffers its "
            "asynchronous work accesses have no known end of use";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!bad)
    func->walk([&](Operation *op) {
      if (isAsyncOp(op, "async.execute") &&
          llvm::none_of(op->getResults(),
                        [&](Value r) { return reachesAwait(r); })) {
        bad = op;
        why = "is never awaited: the buffers its region accesses have no "
              "known end of use";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
  if (bad) {
    fail(bad, why);
    return false;
  }
  // Captured buffers.
  func->walk([&](Operation *op) {
    for (OpOperand &use : op->getOpOperands())
      if (isa<BaseMemRefType>(use.get().getType()) && !isTrackedUse(use))
        for (Value a : basesOf(use.get()).allocs) {
          captured.insert(a);
          captureSites[a].push_back(op);
        }
  });
  return true;
}

/// Rejects what the model cannot describe exactly.
bool ModelBuilder::checkOp(Operation *op) {
  if (auto call = dyn_cast<CallOpInterface>(op)) {
    if (llvm::any_of(op->getResultTypes(),
                     [](Type t) { return isa<BaseMemRefType>(t); })) {
      fail(op, "returns a memref from a call: allocations made by the callee "
               "are not modeled (inline first)");
      return false;
    }
    auto callee = dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
    if (callee && !callee.isExternal()) {
      fail(op, "calls a function with a body: its allocations are not "
               "modeled (inline first)");
      return false;
    }
  }
  auto isTensor = [](Type t) { return isa<TensorType>(t); };
  if (llvm::any_of(op->getOperandTypes(), isTensor) ||
      llvm::any_of(op->getResultTypes(), isTensor)) {
    fail(op, "operates on tensors; peakmem models bufferized IR "
             "(run one-shot-bufferize first)");
    return false;
  }
  for (Region &region : op->getRegions())
    if (!region.empty() && !region.hasOneBlock()) {
      fail(op, "has a region with unstructured control flow "
               "(more than one block)");
      return false;
    }
  return true;
}

BlockModel *ModelBuilder::build(Block &block,
                                std::vector<std::unique_ptr<BlockModel>> &out) {
  auto model = std::make_unique<BlockModel>();
  BlockModel *bm = model.get();
  bm->block = &block;
  out.push_back(std::move(model));

  Operation *terminator =
      (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
          ? &block.back()
          : nullptr;
  Problem &p = bm->problem;
  llvm::DenseMap<Operation *, StmtId> stmtOf;
  llvm::DenseMap<Value, BufferId> bufferOf;
  std::vector<StmtEffects> effects;
  // Program-order statements that allocate / free each buffer (-1: none).
  std::vector<int64_t> allocStmt, freeStmt;
  // Buffers the recompute planner must leave alone (captured, or accessed by
  // asynchronous work that a statement of the block awaits).
  llvm::DenseSet<BufferId> pinned;

  for (Operation &op : block) {
    if (&op == terminator)
      break;
    if (!checkOp(&op))
      return nullptr;
    StmtId s = p.addStatement();
    stmtOf[&op] = s;
    bm->ops.push_back(&op);
    effects.emplace_back();
  }

  for (StmtId s = 0; s < bm->ops.size(); ++s) {
    Operation *op = bm->ops[s];
    StmtEffects &fx = effects[s];
    // Nested blocks: modeled recursively; their peak is this op's scratch.
    int64_t scratch = 0;
    for (Region &region : op->getRegions())
      for (Block &nested : region) {
        BlockModel *inner = build(nested, out);
        if (!inner)
          return nullptr;
        for (BufferId b = 0; b < inner->problem.numBuffers(); ++b)
          if (!inner->problem.buffer(b).freedInBlock &&
              !isStackAllocation(inner->allocations[b]))
            return fail(inner->allocations[b].getDefiningOp(),
                        "allocation in a nested region is not freed in that "
                        "region");
        scratch = std::max(scratch, inner->peak);
      }
    // A loop that provably never runs its body allocates nothing. (Other
    // region ops count their largest nested peak: exact when that region
    // runs, an upper bound otherwise.)
    if (auto loop = dyn_cast<LoopLikeOpInterface>(op))
      if (std::optional<llvm::APInt> trips = loop.getStaticTripCount())
        if (trips->isZero())
          scratch = 0;
    p.statement(s).scratch = scratch;

    // Memory effects of the op and everything nested in it.
    // Awaiting only synchronises: its memory effects are the pending
    // accesses of the work it awaits (added with the SSA uses below), not
    // unknown ones.
    auto all =
        isAsyncOp(op, "async.await") || isAsyncOp(op, "async.await_all")
            ? std::make_optional(SmallVector<MemoryEffects::EffectInstance>())
            : getEffectsRecursively(op);
    const bool trusted = rangesTrusted(op);
    if (!all) {
      fx.unknown = true;
    } else {
      for (const MemoryEffects::EffectInstance &e : *all) {
        Value v = e.getValue();
        bool isAlloc = isa<MemoryEffects::Allocate>(e.getEffect());
        if (!v) {
          if (!isAlloc)
            fx.unknown = true;
          continue;
        }
        bool inside = isDefinedInside(v, op);
        if (inside && isAlloc)
          continue; // A nested allocation: part of the statement's scratch.
        if (isAlloc) {
          fx.allocatesOrFrees = true;
          if (v.getDefiningOp() != op)
            continue;
          if (!bufferOf.count(v)) {
            std::string why;
            std::optional<int64_t> bytes = allocationBytes(v, &why);
            if (!bytes)
              return fail(op, "allocates a buffer " + why);
            BufferId b = p.addBuffer(*bytes, /*freedInBlock=*/false);
            bufferOf[v] = b;
            bm->allocations.push_back(v);
            allocStmt.push_back(s);
            freeStmt.push_back(-1);
            if (op->getNumRegions() == 0 && op->getNumOperands() == 0 &&
                all->size() == 1) {
              p.statement(s).kind = StmtKind::Alloc;
              p.statement(s).target = b;
            }
          }
          p.addUse(s, bufferOf[v]);
          fx.writes.add(v, Range());
          continue;
        }
        // An effect through a value defined inside the op (a view created in
        // a loop body, say) is an effect on every outer base it may alias;
        // only effects confined to nested allocations are internal.
        Bases bases = basesOf(v);
        SmallVector<Value, 2> outer;
        for (Value a : bases.allocs)
          if (!isDefinedInside(a, op))
            outer.push_back(a);
        if (inside && outer.empty() && !bases.external)
          continue;
        bool isRead = isa<MemoryEffects::Read>(e.getEffect());
        bool isFree = isa<MemoryEffects::Free>(e.getEffect());
        fx.allocatesOrFrees |= isFree;
        if (bases.external)
          (isRead ? fx.reads : fx.writes).add(BaseKey(), Range());
        // Through a value of opaque provenance: any captured buffer.
        if (bases.opaque)
          (isRead ? fx.opaqueRead : fx.opaqueWrite) = true;
        for (Value a : outer) {
          (isRead ? fx.reads : fx.writes)
              .add(a, isFree || !trusted ? Range() : accessRange(a, v));
          auto it = bufferOf.find(a);
          if (it == bufferOf.end())
            continue;
          p.addUse(s, it->second);
          if (!isFree)
            continue;
          // A free decides the lifetime: it must be unconditional and unique.
          if (outer.size() != 1 || bases.external)
            return fail(op, "frees a value that may alias several "
                            "buffers");
          if (op->getNumRegions() != 0)
            return fail(op, "frees a buffer inside a nested region "
                            "(conditional ownership)");
          Buffer &buf = p.buffer(it->second);
          if (buf.freedInBlock)
            return fail(op, "frees a buffer that is already freed");
          buf.freedInBlock = true;
          freeStmt[it->second] = s;
          if (op->getNumOperands() == 1 && all->size() == 1) {
            p.statement(s).kind = StmtKind::Free;
            p.statement(s).target = it->second;
          }
        }
      }
    }

    // SSA: uses of values defined earlier in this block, and uses of any
    // alias of this block's buffers, anywhere inside the op.
    op->walk([&](Operation *inner) {
      for (Value operand : inner->getOperands()) {
        if (isDefinedInside(operand, op))
          continue;
        if (Operation *def = operand.getDefiningOp())
          if (Operation *anc = block.findAncestorOpInBlock(*def))
            if (auto it = stmtOf.find(anc); it != stmtOf.end())
              p.addEdge(it->second, s);
        if (isAsyncType(operand.getType())) {
          // Awaiting asynchronous work (or depending on it) completes its
          // accesses here: this statement makes them too, so the buffers it
          // reads and writes stay alive and ordered until here.
          Pending pending = asyncPending(operand);
          for (auto [set, isRead] : {std::make_pair(&pending.reads, true),
                                     std::make_pair(&pending.writes, false)})
            for (BaseKey k : *set) {
              (isRead ? fx.reads : fx.writes).add(k, Range());
              if (auto it = bufferOf.find(k); it != bufferOf.end()) {
                p.addUse(s, it->second);
                pinned.insert(it->second);
              }
            }
          fx.opaqueWrite |= pending.opaque;
          continue;
        }
        if (!isa<BaseMemRefType>(operand.getType()))
          continue;
        for (Value a : basesOf(operand).allocs)
          if (auto it = bufferOf.find(a); it != bufferOf.end())
            p.addUse(s, it->second);
      }
    });
  }

  // Opaque accesses (through a pointer of opaque provenance, or by an op
  // with unknown effects) may reach every captured allocation: recorded as
  // whole-base accesses of each, so they keep their order with its direct
  // accesses and its free. For a buffer of this block only from the first
  // statement that captures it (each run of the block allocates it afresh,
  // so no opaque pointer to it exists before) while it is live in the input
  // (not yet freed), and the statement becomes a user of it; allocations of
  // enclosing blocks (and stack allocations nested in earlier statements)
  // at every statement, by key only. Never the allocations nested in the
  // statement itself (its nested model orders those).
  for (Value a : captured) {
    auto it = bufferOf.find(a);
    int64_t begin = 0, end = static_cast<int64_t>(bm->ops.size());
    if (it != bufferOf.end()) {
      pinned.insert(it->second);
      begin = end;
      for (Operation *site : captureSites.lookup(a))
        if (Operation *anc = block.findAncestorOpInBlock(*site))
          if (auto st = stmtOf.find(anc); st != stmtOf.end())
            begin = std::min<int64_t>(begin, st->second);
      if (freeStmt[it->second] >= 0)
        end = freeStmt[it->second];
    }
    // The window [first capture, free) is a property of the order: pin
    // every opaque statement on its side of the capture and of the free, so
    // that every legal order has the same window and a model rebuilt from
    // the reordered block agrees with this one.
    if (it != bufferOf.end() && begin < end)
      for (int64_t s = 0, e = bm->ops.size(); s < e; ++s) {
        const StmtEffects &fx = effects[s];
        if (s == begin || !(fx.unknown || fx.opaqueRead || fx.opaqueWrite))
          continue;
        if (s < begin)
          p.addEdge(s, begin);
        else
          p.addEdge(begin, s);
        if (freeStmt[it->second] >= 0 && s > freeStmt[it->second])
          p.addEdge(freeStmt[it->second], s);
      }
    for (int64_t s = begin; s < end; ++s) {
      StmtEffects &fx = effects[s];
      bool reads = fx.unknown || fx.opaqueRead;
      bool writes = fx.unknown || fx.opaqueWrite;
      if ((!reads && !writes) || isDefinedInside(a, bm->ops[s]))
        continue;
      if (it != bufferOf.end())
        p.addUse(s, it->second);
      if (reads)
        fx.reads.add(a, Range());
      if (writes)
        fx.writes.add(a, Range());
    }
  }

  // An input that uses a buffer after freeing it (through any alias) has no
  // lifetime to model: refuse it rather than reorder around it.
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    if (freeStmt[b] < 0)
      continue;
    for (StmtId u : p.buffer(b).users)
      if (u > freeStmt[b])
        return fail(bm->ops[u],
                    "uses a buffer after it is freed (by '" +
                        bm->ops[freeStmt[b]]->getName().getStringRef() +
                        "'): use after free in the input");
  }

  // Memory ordering per base, and barriers. Per base, the accesses not yet
  // covered by a later write: an access conflicts with every earlier one whose
  // range overlaps its own, if either writes.
  struct Access {
    StmtId stmt;
    Range range;
  };
  struct BaseState {
    std::vector<Access> writes, reads;
  };
  llvm::DenseMap<BaseKey, BaseState> state;
  auto orderWrite = [&](BaseKey k, StmtId s, Range r) {
    BaseState &st = state[k];
    for (std::vector<Access> *list : {&st.writes, &st.reads}) {
      for (const Access &a : *list)
        if (a.range.overlaps(r))
          p.addEdge(a.stmt, s);
      // Accesses inside r are ordered before s; later conflicts with them
      // conflict with s as well.
      llvm::erase_if(*list,
                     [&](const Access &a) { return r.contains(a.range); });
    }
    st.writes.push_back({s, r});
  };
  auto orderRead = [&](BaseKey k, StmtId s, Range r) {
    BaseState &st = state[k];
    for (const Access &a : st.writes)
      if (a.range.overlaps(r))
        p.addEdge(a.stmt, s);
    st.reads.push_back({s, r});
  };
  int64_t lastBarrier = -1;
  std::vector<StmtId> sinceBarrier;
  // An op with unknown effects may read and write every buffer of the block
  // it can reach (those it uses through any alias): record that per base so
  // that writes, reads and the free of such a buffer keep their order with it.
  for (StmtId s = 0; s < bm->ops.size(); ++s)
    if (effects[s].unknown)
      for (BufferId b : p.statement(s).buffers) {
        effects[s].reads.add(bm->allocations[b], Range());
        effects[s].writes.add(bm->allocations[b], Range());
      }
  for (StmtId s = 0; s < bm->ops.size(); ++s) {
    StmtEffects &fx = effects[s];
    if (!fx.touchesMemory())
      continue;
    // Allocating fresh memory or freeing a buffer of this block cannot
    // conflict with a barrier that does not use it (and one that uses it is
    // ordered through the buffer's base above): no barrier edges, so the
    // scheduler may place them next to their users.
    if (p.statement(s).kind != StmtKind::Compute && !fx.unknown) {
      for (auto &[k, r] : fx.writes)
        orderWrite(k, s, r);
      continue;
    }
    if (lastBarrier >= 0)
      p.addEdge(static_cast<StmtId>(lastBarrier), s);
    if (fx.unknown) {
      for (StmtId t : sinceBarrier)
        p.addEdge(t, s);
      lastBarrier = s;
      sinceBarrier.clear();
      // Its whole-base accesses (recorded above) order the allocations and
      // frees of the buffers it uses, which take no barrier edges.
      for (auto &[k, r] : fx.writes)
        orderWrite(k, s, r);
      continue;
    }
    sinceBarrier.push_back(s);
    // A base both read and written: the write stands for both ranges.
    for (auto &[k, r] : fx.writes) {
      Range range = r;
      if (fx.reads.contains(k))
        range = range.hull(fx.reads.ranges.lookup(k));
      orderWrite(k, s, range);
    }
    for (auto &[k, r] : fx.reads)
      if (!fx.writes.contains(k))
        orderRead(k, s, r);
  }

  // Buffers the terminator passes on outlive the block.
  if (terminator)
    for (Value operand : terminator->getOperands())
      if (isa<BaseMemRefType>(operand.getType()))
        for (Value a : basesOf(operand).allocs)
          if (auto it = bufferOf.find(a); it != bufferOf.end()) {
            if (freeStmt[it->second] >= 0)
              return fail(terminator,
                          "passes on a buffer that is already freed: use "
                          "after free in the input");
            p.buffer(it->second).freedInBlock = false;
          }

  // Producer groups for recomputation.
  bm->writers.assign(p.numBuffers(), {});
  bm->recomputable.assign(p.numBuffers(), 0);
  for (StmtId s = 0; s < bm->ops.size(); ++s)
    for (auto &[k, range] : effects[s].writes)
      if (auto it = bufferOf.find(k);
          it != bufferOf.end() && k &&
          p.statement(s).kind == StmtKind::Compute &&
          !effects[s].allocatesOrFrees)
        bm->writers[it->second].push_back(s);
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    Value alloc = bm->allocations[b];
    bool ok = p.buffer(b).freedInBlock && !bm->writers[b].empty() &&
              !pinned.contains(b);
    for (StmtId w : bm->writers[b]) {
      if (!ok)
        break;
      Operation *op = bm->ops[w];
      const StmtEffects &fx = effects[w];
      ok = !fx.unknown && !fx.allocatesOrFrees && op->getNumResults() == 0 &&
           fx.writes.size() == 1 && fx.writes.begin()->first == alloc;
      // Every alias of the buffer it uses (at any depth, defined outside it)
      // is a pure view chain from the buffer, so a clone can recreate it.
      op->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands())
          if (ok && !isDefinedInside(operand, op) &&
              isa<BaseMemRefType>(operand.getType()) &&
              llvm::is_contained(basesOf(operand).allocs, alloc))
            ok = viewChainFrom(alloc, operand).has_value();
      });
    }
    // A late user is rewired to the fresh copy, and a clone reading b as a
    // chain input is rewired to the chain's copy, operand by operand: every
    // user must reach b only through b itself or a pure view chain from it.
    // Through any other alias (a loop result, a region argument, a select)
    // the rewired op would still read b, which the plan takes to be dead.
    for (StmtId u : p.buffer(b).users) {
      if (!ok)
        break;
      bm->ops[u]->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands())
          if (ok && !isDefinedInside(operand, bm->ops[u]) &&
              isa<BaseMemRefType>(operand.getType()) &&
              llvm::is_contained(basesOf(operand).allocs, alloc))
            ok = viewChainFrom(alloc, operand).has_value();
      });
    }
    // The clone inherits the group's ordering edges except those to users
    // of b (the core cannot tell which of them write): no other user of b
    // may write what the group reads (an in-place update of an input by an
    // early reader of b), or the clone could see other bits.
    if (ok) {
      llvm::SmallDenseSet<BaseKey> groupReads;
      for (StmtId w : bm->writers[b])
        for (auto &[k, range] : effects[w].reads)
          groupReads.insert(k);
      for (StmtId u : p.buffer(b).users) {
        if (llvm::is_contained(bm->writers[b], u))
          continue;
        if (effects[u].unknown)
          ok = false;
        for (auto &[k, range] : effects[u].writes)
          if (k != alloc && groupReads.contains(k))
            ok = false;
      }
    }
    bm->recomputable[b] = ok;
  }
  for (StmtId s = 0; s < bm->ops.size(); ++s)
    p.statement(s).macs = countMacs(bm->ops[s]);

  p.finalize();
  if (std::string tooLarge = p.checkTotals(); !tooLarge.empty())
    return fail(block.getParentOp(), tooLarge);
  std::string problemError = p.check();
  if (!problemError.empty())
    return fail(block.getParentOp(), "internal model error: " + problemError);
  bm->peak = simulatePeak(p, identityOrder(p));
  return bm;
}

} // namespace

MemoryModel::MemoryModel(Operation *funcLike) {
  auto fn = dyn_cast<FunctionOpInterface>(funcLike);
  if (!fn || fn.isExternal()) {
    failure = ModelFailure{funcLike->getLoc(), "function has no body"};
    return;
  }
  auto isTensor = [](Type t) { return isa<TensorType>(t); };
  if (llvm::any_of(fn.getArgumentTypes(), isTensor) ||
      llvm::any_of(fn.getResultTypes(), isTensor)) {
    failure =
        ModelFailure{funcLike->getLoc(),
                     "function has tensor arguments or results; peakmem "
                     "models bufferized IR (run one-shot-bufferize first)"};
    return;
  }
  Region &body = fn.getFunctionBody();
  if (!body.hasOneBlock()) {
    failure = ModelFailure{funcLike->getLoc(),
                           "function body has unstructured control flow (more "
                           "than one block); peakmem models structured bodies"};
    return;
  }
  ModelBuilder builder(funcLike);
  std::vector<std::unique_ptr<BlockModel>> built;
  BlockModel *entry =
      builder.prepare() ? builder.build(body.front(), built) : nullptr;
  if (!entry) {
    failure = builder.failure;
    return;
  }
  // build() records a block before the blocks nested in it.
  blocks = std::move(built);
  for (auto &m : blocks)
    byBlock[m->block] = m.get();
}

int64_t MemoryModel::getPeak() const {
  const BlockModel *entry = getEntryBlockModel();
  return entry ? entry->peak : 0;
}

const BlockModel *MemoryModel::getEntryBlockModel() const {
  return blocks.empty() ? nullptr : blocks.front().get();
}

const BlockModel *MemoryModel::getBlockModel(Block *block) const {
  auto it = byBlock.find(block);
  return it == byBlock.end() ? nullptr : it->second;
}

} // namespace peakmem
