# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What a program exercises, for the coverage counts of docs/Testing.md and
the generator tests."""

from typing import Dict, List, Set

from .config import EXT
from .model import Program
from .oracle import simulate


def features(p: Program) -> Set[str]:
    """What a program exercises (for coverage counts in docs/Testing.md)."""
    out: Set[str] = set()
    blocks = p.blocks()
    by_sid = {s.sid: s for _, b in blocks for s in b.stmts}
    if p.refused:
        out.add("refused: " + p.refused)
    for owner, block in blocks:
        inner = owner is not None
        in_loop = inner and by_sid[owner if not isinstance(owner, tuple)
                                   else owner[0]].op == "scf.for"
        users: Dict[str, List[int]] = {b: [] for b in block.bufs}
        for i, s in enumerate(block.stmts):
            if s.op == "scf.for":
                out.add("scf.for")
                if in_loop:
                    out.add("nested scf.for")
            if s.op == "scf.if":
                out.add("scf.if")
                if s.else_body is not None:
                    out.add("scf.if with else")
                if any(b.bufs for _, b in s.regions()):
                    out.add("scf.if allocating")
                else:
                    out.add("scf.if without allocation")
                if s.cond[0] == "iv":
                    out.add("scf.if on the induction variable")
                else:
                    tp = simulate(s.body, [t.sid for t in s.body.stmts])
                    ep = simulate(s.else_body, [t.sid for t in
                                                s.else_body.stmts]) \
                        if s.else_body else 0
                    if (tp >= ep) != s.cond[1] and tp != ep:
                        out.add("scf.if larger region not taken")
            if s.op == "func.call":
                out.add("call (barrier)")
                if s.uses:
                    out.add("call with a memref operand")
                if inner:
                    out.add("call in a region")
            if s.op == "memref.alloca":
                out.add("memref.alloca")
            if s.op in ("memref.subview", "memref.collapse_shape"):
                out.add(s.op)
                if inner:
                    out.add("view made in a loop body")
                if "offset: ?" in s.lines[0]:
                    out.add("dynamic-offset view")
            if s.op in ("linalg.matmul", "memref.copy", "linalg.fill"):
                out.add(s.op)
            if any('"reduction"' in line for line in s.lines[:1]):
                out.add("reduction")
            if s.reads & s.writes:
                out.add("in-place update")
            if EXT in s.writes:
                out.add("output argument")
            for b in s.touched():
                if b in users and not (s.alloc or s.free):
                    users[b].append(i)
        for i, s in enumerate(block.stmts):
            if s.free:
                u = users[s.free]
                if not u:
                    continue
                out.add("free after last use" if u[-1] == i - 1
                        else "free later than last use")
            if s.alloc:
                u = users[s.alloc]
                if not u:
                    out.add("unused buffer")
                elif u[0] != i + 1:
                    out.add("alloc hoisted")
        freed = {s.free for s in block.stmts if s.free}
        for name, buf in block.bufs.items():
            if buf.align:
                out.add("alignment")
            if name not in freed and name not in block.escaping:
                out.add("leaked buffer")
    if p.results:
        out.add("escaping buffer")
    if any(v.view for v in p.results):
        out.add("escaping view")
    elems = {v.elem for v in p.args}
    out |= {e for e in elems}
    if len(elems) > 1:
        out.add("f32+i8")
    return out
