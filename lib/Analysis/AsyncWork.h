//===- AsyncWork.h - Asynchronous work and where it ends (private) -*- C++ -*-//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to lib/Analysis: the analysis behind
// peakmem/Analysis/AsyncWork.h, which the model builder reads. For every
// block of a function, the completions of asynchronous work in it: at which
// statement work may end, which statements started it, and what it may
// access until then.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_ANALYSIS_ASYNCWORK_H
#define PEAKMEM_LIB_ANALYSIS_ASYNCWORK_H

#include "AliasAnalysis.h"
#include "peakmem/Analysis/OpSemantics.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <vector>

namespace peakmem {
namespace model {

/// Asynchronous work that may complete at statement `end` of a block.
struct Completion {
  mlir::Operation *end = nullptr;
  /// The statements of the block that started (part of) it; empty when it
  /// was started outside the block.
  llvm::SmallVector<mlir::Operation *, 2> starts;
  /// Index into AsyncWork::getPending of what it may access until `end`.
  unsigned pending = 0;
};

/// The asynchronous work of one function-like op (AsyncWork.h, public, for
/// the rules). The IR must not change while an instance is in use.
class AsyncWork {
public:
  /// Follows at most this many handles and accesses per function; more is
  /// refused (a hostile chain of dependencies cannot blow up the model).
  static constexpr int64_t kMaxWork = int64_t(1) << 22;

  AsyncWork(mlir::Operation *func, AliasAnalysis &aliases)
      : func(func), aliases(aliases) {}

  /// Checks every handle and transfer and finds every completion. Returns
  /// why the function cannot be modeled. Call once, after
  /// AliasAnalysis::prepare.
  std::optional<ModelFailure> analyze();

  /// The completions of work whose end is a statement of `block`.
  llvm::ArrayRef<Completion> completionsIn(mlir::Block *block) const {
    auto it = completions.find(block);
    return it == completions.end() ? llvm::ArrayRef<Completion>()
                                   : llvm::ArrayRef<Completion>(it->second);
  }
  const Pending &getPending(unsigned i) const { return pendings[i]; }

private:
  std::optional<ModelFailure> checkHandleUses();
  std::optional<ModelFailure> checkStartsWaited();
  std::optional<ModelFailure> addHandleCompletions();
  std::optional<ModelFailure>
  addTransferCompletions(mlir::Block &block, std::vector<unsigned> &out);
  mlir::Operation *lastWaitOnAlias(mlir::Block &body, const TransferTag &tag);
  bool groupWaitedAfter(mlir::Value group, mlir::Operation *user);
  const Pending &accessesOf(mlir::Operation *start);
  Pending transferAccesses(const Transfer &t);
  void addCompletion(mlir::Operation *endOp,
                     llvm::ArrayRef<mlir::Operation *> startOps,
                     unsigned pending);
  bool charge(int64_t units);

  mlir::Operation *func;
  AliasAnalysis &aliases;
  std::vector<Pending> pendings;
  llvm::DenseMap<mlir::Block *, llvm::SmallVector<Completion>> completions;
  llvm::DenseMap<mlir::Operation *, Pending> accessCache;
  llvm::DenseMap<mlir::Value, bool> waitedCache;
  /// Per group, the last op of its block that waits for it.
  llvm::DenseMap<mlir::Value, mlir::Operation *> lastGroupWait;
  /// A DMA transfer: its tag, the op that started it, its accesses.
  struct InFlightTransfer {
    TransferTag tag;
    mlir::Operation *startOp;
    unsigned pending;
  };
  std::vector<InFlightTransfer> flights;
  /// The statements of the function body that hold DMA waits, with the
  /// bases of the tags they wait on (built on first use).
  std::optional<std::vector<std::pair<mlir::Operation *, std::vector<Bases>>>>
      bodyWaits;
  int64_t work = 0;
};

} // namespace model
} // namespace peakmem

#endif // PEAKMEM_LIB_ANALYSIS_ASYNCWORK_H
