//===- ArenaAliases.h - The bytes the aliases of a buffer reach -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A view-like op can address memory its source does not: memref.
// reinterpret_cast keeps the source's aligned pointer and takes any offset,
// sizes and strides; memref.view moves the aligned pointer by a byte shift.
// A slot of an arena is only safe if every alias of its buffer stays inside
// it, so peakmem-plan-arena (which refuses such a buffer) and
// peakmem-verify-arena (which rejects such a view) both bound, for every
// alias, the bytes it can touch relative to the start of the buffer:
//
//  * memref.view: the aligned pointer moves by the (constant) byte shift;
//    the result reaches its own static extent from there;
//  * ops that keep the aligned pointer (subview, reinterpret_cast,
//    expand_shape, collapse_shape, cast, transpose, memory_space_cast,
//    assume_alignment, extract_strided_metadata's base buffer): a static
//    shape and strided layout give the exact reach, offset + the extent of
//    the strides; a dynamic layout is bounded by the source's reach for
//    ops that address a subset of their source's elements (every one of
//    them but reinterpret_cast), and not bounded at all for
//    reinterpret_cast;
//  * any other view-like op: not bounded.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_ARENAALIASES_H
#define PEAKMEM_LIB_TRANSFORMS_ARENAALIASES_H

#include "mlir/IR/Value.h"

#include <cstdint>
#include <optional>
#include <string>

namespace peakmem {

/// An alias that leaves its buffer's first `limit` bytes, or whose reach
/// cannot be bounded.
struct AliasOutside {
  mlir::Operation *op = nullptr;
  /// The bytes [lo, hi) it reaches, relative to the buffer's start
  /// (bounded only).
  int64_t lo = 0, hi = 0;
  bool bounded = true;

  /// "an alias made by 'memref.reinterpret_cast' reaches bytes [256, 512)
  /// of the buffer, outside [0, 256)" or "... reaches bytes that cannot be
  /// bounded (dynamic layout)".
  std::string describe(int64_t limit) const;
};

/// The first view-like alias of `root` (transitively, through the view
/// sources of view-like users) that can touch bytes outside [0, limit) of
/// `root`'s memory, or nullopt when every alias stays inside. `root` must
/// be a statically shaped memref with an identity layout.
std::optional<AliasOutside> findAliasOutside(mlir::Value root, int64_t limit);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_ARENAALIASES_H
