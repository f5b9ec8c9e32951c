//===- MaxFlow.h - Maximum flow / minimum cut on int64 capacities -*- C++
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-*-===//
//
// Dinic's algorithm on a directed network with int64 capacities, one of which
// (kInfiniteCapacity) stands for "infinite". The trap lower bounds
// (peakmem/Core/Bounds/Bounds.h) solve their minimum-closure problems with it;
// the certificate checker never calls it (a flow is verified, not re-solved).
//
// Arcs are numbered in insertion order; after solve() every arc carries a flow
// in [0, capacity], conservation holds at every node but the source and the
// sink, and onSourceSide() describes a minimum cut. The augmenting search is
// iterative, so deep networks (long dependency chains) cannot overflow the
// stack.
//
// Work (WorkBudget.h): one unit per half-arc the level search or the
// augmenting search examines, plus one per half-arc of every augmenting path.
// A solve() whose budget runs out stops between two augmentations: the flow
// is then feasible (capacities and conservation hold) but not maximum, and
// complete() is false; by weak duality its value is still a lower bound on
// every cut.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_MAXFLOW_H
#define PEAKMEM_CORE_MAXFLOW_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace peakmem {

class WorkBudget;

/// Capacity meaning "never cut". Larger capacities passed to addArc are
/// clamped to it. Finite capacities of one network must sum to less than it.
constexpr int64_t kInfiniteCapacity = int64_t(1) << 62;

class MaxFlow {
public:
  using NodeId = uint32_t;
  using ArcId = uint32_t;

  explicit MaxFlow(size_t numNodes = 0) : numNodeCount(numNodes) {}

  NodeId addNode() { return static_cast<NodeId>(numNodeCount++); }
  /// Adds an arc; negative capacities count as 0, capacities at or above
  /// kInfiniteCapacity as infinite. Both endpoints must be existing nodes.
  ArcId addArc(NodeId from, NodeId to, int64_t capacity);

  size_t numNodes() const { return numNodeCount; }
  size_t numArcs() const { return arcFrom.size(); }
  NodeId from(ArcId a) const { return arcFrom[a]; }
  NodeId to(ArcId a) const { return arcTo[a]; }
  int64_t capacity(ArcId a) const { return arcCap[a]; }
  /// Flow on arc `a` after solve() (0 before).
  int64_t flow(ArcId a) const { return arcCap[a] - residual[2 * a]; }

  /// Computes a maximum flow from `source` to `sink` (distinct) and returns
  /// its value, or kInfiniteCapacity when the sink is reachable through
  /// infinite arcs only (no finite cut). May be called again after adding
  /// arcs: it continues from the current flow. With `work`, stops early (the
  /// value of a feasible flow, complete() false) once `work` is exhausted.
  int64_t solve(NodeId source, NodeId sink, WorkBudget *work = nullptr);

  /// The last solve() ran to a maximum flow (true before any solve()).
  bool complete() const { return finished; }

  /// After solve(): whether `n` is reachable from the source in the residual
  /// network, i.e. lies on the source side of the minimum cut that is
  /// closest to the source.
  bool onSourceSide(NodeId n) const {
    return n < sideOfCut.size() && sideOfCut[n];
  }

private:
  void buildAdjacency();
  bool buildLevels(NodeId source, NodeId sink);
  int64_t blockingFlow(NodeId source, NodeId sink, int64_t limit);
  /// Charges `units` to the current solve's budget; false once exhausted.
  bool charge(uint64_t units);

  size_t numNodeCount;
  std::vector<NodeId> arcFrom, arcTo;
  std::vector<int64_t> arcCap;
  /// Residual capacity of half-arc 2a (forward) and 2a+1 (backward).
  std::vector<int64_t> residual;
  /// Half-arcs grouped by tail node (CSR).
  std::vector<uint32_t> adjStart, adjHalf;
  std::vector<int32_t> level;
  std::vector<uint32_t> current;
  std::vector<uint8_t> sideOfCut;
  int64_t value = 0;
  WorkBudget *work = nullptr;
  bool finished = true;
};

} // namespace peakmem

#endif // PEAKMEM_CORE_MAXFLOW_H
