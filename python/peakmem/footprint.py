# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What a device must hold to run a program with a static arena: the arena,
and everything outside it, read from the planned IR itself (not from remark
text): the allocations peakmem-plan-arena left out (results that escape the
function among them) and the memref arguments (the inputs and weights the
caller provides).

    fp = footprint(arena_text)
    fp["arena"], fp["outside"], fp["arguments"], fp["total"]

Sizes are static buffer bytes (elements x element size). A buffer of
dynamic shape has no static size: its `bytes` is None and the total says it
is incomplete (`complete` False).
"""

import re
from typing import Dict, List, Optional

from peakmem import mlirtext

# Bytes of each element type a memref may hold.
ELEMENT_BYTES = {"i1": 1, "i8": 1, "ui8": 1, "si8": 1, "i16": 2, "f16": 2, "bf16": 2,
                 "i32": 4, "f32": 4, "i64": 8, "f64": 8, "index": 8}

_ALLOC = re.compile(r"^\s*(%[\w$.\-]+)\s*=\s*memref\.alloc\(([^)]*)\)\s*(\{[^\n]*\})?\s*:\s*"
                    r"(memref<[^\n]*>)\s*$")
_RETURN = re.compile(r"^\s*(?:func\.)?return\s+([^:\n]+):")
# A view of one buffer: the result aliases the source.
_VIEW = re.compile(r"^\s*(%[\w$.\-]+)\s*=\s*memref\.(?:collapse_shape|expand_shape|subview|cast|"
                   r"reinterpret_cast|view|transpose)\s+(%[\w$.\-]+)")


def memref_bytes(type_text: str) -> Optional[int]:
    """Static bytes of `memref<AxBxT...>`, None for a dynamic shape or an
    element type without a size."""
    inner = mlirtext.split_top(type_text.strip()[len("memref<"):-1])[0].strip()
    *dims, elem = inner.split("x")
    if any(not d.isdigit() for d in dims) or elem.strip() not in ELEMENT_BYTES:
        return None
    n = ELEMENT_BYTES[elem.strip()]
    for d in dims:
        n *= int(d)
    return n


def _returned(body: str) -> set:
    """Names of the values the function returns, and of the buffers they
    are views of (a result is often a reshape of an allocation)."""
    names, source = set(), {}
    for line in body.splitlines():
        m = _RETURN.match(line)
        if m:
            names |= {v.strip() for v in m.group(1).split(",")}
        m = _VIEW.match(line)
        if m:
            source[m.group(1)] = m.group(2)
    todo = list(names)
    while todo:
        src = source.get(todo.pop())
        if src and src not in names:
            names.add(src)
            todo.append(src)
    return names


def _arguments(func) -> List[Dict]:
    found = []
    for k, (entry, type_text) in enumerate(zip(func.arg_entries, func.arg_types)):
        if not type_text.startswith("memref<"):
            continue
        found.append({"index": k, "type": type_text, "bytes": memref_bytes(type_text),
                      "arena": "peakmem.arena" in entry})
    return found


def footprint(text: str, function: Optional[str] = None) -> Dict:
    """The arena and what lies outside it in function `function` (the first
    one by default) of a program planned by peakmem-plan-arena.

    Returns {"arena": bytes or None, "outside": [{"name", "type", "bytes",
    "returned"}], "arguments": [{"index", "type", "bytes"}], "outside_bytes",
    "argument_bytes", "total", "complete"}; `total` is arena + outside +
    arguments (the arena counted once when it is an argument)."""
    func = mlirtext.find_function(text, function)
    if func is None:
        raise KeyError(function or "no function")
    arena, outside = None, []
    body = func.body
    returned = _returned(body)
    for line in body.splitlines():
        m = _ALLOC.match(line)
        if not m:
            continue
        name, attrs, type_text = m.group(1), m.group(3) or "", m.group(4)
        size = memref_bytes(type_text)
        if "peakmem.arena" in attrs:
            arena = size
            continue
        outside.append({"name": name, "type": type_text, "bytes": size,
                        "returned": name in returned})
    args = []
    for a in _arguments(func):
        if a.pop("arena"):
            arena = a["bytes"]
        else:
            args.append(a)
    sizes = [b["bytes"] for b in outside] + [a["bytes"] for a in args] + [arena]
    known = [s for s in sizes if s is not None]
    return {"arena": arena, "outside": outside, "arguments": args,
            "outside_bytes": sum(b["bytes"] or 0 for b in outside),
            "argument_bytes": sum(a["bytes"] or 0 for a in args),
            "total": sum(known), "complete": len(known) == len(sizes)}
