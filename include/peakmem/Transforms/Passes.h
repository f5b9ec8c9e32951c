//===- Passes.h - peakmem passes -------------------------------*- C++ -*-===//
//
// Every peakmem pass is anchored on mlir::FunctionOpInterface, so it runs in
// any function-like op (func.func, or a compiler's own).
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_TRANSFORMS_PASSES_H
#define PEAKMEM_TRANSFORMS_PASSES_H

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

namespace peakmem {

#define GEN_PASS_DECL
#include "peakmem/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "peakmem/Transforms/Passes.h.inc"

/// Registers every peakmem pass and pipeline.
void registerPeakMem();

} // namespace peakmem

#endif // PEAKMEM_TRANSFORMS_PASSES_H
