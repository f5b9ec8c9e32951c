/*
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * peakmem_runtime: the counting heap behind `python -m peakmem exec`.
 *
 * A module lowered with `--finalize-memref-to-llvm=use-generic-functions=true`
 * routes every heap `memref.alloc` / `memref.dealloc` through the three
 * `_mlir_memref_to_llvm_*` hooks defined here. Each block carries a small
 * header in front of the pointer handed out, holding the REQUESTED size, so
 * `free` knows exactly how many bytes to take off the live count. Live and peak
 * bytes are counted by the requested size only: header and malloc slack are
 * not counted (the peakmem memory model counts exactly the requested sizes).
 *
 * The heap also catches memory errors of the program under test:
 *  - a new block is filled with FRESH_BYTE (uninitialized reads are
 *    deterministic);
 *  - a freed block is filled with POISON_BYTE and kept in a quarantine
 *    instead of going back to malloc, so a read after free sees other bits
 *    (the output digest changes) and a write after free is found when the
 *    quarantine is checked (peakmem_end prints `use_after_free_writes: N`);
 *  - a double free, or a free of a pointer this heap did not hand out,
 *    prints `peakmem_runtime: error: ...` and exits with status 3.
 * Quarantined blocks go back to malloc at process exit (or, oldest first,
 * when the quarantine exceeds PEAKMEM_QUARANTINE_BYTES, default 1 GiB).
 *
 * The generated driver (see python/peakmem/execute.py) also calls:
 *   peakmem_begin()                  baseline := live, peak := live
 *   peakmem_end()                    prints peak_bytes / live_bytes_at_end
 *                                    relative to the baseline
 *   peakmem_fill(ptr, n, kind, seed) deterministic input data
 *   peakmem_digest_add(ptr, nbytes)  FNV-1a 64 over all outputs, in order
 *   peakmem_digest_print()           prints output_digest: <16 hex digits>
 * (the last three in DriverData.c, shared with the caching allocator of
 * CachingAllocator.c).
 *
 * docs/Execution.md documents the counting rules, the fill formula and the
 * digest. Stack memory (`memref.alloca`) never reaches these hooks.
 */

#include "RuntimeReport.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PEAKMEM_EXPORT __attribute__((visibility("default")))

/* ------------------------------------------------------------------------ */
/* Counting, poisoning allocator                                             */
/* ------------------------------------------------------------------------ */

/* Header stored immediately before every pointer handed out. 32 bytes keeps
 * the returned pointer 16-byte aligned, like malloc's. */
typedef struct BlockHeader {
  void *base;               /* what malloc returned; passed to free() */
  uint64_t size;            /* requested size: what is counted */
  uint64_t magic;           /* PEAKMEM_MAGIC live, PEAKMEM_FREED quarantined */
  struct BlockHeader *next; /* quarantine FIFO link */
} BlockHeader;

#define PEAKMEM_MAGIC 0x7065616b6d656d21ULL /* "peakmem!" */
#define PEAKMEM_FREED 0x6672656564626c6bULL /* "freedblk" */

/* Every byte of a new block is FRESH_BYTE (reads of uninitialized memory are
 * deterministic); every byte of a freed block is POISON_BYTE while it sits in
 * the quarantine (a read after free sees different bits; a write after free
 * is found when the block leaves the quarantine). */
#define FRESH_BYTE 0xcb
#define POISON_BYTE 0xa5
/* Freed blocks are kept (not returned to malloc) until peakmem_end, process
 * exit, or until the quarantine holds more than this many bytes (then the
 * oldest leave first). PEAKMEM_QUARANTINE_BYTES overrides it. */
#define DEFAULT_QUARANTINE_BYTES (1ULL << 30)
/* At most this many corrupted blocks are described on stderr. */
#define MAX_REPORTS 8

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t g_live = 0;     /* bytes live right now */
static uint64_t g_peak = 0;     /* max of g_live since the last begin */
static uint64_t g_baseline = 0; /* g_live at peakmem_begin */
static uint64_t g_allocs = 0;   /* number of allocations since begin */
static uint64_t g_frees = 0;    /* number of frees since begin */

static BlockHeader *g_q_head = 0, *g_q_tail = 0; /* oldest, newest */
static uint64_t g_q_bytes = 0;
static uint64_t g_q_limit = 0;    /* 0: not read from the environment yet */
static uint64_t g_uaf_writes = 0; /* corrupted blocks found so far */
static uint64_t g_uaf_reported = 0;
static uint64_t g_uaf_at_end = 0; /* g_uaf_writes printed by peakmem_end */

/* Every pointer handed out and not yet returned to malloc (live or in the
 * quarantine): an open-addressing set, so that a free of a foreign pointer
 * is recognized without reading memory in front of it. */
static uintptr_t *g_set = 0;
static uint64_t g_set_cap = 0, g_set_used = 0; /* used: entries + tombstones */
#define SET_EMPTY ((uintptr_t)0)
#define SET_TOMB ((uintptr_t)1)

/* A memory error of the program under test: message, non-zero exit. */
static void fatal(const char *fmt, void *ptr) {
  fflush(stdout);
  fprintf(stderr, "peakmem_runtime: error: ");
  fprintf(stderr, fmt, ptr);
  fprintf(stderr, "\n");
  fflush(stderr);
  _exit(3);
}

static uint64_t set_slot(uintptr_t p) {
  uint64_t h = (uint64_t)p * 0x9e3779b97f4a7c15ULL;
  return (h ^ (h >> 29)) & (g_set_cap - 1);
}

static void set_insert(uintptr_t p);

static void set_grow(void) {
  uintptr_t *old = g_set;
  uint64_t old_cap = g_set_cap;
  g_set_cap = old_cap ? old_cap * 2 : 1024;
  g_set = (uintptr_t *)calloc(g_set_cap, sizeof(uintptr_t));
  if (!g_set) {
    fprintf(stderr, "peakmem_runtime: out of memory (pointer set)\n");
    abort();
  }
  g_set_used = 0;
  for (uint64_t i = 0; i < old_cap; ++i)
    if (old[i] != SET_EMPTY && old[i] != SET_TOMB)
      set_insert(old[i]);
  free(old);
}

static void set_insert(uintptr_t p) {
  if (2 * (g_set_used + 1) > g_set_cap)
    set_grow();
  uint64_t i = set_slot(p);
  while (g_set[i] != SET_EMPTY && g_set[i] != SET_TOMB)
    i = (i + 1) & (g_set_cap - 1);
  if (g_set[i] == SET_EMPTY)
    g_set_used++;
  g_set[i] = p;
}

/* Index of p in the set, or -1. */
static int64_t set_find(uintptr_t p) {
  if (!g_set_cap)
    return -1;
  uint64_t i = set_slot(p);
  while (g_set[i] != SET_EMPTY) {
    if (g_set[i] == p)
      return (int64_t)i;
    i = (i + 1) & (g_set_cap - 1);
  }
  return -1;
}

static void set_erase(uintptr_t p) {
  int64_t i = set_find(p);
  if (i >= 0)
    g_set[i] = SET_TOMB;
}

/* Checks that the poison of a quarantined block is intact; a block written
 * after its free is counted, described on stderr, and poisoned again (so it
 * is counted once). Called with g_lock held. */
static void check_block(BlockHeader *h) {
  unsigned char *p = (unsigned char *)(h + 1);
  uint64_t first = h->size;
  for (uint64_t i = 0; i < h->size; ++i)
    if (p[i] != POISON_BYTE) {
      first = i;
      break;
    }
  if (first == h->size)
    return;
  uint64_t last = first;
  for (uint64_t i = first; i < h->size; ++i)
    if (p[i] != POISON_BYTE)
      last = i;
  g_uaf_writes++;
  if (g_uaf_reported++ < MAX_REPORTS) {
    fprintf(stderr,
            "peakmem_runtime: error: use after free: the block of %" PRIu64
            " bytes at %p was written after it was freed (bytes %" PRIu64
            "..%" PRIu64 " changed)\n",
            h->size, (void *)p, first, last);
    fflush(stderr);
  }
  memset(p, POISON_BYTE, h->size);
}

/* Checks a quarantined block and returns it to malloc. */
static void release_block(BlockHeader *h) {
  check_block(h);
  set_erase((uintptr_t)(h + 1));
  free(h->base);
}

/* Returns the oldest quarantined blocks to malloc until at most `keep` bytes
 * remain. Called with g_lock held. */
static void drain_quarantine(uint64_t keep) {
  while (g_q_head && g_q_bytes > keep) {
    BlockHeader *h = g_q_head;
    g_q_head = h->next;
    if (!g_q_head)
      g_q_tail = 0;
    g_q_bytes -= h->size;
    release_block(h);
  }
  if (keep == 0) {
    /* Blocks of 0 bytes too. */
    while (g_q_head) {
      BlockHeader *h = g_q_head;
      g_q_head = h->next;
      release_block(h);
    }
    g_q_tail = 0;
    g_q_bytes = 0;
  }
}

static uint64_t quarantine_limit(void) {
  if (!g_q_limit) {
    const char *env = getenv("PEAKMEM_QUARANTINE_BYTES");
    g_q_limit = env && *env ? strtoull(env, 0, 10) : DEFAULT_QUARANTINE_BYTES;
    if (!g_q_limit)
      g_q_limit = 1; /* 0 would mean "not read": keep at most one byte */
  }
  return g_q_limit;
}

static void *alloc_block(uint64_t align, uint64_t size) {
  if (align < 16)
    align = 16;
  if (align & (align - 1)) {
    fprintf(stderr,
            "peakmem_runtime: alignment %" PRIu64 " is not a power of two\n",
            align);
    abort();
  }
  /* Room for the header plus worst-case alignment padding. */
  uint64_t total = size + sizeof(BlockHeader) + align;
  if (total < size) {
    fprintf(stderr,
            "peakmem_runtime: allocation of %" PRIu64 " bytes overflows\n",
            size);
    abort();
  }
  char *base = (char *)malloc(total ? total : 1);
  if (!base) {
    fprintf(stderr,
            "peakmem_runtime: out of memory allocating %" PRIu64 " bytes\n",
            size);
    abort();
  }
  uintptr_t p = (uintptr_t)base + sizeof(BlockHeader);
  p = (p + (align - 1)) & ~(uintptr_t)(align - 1);
  BlockHeader *h = (BlockHeader *)p - 1;
  h->base = base;
  h->size = size;
  h->magic = PEAKMEM_MAGIC;
  h->next = 0;
  memset((void *)p, FRESH_BYTE, size);
  pthread_mutex_lock(&g_lock);
  set_insert(p);
  g_live += size;
  if (g_live > g_peak)
    g_peak = g_live;
  g_allocs++;
  pthread_mutex_unlock(&g_lock);
  return (void *)p;
}

PEAKMEM_EXPORT void *_mlir_memref_to_llvm_alloc(uint64_t size) {
  return alloc_block(16, size);
}

PEAKMEM_EXPORT void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment,
                                                        uint64_t size) {
  return alloc_block(alignment, size);
}

PEAKMEM_EXPORT void _mlir_memref_to_llvm_free(void *ptr) {
  if (!ptr)
    return;
  pthread_mutex_lock(&g_lock);
  if (set_find((uintptr_t)ptr) < 0)
    fatal("_mlir_memref_to_llvm_free(%p): pointer was not allocated by "
          "_mlir_memref_to_llvm_alloc (or was freed long before and has "
          "left the quarantine)",
          ptr);
  BlockHeader *h = (BlockHeader *)ptr - 1;
  if (h->magic == PEAKMEM_FREED)
    fatal("_mlir_memref_to_llvm_free(%p): double free", ptr);
  if (h->magic != PEAKMEM_MAGIC)
    fatal("_mlir_memref_to_llvm_free(%p): the block header was overwritten "
          "(a write in front of the buffer)",
          ptr);
  g_live -= h->size;
  g_frees++;
  h->magic = PEAKMEM_FREED;
  h->next = 0;
  memset(ptr, POISON_BYTE, h->size);
  if (g_q_tail)
    g_q_tail->next = h;
  else
    g_q_head = h;
  g_q_tail = h;
  g_q_bytes += h->size;
  uint64_t limit = quarantine_limit();
  if (g_q_bytes > limit)
    drain_quarantine(limit);
  pthread_mutex_unlock(&g_lock);
}

/* Frees what is left in the quarantine at exit (a leak checker sees no
 * block of ours); reports writes after free that happened after
 * peakmem_end. */
__attribute__((destructor)) static void peakmem_runtime_fini(void) {
  pthread_mutex_lock(&g_lock);
  drain_quarantine(0);
  uint64_t late = g_uaf_writes - g_uaf_at_end;
  free(g_set);
  g_set = 0;
  g_set_cap = g_set_used = 0;
  pthread_mutex_unlock(&g_lock);
  pm_fail_on_late_writes(late);
}

/* ------------------------------------------------------------------------ */
/* Measurement window                                                        */
/* ------------------------------------------------------------------------ */

PEAKMEM_EXPORT void peakmem_begin(void) {
  pthread_mutex_lock(&g_lock);
  /* Blocks freed before the call (none, with the generated driver) are
   * checked now so that the count belongs to the call. */
  for (BlockHeader *h = g_q_head; h; h = h->next)
    check_block(h);
  g_uaf_writes = g_uaf_at_end = 0;
  g_uaf_reported = 0;
  g_baseline = g_live;
  g_peak = g_live;
  g_allocs = 0;
  g_frees = 0;
  pthread_mutex_unlock(&g_lock);
}

PEAKMEM_EXPORT void peakmem_end(void) {
  pthread_mutex_lock(&g_lock);
  uint64_t peak = g_peak - g_baseline;
  /* Signed: a function that frees memory it did not allocate would go below
   * the baseline; show that instead of wrapping around. */
  int64_t live = (int64_t)(g_live - g_baseline);
  uint64_t allocs = g_allocs, frees = g_frees;
  /* Every block freed during the call is checked; they stay in the
   * quarantine (a result freed by the call reads as poison in the digest)
   * until process exit. */
  for (BlockHeader *h = g_q_head; h; h = h->next)
    check_block(h);
  uint64_t uaf = g_uaf_at_end = g_uaf_writes;
  pthread_mutex_unlock(&g_lock);
  printf("peak_bytes: %" PRIu64 "\n", peak);
  printf("live_bytes_at_end: %" PRId64 "\n", live);
  printf("alloc_count: %" PRIu64 "\n", allocs);
  printf("free_count: %" PRIu64 "\n", frees);
  printf("use_after_free_writes: %" PRIu64 "\n", uaf);
  fflush(stdout);
}
