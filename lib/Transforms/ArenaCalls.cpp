//===- ArenaCalls.cpp - One arena for a call tree -------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// ArenaCalls.h: callees with callers take their arena as an argument, and
// every call passes a slot of its caller that the caller's plan places.

#include "ArenaCalls.h"
#include "SymbolCalls.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Transforms/AttrNames.h"
#include "peakmem/Transforms/FunctionRunner.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace peakmem {

/// The offset of the slot a call passes in its caller's arena (-1: the slot
/// is a heap allocation of its own).
constexpr const char *kCalleeArenaOffsetAttr = "peakmem.callee_arena_offset";

/// Whether every result of `fn` is a plain value (integer, float, index or a
/// vector of them): no address can leave it through a result (a memref, a
/// pointer, an async token or handle could).
static bool returnsOnlyValues(FunctionOpInterface fn) {
  return llvm::all_of(fn.getResultTypes(), [](Type t) {
    if (auto vector = dyn_cast<VectorType>(t))
      t = vector.getElementType();
    return isa<IntegerType, FloatType, IndexType>(t);
  });
}

/// Why `fn`'s arena cannot be a slot of its callers', "" if it can: every
/// one of `calls` (its uses, all direct calls) is a func.call from a
/// function of `inRun`. std::nullopt when some call is not a func.call
/// (CallerIndex refuses it as referenced).
static std::optional<std::string>
refusalOf(FunctionOpInterface fn, ArrayRef<CallOpInterface> calls,
          const llvm::DenseSet<Operation *> &inRun, RetentionCache &retention) {
  for (CallOpInterface call : calls)
    if (call->getName().getStringRef() != "func.call")
      return std::nullopt;
  if (!returnsOnlyValues(fn))
    return "it is called and returns a memref, pointer or handle, which "
           "could carry an address of its caller's slot past the call (not "
           "supported: only callees returning integers, floats, indices or "
           "vectors take their arena from their callers)";
  for (CallOpInterface call : calls) {
    auto caller = call->getParentOfType<FunctionOpInterface>();
    if (!caller || !inRun.contains(caller))
      return "it is called from outside the functions the pass runs on: "
             "that caller would need the arena too";
    if (call.getArgOperands().size() != fn.getNumArguments())
      return "a call of it does not pass every argument";
  }
  if (retention.isRecursive(fn))
    return "it is called recursively: no caller's slot holds every "
           "activation of it";
  return std::string(); // Eligible (not std::nullopt).
}

/// The outermost op around `op`.
static Operation *outermost(Operation *op) {
  while (Operation *parent = op->getParentOp())
    op = parent;
  return op;
}

ArenaCalls::ArenaCalls(Operation *root) : retention(outermost(root)) {
  SymbolUses uses(root);
  if (!uses.unknown().empty())
    return; // CallerIndex says why.
  SmallVector<FunctionOpInterface> functions = collectFunctions(root);
  llvm::DenseSet<Operation *> inRun;
  for (FunctionOpInterface fn : functions)
    if (!fn.isExternal())
      inRun.insert(fn);
  for (FunctionOpInterface fn : functions) {
    if (fn.isExternal() || uses.usersOf(fn).empty())
      continue;
    std::optional<SmallVector<CallOpInterface>> calls = uses.directCallsOf(fn);
    if (!calls)
      continue; // Address taken, launched...: CallerIndex says why.
    if (std::optional<std::string> why =
            refusalOf(fn, *calls, inRun, retention))
      refusals[fn] = *why;
  }
}

std::optional<std::string>
ArenaCalls::calleeRefusal(FunctionOpInterface fn) const {
  auto it = refusals.find(fn);
  if (it == refusals.end())
    return std::nullopt;
  return it->second;
}

std::optional<unsigned> arenaArgumentOf(FunctionOpInterface callee) {
  if (callee.isExternal() || !callee->hasAttr(kArenaSizeAttr))
    return std::nullopt;
  for (unsigned i = 0, e = callee.getNumArguments(); i < e; ++i)
    if (callee.getArgAttr(i, kArenaAttr))
      return i;
  return std::nullopt;
}

bool ArenaCalls::passSlots(FunctionOpInterface fn) const {
  if (fn.isExternal())
    return false;
  SmallVector<CallOpInterface> calls;
  fn->walk([&](CallOpInterface call) { calls.push_back(call); });
  bool changed = false;
  for (CallOpInterface call : calls) {
    FunctionOpInterface callee = directCallee(call);
    if (!callee || calleeRefusal(callee) != std::optional<std::string>(""))
      continue;
    std::optional<unsigned> index = arenaArgumentOf(callee);
    // The arena is the callee's last argument; the call passes the others.
    if (!index || call.getArgOperands().size() != *index ||
        *index + 1 != callee.getNumArguments())
      continue;
    auto type = dyn_cast<MemRefType>(callee.getArgumentTypes()[*index]);
    auto align = callee->getAttrOfType<IntegerAttr>(kArenaAlignmentAttr);
    if (!type || !align)
      continue;
    OpBuilder b(call);
    auto slot = memref::AllocOp::create(
        b, call.getLoc(), type,
        b.getI64IntegerAttr(std::max<int64_t>(1, align.getInt())));
    call.getArgOperandsMutable().append(ValueRange{slot.getResult()});
    b.setInsertionPointAfter(call);
    memref::DeallocOp::create(b, call.getLoc(), slot.getResult());
    changed = true;
  }
  return changed;
}

void ArenaCalls::markCallee(FunctionOpInterface fn) const {
  if (calleeRefusal(fn) != std::optional<std::string>(""))
    return;
  if (std::optional<unsigned> index = arenaArgumentOf(fn))
    fn.setArgAttr(*index, "llvm.nocapture", UnitAttr::get(fn.getContext()));
}

/// The value `fn` holds its arena in (an argument or entry-block op marked
/// peakmem.arena), if it has one.
static Value arenaOf(FunctionOpInterface fn) {
  if (fn.isExternal())
    return {};
  Block &entry = fn.getFunctionBody().front();
  for (BlockArgument arg : entry.getArguments())
    if (fn.getArgAttr(arg.getArgNumber(), kArenaAttr))
      return arg;
  for (Operation &op : entry)
    if (op.hasAttr(kArenaAttr) && op.getNumResults() == 1)
      return op.getResult(0);
  return {};
}

/// The byte offset of `v` in `arena` when it is a memref.view of it with a
/// constant shift.
static std::optional<int64_t> offsetIn(Value v, Value arena) {
  auto view = v.getDefiningOp<memref::ViewOp>();
  APInt shift;
  if (!arena || !view || view.getSource() != arena ||
      !matchPattern(view.getByteShift(), m_ConstantInt(&shift)))
    return std::nullopt;
  return shift.getSExtValue();
}

/// The calls of `fn` passing a callee's arena, with the callee's argument.
static SmallVector<std::pair<CallOpInterface, unsigned>>
arenaCalls(FunctionOpInterface fn) {
  SmallVector<std::pair<CallOpInterface, unsigned>> out;
  fn->walk([&](CallOpInterface call) {
    // Not read under func.func(...) nesting (passesCalleeArena).
    if (FunctionOpInterface callee = directCallee(call);
        callee && CalleeBodiesScope::mayRead(callee))
      if (std::optional<unsigned> index = arenaArgumentOf(callee))
        if (*index < call.getArgOperands().size())
          out.push_back({call, *index});
  });
  return out;
}

void ArenaCalls::recordSlots(FunctionOpInterface fn) const {
  Value arena = arenaOf(fn);
  Builder b(fn.getContext());
  for (auto [call, index] : arenaCalls(fn)) {
    std::optional<int64_t> offset =
        offsetIn(call.getArgOperands()[index], arena);
    call->setAttr(kCalleeArenaOffsetAttr,
                  b.getI64IntegerAttr(offset.value_or(-1)));
  }
}

/// Whether `v` is `root` or reached from it through view-like ops.
static bool isAliasOf(Value v, Value root) {
  while (v && v != root) {
    auto view = v.getDefiningOp<ViewLikeOpInterface>();
    v = view ? view.getViewSource() : Value();
  }
  return v && root;
}

/// The first argument of `call` other than #`index` that is an alias of the
/// value passed at `index`, if any.
static std::optional<unsigned> otherAliasOperand(CallOpInterface call,
                                                 unsigned index) {
  Value slot = call.getArgOperands()[index];
  for (auto [i, operand] : llvm::enumerate(call.getArgOperands()))
    if (i != index && isAliasOf(operand, slot))
      return i;
  return std::nullopt;
}

std::string passesCalleeArena(CallOpInterface call, Value v, Value root) {
  FunctionOpInterface callee = directCallee(call);
  // Under func.func(...) nesting other functions are rewritten concurrently:
  // their attributes are not read (the call then hides the use).
  std::optional<unsigned> arenaIndex;
  if (callee && CalleeBodiesScope::mayRead(callee) && returnsOnlyValues(callee))
    arenaIndex = arenaArgumentOf(callee);
  bool asArena = false, asArgument = false;
  for (auto [i, operand] : llvm::enumerate(call.getArgOperandsMutable())) {
    if (operand.get() != v)
      continue;
    if (arenaIndex && i == *arenaIndex) {
      asArena = true;
      continue;
    }
    // An ordinary argument: the call must keep no alias (SymbolCalls.h).
    if (std::string why = callRetention(call, operand); !why.empty())
      return why;
    asArgument = true;
  }
  // The callee's arena is the whole slot, passed there only: as another
  // argument too (or an alias of it), the callee's views would overlap what
  // it reads there.
  if (asArena &&
      (v != root || asArgument || otherAliasOperand(call, *arenaIndex)))
    return "it is passed as the callee's arena and also otherwise (a part "
           "of the slot, or beside it as another argument)";
  if (!asArena && !asArgument)
    return "it is an operand of the call other than an argument";
  return {};
}

/// Every call of `fn` to a function with a body passing an alias of fn's
/// arena as an ordinary argument keeps no alias of it past its return
/// (SymbolCalls.h, derived again from the callee's body: llvm.nocapture is
/// not trusted). Other calls (declarations, bodies this run may not read)
/// are left to the slots' own rule, which rejects such a use as hidden.
static LogicalResult checkPassedViews(FunctionOpInterface fn, Value arena) {
  WalkResult walk = fn->walk([&](CallOpInterface call) {
    FunctionOpInterface callee = directCallee(call);
    if (!callee || callee.isExternal() || !CalleeBodiesScope::mayRead(callee))
      return WalkResult::advance();
    std::optional<unsigned> index = arenaArgumentOf(callee);
    for (auto [i, operand] : llvm::enumerate(call.getArgOperandsMutable())) {
      if ((index && i == *index) || !isAliasOf(operand.get(), arena))
        continue;
      if (std::string why = callRetention(call, operand); !why.empty()) {
        call->emitError() << "peakmem-verify-arena: argument #" << i
                          << " is a view of the arena and the call may "
                             "keep it: "
                          << why;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// A recorded plan (materialize=false) places a buffer the function never
/// frees only when no call sees it: a callee may free what its caller never
/// frees (a declaration marked llvm.nocapture keeps no alias but may release
/// it, as free does), and freeing a view of the arena would be wrong. The
/// planner gives each never-freed buffer it places a dealloc after its last
/// use; an allocation with a recorded offset, no dealloc and a call among
/// the users of its aliases is rejected at the call.
static LogicalResult checkNeverFreedPassed(FunctionOpInterface fn) {
  WalkResult walk = fn->walk([&](memref::AllocOp alloc) {
    if (!alloc->hasAttr(kArenaOffsetAttr))
      return WalkResult::advance();
    SmallVector<Value> aliases(1, alloc.getResult());
    Operation *call = nullptr;
    bool freed = false;
    while (!aliases.empty()) {
      Value v = aliases.pop_back_val();
      for (Operation *user : v.getUsers()) {
        freed |= isa<memref::DeallocOp>(user);
        if (isa<CallOpInterface>(user) && !call)
          call = user;
        if (auto view = dyn_cast<ViewLikeOpInterface>(user);
            view && view.getViewSource() == v)
          llvm::append_range(aliases, user->getResults());
      }
    }
    if (freed || !call)
      return WalkResult::advance();
    call->emitError() << "peakmem-verify-arena: a buffer placed in the arena "
                         "(peakmem.arena_offset) and never freed is passed to '"
                      << call->getName().getStringRef()
                      << "', which may free it";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult checkCalleeArenaSlots(FunctionOpInterface fn) {
  if (failed(checkNeverFreedPassed(fn)))
    return failure();
  Value arena = arenaOf(fn);
  if (arena && failed(checkPassedViews(fn, arena)))
    return failure();
  auto ownAlign = fn->getAttrOfType<IntegerAttr>(kArenaAlignmentAttr);
  for (auto [call, index] : arenaCalls(fn)) {
    FunctionOpInterface callee = directCallee(call);
    auto align = callee->getAttrOfType<IntegerAttr>(kArenaAlignmentAttr);
    std::string name = ("'" + callee.getName() + "'").str();
    if (!align || align.getInt() <= 0)
      return call->emitError() << "peakmem-verify-arena: " << name
                               << " takes an arena without a positive "
                                  "peakmem.arena_alignment";
    if (!returnsOnlyValues(callee))
      return call->emitError() << "peakmem-verify-arena: " << name
                               << " takes its arena from its caller but "
                                  "returns a value other than an integer, "
                                  "float, index or vector";
    if (std::optional<unsigned> other = otherAliasOperand(call, index))
      return call->emitError()
             << "peakmem-verify-arena: the arena of " << name
             << " is also passed, through an alias, as argument #" << *other;
    Value slot = call.getArgOperands()[index];
    int64_t want = align.getInt();
    std::optional<int64_t> offset = offsetIn(slot, arena);
    auto recorded = call->getAttrOfType<IntegerAttr>(kCalleeArenaOffsetAttr);
    if (offset) {
      if (*offset % want != 0 || !ownAlign || ownAlign.getInt() < want)
        return call->emitError()
               << "peakmem-verify-arena: the arena of " << name
               << " is passed at offset " << *offset
               << " of an arena aligned to "
               << (ownAlign ? ownAlign.getInt() : 0) << ": not aligned to its "
               << "peakmem.arena_alignment = " << want;
    } else if (auto alloc = slot.getDefiningOp<memref::AllocOp>()) {
      if (static_cast<int64_t>(alloc.getAlignment().value_or(1)) < want)
        return call->emitError() << "peakmem-verify-arena: the arena of "
                                 << name << " is an allocation aligned to "
                                 << alloc.getAlignment().value_or(1)
                                 << ", less than its peakmem.arena_alignment "
                                    "= "
                                 << want;
    } else {
      return call->emitError()
             << "peakmem-verify-arena: the arena of " << name
             << " is neither a view of the caller's arena nor an allocation";
    }
    if (recorded && recorded.getInt() != offset.value_or(-1))
      return call->emitError()
             << "peakmem-verify-arena: " << kCalleeArenaOffsetAttr << " = "
             << recorded.getInt() << " but the slot passed is at "
             << offset.value_or(-1);
  }
  return success();
}

} // namespace peakmem
