//===- PassRegistration.cpp - Register every peakmem pass and pipeline ----===//

#include "peakmem/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

/// The whole job on one function-like op: reorder every block, recompute
/// where it pays within the default budgets (deciding the final order), then
/// attach the certificate of that final order.
static void buildOptimizePipeline(OpPassManager &pm) {
  pm.addPass(peakmem::createReorderPass());
  pm.addPass(peakmem::createRecomputePass());
  pm.addPass(peakmem::createCertifyPass());
}

void peakmem::registerPeakMem() {
  registerPeakMemPasses();
  PassPipelineRegistration<>(
      "peakmem-optimize",
      "Reorder every block for minimum peak memory, recompute where it pays, "
      "then certify the result (nest on function-like ops, e.g. "
      "func.func(peakmem-optimize))",
      buildOptimizePipeline);
}
