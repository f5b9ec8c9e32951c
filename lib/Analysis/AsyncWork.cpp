//===- AsyncWork.cpp - Asynchronous work and where it ends ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The rules are stated in peakmem/Analysis/AsyncWork.h and docs/Safety.md
// ("Asynchronous work"); the roles of ops in OpSemantics.h.

#include "AsyncWork.h"
#include "peakmem/Analysis/AsyncWork.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace peakmem {
namespace model {

namespace {

/// Merges `from` into `into`.
void mergePending(Pending &into, const Pending &from) {
  into.reads.insert(from.reads.begin(), from.reads.end());
  into.writes.insert(from.writes.begin(), from.writes.end());
  into.opaque |= from.opaque;
}

/// An opaque pending access may touch external memory (and captured
/// buffers, through the statement's opaque flag).
void closePending(Pending &p) {
  if (p.opaque)
    p.writes.insert(BaseKey());
}

bool isHandle(Value v) { return isAsyncHandleType(v.getType()); }

} // namespace

/// Whether anything in `func` takes part in asynchronous work: an op with an
/// asynchronous role or one that starts a DMA transfer, or a value of a
/// handle type used or defined by an op. Without any, every phase of
/// AsyncWork::analyze finds nothing (no failure, no completion): one walk
/// decides what its five would.
static bool mayHaveAsyncWork(Operation *func) {
  auto isHandleType = [](Type t) { return isAsyncHandleType(t); };
  return func
      ->walk([&](Operation *op) {
        if (op == func)
          return WalkResult::advance();
        OpSemantics s = getOpSemantics(op);
        if (s.async != AsyncRole::None || s.transferStarted ||
            llvm::any_of(op->getOperandTypes(), isHandleType) ||
            llvm::any_of(op->getResultTypes(), isHandleType))
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

bool AsyncWork::charge(int64_t units) {
  work += units;
  return work <= kMaxWork;
}

/// What the work `start` begins may access until it completes: its memory
/// effects and those of its regions, on values defined outside it (every
/// memref it uses, written, when its effects are not known). Nothing for
/// an op that only synchronises (gpu.wait async).
const Pending &AsyncWork::accessesOf(Operation *start) {
  if (auto it = accessCache.find(start); it != accessCache.end())
    return it->second;
  Pending result;
  auto addBases = [&](Value w, bool isRead) {
    Bases bases = aliases.basesOf(w);
    auto &set = isRead ? result.reads : result.writes;
    for (Value a : bases.allocs)
      if (!isDefinedInside(a, start))
        set.insert(a);
    if (bases.external)
      set.insert(BaseKey());
    result.opaque |= bases.opaque;
  };
  if (!getOpSemantics(start).onlySynchronises) {
    std::optional<SmallVector<MemoryEffects::EffectInstance>> all =
        getEffectsRecursively(start);
    bool known = all.has_value();
    if (all)
      for (const MemoryEffects::EffectInstance &e : *all) {
        if (isa<MemoryEffects::Allocate>(e.getEffect()))
          continue;
        if (!e.getValue()) {
          known = false;
          break;
        }
        addBases(e.getValue(), isa<MemoryEffects::Read>(e.getEffect()));
      }
    if (!known) {
      result.opaque = true;
      start->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands())
          if (isa<BaseMemRefType>(operand.getType()) &&
              !isDefinedInside(operand, start))
            addBases(operand, /*isRead=*/false);
      });
    }
  }
  return accessCache[start] = std::move(result);
}

/// A transfer reads its source and writes its destination until it is
/// waited for, and then signals its tag.
Pending AsyncWork::transferAccesses(const Transfer &t) {
  Pending result;
  for (auto [value, isRead] :
       {std::make_pair(t.source, true), std::make_pair(t.dest, false),
        std::make_pair(t.tag.memref, false)}) {
    Bases bases = aliases.basesOf(value);
    auto &set = isRead ? result.reads : result.writes;
    for (Value a : bases.allocs)
      set.insert(a);
    if (bases.external)
      set.insert(BaseKey());
    result.opaque |= bases.opaque;
  }
  closePending(result);
  return result;
}

/// Records a completion at `endOp` in its own block and in every enclosing
/// block of the function (at the statement holding it), with the
/// statements of each that hold one of `startOps`.
void AsyncWork::addCompletion(Operation *endOp, ArrayRef<Operation *> startOps,
                              unsigned pending) {
  for (Operation *end = endOp; end && end != func; end = end->getParentOp()) {
    Block *block = end->getBlock();
    Completion c{end, {}, pending};
    for (Operation *start : startOps)
      if (Operation *anc = block->findAncestorOpInBlock(*start))
        if (!llvm::is_contained(c.starts, anc))
          c.starts.push_back(anc);
    completions[block].push_back(std::move(c));
  }
}

/// Every use of a handle is one the model follows: a dependency of work an
/// op starts, a wait on the host, joining a group. An !async.value cannot
/// carry a handle (the work behind it would end at a wait on the value's
/// payload, which the model does not follow).
std::optional<ModelFailure> AsyncWork::checkHandleUses() {
  std::optional<ModelFailure> failure;
  func->walk([&](Operation *op) {
    for (Value result : op->getResults())
      if (auto value = dyn_cast<async::ValueType>(result.getType());
          value && isAsyncHandleType(value.getValueType())) {
        failure = failureAt(op, "returns an async value that carries an "
                                "async handle: the work behind it has no end "
                                "peakmem can follow");
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (failure)
    return failure;
  func->walk([&](Operation *op) {
    AsyncRole role = getAsyncRole(op);
    if (role == AsyncRole::Starts || role == AsyncRole::WaitsOnHost ||
        role == AsyncRole::JoinsGroup ||
        !llvm::any_of(op->getOperands(), isHandle))
      return WalkResult::advance();
    failure = failureAt(
        op, "uses an async value in a way peakmem cannot follow (returned, "
            "yielded, passed to a call or stored): the buffers its "
            "asynchronous work accesses have no known end of use");
    return WalkResult::interrupt();
  });
  return failure;
}

/// Whether some op of `group`'s block waits for it on the host after `user`
/// (an op adding a handle to it): waiting for a group waits for what was
/// added before.
bool AsyncWork::groupWaitedAfter(Value group, Operation *user) {
  Block *block = group.getParentBlock();
  Operation *anc = block ? block->findAncestorOpInBlock(*user) : nullptr;
  if (!anc || !group.getDefiningOp() ||
      getAsyncRole(group.getDefiningOp()) != AsyncRole::CreatesGroup)
    return false;
  auto [it, inserted] = lastGroupWait.try_emplace(group, nullptr);
  if (inserted)
    for (Operation *w : group.getUsers())
      if (w->getBlock() == block && getAsyncRole(w) == AsyncRole::WaitsOnHost &&
          (!it->second || it->second->isBeforeInBlock(w)))
        it->second = w;
  return it->second && anc->isBeforeInBlock(it->second);
}

/// Each op that starts work has a handle waited for in its own block: by a
/// wait on the host there, or through a handle of work that depends on it
/// (started there), or a group it joins there that is waited for after.
/// Handles are visited in reverse block order, so the handles of the ops
/// using a handle are decided before it.
std::optional<ModelFailure> AsyncWork::checkStartsWaited() {
  std::optional<ModelFailure> failure;
  func->walk([&](Block *block) {
    for (Operation &op : llvm::reverse(*block))
      for (Value h : op.getResults()) {
        if (!isHandle(h))
          continue;
        bool waited = false;
        for (OpOperand &use : h.getUses()) {
          Operation *user = use.getOwner();
          if (user->getBlock() != block)
            continue;
          AsyncRole role = getAsyncRole(user);
          waited |= role == AsyncRole::WaitsOnHost;
          if (role == AsyncRole::Starts)
            waited |= llvm::any_of(user->getResults(), [&](Value r) {
              return waitedCache.lookup(r);
            });
          if (role == AsyncRole::JoinsGroup && use.getOperandNumber() == 0)
            waited |= groupWaitedAfter(user->getOperand(1), user);
          if (waited)
            break;
        }
        waitedCache[h] = waited;
      }
  });
  func->walk([&](Operation *op) {
    if (getAsyncRole(op) != AsyncRole::Starts ||
        llvm::any_of(op->getResults(),
                     [&](Value r) { return waitedCache.lookup(r); }))
      return WalkResult::advance();
    failure = failureAt(op, "is never awaited in its block: the buffers its "
                            "asynchronous work accesses have no known end "
                            "of use");
    return WalkResult::interrupt();
  });
  return failure;
}

/// A wait on the host completes the work behind its handles and everything
/// that work depends on (the dependency closure, followed from handle to
/// the op that defined it): its accesses are pending until the wait.
/// Handles of unknown origin (arguments) stand for work that may access
/// anything reachable (opaque).
std::optional<ModelFailure> AsyncWork::addHandleCompletions() {
  std::optional<ModelFailure> failure;
  func->walk([&](Operation *wait) {
    if (getAsyncRole(wait) != AsyncRole::WaitsOnHost)
      return WalkResult::advance();
    SmallVector<Value> stack;
    for (Value operand : wait->getOperands())
      if (isHandle(operand))
        stack.push_back(operand);
    llvm::DenseSet<Value> seen;
    SmallVector<Operation *> starts;
    Pending pending;
    while (!stack.empty()) {
      Value h = stack.pop_back_val();
      if (!seen.insert(h).second)
        continue;
      Operation *def = h.getDefiningOp();
      AsyncRole role = def ? getAsyncRole(def) : AsyncRole::None;
      if (role == AsyncRole::Starts) {
        if (!llvm::is_contained(starts, def)) {
          const Pending &accesses = accessesOf(def);
          mergePending(pending, accesses);
          starts.push_back(def);
          if (!charge(1 + accesses.reads.size() + accesses.writes.size()))
            break;
        }
        for (Value operand : def->getOperands())
          if (isHandle(operand))
            stack.push_back(operand);
      } else if (role == AsyncRole::CreatesGroup) {
        // What joined the group before the wait (in the group's block).
        Block *block = h.getParentBlock();
        Operation *waitAnc = block->findAncestorOpInBlock(*wait);
        for (Operation *user : h.getUsers())
          if (getAsyncRole(user) == AsyncRole::JoinsGroup &&
              user->getOperand(1) == h)
            if (Operation *anc = block->findAncestorOpInBlock(*user);
                anc && waitAnc && anc->isBeforeInBlock(waitAnc))
              stack.push_back(user->getOperand(0));
      } else {
        pending.opaque = true;
      }
      if (!charge(1))
        break;
    }
    if (work > kMaxWork) {
      failure = failureAt(wait, "waits for asynchronous work with more "
                                "dependencies and accesses than peakmem "
                                "follows in one function (2^22)");
      return WalkResult::interrupt();
    }
    closePending(pending);
    pendings.push_back(std::move(pending));
    addCompletion(wait, starts, pendings.size() - 1);
    return WalkResult::advance();
  });
  return failure;
}

/// The last statement of the function body `body` that holds a wait on a tag
/// that may alias `tag` (null: none).
Operation *AsyncWork::lastWaitOnAlias(Block &body, const TransferTag &tag) {
  if (!bodyWaits) {
    bodyWaits.emplace();
    for (Operation &stmt : body) {
      std::vector<Bases> tags;
      stmt.walk([&](Operation *op) {
        if (std::optional<TransferTag> waited = getTransferWaited(op))
          tags.push_back(aliases.basesOf(waited->memref));
      });
      if (!tags.empty())
        bodyWaits->emplace_back(&stmt, std::move(tags));
    }
  }
  Bases mine = aliases.basesOf(tag.memref);
  auto mayAlias = [&](const Bases &other) {
    if (mine.opaque || other.opaque || (mine.external && other.external))
      return true;
    return llvm::any_of(mine.allocs, [&](Value a) {
      return llvm::is_contained(other.allocs, a);
    });
  };
  for (auto &[stmt, tags] : llvm::reverse(*bodyWaits)) {
    charge(1);
    if (llvm::any_of(tags, mayAlias))
      return stmt;
  }
  return nullptr;
}

/// DMA transfers started in `block` (directly or in nested blocks) are
/// matched to the wait that completes them; those still in flight at the
/// end of a nested block are appended to `out` (indices into `flights`).
std::optional<ModelFailure>
AsyncWork::addTransferCompletions(Block &block, std::vector<unsigned> &out) {
  const bool isBody = block.getParentOp() == func;
  for (Operation &stmt : block) {
    std::vector<unsigned> mine;
    if (std::optional<Transfer> t = getTransferStarted(&stmt)) {
      pendings.push_back(transferAccesses(*t));
      flights.push_back({t->tag, &stmt, unsigned(pendings.size() - 1)});
      mine.push_back(flights.size() - 1);
    }
    for (Region &region : stmt.getRegions())
      for (Block &nested : region)
        if (std::optional<ModelFailure> f =
                addTransferCompletions(nested, mine))
          return f;
    for (unsigned f : mine) {
      const InFlightTransfer flight = flights[f];
      if (work > kMaxWork)
        return failureAt(flight.startOp,
                         "starts more DMA transfers (with their tags' uses) "
                         "than peakmem follows in one function (2^22)");
      // The first later wait on the same tag element, in this block.
      Operation *match = nullptr;
      for (Operation *user : flight.tag.memref.getUsers()) {
        charge(1);
        if (user->getBlock() != &block || !stmt.isBeforeInBlock(user))
          continue;
        std::optional<TransferTag> waited = getTransferWaited(user);
        if (waited && waited->sameElementAs(flight.tag) &&
            (!match || user->isBeforeInBlock(match)))
          match = user;
      }
      if (!match && isBody) {
        match = lastWaitOnAlias(block, flight.tag);
        if (!match || match->isBeforeInBlock(&stmt))
          return failureAt(flight.startOp,
                           "starts a DMA transfer that no later op waits for "
                           "(on the same tag): the buffers it accesses have "
                           "no known end of use");
        if (match == &stmt)
          continue; // Completes inside the statement.
      }
      if (match) {
        completions[&block].push_back({match, {&stmt}, flight.pending});
        continue;
      }
      // In flight past the end of this nested block.
      const Pending &p = pendings[flight.pending];
      for (const auto *set : {&p.reads, &p.writes})
        for (BaseKey k : *set)
          if (k && k.getParentBlock() == &block)
            return failureAt(flight.startOp,
                             "starts a DMA transfer on a buffer of its block "
                             "that no later op of the block waits for (on the "
                             "same tag element): the transfer may still run "
                             "when the buffer is freed");
      out.push_back(f);
    }
  }
  return std::nullopt;
}

std::optional<ModelFailure> AsyncWork::analyze() {
  if (!mayHaveAsyncWork(func))
    return std::nullopt;
  if (std::optional<ModelFailure> f = checkHandleUses())
    return f;
  if (std::optional<ModelFailure> f = checkStartsWaited())
    return f;
  if (std::optional<ModelFailure> f = addHandleCompletions())
    return f;
  std::vector<unsigned> unused;
  for (Region &region : func->getRegions())
    for (Block &body : region)
      if (std::optional<ModelFailure> f = addTransferCompletions(body, unused))
        return f;
  return std::nullopt;
}

} // namespace model

AsyncWorkEnds findAsyncWorkEnds(Operation *func) {
  AsyncWorkEnds result;
  // AliasAnalysis::prepare cannot fail: nothing to find without async work.
  if (!model::mayHaveAsyncWork(func))
    return result;
  model::AliasAnalysis aliases(func);
  result.failure = aliases.prepare();
  if (result.failure)
    return result;
  model::AsyncWork work(func, aliases);
  result.failure = work.analyze();
  if (result.failure)
    return result;
  func->walk([&](Block *block) {
    for (const model::Completion &c : work.completionsIn(block))
      for (Operation *start : c.starts)
        if (start != c.end) {
          auto &ends = result.ends[start];
          if (!llvm::is_contained(ends, c.end))
            ends.push_back(c.end);
        }
  });
  return result;
}

} // namespace peakmem
