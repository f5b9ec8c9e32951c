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
//     alignment) and the nested roots of a statement count as its scratch:
//     the most bytes of them live at one sub-step (ArenaLifetimes.h), the
//     sum when none has a sub-step life;
//  4. weightless sources (constants, index arithmetic: BlockArena.h) are
//     dropped, so that the shift constants of the views, and a `cse` that
//     merges constants, change nothing;
//  5. roots live from the entry (ArenaRoot::fromEntry: inputs in the arena)
//     are used by a new first statement (withEntryStatement), so the bound
//     counts them from the first step in every order, as the plan does.
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
#include "peakmem/Core/Arena/BlockArena.h"
#include "peakmem/Core/Model/Problem.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <string>
#include <vector>

namespace peakmem {

class MemoryModel;

/// A buffer of the arena as the IR shows it.
struct ArenaRoot {
  /// A memref.alloc (before the rewrite) or a memref.view of the arena.
  mlir::Value value;
  /// Elements x element bytes; `size` rounded up to `align`.
  int64_t bytes = 0, size = 0, align = 1;
  /// In a nested block: counted at its statement's step, over its sub-step
  /// life there (ArenaLifetimes.h).
  bool nested = false;
  /// liveSegments(value) (its deallocs are not uses).
  llvm::SmallVector<LiveSegment> segments;
  /// Live from the entry (an input in the arena, peakmem.input: the caller
  /// wrote it before the call), whatever its first use: the problem pins it
  /// with a first statement (withEntryStatement).
  bool fromEntry = false;
};

/// `p` with a first statement (id 0; the others shift by one) that uses
/// `pinned` and precedes every compute statement: in every legal order those
/// buffers are live from the first step, as an input the caller wrote into
/// the arena before the call is. The planner plans on it and the bound is
/// certified on it (arenaBoundProblem), so both count inputs from the entry.
Problem withEntryStatement(const Problem &p, llvm::ArrayRef<BufferId> pinned);

/// The Problem of the entry block of `fn` described above; `arena` (an
/// arena op's result, an argument, or null before the rewrite) and its
/// dealloc do not count. Roots must be in program order. Fails with a
/// reason in `error` when the clone cannot be modeled or its rounded totals
/// exceed the model's limit. `current`, if given, is a model of `fn` as it
/// stands: when the clone would be `fn` itself (every root an allocation
/// with one segment and one free already where step 2 puts it, no arena),
/// that model stands for the clone's, and nothing is cloned or modeled; the
/// Problem is the same.
mlir::FailureOr<Problem>
arenaBoundProblem(mlir::FunctionOpInterface fn, mlir::Value arena,
                  llvm::ArrayRef<ArenaRoot> roots, std::string &error,
                  const MemoryModel *current = nullptr);

/// Moves each root's memref.dealloc (roots are allocations here) right
/// after the last step of its last segment, in its own block, as
/// arenaBoundProblem places it: the placed buffers' lifetimes then end at
/// their last use. Only moves frees earlier; an entry-block root with no
/// dealloc (a buffer the program never frees; its uses show its lifetime)
/// gets one there, unless its last use is the return (a result).
void placeFreesAfterLastUse(mlir::Block &entry,
                            llvm::ArrayRef<ArenaRoot> roots);

/// How peakmem-plan-arena places the nested roots of one statement that
/// may share bytes (ArenaLifetimes.h: disjoint sub-step lives): as one
/// group, a buffer of the group's size that the core planner places like
/// any nested buffer, each member at a fixed offset inside it. Members are
/// placed largest first, each at the lowest offset (a multiple of its
/// alignment) clear of the members placed before it whose sub-step lives
/// meet its own.
struct NestedPacking {
  /// For each root, what the core planner places for it (BlockArena.h's
  /// bytes and align): the first member of a group (its leader) the group's
  /// bytes and largest alignment, another member 0 bytes, a root alone in
  /// its statement or of the entry block its own.
  std::vector<int64_t> bytes, align;
  /// For each root, the root whose planned offset its group starts at
  /// (itself when it leads or is alone) and its offset inside the group.
  std::vector<size_t> leader;
  std::vector<int64_t> subOffset;
};

/// Groups the nested roots of each statement of `roots` (each root's
/// statement: the step of its first segment), as above.
NestedPacking packNestedRoots(llvm::ArrayRef<ArenaRoot> roots);

/// After the core placed `packing`'s buffers (`plan`, BlockArena.h, with
/// one input buffer per root in order): every member's offset becomes its
/// leader's plus its offset in the group, and each placed buffer of a group
/// reports its own rounded size and alignment in plan.extraction (what the
/// plan's json shows).
void unpackNestedOffsets(const NestedPacking &packing,
                         llvm::ArrayRef<ArenaRoot> roots, BlockArenaPlan &plan);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_ARENABOUNDPROBLEM_H
