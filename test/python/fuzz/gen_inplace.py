# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Random elementwise / transposed / reduction chains for the differential
test of peakmem-inplace (test_fuzz_inplace.py, docs/InPlace.md), with the
decisions an independent oracle derives from the program as generated.

Every program is one function over square NxN f32 buffers: each step
allocates a fresh output and writes it with one linalg.generic tagged
`fz_step = <i>`; every buffer is freed right after its last use (through
any view). Step kinds:
  * ew1 / ew2: unary / binary elementwise, identity maps (the candidates);
  * sq: x * x, the same buffer as both inputs (refused: aliased operand);
  * tr: a transposed read (refused);
  * red: a row reduction into an N buffer (filled with zeros first), then bcast: an add of that
    vector broadcast over a matrix (the reduction and the broadcast input
    refused, the matrix input a candidate);
  * acc: the output first filled by a copy, then accumulated into (refused:
    the payload reads the output, which is used before);
  * view: a full subview of a buffer read by a later step (the buffer does
    not die where it is read directly).
Inputs are drawn from the live buffers and the function's arguments
(refused: caller memory). The oracle: a step writes over its first input
that is a local buffer of the output's type, read by the identity map, whose
last use (direct or through a view) is this step, and that is no other
operand of the step."""

import random
from dataclasses import dataclass, field
from typing import Dict, List, Optional

INPLACE_BASE = 2600000
KINDS = ["ew1", "ew2", "ew2", "sq", "tr", "red", "acc", "view"]
UNARY = ["arith.negf {a} : f32", "arith.maximumf {a}, %zero : f32",
         "arith.mulf {a}, {a} : f32"]
BINARY = ["arith.addf", "arith.subf", "arith.mulf", "arith.maximumf"]


@dataclass
class Step:
    kind: str
    out: str                    # the output buffer's name
    out_type: str
    ins: List[str]              # input values (buffers, views, arguments)
    maps: List[str]
    body: str
    pre: List[str] = field(default_factory=list)   # ops before the generic


@dataclass
class InPlaceProgram:
    seed: int
    n: int
    text: str
    steps: List[Step]
    expected: Dict[int, int]    # step -> position of the input written over
    bytes_matrix: int


def _bufname(i: int) -> str:
    return f"%b{i}"


class _Gen:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.n = self.rng.choice([4, 8])
        self.mat = f"memref<{self.n}x{self.n}xf32>"
        self.vec = f"memref<{self.n}xf32>"
        self.steps: List[Step] = []
        self.live: List[str] = []        # matrix buffers available as inputs
        self.vectors: List[str] = []
        self.views: Dict[str, str] = {}  # view name -> its buffer
        self.count = 0

    def fresh(self) -> str:
        self.count += 1
        return _bufname(self.count)

    def pick(self, allow_arg=True) -> str:
        pool = list(self.live) + list(self.views)
        if allow_arg and (not pool or self.rng.random() < 0.15):
            return self.rng.choice(["%x", "%w"])
        return self.rng.choice(pool) if pool else "%x"

    def step(self, kind: str) -> None:
        ident, out = "affine_map<(d0, d1) -> (d0, d1)>", self.fresh()
        if kind == "view":
            src = self.rng.choice(self.live) if self.live else None
            if src:
                v = f"%v{self.count}"
                self.views[v] = src
                self.steps.append(Step("view", "", "", [src], [],
                                       f"{v} = memref.subview {src}[0, 0] [{self.n}, {self.n}] [1, 1] : "
                                       f"{self.mat} to memref<{self.n}x{self.n}xf32, strided<[{self.n}, 1]>>"))
            return
        if kind == "red":
            a = self.pick()
            self.steps.append(Step("red", out, self.vec, [a], [ident, "affine_map<(d0, d1) -> (d0)>"],
                                   "%r = arith.addf %i0, %o : f32",
                                   [f"linalg.fill ins(%zero : f32) outs({out} : {self.vec})"]))
            self.vectors.append(out)
            b, m = self.pick(), self.vectors.pop()
            out2 = self.fresh()
            self.steps.append(Step("bcast", out2, self.mat, [b, m], [ident, "affine_map<(d0, d1) -> (d0)>", ident],
                                   "%r = arith.addf %i0, %i1 : f32"))
            self.live.append(out2)
            return
        if kind in ("ew1", "sq", "tr", "acc"):
            a = self.pick()
            maps = {"tr": ["affine_map<(d0, d1) -> (d1, d0)>", ident]}.get(kind, [ident, ident])
            body = {"ew1": "%r = " + self.rng.choice(UNARY).format(a="%i0"),
                    "sq": "%r = arith.mulf %i0, %i1 : f32",
                    "tr": "%r = arith.negf %i0 : f32",
                    "acc": "%r = arith.addf %i0, %o : f32"}[kind]
            ins = [a, a] if kind == "sq" else [a]
            if kind == "sq":
                maps = [ident, ident, ident]
            pre = [f"linalg.copy ins(%x : {self.mat}) outs({out} : {self.mat})"] if kind == "acc" else []
            self.steps.append(Step(kind, out, self.mat, ins, maps, body, pre))
        else:  # ew2
            a, b = self.pick(), self.pick()
            if a == b:
                b = "%w"
            op = self.rng.choice(BINARY)
            self.steps.append(Step("ew2", out, self.mat, [a, b], [ident, ident, ident],
                                   f"%r = {op} %i0, %i1 : f32"))
        self.live.append(out)
        # Older buffers leave the pool at random: they die at their last use.
        if len(self.live) > 3 or self.rng.random() < 0.3:
            self.live.pop(self.rng.randrange(len(self.live) - 1) if len(self.live) > 1 else 0)


def _type_of(g: _Gen, v: str) -> str:
    if v in g.views:
        return f"memref<{g.n}x{g.n}xf32, strided<[{g.n}, 1]>>"
    for s in g.steps:
        if s.out == v:
            return s.out_type
    return g.mat


def _base(g: _Gen, v: str) -> str:
    return g.views.get(v, v)


def _last_uses(g: _Gen, final: str) -> Dict[str, int]:
    last: Dict[str, int] = {}
    for i, s in enumerate(g.steps):
        for v in s.ins:
            last[_base(g, v)] = i
        if s.out:
            last.setdefault(s.out, i)
    last[final] = len(g.steps)
    return last


def _oracle(g: _Gen, last: Dict[str, int]) -> Dict[int, int]:
    expected = {}
    for i, s in enumerate(g.steps):
        if s.kind not in ("ew1", "ew2", "bcast"):
            continue
        for pos, v in enumerate(s.ins):
            others = [_base(g, u) for k, u in enumerate(s.ins) if k != pos]
            if (v.startswith("%b") and _type_of(g, v) == s.out_type and s.maps[pos] == s.maps[-1]
                    and last[v] == i and v not in others):
                expected[i] = pos
                break
    return expected


def _render(g: _Gen, last: Dict[str, int], final: str) -> str:
    lines = [f"func.func @f(%x: {g.mat}, %w: {g.mat}, %y: {g.mat}) {{",
             "  %zero = arith.constant 0.0 : f32"]
    frees: Dict[int, List[str]] = {}
    for b, i in last.items():
        if not b.startswith("%b"):
            continue
        frees.setdefault(i, []).append(b)
    for i, s in enumerate(g.steps):
        if s.kind == "view":
            lines.append("  " + s.body)
        else:
            lines.append(f"  {s.out} = memref.alloc() : {s.out_type}")
            lines += ["  " + p for p in s.pre]
            types = ", ".join(_type_of(g, v) for v in s.ins)
            iters = '"parallel", "reduction"' if s.kind == "red" else '"parallel", "parallel"'
            args = ", ".join(f"%i{k}: f32" for k in range(len(s.ins)))
            lines += [f"  linalg.generic {{indexing_maps = [{', '.join(s.maps)}], iterator_types = [{iters}]}}",
                      f"      ins({', '.join(s.ins)} : {types}) outs({s.out} : {s.out_type})"
                      f" attrs = {{fz_step = {i} : i64}} {{",
                      f"  ^bb0({args}, %o: f32):", "    " + s.body, "    linalg.yield %r : f32", "  }"]
        lines += [f"  memref.dealloc {b} : {_type_of(g, b)}" for b in sorted(frees.get(i, []))]
    lines.append(f"  linalg.copy ins({final} : {g.mat}) outs(%y : {g.mat})")
    lines += [f"  memref.dealloc {b} : {_type_of(g, b)}" for b in sorted(frees.get(len(g.steps), []))]
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def generate_inplace(seed: int, steps: Optional[int] = None) -> InPlaceProgram:
    g = _Gen(seed)
    for _ in range(steps or g.rng.randint(3, 10)):
        g.step(g.rng.choice(KINDS))
    if not any(s.out_type == g.mat for s in g.steps):
        g.step("ew1")
    final = [s.out for s in g.steps if s.out_type == g.mat][-1]
    last = _last_uses(g, final)
    # A buffer nothing reads is freed right after it is written.
    text = _render(g, last, final)
    return InPlaceProgram(seed, g.n, text, g.steps, _oracle(g, last), 4 * g.n * g.n)
