//===- BlockArena.cpp - The arena of one block, planned and bounded ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Arena/BlockArena.h"

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

} // namespace peakmem
