/*
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * The rules of PyTorch's CUDA caching allocator (CachingAllocator.h says
 * what is modeled and what is not). Every rule names the function of
 * c10/cuda/CUDACachingAllocator.cpp it follows; the text read is
 * pytorch/pytorch at commit eb42ad6eca0c (DeviceCachingAllocator). Later
 * versions moved the configuration to c10/core/AllocatorConfig and added
 * max_non_split_rounding_size, whose default (kLargeBuffer, 20 MiB) is the
 * constant used here; with the default max_split_size neither matters.
 *
 * docs/results-caching.md and docs/Execution.md ("Caching allocator")
 * describe the rules in prose; tools/caching_rules.py replays a request trace
 * through the same rules, written again, and the tests compare the two.
 */

#include "CachingAllocator.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The bookkeeping's own memory (blocks, segment records, free lists). */
static void *checked(void *p) {
  if (!p) {
    fprintf(stderr, "peakmem_runtime: out of memory (caching allocator "
                    "bookkeeping)\n");
    abort();
  }
  return p;
}

/* round_size(): "all sizes are rounded to at least 512 bytes": a request
 * below kMinBlockSize is served with 512 bytes, a larger one is rounded up
 * to a multiple of 512 (roundup_power2_divisions is 0 by default, so the
 * power-of-two division branch is not taken). */
uint64_t pmc_round_size(uint64_t size) {
  if (size < PMC_MIN_BLOCK_SIZE)
    return PMC_MIN_BLOCK_SIZE;
  return PMC_MIN_BLOCK_SIZE *
         ((size + PMC_MIN_BLOCK_SIZE - 1) / PMC_MIN_BLOCK_SIZE);
}

/* get_allocation_size(): the segment obtained (cudaMalloc) when no cached
 * block fits: a small request (<= kSmallSize, 1 MiB) gets a kSmallBuffer
 * (2 MiB) segment; one below kMinLargeAlloc (10 MiB) a kLargeBuffer (20 MiB)
 * segment; a larger one its size rounded up to kRoundLarge (2 MiB). */
uint64_t pmc_allocation_size(uint64_t rounded) {
  if (rounded <= PMC_SMALL_SIZE)
    return PMC_SMALL_BUFFER;
  if (rounded < PMC_MIN_LARGE_ALLOC)
    return PMC_LARGE_BUFFER;
  return PMC_ROUND_LARGE * ((rounded + PMC_ROUND_LARGE - 1) / PMC_ROUND_LARGE);
}

/* get_pool(): "Large (>1MB) and small allocations are stored in separate
 * pools" (size <= kSmallSize: small_blocks, else large_blocks). */
int pmc_pool_of(uint64_t rounded) {
  return rounded <= PMC_SMALL_SIZE ? PMC_SMALL : PMC_LARGE;
}

void pmc_init(PmcCache *cache, uint64_t max_split_size, int backed) {
  memset(cache, 0, sizeof(*cache));
  cache->max_split_size = max_split_size;
  cache->backed = backed;
  cache->fill = -1;
  /* Segment addresses: cudaMalloc's are the driver's choice; here the first
   * segment starts at 1 GiB and each next one right after the previous, so
   * best fit's tie-break (the lower address, BlockComparatorSize) prefers
   * the older segment, the same way on every run. */
  cache->next_addr = 1ULL << 30;
}

static void bump(uint64_t *current, uint64_t *peak, uint64_t amount) {
  *current += amount;
  if (*current > *peak)
    *peak = *current;
}

static void pool_insert(PmcPool *pool, PmcBlock *block) {
  if (pool->count == pool->cap) {
    uint64_t cap = pool->cap ? 2 * pool->cap : 64;
    pool->free = (PmcBlock **)checked(
        realloc(pool->free, (size_t)cap * sizeof(PmcBlock *)));
    pool->cap = cap;
  }
  block->slot = pool->count;
  pool->free[pool->count++] = block;
}

static void pool_erase(PmcPool *pool, PmcBlock *block) {
  PmcBlock *last = pool->free[--pool->count];
  pool->free[block->slot] = last;
  last->slot = block->slot;
}

/* get_free_block(): best fit. The pool's set is ordered by (size, address)
 * (BlockComparatorSize) and searched with lower_bound for the rounded size:
 * the smallest cached block at least that large, the lowest address among
 * equals. Then, with max_split_size set: "Do not return an oversized block
 * for a large request" (a request below max_split_size never takes a block
 * of max_split_size or more) and "Allow oversized block size to be rounded
 * up but within a limit" (a request of max_split_size or more takes an
 * oversized block only if it is less than kLargeBuffer larger). Both checks
 * look at the best fit only; failing them means a new segment. */
static PmcBlock *get_free_block(PmcCache *cache, int pool, uint64_t size) {
  PmcPool *p = &cache->pools[pool];
  PmcBlock *best = 0;
  for (uint64_t i = 0; i < p->count; ++i) {
    PmcBlock *b = p->free[i];
    if (b->size < size)
      continue;
    if (!best || b->size < best->size ||
        (b->size == best->size && b->addr < best->addr))
      best = b;
  }
  if (!best)
    return 0;
  uint64_t max_split = cache->max_split_size;
  if (size < max_split && best->size >= max_split)
    return 0;
  if (size >= max_split && best->size >= size + PMC_LARGE_BUFFER)
    return 0;
  pool_erase(p, best);
  return best;
}

/* alloc_block(): no cached block fits, so a new segment of the allocation
 * size is obtained (cudaMalloc) and becomes one free block; reserved_bytes
 * grows by its size (stats.reserved_bytes, stats.segment). */
static PmcBlock *alloc_block(PmcCache *cache, int pool, uint64_t alloc_size) {
  void *mem = 0;
  if (cache->backed) {
    if (posix_memalign(&mem, PMC_MIN_BLOCK_SIZE, (size_t)alloc_size) != 0)
      return 0;
    if (cache->fill >= 0)
      memset(mem, cache->fill, (size_t)alloc_size);
  }
  PmcSegment *seg = (PmcSegment *)checked(calloc(1, sizeof(PmcSegment)));
  PmcBlock *block = (PmcBlock *)checked(calloc(1, sizeof(PmcBlock)));
  seg->mem = (unsigned char *)mem;
  seg->addr = cache->next_addr;
  seg->size = alloc_size;
  seg->pool = pool;
  seg->next = cache->segments;
  cache->segments = seg;
  cache->next_addr += alloc_size;
  block->addr = seg->addr;
  block->size = alloc_size;
  block->pool = pool;
  block->segment = seg;
  seg->first = block;
  cache->stats.segments[pool]++;
  cache->stats.reserved_pool[pool] += alloc_size;
  bump(&cache->stats.reserved, &cache->stats.reserved_peak, alloc_size);
  return block;
}

/* should_split(): whether the rest of the chosen block is split off and
 * cached. Small pool: when at least kMinBlockSize (512) remains. Large
 * pool: only for a request below max_split_size and when more than
 * kSmallSize (1 MiB) remains; otherwise the whole block is handed out (and
 * counted as allocated). */
static int should_split(const PmcCache *cache, const PmcBlock *block,
                        uint64_t size) {
  uint64_t remaining = block->size - size;
  if (block->pool == PMC_SMALL)
    return remaining >= PMC_MIN_BLOCK_SIZE;
  return size < cache->max_split_size && remaining > PMC_SMALL_SIZE;
}

/* alloc_found_block(), splitting: the request takes the front `size` bytes;
 * the remainder, at the higher address, goes back to the pool. */
static void split_block(PmcCache *cache, PmcBlock *block, uint64_t size) {
  PmcBlock *rest = (PmcBlock *)checked(calloc(1, sizeof(PmcBlock)));
  rest->addr = block->addr + size;
  rest->size = block->size - size;
  rest->pool = block->pool;
  rest->segment = block->segment;
  rest->prev = block;
  rest->next = block->next;
  if (rest->next)
    rest->next->prev = rest;
  pool_insert(&cache->pools[rest->pool], rest);
  block->next = rest;
  block->size = size;
  cache->stats.splits++;
}

/* malloc(): round_size, get_pool, get_allocation_size; get_free_block, else
 * alloc_block; should_split / alloc_found_block. allocated_bytes counts the
 * block's size (after the split decision), as alloc_found_block does. */
PmcBlock *pmc_malloc(PmcCache *cache, uint64_t size) {
  if (size == 0 || size > PMC_MAX_REQUEST)
    return 0;
  uint64_t rounded = pmc_round_size(size);
  int pool = pmc_pool_of(rounded);
  PmcBlock *block = get_free_block(cache, pool, rounded);
  if (!block)
    block = alloc_block(cache, pool, pmc_allocation_size(rounded));
  if (!block)
    return 0;
  if (should_split(cache, block, rounded))
    split_block(cache, block, rounded);
  block->allocated = 1;
  block->requested = size;
  PmcStats *s = &cache->stats;
  s->allocs++;
  bump(&s->allocated, &s->allocated_peak, block->size);
  bump(&s->requested, &s->requested_peak, size);
  return block;
}

/* try_merge_blocks(): a free neighbour in the same segment is absorbed. */
static void try_merge(PmcCache *cache, PmcBlock *dst, PmcBlock *src) {
  if (!src || src->allocated)
    return;
  if (dst->prev == src) { /* [src dst] */
    dst->addr = src->addr;
    dst->prev = src->prev;
    if (dst->prev)
      dst->prev->next = dst;
    else
      dst->segment->first = dst;
  } else { /* [dst src] */
    dst->next = src->next;
    if (dst->next)
      dst->next->prev = dst;
  }
  dst->size += src->size;
  pool_erase(&cache->pools[src->pool], src);
  free(src);
  cache->stats.merges++;
}

/* free() / free_block(): allocated_bytes drops by the block's size; the
 * block is merged with its free neighbours (prev, then next) and cached in
 * its pool. Its segment stays reserved: nothing is returned to the system
 * (release_cached_blocks runs only when cudaMalloc fails or on
 * empty_cache(), neither of which happens here). */
void pmc_free(PmcCache *cache, PmcBlock *block) {
  PmcStats *s = &cache->stats;
  block->allocated = 0;
  s->frees++;
  s->allocated -= block->size;
  s->requested -= block->requested;
  block->requested = 0;
  try_merge(cache, block, block->prev);
  try_merge(cache, block, block->next);
  pool_insert(&cache->pools[block->pool], block);
}

unsigned char *pmc_memory(const PmcBlock *block) {
  if (!block->segment->mem)
    return 0;
  return block->segment->mem + (block->addr - block->segment->addr);
}

/* resetPeakStats(): every peak becomes the current value. */
void pmc_reset_peaks(PmcCache *cache) {
  PmcStats *s = &cache->stats;
  s->allocated_peak = s->allocated;
  s->reserved_peak = s->reserved;
  s->requested_peak = s->requested;
}

void pmc_destroy(PmcCache *cache) {
  PmcSegment *seg = cache->segments;
  while (seg) {
    PmcSegment *next = seg->next;
    PmcBlock *b = seg->first;
    while (b) {
      PmcBlock *after = b->next;
      free(b);
      b = after;
    }
    free(seg->mem);
    free(seg);
    seg = next;
  }
  free(cache->pools[PMC_LARGE].free);
  free(cache->pools[PMC_SMALL].free);
  memset(cache, 0, sizeof(*cache));
}
