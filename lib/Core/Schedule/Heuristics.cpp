//===- Heuristics.cpp - Production-compiler list schedulers ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Re-implementations (from the published sources, not copied) of the
// topological sorts PyTorch Inductor and XLA use to reduce peak memory. All
// memory quantities come from the shared Simulator; this file only decides
// which ready statement goes next.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Schedule/Heuristics.h"
#include "peakmem/Core/Model/Graph.h"
#include "peakmem/Core/Support/EnumNames.h"

#include "peakmem/Core/Model/Simulation.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <queue>
#include <tuple>
#include <utility>

namespace peakmem {

static constexpr EnumName<Heuristic> kHeuristicNames[] = {
    {Heuristic::LPMF, "lpmf"},      {Heuristic::BFS, "bfs"},
    {Heuristic::DFS, "dfs"},        {Heuristic::XLAList, "xla-list"},
    {Heuristic::XLADFS, "xla-dfs"}, {Heuristic::PostOrder, "post-order"}};

const char *heuristicName(Heuristic h) {
  return enumName(kHeuristicNames, h, "unknown");
}

const std::vector<Heuristic> &allHeuristics() {
  static const std::vector<Heuristic> all = enumValues(kHeuristicNames);
  return all;
}

bool parseHeuristic(const std::string &name, Heuristic &h) {
  return parseEnumName(kHeuristicNames, name, h);
}

namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

int64_t saturatingAdd(int64_t a, int64_t b) {
  return (b > 0 && a > kInt64Max - b) ? kInt64Max : a + b;
}

/// Tracks, per buffer, the two moments after which the Simulator's answers
/// for the buffer's other users can change: the buffer's first user runs
/// (memIfNext and netGrowthIfNext stop counting it as new) and exactly one
/// user is left (that user now frees it). Each buffer fires at most twice, so
/// re-prioritising the ready users of the fired buffers costs
/// O(sum of buffer users) over a whole schedule.
class BufferEvents {
public:
  explicit BufferEvents(const Problem &p)
      : problem(p), remaining(p.numBuffers()), started(p.numBuffers(), 0) {
    for (BufferId b = 0; b < p.numBuffers(); ++b)
      remaining[b] = static_cast<uint32_t>(p.buffer(b).users.size());
  }

  /// Records that `s` ran; appends to `fired` every buffer of `s` whose other
  /// users may see a new memIfNext / netGrowthIfNext.
  void ran(StmtId s, std::vector<BufferId> &fired) {
    fired.clear();
    for (BufferId b : problem.statement(s).buffers) {
      bool first = !started[b];
      started[b] = 1;
      --remaining[b];
      if (first || remaining[b] == 1)
        fired.push_back(b);
    }
  }

private:
  const Problem &problem;
  std::vector<uint32_t> remaining;
  std::vector<uint8_t> started;
};

//===----------------------------------------------------------------------===//
// LPMF (Inductor topological_sort_lpmf)
//===----------------------------------------------------------------------===//

/// The ready set of LPMF, keyed by (extra, id) where extra = memIfNext - live,
/// each subtree also holding its minimum (growth, id). That answers LPMF's
/// choice "among ready statements with extra <= t, the smallest (growth, id)"
/// in O(log n) expected time. A treap with deterministic priorities.
class ReadyTreap {
public:
  using Pick = std::pair<int64_t, StmtId>; // (net growth, statement)

  explicit ReadyTreap(size_t n) : nodes(n) {
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    for (Node &node : nodes) {
      // splitmix64: fixed priorities keep the schedule deterministic.
      x += 0x9e3779b97f4a7c15ULL;
      uint64_t z = x;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      node.prio = z ^ (z >> 31);
    }
  }

  bool empty() const { return root == kNil; }

  void insert(StmtId s, int64_t extra, int64_t growth) {
    Node &node = nodes[s];
    node.extra = extra;
    node.growth = growth;
    node.left = node.right = kNil;
    node.best = {growth, s};
    uint32_t lo, hi;
    split(root, extra, s, lo, hi);
    root = merge(merge(lo, s), hi);
  }

  void erase(StmtId s) { root = eraseFrom(root, s); }

  /// Smallest `extra` in the set (must not be empty).
  int64_t minExtra() const {
    uint32_t x = root;
    while (nodes[x].left != kNil)
      x = nodes[x].left;
    return nodes[x].extra;
  }

  /// The smallest (growth, id) among entries with extra <= t (must exist).
  StmtId bestWithin(int64_t t) const {
    Pick best = {kInt64Max, std::numeric_limits<StmtId>::max()};
    uint32_t x = root;
    while (x != kNil) {
      const Node &node = nodes[x];
      if (node.extra <= t) {
        if (node.left != kNil)
          best = std::min(best, nodes[node.left].best);
        best = std::min(best, Pick{node.growth, x});
        x = node.right;
      } else {
        x = node.left;
      }
    }
    return best.second;
  }

private:
  static constexpr uint32_t kNil = std::numeric_limits<uint32_t>::max();

  struct Node {
    int64_t extra = 0, growth = 0;
    uint64_t prio = 0;
    uint32_t left = kNil, right = kNil;
    Pick best;
  };

  bool keyLess(uint32_t a, int64_t extra, StmtId id) const {
    return std::make_pair(nodes[a].extra, a) < std::make_pair(extra, id);
  }

  void pull(uint32_t x) {
    Node &node = nodes[x];
    node.best = {node.growth, x};
    if (node.left != kNil)
      node.best = std::min(node.best, nodes[node.left].best);
    if (node.right != kNil)
      node.best = std::min(node.best, nodes[node.right].best);
  }

  /// Splits `t` into keys < (extra, id) and keys >= (extra, id).
  void split(uint32_t t, int64_t extra, StmtId id, uint32_t &lo, uint32_t &hi) {
    if (t == kNil) {
      lo = hi = kNil;
      return;
    }
    if (keyLess(t, extra, id)) {
      split(nodes[t].right, extra, id, nodes[t].right, hi);
      lo = t;
    } else {
      split(nodes[t].left, extra, id, lo, nodes[t].left);
      hi = t;
    }
    pull(t);
  }

  uint32_t merge(uint32_t a, uint32_t b) {
    if (a == kNil)
      return b;
    if (b == kNil)
      return a;
    if (nodes[a].prio > nodes[b].prio) {
      nodes[a].right = merge(nodes[a].right, b);
      pull(a);
      return a;
    }
    nodes[b].left = merge(a, nodes[b].left);
    pull(b);
    return b;
  }

  uint32_t eraseFrom(uint32_t t, StmtId s) {
    if (t == kNil)
      return kNil;
    if (t == s)
      return merge(nodes[t].left, nodes[t].right);
    if (keyLess(t, nodes[s].extra, s))
      nodes[t].right = eraseFrom(nodes[t].right, s);
    else
      nodes[t].left = eraseFrom(nodes[t].left, s);
    pull(t);
    return t;
  }

  std::vector<Node> nodes;
  uint32_t root = kNil;
};

/// Inductor's "Least Peak Memory First" (torch/_inductor/memory.py,
/// topological_sort_lpmf, after the DAC'06 Simulink buffer paper): keep the
/// maximum memory so far; among ready statements prefer those whose memory
/// while running does not exceed it, and among those the smallest net growth;
/// if every ready statement raises the maximum, take the smallest memory while
/// running, then the smallest net growth. Ties: lowest statement index. Like
/// Inductor, the running maximum starts at the bytes that must be live at the
/// end (here liveIn plus every escaping buffer).
Order scheduleLPMF(const Problem &p) {
  const size_t n = p.numStatements();
  Simulator sim(p);
  int64_t outputFloor = p.liveIn;
  for (BufferId b = 0; b < p.numBuffers(); ++b)
    if (!p.buffer(b).freedInBlock && !p.buffer(b).users.empty())
      outputFloor += p.buffer(b).bytes;

  ReadyTreap ready(n);
  std::vector<uint8_t> isReady(n, 0);
  auto insert = [&](StmtId s) {
    ready.insert(s, sim.memIfNext(s) - sim.current(), sim.netGrowthIfNext(s));
    isReady[s] = 1;
  };
  ReadyCounter counter(p);
  counter.forEachSource(insert);

  BufferEvents events(p);
  std::vector<BufferId> fired;
  Order order;
  order.reserve(n);
  while (!ready.empty()) {
    int64_t maxMem = std::max(sim.peak(), outputFloor);
    int64_t threshold = std::max(maxMem - sim.current(), ready.minExtra());
    StmtId s = ready.bestWithin(threshold);
    ready.erase(s);
    isReady[s] = 0;
    sim.push(s);
    order.push_back(s);
    events.ran(s, fired);
    for (BufferId b : fired)
      for (StmtId u : p.buffer(b).users)
        if (isReady[u]) {
          ready.erase(u);
          insert(u);
        }
    counter.run(s, insert);
  }
  return order;
}

//===----------------------------------------------------------------------===//
// BFS (Inductor topological_sort_bfs)
//===----------------------------------------------------------------------===//

/// Inductor's BFS (topological_sort_bfs): when a statement becomes ready its
/// priority is the sorted list of the steps at which its predecessors ran;
/// the ready statement with the lexicographically smallest list runs first
/// (FIFO: whose inputs were produced earliest), ties by lowest index. Sources
/// have the empty list and come first.
Order scheduleBFS(const Problem &p) {
  const size_t n = p.numStatements();
  std::vector<std::vector<uint32_t>> key(n);
  std::vector<uint32_t> step(n, 0);
  auto after = [&](StmtId a, StmtId b) {
    // True when `a` should run after `b` (priority_queue is a max-heap).
    if (key[a] != key[b])
      return key[b] < key[a];
    return b < a;
  };
  std::priority_queue<StmtId, std::vector<StmtId>, decltype(after)> ready(
      after);
  ReadyCounter counter(p);
  counter.forEachSource([&](StmtId s) { ready.push(s); });
  Order order;
  order.reserve(n);
  while (!ready.empty()) {
    StmtId s = ready.top();
    ready.pop();
    step[s] = static_cast<uint32_t>(order.size());
    order.push_back(s);
    counter.run(s, [&](StmtId t) {
      for (StmtId u : p.preds(t))
        key[t].push_back(step[u]);
      std::sort(key[t].begin(), key[t].end());
      ready.push(t);
    });
  }
  return order;
}

//===----------------------------------------------------------------------===//
// Post-order DFS schedulers
//===----------------------------------------------------------------------===//

/// Depth-first post-order over predecessor edges: starting from each root in
/// turn, a statement is emitted after all of its predecessors, which are
/// visited in the order given by `children`. Iterative (blocks are long).
Order dfsPostOrder(const Problem &p, const std::vector<StmtId> &roots,
                   const std::vector<std::vector<StmtId>> &children) {
  const size_t n = p.numStatements();
  std::vector<uint8_t> state(n, 0); // 0 new, 1 on the stack, 2 emitted
  std::vector<std::pair<StmtId, size_t>> stack;
  Order order;
  order.reserve(n);
  for (StmtId r : roots) {
    if (state[r])
      continue;
    state[r] = 1;
    stack.push_back({r, 0});
    while (!stack.empty()) {
      auto &[v, next] = stack.back();
      if (next < children[v].size()) {
        StmtId c = children[v][next++];
        if (!state[c]) {
          state[c] = 1;
          stack.push_back({c, 0});
        }
        continue;
      }
      state[v] = 2;
      order.push_back(v);
      stack.pop_back();
    }
  }
  return order;
}

/// Statements without successors, by index: the "outputs" the post-order
/// schedulers start from (XLA: instructions without users, in computation
/// order). Every statement reaches one of them.
std::vector<StmtId> sinks(const Problem &p) {
  std::vector<StmtId> out;
  for (StmtId s = 0; s < p.numStatements(); ++s)
    if (p.succs(s).empty())
      out.push_back(s);
  return out;
}

/// Inductor's DFS (topological_sort_dfs): every statement gets the size of
/// everything it touches (Inductor: output bytes plus bytes read; here the
/// bytes of all buffers it uses plus its scratch). The outer loop visits all
/// statements by ascending (size, index); visiting a statement first visits
/// its unvisited predecessors by ascending (size, index), then emits it.
Order scheduleInductorDFS(const Problem &p) {
  const size_t n = p.numStatements();
  std::vector<int64_t> size(n, 0);
  for (StmtId s = 0; s < n; ++s) {
    int64_t total = p.statement(s).scratch;
    for (BufferId b : p.statement(s).buffers)
      total = saturatingAdd(total, p.buffer(b).bytes);
    size[s] = total;
  }
  auto bySize = [&](StmtId a, StmtId b) {
    return std::make_pair(size[a], a) < std::make_pair(size[b], b);
  };
  std::vector<std::vector<StmtId>> children(n);
  for (StmtId s = 0; s < n; ++s) {
    children[s] = p.preds(s);
    std::sort(children[s].begin(), children[s].end(), bySize);
  }
  std::vector<StmtId> roots(n);
  for (StmtId s = 0; s < n; ++s)
    roots[s] = s;
  std::sort(roots.begin(), roots.end(), bySize);
  return dfsPostOrder(p, roots, children);
}

/// XLA's plain post-order (HloComputation::MakeInstructionPostOrder, used by
/// PostOrderScheduler): for each instruction without users in computation
/// order, a DFS post-order visiting operands first-operand-first. Operands are
/// predecessors here, taken by ascending index.
Order schedulePostOrder(const Problem &p) {
  std::vector<std::vector<StmtId>> children(p.numStatements());
  for (StmtId s = 0; s < p.numStatements(); ++s)
    children[s] = p.preds(s);
  return dfsPostOrder(p, sinks(p), children);
}

/// XLA's DFSMemoryScheduler: in post-order, each instruction accumulates
/// extra_users = max(#users - 1, 0) plus its operands' extra_users, and
/// total_sizes = bytes it defines plus its operands' total_sizes (both
/// transitive with double counting, capped at the instruction count and at
/// the cumulative defined bytes so far, as in the source). The schedule is
/// then a DFS post-order from the outputs visiting operands by decreasing
/// extra_users, then decreasing total_sizes, then name (here: index). A
/// statement "defines" a buffer when it is the buffer's earliest user in the
/// plain post-order.
Order scheduleXLADFS(const Problem &p) {
  const size_t n = p.numStatements();
  Order post = schedulePostOrder(p);
  std::vector<uint32_t> position(n, 0);
  for (size_t i = 0; i < post.size(); ++i)
    position[post[i]] = static_cast<uint32_t>(i);
  std::vector<int64_t> defined(n, 0);
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    const Buffer &buf = p.buffer(b);
    if (buf.users.empty())
      continue;
    StmtId producer = buf.users.front();
    for (StmtId u : buf.users)
      if (position[u] < position[producer])
        producer = u;
    defined[producer] = saturatingAdd(defined[producer], buf.bytes);
  }
  std::vector<int64_t> extraUsers(n, 0), totalSizes(n, 0);
  int64_t cumulative = 0;
  const int64_t count = static_cast<int64_t>(n);
  for (StmtId v : post) {
    int64_t users = static_cast<int64_t>(p.succs(v).size());
    int64_t extra = users ? users - 1 : 0;
    int64_t total = defined[v];
    cumulative = saturatingAdd(cumulative, defined[v]);
    for (StmtId u : p.preds(v)) {
      extra = saturatingAdd(extra, extraUsers[u]);
      total = saturatingAdd(total, totalSizes[u]);
    }
    extraUsers[v] = std::min(extra, count);
    totalSizes[v] = std::min(total, cumulative);
  }
  auto visitFirst = [&](StmtId a, StmtId b) {
    if (extraUsers[a] != extraUsers[b])
      return extraUsers[a] > extraUsers[b];
    if (totalSizes[a] != totalSizes[b])
      return totalSizes[a] > totalSizes[b];
    return a < b;
  };
  std::vector<std::vector<StmtId>> children(n);
  for (StmtId s = 0; s < n; ++s) {
    children[s] = p.preds(s);
    std::sort(children[s].begin(), children[s].end(), visitFirst);
  }
  return dfsPostOrder(p, sinks(p), children);
}

//===----------------------------------------------------------------------===//
// XLA list scheduler
//===----------------------------------------------------------------------===//

/// XLA's ListScheduler: the ready instruction with the highest priority runs
/// next, priority = (bytes freed by running it minus bytes it defines, number
/// of users). Here the first component is -netGrowthIfNext (bytes the
/// statement frees minus bytes it makes live past its step). Equal priorities:
/// XLA keeps the ready list in a std::multimap and takes the last element, so
/// among equals the most recently (re)inserted wins; priorities are
/// recomputed when a used buffer changes state, and an entry whose priority
/// did not change keeps its place. Sources enter in index order, successors
/// in index order.
Order scheduleXLAList(const Problem &p) {
  const size_t n = p.numStatements();
  using Priority = std::pair<int64_t, int64_t>;
  struct Entry {
    Priority priority;
    uint64_t seq;
    StmtId stmt;
    bool operator<(const Entry &o) const {
      return std::tie(priority, seq) < std::tie(o.priority, o.seq);
    }
  };
  Simulator sim(p);
  std::priority_queue<Entry> ready;
  std::vector<uint64_t> liveSeq(n, 0);
  std::vector<Priority> current(n);
  std::vector<uint8_t> isReady(n, 0);
  uint64_t seq = 0;
  auto priorityOf = [&](StmtId s) {
    return Priority{-sim.netGrowthIfNext(s),
                    static_cast<int64_t>(p.succs(s).size())};
  };
  auto add = [&](StmtId s) {
    current[s] = priorityOf(s);
    liveSeq[s] = ++seq;
    isReady[s] = 1;
    ready.push({current[s], liveSeq[s], s});
  };
  ReadyCounter counter(p);
  counter.forEachSource(add);

  BufferEvents events(p);
  std::vector<BufferId> fired;
  Order order;
  order.reserve(n);
  while (!ready.empty()) {
    Entry top = ready.top();
    ready.pop();
    if (!isReady[top.stmt] || top.seq != liveSeq[top.stmt])
      continue; // Superseded by a re-prioritised entry.
    StmtId s = top.stmt;
    isReady[s] = 0;
    sim.push(s);
    order.push_back(s);
    counter.run(s, add);
    events.ran(s, fired);
    for (BufferId b : fired)
      for (StmtId u : p.buffer(b).users) {
        if (!isReady[u])
          continue;
        Priority now = priorityOf(u);
        if (now == current[u])
          continue;
        current[u] = now;
        liveSeq[u] = ++seq;
        ready.push({now, liveSeq[u], u});
      }
  }
  return order;
}

} // namespace

Order scheduleWith(const Problem &p, Heuristic h) {
  switch (h) {
  case Heuristic::LPMF:
    return scheduleLPMF(p);
  case Heuristic::BFS:
    return scheduleBFS(p);
  case Heuristic::DFS:
    return scheduleInductorDFS(p);
  case Heuristic::XLAList:
    return scheduleXLAList(p);
  case Heuristic::XLADFS:
    return scheduleXLADFS(p);
  case Heuristic::PostOrder:
    return schedulePostOrder(p);
  }
  return identityOrder(p);
}

} // namespace peakmem
