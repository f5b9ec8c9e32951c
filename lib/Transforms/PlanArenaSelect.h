//===- PlanArenaSelect.h - Which buffers peakmem-plan-arena places -*- C++ -*-//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to peakmem-plan-arena: the heap buffers of a function that go into
// the arena (and why the others do not), and whether the function may take
// the arena as a new argument (no symbol use of it anywhere in the IR).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_PLANARENASELECT_H
#define PEAKMEM_LIB_TRANSFORMS_PLANARENASELECT_H

#include "ArenaBoundProblem.h"
#include "peakmem/Analysis/MemoryModel.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace peakmem {

/// A buffer that goes into the arena.
struct Candidate {
  mlir::memref::AllocOp alloc;
  mlir::memref::DeallocOp dealloc;
  /// Elements x element bytes (no malloc padding).
  int64_t bytes = 0;
  /// Power of two: the offset is a multiple of it.
  int64_t align = 1;
  /// Step of its statement in the entry block (nested buffers), or the
  /// entry-block buffer id.
  uint32_t step = 0;
  bool nested = false;
  BufferId buffer = 0;
  /// Returned by the function (arena=argument): no dealloc, live from its
  /// producer to the end of the function.
  bool result = false;
  /// The argument it stands for (ArenaInput, peakmem.input), or -1.
  int64_t input = -1;
  /// Never freed and not returned (the plain program leaks it): no dealloc
  /// yet; placeFreesAfterLastUse gives it one after its last use, and its
  /// slot is reused from there (docs/Arena.md "Never-freed buffers").
  bool leaked = false;
};

/// A heap buffer left as it is, and why.
struct Refusal {
  mlir::Operation *op;
  std::string reason;
  /// Its bytes in the memory model (what it weighs outside the arena).
  int64_t bytes = 0;
  /// The entry-block steps (statements of the entry block, in the model's
  /// order) at which it is used: for a buffer of a nested block, the step of
  /// its statement.
  std::vector<uint32_t> steps;
  bool nested = false;
  /// Returned by the function.
  bool result = false;
};

/// The plan's record of the buffers left out (`left_out` in the json, see
/// docs/Arena.md), each step mapped through `order` (the chosen order of the
/// entry block: order[i] is the statement at step i; empty: as modeled).
llvm::json::Array leftOutToJson(llvm::ArrayRef<Refusal> refused,
                                llvm::ArrayRef<uint32_t> order);

/// The buffers of every modeled block of `fn` that go into the arena
/// (`placed`), and the heap buffers that stay plain allocations with the
/// reason (`refused`). A nested buffer lives for the whole step of its
/// statement in the entry block. `minAlign` is the `alignment=` floor.
/// With `results` (arena=argument), an entry-block allocation the function
/// returns, and does not free, goes into the arena too. An entry-block
/// allocation that is never freed and not returned goes in like a freed one
/// (Candidate::leaked): its uses show its lifetime (findHiddenUse), so its
/// bytes are dead after its last use.
void selectBuffers(mlir::FunctionOpInterface fn, const MemoryModel &model,
                   int64_t minAlign, std::vector<Candidate> &placed,
                   std::vector<Refusal> &refused, bool results = false);

/// How many of the function's results `placed` and `refused` hold, and
/// their bytes (Candidate::bytes, Refusal::bytes).
struct ResultCounts {
  int64_t inside = 0, insideBytes = 0, outside = 0, outsideBytes = 0;
};
ResultCounts countResults(llvm::ArrayRef<Candidate> placed,
                          llvm::ArrayRef<Refusal> refused);

/// "" when the candidates' sizes rounded to their alignments sum to at most
/// the model's byte limit, else why not.
std::string roundedTotalRefusal(llvm::ArrayRef<Candidate> placed);

/// The candidates as roots of the arena's bound problem
/// (ArenaBoundProblem.h): their allocations and live segments in `entry`.
std::vector<ArenaRoot> candidateRoots(mlir::Block &entry,
                                      llvm::ArrayRef<Candidate> placed);

/// An argument of the function moved into the arena (inputs-in-arena,
/// docs/Arena.md): until materialization its uses read `alloc` (an
/// entry-block memref.alloc carrying peakmem.input = arg, freed before the
/// terminator), planned like any buffer and live from the entry; the
/// materializer drops the argument, so the caller writes the input into
/// the arena at its offset instead of passing it.
struct ArenaInput {
  unsigned arg = 0;
  mlir::memref::AllocOp alloc;
};

/// Why argument `arg` of a function cannot live in its arena, or "": it must
/// be a static memref with an identity layout in the default memory space
/// and of a viewable element type, never written or freed through any
/// alias, with every use showing its lifetime (not returned, passed to a
/// call, stored or captured: ArenaSlots.h findHiddenUse) and every alias
/// inside its bytes.
std::string inputRefusal(mlir::BlockArgument arg);

/// Moves every memref argument of `fn` that inputRefusal accepts into an
/// allocation (ArenaInput); the others go to `refused` with the reason.
std::vector<ArenaInput>
moveInputsToAllocs(mlir::FunctionOpInterface fn,
                   std::vector<std::pair<unsigned, std::string>> &refused);

/// Undoes moveInputsToAllocs: the arguments' uses are theirs again.
void restoreInputs(mlir::FunctionOpInterface fn,
                   llvm::ArrayRef<ArenaInput> inputs);

/// Which functions are referenced by a symbol use anywhere in the IR: in
/// the outermost op above the pass's root, every symbol table (nested
/// modules, gpu.module...) and every nested reference (`@kernels::@k` of a
/// gpu.launch_func) counts. A function referenced at all has a caller (or
/// an address taken) that would need the arena too.
class CallerIndex {
public:
  /// Indexes the IR around `root` (the op the pass runs on). Reading beyond
  /// `root` is only race-free when no other op is transformed concurrently:
  /// with multithreading on and functions outside `root`, the index says
  /// every function is unavailable.
  static CallerIndex build(mlir::Operation *root);

  /// "" when `fn` may take the arena as a new trailing argument, else why
  /// not.
  std::string argumentRefusal(mlir::FunctionOpInterface fn) const;

private:
  std::string unavailable;
  llvm::DenseSet<mlir::Operation *> referenced;
};

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_PLANARENASELECT_H
