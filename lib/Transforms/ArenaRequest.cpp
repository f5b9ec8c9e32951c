//===- ArenaRequest.cpp - How many bytes the arena is requested with ------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// allocator=caching (ArenaRequest.h): the candidates are the planned size
// and the two sizes at which the caching allocator's segment classes jump
// down (lib/Runtime/CachingAllocator.c, get_allocation_size):
//
//   - 1 MiB + 1 B, the smallest large-pool request, for an arena that fits
//     the small pool: its 20 MiB segment can also serve the large requests
//     made after it (an escaping output of 4 MiB fits its tail), where a
//     small arena takes a 2 MiB small segment and the output a 20 MiB one;
//   - 10 MiB (kMinLargeAlloc), for an arena below it: a segment of exactly
//     10 MiB instead of 20 MiB.
//
// Each candidate is replayed with every other request of the call through
// the C model itself (PeakMemCachingModel, no memory behind the segments),
// so the rule and the runtime `peakmem exec --allocator caching` measures
// with are one code.
//
//===----------------------------------------------------------------------===//

#include "ArenaRequest.h"
#include "CachingAllocator.h"
#include "peakmem/Analysis/OpCost.h"
#include "peakmem/Transforms/AttrNames.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "peakmem-plan-arena"

using namespace mlir;
using namespace peakmem;

namespace {

/// One request of the call outside the arena, or the free of one.
struct Event {
  bool alloc;
  uint64_t bytes;
  unsigned id;
};

} // namespace

std::string peakmem::checkAllocatorOption(StringRef allocator) {
  if (allocator == "malloc" || allocator == "caching")
    return {};
  return ("unknown allocator='" + allocator + "' (malloc | caching)").str();
}

/// The allocation `v` is a view, cast or the buffer of, or null.
static Operation *rootAllocation(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (isa<memref::AllocOp>(def))
      return def;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return nullptr;
    v = view.getViewSource();
  }
  return nullptr;
}

/// Whether `op` allocates heap memory by another op than memref.alloc
/// (memref.realloc, bufferization.clone, ...): not replayed.
static bool allocatesOtherwise(Operation *op) {
  if (isa<memref::AllocOp>(op))
    return false;
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  return llvm::any_of(effects, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Allocate>(e.getEffect()) &&
           !isa<SideEffects::AutomaticAllocationScopeResource>(e.getResource());
  });
}

/// Whether a nested op of `op` allocates or frees outside the arena.
static bool nestedRequest(Operation *op) {
  bool found = false;
  for (Region &region : op->getRegions())
    region.walk([&](Operation *inner) {
      if (auto free = dyn_cast<memref::DeallocOp>(inner)) {
        Operation *root = rootAllocation(free.getMemref());
        found |= !root || !root->hasAttr(kArenaOffsetAttr);
      } else if (isa<memref::AllocOp>(inner)) {
        found |= !inner->hasAttr(kArenaOffsetAttr);
      } else {
        found |= allocatesOtherwise(inner);
      }
    });
  return found;
}

/// The requests and frees of `fn` outside its arena in program order, or
/// why they cannot be replayed.
static std::string traceRequests(FunctionOpInterface fn,
                                 SmallVectorImpl<Event> &events) {
  DenseMap<Operation *, unsigned> ids;
  DenseSet<Operation *> weightless;
  for (Operation &op : fn.getFunctionBody().front()) {
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      if (op.hasAttr(kArenaOffsetAttr))
        continue;
      std::optional<int64_t> bytes = allocationBytes(alloc.getResult());
      if (!bytes)
        return "an allocation outside the arena of unknown size";
      if (*bytes == 0) {
        weightless.insert(&op);
        continue;
      }
      unsigned id = ids.size();
      ids[&op] = id;
      events.push_back({true, static_cast<uint64_t>(*bytes), id});
    } else if (auto free = dyn_cast<memref::DeallocOp>(op)) {
      Operation *root = rootAllocation(free.getMemref());
      if (root && (root->hasAttr(kArenaOffsetAttr) || weightless.count(root)))
        continue;
      auto it = root ? ids.find(root) : ids.end();
      if (it == ids.end())
        return "a free not traced to its allocation";
      events.push_back({false, 0, it->second});
    } else if (allocatesOtherwise(&op)) {
      return ("an allocation by '" + op.getName().getStringRef() + "'").str();
    } else if (nestedRequest(&op)) {
      return "allocations outside the arena in a nested block";
    }
  }
  return {};
}

/// The caching allocator's reserved peak when the arena is requested with
/// `arenaBytes` bytes before `events`; nullopt when a request is refused.
static std::optional<int64_t> replay(uint64_t arenaBytes,
                                     ArrayRef<Event> events) {
  PmcCache cache;
  pmc_init(&cache, PMC_NO_MAX_SPLIT, /*backed=*/0);
  bool ok = arenaBytes <= PMC_MAX_REQUEST && pmc_malloc(&cache, arenaBytes);
  std::vector<PmcBlock *> blocks(events.size(), nullptr);
  for (const Event &e : events) {
    if (!ok)
      break;
    if (!e.alloc) {
      if (blocks[e.id])
        pmc_free(&cache, blocks[e.id]);
      blocks[e.id] = nullptr;
      continue;
    }
    blocks[e.id] =
        e.bytes <= PMC_MAX_REQUEST ? pmc_malloc(&cache, e.bytes) : nullptr;
    ok = blocks[e.id] != nullptr;
  }
  uint64_t reserved = cache.stats.reserved_peak;
  pmc_destroy(&cache);
  if (!ok || reserved > uint64_t(INT64_MAX))
    return std::nullopt;
  return static_cast<int64_t>(reserved);
}

/// The rule naming the request of `target` bytes (`planned`: no padding).
static std::string ruleOf(uint64_t target, uint64_t planned) {
  if (target == planned)
    return "caching: the planned size reserves least";
  if (target == PMC_SMALL_SIZE + 1)
    return "caching: padded to 1 MiB + 1 B, a large-pool request whose "
           "20 MiB segment also serves the large requests after it";
  return "caching: padded to 10 MiB (kMinLargeAlloc), a segment of its own "
         "size instead of 20 MiB";
}

ArenaRequest peakmem::chooseArenaRequest(FunctionOpInterface fn,
                                         StringRef allocator, int64_t size,
                                         int64_t align) {
  ArenaRequest request{size, "malloc: the planned size", {}, {}};
  if (allocator != "caching")
    return request;
  auto type = MemRefType::get({size}, IntegerType::get(fn.getContext(), 8));
  std::optional<int64_t> planned = heapBytes(type, align);
  SmallVector<Event> events;
  std::string why = traceRequests(fn, events);
  std::optional<int64_t> reserved =
      why.empty() && planned ? replay(*planned, events) : std::nullopt;
  if (!reserved) {
    request.rule = "caching: the planned size (not replayed: " +
                   (why.empty() ? std::string("a request out of range") : why) +
                   ")";
    return request;
  }
  request.reservedPlanned = request.reservedRequested = reserved;
  request.rule = ruleOf(*planned, *planned);
  const uint64_t base = static_cast<uint64_t>(*planned);
  for (uint64_t target : {PMC_SMALL_SIZE + 1, PMC_MIN_LARGE_ALLOC}) {
    if (target <= base || pmc_round_size(base) >= PMC_MIN_LARGE_ALLOC)
      continue;
    std::optional<int64_t> r = replay(target, events);
    if (!r || *r >= *request.reservedRequested)
      continue;
    request.bytes = size + static_cast<int64_t>(target - base);
    request.reservedRequested = r;
    request.rule = ruleOf(target, base);
  }
  LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE << ": '" << fn.getName() << "' arena "
                          << size << " requested as " << request.bytes
                          << " bytes, reserved " << *request.reservedPlanned
                          << " -> " << *request.reservedRequested << " ("
                          << events.size() << " other events)\n");
  return request;
}

void peakmem::recordArenaRequest(FunctionOpInterface fn,
                                 const ArenaRequest &request) {
  Builder b(fn.getContext());
  fn->setAttr(kArenaRequestAttr, b.getI64IntegerAttr(request.bytes));
  fn->setAttr(kArenaRequestRuleAttr, b.getStringAttr(request.rule));
}
