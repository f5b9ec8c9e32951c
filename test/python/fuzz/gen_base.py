# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What every generator step builds on: the generator's state (seed, random
numbers, names, constants, the pool of values), and the ops it writes with
their description: allocations, views, linalg ops, copies and frees."""

import random
from typing import Dict, List, Optional, Sequence, Set, Tuple

from .config import (EXT_BASE, EXT_TINY_BASE, HOSTILE_BASE, HOSTILE_KINDS,
                     REFUSED_BASE, SHAPES_BASE, TINY_BASE)
from .model import Block, Buf, Stmt, Val, add_span, span_of


def _prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def contiguous(shape):
    strides, acc = [], 1
    for d in reversed(shape):
        strides.append(acc)
        acc *= d
    return tuple(reversed(strides))


def ident_map(rank):
    ds = ", ".join(f"d{i}" for i in range(rank))
    return f"affine_map<({ds}) -> ({ds})>"


def _zero_map(rank):
    ds = ", ".join(f"d{i}" for i in range(rank))
    return f"affine_map<({ds}) -> (0)>"


class GeneratorBase:
    """The state of one program's generation and the ops steps are made of;
    the steps themselves are mixins (BasicSteps, ExtendedSteps,
    ShapeSteps), composed in generator.Generator."""

    def __init__(self, seed: int):
        self.seed = seed
        self.rng = random.Random(seed * 7919 + 17)
        self.extended = seed >= EXT_BASE
        # New shapes (SHAPES_BASE..HUGE_BASE-1; HUGE_BASE.. refused ones).
        self.new_shapes = SHAPES_BASE <= seed < HOSTILE_BASE
        # Issue #22's class of this seed (gen_hostile), or "".
        self.hostile = HOSTILE_KINDS[(seed - HOSTILE_BASE) %
                                     len(HOSTILE_KINDS)] \
            if seed >= HOSTILE_BASE else ""
        self.executable = True        # GPU and DMA ops cannot run here
        self.module_attrs = ""        # e.g. gpu.container_module
        self.extra_funcs = ""         # gpu.module of launched kernels
        self.kernels: List[str] = []  # its gpu.func texts
        self.shape_count: Dict[str, int] = {}
        self.runtime_decls: List[Tuple[str, List[str]]] = []
        self.captured: Set[str] = set()       # bases whose address escaped
        # The statement that first captured each base (a call, a store).
        self.capture_sid: Dict[str, int] = {}
        self.loaded: List[Stmt] = []          # ops on memrefs loaded
        self.pending: List[Tuple[int, List[Stmt], List[Val]]] = []
        self.tiny = TINY_BASE <= seed < EXT_BASE or \
            EXT_TINY_BASE <= seed < REFUSED_BASE
        self.decls: List[Tuple[str, List[str]]] = []
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
              align_ok=True, op="memref.alloc") -> Val:
        name = self.new_name("b")
        align = 0
        if align_ok and self.rng.random() < 0.15:
            align = self.rng.choice([16, 32, 64, 128])
        typ = Val(name, shape, elem, name).type
        attr = f" {{alignment = {align} : i64}}" if align else ""
        out.append(Stmt(self.new_sid(), op,
                        [f"{name} = {op}(){attr} : {typ}"],
                        defs={name}, alloc=name))
        bufs[name] = Buf(name, shape, elem, align,
                         stack=op == "memref.alloca")
        return Val(name, shape, elem, name, contiguous(shape))

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
        for v in list(ins) + list(outs):
            add_span(st, v.base, span_of(v))
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
            maps = [ident_map(rank)] * 2
            iters = par
            body = [f"  %{g}x = {mulop} %{g}a0, %{g}a0 : {e_out}",
                    f"  %{g}y = {addop} %{g}x, %{g}a0 : {e_out}",
                    f"  linalg.yield %{g}y : {e_out}"]
            read_out = False
        elif kind == "convert":
            maps = [ident_map(rank)] * 2
            iters = par
            body = [f"  %{g}x = arith.sitofp %{g}a0 : {e_in} to {e_out}",
                    f"  linalg.yield %{g}x : {e_out}"]
            read_out = False
        elif kind == "reduce":
            maps = [ident_map(rank), _zero_map(rank)]
            iters = red
            body = [f"  %{g}x = {addop} %{g}a0, %{g}o : {e_out}",
                    f"  linalg.yield %{g}x : {e_out}"]
            read_out = True
        elif kind == "accum":
            maps = [ident_map(rank)] * 3
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

    def memref_copy(self, out, src: Val, dst: Val) -> Stmt:
        st = Stmt(self.new_sid(), "memref.copy",
                  [f"memref.copy {src.name}, {dst.name} : {src.type} to "
                   f"{dst.type}"],
                  uses={src.name, dst.name}, reads={src.base},
                  writes={dst.base})
        add_span(st, src.base, span_of(src))
        add_span(st, dst.base, span_of(dst))
        src.uses += 1
        out.append(st)
        return st

    def capture(self, base: str, sid: int):
        """`base`'s address escapes at statement `sid` (in program order)."""
        self.captured.add(base)
        self.capture_sid.setdefault(base, sid)

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
            if name in escaping or bufs[name].stack:
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


def summarize_regions(st: Stmt, blocks: List[Block], bound: Set[str]):
    """What a region op does outside itself: the uses, reads, writes and
    views of its nested statements, minus the values and buffers defined
    inside (`bound`: its block arguments); a barrier inside makes it one."""
    defs_in = set(bound)
    local: Set[str] = set()
    for b in blocks:
        for s in b.stmts:
            defs_in |= s.defs
        local |= set(b.bufs)
    for b in blocks:
        for s in b.stmts:
            st.uses |= s.uses - defs_in
            st.reads |= s.reads - local
            st.writes |= s.writes - local
            # The model trusts element ranges only for ops without nested
            # memory effects: a region op touches whole bases.
            for base in (s.reads | s.writes) - local:
                add_span(st, base, None)
            st.views |= s.views - local
            st.barrier |= s.barrier
