//===- ArenaCalls.cpp - One arena for a call tree -------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// ArenaCalls.h: callees with callers take their arena as an argument, and
// every call passes a slot of its caller that the caller's plan places.

#include "ArenaCalls.h"
#include "peakmem/Transforms/AttrNames.h"
#include "peakmem/Transforms/FunctionRunner.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace peakmem {

/// The offset of the slot a call passes in its caller's arena (-1: the slot
/// is a heap allocation of its own).
constexpr const char *kCalleeArenaOffsetAttr = "peakmem.callee_arena_offset";

/// The function a direct call calls, resolved from the call's place.
static FunctionOpInterface directCallee(CallOpInterface call) {
  auto symbol = dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
  if (!symbol)
    return {};
  return dyn_cast_or_null<FunctionOpInterface>(
      SymbolTable::lookupNearestSymbolFrom(call, symbol));
}

/// Whether `fn` can reach itself through `callees`.
static bool isRecursive(
    Operation *fn,
    const llvm::DenseMap<Operation *, SmallVector<Operation *>> &callees) {
  llvm::DenseSet<Operation *> seen;
  SmallVector<Operation *> work(1, fn);
  while (!work.empty())
    for (Operation *c : callees.lookup(work.pop_back_val())) {
      if (c == fn)
        return true;
      if (seen.insert(c).second)
        work.push_back(c);
    }
  return false;
}

/// Why `fn`'s arena cannot be a slot of its callers', "" if it can: every
/// one of `users` is a direct func.call of it from a function of `inRun`.
/// std::nullopt when some use is not a direct func.call (CallerIndex says
/// why: a kernel launch, an address taken, a nested symbol reference...).
static std::optional<std::string> refusalOf(
    FunctionOpInterface fn, ArrayRef<Operation *> users,
    const llvm::DenseSet<Operation *> &inRun,
    const llvm::DenseMap<Operation *, SmallVector<Operation *>> &callees) {
  for (Operation *user : users) {
    auto call = dyn_cast<CallOpInterface>(user);
    if (!call || user->getName().getStringRef() != "func.call" ||
        directCallee(call) != fn)
      return std::nullopt;
  }
  if (llvm::any_of(fn.getResultTypes(),
                   [](Type t) { return isa<BaseMemRefType>(t); }))
    return "it is called and returns a memref, which would be a view of its "
           "caller's slot outliving the call (not supported: only callees "
           "without memref results take their arena from their callers)";
  for (Operation *user : users) {
    auto call = cast<CallOpInterface>(user);
    auto caller = user->getParentOfType<FunctionOpInterface>();
    if (!caller || !inRun.contains(caller))
      return "it is called from outside the functions the pass runs on: "
             "that caller would need the arena too";
    if (call.getArgOperands().size() != fn.getNumArguments())
      return "a call of it does not pass every argument";
  }
  if (isRecursive(fn, callees))
    return "it is called recursively: no caller's slot holds every "
           "activation of it";
  return std::string(); // Eligible (not std::nullopt).
}

ArenaCalls::ArenaCalls(Operation *root) {
  Operation *top = root;
  while (Operation *parent = top->getParentOp())
    top = parent;
  SmallVector<FunctionOpInterface> functions = collectFunctions(root);
  llvm::DenseSet<Operation *> inRun;
  for (FunctionOpInterface fn : functions)
    if (!fn.isExternal())
      inRun.insert(fn);
  // Every symbol use, resolved in its table (as CallerIndex does).
  llvm::DenseMap<Operation *, SmallVector<Operation *>> users, callees;
  bool unknown = !top->hasTrait<OpTrait::SymbolTable>();
  SymbolTableCollection tables;
  SymbolTable::walkSymbolTables(
      top, /*allSymUsesVisible=*/false, [&](Operation *table, bool) {
        for (Region &region : table->getRegions()) {
          std::optional<SymbolTable::UseRange> uses =
              SymbolTable::getSymbolUses(&region);
          if (!uses) {
            unknown = true;
            continue;
          }
          for (const SymbolTable::SymbolUse &use : *uses) {
            SmallVector<Operation *> symbols;
            if (succeeded(
                    tables.lookupSymbolIn(table, use.getSymbolRef(), symbols)))
              for (Operation *s : symbols)
                users[s].push_back(use.getUser());
          }
        }
      });
  for (FunctionOpInterface fn : functions)
    if (!fn.isExternal())
      fn->walk([&](CallOpInterface call) {
        if (FunctionOpInterface c = directCallee(call))
          callees[fn].push_back(c);
      });
  for (FunctionOpInterface fn : functions) {
    auto it = users.find(fn);
    if (fn.isExternal() || it == users.end())
      continue;
    if (unknown)
      continue; // CallerIndex says why.
    if (std::optional<std::string> why =
            refusalOf(fn, it->second, inRun, callees))
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
    if (FunctionOpInterface callee = directCallee(call))
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

bool passesCalleeArena(CallOpInterface call, Value v, Value root) {
  if (v != root)
    return false;
  FunctionOpInterface callee = directCallee(call);
  if (!callee || llvm::any_of(callee.getResultTypes(),
                              [](Type t) { return isa<BaseMemRefType>(t); }))
    return false;
  std::optional<unsigned> index = arenaArgumentOf(callee);
  if (!index)
    return false;
  // Passed there only: another operand would be a use the callee hides.
  bool there = false;
  for (auto [i, operand] : llvm::enumerate(call.getArgOperands()))
    if (operand == v) {
      if (i != *index)
        return false;
      there = true;
    }
  return there;
}

LogicalResult checkCalleeArenaSlots(FunctionOpInterface fn) {
  Value arena = arenaOf(fn);
  auto ownAlign = fn->getAttrOfType<IntegerAttr>(kArenaAlignmentAttr);
  for (auto [call, index] : arenaCalls(fn)) {
    FunctionOpInterface callee = directCallee(call);
    auto align = callee->getAttrOfType<IntegerAttr>(kArenaAlignmentAttr);
    std::string name = ("'" + callee.getName() + "'").str();
    if (!align || align.getInt() <= 0)
      return call->emitError() << "peakmem-verify-arena: " << name
                               << " takes an arena without a positive "
                                  "peakmem.arena_alignment";
    if (llvm::any_of(callee.getResultTypes(),
                     [](Type t) { return isa<BaseMemRefType>(t); }))
      return call->emitError() << "peakmem-verify-arena: " << name
                               << " takes its arena from its caller but "
                                  "returns a memref";
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
