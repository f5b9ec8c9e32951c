//===- CanonicalSearch.h - One capacity decided over canonical plans -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to lib/Core/Arena: the decision procedure behind solveArenaExact
// (ArenaExact.h states the method; ArenaRefutation.h the tree it writes).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_CORE_ARENA_CANONICALSEARCH_H
#define PEAKMEM_LIB_CORE_ARENA_CANONICALSEARCH_H

#include "peakmem/Core/Arena/Arena.h"

#include <cstdint>
#include <string>
#include <vector>

namespace peakmem::canonical {

/// The static part of a search: buffers of positive size (local ids), their
/// sections of time, conflicts and independent partitions.
struct Model {
  /// Local id -> ArenaProblem id.
  std::vector<ArenaBufferId> global;
  std::vector<int64_t> size, align;
  std::vector<uint32_t> first, last;
  /// Sections [secLo, secHi) of each buffer; section s covers the steps
  /// [secStep[s], secStep[s + 1]).
  std::vector<uint32_t> secLo, secHi, secStep;
  /// Conflicts in CSR form: conf[confStart[b] .. confStart[b + 1]).
  std::vector<uint32_t> confStart, conf;
  /// Bytes live in each section; buffers crossing each boundary k (between
  /// sections k and k + 1).
  std::vector<int64_t> secTotal;
  std::vector<int32_t> cuts;
  struct Partition {
    std::vector<uint32_t> buffers;
    uint32_t lo = 0, hi = 0;
  };
  std::vector<Partition> partitions;

  size_t numBuffers() const { return size.size(); }
  size_t numSections() const { return secStep.empty() ? 0 : secStep.size() - 1; }
  /// Builds the model of `p`; false (and nothing built) when `p` has more
  /// than `maxBuffers` positive-size buffers or `maxPairs` conflicting pairs.
  bool build(const ArenaProblem &p, size_t maxBuffers, size_t maxPairs);
};

/// The static preorders tried in turn ("WAT", "TAW", "TWA": by width, area
/// and the heaviest section total met, in that precedence, larger first);
/// rank[b] is b's position.
std::vector<uint32_t> preorderRank(const Model &m, const std::string &keys);
const std::vector<std::string> &preorderHeuristics();

enum class Outcome : uint8_t { Found, Refuted, Aborted };

class Search {
public:
  /// `trace` (may be null) receives the refutation tree (ArenaRefutation's
  /// tokens) when the outcome is Refuted; past `maxTrace` tokens it is
  /// cleared and `traceOverflow` set.
  Search(const Model &m, int64_t capacity, std::vector<uint32_t> rank,
         uint64_t nodeLimit, std::vector<int64_t> *trace, size_t maxTrace);

  Outcome solveAll();

  /// Offsets per local buffer after Found.
  std::vector<int64_t> solution;
  uint64_t nodes = 0;
  bool traceOverflow = false;

private:
  struct Cand {
    int64_t minOff;
    uint32_t rank, id;
  };
  Outcome solveSub(const std::vector<uint32_t> &sub, uint32_t lo, uint32_t hi);
  Outcome dfs(const std::vector<uint32_t> &sub, uint32_t lo, uint32_t hi,
              int64_t lastOff, int64_t lastRank);
  Outcome child(const std::vector<uint32_t> &sub, uint32_t lo, uint32_t hi,
                uint32_t c);
  Outcome decompose(const std::vector<uint32_t> &sub, uint32_t lo,
                    uint32_t hi, const std::vector<uint32_t> &cutpoints);
  /// Places c at minOff(c); returns whether it meets an unplaced buffer.
  bool place(uint32_t c, size_t &minMark, size_t &floorMark);
  void unplace(uint32_t c, size_t minMark, size_t floorMark);
  int64_t failingSection(uint32_t lo, uint32_t hi, int64_t off) const;
  bool countNode();
  void emit(int64_t token);
  void truncate(size_t mark);

  const Model &m;
  const int64_t capacity;
  const std::vector<uint32_t> rank;
  const uint64_t nodeLimit;
  std::vector<int64_t> *trace;
  const size_t maxTrace;
  std::vector<int64_t> offset, minOff, floor, total;
  std::vector<int32_t> cuts;
  std::vector<std::pair<uint32_t, int64_t>> minLog, floorLog;
  std::vector<Cand> cands;
  bool aborted = false;
};

} // namespace peakmem::canonical

#endif // PEAKMEM_LIB_CORE_ARENA_CANONICALSEARCH_H
