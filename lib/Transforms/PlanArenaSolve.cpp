//===- PlanArenaSolve.cpp - The placement behind peakmem-plan-arena -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "PlanArenaSolve.h"
#include "peakmem/Core/Arena/ArenaOrderSearch.h"
#include "peakmem/Core/Bounds/Bounds.h"
#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Core/Model/Simulation.h"

using namespace mlir;
using namespace peakmem;

/// Whether the chosen order keeps the program's peak: the arena plus the
/// peak of the entry-block buffers left out of it (escaping or refused;
/// their nested ones are not weighed) must not exceed the same sum in the
/// starting order, else a smaller arena could cost more bytes beside it.
static bool outsideFits(const BlockModel &entry, ArrayRef<Candidate> placed,
                        const ArenaOrderSearchResult &r, const Order &start) {
  Problem outside = entry.problem;
  for (const Candidate &c : placed)
    if (!c.nested)
      outside.buffer(c.buffer).bytes = 0;
  for (StmtId s = 0; s < outside.numStatements(); ++s)
    outside.statement(s).scratch = 0;
  return simulatePeak(outside, r.order) + r.planned.plan.size <=
         simulatePeak(outside, start) + r.startArena;
}

/// Falls back to the starting order and its plan.
static void keepStart(ArenaOrderSearchResult &r, const Order &start) {
  r.order = start;
  r.extraction = r.startExtraction;
  r.planned = r.startPlanned;
  r.livePeak = r.startLivePeak;
  r.tradedLivePeak = false;
}

FailureOr<ArenaSolution> peakmem::solvePlacement(FunctionOpInterface fn,
                                                 const BlockModel &entry,
                                                 ArrayRef<Candidate> placed,
                                                 const SearchSettings &settings,
                                                 const Certificate &bound) {
  Problem p = entry.problem;
  std::vector<int64_t> align(p.numBuffers(), 1);
  for (BufferId b = 0; b < p.numBuffers(); ++b)
    p.buffer(b).bytes = 0;
  for (StmtId s = 0; s < p.numStatements(); ++s)
    p.statement(s).scratch = 0;
  ArenaSolution sol;
  ArenaExtractionOptions xo;
  std::vector<ArenaBufferId> nestedIndex;
  for (const Candidate &c : placed) {
    sol.arenaAlign = std::max(sol.arenaAlign, c.align);
    if (c.nested) {
      nestedIndex.push_back(xo.statementBuffers.size());
      xo.statementBuffers.push_back({c.step, c.bytes, c.align});
      continue;
    }
    nestedIndex.push_back(0);
    p.buffer(c.buffer).bytes = c.bytes;
    align[c.buffer] = c.align;
  }
  xo.alignment = align;
  xo.includeScratch = false;
  // The live bound of an order: nested buffers as their statement's
  // scratch, rounded (the caller checked the totals).
  Problem rounded = roundedForArena(p, xo);
  for (const ArenaStatementBuffer &sb : xo.statementBuffers)
    rounded.statement(sb.stmt).scratch += alignTo(sb.bytes, sb.alignment);
  Order order = identityOrder(p);
  sol.bound = bound;

  ArenaOrderSearchOptions so;
  so.budgetMs = settings.budgetMs;
  so.searchOrders = settings.orderSearch;
  so.maxLivePeakIncrease = settings.maxLiveIncrease;
  so.target = sol.bound.lowerBound;
  so.planner.lowerBound = sol.bound.lowerBound;
  ArenaOrderSearchResult r = searchArenaOrder(p, order, xo, so);
  if (r.order != order && !outsideFits(entry, placed, r, order))
    keepStart(r, order);
  sol.extraction = std::move(r.extraction);
  sol.planned = std::move(r.planned);
  sol.order = std::move(r.order);
  sol.reordered = sol.order != order;
  sol.traded = r.tradedLivePeak;
  sol.startOrderBound = r.startLivePeak;
  sol.orderBound = r.livePeak;
  sol.exhaustive = r.exhaustive;
  sol.optimumOverOrders = r.optimumOverOrders;
  sol.orders = r.legalOrders;
  std::vector<int64_t> arenaIdOfBuffer(p.numBuffers(), -1);
  for (ArenaBufferId id = 0; id < sol.extraction.firstStatementBuffer; ++id)
    if (sol.extraction.source[id] >= 0)
      arenaIdOfBuffer[sol.extraction.source[id]] = id;
  for (size_t i = 0; i < placed.size(); ++i)
    sol.arenaId.push_back(
        placed[i].nested ? sol.extraction.firstStatementBuffer + nestedIndex[i]
                         : arenaIdOfBuffer[placed[i].buffer]);

  if (!isLegalOrder(p, sol.order) ||
      simulatePeak(rounded, sol.order) != sol.orderBound)
    return fn.emitError() << "peakmem-plan-arena: internal: live bound "
                          << sol.orderBound << " differs from the simulated "
                          << "peak of the chosen order";
  if (std::string err =
          checkArenaPlan(sol.extraction.problem, sol.planned.plan);
      !err.empty())
    return fn.emitError() << "peakmem-plan-arena: internal: invalid plan: "
                          << err;
  return sol;
}
