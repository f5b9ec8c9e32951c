//===- ArenaRequest.h - How many bytes the arena is requested with -*- C++ -*-//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The arena's planned height is what its slots need; the bytes it is
// requested with may be more. Under malloc semantics they are the same.
// Under PyTorch's CUDA caching allocator (lib/Runtime/CachingAllocator.h,
// docs/CachingAllocator.md) the segment a request gets is not monotone in
// its size: 1 MiB < request < 10 MiB gets a 20 MiB segment, 10 MiB gets
// 10 MiB. `allocator=caching` (peakmem-plan-arena, peakmem-materialize-
// arena) replays every request of the call through that model (the arena
// first, then the allocations left outside it, escaping outputs included,
// in program order) for each candidate size and keeps the one that
// reserves least, the planned size on a tie: it never reserves more than
// the planned size would.
//
//===----------------------------------------------------------------------===//

#ifndef PEAKMEM_LIB_TRANSFORMS_ARENAREQUEST_H
#define PEAKMEM_LIB_TRANSFORMS_ARENAREQUEST_H

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <optional>
#include <string>

namespace peakmem {

/// On the function with allocator=caching: the arena memref's bytes (>=
/// peakmem.arena_size) and the rule that chose them. peakmem-verify-arena
/// accepts an arena of peakmem.arena_request bytes when it is present.
constexpr const char *kArenaRequestAttr = "peakmem.arena_request";
constexpr const char *kArenaRequestRuleAttr = "peakmem.arena_request_rule";

/// "" or the error for an `allocator=` value (malloc | caching).
std::string checkAllocatorOption(llvm::StringRef allocator);

struct ArenaRequest {
  /// Bytes of the arena memref (memref<bytes x i8>).
  int64_t bytes = 0;
  /// Why these bytes ("malloc: the planned size", "caching: ...").
  std::string rule;
  /// The caching allocator's reserved peak of the call's requests with the
  /// planned size and with `bytes` (nullopt: not replayed).
  std::optional<int64_t> reservedPlanned, reservedRequested;
};

/// The request for the arena of `size` bytes aligned to `align` of `fn`,
/// whose recorded plan (allocations carrying peakmem.arena_offset) is not
/// materialized yet. `allocator` is "malloc" (the planned size) or
/// "caching" (the replay above; the planned size when some request cannot
/// be replayed: an allocation outside the arena in a nested block, of an
/// unknown size, or freed through a value not traced to it).
ArenaRequest chooseArenaRequest(mlir::FunctionOpInterface fn,
                                llvm::StringRef allocator, int64_t size,
                                int64_t align);

/// Records `request` on `fn` (kArenaRequestAttr, kArenaRequestRuleAttr).
void recordArenaRequest(mlir::FunctionOpInterface fn,
                        const ArenaRequest &request);

} // namespace peakmem

#endif // PEAKMEM_LIB_TRANSFORMS_ARENAREQUEST_H
