//===- AsyncWork.h - Where asynchronous work ends ---------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An op may start work that keeps running after it returns: async.execute,
// a gpu op in async form (gpu.launch async, gpu.memcpy async, ...), a DMA
// start (affine.dma_start, memref.dma_start). That work keeps every buffer
// it reads or writes in use until an op synchronises it on the host. The
// memory model repeats the work's accesses at each statement where it may
// complete, so those buffers stay live and ordered until there; this header
// tells the passes that rebuild lifetimes from the IR themselves (the arena
// verifier) the same ends. The rules (docs/Safety.md, "Asynchronous work"):
//
//  * Work named by handles (OpSemantics.h): it completes at an op that
//    waits for one of its handles on the host (async.await, gpu.wait, a
//    synchronous gpu op listing it as a dependency), or for a handle of
//    work that depends on it (a gpu op's async dependencies, async.execute's
//    dependencies), or for a group it joined. Every start must be waited for
//    in its own block; a handle used any other way (returned, yielded,
//    passed to a call) refuses the function.
//  * DMA transfers: one completes at the first later wait, in the same
//    block, on the same tag element (same tag memref value, same index
//    values and map). Without one, a transfer started in a nested block is
//    still in flight when the block ends (refused if it accesses a buffer of
//    that block) and is followed in the enclosing block; in the function
//    body it completes at the last statement that waits on a tag that may
//    alias its own (every transfer is assumed to be waited for within the
//    function), and is refused if there is none.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_ANALYSIS_ASYNCWORK_H
#define PEAKMEM_ANALYSIS_ASYNCWORK_H

#include "peakmem/Analysis/MemoryModel.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace peakmem {

/// For every statement (an op directly in a block of the function) that
/// starts asynchronous work, or holds an op that does, the later statements
/// of the same block at which that work may still be running up to their
/// end: the buffers the work accesses are in use until each of them.
struct AsyncWorkEnds {
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Operation *, 1>>
      ends;
  /// Why the function's asynchronous work has no known end (the memory
  /// model refuses the function for the same reason).
  std::optional<ModelFailure> failure;
};

/// The ends of the asynchronous work of function-like op `func`.
AsyncWorkEnds findAsyncWorkEnds(mlir::Operation *func);

} // namespace peakmem

#endif // PEAKMEM_ANALYSIS_ASYNCWORK_H
