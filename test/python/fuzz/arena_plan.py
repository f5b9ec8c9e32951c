# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Arena plans read back from the printed IR alone (docs/Testing.md "Arena
plans"): the arena, every view of it with its offset, alignment and the
lifetime its uses show, what is wrong with a plan, and the oracle's
optimum of the arena's problem."""

import dataclasses
import re
from typing import Dict, List, Optional, Set, Tuple

from .model import Block, Buf, Program, elem_alloc_bytes, pow2_ceil
from .oracle import optimum, schedule_units
from .parse import CALL, LOC_SID, OPNAME


# docs/Testing.md "Arena plans": every program through peakmem-reorder,
# peakmem-plan-arena and peakmem-verify-arena (a share through
# peakmem-optimize{arena=alloc} too); the plan is re-checked here from the
# printed IR alone, against the oracle's optimum of the arena's problem on
# small programs, executed for the exec sample, and mutated.


ARENA_PIPE = ("peakmem-reorder", "peakmem-plan-arena", "peakmem-verify-arena")
ARENA_OPT_PIPE = ("peakmem-optimize{arena=alloc}", "peakmem-verify-arena")


ARENA_VERIFY = "peakmem-verify-arena"
VIEW_LIKE = ("memref.subview", "memref.collapse_shape", "memref.expand_shape",
             "memref.cast", "memref.reinterpret_cast", "memref.view",
             "memref.transpose")


ARENA_ALLOC = re.compile(
    r"^\s*(%[\w.$\-]+) = memref\.alloc\(\) \{alignment = (\d+) : i64, "
    r"peakmem\.arena\} : memref<(\d+)xi8>")
ARENA_VIEW = re.compile(
    r"^\s*(%[\w.$\-]+) = memref\.view (%[\w.$\-]+)\[(%[\w.$\-]+)\]\[\] "
    r"\{peakmem\.align = (-?\d+) : i64\} : memref<(\d+)xi8> to "
    r"memref<((?:\d+x)*)([\w]+)>")
# An input in the arena (inputs-in-arena): live from the entry.
INPUT_VIEW = re.compile(r"\{peakmem\.align = (-?\d+) : i64, peakmem\.input = "
                        r"(\d+) : i64\}")
ARENA_ARG = re.compile(r"(%[\w.$\-]+): memref<(\d+)xi8> \{peakmem\.arena\}")
RESULT_OFFSETS = re.compile(r"peakmem\.result_offsets = array<i64(?:: "
                            r"([-\d, ]*))?>")
_RETURN = re.compile(r"^\s*(?:func\.)?return (%[^:]*) :")
_CONST_INDEX = re.compile(r"^\s*(%[\w.$\-]+) = arith\.constant (-?\d+) : "
                          r"index\b")
_LHS = re.compile(r"^\s*(%[^=]*?) = ")
_SSA = re.compile(r"%[\w.$\-]+")


def _arena_attr(first_line: str, name: str):
    m = re.search(rf"peakmem\.{name} = (-?\d+) : i64", first_line)
    if m:
        return int(m.group(1))
    m = re.search(rf"peakmem\.{name} = (true|false)", first_line)
    return None if not m else m.group(1) == "true"


@dataclasses.dataclass
class ArenaView:
    line: int            # index in the function's lines
    name: str
    const: str           # SSA name of its offset
    offset: Optional[int]
    align: int           # peakmem.align
    elems: int
    elem: str
    sid: Optional[int]   # the generator's statement (its loc)
    nested: bool
    first: int = 0       # entry-block statements, inclusive
    last: int = 0
    # A nested view's life inside its statement (docs/Arena.md "Nested
    # blocks"), in lines of the printed function (the ops' pre-order):
    # from its line to the end of the last op of its block using it or an
    # alias; None: the whole statement.
    sub: Optional[Tuple[int, int]] = None
    # Why its uses do not show its lifetime (an alias passed to a call,
    # stored to memory, used in an async region, returned): "" if they do.
    hidden: str = ""
    # An alias reaching bytes outside the view (a reinterpret_cast whose
    # static offset and sizes leave it): "" if none does.
    reach: str = ""
    # The names it is returned as (an arena argument's view or an alias of
    # it in the entry block's return): its life runs to the return.
    returned: Set[str] = dataclasses.field(default_factory=set)
    # inputs-in-arena: the argument it holds (written by the caller before
    # the call: live from the entry, first = -1).
    input: Optional[int] = None

    @property
    def bytes(self) -> int:
        return self.elems * elem_alloc_bytes(self.elem)

    @property
    def size(self) -> int:
        a = max(1, self.align)
        return -(-self.bytes // a) * a


@dataclasses.dataclass
class ArenaPlan:
    size: Optional[int]          # peakmem.arena_size
    bound: Optional[int]
    optimal: Optional[bool]
    alignment: Optional[int]
    arena: Optional[str]         # SSA name of the arena alloc
    arena_type_size: Optional[int]
    arena_align: Optional[int]
    views: List[ArenaView]
    peak: Optional[int]
    # The arena is the caller's (arena=argument): a function argument.
    argument: bool = False
    # peakmem.result_offsets (None: absent) and the returned values.
    result_offsets: Optional[List[int]] = None
    returned: List[str] = dataclasses.field(default_factory=list)


def parse_arena_plan(text: str) -> ArenaPlan:
    """The plan as the printed function shows it: attributes, the arena,
    every view of it with its constant offset and type, and its lifetime
    rebuilt here: from the view to the last use of it or of a view-like
    alias (transitively), in entry-block statements; a use nested in an op
    counts for that op; a view in a nested block lives for its statement,
    inside it from its line to its block's last op using it (_nested_sub)."""
    lines = text.splitlines()
    first = lines[0]
    plan = ArenaPlan(_arena_attr(first, "arena_size"),
                     _arena_attr(first, "arena_lower_bound"),
                     _arena_attr(first, "arena_optimal"),
                     _arena_attr(first, "arena_alignment"), None, None, None,
                     [], _arena_attr(first, "peak"))
    consts: Dict[str, int] = {}
    top, depth = -1, 0
    info = []            # (line index, top stmt, nested, defs, uses, op)
    enclosing: List[str] = []       # ops whose regions are open
    in_async = {}                   # line index -> inside an async region
    regions: List[int] = []         # the open regions, outermost first
    tree = _Tree()
    for i, line in enumerate(lines[1:], 1):
        s = line.strip()
        if s.startswith("}"):
            depth -= 1
            if depth < 0:
                break
            nested = depth > 0
            if regions:
                tree.end[regions[-1]] = i
                owner = tree.owner[regions.pop()]
                if s.endswith("{"):         # "} else {": the next region
                    regions.append(len(tree.owner))
                    tree.owner.append(owner)
                else:
                    tree.close[owner] = i
            if not s.endswith("{") and enclosing:
                enclosing.pop()
        else:
            if depth == 0:
                top += 1
            nested = depth > 0
        tree.within[i] = tuple(regions)
        in_async[i] = any(e.startswith("async.") for e in enclosing)
        m = _LHS.match(line)
        defs = set(_SSA.findall(m.group(1))) if m else set()
        rest = line[m.end():] if m else line
        uses = set(_SSA.findall(rest.split(" loc(")[0])) - defs
        mo = OPNAME.match(rest if m else s)
        op = mo.group(1) if mo else \
            ("func.call" if CALL.match(rest if m else s) else "")
        if s.endswith("{"):
            depth += 1
            if not s.startswith("}"):
                enclosing.append(op)
                regions.append(len(tree.owner))
                tree.owner.append(i)
                tree.op[i] = op
        info.append((i, top, nested, defs, uses, op))
        mc = _CONST_INDEX.match(line)
        if mc:
            consts[mc.group(1)] = int(mc.group(2))
        ma = ARENA_ALLOC.match(line)
        if ma and not nested:
            plan.arena = ma.group(1)
            plan.arena_align = int(ma.group(2))
            plan.arena_type_size = int(ma.group(3))
        mr = _RETURN.match(line)
        if mr and depth == 0:
            plan.returned = _SSA.findall(mr.group(1))
    _argument_arena(plan, first)
    if plan.arena is None:
        return plan
    for i, t, nested, defs, uses, op in info:
        mi = INPUT_VIEW.search(lines[i])
        mv = ARENA_VIEW.match(INPUT_VIEW.sub(r"{peakmem.align = \1 : i64}",
                                             lines[i]))
        if not mv or mv.group(2) != plan.arena:
            continue
        dims = [int(d) for d in mv.group(6).split("x") if d]
        n = 1
        for d in dims:
            n *= d
        ms = LOC_SID.search(lines[i])
        v = ArenaView(i, mv.group(1), mv.group(3), consts.get(mv.group(3)),
                      int(mv.group(4)), n, mv.group(7),
                      int(ms.group(1)) if ms else None, nested, t, t)
        if mi:
            v.input, v.first = int(mi.group(2)), -1
        if not nested:
            _follow_aliases(v, i, lines, info, in_async, plan.argument)
        else:
            v.sub = _nested_sub(v, i, lines, info, tree)
        plan.views.append(v)
    return plan


# Region ops that run one execution of one region at a time, all before
# they return (OpSemantics.h, Sequential): a buffer freed in such a block is
# dead before the block runs again.
SEQUENTIAL_OPS = ("scf.for", "scf.if", "scf.while", "scf.execute_region",
                  "scf.index_switch", "affine.for", "affine.if",
                  "memref.alloca_scope")


@dataclasses.dataclass
class _Tree:
    """The regions of a printed function (numbered as they open; the
    regions of an scf.if are two): for each line the regions holding it
    (outermost first); for each region the line of its op and the line
    that ends it; for each region op its name and the line closing it."""
    within: Dict[int, Tuple[int, ...]] = dataclasses.field(
        default_factory=dict)
    owner: List[int] = dataclasses.field(default_factory=list)
    end: Dict[int, int] = dataclasses.field(default_factory=dict)
    close: Dict[int, int] = dataclasses.field(default_factory=dict)
    op: Dict[int, str] = dataclasses.field(default_factory=dict)


def _nested_sub(v: "ArenaView", i: int, lines: List[str], info,
                tree: _Tree) -> Optional[Tuple[int, int]]:
    """The life of nested view v (line i) inside its statement: from line i
    to the closing line of the last op of v's block that uses v or a
    view-like alias of it; None (the whole statement) when a region around
    it may run concurrently, or an alias is used by asynchronous work or
    outside v's block."""
    home = tree.within[i]
    if not home or any(tree.op.get(tree.owner[r]) not in SEQUENTIAL_OPS
                       for r in home):
        return None
    alias = {v.name}
    last = i
    # Past the end of v's region, a name may be reused (a sibling region):
    # v is dead there.
    end = tree.end.get(home[-1], len(lines))
    for j, _, _, defs2, uses2, op2 in info:
        if j >= end:
            break
        if j <= i or not alias & uses2:
            continue
        if tree.within[j][:len(home)] != home:
            return None
        if op2 in ASYNC_STARTS or op2.endswith("dma_wait") or \
                op2.startswith("async.") or op2.startswith("gpu."):
            return None
        if op2 == "memref.dealloc":
            continue
        inner = tree.within[j][len(home):]
        at = tree.owner[inner[0]] if inner else j
        last = max(last, tree.close.get(at, at))
        if defs2 and (op2 in VIEW_LIKE or "memref<" in
                      lines[j].split(" = ", 1)[1].split(":")[-1]):
            alias |= defs2
    return (i, last)


def _sub_disjoint(u: "ArenaView", v: "ArenaView") -> bool:
    """Both nested views of one statement whose lives inside it never
    meet: they may share bytes."""
    return u.sub is not None and v.sub is not None and \
        u.first == v.first and \
        (u.sub[1] < v.sub[0] or v.sub[1] < u.sub[0])


# Ops that may keep the addresses they receive (a call; gpu.launch_func, a
# kernel call without a memory-effect interface): a view reaching one has a
# lifetime its uses do not show. The DMA ops have no interface either, but
# the model's registry describes their accesses (the transfer's memrefs,
# until the wait on its tag: followed below), as peakmem's planner does.
OPAQUE_OPS = ("func.call", "call", "func.call_indirect", "gpu.launch_func")
# Asynchronous ops: their buffers stay in use until the op that
# synchronises them (a user of their token, or a dma_wait on their tag).
ASYNC_STARTS = ("gpu.launch", "gpu.launch_func", "gpu.memcpy", "gpu.memset",
                "affine.dma_start", "memref.dma_start")
_INDEXED = re.compile(r"(%[\w.$\-]+)\[")


_CAST = re.compile(r"offset: \[(-?\d+)\], sizes: \[([\d, ]+)\], "
                   r"strides: \[([\d, ]+)\]")


def _cast_reach(v: "ArenaView", body: str) -> str:
    """What a memref.reinterpret_cast of an alias of v reaches outside v's
    bytes ("" if nothing): its offset, sizes and strides count from v's
    first byte (views and casts keep the aligned pointer of v)."""
    m = _CAST.search(body)
    if not m:
        return f"a reinterpret_cast without static layout: {body.strip()}"
    off = int(m.group(1))
    sizes = [int(x) for x in m.group(2).split(",")]
    strides = [int(x) for x in m.group(3).split(",")]
    last = off + sum((s - 1) * t for s, t in zip(sizes, strides))
    esize = elem_alloc_bytes(v.elem)
    lo, hi = off * esize, (last + 1) * esize
    if min(sizes) <= 0 or (lo >= 0 and hi <= v.bytes):
        return ""
    base = v.offset or 0
    return (f"an alias (reinterpret_cast) reaches bytes [{base + lo}, "
            f"{base + hi}) of the arena, outside the view's "
            f"[{base}, {base + v.bytes})")


def _argument_arena(plan: ArenaPlan, first: str):
    """The caller's arena (arena=argument), when no arena is allocated: the
    argument marked peakmem.arena, and peakmem.result_offsets."""
    mo = RESULT_OFFSETS.search(first)
    if mo:
        plan.result_offsets = [int(x) for x in (mo.group(1) or "").split(",")
                               if x.strip()]
    ma = ARENA_ARG.search(first.split(") ->")[0].split(") attributes")[0])
    if plan.arena is None and ma:
        plan.arena, plan.argument = ma.group(1), True
        plan.arena_type_size = int(ma.group(2))


def _follow_aliases(v: "ArenaView", i: int, lines: List[str], info,
                    in_async, argument: bool = False):
    """v.last and v.hidden from the uses of v and of its view-like aliases
    (transitively) after line i, in entry-block statements; an alias used
    by an asynchronous op keeps v in use until the op that synchronises
    it (issue #22); returned from the entry block of a function whose
    arena is an argument, v lives to the return (v.returned)."""
    # Aliases: name -> the statement it is scoped to (None: the entry
    # block), so that a name reused by a sibling region later is not taken
    # for it.
    alias: Dict[str, Optional[int]] = {v.name: None}
    tokens = {}                     # entry statement -> tokens it defines
    for j, t2, nest2, defs2, uses2, op2 in info:
        if not nest2 and op2 in ASYNC_STARTS and t2 not in tokens:
            tokens[t2] = set(defs2)
    pending: Set[str] = set()       # tokens and DMA tags v waits for
    accessed: Optional[int] = None  # the first statement reaching its bytes
    for j, t2, nest2, defs2, uses2, op2 in info:
        if j <= i:
            continue
        body = lines[j].split(" loc(")[0]
        if pending & uses2:
            v.last = max(v.last, t2)
            pending |= defs2        # a token depending on one of them
        hit = [u for u in uses2 if u in alias and
               (alias[u] is None or alias[u] == t2)]
        if not hit:
            continue
        if accessed is None and op2 not in VIEW_LIKE:
            accessed = t2
        v.last = max(v.last, t2)
        pending |= tokens.get(t2, set())
        if op2.endswith("dma_start"):
            memrefs = _INDEXED.findall(body.split(" : ")[0])
            pending |= set(memrefs[2:3])        # the tag
        if argument and not nest2 and _RETURN.match(body):
            v.returned |= set(hit)
        elif op2 in OPAQUE_OPS or \
                op2 == "memref.store" and any(
                    re.match(rf"\s*memref\.store {re.escape(u)},", body)
                    for u in hit) or \
                op2 in ("func.return", "return", "scf.yield") or \
                _RETURN.match(body) or \
                in_async.get(j) or op2.startswith("async."):
            v.hidden = v.hidden or f"an alias used by {op2}"
        if op2 == "memref.reinterpret_cast":
            v.reach = v.reach or _cast_reach(v, body)
        if defs2 and (op2 in VIEW_LIKE or "memref<" in
                      lines[j].split(" = ", 1)[1].split(":")[-1]):
            for d in defs2:
                alias[d] = t2 if nest2 else None
    # A view's bytes are in use from the first statement that reaches them
    # through it or an alias (creating a view, or a view of it, reads and
    # writes nothing): before it, other buffers may use them, as the
    # verifier's lives (liveSegments) allow.
    if v.input is None and accessed is not None:
        v.first = max(v.first, accessed)


def arena_violations(plan: ArenaPlan,
                     min_align: Optional[Dict[int, int]] = None,
                     oracle_opt: Optional[int] = None) -> List[str]:
    """What is wrong with a plan, judged from its parse alone (and, where
    given, each view's alignment from the program and the oracle's optimum
    of the arena's problem): empty for a valid plan with true claims."""
    bad = []
    if plan.size is None or plan.bound is None or plan.optimal is None:
        return ["attributes missing"]
    if plan.arena_type_size != plan.size:
        bad.append(f"arena type {plan.arena_type_size} != arena_size "
                   f"{plan.size}")
    if plan.bound > plan.size:
        bad.append(f"lower bound {plan.bound} > arena {plan.size}")
    if plan.optimal != (plan.bound == plan.size):
        bad.append(f"arena_optimal {plan.optimal} but arena {plan.size}, "
                   f"bound {plan.bound}")
    if oracle_opt is not None:
        if plan.bound > oracle_opt:
            bad.append(f"lower bound {plan.bound} > the oracle's optimum "
                       f"{oracle_opt}")
        if plan.size < oracle_opt:
            bad.append(f"arena {plan.size} < the oracle's optimum "
                       f"{oracle_opt} (impossible)")
    for v in plan.views:
        if v.hidden:
            bad.append(f"{v.name}: lifetime not shown by the IR: "
                       f"{v.hidden}")
        if v.reach:
            bad.append(f"{v.name}: {v.reach}")
        if v.offset is None:
            bad.append(f"{v.name}: offset not a constant")
            continue
        if v.align <= 0 or v.align & (v.align - 1):
            bad.append(f"{v.name}: peakmem.align {v.align}")
            continue
        want = pow2_ceil(elem_alloc_bytes(v.elem))
        if min_align and v.sid in min_align:
            want = max(want, min_align[v.sid])
        if v.align < want:
            bad.append(f"{v.name}: peakmem.align {v.align} < the buffer's "
                       f"alignment {want}")
        if v.offset < 0 or v.offset % max(v.align, want):
            bad.append(f"{v.name}: offset {v.offset} misaligned "
                       f"({max(v.align, want)})")
        if v.offset + v.size > plan.size:
            bad.append(f"{v.name}: [{v.offset}, {v.offset + v.size}) "
                       f"outside the arena of {plan.size}")
        if plan.arena_align is not None and v.align > plan.arena_align:
            bad.append(f"{v.name}: align {v.align} above the arena's "
                       f"{plan.arena_align}")
    bad += _result_violations(plan)
    vs = [v for v in plan.views if v.offset is not None and v.size > 0]
    for a in range(len(vs)):
        for b in range(a + 1, len(vs)):
            u, v = vs[a], vs[b]
            if u.first <= v.last and v.first <= u.last and \
                    u.offset < v.offset + v.size and \
                    v.offset < u.offset + u.size and \
                    not _sub_disjoint(u, v):
                bad.append(f"{u.name} [{u.offset}, {u.offset + u.size}) "
                           f"live {u.first}-{u.last} overlaps {v.name} "
                           f"[{v.offset}, {v.offset + v.size}) live "
                           f"{v.first}-{v.last}")
    return bad


def _result_violations(plan: ArenaPlan) -> List[str]:
    """docs/Arena.md "Results inside the arena": a view is returned only
    from an arena argument, and peakmem.result_offsets has one entry per
    result: the offset of the view returned (inside it, for an alias of
    one), -1 for a result outside the arena."""
    ret = [v for v in plan.views if v.returned]
    if not plan.argument:
        return []
    if plan.result_offsets is None:      # absent: every result outside
        return [f"{v.name} returned, peakmem.result_offsets missing"
                for v in ret]
    if len(plan.result_offsets) != len(plan.returned):
        return [f"peakmem.result_offsets {plan.result_offsets} for "
                f"{len(plan.returned)} results"]
    bad = []
    for k, (name, off) in enumerate(zip(plan.returned, plan.result_offsets)):
        views = [v for v in ret if name in v.returned]
        if not views:
            if off != -1:
                bad.append(f"result #{k} ({name}) outside the arena, "
                           f"recorded at offset {off}")
            continue
        v = views[0]
        exact = name == v.name
        if v.offset is not None and (
                off != v.offset if exact else
                not v.offset <= off < v.offset + max(v.size, 1)):
            bad.append(f"result #{k} ({name}) is {v.name} at "
                       f"[{v.offset}, {v.offset + v.size}), recorded at "
                       f"offset {off}")
    return bad


def _top_sids(p: Program) -> Dict[int, int]:
    """sid -> the sid of its entry-block statement."""
    out: Dict[int, int] = {}

    def walk(b: Block, top: Optional[int]):
        for s in b.stmts:
            t = s.sid if top is None else top
            out[s.sid] = t
            for _, r in s.regions():
                walk(r, t)
    walk(p.body, None)
    return out


def _alloc_bufs(p: Program) -> Dict[int, Buf]:
    """sid of an alloc -> its buffer."""
    out = {}
    for _, b in p.blocks():
        for s in b.stmts:
            if s.alloc and s.alloc in b.bufs:
                out[s.sid] = b.bufs[s.alloc]
    return out


def arena_oracle(p: Program, plan: ArenaPlan,
                 brute_max: int) -> Optional[int]:
    """The oracle's optimum over every legal order of the entry block of
    the arena's problem: only placed buffers weigh, each its bytes rounded
    up to its alignment, entry-block ones from first to last user, nested
    ones as their statement's scratch: the most bytes of them live at once
    inside it (each over its sub-step life, or the whole statement). None
    when too large."""
    if len(schedule_units(p.body)) > brute_max:
        return None
    allocs = _alloc_bufs(p)
    tops = _top_sids(p)
    sizes: Dict[str, int] = {}
    nested: Dict[int, List[ArenaView]] = {}
    for v in plan.views:
        buf = allocs.get(v.sid)
        if buf is None:
            return None
        if v.nested:
            nested.setdefault(tops[v.sid], []).append(v)
        elif buf.name in p.body.bufs:
            if buf.name in sizes:      # cloned by recompute: not this oracle
                return None
            sizes[buf.name] = v.size
        else:
            return None
    scratch = {t: _nested_peak(vs) for t, vs in nested.items()}
    # A placed buffer the program never frees and does not return lives
    # to its last use in the arena (docs/Arena.md "Never-freed buffers").
    leaked = {b for b in sizes if b not in p.body.escaping}
    return optimum(p.body, sizes=sizes, scratch_of=scratch,
                   freed_at_last_use=leaked)[0]


def _nested_peak(views: List[ArenaView]) -> int:
    """The most bytes of `views` (nested views of one statement) live at
    one line of it."""
    events = []
    for v in views:
        lo, hi = v.sub if v.sub is not None else (-1, 1 << 60)
        events += [(lo, v.size), (hi + 1, -v.size)]
    live = peak = 0
    for _, delta in sorted(events):
        live += delta
        peak = max(peak, live)
    return peak


def min_aligns(p: Program) -> Dict[int, int]:
    return {sid: max(b.align, pow2_ceil(elem_alloc_bytes(b.elem)))
            for sid, b in _alloc_bufs(p).items()}
