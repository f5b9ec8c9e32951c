//===- CanonicalSearch.cpp - One capacity decided over canonical plans ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The method is in ArenaExact.h, the tree it writes in ArenaRefutation.h.
// State changes are logged on stacks (minimum offsets, section floors) and
// undone on the way back; no allocation per node apart from the candidate
// stack's growth.
//
//===----------------------------------------------------------------------===//

#include "CanonicalSearch.h"
#include "peakmem/Core/Arena/ArenaRefutation.h"

#include <algorithm>
#include <array>
#include <limits>
#include <numeric>

namespace peakmem::canonical {

namespace {

/// Conflicting pairs of `m`'s buffers by a sweep over time; false past
/// `maxPairs`.
bool sweepConflicts(Model &m, size_t maxPairs) {
  const size_t n = m.numBuffers();
  std::vector<uint32_t> byFirst(n);
  std::iota(byFirst.begin(), byFirst.end(), 0);
  std::stable_sort(byFirst.begin(), byFirst.end(), [&](uint32_t a, uint32_t b) {
    return m.first[a] < m.first[b];
  });
  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  std::vector<uint32_t> active;
  for (uint32_t b : byFirst) {
    size_t kept = 0;
    for (uint32_t a : active) {
      if (m.last[a] < m.first[b])
        continue;
      active[kept++] = a;
      pairs.push_back({a, b});
    }
    if (pairs.size() > maxPairs)
      return false;
    active.resize(kept);
    active.push_back(b);
  }
  m.confStart.assign(n + 1, 0);
  for (auto [a, b] : pairs) {
    ++m.confStart[a + 1];
    ++m.confStart[b + 1];
  }
  for (size_t i = 0; i < n; ++i)
    m.confStart[i + 1] += m.confStart[i];
  m.conf.resize(2 * pairs.size());
  std::vector<uint32_t> fill(m.confStart.begin(), m.confStart.end() - 1);
  for (auto [a, b] : pairs) {
    m.conf[fill[a]++] = b;
    m.conf[fill[b]++] = a;
  }
  return true;
}

void buildSections(Model &m) {
  const size_t n = m.numBuffers();
  std::vector<uint32_t> bd;
  for (size_t b = 0; b < n; ++b) {
    bd.push_back(m.first[b]);
    bd.push_back(m.last[b] + 1);
  }
  std::sort(bd.begin(), bd.end());
  bd.erase(std::unique(bd.begin(), bd.end()), bd.end());
  m.secStep = bd;
  m.secLo.resize(n);
  m.secHi.resize(n);
  const size_t sections = m.numSections();
  std::vector<int64_t> total(sections + 1, 0);
  std::vector<int32_t> cut(sections + 1, 0);
  for (size_t b = 0; b < n; ++b) {
    auto index = [&](uint32_t step) {
      return static_cast<uint32_t>(
          std::lower_bound(bd.begin(), bd.end(), step) - bd.begin());
    };
    m.secLo[b] = index(m.first[b]);
    m.secHi[b] = index(m.last[b] + 1);
    total[m.secLo[b]] += m.size[b];
    total[m.secHi[b]] -= m.size[b];
    // Boundaries k in [secLo, secHi - 2] (between sections k and k + 1).
    ++cut[m.secLo[b]];
    --cut[m.secHi[b] - 1];
  }
  m.secTotal.assign(sections, 0);
  m.cuts.assign(sections, 0);
  int64_t runTotal = 0;
  int32_t runCut = 0;
  for (size_t s = 0; s < sections; ++s) {
    m.secTotal[s] = runTotal += total[s];
    m.cuts[s] = runCut += cut[s];
  }
  // Partitions: maximal section ranges no boundary of which is uncrossed.
  std::vector<int64_t> partOf(sections, -1);
  for (uint32_t s = 0; s < sections;) {
    if (m.secTotal[s] == 0) {
      ++s;
      continue;
    }
    Model::Partition part;
    part.lo = s;
    while (s + 1 < sections && m.cuts[s] > 0)
      partOf[s++] = static_cast<int64_t>(m.partitions.size());
    partOf[s] = static_cast<int64_t>(m.partitions.size());
    part.hi = ++s;
    m.partitions.push_back(std::move(part));
  }
  for (uint32_t b = 0; b < n; ++b)
    m.partitions[partOf[m.secLo[b]]].buffers.push_back(b);
  size_t spans = 0;
  for (size_t b = 0; b < n; ++b)
    spans += m.secHi[b] - m.secLo[b];
  if (spans > Model::kMaxMembers)
    return;
  m.memberStart.assign(sections + 1, 0);
  for (size_t b = 0; b < n; ++b)
    for (uint32_t s = m.secLo[b]; s < m.secHi[b]; ++s)
      ++m.memberStart[s + 1];
  for (size_t s = 0; s < sections; ++s)
    m.memberStart[s + 1] += m.memberStart[s];
  m.member.resize(spans);
  std::vector<uint32_t> fill(m.memberStart.begin(), m.memberStart.end() - 1);
  for (uint32_t b = 0; b < n; ++b)
    for (uint32_t s = m.secLo[b]; s < m.secHi[b]; ++s)
      m.member[fill[s]++] = b;
}

} // namespace

bool Model::build(const ArenaProblem &p, size_t maxBuffers, size_t maxPairs) {
  *this = Model();
  for (ArenaBufferId b = 0; b < p.numBuffers(); ++b)
    if (p.buffer(b).size > 0)
      global.push_back(b);
  if (global.size() > maxBuffers) {
    global.clear();
    return false;
  }
  for (ArenaBufferId b : global) {
    const ArenaBuffer &buf = p.buffer(b);
    size.push_back(buf.size);
    align.push_back(buf.alignment);
    first.push_back(buf.life.first);
    last.push_back(buf.life.last);
  }
  if (!sweepConflicts(*this, maxPairs)) {
    *this = Model();
    return false;
  }
  buildSections(*this);
  return true;
}

const std::vector<std::string> &preorderHeuristics() {
  static const std::vector<std::string> all = {"WAT", "TAW", "TWA"};
  return all;
}

Search::Search(const Model &m, int64_t capacity, std::string keys,
               uint64_t nodeLimit, std::vector<int64_t> *trace, size_t maxTrace,
               TimeCap *cap)
    : m(m), capacity(capacity), keys(std::move(keys)), rank(m.numBuffers(), 0),
      nodeLimit(nodeLimit), trace(trace), maxTrace(maxTrace), cap(cap),
      offset(m.numBuffers(), -1), minOff(m.numBuffers(), 0),
      floor(m.numSections(), 0), total(m.secTotal), cuts(m.cuts),
      secMark(m.numSections(), 0) {
  if (!m.member.empty())
    witness.assign(m.memberStart.begin(), m.memberStart.end() - 1);
  if (trace)
    trace->clear();
}

bool Search::countNode() {
  return countSearchNode(nodes, nodeLimit, cap, aborted);
}

void Search::emit(int64_t token) {
  if (!trace || traceOverflow)
    return;
  if (trace->size() >= maxTrace) {
    traceOverflow = true;
    trace->clear();
    trace->shrink_to_fit();
    return;
  }
  trace->push_back(token);
}

void Search::truncate(size_t mark) {
  if (trace && !traceOverflow && trace->size() > mark)
    trace->resize(mark);
}

Outcome Search::solveAll() {
  solution.assign(m.numBuffers(), 0);
  for (const Model::Partition &part : m.partitions) {
    size_t mark = trace ? trace->size() : 0;
    if (!countNode())
      return Outcome::Aborted;
    emit(ArenaRefutation::kSplit);
    emit(m.secStep[part.lo]);
    emit(int64_t(m.secStep[part.hi]) - 1);
    Outcome o = solveSub(part.buffers, part.lo, part.hi, /*checked=*/false);
    if (o != Outcome::Found)
      return o;
    truncate(mark);
  }
  return Outcome::Found;
}

Outcome Search::solveSub(const std::vector<uint32_t> &sub, uint32_t lo,
                         uint32_t hi, bool checked) {
  // The preorder of this sub-problem, from the bytes still to place in each
  // section (ArenaRefutation.h defines it); the parent's ranks come back
  // after it.
  std::vector<uint32_t> saved, order;
  for (uint32_t u : sub) {
    saved.push_back(rank[u]);
    if (offset[u] < 0)
      order.push_back(u);
  }
  std::vector<std::array<int64_t, 3>> key(order.size());
  for (size_t i = 0; i < order.size(); ++i) {
    const uint32_t b = order[i];
    int64_t width = int64_t(m.last[b]) - m.first[b] + 1, heaviest = 0;
    for (uint32_t s = m.secLo[b]; s < m.secHi[b]; ++s)
      heaviest = std::max(heaviest, total[s]);
    key[i] = {width, width * m.size[b], heaviest};
  }
  std::vector<uint32_t> at(order.size());
  std::iota(at.begin(), at.end(), 0);
  std::sort(at.begin(), at.end(), [&](uint32_t x, uint32_t y) {
    for (char k : keys) {
      int which = k == 'W' ? 0 : k == 'A' ? 1 : 2;
      if (key[x][which] != key[y][which])
        return key[x][which] > key[y][which];
    }
    return m.global[order[x]] < m.global[order[y]];
  });
  for (uint32_t i = 0; i < at.size(); ++i)
    rank[order[at[i]]] = i;
  Outcome o = dfs(sub, lo, hi, 0, -1, checked ? 0 : -1);
  for (size_t i = 0; i < sub.size(); ++i)
    rank[sub[i]] = saved[i];
  return o;
}

bool Search::place(uint32_t c, size_t &minMark, size_t &floorMark) {
  const int64_t at = minOff[c], top = at + m.size[c];
  offset[c] = at;
  minMark = minLog.size();
  floorMark = floorLog.size();
  bool hat = false;
  for (uint32_t k = m.confStart[c]; k < m.confStart[c + 1]; ++k) {
    uint32_t u = m.conf[k];
    if (offset[u] >= 0)
      continue;
    hat = true;
    int64_t raised = alignTo(top, m.align[u]);
    if (raised > minOff[u]) {
      minLog.push_back({u, minOff[u]});
      minOff[u] = raised;
    }
  }
  for (uint32_t s = m.secLo[c]; s < m.secHi[c]; ++s) {
    floorLog.push_back({s, floor[s]});
    floor[s] = std::max(floor[s], top);
    total[s] -= m.size[c];
  }
  return hat;
}

bool Search::raiseFloors(size_t minMark) {
  if (m.member.empty() || minLog.size() == minMark)
    return false;
  // The sections of every buffer whose minimum offset rose: their floor is
  // at least the lowest minimum offset of their unplaced buffers.
  if (++epoch == 0) {
    std::fill(secMark.begin(), secMark.end(), 0);
    epoch = 1;
  }
  affected.clear();
  for (size_t i = minMark; i < minLog.size(); ++i) {
    uint32_t u = minLog[i].first;
    for (uint32_t s = m.secLo[u]; s < m.secHi[u]; ++s)
      if (secMark[s] != epoch) {
        secMark[s] = epoch;
        affected.push_back(s);
      }
  }
  bool raised = false;
  for (uint32_t s : affected) {
    // The floor rises only if every unplaced buffer of the section starts
    // above it: the first one at or below it ends the scan. The scan starts
    // at the one that ended the last scan of the section (witness[s]),
    // which mostly still does: the result is that of a full scan.
    const int64_t current = floor[s];
    int64_t lowest = std::numeric_limits<int64_t>::max();
    const uint32_t begin = m.memberStart[s], end = m.memberStart[s + 1];
    const uint32_t from = witness[s];
    for (uint32_t i = 0, k = from; i < end - begin; ++i) {
      const uint32_t u = m.member[k];
      if (offset[u] < 0) {
        if (minOff[u] <= current) {
          lowest = current;
          witness[s] = k;
          break;
        }
        lowest = std::min(lowest, minOff[u]);
      }
      if (++k == end)
        k = begin;
    }
    if (lowest != std::numeric_limits<int64_t>::max() && lowest > current) {
      floorLog.push_back({s, floor[s]});
      floor[s] = lowest;
      raised = true;
    }
  }
  return raised;
}

void Search::unplace(uint32_t c, size_t minMark, size_t floorMark) {
  for (size_t i = floorLog.size(); i-- > floorMark;)
    floor[floorLog[i].first] = floorLog[i].second;
  floorLog.resize(floorMark);
  for (size_t i = minLog.size(); i-- > minMark;)
    minOff[minLog[i].first] = minLog[i].second;
  minLog.resize(minMark);
  for (uint32_t s = m.secLo[c]; s < m.secHi[c]; ++s)
    total[s] += m.size[c];
  offset[c] = -1;
}

int64_t Search::failingSection(uint32_t lo, uint32_t hi, int64_t off) const {
  for (uint32_t s = lo; s < hi; ++s)
    if (std::max(off, floor[s]) + total[s] > capacity)
      return s;
  return -1;
}

int64_t Search::failingLogged(size_t mark, uint32_t lo, uint32_t hi,
                              int64_t off) const {
  int64_t bad = -1;
  for (size_t i = mark; i < floorLog.size(); ++i) {
    const uint32_t s = floorLog[i].first;
    if (s >= lo && s < hi && (bad < 0 || s < bad) &&
        std::max(off, floor[s]) + total[s] > capacity)
      bad = s;
  }
  return bad;
}

Outcome Search::dfs(const std::vector<uint32_t> &sub, uint32_t lo, uint32_t hi,
                    int64_t lastOff, int64_t lastRank, int64_t checkedOff) {
  if (!countNode())
    return Outcome::Aborted;
  emit(ArenaRefutation::kBranch);
  const size_t base = cands.size();
  // Only buffers starting below the lowest top are candidates (the loop
  // below stops at the first one that does not): two passes, so that only
  // those are sorted.
  int64_t minTop = std::numeric_limits<int64_t>::max();
  bool any = false;
  for (uint32_t u : sub) {
    if (offset[u] >= 0)
      continue;
    any = true;
    minTop = std::min(minTop, minOff[u] + m.size[u]);
  }
  if (!any) {
    for (uint32_t u : sub)
      solution[u] = offset[u];
    return Outcome::Found;
  }
  for (uint32_t u : sub)
    if (offset[u] < 0 && minOff[u] < minTop)
      cands.push_back({minOff[u], rank[u], u});
  std::sort(
      cands.begin() + base, cands.end(), [](const Cand &a, const Cand &b) {
        return a.minOff != b.minOff ? a.minOff < b.minOff : a.rank < b.rank;
      });
  const size_t end = cands.size();
  Outcome result = Outcome::Refuted;
  for (size_t i = base; i < end; ++i) {
    const Cand c = cands[i];
    if (c.minOff < lastOff || (c.minOff == lastOff && c.rank <= lastRank))
      continue;
    size_t minMark, floorMark;
    const bool hat = place(c.id, minMark, floorMark);
    Outcome o = child(sub, lo, hi, c.id, minMark, floorMark, checkedOff);
    unplace(c.id, minMark, floorMark);
    if (o != Outcome::Refuted) {
      result = o;
      break;
    }
    if (!hat)
      break;
  }
  cands.resize(base);
  return result;
}

Outcome Search::child(const std::vector<uint32_t> &sub, uint32_t lo,
                      uint32_t hi, uint32_t c, size_t minMark, size_t floorMark,
                      int64_t checkedOff) {
  const int64_t off = offset[c];
  // The cheap check first; the floors of unplaced buffers only if it passes.
  // Every section of [lo, hi) passed at checkedOff (< 0: not known); at the
  // same offset only the sections changed since (c's, then those whose
  // floor rose: all in floorLog) can fail. The lowest failing one is the
  // same as a full scan's.
  int64_t bad = off == checkedOff ? failingLogged(floorMark, lo, hi, off)
                                  : failingSection(lo, hi, off);
  if (bad < 0) {
    const size_t raisedMark = floorLog.size();
    if (raiseFloors(minMark))
      bad = failingLogged(raisedMark, lo, hi, off);
  }
  if (bad >= 0) {
    emit(ArenaRefutation::kClose);
    emit(m.secStep[bad]);
    return Outcome::Refuted;
  }
  std::vector<uint32_t> cutpoints;
  for (uint32_t k = m.secLo[c]; k + 1 < m.secHi[c]; ++k)
    if (--cuts[k] == 0)
      cutpoints.push_back(k + 1);
  Outcome o = cutpoints.empty() ? dfs(sub, lo, hi, off, rank[c], off)
                                : decompose(sub, lo, hi, cutpoints, c);
  for (uint32_t k = m.secLo[c]; k + 1 < m.secHi[c]; ++k)
    ++cuts[k];
  return o;
}

Outcome Search::decompose(const std::vector<uint32_t> &sub, uint32_t lo,
                          uint32_t hi, const std::vector<uint32_t> &cutpoints,
                          uint32_t c) {
  std::vector<uint32_t> bounds;
  bounds.push_back(lo);
  bounds.insert(bounds.end(), cutpoints.begin(), cutpoints.end());
  bounds.push_back(hi);
  auto partOf = [&](uint32_t u) -> size_t {
    return std::upper_bound(bounds.begin(), bounds.end(), m.secLo[u]) -
           bounds.begin() - 1;
  };
  // A cut with everything left on one side splits nothing: the search goes
  // on as one problem, keeping its order constraint. (Checked before the
  // parts are built: it is the common case.)
  size_t seen = SIZE_MAX;
  bool split = false;
  for (uint32_t u : sub) {
    if (offset[u] >= 0)
      continue;
    const size_t i = partOf(u);
    if (seen != SIZE_MAX && i != seen) {
      split = true;
      break;
    }
    seen = i;
  }
  if (!split)
    return dfs(sub, lo, hi, offset[c], rank[c], offset[c]);
  std::vector<std::vector<uint32_t>> parts(bounds.size() - 1);
  for (uint32_t u : sub)
    if (offset[u] < 0)
      parts[partOf(u)].push_back(u);
  for (size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].empty())
      continue;
    const uint32_t a = bounds[i], b = bounds[i + 1];
    size_t mark = trace ? trace->size() : 0;
    if (!countNode())
      return Outcome::Aborted;
    emit(ArenaRefutation::kSplit);
    emit(m.secStep[a]);
    emit(int64_t(m.secStep[b]) - 1);
    // The parent passed the check of [lo, hi) at offset[c] >= 0, so
    // this part passes it at 0.
    Outcome o = solveSub(parts[i], a, b, /*checked=*/true);
    if (o != Outcome::Found)
      return o;
    truncate(mark);
  }
  for (uint32_t u : sub)
    if (offset[u] >= 0)
      solution[u] = offset[u];
  return Outcome::Found;
}

} // namespace peakmem::canonical
