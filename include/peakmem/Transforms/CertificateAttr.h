//===- CertificateAttr.h - Certificates as MLIR attributes -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The attribute form of a core Certificate (see docs/Certificates.md):
//   peakmem.peak, peakmem.lower_bound (i64), peakmem.optimal (bool) and
//   peakmem.certificate = {kind, witness, conditioned_on, flow, flow2}
// on the function for its body, and peakmem.nested = [dict per block] on ops
// whose blocks are certified. Statement ids are positions of the block's
// non-terminator ops in the current order.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_TRANSFORMS_CERTIFICATEATTR_H
#define PEAKMEM_TRANSFORMS_CERTIFICATEATTR_H

#include "peakmem/Core/Bounds/Certificate.h"
#include "peakmem/Transforms/AttrNames.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"

#include <string>

namespace peakmem {

/// Record with peak, lower_bound, optimal and certificate entries.
mlir::DictionaryAttr certificateToAttr(mlir::MLIRContext *ctx,
                                       const Certificate &c);

/// Parses a record made by certificateToAttr. Returns "" on success, else
/// what is malformed.
std::string certificateFromAttr(mlir::DictionaryAttr record, Certificate &c);

} // namespace peakmem

#endif // PEAKMEM_TRANSFORMS_CERTIFICATEATTR_H
