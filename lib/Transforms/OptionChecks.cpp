//===- OptionChecks.cpp - Validation of pass and pipeline options ---------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "peakmem/Transforms/OptionChecks.h"

#include "peakmem/Core/Schedule/Scheduler.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace mlir;

namespace peakmem {

std::string formatOptionValue(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  // 17 significant digits always read back exactly; fewer usually do.
  char text[32];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof(text), "%.*g", digits, value);
    if (std::strtod(text, nullptr) == value)
      break;
  }
  return text;
}

std::string checkAlgorithmOption(StringRef algorithm) {
  return validateAlgorithm(algorithm.str());
}

std::string checkFractionOption(StringRef name, double value) {
  if (value >= 0.0 && value <= 1.0)
    return {};
  return (name + " must be in [0, 1], got " + formatOptionValue(value)).str();
}

std::string checkPaddingOption(int64_t padding) {
  // Far above any allocation alignment; sizes with padding are still checked
  // against the model's byte limit by the pass.
  constexpr int64_t kMaxPadding = int64_t(1) << 32;
  if (padding >= 0 && padding <= kMaxPadding)
    return {};
  return "padding must be in [0, " + std::to_string(kMaxPadding) +
         "] bytes, got " + std::to_string(padding);
}

std::string checkArenaOptions(StringRef arena, int64_t alignment,
                              bool allowNone, int64_t maxLiveIncrease) {
  if (arena != "alloc" && arena != "argument" &&
      !(allowNone && arena == "none"))
    return ("unknown arena='" + arena + "' (" + (allowNone ? "none | " : "") +
            "alloc | argument)")
        .str();
  if (alignment <= 0 || !llvm::isPowerOf2_64(static_cast<uint64_t>(alignment)))
    return "alignment=" + std::to_string(alignment) + " is not a power of two";
  if (alignment > kMaxArenaAlignment)
    return "alignment=" + std::to_string(alignment) +
           " is above the largest supported alignment " +
           std::to_string(kMaxArenaAlignment);
  if (maxLiveIncrease < 0)
    return "max-live-increase must be >= 0, got " +
           std::to_string(maxLiveIncrease);
  return {};
}

LogicalResult reportOptionError(MLIRContext *context, StringRef where,
                                const std::string &error) {
  if (error.empty())
    return success();
  return emitError(UnknownLoc::get(context)) << where << ": " << error;
}

} // namespace peakmem
