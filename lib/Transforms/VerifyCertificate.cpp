//===- VerifyCertificate.cpp - Re-check certificates against the IR -------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "RecomputeCertificateAttr.h"
#include "peakmem/Analysis/MemoryModel.h"
#include "peakmem/Analysis/OpSemantics.h"
#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Transforms/CertificateAttr.h"
#include "peakmem/Transforms/FunctionRunner.h"
#include "peakmem/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"

#define DEBUG_TYPE "peakmem-verify-certificate"

STATISTIC(NumRecordsChecked, "Certificate records checked");
STATISTIC(NumRecordsRejected, "Certificate records rejected");
STATISTIC(NumRecordsUnchecked,
          "Certificate records the budget could not afford");

namespace peakmem {
#define GEN_PASS_DEF_VERIFYCERTIFICATEPASS
#include "peakmem/Transforms/Passes.h.inc"
} // namespace peakmem

using namespace mlir;
using namespace peakmem;

namespace {

/// The checks of one function: one work budget for all its records, and the
/// records already checked (identical records of one block are checked once).
class RecordChecker {
public:
  RecordChecker(WorkUnits maxWork) : work(maxWork) {}

  /// Checks `record` against `bm`. Returns "" if the certificate holds; else
  /// the reason, with `unchecked` set when it was not checked because the
  /// budget could not afford it (the reason then says so). `repeated` is set
  /// when the same record of the same block was checked before (the outcome
  /// is that check's).
  std::string check(DictionaryAttr record, const BlockModel &bm,
                    bool &unchecked, bool &repeated) {
    unchecked = false;
    auto [it, inserted] = done.try_emplace({record, &bm}, Outcome());
    repeated = !inserted;
    if (!inserted) {
      unchecked = it->second.unchecked;
      return it->second.error;
    }
    Outcome outcome;
    outcome.error = checkOnce(record, bm, outcome.unchecked);
    ++NumRecordsChecked;
    NumRecordsUnchecked += outcome.unchecked;
    NumRecordsRejected += !outcome.unchecked && !outcome.error.empty();
    unchecked = outcome.unchecked;
    it = done.find({record, &bm});
    it->second = outcome;
    return outcome.error;
  }

private:
  struct Outcome {
    std::string error;
    bool unchecked = false;
  };

  std::string checkOnce(DictionaryAttr record, const BlockModel &bm,
                        bool &unchecked) {
    Certificate c;
    std::string error = certificateFromAttr(record, c);
    if (!error.empty())
      return "malformed: " + error;
    // What the check costs is known before it runs: a record that does not
    // fit in what is left is not started.
    const WorkUnits cost = certificateCheckWork(bm.problem, c);
    if (!work.fits(cost)) {
      unchecked = true;
      return "not checked within max-work=" + std::to_string(work.limit()) +
             " work units (checking this " + boundKindName(c.kind) +
             " record costs up to " + std::to_string(cost) + ", " +
             std::to_string(work.left()) + " left)";
    }
    error = checkCertificate(bm.problem, identityOrder(bm.problem), c, &work,
                             &unchecked);
    if (unchecked)
      return "not checked within max-work=" + std::to_string(work.limit()) +
             " work units: " + error;
    return error;
  }

  WorkBudget work;
  llvm::DenseMap<std::pair<Attribute, const BlockModel *>, Outcome> done;
};

// Reads the IR only: every analysis is kept.
struct VerifyCertificatePass;
using VerifyCertificatePassImpl = FunctionPass<
    peakmem::impl::VerifyCertificatePassBase<VerifyCertificatePass>>;

struct VerifyCertificatePass : VerifyCertificatePassImpl {
  using FunctionPass::FunctionPass;

  FunctionStatus runOnFunction(FunctionOpInterface fn,
                               AnalysisManager) override {
    return succeeded(verify(fn)) ? FunctionStatus::Unchanged
                                 : FunctionStatus::Failed;
  }

  /// Fails with an error at `fn` when a peakmem claim on it does not hold
  /// (or, unless allow-unchecked, could not be checked within max-work).
  LogicalResult verify(FunctionOpInterface fn) const;

  /// The recompute kind (RecomputeCertificateAttr.h), with a max-work budget
  /// of its own: fails with an error when the record does not hold; sets
  /// `failedUnchecked` when it could not be checked (unless
  /// allow-unchecked, which makes that a warning).
  LogicalResult verifyRecompute(FunctionOpInterface fn,
                                const MemoryModel &model,
                                bool &failedUnchecked) const {
    auto record = fn->getAttrOfType<DictionaryAttr>(kRecomputeCertificateAttr);
    std::string error = "'peakmem.recompute_certificate' is not a dictionary";
    bool unchecked = false;
    if (record) {
      WorkBudget work(maxWork);
      error = checkRecomputeCertificateAttr(record, *model.getEntryBlockModel(),
                                            work, unchecked);
    }
    if (error.empty())
      return success();
    if (unchecked) {
      InFlightDiagnostic d = allowUnchecked ? fn.emitWarning() : fn.emitError();
      d << "peakmem: certificate of '" << fn.getName() << "' recompute record "
        << error;
      failedUnchecked |= !allowUnchecked;
      return success();
    }
    return fn.emitError() << "peakmem: certificate of '" << fn.getName()
                          << "' rejected: recompute record: " << error;
  }
};

LogicalResult VerifyCertificatePass::verify(FunctionOpInterface fn) const {
  bool hasNested = false;
  fn->walk([&](Operation *op) { hasNested |= op->hasAttr(kNestedAttr); });
  // Any claim beyond peakmem.peak (which report and reorder set alone) is
  // checked: a lower bound or optimality without a certificate is rejected.
  bool claims = fn->hasAttr(kCertificateAttr) || fn->hasAttr(kLowerBoundAttr) ||
                fn->hasAttr(kOptimalAttr);
  Attribute recomputeRecord = fn->getAttr(kRecomputeCertificateAttr);
  if (!claims && !hasNested && !recomputeRecord)
    return success(); // Nothing certified.
  auto reject = [&](const Twine &what) -> LogicalResult {
    return fn.emitError() << "peakmem: certificate of '" << fn.getName()
                          << "' rejected: " << what;
  };
  bool failedUnchecked = false;
  // A record the budget could not afford: never accepted.
  auto notChecked = [&](const Twine &what) {
    InFlightDiagnostic d = allowUnchecked ? fn.emitWarning() : fn.emitError();
    d << "peakmem: certificate of '" << fn.getName() << "' " << what;
    failedUnchecked |= !allowUnchecked;
  };
  // A model of its own, built from the IR as it stands: the verifier never
  // reuses what the certifying pass computed.
  MemoryModel model(fn);
  if (!model.isModeled())
    return reject("the function is no longer modeled: " +
                  model.getFailure()->reason);
  RecordChecker checker(maxWork);
  if (recomputeRecord && failed(verifyRecompute(fn, model, failedUnchecked)))
    return failure();
  if (claims) {
    NamedAttrList record;
    for (const char *name :
         {kPeakAttr, kLowerBoundAttr, kOptimalAttr, kCertificateAttr})
      if (Attribute a = fn->getAttr(name))
        record.append(StringRef(name).drop_front(strlen(kAttrPrefix)), a);
    bool unchecked = false, repeated = false;
    std::string error =
        checker.check(record.getDictionary(fn.getContext()),
                      *model.getEntryBlockModel(), unchecked, repeated);
    if (unchecked)
      notChecked(error);
    else if (!error.empty())
      return reject(error);
    // A stated assumption (peakmem.retain_assumed) must be the model's.
    if (auto stated = fn->getAttrOfType<ArrayAttr>(kRetainAssumedAttr)) {
      std::vector<std::string> names;
      for (Attribute a : stated)
        names.push_back(isa<StringAttr>(a) ? cast<StringAttr>(a).str() : "");
      std::string own = describeRetainAssumption(model.getRetainAssumptions());
      if (names != model.getRetainAssumptions())
        return reject(
            "'peakmem.retain_assumed' is not the model's "
            "assumption: " +
            (own.empty() ? "no call is assumed to keep a pointer" : own));
    } else if (fn->hasAttr(kRetainAssumedAttr)) {
      return reject("'peakmem.retain_assumed' is not an array");
    }
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
      bool unchecked = false, repeated = false;
      std::string error = bm ? checker.check(record, *bm, unchecked, repeated)
                             : "block not modeled";
      if (unchecked) {
        if (!repeated) // Said once per distinct record.
          notChecked("nested block of '" + op->getName().getStringRef() +
                     "': " + error);
        continue;
      }
      if (!error.empty()) {
        (void)reject("nested block of '" + op->getName().getStringRef() +
                     "': " + error);
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted() || failedUnchecked);
}

} // namespace
