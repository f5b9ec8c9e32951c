//===- ExactSearch.cpp - Minimum-peak order by bounded search -------------===//
//
// Divide at sequential points, then a depth-first branch and bound over the
// ideals of each segment with memoisation. All memory figures come from the
// shared Simulator run on a per-segment problem; this file never counts bytes
// itself except to build that problem and its static lower bounds.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/ExactSearch.h"

#include "peakmem/Core/Simulation.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <deque>
#include <functional>
#include <limits>
#include <optional>
#include <queue>
#include <tuple>

namespace peakmem {

namespace {

using Clock = std::chrono::steady_clock;

constexpr int64_t kMinusInf = std::numeric_limits<int64_t>::min();

/// Segments up to this many statements get the ancestor/descendant bitset
/// lower bound (O(k^2 / 8) bytes); larger ones a cheaper local bound.
constexpr size_t kBitsetBoundLimit = 4096;
/// Memory allowed for Simulator snapshots along one search path.
constexpr size_t kSnapshotBytes = size_t(64) << 20;
/// Most ideals memoised per segment search (24 bytes per slot, load <= 1/2).
constexpr size_t kMaxMemoEntries = size_t(1) << 20;

uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// A topological order preferring the lowest index (Kahn with a min-heap).
Order topologicalOrder(const Problem &p) {
  const size_t n = p.numStatements();
  std::vector<uint32_t> indeg(n);
  std::priority_queue<StmtId, std::vector<StmtId>, std::greater<StmtId>> ready;
  for (StmtId s = 0; s < n; ++s) {
    indeg[s] = static_cast<uint32_t>(p.preds(s).size());
    if (!indeg[s])
      ready.push(s);
  }
  Order order;
  order.reserve(n);
  while (!ready.empty()) {
    StmtId s = ready.top();
    ready.pop();
    order.push_back(s);
    for (StmtId t : p.succs(s))
      if (--indeg[t] == 0)
        ready.push(t);
  }
  return order;
}

/// For each position i of the topological order `topo`: is topo[i] comparable
/// with every statement? It is iff (a) it is the only ready statement when it
/// runs (then everything not yet run is one of its descendants: every
/// remaining statement lies above some minimal remaining one) and (b) it is
/// the only maximal element of the executed set right after it runs (then
/// everything run so far is one of its ancestors). Both counts are maintained
/// in O(degree) per step.
std::vector<uint8_t> sequentialAlong(const Problem &p, const Order &topo) {
  const size_t n = p.numStatements();
  std::vector<uint32_t> indeg(n), doneSuccs(n, 0);
  size_t readyCount = 0, maximalCount = 0;
  for (StmtId s = 0; s < n; ++s) {
    indeg[s] = static_cast<uint32_t>(p.preds(s).size());
    if (!indeg[s])
      ++readyCount;
  }
  std::vector<uint8_t> sequential(n, 0);
  for (size_t i = 0; i < topo.size(); ++i) {
    StmtId v = topo[i];
    bool onlyReady = readyCount == 1;
    --readyCount;
    for (StmtId t : p.succs(v))
      if (--indeg[t] == 0)
        ++readyCount;
    ++maximalCount;
    for (StmtId q : p.preds(v))
      if (doneSuccs[q]++ == 0)
        --maximalCount;
    sequential[i] = onlyReady && maximalCount == 1;
  }
  return sequential;
}

/// Shared time and state budget of one exactSearch call.
struct Budget {
  Clock::time_point deadline;
  size_t maxStates = 0;
  size_t states = 0;
  bool exhausted = false;

  bool timeLeft() {
    if (!exhausted && Clock::now() >= deadline)
      exhausted = true;
    return !exhausted;
  }

  /// Accounts one more search state; false once the budget is gone.
  bool charge() {
    if (exhausted)
      return false;
    if (++states > maxStates) {
      exhausted = true;
      return false;
    }
    // A state of a wide segment can cost a millisecond (thousands of ready
    // statements): look at the clock often; now() is cheap next to a state.
    if ((states & 7) == 0)
      return timeLeft();
    return true;
  }
};

/// Memo of ideals: 128-bit Zobrist hash of the executed set -> smallest prefix
/// peak with which the ideal was expanded. Open addressing, linear probing.
/// Once full it stops recording (memoisation only prunes, so that is safe).
class IdealMemo {
public:
  /// Records (key, g) and returns true when the ideal is new or was only
  /// reached with a larger prefix peak; false when it is dominated.
  bool improve(uint64_t a, uint64_t b, int64_t g) {
    if (slots.empty())
      slots.assign(1024, Slot());
    size_t mask = slots.size() - 1;
    for (size_t i = a & mask;; i = (i + 1) & mask) {
      Slot &slot = slots[i];
      if (slot.g == kMinusInf) {
        if (size >= kMaxMemoEntries)
          return true;
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
};

/// One segment as a problem of its own. Local statement 0 is the entry (it
/// uses every buffer some statement before the segment already started),
/// 1..k are the segment's statements in incumbent order, k+1 is the exit (it
/// uses every buffer some statement after the segment still uses). Buffers
/// the segment does not touch are constant during it and folded into liveIn.
/// The entry/exit steps carry only bytes live right before the first / right
/// after the last real step, so they never set the peak; the local Simulator
/// therefore gives exactly the global memory of every segment step.
/// Invariant used below: local ids ascend along a topological order.
struct Segment {
  size_t begin = 0, end = 0; // Positions [begin, end) in the incumbent.
  Problem local;
  std::vector<int64_t> bounds; // Static lower bound per local statement.
  int64_t peak = 0;            // Best known local peak.
  Order order;                 // Best known local order (empty: incumbent).
};

/// Lower bound on mem at the step of each local statement v, valid for every
/// order: liveIn + scratch(v) + every buffer v uses + every buffer forced
/// live at v (a user is an ancestor of v, and a user is a descendant of v or
/// the buffer is never freed; algorithms.md section 2, "forced-live").
std::vector<int64_t> staticBounds(const Problem &local) {
  const size_t k = local.numStatements();
  std::vector<int64_t> bound(k);
  for (StmtId v = 0; v < k; ++v)
    bound[v] = local.liveIn + local.statement(v).scratch;
  if (k > kBitsetBoundLimit) {
    // Only what every order shares: own buffers, plus buffers live before
    // the segment (entry user) that stay live to its end.
    const StmtId entry = 0, exit = static_cast<StmtId>(k - 1);
    int64_t throughout = 0;
    for (BufferId b = 0; b < local.numBuffers(); ++b) {
      const Buffer &buf = local.buffer(b);
      if (buf.users.empty() || buf.users.front() != entry ||
          (buf.freedInBlock && buf.users.back() != exit))
        continue;
      throughout += buf.bytes;
      for (StmtId u : buf.users)
        bound[u] -= buf.bytes;
    }
    for (StmtId v = 0; v < k; ++v) {
      bound[v] += throughout;
      for (BufferId b : local.statement(v).buffers)
        bound[v] += local.buffer(b).bytes;
    }
    return bound;
  }
  const size_t words = (k + 63) / 64;
  std::vector<uint64_t> anc(k * words, 0), desc(k * words, 0);
  auto row = [&](std::vector<uint64_t> &m, StmtId v) {
    return m.data() + size_t(v) * words;
  };
  for (StmtId v = 0; v < k; ++v)
    for (StmtId q : local.preds(v)) {
      uint64_t *dst = row(anc, v), *src = row(anc, q);
      for (size_t w = 0; w < words; ++w)
        dst[w] |= src[w];
      dst[q / 64] |= uint64_t(1) << (q % 64);
    }
  for (StmtId v = static_cast<StmtId>(k); v-- > 0;)
    for (StmtId t : local.succs(v)) {
      uint64_t *dst = row(desc, v), *src = row(desc, t);
      for (size_t w = 0; w < words; ++w)
        dst[w] |= src[w];
      dst[t / 64] |= uint64_t(1) << (t % 64);
    }
  std::vector<uint64_t> after(words), before(words);
  for (BufferId b = 0; b < local.numBuffers(); ++b) {
    const Buffer &buf = local.buffer(b);
    if (buf.users.empty())
      continue;
    std::fill(after.begin(), after.end(), 0);
    std::fill(before.begin(), before.end(), buf.freedInBlock ? 0 : ~0ULL);
    for (StmtId u : buf.users) {
      const uint64_t *d = row(desc, u), *a = row(anc, u);
      for (size_t w = 0; w < words; ++w) {
        after[w] |= d[w];
        before[w] |= a[w];
      }
    }
    for (size_t w = 0; w < words; ++w)
      after[w] &= before[w];
    for (StmtId u : buf.users)
      after[u / 64] |= uint64_t(1) << (u % 64);
    for (size_t w = 0; w < words; ++w)
      for (uint64_t bits = after[w]; bits; bits &= bits - 1) {
        size_t v = w * 64 + static_cast<size_t>(__builtin_ctzll(bits));
        if (v < k)
          bound[v] += buf.bytes;
      }
  }
  return bound;
}

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
                int64_t floor, Budget &budget)
      : local(local), bounds(bounds), floor(floor), budget(budget),
        k(local.numStatements()), lbTree(bounds) {
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
    indeg.resize(k);
    readyPos.assign(k, kAbsent);
    for (StmtId v = 0; v < k; ++v) {
      indeg[v] = static_cast<uint32_t>(local.preds(v).size());
      if (!indeg[v])
        addReady(v);
    }
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
      if (!budget.charge()) {
        finished = false;
        break;
      }
      if (path.size() % stride == 0)
        snapshots.emplace_back(*cur);
      openFrame(top, g);
      ++top;
    }
    bestPeak = best;
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
    for (StmtId t : local.succs(v))
      if (--indeg[t] == 0)
        addReady(t);
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
    for (StmtId t : local.succs(v))
      if (indeg[t]++ == 0)
        removeReady(t);
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
  Budget &budget;
  const size_t k;
  MaxTree lbTree;
  std::vector<uint64_t> zobristA, zobristB;
  uint64_t hashA = 0, hashB = 0;
  IdealMemo memo;
  size_t stride = 1;

  std::vector<uint32_t> indeg;
  std::vector<StmtId> ready;
  std::vector<uint32_t> readyPos;
  Order path;
  std::vector<Frame> frames;
  std::optional<Simulator> cur;
  size_t curDepth = kStale;
  std::deque<Simulator> snapshots;
  int64_t best = 0;
};

/// Builds the segment problem for incumbent positions [begin, end).
/// `liveBefore` is the Simulator's live bytes before the segment's first
/// step; `firstPos` / `lastPos` the first and last incumbent position of each
/// buffer's users; `localOf` / `localBuffer` are all -1 on entry and on
/// return (scratch maps from global to local ids).
Problem buildSegment(const Problem &p, const Order &inc, size_t begin,
                     size_t end, int64_t liveBefore,
                     const std::vector<size_t> &firstPos,
                     const std::vector<size_t> &lastPos,
                     std::vector<int64_t> &localOf,
                     std::vector<int64_t> &localBuffer) {
  Problem local;
  const StmtId entry = local.addStatement();
  for (size_t i = begin; i < end; ++i) {
    const Statement &st = p.statement(inc[i]);
    StmtId id = local.addStatement(st.kind, st.scratch);
    local.statement(id).macs = st.macs;
    localOf[inc[i]] = id;
  }
  const StmtId exit = local.addStatement();
  int64_t liveIn = liveBefore;
  std::vector<BufferId> touched;
  for (size_t i = begin; i < end; ++i) {
    StmtId s = inc[i];
    StmtId ls = static_cast<StmtId>(localOf[s]);
    for (BufferId b : p.statement(s).buffers) {
      if (localBuffer[b] < 0) {
        const Buffer &buf = p.buffer(b);
        BufferId lb = local.addBuffer(buf.bytes, buf.freedInBlock);
        localBuffer[b] = lb;
        touched.push_back(b);
        if (firstPos[b] < begin) {
          local.addUse(entry, lb);
          liveIn -= buf.bytes; // Counted by the entry statement instead.
        }
        if (lastPos[b] >= end)
          local.addUse(exit, lb);
      }
      local.addUse(ls, static_cast<BufferId>(localBuffer[b]));
    }
    local.addEdge(entry, ls);
    local.addEdge(ls, exit);
    for (StmtId t : p.succs(s))
      if (localOf[t] >= 0)
        local.addEdge(ls, static_cast<StmtId>(localOf[t]));
  }
  local.liveIn = liveIn;
  local.finalize();
  for (size_t i = begin; i < end; ++i)
    localOf[inc[i]] = -1;
  for (BufferId b : touched)
    localBuffer[b] = -1;
  return local;
}

} // namespace

std::vector<StmtId> sequentialPoints(const Problem &p) {
  Order topo = topologicalOrder(p);
  std::vector<uint8_t> sequential = sequentialAlong(p, topo);
  std::vector<StmtId> points;
  for (size_t i = 0; i < topo.size(); ++i)
    if (sequential[i])
      points.push_back(topo[i]);
  return points;
}

SearchResult exactSearch(const Problem &p, const Order &incumbent,
                         const SearchOptions &options) {
  Budget budget;
  budget.deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double, std::milli>(
                             std::max(0.0, options.budgetMs)));
  budget.maxStates = options.maxStates;

  const size_t n = p.numStatements();
  SearchResult result;
  result.order = isLegalOrder(p, incumbent) ? incumbent : topologicalOrder(p);
  const Order &inc = result.order;
  Timeline timeline = simulate(p, inc);
  result.peak = timeline.peak;

  // Every step costs at least liveIn; the caller may know more.
  int64_t floor = std::max(options.lowerBound, p.liveIn);
  auto done = [&]() {
    result.provenOptimal = result.peak <= floor;
    result.statesExplored = budget.states;
    result.budgetExhausted = budget.exhausted;
    return result;
  };
  if (n == 0 || result.peak <= floor)
    return done();

  // Sequential points run with a fixed executed set: their memory is the same
  // in every order, hence a lower bound.
  std::vector<uint8_t> sequential = sequentialAlong(p, inc);
  std::vector<Segment> segments;
  for (size_t i = 0; i < n;) {
    if (sequential[i]) {
      floor = std::max(floor, timeline.live[i]);
      ++i;
      continue;
    }
    size_t j = i;
    while (j < n && !sequential[j])
      ++j;
    Segment seg;
    seg.begin = i;
    seg.end = j;
    segments.push_back(std::move(seg));
    i = j;
  }
  if (result.peak <= floor)
    return done();

  // Live bytes before each step, and each buffer's first and last user.
  std::vector<int64_t> liveBefore(n);
  {
    Simulator sim(p);
    for (size_t i = 0; i < n; ++i) {
      liveBefore[i] = sim.current();
      sim.push(inc[i]);
    }
  }
  std::vector<size_t> position(n);
  for (size_t i = 0; i < n; ++i)
    position[inc[i]] = i;
  std::vector<size_t> firstPos(p.numBuffers(), n), lastPos(p.numBuffers(), 0);
  for (BufferId b = 0; b < p.numBuffers(); ++b)
    for (StmtId u : p.buffer(b).users) {
      firstPos[b] = std::min(firstPos[b], position[u]);
      lastPos[b] = std::max(lastPos[b], position[u]);
    }

  std::vector<int64_t> localOf(n, -1), localBuffer(p.numBuffers(), -1);
  for (Segment &seg : segments) {
    if (!budget.timeLeft())
      return done();
    seg.local = buildSegment(p, inc, seg.begin, seg.end, liveBefore[seg.begin],
                             firstPos, lastPos, localOf, localBuffer);
    seg.bounds = staticBounds(seg.local);
    for (int64_t bound : seg.bounds)
      floor = std::max(floor, bound);
    seg.peak = simulatePeak(seg.local, identityOrder(seg.local));
  }
  if (result.peak <= floor)
    return done();

  // The segment holding the peak first: once it is solved its optimum is a
  // lower bound that may make the others irrelevant.
  std::vector<size_t> byPeak(segments.size());
  for (size_t i = 0; i < segments.size(); ++i)
    byPeak[i] = i;
  std::stable_sort(byPeak.begin(), byPeak.end(), [&](size_t a, size_t b) {
    return segments[a].peak > segments[b].peak;
  });
  bool improved = false;
  for (size_t i : byPeak) {
    Segment &seg = segments[i];
    if (seg.peak <= floor)
      continue;
    if (!budget.timeLeft())
      break;
    SegmentSearch search(seg.local, seg.bounds, floor, budget);
    Order best;
    int64_t bestPeak = seg.peak;
    bool finished = search.run(best, bestPeak);
    if (bestPeak < seg.peak) {
      seg.peak = bestPeak;
      seg.order = std::move(best);
      improved = true;
    }
    if (!finished)
      break;
    floor = std::max(floor, seg.peak);
  }

  if (improved) {
    Order order;
    order.reserve(n);
    size_t next = 0;
    for (const Segment &seg : segments) {
      for (; next < seg.begin; ++next)
        order.push_back(inc[next]);
      if (seg.order.empty()) {
        for (; next < seg.end; ++next)
          order.push_back(inc[next]);
        continue;
      }
      // Local ids 1..k are incumbent positions begin..end-1.
      const StmtId exit = static_cast<StmtId>(seg.end - seg.begin + 1);
      for (StmtId ls : seg.order)
        if (ls != 0 && ls != exit)
          order.push_back(inc[seg.begin + ls - 1]);
      next = seg.end;
    }
    for (; next < n; ++next)
      order.push_back(inc[next]);
    int64_t peak = simulatePeak(p, order);
    assert(isLegalOrder(p, order) && "segment orders must compose");
    if (peak < result.peak && isLegalOrder(p, order)) {
      result.order = std::move(order);
      result.peak = peak;
    }
  }
  return done();
}

} // namespace peakmem
