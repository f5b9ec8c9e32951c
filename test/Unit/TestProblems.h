//===- TestProblems.h - Random problems and a brute-force oracle -*- C++
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-*-===//
//
// Shared by the core unit tests. The oracle recomputes live bytes from the
// definition (not through Simulator) so that it checks the simulator too.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_TEST_UNIT_TESTPROBLEMS_H
#define PEAKMEM_TEST_UNIT_TESTPROBLEMS_H

#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Core/Model/Problem.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace peakmem::test {

/// A random dataflow block: statement v writes a fresh buffer and reads the
/// buffers of 0..3 earlier statements (with an edge from each). Some buffers
/// escape, some statements have scratch, some have no output, and a few
/// extra ordering edges appear (as memory ordering would add).
inline Problem randomProblem(std::mt19937 &rng, unsigned n) {
  Problem p;
  std::uniform_int_distribution<int> size(1, 64), coin(0, 99);
  std::vector<int64_t> out(n, -1);
  for (unsigned v = 0; v < n; ++v) {
    StmtId s =
        p.addStatement(StmtKind::Compute, coin(rng) < 15 ? size(rng) : 0);
    if (coin(rng) < 90) {
      BufferId b = p.addBuffer(size(rng) * 4, coin(rng) >= 10);
      p.addUse(s, b);
      out[v] = b;
    }
    if (v == 0)
      continue;
    std::uniform_int_distribution<unsigned> pick(0, v - 1);
    int reads = coin(rng) % 4;
    for (int r = 0; r < reads; ++r) {
      unsigned u = pick(rng);
      if (out[u] >= 0)
        p.addUse(s, static_cast<BufferId>(out[u]));
      p.addEdge(u, s);
    }
    if (coin(rng) < 10)
      p.addEdge(pick(rng), s);
  }
  p.finalize();
  return p;
}

/// Live bytes while `v` runs after exactly the statements in `executed`.
inline int64_t memAt(const Problem &p, uint64_t executed, StmtId v) {
  int64_t mem = p.liveIn + p.statement(v).scratch;
  for (BufferId b = 0; b < p.numBuffers(); ++b) {
    const Buffer &buf = p.buffer(b);
    bool usedByV = false, anyBefore = false, anyAfter = false;
    for (StmtId u : buf.users) {
      if (u == v)
        usedByV = true;
      else if (executed >> u & 1)
        anyBefore = true;
      else
        anyAfter = true;
    }
    if (usedByV || (anyBefore && (anyAfter || !buf.freedInBlock)))
      mem += buf.bytes;
  }
  return mem;
}

/// An optimal order (DP over subsets of the executed set, n <= 20), straight
/// from the definition of memAt.
inline Order optimalOrder(const Problem &p) {
  const unsigned n = p.numStatements();
  std::vector<uint64_t> predMask(n, 0);
  for (auto [u, v] : p.edges())
    predMask[v] |= uint64_t(1) << u;
  const int64_t inf = std::numeric_limits<int64_t>::max();
  std::vector<int64_t> f(size_t(1) << n, inf);
  std::vector<int> last(size_t(1) << n, -1);
  f[0] = p.liveIn;
  for (uint64_t mask = 0; mask < (uint64_t(1) << n); ++mask) {
    if (f[mask] == inf)
      continue;
    for (StmtId v = 0; v < n; ++v) {
      if ((mask >> v & 1) || (predMask[v] & ~mask))
        continue;
      int64_t peak = std::max(f[mask], memAt(p, mask, v));
      uint64_t next = mask | (uint64_t(1) << v);
      if (peak < f[next]) {
        f[next] = peak;
        last[next] = v;
      }
    }
  }
  Order order(n);
  uint64_t mask = (uint64_t(1) << n) - 1;
  for (unsigned i = n; i-- > 0;) {
    order[i] = static_cast<StmtId>(last[mask]);
    mask &= ~(uint64_t(1) << order[i]);
  }
  return order;
}

/// Minimum peak over all legal orders (n <= 20).
inline int64_t bruteForceOptimum(const Problem &p) {
  Order order = optimalOrder(p);
  int64_t peak = p.liveIn;
  uint64_t executed = 0;
  for (StmtId v : order) {
    peak = std::max(peak, memAt(p, executed, v));
    executed |= uint64_t(1) << v;
  }
  return peak;
}

/// Adds statement `s` writing a fresh buffer of `bytes`.
inline BufferId addOutput(Problem &p, StmtId s, int64_t bytes,
                          bool freed = true) {
  BufferId b = p.addBuffer(bytes, freed);
  p.addUse(s, b);
  return b;
}

/// `reader` reads `b`, produced by `writer`.
inline void addRead(Problem &p, StmtId writer, BufferId b, StmtId reader) {
  p.addUse(reader, b);
  p.addEdge(writer, reader);
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PEAKMEM_TEST_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PEAKMEM_TEST_SANITIZED 1
#endif
/// Wall-clock assertions fail on a loaded machine (parallel builds, shared
/// CI runners), so they are opt-in: PEAKMEM_CHECK_TIMING=1 in an optimized,
/// unsanitized build. Speed is measured in the benchmark (docs/scale.md).
inline bool checkTiming() {
#if defined(NDEBUG) && !defined(PEAKMEM_TEST_SANITIZED)
  const char *env = std::getenv("PEAKMEM_CHECK_TIMING");
  return env && std::string(env) == "1";
#else
  return false;
#endif
}
inline const bool kCheckTiming = checkTiming();

/// One to three random edits of a list of words (a word replaced, nudged or
/// set small; the list truncated or extended), stopping early when it
/// becomes empty.
inline void mutateWords(std::vector<int64_t> &w, std::mt19937_64 &rng) {
  for (int k = 0, m = 1 + rng() % 3; k < m; ++k) {
    size_t i = w.empty() ? 0 : rng() % w.size();
    switch (w.empty() ? 3 : rng() % 4) {
    case 0:
      w[i] = static_cast<int64_t>(rng());
      break;
    case 1:
      w[i] += static_cast<int64_t>(rng() % 5) - 2;
      break;
    case 2:
      w[i] = static_cast<int64_t>(rng() % 40) - 1;
      break;
    default:
      w.resize(rng() % (w.size() + 4), static_cast<int64_t>(rng() % 7));
      break;
    }
  }
}

/// One to three random edits of a certificate record: a number, a flow,
/// the members, a member's flow, the kind or the form.
inline void mutateRecord(CertificateRecord &r, std::mt19937_64 &rng) {
  for (int k = 0, m = 1 + rng() % 3; k < m; ++k) {
    std::vector<int64_t> numbers = {r.peak, r.lowerBound, r.witness,
                                    r.conditionedOn};
    switch (rng() % 8) {
    case 0:
      mutateWords(numbers, rng);
      numbers.resize(4, 0);
      r.peak = numbers[0];
      r.lowerBound = numbers[1];
      r.witness = numbers[2];
      r.conditionedOn = numbers[3];
      break;
    case 1:
      mutateWords(r.flow, rng);
      break;
    case 2:
      mutateWords(r.flow2, rng);
      break;
    case 3:
      mutateWords(r.members, rng);
      break;
    case 4:
      if (!r.memberFlows.empty())
        mutateWords(r.memberFlows[rng() % r.memberFlows.size()], rng);
      break;
    case 5:
      r.memberFlows.resize(rng() % (r.memberFlows.size() + 2));
      break;
    case 6:
      r.kind = static_cast<BoundKind>(rng() % 8);
      break;
    default:
      r.form = rng() % 2 ? MultiwayForm::First : MultiwayForm::Last;
      break;
    }
  }
}

/// Whether two records hold the same numbers.
inline bool sameRecord(const CertificateRecord &a, const CertificateRecord &b) {
  return a.peak == b.peak && a.lowerBound == b.lowerBound && a.kind == b.kind &&
         a.witness == b.witness && a.conditionedOn == b.conditionedOn &&
         a.flow == b.flow && a.flow2 == b.flow2 && a.form == b.form &&
         a.members == b.members && a.memberFlows == b.memberFlows;
}

} // namespace peakmem::test

#endif // PEAKMEM_TEST_UNIT_TESTPROBLEMS_H
