//===- MaxFlow.cpp - Dinic's maximum flow ---------------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Support/MaxFlow.h"
#include "peakmem/Core/Support/WorkBudget.h"

#include <algorithm>
#include <cassert>

namespace peakmem {

MaxFlow::ArcId MaxFlow::addArc(NodeId from, NodeId to, int64_t capacity) {
  assert(from < numNodeCount && to < numNodeCount &&
         "arc endpoint out of range");
  capacity = std::clamp<int64_t>(capacity, 0, kInfiniteCapacity);
  arcFrom.push_back(from);
  arcTo.push_back(to);
  arcCap.push_back(capacity);
  residual.push_back(capacity);
  residual.push_back(0);
  return static_cast<ArcId>(arcFrom.size() - 1);
}

/// Half-arc h runs from tail(h) to head(h); h ^ 1 is its reverse.
void MaxFlow::buildAdjacency() {
  const size_t numHalves = 2 * arcFrom.size();
  adjStart.assign(numNodeCount + 1, 0);
  auto tail = [&](uint32_t h) { return h & 1 ? arcTo[h / 2] : arcFrom[h / 2]; };
  for (uint32_t h = 0; h < numHalves; ++h)
    ++adjStart[tail(h) + 1];
  for (size_t n = 0; n < numNodeCount; ++n)
    adjStart[n + 1] += adjStart[n];
  adjHalf.assign(numHalves, 0);
  std::vector<uint32_t> fill(adjStart.begin(), adjStart.end() - 1);
  for (uint32_t h = 0; h < numHalves; ++h)
    adjHalf[fill[tail(h)]++] = h;
}

bool MaxFlow::charge(uint64_t units) {
  if (work && !work->charge(units))
    finished = false;
  return finished;
}

/// BFS levels over residual half-arcs; true iff the sink is reachable (and
/// the budget lasted).
bool MaxFlow::buildLevels(NodeId source, NodeId sink) {
  level.assign(numNodeCount, -1);
  std::vector<NodeId> queue{source};
  level[source] = 0;
  for (size_t i = 0; i < queue.size(); ++i) {
    NodeId u = queue[i];
    if (!charge(1 + adjStart[u + 1] - adjStart[u]))
      return false;
    for (uint32_t k = adjStart[u]; k < adjStart[u + 1]; ++k) {
      uint32_t h = adjHalf[k];
      NodeId v = h & 1 ? arcFrom[h / 2] : arcTo[h / 2];
      if (residual[h] > 0 && level[v] < 0) {
        level[v] = level[u] + 1;
        queue.push_back(v);
      }
    }
  }
  return level[sink] >= 0;
}

/// One Dinic phase: augments along shortest residual paths until the level
/// graph is blocked, `limit` more units have been pushed or the budget runs
/// out (between two augmentations). Iterative: the current path is an
/// explicit stack of half-arcs.
int64_t MaxFlow::blockingFlow(NodeId source, NodeId sink, int64_t limit) {
  current.assign(adjStart.begin(), adjStart.end() - 1);
  std::vector<uint32_t> path;
  int64_t pushed = 0;
  NodeId u = source;
  auto head = [&](uint32_t h) { return h & 1 ? arcFrom[h / 2] : arcTo[h / 2]; };
  auto tail = [&](uint32_t h) { return h & 1 ? arcTo[h / 2] : arcFrom[h / 2]; };
  // Half-arcs examined since the last charge (charged in batches).
  uint64_t examined = 0;
  constexpr uint64_t kBatch = 256;
  while (pushed < limit) {
    if (u == sink) {
      if (!charge(examined + path.size()))
        break;
      examined = 0;
      int64_t amount = limit - pushed;
      for (uint32_t h : path)
        amount = std::min(amount, residual[h]);
      size_t firstSaturated = path.size();
      for (size_t i = 0; i < path.size(); ++i) {
        residual[path[i]] -= amount;
        residual[path[i] ^ 1] += amount;
        if (residual[path[i]] == 0 && firstSaturated == path.size())
          firstSaturated = i;
      }
      pushed += amount;
      // Retreat to the tail of the first saturated half-arc.
      if (firstSaturated < path.size()) {
        u = tail(path[firstSaturated]);
        path.resize(firstSaturated);
      }
      continue;
    }
    if (examined >= kBatch) {
      if (!charge(examined))
        break;
      examined = 0;
    }
    bool advanced = false;
    for (; current[u] < adjStart[u + 1]; ++current[u]) {
      ++examined;
      uint32_t h = adjHalf[current[u]];
      NodeId v = head(h);
      if (residual[h] > 0 && level[v] == level[u] + 1) {
        path.push_back(h);
        u = v;
        advanced = true;
        break;
      }
    }
    if (advanced)
      continue;
    // Dead end: no augmenting path continues through u in this phase.
    if (u == source)
      break;
    level[u] = -1;
    uint32_t back = path.back();
    path.pop_back();
    u = tail(back);
    ++current[u];
  }
  return pushed;
}

int64_t MaxFlow::solve(NodeId source, NodeId sink, WorkBudget *budget) {
  assert(source < numNodeCount && sink < numNodeCount && source != sink);
  work = budget;
  finished = true;
  buildAdjacency();
  charge(numNodeCount + 2 * arcFrom.size());
  while (finished && value < kInfiniteCapacity && buildLevels(source, sink))
    value += blockingFlow(source, sink, kInfiniteCapacity - value);
  // Residual reachability from the source: the source side of a min cut.
  sideOfCut.assign(numNodeCount, 0);
  std::vector<NodeId> stack{source};
  sideOfCut[source] = 1;
  while (!stack.empty()) {
    NodeId u = stack.back();
    stack.pop_back();
    for (uint32_t k = adjStart[u]; k < adjStart[u + 1]; ++k) {
      uint32_t h = adjHalf[k];
      NodeId v = h & 1 ? arcFrom[h / 2] : arcTo[h / 2];
      if (residual[h] > 0 && !sideOfCut[v]) {
        sideOfCut[v] = 1;
        stack.push_back(v);
      }
    }
  }
  return value;
}

} // namespace peakmem
