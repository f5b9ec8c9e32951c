//===- CallGraphPeaks.cpp - Calls as statements of their caller -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "CalleeModels.h"
#include "ModelBuilder.h"
#include "peakmem/Analysis/MemoryModel.h"

#include "AliasAnalysis.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

#include <functional>

using namespace mlir;

namespace peakmem {

namespace {
/// The scope of the current thread (CalleeBodiesScope).
thread_local bool hasScope = false;
thread_local Operation *scopeRoot = nullptr;
} // namespace

CalleeBodiesScope::CalleeBodiesScope(Operation *root)
    : previous(scopeRoot), hadPrevious(hasScope) {
  hasScope = true;
  scopeRoot = root;
}

CalleeBodiesScope::~CalleeBodiesScope() {
  hasScope = hadPrevious;
  scopeRoot = previous;
}

bool CalleeBodiesScope::mayRead(Operation *callee) {
  return !hasScope || (scopeRoot && scopeRoot->isProperAncestor(callee));
}

Operation *CalleeBodiesScope::currentRoot() {
  return hasScope ? scopeRoot : nullptr;
}

CallLevels computeCallLevels(ArrayRef<FunctionOpInterface> functions) {
  const unsigned n = functions.size();
  CallLevels out;
  out.level.assign(n, 0);
  out.callees.resize(n);
  llvm::DenseMap<Operation *, unsigned> indexOf;
  for (unsigned i = 0; i < n; ++i)
    indexOf[functions[i]] = i;
  SymbolTableCollection tables;
  for (unsigned i = 0; i < n; ++i) {
    FunctionOpInterface fn = functions[i];
    if (fn.isExternal())
      continue;
    fn->walk([&](CallOpInterface call) {
      auto callee = dyn_cast_or_null<FunctionOpInterface>(
          call.resolveCallableInTable(&tables));
      if (!callee || callee.isExternal())
        return;
      auto it = indexOf.find(callee);
      if (it != indexOf.end() &&
          !llvm::is_contained(out.callees[i], it->second))
        out.callees[i].push_back(it->second);
    });
  }
  // Depth-first, callees before callers; an edge to a function still on
  // the stack closes a cycle and is ignored (its calls are refused).
  enum State : uint8_t { Unvisited, Open, Done };
  std::vector<State> state(n, Unvisited);
  std::function<void(unsigned)> visit = [&](unsigned i) {
    state[i] = Open;
    unsigned level = 0;
    for (unsigned c : out.callees[i]) {
      if (state[c] == Unvisited)
        visit(c);
      if (state[c] == Done)
        level = std::max(level, out.level[c] + 1);
    }
    out.level[i] = level;
    state[i] = Done;
  };
  for (unsigned i = 0; i < n; ++i)
    if (state[i] == Unvisited)
      visit(i);
  return out;
}

namespace model {

std::optional<SmallVector<MemoryEffects::EffectInstance>> effectsWithCalls(
    Operation *root,
    llvm::function_ref<const CallSummary *(CallOpInterface)> summaryOf,
    bool &externalRead, bool &externalWrite) {
  SmallVector<MemoryEffects::EffectInstance> effects;
  SmallVector<Operation *> work(1, root);
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      const CallSummary *summary = summaryOf(call);
      if (!summary || summary->unknown)
        return std::nullopt;
      for (auto [i, arg] : llvm::enumerate(call.getArgOperandsMutable())) {
        if (!isa<BaseMemRefType>(arg.get().getType()) ||
            i >= summary->argReads.size())
          continue;
        if (summary->argReads[i])
          effects.emplace_back(MemoryEffects::Read::get(), &arg);
        if (summary->argWrites[i])
          effects.emplace_back(MemoryEffects::Write::get(), &arg);
      }
      externalRead |= summary->externalRead;
      externalWrite |= summary->externalWrite;
      continue;
    }
    bool recursive = op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
    if (recursive)
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Operation &nested : block)
            work.push_back(&nested);
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(op))
      iface.getEffects(effects);
    else if (!recursive)
      return std::nullopt;
  }
  return effects;
}

/// What `callee` reads and writes through each argument and outside (its
/// own allocations aside): each memref argument is a base of its own.
void CalleeModels::summarizeEffects(FunctionOpInterface callee,
                                    CallSummary &out) {
  Block &body = callee.getFunctionBody().front();
  out.argReads.assign(body.getNumArguments(), 0);
  out.argWrites.assign(body.getNumArguments(), 0);
  AliasAnalysis aliases(callee);
  for (BlockArgument arg : body.getArguments())
    if (isa<BaseMemRefType>(arg.getType()))
      aliases.addAllocatedResult(arg);
  SymbolTableCollection tables;
  auto summaryOf = [&](CallOpInterface call) -> const CallSummary * {
    auto it = entries.find(call.resolveCallableInTable(&tables));
    return it == entries.end() || !it->second.summary ? nullptr
                                                      : &*it->second.summary;
  };
  SmallVector<MemoryEffects::EffectInstance> effects;
  for (Operation &op : body) {
    std::optional<SmallVector<MemoryEffects::EffectInstance>> opEffects =
        effectsWithCalls(&op, summaryOf, out.externalRead, out.externalWrite);
    if (!opEffects) {
      out.unknown = true;
      return;
    }
    effects.append(opEffects->begin(), opEffects->end());
  }
  for (const MemoryEffects::EffectInstance &e : effects) {
    if (isa<MemoryEffects::Allocate>(e.getEffect()))
      continue;
    Value v = e.getValue();
    if (!v) {
      out.unknown = true;
      return;
    }
    bool read = isa<MemoryEffects::Read>(e.getEffect());
    Bases bases = aliases.basesOf(v);
    if (bases.opaque) {
      out.unknown = true;
      return;
    }
    (read ? out.externalRead : out.externalWrite) |= bases.external;
    for (Value a : bases.allocs)
      if (auto arg = dyn_cast<BlockArgument>(a); arg && arg.getOwner() == &body)
        (read ? out.argReads : out.argWrites)[arg.getArgNumber()] = 1;
  }
}

bool isStackAllocation(Value alloc) {
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

const CallSummary *CalleeModels::summarize(CallOpInterface call,
                                           std::string &why) {
  why.clear();
  FunctionOpInterface callee = resolve(call);
  if (!callee || callee.isExternal())
    return nullptr;
  std::string name = ("'" + callee.getName() + "'").str();
  if (!CalleeBodiesScope::mayRead(callee)) {
    Operation *root = CalleeBodiesScope::currentRoot();
    why = "calls " + name + ", a function with a body outside the '" +
          (root ? root->getName().getStringRef().str() : "") +
          "' the pass runs on, which may be rewritten concurrently (schedule "
          "the pass on the module holding both: callees are then processed "
          "first)";
    return nullptr;
  }
  if (llvm::is_contained(stack, callee.getOperation())) {
    why = "calls " + name +
          " recursively: the peak of a recursive call is not known "
          "statically";
    return nullptr;
  }
  auto it = entries.find(callee);
  if (it == entries.end())
    it = entries.insert({callee, summarizeCallee(callee)}).first;
  why = it->second.why;
  return it->second.summary ? &*it->second.summary : nullptr;
}

/// The callee of `call`; for a call in a detached copy of `original`, the
/// symbol resolved from `original`.
FunctionOpInterface CalleeModels::resolve(CallOpInterface call) {
  if (original && root->isAncestor(call))
    if (auto symbol =
            dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee()))
      return dyn_cast_or_null<FunctionOpInterface>(
          SymbolTable::lookupNearestSymbolFrom(original, symbol));
  return dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
}

/// Builds `callee`'s model (its own callees first, through this object) and
/// what a call of it allocates: every memref it returns must be a buffer of
/// static shape that its body allocates, does not free and does not capture,
/// returned once.
CalleeModels::Entry CalleeModels::summarizeCallee(FunctionOpInterface callee) {
  std::string name = ("'" + callee.getName() + "'").str();
  stack.push_back(callee);
  MemoryModel model(callee, *this);
  stack.pop_back();
  Entry entry;
  if (!model.isModeled()) {
    entry.why = "calls " + name +
                ", which is not modeled: " + model.getFailure()->reason;
    return entry;
  }
  const BlockModel &bm = *model.getEntryBlockModel();
  Operation *ret = bm.block->empty() ? nullptr : &bm.block->back();
  CallSummary summary;
  int64_t returned = 0;
  llvm::DenseSet<BufferId> seen;
  for (auto [i, type] : llvm::enumerate(callee.getResultTypes())) {
    summary.resultBytes.push_back(std::nullopt);
    if (!isa<BaseMemRefType>(type))
      continue;
    auto shaped = dyn_cast<MemRefType>(type);
    if (!shaped || !shaped.hasStaticShape()) {
      entry.why = "calls " + name + ", which returns a memref of dynamic " +
                  "shape: the bytes the call allocates are not known";
      return entry;
    }
    std::optional<BufferId> found;
    if (ret && i < ret->getNumOperands())
      for (BufferId b = 0; b < bm.allocations.size() && !found; ++b)
        if (viewChainFrom(bm.allocations[b], ret->getOperand(i)))
          found = b;
    if (!found || isStackAllocation(bm.allocations[*found])) {
      entry.why = "calls " + name + ", whose result #" + std::to_string(i) +
                  " is not a heap buffer it allocates (an argument, a "
                  "global or a stack allocation): not modeled";
      return entry;
    }
    if (bm.pinned[*found] || !seen.insert(*found).second) {
      entry.why = "calls " + name + ", whose result #" + std::to_string(i) +
                  (bm.pinned[*found] ? " is a buffer whose address it passes "
                                       "on (captured, or used by "
                                       "asynchronous work)"
                                     : " is a buffer it also returns as "
                                       "another result") +
                  ": not modeled";
      return entry;
    }
    int64_t bytes = bm.problem.buffer(*found).bytes;
    summary.resultBytes.back() = bytes;
    returned += bytes;
  }
  summary.scratch = std::max<int64_t>(0, model.getPeak() - returned);
  summarizeEffects(callee, summary);
  entry.summary = summary;
  return entry;
}

/// Every call of a function with a body (at any depth) is summarized from
/// its callee's model (CalleeModels.h); its memref results are buffers the
/// call allocates. The first call the model refuses, in walk order, fails
/// the function.
bool ModelBuilder::summarizeCalls() {
  func->walk([&](CallOpInterface call) {
    if (failure)
      return WalkResult::interrupt();
    std::string why;
    const CallSummary *summary = callees.summarize(call, why);
    if (!why.empty())
      return fail(call, why), WalkResult::interrupt();
    if (!summary)
      return WalkResult::advance();
    calls[call] = summary;
    for (auto [i, bytes] : llvm::enumerate(summary->resultBytes))
      if (bytes)
        aliases.addAllocatedResult(call->getResult(i));
    return WalkResult::advance();
  });
  return !failure;
}

} // namespace model
} // namespace peakmem
