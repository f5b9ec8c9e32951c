//===- CanonicalSearch.h - One capacity decided over canonical plans
//-------===//
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
#include "peakmem/Core/Support/WorkBudget.h"

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
  /// Buffers live in each section, CSR (empty when their total count
  /// exceeds kMaxMembers: the search then skips the unplaced floors).
  std::vector<uint32_t> memberStart, member;
  static constexpr size_t kMaxMembers = size_t(1) << 24;
  struct Partition {
    std::vector<uint32_t> buffers;
    uint32_t lo = 0, hi = 0;
  };
  std::vector<Partition> partitions;

  size_t numBuffers() const { return size.size(); }
  size_t numSections() const {
    return secStep.empty() ? 0 : secStep.size() - 1;
  }
  /// Builds the model of `p`; false (and nothing built) when `p` has more
  /// than `maxBuffers` positive-size buffers or `maxPairs` conflicting pairs.
  bool build(const ArenaProblem &p, size_t maxBuffers, size_t maxPairs);
};

/// The preorders tried in turn ("WAT", "TAW", "TWA": by width, area and the
/// heaviest bytes still to place at a step of the buffer's lifetime, in that
/// precedence, larger first, then by id), computed afresh for every
/// sub-problem (ArenaRefutation.h).
const std::vector<std::string> &preorderHeuristics();

enum class Outcome : uint8_t { Found, Refuted, Aborted };

/// Counts one node of a search against `nodeLimit` and, every
/// kTimeCapCheckUnits nodes, the opt-in `cap`; false (with `aborted` set)
/// when either stops the search.
inline bool countSearchNode(uint64_t &nodes, uint64_t nodeLimit, TimeCap *cap,
                            bool &aborted) {
  if (nodes >= nodeLimit ||
      ((nodes & (kTimeCapCheckUnits - 1)) == 0 && cap && cap->check())) {
    aborted = true;
    return false;
  }
  ++nodes;
  return true;
}

class Search {
public:
  /// Decides `capacity` with the preorder `keys`. `trace` (may be null)
  /// receives the refutation tree (ArenaRefutation's
  /// tokens) when the outcome is Refuted; past `maxTrace` tokens it is
  /// cleared and `traceOverflow` set.
  Search(const Model &m, int64_t capacity, std::string keys, uint64_t nodeLimit,
         std::vector<int64_t> *trace, size_t maxTrace, TimeCap *cap = nullptr);

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
  /// `checked`: every section of [lo, hi) is known to pass the capacity
  /// check at offset 0.
  Outcome solveSub(const std::vector<uint32_t> &sub, uint32_t lo, uint32_t hi,
                   bool checked);
  /// `checkedOff`: every section of [lo, hi) passed the capacity check at
  /// this offset in the current state (-1: not known).
  Outcome dfs(const std::vector<uint32_t> &sub, uint32_t lo, uint32_t hi,
              int64_t lastOff, int64_t lastRank, int64_t checkedOff);
  Outcome child(const std::vector<uint32_t> &sub, uint32_t lo, uint32_t hi,
                uint32_t c, size_t minMark, size_t floorMark,
                int64_t checkedOff);
  Outcome decompose(const std::vector<uint32_t> &sub, uint32_t lo, uint32_t hi,
                    const std::vector<uint32_t> &cutpoints, uint32_t c);
  /// Places c at minOff(c); returns whether it meets an unplaced buffer.
  bool place(uint32_t c, size_t &minMark, size_t &floorMark);
  void unplace(uint32_t c, size_t minMark, size_t floorMark);
  int64_t failingSection(uint32_t lo, uint32_t hi, int64_t off) const;
  /// The lowest failing section of [lo, hi) among those of floorLog from
  /// `mark` on; -1 when none fails.
  int64_t failingLogged(size_t mark, uint32_t lo, uint32_t hi,
                        int64_t off) const;
  bool countNode();
  void emit(int64_t token);
  void truncate(size_t mark);

  const Model &m;
  const int64_t capacity;
  std::vector<uint32_t> rank;

public:
  std::string keys;

private:
  const uint64_t nodeLimit;
  std::vector<int64_t> *trace;
  const size_t maxTrace;
  TimeCap *cap;
  std::vector<int64_t> offset, minOff, floor, total;
  std::vector<int32_t> cuts;
  /// Raises each section's floor to the lowest minOff of its unplaced
  /// buffers where one rose since `minMark`; whether any floor rose.
  bool raiseFloors(size_t minMark);
  std::vector<std::pair<uint32_t, int64_t>> minLog, floorLog;
  std::vector<uint32_t> secMark, affected;
  /// Per section, the member (index into Model::member) that last held its
  /// floor down; where raiseFloors starts its scan.
  std::vector<uint32_t> witness;
  uint32_t epoch = 0;
  std::vector<Cand> cands;
  bool aborted = false;
};

} // namespace peakmem::canonical

#endif // PEAKMEM_LIB_CORE_ARENA_CANONICALSEARCH_H
