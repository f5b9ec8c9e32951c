# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reading MLIR text as mlir-opt / peakmem-opt print it: the one parser.

Everything in peakmem that looks into a printed module goes through here:
function signatures (the execution harness, the importer self-check), the
`peakmem.*` attributes the passes write (passes.function_attrs,
passes.arena_stats, execute.modeled_peak), the removal of those attributes
before mlir-runner, symbol names and the op names left after lowering.

The input is the pretty form mlir-opt prints (one op per line, a func.func
and its attribute dictionary on one line, top-level functions indented by
two spaces); a module in another form is normalized by running it through
mlir-opt first (execute does).
"""

import dataclasses
import re
from typing import Dict, List, Optional


class ParseError(ValueError):
    """Text that is not in the form mlir-opt prints."""


_OPEN = {"(": ")", "[": "]", "{": "}", "<": ">"}
_CLOSE = {")", "]", "}", ">"}


def skip_string(text: str, i: int) -> int:
    """text[i] == '"'; returns the index after the closing quote."""
    i += 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == '"':
            return i + 1
        i += 1
    raise ParseError("unterminated string")


def match(text: str, i: int) -> int:
    """text[i] is an opener; returns the index after its closer."""
    depth = 0
    while i < len(text):
        c = text[i]
        if text.startswith("->", i) or text.startswith(">=", i) or \
                text.startswith("<=", i):
            i += 2
            continue
        if c == '"':
            i = skip_string(text, i)
            continue
        if c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ParseError("unbalanced brackets")


def token_end(text: str, i: int) -> int:
    """Reads one type/attribute token starting at i (brackets balanced, stops
    at whitespace or a comma at depth 0); returns its end."""
    while i < len(text):
        c = text[i]
        if c.isspace() or c == ",":
            return i
        if text.startswith("->", i):
            i += 2
            continue
        if c == '"':
            i = skip_string(text, i)
        elif c in _OPEN:
            i = match(text, i)
        elif c in _CLOSE:
            return i
        else:
            i += 1
    return i


def split_top(text: str) -> List[str]:
    """Splits at commas outside brackets and strings."""
    parts, start, i = [], 0, 0
    while i < len(text):
        c = text[i]
        if text.startswith("->", i):
            i += 2
            continue
        if c == '"':
            i = skip_string(text, i)
            continue
        if c in _OPEN:
            i = match(text, i)
            continue
        if c == ",":
            parts.append(text[start:i].strip())
            start = i + 1
        i += 1
    tail = text[start:].strip()
    if tail:
        parts.append(tail)
    return parts


# --------------------------------------------------------------------------
# Attribute dictionaries
# --------------------------------------------------------------------------

_INT = re.compile(r"^(-?\d+)(?:\s*:\s*[\w]+)?$")
_DENSE_INT_ARRAY = re.compile(r"^array<[su]?i\d+(?::\s*(-?\d+(?:\s*,\s*-?\d+)*))?>$")


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text[1:-1])


def parse_attr_value(text: str):
    """An attribute value: int (with or without `: iN`), bool, string,
    dictionary (a dict), dense integer array (`array<i64: 1, 2>`, a list),
    or anything else as its text."""
    text = text.strip()
    if text in ("true", "false"):
        return text == "true"
    m = _INT.match(text)
    if m:
        return int(m.group(1))
    m = _DENSE_INT_ARRAY.match(text)
    if m:
        return [int(v) for v in m.group(1).split(",")] if m.group(1) else []
    if text.startswith('"') and skip_string(text, 0) == len(text):
        return _unquote(text)
    if text.startswith("{") and match(text, 0) == len(text):
        return parse_attr_dict(text)
    return text


def parse_attr_dict(text: str) -> Dict[str, object]:
    """`{a = 1 : i64, b, "c d" = {e = "x"}}` -> {"a": 1, "b": True,
    "c d": {"e": "x"}}; a unit attribute maps to True."""
    text = text.strip()
    if not (text.startswith("{") and text.endswith("}")):
        raise ParseError(f"not an attribute dictionary: {text[:80]}")
    out = {}
    for entry in split_top(text[1:-1]):
        key_end = skip_string(entry, 0) if entry.startswith('"') else \
            token_end(entry, 0)
        key = entry[:key_end]
        key = _unquote(key) if key.startswith('"') else key
        rest = entry[key_end:].lstrip()
        if not rest:
            out[key] = True
        elif rest.startswith("="):
            out[key] = parse_attr_value(rest[1:])
        else:
            raise ParseError(f"bad attribute entry: {entry[:80]}")
    return out


# --------------------------------------------------------------------------
# Functions
# --------------------------------------------------------------------------

@dataclasses.dataclass
class Function:
    name: str             # without '@', may be a quoted string
    visibility: str       # public, private or nested
    has_body: bool
    arg_types: List[str]  # types as printed
    result_types: List[str]
    attributes: str       # the `attributes {...}` dict text, or ""
    arg_entries: List[str] = dataclasses.field(default_factory=list)  # `%a: T {attrs}`
    # Where the body's `{` is in `source` (read when `body` is asked for).
    source: str = dataclasses.field(default="", repr=False, compare=False)
    body_start: int = -1

    @property
    def body(self) -> str:
        """The text between the body's braces ("" for a declaration)."""
        if self.body_start < 0:
            return ""
        return self.source[self.body_start + 1:match(self.source, self.body_start) - 1]

    @property
    def symbol(self) -> str:
        return "@" + self.name

    @property
    def attrs(self) -> Dict[str, object]:
        """The attribute dictionary, parsed."""
        return parse_attr_dict(self.attributes) if self.attributes else {}

    def peakmem_attrs(self) -> Dict[str, object]:
        """The `peakmem.*` attributes, without the prefix."""
        return {k[len("peakmem."):]: v for k, v in self.attrs.items()
                if k.startswith("peakmem.")}


_TOP_FUNC_RE = re.compile(
    r'^  func\.func\s+(?:(public|private|nested)\s+)?'
    r'@("(?:[^"\\]|\\.)*"|[\w$.\-]+)\(', re.M)
_ANY_FUNC_RE = re.compile(
    r'^\s*func\.func\s+(?:(public|private|nested)\s+)?'
    r'@("(?:[^"\\]|\\.)*"|[\w$.\-]+)\(', re.M)


def _type_of_entry(entry: str) -> str:
    """`%arg0: T {attrs}` or `T {attrs}` -> T."""
    if entry.startswith("%"):
        colon = entry.index(":")
        entry = entry[colon + 1:].lstrip()
    return entry[:token_end(entry, 0)]


def parse_functions(text: str, nested: bool = False) -> List[Function]:
    """The func.func ops of a printed module, in order: the top-level ones,
    or with `nested` those at any depth."""
    funcs = []
    for m in (_ANY_FUNC_RE if nested else _TOP_FUNC_RE).finditer(text):
        paren = m.end() - 1
        end = match(text, paren)
        args = [_type_of_entry(e) for e in split_top(text[paren + 1:end - 1])]
        i = end
        while text[i] == " ":
            i += 1
        results: List[str] = []
        if text.startswith("->", i):
            i += 2
            while text[i] == " ":
                i += 1
            if text[i] == "(":
                rend = match(text, i)
                results = [_type_of_entry(e)
                           for e in split_top(text[i + 1:rend - 1])]
                i = rend
            else:
                rend = token_end(text, i)
                results = [text[i:rend]]
                i = rend
        while text[i] == " ":
            i += 1
        attributes = ""
        if text.startswith("attributes", i):
            i += len("attributes")
            while text[i] == " ":
                i += 1
            aend = match(text, i)
            attributes = text[i:aend]
            i = aend
        while i < len(text) and text[i] == " ":
            i += 1
        has_body = i < len(text) and text[i] == "{"
        funcs.append(Function(
            name=m.group(2), visibility=m.group(1) or "public", has_body=has_body,
            arg_types=args, result_types=results, attributes=attributes,
            arg_entries=split_top(text[paren + 1:end - 1]),
            source=text, body_start=i if has_body else -1))
    return funcs


def find_function(text: str, name: Optional[str] = None) -> Optional[Function]:
    """Function `name` (at any depth), or the first one; None if absent."""
    for f in parse_functions(text, nested=True):
        if name is None or f.name == name or f.name == f'"{name}"':
            return f
    return None


def symbol_names(text: str) -> set:
    """Every symbol name mentioned anywhere (definitions and uses)."""
    return {a or b for a, b in
            re.findall(r'@([\w$.\-]+)|@"((?:[^"\\]|\\.)*)"', text)}


# --------------------------------------------------------------------------
# Ops
# --------------------------------------------------------------------------

_OP_RE = re.compile(r'^\s*(?:%[^=]*=\s*)?"?([a-z_][\w$]*\.[\w$.]+)(?:[\s"(<{]|$)',
                    re.M)


def op_name(line: str) -> Optional[str]:
    """The dialect-qualified name of the op a printed line starts, if any
    (`%a, %b = "x.y"(...)`, `x.y %a ...`; bare `return` has no dialect)."""
    m = _OP_RE.match(line)
    return m.group(1) if m else None


def op_counts(text: str) -> Dict[str, int]:
    """How often each op name occurs in a printed module (before any
    resource section), nested ops included."""
    counts: Dict[str, int] = {}
    for m in _OP_RE.finditer(text.split("\n{-#", 1)[0]):
        counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    return counts


def op_names(text: str) -> set:
    """Names of the ops of a printed module (before any resource section)."""
    return set(op_counts(text))


def top_level_ops(body: str) -> List[str]:
    """Names of the ops directly in a function body, in order; `body` is the
    text from the func.func line on (ops of nested regions are skipped)."""
    ops = []
    depth = 0
    for line in body.splitlines():
        s = line.strip()
        if depth == 1 and s and not s.startswith("}") and \
                not s.startswith("^"):
            name = op_name(s)
            if name:
                ops.append(name)
        depth += s.count("{") - s.count("}")
    return ops


# --------------------------------------------------------------------------
# Removing peakmem.* attributes
# --------------------------------------------------------------------------

_PEAKMEM_KEY = re.compile(r"peakmem\.[\w$.\-]*\s*=\s*")


def _entry_end(text: str, k: int) -> int:
    """End of an attribute value starting at k: the next ',' or '}' at
    depth 0."""
    n = len(text)
    while k < n and text[k] not in ",}":
        if text.startswith("->", k):
            k += 2
        elif text[k] == '"':
            k = skip_string(text, k)
        elif text[k] in _OPEN:
            k = match(text, k)
        else:
            k += 1
    return k


def strip_peakmem_attributes(text: str) -> str:
    """Drops `peakmem.* = VALUE` entries from every attribute dictionary."""
    if "peakmem." not in text:
        return text
    # mlir-opt prints an op and its attribute dictionary on one line: only
    # the lines mentioning peakmem. need the (slow) scan.
    return "".join(_strip_line(line) if "peakmem." in line else line
                   for line in text.splitlines(keepends=True))


def _strip_line(text: str) -> str:
    out, i, n, last = [], 0, len(text), 0
    while i < n:
        c = text[i]
        if c == '"':
            i = skip_string(text, i)
            continue
        if c not in "{,":
            i += 1
            continue
        j = i + 1
        while j < n and text[j] == " ":
            j += 1
        m = _PEAKMEM_KEY.match(text, j)
        if not m:
            i += 1
            continue
        if c == "{":
            # Drop leading entries with their trailing ', ':
            # `{peakmem.x = 1, a = 2}` -> `{a = 2}`.
            while m:
                j = _entry_end(text, m.end())
                if j < n and text[j] == ",":
                    j += 1
                    while j < n and text[j] == " ":
                        j += 1
                m = _PEAKMEM_KEY.match(text, j)
            out.append(text[last:i + 1])
        else:
            # `, peakmem.x = 1` goes with its leading comma.
            j = _entry_end(text, m.end())
            out.append(text[last:i])
        last = i = j
    out.append(text[last:])
    return "".join(out)
