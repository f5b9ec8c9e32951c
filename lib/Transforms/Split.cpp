//===- Split.cpp - Patch-based execution of the peak stage ----------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// peakmem-split (docs/Split.md): per function of the module, rate candidate
// splits with the tensor model (SplitSearch.h), measure the best ones and
// the unsplit program after bufferization and peakmem-optimize
// (SplitEvaluate.h), and apply the best measured split if it lowers the
// measured peak (SplitTiling.h).
//
//===----------------------------------------------------------------------===//

#include "SplitEvaluate.h"
#include "SplitSearch.h"
#include "SplitTiling.h"

#include "peakmem/Transforms/AttrNames.h"
#include "peakmem/Transforms/OptionChecks.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/IR/TensorTilingInterfaceImpl.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/FormatVariadic.h"

#include <optional>

#define DEBUG_TYPE "peakmem-split"

STATISTIC(NumFunctionsSplit, "Functions peakmem-split split into stages");
STATISTIC(NumFunctionsLeft, "Functions peakmem-split left unchanged");

namespace peakmem {
#define GEN_PASS_DEF_SPLITPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;
using namespace peakmem::split;

namespace {

/// The grids tried when `tiles` is not given: square grids and rows, each
/// family coarse to fine (work grows with the grid).
const std::vector<std::vector<SmallVector<int64_t>>> kDefaultGrids = {
    {{2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {8, 8}},
    {{2, 1}, {3, 1}, {4, 1}, {6, 1}, {8, 1}, {12, 1}}};

/// "RxC" -> {R, C}; nullopt if malformed.
std::optional<SmallVector<int64_t>> parseTiles(StringRef text) {
  auto [rows, cols] = text.split('x');
  int64_t r = 0, c = 0;
  if (rows.getAsInteger(10, r) || cols.getAsInteger(10, c) || r < 1 || c < 1 ||
      r > 4096 || c > 4096)
    return std::nullopt;
  return SmallVector<int64_t>{r, c};
}

/// "+1.234" / "-0.500": the change from `before` to `now`, in percent.
std::string percent(int64_t now, int64_t before) {
  double p = before == 0 ? 0.0 : 100.0 * double(now - before) / double(before);
  return llvm::formatv("{0}{1:F3}", p < 0 ? "-" : "+", p < 0 ? -p : p).str();
}

/// What a split program may spend in all (bufferized MACs and operations,
/// from the unsplit program's and the budgets).
struct Limits {
  double macs = 0, ops = 0;

  /// The recompute budgets left for a program of work `w`, as fractions of
  /// its own work (as peakmem-recompute measures them).
  std::pair<double, double> leftFor(const Work &w) const {
    auto left = [](double limit, int64_t work) {
      return work <= 0
                 ? 0.0
                 : std::clamp((limit - double(work)) / double(work), 0.0, 1.0);
    };
    return {left(macs, w.macs), left(ops, w.ops)};
  }
};

struct SplitPass : peakmem::impl::SplitPassBase<SplitPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    linalg::registerTilingInterfaceExternalModels(registry);
    tensor::registerTilingInterfaceExternalModels(registry);
    // What the measurement pipelines load.
    OpPassManager pm(ModuleOp::getOperationName());
    std::string ignored;
    llvm::raw_string_ostream os(ignored);
    if (succeeded(parsePassPipeline(bufferize, pm, os)))
      pm.getDependentDialects(registry);
    OpPassManager optimize(ModuleOp::getOperationName());
    buildOptimizePipeline(optimize, OptimizePipelineOptions());
    optimize.getDependentDialects(registry);
  }

  LogicalResult initialize(MLIRContext *context) override {
    std::string error = checkFractionOption("max-mac-overhead", maxMacOverhead);
    if (error.empty())
      error = checkFractionOption("max-op-overhead", maxOpOverhead);
    if (error.empty() && !tiles.empty() && !parseTiles(tiles))
      error = "tiles='" + tiles + "' is not RxC with 1 <= R, C <= 4096";
    if (error.empty() && maxEvaluations == 0)
      error = "max-evaluations=0: at least one candidate must be measured";
    if (error.empty() && maxStages == 0)
      error = "max-stages=0: at least one stage must be allowed";
    if (error.empty()) {
      bufferizePm = OpPassManager(ModuleOp::getOperationName());
      llvm::raw_string_ostream os(error);
      if (failed(parsePassPipeline(bufferize, *bufferizePm, os)))
        error =
            "bufferize='" + bufferize + "' is not a pass pipeline: " + error;
    }
    return reportOptionError(context, getArgument(), error);
  }

  void runOnOperation() override {
    SmallVector<FunctionOpInterface> functions;
    for (Operation &op : getOperation().getBody()->getOperations())
      if (auto fn = dyn_cast<FunctionOpInterface>(&op); fn && !fn.isExternal())
        functions.push_back(fn);
    bool changed = false;
    for (FunctionOpInterface fn : functions)
      changed |= splitFunction(fn);
    if (!changed)
      markAllAnalysesPreserved();
  }

private:
  struct Choice {
    Candidate candidate;
    Measurement measured;
  };

  bool splitFunction(FunctionOpInterface fn);
  /// The best measured candidate of `found` within `limits` if it peaks
  /// below `current` (the function as it is, measured); else nullopt and
  /// `why`.
  std::optional<Choice> measureCandidates(FunctionOpInterface fn,
                                          const SearchResult &found,
                                          const Measurement &current,
                                          const Limits &limits,
                                          std::string &why);
  void record(FunctionOpInterface fn, ArrayRef<Choice> stages,
              const Measurement &unsplit, const Limits &limits);
  /// Nothing split: the record says why (with the measured peak when the
  /// unsplit program was measured), and so does the remark.
  void leaveUnchanged(FunctionOpInterface fn, const std::string &why,
                      std::optional<int64_t> measuredPeak = std::nullopt) {
    Builder b(fn->getContext());
    NamedAttrList record;
    if (measuredPeak) {
      record.append("peak_before", b.getI64IntegerAttr(*measuredPeak));
      record.append("peak_after", b.getI64IntegerAttr(*measuredPeak));
    }
    record.append("reason", b.getStringAttr(why));
    fn->setAttr(kSplitAttr, record.getDictionary(fn->getContext()));
    ++NumFunctionsLeft;
    if (emitRemarks)
      emitRemark(fn.getLoc())
          << "peakmem-split: '" << fn.getName() << "' unchanged: " << why;
  }
  Measurement measureFn(FunctionOpInterface fn, FunctionEdit edit,
                        RecomputeBudgets budgets) {
    return measure(
        getOperation(), fn.getName(), edit, *bufferizePm, budgets,
        OptimizeWork{reorderMaxWork, planMaxWork},
        [&](OpPassManager &pm, Operation *op) { return runPipeline(pm, op); });
  }

  std::optional<OpPassManager> bufferizePm;
};

} // namespace

bool SplitPass::splitFunction(FunctionOpInterface fn) {
  SearchOptions options;
  options.maxCandidates = maxCandidates;
  options.grids = kDefaultGrids;
  if (!tiles.empty())
    options.grids = {{*parseTiles(tiles)}};
  // The budgets bound every stage together: limits on the split program's
  // work, from the unsplit program's (tensor-level for the search,
  // bufferized for the measurements).
  Work tensorBase = tensorWork(fn);
  options.macLimit = double(tensorBase.macs) * (1.0 + maxMacOverhead);
  options.opLimit = double(tensorBase.ops) * (1.0 + maxOpOverhead);
  SearchResult found = searchSplits(fn, options);
  if (found.ranked.empty()) {
    leaveUnchanged(fn, found.why);
    return false;
  }
  double macs = maxMacOverhead, ops = maxOpOverhead;
  Measurement unsplit = measureFn(
      fn, nullptr, [&](const Work &) { return std::make_pair(macs, ops); });
  if (!unsplit.error.empty()) {
    leaveUnchanged(fn,
                   "the unsplit program cannot be measured: " + unsplit.error);
    return false;
  }
  Limits limits{double(unsplit.bufferized.macs) * (1.0 + maxMacOverhead),
                double(unsplit.bufferized.ops) * (1.0 + maxOpOverhead)};
  std::vector<Choice> stages;
  std::string why;
  while (true) {
    const Measurement &current =
        stages.empty() ? unsplit : stages.back().measured;
    std::optional<Choice> choice =
        measureCandidates(fn, found, current, limits, why);
    if (!choice)
      break;
    std::string error;
    if (!applyCandidate(fn, choice->candidate, /*inPlace=*/true, error)) {
      emitError(fn.getLoc()) << "peakmem-split: '" << fn.getName()
                             << "': internal error: the split measured on a "
                                "copy fails on the function: "
                             << error;
      signalPassFailure();
      return !stages.empty();
    }
    stages.push_back(std::move(*choice));
    if (stages.size() >= maxStages)
      break;
    // The next stage around the new peak, within what is left.
    found = searchSplits(fn, options);
    if (found.ranked.empty())
      break;
  }
  if (stages.empty()) {
    leaveUnchanged(fn, why, unsplit.peak);
    return false;
  }
  record(fn, stages, unsplit, limits);
  return true;
}

std::optional<SplitPass::Choice>
SplitPass::measureCandidates(FunctionOpInterface fn, const SearchResult &found,
                             const Measurement &current, const Limits &limits,
                             std::string &why) {
  double macLimit = limits.macs, opLimit = limits.ops;
  std::optional<Choice> best;
  unsigned overBudget = 0, failures = 0;
  std::string firstFailure;
  for (size_t i = 0; i < found.ranked.size() && i < maxEvaluations; ++i) {
    const Candidate &c = found.ranked[i];
    Measurement m = measureFn(
        fn,
        [&](FunctionOpInterface copy, std::string &error) {
          return applyCandidate(copy, c, /*inPlace=*/true, error);
        },
        [&](const Work &w) { return limits.leftFor(w); });
    if (!m.error.empty()) {
      if (firstFailure.empty())
        firstFailure = m.error;
      ++failures;
      continue;
    }
    if (double(m.final.macs) > macLimit || double(m.final.ops) > opLimit) {
      ++overBudget;
      continue;
    }
    if (!best || m.peak < best->measured.peak)
      best = Choice{c, m};
  }
  if (best && best->measured.peak < current.peak)
    return best;
  if (best)
    why = llvm::formatv("no split lowers the measured peak of {0} bytes (best "
                        "measured: {1} bytes)",
                        current.peak, best->measured.peak);
  else if (failures > 0)
    why = "no candidate could be measured: " + firstFailure;
  else
    why = llvm::formatv("the {0} best-rated candidates are over the MAC or "
                        "operation budget once bufferized",
                        overBudget);
  return std::nullopt;
}

void SplitPass::record(FunctionOpInterface fn, ArrayRef<Choice> stages,
                       const Measurement &unsplit, const Limits &limits) {
  MLIRContext *ctx = fn->getContext();
  Builder b(ctx);
  const Measurement &m = stages.back().measured;
  std::string tilesText;
  int64_t members = 0;
  for (const Choice &stage : stages) {
    const Grid &grid = stage.candidate.grid;
    tilesText += llvm::formatv("{0}{1}x{2}", tilesText.empty() ? "" : ",",
                               grid.counts[0], grid.counts[1]);
    members += stage.candidate.members;
  }
  auto [macBudget, opBudget] = limits.leftFor(m.bufferized);
  NamedAttrList record;
  auto i64 = [&](StringRef name, int64_t v) {
    record.append(name, b.getI64IntegerAttr(v));
  };
  i64("peak_before", unsplit.peak);
  i64("peak_after", m.peak);
  record.append("tiles", b.getStringAttr(tilesText));
  i64("stages", int64_t(stages.size()));
  i64("stage_ops", members);
  i64("macs_before", unsplit.bufferized.macs);
  i64("macs_after", m.final.macs);
  i64("ops_before", unsplit.bufferized.ops);
  i64("ops_after", m.final.ops);
  record.append("recompute_mac_budget",
                b.getStringAttr(formatOptionValue(macBudget)));
  record.append("recompute_op_budget",
                b.getStringAttr(formatOptionValue(opBudget)));
  fn->setAttr(kSplitAttr, record.getDictionary(ctx));
  ++NumFunctionsSplit;
  if (!emitRemarks)
    return;
  emitRemark(fn.getLoc()) << llvm::formatv(
      "peakmem-split: '{0}' peak {1} -> {2} bytes (bufferized, after "
      "peakmem-optimize) by computing {3} ops in {4} tiles; MACs {5} -> "
      "{6} ({7}%), operations {8} -> {9} ({10}%)",
      fn.getName(), unsplit.peak, m.peak, members, tilesText,
      unsplit.bufferized.macs, m.final.macs,
      percent(m.final.macs, unsplit.bufferized.macs), unsplit.bufferized.ops,
      m.final.ops, percent(m.final.ops, unsplit.bufferized.ops));
}
