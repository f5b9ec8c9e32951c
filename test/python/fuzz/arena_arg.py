# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Arena plans with the caller's arena (`arena=argument`, issue #26, docs/
Testing.md "Arena plans"): the results placed as views of the arena, and
the planned function executed the way a device runs it: a caller
allocates the arena, calls, and reads the results out of it.

The checks: the results the plan places (a result returned directly is
placed, and one returned through a view since the pass places those:
config.RESULT_VIEWS_INSIDE), and, executed, measured (the arena
plus everything the function still allocates) == arena_size + its
modeled peakmem.peak, <= the plain program's certified live peak (the
reordered program's peakmem.peak, before any arena), and the output bits
of the unplanned program."""

import random
import re
from typing import List, Optional, Set, Tuple

from .arena_edit import spread_plan
from .arena_plan import RESULT_OFFSETS, ArenaPlan, parse_arena_plan
from .config import DIRTY_BYTE, RESULT_VIEWS_INSIDE
from .differential import ExecOutcome, exec_module
from .model import Program

ARENA_ARG_PIPE = ("peakmem-reorder", "peakmem-plan-arena{arena=argument}",
                  "peakmem-verify-arena", "peakmem-report{remarks=0}")
PLAIN_PIPE = ("peakmem-reorder", "peakmem-report{remarks=0}")
WRAPPER = "fzcaller_"
_SIG = re.compile(r"^\s*func\.func @([\w$.\-]+)\((.*?)\)( -> (.*?))?"
                  r"( attributes \{.*)? \{$")


def _split_args(text: str) -> List[str]:
    """The argument list of a signature, split at its top-level commas."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += ch in "<([{"
        depth -= ch in ">)]}"
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return out + ([cur.strip()] if cur.strip() else [])


INPUT_OFFSETS = re.compile(r"peakmem\.input_offsets = array<i64(?:: "
                           r"([-\d, ]*))?>")


def input_offsets(func_text: str) -> Optional[List[int]]:
    """peakmem.input_offsets of a planned function (None: absent)."""
    m = INPUT_OFFSETS.search(func_text.splitlines()[0])
    return None if not m else [int(x) for x in (m.group(1) or "").split(",")
                               if x.strip()]


def _arg_types(args: List[str]) -> List[str]:
    return [a.split(": ", 1)[1].split(" {")[0].split(" loc(")[0]
            for a in args]


def caller(func_text: str, plan: ArenaPlan, size: Optional[int] = None,
           dirty: bool = False, inputs: Optional[List[str]] = None,
           skip: Optional[int] = None, shift: int = 0) -> str:
    """A caller of the planned function with the unplanned signature: it
    allocates the arena (`size` bytes, the plan's by default; pre-filled
    with DIRTY_BYTE when `dirty`), passes it and returns the results,
    views of the arena it never frees. With the types of the unplanned
    arguments `inputs` (inputs-in-arena), it copies each argument the
    plan moved into the arena (peakmem.input_offsets[i] >= 0) to its
    offset (+ `shift`; input #`skip` not at all: tamper tests) and passes
    the others."""
    m = _SIG.match(func_text.splitlines()[0])
    assert m, func_text.splitlines()[0]
    name, args = m.group(1), _split_args(m.group(2))
    res = m.group(4) or ""
    types = _arg_types(args)
    pos = [k for k, a in enumerate(args) if a.startswith(plan.arena + ":")]
    assert len(pos) == 1, (plan.arena, args)
    size = plan.size if size is None else size
    arena_t = f"memref<{size}xi8>"
    offs = input_offsets(func_text) if inputs is not None else None
    if offs is None:
        inputs, offs = [t for k, t in enumerate(types) if k != pos[0]], []
    offs = offs or [-1] * len(inputs)
    assert len(offs) == len(inputs) and \
        sum(x < 0 for x in offs) == len(types) - 1, (offs, inputs, types)
    # The runtime's blocks are 16-byte aligned; a larger alignment is
    # requested (MLIR lowers it to malloc(size + alignment)).
    align = plan.alignment or 1
    attr = f" {{alignment = {align} : i64}}" if align > 16 else ""
    outer = [(f"%fzw{k}", t) for k, t in enumerate(inputs)]
    call = [v for (v, _), off in zip(outer, offs) if off < 0]
    call.insert(pos[0], "%fzarena")
    call_t = list(types)
    call_t[pos[0]] = arena_t
    nres = len(_split_args(res.strip("()"))) if res else 0
    lines = [f"  func.func @{WRAPPER}{name}("
             f"{', '.join(f'{v}: {t}' for v, t in outer)})"
             f"{' -> ' + res if res else ''} {{",
             f"    %fzarena = memref.alloc(){attr} : {arena_t}"]
    if dirty:
        lines += [f"    %fzdirty = arith.constant {DIRTY_BYTE} : i8",
                  f"    linalg.fill ins(%fzdirty : i8) outs(%fzarena : "
                  f"{arena_t})"]
    for k, ((v, t), off) in enumerate(zip(outer, offs)):
        if off >= 0 and k != skip:
            lines += [f"    %fzo{k} = arith.constant {off + shift} : index",
                      f"    %fzi{k} = memref.view %fzarena[%fzo{k}][] : "
                      f"{arena_t} to {t}",
                      f"    memref.copy {v}, %fzi{k} : {t} to {t}"]
    lhs = "" if not nres else ("%fzr = " if nres == 1 else
                                f"%fzr:{nres} = ")
    lines.append(f"    {lhs}func.call @{name}({', '.join(call)}) : "
                 f"({', '.join(call_t)}) -> ({res.strip('()')})")
    vals = ["%fzr"] if nres == 1 else [f"%fzr#{k}" for k in range(nres)]
    lines.append("    return" + (f" {', '.join(vals)} : {res.strip('()')}"
                                 if nres else ""))
    lines.append("  }")
    return "\n".join(lines) + "\n"


def signature_types(func_text: str) -> List[str]:
    """The argument types of a (printed or generated) function."""
    m = _SIG.match(func_text.splitlines()[0])
    assert m, func_text.splitlines()[0]
    return _arg_types(_split_args(m.group(2)))


def result_mutations(text: str, plan: ArenaPlan, rng: random.Random
                     ) -> List[Tuple[str, str, str]]:
    """A result's recorded offset changed (kind "result-offset"): to -1, to
    another view's offset or just past the bytes of the view returned; the
    whole record dropped when a result is inside."""
    offs = plan.result_offsets
    if not offs or all(x < 0 for x in offs):
        return []
    k = rng.choice([i for i, x in enumerate(offs) if x >= 0])
    # The bytes of the view returned (a result returned through an alias
    # may be recorded anywhere inside them: never a mutation).
    name = plan.returned[k] if k < len(plan.returned) else None
    held = next(((v.offset, v.offset + max(v.size, 1)) for v in plan.views
                 if name in v.returned and v.offset is not None),
                (offs[k], offs[k] + max(1, plan.alignment or 1)))
    others = [v.offset for v in plan.views if v.offset is not None and
              not held[0] <= v.offset < held[1]]
    new = rng.choice([-1, held[1]] + others[:1])
    moved = list(offs)
    moved[k] = new
    first, rest = text.split("\n", 1)
    edit = RESULT_OFFSETS.sub(
        "peakmem.result_offsets = array<i64: " +
        ", ".join(map(str, moved)) + ">", first, count=1)
    drop = re.sub(r"peakmem\.result_offsets = array<i64[^>]*>, ", "", first,
                  count=1)
    if drop == first:               # the last attribute
        drop = re.sub(r", peakmem\.result_offsets = array<i64[^>]*>", "",
                      first, count=1)
    assert drop != first and edit != first, first
    return [("result-offset", f"result #{k} recorded at {new}",
             edit + "\n" + rest),
            ("result-offset", "peakmem.result_offsets dropped",
             drop + "\n" + rest)]


def caller_padding(plan: ArenaPlan) -> int:
    """The bytes the caller's allocation of the arena adds to it in the
    counting allocator: its alignment above the runtime's 16."""
    return plan.alignment if (plan.alignment or 1) > 16 else 0


def outside_causes(p: Program) -> List[str]:
    """Why buffers of p may stay outside an arena=argument plan: the kinds
    of buffers the pass does not place (docs/Arena.md)."""
    out = set()
    freed = {s.free for s in p.body.stmts if s.free}
    for name in p.body.bufs:
        if name not in freed and name not in p.body.escaping:
            out.add("leaked (never freed)")
    if any(v.name != v.base for v in p.results):
        out.add("returned through a view")
    if any(b.bufs for k, b in p.blocks() if k is not None):
        out.add("allocated in a region")
    return sorted(out) or ["other"]


def result_problems(p: Program, plan: ArenaPlan) -> List[str]:
    """Which results the plan places: each one returned directly (an
    allocation of the entry block) at its view's offset; one returned
    through a view outside (-1) until RESULT_VIEWS_INSIDE."""
    offs = plan.result_offsets
    if not p.results:
        return [] if not offs else [f"result_offsets {offs} without results"]
    if offs is None:                    # none inside: absent
        offs = [-1] * len(p.results)
    if len(offs) != len(p.results):
        return [f"result_offsets {offs} for {len(p.results)} results"]
    viewed = {v.base for v in p.results if v.name != v.base} if \
        not RESULT_VIEWS_INSIDE else set()
    bad = []
    for k, (v, off) in enumerate(zip(p.results, offs)):
        # Returned directly, and not also through a view (then it is
        # outside as that view's base until RESULT_VIEWS_INSIDE).
        direct = v.name == v.base and v.base in p.body.bufs and \
            v.base not in viewed
        if direct and off < 0:
            bad.append(f"result #{k} ({v.name}, returned directly) left "
                       "outside the arena")
        if v.name != v.base and (off >= 0) != RESULT_VIEWS_INSIDE:
            bad.append(f"result #{k} ({v.name}, returned through a view) "
                       f"at {off}: expected "
                       f"{'inside' if RESULT_VIEWS_INSIDE else 'outside'} "
                       "(fuzz.config.RESULT_VIEWS_INSIDE)")
    return bad


def execute_argument(p: Program, text: str, input_res, plain_peak: int,
                     e: ExecOutcome, count) -> None:
    """Runs the arena=argument plan `text` of p through caller(): measured
    == arena + peakmem.peak, <= plain_peak, digest == the input's (or the
    difference explained by reads of memory never written, as
    arena_checks.execute_arena does)."""
    from peakmem import execute
    plan = parse_arena_plan(text)
    if not plan.argument or plan.size is None:
        return

    def run(t, **kw):
        return execute.execute_text(exec_module(p, t + caller(t, plan, **kw)),
                                    function=WRAPPER + p.name)
    res = run(text)
    count("arena=argument executed")
    pad = caller_padding(plan)
    want = plan.size + pad + (plan.peak or 0)
    if res.peak_bytes != want:
        e.problems.append(f"arena=argument: measured {res.peak_bytes} != "
                          f"arena {plan.size} + {pad} (the caller's "
                          f"alignment padding) + modeled peakmem.peak "
                          f"{plan.peak}")
    # The device's arena is a static buffer at its alignment: what the
    # caller's malloc adds for the alignment is not the plan's.
    total = res.peak_bytes - pad
    if total > plain_peak and not plan.peak:
        e.problems.append(f"arena=argument: measured {res.peak_bytes} - "
                          f"{pad} (the caller's alignment padding) > the "
                          f"plain program's certified peak {plain_peak}, "
                          "nothing outside the arena")
    elif total > plain_peak:
        # Issue #26's gap, reported with its cause: buffers the pass
        # leaves outside live beside the whole arena.
        count("arena=argument above the plain peak, buffers outside: " +
              ", ".join(outside_causes(p)))
    elif total < plain_peak:
        count("arena=argument below the plain peak")
    if res.peak_bytes > plain_peak >= total:
        count("arena=argument above the plain peak by the caller's "
              "alignment padding alone")
    if res.output_digest == input_res.output_digest:
        res = run(text, dirty=True)
        count("arena=argument executed dirty")
        if res.output_digest == input_res.output_digest:
            return
    spread = spread_plan(text, plan, False)
    splan = parse_arena_plan(spread)
    fresh, dirty = (execute.execute_text(
        exec_module(p, spread + caller(spread, splan, dirty=d)),
        function=WRAPPER + p.name) for d in (False, True))
    if fresh.output_digest != input_res.output_digest:
        e.problems.append("arena=argument: the spread plan (no sharing) "
                          f"changes the digest: {fresh.output_digest} != "
                          f"{input_res.output_digest}")
    elif dirty.output_digest == fresh.output_digest:
        e.problems.append("arena=argument: digest differs from the input's "
                          f"({res.output_digest} != "
                          f"{input_res.output_digest}) and the program "
                          "reads no uninitialised memory")
    else:
        count("arena=argument executed, reads uninitialised memory (digest "
              "differs legitimately)")


def input_problems(plan: ArenaPlan, offs: Optional[List[int]], nargs: int
                   ) -> List[str]:
    """inputs-in-arena (docs/Arena.md "Inputs inside the arena"), from the
    printed plan: peakmem.input_offsets has one entry per argument of the
    unplanned function (`nargs`), each input in the arena at the offset of
    its views (peakmem.input = i), -1 for an argument still passed."""
    if offs is None:
        return ["peakmem.input_offsets missing"]
    if len(offs) != nargs:
        return [f"peakmem.input_offsets {offs} for {nargs} arguments"]
    bad = []
    for v in plan.views:
        if v.input is not None and (v.input >= nargs or
                                    offs[v.input] != v.offset):
            bad.append(f"{v.name} holds input #{v.input} at {v.offset}, "
                       f"recorded at {offs[v.input] if v.input < nargs else None}")
    for k, off in enumerate(offs):
        if off >= 0 and not any(v.input == k for v in plan.views):
            bad.append(f"input #{k} recorded at {off}, no view reads it")
    return bad


def leaked_sids(p: Program) -> Set[int]:
    """The statements allocating p's entry-block buffers that are never
    freed and not returned."""
    freed = {s.free for s in p.body.stmts if s.free}
    return {s.sid for s in p.body.stmts if s.alloc and s.alloc not in
            freed and s.alloc not in p.body.escaping}


def leaked_problems(p: Program, text: str, plan: ArenaPlan, count
                    ) -> List[str]:
    """The entry-block buffers of p never freed and not returned
    (config.LEAKED_BASE) in the arena=argument plan `text`: inside (a view
    of the arena at their statement) or outside (still allocated), counted;
    outside is a problem once config.LEAKED_INSIDE, until then the gap
    with its cause."""
    from .config import LEAKED_INSIDE
    from .parse import LOC_SID
    leaked = leaked_sids(p)
    if not leaked:
        return []
    inside = leaked & {v.sid for v in plan.views}
    outside = set()
    for line in text.splitlines():
        m = LOC_SID.search(line)
        if m and " = memref.alloc(" in line and int(m.group(1)) in leaked:
            outside.add(int(m.group(1)))
    count("arena_arg: leaked buffers", len(leaked))
    count("arena_arg: leaked buffers inside", len(inside))
    if outside and not LEAKED_INSIDE:
        count("arena_arg: leaked buffers outside (gap: never freed, not "
              "returned)", len(outside))
    elif outside:
        return [f"leaked buffers (never freed, not returned) of statements "
                f"{sorted(outside)} outside the arena "
                "(fuzz.config.LEAKED_INSIDE)"]
    return []
