//===- OpSemantics.h - What no interface says about an op -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The memory model reads legality and costs from MLIR interfaces
// (MemoryEffectOpInterface, ViewLikeOpInterface, RegionBranchOpInterface,
// LoopLikeOpInterface, CallOpInterface, FunctionOpInterface, LinalgOp,
// gpu::AsyncOpInterface). This registry holds, in one place, the facts no
// upstream interface states:
//
//  * how an op's regions run: one execution at a time, all before the op
//    returns (scf.for, scf.if...), possibly concurrently (scf.parallel,
//    gpu.launch), or after the op returns (async.execute);
//  * asynchronous work: which types are handles of work still running
//    (!async.token, !gpu.async.token, ...), which ops start such work, wait
//    for it on the host or gather it in a group, and the DMA-style ops that
//    start and wait for a transfer named by a tag memref element
//    (affine.dma_start/affine.dma_wait, memref.dma_start/memref.dma_wait);
//  * small facts of the access and cost model: ops whose accesses stay
//    inside the memrefs they are given, views whose result type gives the
//    exact elements they reach, ops that read only a memref's metadata,
//    single-element loads and stores, the scalar additions and
//    multiplications that make a multiply-accumulate.
//
// Facts derived from interfaces are added on top of the registered ones:
// a gpu::AsyncOpInterface op with an async token starts work (its async
// dependencies are handles it depends on), one without a token but with
// dependencies waits for them on the host; a LinalgOp accesses in bounds.
//
// Registering a new dialect's ops: add a row to the table in
// lib/Analysis/OpSemantics.cpp (the op's name and its facts), or, from code
// that links the library (an IREE-style flow), call registerOpSemantics
// (and registerAsyncHandleType for a handle type) before any pass runs. The
// registry is read concurrently by passes and must not change while they
// run. An op that is not registered gets the conservative default: regions
// of unknown execution, no asynchronous role, no trusted ranges.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_ANALYSIS_OPSEMANTICS_H
#define PEAKMEM_ANALYSIS_OPSEMANTICS_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Support/TypeID.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace peakmem {

/// How the regions of an op execute.
enum class RegionExecution : uint8_t {
  /// Not registered: nothing is assumed (possibly concurrent, possibly after
  /// the op returns).
  Unknown,
  /// One execution of one region at a time, each finishing before the next
  /// starts, all before the op returns (or none runs): scf.for, scf.if,
  /// scf.while, scf.execute_region, scf.index_switch, affine.for,
  /// affine.if, memref.alloca_scope.
  Sequential,
  /// Executions may overlap, all before the op returns: scf.parallel,
  /// scf.forall, affine.parallel, a synchronous gpu.launch.
  Concurrent,
  /// The region may run after the op returns, until the work the op started
  /// is waited for: async.execute, a gpu.launch in async form.
  Deferred,
};

/// The part an op plays in asynchronous work named by handles (values of a
/// handle type, isAsyncHandleType).
enum class AsyncRole : uint8_t {
  None,
  /// Starts work that may run after the op returns: everything the op (and
  /// its regions) reads or writes. Its results of handle type stand for the
  /// work; its operands of handle type are work it depends on (the work
  /// starts after theirs completes). async.execute, a gpu::AsyncOpInterface
  /// op with an async token (gpu.launch async, gpu.memcpy async, gpu.wait
  /// async ...).
  Starts,
  /// Blocks the host until the work behind its handle operands completes:
  /// async.await, async.await_all, gpu.wait, a synchronous
  /// gpu::AsyncOpInterface op that lists async dependencies.
  WaitsOnHost,
  /// Adds the handle in operand 0 to the group in operand 1: waiting for
  /// the group waits for it (async.add_to_group).
  JoinsGroup,
  /// Returns an empty group (async.create_group).
  CreatesGroup,
};

/// The tag element of a DMA-style transfer: a transfer started on it is
/// complete once a later wait on the same element returns.
struct TransferTag {
  mlir::Value memref;
  llvm::SmallVector<mlir::Value, 2> indices;
  /// The affine map applied to `indices` (affine.dma_*), or null.
  mlir::AffineMap map;
  /// Same memref value, same index values, same map.
  bool sameElementAs(const TransferTag &o) const {
    return memref == o.memref && map == o.map && indices == o.indices;
  }
};

/// A transfer a start op begins: it reads `source` and writes `dest` until
/// it is waited for.
struct Transfer {
  TransferTag tag;
  mlir::Value source, dest;
};

/// The registered facts of one op.
struct OpSemantics {
  RegionExecution regions = RegionExecution::Unknown;
  AsyncRole async = AsyncRole::None;
  /// Its only effect is the synchronisation the memory model derives from
  /// the work it waits for (no access of its own): async.await,
  /// async.await_all, gpu.wait.
  bool onlySynchronises = false;
  /// Accesses only elements inside the memrefs it is given, so the element
  /// ranges of its accesses can be trusted: linalg structured ops,
  /// memref.copy, memref.load, memref.store.
  bool accessesInBounds = false;
  /// Reads only a memref's metadata (sizes, strides, offset), never its
  /// address or elements: memref.dim, memref.rank,
  /// memref.extract_strided_metadata.
  bool readsOnlyMetadata = false;
  /// Reads or writes one element of a memref: one operation of work
  /// (memref.load, memref.store, affine.load, affine.store). A memref such
  /// an op returns is an element loaded from memory (an address stored
  /// there), not memory its operands reach.
  bool accessesOneElement = false;
  /// A view whose result keeps its source's aligned pointer and element
  /// type, so that the static strided layout of the result type gives the
  /// exact elements it reaches: memref.subview, memref.expand_shape,
  /// memref.collapse_shape, memref.transpose, memref.cast. Other views
  /// (memref.view, reinterpret_cast ...) reach their whole base.
  bool keepsElementLayout = false;
  /// Runs each of its regions at most once per execution (scf.if,
  /// scf.execute_region, scf.index_switch, affine.if, memref.alloca_scope,
  /// async.execute): their work counts once. Loops count by trip count.
  bool regionsRunOnce = false;
  /// A scalar addition or multiplication (a multiply-accumulate is an
  /// addition fed by a multiplication).
  enum class Arith : uint8_t { None, Add, Mul } arith = Arith::None;
  /// DMA: the transfer a start op begins, or the tag a wait op waits on
  /// (null for other ops).
  std::optional<Transfer> (*transferStarted)(mlir::Operation *) = nullptr;
  std::optional<TransferTag> (*transferWaited)(mlir::Operation *) = nullptr;
};

/// The facts of `op`: its registered row (by op name) with the facts its
/// interfaces imply added.
OpSemantics getOpSemantics(mlir::Operation *op);

/// Registers (or replaces) the facts of the op named `opName` (e.g.
/// "mydialect.launch"). Call before any pass runs.
void registerOpSemantics(llvm::StringRef opName, const OpSemantics &facts);

/// Registers a type whose values are handles of asynchronous work (like
/// !async.token). Call before any pass runs.
void registerAsyncHandleType(mlir::TypeID type);

/// Registers a dialect whose ops are scripts for other tools, not code the
/// program executes (like `transform`). Call before any pass runs.
void registerScriptDialect(llvm::StringRef dialectNamespace);

/// True if `op` belongs to a script dialect: `transform` (named sequences
/// and the ops in them), `pdl`, `pdl_interp`, and the registered ones. The
/// passes skip such function-like ops silently: they hold no buffers of the
/// program.
bool isScriptOp(mlir::Operation *op);

/// Registers a function (by symbol name, e.g. "printMemrefF32") known to
/// keep no pointer it is passed once it returns. Call before any pass runs.
void registerNonRetainingCallee(llvm::StringRef name);

/// False if `call` is known to keep no pointer it is passed in `operand`
/// (one of its argument operands) after it returns: the callee declares that
/// argument `llvm.nocapture`, or the callee is registered as non-retaining
/// (registerNonRetainingCallee). True otherwise: an external function may
/// store the pointer and use it in a later call, so the memory model keeps
/// the buffer alive across every later op of unknown effects (the "may
/// retain" assumption, docs/Safety.md).
bool callMayRetain(mlir::CallOpInterface call, mlir::OpOperand &operand);

/// The name under which `op` is reported when it may keep a pointer: the
/// callee's symbol name for a call (e.g. "printMemrefF32"), else the op name.
std::string retainerName(mlir::Operation *op);

/// The retain assumption of a model (MemoryModel::getRetainAssumptions, the
/// retainerName of every op that may keep a pointer) as remarks state it
/// next to an optimality claim: "assuming 'printMemrefF32' may keep the
/// pointers it is passed (llvm.nocapture on its arguments lifts this)".
/// Empty when `retainers` is.
std::string describeRetainAssumption(llvm::ArrayRef<std::string> retainers);

//===-- Queries built on getOpSemantics -----------------------------------===//

inline RegionExecution getRegionExecution(mlir::Operation *op) {
  return getOpSemantics(op).regions;
}
inline AsyncRole getAsyncRole(mlir::Operation *op) {
  return getOpSemantics(op).async;
}

/// True if values of type `t` are handles of asynchronous work:
/// !async.token, !async.value<T>, !async.group, !gpu.async.token, and the
/// registered ones.
bool isAsyncHandleType(mlir::Type t);

/// The transfer `op` starts, if it is a registered DMA start.
std::optional<Transfer> getTransferStarted(mlir::Operation *op);
/// The tag `op` waits on, if it is a registered DMA wait.
std::optional<TransferTag> getTransferWaited(mlir::Operation *op);

} // namespace peakmem

#endif // PEAKMEM_ANALYSIS_OPSEMANTICS_H
