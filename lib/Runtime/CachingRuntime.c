/*
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * peakmem_caching_runtime: the heap behind
 * `python -m peakmem exec --allocator caching`. The same hooks as
 * CountingAllocator.c (`_mlir_memref_to_llvm_alloc` / `_aligned_alloc` /
 * `_free`, `peakmem_begin` / `peakmem_end`), but every heap allocation the
 * call under test makes is served by the model of PyTorch's CUDA caching
 * allocator of CachingAllocator.c, in real memory: buffers are blocks of
 * cached segments, reused after their free, and segments are never returned.
 *
 * peakmem_end prints what the counting runtime prints (peak_bytes is the
 * same figure: the peak of the requested bytes live, what the peakmem model
 * predicts) and then the allocator's own peaks:
 *   allocated_peak_bytes  peak of the allocated blocks' sizes (rounded;
 *                         torch.cuda.max_memory_allocated)
 *   reserved_peak_bytes   peak of the segments' sizes
 *                         (torch.cuda.max_memory_reserved)
 *   small_segments, large_segments, reserved_small_bytes,
 *   reserved_large_bytes  the segments by pool
 * The cache is empty at peakmem_begin: the driver's inputs (allocated
 * before) and whatever is allocated after peakmem_end come from malloc.
 *
 * Memory errors: a new segment is filled with POISON_BYTE and a freed block
 * is poisoned again, so every cached free byte is POISON_BYTE. A write after
 * free is found when the memory is handed out again or at peakmem_end (all
 * cached free blocks are checked); a double free or a foreign pointer stops
 * the run with exit status 3, like the counting runtime. A read after free
 * sees the poison or, once the memory is reused, another buffer's bytes.
 *
 * PEAKMEM_CACHING_TRACE=FILE writes the call's requests to FILE, one line
 * each: `a ID BYTES` (BYTES as requested from the allocator; 0 bypasses it)
 * and `f ID`. PEAKMEM_CACHING_MAX_SPLIT_MB=N sets max_split_size
 * (PYTORCH_CUDA_ALLOC_CONF's max_split_size_mb; N >= 20; default unlimited).
 */

#include "CachingAllocator.h"

#include "RuntimeReport.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PEAKMEM_EXPORT __attribute__((visibility("default")))
#define FRESH_BYTE 0xcb  /* as CountingAllocator.c */
#define POISON_BYTE 0xa5 /* as CountingAllocator.c */
#define MAX_REPORTS 8

/* One pointer handed out: a block of the cache (inside the measurement
 * window) or a malloc block (outside it, or a request of 0 bytes). */
typedef struct Handle {
  PmcBlock *block;
  void *base;     /* malloc's pointer when block is NULL */
  uint64_t bytes; /* the size counted as live */
  uint64_t id;    /* 1 + its index in the trace; 0: not traced */
} Handle;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static PmcCache g_cache;
static int g_ready = 0;
static int g_window = 0; /* between peakmem_begin and peakmem_end */
static uint64_t g_live = 0, g_peak = 0, g_baseline = 0;
static uint64_t g_allocs = 0, g_frees = 0, g_next_id = 0;
static uint64_t g_uaf = 0, g_uaf_at_end = 0, g_uaf_reported = 0;
static FILE *g_trace = 0;

/* Pointer -> Handle: open addressing, like CountingAllocator.c's set. */
typedef struct Slot {
  uintptr_t key; /* 0 empty, 1 tombstone */
  Handle *handle;
} Slot;
static Slot *g_map = 0;
static uint64_t g_map_cap = 0, g_map_used = 0;

static void fatal(const char *fmt, void *ptr) {
  fflush(stdout);
  fprintf(stderr, "peakmem_runtime: error: ");
  fprintf(stderr, fmt, ptr);
  fprintf(stderr, "\n");
  fflush(stderr);
  _exit(3);
}

static void out_of_memory(uint64_t size) {
  fprintf(stderr,
          "peakmem_runtime: out of memory allocating %" PRIu64 " bytes\n",
          size);
  abort();
}

static uint64_t map_slot(uintptr_t p) {
  uint64_t h = (uint64_t)p * 0x9e3779b97f4a7c15ULL;
  return (h ^ (h >> 29)) & (g_map_cap - 1);
}

static void map_insert(uintptr_t p, Handle *h);

static void map_grow(void) {
  Slot *old = g_map;
  uint64_t old_cap = g_map_cap;
  g_map_cap = old_cap ? 2 * old_cap : 1024;
  g_map = (Slot *)calloc(g_map_cap, sizeof(Slot));
  if (!g_map)
    out_of_memory(g_map_cap * sizeof(Slot));
  g_map_used = 0;
  for (uint64_t i = 0; i < old_cap; ++i)
    if (old[i].key > 1)
      map_insert(old[i].key, old[i].handle);
  free(old);
}

static void map_insert(uintptr_t p, Handle *h) {
  if (2 * (g_map_used + 1) > g_map_cap)
    map_grow();
  uint64_t i = map_slot(p);
  while (g_map[i].key > 1)
    i = (i + 1) & (g_map_cap - 1);
  if (g_map[i].key == 0)
    g_map_used++;
  g_map[i].key = p;
  g_map[i].handle = h;
}

/* Removes p and returns its handle, or NULL when p was not handed out. */
static Handle *map_take(uintptr_t p) {
  if (!g_map_cap)
    return 0;
  for (uint64_t i = map_slot(p); g_map[i].key != 0;
       i = (i + 1) & (g_map_cap - 1))
    if (g_map[i].key == p) {
      g_map[i].key = 1;
      return g_map[i].handle;
    }
  return 0;
}

static uint64_t max_split_from_env(void) {
  const char *env = getenv("PEAKMEM_CACHING_MAX_SPLIT_MB");
  if (!env || !*env)
    return PMC_NO_MAX_SPLIT;
  char *end = 0;
  unsigned long long mb = strtoull(env, &end, 10);
  /* parseMaxSplitSize: at least kLargeBuffer / 1 MiB. */
  if (*end || mb < PMC_LARGE_BUFFER >> 20 || mb > (PMC_MAX_REQUEST >> 20)) {
    fprintf(stderr,
            "peakmem_runtime: PEAKMEM_CACHING_MAX_SPLIT_MB=%s: expected an "
            "integer number of MiB >= 20\n",
            env);
    abort();
  }
  return (uint64_t)mb << 20;
}

static void ensure_ready(void) {
  if (g_ready)
    return;
  pmc_init(&g_cache, max_split_from_env(), 1);
  g_cache.fill = POISON_BYTE;
  g_ready = 1;
}

/* Counts (and describes, the first few) a run of `size` cached free bytes
 * at p that are no longer all poison. */
static void check_poison(const unsigned char *p, uint64_t size) {
  uint64_t first = size, last = 0;
  for (uint64_t i = 0; i < size; ++i)
    if (p[i] != POISON_BYTE) {
      if (first == size)
        first = i;
      last = i;
    }
  if (first == size)
    return;
  g_uaf++;
  if (g_uaf_reported++ < MAX_REPORTS) {
    fprintf(stderr,
            "peakmem_runtime: error: use after free: the cached free block of "
            "%" PRIu64 " bytes at %p was written after it was freed (bytes "
            "%" PRIu64 "..%" PRIu64 " changed)\n",
            size, (const void *)p, first, last);
    fflush(stderr);
  }
  memset((void *)p, POISON_BYTE, (size_t)size);
}

static void check_cached_blocks(void) {
  for (int pool = 0; pool < 2; ++pool) {
    PmcPool *p = &g_cache.pools[pool];
    for (uint64_t i = 0; i < p->count; ++i)
      check_poison(pmc_memory(p->free[i]), p->free[i]->size);
  }
}

/* A block of the cache for `size` bytes aligned to `align` (<= 512: every
 * block is; above, the request grows by `align`, as the lowering pads an
 * aligned alloc). */
static void *cache_alloc(Handle *h, uint64_t align, uint64_t size) {
  uint64_t request = align <= PMC_MIN_BLOCK_SIZE ? size : size + align;
  if (request < size || request > PMC_MAX_REQUEST)
    out_of_memory(size);
  PmcBlock *b = pmc_malloc(&g_cache, request);
  if (!b)
    out_of_memory(request);
  unsigned char *mem = pmc_memory(b);
  check_poison(mem, b->size);
  uintptr_t p = ((uintptr_t)mem + (align - 1)) & ~(uintptr_t)(align - 1);
  memset((void *)p, FRESH_BYTE, (size_t)size);
  h->block = b;
  if (g_trace)
    fprintf(g_trace, "a %" PRIu64 " %" PRIu64 "\n", h->id, request);
  return (void *)p;
}

static void *malloc_alloc(Handle *h, uint64_t align, uint64_t size) {
  if (align < sizeof(void *))
    align = sizeof(void *);
  void *mem = 0;
  if (posix_memalign(&mem, (size_t)align, size ? (size_t)size : 1) != 0)
    out_of_memory(size);
  memset(mem, FRESH_BYTE, (size_t)size);
  h->base = mem;
  if (g_trace && h->id)
    fprintf(g_trace, "a %" PRIu64 " 0\n", h->id);
  return mem;
}

static void *alloc_hook(uint64_t align, uint64_t size) {
  if (align < 16)
    align = 16;
  if (align & (align - 1)) {
    fprintf(stderr,
            "peakmem_runtime: alignment %" PRIu64 " is not a power of two\n",
            align);
    abort();
  }
  Handle *h = (Handle *)calloc(1, sizeof(Handle));
  if (!h)
    out_of_memory(sizeof(Handle));
  h->bytes = size;
  pthread_mutex_lock(&g_lock);
  ensure_ready();
  if (g_window)
    h->id = ++g_next_id;
  void *p = g_window && size ? cache_alloc(h, align, size)
                             : malloc_alloc(h, align, size);
  map_insert((uintptr_t)p, h);
  g_live += size;
  if (g_live > g_peak)
    g_peak = g_live;
  g_allocs++;
  pthread_mutex_unlock(&g_lock);
  return p;
}

PEAKMEM_EXPORT void *_mlir_memref_to_llvm_alloc(uint64_t size) {
  return alloc_hook(16, size);
}

PEAKMEM_EXPORT void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment,
                                                        uint64_t size) {
  return alloc_hook(alignment, size);
}

PEAKMEM_EXPORT void _mlir_memref_to_llvm_free(void *ptr) {
  if (!ptr)
    return;
  pthread_mutex_lock(&g_lock);
  Handle *h = map_take((uintptr_t)ptr);
  if (!h)
    fatal("_mlir_memref_to_llvm_free(%p): double free, or a pointer not "
          "allocated by _mlir_memref_to_llvm_alloc",
          ptr);
  g_live -= h->bytes;
  g_frees++;
  if (g_trace && h->id)
    fprintf(g_trace, "f %" PRIu64 "\n", h->id);
  if (h->block) {
    memset(pmc_memory(h->block), POISON_BYTE, (size_t)h->block->size);
    pmc_free(&g_cache, h->block);
  } else {
    memset(h->base, POISON_BYTE, (size_t)h->bytes);
    free(h->base);
  }
  free(h);
  pthread_mutex_unlock(&g_lock);
}

PEAKMEM_EXPORT void peakmem_begin(void) {
  pthread_mutex_lock(&g_lock);
  ensure_ready();
  check_cached_blocks();
  g_uaf = g_uaf_at_end = g_uaf_reported = 0;
  g_baseline = g_peak = g_live;
  g_allocs = g_frees = 0;
  pmc_reset_peaks(&g_cache);
  const char *path = getenv("PEAKMEM_CACHING_TRACE");
  if (path && *path && !g_trace) {
    g_trace = fopen(path, "w");
    if (!g_trace) {
      fprintf(stderr, "peakmem_runtime: cannot write %s\n", path);
      abort();
    }
    fprintf(g_trace, "# peakmem caching trace: max_split_size %" PRIu64 "\n",
            g_cache.max_split_size);
  }
  g_window = 1;
  pthread_mutex_unlock(&g_lock);
}

PEAKMEM_EXPORT void peakmem_end(void) {
  pthread_mutex_lock(&g_lock);
  g_window = 0;
  check_cached_blocks();
  g_uaf_at_end = g_uaf;
  if (g_trace) {
    fclose(g_trace);
    g_trace = 0;
  }
  PmcStats s = g_cache.stats;
  uint64_t peak = g_peak - g_baseline;
  int64_t live = (int64_t)(g_live - g_baseline);
  uint64_t allocs = g_allocs, frees = g_frees, uaf = g_uaf;
  pthread_mutex_unlock(&g_lock);
  printf("peak_bytes: %" PRIu64 "\n", peak);
  printf("live_bytes_at_end: %" PRId64 "\n", live);
  printf("alloc_count: %" PRIu64 "\n", allocs);
  printf("free_count: %" PRIu64 "\n", frees);
  printf("use_after_free_writes: %" PRIu64 "\n", uaf);
  printf("allocator: caching\n");
  printf("allocated_peak_bytes: %" PRIu64 "\n", s.allocated_peak);
  printf("reserved_peak_bytes: %" PRIu64 "\n", s.reserved_peak);
  printf("small_segments: %" PRIu64 "\n", s.segments[PMC_SMALL]);
  printf("large_segments: %" PRIu64 "\n", s.segments[PMC_LARGE]);
  printf("reserved_small_bytes: %" PRIu64 "\n", s.reserved_pool[PMC_SMALL]);
  printf("reserved_large_bytes: %" PRIu64 "\n", s.reserved_pool[PMC_LARGE]);
  fflush(stdout);
}

/* At exit: writes after free since peakmem_end are reported (exit status 3);
 * then every segment and malloc block goes back to the system. */
__attribute__((destructor)) static void caching_runtime_fini(void) {
  pthread_mutex_lock(&g_lock);
  uint64_t late = 0;
  if (g_ready) {
    check_cached_blocks();
    late = g_uaf - g_uaf_at_end;
    pmc_destroy(&g_cache);
    g_ready = 0;
  }
  for (uint64_t i = 0; i < g_map_cap; ++i)
    if (g_map[i].key > 1) {
      free(g_map[i].handle->base);
      free(g_map[i].handle);
    }
  free(g_map);
  g_map = 0;
  g_map_cap = g_map_used = 0;
  pthread_mutex_unlock(&g_lock);
  pm_fail_on_late_writes(late);
}

/* Replays a request trace through a fresh, unbacked cache (for tools and
 * tests: tools/caching_rules.py compares its own replay with this one).
 * ops[i] > 0 requests ops[i] bytes; ops[i] == 0 frees request j where
 * frees[i] == j (an index into ops). out[0..7]: allocated_peak,
 * reserved_peak, requested_peak, small segments, large segments, reserved
 * small bytes, reserved large bytes, splits. Returns 0, or -1 on a bad
 * trace (a free of a non-request, a double free). */
PEAKMEM_EXPORT int peakmem_caching_replay(const uint64_t *ops,
                                          const uint64_t *frees, uint64_t n,
                                          uint64_t max_split_size,
                                          uint64_t *out) {
  PmcCache cache;
  pmc_init(&cache, max_split_size, 0);
  PmcBlock **blocks = (PmcBlock **)calloc(n ? n : 1, sizeof(PmcBlock *));
  int status = blocks ? 0 : -1;
  for (uint64_t i = 0; i < n && status == 0; ++i) {
    if (ops[i]) {
      blocks[i] = pmc_malloc(&cache, ops[i]);
      status = blocks[i] ? 0 : -1;
    } else if (frees[i] < n && blocks[frees[i]]) {
      pmc_free(&cache, blocks[frees[i]]);
      blocks[frees[i]] = 0;
    } else {
      status = -1;
    }
  }
  PmcStats *s = &cache.stats;
  uint64_t stats[8] = {s->allocated_peak,           s->reserved_peak,
                       s->requested_peak,           s->segments[PMC_SMALL],
                       s->segments[PMC_LARGE],      s->reserved_pool[PMC_SMALL],
                       s->reserved_pool[PMC_LARGE], s->splits};
  memcpy(out, stats, sizeof(stats));
  free(blocks);
  pmc_destroy(&cache);
  return status;
}
