//===- PeakMemPlugin.cpp - peakmem as a pass plugin for mlir-opt ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// mlir-opt --load-pass-plugin=PeakMemPlugin.so \
//   --pass-pipeline='builtin.module(peakmem-optimize{max-mac-overhead=0.05})'
//   in.mlir
//
// Stock mlir-opt takes plugin passes only in --pass-pipeline; they run on the
// module (every function-like op in it) or nested, as in peakmem-opt.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Transforms/Passes.h"

#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "PeakMem", LLVM_VERSION_STRING,
          []() { peakmem::registerPeakMem(); }};
}
