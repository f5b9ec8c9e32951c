//===- MemoryModel.h - Buffer lifetimes of a function, from IR --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Extracts the scheduling problem (peakmem/Core/Model/Problem.h) of every block
// of a function-like op from memory effects. This is the single source of truth
// that report, reorder, recompute, certify and verify all read.
//
//  * Statements: the non-terminator ops of a block, in order. An op with
//    regions is one statement; the peak of its nested blocks is its scratch.
//  * Buffers: values the block's statements allocate (an Allocate effect on a
//    result), with exact byte sizes (elements x element bytes, plus the
//    `alignment` the lowering adds to the request).
//  * Uses: a statement uses a buffer if it reads, writes, allocates or frees
//    it through any alias (view-like ops resolved to the base), or uses one of
//    its aliases as an SSA operand anywhere inside it.
//  * Edges: SSA def-use; read/write/free ordering per base allocation (all
//    memory not allocated inside the function is one "external" base)
//    between accesses whose element ranges overlap (static subview chains
//    give a range, anything else the whole base: docs/Model.md); ops with
//    unknown effects are barriers ordered against every op that touches
//    memory. Region arguments and results alias what flows into them
//    (RegionBranchOpInterface). A buffer whose address is captured (passed
//    to a call, stored as data, made an integer) is accessed by every later
//    opaque access (unknown effects, a loaded memref, a pointer from an
//    integer) while live. Asynchronous work (async.execute, gpu ops in
//    async form, DMA transfers) keeps its accesses until the statement that
//    synchronises it, which repeats them (peakmem/Analysis/AsyncWork.h).
//  * Calls: a call to a function with a body is a statement whose scratch
//    is the callee's modeled peak less the buffers it returns, which are
//    buffers the call allocates (docs/Model.md, "Calls"). Recursive calls
//    are refused.
//
// What no interface says about an op (region execution, asynchronous roles,
// DMA start/wait pairs, ...) is registered in one place,
// peakmem/Analysis/OpSemantics.h. The alias facts live in
// lib/Analysis/AliasAnalysis.h (private); which buffers can be recomputed is
// its own analysis (peakmem/Analysis/Recomputability.h).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_ANALYSIS_MEMORYMODEL_H
#define PEAKMEM_ANALYSIS_MEMORYMODEL_H

#include "peakmem/Analysis/ModeledBlock.h"
#include "peakmem/Analysis/OpCost.h"
#include "peakmem/Core/Model/Problem.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/AnalysisManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <string>

namespace peakmem {
namespace model {
class CalleeModels;
} // namespace model

/// What one statement of a block accesses, per base: an allocation value, or
/// null for all memory not allocated inside the function. Includes the
/// whole-base accesses the model adds (opaque accesses of captured buffers,
/// the buffers an op with unknown effects uses, pending async work).
struct StmtAccess {
  /// Bases read and written, each once, in order of first access.
  llvm::SmallVector<mlir::Value, 2> reads, writes;
  /// May touch any memory (a barrier).
  bool unknown = false;
  bool allocatesOrFrees = false;
};

/// The model of one block: its problem and ops (ModeledBlock, every
/// non-terminator op a statement) and what the memref passes need besides.
struct BlockModel : ModeledBlock {
  /// For each buffer, the value holding the allocation.
  std::vector<mlir::Value> allocations;
  /// For each statement, its accesses.
  std::vector<StmtAccess> accesses;
  /// For each buffer, whether a transformation must leave it alone: it is
  /// captured, or accessed by asynchronous work a statement awaits.
  std::vector<uint8_t> pinned;
};

/// Memory model of one function-like op. Usable as an MLIR analysis:
/// `getAnalysis<MemoryModel>()` on a FunctionOpInterface op.
class MemoryModel {
public:
  explicit MemoryModel(mlir::Operation *funcLike);
  /// The model of `funcLike`, a detached copy of the function `original`
  /// (e.g. a clone a pass builds a problem from): its calls resolve their
  /// callees as calls in `original` do.
  MemoryModel(mlir::Operation *funcLike, mlir::Operation *original);
  /// A model built while `callees` models the functions calling it (on the
  /// stack of calls being modeled, for the recursion check).
  MemoryModel(mlir::Operation *funcLike, model::CalleeModels &callees);

  /// The model of `funcLike` when only allocation and free statements of
  /// its entry block moved since `before`, its model, was built (nothing
  /// else changed): `before` renumbered when that is provably what modeling
  /// the function again gives (lib/Analysis/ModelUpdate.cpp: buffers
  /// neither captured nor used by asynchronous work, each allocation still
  /// before and each free still after every other use of its buffer, every
  /// other op in the same order), else the function modeled again.
  static MemoryModel afterEntryMoves(mlir::Operation *funcLike,
                                     const MemoryModel &before);

  /// The function's body was modeled (every block in it).
  bool isModeled() const { return !failure.has_value(); }
  const std::optional<ModelFailure> &getFailure() const { return failure; }

  /// Peak of the function body as written, nested scratch included.
  int64_t getPeak() const;
  /// Model of the function's entry block (null if not modeled).
  const BlockModel *getEntryBlockModel() const;
  /// Model of any block in the function (null if not modeled).
  const BlockModel *getBlockModel(mlir::Block *block) const;
  /// Every modeled block, outermost first (entry block first).
  const std::vector<std::unique_ptr<BlockModel>> &getBlockModels() const {
    return blocks;
  }

  /// The assumption the model makes about external code: the ops (callee
  /// names for calls) that may keep a pointer to a buffer of the function
  /// and use it later, which keeps that buffer alive across every later op
  /// of unknown effects until its free (docs/Safety.md, "Calls that may keep
  /// a pointer"). Empty when no buffer's address escapes. Sorted.
  const std::vector<std::string> &getRetainAssumptions() const {
    return retainers;
  }

  /// Invalidated by any change to the IR.
  bool isInvalidated(const mlir::AnalysisManager::PreservedAnalyses &pa) {
    return !pa.isPreserved<MemoryModel>();
  }

  /// The CalleeBodiesScope root the model was built under (nullptr: none):
  /// which callee bodies it read. A model cached by a pass on the module and
  /// read by a pass nested on one function is stale there (it read bodies
  /// the nested pass may not: review s13 X3); runOnFunctions drops it.
  mlir::Operation *getScopeRoot() const { return scopeRoot; }

private:
  MemoryModel() = default;
  void build(mlir::Operation *funcLike, model::CalleeModels &callees);

  std::vector<std::unique_ptr<BlockModel>> blocks;
  llvm::DenseMap<mlir::Block *, BlockModel *> byBlock;
  std::optional<ModelFailure> failure;
  std::vector<std::string> retainers;
  mlir::Operation *scopeRoot = nullptr;
};

/// Where models built on this thread may read the bodies of the functions
/// a function calls (a callee's peak is part of its caller's model): inside
/// `root` only, while an instance lives on the thread (anywhere without
/// one). The pass runner (peakmem/Transforms/FunctionRunner.h) limits it to
/// the op the pass runs on, whose functions it processes callees first, so
/// no callee is read while it may be rewritten; a callee outside is refused.
class CalleeBodiesScope {
public:
  explicit CalleeBodiesScope(mlir::Operation *root);
  ~CalleeBodiesScope();
  CalleeBodiesScope(const CalleeBodiesScope &) = delete;
  CalleeBodiesScope &operator=(const CalleeBodiesScope &) = delete;
  /// True if a model built on this thread may read `callee`'s body.
  static bool mayRead(mlir::Operation *callee);
  /// The op the current scope limits reading to (null: no limit).
  static mlir::Operation *currentRoot();

private:
  mlir::Operation *previous;
  bool hadPrevious;
};

/// The functions of `functions` in callees-first order: `level[i]` is 0 for
/// a function calling no function of the list with a body, else one more
/// than the largest level of those it calls (calls on a cycle, which no
/// model accepts, are ignored); `callees[i]` lists the indices of those it
/// calls, without duplicates.
struct CallLevels {
  std::vector<unsigned> level;
  std::vector<llvm::SmallVector<unsigned, 2>> callees;
};
CallLevels
computeCallLevels(llvm::ArrayRef<mlir::FunctionOpInterface> functions);

/// The chain of pure view-like ops from `base` to `value` (outermost first),
/// or std::nullopt if `value` is not derived from `base` that way.
std::optional<llvm::SmallVector<mlir::Operation *>>
viewChainFrom(mlir::Value base, mlir::Value value);

} // namespace peakmem

#endif // PEAKMEM_ANALYSIS_MEMORYMODEL_H
