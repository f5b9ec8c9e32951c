/*
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * A model of PyTorch's CUDA caching allocator on the CPU: the rules of
 * c10/cuda/CUDACachingAllocator.cpp (DeviceCachingAllocator) that decide how
 * many bytes are *reserved* (segments obtained from the system) and
 * *allocated* (blocks handed out, rounded) for a sequence of requests.
 * CachingAllocator.c implements it and cites, rule by rule, the function of
 * that file it follows; CachingRuntime.c puts it behind the
 * `_mlir_memref_to_llvm_*` hooks (`peakmem exec --allocator caching`).
 *
 * One device, one stream, no CUDA graphs, no events (every free is complete
 * at once), default configuration (no expandable segments, no power-of-two
 * rounding divisions, no garbage collection threshold, no memory fraction),
 * except max_split_size, which is a parameter. Segments are never returned
 * to the system: there is no out-of-memory retry and no empty_cache().
 */
#ifndef PEAKMEM_RUNTIME_CACHINGALLOCATOR_H
#define PEAKMEM_RUNTIME_CACHINGALLOCATOR_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The size constants of CUDACachingAllocator.cpp, same names. */
#define PMC_MIN_BLOCK_SIZE 512ULL       /* kMinBlockSize */
#define PMC_SMALL_SIZE 1048576ULL       /* kSmallSize: largest small request */
#define PMC_SMALL_BUFFER 2097152ULL     /* kSmallBuffer: small segments */
#define PMC_LARGE_BUFFER 20971520ULL    /* kLargeBuffer */
#define PMC_MIN_LARGE_ALLOC 10485760ULL /* kMinLargeAlloc */
#define PMC_ROUND_LARGE 2097152ULL      /* kRoundLarge */
#define PMC_NO_MAX_SPLIT UINT64_MAX     /* max_split_size's default */
/* Requests above this many bytes are refused (rounding would overflow). */
#define PMC_MAX_REQUEST (1ULL << 60)

enum { PMC_LARGE = 0, PMC_SMALL = 1 };

typedef struct PmcSegment {
  uint64_t addr;           /* virtual address of its first byte */
  uint64_t size;           /* the allocation size it was obtained with */
  unsigned char *mem;      /* its memory (NULL when not backed) */
  int pool;                /* PMC_SMALL or PMC_LARGE */
  struct PmcBlock *first;  /* its block at the lowest address */
  struct PmcSegment *next; /* all segments, newest first */
} PmcSegment;

typedef struct PmcBlock {
  uint64_t addr;      /* virtual address */
  uint64_t size;      /* bytes of the block (a multiple of 512) */
  uint64_t requested; /* the request it serves; 0 while free */
  int allocated;
  int pool;
  PmcSegment *segment;
  struct PmcBlock *prev; /* neighbours in the segment (split blocks) */
  struct PmcBlock *next;
  uint64_t slot; /* index in its pool's free list while free */
} PmcBlock;

typedef struct PmcPool {
  PmcBlock **free; /* cached free blocks, unordered */
  uint64_t count, cap;
} PmcPool;

typedef struct PmcStats {
  uint64_t allocated, allocated_peak; /* sum of allocated blocks' sizes */
  uint64_t reserved, reserved_peak;   /* sum of segment sizes */
  uint64_t requested, requested_peak; /* sum of allocated blocks' requests */
  uint64_t segments[2];               /* segments per pool */
  uint64_t reserved_pool[2];          /* reserved bytes per pool */
  uint64_t allocs, frees, splits, merges;
} PmcStats;

typedef struct PmcCache {
  PmcPool pools[2]; /* [PMC_LARGE], [PMC_SMALL] */
  PmcSegment *segments;
  uint64_t next_addr; /* the next segment's virtual address */
  uint64_t max_split_size;
  int backed; /* segments get real memory (malloc) */
  int fill;   /* byte a new segment is filled with; -1: none */
  PmcStats stats;
} PmcCache;

/* round_size(): the block size a request of `size` bytes is served with. */
uint64_t pmc_round_size(uint64_t size);
/* get_allocation_size(): the segment size a rounded size is obtained with. */
uint64_t pmc_allocation_size(uint64_t rounded);
/* get_pool(): PMC_SMALL or PMC_LARGE for a rounded size. */
int pmc_pool_of(uint64_t rounded);

/* An empty cache. `max_split_size` in bytes (PMC_NO_MAX_SPLIT: unlimited);
 * `backed`: give segments real memory (0: bookkeeping only, for tests). */
void pmc_init(PmcCache *cache, uint64_t max_split_size, int backed);
/* Serves a request of 0 < size <= PMC_MAX_REQUEST bytes; NULL when the
 * request is out of range or a backed segment cannot be obtained (malloc
 * failed). The bookkeeping's own allocations abort when they fail. */
PmcBlock *pmc_malloc(PmcCache *cache, uint64_t size);
/* Returns an allocated block to its pool (merged with free neighbours). */
void pmc_free(PmcCache *cache, PmcBlock *block);
/* The memory of a block of a backed cache. */
unsigned char *pmc_memory(const PmcBlock *block);
/* resetPeakStats(): peaks := current values. */
void pmc_reset_peaks(PmcCache *cache);
/* Frees every segment and every block, allocated or not (teardown: no block
 * may be used afterwards; not a model of empty_cache). */
void pmc_destroy(PmcCache *cache);

#ifdef __cplusplus
}
#endif

#endif /* PEAKMEM_RUNTIME_CACHINGALLOCATOR_H */
