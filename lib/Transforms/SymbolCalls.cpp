//===- SymbolCalls.cpp - What a call does with the memrefs it passes ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// SymbolCalls.h: callers from symbol uses, recursion, non-retention of call
// arguments from the callee's body.

#include "SymbolCalls.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Analysis/OpSemantics.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

namespace peakmem {

FunctionOpInterface directCallee(CallOpInterface call) {
  auto symbol = dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
  if (!symbol)
    return {};
  return dyn_cast_or_null<FunctionOpInterface>(
      SymbolTable::lookupNearestSymbolFrom(call, symbol));
}

SymbolUses::SymbolUses(Operation *root) {
  Operation *top = root;
  while (Operation *parent = top->getParentOp())
    top = parent;
  if (!top->hasTrait<OpTrait::SymbolTable>()) {
    whyUnknown = "the outermost op is not a symbol table";
    return;
  }
  SymbolTableCollection tables;
  SymbolTable::walkSymbolTables(
      top, /*allSymUsesVisible=*/false, [&](Operation *table, bool) {
        for (Region &region : table->getRegions()) {
          std::optional<SymbolTable::UseRange> uses =
              SymbolTable::getSymbolUses(&region);
          if (!uses) {
            if (whyUnknown.empty())
              whyUnknown = ("'" + table->getName().getStringRef() +
                            "' holds ops whose symbol uses are unknown")
                               .str();
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
}

ArrayRef<Operation *> SymbolUses::usersOf(Operation *symbol) const {
  auto it = users.find(symbol);
  return it == users.end() ? ArrayRef<Operation *>() : it->second;
}

llvm::DenseSet<Operation *> SymbolUses::referenced() const {
  llvm::DenseSet<Operation *> out;
  for (const auto &entry : users)
    out.insert(entry.first);
  return out;
}

std::optional<SmallVector<CallOpInterface>>
SymbolUses::directCallsOf(FunctionOpInterface fn) const {
  SmallVector<CallOpInterface> calls;
  for (Operation *user : usersOf(fn)) {
    auto call = dyn_cast<CallOpInterface>(user);
    if (!call || directCallee(call) != fn)
      return std::nullopt;
    calls.push_back(call);
  }
  return calls;
}

bool isRecursive(FunctionOpInterface fn) {
  llvm::DenseSet<Operation *> seen;
  SmallVector<FunctionOpInterface> work(1, fn);
  while (!work.empty()) {
    FunctionOpInterface f = work.pop_back_val();
    if (f.isExternal())
      continue;
    WalkResult walk = f->walk([&](CallOpInterface call) {
      FunctionOpInterface c = directCallee(call);
      if (c == fn)
        return WalkResult::interrupt();
      if (c && seen.insert(c).second)
        work.push_back(c);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return true;
  }
  return false;
}

namespace {

/// A value that carries no address: an integer, float or index, or a
/// vector or complex of them.
bool isPlainValue(Type t) {
  if (auto vector = dyn_cast<VectorType>(t))
    t = vector.getElementType();
  if (auto complex = dyn_cast<ComplexType>(t))
    t = complex.getElementType();
  return isa<IntegerType, FloatType, IndexType>(t);
}

/// One proof over the callees reached from one call (SymbolCalls.h).
class RetentionProof {
public:
  std::string ofCall(CallOpInterface call, OpOperand &operand);

private:
  std::string ofArgument(FunctionOpInterface fn, unsigned index);
  std::string ofUse(FunctionOpInterface fn, OpOperand &use,
                    SmallVectorImpl<Value> &aliases);

  /// The functions whose argument is being followed, outermost first.
  SmallVector<Operation *, 4> stack;
  llvm::DenseMap<std::pair<Operation *, unsigned>, std::string> proved;
};

} // namespace

/// Pushes the memref results of `op` (aliases of its operand) onto
/// `aliases`; false if some result is neither a memref nor a plain value
/// (a pointer, a token of asynchronous work...), which could carry it.
static bool followResults(Operation *op, SmallVectorImpl<Value> &aliases) {
  for (Value r : op->getResults()) {
    if (isa<BaseMemRefType>(r.getType()))
      aliases.push_back(r);
    else if (!isPlainValue(r.getType()))
      return false;
  }
  return true;
}

/// Why `user`, inside `fn`, may run after `fn` returns: an enclosing op
/// whose regions may run later (async.execute) or are not known to run
/// within it. Linalg payloads and registered structured control flow
/// (sequential or concurrent, all before the op returns) do not.
static std::string outlivingRegion(FunctionOpInterface fn, Operation *user) {
  for (Operation *p = user->getParentOp(); p && p != fn; p = p->getParentOp()) {
    RegionExecution how = getRegionExecution(p);
    if (how == RegionExecution::Deferred ||
        (how == RegionExecution::Unknown && !isa<linalg::LinalgOp>(p)))
      return ("it is used inside '" + p->getName().getStringRef() +
              "', whose regions may run after '" + fn.getName() + "' returns")
          .str();
  }
  return {};
}

std::string RetentionProof::ofUse(FunctionOpInterface fn, OpOperand &use,
                                  SmallVectorImpl<Value> &aliases) {
  Operation *user = use.getOwner();
  Value v = use.get();
  std::string name = ("'" + user->getName().getStringRef() + "'").str();
  if (std::string why = outlivingRegion(fn, user); !why.empty())
    return why;
  if (auto view = dyn_cast<ViewLikeOpInterface>(user);
      view && view.getViewSource() == v)
    return followResults(user, aliases)
               ? ""
               : "an alias flows into a result of " + name;
  OpSemantics facts = getOpSemantics(user);
  if (facts.async == AsyncRole::Starts || getTransferStarted(user))
    return "it is used by asynchronous work " + name +
           " starts, which may run after the call returns";
  if (auto call = dyn_cast<CallOpInterface>(user))
    return ofCall(call, use);
  if (user->hasTrait<OpTrait::IsTerminator>())
    return user->hasTrait<OpTrait::ReturnLike>() && user->getParentOp() == fn
               ? ("'" + fn.getName() + "' returns it").str()
               : "an alias is passed on by " + name;
  if (facts.readsOnlyMetadata)
    return followResults(user, aliases)
               ? ""
               : "an alias flows into a result of " + name;
  auto iface = dyn_cast<MemoryEffectOpInterface>(user);
  if (!iface)
    return name + " has no memory-effect interface (it may keep the address)";
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffectsOnValue(v, effects);
  for (const MemoryEffects::EffectInstance &e : effects)
    if (!isa<MemoryEffects::Read, MemoryEffects::Write>(e.getEffect()))
      return isa<MemoryEffects::Free>(e.getEffect())
                 ? "it is freed by " + name
                 : name + " has an effect other than a read or write on it";
  // No effect on it: a cast (only memref results, no memory effect) passes
  // it on; anything else takes it as data (a store of the memref, its
  // address as an integer or pointer).
  if (effects.empty() &&
      (user->getNumRegions() != 0 || !isMemoryEffectFree(user) ||
       !llvm::all_of(user->getResultTypes(),
                     [](Type t) { return isa<BaseMemRefType>(t); })))
    return "its address is stored or taken as data by " + name;
  return followResults(user, aliases)
             ? ""
             : "an alias flows into a result of " + name;
}

std::string RetentionProof::ofArgument(FunctionOpInterface fn, unsigned index) {
  auto key = std::make_pair(fn.getOperation(), index);
  if (auto it = proved.find(key); it != proved.end())
    return it->second;
  stack.push_back(fn);
  std::string why;
  SmallVector<Value> aliases(1, fn.getArgument(index));
  while (!aliases.empty() && why.empty()) {
    Value v = aliases.pop_back_val();
    for (OpOperand &use : v.getUses())
      if (why = ofUse(fn, use, aliases); !why.empty())
        break;
  }
  stack.pop_back();
  return proved[key] = why;
}

std::string RetentionProof::ofCall(CallOpInterface call, OpOperand &operand) {
  std::optional<unsigned> index;
  for (auto [i, arg] : llvm::enumerate(call.getArgOperandsMutable()))
    if (&arg == &operand)
      index = i;
  std::string callName = ("'" + call->getName().getStringRef() + "'").str();
  if (!index)
    return "it is an operand of " + callName + " other than an argument";
  // A synchronous call only: one whose results are plain values or memrefs
  // (an async.call returns a token, its callee runs until the await).
  if (getOpSemantics(call).async != AsyncRole::None ||
      !llvm::all_of(call->getResultTypes(), [](Type t) {
        return isPlainValue(t) || isa<BaseMemRefType>(t);
      }))
    return "it is passed to " + callName +
           ", which may run asynchronously or return a handle of its work";
  FunctionOpInterface callee = directCallee(call);
  if (!callee)
    return "it is passed to " + callName +
           ", whose callee is not a function known here";
  std::string name = ("'" + callee.getName() + "'").str();
  if (callee.isExternal())
    return callMayRetain(call, operand)
               ? "it is passed to " + name +
                     ", a declaration that may keep it (llvm.nocapture on "
                     "its argument lifts this)"
               : "";
  if (!CalleeBodiesScope::mayRead(callee))
    return "it is passed to " + name +
           ", whose body may be rewritten concurrently (run the pass on the "
           "module holding both)";
  if (*index >= callee.getNumArguments())
    return "it is passed to " + name + " beyond its arguments";
  if (llvm::is_contained(stack, callee.getOperation()))
    return "it is passed to " + name + " recursively";
  std::string why = ofArgument(callee, *index);
  return why.empty() ? "" : "it is passed to " + name + ", where " + why;
}

std::string callRetention(CallOpInterface call, OpOperand &operand) {
  return RetentionProof().ofCall(call, operand);
}

} // namespace peakmem
