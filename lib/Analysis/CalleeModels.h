//===- CalleeModels.h - Models of the functions a function calls -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to lib/Analysis. A call to a function with a body is one statement
// of its caller: its scratch is the callee's modeled peak less the bytes of
// the buffers the callee returns, which the call allocates (docs/Model.md,
// "Calls"). CalleeModels builds the callees' models for one MemoryModel,
// bottom-up, each once, and refuses recursion.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_ANALYSIS_CALLEEMODELS_H
#define PEAKMEM_LIB_ANALYSIS_CALLEEMODELS_H

#include "peakmem/Analysis/MemoryModel.h"

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <string>

namespace peakmem {
namespace model {

/// What a call to a modeled function with a body does to its caller's
/// memory.
struct CallSummary {
  /// The callee's peak less the bytes of the buffers it returns (those are
  /// the call's allocations, live in the caller from the call on).
  int64_t scratch = 0;
  /// Per result: the bytes of the buffer the callee allocates and returns
  /// there (std::nullopt for a result that is not a memref).
  llvm::SmallVector<std::optional<int64_t>, 1> resultBytes;
  /// The callee has an op of unknown effects or an access through a value
  /// of opaque provenance: the call is an op of unknown effects (a
  /// barrier). Otherwise it reads and writes only what follows.
  bool unknown = false;
  /// Per callee argument: it reads / writes memory through it.
  llvm::SmallVector<uint8_t, 4> argReads, argWrites;
  /// It reads / writes memory it does not allocate and is not passed
  /// (globals).
  bool externalRead = false, externalWrite = false;
};

/// The memory effects of `root` and everything nested in it, like
/// mlir::getEffectsRecursively, where a call that `summaryOf` summarizes
/// (without unknown effects) reads and writes its memref arguments as its
/// callee does, and the external memory its callee touches is flagged in
/// `externalRead` / `externalWrite`. std::nullopt if some op has unknown
/// effects.
std::optional<llvm::SmallVector<mlir::MemoryEffects::EffectInstance>>
effectsWithCalls(
    mlir::Operation *root,
    llvm::function_ref<const CallSummary *(mlir::CallOpInterface)> summaryOf,
    bool &externalRead, bool &externalWrite);

/// The models of the callees of one function (and of theirs), built once
/// each while that function's model is built.
class CalleeModels {
public:
  /// `root` is the function whose model is built first. If it is a
  /// detached copy of `original`, its calls resolve as calls in `original`.
  explicit CalleeModels(mlir::Operation *root,
                        mlir::Operation *original = nullptr)
      : root(root), original(original) {
    stack.push_back(original ? original : root);
  }

  /// The summary of `call` if it calls a function with a body. Null if it
  /// does not (an external or unresolved callee: an op of unknown effects),
  /// with `why` empty; null with `why` set if the call cannot be modeled
  /// (recursion, a callee the model refuses or may not read, a result that
  /// is not a fresh buffer of static size).
  const CallSummary *summarize(mlir::CallOpInterface call, std::string &why);

private:
  struct Entry {
    std::optional<CallSummary> summary;
    std::string why;
  };
  Entry summarizeCallee(mlir::FunctionOpInterface callee);
  void summarizeEffects(mlir::FunctionOpInterface callee, CallSummary &out);

  mlir::FunctionOpInterface resolve(mlir::CallOpInterface call);

  mlir::Operation *root, *original;
  /// The functions whose models are being built, outermost first.
  llvm::SmallVector<mlir::Operation *, 4> stack;
  llvm::DenseMap<mlir::Operation *, Entry> entries;
};

/// True if `alloc` is a stack allocation (an Allocate effect on the
/// AutomaticAllocationScopeResource, memref.alloca): 0 heap bytes, released
/// by its enclosing automatic allocation scope, never by a free.
bool isStackAllocation(mlir::Value alloc);

} // namespace model
} // namespace peakmem

#endif // PEAKMEM_LIB_ANALYSIS_CALLEEMODELS_H
