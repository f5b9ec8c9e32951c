//===- ArenaBoundProblem.h - The problem an arena's bound is on -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// peakmem-plan-arena records a certificate of its bound over every order
// (`peakmem.arena_certificate`); peakmem-verify-arena checks it with the same
// checker as peakmem-verify-certificate, on a Problem both rebuild from the
// IR by this one function, before or after the allocations become views:
//
//  1. clone the function;
//  2. every root (a placed memref.alloc, or a view of the arena) becomes,
//     for each of its live segments (ArenaLifetimes.h), an allocation freed
//     right after the segment's last step (its own deallocs are dropped);
//     the arena and its dealloc are erased;
//  3. the memory model of the clone gives the entry block's Problem, in
//     which only the roots weigh (their bytes rounded up to their
//     alignment) and a nested root counts as scratch of its statement;
//  4. weightless sources (constants, index arithmetic: BlockArena.h) are
//     dropped, so that the shift constants of the views, and a `cse` that
//     merges constants, change nothing.
//
// Example: `%v = memref.view %arena[%c256][] : memref<512xi8> to
// memref<64xf32>` with last use at step 5 stands, in the clone, for
// `%v = memref.alloc() : memref<64xf32>` with `memref.dealloc %v` right
// after step 5; `%c256` is gone.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_ARENABOUNDPROBLEM_H
#define PEAKMEM_LIB_TRANSFORMS_ARENABOUNDPROBLEM_H

#include "ArenaLifetimes.h"
#include "peakmem/Core/Model/Problem.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <string>

namespace peakmem {

/// A buffer of the arena as the IR shows it.
struct ArenaRoot {
  /// A memref.alloc (before the rewrite) or a memref.view of the arena.
  mlir::Value value;
  /// Elements x element bytes; `size` rounded up to `align`.
  int64_t bytes = 0, size = 0, align = 1;
  /// In a nested block: held for its statement's whole step.
  bool nested = false;
  /// liveSegments(value) (its deallocs are not uses).
  llvm::SmallVector<LiveSegment> segments;
};

/// The Problem of the entry block of `fn` described above; `arena` (an
/// arena op's result, an argument, or null before the rewrite) and its
/// dealloc do not count. Roots must be in program order. Fails with a
/// reason in `error` when the clone cannot be modeled or its rounded totals
/// exceed the model's limit.
mlir::FailureOr<Problem> arenaBoundProblem(mlir::FunctionOpInterface fn,
                                           mlir::Value arena,
                                           llvm::ArrayRef<ArenaRoot> roots,
                                           std::string &error);

/// Moves each root's memref.dealloc (roots are allocations here) right
/// after the last step of its last segment, in its own block, as
/// arenaBoundProblem places it: the placed buffers' lifetimes then end at
/// their last use. Only moves frees earlier; a root with no dealloc is
/// left alone.
void placeFreesAfterLastUse(mlir::Block &entry,
                            llvm::ArrayRef<ArenaRoot> roots);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_ARENABOUNDPROBLEM_H
