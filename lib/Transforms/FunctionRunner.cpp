//===- FunctionRunner.cpp - Run a pass's step on every function -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Analysis/OpSemantics.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"

#include <atomic>

using namespace mlir;

namespace peakmem {

SmallVector<FunctionOpInterface> collectFunctions(Operation *root) {
  // Scripts for other tools (transform.named_sequence ...) are not code the
  // program runs: skipped silently (OpSemantics.h, isScriptOp).
  if (isScriptOp(root))
    return {};
  if (auto fn = dyn_cast<FunctionOpInterface>(root))
    return {fn};
  SmallVector<FunctionOpInterface> functions;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isScriptOp(op))
      return WalkResult::skip();
    auto fn = dyn_cast<FunctionOpInterface>(op);
    if (!fn)
      return WalkResult::advance();
    functions.push_back(fn);
    return WalkResult::skip();
  });
  return functions;
}

FunctionsStatus runOnFunctions(Operation *root, AnalysisManager analyses,
                               FunctionStep step) {
  struct Work {
    FunctionOpInterface fn;
    AnalysisManager analyses;
  };
  // Nesting analysis managers mutates the parent's map: done here, on one
  // thread, before any step runs.
  SmallVector<Work> parallel, sequential;
  for (FunctionOpInterface fn : collectFunctions(root)) {
    Work work{fn, fn == root ? analyses : analyses.nest(fn)};
    if (fn->hasTrait<OpTrait::IsIsolatedFromAbove>())
      parallel.push_back(work);
    else
      sequential.push_back(work);
  }
  std::atomic<bool> changed(false), failed(false);
  auto run = [&](const Work &work) {
    switch (step(work.fn, work.analyses)) {
    case FunctionStatus::Unchanged:
      break;
    case FunctionStatus::Changed:
      changed = true;
      break;
    case FunctionStatus::Failed:
      failed = true;
      break;
    }
  };
  parallelForEach(root->getContext(), parallel, run);
  for (const Work &work : sequential)
    run(work);
  return {changed, failed};
}

void warnTimeLimitHit(FunctionOpInterface fn, StringRef pass, unsigned ms) {
  emitWarning(fn.getLoc()) << pass << ": '" << fn.getName()
                           << "': time-limit-ms=" << ms
                           << " fired: this output depends on timing and is "
                              "not reproducible";
}

void emitNotModeled(FunctionOpInterface fn, const ModelFailure &failure) {
  emitRemark(failure.loc) << "peakmem: '" << fn.getName()
                          << "' not modeled: " << failure.reason;
}

} // namespace peakmem
