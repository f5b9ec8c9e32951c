//===- SymbolCalls.h - What calls do with the memrefs passed ----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to lib/Transforms. Who calls a function (one resolver of symbol
// uses for plan-arena's caller checks and its call trees), and whether a
// direct call may keep a memref it is passed beyond its return, derived from
// the callee's body through MLIR's interfaces (docs/Arena.md, "One arena for a
// call tree"): a caller's buffer passed to a callee that provably keeps no
// alias of it is used by the call statement only, so its slot in the caller's
// arena is free after the call.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_SYMBOLCALLS_H
#define PEAKMEM_LIB_TRANSFORMS_SYMBOLCALLS_H

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <string>

namespace peakmem {

/// The function a direct call calls, resolved from the call's place; null
/// for an indirect call or a symbol that is not a function.
mlir::FunctionOpInterface directCallee(mlir::CallOpInterface call);

/// Every symbol use under the outermost op around an op, resolved in the
/// symbol table it is made in: `@kernels::@k` in a `gpu.launch_func` is a
/// use of both @kernels and @k. Built once, before anything changes.
class SymbolUses {
public:
  explicit SymbolUses(mlir::Operation *root);

  /// Why not every use is known ("" when it is): the outermost op is not a
  /// symbol table, or a table holds ops whose symbol uses are unknown.
  const std::string &unknown() const { return whyUnknown; }

  /// The ops that use `symbol` (none when nothing references it).
  llvm::ArrayRef<mlir::Operation *> usersOf(mlir::Operation *symbol) const;

  /// Every symbol some op uses.
  llvm::DenseSet<mlir::Operation *> referenced() const;

  /// The uses of `fn` when each is a direct call of it (CallOpInterface,
  /// its callee resolving to `fn`); std::nullopt when some use is not (an
  /// address taken, a kernel launch, a nested reference...).
  std::optional<llvm::SmallVector<mlir::CallOpInterface>>
  directCallsOf(mlir::FunctionOpInterface fn) const;

private:
  std::string whyUnknown;
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Operation *, 2>>
      users;
};

/// While alive, every callRetention and directCallee for a call under
/// `root`, on any thread, shares one table of proofs, of resolved symbols
/// and of the functions on call cycles (under one lock): a pass run builds
/// it before any function under `root` changes (the cycles are found then)
/// and keeps it while its steps run callees first (FunctionRunner.h), so a
/// proof of a callee's argument, once made, stays true for the run.
/// Without one, each callRetention makes its proofs afresh (same answers).
class RetentionCache {
public:
  explicit RetentionCache(mlir::Operation *root);
  ~RetentionCache();
  RetentionCache(const RetentionCache &) = delete;
  RetentionCache &operator=(const RetentionCache &) = delete;

  /// Whether `fn` reaches itself through direct calls (directly or through
  /// other functions with a body).
  bool isRecursive(mlir::FunctionOpInterface fn);

  struct State;
  mlir::Operation *getRoot() const { return root; }
  State *getState() const { return state.get(); }

private:
  mlir::Operation *root;
  std::unique_ptr<State> state;
};

/// Why `call` may keep an alias of the memref it is passed in `operand` (one
/// of its argument operands) after it returns; "" when it provably does
/// not. A callee with a body keeps none when, through every alias of its
/// argument (ViewLikeOpInterface results, memory-effect-free casts,
/// metadata results), each use only reads or writes the buffer
/// (MemoryEffectOpInterface, Read/Write effects on it, results plain values
/// or memrefs followed as aliases), or is a call that keeps none in turn (a
/// callee with a body, not on a call cycle; an external callee only
/// when it declares `llvm.nocapture` or is registered as non-retaining,
/// OpSemantics.h). Anything else may keep it: returning or yielding an
/// alias, storing it or converting it to an address (an op with no effect
/// on it), freeing it, a use inside a region that may run after the callee
/// returns or by an op starting asynchronous work, an op without
/// memory-effect interfaces, an indirect call, a callee on a call cycle, a
/// callee body that may be rewritten concurrently (CalleeBodiesScope). The
/// walk is iterative (a chain of calls costs no C++ stack) and bounded: an
/// argument passed on through more than 1024 nested calls is not proved.
/// `llvm.nocapture` on a callee with a body is not trusted: the body is
/// read. The reason names the callee, and for a chain how many calls below
/// the function keeping it is.
std::string callRetention(mlir::CallOpInterface call, mlir::OpOperand &operand);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_SYMBOLCALLS_H
