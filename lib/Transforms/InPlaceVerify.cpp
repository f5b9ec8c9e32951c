//===- InPlaceVerify.cpp - Re-derive every in-place pair from the IR ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// peakmem-verify-inplace: every op marked `peakmem.inplace = N` must read
// and write one buffer, a plain allocation of the function, as its input N
// and its output, under the rules of InPlaceRules.h. The checks read the IR
// alone; they do not call peakmem-inplace's search.
//
//===----------------------------------------------------------------------===//

#include "InPlaceRules.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/Passes.h"

#include "llvm/ADT/Statistic.h"

#define DEBUG_TYPE "peakmem-verify-inplace"

STATISTIC(NumChecked, "In-place pairs re-derived from the IR");

namespace peakmem {
#define GEN_PASS_DEF_VERIFYINPLACEPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

/// Why `op`'s claim `attr` does not hold, or "".
std::string verifyPair(Operation *op, Attribute attr) {
  auto pos = dyn_cast<IntegerAttr>(attr);
  if (!pos)
    return "'peakmem.inplace' is not an integer";
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp)
    return "the op is not a structured (linalg) op";
  if (std::string why = checkInPlaceOp(linalgOp); !why.empty())
    return "the op: " + why;
  int64_t n = pos.getInt();
  if (n < 0 || n >= linalgOp.getNumDpsInputs())
    return "input " + std::to_string(n) + " does not exist";
  OpOperand *input = linalgOp.getDpsInputOperand(n);
  OpOperand *init = linalgOp.getDpsInitOperand(0);
  if (std::string why = checkInPlaceInput(linalgOp, *input); !why.empty())
    return "input " + std::to_string(n) + " " + why;
  if (input->get() != init->get())
    return "input " + std::to_string(n) +
           " and the output are different buffers";
  if (!isPlainAllocation(input->get()))
    return "the shared buffer is not an allocation of the function (an "
           "argument or a view)";
  if (reachesOtherOperand(op, input->get(), {input, init}))
    return "another operand may alias the shared buffer";
  return "";
}

struct VerifyInPlacePass
    : FunctionPass<peakmem::impl::VerifyInPlacePassBase<VerifyInPlacePass>> {
  using FunctionPass::FunctionPass;

  FunctionStatus runOnFunction(FunctionOpInterface fn,
                               AnalysisManager) override {
    bool failed = false;
    fn->walk([&](Operation *op) {
      Attribute attr = op->getAttr(kInPlaceAttr);
      if (!attr)
        return;
      ++NumChecked;
      if (std::string why = verifyPair(op, attr); !why.empty()) {
        op->emitError() << "peakmem-verify-inplace: " << why;
        failed = true;
      }
    });
    return failed ? FunctionStatus::Failed : FunctionStatus::Unchanged;
  }
};

} // namespace
