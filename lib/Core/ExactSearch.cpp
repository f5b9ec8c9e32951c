//===- ExactSearch.cpp - Minimum-peak order by bounded search -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The driver of the exact search: divide the incumbent at sequential points
// (SearchSegments.h), then search each segment by branch and bound
// (SegmentSearch.h), the segment holding the peak first, and compose the
// segment orders. All memory figures come from the shared Simulator.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/ExactSearch.h"

#include "SearchSegments.h"
#include "SegmentSearch.h"

#include "peakmem/Core/Graph.h"
#include "peakmem/Core/Simulation.h"

#include <algorithm>
#include <cassert>

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
      return false;
    seg.local = buildSegment(p, inc, seg.begin, seg.end, liveBefore[seg.begin],
                             firstPos, lastPos, localOf, localBuffer);
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
                    int64_t &floor) {
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
    Order best;
    int64_t bestPeak = seg.peak;
    bool finished =
        searchSegment(seg.local, seg.bounds, floor, budget, best, bestPeak);
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

const char *searchStopName(SearchStop stop) {
  switch (stop) {
  case SearchStop::None:
    return "none";
  case SearchStop::TimeBudget:
    return "time-budget";
  case SearchStop::StateCap:
    return "state-cap";
  }
  return "none";
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

SearchResult exactSearch(const Problem &p, const Order &incumbent,
                         const SearchOptions &options) {
  SearchBudget budget(options.budgetMs, options.maxStates,
                      options.maxMemoEntries);

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

  if (searchSegments(segments, budget, floor)) {
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

} // namespace peakmem
