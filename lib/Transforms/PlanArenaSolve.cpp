//===- PlanArenaSolve.cpp - The placement behind peakmem-plan-arena -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "PlanArenaSolve.h"
#include "ArenaRequest.h"
#include "ArenaSlots.h"
#include "JsonRecords.h"
#include "peakmem/Core/Arena/ArenaBaselines.h"
#include "peakmem/Transforms/AttrNames.h"
#include "peakmem/Transforms/CertificateAttr.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace peakmem;

FailureOr<ArenaSolution> peakmem::solvePlacement(FunctionOpInterface fn,
                                                 const BlockModel &entry,
                                                 ArrayRef<Candidate> placed,
                                                 ArrayRef<ArenaRoot> roots,
                                                 const SearchSettings &settings,
                                                 const Certificate &bound) {
  // Nested buffers of one statement with disjoint sub-step lives share
  // bytes: each group is placed as one buffer (ArenaBoundProblem.h).
  NestedPacking pack = packNestedRoots(roots);
  std::vector<BlockArenaBuffer> buffers;
  for (size_t i = 0; i < placed.size(); ++i)
    buffers.push_back({placed[i].buffer, placed[i].step, placed[i].nested,
                       pack.bytes[i], pack.align[i]});
  BlockArenaOptions options;
  options.search.budgetMs = settings.budgetMs;
  options.search.searchOrders = settings.orderSearch;
  options.search.maxLivePeakIncrease = settings.maxLiveIncrease;
  options.search.planner.budget = settings.budget;
  options.bound = bound.lowerBound;
  // Inputs in the arena are live from the entry: planned on the problem
  // with a first statement that uses them, whose step is then dropped.
  std::vector<BufferId> inputs;
  for (const Candidate &c : placed)
    if (c.input >= 0)
      inputs.push_back(c.buffer);
  Problem pinned;
  if (!inputs.empty()) {
    pinned = withEntryStatement(entry.problem, inputs);
    for (BlockArenaBuffer &b : buffers)
      b.stmt += b.nested;
  }
  ArenaSolution sol;
  static_cast<BlockArenaPlan &>(sol) =
      planBlockArena(inputs.empty() ? entry.problem : pinned, buffers, options);
  sol.bound = bound;
  if (!sol.error.empty())
    return fn.emitError() << "peakmem-plan-arena: internal: " << sol.error;
  if (!inputs.empty()) {
    Order order;
    for (StmtId s : sol.order)
      if (s != 0)
        order.push_back(s - 1);
    sol.order = std::move(order);
    sol.entryStep = true;
  }
  unpackNestedOffsets(pack, roots, sol);
  return sol;
}

/// "kept", "reordered" (the order search found a better order within the
/// live bound) or "traded" (a higher live bound for a smaller arena).
static const char *orderName(const ArenaSolution &sol) {
  return sol.traded ? "traded" : sol.reordered ? "reordered" : "kept";
}

/// Records the plan (the seam of peakmem-materialize-arena): on each placed
/// alloc its offset and alignment; on the function the arena's size,
/// alignment, bound, certificate, optimal, and (informational, not checked
/// by peakmem-verify-arena) each baseline's arena on the same problem and
/// why the planner stopped.
void peakmem::recordPlan(FunctionOpInterface fn, ArrayRef<Candidate> placed,
                         ArrayRef<Refusal> refused, const ArenaSolution &sol) {
  Builder attrs(fn.getContext());
  DenseMap<Value, int64_t> offsetOf;
  for (size_t i = 0; i < placed.size(); ++i) {
    Operation *alloc = placed[i].alloc;
    const int64_t offset = sol.planned.plan.offsets[sol.arenaId[i]];
    alloc->setAttr(kArenaOffsetAttr, attrs.getI64IntegerAttr(offset));
    alloc->setAttr(kAlignAttr, attrs.getI64IntegerAttr(placed[i].align));
    offsetOf[alloc->getResult(0)] = offset;
  }
  setResultOffsets(fn, resultOffsets(fn, offsetOf));
  if (llvm::any_of(fn.getResultTypes(),
                   [](Type t) { return isa<BaseMemRefType>(t); })) {
    ResultCounts n = countResults(placed, refused);
    fn->setAttr(
        kResultPlacementAttr,
        attrs.getDictionaryAttr(
            {attrs.getNamedAttr("inside", attrs.getI64IntegerAttr(n.inside)),
             attrs.getNamedAttr("inside_bytes",
                                attrs.getI64IntegerAttr(n.insideBytes)),
             attrs.getNamedAttr("outside", attrs.getI64IntegerAttr(n.outside)),
             attrs.getNamedAttr("outside_bytes",
                                attrs.getI64IntegerAttr(n.outsideBytes))}));
  }
  const int64_t size = sol.planned.plan.size;
  fn->setAttr(kArenaSizeAttr, attrs.getI64IntegerAttr(size));
  fn->setAttr(kArenaAlignmentAttr, attrs.getI64IntegerAttr(sol.arenaAlign));
  fn->setAttr(kArenaLowerBoundAttr,
              attrs.getI64IntegerAttr(sol.bound.lowerBound));
  fn->setAttr(kArenaOptimalAttr,
              attrs.getBoolAttr(size == sol.bound.lowerBound));
  fn->setAttr(kArenaCertificateAttr,
              certificateToAttr(fn.getContext(), sol.bound));
  SmallVector<NamedAttribute> baselines;
  for (size_t k = 0; k < sol.planned.baselineSizes.size(); ++k)
    baselines.push_back(attrs.getNamedAttr(
        arenaBaselineName(allArenaBaselines()[k]),
        attrs.getI64IntegerAttr(sol.planned.baselineSizes[k])));
  SmallVector<NamedAttribute> stats = {
      attrs.getNamedAttr("baselines", attrs.getDictionaryAttr(baselines)),
      attrs.getNamedAttr("stop",
                         attrs.getStringAttr(arenaStopName(sol.planned.stop))),
      attrs.getNamedAttr("order", attrs.getStringAttr(orderName(sol))),
      attrs.getNamedAttr("live_bound", attrs.getI64IntegerAttr(sol.orderBound)),
      attrs.getNamedAttr("live_bound_before",
                         attrs.getI64IntegerAttr(sol.startOrderBound))};
  if (sol.exhaustive)
    stats.push_back(attrs.getNamedAttr(
        "exhaustive_optimum", attrs.getI64IntegerAttr(sol.optimumOverOrders)));
  fn->setAttr(kArenaStatsAttr, attrs.getDictionaryAttr(stats));
}

/// The plan of `fn` for plots: every placed buffer's offset, bytes and
/// lifetime.
llvm::json::Value peakmem::planToJson(FunctionOpInterface fn,
                                      ArrayRef<Candidate> placed,
                                      const ArenaSolution &sol, size_t steps,
                                      llvm::json::Array leftOut,
                                      const ArenaRequest &request) {
  llvm::json::Array buffers, inputs;
  // The steps of the plan's problem, less its entry statement (inputs).
  const int64_t shift = sol.entryStep ? 1 : 0;
  for (size_t i = 0; i < placed.size(); ++i) {
    const ArenaBuffer &ab = sol.extraction.problem.buffer(sol.arenaId[i]);
    buffers.push_back(llvm::json::Object{
        {"offset", sol.planned.plan.offsets[sol.arenaId[i]]},
        {"bytes", ab.size},
        {"align", ab.alignment},
        {"first", std::max<int64_t>(0, int64_t(ab.life.first) - shift)},
        {"last", std::max<int64_t>(0, int64_t(ab.life.last) - shift)},
        {"nested", placed[i].nested},
        {"result", placed[i].result},
        {"input", placed[i].input}});
    if (placed[i].input >= 0)
      inputs.push_back(llvm::json::Object{
          {"argument", placed[i].input},
          {"offset", sol.planned.plan.offsets[sol.arenaId[i]]},
          {"bytes", placed[i].bytes}});
  }
  llvm::json::Object record{{"function", fn.getName()},
                            {"symbol", symbolPath(fn)},
                            {"arena_size", sol.planned.plan.size},
                            {"arena_request", request.bytes},
                            {"request_rule", request.rule},
                            {"lower_bound", sol.bound.lowerBound},
                            {"steps", static_cast<int64_t>(steps)},
                            {"buffers", std::move(buffers)},
                            {"left_out", std::move(leftOut)}};
  if (!inputs.empty())
    record["inputs"] = std::move(inputs);
  if (request.reservedPlanned)
    record["reserved_planned"] = *request.reservedPlanned;
  if (request.reservedRequested)
    record["reserved_requested"] = *request.reservedRequested;
  // As recorded on the function (recordPlan).
  if (auto offsets = fn->getAttrOfType<DenseI64ArrayAttr>(kResultOffsetsAttr))
    record["result_offsets"] = llvm::json::Array(offsets.asArrayRef());
  if (auto results = fn->getAttrOfType<DictionaryAttr>(kResultPlacementAttr)) {
    llvm::json::Object counts;
    for (NamedAttribute entry : results)
      counts[entry.getName().strref()] =
          cast<IntegerAttr>(entry.getValue()).getInt();
    record["results"] = std::move(counts);
  }
  return record;
}

/// The remark of a planned function: arena, bound, optimal or gap, the live
/// bound of this order, why the planner stopped, the best baseline.
void peakmem::emitPlanRemark(FunctionOpInterface fn, const ArenaSolution &sol,
                             ArrayRef<Candidate> candidates,
                             ArrayRef<Refusal> refusals, unsigned sunk,
                             const ArenaRequest &request) {
  const size_t placed = candidates.size();
  size_t inputs = 0;
  int64_t inputBytes = 0;
  for (const Candidate &c : candidates)
    if (c.input >= 0) {
      ++inputs;
      inputBytes += c.bytes;
    }
  const size_t refused = refusals.size();
  const int64_t size = sol.planned.plan.size;
  const int64_t bound = sol.bound.lowerBound;
  InFlightDiagnostic remark = emitRemark(fn.getLoc());
  remark << "peakmem-plan-arena: '" << fn.getName() << "' arena " << size
         << " bytes for " << placed << " buffers (" << refused
         << " left out), lower bound " << bound << " ("
         << boundKindName(sol.bound.kind) << ", every order)";
  if (size == bound) {
    remark << ": optimal";
  } else {
    std::string percent;
    llvm::raw_string_ostream(percent) << llvm::format(
        "%.1f", 100.0 * (size - bound) / std::max<int64_t>(1, size));
    remark << ": gap " << size - bound << " bytes (" << percent << "%)";
  }
  remark << "; live bound of this order " << sol.orderBound << "; planner "
         << arenaStopName(sol.planned.stop);
  if (sol.exhaustive)
    remark << "; exhaustive over " << sol.orders << " legal orders: optimum "
           << sol.optimumOverOrders << " bytes over every order and placement"
           << (sol.optimumOverOrders > bound ? " (the bound is unreachable)"
                                             : "");
  if (sol.reordered)
    remark << "; order " << orderName(sol) << " with the placement (live bound "
           << sol.startOrderBound << " -> " << sol.orderBound
           << (sol.traded ? ", traded for a smaller arena)" : ")");
  if (request.reservedPlanned)
    remark << "; requested as " << request.bytes << " bytes (" << request.rule
           << "; caching reserved " << *request.reservedRequested << " bytes, "
           << *request.reservedPlanned << " with the planned size)";
  else if (request.bytes != size || request.rule.rfind("caching", 0) == 0)
    remark << "; requested as " << request.bytes << " bytes (" << request.rule
           << ")";
  const std::vector<int64_t> &sizes = sol.planned.baselineSizes;
  if (!sizes.empty()) {
    size_t best = std::min_element(sizes.begin(), sizes.end()) - sizes.begin();
    remark << "; best baseline " << arenaBaselineName(allArenaBaselines()[best])
           << " " << sizes[best] << " bytes";
  }
  if (refused != 0) {
    int64_t outside = 0;
    for (const Refusal &r : refusals)
      outside += r.bytes;
    remark << "; outside the arena " << outside << " bytes in " << refused
           << " allocations";
    if (sunk)
      remark << " (" << sunk << " moved down to their first use)";
  }
  if (inputs)
    remark << "; inputs: " << inputs << " in the arena (" << inputBytes
           << " bytes)";
  size_t leaked = 0;
  int64_t leakedBytes = 0;
  for (const Candidate &c : candidates)
    if (c.leaked) {
      ++leaked;
      leakedBytes += c.bytes;
    }
  if (leaked)
    remark << "; never freed: " << leaked << " in the arena (" << leakedBytes
           << " bytes, reused after their last use)";
  if (auto results = fn->getAttrOfType<DictionaryAttr>(kResultPlacementAttr)) {
    auto get = [&](StringRef key) {
      return cast<IntegerAttr>(results.get(key)).getInt();
    };
    remark << "; results: " << get("inside") << " in the arena ("
           << get("inside_bytes") << " bytes), " << get("outside")
           << " outside (" << get("outside_bytes") << " bytes)";
  }
}
