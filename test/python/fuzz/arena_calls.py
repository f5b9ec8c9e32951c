# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""One arena for a call tree (issue #26, docs/Arena.md "One arena for a
call tree"), judged from the printed module alone: a callee planned with
`arena=argument` on the module takes its arena as a trailing argument
marked `peakmem.arena`, returns no memref, and every call passes it a slot
of the caller's arena: a view of the whole slot, used by that call only,
at a constant offset that is a multiple of the callee's alignment, equal to
the call's `peakmem.callee_arena_offset`. Such a view lives for its call
statement only (the callee keeps nothing of it past its return), so its
use by the call hides nothing: parse_arena_plan's "an alias used by
func.call" is lifted for it, and the caller's ordinary overlap checks
(arena_violations) then judge the slot against the caller's own buffers.

Used by test_fuzz_regions.py (gen_regions.py's callers)."""

import re
from typing import Dict, List, Tuple

from .arena_edit import set_offset
from .arena_plan import ArenaPlan, ArenaView

CALLEE_OFFSET = re.compile(r"peakmem\.callee_arena_offset = (-?\d+) : i64")
_CALL = re.compile(r"^\s*(?:%[^=]*=\s*)?(?:func\.)?call @([\w$.\-]+)\((.*?)\)"
                   r"(?: \{(.*?)\})? : \((.*?)\) -> (.*)$")
_FUNC = re.compile(r"^\s*func\.func (?:private )?@([\w$.\-]+)\((.*?)\)"
                   r"( -> [^{]*?)?(?: attributes \{(.*))? \{$")
_ARENA_ARG = re.compile(r"memref<(\d+)xi8> \{(?:llvm\.nocapture, )?"
                        r"peakmem\.arena\}$")
_ALIGN = re.compile(r"peakmem\.arena_alignment = (\d+) : i64")
CALL_GAP = "outside: passed to a call"


def callee_arenas(module: str) -> Dict[str, Tuple[int, int]]:
    """Functions of the module taking their arena from a caller: name ->
    (arena bytes, alignment), for a trailing argument marked peakmem.arena
    and no memref result."""
    out = {}
    for line in module.splitlines():
        m = _FUNC.match(line)
        if not m or "memref" in (m.group(3) or ""):
            continue
        args = m.group(2).rsplit(", %", 1)[-1]
        ma = _ARENA_ARG.search(args)
        al = _ALIGN.search(m.group(4) or "")
        if ma and "llvm.nocapture" in args:
            out[m.group(1)] = (int(ma.group(1)), int(al.group(1)) if al
                               else 1)
    return out


def _slot_problem(v: ArenaView, lines: List[str], callees) -> str:
    """Why view v is not a valid callee slot ("" when it is)."""
    tok = re.compile(re.escape(v.name) + r"(?![\w.$\-])")
    uses = [ln for ln in lines[v.line + 1:] if tok.search(ln.split(
        " loc(")[0])]
    if len(uses) != 1:
        return f"{v.name}: {len(uses)} uses of a callee's slot, not one call"
    m = _CALL.match(uses[0])
    if not m or m.group(1) not in callees:
        return f"{v.name}: passed to a call of a callee without an arena"
    ops = [x.strip() for x in m.group(2).split(",")]
    size, align = callees[m.group(1)]
    rec = CALLEE_OFFSET.search(m.group(3) or "")
    if ops[-1] != v.name or ops.count(v.name) != 1:
        return f"{v.name}: passed to @{m.group(1)} not as its arena"
    if v.bytes != size:
        return (f"{v.name}: a slot of {v.bytes} bytes for @{m.group(1)}'s "
                f"arena of {size}")
    if v.offset is None or v.offset % align:
        return f"{v.name}: slot offset {v.offset} not a multiple of {align}"
    if not rec or int(rec.group(1)) != v.offset:
        return (f"{v.name}: @{m.group(1)}'s slot at {v.offset}, "
                f"peakmem.callee_arena_offset {rec and rec.group(1)}")
    return ""


_VIEWS = ("memref.subview", "memref.collapse_shape", "memref.expand_shape",
          "memref.cast", "memref.reshape")


def _bodies(module: str) -> Dict[str, Tuple[List[str], List[str]]]:
    """Each function of the module with a body: name -> (its parameter
    names, its body lines)."""
    out, lines = {}, module.splitlines()
    for i, line in enumerate(lines):
        m = _FUNC.match(line)
        if not m:
            continue
        params = re.findall(r"(%[\w$.\-]+):", m.group(2))
        body = []
        for ln in lines[i + 1:]:
            if ln.strip() == "}" and len(ln) - len(ln.lstrip()) <= \
                    len(line) - len(line.lstrip()):
                break
            body.append(ln.split(" loc(")[0])
        out[m.group(1)] = (params, body)
    return out


def kept_by_callee(bodies, callee: str, index: int, depth: int = 0) -> str:
    """Why @callee may keep (return, store, free, hand on to an unknown
    function) what it receives as operand `index`, judged from its printed
    body alone: "" when every use of it, or of a view of it, is an operand
    of a linalg op or of a call of a module function that keeps nothing of
    it either (the rule of SymbolCalls.cpp, re-derived)."""
    if callee not in bodies or depth > 8:
        return f"@{callee}: no body to read (or too deep)"
    params, body = bodies[callee]
    if index >= len(params):
        return f"@{callee}: no operand {index}"
    names, why = {params[index]}, ""
    for ln in body:
        used = [n for n in names if re.search(re.escape(n) + r"(?![\w.$\-])",
                                              ln)]
        if not used:
            continue
        op = ln.split(" = ", 1)[-1].strip().split(" ")[0].split("(")[0]
        mc = _CALL.match(ln)
        if op.startswith("linalg."):
            continue
        if op in _VIEWS and " = " in ln:
            names.add(ln.split(" = ", 1)[0].strip())
            continue
        if mc:
            ops = [x.strip() for x in mc.group(2).split(",")]
            for k, o in enumerate(ops):
                if o in used:
                    why = why or kept_by_callee(bodies, mc.group(1), k,
                                                depth + 1)
            continue
        return f"@{callee}: operand {index} used by '{op}'"
    return why


def _operand_problem(v: ArenaView, lines: List[str], callees, bodies) -> str:
    """Why view v, passed to calls as an ordinary operand, may be kept by
    one of them ("" when every callee provably keeps nothing of it: the
    view then lives through its calls, which its uses show)."""
    tok = re.compile(re.escape(v.name) + r"(?![\w.$\-])")
    for ln in lines[v.line + 1:]:
        body = ln.split(" loc(")[0]
        if not tok.search(body):
            continue
        m = _CALL.match(body)
        if not m:
            continue
        ops = [x.strip() for x in m.group(2).split(",")]
        if m.group(1) in callees and ops[-1] == v.name:
            return f"{v.name}: passed to @{m.group(1)} as its arena"
        for k, o in enumerate(ops):
            if o == v.name:
                why = kept_by_callee(bodies, m.group(1), k)
                if why:
                    return f"{v.name}: {why}"
    return ""


def lift_slots(plan: ArenaPlan, ftext: str, module: str
               ) -> Tuple[int, List[str]]:
    """The callee slots of a caller's plan: (how many, problems). A valid
    slot's view loses its "hidden" mark (it lives for its call); an
    invalid one is a problem and keeps it. Calls of callees with an arena
    that pass no view of the caller's arena are problems unless recorded as
    a heap slot (peakmem.callee_arena_offset = -1, allocated)."""
    lines, callees = ftext.splitlines(), callee_arenas(module)
    bodies = _bodies(module)
    n, bad = 0, []
    for v in plan.views:
        if v.hidden != "an alias used by func.call":
            continue
        why = _slot_problem(v, lines, callees)
        if not why:
            v.hidden, n = "", n + 1
        elif not _operand_problem(v, lines, callees, bodies):
            # A caller's buffer passed to callees that keep nothing of it
            # (issue #26, arch's session-12 rule): it lives through its
            # calls, so its use by them hides nothing.
            v.hidden = ""
        else:
            bad.append(why)
    calls = [m for m in map(_CALL.match, lines) if m and
             m.group(1) in callees]
    heap = sum(bool(re.search(r"peakmem\.callee_arena_offset = -1 :",
                              m.group(3) or "")) for m in calls)
    if len(calls) != n + heap:
        bad.append(f"{len(calls)} calls of callees with an arena, {n} slots "
                   f"in the caller's arena, {heap} on the heap")
    return n, bad


def slot_mutations(ftext: str, plan: ArenaPlan) -> List[Tuple[str, str]]:
    """A callee's slot moved onto a caller buffer of the arena live at its
    call (view and peakmem.callee_arena_offset together, so only the
    overlap is wrong), and a slot's recorded offset alone changed: (what,
    function text) each, for peakmem-verify-arena to reject."""
    lines = ftext.splitlines()
    slots = {}                  # view -> the line of its call
    for v in plan.views:
        for i in range(v.line + 1, len(lines)):
            m = _CALL.match(lines[i])
            if m and CALLEE_OFFSET.search(m.group(3) or "") and \
                    m.group(2).split(", ")[-1] == v.name:
                slots[v.line] = i
    out = []
    for s in [v for v in plan.views if v.line in slots]:
        call = slots[s.line]
        live = [v for v in plan.views if v.line not in slots and v.offset
                is not None and v.first <= s.first <= v.last and v.offset !=
                s.offset]
        if live:
            off = live[0].offset
            moved = set_offset(ftext, s, off, "slot").splitlines()
            moved[call + 1] = CALLEE_OFFSET.sub(
                f"peakmem.callee_arena_offset = {off} : i64", moved[call + 1])
            out.append((f"{s.name} moved onto {live[0].name} at {off}",
                        "\n".join(moved) + "\n"))
        rec = list(lines)
        rec[call] = CALLEE_OFFSET.sub(
            f"peakmem.callee_arena_offset = {s.offset + plan.size} : i64",
            rec[call])
        out.append((f"{s.name}'s recorded offset past the arena",
                    "\n".join(rec) + "\n"))
    return out
