//===- FunctionRunner.cpp - Run a pass's step on every function -----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Analysis/OpSemantics.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"

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

/// Settles the cached op order of every block in `fn`, so that the models
/// built concurrently on other threads only read it (isBeforeInBlock would
/// otherwise recompute it).
static void settleOpOrder(Operation *fn) {
  fn->walk([](Block *block) {
    if (!block->empty())
      block->recomputeOpOrder();
  });
}

FunctionsStatus runOnFunctions(Operation *root, AnalysisManager analyses,
                               FunctionStep step) {
  struct Work {
    FunctionOpInterface fn;
    AnalysisManager analyses;
  };
  // Nesting analysis managers mutates the parent's map: done here, on one
  // thread, before any step runs.
  SmallVector<FunctionOpInterface> functions = collectFunctions(root);
  SmallVector<Work> works;
  for (FunctionOpInterface fn : functions) {
    works.push_back({fn, fn == root ? analyses : analyses.nest(fn)});
    settleOpOrder(fn);
  }
  // Callees first (a callee's peak is part of its callers' models,
  // MemoryModel.h): one level after the other, so that no function is read
  // as a callee while a step may rewrite it.
  CallLevels levels = computeCallLevels(functions);
  unsigned numLevels = 0;
  for (unsigned level : levels.level)
    numLevels = std::max(numLevels, level + 1);
  std::vector<FunctionStatus> status(works.size(), FunctionStatus::Unchanged);
  // Changed in this run, or calling (transitively) a function that was.
  std::vector<uint8_t> dirty(works.size(), 0);
  auto run = [&](unsigned i) {
    CalleeBodiesScope scope(root);
    // A model cached under another scope read other callee bodies (review
    // s13 X3): e.g. built by a pass on the module, read by one nested on
    // the function. Only this function's own analyses are touched.
    if (auto cached = works[i].analyses.getCachedAnalysis<MemoryModel>();
        cached && cached->get().getScopeRoot() != root)
      works[i].analyses.invalidate(detail::PreservedAnalyses());
    status[i] = step(works[i].fn, works[i].analyses);
  };
  for (unsigned level = 0; level < numLevels; ++level) {
    SmallVector<unsigned> parallel, sequential;
    for (unsigned i = 0; i < works.size(); ++i) {
      if (levels.level[i] != level)
        continue;
      // A model cached before a callee changed is stale.
      if (llvm::any_of(levels.callees[i], [&](unsigned c) { return dirty[c]; }))
        works[i].analyses.invalidate(detail::PreservedAnalyses());
      // Functions isolated from above run in parallel; the others one
      // after the other afterwards (a step may add uses to values defined
      // above them).
      (works[i].fn->hasTrait<OpTrait::IsIsolatedFromAbove>() ? parallel
                                                             : sequential)
          .push_back(i);
    }
    parallelForEach(root->getContext(), parallel, run);
    for (unsigned i : sequential)
      run(i);
    parallel.append(sequential);
    for (unsigned i : parallel) {
      dirty[i] =
          status[i] == FunctionStatus::Changed ||
          llvm::any_of(levels.callees[i], [&](unsigned c) { return dirty[c]; });
      if (status[i] == FunctionStatus::Changed)
        settleOpOrder(works[i].fn);
    }
  }
  FunctionsStatus out;
  for (FunctionStatus s : status) {
    out.changed |= s == FunctionStatus::Changed;
    out.failed |= s == FunctionStatus::Failed;
  }
  return out;
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
