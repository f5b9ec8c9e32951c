"""Randomized differential testing of peakmem-reorder (docs/Testing.md).

Three independent parts, none of which uses peakmem's own code:

* A seeded generator of small bufferized programs (one `func.func` each,
  static shapes, f32 and i8): branching DAGs of linalg ops (copy, add, mul,
  fill, matmul, generic elementwise/conversion/reduction), memref.subview views
  (reads through views, writes into subviews of a concat buffer, in-place
  updates through subviews), in-place updates, scf.for loops with inner
  alloc/dealloc, escaping (returned) buffers, input and output arguments, frees
  at the end of the block or right after the last use, hoisted allocations,
  `alignment` attributes, the occasional leak. Every statement gets a
  location `loc("sN")` so that it can be found again in the output.

* Alongside the text, the generator's own description of every statement:
  which base allocations it allocates, reads, writes, views, frees, which SSA
  values it defines and uses, the byte size of every buffer (elements x
  element bytes + `alignment`). All function arguments are one "external"
  base (a caller may pass aliasing memrefs).

* An oracle over that description: the dependency check of an order, the
  accounting rule (a buffer is live from its alloc op through its dealloc op,
  or to the end of the block; a loop adds the peak of its body as transient
  scratch), and the minimum peak over all legal orders (exhaustive dynamic
  programming over the down-sets of the dependency order, with allocs right
  before the first user and frees right after the last user).

`check_programs` runs peakmem-reorder on a batch of programs in one
peakmem-opt invocation and compares; `check_executions` runs the execution
harness before and after. `python3 -m peakmem.fuzz --help` for the long mode.
"""

import argparse
import concurrent.futures
import dataclasses
import itertools
import random
import re
import subprocess
import sys
import time
from typing import Dict, List, Optional, Sequence, Set, Tuple

ELEM_BYTES = {"f32": 4, "i8": 1}
EXT = "<ext>"            # the one base of all function arguments
TINY_BASE = 1_000_000    # seeds from here: tiny (executable) programs
BRUTE_MAX = 14           # brute-force the optimum up to this many units
DEFAULT_BUDGET_MS = 500  # peakmem-reorder's default exact-search budget


# ===========================================================================
# Program description
# ===========================================================================

@dataclasses.dataclass
class Buf:
    """A base allocation of the program (or the external base)."""
    name: str
    shape: Tuple[int, ...]
    elem: str
    align: int = 0           # `alignment` attribute (bytes requested on top)
    external: bool = False   # a function argument

    @property
    def bytes(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n * ELEM_BYTES[self.elem] + self.align


@dataclasses.dataclass
class Val:
    """An SSA memref value: a base buffer, an argument or a view."""
    name: str
    shape: Tuple[int, ...]
    elem: str
    base: str                           # Buf name, or EXT
    strides: Tuple[int, ...] = ()
    offset: Optional[int] = 0           # None: dynamic
    view: bool = False                  # printed with a strided layout
    writable: bool = True               # not an input argument
    uses: int = 0                       # times read so far (generator bias)

    @property
    def type(self) -> str:
        dims = "".join(f"{d}x" for d in self.shape)
        if not self.view:
            return f"memref<{dims}{self.elem}>"
        strides = ", ".join(map(str, self.strides))
        off = "?" if self.offset is None else self.offset
        return (f"memref<{dims}{self.elem}, strided<[{strides}], "
                f"offset: {off}>>")


@dataclasses.dataclass
class Stmt:
    """One statement (op) of a block, as the generator describes it."""
    sid: int
    op: str                                   # op name, e.g. "linalg.copy"
    lines: List[str]                          # text; loc added to the last
    defs: Set[str] = dataclasses.field(default_factory=set)
    uses: Set[str] = dataclasses.field(default_factory=set)
    reads: Set[str] = dataclasses.field(default_factory=set)
    writes: Set[str] = dataclasses.field(default_factory=set)
    views: Set[str] = dataclasses.field(default_factory=set)
    alloc: Optional[str] = None
    free: Optional[str] = None
    body: Optional["Block"] = None            # scf.for body

    def touched(self) -> Set[str]:
        """Bases this statement uses (any access or SSA use of an alias)."""
        out = self.reads | self.writes | self.views
        if self.alloc:
            out.add(self.alloc)
        if self.free:
            out.add(self.free)
        return out


@dataclasses.dataclass
class Block:
    stmts: List[Stmt]
    bufs: Dict[str, Buf]     # bases allocated in this block
    escaping: Set[str] = dataclasses.field(default_factory=set)


@dataclasses.dataclass
class Program:
    seed: int
    name: str
    args: List[Val]
    results: List[Val]
    body: Block
    text: str = ""           # the func.func

    def blocks(self) -> List[Tuple[Optional[int], Block]]:
        """(sid of the owning loop or None, block), outermost first."""
        out = [(None, self.body)]
        k = 0
        while k < len(out):
            for s in out[k][1].stmts:
                if s.body is not None:
                    out.append((s.sid, s.body))
            k += 1
        return out

    def module(self) -> str:
        return "module {\n" + self.text + "}\n"

    @property
    def units(self) -> int:
        return len(schedule_units(self.body))


# ===========================================================================
# Generator
# ===========================================================================

def _prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def _contiguous(shape):
    strides, acc = [], 1
    for d in reversed(shape):
        strides.append(acc)
        acc *= d
    return tuple(reversed(strides))


def _ident_map(rank):
    ds = ", ".join(f"d{i}" for i in range(rank))
    return f"affine_map<({ds}) -> ({ds})>"


def _zero_map(rank):
    ds = ", ".join(f"d{i}" for i in range(rank))
    return f"affine_map<({ds}) -> (0)>"


class Generator:
    """Builds one random program from a seed."""

    def __init__(self, seed: int):
        self.seed = seed
        self.rng = random.Random(seed * 7919 + 17)
        self.tiny = seed >= TINY_BASE
        self.sid = 0
        self.nval = 0
        self.consts: Dict[Tuple[str, str], Stmt] = {}
        self.const_order: List[Stmt] = []
        self.bufs: Dict[str, Buf] = {}
        self.pool: List[Val] = []

    # ----------------------------------------------------------- helpers
    def new_sid(self) -> int:
        self.sid += 1
        return self.sid

    def new_name(self, prefix="v") -> str:
        self.nval += 1
        return f"%{prefix}{self.nval}"

    def const(self, value: str, typ: str) -> str:
        key = (value, typ)
        if key not in self.consts:
            name = self.new_name("c")
            st = Stmt(self.new_sid(), "arith.constant",
                      [f"{name} = arith.constant {value} : {typ}"],
                      defs={name})
            self.consts[key] = st
            self.const_order.append(st)
        return next(iter(self.consts[key].defs))

    def scalar(self, elem: str) -> str:
        if elem == "f32":
            v = self.rng.choice(["0.000000e+00", "5.000000e-01",
                                 "1.000000e+00", "-2.500000e-01"])
        else:
            v = str(self.rng.choice([0, 1, 3, -2]))
        return self.const(v, elem)

    def pick(self, cands: List[Val]) -> Val:
        """Operand choice: recent and unused values are preferred."""
        if self.rng.random() < 0.45:
            return cands[-1]
        weights = [1.0 + (2.0 if v.uses == 0 else 0.0) + 0.3 * i
                   for i, v in enumerate(cands)]
        return self.rng.choices(cands, weights)[0]

    def readable(self, shape=None, elem=None) -> List[Val]:
        return [v for v in self.pool
                if (shape is None or v.shape == shape)
                and (elem is None or v.elem == elem)]

    def alloc(self, out: List[Stmt], bufs: Dict[str, Buf], shape, elem,
              align_ok=True) -> Val:
        name = self.new_name("b")
        align = 0
        if align_ok and self.rng.random() < 0.15:
            align = self.rng.choice([16, 32, 64, 128])
        typ = Val(name, shape, elem, name).type
        attr = f" {{alignment = {align} : i64}}" if align else ""
        out.append(Stmt(self.new_sid(), "memref.alloc",
                        [f"{name} = memref.alloc(){attr} : {typ}"],
                        defs={name}, alloc=name))
        bufs[name] = Buf(name, shape, elem, align)
        return Val(name, shape, elem, name, _contiguous(shape))

    def subview(self, out: List[Stmt], src: Val, offsets, sizes,
                reduce=False) -> Val:
        """A unit-stride subview; with `reduce`, the unit dims of `sizes` are
        dropped (rank reduction, at least one dim kept)."""
        if any(isinstance(o, str) for o in offsets) or src.offset is None:
            off = None        # dynamic (an SSA index operand)
        else:
            off = src.offset + sum(o * s
                                   for o, s in zip(offsets, src.strides))
        keep = list(range(len(sizes)))
        if reduce:
            keep = [i for i, sz in enumerate(sizes) if sz != 1] or \
                [len(sizes) - 1]
        shape = tuple(sizes[i] for i in keep)
        strides = tuple(src.strides[i] for i in keep)
        name = self.new_name("sv")
        val = Val(name, shape, src.elem, src.base, strides, off, view=True,
                  writable=src.writable)
        o = ", ".join(map(str, offsets))
        z = ", ".join(map(str, sizes))
        one = ", ".join("1" for _ in sizes)
        out.append(Stmt(self.new_sid(), "memref.subview",
                        [f"{name} = memref.subview {src.name}[{o}] [{z}] "
                         f"[{one}] : {src.type} to {val.type}"],
                        defs={name}, views={src.base},
                        uses={src.name} | {o for o in offsets
                                           if isinstance(o, str)}))
        return val

    def collapse(self, out: List[Stmt], src: Val) -> Val:
        """memref.collapse_shape of a contiguous 2-D value to 1-D."""
        name = self.new_name("cs")
        val = Val(name, (_prod(src.shape),), src.elem, src.base, (1,),
                  writable=src.writable)
        out.append(Stmt(self.new_sid(), "memref.collapse_shape",
                        [f"{name} = memref.collapse_shape {src.name} "
                         f"[[0, 1]] : {src.type} into {val.type}"],
                        defs={name}, uses={src.name}, views={src.base}))
        return val

    def linalg(self, out: List[Stmt], op: str, ins: Sequence[Val],
               outs: Sequence[Val], scalars=(), read_outs=False,
               region: Optional[List[str]] = None, head: str = "") -> Stmt:
        """A linalg op on memrefs (named when region is None)."""
        in_names = [s for s in scalars] + [v.name for v in ins]
        in_types = [self._scalar_type(s) for s in scalars] + \
            [v.type for v in ins]
        ins_txt = (f"ins({', '.join(in_names)} : {', '.join(in_types)}) "
                   if in_names else "")
        outs_txt = (f"outs({', '.join(v.name for v in outs)} : "
                    f"{', '.join(v.type for v in outs)})")
        first = f"{op} {head}{ins_txt}{outs_txt}"
        lines = [first] if region is None else [first + " {"] + region + ["}"]
        st = Stmt(self.new_sid(), op, lines,
                  uses=set(in_names) | {v.name for v in outs},
                  reads={v.base for v in ins} |
                  ({v.base for v in outs} if read_outs else set()),
                  writes={v.base for v in outs})
        for v in ins:
            v.uses += 1
        out.append(st)
        return st

    def _scalar_type(self, name: str) -> str:
        for (value, typ), st in self.consts.items():
            if name in st.defs:
                return typ
        raise KeyError(name)

    def generic(self, out, kind: str, ins: Sequence[Val], outv: Val) -> Stmt:
        """linalg.generic: 'unary' (x*x+x), 'convert' (i8 -> f32),
        'reduce' (sum into a [1] buffer), 'accum' (out = out + a*b)."""
        g = self.new_name("g")[1:]
        rank = len(ins[0].shape)
        par = ", ".join('"parallel"' for _ in range(rank))
        red = ", ".join('"reduction"' for _ in range(rank))
        e_in, e_out = ins[0].elem, outv.elem
        addop = "arith.addf" if e_out == "f32" else "arith.addi"
        mulop = "arith.mulf" if e_out == "f32" else "arith.muli"
        args = ", ".join(f"%{g}a{i}: {v.elem}" for i, v in enumerate(ins))
        bb = f"^bb0({args}, %{g}o: {e_out}):"
        if kind == "unary":
            maps = [_ident_map(rank)] * 2
            iters = par
            body = [f"  %{g}x = {mulop} %{g}a0, %{g}a0 : {e_out}",
                    f"  %{g}y = {addop} %{g}x, %{g}a0 : {e_out}",
                    f"  linalg.yield %{g}y : {e_out}"]
            read_out = False
        elif kind == "convert":
            maps = [_ident_map(rank)] * 2
            iters = par
            body = [f"  %{g}x = arith.sitofp %{g}a0 : {e_in} to {e_out}",
                    f"  linalg.yield %{g}x : {e_out}"]
            read_out = False
        elif kind == "reduce":
            maps = [_ident_map(rank), _zero_map(rank)]
            iters = red
            body = [f"  %{g}x = {addop} %{g}a0, %{g}o : {e_out}",
                    f"  linalg.yield %{g}x : {e_out}"]
            read_out = True
        elif kind == "accum":
            maps = [_ident_map(rank)] * 3
            iters = par
            body = [f"  %{g}x = {mulop} %{g}a0, %{g}a1 : {e_out}",
                    f"  %{g}y = {addop} %{g}o, %{g}x : {e_out}",
                    f"  linalg.yield %{g}y : {e_out}"]
            read_out = True
        else:
            raise ValueError(kind)
        head = (f"{{indexing_maps = [{', '.join(maps)}], "
                f"iterator_types = [{iters}]}} ")
        return self.linalg(out, "linalg.generic", ins, [outv],
                           read_outs=read_out, region=[bb] + body, head=head)

    # ----------------------------------------------------------- actions
    def act_unary(self, out, bufs):
        cands = [v for v in self.pool if len(v.shape) <= 2]
        src = self.pick(cands)
        dst = self.alloc(out, bufs, src.shape, src.elem)
        roll = self.rng.random()
        if roll < 0.4:
            self.linalg(out, "linalg.copy", [src], [dst])
        elif roll < 0.55:
            self.memref_copy(out, src, dst)
        else:
            self.generic(out, "unary", [src], dst)
        return dst

    def memref_copy(self, out, src: Val, dst: Val) -> Stmt:
        st = Stmt(self.new_sid(), "memref.copy",
                  [f"memref.copy {src.name}, {dst.name} : {src.type} to "
                   f"{dst.type}"],
                  uses={src.name, dst.name}, reads={src.base},
                  writes={dst.base})
        src.uses += 1
        out.append(st)
        return st

    def act_binary(self, out, bufs):
        a = self.pick(self.pool)
        same = self.readable(a.shape, a.elem)
        b = self.pick(same)
        dst = self.alloc(out, bufs, a.shape, a.elem)
        self.linalg(out, self.rng.choice(["linalg.add", "linalg.mul"]),
                    [a, b], [dst])
        return dst

    def act_fill(self, out, bufs):
        shape = self.rng.choice(self.shapes)
        elem = self.rng.choice(self.elems)
        dst = self.alloc(out, bufs, shape, elem)
        self.linalg(out, "linalg.fill", [], [dst], scalars=[self.scalar(elem)])
        return dst

    def act_reduce(self, out, bufs):
        src = self.pick(self.pool)
        dst = self.alloc(out, bufs, (1,), src.elem)
        zero = self.const("0.000000e+00" if src.elem == "f32" else "0",
                          src.elem)
        self.linalg(out, "linalg.fill", [], [dst], scalars=[zero])
        self.generic(out, "reduce", [src], dst)
        return dst

    def act_matmul(self, out, bufs):
        sq = [v for v in self.pool
              if len(v.shape) == 2 and v.shape[0] == v.shape[1]]
        a = self.pick(sq)
        b = self.pick(self.readable(a.shape, a.elem))
        dst = self.alloc(out, bufs, a.shape, a.elem)
        zero = self.const("0.000000e+00" if a.elem == "f32" else "0", a.elem)
        self.linalg(out, "linalg.fill", [], [dst], scalars=[zero])
        self.linalg(out, "linalg.matmul", [a, b], [dst], read_outs=True)
        return dst

    def act_convert(self, out, bufs):
        src = self.pick(self.readable(elem="i8"))
        dst = self.alloc(out, bufs, src.shape, "f32")
        self.generic(out, "convert", [src], dst)
        return dst

    def act_concat(self, out, bufs):
        """Writes two [r, c] values into the halves of a [2r, c] buffer."""
        full = [v for v in self.pool if len(v.shape) == 2]
        a = self.pick(full)
        b = self.pick(self.readable(a.shape, a.elem))
        r, c = a.shape
        cat = self.alloc(out, bufs, (2 * r, c), a.elem)
        order = [(0, a), (1, b)]
        if self.rng.random() < 0.3:
            order.reverse()
        views = []
        for k, _ in order:
            views.append(self.subview(out, cat, (k * r, 0), (r, c)))
        for view, (_, src) in zip(views, order):
            self.linalg(out, "linalg.copy", [src], [view])
        return cat

    def act_view(self, out, bufs):
        """A read-only view: a row of a 2-D value or a half of a concat."""
        src = self.pick([v for v in self.pool if len(v.shape) == 2])
        r, c = src.shape
        if not src.view and self.rng.random() < 0.2:
            return self.collapse(out, src)
        if r % 2 == 0 and r >= 4 and self.rng.random() < 0.5:
            k = self.rng.randrange(2)
            return self.subview(out, src, (k * r // 2, 0), (r // 2, c))
        i = self.rng.randrange(r)
        return self.subview(out, src, (i, 0), (1, c), reduce=True)

    def act_inplace(self, out, bufs):
        """Updates a writable value in place, directly or through a view."""
        cands = [v for v in self.pool if v.writable]
        if not cands:
            return None
        dst = self.pick(cands)
        roll = self.rng.random()
        if len(dst.shape) == 2 and roll < 0.35:
            i = self.rng.randrange(dst.shape[0])
            row = self.subview(out, dst, (i, 0), (1, dst.shape[1]),
                               reduce=True)
            srcs = self.readable(row.shape, row.elem)
            if srcs and self.rng.random() < 0.6:
                self.linalg(out, "linalg.copy", [self.pick(srcs)], [row])
            else:
                self.linalg(out, "linalg.fill", [], [row],
                            scalars=[self.scalar(row.elem)])
            return None
        other = self.pick(self.readable(dst.shape, dst.elem))
        if roll < 0.7:
            self.linalg(out, self.rng.choice(["linalg.add", "linalg.mul"]),
                        [dst, other], [dst])
        else:
            self.generic(out, "accum", [other, other], dst)
        return None

    def act_output(self, out, bufs):
        outs = [v for v in self.args if v.writable]
        if not outs:
            return None
        o = self.rng.choice(outs)
        srcs = self.readable(o.shape, o.elem)
        if srcs:
            if o.uses > 0 and self.rng.random() < 0.4:
                self.linalg(out, "linalg.add", [o, self.pick(srcs)], [o])
            else:
                self.linalg(out, "linalg.copy", [self.pick(srcs)], [o])
                o.uses += 1
                self.wrote_output.add(o.name)
        return None

    def act_loop(self, out, bufs):
        """scf.for with inner temporaries accumulating into an outer value
        (occasionally an output argument)."""
        accs = [v for v in self.pool if v.writable and v.name not in
                self.loop_accs]
        accs += [v for v in self.args if v.writable and v.uses > 0 and
                 v.name not in self.loop_accs]
        if not accs:
            return None
        acc = self.pick(accs)
        self.loop_accs.add(acc.name)
        out.append(self.make_loop(acc, list(self.pool), 0))
        return None

    def make_loop(self, acc: Val, readable: List[Val], depth: int) -> Stmt:
        """The loop statement: its body allocates 1-3 temporaries from
        `readable`, combines them in place, accumulates them into `acc`
        (directly, or through a row subview of it made in the body, at a
        static row or at the induction variable) and frees them; sometimes
        it contains another such loop accumulating into a temporary."""
        rng = self.rng
        trips = rng.choice([2, 3])
        c0 = self.const("0", "index")
        c1 = self.const("1", "index")
        ct = self.const(str(trips), "index")
        iv = self.new_name("i")
        body: List[Stmt] = []
        bbufs: Dict[str, Buf] = {}
        target = acc
        if len(acc.shape) == 2 and rng.random() < 0.35:
            rows = acc.shape[0]
            row = iv if rows >= trips and rng.random() < 0.6 else \
                rng.randrange(rows)
            target = self.subview(body, acc, (row, 0), (1, acc.shape[1]),
                                  reduce=True)
        reduce_into = target.shape == (1,)
        # Reads through views made in the body (rows, at a static row or at
        # the induction variable, or a collapse of a contiguous value).
        readable = list(readable)
        two_d = [v for v in readable if len(v.shape) == 2]
        if two_d and rng.random() < 0.35:
            src = self.pick(two_d)
            if not src.view and rng.random() < 0.25:
                readable.append(self.collapse(body, src))
            else:
                row = iv if src.shape[0] >= trips and rng.random() < 0.5 \
                    else rng.randrange(src.shape[0])
                readable.append(self.subview(body, src, (row, 0),
                                             (1, src.shape[1]), reduce=True))
        temps: List[Val] = []
        for _ in range(rng.choice([1, 2, 2, 3])):
            if reduce_into:
                srcs = [v for v in readable if v.elem == target.elem]
            else:
                srcs = [v for v in readable if v.shape == target.shape
                        and v.elem == target.elem]
            if not srcs:
                break
            src = self.pick(srcs)
            t = self.alloc(body, bbufs, src.shape, src.elem)
            same = [v for v in readable if v.shape == src.shape
                    and v.elem == src.elem]
            roll = rng.random()
            if roll < 0.3:
                self.linalg(body, "linalg.copy", [src], [t])
            elif roll < 0.4:
                self.memref_copy(body, src, t)
            elif roll < 0.65:
                self.linalg(body, "linalg.mul", [src, self.pick(same)], [t])
            else:
                self.generic(body, "unary", [src], t)
            temps.append(t)
        if not temps:
            # Nothing of the right shape to read: a scratch copy of the
            # target itself.
            t = self.alloc(body, bbufs, target.shape, target.elem)
            self.linalg(body, "linalg.copy", [target], [t])
            temps.append(t)
        head = temps[0]
        if depth == 0 and rng.random() < 0.2:
            inner_acc = head if rng.random() < 0.6 else target
            body.append(self.make_loop(inner_acc, readable + temps,
                                       depth + 1))
        # Temporaries of the first one's shape are combined into it in
        # place; every remaining one is accumulated into the target.
        accumulate = [head]
        for t in temps[1:]:
            if t.shape == head.shape and t.elem == head.elem:
                self.linalg(body, "linalg.add", [head, t], [head])
            else:
                accumulate.append(t)
        for t in accumulate:
            if reduce_into:
                self.generic(body, "reduce", [t], target)
            else:
                self.linalg(body, "linalg.add", [target, t], [target])
        self.place_frees(body, bbufs, set(),
                         rng.choice(["end", "last", "mixed"]))
        st = Stmt(self.new_sid(), "scf.for",
                  [f"scf.for {iv} = {c0} to {ct} step {c1} {{"] +
                  [f"  {line}" for s in body for line in _stmt_lines(s)] +
                  ["}"],
                  body=Block(body, bbufs))
        defs_in = set().union(*(s.defs for s in body)) | {iv}
        for s in body:
            st.uses |= s.uses - defs_in
            st.reads |= s.reads - set(bbufs)
            st.writes |= s.writes - set(bbufs)
            st.views |= s.views - set(bbufs)
        st.uses |= {c0, c1, ct}
        return st

    def act_dead(self, out, bufs):
        """A buffer no op uses (freed or leaked by place_frees)."""
        self.alloc(out, bufs, self.rng.choice(self.shapes),
                   self.rng.choice(self.elems))
        return None

    # ----------------------------------------------------------- frees
    def place_frees(self, stmts: List[Stmt], bufs: Dict[str, Buf],
                    escaping: Set[str], policy: str, leak_p=0.0):
        """Inserts memref.dealloc ops: at the end of the block ("end"),
        right after the last use ("last") or either, per buffer ("mixed")."""
        last: Dict[str, int] = {}
        for i, s in enumerate(stmts):
            for b in s.touched():
                last[b] = i
        after: Dict[int, List[str]] = {}
        at_end: List[str] = []
        for name in bufs:
            if name in escaping:
                continue
            if self.rng.random() < leak_p:
                continue          # never freed: live to the end
            where = policy if policy != "mixed" else \
                self.rng.choice(["end", "last"])
            if where == "end":
                at_end.append(name)
            else:
                after.setdefault(last[name], []).append(name)
        if self.rng.random() < 0.5:
            self.rng.shuffle(at_end)
        new: List[Stmt] = []

        def dealloc(name):
            b = bufs[name]
            typ = Val(name, b.shape, b.elem, name).type
            return Stmt(self.new_sid(), "memref.dealloc",
                        [f"memref.dealloc {name} : {typ}"],
                        uses={name}, free=name)

        for i, s in enumerate(stmts):
            new.append(s)
            for name in after.get(i, []):
                new.append(dealloc(name))
        for name in at_end:
            new.append(dealloc(name))
        stmts[:] = new

    # ----------------------------------------------------------- program
    def generate(self) -> Program:
        rng = self.rng
        if self.tiny:
            r = rng.choice([1, 2, 2, 3, 4])
            c = rng.choice([2, 3, 4]) if rng.random() < 0.6 else r
            steps = rng.randint(3, 6)
        else:
            r = rng.choice([2, 3, 4, 6, 8])
            c = r if rng.random() < 0.4 else rng.choice([2, 3, 4, 5, 8, 16])
            steps = rng.choice([2, 3, 3, 4, 4, 5, 5, 6, 7, 9, 11])
            if rng.random() < 0.04:
                steps = rng.randint(14, 24)   # beyond brute force
        primary = "f32" if rng.random() < 0.7 else "i8"
        mixed = primary == "f32" and rng.random() < 0.2
        self.elems = [primary]
        self.shapes = [(r, c), (c,), (1,)]
        self.loop_accs: Set[str] = set()
        self.wrote_output: Set[str] = set()
        args: List[Val] = []

        def arg(shape, elem, writable=False):
            v = Val(f"%arg{len(args)}", shape, elem, EXT, _contiguous(shape),
                    writable=writable)
            args.append(v)
            return v

        arg((r, c), primary)
        if rng.random() < 0.4:
            arg((r, c) if rng.random() < 0.5 else (c,), primary)
        if mixed:
            arg((r, c), "i8")
        self.pool = list(args)
        has_out = rng.random() < 0.25
        if has_out:
            arg(rng.choice([(r, c), (1,)]), primary, writable=True)
        self.args = args

        stmts: List[Stmt] = []
        bufs: Dict[str, Buf] = {}
        actions = [("unary", 3), ("binary", 3), ("fill", 1), ("reduce", 2),
                   ("matmul", 1 if r == c else 0), ("concat", 1.2),
                   ("view", 1.5), ("inplace", 1.5), ("loop", 0.9),
                   ("dead", 0.15),
                   ("convert", 1 if mixed else 0),
                   ("output", 1 if has_out else 0)]
        names = [a for a, w in actions]
        weights = [w for a, w in actions]
        for _ in range(steps):
            kind = rng.choices(names, weights)[0]
            if kind == "convert" and not self.readable(elem="i8"):
                kind = "unary"
            if kind == "matmul" and not [v for v in self.pool
                                         if len(v.shape) == 2 and
                                         v.shape[0] == v.shape[1]]:
                kind = "binary"
            if kind in ("concat", "view") and \
                    not [v for v in self.pool if len(v.shape) == 2]:
                kind = "unary"
            val = getattr(self, "act_" + kind)(stmts, bufs)
            if val is not None:
                self.pool.append(val)
        for o in args:
            if o.writable and o.name not in self.wrote_output:
                srcs = self.readable(o.shape, o.elem)
                if srcs:
                    self.linalg(stmts, "linalg.copy", [self.pick(srcs)], [o])
                else:
                    self.linalg(stmts, "linalg.fill", [], [o],
                                scalars=[self.scalar(o.elem)])

        # Results: unread values first (sinks), sometimes a view.
        owned = [v for v in self.pool if v.base != EXT]
        results: List[Val] = []
        if owned:
            sinks = [v for v in owned if v.uses == 0 and not v.view]
            k = rng.choice([0, 1, 1, 1, 2, 2]) if not has_out else \
                rng.choice([0, 1])
            if k == 0 and not has_out and rng.random() < 0.7:
                k = 1
            cands = sinks or [v for v in owned if not v.view]
            rng.shuffle(cands)
            results = cands[:k]
            views = [v for v in owned if v.view]
            if views and rng.random() < 0.08:
                results.append(rng.choice(views))
        escaping = {v.base for v in results}

        # Allocation placement: upstream puts allocs right before the op;
        # sometimes they are hoisted to the top of the block.
        if rng.random() < 0.2:
            allocs = [s for s in stmts if s.alloc]
            rest = [s for s in stmts if not s.alloc]
            stmts[:] = allocs + rest
        policy = rng.choice(["end", "end", "last", "mixed"])
        self.place_frees(stmts, bufs, escaping, policy, leak_p=0.04)
        stmts[:0] = self.const_order

        block = Block(stmts, bufs, escaping)
        name = f"fz{self.seed}"
        prog = Program(self.seed, name, args, results, block)
        prog.text = render(prog)
        return prog


def _stmt_lines(s: Stmt) -> List[str]:
    lines = list(s.lines)
    lines[-1] = f'{lines[-1]} loc("s{s.sid}")'
    return lines


def render(p: Program) -> str:
    args = ", ".join(f"{a.name}: {a.type}" for a in p.args)
    res = ""
    if len(p.results) == 1:
        res = f" -> {p.results[0].type}"
    elif p.results:
        res = f" -> ({', '.join(v.type for v in p.results)})"
    lines = [f"  func.func @{p.name}({args}){res} {{"]
    for s in p.body.stmts:
        lines += [f"    {line}" for line in _stmt_lines(s)]
    if p.results:
        lines.append(f"    return {', '.join(v.name for v in p.results)} : "
                     f"{', '.join(v.type for v in p.results)}")
    else:
        lines.append("    return")
    lines.append(f'  }} loc("{p.name}")')
    return "\n".join(lines) + "\n"


def generate(seed: int) -> Program:
    return Generator(seed).generate()


# ===========================================================================
# Oracle
# ===========================================================================

def dependencies(block: Block) -> List[Tuple[int, int, str]]:
    """Pairs (a, b) of sids, a before b in the block as written, whose
    relative order every legal order keeps, with the reason."""
    deps = []
    stmts = block.stmts
    for j, b in enumerate(stmts):
        for i in range(j):
            a = stmts[i]
            if a.defs & b.uses:
                deps.append((a.sid, b.sid, "SSA def-use"))
                continue
            why = None
            for base in a.touched() & b.touched():
                a_w = base in a.writes or base == a.alloc or base == a.free
                b_w = base in b.writes or base == b.alloc or base == b.free
                if a.alloc == base or b.free == base:
                    why = f"alloc/free of {base}"
                    break
                a_mem = base in a.reads or base in a.writes
                b_mem = base in b.reads or base in b.writes
                if a_mem and b_mem and (a_w or b_w):
                    why = f"read/write of {base}"
                    break
            if why:
                deps.append((a.sid, b.sid, why))
    return deps


def check_order(block: Block, order: Sequence[int]) -> List[str]:
    """Dependency violations of an order (sids) of `block`."""
    want = sorted(s.sid for s in block.stmts)
    if sorted(order) != want:
        missing = set(want) - set(order)
        extra = set(order) - set(want)
        return [f"statements differ: missing {sorted(missing)}, "
                f"extra {sorted(extra)}"]
    pos = {sid: i for i, sid in enumerate(order)}
    return [f"s{a} must stay before s{b} ({why})"
            for a, b, why in dependencies(block) if pos[a] > pos[b]]


def simulate(block: Block, order: Sequence[int],
             orders: Optional[Dict[int, Sequence[int]]] = None) -> int:
    """Peak bytes of `block` run in `order` (sids): a buffer is live from its
    alloc through its dealloc (or to the end of the block); a loop adds the
    peak of its body, run in orders[loop sid] (as written if absent), on
    top of what is live around it."""
    orders = orders or {}
    by_sid = {s.sid: s for s in block.stmts}
    live: Set[str] = set()
    peak = 0
    for sid in order:
        s = by_sid[sid]
        if s.alloc:
            live.add(s.alloc)
        scratch = 0
        if s.body is not None:
            scratch = simulate(
                s.body, orders.get(s.sid, [t.sid for t in s.body.stmts]),
                orders)
        mem = sum(block.bufs[b].bytes for b in live) + scratch
        peak = max(peak, mem)
        if s.free:
            live.discard(s.free)
    return peak


def program_peak(p: Program,
                 orders: Optional[Dict[Optional[int], Sequence[int]]] = None
                 ) -> int:
    """Peak of the whole function; `orders` maps None (the body) and loop
    sids to orders, the order as written where absent."""
    orders = orders or {}
    top = orders.get(None, [s.sid for s in p.body.stmts])
    return simulate(p.body, top,
                    {k: v for k, v in orders.items() if k is not None})


def schedule_units(block: Block) -> List[Stmt]:
    """Statements a schedule orders freely: everything but constants (no
    memory, no operands), allocs (placed before the first user) and frees
    (after the last user); an alloc or free of a buffer with no other user
    stays a unit."""
    users: Dict[str, int] = {b: 0 for b in block.bufs}
    for s in block.stmts:
        if s.alloc or s.free:
            continue
        for b in s.touched():
            if b in users:
                users[b] += 1
    units = []
    for s in block.stmts:
        if s.op == "arith.constant":
            continue
        if s.alloc or s.free:
            if users[s.alloc or s.free] == 0:
                units.append(s)
            continue
        units.append(s)
    return units


def _unit_edges(block: Block, units: List[Stmt]) -> Dict[int, Set[int]]:
    index = {s.sid: i for i, s in enumerate(units)}
    preds: Dict[int, Set[int]] = {i: set() for i in range(len(units))}
    for a, b, _ in dependencies(block):
        if a in index and b in index:
            preds[index[b]].add(index[a])
    return preds


def optimum(block: Block) -> Tuple[int, int]:
    """(minimum peak over all legal orders, number of units), allocs right
    before the first user and frees right after the last user; loops at
    their own optimum. Exhaustive: dynamic programming over the down-sets of
    the dependency order (every order is a chain of down-sets, and the
    memory of a step only depends on the set scheduled before it)."""
    units = schedule_units(block)
    n = len(units)
    preds = _unit_edges(block, units)
    pmask = [sum(1 << p for p in preds[i]) for i in range(n)]
    scratch = [optimum(s.body)[0] if s.body is not None else 0
               for s in units]
    freed = {s.free for s in block.stmts if s.free}
    umask: Dict[str, int] = {b: 0 for b in block.bufs}
    for i, s in enumerate(units):
        for b in s.touched():
            if b in umask:
                umask[b] |= 1 << i
    full = (1 << n) - 1
    started = [0] * (1 << n)
    ended = [0] * (1 << n)
    for b, m in umask.items():
        if not m:
            continue
        size = block.bufs[b].bytes
        for mask in range(1 << n):
            if mask & m:
                started[mask] += size
            if b in freed and mask & m == m:
                ended[mask] += size
    INF = float("inf")
    best = [INF] * (1 << n)
    best[0] = 0
    for mask in range(1 << n):
        f = best[mask]
        if f == INF:
            continue
        for v in range(n):
            bit = 1 << v
            if mask & bit or pmask[v] & ~mask:
                continue
            mem = started[mask | bit] - ended[mask] + scratch[v]
            nxt = mem if mem > f else f
            if nxt < best[mask | bit]:
                best[mask | bit] = nxt
    return int(best[full]), n


def optimum_by_permutations(block: Block) -> int:
    """The same minimum by enumerating every permutation of the units and
    simulating the placed order (slow; used to validate `optimum`)."""
    units = schedule_units(block)
    preds = _unit_edges(block, units)
    consts = [s.sid for s in block.stmts if s.op == "arith.constant"]
    unit_ids = {s.sid for s in units}
    best = None
    for perm in itertools.permutations(range(len(units))):
        pos = {u: k for k, u in enumerate(perm)}
        if any(pos[p] > pos[v] for v in preds for p in preds[v]):
            continue
        order = place(block, [units[i].sid for i in perm], unit_ids)
        peak = _simulate_opt_bodies(block, consts + order)
        best = peak if best is None else min(best, peak)
    return best


def _simulate_opt_bodies(block: Block, order):
    by_sid = {s.sid: s for s in block.stmts}
    live: Set[str] = set()
    peak = 0
    for sid in order:
        s = by_sid[sid]
        if s.alloc:
            live.add(s.alloc)
        scratch = optimum_by_permutations(s.body) if s.body else 0
        peak = max(peak, sum(block.bufs[b].bytes for b in live) + scratch)
        if s.free:
            live.discard(s.free)
    return peak


def place(block: Block, unit_order: List[int], unit_ids: Set[int]):
    """Expands an order of the units: allocs right before the first user of
    their buffer, frees right after the last user."""
    by_sid = {s.sid: s for s in block.stmts}
    alloc_of = {s.alloc: s.sid for s in block.stmts
                if s.alloc and s.sid not in unit_ids}
    free_of = {s.free: s.sid for s in block.stmts
               if s.free and s.sid not in unit_ids}
    last: Dict[str, int] = {}
    for k, sid in enumerate(unit_order):
        for b in by_sid[sid].touched():
            last[b] = k
    out, done = [], set()
    for k, sid in enumerate(unit_order):
        for b in sorted(by_sid[sid].touched()):
            if b in alloc_of and b not in done:
                out.append(alloc_of[b])
                done.add(b)
        out.append(sid)
        for b in sorted(by_sid[sid].touched()):
            if b in free_of and last[b] == k:
                out.append(free_of[b])
    return out


# ===========================================================================
# Reading peakmem-opt output
# ===========================================================================

_FUNC_START = re.compile(r"^  func\.func (?:\w+ )?@([\w$.\-]+)\(")
_LOC_SID = re.compile(r'loc\("s(\d+)"\)\s*$')
_PEAK = re.compile(r"peakmem\.peak = (-?\d+) : i64")
_OPNAME = re.compile(r"^\s*(?:%[^=]*=\s*)?([a-z_]+\.[\w.]+)")


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
    orders: Dict[Optional[int], List[int]]   # None: body; sid: loop body
    opnames: Dict[int, str]


def parse_function(text: str) -> ParsedFunc:
    """The order of the tagged statements in every block of a function."""
    lines = text.splitlines()
    m = _PEAK.search(lines[0])
    peak = int(m.group(1)) if m else None
    # Stack of open regions: [op name, children sids].
    stack: List[List] = [["func.func", []]]
    orders: Dict[Optional[int], List[int]] = {}
    opnames: Dict[int, str] = {}
    for line in lines[1:]:
        s = line.strip()
        if s.startswith("^"):
            continue
        if s.startswith("}"):
            if len(stack) == 1:
                break
            opname, children = stack.pop()
            mm = _LOC_SID.search(s)
            if mm:
                sid = int(mm.group(1))
                opnames[sid] = opname
                orders[sid] = children
                stack[-1][1].append(sid)
            continue
        mo = _OPNAME.match(s)
        opname = mo.group(1) if mo else "?"
        if s.endswith("{"):
            stack.append([opname, []])
            continue
        mm = _LOC_SID.search(s)
        if mm:
            sid = int(mm.group(1))
            opnames[sid] = opname
            stack[-1][1].append(sid)
    orders[None] = stack[0][1]
    return ParsedFunc(peak, orders, opnames)


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


# ===========================================================================
# Differential checks
# ===========================================================================

@dataclasses.dataclass
class Outcome:
    seed: int
    problems: List[str]
    units: int = 0                # schedule units of the function body
    max_units: int = 0            # ... of its largest block
    input_peak: int = 0           # oracle, as written
    output_peak: int = 0          # oracle, order of the output
    model_before: Optional[int] = None
    model_after: Optional[int] = None
    remark: str = ""
    optimum: Optional[int] = None  # brute force (units <= brute_max)
    budget_limited: bool = False   # not optimal, remark says so
    output_text: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems


def reorder_pipeline(budget_ms: int = DEFAULT_BUDGET_MS) -> str:
    opts = "algorithm=auto"
    if budget_ms != DEFAULT_BUDGET_MS:
        opts += f" budget-ms={budget_ms}"
    return f"builtin.module(func.func(peakmem-reorder{{{opts}}}))"


def _peakmem_opt(text: str, pipeline: str, timeout=600):
    from peakmem import tools
    exe = tools.build_product("bin/peakmem-opt")
    proc = subprocess.run(
        [exe, "-", f"--pass-pipeline={pipeline}", "--mlir-print-debuginfo",
         "--mlir-print-local-scope"],
        input=text, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def _run_batch(progs: List[Program], pipeline: str):
    """Runs the pipeline on all programs in one module. Returns
    ({name: (func text)}, stderr, {name: failure}); on a failed run, each
    program is run alone to find the failing ones."""
    module = "module {\n" + "".join(p.text for p in progs) + "}\n"
    rc, out, err = _peakmem_opt(module, pipeline)
    if rc == 0:
        return out, err, {}
    if len(progs) == 1:
        return "", err, {progs[0].name: f"peakmem-opt exited with {rc}:\n"
                         f"{err[-3000:]}"}
    half = len(progs) // 2
    o1, e1, f1 = _run_batch(progs[:half], pipeline)
    o2, e2, f2 = _run_batch(progs[half:], pipeline)
    return o1 + "\n" + o2, e1 + e2, {**f1, **f2}


def check_programs(seeds: Sequence[int], budget_ms: int = DEFAULT_BUDGET_MS,
                   brute_max: int = BRUTE_MAX) -> List[Outcome]:
    """Generates the programs, runs peakmem-reorder on all of them in one
    peakmem-opt invocation and checks every function against the oracle."""
    progs = [generate(s) for s in seeds]
    out, err, failed = _run_batch(progs, reorder_pipeline(budget_ms))
    funcs = split_functions(out)
    remarks = parse_remarks(err)
    # The output must parse and verify again.
    reparse = ""
    if out.strip():
        rc, _, rerr = _peakmem_opt(out, "builtin.module()")
        if rc != 0:
            reparse = ("the output does not parse/verify again:\n"
                       f"{rerr[-3000:]}")
    outcomes = []
    for p in progs:
        oc = Outcome(p.seed, [])
        outcomes.append(oc)
        oc.input_peak = program_peak(p)
        oc.units = p.units
        oc.max_units = max(len(schedule_units(b)) for _, b in p.blocks())
        if p.name in failed:
            oc.problems.append(failed[p.name])
            continue
        if reparse:
            oc.problems.append(reparse)
        text = funcs.get(p.name)
        if text is None:
            oc.problems.append("function missing from the output")
            continue
        oc.output_text = text
        parsed = parse_function(text)
        rem = remarks.get(p.name)
        if rem is None:
            oc.problems.append("no peakmem-reorder remark")
        else:
            oc.model_before, oc.model_after, oc.remark = rem
            if oc.model_before != oc.input_peak:
                oc.problems.append(
                    f"model mismatch on the input: peakmem says "
                    f"{oc.model_before}, oracle {oc.input_peak}")
        oc.model_after = parsed.peak
        if parsed.peak is None:
            oc.problems.append("no peakmem.peak attribute on the output")
        # Every block: same statements, dependencies kept.
        loops = {owner for owner, _ in p.blocks() if owner is not None}
        for owner, block in p.blocks():
            order = parsed.orders.get(owner)
            if order is None:
                oc.problems.append(f"block of s{owner} missing in the output")
                continue
            where = "function body" if owner is None else \
                f"body of loop s{owner}"
            for v in check_order(block, order):
                oc.problems.append(f"{where}: {v}")
        for s in _all_stmts(p):
            got = parsed.opnames.get(s.sid)
            if got is not None and got != s.op:
                oc.problems.append(f"s{s.sid} is {got} in the output, "
                                   f"expected {s.op}")
        if oc.problems:
            continue
        oc.output_peak = program_peak(
            p, {k: v for k, v in parsed.orders.items()
                if k is None or k in loops})
        if parsed.peak != oc.output_peak:
            oc.problems.append(
                f"model mismatch on the output: peakmem.peak = {parsed.peak}"
                f", oracle {oc.output_peak} for the output order")
        if oc.output_peak > oc.input_peak:
            oc.problems.append(f"peak grew: {oc.input_peak} -> "
                               f"{oc.output_peak}")
        if oc.max_units <= brute_max:
            oc.optimum = optimum(p.body)[0]
            if oc.output_peak < oc.optimum:
                oc.problems.append(
                    f"output peak {oc.output_peak} below the brute-force "
                    f"optimum {oc.optimum} (oracle or model error)")
            elif oc.output_peak > oc.optimum:
                if "best found within budget" in oc.remark:
                    oc.budget_limited = True
                else:
                    oc.problems.append(
                        f"not optimal: peak {oc.output_peak}, brute-force "
                        f"optimum {oc.optimum}; remark: '{oc.remark}'")
    return outcomes


def _all_stmts(p: Program):
    for _, block in p.blocks():
        yield from block.stmts


def describe_failure(p: Program, oc: Outcome) -> str:
    lines = [f"seed {p.seed} (@{p.name}): " + "; ".join(oc.problems),
             f"  reproduce: PYTHONPATH=python /usr/bin/python3 -m "
             f"peakmem.fuzz --show {p.seed} | build/bin/peakmem-opt "
             f"-p '{reorder_pipeline()}'",
             f"  oracle: input peak {oc.input_peak}, output peak "
             f"{oc.output_peak}, optimum {oc.optimum}, units {oc.units}",
             "  input:", p.text]
    if oc.output_text:
        lines += ["  output:", oc.output_text]
    return "\n".join(lines)


# ===========================================================================
# Execution
# ===========================================================================

@dataclasses.dataclass
class ExecOutcome:
    seed: int
    problems: List[str]
    before_peak: int = 0
    after_peak: int = 0
    seconds: float = 0.0


def check_execution(prog_outcome: Outcome) -> ExecOutcome:
    """Runs a program checked by check_programs before (with
    peakmem-report's peak) and after the reorder (its output function):
    identical digests, measured peaks equal to peakmem.peak and to the
    oracle's peaks of the input and output orders."""
    from peakmem import execute
    start = time.perf_counter()
    p = generate(prog_outcome.seed)
    oc = ExecOutcome(p.seed, [])
    rc, before, err = _peakmem_opt(
        p.module(), "builtin.module(func.func(peakmem-report{remarks=0}))")
    if rc != 0:
        oc.problems.append(f"peakmem-report failed: {err[-2000:]}")
        return oc
    after = "module {\n" + prog_outcome.output_text + "}\n"
    try:
        rb = execute.execute_text(before, function=p.name)
        ra = execute.execute_text(after, function=p.name)
    except execute.ExecError as e:
        oc.problems.append(f"execution failed: {e}")
        return oc
    oc.before_peak, oc.after_peak = rb.peak_bytes, ra.peak_bytes
    if rb.output_digest != ra.output_digest:
        oc.problems.append(f"output digest changed by the reorder: "
                           f"{rb.output_digest} -> {ra.output_digest}")
    for what, res, oracle in (("before", rb, prog_outcome.input_peak),
                              ("after", ra, prog_outcome.output_peak)):
        if res.modeled_peak != res.peak_bytes:
            oc.problems.append(f"{what}: measured peak {res.peak_bytes} != "
                               f"modeled peakmem.peak {res.modeled_peak}")
        if res.peak_bytes != oracle:
            oc.problems.append(f"{what}: measured peak {res.peak_bytes} != "
                               f"oracle {oracle}")
    oc.seconds = time.perf_counter() - start
    return oc


def check_executions(seeds: Sequence[int], jobs: int = 2,
                     budget_ms: int = DEFAULT_BUDGET_MS):
    """Reorders the programs (checking them as check_programs does), then
    executes each before and after in a pool of `jobs` threads. Returns
    (program outcomes, execution outcomes of the programs that passed)."""
    outcomes = check_programs(seeds, budget_ms)
    runnable = [oc for oc in outcomes if oc.ok]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        execs = list(pool.map(check_execution, runnable))
    return outcomes, execs


def features(p: Program) -> Set[str]:
    """What a program exercises (for coverage counts in docs/Testing.md)."""
    out: Set[str] = set()
    blocks = p.blocks()
    if len(blocks) > 1:
        out.add("scf.for")
    for owner, block in blocks:
        inner = owner is not None
        users: Dict[str, List[int]] = {b: [] for b in block.bufs}
        for i, s in enumerate(block.stmts):
            if s.body is not None and inner:
                out.add("nested scf.for")
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


# ===========================================================================
# CLI (long mode)
# ===========================================================================

def summarize(outcomes: List[Outcome]) -> Dict[str, int]:
    return {
        "programs": len(outcomes),
        "failed": sum(not o.ok for o in outcomes),
        "brute_force_checked": sum(o.optimum is not None for o in outcomes),
        "brute_force_le10": sum(o.optimum is not None and o.max_units <= 10
                                for o in outcomes),
        "budget_limited": sum(o.budget_limited for o in outcomes),
        "improved": sum(o.ok and o.output_peak < o.input_peak
                        for o in outcomes),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="python3 -m peakmem.fuzz",
        description="Randomized differential test of peakmem-reorder.")
    ap.add_argument("--show", type=int, metavar="SEED",
                    help="print the module of one seed and exit")
    ap.add_argument("--oracle", type=int, metavar="SEED",
                    help="print the oracle's numbers for one seed and exit")
    ap.add_argument("--programs", type=int, default=1000)
    ap.add_argument("--exec", type=int, default=50, dest="nexec",
                    help="programs to execute before/after")
    ap.add_argument("--long", action="store_true",
                    help="20000 programs and 500 executions")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--batch", type=int, default=250)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--budget-ms", type=int, default=DEFAULT_BUDGET_MS)
    ap.add_argument("--brute-max", type=int, default=BRUTE_MAX)
    args = ap.parse_args(argv)
    if args.show is not None:
        sys.stdout.write(generate(args.show).module())
        return 0
    if args.oracle is not None:
        p = generate(args.oracle)
        print(f"units {p.units}, input peak {program_peak(p)}, "
              f"optimum {optimum(p.body)[0] if p.units <= 16 else '-'}")
        for a, b, why in dependencies(p.body):
            print(f"  s{a} -> s{b}: {why}")
        return 0
    if args.long:
        args.programs, args.nexec = max(args.programs, 20000), \
            max(args.nexec, 500)
    start = time.perf_counter()
    failures = 0
    seeds = list(range(args.first_seed, args.first_seed + args.programs))
    batches = [seeds[i:i + args.batch]
               for i in range(0, len(seeds), args.batch)]
    allout: List[Outcome] = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for outs in pool.map(lambda b: check_programs(
                b, args.budget_ms, args.brute_max), batches):
            allout += outs
            for o in outs:
                if not o.ok:
                    failures += 1
                    print(describe_failure(generate(o.seed), o))
    s = summarize(allout)
    print(f"programs {s['programs']}: {s['failed']} failed, "
          f"{s['brute_force_checked']} brute-force checked "
          f"({s['brute_force_le10']} of at most 10 units), "
          f"{s['budget_limited']} budget-limited, {s['improved']} improved "
          f"({time.perf_counter() - start:.1f} s)")
    start = time.perf_counter()
    eseeds = list(range(TINY_BASE + args.first_seed,
                        TINY_BASE + args.first_seed + args.nexec))
    outs, execs = check_executions(eseeds, args.jobs, args.budget_ms)
    for o in outs:
        if not o.ok:
            failures += 1
            print(describe_failure(generate(o.seed), o))
    for e in execs:
        if e.problems:
            failures += 1
            print(f"seed {e.seed}: " + "; ".join(e.problems))
            print(generate(e.seed).text)
    print(f"executed {len(execs)} programs before/after: "
          f"{sum(bool(e.problems) for e in execs)} failed "
          f"({time.perf_counter() - start:.1f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
