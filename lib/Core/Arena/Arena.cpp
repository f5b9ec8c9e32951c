//===- Arena.cpp - Static arena placement: problem, plan, checker ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Arena/Arena.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <set>
#include <tuple>

namespace peakmem {

static bool isPowerOfTwo(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }

Lifetimes bufferLifetimes(const Problem &p, const Order &order) {
  const uint32_t n = static_cast<uint32_t>(order.size());
  std::vector<uint32_t> pos(p.numStatements(), 0);
  for (uint32_t i = 0; i < n; ++i)
    pos[order[i]] = i;
  Lifetimes out;
  out.of.assign(p.numBuffers(), Lifetime{});
  out.live.assign(p.numBuffers(), 0);
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    const Buffer &buf = p.buffer(b);
    if (buf.users.empty())
      continue;
    // Simulator: started at the first user's step; freed after the last
    // user's step only if freedInBlock, else live through the last step.
    uint32_t first = n, last = 0;
    for (StmtId u : buf.users) {
      first = std::min(first, pos[u]);
      last = std::max(last, pos[u]);
    }
    if (!buf.freedInBlock)
      last = n - 1;
    out.of[b] = {first, last};
    out.live[b] = 1;
  }
  return out;
}

ArenaBufferId ArenaProblem::addBuffer(int64_t bytes, int64_t alignment,
                                      uint32_t first, uint32_t last) {
  ArenaBuffer b;
  b.alignment = alignment;
  b.size = alignment > 0 && bytes >= 0 ? alignTo(bytes, alignment) : bytes;
  b.life = {first, last};
  buffers.push_back(b);
  steps = std::max(steps, last + 1);
  return static_cast<ArenaBufferId>(buffers.size() - 1);
}

std::string ArenaProblem::check() const {
  for (ArenaBufferId b = 0; b < buffers.size(); ++b) {
    const ArenaBuffer &buf = buffers[b];
    std::string name = "buffer " + std::to_string(b);
    if (!isPowerOfTwo(buf.alignment))
      return name + ": alignment " + std::to_string(buf.alignment) +
             " is not a power of two";
    if (buf.size < 0 || buf.size % buf.alignment)
      return name + ": size " + std::to_string(buf.size) +
             " is not a non-negative multiple of its alignment";
    if (buf.life.first > buf.life.last || buf.life.last >= steps)
      return name + ": lifetime [" + std::to_string(buf.life.first) + ", " +
             std::to_string(buf.life.last) + "] is empty or past step " +
             std::to_string(steps);
  }
  return {};
}

static int64_t effectiveAlignment(const ArenaExtractionOptions &options,
                                  BufferId b) {
  int64_t a = b < options.alignment.size() ? options.alignment[b] : 1;
  return std::max(a, options.minAlignment);
}

ArenaExtraction extractArenaProblem(const Problem &p, const Order &order,
                                    const ArenaExtractionOptions &options) {
  ArenaExtraction out;
  out.problem.setNumSteps(static_cast<uint32_t>(order.size()));
  Lifetimes lt = bufferLifetimes(p, order);
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    if (!lt.live[b])
      continue;
    out.problem.addBuffer(p.buffer(b).bytes, effectiveAlignment(options, b),
                          lt.of[b].first, lt.of[b].last);
    out.source.push_back(b);
  }
  if (options.includeScratch) {
    int64_t align = std::max(options.scratchAlignment, options.minAlignment);
    for (uint32_t i = 0; i < order.size(); ++i) {
      int64_t scratch = p.statement(order[i]).scratch;
      if (scratch <= 0)
        continue;
      out.problem.addBuffer(scratch, align, i, i);
      out.source.push_back(-1 - static_cast<int64_t>(order[i]));
    }
  }
  out.firstStatementBuffer =
      static_cast<ArenaBufferId>(out.problem.numBuffers());
  if (!options.statementBuffers.empty()) {
    std::vector<uint32_t> stepOf(order.size());
    for (uint32_t i = 0; i < order.size(); ++i)
      stepOf[order[i]] = i;
    for (const ArenaStatementBuffer &sb : options.statementBuffers) {
      uint32_t step = stepOf[sb.stmt];
      out.problem.addBuffer(sb.bytes, sb.alignment, step, step);
      out.source.push_back(-1 - static_cast<int64_t>(sb.stmt));
    }
  }
  return out;
}

Problem roundedForArena(const Problem &p,
                        const ArenaExtractionOptions &options) {
  Problem r = p;
  for (BufferId b = 0; b < r.numBuffers(); ++b)
    r.buffer(b).bytes =
        alignTo(r.buffer(b).bytes, effectiveAlignment(options, b));
  int64_t scratchAlign =
      std::max(options.scratchAlignment, options.minAlignment);
  for (StmtId s = 0; s < r.numStatements(); ++s) {
    int64_t &scratch = r.statement(s).scratch;
    scratch = options.includeScratch ? alignTo(scratch, scratchAlign) : 0;
  }
  // Arguments belong to the caller, not to the arena.
  r.liveIn = 0;
  return r;
}

int64_t arenaExtent(const ArenaProblem &p,
                    const std::vector<int64_t> &offsets) {
  int64_t extent = 0;
  for (ArenaBufferId b = 0; b < p.numBuffers() && b < offsets.size(); ++b)
    extent = std::max(extent, offsets[b] + p.buffer(b).size);
  return extent;
}

std::string checkArenaPlan(const ArenaProblem &p, const ArenaPlan &plan) {
  if (std::string err = p.check(); !err.empty())
    return "invalid problem: " + err;
  const size_t n = p.numBuffers();
  if (plan.offsets.size() != n)
    return "plan has " + std::to_string(plan.offsets.size()) + " offsets for " +
           std::to_string(n) + " buffers";
  for (ArenaBufferId b = 0; b < n; ++b) {
    const ArenaBuffer &buf = p.buffer(b);
    int64_t off = plan.offsets[b];
    std::string name = "buffer " + std::to_string(b);
    if (off < 0)
      return name + " has negative offset " + std::to_string(off);
    if (off % buf.alignment)
      return name + " at offset " + std::to_string(off) +
             " is not aligned to " + std::to_string(buf.alignment);
    if (off > plan.size - buf.size)
      return name + " [" + std::to_string(off) + ", " +
             std::to_string(off + buf.size) + ") lies outside the arena of " +
             std::to_string(plan.size) + " bytes";
  }
  // Sweep over time. Before a buffer starts, buffers that ended earlier
  // leave the active set; the active set is kept pairwise disjoint in bytes
  // (else we have returned), so a new range intersects an active one iff it
  // intersects its neighbour below or above in offset order.
  std::vector<ArenaBufferId> byFirst;
  for (ArenaBufferId b = 0; b < n; ++b)
    if (p.buffer(b).size > 0)
      byFirst.push_back(b);
  std::stable_sort(byFirst.begin(), byFirst.end(),
                   [&](ArenaBufferId a, ArenaBufferId b) {
                     return p.buffer(a).life.first < p.buffer(b).life.first;
                   });
  using Ending = std::pair<uint32_t, ArenaBufferId>;
  std::priority_queue<Ending, std::vector<Ending>, std::greater<Ending>> ends;
  std::set<std::pair<int64_t, ArenaBufferId>> active; // (offset, id)
  for (ArenaBufferId b : byFirst) {
    const ArenaBuffer &buf = p.buffer(b);
    while (!ends.empty() && ends.top().first < buf.life.first) {
      active.erase({plan.offsets[ends.top().second], ends.top().second});
      ends.pop();
    }
    int64_t lo = plan.offsets[b], hi = lo + buf.size;
    auto clash = [&](ArenaBufferId o) {
      return "buffers " + std::to_string(std::min(o, b)) + " and " +
             std::to_string(std::max(o, b)) +
             " are live together and their byte ranges [" +
             std::to_string(plan.offsets[o]) + ", " +
             std::to_string(plan.offsets[o] + p.buffer(o).size) + ") and [" +
             std::to_string(lo) + ", " + std::to_string(hi) + ") intersect";
    };
    auto above = active.lower_bound({lo, 0});
    if (above != active.end() && above->first < hi)
      return clash(above->second);
    if (above != active.begin()) {
      auto below = std::prev(above);
      if (below->first + p.buffer(below->second).size > lo)
        return clash(below->second);
    }
    active.insert({lo, b});
    ends.push({buf.life.last, b});
  }
  return {};
}

int64_t liveBytesLowerBound(const ArenaProblem &p) {
  std::vector<int64_t> delta(p.numSteps() + 1, 0);
  for (ArenaBufferId b = 0; b < p.numBuffers(); ++b) {
    const ArenaBuffer &buf = p.buffer(b);
    delta[buf.life.first] += buf.size;
    delta[buf.life.last + 1] -= buf.size;
  }
  int64_t live = 0, best = 0;
  for (int64_t d : delta) {
    live += d;
    best = std::max(best, live);
  }
  return best;
}

std::vector<std::vector<ArenaBufferId>> arenaComponents(const ArenaProblem &p) {
  std::vector<ArenaBufferId> byFirst(p.numBuffers());
  for (ArenaBufferId b = 0; b < byFirst.size(); ++b)
    byFirst[b] = b;
  std::stable_sort(byFirst.begin(), byFirst.end(),
                   [&](ArenaBufferId a, ArenaBufferId b) {
                     return p.buffer(a).life.first < p.buffer(b).life.first;
                   });
  // Interval graphs: a new component starts exactly where a buffer begins
  // after every earlier buffer has ended.
  std::vector<std::vector<ArenaBufferId>> out;
  int64_t reach = -1;
  for (ArenaBufferId b : byFirst) {
    const Lifetime &life = p.buffer(b).life;
    if (out.empty() || static_cast<int64_t>(life.first) > reach)
      out.emplace_back();
    out.back().push_back(b);
    reach = std::max<int64_t>(reach, life.last);
  }
  for (auto &c : out)
    std::sort(c.begin(), c.end());
  return out;
}

} // namespace peakmem
