# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""PyTorch's CUDA caching allocator, written a second time: the rules of
lib/Runtime/CachingAllocator.c (each there with the function of
c10/cuda/CUDACachingAllocator.cpp it follows), independently in Python, to
replay the request trace a run of `peakmem exec --allocator caching` writes
(PEAKMEM_CACHING_TRACE) and to explain its reserved bytes.

`replay(ops)` serves the requests in order and records, for every segment it
obtains, the state right after that request: bytes live (requested),
allocated (rounded blocks), and cached free bytes in the new segment's tail,
in the other segments of the same pool and in the other pool. Segments are
never returned, so reserved bytes only grow: the reserved peak is the
reserved total right after the last segment was obtained, and at that moment

    reserved = live + (allocated - live) + tail + same_pool + other_pool

exactly. `explain()` turns that identity into the gap between the modeled
(live) peak and the reserved peak:

    reserved - modeled peak = rounding + tail + same_pool + other_pool
                              - (modeled peak - live at the last segment)

rounding: 512 B rounding and large blocks handed out unsplit (remainder of
at most 1 MiB); tail: the part of the last segment its request left cached
(2 MiB small segments, 20 MiB segments for 1-10 MiB requests, 2 MiB
rounding above); same_pool: cached free bytes of the same pool, none of them
a block that fits (history: frees scattered over segments that never merge);
other_pool: cached free bytes of the other pool (small and large requests
never share segments).
"""

import dataclasses
from typing import Dict, List, Optional, Tuple

MIN_BLOCK_SIZE = 512          # kMinBlockSize
SMALL_SIZE = 1 << 20          # kSmallSize
SMALL_BUFFER = 2 << 20        # kSmallBuffer
LARGE_BUFFER = 20 << 20       # kLargeBuffer
MIN_LARGE_ALLOC = 10 << 20    # kMinLargeAlloc
ROUND_LARGE = 2 << 20         # kRoundLarge
SMALL, LARGE = "small", "large"


def round_size(size: int) -> int:
    if size < MIN_BLOCK_SIZE:
        return MIN_BLOCK_SIZE
    return -(-size // MIN_BLOCK_SIZE) * MIN_BLOCK_SIZE


def allocation_size(rounded: int) -> int:
    if rounded <= SMALL_SIZE:
        return SMALL_BUFFER
    if rounded < MIN_LARGE_ALLOC:
        return LARGE_BUFFER
    return -(-rounded // ROUND_LARGE) * ROUND_LARGE


def pool_of(rounded: int) -> str:
    return SMALL if rounded <= SMALL_SIZE else LARGE


def padded_request(size: int) -> int:
    """The request of at least `size` bytes whose segment is smallest: the
    segment size is monotone in the request except below 10 MiB, where a
    large request gets 20 MiB and one of 10 MiB gets 10 MiB, so a request
    between 1 and 10 MiB is best padded to 10 MiB (kMinLargeAlloc)."""
    if SMALL_SIZE < round_size(size) < MIN_LARGE_ALLOC:
        return MIN_LARGE_ALLOC
    return size


@dataclasses.dataclass(eq=False)
class Block:
    addr: int
    size: int
    pool: str
    segment: int
    allocated: bool = False
    requested: int = 0
    prev: Optional["Block"] = None
    next: Optional["Block"] = None


@dataclasses.dataclass
class SegmentEvent:
    """A segment obtained for request number `index` (0-based, in the trace)."""
    index: int
    request: int
    rounded: int
    size: int
    pool: str
    live: int        # requested bytes live right after the request
    allocated: int   # allocated bytes right after the request
    reserved: int    # reserved bytes right after the request
    tail: int        # free bytes cached in this segment right after
    same_pool: int   # free bytes cached in the pool's other segments
    other_pool: int  # free bytes cached in the other pool


class Cache:
    def __init__(self, max_split_size: Optional[int] = None):
        self.max_split = max_split_size if max_split_size else float("inf")
        self.free: Dict[str, List[Block]] = {SMALL: [], LARGE: []}
        self.next_addr = 1 << 30  # as pmc_init: oldest segment lowest
        self.segments: List[Tuple[int, int, str]] = []  # (addr, size, pool)
        self.allocated = self.reserved = self.requested = 0
        self.allocated_peak = self.reserved_peak = self.requested_peak = 0
        self.splits = 0

    def _best_fit(self, pool: str, size: int) -> Optional[Block]:
        fits = [b for b in self.free[pool] if b.size >= size]
        if not fits:
            return None
        best = min(fits, key=lambda b: (b.size, b.addr))
        if size < self.max_split <= best.size:
            return None  # no oversize block for a request below it
        if size >= self.max_split and best.size >= size + LARGE_BUFFER:
            return None  # an oversize block rounds up by less than 20 MiB
        self.free[pool].remove(best)
        return best

    def _new_segment(self, pool: str, size: int) -> Block:
        seg = len(self.segments)
        self.segments.append((self.next_addr, size, pool))
        block = Block(self.next_addr, size, pool, seg)
        self.next_addr += size
        self.reserved += size
        self.reserved_peak = max(self.reserved_peak, self.reserved)
        return block

    def _should_split(self, block: Block, size: int) -> bool:
        remaining = block.size - size
        if block.pool == SMALL:
            return remaining >= MIN_BLOCK_SIZE
        return size < self.max_split and remaining > SMALL_SIZE

    def malloc(self, size: int) -> Tuple[Block, bool]:
        """Serves `size` > 0 bytes; returns the block and whether a segment
        was obtained for it."""
        rounded = round_size(size)
        pool = pool_of(rounded)
        block = self._best_fit(pool, rounded)
        fresh = block is None
        if fresh:
            block = self._new_segment(pool, allocation_size(rounded))
        if self._should_split(block, rounded):
            rest = Block(block.addr + rounded, block.size - rounded, pool,
                         block.segment, prev=block, next=block.next)
            if rest.next:
                rest.next.prev = rest
            block.next = rest
            block.size = rounded
            self.free[pool].append(rest)
            self.splits += 1
        block.allocated, block.requested = True, size
        self.allocated += block.size
        self.requested += size
        self.allocated_peak = max(self.allocated_peak, self.allocated)
        self.requested_peak = max(self.requested_peak, self.requested)
        return block, fresh

    def release(self, block: Block):
        block.allocated = False
        self.allocated -= block.size
        self.requested -= block.requested
        block.requested = 0
        for other in (block.prev, block.next):
            if other is None or other.allocated:
                continue
            if other is block.prev:
                block.addr, block.prev = other.addr, other.prev
                if block.prev:
                    block.prev.next = block
            else:
                block.next = other.next
                if block.next:
                    block.next.prev = block
            block.size += other.size
            self.free[block.pool].remove(other)
        self.free[block.pool].append(block)

    def cached(self, pool: str, segment: Optional[int] = None,
               exclude: Optional[int] = None) -> int:
        return sum(b.size for b in self.free[pool]
                   if (segment is None or b.segment == segment)
                   and (exclude is None or b.segment != exclude))


def read_trace(path) -> List[Tuple[str, int, int]]:
    """("a", id, bytes) and ("f", id, 0) in the order of the trace file."""
    ops = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if not parts or parts[0].startswith("#"):
                continue
            if parts[0] == "a":
                ops.append(("a", int(parts[1]), int(parts[2])))
            elif parts[0] == "f":
                ops.append(("f", int(parts[1]), 0))
            else:
                raise ValueError(f"{path}: bad trace line: {line.strip()}")
    return ops


def max_split_of_trace(path) -> Optional[int]:
    with open(path) as f:
        first = f.readline().split()
    size = int(first[-1]) if first[:1] == ["#"] and first[-2:-1] == ["max_split_size"] else None
    return None if size is None or size >= (1 << 64) - 1 else size


@dataclasses.dataclass
class Replay:
    requests: int
    allocated_peak: int
    reserved_peak: int
    requested_peak: int
    segments: Dict[str, int]
    reserved_by_pool: Dict[str, int]
    events: List[SegmentEvent]


def replay(ops, max_split_size: Optional[int] = None) -> Replay:
    cache = Cache(max_split_size)
    live: Dict[int, Block] = {}
    events: List[SegmentEvent] = []
    requests = 0
    for kind, ident, size in ops:
        if kind == "f":
            block = live.pop(ident, None)
            if block is not None:
                cache.release(block)
            continue
        index, requests = requests, requests + 1
        if size == 0:
            continue  # a request of 0 bytes bypasses the allocator
        block, fresh = cache.malloc(size)
        live[ident] = block
        if fresh:
            other = LARGE if block.pool == SMALL else SMALL
            events.append(SegmentEvent(
                index, size, round_size(size), cache.segments[-1][1],
                block.pool, cache.requested, cache.allocated, cache.reserved,
                cache.cached(block.pool, segment=block.segment),
                cache.cached(block.pool, exclude=block.segment),
                cache.cached(other)))
    by_pool = {SMALL: 0, LARGE: 0}
    count = {SMALL: 0, LARGE: 0}
    for _, size, pool in cache.segments:
        by_pool[pool] += size
        count[pool] += 1
    return Replay(requests, cache.allocated_peak, cache.reserved_peak,
                  cache.requested_peak, count, by_pool, events)


def explain(rep: Replay, modeled_peak: int) -> Dict[str, int]:
    """The terms of `reserved - modeled peak` (module docstring); the sum of
    the terms is checked against the replay."""
    if not rep.events:
        return {"reserved": 0, "live_at_last_segment": 0, "headroom": 0,
                "rounding": 0, "tail": 0, "same_pool": 0, "other_pool": 0}
    e = rep.events[-1]
    terms = {"reserved": e.reserved, "live_at_last_segment": e.live,
             "headroom": modeled_peak - e.live,
             "rounding": e.allocated - e.live, "tail": e.tail,
             "same_pool": e.same_pool, "other_pool": e.other_pool}
    total = (modeled_peak - terms["headroom"] + terms["rounding"] + e.tail
             + e.same_pool + e.other_pool)
    if total != e.reserved or e.reserved != rep.reserved_peak:
        raise AssertionError(f"reserved bytes not explained: {terms}")
    return terms
