//===- Report.cpp - Annotate functions with their modeled peak ------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Transforms/CertificateAttr.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/FunctionScheduler.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <mutex>
#include <optional>

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

/// Where `fn` stands below the outermost op: its symbol and those of the
/// symbol tables around it, "@f" or "@inner::@f"; an unnamed nested table
/// contributes "<op name>#<its index in its block>". Same-named functions
/// of different nested modules get different paths.
static std::string symbolPath(Operation *fn) {
  std::string path;
  for (Operation *op = fn; op->getParentOp(); op = op->getParentOp()) {
    std::string part;
    if (auto name =
            op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName())) {
      part = "@" + name.getValue().str();
    } else {
      unsigned index = 0;
      for (Operation &sibling : *op->getBlock()) {
        if (&sibling == op)
          break;
        ++index;
      }
      part = op->getName().getStringRef().str() + "#" + std::to_string(index);
    }
    path = path.empty() ? part : part + "::" + path;
  }
  return path;
}

struct ReportPass : peakmem::impl::ReportPassBase<ReportPass> {
  using Base::Base;

  void runOnOperation() override {
    // On an op holding functions (a module: the flag form), every function's
    // entry has a slot of its own (functions may run in parallel) and the
    // file is written once, in symbol-path order. On a function (a nested
    // pass manager runs the pass once per function, maybe on several
    // threads) the entries of the whole run are collected under a lock.
    Operation *root = getOperation();
    const bool perFunction = isa<FunctionOpInterface>(root);
    std::vector<Entry> entries;
    llvm::DenseMap<Operation *, size_t> slot;
    if (!jsonPath.empty() && !perFunction)
      for (FunctionOpInterface fn : collectFunctions(root)) {
        slot[fn] = entries.size();
        entries.emplace_back();
      }
    FunctionsStatus status =
        runOnFunctions(root, getAnalysisManager(),
                       [&](FunctionOpInterface fn, AnalysisManager analyses) {
                         Entry entry;
                         FunctionStatus s = report(fn, analyses, entry);
                         if (s == FunctionStatus::Failed || !entry.json)
                           return s;
                         if (perFunction)
                           return succeeded(writeShared(fn, std::move(entry)))
                                      ? s
                                      : FunctionStatus::Failed;
                         entries[slot.lookup(fn)] = std::move(entry);
                         return s;
                       });
    if (!status.failed && !jsonPath.empty() && !perFunction &&
        failed(writeAll(root, std::move(entries))))
      status.failed = true;
    if (status.failed)
      signalPassFailure();
    markAllAnalysesPreserved(); // Attributes do not change the model.
  }

  /// One function's JSON entry and its symbol path (the file's sort key).
  struct Entry {
    std::string path;
    std::optional<llvm::json::Value> json;
  };

  FunctionStatus report(FunctionOpInterface fn, AnalysisManager analyses,
                        Entry &out) {
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
    if (!jsonPath.empty())
      out = jsonEntry(fn, model);
    return FunctionStatus::Unchanged;
  }

  static Entry jsonEntry(FunctionOpInterface fn, const MemoryModel &model) {
    llvm::json::Array blocks;
    for (const auto &bm : model.getBlockModels())
      if (bm->problem.numBuffers() > 0 ||
          bm.get() == model.getEntryBlockModel())
        blocks.push_back(blockTimeline(*bm));
    Entry entry;
    entry.path = symbolPath(fn);
    entry.json = llvm::json::Object{{"function", fn.getName()},
                                    {"path", entry.path},
                                    {"peak", model.getPeak()},
                                    {"blocks", std::move(blocks)}};
    return entry;
  }

  /// Writes `entries` (those with JSON) to jsonPath, sorted by symbol path;
  /// an error at `at` when the file cannot be written.
  LogicalResult writeFile(Operation *at, std::vector<Entry> entries) const {
    llvm::sort(entries,
               [](const Entry &a, const Entry &b) { return a.path < b.path; });
    llvm::json::Array all;
    for (Entry &e : entries)
      if (e.json)
        all.push_back(std::move(*e.json));
    std::error_code ec;
    llvm::raw_fd_ostream os(jsonPath, ec, llvm::sys::fs::OF_Text);
    if (ec)
      return at->emitError()
             << "peakmem: cannot write '" << jsonPath << "': " << ec.message();
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(all))) << "\n";
    // Write errors (a full disk...) are reported once the data is flushed;
    // clear them so that the stream's destructor does not abort the process.
    os.close();
    if (os.has_error()) {
      std::error_code error = os.error();
      os.clear_error();
      return at->emitError() << "peakmem: cannot write '" << jsonPath
                             << "': " << error.message();
    }
    return success();
  }

  /// The module form: one write, after every function.
  LogicalResult writeAll(Operation *root, std::vector<Entry> entries) const {
    return writeFile(root, std::move(entries));
  }

  /// The per-function form: the entries of every function of this run so
  /// far (keyed by the outermost op, so that a new module, or a new run on
  /// another input, starts a new file), rewritten under a process-wide lock,
  /// sorted by symbol path: the last write holds every function, whatever
  /// the order the threads ran in.
  LogicalResult writeShared(FunctionOpInterface fn, Entry entry) const {
    Operation *top = fn;
    while (top->getParentOp())
      top = top->getParentOp();
    struct File {
      Operation *top = nullptr;
      std::map<std::string, Entry> functions;
    };
    static std::mutex mutex;
    static std::map<std::string, File> files;
    std::lock_guard<std::mutex> lock(mutex);
    File &file = files[jsonPath];
    if (file.top != top) {
      file.top = top;
      file.functions.clear();
    }
    file.functions.insert_or_assign(entry.path, std::move(entry));
    std::vector<Entry> all;
    for (auto &kv : file.functions)
      all.push_back({kv.second.path, kv.second.json});
    return writeFile(fn, std::move(all));
  }
};

} // namespace
