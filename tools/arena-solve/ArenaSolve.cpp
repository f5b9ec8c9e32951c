//===- ArenaSolve.cpp - The core arena planner on a CSV instance ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// usage: peakmem-arena-solve INPUT.csv [-o SOLUTION.csv] [--capacity=N]
//        [--max-nodes=N] [--max-work=N] [--max-moves=N] [--max-move-work=N]
//        [--proof=FILE] [--check-proof]
//        [--time-limit-ms=MS]
//
// Reads a placement instance in MiniMalloc's CSV format (a header naming
// `id,lower,upper,size` in any order, optionally `alignment`; a buffer is
// live over [lower, upper)), plans it with planArena (ArenaPlanner.h, the
// planner of peakmem-plan-arena), writes the rows with an `offset` column
// (to SOLUTION.csv, else to stdout) and prints as its last line
//   height=H lower_bound=L status=optimal|feasible|infeasible
// `infeasible` only with --capacity, when no plan fits in N is proven. With
// --proof=FILE the refutation of H-1 (or of N) is written there when the
// search proved one (ArenaRefutation.h); --check-proof replays it with the
// independent checker before printing.
//
// Steps: the core's lifetimes are inclusive [first, last]; a CSV buffer live
// over [lower, upper) is [lower, upper - 1], after compressing the times to
// their ranks when they exceed 2^24 (which keeps every overlap).
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Arena/Arena.h"
#include "peakmem/Core/Arena/ArenaPlanner.h"
#include "peakmem/Core/Arena/ArenaRefutation.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace peakmem;
namespace cl = llvm::cl;

static cl::opt<std::string> inputPath(cl::Positional, cl::Required,
                                      cl::desc("<input.csv>"));
static cl::opt<std::string> outputPath("o", cl::desc("Solution CSV path"),
                                       cl::value_desc("file"));
static cl::opt<int64_t>
    capacity("capacity", cl::init(-1),
             cl::desc("Decide this arena size instead of minimising"));
// A batch command: twice the pass's exact-search nodes and work (J of
// MiniMalloc's instances ends at 1,048,576 with the pass's 250,000 nodes,
// at 1,041,408 with 500,000), and fewer local-search moves and work units:
// on those instances the local search starts from the baselines' plan and
// never beat the exact search's, and at the pass's 400M units it took most
// of the time of the instances that stop above their bound.
static cl::opt<uint64_t>
    maxNodes("max-nodes", cl::init(2 * ArenaPlannerOptions().maxExactNodes),
             cl::desc("Exact placement search nodes"));
static cl::opt<uint64_t>
    maxWork("max-work", cl::init(2 * ArenaPlannerOptions().maxExactWork),
            cl::desc("Exact placement search work units (nodes x buffers)"));
static cl::opt<uint64_t> maxMoves("max-moves", cl::init(10'000),
                                  cl::desc("Local search moves after the "
                                           "exact search"));
static cl::opt<uint64_t>
    maxMoveWork("max-move-work", cl::init(20'000'000),
                cl::desc("Local search work units (buffers decoded and "
                         "conflicts visited)"));
static cl::opt<std::string>
    proofPath("proof", cl::desc("Write the refutation here, if any"),
              cl::value_desc("file"));
static cl::opt<bool>
    checkProof("check-proof",
               cl::desc("Re-check the refutation with the independent "
                        "checker"));
static cl::opt<double>
    timeLimitMs("time-limit-ms", cl::init(0),
                cl::desc("Opt-in wall-clock cap (0: none; output then "
                         "depends on the machine)"));

namespace {

struct Row {
  std::vector<std::string> fields;
  int64_t lower = 0, upper = 0, size = 0, alignment = 1;
};

bool fail(const std::string &message) {
  llvm::errs() << "peakmem-arena-solve: " << message << "\n";
  return false;
}

std::vector<std::string> splitCsv(const std::string &line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  for (std::string f; std::getline(ss, f, ',');)
    out.push_back(f);
  if (!line.empty() && line.back() == ',')
    out.push_back("");
  return out;
}

bool parseInt(const std::string &text, int64_t &value) {
  if (text.empty())
    return false;
  char *end = nullptr;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (*end)
    return false;
  value = v;
  return true;
}

bool readCsv(const std::string &path, std::string &header,
             std::vector<Row> &rows) {
  std::ifstream in(path);
  if (!in)
    return fail("cannot open '" + path + "'");
  std::map<std::string, size_t> col;
  std::string line;
  size_t lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (line.empty())
      continue;
    std::vector<std::string> f = splitCsv(line);
    if (col.empty()) {
      header = line;
      for (size_t i = 0; i < f.size(); ++i)
        col[f[i]] = i;
      for (const char *need : {"id", "lower", "upper", "size"})
        if (!col.count(need))
          return fail(path + ": the header must name id, lower, upper and "
                             "size (MiniMalloc's CSV)");
      if (col.count("offset"))
        return fail(path + ": already has an offset column");
      continue;
    }
    Row r;
    r.fields = f;
    auto get = [&](const char *name, int64_t &v) {
      auto it = col.find(name);
      return it == col.end() ||
             (it->second < f.size() && parseInt(f[it->second], v));
    };
    std::string at = path + ":" + std::to_string(lineNo) + ": ";
    if (!get("lower", r.lower) || !get("upper", r.upper) ||
        !get("size", r.size) || !get("alignment", r.alignment))
      return fail(at + "lower, upper, size and alignment must be integers");
    if (r.lower < 0 || r.upper <= r.lower)
      return fail(at + "needs 0 <= lower < upper");
    if (r.size < 0)
      return fail(at + "size is negative");
    if (r.alignment < 1 || (r.alignment & (r.alignment - 1)) ||
        r.alignment > (int64_t(1) << 32))
      return fail(at + "alignment must be a power of two up to 2^32");
    rows.push_back(std::move(r));
  }
  if (col.empty())
    return fail(path + ": empty file");
  return true;
}

ArenaProblem toProblem(const std::vector<Row> &rows, bool &rounded) {
  int64_t maxTime = 0;
  for (const Row &r : rows)
    maxTime = std::max(maxTime, r.upper);
  std::vector<int64_t> times;
  const bool compress = maxTime > (int64_t(1) << 24);
  if (compress) {
    for (const Row &r : rows) {
      times.push_back(r.lower);
      times.push_back(r.upper);
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
  }
  auto step = [&](int64_t t) -> uint32_t {
    if (!compress)
      return static_cast<uint32_t>(t);
    return static_cast<uint32_t>(
        std::lower_bound(times.begin(), times.end(), t) - times.begin());
  };
  ArenaProblem p;
  rounded = false;
  for (const Row &r : rows) {
    rounded |= r.size % r.alignment != 0;
    p.addBuffer(r.size, r.alignment, step(r.lower), step(r.upper) - 1);
  }
  return p;
}

void writeSolution(llvm::raw_ostream &os, const std::string &header,
                   const std::vector<Row> &rows, const ArenaPlan &plan) {
  os << header << ",offset\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    for (const std::string &f : rows[i].fields)
      os << f << ',';
    os << plan.offsets[i] << '\n';
  }
}

} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv,
                              "peakmem arena placement on a CSV instance\n");
  std::string header;
  std::vector<Row> rows;
  if (!readCsv(inputPath, header, rows))
    return 1;
  bool rounded = false;
  ArenaProblem p = toProblem(rows, rounded);
  if (rounded)
    llvm::errs() << "peakmem-arena-solve: note: sizes that are not a multiple "
                    "of their alignment are rounded up (heights and bounds "
                    "are of the rounded instance)\n";
  ArenaPlannerOptions options;
  options.maxExactNodes = maxNodes;
  options.maxExactWork = maxWork;
  options.maxMoves = maxMoves;
  options.maxMoveWork = maxMoveWork;
  options.capacity = capacity;
  options.budgetMs =
      timeLimitMs > 0 ? double(timeLimitMs) : ArenaPlannerOptions().budgetMs;
  ArenaPlannerResult r = planArena(p, options);
  if (std::string err = checkArenaPlan(p, r.plan); !err.empty()) {
    llvm::errs() << "peakmem-arena-solve: internal: invalid plan: " << err
                 << "\n";
    return 2;
  }
  if (!proofPath.empty() && r.proof == ArenaProofKind::Refutation) {
    if (!r.proofRecorded) {
      llvm::errs() << "peakmem-arena-solve: the refutation was too large to "
                      "record; no proof written\n";
    } else {
      std::ofstream proof(proofPath);
      writeArenaRefutation(proof, r.refutation);
    }
  }
  if (checkProof && r.proof == ArenaProofKind::Refutation && r.proofRecorded) {
    if (std::string err = checkArenaRefutation(p, r.refutation, UINT64_MAX);
        !err.empty()) {
      llvm::errs() << "peakmem-arena-solve: internal: refutation rejected: "
                   << err << "\n";
      return 2;
    }
    llvm::errs() << "peakmem-arena-solve: refutation of "
                 << r.refutation.capacity << " checked ("
                 << r.refutation.nodes() << " nodes)\n";
  }
  std::error_code ec;
  if (!outputPath.empty()) {
    llvm::raw_fd_ostream out(outputPath, ec);
    if (ec) {
      llvm::errs() << "peakmem-arena-solve: cannot write '" << outputPath
                   << "': " << ec.message() << "\n";
      return 1;
    }
    writeSolution(out, header, rows, r.plan);
  } else {
    writeSolution(llvm::outs(), header, rows, r.plan);
  }
  const char *status = r.infeasible      ? "infeasible"
                       : r.provenOptimal ? "optimal"
                                         : "feasible";
  if (capacity >= 0 && !r.infeasible && r.plan.size > capacity)
    status = "unknown";
  llvm::errs() << "peakmem-arena-solve: nodes=" << r.exactNodes
               << " skyline_nodes=" << r.skylineNodes << " moves=" << r.moves
               << " ms=" << int64_t(r.elapsedMs)
               << " proof=" << arenaProofKindName(r.proof)
               << " best_baseline=" << r.bestBaselineSize
               << (r.timeLimitHit ? " time-limit-hit" : "") << "\n";
  llvm::outs() << "height=" << r.plan.size << " lower_bound=" << r.lowerBound
               << " status=" << status << "\n";
  return 0;
}
