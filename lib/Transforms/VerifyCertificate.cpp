//===- VerifyCertificate.cpp - Re-check certificates against the IR -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Transforms/CertificateAttr.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace peakmem {
#define GEN_PASS_DEF_VERIFYCERTIFICATEPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

/// Checks one record against the block's model as it stands. Returns "" if
/// the certificate holds.
static std::string checkRecord(DictionaryAttr record, const BlockModel &bm) {
  Certificate c;
  std::string error = certificateFromAttr(record, c);
  if (!error.empty())
    return "malformed: " + error;
  return checkCertificate(bm.problem, identityOrder(bm.problem), c);
}

struct VerifyCertificatePass
    : peakmem::impl::VerifyCertificatePassBase<VerifyCertificatePass> {
  using Base::Base;

  void runOnOperation() override {
    FunctionsStatus status =
        runOnFunctions(getOperation(), getAnalysisManager(),
                       [&](FunctionOpInterface fn, AnalysisManager) {
                         return succeeded(verify(fn))
                                    ? FunctionStatus::Unchanged
                                    : FunctionStatus::Failed;
                       });
    if (status.failed)
      signalPassFailure();
    markAllAnalysesPreserved();
  }

  /// Fails with an error at `fn` when a peakmem claim on it does not hold.
  static LogicalResult verify(FunctionOpInterface fn) {
    bool hasNested = false;
    fn->walk([&](Operation *op) { hasNested |= op->hasAttr(kNestedAttr); });
    // Any claim beyond peakmem.peak (which report and reorder set alone) is
    // checked: a lower bound or optimality without a certificate is rejected.
    bool claims = fn->hasAttr(kCertificateAttr) ||
                  fn->hasAttr(kLowerBoundAttr) || fn->hasAttr(kOptimalAttr);
    if (!claims && !hasNested)
      return success(); // Nothing certified.
    auto reject = [&](const Twine &what) -> LogicalResult {
      return fn.emitError() << "peakmem: certificate of '" << fn.getName()
                            << "' rejected: " << what;
    };
    // A model of its own, built from the IR as it stands: the verifier never
    // reuses what the certifying pass computed.
    MemoryModel model(fn);
    if (!model.isModeled())
      return reject("the function is no longer modeled: " +
                    model.getFailure()->reason);

    if (claims) {
      NamedAttrList record;
      for (const char *name :
           {kPeakAttr, kLowerBoundAttr, kOptimalAttr, kCertificateAttr})
        if (Attribute a = fn->getAttr(name))
          record.append(StringRef(name).drop_front(strlen(kAttrPrefix)), a);
      std::string error = checkRecord(record.getDictionary(fn.getContext()),
                                      *model.getEntryBlockModel());
      if (!error.empty())
        return reject(error);
    }

    WalkResult walk = fn->walk([&](Operation *op) {
      Attribute attr = op->getAttr(kNestedAttr);
      if (!attr)
        return WalkResult::advance();
      auto records = dyn_cast<ArrayAttr>(attr);
      if (!records) {
        (void)reject("'peakmem.nested' is not an array");
        return WalkResult::interrupt();
      }
      for (Attribute r : records) {
        auto record = dyn_cast<DictionaryAttr>(r);
        auto region = record ? record.getAs<IntegerAttr>("region") : nullptr;
        if (!region || region.getInt() < 0 ||
            region.getInt() >= op->getNumRegions() ||
            op->getRegion(region.getInt()).empty()) {
          (void)reject("a 'peakmem.nested' record names no region of '" +
                       op->getName().getStringRef() + "'");
          return WalkResult::interrupt();
        }
        const BlockModel *bm =
            model.getBlockModel(&op->getRegion(region.getInt()).front());
        std::string error = bm ? checkRecord(record, *bm) : "block not modeled";
        if (!error.empty()) {
          (void)reject("nested block of '" + op->getName().getStringRef() +
                       "': " + error);
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }
};

} // namespace
