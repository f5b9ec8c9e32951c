//===- MemoryModel.cpp - Buffer lifetimes of a function, from IR ----------===//

#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Analysis/OpCost.h"
#include "peakmem/Core/Simulation.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
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
/// of opaque ops), which is treated as one base.
struct Bases {
  SmallVector<Value, 2> allocs;
  bool external = false;
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
  bool unknown = false;  // Barrier: may touch any memory.
  bool allocatesOrFrees = false;
  bool touchesMemory() const {
    return unknown || !reads.empty() || !writes.empty();
  }
};

class ModelBuilder {
public:
  explicit ModelBuilder(Operation *func) : func(func) {}

  /// Builds models of `block` and everything nested in it, appending them to
  /// `out`. Returns the block's model, or null after recording a failure.
  BlockModel *build(Block &block,
                    std::vector<std::unique_ptr<BlockModel>> &out);

  std::optional<ModelFailure> failure;

private:
  const Bases &basesOf(Value v);
  /// Records the first reason the function cannot be modeled, at `op`.
  BlockModel *fail(Operation *op, const Twine &reason) {
    if (!failure)
      failure = ModelFailure{op->getLoc(), "'" +
                                               op->getName().getStringRef().str() +
                                               "' " + reason.str()};
    return nullptr;
  }
  bool checkOp(Operation *op);

  Operation *func;
  llvm::DenseMap<Value, Bases> baseCache;
};

/// True if `v` is defined inside `op` (by a nested op or a nested block).
static bool isDefinedInside(Value v, Operation *op) {
  Operation *owner = v.getParentBlock() ? v.getParentBlock()->getParentOp()
                                        : nullptr;
  if (auto res = dyn_cast<OpResult>(v))
    return op->isProperAncestor(res.getOwner());
  return owner && op->isAncestor(owner);
}

const Bases &ModelBuilder::basesOf(Value v) {
  auto it = baseCache.find(v);
  if (it != baseCache.end())
    return it->second;
  Bases result;
  auto merge = [&](const Bases &other) {
    result.external |= other.external;
    for (Value a : other.allocs)
      if (!llvm::is_contained(result.allocs, a))
        result.allocs.push_back(a);
  };
  // Insert a placeholder first: cycles through loop-carried values terminate.
  baseCache[v] = Bases{{}, true};
  if (auto res = dyn_cast<OpResult>(v)) {
    Operation *def = res.getOwner();
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    bool allocates = false;
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(def))
      allocates = iface.getEffectOnValue<MemoryEffects::Allocate>(v).has_value();
    if (view && view.getViewDest() == v) {
      merge(basesOf(view.getViewSource()));
    } else if (allocates) {
      result.allocs.push_back(v);
    } else {
      // Opaque producer (call, region op result, cast to another type...):
      // it may return any memory it can reach.
      result.external = true;
      def->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands())
          if (isa<BaseMemRefType>(operand.getType()) &&
              !isDefinedInside(operand, def))
            merge(basesOf(operand));
      });
    }
  } else {
    auto arg = cast<BlockArgument>(v);
    Operation *owner = arg.getOwner()->getParentOp();
    result.external = true;
    if (owner != func)
      for (Value operand : owner->getOperands())
        if (isa<BaseMemRefType>(operand.getType()))
          merge(basesOf(operand));
  }
  baseCache[v] = result;
  return baseCache[v];
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
          if (!inner->problem.buffer(b).freedInBlock)
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
    auto all = getEffectsRecursively(op);
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
        const Bases &bases = basesOf(v);
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
        if (!isa<BaseMemRefType>(operand.getType()))
          continue;
        for (Value a : basesOf(operand).allocs)
          if (auto it = bufferOf.find(a); it != bufferOf.end())
            p.addUse(s, it->second);
      }
    });
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
          if (auto it = bufferOf.find(a); it != bufferOf.end())
            p.buffer(it->second).freedInBlock = false;

  // Producer groups for recomputation.
  bm->writers.assign(p.numBuffers(), {});
  bm->recomputable.assign(p.numBuffers(), 0);
  for (StmtId s = 0; s < bm->ops.size(); ++s)
    for (auto &[k, range] : effects[s].writes)
      if (auto it = bufferOf.find(k); it != bufferOf.end() && k &&
          p.statement(s).kind == StmtKind::Compute && !effects[s].allocatesOrFrees)
        bm->writers[it->second].push_back(s);
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    Value alloc = bm->allocations[b];
    bool ok = p.buffer(b).freedInBlock && !bm->writers[b].empty();
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
    return fail(block.getParentOp(),
                "internal model error: " + problemError);
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
    failure = ModelFailure{funcLike->getLoc(),
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
  BlockModel *entry = builder.build(body.front(), built);
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
