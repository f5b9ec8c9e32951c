# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Printing a program: every statement with its location loc("[fz<seed>.]s<N>")
(how the checks find it again in peakmem's output), region ops from their
blocks as they stand, attribute dictionaries and inserted lines on demand."""

from typing import Dict, List, Optional, Sequence

from .config import EXT_BASE
from .model import Program, Stmt


def stmt_lines(s: Stmt, attrs: Optional[Dict[int, str]] = None,
               prefix: str = "") -> List[str]:
    """The statement's text with its location loc("<prefix>s<sid>"); a
    region op is rendered from its blocks as they stand (so a permuted
    block prints permuted). `attrs` maps sids to an attribute dictionary
    printed after the op."""
    if s.head:
        lines = [s.head] + [f"  {line}" for t in s.body.stmts
                            for line in stmt_lines(t, attrs, prefix)]
        if s.else_body is not None:
            lines.append("} else {")
            lines += [f"  {line}" for t in s.else_body.stmts
                      for line in stmt_lines(t, attrs, prefix)]
        lines.append("}")
    else:
        lines = list(s.lines)
    extra = f" {attrs[s.sid]}" if attrs and s.sid in attrs else ""
    lines[-1] = f'{lines[-1]}{extra} loc("{prefix}s{s.sid}")'
    return lines


def loc_prefix(seed: int) -> str:
    """Extended programs name their statements loc("fz<seed>.s<N>"), so
    that a diagnostic at a nested op names its program; the original
    programs keep loc("s<N>")."""
    return f"fz{seed}." if seed >= EXT_BASE else ""


def render(p: Program, func_attrs: str = "",
           nested_attrs: Optional[Dict[int, str]] = None,
           insert_before: Optional[Dict[int, List[str]]] = None,
           extra_args: Sequence[str] = ()) -> str:
    """The func.func of a program. `func_attrs`: an `attributes {...}`
    dictionary body for the function; `nested_attrs`: per sid, a
    dictionary printed after the op; `insert_before`: raw lines inserted
    before top-level statements (sid -> lines); `extra_args`: more
    arguments."""
    args = ", ".join([f"{a.name}: {a.type}" for a in p.args] +
                     list(extra_args))
    res = ""
    if len(p.results) == 1:
        res = f" -> {p.results[0].type}"
    elif p.results:
        res = f" -> ({', '.join(v.type for v in p.results)})"
    attrs = f" attributes {{{func_attrs}}}" if func_attrs else ""
    lines = [f"  func.func @{p.name}({args}){res}{attrs} {{"]
    prefix = loc_prefix(p.seed)
    for s in p.body.stmts:
        if insert_before and s.sid in insert_before:
            lines += insert_before[s.sid]
        lines += [f"    {line}"
                  for line in stmt_lines(s, nested_attrs, prefix)]
    if p.results:
        lines.append(f"    return {', '.join(v.name for v in p.results)} : "
                     f"{', '.join(v.type for v in p.results)}")
    else:
        lines.append("    return")
    lines.append(f'  }} loc("{p.name}")')
    return "\n".join(lines) + "\n"
