//===- SegmentSearch.cpp - Branch and bound over one segment --------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// All memory figures come from the shared Simulator run on the segment
// problem; this file never counts bytes itself.
//
//===----------------------------------------------------------------------===//

#include "SegmentSearch.h"

#include "peakmem/Core/Model/Graph.h"
#include "peakmem/Core/Model/Simulation.h"

#include <algorithm>
#include <cassert>
#include <deque>
#include <limits>
#include <optional>
#include <tuple>

namespace peakmem {

namespace {

constexpr int64_t kMinusInf = std::numeric_limits<int64_t>::min();

/// Memory allowed for Simulator snapshots along one search path.
constexpr size_t kSnapshotBytes = size_t(64) << 20;

/// Work units of one expanded state besides its ready statements: the memo
/// probe (a random access into a table of up to millions of slots), the
/// frame and the sort of its children.
constexpr WorkUnits kStateUnits = 24;

uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// Memo of ideals: 128-bit Zobrist hash of the executed set -> smallest prefix
/// peak with which the ideal was expanded. Open addressing, linear probing.
/// Once full it stops recording (memoisation only prunes, so that is safe).
class IdealMemo {
public:
  explicit IdealMemo(size_t maxEntries) : maxEntries(maxEntries) {}
  /// The memo reached maxEntries and stopped recording.
  bool full = false;

  /// Records (key, g) and returns true when the ideal is new or was only
  /// reached with a larger prefix peak; false when it is dominated.
  bool improve(uint64_t a, uint64_t b, int64_t g) {
    if (slots.empty())
      slots.assign(1024, Slot());
    size_t mask = slots.size() - 1;
    for (size_t i = a & mask;; i = (i + 1) & mask) {
      Slot &slot = slots[i];
      if (slot.g == kMinusInf) {
        if (size >= maxEntries) {
          full = true;
          return true;
        }
        slot = {a, b, g};
        if (++size * 2 > slots.size())
          grow();
        return true;
      }
      if (slot.a == a && slot.b == b) {
        if (slot.g <= g)
          return false;
        slot.g = g;
        return true;
      }
    }
  }

private:
  struct Slot {
    uint64_t a = 0, b = 0;
    int64_t g = kMinusInf;
  };

  void grow() {
    std::vector<Slot> old(slots.size() * 2);
    old.swap(slots);
    size_t mask = slots.size() - 1;
    for (const Slot &slot : old) {
      if (slot.g == kMinusInf)
        continue;
      size_t i = slot.a & mask;
      while (slots[i].g != kMinusInf)
        i = (i + 1) & mask;
      slots[i] = slot;
    }
  }

  std::vector<Slot> slots;
  size_t size = 0;
  size_t maxEntries;
};

/// Max over a dynamic set of values (a statement's static bound while it is
/// unexecuted, -inf once executed).
class MaxTree {
public:
  explicit MaxTree(const std::vector<int64_t> &values) {
    size = 1;
    while (size < values.size())
      size *= 2;
    tree.assign(2 * size, kMinusInf);
    for (size_t i = 0; i < values.size(); ++i)
      tree[size + i] = values[i];
    for (size_t i = size; i-- > 1;)
      tree[i] = std::max(tree[2 * i], tree[2 * i + 1]);
  }
  void set(size_t i, int64_t value) {
    i += size;
    tree[i] = value;
    for (i /= 2; i; i /= 2)
      tree[i] = std::max(tree[2 * i], tree[2 * i + 1]);
  }
  int64_t max() const { return tree[1]; }

private:
  size_t size = 1;
  std::vector<int64_t> tree;
};

/// Depth-first branch and bound over the ideals of one segment problem.
///
/// A search node is an ideal Q (the executed set) with g = the peak of the
/// path that reached it. Children are the ready statements, tried by
/// ascending (max(g, mem if next), net growth, id). A child is cut when its
/// g, or the largest static bound of a statement still to run, is >= the
/// best peak; or when its ideal was already expanded with a g no larger.
///
/// Reduction: if a ready v neither raises live bytes (netGrowth <= 0) nor
/// runs above max(g, floor), running it now is optimal. Exchange argument:
/// moving v to the front of any completion only drops v's freed buffers
/// earlier and starts no more bytes than netGrowth at any intermediate step,
/// and the objective is max(floor, peak).
///
/// The Simulator has no undo: snapshots are kept every `stride` levels and
/// the current one is rebuilt from the nearest snapshot by replaying the path.
class SegmentSearch {
public:
  SegmentSearch(const Problem &local, const std::vector<int64_t> &bounds,
                int64_t floor, SearchBudget &budget)
      : local(local), bounds(bounds), floor(floor), budget(budget),
        k(local.numStatements()), lbTree(bounds), memo(budget.maxMemoEntries),
        counter(local) {
    uint64_t seed = 0x5eed5eed5eed5eedULL;
    zobristA.resize(k);
    zobristB.resize(k);
    for (size_t v = 0; v < k; ++v) {
      zobristA[v] = splitmix64(seed);
      zobristB[v] = splitmix64(seed);
    }
    size_t simBytes = local.numBuffers() * 5 + 64;
    stride = std::max<size_t>(1, (k * simBytes) / kSnapshotBytes + 1);
  }

  /// Improves (bestOrder, bestPeak), which start as the local incumbent.
  /// Returns true if the search finished (bestPeak is optimal, or <= floor),
  /// false if the budget ran out.
  bool run(Order &bestOrder, int64_t &bestPeak) {
    best = bestPeak;
    if (best <= floor)
      return true;
    readyPos.assign(k, kAbsent);
    counter.forEachSource([&](StmtId v) { addReady(v); });
    cur.emplace(local);
    curDepth = 0;
    snapshots.emplace_back(*cur);
    openFrame(0, cur->peak());
    size_t top = 1;
    bool finished = true;
    while (top > 0) {
      Frame &frame = frames[top - 1];
      const size_t depth = top - 1;
      if (frame.next == frame.children.size()) {
        --top;
        if (depth > 0)
          undo();
        continue;
      }
      const Child child = frame.children[frame.next++];
      const int64_t g = std::max(frame.g, child.mem);
      if (g >= best) {
        // Children are sorted by max(frame.g, mem): the rest cannot do better.
        frame.next = frame.children.size();
        continue;
      }
      restore(depth);
      apply(child.stmt);
      if (path.size() == k) {
        best = g;
        bestOrder = path;
        undo();
        if (best <= floor)
          break;
        continue;
      }
      if (std::max(g, lbTree.max()) >= best || !memo.improve(hashA, hashB, g)) {
        undo();
        continue;
      }
      // The state's cost: its memo probe and frame, and the memory of each
      // ready statement (openFrame).
      if (!budget.charge(kStateUnits + 2 * ready.size())) {
        finished = false;
        break;
      }
      if (path.size() % stride == 0) {
        snapshots.emplace_back(*cur);
        budget.spend(local.numBuffers() / 4);
      }
      openFrame(top, g);
      ++top;
    }
    bestPeak = best;
    budget.memoFull |= memo.full;
    return finished;
  }

private:
  static constexpr uint32_t kAbsent = std::numeric_limits<uint32_t>::max();

  struct Child {
    StmtId stmt;
    int64_t mem, growth;
  };
  struct Frame {
    std::vector<Child> children;
    size_t next = 0;
    int64_t g = 0;
  };

  void addReady(StmtId v) {
    readyPos[v] = static_cast<uint32_t>(ready.size());
    ready.push_back(v);
  }
  void removeReady(StmtId v) {
    uint32_t i = readyPos[v];
    StmtId last = ready.back();
    ready[i] = last;
    readyPos[last] = i;
    ready.pop_back();
    readyPos[v] = kAbsent;
  }

  /// Runs `v` (ready) on the current Simulator, which must be at the current
  /// depth.
  void apply(StmtId v) {
    cur->push(v);
    removeReady(v);
    counter.run(v, [&](StmtId t) { addReady(t); });
    hashA ^= zobristA[v];
    hashB ^= zobristB[v];
    lbTree.set(v, kMinusInf);
    path.push_back(v);
    curDepth = path.size();
  }

  /// Takes back the last statement of the path. The Simulator is left stale.
  void undo() {
    StmtId v = path.back();
    path.pop_back();
    counter.unrun(v, [&](StmtId t) { removeReady(t); });
    addReady(v);
    hashA ^= zobristA[v];
    hashB ^= zobristB[v];
    lbTree.set(v, bounds[v]);
    while ((snapshots.size() - 1) * stride > path.size())
      snapshots.pop_back();
    curDepth = kStale;
  }

  /// Makes the current Simulator reflect the first `depth` path statements.
  void restore(size_t depth) {
    if (curDepth == depth)
      return;
    size_t base = depth / stride;
    assert(base < snapshots.size() && "missing snapshot");
    cur.emplace(snapshots[base]);
    for (size_t i = base * stride; i < depth; ++i)
      cur->push(path[i]);
    budget.spend(1 + (depth - base * stride) + local.numBuffers() / 4);
    curDepth = depth;
  }

  /// Fills frames[index] with the children of the current ideal.
  void openFrame(size_t index, int64_t g) {
    if (frames.size() <= index)
      frames.resize(index + 1);
    Frame &frame = frames[index];
    frame.children.clear();
    frame.next = 0;
    frame.g = g;
    const int64_t harmless = std::max(g, floor);
    std::optional<Child> free;
    for (StmtId v : ready) {
      Child c{v, cur->memIfNext(v), cur->netGrowthIfNext(v)};
      if (c.growth <= 0 && c.mem <= harmless) {
        if (!free || v < free->stmt)
          free = c;
        continue;
      }
      frame.children.push_back(c);
    }
    if (free) {
      frame.children.assign(1, *free);
      return;
    }
    std::sort(frame.children.begin(), frame.children.end(),
              [g](const Child &a, const Child &b) {
                return std::make_tuple(std::max(g, a.mem), a.growth, a.stmt) <
                       std::make_tuple(std::max(g, b.mem), b.growth, b.stmt);
              });
  }

  static constexpr size_t kStale = std::numeric_limits<size_t>::max();

  const Problem &local;
  const std::vector<int64_t> &bounds;
  const int64_t floor;
  SearchBudget &budget;
  const size_t k;
  MaxTree lbTree;
  std::vector<uint64_t> zobristA, zobristB;
  uint64_t hashA = 0, hashB = 0;
  IdealMemo memo;
  size_t stride = 1;

  ReadyCounter counter;
  std::vector<StmtId> ready;
  std::vector<uint32_t> readyPos;
  Order path;
  std::vector<Frame> frames;
  std::optional<Simulator> cur;
  size_t curDepth = kStale;
  std::deque<Simulator> snapshots;
  int64_t best = 0;
};

} // namespace

bool searchSegment(const Problem &local, const std::vector<int64_t> &bounds,
                   int64_t floor, SearchBudget &budget, Order &bestOrder,
                   int64_t &bestPeak) {
  SegmentSearch search(local, bounds, floor, budget);
  return search.run(bestOrder, bestPeak);
}

} // namespace peakmem
