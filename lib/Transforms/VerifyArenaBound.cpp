//===- VerifyArenaBound.cpp - The arena's bound, from its certificate ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ArenaBoundProblem.h"
#include "VerifyArena.h"
#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Core/Support/WorkBudget.h"
#include "peakmem/Transforms/AttrNames.h"
#include "peakmem/Transforms/CertificateAttr.h"

using namespace mlir;
using namespace peakmem;

LogicalResult peakmem::checkArenaBound(FunctionOpInterface fn, Value arena,
                                       ArrayRef<ArenaSlot> views, int64_t bound,
                                       uint64_t maxWork) {
  auto record = fn->getAttrOfType<DictionaryAttr>(kArenaCertificateAttr);
  if (!record) {
    // No claim beyond the trivial one needs no proof.
    if (bound <= 0)
      return success();
    return fn.emitError() << "peakmem-verify-arena: peakmem.arena_lower_bound "
                          << bound << " has no certificate ('"
                          << kArenaCertificateAttr << "')";
  }
  Certificate cert;
  if (std::string err = certificateFromAttr(record, cert); !err.empty())
    return fn.emitError() << "peakmem-verify-arena: malformed '"
                          << kArenaCertificateAttr << "': " << err;
  if (cert.lowerBound != bound)
    return fn.emitError() << "peakmem-verify-arena: peakmem.arena_lower_bound "
                          << bound << " differs from the bound "
                          << cert.lowerBound << " its certificate proves";
  std::vector<ArenaRoot> roots;
  for (const ArenaSlot &v : views)
    roots.push_back(v.root());
  std::string error;
  FailureOr<Problem> problem = arenaBoundProblem(fn, arena, roots, error);
  if (failed(problem))
    return fn.emitError() << "peakmem-verify-arena: cannot rebuild the "
                             "problem of the bound: "
                          << error;
  WorkBudget work(maxWork);
  bool unchecked = false;
  std::string err = checkCertificate(*problem, identityOrder(*problem), cert,
                                     &work, &unchecked);
  if (unchecked)
    return fn.emitError() << "peakmem-verify-arena: peakmem.arena_lower_bound "
                          << bound << " not checked within max-work ("
                          << maxWork << " units): " << err;
  if (!err.empty())
    return fn.emitError()
           << "peakmem-verify-arena: peakmem.arena_lower_bound " << bound
           << " is not proven for this IR: its certificate fails on the "
              "problem rebuilt from the views ("
           << err << ")";
  return success();
}
