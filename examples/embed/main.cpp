//===- main.cpp - Embedding peakmem in a compiler's own pipeline ----------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// peakmem-embed <file.mlir>
//  1. parses the file and runs reorder -> recompute -> certify -> verify on
//     every function-like op through the tool's own PassManager (at module
//     level), the way a compiler adds passes to its pipeline, then prints the
//     certified peak of each function;
//  2. schedules a hand-built problem with the MLIR-free core.
// Exits non-zero when anything fails.
//
//===----------------------------------------------------------------------===//

#include "peakmem/Core/Model/Problem.h"
#include "peakmem/Core/Schedule/Scheduler.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static int runPipeline(const char *path) {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, memref::MemRefDialect,
                  linalg::LinalgDialect>();
  MLIRContext ctx(registry);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(path, sourceMgr, ParserConfig(&ctx));
  if (!module)
    return 1;

  // The passes work on every function-like op below the op they are
  // scheduled on, in parallel: add them to the module's pass manager. Nested
  // (pm.nestAny(), pm.nest<func::FuncOp>(), IREE's FunctionLikeNest) they
  // give the same result. peakmem::buildOptimizePipeline(pm, options) adds
  // reorder, recompute and certify in one call.
  PassManager pm(&ctx);
  peakmem::ReorderPassOptions reorder;
  reorder.maxWork = 20'000'000; // Work units: the same output anywhere.
  reorder.emitRemarks = false;
  pm.addPass(peakmem::createReorderPass(reorder));
  peakmem::RecomputePassOptions recompute;
  recompute.emitRemarks = false;
  pm.addPass(peakmem::createRecomputePass(recompute));
  peakmem::CertifyPassOptions certify;
  certify.emitRemarks = false;
  pm.addPass(peakmem::createCertifyPass(certify));
  pm.addPass(peakmem::createVerifyCertificatePass());
  if (failed(pm.run(*module)))
    return 1;

  int status = 0;
  module->walk([&](FunctionOpInterface fn) {
    auto peak = fn->getAttrOfType<IntegerAttr>("peakmem.peak");
    auto bound = fn->getAttrOfType<IntegerAttr>("peakmem.lower_bound");
    auto optimal = fn->getAttrOfType<BoolAttr>("peakmem.optimal");
    if (!peak || !bound || !optimal ||
        optimal.getValue() != (peak.getInt() == bound.getInt())) {
      llvm::errs() << "@" << fn.getName() << ": no consistent certificate\n";
      status = 1;
      return;
    }
    llvm::outs() << "@" << fn.getName() << ": peak " << peak.getInt()
                 << " bytes, lower bound " << bound.getInt()
                 << (optimal.getValue() ? " (optimal)" : "") << "\n";
  });
  return status;
}

// The core needs no MLIR: a fork-join block of five statements. s0 and s1
// fill two 1 KiB buffers, s2 and s3 reduce them to 4 bytes each, s4 joins
// into a 4-byte buffer that outlives the block.
static int runCore() {
  peakmem::Problem p;
  for (int i = 0; i < 5; ++i)
    p.addStatement();
  peakmem::BufferId a = p.addBuffer(1024, true), b = p.addBuffer(1024, true);
  peakmem::BufferId a2 = p.addBuffer(4, true), b2 = p.addBuffer(4, true);
  peakmem::BufferId j = p.addBuffer(4, /*freedInBlock=*/false);
  const std::pair<peakmem::StmtId, peakmem::BufferId> uses[] = {
      {0, a},  {1, b},  {2, a},  {2, a2}, {3, b},
      {3, b2}, {4, a2}, {4, b2}, {4, j}};
  for (auto [s, buf] : uses)
    p.addUse(s, buf);
  const std::pair<peakmem::StmtId, peakmem::StmtId> edges[] = {
      {0, 2}, {1, 3}, {2, 4}, {3, 4}};
  for (auto [from, to] : edges)
    p.addEdge(from, to);
  p.finalize();
  if (std::string err = p.check(); !err.empty()) {
    llvm::errs() << "core: invalid problem: " << err << "\n";
    return 1;
  }
  peakmem::ScheduleResult r = peakmem::scheduleBlock(p, {});
  llvm::outs() << "core: peak " << r.originalPeak << " -> " << r.peak
               << " bytes" << (r.provenOptimal ? " (optimal)" : "")
               << ", order";
  for (peakmem::StmtId s : r.order)
    llvm::outs() << " s" << s;
  llvm::outs() << "\n";
  bool ok =
      peakmem::isLegalOrder(p, r.order) && r.peak == 1032 && r.provenOptimal;
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: " << argv[0] << " <file.mlir>\n";
    return 2;
  }
  int status = runPipeline(argv[1]);
  status |= runCore();
  llvm::outs() << (status ? "FAILED" : "OK") << "\n";
  return status;
}
