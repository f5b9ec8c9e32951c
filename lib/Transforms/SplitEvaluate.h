//===- SplitEvaluate.h - The peak of a tensor program, bufferized -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to peakmem-split (docs/Split.md, "How a candidate is measured"):
// the exact figures of a tensor program once lowered the way the user lowers
// it. A copy of the module (optionally edited: a candidate split applied to
// one function) is nested in the pass's module for the time of the
// measurement, bufferized by the `bufferize` pipeline, then optimized by
// `peakmem-optimize` (reorder, recompute within the given budgets), and its
// function's `peakmem.peak` and MACs/operations (OpCost) are read back.
// Nothing of it stays in the IR.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_SPLITEVALUATE_H
#define PEAKMEM_LIB_TRANSFORMS_SPLITEVALUATE_H

#include "peakmem/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <string>

namespace peakmem::split {

/// MACs and element operations of a function body (OpCost, saturating).
struct Work {
  int64_t macs = 0;
  int64_t ops = 0;
};

/// Sums countMacs/countOps over the ops of `fn`'s body.
Work countWork(mlir::FunctionOpInterface fn);

/// What one measurement found.
struct Measurement {
  /// Why the program could not be measured ("" if it was).
  std::string error;
  /// peakmem.peak after bufferization and peakmem-optimize.
  int64_t peak = 0;
  /// Work of the bufferized program, before and after peakmem-optimize
  /// (recompute clones included in `final`).
  Work bufferized;
  Work final;
};

/// Runs a pipeline on an op nested in the pass's op (Pass::runPipeline).
using PipelineRunner = llvm::function_ref<mlir::LogicalResult(
    mlir::OpPassManager &, mlir::Operation *)>;

/// Edits the copy of the function before it is bufferized; false (with the
/// reason in the string) when the edit failed.
using FunctionEdit =
    llvm::function_ref<bool(mlir::FunctionOpInterface, std::string &)>;

/// The recompute budgets (fractions of the MACs and operations of the
/// bufferized program `bufferized`) peakmem-optimize gets.
using RecomputeBudgets =
    llvm::function_ref<std::pair<double, double>(const Work &bufferized)>;

/// The work limits of the measurements' peakmem-optimize (its
/// reorder-max-work and plan-max-work).
struct OptimizeWork {
  uint64_t reorderMaxWork = 0;
  uint64_t planMaxWork = 0;
};

/// Measures `fnName` of `module` after `edit` (none: as it is), with
/// peakmem-optimize's recompute limited by `budgets` and its searches by
/// `work` (every other option of peakmem-optimize at its default, remarks
/// off). `bufferize` is anchored on builtin.module.
Measurement measure(mlir::ModuleOp module, llvm::StringRef fnName,
                    FunctionEdit edit, mlir::OpPassManager &bufferize,
                    RecomputeBudgets budgets, const OptimizeWork &work,
                    PipelineRunner run);

} // namespace peakmem::split

#endif // PEAKMEM_LIB_TRANSFORMS_SPLITEVALUATE_H
