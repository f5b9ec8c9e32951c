# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Text edits of a planned function: offsets, attributes, the arena's size,
a dirty or a spread arena for execution, and random mutations of a plan."""

import random
import re
from typing import List, Optional, Tuple

from .arena_plan import ARENA_ALLOC, ARENA_VIEW, ArenaPlan, ArenaView
from .config import DIRTY_BYTE
from .model import elem_alloc_bytes


# Text edits of a planned function (mutations and execution variants).
def set_offset(text: str, v: ArenaView, off: int, tag: str) -> str:
    lines = text.splitlines()
    line = lines[v.line]
    indent = line[:len(line) - len(line.lstrip())]
    new = f"%fzoff{tag}"
    lines[v.line] = line.replace(f"[{v.const}][]", f"[{new}][]", 1)
    lines.insert(v.line, f"{indent}{new} = arith.constant {off} : index")
    return "\n".join(lines) + "\n"


def set_func_attr(text: str, name: str, value) -> str:
    lines = text.splitlines()
    rep = ("true" if value else "false") if isinstance(value, bool) \
        else f"{value} : i64"
    lines[0], n = re.subn(
        rf"peakmem\.{name} = (?:-?\d+ : i64|true|false)",
        f"peakmem.{name} = {rep}", lines[0])
    assert n == 1, (name, lines[0])
    return "\n".join(lines) + "\n"


def set_arena_size(text: str, plan: ArenaPlan, size: int) -> str:
    text = set_func_attr(text, "arena_size", size)
    lines = text.splitlines()
    tok = re.compile(re.escape(plan.arena) + r"(?![\w.$\-])")
    old, new = f"memref<{plan.arena_type_size}xi8>", f"memref<{size}xi8>"
    for i, line in enumerate(lines):
        if not tok.search(line):
            continue
        if ARENA_VIEW.match(line):      # the source type, not the result
            lines[i] = line.replace(f": {old} to ", f": {new} to ", 1)
        elif plan.argument and i == 0:  # the argument, not a result
            lines[i] = line.replace(f"{plan.arena}: {old}",
                                    f"{plan.arena}: {new}", 1)
        else:
            lines[i] = line.replace(old, new)
    return "\n".join(lines) + "\n"


def rename_function(text: str, old: str, new: str) -> str:
    first, rest = text.split("\n", 1)
    return first.replace(f"@{old}(", f"@{new}(", 1) + "\n" + rest


def spread_plan(text: str, plan: ArenaPlan, dirty: bool) -> str:
    """Every view at its own bytes (no sharing), the arena grown to fit;
    `dirty`: the arena filled with DIRTY_BYTE first. Executed, the spread
    program reads fresh bytes where the input program did; the dirty one
    shows whether the output depends on them (uninitialised reads)."""
    off = 0
    offs = []
    for v in plan.views:
        a = max(1, v.align)
        off = -(-off // a) * a
        offs.append(off)
        off += v.size
    out = set_arena_size(text, plan, max(off, 1))
    for k, v in sorted(enumerate(plan.views), key=lambda kv: -kv[1].line):
        out = set_offset(out, v, offs[k], f"s{k}")
    if dirty:
        out = fill_arena(out, plan)
    return out


def fill_arena(text: str, plan: ArenaPlan) -> str:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = ARENA_ALLOC.match(line)
        if m:
            ind = line[:len(line) - len(line.lstrip())]
            t = f"memref<{m.group(3)}xi8>"
            lines[i + 1:i + 1] = [
                f"{ind}%fzdirty = arith.constant {DIRTY_BYTE} : i8",
                f"{ind}linalg.fill ins(%fzdirty : i8) outs({plan.arena} : "
                f"{t})"]
            break
    return "\n".join(lines) + "\n"


def _overlap_offset(v: ArenaView, u: ArenaView) -> Optional[int]:
    """An offset of v, aligned, whose bytes intersect u's."""
    a = max(1, v.align)
    for off in (u.offset - u.offset % a,
                u.offset + u.size - 1 - (u.offset + u.size - 1) % a):
        if off >= 0 and off < u.offset + u.size and off + v.size > u.offset:
            return off
    return None


def arena_mutations(text: str, plan: ArenaPlan, rng: random.Random,
                    n: int) -> List[Tuple[str, str, str]]:
    """(kind, description, text) of `n` random edits of a planned function:
    offsets moved onto a live view, misaligned, past the end, anywhere;
    the arena grown or shrunk (attribute and type); the bound or the
    optimality claim changed; and no-op edits."""
    views = [v for v in plan.views if v.offset is not None]
    out = []
    if not views or plan.size is None:
        return out
    for k in range(n):
        roll = rng.randrange(9)
        v = rng.choice(views)
        tag = f"m{k}"
        if roll == 0:
            live = [u for u in views if u is not v and u.size and v.size and
                    u.first <= v.last and v.first <= u.last]
            off = _overlap_offset(v, rng.choice(live)) if live else None
            if off is None:
                continue
            out.append(("overlap", f"{v.name} to {off} onto a live view",
                        set_offset(text, v, off, tag)))
        elif roll == 1:
            if v.align <= 1:
                continue
            off = v.offset + rng.randrange(1, v.align)
            out.append(("misalign", f"{v.name} to {off}",
                        set_offset(text, v, off, tag)))
        elif roll == 2:
            off = plan.size - v.size + rng.randint(1, 2 * max(1, v.align))
            off = -(-off // max(1, v.align)) * max(1, v.align)
            out.append(("past-end", f"{v.name} to {off}",
                        set_offset(text, v, off, tag)))
        elif roll == 3:
            a = max(1, v.align)
            off = rng.randrange(0, plan.size // a + 1) * a
            out.append(("move", f"{v.name} {v.offset} -> {off}",
                        set_offset(text, v, off, tag)))
        elif roll == 4:
            d = rng.choice([-1, 1]) * rng.choice(
                [1, max(1, plan.arena_align or 1), max(1, v.size)])
            size = plan.size + d
            if size <= 0:
                continue
            out.append(("arena-size", f"{plan.size} -> {size}",
                        set_arena_size(text, plan, size)))
        elif roll == 5:
            b = rng.choice([plan.bound + 1, plan.bound - 1, plan.size,
                            plan.size + 1, 0, plan.bound * 2 + 1])
            out.append(("bound", f"{plan.bound} -> {b}",
                        set_func_attr(text, "arena_lower_bound", b)))
        elif roll == 6:
            out.append(("optimal", f"flipped to {not plan.optimal}",
                        set_func_attr(text, "arena_optimal",
                                      not plan.optimal)))
        elif roll == 7:
            out.append(("no-op", f"{v.name} offset re-written",
                        set_offset(text, v, v.offset, tag)))
        else:
            # Shift one view onto another live view's range, then the
            # arena_size claim left alone or grown to cover it.
            live = [u for u in views if u is not v and u.size and v.size and
                    u.first <= v.last and v.first <= u.last]
            if not live:
                continue
            u = rng.choice(live)
            a = max(1, v.align)
            off = u.offset - u.offset % a
            t = set_offset(text, v, off, tag)
            out.append(("overlap", f"{v.name} to {off} (onto {u.name})", t))
    return out


FORGEABLE = {"f32": "0.000000e+00", "i8": "0", "i32": "0"}


def forged_aliases(text: str, plan: ArenaPlan, rng: random.Random,
                   n: int) -> List[Tuple[str, str, str]]:
    """Issue #22 item 6: a linalg.fill through a memref.reinterpret_cast
    of a view u, inserted right after the definition of a view v live at
    the same time. "forged-alias": the cast's offset moves it onto v's
    bytes (the plan now overlaps two live buffers: must be rejected);
    "alias-inside": the cast stays inside u (valid)."""
    lines = text.splitlines()
    views = [v for v in plan.views if v.offset is not None and not v.nested
             and v.elem in FORGEABLE and v.size]
    # u (1-D, the cast's source) live when v is defined, v live after it.
    pairs = [(u, v) for u in views for v in views if u is not v and
             _one_d(lines[u.line]) and u.line < v.line and
             u.last >= v.first and v.last > v.first]
    out = []
    for k in range(n if pairs else 0):
        u, v = rng.choice(pairs)
        esize = elem_alloc_bytes(u.elem)
        delta = v.offset - u.offset
        if rng.random() < 0.7 and delta >= 0 and delta % esize == 0:
            kind, off = "forged-alias", delta // esize
            count = max(1, min(u.elems, v.bytes // esize))
        else:
            kind, off = "alias-inside", 0
            count = rng.randint(1, u.elems)
        out.append((kind, f"fill through {u.name} at element offset {off} "
                    f"x {count} (after {v.name})",
                    _drop_bound_claim(_insert_cast(text, u, v, off, count,
                                                   f"{k}"))))
    return out


def _drop_bound_claim(text: str) -> str:
    """The edit adds statements, so the recorded certificate of the bound
    (statement-indexed, on the problem rebuilt from the IR) no longer
    describes the program: the claim goes (bound 0, not optimal, no
    certificate), leaving the slot and alias rules to be judged."""
    text = re.sub(r"peakmem\.arena_lower_bound = \d+ : i64",
                  "peakmem.arena_lower_bound = 0 : i64", text)
    text = text.replace("peakmem.arena_optimal = true",
                        "peakmem.arena_optimal = false")
    key = "peakmem.arena_certificate = {"
    while key in text:
        i = text.index(key)
        j, depth = i + len(key), 1
        while depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        # The attribute and the ", " that separates it from the next one.
        text = text[:i] + text[j:].removeprefix(", ")
    return text


def _insert_cast(text: str, u: ArenaView, v: ArenaView, off: int,
                 count: int, tag: str) -> str:
    lines = text.splitlines()
    line = lines[v.line]
    ind = line[:len(line) - len(line.lstrip())]
    elem = u.elem
    src = f"memref<{u.elems}x{elem}>"
    dst = f"memref<{count}x{elem}, strided<[1], offset: {off}>>"
    new = [f"{ind}%fzc{tag} = arith.constant {FORGEABLE[elem]} : {elem}",
           f"{ind}%fzrc{tag} = memref.reinterpret_cast {u.name} to offset: "
           f"[{off}], sizes: [{count}], strides: [1] : {src} to {dst}",
           f"{ind}linalg.fill ins(%fzc{tag} : {elem}) outs(%fzrc{tag} : "
           f"{dst})"]
    lines[v.line + 1:v.line + 1] = new
    return "\n".join(lines) + "\n"


def _one_d(view_line: str) -> bool:
    m = ARENA_VIEW.match(view_line)
    return bool(m) and m.group(6).count("x") == 1
