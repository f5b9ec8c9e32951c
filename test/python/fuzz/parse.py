# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Small parsers of what peakmem-opt prints, written for the fuzzer and
independent of python/peakmem (docs/Architecture.md): functions of a
module, the order of the located statements in every block, the
peakmem-reorder remark and diagnostics."""

import dataclasses
import re
from typing import Dict, List, Optional, Tuple


_FUNC_START = re.compile(r"^  func\.func (?:\w+ )?@([\w$.\-]+)\(")
LOC_SID = re.compile(r'loc\("(?:fz\d+\.)?s(\d+)"\)\s*$')
_PEAK = re.compile(r"peakmem\.peak = (-?\d+) : i64")
OPNAME = re.compile(r"^\s*(?:%[^=]*=\s*)?([a-z_]+\.[\w.]+)")
CALL = re.compile(r"^\s*(?:%[^=]*=\s*)?call\s+@")


def split_functions(module_text: str) -> Dict[str, str]:
    """Top-level func.func texts of a printed module, by name."""
    out: Dict[str, str] = {}
    cur, buf = None, []
    for line in module_text.splitlines():
        m = _FUNC_START.match(line)
        if m:
            cur, buf = m.group(1), [line]
            continue
        if cur is not None:
            buf.append(line)
            if line == "  }" or line.startswith("  } loc("):
                out[cur] = "\n".join(buf) + "\n"
                cur = None
    return out


@dataclasses.dataclass
class ParsedFunc:
    peak: Optional[int]
    # Block key (None: body; sid: region 0 of op sid; (sid, k): region k)
    # -> the tagged statements of that block, in order (a sid appears
    # several times when peakmem-recompute cloned the op).
    orders: Dict[object, List[int]]
    opnames: Dict[int, str]


def parse_function(text: str) -> ParsedFunc:
    """The order of the tagged statements in every block of a function."""
    lines = text.splitlines()
    m = _PEAK.search(lines[0])
    peak = int(m.group(1)) if m else None
    # Stack of open ops: [op name, regions (lists of children sids)].
    stack: List[List] = [["func.func", [[]]]]
    orders: Dict[object, List[int]] = {}
    opnames: Dict[int, str] = {}
    for line in lines[1:]:
        s = line.strip()
        if s.startswith("^"):
            continue
        if s.startswith("}"):
            if len(stack) == 1:
                break
            if s.endswith("{"):          # "} else {": the next region
                stack[-1][1].append([])
                continue
            opname, regions = stack.pop()
            mm = LOC_SID.search(s)
            if mm:
                sid = int(mm.group(1))
                opnames[sid] = opname
                orders[sid] = regions[0]
                for k, region in enumerate(regions[1:], 1):
                    orders[(sid, k)] = region
                stack[-1][1][-1].append(sid)
            continue
        mo = OPNAME.match(s)
        opname = mo.group(1) if mo else \
            ("func.call" if CALL.match(s) else "?")
        if s.endswith("{"):
            stack.append([opname, [[]]])
            continue
        mm = LOC_SID.search(s)
        if mm:
            sid = int(mm.group(1))
            opnames[sid] = opname
            stack[-1][1][-1].append(sid)
    orders[None] = stack[0][1][0]
    return ParsedFunc(peak, orders, opnames)


def block_name(key) -> str:
    if key is None:
        return "function body"
    if isinstance(key, tuple):
        return f"else region of s{key[0]}"
    return f"body of s{key}"


_REMARK = re.compile(r"peakmem-reorder: '([\w$.\-]+)' peak (\d+) -> (\d+) "
                     r"bytes \(([^)]*)\)")
_NOT_MODELED = re.compile(r"peakmem: '([\w$.\-]+)' not modeled: (.*)")


def parse_remarks(stderr: str) -> Dict[str, Tuple[int, int, str]]:
    out = {}
    for m in _REMARK.finditer(stderr):
        out[m.group(1)] = (int(m.group(2)), int(m.group(3)), m.group(4))
    for m in _NOT_MODELED.finditer(stderr):
        out[m.group(1)] = (-1, -1, "not modeled: " + m.group(2))
    return out


@dataclasses.dataclass
class Diag:
    severity: str            # error | warning | remark | note
    text: str                # the message, notes appended
    seed: Optional[int]      # program it names (loc or function name)
    name: Optional[str]      # function name in the message, if any


_DIAG = re.compile(r"^(\S.*?): (error|warning|remark|note): (.*)$")
_DIAG_SEED = re.compile(r'loc\("fz(\d+)[."]')
_DIAG_NAME = re.compile(r"'(fz\d+(?:_\w+)?)'")


def parse_diags(stderr: str) -> List[Diag]:
    out: List[Diag] = []
    for line in stderr.splitlines():
        m = _DIAG.match(line)
        if not m:
            continue
        sev, msg = m.group(2), m.group(3)
        if sev == "note" and out:
            out[-1].text += " | note: " + msg
            continue
        nm = _DIAG_NAME.search(msg)
        ms = _DIAG_SEED.search(line)
        seed = int(ms.group(1)) if ms else None
        if seed is None and nm:
            seed = int(re.match(r"fz(\d+)", nm.group(1)).group(1))
        out.append(Diag(sev, msg, seed, nm.group(1) if nm else None))
    return out
