//===- FunctionRunner.h - Run a pass's step on every function --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every peakmem pass is op-agnostic (`Pass<"peakmem-...">`): it can be
// scheduled on a function-like op (`func.func(peakmem-reorder)`,
// `any(peakmem-reorder)`), on a module (`--peakmem-reorder`,
// `builtin.module(peakmem-reorder)`) or on any op that holds functions (a
// `gpu.module`, a nested `builtin.module`). Its work is one step per
// function-like op; this runner finds those ops and runs the step on each,
// in parallel when MLIR's multithreading is on, so that every form gives the
// same IR and the same diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_TRANSFORMS_FUNCTIONRUNNER_H
#define PEAKMEM_TRANSFORMS_FUNCTIONRUNNER_H

#include "peakmem/Analysis/ModeledBlock.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/AnalysisManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace peakmem {

/// What a pass's step did to one function.
enum class FunctionStatus {
  Unchanged, ///< The ops are as they were (attributes may have been set).
  Changed,   ///< Ops were moved, cloned or rewired.
  Failed,    ///< An error was emitted at the function: the pass fails.
};

/// What a pass's step did over every function it ran on.
struct FunctionsStatus {
  bool changed = false;
  bool failed = false;
};

/// A pass's step on one function. `analyses` is the analysis manager of that
/// function (`analyses.getAnalysis<MemoryModel>()`). Steps of different
/// functions may run concurrently: a step may change only its function (its
/// attributes and the ops inside it) and must not change shared state of the
/// pass without a lock.
using FunctionStep = llvm::function_ref<FunctionStatus(
    mlir::FunctionOpInterface fn, mlir::AnalysisManager analyses)>;

/// The function-like ops a pass scheduled on `root` works on: `root` itself
/// when it is function-like; otherwise every function-like op nested in it,
/// in pre-order, at any depth (inside nested modules, `gpu.module`...), but
/// not inside a function's body: a function's step owns all of its body.
/// Declarations are included (steps skip them); scripts for other tools
/// (transform.named_sequence and any op of a script dialect, OpSemantics.h)
/// are not.
llvm::SmallVector<mlir::FunctionOpInterface>
collectFunctions(mlir::Operation *root);

/// Runs `step` on every op of collectFunctions(root). `analyses` is the
/// analysis manager of `root`; the functions' nested managers are created
/// before any step starts. Callees run before their callers, level by level
/// (computeCallLevels, MemoryModel.h: a caller's model includes its callees'
/// peaks as they are after their steps; a caller's cached analyses are
/// invalidated when a callee changed), and a step's models read only
/// callees inside `root` (CalleeBodiesScope: when `root` is a function, as
/// under `func.func(...)`, where MLIR may rewrite a callee concurrently,
/// calls of other functions with a body are refused). Within a level,
/// functions isolated from above run in parallel (mlir::parallelForEach,
/// diagnostics in function order as in a sequential run) when the context
/// allows multithreading; the others run one after the other afterwards,
/// since a step may add uses to values defined above them. Every function
/// is processed even when a step fails.
FunctionsStatus runOnFunctions(mlir::Operation *root,
                               mlir::AnalysisManager analyses,
                               FunctionStep step);

/// The pass class of a peakmem pass whose work is one step per function:
/// `struct MyPass : FunctionPass<impl::MyPassBase<MyPass>>` and define
/// `runOnFunction`. Runs it on every function of runOnFunctions except
/// declarations, fails the pass when a step failed, and keeps every analysis
/// when no step changed ops.
template <typename PassBase> struct FunctionPass : PassBase {
  using PassBase::PassBase;

  /// The pass's step on `fn`, a function with a body.
  virtual FunctionStatus runOnFunction(mlir::FunctionOpInterface fn,
                                       mlir::AnalysisManager analyses) = 0;

  void runOnOperation() final {
    FunctionsStatus status = runOnFunctions(
        this->getOperation(), this->getAnalysisManager(),
        [&](mlir::FunctionOpInterface fn, mlir::AnalysisManager analyses) {
          if (fn.isExternal())
            return FunctionStatus::Unchanged;
          return runOnFunction(fn, analyses);
        });
    if (status.failed)
      this->signalPassFailure();
    if (!status.changed)
      this->markAllAnalysesPreserved();
  }
};

/// Warns at `fn` that the opt-in wall-clock cap of `pass`
/// (time-limit-ms=`ms`) fired while it processed `fn`: the function's output
/// depends on timing and is not reproducible.
void warnTimeLimitHit(mlir::FunctionOpInterface fn, llvm::StringRef pass,
                      unsigned ms);

/// Emits the model failure of `fn` as a remark.
void emitNotModeled(mlir::FunctionOpInterface fn, const ModelFailure &failure);

} // namespace peakmem

#endif // PEAKMEM_TRANSFORMS_FUNCTIONRUNNER_H
