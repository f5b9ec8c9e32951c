//===- OptionChecks.h - Validation of pass and pipeline options -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One check per kind of option value, shared by the passes (in initialize(),
// which every form reaches: a flag, a textual pipeline, the plugin, a pass
// created from C++) and by the peakmem-optimize pipeline (when its options
// are parsed). A check returns "" for a valid value, else a message that
// names the option and shows the value as given.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_TRANSFORMS_OPTIONCHECKS_H
#define PEAKMEM_TRANSFORMS_OPTIONCHECKS_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace peakmem {

/// The shortest decimal text that reads back as `value` ("1.0000001", not
/// "1.000000e+00"; "nan", "inf").
std::string formatOptionValue(double value);

/// `algorithm=`: auto, exact or a heuristic's name.
std::string checkAlgorithmOption(llvm::StringRef algorithm);

/// A fraction option `name=` (max-mac-overhead): a number in [0, 1]; NaN is
/// refused.
std::string checkFractionOption(llvm::StringRef name, double value);

/// `padding=` of peakmem-reorder-tensors: bytes in [0, 2^32].
std::string checkPaddingOption(int64_t padding);

/// The largest alignment arena planning takes (option or IR): 4 GiB, far
/// above any device's; with it rounded sizes and arena offsets cannot
/// overflow the model's byte limit by rounding alone.
constexpr int64_t kMaxArenaAlignment = int64_t(1) << 32;

/// `arena=` (alloc | argument, and none where `allowNone`) and the alignment
/// floor `alignment=` (a power of two, at most kMaxArenaAlignment) of arena
/// planning, and the order search's `max-live-increase=` (bytes, >= 0).
std::string checkArenaOptions(llvm::StringRef arena, int64_t alignment,
                              bool allowNone, int64_t maxLiveIncrease = 0);

/// Emits "<where>: <error>" and fails when `error` is not empty; the
/// diagnostic has no location (options come from no IR).
mlir::LogicalResult reportOptionError(mlir::MLIRContext *context,
                                      llvm::StringRef where,
                                      const std::string &error);

} // namespace peakmem

#endif // PEAKMEM_TRANSFORMS_OPTIONCHECKS_H
