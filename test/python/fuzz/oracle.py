# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The independent oracle (docs/Testing.md "The independent oracle"): the
dependencies every legal order of a block keeps, the counting allocator's
accounting of an order (simulate), and the exhaustive optimum over all
legal orders (dynamic programming over down-sets, checked against plain
enumeration). It reads only the generator's description (model.py)."""

import itertools
from typing import Dict, List, Optional, Sequence, Set, Tuple

from . import config
from .model import Block, Program, Stmt, spans_overlap


def dependencies(block: Block) -> List[Tuple[int, int, str]]:
    """Pairs (a, b) of sids, a before b in the block as written, whose
    relative order every legal order keeps, with the reason."""
    deps = []
    stmts = block.stmts
    for j, b in enumerate(stmts):
        for i in range(j):
            a = stmts[i]
            if a.defs & b.uses:
                deps.append((a.sid, b.sid, "SSA def-use"))
                continue
            if a.sid in b.pinned_to or b.sid in a.pinned_to:
                deps.append((a.sid, b.sid, "capture window"))
                continue
            if (a.barrier and b.touches_memory()
                    and (not b.alloc_or_free_only()
                         or (config.NEW_RULES
                             and b.free in block.captured))) or \
                    (b.barrier and a.touches_memory()
                     and not a.alloc_or_free_only()):
                deps.append((a.sid, b.sid, "barrier (call)"))
                continue
            why = None
            for base in a.touched() & b.touched():
                a_w = base in a.writes or base == a.alloc or base == a.free
                b_w = base in b.writes or base == b.alloc or base == b.free
                if a.alloc == base or b.free == base:
                    why = f"alloc/free of {base}"
                    break
                a_mem = base in a.reads or base in a.writes
                b_mem = base in b.reads or base in b.writes
                # Accesses to disjoint elements of a base (static subviews)
                # do not conflict; per statement and base, the hull of what
                # it touches.
                if a_mem and b_mem and (a_w or b_w) and spans_overlap(
                        a.spans.get(base), b.spans.get(base)):
                    why = f"read/write of {base}"
                    break
            if why:
                deps.append((a.sid, b.sid, why))
    return deps


def check_order(block: Block, order: Sequence[int]) -> List[str]:
    """Dependency violations of an order (sids) of `block`."""
    want = sorted(s.sid for s in block.stmts)
    if sorted(order) != want:
        missing = set(want) - set(order)
        extra = set(order) - set(want)
        return [f"statements differ: missing {sorted(missing)}, "
                f"extra {sorted(extra)}"]
    pos = {sid: i for i, sid in enumerate(order)}
    return [f"s{a} must stay before s{b} ({why})"
            for a, b, why in dependencies(block) if pos[a] > pos[b]]


def simulate(block: Block, order: Sequence[int],
             orders: Optional[Dict[object, Sequence[int]]] = None,
             env: Optional[Dict[str, int]] = None) -> int:
    """Peak bytes of `block` run in `order` (sids): a buffer is live from its
    alloc through its dealloc (or to the end of the block); a region op
    adds the peak of its regions, each run in orders[block key] (as written
    if absent), on top of what is live around it.

    With `env` None, the model's rule: an scf.if counts its larger region.
    With `env` a dict (induction variables -> values; {} at the top), what
    a run allocates: an scf.if counts the region its condition takes, a
    loop the largest peak over its iterations."""
    orders = orders or {}
    by_sid = {s.sid: s for s in block.stmts}
    live: Set[str] = set()
    peak = 0
    for sid in order:
        s = by_sid[sid]
        if s.alloc:
            live.add(s.alloc)
        scratch = _scratch(s, orders, env)
        mem = sum(block.bufs[b].bytes for b in live) + scratch
        peak = max(peak, mem)
        if s.free:
            live.discard(s.free)
    return peak


def _scratch(s: Stmt, orders, env) -> int:
    if s.body is None:
        return 0

    def run(key, blk, e):
        return simulate(blk, orders.get(key, [t.sid for t in blk.stmts]),
                        orders, e)

    if env is None:
        return max(run(k, b, None) for k, b in s.regions())
    if s.op == "scf.for":
        return max((run(s.sid, s.body, {**env, s.iv: i})
                    for i in range(s.trips)), default=0)
    if s.cond[0] == "const":
        taken = s.cond[1]
    else:
        taken = env[s.cond[1]] == s.cond[2]
    if taken:
        return run(s.sid, s.body, env)
    if s.else_body is None:
        return 0
    return run((s.sid, 1), s.else_body, env)


def program_peak(p: Program,
                 orders: Optional[Dict[object, Sequence[int]]] = None,
                 executed: bool = False) -> int:
    """Peak of the whole function; `orders` maps block keys (None for the
    body) to orders, the order as written where absent. `executed`: what
    a run measures (the taken branch of every scf.if) instead of the
    model's rule (the larger branch)."""
    orders = orders or {}
    top = orders.get(None, [s.sid for s in p.body.stmts])
    return simulate(p.body, top,
                    {k: v for k, v in orders.items() if k is not None},
                    {} if executed else None)


def closure(block: Block) -> Dict[int, Set[int]]:
    """sid -> every sid that must come after it (transitive dependencies)."""
    succ: Dict[int, Set[int]] = {s.sid: set() for s in block.stmts}
    for a, b, _ in dependencies(block):
        succ[a].add(b)
    reach: Dict[int, Set[int]] = {}
    for s in reversed(block.stmts):
        r: Set[int] = set()
        for t in succ[s.sid]:
            r.add(t)
            r |= reach[t]
        reach[s.sid] = r
    return reach


def pinned_allocs_frees(block: Block) -> Set[int]:
    """Allocs and frees that "right before the first user" / "right after
    the last user" may place illegally: an alloc that must precede a
    statement X (a barrier: a call) that no user of its buffer must
    precede, or a free that must follow an X that no user must follow.
    Those stay statements of their own in the optimum (exact for every
    block); elsewhere merging them is exact. Only barriers create them."""
    users: Dict[str, List[int]] = {b: [] for b in block.bufs}
    for s in block.stmts:
        if s.alloc or s.free:
            continue
        for b in s.touched():
            if b in users:
                users[b].append(s.sid)
    if not any(s.barrier for s in block.stmts):
        return set()
    reach = closure(block)
    pinned: Set[int] = set()
    for s in block.stmts:
        b = s.alloc or s.free
        if not b or not users[b]:
            continue
        mine = set(users[b])
        for x in block.stmts:
            if x.sid in mine or x.sid == s.sid or (x.alloc or x.free) == b:
                continue
            if s.alloc and x.sid in reach[s.sid] and \
                    not any(x.sid in reach[u] for u in mine):
                pinned.add(s.sid)
            if s.free and s.sid in reach[x.sid] and \
                    not any(u in reach[x.sid] for u in mine):
                pinned.add(s.sid)
    return pinned


def schedule_units(block: Block) -> List[Stmt]:
    """Statements a schedule orders freely: everything but constants (no
    memory, no operands), allocs (placed before the first user) and frees
    (after the last user); an alloc or free of a buffer with no other user
    stays a unit, and so does one pinned by a barrier
    (pinned_allocs_frees)."""
    users: Dict[str, int] = {b: 0 for b in block.bufs}
    for s in block.stmts:
        if s.alloc or s.free:
            continue
        for b in s.touched():
            if b in users:
                users[b] += 1
    pinned = pinned_allocs_frees(block)
    units = []
    for s in block.stmts:
        if s.op == "arith.constant":
            continue
        if s.alloc or s.free:
            if users[s.alloc or s.free] == 0 or s.sid in pinned:
                units.append(s)
            continue
        units.append(s)
    return units


def _unit_edges(block: Block, units: List[Stmt]) -> Dict[int, Set[int]]:
    """Unit -> the units that must precede it, transitively (a chain
    through a merged alloc or free, such as call -> alloc -> view, orders
    its ends)."""
    index = {s.sid: i for i, s in enumerate(units)}
    preds: Dict[int, Set[int]] = {i: set() for i in range(len(units))}
    for a, after in closure(block).items():
        if a not in index:
            continue
        for b in after:
            if b in index:
                preds[index[b]].add(index[a])
    return preds


def optimum(block: Block,
            nested_orders: Optional[Dict[object, Sequence[int]]] = None,
            sizes: Optional[Dict[str, int]] = None,
            scratch_of: Optional[Dict[int, int]] = None,
            freed_at_last_use: Optional[Set[str]] = None
            ) -> Tuple[int, int]:
    """(minimum peak over all legal orders, number of units), allocs right
    before the first user and frees right after the last user; loops at
    their own optimum. Exhaustive: dynamic programming over the down-sets of
    the dependency order (every order is a chain of down-sets, and the
    memory of a step only depends on the set scheduled before it).

    `sizes` (buffer -> bytes, 0 where absent) replaces the buffers' sizes
    and `scratch_of` (sid -> bytes, 0 where absent) the statements' nested
    peaks: the arena's problem (check_arena_plan). `freed_at_last_use`:
    buffers the block never frees that count as freed after their last
    user (never-freed buffers in the arena, docs/Arena.md)."""
    units = schedule_units(block)
    n = len(units)
    preds = _unit_edges(block, units)
    pmask = [sum(1 << p for p in preds[i]) for i in range(n)]
    if scratch_of is not None:
        scratch = [scratch_of.get(s.sid, 0) for s in units]
    elif nested_orders is None:
        scratch = [max((optimum(b)[0] for _, b in s.regions()), default=0)
                   for s in units]
    else:
        # Nested blocks fixed in the given orders (as written if absent):
        # the optimum of this block alone, as a certificate bounds it.
        scratch = [_scratch(s, nested_orders, None) for s in units]
    freed = {s.free for s in block.stmts if s.free} | \
        (freed_at_last_use or set())
    umask: Dict[str, int] = {b: 0 for b in block.bufs}
    for i, s in enumerate(units):
        for b in s.touched():
            if b in umask:
                umask[b] |= 1 << i
    full = (1 << n) - 1
    started = [0] * (1 << n)
    ended = [0] * (1 << n)
    for b, m in umask.items():
        if not m:
            continue
        size = block.bufs[b].bytes if sizes is None else sizes.get(b, 0)
        for mask in range(1 << n):
            if mask & m:
                started[mask] += size
            if b in freed and mask & m == m:
                ended[mask] += size
    INF = float("inf")
    best = [INF] * (1 << n)
    best[0] = 0
    for mask in range(1 << n):
        f = best[mask]
        if f == INF:
            continue
        for v in range(n):
            bit = 1 << v
            if mask & bit or pmask[v] & ~mask:
                continue
            mem = started[mask | bit] - ended[mask] + scratch[v]
            nxt = mem if mem > f else f
            if nxt < best[mask | bit]:
                best[mask | bit] = nxt
    return int(best[full]), n


def optimum_by_permutations(block: Block) -> int:
    """The same minimum by enumerating every permutation of the units and
    simulating the placed order (slow; used to validate `optimum`)."""
    units = schedule_units(block)
    preds = _unit_edges(block, units)
    consts = [s.sid for s in block.stmts if s.op == "arith.constant"]
    unit_ids = {s.sid for s in units}
    best = None
    for perm in itertools.permutations(range(len(units))):
        pos = {u: k for k, u in enumerate(perm)}
        if any(pos[p] > pos[v] for v in preds for p in preds[v]):
            continue
        order = place(block, [units[i].sid for i in perm], unit_ids)
        peak = _simulate_opt_bodies(block, consts + order)
        best = peak if best is None else min(best, peak)
    return best


def _simulate_opt_bodies(block: Block, order):
    by_sid = {s.sid: s for s in block.stmts}
    live: Set[str] = set()
    peak = 0
    for sid in order:
        s = by_sid[sid]
        if s.alloc:
            live.add(s.alloc)
        scratch = max((optimum_by_permutations(b) for _, b in s.regions()),
                      default=0)
        peak = max(peak, sum(block.bufs[b].bytes for b in live) + scratch)
        if s.free:
            live.discard(s.free)
    return peak


def place(block: Block, unit_order: List[int], unit_ids: Set[int]):
    """Expands an order of the units: allocs right before the first user of
    their buffer, frees right after the last user."""
    by_sid = {s.sid: s for s in block.stmts}
    alloc_of = {s.alloc: s.sid for s in block.stmts
                if s.alloc and s.sid not in unit_ids}
    free_of = {s.free: s.sid for s in block.stmts
               if s.free and s.sid not in unit_ids}
    last: Dict[str, int] = {}
    for k, sid in enumerate(unit_order):
        for b in by_sid[sid].touched():
            last[b] = k
    out, done = [], set()
    for k, sid in enumerate(unit_order):
        for b in sorted(by_sid[sid].touched()):
            if b in alloc_of and b not in done:
                out.append(alloc_of[b])
                done.add(b)
        out.append(sid)
        for b in sorted(by_sid[sid].touched()):
            if b in free_of and last[b] == k:
                out.append(free_of[b])
    return out
