//===- Report.cpp - Annotate functions with their modeled peak ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "JsonRecords.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Model/ProblemIO.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Transforms/CertificateAttr.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/PassRecords.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

#define DEBUG_TYPE "peakmem-report"

STATISTIC(NumFunctionsReported, "Functions given peakmem.peak");
STATISTIC(NumFunctionsNotModeled, "Functions the memory model cannot describe");

namespace peakmem {
#define GEN_PASS_DEF_REPORTPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

/// Timeline of one block as JSON: the statement names and live bytes.
static llvm::json::Object blockTimeline(const BlockModel &bm) {
  Timeline t = simulate(bm.problem, identityOrder(bm.problem));
  llvm::json::Array steps;
  for (size_t i = 0; i < bm.ops.size(); ++i) {
    std::string loc;
    llvm::raw_string_ostream os(loc);
    bm.ops[i]->getLoc().print(os);
    steps.push_back(
        llvm::json::Object{{"op", bm.ops[i]->getName().getStringRef()},
                           {"loc", os.str()},
                           {"live", t.live[i]}});
  }
  // The buffers live at the peak step, largest first: where the bytes go.
  llvm::json::Array peakLive;
  if (!bm.ops.empty()) {
    std::vector<std::pair<int64_t, BufferId>> live;
    for (BufferId b = 0; b < bm.problem.numBuffers(); ++b) {
      const Buffer &buf = bm.problem.buffer(b);
      if (buf.users.empty())
        continue;
      // Identity order: positions are statement ids.
      bool started = buf.users.front() <= t.peakStep;
      bool ended = buf.freedInBlock && buf.users.back() < t.peakStep;
      if (started && !ended)
        live.emplace_back(buf.bytes, b);
    }
    std::sort(live.rbegin(), live.rend());
    for (auto [bytes, b] : live) {
      std::string loc;
      llvm::raw_string_ostream os(loc);
      bm.allocations[b].getLoc().print(os);
      peakLive.push_back(
          llvm::json::Object{{"bytes", bytes}, {"loc", os.str()}});
    }
  }
  return llvm::json::Object{
      {"problem", llvm::cantFail(llvm::json::parse(writeProblem(bm.problem)))},
      {"peak_step", static_cast<int64_t>(t.peakStep)},
      {"peak_live", std::move(peakLive)},
      {"parent", bm.block->getParentOp()->getName().getStringRef()},
      {"statements", static_cast<int64_t>(bm.ops.size())},
      {"buffers", static_cast<int64_t>(bm.problem.numBuffers())},
      {"peak", t.peak},
      {"timeline", std::move(steps)}};
}

// Sets attributes only, which do not change the model: every analysis is kept.
struct ReportPass : FunctionPass<peakmem::impl::ReportPassBase<ReportPass>> {
  using FunctionPass::FunctionPass;

  FunctionStatus runOnFunction(FunctionOpInterface fn,
                               AnalysisManager analyses) override {
    const MemoryModel &model = analyses.getAnalysis<MemoryModel>();
    if (!model.isModeled()) {
      ++NumFunctionsNotModeled;
      emitNotModeled(fn, *model.getFailure());
      return FunctionStatus::Unchanged;
    }
    ++NumFunctionsReported;
    const BlockModel &entry = *model.getEntryBlockModel();
    int64_t peak = model.getPeak();
    setPeakAttr(fn, peak);
    setCostAttrs(fn, model);
    if (emitRemarks && !entry.ops.empty()) {
      Timeline t = simulate(entry.problem, identityOrder(entry.problem));
      emitRemark(entry.ops[t.peakStep]->getLoc())
          << "peakmem: peak of " << peak << " bytes in '" << fn.getName()
          << "' reached here";
    }
    if (!jsonPath.empty() && failed(writeJson(fn, model)))
      return FunctionStatus::Failed;
    return FunctionStatus::Unchanged;
  }

  /// The function's timeline in the file of json=, whose records belong to
  /// this pass instance and its thread clones (JsonRecords.h): keyed and
  /// sorted by symbol path, the bytes depend neither on the order in which
  /// the functions finish nor on the thread count, and two pipelines writing
  /// the same file do not mix.
  LogicalResult writeJson(FunctionOpInterface fn, const MemoryModel &model) {
    llvm::json::Array blocks;
    for (const auto &bm : model.getBlockModels())
      if (bm->problem.numBuffers() > 0 ||
          bm.get() == model.getEntryBlockModel())
        blocks.push_back(blockTimeline(*bm));
    std::string path = symbolPath(fn);
    llvm::json::Object record{{"function", fn.getName()},
                              {"path", path},
                              {"peak", model.getPeak()},
                              {"blocks", std::move(blocks)}};
    std::string error = json->put(jsonPath, path, std::move(record));
    if (!error.empty())
      return fn.emitError()
             << "peakmem: cannot write '" << jsonPath << "': " << error;
    return success();
  }

  std::shared_ptr<JsonRecords> json = std::make_shared<JsonRecords>();
};

} // namespace
