# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Random programs with parallel regions and calls to functions with a body
(issue #26; test_fuzz_regions.py, docs/Testing.md "Parallel regions and
calls"), with the peak an independent oracle derives from the program as
generated (the counting allocator's rule: a buffer is live from its alloc
to its free; a statement's scratch — one iteration of a parallel body, a
callee's own buffers — on top of what is live around it).

Every program works on R x N f32 rows: %x (input) and %y (output). Kinds:
  * parallel / forall: a chain of entry-block buffers, then an scf.parallel
    or scf.forall over the rows whose body allocates 1-3 temporaries (each
    freed after its last use in the body), reads a row of the chain's last
    buffer and writes the row of %y; more entry-block buffers may follow.
    The pass must leave the body's buffers out of the arena with a remark
    (they may be live in several iterations at once) and may place the
    entry-block ones.
  * call: a caller whose chain of entry-block buffers is written by 1-3
    calls of 1-2 private callees with a body (each allocates a temporary
    and frees it) and by linalg ops, often beside a buffer %keep read
    first and last (live across every call); the module-level
    pipeline models the call as a statement whose scratch is the callee's
    peak."""

import random
from dataclasses import dataclass, field
from typing import List

REGIONS_BASE = 2_700_000
KINDS = ["parallel", "forall", "call"]


@dataclass
class RegionProgram:
    seed: int
    kind: str
    text: str                   # the module
    func: str                   # the function under test
    peak: int                   # the oracle's peak of the program as given
    region_allocs: int = 0      # allocations in the parallel body
    calls: int = 0
    callees: List[str] = field(default_factory=list)
    keep: bool = False          # a caller buffer live across the calls


class _Chain:
    """Entry-block buffers of one type: each written from the previous
    one, which is freed right after."""

    def __init__(self, rng: random.Random, t: str):
        self.rng, self.t, self.lines = rng, t, []
        self.n, self.cur = 0, "%x"
        self.live, self.peak = 0, 0

    def step(self, nbytes: int, write) -> None:
        self.n += 1
        b = f"%c{self.n}"
        self.lines.append(f"  {b} = memref.alloc() : {self.t}")
        self.live += nbytes
        self.peak = max(self.peak, self.live + write(b))
        if self.cur.startswith("%c"):
            self.lines.append(f"  memref.dealloc {self.cur} : {self.t}")
            self.live -= nbytes
        self.cur = b


def _ew(a: str, out: str, t: str, rng: random.Random) -> str:
    op = rng.choice(["linalg.add", "linalg.mul", "linalg.max"])
    return f"  {op} ins({a}, {a} : {t}, {t}) outs({out} : {t})"


def _parallel(seed: int, rng: random.Random, kind: str) -> RegionProgram:
    r, n = rng.choice([2, 3, 4]), rng.choice([4, 8])
    t, row = f"memref<{r}x{n}xf32>", f"memref<{n}xf32>"
    sub = f"memref<{n}xf32, strided<[1], offset: ?>>"
    mat, vec = 4 * r * n, 4 * n
    ch = _Chain(rng, t)
    for _ in range(rng.randint(1, 3)):
        src = ch.cur
        ch.step(mat, lambda b, src=src: ch.lines.append(
            _ew(src, b, t, rng)) or 0)
    temps = rng.randint(1, 3)
    body, live, ipeak, prev = [], 0, 0, None
    for k in range(temps):
        tk = f"%t{k}"
        body.append(f"    {tk} = memref.alloc() : {row}")
        live += vec
        ipeak = max(ipeak, live)
        if prev is None:
            body += [f"    %row = memref.subview {ch.cur}[%i, 0] [1, {n}] "
                     f"[1, 1] : {t} to {sub}",
                     f"    linalg.copy ins(%row : {sub}) outs({tk} : {row})"]
        else:
            body.append("  " + _ew(prev, tk, row, rng))
            body.append(f"    memref.dealloc {prev} : {row}")
            live -= vec
        prev = tk
    body += [f"    %out = memref.subview %y[%i, 0] [1, {n}] [1, 1] : {t} to "
             f"{sub}",
             f"    linalg.add ins({prev}, {prev} : {row}, {row}) outs(%out : "
             f"{sub})",
             f"    memref.dealloc {prev} : {row}"]
    head = ("  scf.parallel (%i) = (%k0) to (%kr) step (%k1) {"
            if kind == "parallel" else f"  scf.forall (%i) in ({r}) {{")
    tail = ["    scf.reduce"] if kind == "parallel" else []
    peak = max(ch.peak, ch.live + ipeak)
    lines = [f"func.func @f(%x: {t}, %y: {t}) {{",
             "  %k0 = arith.constant 0 : index",
             "  %k1 = arith.constant 1 : index",
             f"  %kr = arith.constant {r} : index"] + ch.lines + \
        [head] + body + tail + ["  }"]
    # Entry-block buffers after the loop: read %y, written to %y again.
    after = _Chain(rng, t)
    after.cur, after.n = "%y", 100
    for _ in range(rng.randint(0, 2)):
        src = after.cur
        after.step(mat, lambda b, src=src: after.lines.append(
            _ew(src, b, t, rng)) or 0)
    lines += [f"  memref.dealloc {ch.cur} : {t}"]
    ch.live -= mat
    if after.cur != "%y":
        after.lines += [f"  linalg.copy ins({after.cur} : {t}) outs(%y : {t})",
                        f"  memref.dealloc {after.cur} : {t}"]
    lines += after.lines + ["  return", "}"]
    text = "module {\n" + "\n".join(lines) + "\n}\n"
    return RegionProgram(seed, kind, text, "f", max(peak, after.peak), temps)


def _call(seed: int, rng: random.Random) -> RegionProgram:
    n = rng.choice([4, 8, 16])
    t, vec = f"memref<{n}xf32>", 4 * n
    ncallees = rng.randint(1, 2)
    callees, scratch, funcs = [], {}, []
    for k in range(ncallees):
        temps = rng.randint(1, 2)
        name = f"@g{k}"
        body = [f"func.func private {name}(%in: {t}, %out: {t}) {{"]
        for j in range(temps):
            body += [f"  %s{j} = memref.alloc() : {t}",
                     _ew("%in", f"%s{j}", t, rng)]
        body += [f"  linalg.add ins(%s{temps - 1}, %in : {t}, {t}) outs(%out : "
                 f"{t})"] + [f"  memref.dealloc %s{j} : {t}"
                             for j in range(temps)] + ["  return", "}"]
        callees.append(name)
        scratch[name] = temps * vec
        funcs.append("\n".join(body))
    ch = _Chain(rng, t)
    # A buffer live across every call (not passed to one): the arena's
    # bytes a callee's slot must not take (the cross-call mutation).
    keep = rng.random() < 0.6
    if keep:
        ch.lines += [f"  %keep = memref.alloc() : {t}", _ew("%x", "%keep", t,
                                                          rng)]
        ch.live += vec
        ch.peak = max(ch.peak, ch.live)
        # Read first by a linalg op, last at the end: no order moves it off
        # the calls.
        ch.cur = "%keep"
        ch.step(vec, lambda b: ch.lines.append(_ew("%keep", b, t, rng)) or 0)
    calls = 0
    for k in range(rng.randint(2, 5)):
        src = ch.cur
        if calls < 3 and (rng.random() < 0.6 or (k >= 1 and not calls)):
            g = rng.choice(callees)
            calls += 1
            ch.step(vec, lambda b, src=src, g=g: ch.lines.append(
                f"  func.call {g}({src}, {b}) : ({t}, {t}) -> ()") or
                scratch[g])
        else:
            ch.step(vec, lambda b, src=src: ch.lines.append(
                _ew(src, b, t, rng)) or 0)
    if not calls:
        src, g = ch.cur, callees[0]
        calls = 1
        ch.step(vec, lambda b: ch.lines.append(
            f"  func.call {g}({src}, {b}) : ({t}, {t}) -> ()") or scratch[g])
    last = (f"  linalg.add ins({ch.cur}, %keep : {t}, {t}) outs(%y : {t})"
            if keep else f"  linalg.copy ins({ch.cur} : {t}) outs(%y : {t})")
    caller = [f"func.func @f(%x: {t}, %y: {t}) {{"] + ch.lines + \
        [last, f"  memref.dealloc {ch.cur} : {t}"] + \
        ([f"  memref.dealloc %keep : {t}"] if keep else []) + \
        ["  return", "}"]
    text = "module {\n" + "\n".join(funcs + ["\n".join(caller)]) + "\n}\n"
    return RegionProgram(seed, "call", text, "f", ch.peak, calls=calls,
                         callees=callees, keep=keep)


def generate_regions(seed: int) -> RegionProgram:
    rng = random.Random(seed)
    kind = KINDS[(seed - REGIONS_BASE) % len(KINDS)]
    if kind == "call":
        return _call(seed, rng)
    return _parallel(seed, rng, kind)
