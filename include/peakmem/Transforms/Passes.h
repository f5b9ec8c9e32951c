//===- Passes.h - peakmem passes -------------------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every peakmem pass is op-agnostic and works on function-like ops
// (mlir::FunctionOpInterface: func.func, gpu.func, a compiler's own): it can
// be scheduled on such an op (`func.func(peakmem-reorder)`,
// `any(peakmem-reorder)`) or on any op that holds them, a module at any depth
// (`--peakmem-reorder`, `builtin.module(peakmem-reorder)`), with the same
// result. On a module it processes the functions in parallel when MLIR's
// multithreading is on (FunctionRunner.h).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_TRANSFORMS_PASSES_H
#define PEAKMEM_TRANSFORMS_PASSES_H

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace peakmem {

#define GEN_PASS_DECL
#include "peakmem/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "peakmem/Transforms/Passes.h.inc"

/// Options of the `peakmem-optimize` pipeline: the options of its steps
/// (peakmem-reorder, peakmem-recompute, peakmem-certify), with the passes'
/// defaults. Textual form:
/// `peakmem-optimize{reorder-max-work=400000000 max-mac-overhead=0.05}`.
/// Every budget is in work units (deterministic); time-limit-ms is the
/// opt-in wall-clock cap of each step, per function.
struct OptimizePipelineOptions
    : public mlir::PassPipelineOptions<OptimizePipelineOptions> {
  Option<std::string> algorithm{
      *this, "algorithm",
      llvm::cl::desc("Reorder algorithm: auto | exact | lpmf | bfs | dfs | "
                     "xla-list | xla-dfs | post-order"),
      llvm::cl::init(ReorderPassOptions().algorithm)};
  Option<uint64_t> reorderMaxWork{
      *this, "reorder-max-work",
      llvm::cl::desc("Work per function of the reordering (peakmem-reorder's "
                     "max-work), in work units"),
      llvm::cl::init(ReorderPassOptions().maxWork)};
  Option<uint64_t> planMaxWork{
      *this, "plan-max-work",
      llvm::cl::desc("Work per function of the recompute planning "
                     "(peakmem-recompute, which does not reorder again), in "
                     "work units"),
      llvm::cl::init(RecomputePassOptions().planMaxWork)};
  Option<uint64_t> certifyMaxWork{
      *this, "certify-max-work",
      llvm::cl::desc("Work per function of the certificates (peakmem-certify's "
                     "max-work), in work units"),
      llvm::cl::init(CertifyPassOptions().maxWork)};
  Option<unsigned> timeLimitMs{
      *this, "time-limit-ms",
      llvm::cl::desc("Opt-in wall-clock cap per function of each step, in "
                     "milliseconds (0: off; when it fires the output is not "
                     "reproducible)"),
      llvm::cl::init(0)};
  Option<unsigned> maxStates{
      *this, "max-states",
      llvm::cl::desc("Cap on the states one exact search of a block expands "
                     "(peakmem-reorder)"),
      llvm::cl::init(ReorderPassOptions().maxStates)};
  Option<unsigned> maxMemoEntries{
      *this, "max-memo-entries",
      llvm::cl::desc("Cap on the ideals one exact search memoises per segment "
                     "(peakmem-reorder)"),
      llvm::cl::init(ReorderPassOptions().maxMemoEntries)};
  Option<unsigned> maxRecomputePerOp{
      *this, "max-recompute-per-op",
      llvm::cl::desc("Extra executions allowed per op (0: no recomputation)"),
      llvm::cl::init(RecomputePassOptions().maxRecomputePerOp)};
  Option<double> maxMacOverhead{
      *this, "max-mac-overhead",
      llvm::cl::desc("Extra MACs allowed, as a fraction of the function's "
                     "MACs, in [0, 1]"),
      llvm::cl::init(RecomputePassOptions().maxMacOverhead)};
  Option<double> maxOpOverhead{
      *this, "max-op-overhead",
      llvm::cl::desc("Extra element operations allowed, as a fraction of the "
                     "function's operations, in [0, 1]"),
      llvm::cl::init(RecomputePassOptions().maxOpOverhead)};
  Option<bool> emitRemarks{*this, "remarks",
                           llvm::cl::desc("Emit the remarks of every step"),
                           llvm::cl::init(true)};
  Option<std::string> arena{
      *this, "arena",
      llvm::cl::desc("End with static arena planning (peakmem-plan-arena): "
                     "none | alloc | argument"),
      llvm::cl::init("none")};
  Option<int64_t> arenaAlignment{
      *this, "arena-alignment",
      llvm::cl::desc("Alignment floor of every buffer in the arena, in bytes "
                     "(a power of two)"),
      llvm::cl::init(PlanArenaPassOptions().alignment)};
  Option<unsigned> arenaBudgetMs{
      *this, "arena-budget-ms",
      llvm::cl::desc("Opt-in wall-clock cap of arena planning per function, "
                     "in milliseconds (0: off, reproducible)"),
      llvm::cl::init(PlanArenaPassOptions().budgetMs)};
  Option<bool> arenaOrderSearch{
      *this, "arena-order-search",
      llvm::cl::desc("Let arena planning also search the order of the entry "
                     "block (peakmem-plan-arena's order-search)"),
      llvm::cl::init(PlanArenaPassOptions().orderSearch)};
  Option<int64_t> arenaMaxLiveIncrease{
      *this, "arena-max-live-increase",
      llvm::cl::desc("Live-peak bytes the arena order search may add for a "
                     "smaller arena (peakmem-plan-arena's max-live-increase)"),
      llvm::cl::init(PlanArenaPassOptions().maxLiveIncrease)};
  Option<std::string> arenaAllocator{
      *this, "arena-allocator",
      llvm::cl::desc("malloc | caching: the allocator the arena's request is "
                     "sized for (peakmem-plan-arena's allocator)"),
      llvm::cl::init(PlanArenaPassOptions().allocator)};
};

/// Checks the options (the messages of OptionChecks.h): "" when valid.
std::string checkOptimizeOptions(const OptimizePipelineOptions &options);

/// Adds the `peakmem-optimize` steps to `pm`, which may be nested on a
/// function-like op or on a module: reorder every block, recompute where it
/// pays within the budgets (deciding the final order), with `arena` other
/// than none place every buffer in one arena (peakmem-plan-arena), then
/// certify the final program. Invalid options fail the passes'
/// initialization.
void buildOptimizePipeline(mlir::OpPassManager &pm,
                           const OptimizePipelineOptions &options);

/// Registers every peakmem pass and the `peakmem-optimize` pipeline.
void registerPeakMem();

} // namespace peakmem

#endif // PEAKMEM_TRANSFORMS_PASSES_H
