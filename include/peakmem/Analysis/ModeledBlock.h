//===- ModeledBlock.h - What every IR model gives a pass --------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The shape shared by every model of a block of IR (MemoryModel's BlockModel
// on bufferized memref IR, TensorModel on linalg-on-tensors IR): the core
// problem, the op behind each statement and the block's peak as written.
// A pass schedules `problem` in the core and applies the order it gets back
// with applySchedule (peakmem/Transforms/FunctionScheduler.h), whatever model
// built it. A model that cannot describe its input says why with a
// ModelFailure.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_ANALYSIS_MODELEDBLOCK_H
#define PEAKMEM_ANALYSIS_MODELEDBLOCK_H

#include "peakmem/Core/Model/Problem.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"

#include <string>
#include <vector>

namespace peakmem {

/// One block of IR as a scheduling problem.
struct ModeledBlock {
  mlir::Block *block = nullptr;
  /// The block's non-terminator ops as statements.
  Problem problem;
  /// The op of each statement, indexed by statement id, in block order.
  std::vector<mlir::Operation *> ops;
  /// Peak of the block as written (the identity order).
  int64_t peak = 0;
};

/// Why a block could not be modeled, and where. A property of the input,
/// never a broken invariant of the model.
struct ModelFailure {
  mlir::Location loc;
  std::string reason;
};

} // namespace peakmem

#endif // PEAKMEM_ANALYSIS_MODELEDBLOCK_H
