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

#include <algorithm>
#include <mutex>
#include <vector>

using namespace mlir;

namespace peakmem {

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

namespace {

/// What is known about one argument of one function (SymbolCalls.h).
struct ArgumentProof {
  /// "" when proved: the reason its alias may be kept, in `keeper`.
  std::string why;
  /// The function whose body may keep it, `hops` calls below (hops > 0).
  std::string keeper;
  unsigned hops = 0;
  /// When proved: the functions on the longest chain of calls it goes
  /// through, this one included.
  unsigned depth = 1;
};

using ProofKey = std::pair<Operation *, unsigned>;

/// Callees resolved through cached symbol tables, and the functions on a
/// call cycle (Tarjan's strongly connected components, iteratively).
class CallGraphFacts {
public:
  FunctionOpInterface callee(CallOpInterface call) {
    auto symbol =
        dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
    if (!symbol)
      return {};
    return dyn_cast_or_null<FunctionOpInterface>(
        tables.lookupNearestSymbolFrom(call, symbol));
  }

  /// Whether `fn` reaches itself through direct calls of functions with a
  /// body this thread may read.
  bool onCycle(FunctionOpInterface fn) {
    if (!order.contains(fn))
      visit(fn);
    return cyclic.contains(fn);
  }

private:
  struct Node {
    Operation *fn;
    SmallVector<Operation *, 4> next;
    unsigned taken = 0;
  };
  Node node(Operation *fn);
  void visit(Operation *start);

  SymbolTableCollection tables;
  llvm::DenseMap<Operation *, unsigned> order, low;
  llvm::DenseSet<Operation *> open, cyclic;
  SmallVector<Operation *> components;
};

} // namespace

CallGraphFacts::Node CallGraphFacts::node(Operation *fn) {
  Node n{fn, {}, 0};
  unsigned id = order.size();
  order[fn] = low[fn] = id;
  open.insert(fn);
  components.push_back(fn);
  fn->walk([&](CallOpInterface call) {
    FunctionOpInterface c = callee(call);
    if (c && !c.isExternal() && CalleeBodiesScope::mayRead(c) &&
        !llvm::is_contained(n.next, c.getOperation()))
      n.next.push_back(c);
  });
  if (llvm::is_contained(n.next, fn))
    cyclic.insert(fn);
  return n;
}

void CallGraphFacts::visit(Operation *start) {
  SmallVector<Node> dfs;
  dfs.push_back(node(start));
  while (!dfs.empty()) {
    Node &n = dfs.back();
    if (n.taken < n.next.size()) {
      Operation *w = n.next[n.taken++];
      if (!order.contains(w))
        dfs.push_back(node(w)); // `n` is not used after this.
      else if (open.contains(w))
        low[n.fn] = std::min(low[n.fn], order[w]);
      continue;
    }
    Operation *fn = n.fn;
    dfs.pop_back();
    if (!dfs.empty())
      low[dfs.back().fn] = std::min(low[dfs.back().fn], low[fn]);
    if (low[fn] != order[fn])
      continue;
    // `fn` roots a component: every function pushed after it.
    auto first = llvm::find(components, fn);
    bool several = std::next(first) != components.end();
    for (auto it = first; it != components.end(); ++it) {
      open.erase(*it);
      if (several)
        cyclic.insert(*it);
    }
    components.erase(first, components.end());
  }
}

namespace {

/// The proofs of one call (or of every call of a pass run, RetentionCache).
class RetentionProver {
public:
  RetentionProver(CallGraphFacts &facts,
                  llvm::DenseMap<ProofKey, ArgumentProof> &proofs)
      : facts(facts), proofs(proofs) {}

  std::string ofCall(CallOpInterface call, OpOperand &operand);

private:
  struct Frame {
    FunctionOpInterface fn;
    unsigned index;
    SmallVector<Value, 4> aliases;
    SmallVector<OpOperand *, 8> uses;
    unsigned depth = 1;
    std::string callee; ///< The callee whose proof it waits for.
  };
  /// Why `call` may keep `operand`; else "" and `target` names the callee
  /// argument to prove (null: nothing left to prove).
  std::string checkCall(CallOpInterface call, OpOperand &operand,
                        std::pair<FunctionOpInterface, unsigned> &target);
  std::string ofUse(FunctionOpInterface fn, OpOperand &use,
                    SmallVectorImpl<Value> &aliases,
                    std::pair<FunctionOpInterface, unsigned> &target);
  ArgumentProof prove(FunctionOpInterface fn, unsigned index);
  static std::optional<ArgumentProof> combine(Frame &f,
                                              const ArgumentProof &child);

  CallGraphFacts &facts;
  llvm::DenseMap<ProofKey, ArgumentProof> &proofs;
};

} // namespace

/// The cap on the chain of calls a proof follows (SymbolCalls.h).
constexpr unsigned kMaxProofDepth = 1024;

std::string
RetentionProver::ofUse(FunctionOpInterface fn, OpOperand &use,
                       SmallVectorImpl<Value> &aliases,
                       std::pair<FunctionOpInterface, unsigned> &target) {
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
    return checkCall(call, use, target);
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

std::string
RetentionProver::checkCall(CallOpInterface call, OpOperand &operand,
                           std::pair<FunctionOpInterface, unsigned> &target) {
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
  FunctionOpInterface callee = facts.callee(call);
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
  if (facts.onCycle(callee))
    return "it is passed to " + name +
           ", which calls itself (directly or through other functions)";
  target = {callee, *index};
  return {};
}

std::optional<ArgumentProof>
RetentionProver::combine(Frame &f, const ArgumentProof &child) {
  if (!child.why.empty())
    return ArgumentProof{child.why, child.hops ? child.keeper : f.callee,
                         child.hops + 1, 0};
  f.depth = std::max(f.depth, child.depth + 1);
  if (f.depth > kMaxProofDepth)
    return ArgumentProof{"it goes on through more than " +
                             std::to_string(kMaxProofDepth) +
                             " nested calls, beyond the proof's bound (not "
                             "proved)",
                         "", 0, 0};
  return std::nullopt;
}

/// The next use to look at in `f`: its pending uses, then those of the
/// next alias.
static OpOperand *nextUse(SmallVectorImpl<Value> &aliases,
                          SmallVectorImpl<OpOperand *> &uses) {
  while (uses.empty() && !aliases.empty()) {
    Value v = aliases.pop_back_val();
    size_t first = uses.size();
    for (OpOperand &use : v.getUses())
      uses.push_back(&use);
    std::reverse(uses.begin() + first, uses.end()); // In use-list order.
  }
  return uses.empty() ? nullptr : uses.pop_back_val();
}

ArgumentProof RetentionProver::prove(FunctionOpInterface fn, unsigned index) {
  if (auto it = proofs.find({fn, index}); it != proofs.end())
    return it->second;
  // The functions whose argument is being followed, outermost first: an
  // explicit stack (a chain of calls is no deeper C++ recursion).
  std::vector<Frame> stack;
  stack.push_back({fn, index, {fn.getArgument(index)}, {}, 1, {}});
  std::optional<ArgumentProof> returned;
  while (true) {
    std::optional<ArgumentProof> result;
    if (returned)
      result = combine(stack.back(), *std::exchange(returned, std::nullopt));
    bool pushed = false;
    while (!result && !pushed) {
      Frame &f = stack.back();
      OpOperand *use = nextUse(f.aliases, f.uses);
      if (!use) {
        result = ArgumentProof{"", "", 0, f.depth};
        break;
      }
      std::pair<FunctionOpInterface, unsigned> target{{}, 0};
      if (std::string why = ofUse(f.fn, *use, f.aliases, target);
          !why.empty()) {
        result = ArgumentProof{why, "", 0, 0};
        break;
      }
      if (!target.first)
        continue;
      f.callee = ("'" + target.first.getName() + "'").str();
      if (auto it = proofs.find({target.first, target.second});
          it != proofs.end()) {
        result = combine(f, it->second);
        continue;
      }
      stack.push_back({target.first,
                       target.second,
                       {target.first.getArgument(target.second)},
                       {},
                       1,
                       {}});
      pushed = true;
    }
    if (pushed)
      continue;
    Frame &done = stack.back();
    proofs[{done.fn, done.index}] = *result;
    stack.pop_back();
    if (stack.empty())
      return *result;
    returned = std::move(result);
  }
}

std::string RetentionProver::ofCall(CallOpInterface call, OpOperand &operand) {
  std::pair<FunctionOpInterface, unsigned> target{{}, 0};
  if (std::string why = checkCall(call, operand, target); !why.empty())
    return why;
  if (!target.first)
    return {};
  ArgumentProof p = prove(target.first, target.second);
  if (p.why.empty())
    return {};
  std::string name = ("'" + target.first.getName() + "'").str();
  if (p.hops == 0)
    return "it is passed to " + name + ", where " + p.why;
  return "it is passed to " + name + ", then through " +
         std::to_string(p.hops) + " more call" + (p.hops == 1 ? "" : "s") +
         " to " + p.keeper + ", where " + p.why;
}

/// The state a RetentionCache shares.
struct RetentionCache::State {
  CallGraphFacts facts;
  llvm::DenseMap<ProofKey, ArgumentProof> proofs;
};

/// The caches alive, innermost last, and the lock of all their states.
static std::mutex &cacheLock() {
  static std::mutex lock;
  return lock;
}
static SmallVector<RetentionCache *> &liveCaches() {
  static SmallVector<RetentionCache *> caches;
  return caches;
}

RetentionCache::RetentionCache(Operation *root)
    : root(root), state(std::make_unique<State>()) {
  // Every cycle now, before any function under `root` may change.
  root->walk([&](FunctionOpInterface fn) {
    if (!fn.isExternal() && fn != root)
      state->facts.onCycle(fn);
  });
  std::lock_guard<std::mutex> guard(cacheLock());
  liveCaches().push_back(this);
}

RetentionCache::~RetentionCache() {
  std::lock_guard<std::mutex> guard(cacheLock());
  llvm::erase(liveCaches(), this);
}

bool RetentionCache::isRecursive(FunctionOpInterface fn) {
  std::lock_guard<std::mutex> guard(cacheLock());
  return state->facts.onCycle(fn);
}

/// The state of the innermost live cache holding `op` (the lock held).
static RetentionCache::State *sharedStateFor(Operation *op) {
  for (RetentionCache *cache : llvm::reverse(liveCaches()))
    if (cache->getRoot()->isAncestor(op))
      return cache->getState();
  return nullptr;
}

FunctionOpInterface directCallee(CallOpInterface call) {
  {
    std::lock_guard<std::mutex> guard(cacheLock());
    if (RetentionCache::State *shared = sharedStateFor(call))
      return shared->facts.callee(call);
  }
  auto symbol = dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
  if (!symbol)
    return {};
  return dyn_cast_or_null<FunctionOpInterface>(
      SymbolTable::lookupNearestSymbolFrom(call, symbol));
}

std::string callRetention(CallOpInterface call, OpOperand &operand) {
  {
    std::lock_guard<std::mutex> guard(cacheLock());
    if (RetentionCache::State *shared = sharedStateFor(call))
      return RetentionProver(shared->facts, shared->proofs)
          .ofCall(call, operand);
  }
  CallGraphFacts facts;
  llvm::DenseMap<ProofKey, ArgumentProof> proofs;
  return RetentionProver(facts, proofs).ofCall(call, operand);
}

} // namespace peakmem
