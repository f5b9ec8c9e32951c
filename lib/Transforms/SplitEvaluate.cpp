//===- SplitEvaluate.cpp - The peak of a tensor program, bufferized -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "SplitEvaluate.h"

#include "peakmem/Analysis/OpCost.h"
#include "peakmem/Transforms/AttrNames.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace peakmem;
using namespace peakmem::split;

static int64_t saturatingAdd(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_add_overflow(a, b, &r) ? std::numeric_limits<int64_t>::max()
                                          : r;
}

Work peakmem::split::countWork(FunctionOpInterface fn) {
  Work w;
  for (Block &block : fn.getFunctionBody())
    for (Operation &op : block) {
      w.macs = saturatingAdd(w.macs, countMacs(&op));
      w.ops = saturatingAdd(w.ops, countOps(&op));
    }
  return w;
}

namespace {
/// The copy of the module, nested in the pass's module while it is measured,
/// erased on every path.
struct NestedCopy {
  explicit NestedCopy(ModuleOp module) : copy(module.clone()) {
    // The copy's own attributes (a data layout, say) stay with it.
    module.getBody()->push_back(copy);
  }
  ~NestedCopy() { copy->erase(); }
  ModuleOp copy;
};
} // namespace

Measurement peakmem::split::measure(ModuleOp module, StringRef fnName,
                                    FunctionEdit edit, OpPassManager &bufferize,
                                    RecomputeBudgets budgets,
                                    const OptimizeWork &work,
                                    PipelineRunner run) {
  Measurement m;
  NestedCopy nested(module);
  auto fn = dyn_cast_or_null<FunctionOpInterface>(
      SymbolTable::lookupSymbolIn(nested.copy, fnName));
  if (!fn) {
    m.error = "the function has no copy";
    return m;
  }
  if (edit && !edit(fn, m.error))
    return m;
  // The nested pipelines' diagnostics describe the copy: keep the first
  // error as the reason, show none of them.
  std::string firstError;
  ScopedDiagnosticHandler handler(module.getContext(), [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error && firstError.empty())
      firstError = d.str();
    return success();
  });
  auto failedWith = [&](StringRef what) {
    m.error = (what + (firstError.empty() ? "" : ": " + firstError)).str();
    return m;
  };
  if (failed(run(bufferize, nested.copy)))
    return failedWith("the bufferization pipeline failed");
  m.bufferized = countWork(fn);
  auto [macBudget, opBudget] = budgets(m.bufferized);
  OpPassManager optimize(ModuleOp::getOperationName());
  OptimizePipelineOptions options;
  options.maxMacOverhead = std::clamp(macBudget, 0.0, 1.0);
  options.maxOpOverhead = std::clamp(opBudget, 0.0, 1.0);
  options.reorderMaxWork = work.reorderMaxWork;
  options.planMaxWork = work.planMaxWork;
  options.emitRemarks = false;
  buildOptimizePipeline(optimize, options);
  fn->removeAttr(kPeakAttr); // a claim of the input's, if any
  if (failed(run(optimize, nested.copy)))
    return failedWith("peakmem-optimize failed on the bufferized program");
  auto peak = fn->getAttrOfType<IntegerAttr>(kPeakAttr);
  if (!peak)
    return failedWith("peakmem-optimize did not model the bufferized "
                      "function");
  m.peak = peak.getInt();
  m.final = countWork(fn);
  return m;
}
