//===- Certify.cpp - Attach peak, lower bound and certificate -------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Analysis/OpSemantics.h"
#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Transforms/CertificateAttr.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Format.h"

#define DEBUG_TYPE "peakmem-certify"

STATISTIC(NumBlocksCertified, "Blocks given a certificate record");
STATISTIC(NumFunctionsOptimal, "Functions whose order is certified optimal");

namespace peakmem {
#define GEN_PASS_DEF_CERTIFYPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

/// The records of one function: one work budget for all its blocks, and
/// what checking the records kept so far will cost the verifier.
struct FunctionCertifier {
  WorkBudget work;
  WorkUnits checkWork = 0;

  /// The certificate of a block's current order (Certificate.h), keeping
  /// an exhaustive record only while the function's records fit in the
  /// verifier's default budget.
  Certificate certify(const BlockModel &bm) {
    CertifyOptions options;
    options.maxCheckWork =
        kDefaultVerifyWork - std::min(kDefaultVerifyWork, checkWork);
    const Order order = identityOrder(bm.problem);
    Certificate c = certifyOrder(bm.problem, order, work, options);
    ++NumBlocksCertified;
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE << ": block of '"
                            << bm.block->getParentOp()->getName() << "' peak "
                            << c.peak << ", bound " << c.lowerBound << " ("
                            << boundKindName(c.kind) << ")\n");
    WorkUnits cost = certificateCheckWork(bm.problem, c);
    checkWork =
        cost > kUnlimitedWork - checkWork ? kUnlimitedWork : checkWork + cost;
    return c;
  }
};

// Sets attributes only, which do not change the model: every analysis is kept.
struct CertifyPass : FunctionPass<peakmem::impl::CertifyPassBase<CertifyPass>> {
  using FunctionPass::FunctionPass;

  FunctionStatus runOnFunction(FunctionOpInterface fn,
                               AnalysisManager analyses) override {
    certify(fn, analyses);
    return FunctionStatus::Unchanged;
  }

  void certify(FunctionOpInterface fn, AnalysisManager analyses) const {
    const MemoryModel &model = analyses.getAnalysis<MemoryModel>();
    if (!model.isModeled())
      return emitNotModeled(fn, *model.getFailure());
    MLIRContext *ctx = fn.getContext();
    fn->walk([](Operation *op) { op->removeAttr(kNestedAttr); });
    TimeCap cap(timeLimitMs);
    FunctionCertifier certifier{WorkBudget(maxWork, &cap)};

    // The body first (the function's claim), then the nested blocks that
    // allocate: one record per block, on the owning op.
    Certificate c = certifier.certify(*model.getEntryBlockModel());
    llvm::MapVector<Operation *, SmallVector<Attribute>> nested;
    for (const auto &bm : model.getBlockModels()) {
      if (bm.get() == model.getEntryBlockModel() ||
          bm->problem.numBuffers() == 0)
        continue;
      Operation *owner = bm->block->getParentOp();
      Region *region = bm->block->getParent();
      NamedAttrList entry(certificateToAttr(ctx, certifier.certify(*bm)));
      entry.append("region", IntegerAttr::get(IntegerType::get(ctx, 64),
                                              region->getRegionNumber()));
      nested[owner].push_back(entry.getDictionary(ctx));
    }
    for (auto &[op, records] : nested)
      op->setAttr(kNestedAttr, ArrayAttr::get(ctx, records));
    if (cap.fired())
      warnTimeLimitHit(fn, getArgument(), timeLimitMs);

    NumFunctionsOptimal += c.isOptimal();
    DictionaryAttr record = certificateToAttr(ctx, c);
    for (NamedAttribute entry : record)
      fn->setAttr((kAttrPrefix + entry.getName().strref()).str(),
                  entry.getValue());
    // The assumption the claims rest on (docs/Safety.md).
    const std::vector<std::string> &assumed = model.getRetainAssumptions();
    SmallVector<StringRef> names(assumed.begin(), assumed.end());
    if (names.empty())
      fn->removeAttr(kRetainAssumedAttr);
    else
      fn->setAttr(kRetainAssumedAttr, Builder(ctx).getStrArrayAttr(names));
    if (!emitRemarks)
      return;
    InFlightDiagnostic remark = emitRemark(fn.getLoc());
    remark << "peakmem-certify: '" << fn.getName() << "' peak " << c.peak
           << " bytes, lower bound " << c.lowerBound << " ("
           << boundKindName(c.kind) << ")";
    if (c.isOptimal()) {
      remark << ": optimal";
    } else {
      int64_t gap = c.peak - c.lowerBound;
      std::string percent;
      llvm::raw_string_ostream(percent)
          << llvm::format("%.1f", 100.0 * gap / std::max<int64_t>(1, c.peak));
      remark << ": gap " << gap << " bytes (" << percent << "%)";
    }
    if (std::string a = describeRetainAssumption(assumed); !a.empty())
      remark << ", " << a;
  }
};

} // namespace
