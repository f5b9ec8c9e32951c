//===- SearchProblem.cpp - Offline exact search on a dumped block ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Diagnoses a gap between a block's peak and its lower bound offline: reads
// the problems that `peakmem-report{json=FILE}` writes (one per block), or
// one problem written by hand (the form of peakmem/Core/Model/ProblemIO.h:
// the file is that object), and
// runs on the contracted problem of each block with at least --min-gap bytes
// of gap: the lower bound without a work limit, every heuristic, and the
// exact search with a work limit and large caps. Prints what each found, the
// work units it used and how long that took (the work units are the
// deterministic limit; the milliseconds only calibrate them), and what the
// search enumerated per segment (sequential points, segment sizes, which
// segments finished), so one can tell whether the order or the bound is the
// loose side.
//
// usage: peakmem-search-problem FILE.json [max-work] [max-states]
//        [max-memo-entries] [min-gap-bytes]
//        peakmem-search-problem --calibrate FILE.json [max-work]
//        (every block: work units and time of each algorithm, Calibrate.h)
//
//===----------------------------------------------------------------------===//

#include "Calibrate.h"

#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Model/Graph.h"
#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Model/ProblemIO.h"
#include "peakmem/Core/Model/Simulation.h"
#include "peakmem/Core/Schedule/ExactSearch.h"
#include "peakmem/Core/Schedule/Heuristics.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

using namespace peakmem;

/// A problem to diagnose: its text (ProblemIO.h) and where it comes from.
struct Block {
  std::string name;
  std::string text;
};

/// The problems of `doc`: the object itself when it is one problem (it has
/// "statements"), else every block's "problem" of the list
/// peakmem-report{json=...} writes. Returns what is wrong, or "".
static std::string collectBlocks(const llvm::json::Value &doc,
                                 std::vector<Block> &blocks) {
  auto text = [](const llvm::json::Value &v) {
    std::string s;
    llvm::raw_string_ostream(s) << v;
    return s;
  };
  if (const llvm::json::Object *o = doc.getAsObject()) {
    if (!o->get("statements"))
      return "expected a problem (ProblemIO.h) or the list "
             "peakmem-report{json=...} writes";
    blocks.push_back({"problem", text(doc)});
    return "";
  }
  const llvm::json::Array *functions = doc.getAsArray();
  if (!functions)
    return "expected a problem (ProblemIO.h) or the list "
           "peakmem-report{json=...} writes";
  for (const llvm::json::Value &fn : *functions) {
    const llvm::json::Object *fo = fn.getAsObject();
    if (!fo)
      continue;
    const llvm::json::Array *list = fo->getArray("blocks");
    for (size_t b = 0; list && b < list->size(); ++b) {
      const llvm::json::Object *bo = (*list)[b].getAsObject();
      const llvm::json::Value *po = bo ? bo->get("problem") : nullptr;
      if (!po)
        continue;
      std::string name = fo->getString("function").value_or("?").str();
      blocks.push_back({name + " block " + std::to_string(b), text(*po)});
    }
  }
  return "";
}

static double msSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - t)
      .count();
}

static void diagnose(const Problem &full, WorkUnits maxWork, size_t maxStates,
                     size_t maxMemo) {
  Contraction c = contract(full);
  std::vector<StmtId> toContracted;
  Problem reduced = reducedForSearch(c.problem, &toContracted);
  const Problem &p = c.problem;
  Order best = identityOrder(p);
  int64_t bestPeak = simulatePeak(p, best);
  const char *by = "original";
  for (Heuristic h : allHeuristics()) {
    Order o = scheduleWith(p, h);
    int64_t peak = simulatePeak(p, o);
    if (peak < bestPeak) {
      bestPeak = peak;
      best = o;
      by = heuristicName(h);
    }
  }
  {
    // Statements comparable with few others break the sequential points:
    // list the least comparable ones.
    const Problem &p = reduced;
    const size_t n = p.numStatements();
    std::vector<std::vector<bool>> anc(n, std::vector<bool>(n));
    Order topo = topologicalOrder(p);
    for (StmtId v : topo)
      for (StmtId q : p.preds(v)) {
        anc[v][q] = true;
        for (size_t x = 0; x < n; ++x)
          if (anc[q][x])
            anc[v][x] = true;
      }
    std::vector<std::pair<size_t, StmtId>> cmp;
    for (StmtId v = 0; v < n; ++v) {
      size_t k = 0;
      for (StmtId u = 0; u < n; ++u)
        k += u != v && (anc[v][u] || anc[u][v]);
      cmp.emplace_back(k, v);
    }
    std::sort(cmp.begin(), cmp.end());
    llvm::outs() << "least comparable statements (comparable/total-1):";
    for (size_t i = 0, shown = 0; i < cmp.size() && shown < 8; ++i) {
      StmtId v = cmp[i].second;
      if (p.statement(v).buffers.empty() && p.statement(v).scratch == 0)
        continue; // Memory-free: the search removes them.
      ++shown;
      int64_t bytes = 0;
      for (BufferId b : p.statement(v).buffers)
        bytes += p.buffer(b).bytes;
      llvm::outs() << " s" << c.toOriginal[toContracted[v]] << "="
                   << cmp[i].first << "/" << n - 1 << "(" << p.preds(v).size()
                   << " preds, " << p.succs(v).size() << " succs, " << bytes
                   << " B)";
    }
    llvm::outs() << "\n";
  }
  auto t0 = std::chrono::steady_clock::now();
  BoundOptions bo;
  bo.maxFlows = 100000;
  WorkBudget boundWork;
  LowerBound lb = computeLowerBound(p, best, bo, &boundWork);
  double boundMs = msSince(t0);
  llvm::outs() << "statements " << p.numStatements() << ", buffers "
               << p.numBuffers() << "; best heuristic " << bestPeak << " ("
               << by << "); long bound " << lb.bytes << " ("
               << boundKindName(lb.kind) << ", " << boundWork.used()
               << " units, " << llvm::format("%.0f", boundMs) << " ms)\n";
  SearchOptions so;
  so.maxStates = maxStates;
  so.maxMemoEntries = maxMemo;
  so.lowerBound = lb.bytes;
  WorkBudget searchWork(maxWork);
  t0 = std::chrono::steady_clock::now();
  SearchResult r = exactSearch(p, best, so, &searchWork);
  double searchMs = msSince(t0);
  llvm::outs() << "search: peak " << r.peak << ", proven "
               << (r.provenOptimal ? "yes" : "no") << ", stopped by "
               << searchStopName(r.stoppedBy) << ", memo full "
               << (r.memoFull ? "yes" : "no") << ", states " << r.statesExplored
               << ", " << searchWork.used() << " units, "
               << llvm::format("%.0f", searchMs) << " ms; sequential points "
               << r.sequentialPoints << ", segments " << r.segments.size()
               << ", reduced away " << r.reducedAway << "\n";
  for (size_t i = 0; i < r.segments.size(); ++i) {
    const SearchResult::Segment &s = r.segments[i];
    if (!s.searched && s.incumbentPeak <= lb.bytes)
      continue;
    llvm::outs() << "  segment " << i << ": " << s.statements
                 << " statements, incumbent " << s.incumbentPeak << ", best "
                 << s.peak << ", static bound " << s.staticBound
                 << (s.searched ? (s.finished ? ", finished" : ", stopped")
                                : ", not searched")
                 << ", " << s.states << " states\n";
  }
}

int main(int argc, char **argv) {
  const bool calibrating = argc > 1 && std::string(argv[1]) == "--calibrate";
  if (calibrating) {
    ++argv;
    --argc;
  }
  if (argc < 2) {
    llvm::errs() << "usage: " << argv[0]
                 << " FILE.json [max-work] [max-states] [max-memo-entries] "
                    "[min-gap-bytes]\n";
    return 2;
  }
  WorkUnits maxWork = argc > 2      ? std::strtoull(argv[2], nullptr, 10)
                      : calibrating ? WorkUnits(200'000'000)
                                    : WorkUnits(1) << 40;
  size_t maxStates =
      argc > 3 ? std::strtoull(argv[3], nullptr, 10) : size_t(1) << 40;
  size_t maxMemo =
      argc > 4 ? std::strtoull(argv[4], nullptr, 10) : size_t(1) << 24;
  int64_t minGap = argc > 5 ? std::atoll(argv[5]) : 1;
  auto buf = llvm::MemoryBuffer::getFile(argv[1]);
  if (!buf) {
    llvm::errs() << "cannot read " << argv[1] << "\n";
    return 1;
  }
  llvm::Expected<llvm::json::Value> v = llvm::json::parse((*buf)->getBuffer());
  if (!v) {
    llvm::errs() << llvm::toString(v.takeError()) << "\n";
    return 1;
  }
  // One hand-written problem, or the list the report writes.
  std::vector<Block> blocks;
  if (std::string error = collectBlocks(*v, blocks); !error.empty()) {
    llvm::errs() << error << "\n";
    return 1;
  }
  for (const Block &block : blocks) {
    Problem full;
    if (std::string error = readProblem(block.text, full); !error.empty()) {
      llvm::errs() << "invalid problem (" << block.name << "): " << error
                   << "\n";
      return 1;
    }
    if (calibrating) {
      if (full.numBuffers() == 0)
        continue;
      llvm::outs() << "== " << block.name << "\n";
      calibrate(full, maxWork);
      continue;
    }
    Contraction c = contract(full);
    Order topo = identityOrder(c.problem);
    LowerBound quick = computeLowerBound(c.problem, topo, BoundOptions());
    int64_t peak = simulatePeak(c.problem, topo);
    if (peak - quick.bytes < minGap && c.problem.numBuffers() > 0 &&
        peak <= quick.bytes)
      continue;
    if (c.problem.numBuffers() == 0)
      continue;
    llvm::outs() << "== " << block.name << ": peak as given " << peak << "\n";
    diagnose(full, maxWork, maxStates, maxMemo);
  }
  return 0;
}
