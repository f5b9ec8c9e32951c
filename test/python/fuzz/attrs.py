# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A small parser and printer of the attribute values peakmem writes, and
the certificate records of a printed function (Records)."""

import dataclasses
import re
from typing import Dict, List, Tuple

from .parse import LOC_SID


# ("int", value, type), ("bool", b), ("str", s), ("dense", type, [ints]),
# ("dict", [(key, node)]), ("array", [nodes]), ("raw", text).

_NUM = re.compile(r"-?\d+")
_FLOAT = re.compile(r"-?\d+\.\d*(?:e[+-]?\d+)?|-?\d+e[+-]?\d+")
_KEY = re.compile(r'[\w.$\-]+|"(?:[^"\\]|\\.)*"')
_TYPE = re.compile(r"[\w]+")


def _ws(t: str, i: int) -> int:
    while i < len(t) and t[i] in " \t\n":
        i += 1
    return i


def parse_attr(t: str, i: int = 0):
    """Parses one attribute value at t[i:]; returns (node, end)."""
    i = _ws(t, i)
    c = t[i]
    if c == "{":
        pairs = []
        i = _ws(t, i + 1)
        while t[i] != "}":
            m = _KEY.match(t, i)
            key = m.group(0)
            i = _ws(t, m.end())
            if t[i] == "=":
                val, i = parse_attr(t, i + 1)
            else:
                val = ("raw", "unit")
            pairs.append((key, val))
            i = _ws(t, i)
            if t[i] == ",":
                i = _ws(t, i + 1)
        return ("dict", pairs), i + 1
    if c == "[":
        items = []
        i = _ws(t, i + 1)
        while t[i] != "]":
            val, i = parse_attr(t, i)
            items.append(val)
            i = _ws(t, i)
            if t[i] == ",":
                i = _ws(t, i + 1)
        return ("array", items), i + 1
    if t.startswith("array<", i):
        end = t.index(">", i)
        body = t[i + len("array<"):end]
        typ, _, vals = body.partition(":")
        ints = [int(v) for v in vals.split(",") if v.strip()]
        return ("dense", typ.strip(), ints), end + 1
    if c == '"':
        j = i + 1
        while t[j] != '"':
            j += 2 if t[j] == "\\" else 1
        return ("str", t[i + 1:j]), j + 1
    for word, val in (("true", True), ("false", False)):
        if t.startswith(word, i) and not t[i + len(word)].isalnum():
            return ("bool", val), i + len(word)
    m = _FLOAT.match(t, i)
    if m:
        j = _ws(t, m.end())
        if t.startswith(":", j):
            tm = _TYPE.match(t, _ws(t, j + 1))
            return ("raw", t[i:tm.end()]), tm.end()
    m = _NUM.match(t, i)
    if m:
        j = _ws(t, m.end())
        if t.startswith(":", j):
            tm = _TYPE.match(t, _ws(t, j + 1))
            return ("int", int(m.group(0)), tm.group(0)), tm.end()
        return ("int", int(m.group(0)), "i64"), m.end()
    # Anything else: raw text up to the next separator at depth 0.
    j, depth = i, 0
    while j < len(t):
        if t[j] in "<([{":
            depth += 1
        elif t[j] in ">)]}":
            if depth == 0:
                break
            depth -= 1
        elif t[j] == "," and depth == 0:
            break
        j += 1
    return ("raw", t[i:j].strip()), j


def render_attr(n) -> str:
    kind = n[0]
    if kind == "int":
        return f"{n[1]} : {n[2]}"
    if kind == "bool":
        return "true" if n[1] else "false"
    if kind == "str":
        return '"' + n[1] + '"'
    if kind == "dense":
        if not n[2]:
            return f"array<{n[1]}>"
        return f"array<{n[1]}: {', '.join(map(str, n[2]))}>"
    if kind == "dict":
        return "{" + ", ".join(f"{k} = {render_attr(v)}" for k, v in n[1]) \
            + "}"
    if kind == "array":
        return "[" + ", ".join(render_attr(v) for v in n[1]) + "]"
    return n[1]


def get_field(pairs, key):
    for k, v in pairs:
        if k == key:
            return v
    return None


def set_field(pairs, key, val):
    if val is None:
        return del_field(pairs, key)
    for i, (k, _) in enumerate(pairs):
        if k == key:
            pairs[i] = (k, val)
            return
    pairs.append((key, val))


def del_field(pairs, key):
    pairs[:] = [(k, v) for k, v in pairs if k != key]


@dataclasses.dataclass
class Records:
    """The peakmem attributes of a printed function: the function's own
    peakmem.* entries, and per op sid the value of its peakmem.nested."""
    func: List[Tuple[str, object]]
    nested: Dict[int, object]

    def func_attrs(self) -> str:
        return ", ".join(f"{k} = {render_attr(v)}" for k, v in self.func)

    def nested_attrs(self) -> Dict[int, str]:
        return {sid: f"{{peakmem.nested = {render_attr(v)}}}"
                for sid, v in self.nested.items()}


def extract_records(text: str) -> Records:
    lines = text.splitlines()
    func: List[Tuple[str, object]] = []
    k = lines[0].find(" attributes {")
    if k >= 0:
        node, _ = parse_attr(lines[0], k + len(" attributes "))
        func = [(key, v) for key, v in node[1] if key.startswith("peakmem.")]
    nested: Dict[int, object] = {}
    for line in lines[1:]:
        k = line.find("{peakmem.nested = ")
        if k < 0:
            continue
        node, _ = parse_attr(line, k)
        m = LOC_SID.search(line)
        if m:
            nested[int(m.group(1))] = get_field(node[1], "peakmem.nested")
    return Records(func, nested)
