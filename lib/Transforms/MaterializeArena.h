//===- MaterializeArena.h - A recorded arena plan becomes views -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The second step of arena planning, shared by peakmem-plan-arena (which
// records its plan and materializes it at once) and
// peakmem-materialize-arena (which materializes a plan recorded earlier, or
// written by hand). See MaterializeArena.cpp for the rewrite.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_MATERIALIZEARENA_H
#define PEAKMEM_LIB_TRANSFORMS_MATERIALIZEARENA_H

#include "peakmem/Transforms/FunctionRunner.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <optional>

namespace peakmem {

struct MaterializeOptions {
  /// "alloc": the arena is a memref.alloc of the body; "argument": a new
  /// trailing argument (the caller checks that nothing references `fn`).
  llvm::StringRef mode = "alloc";
  /// The function's modeled peak with every slot weighing nothing, when the
  /// caller knows it (the planner does): the arena's own allocation is
  /// added to it. nullopt: the function is modeled again.
  std::optional<int64_t> peakWithoutArena;
  /// The pass name errors start with.
  llvm::StringRef pass = "peakmem-materialize-arena";
  /// "malloc" or "caching": with caching, a plan that records no
  /// peakmem.arena_request gets one (ArenaRequest.h) before the arena is
  /// created. A recorded request is honoured under either.
  llvm::StringRef allocator = "malloc";
};

/// Whether `fn` has a body with an op carrying `peakmem.arena_offset`.
bool hasRecordedPlan(mlir::FunctionOpInterface fn);

/// Materializes the plan recorded on `fn` (memref.allocs carrying
/// `peakmem.arena_offset`, the function's `peakmem.arena_size` and
/// `peakmem.arena_alignment`): every placed alloc becomes a memref.view of
/// one arena at its offset and its deallocs are erased. The plan is checked
/// first by the rules of peakmem-verify-arena (ArenaSlots.h): a wrong or
/// malformed plan is an error and leaves `fn` unchanged. The arena is a
/// memref<R x i8> with R = peakmem.arena_request when recorded (at least
/// peakmem.arena_size), else peakmem.arena_size. Unchanged when `fn`
/// records no plan.
FunctionStatus materializeArena(mlir::FunctionOpInterface fn,
                                const MaterializeOptions &options);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_MATERIALIZEARENA_H
