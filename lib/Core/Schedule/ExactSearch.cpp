//===- ExactSearch.cpp - Minimum-peak order by bounded search -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The driver of the exact search: divide the incumbent at sequential points
// (SequentialPoints.h), then search each segment by branch and bound
// (SegmentSearch.h), the segment holding the peak first, and compose the
// segment orders. All memory figures come from the shared Simulator.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Schedule/ExactSearch.h"
#include "peakmem/Core/Support/EnumNames.h"

#include "SegmentSearch.h"
#include "SequentialPoints.h"

#include "peakmem/Core/Model/Graph.h"
#include "peakmem/Core/Model/Simulation.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <tuple>

namespace peakmem {

namespace {

/// Cuts the incumbent `inc` at its sequential points: each maximal run of
/// non-sequential positions is a segment (its problem not built yet). Raises
/// `floor` to the memory of every sequential step: those steps run with the
/// same executed set in every order.
std::vector<Segment> splitAtSequentialPoints(const Problem &p, const Order &inc,
                                             const Timeline &timeline,
                                             int64_t &floor) {
  const size_t n = p.numStatements();
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
  return segments;
}

/// Builds the problem, static bounds and incumbent peak of every segment of
/// `inc`, raising `floor` to every static bound. Returns false (segments
/// partly built) when the budget ran out first.
bool buildSegments(const Problem &p, const Order &inc,
                   std::vector<Segment> &segments, SearchBudget &budget,
                   int64_t &floor) {
  const size_t n = p.numStatements();
  budget.spend(2 * p.linearSize());
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
    if (!budget.workLeft())
      return false;
    seg.local = buildSegment(p, inc, seg.begin, seg.end, liveBefore[seg.begin],
                             firstPos, lastPos, localOf, localBuffer);
    // Building it, then its static bounds (bitset rows up to 4096 bits).
    const size_t k = seg.local.numStatements();
    budget.spend(seg.local.linearSize() *
                 (2 + (std::min<size_t>(k, 4096) + 63) / 64));
    seg.bounds = staticBounds(seg.local);
    for (int64_t bound : seg.bounds)
      floor = std::max(floor, bound);
    seg.peak = simulatePeak(seg.local, identityOrder(seg.local));
  }
  return true;
}

/// Searches the segments above `floor`, the one holding the peak first: once
/// it is solved its optimum is a lower bound that may make the others
/// irrelevant. Raises `floor` to the optimum of every segment solved to the
/// end. Returns true when some segment order improved.
bool searchSegments(std::vector<Segment> &segments, SearchBudget &budget,
                    int64_t &floor, std::vector<SearchResult::Segment> &stats) {
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
    if (!budget.workLeft())
      break;
    Order best;
    int64_t bestPeak = seg.peak;
    size_t statesBefore = budget.states;
    bool finished =
        searchSegment(seg.local, seg.bounds, floor, budget, best, bestPeak);
    stats[i].searched = true;
    stats[i].finished = finished;
    stats[i].states = budget.states - statesBefore;
    stats[i].peak = std::min(seg.peak, bestPeak);
    if (bestPeak < seg.peak) {
      seg.peak = bestPeak;
      seg.order = std::move(best);
      improved = true;
    }
    if (!finished)
      break;
    floor = std::max(floor, seg.peak);
  }
  return improved;
}

/// The incumbent with every segment that has an order of its own replaced by
/// that order.
Order composeSegmentOrders(const Order &inc,
                           const std::vector<Segment> &segments) {
  const size_t n = inc.size();
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
  return order;
}

} // namespace

static constexpr EnumName<SearchStop> kSearchStopNames[] = {
    {SearchStop::None, "none"},
    {SearchStop::WorkLimit, "work-limit"},
    {SearchStop::StateCap, "state-cap"},
    {SearchStop::TimeLimit, "time-limit"}};

const char *searchStopName(SearchStop stop) {
  return enumName(kSearchStopNames, stop, "none");
}

std::vector<StmtId> sequentialPoints(const Problem &p) {
  Order topo = programTopologicalOrder(p);
  std::vector<uint8_t> sequential = sequentialAlong(p, topo);
  std::vector<StmtId> points;
  for (size_t i = 0; i < topo.size(); ++i)
    if (sequential[i])
      points.push_back(topo[i]);
  return points;
}

namespace {

/// A statement that uses no buffer and has no scratch: its step's memory is
/// the bytes live between its neighbours, at most either neighbour's step,
/// and it moves no buffer's first or last use. It never sets the peak, and
/// wherever it runs the other steps cost the same.
bool memoryFree(const Problem &p, StmtId v) {
  return p.statement(v).buffers.empty() && p.statement(v).scratch == 0;
}

/// A statement without successors or scratch whose buffers all escape and
/// each have a user with successors (a view of a returned buffer): at the
/// end of any order its step holds liveIn and the escaping buffers, all of
/// which the last step of every order holds too (and the problem without it
/// too: the users with successors stay); moving it there only delays a
/// start. It is removed and put back last.
bool lateSink(const Problem &p, StmtId v) {
  const Statement &st = p.statement(v);
  if (!p.succs(v).empty() || st.scratch != 0 || st.buffers.empty())
    return false;
  for (BufferId b : st.buffers) {
    if (p.buffer(b).freedInBlock)
      return false;
    bool kept = false;
    for (StmtId u : p.buffer(b).users)
      kept |= u != v && !p.succs(u).empty();
    if (!kept)
      return false;
  }
  return true;
}

/// buffers(v) is a subset of buffers(s) and scratch(v) <= scratch(s).
bool coveredBy(const Problem &p, StmtId v, StmtId s) {
  const Statement &sv = p.statement(v), &ss = p.statement(s);
  return sv.scratch <= ss.scratch &&
         std::includes(ss.buffers.begin(), ss.buffers.end(), sv.buffers.begin(),
                       sv.buffers.end());
}

/// The problem the search works on, smaller than the caller's by two
/// reductions that keep the optimum (exchange arguments):
///  * A memory-free statement is removed (edges through it kept
///    transitively) and put back as soon as it is ready.
///  * A statement v whose first successor s (an ancestor of all its other
///    successors) covers it (coveredBy) is glued right before s: moving v
///    there in any order is legal, starts v's buffers no earlier (s uses
///    them, so v is never their last user) and v's step then costs at most
///    s's step. Symmetrically, v whose last predecessor q (a descendant of
///    all its other predecessors) covers it is glued right after q (v is
///    never a first user; its last uses only move earlier). A statement that
///    absorbed others is not glued itself.
/// This matters for sequential points: a floating view or constant read
/// (no predecessor) is comparable with almost nothing.
struct Reduced {
  Problem problem;
  /// For each reduced statement, the original statement standing for it.
  std::vector<StmtId> toOriginal;
  /// For each original statement: its group (reduced id), or -1 if removed.
  std::vector<int64_t> group;
  /// 0 glued before its group's statement, 1 the statement, 2 glued after;
  /// for removed statements, 3 when put back last (a late sink).
  std::vector<uint8_t> slot;
  size_t reducedAway = 0;
};

/// Answers "is `from` an ancestor of `to`?" by a depth-first search forward
/// from `from` that never passes `to`'s topological position; gives up
/// (false: no gluing) after kMaxVisits statements.
class Reach {
public:
  explicit Reach(const Problem &p) : p(p), seen(p.numStatements(), 0) {
    Order topo = topologicalOrder(p);
    pos.resize(p.numStatements());
    for (size_t i = 0; i < topo.size(); ++i)
      pos[topo[i]] = i;
  }
  size_t position(StmtId v) const { return pos[v]; }
  /// Statements visited by every ancestor() call so far.
  size_t totalVisits = 0;
  bool ancestor(StmtId from, StmtId to) {
    ++mark;
    stack.assign(1, from);
    size_t visits = 0;
    while (!stack.empty()) {
      StmtId x = stack.back();
      stack.pop_back();
      for (StmtId t : p.succs(x)) {
        if (t == to)
          return true;
        if (seen[t] == mark || pos[t] > pos[to])
          continue;
        seen[t] = mark;
        ++totalVisits;
        if (++visits > kMaxVisits)
          return false;
        stack.push_back(t);
      }
    }
    return false;
  }

private:
  static constexpr size_t kMaxVisits = 4096;
  const Problem &p;
  std::vector<size_t> pos;
  std::vector<size_t> seen;
  size_t mark = 0;
  std::vector<StmtId> stack;
};

/// The successor of v that is an ancestor of all its other successors (it
/// runs first of them in every order), or -1.
int64_t firstSuccessor(const Problem &p, StmtId v, Reach &reach) {
  const auto &succs = p.succs(v);
  if (succs.empty())
    return -1;
  StmtId s = succs[0];
  for (StmtId t : succs)
    if (reach.position(t) < reach.position(s))
      s = t;
  for (StmtId t : succs)
    if (t != s && !reach.ancestor(s, t))
      return -1;
  return s;
}

/// The predecessor of v that is a descendant of all its other predecessors,
/// or -1.
int64_t lastPredecessor(const Problem &p, StmtId v, Reach &reach) {
  const auto &preds = p.preds(v);
  if (preds.empty())
    return -1;
  StmtId q = preds[0];
  for (StmtId t : preds)
    if (reach.position(t) > reach.position(q))
      q = t;
  for (StmtId t : preds)
    if (t != q && !reach.ancestor(t, q))
      return -1;
  return q;
}

/// The reductions; charges `work` (if given) what they read.
Reduced reduce(const Problem &p, WorkBudget *work) {
  const size_t n = p.numStatements();
  constexpr int64_t kKept = -1, kRemoved = -2;
  // into[v]: kKept, kRemoved, or the statement v is glued to.
  std::vector<int64_t> into(n, kKept);
  std::vector<uint8_t> slot(n, 1), absorbed(n, 0);
  Reach reach(p);
  // Memory-free statements and late sinks go first: they glue nothing to
  // themselves.
  for (StmtId v = 0; v < n; ++v)
    if (memoryFree(p, v)) {
      into[v] = kRemoved;
    } else if (lateSink(p, v)) {
      into[v] = kRemoved;
      slot[v] = 3;
    }
  for (StmtId v = 0; v < n; ++v) {
    if (absorbed[v] || into[v] == kRemoved)
      continue;
    int64_t s = firstSuccessor(p, v, reach), q = -1;
    if (s >= 0 && into[s] == kKept && coveredBy(p, v, static_cast<StmtId>(s))) {
      into[v] = s;
      slot[v] = 0;
    } else if ((q = lastPredecessor(p, v, reach)) >= 0 && into[q] == kKept &&
               coveredBy(p, v, static_cast<StmtId>(q))) {
      into[v] = q;
      slot[v] = 2;
    } else {
      continue;
    }
    absorbed[into[v]] = 1;
  }
  Reduced r;
  r.group.assign(n, -1);
  r.slot = std::move(slot);
  for (StmtId v = 0; v < n; ++v) {
    if (into[v] != kKept)
      continue;
    const Statement &st = p.statement(v);
    StmtId id = r.problem.addStatementLike(st);
    r.problem.statement(id).target = st.target;
    r.group[v] = id;
    r.toOriginal.push_back(v);
  }
  for (StmtId v = 0; v < n; ++v)
    if (into[v] >= 0)
      r.group[v] = r.group[into[v]];
  r.reducedAway = n - r.toOriginal.size();
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    const Buffer &buf = p.buffer(b);
    r.problem.addBuffer(buf.bytes, buf.freedInBlock);
    for (StmtId u : buf.users)
      if (r.group[u] >= 0) // Late sinks are removed with their uses.
        r.problem.addUse(static_cast<StmtId>(r.group[u]), b);
  }
  // Edges between groups, through removed statements.
  std::vector<uint32_t> seen(n, 0);
  uint32_t mark = 0;
  std::vector<StmtId> stack;
  for (StmtId v = 0; v < n; ++v) {
    if (r.group[v] < 0)
      continue;
    ++mark;
    stack.assign(p.succs(v).begin(), p.succs(v).end());
    while (!stack.empty()) {
      StmtId t = stack.back();
      stack.pop_back();
      if (seen[t] == mark)
        continue;
      seen[t] = mark;
      if (r.group[t] >= 0) {
        if (r.group[t] != r.group[v])
          r.problem.addEdge(static_cast<StmtId>(r.group[v]),
                            static_cast<StmtId>(r.group[t]));
        continue;
      }
      stack.insert(stack.end(), p.succs(t).begin(), p.succs(t).end());
    }
  }
  r.problem.liveIn = p.liveIn;
  r.problem.finalize();
  if (work)
    work->charge(4 * p.linearSize() + reach.totalVisits);
  return r;
}

SearchResult searchAll(const Problem &p, const Order &incumbent,
                       const SearchOptions &options, WorkBudget *work);

} // namespace

/// Moves each statement glued before its group, without scratch, back to the
/// earliest place where it is free: after its predecessors and after a first
/// user of each of its buffers (so it starts nothing; its group's statement
/// still uses them later, so it ends nothing): its step then holds only bytes
/// live between its neighbours and no other step changes. This keeps views
/// and similar statements near where the program had them.
void hoistFreeMembers(const Problem &p, const Reduced &r, Order &order) {
  const size_t n = order.size();
  std::vector<size_t> pos(n);
  for (size_t i = 0; i < n; ++i)
    pos[order[i]] = i;
  for (size_t i = 0; i < n; ++i) {
    StmtId v = order[i];
    if (r.group[v] < 0 || r.slot[v] != 0 || p.statement(v).scratch != 0)
      continue;
    size_t earliest = 0;
    for (StmtId q : p.preds(v))
      earliest = std::max(earliest, pos[q] + 1);
    for (BufferId b : p.statement(v).buffers) {
      size_t first = n;
      for (StmtId u : p.buffer(b).users)
        if (u != v)
          first = std::min(first, pos[u]);
      earliest = std::max(earliest, first == n ? i : first + 1);
    }
    if (earliest >= i)
      continue;
    std::rotate(order.begin() + earliest, order.begin() + i,
                order.begin() + i + 1);
    for (size_t j = earliest; j <= i; ++j)
      pos[order[j]] = j;
  }
}

Problem reducedForSearch(const Problem &p, std::vector<StmtId> *toOriginal) {
  Reduced r = reduce(p, nullptr);
  if (toOriginal)
    *toOriginal = r.toOriginal;
  return std::move(r.problem);
}

SearchResult exactSearch(const Problem &p, const Order &incumbent,
                         const SearchOptions &options, WorkBudget *work) {
  const size_t n = p.numStatements();
  if (work)
    work->charge(2 * p.linearSize()); // Legality, the incumbent's peak.
  Order inc =
      isLegalOrder(p, incumbent) ? incumbent : programTopologicalOrder(p);
  // Nothing to do (the incumbent meets the caller's bound, or there is no
  // work left): the incumbent as it is.
  if ((work && work->exhausted()) ||
      simulatePeak(p, inc) <= std::max(options.lowerBound, p.liveIn))
    return searchAll(p, inc, options, work);
  Reduced r = reduce(p, work);
  if (r.reducedAway == 0 || r.toOriginal.empty())
    return searchAll(p, inc, options, work);
  Order reducedInc;
  reducedInc.reserve(r.toOriginal.size());
  for (StmtId v : inc)
    if (r.group[v] >= 0 && r.toOriginal[r.group[v]] == v)
      reducedInc.push_back(static_cast<StmtId>(r.group[v]));
  SearchResult result = searchAll(r.problem, reducedInc, options, work);
  result.reducedAway = r.reducedAway;
  const int64_t incPeak = simulatePeak(p, inc);
  // Groups in the order found, glued statements around theirs, removed ones
  // as soon as they are ready.
  std::vector<int64_t> position(r.toOriginal.size());
  for (size_t i = 0; i < result.order.size(); ++i)
    position[result.order[i]] = static_cast<int64_t>(i);
  auto key = [&](StmtId v) {
    int64_t g = r.group[v];
    if (g < 0) // Removed: as soon as ready, or last (a late sink).
      return std::make_tuple(
          r.slot[v] == 3 ? std::numeric_limits<int64_t>::max() : int64_t(-1),
          r.slot[v], v);
    return std::make_tuple(position[g], r.slot[v], v);
  };
  Order order = topologicalOrderBy(
      p, [&](StmtId a, StmtId b) { return key(a) < key(b); });
  if (order.size() == n)
    hoistFreeMembers(p, r, order);
  int64_t peak = order.size() == n ? simulatePeak(p, order) : incPeak;
  assert(order.size() == n && peak == result.peak &&
         "the reductions must keep the peak");
  const bool kept = peak == result.peak;
  if (peak < incPeak) {
    result.order = std::move(order);
    result.peak = peak;
  } else {
    result.order = std::move(inc);
    result.peak = incPeak;
  }
  result.provenOptimal = result.provenOptimal && kept;
  return result;
}

namespace {

SearchResult searchAll(const Problem &p, const Order &incumbent,
                       const SearchOptions &options, WorkBudget *work) {
  SearchBudget budget(work, options.maxStates, options.maxMemoEntries);
  budget.workLeft();

  const size_t n = p.numStatements();
  SearchResult result;
  result.order =
      isLegalOrder(p, incumbent) ? incumbent : programTopologicalOrder(p);
  const Order &inc = result.order;
  Timeline timeline = simulate(p, inc);
  result.peak = timeline.peak;

  // Every step costs at least liveIn; the caller may know more.
  int64_t floor = std::max(options.lowerBound, p.liveIn);
  auto done = [&]() {
    result.provenOptimal = result.peak <= floor;
    result.statesExplored = budget.states;
    result.budgetExhausted = budget.exhausted;
    result.memoFull = budget.memoFull;
    // A search that reached a bound after its budget ran out was not
    // stopped by it.
    result.stoppedBy = result.provenOptimal ? SearchStop::None : budget.stop;
    return result;
  };
  if (n == 0 || result.peak <= floor)
    return done();

  std::vector<Segment> segments =
      splitAtSequentialPoints(p, inc, timeline, floor);
  if (result.peak <= floor)
    return done();
  if (!buildSegments(p, inc, segments, budget, floor))
    return done();
  if (result.peak <= floor)
    return done();

  result.sequentialPoints = n;
  for (const Segment &seg : segments) {
    result.sequentialPoints -= seg.end - seg.begin;
    SearchResult::Segment stat;
    stat.statements = seg.end - seg.begin;
    stat.incumbentPeak = stat.peak = seg.peak;
    for (int64_t bound : seg.bounds)
      stat.staticBound = std::max(stat.staticBound, bound);
    result.segments.push_back(stat);
  }
  if (searchSegments(segments, budget, floor, result.segments)) {
    Order order = composeSegmentOrders(inc, segments);
    int64_t peak = simulatePeak(p, order);
    assert(isLegalOrder(p, order) && "segment orders must compose");
    if (peak < result.peak && isLegalOrder(p, order)) {
      result.order = std::move(order);
      result.peak = peak;
    }
  }
  return done();
}

} // namespace

} // namespace peakmem
