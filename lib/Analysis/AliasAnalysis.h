//===- AliasAnalysis.h - Where memrefs point, captured buffers -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to lib/Analysis. The alias facts the memory model builder relies on:
// the base allocations a memref value may point into (views, region control
// flow, opaque producers) and the allocations whose address escapes into data
// (captured). What asynchronous work may still access is AsyncWork.h's.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_ANALYSIS_ALIASANALYSIS_H
#define PEAKMEM_LIB_ANALYSIS_ALIASANALYSIS_H

#include "peakmem/Analysis/MemoryModel.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace peakmem {
namespace model {

/// The base allocations a memref value may point into. `external` stands for
/// all memory not allocated inside the function (arguments, globals, results
/// of opaque ops), which is treated as one base. `opaque`: the value has
/// opaque provenance (a memref loaded from memory, the result of an op with
/// unknown effects, a pointer made from an integer...), so it may also point
/// into any captured buffer (see AliasAnalysis::getCaptured). opaque implies
/// external.
struct Bases {
  llvm::SmallVector<mlir::Value, 2> allocs;
  bool external = false;
  bool opaque = false;
};

/// A key for memory ordering: an allocation value, or null for external.
using BaseKey = mlir::Value;

/// Accesses asynchronous work may still make until it completes
/// (AsyncWork.h): the bases it may read and write.
struct Pending {
  llvm::SmallSetVector<BaseKey, 4> reads, writes;
  bool opaque = false; // May access any captured buffer and external memory.
};

/// True if `v` is defined inside `op` (by a nested op or a nested block).
bool isDefinedInside(mlir::Value v, mlir::Operation *op);

/// The failure "'<op name>' <reason>" at `op`'s location.
ModelFailure failureAt(mlir::Operation *op, const llvm::Twine &reason);

/// Alias facts of one function-like op. Results are cached: the IR must not
/// change while an instance is in use.
class AliasAnalysis {
public:
  explicit AliasAnalysis(mlir::Operation *func) : func(func) {}

  /// Makes `v` a base of its own, like an allocation: a call's result that
  /// is a fresh buffer the callee returns, or a function argument when the
  /// effects of a callee on each argument are wanted (CalleeModels.h).
  /// Before any query.
  void addAllocatedResult(mlir::Value v) { allocatedResults.insert(v); }

  /// Finds the captured buffers. Must be called once before getCaptured /
  /// captureSitesOf; returns the reason the function cannot be modeled.
  std::optional<ModelFailure> prepare();

  /// The bases of memref value `v`.
  Bases basesOf(mlir::Value v);

  /// Allocations whose address is captured: some alias of them is an operand
  /// that isTrackedUse does not follow (passed to a call or an op with
  /// unknown effects, stored as data, converted to an integer or pointer,
  /// yielded into a non-memref value). Their memory is reachable through
  /// values of opaque provenance.
  const llvm::SetVector<mlir::Value> &getCaptured() const { return captured; }
  /// The ops whose operand captures allocation `a`.
  llvm::SmallVector<mlir::Operation *, 1> captureSitesOf(mlir::Value a) const {
    return captureSites.lookup(a);
  }

  /// retainerName of every op capturing some allocation, sorted, without
  /// duplicates.
  std::vector<std::string> retainerNames() const;

private:
  Bases computeBases(mlir::Value v,
                     llvm::DenseMap<mlir::Value, Bases> &tentative,
                     llvm::DenseSet<mlir::Value> &visited, bool &changed);
  std::optional<llvm::SmallVector<mlir::Value>> flowsInto(mlir::Value v);
  bool flowsToMemRef(mlir::OpOperand &use);
  bool isTrackedUse(mlir::OpOperand &use);

  mlir::Operation *func;
  llvm::DenseSet<mlir::Value> allocatedResults;
  llvm::DenseMap<mlir::Value, Bases> baseCache;
  llvm::DenseMap<mlir::Operation *, mlir::RegionBranchInverseSuccessorMapping>
      inputFlows;
  llvm::DenseMap<mlir::Operation *, mlir::RegionBranchSuccessorMapping>
      operandFlows;
  llvm::SetVector<mlir::Value> captured;
  llvm::DenseMap<mlir::Value, llvm::SmallVector<mlir::Operation *, 1>>
      captureSites;
};

} // namespace model
} // namespace peakmem

#endif // PEAKMEM_LIB_ANALYSIS_ALIASANALYSIS_H
