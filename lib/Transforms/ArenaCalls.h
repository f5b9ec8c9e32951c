//===- ArenaCalls.h - One arena for a call tree -----------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Private to lib/Transforms. With `peakmem-plan-arena{arena=argument}` on a
// module, a function with a body whose only uses are direct calls from the
// functions the pass processes takes its arena as an argument like any other
// (docs/Arena.md, "One arena for a call tree"). Each call of it then passes a
// slot of the caller:
//
//   %slot = memref.alloc() {alignment = A} : memref<Sxi8>
//   call @callee(..., %slot)
//   memref.dealloc %slot : memref<Sxi8>
//
// S and A are the callee's peakmem.arena_size and _alignment: one arena size
// per callee serves every caller. The slot is an ordinary buffer of the
// caller, live over the call statement: the caller's own plan places it in
// the caller's arena (a view at an offset) and its bound counts it, or it
// stays a heap allocation. Callees run before their callers (FunctionRunner),
// so a call is rewritten only once its callee is planned, by the step of the
// caller itself (no other thread touches the caller).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_ARENACALLS_H
#define PEAKMEM_LIB_TRANSFORMS_ARENACALLS_H

#include "SymbolCalls.h"

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>

namespace peakmem {

/// The calls of the functions one pass run processes, indexed before any of
/// them changes.
class ArenaCalls {
public:
  /// Indexes every symbol use under the outermost op around `root`; its
  /// retention proofs are shared while it lives (RetentionCache).
  explicit ArenaCalls(mlir::Operation *root);

  /// For a function that is referenced in the IR: "" when every reference is
  /// a direct call from a function with a body this run processes, it is not
  /// recursive (directly or through other functions) and returns no memref;
  /// else why its arena cannot be a slot of its callers'. std::nullopt for a
  /// function this index does not know as referenced.
  std::optional<std::string> calleeRefusal(mlir::FunctionOpInterface fn) const;

  /// Before `fn` is planned: every call in `fn` of a function that took an
  /// arena argument in this run (calleeRefusal "") and that the call does
  /// not pass yet gets a slot (above). Returns true if `fn` changed.
  bool passSlots(mlir::FunctionOpInterface fn) const;

  /// After `fn` is planned: marks its arena argument `llvm.nocapture` when
  /// its callers pass it (the callee's views end at its return: it returns
  /// no memref), so that the callers' models do not count the slot as
  /// captured.
  void markCallee(mlir::FunctionOpInterface fn) const;

  /// After `fn` (a caller) is planned: records on every call passing a slot
  /// of fn's arena `peakmem.callee_arena_offset` (the slot's offset).
  void recordSlots(mlir::FunctionOpInterface fn) const;

private:
  RetentionCache retention;
  /// Referenced functions: "" when eligible, else the reason.
  llvm::DenseMap<mlir::Operation *, std::string> refusals;
};

/// The argument of `callee` marked `peakmem.arena`, if any.
std::optional<unsigned> arenaArgumentOf(mlir::FunctionOpInterface callee);

/// "" if `call` hides no use of `v` (an alias of the slot `root`): it
/// passes `v` as its callee's arena argument, the whole slot and there only
/// (the callee's uses of it are its own verified views, which end at its
/// return: it returns no memref), or as ordinary arguments the call keeps
/// no alias of (callRetention, SymbolCalls.h): its uses end with the call.
/// Else why it may hide one (callRetention's reason for an argument).
std::string passesCalleeArena(mlir::CallOpInterface call, mlir::Value v,
                              mlir::Value root);

/// peakmem-verify-arena's check of every call in `fn`: a view of fn's
/// arena passed as an ordinary argument is one the call keeps no alias of
/// (callRetention, derived again from the callee's body); a callee's arena
/// passed is a memref.view of fn's arena at a constant offset that is a
/// multiple of the callee's peakmem.arena_alignment (and fn's arena is
/// aligned at least as much), matching the call's
/// `peakmem.callee_arena_offset`, or a memref.alloc aligned as the callee
/// asks; the callee returns no memref. In a recorded plan, a buffer placed
/// in the arena that the function never frees reaches no call (a callee may
/// free it). Emits the error at the call.
mlir::LogicalResult checkCalleeArenaSlots(mlir::FunctionOpInterface fn);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_ARENACALLS_H
