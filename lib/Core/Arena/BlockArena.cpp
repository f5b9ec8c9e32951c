//===- BlockArena.cpp - The arena of one block, planned and bounded ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Arena/BlockArena.h"
#include "peakmem/Core/Model/Simulation.h"

namespace peakmem {

Problem withoutWeightlessSources(const Problem &p, std::vector<StmtId> *kept) {
  const size_t n = p.numStatements();
  // "Kept" flows along edges, in a topological order (ids need not be one).
  std::vector<uint32_t> indegree(n, 0);
  for (StmtId s = 0; s < n; ++s)
    indegree[s] = p.preds(s).size();
  std::vector<StmtId> ready, topo;
  for (StmtId s = 0; s < n; ++s)
    if (indegree[s] == 0)
      ready.push_back(s);
  while (!ready.empty()) {
    StmtId s = ready.back();
    ready.pop_back();
    topo.push_back(s);
    for (StmtId t : p.succs(s))
      if (--indegree[t] == 0)
        ready.push_back(t);
  }
  // Statements on a cycle (an invalid problem) are never reached: kept.
  std::vector<uint8_t> keep(n, 1);
  for (StmtId s : topo) {
    const Statement &st = p.statement(s);
    keep[s] = !st.buffers.empty() || st.scratch != 0;
    for (StmtId u : p.preds(s))
      keep[s] |= keep[u];
  }
  std::vector<int64_t> newId(n, -1);
  Problem out;
  out.liveIn = p.liveIn;
  std::vector<StmtId> map;
  for (StmtId s = 0; s < n; ++s) {
    if (!keep[s])
      continue;
    newId[s] = out.addStatementLike(p.statement(s));
    map.push_back(s);
  }
  for (BufferId b = 0; b < p.numBuffers(); ++b)
    out.addBuffer(p.buffer(b).bytes, p.buffer(b).freedInBlock);
  for (StmtId s : map) {
    const Statement &st = p.statement(s);
    StmtId t = static_cast<StmtId>(newId[s]);
    for (BufferId b : st.buffers)
      out.addUse(t, b);
    out.statement(t).target = st.target;
  }
  for (auto [from, to] : p.edges())
    if (newId[from] >= 0 && newId[to] >= 0)
      out.addEdge(static_cast<StmtId>(newId[from]),
                  static_cast<StmtId>(newId[to]));
  out.finalize();
  if (kept)
    *kept = std::move(map);
  return out;
}

/// Whether the chosen order keeps the program's peak: the arena plus the
/// peak of the block's buffers left out of it (escaping or refused; nested
/// ones are not weighed) must not exceed the same sum in the starting
/// order, else a smaller arena could cost more bytes beside it.
static bool outsideFits(const Problem &block,
                        const std::vector<BlockArenaBuffer> &buffers,
                        const ArenaOrderSearchResult &r, const Order &start) {
  Problem outside = block;
  for (const BlockArenaBuffer &b : buffers)
    if (!b.nested)
      outside.buffer(b.buffer).bytes = 0;
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

/// The extraction's id of every input buffer.
static std::vector<ArenaBufferId>
arenaIds(const ArenaExtraction &x, const Problem &p,
         const std::vector<BlockArenaBuffer> &buffers) {
  std::vector<int64_t> idOfBuffer(p.numBuffers(), -1);
  for (ArenaBufferId id = 0; id < x.firstStatementBuffer; ++id)
    if (x.source[id] >= 0)
      idOfBuffer[x.source[id]] = id;
  std::vector<ArenaBufferId> ids;
  ArenaBufferId nested = x.firstStatementBuffer;
  for (const BlockArenaBuffer &b : buffers)
    ids.push_back(b.nested ? nested++
                           : static_cast<ArenaBufferId>(idOfBuffer[b.buffer]));
  return ids;
}

BlockArenaPlan planBlockArena(const Problem &block,
                              const std::vector<BlockArenaBuffer> &buffers,
                              const BlockArenaOptions &options) {
  Problem p = block;
  std::vector<int64_t> align(p.numBuffers(), 1);
  for (BufferId b = 0; b < p.numBuffers(); ++b)
    p.buffer(b).bytes = 0;
  for (StmtId s = 0; s < p.numStatements(); ++s)
    p.statement(s).scratch = 0;
  BlockArenaPlan plan;
  ArenaExtractionOptions xo;
  for (const BlockArenaBuffer &b : buffers) {
    plan.arenaAlign = std::max(plan.arenaAlign, b.align);
    if (b.nested) {
      xo.statementBuffers.push_back({b.stmt, b.bytes, b.align});
      continue;
    }
    p.buffer(b.buffer).bytes = b.bytes;
    align[b.buffer] = b.align;
  }
  xo.alignment = align;
  xo.includeScratch = false;
  // The live bound of an order: nested buffers as their statement's
  // scratch, rounded.
  Problem rounded = roundedForArena(p, xo);
  for (const ArenaStatementBuffer &sb : xo.statementBuffers)
    rounded.statement(sb.stmt).scratch += alignTo(sb.bytes, sb.alignment);
  Order order = identityOrder(p);
  ArenaOrderSearchOptions so = options.search;
  so.target = options.bound;
  so.planner.lowerBound = options.bound;
  ArenaOrderSearchResult r = searchArenaOrder(p, order, xo, so);
  if (r.order != order && !outsideFits(block, buffers, r, order))
    keepStart(r, order);
  plan.extraction = std::move(r.extraction);
  plan.planned = std::move(r.planned);
  plan.order = std::move(r.order);
  plan.reordered = plan.order != order;
  plan.traded = r.tradedLivePeak;
  plan.startOrderBound = r.startLivePeak;
  plan.orderBound = r.livePeak;
  plan.exhaustive = r.exhaustive;
  plan.optimumOverOrders = r.optimumOverOrders;
  plan.orders = r.legalOrders;
  plan.timeLimitHit = r.timeLimitHit || r.planned.timeLimitHit;
  plan.arenaId = arenaIds(plan.extraction, p, buffers);
  if (!isLegalOrder(p, plan.order) ||
      simulatePeak(rounded, plan.order) != plan.orderBound)
    plan.error = "live bound " + std::to_string(plan.orderBound) +
                 " differs from the simulated peak of the chosen order";
  else if (std::string err =
               checkArenaPlan(plan.extraction.problem, plan.planned.plan);
           !err.empty())
    plan.error = "invalid plan: " + err;
  return plan;
}

} // namespace peakmem
