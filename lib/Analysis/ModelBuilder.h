//===- ModelBuilder.h - Builds the memory model, phase by phase -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to lib/Analysis: the builder behind MemoryModel
// (peakmem/Analysis/MemoryModel.h).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_ANALYSIS_MODELBUILDER_H
#define PEAKMEM_LIB_ANALYSIS_MODELBUILDER_H

#include "Accesses.h"
#include "AliasAnalysis.h"
#include "AsyncWork.h"
#include "CalleeModels.h"
#include "peakmem/Analysis/MemoryModel.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <memory>
#include <optional>
#include <vector>

namespace peakmem {
namespace model {

/// The state of one block while it is modeled.
struct BlockState {
  BlockState(BlockModel *bm, mlir::Block &block, mlir::Operation *terminator)
      : bm(bm), block(block), terminator(terminator) {}
  BlockModel *bm;
  mlir::Block &block;
  mlir::Operation *terminator;
  llvm::DenseMap<mlir::Operation *, StmtId> stmtOf;
  llvm::DenseMap<mlir::Value, BufferId> bufferOf;
  std::vector<StmtEffects> effects;
  // Program-order statements that allocate / free each buffer (-1: none).
  std::vector<int64_t> allocStmt, freeStmt;
  // Buffers the recompute planner must leave alone (captured, or accessed by
  // asynchronous work that a statement of the block awaits).
  llvm::DenseSet<BufferId> pinned;
};

/// Builds the models of a function's blocks, one phase per method. The
/// phases of a block run in the order build() calls them; each states what
/// it relies on from the earlier ones.
class ModelBuilder {
public:
  ModelBuilder(mlir::Operation *func, CalleeModels &callees)
      : func(func), callees(callees), aliases(func), asyncWork(func, aliases) {}

  /// Function-wide analyses the block models need: the calls of functions
  /// with a body (their callees' models), captured buffers and where
  /// asynchronous work ends. False after recording a failure.
  bool prepare() {
    if (!summarizeCalls())
      return false;
    if (std::optional<ModelFailure> f = aliases.prepare())
      failure = f;
    else if (std::optional<ModelFailure> f = asyncWork.analyze())
      failure = f;
    return !failure;
  }

  /// Builds models of `block` and everything nested in it, appending them to
  /// `out`. Returns the block's model, or null after recording a failure.
  BlockModel *build(mlir::Block &block,
                    std::vector<std::unique_ptr<BlockModel>> &out);

  /// The ops assumed to keep a pointer to a buffer of the function
  /// (retainerName of every capture site), sorted, without duplicates.
  std::vector<std::string> retainers() const { return aliases.retainerNames(); }

  std::optional<ModelFailure> failure;

private:
  /// Records the first reason the function cannot be modeled, at `op`.
  /// Returns false.
  bool fail(mlir::Operation *op, const llvm::Twine &reason) {
    if (!failure)
      failure = failureAt(op, reason);
    return false;
  }
  bool summarizeCalls();
  bool checkOp(mlir::Operation *op);
  bool collectStatements(BlockState &st);
  bool modelNestedBlocks(BlockState &st, StmtId s,
                         std::vector<std::unique_ptr<BlockModel>> &out);
  bool collectEffects(BlockState &st, StmtId s);
  void addAllocation(BlockState &st, StmtId s, mlir::Value v, int64_t bytes,
                     size_t numEffects);
  bool addAccess(BlockState &st, StmtId s,
                 const mlir::MemoryEffects::EffectInstance &e, bool trusted,
                 size_t numEffects);
  void addSsaEdges(BlockState &st, StmtId s);
  void addAsyncCompletions(BlockState &st);
  void addCaptureAccesses(BlockState &st);
  bool refuseUseAfterFree(BlockState &st);
  void orderMemory(BlockState &st);
  bool markEscaping(BlockState &st);
  bool finish(BlockState &st);

  mlir::Operation *func;
  CalleeModels &callees;
  /// The calls of functions with a body, each with its callee's summary.
  llvm::DenseMap<mlir::Operation *, const CallSummary *> calls;
  AliasAnalysis aliases;
  AsyncWork asyncWork;
};

} // namespace model
} // namespace peakmem

#endif // PEAKMEM_LIB_ANALYSIS_MODELBUILDER_H
