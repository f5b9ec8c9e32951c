//===- CachingAllocatorTest.cpp - The caching allocator model, by hand ----===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// lib/Runtime/CachingAllocator.c on request sequences whose allocated and
// reserved bytes are worked out by hand from the rules of PyTorch's
// CUDACachingAllocator.cpp (round_size, get_allocation_size, get_pool,
// get_free_block, should_split, free_block / try_merge_blocks).

#include "CachingAllocator.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

namespace {

constexpr uint64_t KiB = 1024, MiB = 1024 * 1024;

/// An unbacked cache (bookkeeping only), destroyed at the end of the test.
struct Cache {
  PmcCache c;
  explicit Cache(uint64_t maxSplit = PMC_NO_MAX_SPLIT, int backed = 0) {
    pmc_init(&c, maxSplit, backed);
  }
  ~Cache() { pmc_destroy(&c); }
  PmcBlock *alloc(uint64_t size) {
    PmcBlock *b = pmc_malloc(&c, size);
    EXPECT_NE(b, nullptr) << size;
    return b;
  }
  void release(PmcBlock *b) { pmc_free(&c, b); }
  const PmcStats &stats() const { return c.stats; }
};

TEST(CachingAllocator, RoundSizeIsAtLeast512AndAMultipleOf512) {
  EXPECT_EQ(pmc_round_size(1), 512u);
  EXPECT_EQ(pmc_round_size(511), 512u);
  EXPECT_EQ(pmc_round_size(512), 512u);
  EXPECT_EQ(pmc_round_size(513), 1024u);
  EXPECT_EQ(pmc_round_size(60 + 64), 512u); // memref<15xf32> {alignment 64}
  EXPECT_EQ(pmc_round_size(MiB), MiB);
  EXPECT_EQ(pmc_round_size(MiB + 1), MiB + 512);
}

TEST(CachingAllocator, AllocationSizeFollowsTheThreeSizeClasses) {
  // <= 1 MiB: a 2 MiB segment of the small pool.
  EXPECT_EQ(pmc_allocation_size(512), 2 * MiB);
  EXPECT_EQ(pmc_allocation_size(MiB), 2 * MiB);
  EXPECT_EQ(pmc_pool_of(MiB), PMC_SMALL);
  // (1 MiB, 10 MiB): a 20 MiB segment of the large pool.
  EXPECT_EQ(pmc_allocation_size(MiB + 512), 20 * MiB);
  EXPECT_EQ(pmc_pool_of(MiB + 512), PMC_LARGE);
  EXPECT_EQ(pmc_allocation_size(10 * MiB - 512), 20 * MiB);
  // >= 10 MiB: its size rounded up to 2 MiB.
  EXPECT_EQ(pmc_allocation_size(10 * MiB), 10 * MiB);
  EXPECT_EQ(pmc_allocation_size(10 * MiB + 512), 12 * MiB);
  EXPECT_EQ(pmc_allocation_size(24 * MiB + 512), 26 * MiB);
}

TEST(CachingAllocator, SmallRequestsArePackedIntoOneSegment) {
  Cache c;
  // 1000 B -> 1024 B blocks; 2048 of them fill exactly one 2 MiB segment.
  for (int i = 0; i < 2048; ++i)
    c.alloc(1000);
  EXPECT_EQ(c.stats().reserved_peak, 2 * MiB);
  EXPECT_EQ(c.stats().allocated_peak, 2 * MiB);
  EXPECT_EQ(c.stats().requested_peak, 2048u * 1000);
  EXPECT_EQ(c.stats().segments[PMC_SMALL], 1u);
  // The next one opens a second segment.
  c.alloc(1000);
  EXPECT_EQ(c.stats().reserved_peak, 4 * MiB);
}

TEST(CachingAllocator, BestFitTakesTheSmallestCachedBlockAndSplitsIt) {
  Cache c;
  // [a 1024][b 3072][d 1024][rest 2 MiB - 5 KiB]
  PmcBlock *a = c.alloc(1000);
  PmcBlock *b = c.alloc(3000);
  PmcBlock *d = c.alloc(1000);
  uint64_t bAddr = b->addr;
  EXPECT_EQ(b->addr, a->addr + 1024);
  EXPECT_EQ(d->addr, a->addr + 4096);
  c.release(b);
  // 2048 B fits b's 3072 (smaller than the rest): the front 2048 B of it,
  // and 1024 B (>= 512) is split off and cached.
  PmcBlock *e = c.alloc(2048);
  EXPECT_EQ(e->addr, bAddr);
  EXPECT_EQ(e->size, 2048u);
  EXPECT_EQ(c.stats().reserved_peak, 2 * MiB);
  // The 1024 B remainder then serves a 600 B request (rounded to 1024).
  PmcBlock *f = c.alloc(600);
  EXPECT_EQ(f->addr, bAddr + 2048);
  EXPECT_EQ(f->size, 1024u);
}

TEST(CachingAllocator, MidSizeRequestsShareA20MiBSegment) {
  Cache c;
  // 5 MiB requests: the first gets a 20 MiB segment, split (15 MiB > 1 MiB
  // remains); the next three take the remainder, the fourth exactly (0
  // remains: no split); the fifth needs a new 20 MiB segment.
  for (int i = 0; i < 4; ++i)
    c.alloc(5 * MiB);
  EXPECT_EQ(c.stats().reserved_peak, 20 * MiB);
  EXPECT_EQ(c.stats().allocated_peak, 20 * MiB);
  c.alloc(5 * MiB);
  EXPECT_EQ(c.stats().reserved_peak, 40 * MiB);
  EXPECT_EQ(c.stats().allocated_peak, 25 * MiB);
  EXPECT_EQ(c.stats().segments[PMC_LARGE], 2u);
}

TEST(CachingAllocator, LargeRemainderOfAtMost1MiBIsNotSplit) {
  Cache c;
  // 19 MiB + 1 B -> 19 MiB + 512 B, segment 20 MiB; 1 MiB - 512 B remains
  // (<= 1 MiB): the whole segment is handed out and counted as allocated.
  PmcBlock *b = c.alloc(19 * MiB + 1);
  EXPECT_EQ(b->size, 20 * MiB);
  EXPECT_EQ(c.stats().allocated_peak, 20 * MiB);
  EXPECT_EQ(c.stats().requested_peak, 19 * MiB + 1);
  EXPECT_EQ(c.stats().splits, 0u);
  // Exactly 1 MiB remaining is not split either (more than 1 MiB must be).
  Cache e;
  EXPECT_EQ(e.alloc(19 * MiB)->size, 20 * MiB);
  EXPECT_EQ(e.stats().splits, 0u);
  // In the small pool a 512 B remainder is split: 2 MiB - 512 B requested.
  Cache s;
  PmcBlock *t = s.alloc(MiB);
  EXPECT_EQ(t->size, MiB);
  PmcBlock *u = s.alloc(MiB - 512);
  EXPECT_EQ(u->size, MiB - 512);
  EXPECT_EQ(s.stats().splits, 2u);
  EXPECT_EQ(s.stats().reserved_peak, 2 * MiB);
}

TEST(CachingAllocator, FreedSegmentsDoNotMergeAcrossSegments) {
  Cache c;
  // Two 12 MiB buffers (two 12 MiB segments), both freed, then one of
  // 24 MiB: 24 MiB are cached but in two segments, so a third segment is
  // needed. Live bytes never exceed 24 MiB; reserved is 48 MiB.
  PmcBlock *u = c.alloc(12 * MiB);
  PmcBlock *v = c.alloc(12 * MiB);
  c.release(u);
  c.release(v);
  EXPECT_EQ(c.stats().allocated, 0u);
  EXPECT_EQ(c.stats().reserved, 24 * MiB);
  c.alloc(24 * MiB);
  EXPECT_EQ(c.stats().requested_peak, 24 * MiB);
  EXPECT_EQ(c.stats().reserved_peak, 48 * MiB);
  // In the other order the 24 MiB segment is reused, split in two halves
  // (12 MiB remains > 1 MiB): reserved 24 MiB.
  Cache d;
  d.release(d.alloc(24 * MiB));
  d.alloc(12 * MiB);
  d.alloc(12 * MiB);
  EXPECT_EQ(d.stats().reserved_peak, 24 * MiB);
}

TEST(CachingAllocator, FreeBlocksMergeWithTheirNeighbours) {
  Cache c;
  // Three 5 MiB blocks of one 20 MiB segment, then [5 MiB rest].
  PmcBlock *a = c.alloc(5 * MiB);
  PmcBlock *b = c.alloc(5 * MiB);
  PmcBlock *d = c.alloc(5 * MiB);
  uint64_t base = a->addr;
  c.release(b);
  c.release(a); // merges with b: one free block of 10 MiB at the base
  // 10 MiB: best fit is the merged block (the 5 MiB rest is too small).
  PmcBlock *e = c.alloc(10 * MiB);
  EXPECT_EQ(e->addr, base);
  EXPECT_EQ(c.stats().reserved_peak, 20 * MiB);
  EXPECT_EQ(c.stats().merges, 1u);
  // Freeing everything leaves one free block: the whole segment.
  c.release(e);
  c.release(d);
  EXPECT_EQ(c.c.pools[PMC_LARGE].count, 1u);
  EXPECT_EQ(c.c.pools[PMC_LARGE].free[0]->size, 20 * MiB);
  EXPECT_EQ(c.stats().reserved, 20 * MiB); // never returned
}

TEST(CachingAllocator, SmallAndLargePoolsAreSeparate) {
  Cache c;
  // A free 2 MiB small segment cannot serve a 1.5 MiB (large) request.
  c.release(c.alloc(1000));
  c.alloc(MiB + MiB / 2);
  EXPECT_EQ(c.stats().reserved_peak, 22 * MiB);
  EXPECT_EQ(c.stats().reserved_pool[PMC_SMALL], 2 * MiB);
  EXPECT_EQ(c.stats().reserved_pool[PMC_LARGE], 20 * MiB);
}

TEST(CachingAllocator, EqualFitsGoToTheLowerAddress) {
  Cache c;
  PmcBlock *a = c.alloc(12 * MiB);
  PmcBlock *b = c.alloc(12 * MiB);
  ASSERT_LT(a->addr, b->addr);
  uint64_t first = a->addr;
  c.release(b);
  c.release(a);
  EXPECT_EQ(c.alloc(12 * MiB)->addr, first);
}

TEST(CachingAllocator, MaxSplitSizeKeepsOversizeBlocksWhole) {
  Cache c(40 * MiB);
  // A 50 MiB segment (oversize: >= max_split_size), freed.
  c.release(c.alloc(50 * MiB));
  // A 30 MiB request must not take an oversize block: a new 30 MiB segment.
  PmcBlock *m = c.alloc(30 * MiB);
  EXPECT_EQ(m->size, 30 * MiB);
  EXPECT_EQ(c.stats().reserved, 80 * MiB);
  c.release(m);
  // 45 MiB (oversize) takes the 50 MiB block (less than 45 + 20 MiB),
  // unsplit: allocated counts 50 MiB.
  PmcBlock *o = c.alloc(45 * MiB);
  EXPECT_EQ(o->size, 50 * MiB);
  EXPECT_EQ(c.stats().allocated, 50 * MiB);
  EXPECT_EQ(c.stats().reserved, 80 * MiB);
  // Without max_split_size the 30 MiB request would have split the 50 MiB
  // block (20 MiB remain > 1 MiB).
  Cache d;
  d.release(d.alloc(50 * MiB));
  EXPECT_EQ(d.alloc(30 * MiB)->size, 30 * MiB);
  EXPECT_EQ(d.stats().reserved, 50 * MiB);
}

TEST(CachingAllocator, OversizeRequestRefusesABlockTooMuchLarger) {
  Cache c(40 * MiB);
  c.release(c.alloc(70 * MiB));
  // 45 MiB + 20 MiB <= 70 MiB: the cached block is too large; new segment.
  c.alloc(45 * MiB);
  EXPECT_EQ(c.stats().reserved, 116 * MiB);
  // The limit itself: 46 MiB + 20 MiB == 66 MiB is refused too.
  Cache d(40 * MiB);
  d.release(d.alloc(66 * MiB));
  d.alloc(46 * MiB);
  EXPECT_EQ(d.stats().reserved, 112 * MiB);
  // One 2 MiB step below it (64 MiB cached), the block is taken whole.
  Cache e(40 * MiB);
  e.release(e.alloc(64 * MiB));
  EXPECT_EQ(e.alloc(46 * MiB)->size, 64 * MiB);
  EXPECT_EQ(e.stats().reserved, 64 * MiB);
}

TEST(CachingAllocator, OneArenaRequestReservesItsAllocationSize) {
  Cache c;
  // An arena of 24 MiB requested with its 64 B alignment padding:
  // 24 MiB + 64 -> 24 MiB + 512 -> a 26 MiB segment (rounded to 2 MiB).
  c.alloc(24 * MiB + 64);
  EXPECT_EQ(c.stats().allocated_peak, 24 * MiB + 512);
  EXPECT_EQ(c.stats().reserved_peak, 26 * MiB);
}

TEST(CachingAllocator, BackedBlocksAreAlignedDisjointMemory) {
  Cache c(PMC_NO_MAX_SPLIT, /*backed=*/1);
  c.c.fill = 0xa5;
  PmcBlock *a = c.alloc(100);
  PmcBlock *b = c.alloc(3 * KiB);
  unsigned char *pa = pmc_memory(a), *pb = pmc_memory(b);
  ASSERT_NE(pa, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(pa) % 512, 0u);
  EXPECT_EQ(pb - pa, 512);
  EXPECT_EQ(pa[0], 0xa5); // a new segment is filled
  std::memset(pa, 1, 512);
  std::memset(pb, 2, 3 * KiB);
  EXPECT_EQ(pa[511], 1);
  c.release(a);
  // The freed block is served again for the same size.
  EXPECT_EQ(pmc_memory(c.alloc(200)), pa);
}

TEST(CachingAllocator, RejectsEmptyAndHugeRequests) {
  Cache c;
  EXPECT_EQ(pmc_malloc(&c.c, 0), nullptr);
  EXPECT_EQ(pmc_malloc(&c.c, PMC_MAX_REQUEST + 1), nullptr);
  EXPECT_EQ(c.stats().reserved, 0u);
}

} // namespace
