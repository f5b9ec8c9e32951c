//===- Simulation.cpp - Live bytes of an order, step by step --------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Core/Model/Simulation.h"

#include <algorithm>

namespace peakmem {

Simulator::Simulator(const Problem &p)
    : problem(p), remainingUsers(p.numBuffers()), started(p.numBuffers(), 0),
      liveBytes(p.liveIn), peakBytes(p.liveIn) {
  for (BufferId b = 0; b < p.numBuffers(); ++b)
    remainingUsers[b] = p.buffer(b).users.size();
}

int64_t Simulator::memIfNext(StmtId s) const {
  const Statement &st = problem.statement(s);
  int64_t mem = liveBytes + st.scratch;
  for (BufferId b : st.buffers)
    if (!started[b])
      mem += problem.buffer(b).bytes;
  return mem;
}

int64_t Simulator::netGrowthIfNext(StmtId s) const {
  int64_t growth = 0;
  for (BufferId b : problem.statement(s).buffers) {
    const Buffer &buf = problem.buffer(b);
    bool dies = buf.freedInBlock && remainingUsers[b] == 1;
    if (!started[b] && !dies)
      growth += buf.bytes;
    else if (started[b] && dies)
      growth -= buf.bytes;
  }
  return growth;
}

int64_t Simulator::push(StmtId s) {
  const Statement &st = problem.statement(s);
  for (BufferId b : st.buffers)
    if (!started[b]) {
      started[b] = 1;
      liveBytes += problem.buffer(b).bytes;
    }
  int64_t mem = liveBytes + st.scratch;
  peakBytes = std::max(peakBytes, mem);
  for (BufferId b : st.buffers)
    if (--remainingUsers[b] == 0 && problem.buffer(b).freedInBlock)
      liveBytes -= problem.buffer(b).bytes;
  return mem;
}

Timeline simulate(const Problem &p, const Order &order) {
  Timeline t;
  t.live.reserve(order.size());
  t.peak = p.liveIn;
  Simulator sim(p);
  int64_t best = -1;
  for (size_t i = 0; i < order.size(); ++i) {
    int64_t mem = sim.push(order[i]);
    t.live.push_back(mem);
    if (mem > best) {
      best = mem;
      t.peakStep = i;
    }
  }
  t.peak = sim.peak();
  return t;
}

int64_t simulatePeak(const Problem &p, const Order &order) {
  Simulator sim(p);
  for (StmtId s : order)
    sim.push(s);
  return sim.peak();
}

} // namespace peakmem
