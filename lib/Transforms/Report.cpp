//===- Report.cpp - Annotate functions with their modeled peak ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "JsonRecords.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Transforms/CertificateAttr.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace peakmem {
#define GEN_PASS_DEF_REPORTPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

/// The block's scheduling problem as JSON (statement ids are positions in
/// the block), for offline tools: live_in, statements {kind (0 compute,
/// 1 alloc, 2 free), scratch, target, buffers}, buffers {bytes, freed},
/// edges.
static llvm::json::Object problemJson(const Problem &p) {
  llvm::json::Array stmts, bufs, edges;
  for (StmtId s = 0; s < p.numStatements(); ++s) {
    const Statement &st = p.statement(s);
    llvm::json::Array uses;
    for (BufferId b : st.buffers)
      uses.push_back(static_cast<int64_t>(b));
    stmts.push_back(
        llvm::json::Object{{"kind", static_cast<int64_t>(st.kind)},
                           {"scratch", st.scratch},
                           {"target", static_cast<int64_t>(st.target)},
                           {"buffers", std::move(uses)}});
  }
  for (BufferId b = 0; b < p.numBuffers(); ++b)
    bufs.push_back(llvm::json::Object{{"bytes", p.buffer(b).bytes},
                                      {"freed", p.buffer(b).freedInBlock}});
  for (auto [from, to] : p.edges())
    edges.push_back(llvm::json::Array{static_cast<int64_t>(from),
                                      static_cast<int64_t>(to)});
  return llvm::json::Object{{"live_in", p.liveIn},
                            {"statements", std::move(stmts)},
                            {"buffers", std::move(bufs)},
                            {"edges", std::move(edges)}};
}

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
      {"problem", problemJson(bm.problem)},
      {"peak_step", static_cast<int64_t>(t.peakStep)},
      {"peak_live", std::move(peakLive)},
      {"parent", bm.block->getParentOp()->getName().getStringRef()},
      {"statements", static_cast<int64_t>(bm.ops.size())},
      {"buffers", static_cast<int64_t>(bm.problem.numBuffers())},
      {"peak", t.peak},
      {"timeline", std::move(steps)}};
}

struct ReportPass : peakmem::impl::ReportPassBase<ReportPass> {
  using Base::Base;

  void runOnOperation() override {
    FunctionsStatus status =
        runOnFunctions(getOperation(), getAnalysisManager(),
                       [&](FunctionOpInterface fn, AnalysisManager analyses) {
                         return report(fn, analyses);
                       });
    if (status.failed)
      signalPassFailure();
    markAllAnalysesPreserved(); // Attributes do not change the model.
  }

  FunctionStatus report(FunctionOpInterface fn, AnalysisManager analyses) {
    if (fn.isExternal())
      return FunctionStatus::Unchanged;
    const MemoryModel &model = analyses.getAnalysis<MemoryModel>();
    if (!model.isModeled()) {
      emitNotModeled(fn, *model.getFailure());
      return FunctionStatus::Unchanged;
    }
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
