//===- PassRegistration.cpp - Register every peakmem pass and pipeline ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ArenaRequest.h"
#include "peakmem/Transforms/OptionChecks.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <type_traits>

using namespace mlir;

std::string
peakmem::checkOptimizeOptions(const OptimizePipelineOptions &options) {
  std::string error = checkAlgorithmOption(options.algorithm);
  if (error.empty())
    error = checkFractionOption("max-mac-overhead", options.maxMacOverhead);
  if (error.empty())
    error = checkFractionOption("max-op-overhead", options.maxOpOverhead);
  if (error.empty())
    error = checkArenaOptions(options.arena, options.arenaAlignment,
                              /*allowNone=*/true, options.arenaMaxLiveIncrease);
  if (error.empty())
    error = checkAllocatorOption(options.arenaAllocator);
  return error;
}

namespace {
template <typename T, typename = void> struct HasTimeLimit : std::false_type {};
template <typename T>
struct HasTimeLimit<T, std::void_t<decltype(T::timeLimitMs)>> : std::true_type {
};

/// The options a pass of the pipeline takes from it under the same name:
/// remarks, and the wall-clock cap where the pass has one.
template <typename PassOptions>
PassOptions sharedOptions(const peakmem::OptimizePipelineOptions &options) {
  PassOptions pass;
  pass.emitRemarks = options.emitRemarks;
  if constexpr (HasTimeLimit<PassOptions>::value)
    pass.timeLimitMs = options.timeLimitMs;
  return pass;
}
} // namespace

void peakmem::buildOptimizePipeline(OpPassManager &pm,
                                    const OptimizePipelineOptions &options) {
  // Each phase has its own work budget per function.
  auto reorder = sharedOptions<ReorderPassOptions>(options);
  reorder.algorithm = options.algorithm;
  reorder.maxWork = options.reorderMaxWork;
  reorder.maxStates = options.maxStates;
  reorder.maxMemoEntries = options.maxMemoEntries;
  pm.addPass(createReorderPass(reorder));

  auto recompute = sharedOptions<RecomputePassOptions>(options);
  recompute.maxRecomputePerOp = options.maxRecomputePerOp;
  recompute.maxMacOverhead = options.maxMacOverhead;
  recompute.maxOpOverhead = options.maxOpOverhead;
  // Reorder ran just before (nested blocks included): the planner starts
  // from its order.
  recompute.reorderMaxWork = 0;
  recompute.planMaxWork = options.planMaxWork;
  pm.addPass(createRecomputePass(recompute));

  // Arena planning needs the final order; certify then describes the final
  // program (the arena is one of its buffers).
  if (options.arena != "none") {
    auto arena = sharedOptions<PlanArenaPassOptions>(options);
    arena.arena = options.arena;
    arena.alignment = options.arenaAlignment;
    arena.budgetMs = options.arenaBudgetMs;
    arena.orderSearch = options.arenaOrderSearch;
    arena.maxLiveIncrease = options.arenaMaxLiveIncrease;
    arena.allocator = options.arenaAllocator;
    pm.addPass(createPlanArenaPass(arena));
  }

  auto certify = sharedOptions<CertifyPassOptions>(options);
  certify.maxWork = options.certifyMaxWork;
  pm.addPass(createCertifyPass(certify));
}

void peakmem::registerPeakMem() {
  registerPeakMemPasses();
  // PassPipelineRegistration cannot refuse options that parse: register the
  // builder directly so that invalid values fail where the pipeline is
  // parsed, with the pipeline's name.
  registerPassPipeline(
      "peakmem-optimize",
      "Reorder every block for minimum peak memory, recompute where it pays, "
      "then certify the result (on a module or on function-like ops)",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        OptimizePipelineOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        if (std::string error = checkOptimizeOptions(options); !error.empty())
          return errorHandler("peakmem-optimize: " + error);
        buildOptimizePipeline(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(OptimizePipelineOptions());
      });
}
