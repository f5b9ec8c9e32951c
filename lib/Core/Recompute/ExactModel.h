//===- ExactModel.h - The slot model of the exact recompute programs -*- C++
//-*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to lib/Core/Recompute (ExactModel.cpp builds it; ExactRecompute.cpp
// sweeps it along the order, SeriesParallelRecompute.cpp folds it over a
// series-parallel decomposition tree). The order with every clone some
// fixed-order plan may insert is a sequence of slots (a clone slot is present
// only in plans that cut there). A decision is a recomputable buffer and its
// admissible cut sets (choices); its span is the slot interval where its
// choice changes memory: its own lifetime, its clones and the inputs they
// keep alive. memAt(s, key) reads only the choices of the decisions whose
// span contains s.
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_CORE_EXACTMODEL_H
#define PEAKMEM_LIB_CORE_EXACTMODEL_H

#include "peakmem/Core/Recompute/ExactRecompute.h"

#include "RecomputeState.h"

#include <cstdint>
#include <string>
#include <vector>

namespace peakmem {
namespace exact {

constexpr uint16_t kNone = 0xFFFF;

/// Units an entry or a key of `decisions` choices costs to copy or compare.
inline WorkUnits recordUnits(size_t decisions) { return 1 + decisions / 32; }

/// Charges `units` before the work they pay for, only when they fit: a charge
/// that does not fit takes the budget one unit past what it has left (which
/// exhausts it) and returns false, so a program never reports more than its
/// limit + 1 units, however large the charge it stopped on.
inline bool spend(WorkBudget &work, WorkUnits units) {
  if (work.fits(units))
    return work.charge(units);
  if (!work.exhausted())
    work.charge(work.left() + 1);
  return false;
}

struct Choice {
  std::vector<uint32_t> starts;
  /// Per user index: a clone starts before this user.
  std::vector<uint8_t> present;
  /// Per user index with a clone: slot of its segment's last user.
  std::vector<int64_t> segEnd;
  /// Slot of the original's last use (its group or first segment).
  int64_t seg1End = 0;
  int64_t macs = 0, ops = 0;
};

struct Decision {
  BufferId buffer = 0;
  int64_t bytes = 0;
  std::vector<StmtId> members, users;
  std::vector<uint8_t> startOk;
  std::vector<Choice> choices;
  std::vector<int64_t> cloneSlot;
  int64_t spanBegin = 0, spanEnd = 0;
  int64_t runMacs = 0, runOps = 0;
};

struct Reader {
  uint32_t decision = 0, user = 0;
  int64_t slot = 0; // The clone slot reading the buffer.
};

/// A buffer whose liveness at some slots depends on the state.
struct VarBuffer {
  int64_t bytes = 0;
  int32_t decision = -1;
  std::vector<Reader> readers;
};

struct Slot {
  StmtId stmt = 0;
  int32_t decision = -1;
  uint32_t user = 0;
};

struct Model {
  std::vector<Slot> slots;
  std::vector<Decision> decisions;
  std::vector<VarBuffer> vars;
  std::vector<int64_t> base;
  std::vector<std::vector<uint32_t>> var;
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> copies;
  /// Per slot: the decisions whose span begins / ends there.
  std::vector<std::vector<uint32_t>> begins, ends;
  /// Per original statement: its slot.
  std::vector<int64_t> origSlot;
  recompute::Limits limits;
};

/// A partial plan: its peak over the slots seen, the costs of the decisions
/// already decided, and their choices (kNone: not decided in this entry).
struct Entry {
  int64_t peak = 0, macs = 0, ops = 0;
  std::vector<uint16_t> record;
};

inline const Choice &choiceOf(const Model &m, uint32_t d,
                              const std::vector<uint16_t> &key) {
  return m.decisions[d].choices[key[d]];
}

/// Checks the input (ExactRecompute.h), sets r.plan to the input, r.peak and
/// r.peakBefore to simulatePeak(p, order), builds the model of `order` and
/// the relaxation bound. False when the input is invalid or the work ran out
/// (r.reason says which).
bool prepareExact(const Problem &p, const Order &order,
                  const std::vector<Producer> &producers,
                  const RecomputeOptions &options, Model &m,
                  ExactRecomputeResult &r, WorkBudget &work);

/// Bytes of decision `d`'s own buffer and clone copies live at slot `s`
/// under its choice `c` (not the inputs its clones keep alive).
int64_t ownBytesAt(const Model &m, uint32_t d, const Choice &c, size_t s);

/// The decisions whose choices memAt(m, s, .) and slotRuns(m, s, .) depend
/// on (ascending), all with s in their span.
std::vector<uint32_t> readAt(const Model &m, size_t s);

/// Memory at slot `s` in every plan whose choices (of the decisions whose
/// span contains s) are `key`.
int64_t memAt(const Model &m, size_t s, const std::vector<uint16_t> &key);

/// Whether slot `s` runs under `key` (an original slot always does).
inline bool slotRuns(const Model &m, size_t s,
                     const std::vector<uint16_t> &key) {
  const Slot &sl = m.slots[s];
  return sl.decision < 0 ||
         choiceOf(m, uint32_t(sl.decision), key).present[sl.user];
}

bool lessEntry(const Entry &a, const Entry &b);

/// Keeps the entries no other entry dominates (ties: the first in
/// lessEntry order).
bool prune(std::vector<Entry> &front, size_t nd, WorkBudget &work);

/// Sets r's cuts, plan, peak and costs from `best` (every decision
/// recorded), checked by simulating the materialized plan; on a mismatch
/// r.reason says so and the plan stays the input. Returns r.finished.
bool finishExact(const Problem &p, const Order &order,
                 const std::vector<Producer> &producers, const Model &m,
                 const Entry &best, ExactRecomputeResult &r);

/// The common end of the exact programs: r.workUsed (since `startUsed`),
/// r.stoppedBy, then, when `done`, finishExact on `best`; otherwise r.reason
/// ("the work limit ran out" unless set) and the input plan. Returns
/// r.finished.
bool finishRun(const Problem &p, const Order &order,
               const std::vector<Producer> &producers, const Model &m,
               bool done, const Entry &best, WorkUnits startUsed,
               WorkBudget &work, ExactRecomputeResult &r);

/// The start every exact program and the budget-aware bound share: the
/// result, the model of `order` (prepareExact), the work used before it.
struct ExactStart {
  ExactRecomputeResult r;
  Model m;
  WorkUnits startUsed = 0;
  /// prepareExact succeeded (else r.reason says why).
  bool ready = false;
};

ExactStart beginExact(const Problem &p, const Order &order,
                      const std::vector<Producer> &producers,
                      const RecomputeOptions &options, WorkBudget &work);

/// The frame of an exact program on `order`: beginExact, then
/// `program(m, r, best)` when the model is ready (false: the work ran out,
/// or r.reason says why), then finishRun on `best`.
template <typename Program>
ExactRecomputeResult runExact(const Problem &p, const Order &order,
                              const std::vector<Producer> &producers,
                              const RecomputeOptions &options, WorkBudget &work,
                              Program &&program) {
  ExactStart s = beginExact(p, order, producers, options, work);
  Entry best;
  bool done = s.ready && program(s.m, s.r, best);
  finishRun(p, order, producers, s.m, done, best, s.startUsed, work, s.r);
  return std::move(s.r);
}

} // namespace exact
} // namespace peakmem

#endif // PEAKMEM_LIB_CORE_EXACTMODEL_H
