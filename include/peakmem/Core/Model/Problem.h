//===- Problem.h - The peak-memory scheduling problem -----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The MLIR-free memory model. A Problem is one block: its statements, the
// buffers the block allocates, which statements use each buffer, and the
// dependency edges every legal order must respect. The MLIR layer extracts it
// from IR (peakmem/Analysis/MemoryModel.h); everything else (simulation,
// schedulers, bounds, certificates, recompute planning) only reads it.
//
// Accounting rule (exact for the IR the passes emit and for the IR as given):
//  * A buffer becomes live at the step of its FIRST user in the order (the
//    alloc statement itself is a user when it is part of the problem).
//  * It stays live through the step of its LAST user if it is freed in the
//    block (`freedInBlock`); otherwise it stays live to the end of the block.
//  * mem(step i) = liveIn + bytes of buffers live at step i + scratch(v_i),
//    where scratch(v) is the transient peak a statement adds on top of what it
//    keeps (nested allocations freed inside it).
//  * peak(order) = max_i mem(step i).
// With allocs placed right before their first user and frees right after their
// last user, this is byte for byte what a counting allocator observes.
//
// Size limit: liveIn + the bytes of all buffers + the scratch of all
// statements must be at most kMaxTotal (2^62 - 1), and so must the MACs of
// all statements (checkTotals(), part of check()). Every sum any algorithm
// forms is a sum over a subset of these (a step's memory, a bound, a cut, a
// certificate's flow value), so it stays below 2^62: finite cuts stay below
// MaxFlow's kInfiniteCapacity (2^62), and the sum of two such values still
// fits in int64. The MLIR layer refuses a block whose problem exceeds it.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_CORE_PROBLEM_H
#define PEAKMEM_CORE_PROBLEM_H

#include <cstdint>
#include <string>
#include <vector>

namespace peakmem {

/// The largest total of bytes (and of MACs, and of operations) a valid
/// problem may have.
constexpr int64_t kMaxTotal = (int64_t(1) << 62) - 1;

using StmtId = uint32_t;
using BufferId = uint32_t;
using Order = std::vector<StmtId>;

/// What a statement is, for contraction. Alloc and Free statements are the
/// block's allocation and deallocation ops: a scheduler never orders them
/// itself; they are placed right before the first / right after the last user.
enum class StmtKind : uint8_t { Compute, Alloc, Free };

struct Statement {
  StmtKind kind = StmtKind::Compute;
  /// Transient bytes on top of the live buffers while this statement runs.
  int64_t scratch = 0;
  /// Multiply-accumulates of the statement (contractions and convolutions;
  /// recompute budget).
  int64_t macs = 0;
  /// Element operations of the statement (every point of every structured
  /// op, MACs included; the recompute budget's second limit).
  int64_t ops = 0;
  /// Buffers this statement uses (allocates, reads, writes or frees), sorted.
  std::vector<BufferId> buffers;
  /// For Alloc and Free statements: the buffer allocated / freed.
  BufferId target = 0;
};

struct Buffer {
  int64_t bytes = 0;
  /// Statements using the buffer, sorted ascending, unique.
  std::vector<StmtId> users;
  /// Freed right after its last user; false: live to the end of the block
  /// once started (returned, stored, passed out, or never freed).
  bool freedInBlock = true;
};

/// One block's scheduling problem. Build with add*, then call finalize().
class Problem {
public:
  StmtId addStatement(StmtKind kind = StmtKind::Compute, int64_t scratch = 0);
  /// A statement with the kind, scratch and costs (MACs, operations) of `st`
  /// but no uses and target 0: those name another problem's buffers, so the
  /// caller maps them.
  StmtId addStatementLike(const Statement &st);
  BufferId addBuffer(int64_t bytes, bool freedInBlock);
  /// Records that `s` uses `b` (idempotent).
  void addUse(StmtId s, BufferId b);
  /// `before` must run before `after` in every legal order.
  void addEdge(StmtId before, StmtId after);

  /// Sorts and dedups uses and edges and builds adjacency. Must be called
  /// after the last add* and before any query.
  void finalize();

  /// Validates the problem: ids in range, edges acyclic, Alloc/Free targets
  /// consistent, sizes and MACs non-negative, and checkTotals(). Returns an
  /// empty string when valid, else a description.
  std::string check() const;

  /// "" when liveIn + all buffer bytes + all scratch <= kMaxTotal and all
  /// MACs sum to <= kMaxTotal (negative values are check()'s business and
  /// count as 0 here), else a description of which total exceeds the limit.
  /// Overflow-free for any field values.
  std::string checkTotals() const;

  /// Sums of the statements' MACs and operations (negatives count as 0),
  /// saturating at kMaxTotal + 1: exact for a problem that passes
  /// checkTotals().
  int64_t totalMacs() const;
  int64_t totalOps() const;

  size_t numStatements() const { return stmts.size(); }
  size_t numBuffers() const { return buffers.size(); }
  const Statement &statement(StmtId s) const { return stmts[s]; }
  Statement &statement(StmtId s) { return stmts[s]; }
  const Buffer &buffer(BufferId b) const { return buffers[b]; }
  Buffer &buffer(BufferId b) { return buffers[b]; }
  const std::vector<StmtId> &preds(StmtId s) const { return predList[s]; }
  const std::vector<StmtId> &succs(StmtId s) const { return succList[s]; }
  const std::vector<std::pair<StmtId, StmtId>> &edges() const {
    return edgeList;
  }
  /// Statements + edges + uses (sum over buffers of their users), as of the
  /// last finalize(): the size one linear pass over the problem reads, the
  /// work unit of such passes (WorkBudget.h).
  size_t linearSize() const { return sizeAtFinalize; }

  /// Bytes live before the first statement (0 for a function body: arguments
  /// belong to the caller).
  int64_t liveIn = 0;

private:
  std::vector<Statement> stmts;
  std::vector<Buffer> buffers;
  std::vector<std::pair<StmtId, StmtId>> edgeList;
  std::vector<std::vector<StmtId>> predList, succList;
  size_t sizeAtFinalize = 0;
};

/// The compute-only view of a problem that schedulers, bounds and certificates
/// work on: Alloc statements are merged into the first user of their buffer
/// and Free statements into the last user (edges through them are kept
/// transitively). Alloc/Free statements of a buffer with no other user stay
/// as ordinary statements.
struct Contraction {
  Problem problem;
  /// For each statement of `problem`, the original statement it stands for.
  std::vector<StmtId> toOriginal;
  /// For each original statement, its id in `problem`, or -1 if merged.
  std::vector<int64_t> toContracted;
};

Contraction contract(const Problem &full);

/// Expands an order of the contracted problem to an order of all statements
/// of `full`: each merged Alloc right before the first user of its buffer,
/// each merged Free right after the last user.
Order expand(const Problem &full, const Contraction &c, const Order &order);

/// True iff `order` is a permutation of all statements respecting every edge.
bool isLegalOrder(const Problem &p, const Order &order);

/// The identity order 0..n-1 (the block as written).
Order identityOrder(const Problem &p);

} // namespace peakmem

#endif // PEAKMEM_CORE_PROBLEM_H
