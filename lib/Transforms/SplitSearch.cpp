//===- SplitSearch.cpp - Which stage to split, and how finely -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See SplitSearch.h. The enumeration, in order:
//  * stage outputs: the linalg ops at or after the tensor model's peak step
//    (program order) whose result can be cut along `dims`;
//  * stage starts: the body's start, and the narrowest point before the peak
//    (fewest live bytes between two statements), so that a deep output need
//    not drag the whole network's prefix into its stage;
//  * grids, in the given order, until one is over a budget.
// A stage that does not contain the peak statement cannot lower it and is
// skipped; so is a stage already seen from another start. After 8 outputs
// in a row with no candidate within the budgets the enumeration stops: the
// halo, hence the work, grows with the stage's depth.
//
//===----------------------------------------------------------------------===//

#include "SplitSearch.h"

#include "peakmem/Analysis/TensorModel.h"
#include "peakmem/Core/Model/Simulation.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <algorithm>
#include <set>

using namespace mlir;
using namespace peakmem;
using namespace peakmem::split;

/// Bytes the tensor model adds to every tensor: one-shot-bufferize's
/// alignment (docs/Regeneration.md).
static constexpr int64_t kPadding = 64;

static SmallVector<Operation *> bodyOps(FunctionOpInterface fn) {
  SmallVector<Operation *> ops;
  Region &body = fn.getFunctionBody();
  if (!body.hasOneBlock())
    return ops;
  for (Operation &op : body.front())
    if (!op.hasTrait<OpTrait::IsTerminator>())
      ops.push_back(&op);
  return ops;
}

bool peakmem::split::applyCandidate(FunctionOpInterface fn, const Candidate &c,
                                    bool inPlace, std::string &why) {
  SmallVector<Operation *> ops = bodyOps(fn);
  if (c.output >= ops.size() || c.after >= int(c.output)) {
    why = "the candidate does not name ops of this body";
    return false;
  }
  Stage stage = formStage(ops[c.output], c.after < 0 ? nullptr : ops[c.after]);
  return applySplit(stage, c.grid, inPlace, why);
}

Work peakmem::split::tensorWork(FunctionOpInterface fn) {
  Work w = countWork(fn);
  // Bufferized, a tensor.pad is a fill of its whole result (a linalg op)
  // and a copy of its source (memref.copy, no operations).
  fn.walk([&](tensor::PadOp pad) {
    w.ops += pad.getResultType().getNumElements();
  });
  return w;
}

/// Bytes live between statement i and i + 1 in program order, per i.
static std::vector<int64_t> cutBytes(const Problem &p) {
  size_t n = p.numStatements();
  std::vector<int64_t> delta(n + 1, 0);
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    const Buffer &buffer = p.buffer(b);
    if (buffer.users.empty())
      continue;
    size_t first = buffer.users.front();
    size_t last = buffer.freedInBlock ? buffer.users.back() : n;
    delta[first] += buffer.bytes;
    delta[last] -= buffer.bytes;
  }
  std::vector<int64_t> cut(n, 0);
  int64_t live = 0;
  for (size_t i = 0; i < n; ++i)
    cut[i] = live += delta[i];
  return cut;
}

static bool isOutput(Operation *op, ArrayRef<int64_t> dims) {
  if (!isa<linalg::LinalgOp>(op) || !memberProblem(op).empty())
    return false;
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  return llvm::all_of(dims, [&](int64_t d) {
    return d < type.getRank() && type.getDimSize(d) > 1;
  });
}

namespace {
/// One run of the enumeration of SplitSearch.cpp's header comment.
class Enumeration {
public:
  Enumeration(FunctionOpInterface fn, const SearchOptions &options,
              SearchResult &r)
      : fn(fn), options(options), r(r) {}

  void run(const TensorModel &base, size_t peakStep);

private:
  /// Builds and rates the candidates of one stage; false when the work
  /// units are used up. Sets `inBudget` if one was within the budgets.
  bool tryStage(unsigned output, int after, const Stage &stage, bool &inBudget);
  /// Builds `c` on a copy of the function and rates it: true if within the
  /// budgets, false if not or if it cannot be built, nullopt when the work
  /// units are used up.
  std::optional<bool> rate(const Stage &stage, Candidate &c);

  FunctionOpInterface fn;
  const SearchOptions &options;
  SearchResult &r;
  std::string firstRefusal;
};
} // namespace

bool Enumeration::tryStage(unsigned output, int after, const Stage &stage,
                           bool &inBudget) {
  for (const std::vector<SmallVector<int64_t>> &family : options.grids)
    for (const SmallVector<int64_t> &counts : family) {
      Candidate c;
      c.output = output;
      c.after = after;
      c.grid.dims = options.dims;
      c.grid.counts = counts;
      c.members = stage.ops.size();
      std::optional<bool> within = rate(stage, c);
      if (!within)
        return false; // the work units are used up
      if (!*within)
        break; // a finer grid of this family fails or costs more
      inBudget = true;
      r.ranked.push_back(std::move(c));
    }
  return true;
}

std::optional<bool> Enumeration::rate(const Stage &stage, Candidate &c) {
  auto type = cast<RankedTensorType>(stage.output->getResult(0).getType());
  std::string why;
  if (tileBoxes(type.getShape(), c.grid, why).empty())
    return false;
  if (r.built >= options.maxCandidates)
    return std::nullopt;
  ++r.built;
  Operation *copy = fn->clone();
  auto copyFn = cast<FunctionOpInterface>(copy);
  bool ok = applyCandidate(copyFn, c, /*inPlace=*/false, why);
  if (ok) {
    c.work = tensorWork(copyFn);
    TensorModel model;
    if (std::optional<ModelFailure> failure =
            buildTensorModel(copyFn, kPadding, /*inPlace=*/true, model)) {
      ok = false;
      why = "the tensor model refuses the split program: " + failure->reason;
    } else {
      c.estimate = model.peak;
    }
  }
  copy->erase();
  if (!ok) {
    if (firstRefusal.empty())
      firstRefusal = why;
    return false;
  }
  if (double(c.work.macs) > options.macLimit ||
      double(c.work.ops) > options.opLimit) {
    ++r.overBudget;
    return false;
  }
  return true;
}

void Enumeration::run(const TensorModel &base, size_t peakStep) {
  const std::vector<Operation *> &ops = base.ops;
  std::vector<int64_t> cut = cutBytes(base.problem);
  std::vector<int> starts = {-1};
  int narrow = -1;
  for (size_t i = 0; i < peakStep; ++i)
    if (narrow < 0 || cut[i] <= cut[narrow])
      narrow = int(i);
  if (narrow >= 0)
    starts.push_back(narrow);
  std::set<std::vector<Operation *>> seen;
  unsigned missesInARow = 0;
  for (size_t e = peakStep; e < ops.size() && missesInARow < 8; ++e) {
    if (!isOutput(ops[e], options.dims))
      continue;
    bool tried = false, inBudget = false;
    for (int after : starts) {
      if (after >= int(e))
        continue;
      Stage stage = formStage(ops[e], after < 0 ? nullptr : ops[after]);
      if (stage.ops.size() < 2 || !llvm::is_contained(stage.ops, ops[peakStep]))
        continue;
      if (!seen.insert({stage.ops.begin(), stage.ops.end()}).second)
        continue;
      tried = true;
      if (!tryStage(unsigned(e), after, stage, inBudget))
        return;
    }
    if (tried)
      missesInARow = inBudget ? 0 : missesInARow + 1;
  }
  if (r.ranked.empty())
    r.why = !firstRefusal.empty() && r.overBudget == 0
                ? "no stage around the peak can be split: " + firstRefusal
            : r.overBudget > 0 ? "every split of a stage around the peak is "
                                 "over the MAC or operation budget"
                               : "no stage around the peak can be split";
}

SearchResult peakmem::split::searchSplits(FunctionOpInterface fn,
                                          const SearchOptions &options) {
  SearchResult r;
  TensorModel base;
  if (std::optional<ModelFailure> failure =
          buildTensorModel(fn, kPadding, /*inPlace=*/true, base)) {
    r.why = "not modeled: " + failure->reason;
    return r;
  }
  r.work = tensorWork(fn);
  Timeline timeline = simulate(base.problem, identityOrder(base.problem));
  r.peak = timeline.peak;
  if (base.ops.empty()) {
    r.why = "the body is empty";
    return r;
  }
  // Only a stage holding the peak statement can lower the peak.
  Operation *peakOp = base.ops[timeline.peakStep];
  if (std::string problem = memberProblem(peakOp); !problem.empty()) {
    r.why = "the peak is at '" + peakOp->getName().getStringRef().str() +
            "', which cannot be split: " + problem;
    return r;
  }
  Enumeration(fn, options, r).run(base, timeline.peakStep);
  std::stable_sort(r.ranked.begin(), r.ranked.end(),
                   [](const Candidate &a, const Candidate &b) {
                     if (a.estimate != b.estimate)
                       return a.estimate < b.estimate;
                     if (a.work.macs != b.work.macs)
                       return a.work.macs < b.work.macs;
                     return a.work.ops < b.work.ops;
                   });
  return r;
}
