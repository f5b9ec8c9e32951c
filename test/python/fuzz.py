# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Randomized differential testing of peakmem's passes (docs/Testing.md).

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
  Extended programs (seeds from EXT_BASE) add scf.if (with and without
  allocations, on constants or on a loop's induction variable), calls to
  external declarations (barriers), memref.alloca and skip connections;
  seeds from REFUSED_BASE add one thing the model must refuse (several
  blocks, tensors, a dynamic allocation, ...).

* Alongside the text, the generator's own description of every statement:
  which base allocations it allocates, reads, writes, views, frees, which SSA
  values it defines and uses, the byte size of every buffer (elements x
  element bytes + `alignment`; 0 for memref.alloca). All function arguments
  are one "external" base (a caller may pass aliasing memrefs).

* An oracle over that description: the dependency check of an order (calls
  are barriers), the accounting rule (a buffer is live from its alloc op
  through its dealloc op, or to the end of the block; a region op adds the
  peak of its regions as transient scratch: the larger region of an scf.if
  for the model, the region taken for what a run measures), and the minimum
  peak over all legal orders (exhaustive dynamic programming over the
  down-sets of the dependency order, with allocs right before the first user
  and frees right after the last user unless a call pins them).

`check_programs` runs peakmem-reorder on a batch of programs in one
peakmem-opt invocation and compares; `check_executions` runs the execution
harness before and after; `check_passes` runs every pass and the pipeline,
checks fresh, mutated and moved certificates with the verifier, and executes
a sample. `python3 test/python/fuzz.py --help` for the long modes.
"""

import argparse
import copy
import concurrent.futures
import dataclasses
import itertools
import os
import random
import re
import subprocess
import sys
import time
from typing import Dict, List, Optional, Sequence, Set, Tuple

# The peakmem library of this checkout (python/), also when run as a script.
_PYTHON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                       "python")
if _PYTHON not in sys.path:
    sys.path.insert(0, _PYTHON)

ELEM_BYTES = {"f32": 4, "i8": 1}


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


# The new-shape and huge programs (loop-carried memrefs, async regions,
# retained pointers, memrefs of memrefs, odd element types, huge sizes) and
# the oracle rule they need (a free stays behind a call written before it
# when the call may reach the buffer: its address was captured) are on by
# default; PEAKMEM_FUZZ_NEW_SHAPES=0 turns them off (to bisect a failure).
NEW_RULES = os.environ.get("PEAKMEM_FUZZ_NEW_SHAPES", "1") not in ("", "0")

# Relative weights of the new shapes (PEAKMEM_FUZZ_SHAPE_WEIGHTS, e.g.
# "async=0,odd-type=3"): every program of SHAPES_BASE.. starts with one of
# them, and later steps draw them with these weights next to the others.
SHAPE_KINDS = ("loop-carried", "while", "async", "retain", "memref-of-memref",
               "odd-type")
SHAPE_WEIGHTS = {k: 0.5 for k in SHAPE_KINDS}
for _item in os.environ.get("PEAKMEM_FUZZ_SHAPE_WEIGHTS", "").split(","):
    if "=" in _item:
        _k, _w = _item.split("=", 1)
        if _k.strip() not in SHAPE_WEIGHTS:
            raise ValueError(f"PEAKMEM_FUZZ_SHAPE_WEIGHTS: unknown shape "
                             f"{_k!r} (one of {', '.join(SHAPE_KINDS)})")
        SHAPE_WEIGHTS[_k.strip()] = float(_w)

ODD_ELEMS = ("i1", "i17", "i24", "i48", "f16", "bf16", "f80",
             "vector<4xf32>", "complex<f32>")


def _pow2_ceil(n: int) -> int:
    k = 1
    while k < n:
        k *= 2
    return k


def elem_alloc_bytes(elem: str) -> int:
    """Bytes per element the lowering
    (finalize-memref-to-llvm{use-generic-functions=true}, run by
    mlir-runner) requests: the LLVM alloc size under the default data
    layout the JIT folds the size with, as MEASURED with the counting
    allocator (docs/Testing.md "Byte sizes"): iN: ceil(N/8) bytes rounded
    up to the ABI alignment 1 (N <= 8), 2 (N <= 16) or 4 (wider: i48 is 8,
    i65..i96 12, i100 16); f16/bf16 2, f32 4, f64 8, f80/f128 16, index 8;
    vector<n x T>: n*bits(T) rounded up to bytes, then to a power of two;
    complex<T>: 2 x T; memref<...> (a descriptor): 3 words + 2 per dim."""
    if elem in ("f16", "bf16"):
        return 2
    if elem == "f32":
        return 4
    if elem in ("f64", "index"):
        return 8
    if elem in ("f80", "f128"):
        return 16
    m = re.fullmatch(r"i(\d+)", elem)
    if m:
        n = (int(m.group(1)) + 7) // 8
        a = 1 if n <= 1 else 2 if n <= 2 else 4
        return -(-n // a) * a
    m = re.fullmatch(r"vector<(\d+)x(\w+)>", elem)
    if m:
        t = m.group(2)
        bits = int(m.group(1)) * (int(t[1:]) if t[0] == "i" else
                                  {"f16": 16, "bf16": 16, "f32": 32,
                                   "f64": 64}[t])
        return _pow2_ceil((bits + 7) // 8)
    m = re.fullmatch(r"complex<(\w+)>", elem)
    if m:
        return 2 * elem_alloc_bytes(m.group(1))
    m = re.fullmatch(r"memref<((?:\d+x)*)[\w<>]+>", elem)
    if m:
        rank = m.group(1).count("x")
        return 24 + 16 * rank
    raise ValueError(f"no byte size for element type {elem}")


def elem_implicit_align(elem: str) -> int:
    """Bytes the lowering adds on top of the data when the alloc has no
    `alignment` attribute: for an element type that is not an integer or
    a float (vector, complex, memref), its own alloc size."""
    if re.fullmatch(r"i\d+|f\d+|bf16|index", elem):
        return 0
    return elem_alloc_bytes(elem)
EXT = "<ext>"            # the one base of all function arguments
TINY_BASE = 1_000_000    # seeds from here: tiny (executable) programs
# Extended programs (test/python/test_fuzz_passes.py): the same steps plus
# scf.if, calls to external declarations (barriers) and memref.alloca.
# Seeds below EXT_BASE generate exactly what they always did.
EXT_BASE = 2_000_000
EXT_TINY_BASE = 3_000_000  # extended and tiny
REFUSED_BASE = 4_000_000   # an extended program made unmodelable
# New shapes (docs/Testing.md "New shapes"): extended programs with at least
# one of SHAPE_KINDS (loop-carried memrefs, scf.while, async, retained
# pointers, memrefs of memrefs, odd element types) from SHAPES_BASE, and
# programs with huge sizes the passes must refuse from HUGE_BASE.
SHAPES_BASE = 5_000_000
HUGE_BASE = 6_000_000
# Training-shaped programs (docs/Training.md, test_training_fuzz.py): a
# forward phase whose activations all stay live for a backward phase that
# reads them in reverse, weight gradients, and SGD updates of the weight
# arguments in place (directly, or through a temporary and memref.copy into
# the argument as one-shot bufferization emits them). Even seeds are tiny.
TRAIN_BASE = 7_000_000
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
    stack: bool = False      # memref.alloca: 0 heap bytes, never freed
    # No use at all (not even a dealloc): every MLIR rewrite driver erases
    # it as trivially dead before it reaches the allocator: 0 bytes.
    dead: bool = False

    @property
    def bytes(self) -> int:
        if self.stack or self.dead:
            return 0
        n = 1
        for d in self.shape:
            n *= d
        return n * elem_alloc_bytes(self.elem) + \
            (self.align or elem_implicit_align(self.elem))


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
    # Per base read or written: the elements touched, (lo, hi) in the base's
    # strided-layout coordinates, or None for the whole base (absent: None).
    spans: Dict[str, Optional[Tuple[int, int]]] = dataclasses.field(
        default_factory=dict)
    views: Set[str] = dataclasses.field(default_factory=set)
    alloc: Optional[str] = None
    free: Optional[str] = None
    body: Optional["Block"] = None            # scf.for body, scf.if then
    else_body: Optional["Block"] = None       # scf.if else (if any)
    barrier: bool = False     # a call (or contains one): unknown effects
    head: str = ""            # region op: first line; rendered from blocks
    cond: Optional[Tuple] = None   # scf.if: ("const", taken) | ("iv", iv, k)
    iv: str = ""              # scf.for: induction variable and trip count
    trips: int = 0
    # Statements this one keeps its side of (an access through a loaded
    # memref and the capture statements of its block: which buffers it may
    # reach depends on whether the capture precedes it).
    pinned_to: Set[int] = dataclasses.field(default_factory=set)

    def regions(self) -> List[Tuple[object, "Block"]]:
        """(block key, block) of the op's regions: the key of region 0 is
        the op's sid, of the else region (sid, 1)."""
        out = []
        if self.body is not None:
            out.append((self.sid, self.body))
        if self.else_body is not None:
            out.append(((self.sid, 1), self.else_body))
        return out

    def alloc_or_free_only(self) -> bool:
        """Only allocates or frees a buffer of its block: no barrier orders
        it (a call that uses the buffer is ordered through the buffer)."""
        return bool((self.alloc or self.free) and not self.barrier
                    and not self.reads and not self.writes)

    def touches_memory(self) -> bool:
        """Has a memory effect (read, write, alloc, free) or is a barrier;
        view ops, constants and compares have none."""
        return bool(self.barrier or self.reads or self.writes or self.alloc
                    or self.free)

    def touched(self) -> Set[str]:
        """Bases this statement uses (any access or SSA use of an alias)."""
        out = self.reads | self.writes | self.views
        if self.alloc:
            out.add(self.alloc)
        if self.free:
            out.add(self.free)
        return out


def span_of(v: "Val") -> Optional[Tuple[int, int]]:
    """The elements of its base a view touches, from its static strided
    layout; None (the whole base) for a dynamic offset or the base itself."""
    if not v.view or v.offset is None or not v.strides:
        return None
    return (v.offset,
            v.offset + sum((d - 1) * st for d, st in zip(v.shape, v.strides)))


def hull(a: Optional[Tuple[int, int]],
         b: Optional[Tuple[int, int]]) -> Optional[Tuple[int, int]]:
    if a is None or b is None:
        return None
    return (min(a[0], b[0]), max(a[1], b[1]))


def add_span(st: "Stmt", base: str, span: Optional[Tuple[int, int]]):
    """Records one more access of `st` to `base`: the hull of all of them
    (the model's rule: one range per statement and base)."""
    st.spans[base] = hull(st.spans[base], span) if base in st.spans else span


def spans_overlap(a: Optional[Tuple[int, int]],
                  b: Optional[Tuple[int, int]]) -> bool:
    return a is None or b is None or (a[0] <= b[1] and b[0] <= a[1])


@dataclasses.dataclass
class Block:
    stmts: List[Stmt]
    bufs: Dict[str, Buf]     # bases allocated in this block
    escaping: Set[str] = dataclasses.field(default_factory=set)
    # Bases whose address escaped (to a call, into memory) anywhere in the
    # function: a call may reach them, so their frees stay after it.
    captured: Set[str] = dataclasses.field(default_factory=set)


@dataclasses.dataclass
class Program:
    seed: int
    name: str
    args: List[Val]
    results: List[Val]
    body: Block
    text: str = ""           # the func.func
    # External declarations the body calls: (symbol, argument types).
    decls: List[Tuple[str, List[str]]] = dataclasses.field(
        default_factory=list)
    refused: str = ""        # why the model must refuse it (REFUSED_BASE)
    extra_funcs: str = ""    # other functions the module needs (refused)
    # Declarations of functions the runtime defines (peakmem_retain_f32...):
    # never replaced by stubs for execution.
    runtime_decls: List[Tuple[str, List[str]]] = dataclasses.field(
        default_factory=list)
    shapes: Dict[str, int] = dataclasses.field(default_factory=dict)

    def blocks(self) -> List[Tuple[object, Block]]:
        """(block key, block), outermost first: None for the function
        body, the op's sid for a loop body or an if's then region, (sid, 1)
        for an if's else region."""
        out = [(None, self.body)]
        k = 0
        while k < len(out):
            for s in out[k][1].stmts:
                out.extend(s.regions())
            k += 1
        return out

    def decls_text(self, stubs: bool = False) -> str:
        """The external declarations; with `stubs`, as functions with an
        empty body (to execute: the model assumes a callee allocates
        nothing, the stub does nothing)."""
        out = []
        for name, types in self.decls:
            if stubs:
                args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(types))
                out.append(f"  func.func private {name}({args}) {{\n"
                           f"    return\n  }}\n")
            else:
                out.append(f"  func.func private {name}({', '.join(types)})"
                           "\n")
        for name, types in self.runtime_decls:
            out.append(f"  func.func private {name}({', '.join(types)})\n")
        return "".join(out) + self.extra_funcs

    def module(self, stubs: bool = False) -> str:
        return "module {\n" + self.decls_text(stubs) + self.text + "}\n"

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
        self.extended = seed >= EXT_BASE
        # New shapes (SHAPES_BASE..HUGE_BASE-1; HUGE_BASE.. refused ones).
        self.new_shapes = seed >= SHAPES_BASE
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
        add_span(st, src.base, span_of(src))
        add_span(st, dst.base, span_of(dst))
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
        if self.extended and depth == 0 and rng.random() < 0.3:
            # An if on the induction variable: both branches run (in
            # different iterations), so the larger one is always reached.
            self.make_if(body, readable + temps, [target] + temps,
                         iv=(iv, rng.choice([0, trips - 1])))
        if self.extended and rng.random() < 0.1:
            self.barrier_call(body, readable + temps)
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
        head_line = f"scf.for {iv} = {c0} to {ct} step {c1} {{"
        st = Stmt(self.new_sid(), "scf.for",
                  [head_line] +
                  [f"  {line}" for s in body for line in _stmt_lines(s)] +
                  ["}"],
                  body=Block(body, bbufs, captured=self.captured), head=head_line, iv=iv,
                  trips=trips)
        _summarize_regions(st, [Block(body, bbufs, captured=self.captured)], {iv})
        st.uses |= {c0, c1, ct}
        return st

    def capture(self, base: str, sid: int):
        """`base`'s address escapes at statement `sid` (in program order)."""
        self.captured.add(base)
        self.capture_sid.setdefault(base, sid)

    # ----------------------------------------------------- extended steps
    def barrier_call(self, out: List[Stmt], readable: List[Val]):
        """func.call of an external declaration: no memory effect interface,
        so a barrier; with a memref operand it is also a user of it."""
        k = len(self.decls)
        if readable and self.rng.random() < 0.5:
            v = self.pick(readable)
            name = f"@fz{self.seed}_use{k}"
            self.decls.append((name, [v.type]))
            out.append(Stmt(self.new_sid(), "func.call",
                            [f"func.call {name}({v.name}) : ({v.type}) -> "
                             "()"],
                            uses={v.name}, views={v.base}, barrier=True))
            v.uses += 1
            self.capture(v.base, out[-1].sid)
        else:
            name = f"@fz{self.seed}_barrier{k}"
            self.decls.append((name, []))
            out.append(Stmt(self.new_sid(), "func.call",
                            [f"func.call {name}() : () -> ()"],
                            barrier=True))

    def act_call(self, out, bufs):
        self.barrier_call(out, self.pool)
        return None

    def act_alloca(self, out, bufs):
        """A stack buffer (0 heap bytes, never freed) filled or copied
        into; later steps read and update it like any buffer."""
        src = self.pick([v for v in self.pool if len(v.shape) <= 2])
        shape = src.shape if self.rng.random() < 0.7 else \
            self.rng.choice(self.shapes)
        dst = self.alloc(out, bufs, shape, src.elem, op="memref.alloca")
        if shape == src.shape and self.rng.random() < 0.7:
            self.linalg(out, "linalg.copy", [src], [dst])
        else:
            self.linalg(out, "linalg.fill", [], [dst],
                        scalars=[self.scalar(src.elem)])
        return dst

    def act_skip(self, out, bufs):
        """A skip connection, what peakmem-recompute clones: a buffer S
        produced cheaply from an argument (a fill, a copy or an
        elementwise op), read by t1 = f(S), then t2 = g(t1), then S is
        added into t2 in place. S is live across t2's step without being
        used there; recomputing S before the add lowers that step by S.
        In 40%, S comes from a chain argument -> C -> S whose intermediate
        C dies early: only a chain recomputation (C too) pays."""
        src = self.pick([v for v in self.args if len(v.shape) <= 2])
        chain = self.rng.random() < 0.4
        if chain:
            mid = self.alloc(out, bufs, src.shape, src.elem)
            self.generic(out, "unary", [src], mid)
            src = mid
        sk = self.alloc(out, bufs, src.shape, src.elem)
        roll = self.rng.random()
        if chain and roll < 0.3:
            roll = 0.7  # S must read C (a fill would not)
        if roll < 0.3:
            self.linalg(out, "linalg.fill", [], [sk],
                        scalars=[self.scalar(src.elem)])
        elif roll < 0.6:
            self.linalg(out, "linalg.copy", [src], [sk])
        else:
            self.generic(out, "unary", [src], sk)
        t1 = self.alloc(out, bufs, src.shape, src.elem)
        self.generic(out, "unary", [sk], t1)
        t2 = self.alloc(out, bufs, src.shape, src.elem)
        if self.rng.random() < 0.5:
            self.generic(out, "unary", [t1], t2)
        else:
            self.linalg(out, "linalg.mul", [t1, t1], [t2])
        self.linalg(out, "linalg.add", [t2, sk], [t2])
        return t2

    def act_if(self, out, bufs):
        writable = [v for v in self.pool if v.writable] + \
            [v for v in self.args if v.writable and v.uses > 0]
        self.make_if(out, list(self.pool), writable)
        return None

    def make_branch(self, readable: List[Val], writable: List[Val],
                    kind: str) -> Block:
        """A region of an scf.if. "alloc": 1-2 temporaries computed from
        `readable`, accumulated into a writable outer value where shapes
        allow, freed in the region; "inplace": an in-place update of an
        outer value, no allocation; "call": a barrier call and an
        in-place update."""
        rng = self.rng
        body: List[Stmt] = []
        bbufs: Dict[str, Buf] = {}
        flat = [v for v in readable if len(v.shape) <= 2]
        if kind == "alloc":
            for _ in range(rng.choice([1, 1, 2])):
                src = self.pick(flat)
                t = self.alloc(body, bbufs, src.shape, src.elem)
                same = [v for v in readable if v.shape == src.shape and
                        v.elem == src.elem]
                roll = rng.random()
                if roll < 0.35:
                    self.linalg(body, "linalg.copy", [src], [t])
                elif roll < 0.6:
                    self.linalg(body, "linalg.mul", [src, self.pick(same)],
                                [t])
                else:
                    self.generic(body, "unary", [src], t)
                tgts = [v for v in writable if v.shape == t.shape and
                        v.elem == t.elem]
                reds = [v for v in writable if v.shape == (1,) and
                        v.elem == t.elem]
                if tgts and rng.random() < 0.8:
                    tgt = self.pick(tgts)
                    self.linalg(body, "linalg.add", [tgt, t], [tgt])
                elif reds and rng.random() < 0.8:
                    self.generic(body, "reduce", [t], self.pick(reds))
            self.place_frees(body, bbufs, set(),
                             rng.choice(["end", "last", "mixed"]))
            return Block(body, bbufs, captured=self.captured)
        if kind == "call":
            self.barrier_call(body, readable)
        if writable:
            dst = self.pick(writable)
            others = [v for v in readable if v.shape == dst.shape and
                      v.elem == dst.elem]
            if others and rng.random() < 0.7:
                self.linalg(body, rng.choice(["linalg.add", "linalg.mul"]),
                            [dst, self.pick(others)], [dst])
            else:
                self.linalg(body, "linalg.fill", [], [dst],
                            scalars=[self.scalar(dst.elem)])
        elif not body:
            self.barrier_call(body, readable)
        return Block(body, bbufs, captured=self.captured)

    def make_if(self, out: List[Stmt], readable: List[Val],
                writable: List[Val], iv=None):
        """An arith.cmpi and an scf.if on it. At the top level the
        condition compares constants (the taken branch is known: the one
        with the larger peak 75% of the time); in a loop body it compares
        the induction variable with a constant (both branches run)."""
        rng = self.rng
        then = self.make_branch(readable, writable,
                                rng.choice(["alloc", "alloc", "inplace",
                                            "call"]))
        els = None
        ek = rng.choice(["alloc", "inplace", "none", "none"])
        if ek != "none":
            els = self.make_branch(readable, writable, ek)
        cname = self.new_name("p")
        if iv is None:
            tp = simulate(then, [s.sid for s in then.stmts])
            ep = simulate(els, [s.sid for s in els.stmts]) if els else 0
            larger_then = tp >= ep
            take_then = larger_then if rng.random() < 0.75 else \
                not larger_then
            a, b = sorted(rng.sample(range(0, 5), 2))
            if not take_then:
                a, b = b, a
            ca, cb = self.const(str(a), "index"), self.const(str(b), "index")
            cond = ("const", take_then)
            uses = {ca, cb}
        else:
            ivname, k = iv
            ck = self.const(str(k), "index")
            ca, cb = ivname, ck
            cond = ("iv", ivname, k)
            uses = {ivname, ck}
            a = None
        pred = "slt" if iv is None else "eq"
        out.append(Stmt(self.new_sid(), "arith.cmpi",
                        [f"{cname} = arith.cmpi {pred}, {ca}, {cb} : index"],
                        defs={cname}, uses=uses))
        head_line = f"scf.if {cname} {{"
        blocks = [then] + ([els] if els else [])
        st = Stmt(self.new_sid(), "scf.if", [], body=then, else_body=els,
                  head=head_line, cond=cond)
        st.lines = _stmt_lines(st)[:-1] + ["}"]
        _summarize_regions(st, blocks, set())
        st.uses.add(cname)
        out.append(st)

    def act_dead(self, out, bufs):
        """A buffer no op uses (freed or leaked by place_frees)."""
        self.alloc(out, bufs, self.rng.choice(self.shapes),
                   self.rng.choice(self.elems))
        return None

    # ------------------------------------------------------- new shapes
    def shape_copy_into_new(self, out, bufs, src_name: str, shape, elem,
                            bases: Set[str], ssa: str = "") -> Val:
        """A fresh buffer written by a linalg.copy from `src_name`, a value
        that may alias every base of `bases` (the oracle's read set)."""
        dst = self.alloc(out, bufs, shape, elem)
        typ = Val("", shape, elem, "").type
        st = Stmt(self.new_sid(), "linalg.copy",
                  [f"linalg.copy ins({src_name} : {typ}) outs({dst.name} : "
                   f"{typ})"],
                  uses={ssa or src_name, dst.name}, reads=set(bases),
                  writes={dst.base})
        for b in bases:
            add_span(st, b, None)
        add_span(st, dst.base, None)
        out.append(st)
        return dst

    def shape_pair(self, out, bufs):
        """Two buffers of one shape for the loop shapes: %A a copy of a
        pool value, %B filled with a constant."""
        src = self.pick([v for v in self.pool if len(v.shape) <= 2])
        a = self.alloc(out, bufs, src.shape, src.elem)
        self.linalg(out, "linalg.copy", [src], [a])
        b = self.alloc(out, bufs, src.shape, src.elem)
        self.linalg(out, "linalg.fill", [], [b],
                    scalars=[self.scalar(src.elem)])
        return a, b

    def act_loop_carried(self, out, bufs):
        """scf.for with a memref iter_arg initialized with %A whose body
        computes into %B and yields %B: the block argument and the result
        may alias %A and %B. The result is read after the loop."""
        rng = self.rng
        a, b = self.shape_pair(out, bufs)
        trips = rng.choice([1, 2, 3])
        c0, c1 = self.const("0", "index"), self.const("1", "index")
        ct = self.const(str(trips), "index")
        iv, cur, res = self.new_name("i"), self.new_name("cur"), \
            self.new_name("r")
        t = a.type
        op = rng.choice(["linalg.add", "linalg.mul"])
        lines = [f"{res} = scf.for {iv} = {c0} to {ct} step {c1} "
                 f"iter_args({cur} = {a.name}) -> ({t}) {{",
                 f"  {op} ins({cur}, {cur} : {t}, {t}) outs({b.name} : {t})",
                 f"  scf.yield {b.name} : {t}",
                 "}"]
        st = Stmt(self.new_sid(), "scf.for", lines, defs={res},
                  uses={a.name, b.name, c0, c1, ct},
                  reads={a.base, b.base}, writes={b.base},
                  views={a.base, b.base})
        add_span(st, a.base, None)
        add_span(st, b.base, None)
        out.append(st)
        # %res aliases %A (init) and %B (yielded).
        return self.shape_copy_into_new(out, bufs, res, a.shape, a.elem,
                                        {a.base, b.base})

    def act_while(self, out, bufs):
        """scf.while carrying a memref (init %A) and a counter; the
        condition passes the carried memref (aliases %A and %B) or %B
        itself (aliases %B only); the do region computes into %B and
        yields it. The first result is read after the loop."""
        rng = self.rng
        a, b = self.shape_pair(out, bufs)
        trips = rng.choice([1, 2, 3])
        c0, c1 = self.const("0", "index"), self.const("1", "index")
        ct = self.const(str(trips), "index")
        x, k, go = self.new_name("wx"), self.new_name("wk"), \
            self.new_name("wgo")
        y, k2, k3 = self.new_name("wy"), self.new_name("wk"), \
            self.new_name("wk")
        res = self.new_name("w")
        t = a.type
        pass_b = rng.random() < 0.3
        passed = b.name if pass_b else x
        op = rng.choice(["linalg.add", "linalg.mul"])
        lines = [f"{res}:2 = scf.while ({x} = {a.name}, {k} = {c0}) : "
                 f"({t}, index) -> ({t}, index) {{",
                 f"  {go} = arith.cmpi slt, {k}, {ct} : index",
                 f"  scf.condition({go}) {passed}, {k} : {t}, index",
                 "} do {",
                 f"^bb0({y}: {t}, {k2}: index):",
                 f"  {op} ins({y}, {y} : {t}, {t}) outs({b.name} : {t})",
                 f"  {k3} = arith.addi {k2}, {c1} : index",
                 f"  scf.yield {b.name}, {k3} : {t}, index",
                 "}"]
        # Before-region argument: {A (init), B (yielded)}; what the
        # condition passes flows into the results and the do argument.
        flows = {b.base} if pass_b else {a.base, b.base}
        st = Stmt(self.new_sid(), "scf.while", lines, defs={res},
                  uses={a.name, b.name, c0, c1, ct},
                  reads=set(flows), writes={b.base},
                  views={a.base, b.base})
        for base in flows | {b.base}:
            add_span(st, base, None)
        out.append(st)
        return self.shape_copy_into_new(out, bufs, f"{res}#0", a.shape,
                                        a.elem, flows, ssa=res)

    def act_async(self, out, bufs):
        """async.execute reading %A (a copy of a pool value) into %E; the
        async.await of its token comes 0-2 steps later; %E joins the pool
        after the await, and %A is sometimes overwritten after it."""
        rng = self.rng
        src = self.pick([v for v in self.pool if len(v.shape) <= 2])
        a = self.alloc(out, bufs, src.shape, src.elem)
        self.linalg(out, "linalg.copy", [src], [a])
        e = self.alloc(out, bufs, src.shape, src.elem)
        tok = self.new_name("tok")
        t = a.type
        if rng.random() < 0.5:
            inner = (f"  linalg.copy ins({a.name} : {t}) outs({e.name} : "
                     f"{t})")
        else:
            inner = (f"  linalg.add ins({a.name}, {a.name} : {t}, {t}) "
                     f"outs({e.name} : {t})")
        ex = Stmt(self.new_sid(), "async.execute",
                  [f"{tok} = async.execute {{", inner, "  async.yield",
                   "}"],
                  defs={tok}, uses={a.name, e.name}, reads={a.base},
                  writes={e.base})
        add_span(ex, a.base, None)
        add_span(ex, e.base, None)
        out.append(ex)
        # The region's accesses complete at the await: it reads %A and
        # writes %E as far as every other statement is concerned.
        aw = Stmt(self.new_sid(), "async.await",
                  [f"async.await {tok} : !async.token"], uses={tok},
                  reads={a.base}, writes={e.base})
        add_span(aw, a.base, None)
        add_span(aw, e.base, None)
        later = [aw]
        if rng.random() < 0.5:
            later.append(("overwrite", a))
        self.pending.append((rng.choice([0, 1, 2]), later, [e]))
        return None

    def emit_pending(self, out, bufs, force=False):
        keep = []
        for steps, stmts, vals in self.pending:
            if steps > 0 and not force:
                keep.append((steps - 1, stmts, vals))
                continue
            for st in stmts:
                if isinstance(st, tuple):
                    a = st[1]
                    self.linalg(out, "linalg.fill", [], [a],
                                scalars=[self.scalar(a.elem)])
                    vals = vals + [a]
                else:
                    st.sid = self.new_sid()
                    out.append(st)
            self.pool.extend(vals)
        self.pending = keep

    def act_retain(self, out, bufs):
        """A buffer %A (1-D f32) retained by @peakmem_retain_f32 and
        copied into %E by @peakmem_release_f32 (lib/Runtime/OpaqueCalls.c):
        %A is read by the release call through a pointer the IR does not
        show; its free is written after the release."""
        rng = self.rng
        n = rng.choice(sorted({d for v in self.pool for d in v.shape
                               if d > 1} | {4}))
        for name in ("@peakmem_retain_f32", "@peakmem_release_f32"):
            if name not in [d[0] for d in self.runtime_decls]:
                self.runtime_decls.append((name, ["memref<?xf32>"]))
        a = self.alloc(out, bufs, (n,), "f32")
        srcs = self.readable((n,), "f32")
        if srcs and rng.random() < 0.6:
            self.linalg(out, "linalg.copy", [self.pick(srcs)], [a])
        else:
            self.linalg(out, "linalg.fill", [], [a],
                        scalars=[self.scalar("f32")])
        self.call_runtime(out, "peakmem_retain_f32", a)
        # Something else may happen between retain and release.
        if rng.random() < 0.5:
            self.act_unary(out, bufs)
        e = self.alloc(out, bufs, (n,), "f32")
        self.call_runtime(out, "peakmem_release_f32", e)
        return e

    def call_runtime(self, out, fn: str, v):
        """memref.cast of `v` to memref<?xf32> and a call of the runtime's
        opaque `fn` on it (a barrier that captures `v`'s buffer)."""
        c = self.new_name("rc")
        out.append(Stmt(self.new_sid(), "memref.cast",
                        [f"{c} = memref.cast {v.name} : {v.type} to "
                         "memref<?xf32>"],
                        defs={c}, uses={v.name}, views={v.base}))
        out.append(Stmt(self.new_sid(), "func.call",
                        [f"func.call @{fn}({c}) : (memref<?xf32>) -> ()"],
                        uses={c}, views={v.base}, barrier=True))
        self.capture(v.base, out[-1].sid)

    def act_memref_of_memref(self, out, bufs):
        """%H : memref<1xmemref<T>> holds a pool buffer %V (memref.store:
        %V's address is captured); %L = memref.load %H[0] is written
        through (a fill or an in-place add): %L may alias every captured
        buffer and external memory."""
        rng = self.rng
        cands = [v for v in self.pool if not v.view and v.base != EXT and
                 v.writable and not bufs.get(v.base, Buf("", (), "")).stack
                 and v.base in bufs]
        if not cands:
            return self.act_unary(out, bufs)
        v = self.pick(cands)
        c0 = self.const("0", "index")
        h = self.alloc(out, bufs, (1,), v.type)
        ht = h.type
        st = Stmt(self.new_sid(), "memref.store",
                  [f"memref.store {v.name}, {h.name}[{c0}] : {ht}"],
                  uses={v.name, h.name, c0}, writes={h.base},
                  views={v.base})
        add_span(st, h.base, None)
        out.append(st)
        self.capture(v.base, out[-1].sid)
        ld = self.new_name("ld")
        st = Stmt(self.new_sid(), "memref.load",
                  [f"{ld} = memref.load {h.name}[{c0}] : {ht}"],
                  defs={ld}, uses={h.name, c0}, reads={h.base})
        add_span(st, h.base, None)
        out.append(st)
        t = v.type
        if rng.random() < 0.5:
            sc = self.scalar(v.elem)
            st = Stmt(self.new_sid(), "linalg.fill",
                      [f"linalg.fill ins({sc} : {v.elem}) outs({ld} : {t})"],
                      uses={sc, ld})
            st.loaded_reads = False
        else:
            st = Stmt(self.new_sid(), "linalg.add",
                      [f"linalg.add ins({ld}, {ld} : {t}, {t}) outs({ld} : "
                       f"{t})"], uses={ld})
            st.loaded_reads = True
        out.append(st)
        # Reads and writes are set once every capture is known.
        self.loaded.append(st)
        return None

    def act_odd_type(self, out, bufs):
        """A buffer of an odd element type (i1, i17, i24, i48, f16, bf16,
        f80, vector<4xf32>, complex<f32>), sometimes with an alignment,
        filled with a constant and converted into a new buffer of the
        program's element type by a linalg.generic."""
        rng = self.rng
        elem = rng.choice(ODD_ELEMS)
        shape = rng.choice(self.shapes)
        x = self.alloc(out, bufs, shape, elem)
        if elem.startswith("vector"):
            cv = self.const("dense<[1.0, -2.0, 0.5, 3.0]>", elem)
        elif elem.startswith("complex"):
            key = ("[1.5 : f32, -2.0 : f32]", elem)
            if key not in self.consts:
                name = self.new_name("c")
                st = Stmt(self.new_sid(), "complex.constant",
                          [f"{name} = complex.constant {key[0]} : {elem}"],
                          defs={name})
                self.consts[key] = st
                self.const_order.append(st)
            cv = next(iter(self.consts[key].defs))
        elif elem[0] == "i":
            cv = self.const(str(rng.choice([1, -1, 3])) if elem != "i1"
                            else "1", elem)
        else:
            cv = self.const(rng.choice(["1.500000e+00", "-2.500000e-01"]),
                            elem)
        self.linalg(out, "linalg.fill", [], [x], scalars=[cv])
        to = self.elems[0]
        d = self.alloc(out, bufs, shape, to)
        g = self.new_name("g")[1:]
        body = []
        v = f"%{g}a0"
        if elem.startswith("vector"):
            body.append(f"  %{g}r = vector.reduction <add>, {v} : {elem} "
                        "into f32")
            v, src = f"%{g}r", "f32"
        elif elem.startswith("complex"):
            body.append(f"  %{g}r = complex.re {v} : {elem}")
            v, src = f"%{g}r", "f32"
        else:
            src = elem
        if src == to:
            pass
        elif src[0] == "i" and to == "f32":
            body.append(f"  %{g}c = arith.sitofp {v} : {src} to f32")
            v = f"%{g}c"
        elif src[0] == "i":
            w = int(src[1:])
            cast = "arith.trunci" if w > 8 else "arith.extsi"
            body.append(f"  %{g}c = {cast} {v} : {src} to {to}")
            v = f"%{g}c"
        elif to == "f32":
            cast = "arith.truncf" if src in ("f80", "f64") else "arith.extf"
            body.append(f"  %{g}c = {cast} {v} : {src} to f32")
            v = f"%{g}c"
        else:
            body.append(f"  %{g}c = arith.fptosi {v} : {src} to {to}")
            v = f"%{g}c"
        body.append(f"  linalg.yield {v} : {to}")
        rank = len(shape)
        par = ", ".join('"parallel"' for _ in range(rank))
        head = (f"{{indexing_maps = [{_ident_map(rank)}, "
                f"{_ident_map(rank)}], iterator_types = [{par}]}} ")
        self.linalg(out, "linalg.generic", [x], [d],
                    region=[f"^bb0(%{g}a0: {elem}, %{g}o: {to}):"] + body,
                    head=head)
        return d

    def finish_shapes(self, stmts: List[Stmt], bufs: Dict[str, Buf]):
        """Sets the accesses of the ops on loaded memrefs: every base of the
        block captured before the op, and external memory."""
        pos = {st.sid: i for i, st in enumerate(stmts)}
        # A capture nested in a statement of the block (a call inside a
        # loop) happens when that statement runs: it counts from there.
        for i, top in enumerate(stmts):
            todo = [blk for _, blk in top.regions()]
            while todo:
                blk = todo.pop()
                for inner in blk.stmts:
                    pos.setdefault(inner.sid, i)
                    todo.extend(b for _, b in inner.regions())
        top_sid = {sid: stmts[i].sid for sid, i in pos.items()}
        for st in self.loaded:
            # A loaded memref can hold only an address captured before it
            # is used (in program order): a buffer of the block captured by
            # a later statement is out of its reach.
            here = pos.get(st.sid, len(stmts))
            if st.sid not in {t.sid for t in stmts}:
                here = len(stmts)
            may = {b for b in self.captured if b in bufs and
                   pos.get(self.capture_sid[b], -1) < here} | {EXT}
            st.pinned_to |= {top_sid[self.capture_sid[b]]
                             for b in self.captured
                             if b in bufs and self.capture_sid[b] in pos
                             and top_sid[self.capture_sid[b]] != st.sid}
            st.writes |= may
            if st.loaded_reads:
                st.reads |= may
            for b in may:
                add_span(st, b, None)

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
        if self.extended:
            actions += [("if", 1.3), ("call", 0.5), ("alloca", 0.6),
                        ("skip", 0.8)]
        shape_acts = [(k, SHAPE_WEIGHTS[k]) for k in SHAPE_KINDS
                      if SHAPE_WEIGHTS[k] > 0]
        if self.new_shapes and shape_acts:
            actions += shape_acts
        names = [a for a, w in actions]
        weights = [w for a, w in actions]
        for step in range(steps):
            kind = rng.choices(names, weights)[0]
            if self.new_shapes and shape_acts and step == 0:
                kind = rng.choices([a for a, _ in shape_acts],
                                   [w for _, w in shape_acts])[0]
            if kind in SHAPE_KINDS:
                self.shape_count[kind] = self.shape_count.get(kind, 0) + 1
            if kind == "convert" and not self.readable(elem="i8"):
                kind = "unary"
            if kind == "matmul" and not [v for v in self.pool
                                         if len(v.shape) == 2 and
                                         v.shape[0] == v.shape[1]]:
                kind = "binary"
            if kind in ("concat", "view") and \
                    not [v for v in self.pool if len(v.shape) == 2]:
                kind = "unary"
            val = getattr(self, "act_" + kind.replace("-", "_"))(stmts, bufs)
            if val is not None:
                self.pool.append(val)
            if self.pending:
                self.emit_pending(stmts, bufs)
        if self.pending:
            self.emit_pending(stmts, bufs, force=True)
        for o in args:
            if o.writable and o.name not in self.wrote_output:
                srcs = self.readable(o.shape, o.elem)
                if srcs:
                    self.linalg(stmts, "linalg.copy", [self.pick(srcs)], [o])
                else:
                    self.linalg(stmts, "linalg.fill", [], [o],
                                scalars=[self.scalar(o.elem)])

        # Results: unread values first (sinks), sometimes a view.
        owned = [v for v in self.pool if v.base != EXT and
                 not bufs[v.base].stack]
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
        if self.new_shapes:
            self.finish_shapes(stmts, bufs)
        policy = rng.choice(["end", "end", "last", "mixed"])
        self.place_frees(stmts, bufs, escaping, policy, leak_p=0.04)
        stmts[:0] = self.const_order

        block = Block(stmts, bufs, escaping, self.captured)
        mark_dead_buffers(block)
        name = f"fz{self.seed}"
        prog = Program(self.seed, name, args, results, block,
                       decls=self.decls, runtime_decls=self.runtime_decls,
                       shapes=dict(self.shape_count))
        prog.text = render(prog)
        return prog


def _summarize_regions(st: Stmt, blocks: List[Block], bound: Set[str]):
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


def _stmt_lines(s: Stmt, attrs: Optional[Dict[int, str]] = None,
                prefix: str = "") -> List[str]:
    """The statement's text with its location loc("<prefix>s<sid>"); a
    region op is rendered from its blocks as they stand (so a permuted
    block prints permuted). `attrs` maps sids to an attribute dictionary
    printed after the op."""
    if s.head:
        lines = [s.head] + [f"  {line}" for t in s.body.stmts
                            for line in _stmt_lines(t, attrs, prefix)]
        if s.else_body is not None:
            lines.append("} else {")
            lines += [f"  {line}" for t in s.else_body.stmts
                      for line in _stmt_lines(t, attrs, prefix)]
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
                  for line in _stmt_lines(s, nested_attrs, prefix)]
    if p.results:
        lines.append(f"    return {', '.join(v.name for v in p.results)} : "
                     f"{', '.join(v.type for v in p.results)}")
    else:
        lines.append("    return")
    lines.append(f'  }} loc("{p.name}")')
    return "\n".join(lines) + "\n"


class TrainingGenerator(Generator):
    """A training step (seeds from TRAIN_BASE): `layers` forward ops each
    reading the previous activation and a weight argument, every activation
    kept for the backward phase; a loss reduction (the result); then per
    layer, last to first, the weight gradient (reads the gradient and the
    saved input activation), the input gradient (reads the weight before its
    update) and the in-place update of the weight argument. Ordinary random
    steps are sprinkled in between."""

    def generate(self) -> Program:
        rng = self.rng
        tiny = self.seed % 2 == 0
        if tiny:
            r, c = rng.choice([1, 2, 2, 3]), rng.choice([2, 3, 4])
            layers = rng.randint(2, 3)
        else:
            r, c = rng.choice([2, 3, 4, 8]), rng.choice([2, 4, 8, 16])
            layers = rng.randint(3, 6)
        elem = "f32"
        self.elems = [elem]
        self.shapes = [(r, c), (c,), (1,)]
        self.loop_accs = set()
        self.wrote_output = set()
        args: List[Val] = []

        def arg(shape, writable=False):
            v = Val(f"%arg{len(args)}", shape, elem, EXT, _contiguous(shape),
                    writable=writable)
            args.append(v)
            return v

        x = arg((r, c))
        weights = [arg((r, c), writable=True) for _ in range(layers)]
        self.args = args
        self.pool = list(args)
        stmts: List[Stmt] = []
        bufs: Dict[str, Buf] = {}

        def sprinkle():
            if rng.random() < (0.15 if tiny else 0.3):
                kind = rng.choice(["unary", "binary", "fill", "reduce"])
                v = getattr(self, "act_" + kind)(stmts, bufs)
                if v is not None:
                    self.pool.append(v)

        # Forward: every activation is kept for the backward phase.
        acts = [x]
        for w in weights:
            a = self.alloc(stmts, bufs, (r, c), elem)
            self.linalg(stmts, rng.choice(["linalg.mul", "linalg.add"]),
                        [acts[-1], w], [a])
            if rng.random() < 0.5:
                b = self.alloc(stmts, bufs, (r, c), elem)
                self.generic(stmts, "unary", [a], b)
                a = b
            acts.append(a)
            self.pool.append(a)
            sprinkle()
        # Loss (the result) and the seed gradient.
        loss = self.alloc(stmts, bufs, (1,), elem)
        self.linalg(stmts, "linalg.fill", [], [loss],
                    scalars=[self.const("0.000000e+00", elem)])
        self.generic(stmts, "reduce", [acts[-1]], loss)
        g = self.alloc(stmts, bufs, (r, c), elem)
        self.generic(stmts, "unary", [acts[-1]], g)
        # Backward, last layer first, with in-place updates of the weights.
        for i in range(layers, 0, -1):
            w = weights[i - 1]
            gw = self.alloc(stmts, bufs, (r, c), elem)
            self.linalg(stmts, "linalg.mul", [g, acts[i - 1]], [gw])
            gx = None
            if i > 1:
                gx = self.alloc(stmts, bufs, (r, c), elem)
                self.linalg(stmts, "linalg.mul", [g, w], [gx])
            roll = rng.random()
            if roll < 0.4:
                # As one-shot bufferization emits it: new value, then copy.
                nw = self.alloc(stmts, bufs, (r, c), elem)
                self.generic(stmts, "accum", [gw, gw], nw) \
                    if rng.random() < 0.3 else \
                    self.linalg(stmts, "linalg.add", [w, gw], [nw])
                self.memref_copy(stmts, nw, w)
            elif roll < 0.8:
                self.linalg(stmts, "linalg.add", [w, gw], [w])
            else:
                self.generic(stmts, "accum", [gw, gw], w)
            self.wrote_output.add(w.name)
            if gx is not None:
                g = gx
            sprinkle()
        results = [loss]
        escaping = {loss.base}
        policy = rng.choice(["end", "end", "last", "mixed"])
        self.place_frees(stmts, bufs, escaping, policy, leak_p=0.0)
        stmts[:0] = self.const_order
        block = Block(stmts, bufs, escaping, self.captured)
        mark_dead_buffers(block)
        prog = Program(self.seed, f"fz{self.seed}", args, results, block,
                       decls=self.decls, runtime_decls=self.runtime_decls,
                       shapes={"training": 1})
        prog.text = render(prog)
        return prog


def generate(seed: int) -> Program:
    """The program of a seed: seeds below EXT_BASE as they always were,
    EXT_BASE.. extended, EXT_TINY_BASE.. extended and tiny, REFUSED_BASE..
    an extended program with one thing the model must refuse."""
    if seed >= TRAIN_BASE:
        return TrainingGenerator(seed).generate()
    if seed >= HUGE_BASE:
        return generate_huge(seed)
    if REFUSED_BASE <= seed < SHAPES_BASE:
        return generate_refused(seed)
    return Generator(seed).generate()


# What the model refuses (docs/Model.md "What is refused"), one per
# REFUSED_BASE seed in turn: lines inserted before a random top-level
# statement of an extended program (or an argument / another function).
REFUSED_KINDS = ("multi-block", "tensor-argument", "tensor-op",
                 "dynamic-alloc", "free-in-region", "leak-in-loop",
                 "call-with-body", "call-returns-memref")


def generate_refused(seed: int) -> Program:
    p = Generator(seed).generate()
    rng = random.Random(seed * 31 + 7)
    kind = REFUSED_KINDS[(seed - REFUSED_BASE) % len(REFUSED_KINDS)]
    top = [s for s in p.body.stmts if s.op != "arith.constant"]
    at = rng.choice(top).sid
    ins: List[str] = []
    extra_args: List[str] = []
    if kind == "multi-block":
        ins = ['    cf.br ^bb1 loc("rbr")', "  ^bb1:"]
    elif kind == "tensor-argument":
        extra_args = ["%targ: tensor<4xf32>"]
    elif kind == "tensor-op":
        ins = ['    %rt = tensor.empty() : tensor<4xf32> loc("rt")']
    elif kind == "dynamic-alloc":
        ins = ["    %rn = arith.constant 4 : index",
               '    %rd = memref.alloc(%rn) : memref<?xf32> loc("rd")',
               "    %rf = arith.constant 1.000000e+00 : f32",
               "    linalg.fill ins(%rf : f32) outs(%rd : memref<?xf32>)",
               "    memref.dealloc %rd : memref<?xf32>"]
    elif kind == "free-in-region":
        ins = ["    %rb = memref.alloc() : memref<4xf32>",
               "    %rc = arith.constant true",
               "    scf.if %rc {",
               '      memref.dealloc %rb : memref<4xf32> loc("rf")',
               "    }"]
    elif kind == "leak-in-loop":
        ins = ["    %r0 = arith.constant 0 : index",
               "    %r1 = arith.constant 1 : index",
               "    %r2 = arith.constant 2 : index",
               "    scf.for %ri = %r0 to %r2 step %r1 {",
               '      %rl = memref.alloc() : memref<4xf32> loc("rl")',
               "    }"]
    elif kind == "call-with-body":
        ins = [f'    func.call @fz{seed}_body() : () -> () loc("rc")']
        p.extra_funcs = (f"  func.func private @fz{seed}_body() {{\n"
                         "    return\n  }\n")
    elif kind == "call-returns-memref":
        ins = [f"    %rm = func.call @fz{seed}_get() : () -> memref<4xf32>"
               ' loc("rm")']
        p.extra_funcs = (f"  func.func private @fz{seed}_get() -> "
                         "memref<4xf32>\n")
    p.refused = kind
    p.text = render(p, insert_before={at: ins} if ins else None,
                    extra_args=extra_args)
    return p


# Huge sizes (HUGE_BASE..): never executed; every pass must refuse the
# function with a "not modeled" remark and leave it byte-identical.
HUGE_KINDS = ("huge-alloc-2^62", "huge-alloc-2^64", "huge-alignment-2^62",
              "huge-macs")


def generate_huge(seed: int) -> Program:
    p = Generator(seed).generate()
    rng = random.Random(seed * 37 + 11)
    kind = HUGE_KINDS[(seed - HUGE_BASE) % len(HUGE_KINDS)]
    top = [s for s in p.body.stmts if s.op != "arith.constant"]
    at = rng.choice(top).sid
    extra_args: List[str] = []
    if kind == "huge-alloc-2^62":
        # 2^62 bytes of i8.
        t = "memref<4611686018427387904xi8>"
        ins = [f'    %hg = memref.alloc() : {t} loc("hg")',
               f"    memref.dealloc %hg : {t}"]
    elif kind == "huge-alloc-2^64":
        # 2^61 f64 = 2^64 bytes: does not fit in 64 bits.
        t = "memref<2305843009213693952xf64>"
        ins = [f'    %hg = memref.alloc() : {t} loc("hg")',
               f"    memref.dealloc %hg : {t}"]
    elif kind == "huge-alignment-2^62":
        t = "memref<4xf32>"
        ins = ['    %hg = memref.alloc() {alignment = 4611686018427387904 : '
               f'i64}} : {t} loc("hg")',
               f"    memref.dealloc %hg : {t}"]
    else:
        # 2^22 x 2^22 x 2^22 = 2^66 multiply-accumulates on arguments.
        t = "memref<4194304x4194304xf32>"
        extra_args = [f"%hx: {t}", f"%hy: {t}", f"%hz: {t}"]
        ins = [f"    linalg.matmul ins(%hx, %hy : {t}, {t}) outs(%hz : {t})"
               ' loc("hg")']
    p.refused = kind
    p.text = render(p, insert_before={at: ins}, extra_args=extra_args)
    return p


def mark_dead_buffers(block: "Block"):
    """Marks the buffers of `block` and its nested blocks that no statement
    uses (Buf.dead)."""
    used: Set[str] = set()
    blocks = [block]
    while blocks:
        b = blocks.pop()
        for st in b.stmts:
            used |= st.uses
            blocks.extend(blk for _, blk in st.regions())
    blocks = [block]
    while blocks:
        b = blocks.pop()
        for name, buf in b.bufs.items():
            buf.dead = name not in used
        for st in b.stmts:
            blocks.extend(blk for _, blk in st.regions())


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
            if a.sid in b.pinned_to or b.sid in a.pinned_to:
                deps.append((a.sid, b.sid, "capture window"))
                continue
            if (a.barrier and b.touches_memory()
                    and (not b.alloc_or_free_only()
                         or (NEW_RULES and b.free in block.captured))) or \
                    (b.barrier and a.touches_memory()
                     and not a.alloc_or_free_only()):
                deps.append((a.sid, b.sid, "barrier (call)"))
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
                # Accesses to disjoint elements of a base (static subviews)
                # do not conflict; per statement and base, the hull of what
                # it touches.
                if a_mem and b_mem and (a_w or b_w) and spans_overlap(
                        a.spans.get(base), b.spans.get(base)):
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
             orders: Optional[Dict[object, Sequence[int]]] = None,
             env: Optional[Dict[str, int]] = None) -> int:
    """Peak bytes of `block` run in `order` (sids): a buffer is live from its
    alloc through its dealloc (or to the end of the block); a region op
    adds the peak of its regions, each run in orders[block key] (as written
    if absent), on top of what is live around it.

    With `env` None, the model's rule: an scf.if counts its larger region.
    With `env` a dict (induction variables -> values; {} at the top), what
    a run allocates: an scf.if counts the region its condition takes, a
    loop the largest peak over its iterations."""
    orders = orders or {}
    by_sid = {s.sid: s for s in block.stmts}
    live: Set[str] = set()
    peak = 0
    for sid in order:
        s = by_sid[sid]
        if s.alloc:
            live.add(s.alloc)
        scratch = _scratch(s, orders, env)
        mem = sum(block.bufs[b].bytes for b in live) + scratch
        peak = max(peak, mem)
        if s.free:
            live.discard(s.free)
    return peak


def _scratch(s: Stmt, orders, env) -> int:
    if s.body is None:
        return 0

    def run(key, blk, e):
        return simulate(blk, orders.get(key, [t.sid for t in blk.stmts]),
                        orders, e)

    if env is None:
        return max(run(k, b, None) for k, b in s.regions())
    if s.op == "scf.for":
        return max((run(s.sid, s.body, {**env, s.iv: i})
                    for i in range(s.trips)), default=0)
    if s.cond[0] == "const":
        taken = s.cond[1]
    else:
        taken = env[s.cond[1]] == s.cond[2]
    if taken:
        return run(s.sid, s.body, env)
    if s.else_body is None:
        return 0
    return run((s.sid, 1), s.else_body, env)


def program_peak(p: Program,
                 orders: Optional[Dict[object, Sequence[int]]] = None,
                 executed: bool = False) -> int:
    """Peak of the whole function; `orders` maps block keys (None for the
    body) to orders, the order as written where absent. `executed`: what
    a run measures (the taken branch of every scf.if) instead of the
    model's rule (the larger branch)."""
    orders = orders or {}
    top = orders.get(None, [s.sid for s in p.body.stmts])
    return simulate(p.body, top,
                    {k: v for k, v in orders.items() if k is not None},
                    {} if executed else None)


def closure(block: Block) -> Dict[int, Set[int]]:
    """sid -> every sid that must come after it (transitive dependencies)."""
    succ: Dict[int, Set[int]] = {s.sid: set() for s in block.stmts}
    for a, b, _ in dependencies(block):
        succ[a].add(b)
    reach: Dict[int, Set[int]] = {}
    for s in reversed(block.stmts):
        r: Set[int] = set()
        for t in succ[s.sid]:
            r.add(t)
            r |= reach[t]
        reach[s.sid] = r
    return reach


def pinned_allocs_frees(block: Block) -> Set[int]:
    """Allocs and frees that "right before the first user" / "right after
    the last user" may place illegally: an alloc that must precede a
    statement X (a barrier: a call) that no user of its buffer must
    precede, or a free that must follow an X that no user must follow.
    Those stay statements of their own in the optimum (exact for every
    block); elsewhere merging them is exact. Only barriers create them."""
    users: Dict[str, List[int]] = {b: [] for b in block.bufs}
    for s in block.stmts:
        if s.alloc or s.free:
            continue
        for b in s.touched():
            if b in users:
                users[b].append(s.sid)
    if not any(s.barrier for s in block.stmts):
        return set()
    reach = closure(block)
    pinned: Set[int] = set()
    for s in block.stmts:
        b = s.alloc or s.free
        if not b or not users[b]:
            continue
        mine = set(users[b])
        for x in block.stmts:
            if x.sid in mine or x.sid == s.sid or (x.alloc or x.free) == b:
                continue
            if s.alloc and x.sid in reach[s.sid] and \
                    not any(x.sid in reach[u] for u in mine):
                pinned.add(s.sid)
            if s.free and s.sid in reach[x.sid] and \
                    not any(u in reach[x.sid] for u in mine):
                pinned.add(s.sid)
    return pinned


def schedule_units(block: Block) -> List[Stmt]:
    """Statements a schedule orders freely: everything but constants (no
    memory, no operands), allocs (placed before the first user) and frees
    (after the last user); an alloc or free of a buffer with no other user
    stays a unit, and so does one pinned by a barrier
    (pinned_allocs_frees)."""
    users: Dict[str, int] = {b: 0 for b in block.bufs}
    for s in block.stmts:
        if s.alloc or s.free:
            continue
        for b in s.touched():
            if b in users:
                users[b] += 1
    pinned = pinned_allocs_frees(block)
    units = []
    for s in block.stmts:
        if s.op == "arith.constant":
            continue
        if s.alloc or s.free:
            if users[s.alloc or s.free] == 0 or s.sid in pinned:
                units.append(s)
            continue
        units.append(s)
    return units


def _unit_edges(block: Block, units: List[Stmt]) -> Dict[int, Set[int]]:
    """Unit -> the units that must precede it, transitively (a chain
    through a merged alloc or free, such as call -> alloc -> view, orders
    its ends)."""
    index = {s.sid: i for i, s in enumerate(units)}
    preds: Dict[int, Set[int]] = {i: set() for i in range(len(units))}
    for a, after in closure(block).items():
        if a not in index:
            continue
        for b in after:
            if b in index:
                preds[index[b]].add(index[a])
    return preds


def optimum(block: Block,
            nested_orders: Optional[Dict[object, Sequence[int]]] = None,
            sizes: Optional[Dict[str, int]] = None,
            scratch_of: Optional[Dict[int, int]] = None
            ) -> Tuple[int, int]:
    """(minimum peak over all legal orders, number of units), allocs right
    before the first user and frees right after the last user; loops at
    their own optimum. Exhaustive: dynamic programming over the down-sets of
    the dependency order (every order is a chain of down-sets, and the
    memory of a step only depends on the set scheduled before it).

    `sizes` (buffer -> bytes, 0 where absent) replaces the buffers' sizes
    and `scratch_of` (sid -> bytes, 0 where absent) the statements' nested
    peaks: the arena's problem (check_arena_plan)."""
    units = schedule_units(block)
    n = len(units)
    preds = _unit_edges(block, units)
    pmask = [sum(1 << p for p in preds[i]) for i in range(n)]
    if scratch_of is not None:
        scratch = [scratch_of.get(s.sid, 0) for s in units]
    elif nested_orders is None:
        scratch = [max((optimum(b)[0] for _, b in s.regions()), default=0)
                   for s in units]
    else:
        # Nested blocks fixed in the given orders (as written if absent):
        # the optimum of this block alone, as a certificate bounds it.
        scratch = [_scratch(s, nested_orders, None) for s in units]
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
        size = block.bufs[b].bytes if sizes is None else sizes.get(b, 0)
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
        scratch = max((optimum_by_permutations(b) for _, b in s.regions()),
                      default=0)
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
_LOC_SID = re.compile(r'loc\("(?:fz\d+\.)?s(\d+)"\)\s*$')
_PEAK = re.compile(r"peakmem\.peak = (-?\d+) : i64")
_OPNAME = re.compile(r"^\s*(?:%[^=]*=\s*)?([a-z_]+\.[\w.]+)")
_CALL = re.compile(r"^\s*(?:%[^=]*=\s*)?call\s+@")


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
            mm = _LOC_SID.search(s)
            if mm:
                sid = int(mm.group(1))
                opnames[sid] = opname
                orders[sid] = regions[0]
                for k, region in enumerate(regions[1:], 1):
                    orders[(sid, k)] = region
                stack[-1][1][-1].append(sid)
            continue
        mo = _OPNAME.match(s)
        opname = mo.group(1) if mo else \
            ("func.call" if _CALL.match(s) else "?")
        if s.endswith("{"):
            stack.append([opname, [[]]])
            continue
        mm = _LOC_SID.search(s)
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
    # The remark says "best found within budget": another pass that
    # reschedules the same block with its own budget (recompute's baseline,
    # optimize) may stop at another order, higher or lower.
    within_budget: bool = False
    output_text: str = ""
    output_orders: Dict[object, List[int]] = dataclasses.field(
        default_factory=dict)      # block key -> order in the output

    @property
    def ok(self) -> bool:
        return not self.problems


def reorder_pipeline(budget_ms: int = DEFAULT_BUDGET_MS) -> str:
    opts = "algorithm=auto"
    if budget_ms != DEFAULT_BUDGET_MS:
        opts += f" budget-ms={budget_ms}"
    return f"builtin.module(func.func(peakmem-reorder{{{opts}}}))"


def _peakmem_opt(text: str, pipeline: str, timeout=600):
    from peakmem import binaries
    exe = binaries.build_product("bin/peakmem-opt")
    proc = subprocess.run(
        [exe, "-", f"--pass-pipeline={pipeline}", "--mlir-print-debuginfo",
         "--mlir-print-local-scope"],
        input=text, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def _run_batch(progs: List[Program], pipeline: str):
    """Runs the pipeline on all programs in one module. Returns
    ({name: (func text)}, stderr, {name: failure}); on a failed run, each
    program is run alone to find the failing ones."""
    module = "module {\n" + "".join(p.decls_text() + p.text
                                     for p in progs) + "}\n"
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
        if p.name in failed:
            oc.problems.append(failed[p.name])
            _init_outcome(p, oc)
            continue
        if reparse:
            oc.problems.append(reparse)
        check_reorder_output(p, oc, funcs.get(p.name), remarks.get(p.name),
                             brute_max)
    return outcomes


def _init_outcome(p: Program, oc: Outcome):
    oc.input_peak = program_peak(p)
    oc.units = p.units
    oc.max_units = max(len(schedule_units(b)) for _, b in p.blocks())


def check_reorder_output(p: Program, oc: Outcome, text: Optional[str],
                         rem: Optional[Tuple[int, int, str]],
                         brute_max: int = BRUTE_MAX,
                         check_optimal: bool = True):
    """The checks of one function reordered by peakmem-reorder (its
    printed text and its remark) against the oracle; problems go to
    oc.problems."""
    _init_outcome(p, oc)
    if text is None:
        oc.problems.append("function missing from the output")
        return
    oc.output_text = text
    parsed = parse_function(text)
    if rem is None:
        oc.problems.append("no peakmem-reorder remark")
    else:
        oc.model_before, oc.model_after, oc.remark = rem
        oc.within_budget = "best found within budget" in oc.remark
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
        where = block_name(owner)
        for v in check_order(block, order):
            oc.problems.append(f"{where}: {v}")
    for s in _all_stmts(p):
        got = parsed.opnames.get(s.sid)
        if got is not None and got != s.op:
            oc.problems.append(f"s{s.sid} is {got} in the output, "
                               f"expected {s.op}")
    if oc.problems:
        return
    oc.output_orders = {k: v for k, v in parsed.orders.items()
                        if k is None or k in loops}
    oc.output_peak = program_peak(p, oc.output_orders)
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
            elif check_optimal:
                oc.problems.append(
                    f"not optimal: peak {oc.output_peak}, brute-force "
                    f"optimum {oc.optimum}; remark: '{oc.remark}'")


def _all_stmts(p: Program):
    for _, block in p.blocks():
        yield from block.stmts


def describe_failure(p: Program, oc: Outcome) -> str:
    lines = [f"seed {p.seed} (@{p.name}): " + "; ".join(oc.problems),
             f"  reproduce: PYTHONPATH=python /usr/bin/python3 -m "
             f"test/python/fuzz.py --show {p.seed} | build/bin/peakmem-opt "
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
    # Runs whose modeled peak is an upper bound only (an scf.if whose
    # larger region is not the one taken, at the peak): measured is then
    # compared with the oracle's executed peak, not with peakmem.peak.
    inexact: int = 0


def exec_module(p: Program, func_text: str) -> str:
    """A module to execute one function of `p` (printed by peakmem-opt):
    the external declarations it calls become empty stubs."""
    return "module {\n" + p.decls_text(stubs=True) + func_text + "}\n"


def check_measured(oc: ExecOutcome, what: str, res, model_oracle: int,
                   exec_oracle: int):
    """measured == the oracle's executed peak; == peakmem.peak (and the
    oracle's model peak) unless an untaken larger region makes the model
    an upper bound there."""
    if res.peak_bytes != exec_oracle:
        oc.problems.append(f"{what}: measured peak {res.peak_bytes} != "
                           f"oracle {exec_oracle} (executed branches)")
    if exec_oracle != model_oracle:
        oc.inexact += 1
        if res.modeled_peak is None or res.modeled_peak < res.peak_bytes:
            oc.problems.append(f"{what}: modeled peakmem.peak "
                               f"{res.modeled_peak} below the measured "
                               f"{res.peak_bytes}")
        return
    if res.modeled_peak != res.peak_bytes:
        oc.problems.append(f"{what}: measured peak {res.peak_bytes} != "
                           f"modeled peakmem.peak {res.modeled_peak}")
    if res.peak_bytes != model_oracle:
        oc.problems.append(f"{what}: measured peak {res.peak_bytes} != "
                           f"oracle {model_oracle}")


def check_execution(prog_outcome: Outcome) -> ExecOutcome:
    """Runs a program checked by check_programs before (with
    peakmem-report's peak) and after the reorder (its output function):
    identical digests, measured peaks equal to peakmem.peak and to the
    oracle's peaks of the input and output orders (check_measured)."""
    from peakmem import execute
    start = time.perf_counter()
    p = generate(prog_outcome.seed)
    oc = ExecOutcome(p.seed, [])
    rc, before, err = _peakmem_opt(
        p.module(), "builtin.module(func.func(peakmem-report{remarks=0}))")
    if rc != 0 or p.name not in split_functions(before):
        oc.problems.append(f"peakmem-report failed: {err[-2000:]}")
        return oc
    before = exec_module(p, split_functions(before)[p.name])
    after = exec_module(p, prog_outcome.output_text)
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
    check_measured(oc, "before", rb, prog_outcome.input_peak,
                   program_peak(p, executed=True))
    check_measured(oc, "after", ra, prog_outcome.output_peak,
                   program_peak(p, prog_outcome.output_orders,
                                executed=True))
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


# ===========================================================================
# Every pass, certificates and their mutations (test_fuzz_passes.py)
# ===========================================================================

RECOMPUTE_OPTIONS = "max-mac-overhead=0.5 max-op-overhead=0.5"
PASSES = {
    "report": "peakmem-report",
    "reorder": "peakmem-reorder",
    "recompute": f"peakmem-recompute{{{RECOMPUTE_OPTIONS}}}",
    "certify": "peakmem-certify",
    "optimize": "peakmem-optimize",
}
VERIFY = "peakmem-verify-certificate"
CRASH_SIGNS = ("LLVM ERROR", "Stack dump", "PLEASE submit a bug report",
               "Assertion", "Segmentation fault", "UNREACHABLE",
               "AddressSanitizer", "runtime error:")

# Bugs of the C++ found by this test (docs/Testing.md "Bugs found"). A
# diagnostic or an acceptance counts as one of them only when the oracle
# says the program (or certificate) has the triggering shape
# (classify_error, _check_certificates); anything else fails the test. Each
# has a minimal reproducer marked xfail(strict=True) in
# test/python/test_fuzz_passes.py.
KNOWN_BUGS: dict = {}
# Fixed (kept as regression tests in test/python/test_fuzz_passes.py):
#  contraction-drops-barrier-edges: allocs and frees of a block's buffers no
#    longer take barrier edges (a call that uses the buffer is ordered
#    through the buffer's base instead);
#  recompute-moves-frees-across-barrier and
#  recompute-inserts-clone-after-conflicting-op: clones are inserted right
#    after their original group, frees take no barrier edges;
#  verifier-ignores-records-without-certificate: any lower bound or
#    optimality claim is verified.


def pinned_program(p: Program) -> bool:
    return any(pinned_allocs_frees(b) for _, b in p.blocks())


_NOTE_SIDS = re.compile(r'note: loc\("fz\d+\.s(\d+)"\)')
_AT_SID = re.compile(r'^loc\("fz\d+\.s(\d+)"\)')


def classify_error(p: Program, text: str) -> Optional[str]:
    """The known bug an error diagnostic of a pass on `p` is, or None:
    the message must match and the statements it names (or its block)
    must have the shape that triggers the bug."""
    if "does not expand to a legal order" in text:
        # At the function (its body) or at the op owning the block.
        m = _AT_SID.match(text)
        blocks = [p.body] if not m else \
            [b for k, b in p.blocks() if k == int(m.group(1)) or
             k == (int(m.group(1)), 1)]
        if any(pinned_allocs_frees(b) for b in blocks):
            return "contraction-drops-barrier-edges"
        return None
    if "planned order breaks a dependency" in text:
        sids = [int(x) for x in _NOTE_SIDS.findall(text)]
        pos = {s.sid: i for i, s in enumerate(p.body.stmts)}
        if len(sids) != 2 or not all(x in pos for x in sids):
            return None
        first, then = (p.body.stmts[pos[x]] for x in sids)
        pinned = pinned_allocs_frees(p.body)
        if first.barrier and then.free:
            # The edge call -> free: written so (the contraction lost it),
            # or made by recompute moving the free past the call.
            if pos[first.sid] < pos[then.sid]:
                return "contraction-drops-barrier-edges" \
                    if then.sid in pinned else None
            return "recompute-moves-frees-across-barrier"
        if first.alloc and then.barrier:
            return "contraction-drops-barrier-edges" \
                if first.sid in pinned else None
        if pos[then.sid] < pos[first.sid] and not then.free and \
                (then.alloc or len(then.writes) == 1) and \
                (then.reads & first.writes or first.barrier):
            # `then` is a clone of a producer or of its buffer's alloc (it
            # has its original's location), put before the first late
            # user, after `first`.
            return "recompute-inserts-clone-after-conflicting-op"
    return None


def func_pipeline(*passes: str) -> str:
    return f"builtin.module(func.func({','.join(passes)}))"


def _opt_run(text: str, pipeline: str, extra=(), timeout=600):
    """peakmem-opt on `text`; retried when the binary is being relinked."""
    from peakmem import binaries
    exe = binaries.build_product("bin/peakmem-opt")
    for attempt in range(20):
        try:
            proc = subprocess.run(
                [exe, "-", f"--pass-pipeline={pipeline}",
                 "--mlir-print-debuginfo", "--mlir-print-local-scope",
                 "--mlir-print-op-on-diagnostic=false", *extra],
                input=text, capture_output=True, text=True, timeout=timeout)
        except OSError:          # text file busy / permission denied
            time.sleep(0.5)
            continue
        if proc.returncode in (126, 127) or \
                "Text file busy" in proc.stderr:
            time.sleep(0.5)
            continue
        return proc.returncode, proc.stdout, proc.stderr
    raise RuntimeError("peakmem-opt could not be started")


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


@dataclasses.dataclass
class Run:
    """One pipeline over programs, one chunk (module) per program, in one
    `peakmem-opt --split-input-file` invocation."""
    funcs: Dict[str, str]                 # function name -> printed text
    diags: List[Diag]
    crashed: Set[int]                     # keys of chunks that crashed
    unattributed: List[str]               # crash output of a lone chunk
    seconds: float
    invocations: int
    stderr: str = ""

    def of(self, seed: int, severity: str) -> List[Diag]:
        return [d for d in self.diags
                if d.seed == seed and d.severity == severity]


def _crash(rc: int, err: str) -> bool:
    return rc < 0 or rc > 1 or any(sig in err for sig in CRASH_SIGNS)


def run_chunks(chunks: List[Tuple[int, str]], pipeline: str) -> Run:
    """Runs `pipeline` on every (key, module text) chunk. A crash (signal,
    'LLVM ERROR', stack dump, exit code > 1) is bisected down to the
    crashing chunks, which are listed in `crashed`."""
    start = time.perf_counter()
    text = "\n// -----\n".join(c for _, c in chunks)
    rc, out, err = _opt_run(text, pipeline, extra=["--split-input-file"])
    if _crash(rc, err):
        if len(chunks) == 1:
            return Run({}, parse_diags(err), {chunks[0][0]},
                       [f"exit code {rc}:\n{err[-3000:]}"],
                       time.perf_counter() - start, 1, err)
        half = len(chunks) // 2
        a = run_chunks(chunks[:half], pipeline)
        b = run_chunks(chunks[half:], pipeline)
        return Run({**a.funcs, **b.funcs}, a.diags + b.diags,
                   a.crashed | b.crashed, a.unattributed + b.unattributed,
                   time.perf_counter() - start,
                   1 + a.invocations + b.invocations, a.stderr + b.stderr)
    return Run(split_functions(out), parse_diags(err), set(), [],
               time.perf_counter() - start, 1, err)


# ------------------------------------------------------- attribute values
# A small parser/printer for the attribute values peakmem writes: nodes are
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


def _get(pairs, key):
    for k, v in pairs:
        if k == key:
            return v
    return None


def _set(pairs, key, val):
    if val is None:
        return _del(pairs, key)
    for i, (k, _) in enumerate(pairs):
        if k == key:
            pairs[i] = (k, val)
            return
    pairs.append((key, val))


def _del(pairs, key):
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
        m = _LOC_SID.search(line)
        if m:
            nested[int(m.group(1))] = _get(node[1], "peakmem.nested")
    return Records(func, nested)


# ------------------------------------------------------------ truth oracle

BOUND_KINDS = ("boundary", "local", "forced-live", "reverse-trap",
               "forward-trap", "pairwise", "exhaustive", "multiway")


class Facts:
    """The oracle's numbers for every block of a program as written:
    simulated peak (nested blocks as written) and brute-force optimum of
    the block alone (nested blocks fixed as written), or None beyond
    `brute_max` units."""

    def __init__(self, p: Program, brute_max: int):
        self.p = p
        self.brute_max = brute_max
        self.blocks = dict(p.blocks())
        self.ops = {s.sid: s for _, b in p.blocks() for s in b.stmts}
        self._peak: Dict[object, int] = {}
        self._opt: Dict[object, Optional[int]] = {}

    def peak(self, key) -> int:
        if key not in self._peak:
            blk = self.blocks[key]
            self._peak[key] = simulate(blk, [s.sid for s in blk.stmts])
        return self._peak[key]

    def opt(self, key) -> Optional[int]:
        if key not in self._opt:
            blk = self.blocks[key]
            self._opt[key] = optimum(blk, {})[0] \
                if len(schedule_units(blk)) <= self.brute_max else None
        return self._opt[key]

    def decidable(self) -> bool:
        return all(self.opt(k) is not None for k in self.blocks)

    def region_key(self, sid: int, region) -> Optional[object]:
        op = self.ops.get(sid)
        if op is None or region is None:
            return None
        if region == 0 and op.body is not None:
            return sid
        if region == 1 and op.else_body is not None:
            return (sid, 1)
        return None


def _i64(n) -> Optional[int]:
    return n[1] if n is not None and n[0] == "int" and n[2] == "i64" \
        else None


def record_claims(pairs, prefix: str, facts: Facts, key) -> List[str]:
    """The false (or uncheckable) claims of one record about block `key`:
    peak == simulated peak, lower_bound <= optimum, optimal consistent
    (optimal iff peak == lower_bound; optimal means peak == optimum). A
    record with no numbers claims nothing."""
    bad = []
    peak_n = _get(pairs, prefix + "peak")
    lb_n = _get(pairs, prefix + "lower_bound")
    opt_n = _get(pairs, prefix + "optimal")
    peak, lb = _i64(peak_n), _i64(lb_n)
    true_peak, true_opt = facts.peak(key), facts.opt(key)
    if peak_n is not None:
        if peak is None:
            bad.append(f"peak is not an i64: {render_attr(peak_n)}")
        elif peak != true_peak:
            bad.append(f"peak {peak} != simulated {true_peak}")
    if lb_n is not None:
        if lb is None:
            bad.append(f"lower_bound is not an i64: {render_attr(lb_n)}")
        elif true_opt is None:
            bad.append("lower_bound undecidable (block beyond brute force)")
        elif lb > true_opt:
            bad.append(f"lower_bound {lb} > brute-force optimum {true_opt}")
    if opt_n is not None:
        if opt_n[0] != "bool":
            bad.append(f"optimal is not a bool: {render_attr(opt_n)}")
        else:
            if peak is not None and lb is not None and \
                    opt_n[1] != (peak == lb):
                bad.append(f"optimal = {opt_n[1]} but peak {peak}, "
                           f"lower_bound {lb}")
            if opt_n[1] and true_opt is not None and true_peak != true_opt:
                bad.append(f"optimal = true but simulated {true_peak} > "
                           f"optimum {true_opt}")
    return bad


def evidence_malformed(pairs, prefix: str) -> bool:
    """True if a record is not in the documented format (types, kinds,
    flow triples); a verifier may accept it only if its claims are true."""
    if _i64(_get(pairs, prefix + "peak")) is None or \
            _i64(_get(pairs, prefix + "lower_bound")) is None:
        return True
    o = _get(pairs, prefix + "optimal")
    c = _get(pairs, prefix + "certificate")
    if o is None or o[0] != "bool" or c is None or c[0] != "dict":
        return True
    cp = c[1]
    kind = _get(cp, "kind")
    if kind is None or kind[0] != "str" or kind[1] not in BOUND_KINDS:
        return True
    if _i64(_get(cp, "witness")) is None or \
            _i64(_get(cp, "conditioned_on")) is None:
        return True
    for f in ("flow", "flow2"):
        v = _get(cp, f)
        if v is None or v[0] != "dense" or v[1] != "i64" or len(v[2]) % 3:
            return True
    # Multiway records also hold form, members and one flow per member;
    # other kinds hold none of them.
    extra = [_get(cp, f) for f in ("form", "members", "flows")]
    if kind[1] != "multiway":
        return any(e is not None for e in extra)
    form, members, flows = extra
    if form is None or form[0] != "str" or form[1] not in ("last", "first"):
        return True
    if members is None or members[0] != "dense" or members[1] != "i64":
        return True
    if flows is None or flows[0] != "array" or \
            len(flows[1]) != len(members[2]):
        return True
    return any(v[0] != "dense" or v[1] != "i64" or len(v[2]) % 3
               for v in flows[1])


def judge(recs: Records, facts: Facts) -> Tuple[List[str], bool]:
    """(false claims, malformed) of a set of records about facts.p. A
    function whose peakmem.* entries are only `peakmem.peak` carries the
    annotation of peakmem-report / -reorder, not a certificate: no claim."""
    bad: List[str] = []
    malformed = False
    keys = {k for k, _ in recs.func}
    if keys - {"peakmem.peak", "peakmem.macs"}:
        bad += ["function: " + b for b in
                record_claims(recs.func, "peakmem.", facts, None)]
        malformed |= evidence_malformed(recs.func, "peakmem.")
    for sid, node in recs.nested.items():
        if node is None or node[0] != "array":
            bad.append(f"s{sid}: peakmem.nested is not an array")
            continue
        for rec in node[1]:
            if rec[0] != "dict":
                bad.append(f"s{sid}: a nested record is not a dictionary")
                continue
            reg = _get(rec[1], "region")
            key = facts.region_key(sid, reg[1] if reg and reg[0] == "int"
                                   else None)
            if key is None:
                bad.append(f"s{sid}: the record names no region")
                continue
            bad += [f"{block_name(key)}: {b}" for b in
                    record_claims(rec[1], "", facts, key)]
            malformed |= evidence_malformed(rec[1], "")
    return bad, malformed


# --------------------------------------------------------------- mutations

def _wrap_i64(v: int) -> int:
    """`v` as a two's-complement i64 (an edit of INT64_MAX, a capacity of
    the certificate's flow, must still print as an i64 the parser accepts)."""
    return (v + 2 ** 63) % 2 ** 64 - 2 ** 63


JUNK_INTS = [0, -1, -2, 1, 2 ** 31, 2 ** 32 + 3, 2 ** 62, 2 ** 63 - 1,
             -2 ** 63, -2 ** 62]
WRONG_TYPES = [("str", "12"), ("int", 12, "i32"),
               ("raw", "1.200000e+01 : f64"),
               ("bool", True), ("array", [("int", 1, "i64")]),
               ("dict", []), ("dense", "i32", [1, 2, 3]), ("raw", "unit"),
               ("int", 5, "index"), ("raw", "@sym")]


class Mutator:
    """Random edits of a program's records. Each edit names itself."""

    def __init__(self, rng: random.Random, facts: Facts):
        self.rng = rng
        self.facts = facts

    def handles(self, recs: Records):
        """(pairs, prefix, where) of every record."""
        out = []
        if recs.func:
            out.append((recs.func, "peakmem.", "function"))
        for sid, node in recs.nested.items():
            if node is not None and node[0] == "array":
                for k, rec in enumerate(node[1]):
                    if rec[0] == "dict":
                        out.append((rec[1], "", f"s{sid}[{k}]"))
        return out

    def n_stmts(self) -> int:
        return max(len(b.stmts) for b in self.facts.blocks.values())

    def junk_int(self):
        r = self.rng
        return r.choice(JUNK_INTS + [r.randrange(-5, self.n_stmts() + 40)])

    def mutate(self, recs: Records) -> str:
        r = self.rng
        hs = self.handles(recs)
        if not hs:
            return "nothing to mutate"
        pairs, pre, where = r.choice(hs)
        cert = _get(pairs, pre + "certificate")
        cpairs = cert[1] if cert is not None and cert[0] == "dict" else None
        what = r.choice(["peak", "lower_bound", "optimal", "claim-optimal",
                         "witness", "kind", "conditioned_on", "flow-entry",
                         "flow-truncate", "flow-drop-arc", "flow-swap",
                         "flow-add-arc", "wrong-type", "junk", "delete",
                         "delete-cert-field", "region", "delete-all",
                         "extra-field", "transplant"])
        v = lambda k: _i64(_get(pairs, pre + k))  # noqa: E731
        if what == "peak" and v("peak") is not None:
            d = r.choice([1, -1, 4, -4, 16, v("peak"), -v("peak") // 2 or 1])
            _set(pairs, pre + "peak", ("int", _wrap_i64(v("peak") + d),
                                       "i64"))
        elif what == "lower_bound" and v("lower_bound") is not None:
            d = r.choice([1, -1, 4, -4, 64, -v("lower_bound")])
            _set(pairs, pre + "lower_bound",
                 ("int", _wrap_i64(v("lower_bound") + d), "i64"))
        elif what == "optimal" and _get(pairs, pre + "optimal"):
            o = _get(pairs, pre + "optimal")
            _set(pairs, pre + "optimal",
                 ("bool", not o[1]) if o[0] == "bool" else ("bool", True))
        elif what == "claim-optimal" and v("peak") is not None:
            # "The order is optimal": true only if peak == optimum.
            _set(pairs, pre + "lower_bound", ("int", v("peak"), "i64"))
            _set(pairs, pre + "optimal", ("bool", True))
        elif what in ("witness", "conditioned_on") and cpairs is not None:
            old = _i64(_get(cpairs, what))
            new = self.junk_int() if r.random() < 0.4 else \
                _wrap_i64((old or 0) + r.choice([1, -1, 2, -2]))
            _set(cpairs, what, ("int", new, "i64"))
        elif what == "kind" and cpairs is not None:
            _set(cpairs, "kind", ("str", r.choice(
                list(BOUND_KINDS) + ["", "optimal", "Boundary", "trap"])))
        elif what.startswith("flow") and cpairs is not None:
            f = r.choice(["flow", "flow2"])
            node = _get(cpairs, f)
            vals = list(node[2]) if node is not None and \
                node[0] == "dense" else []
            if what == "flow-entry" and vals:
                i = r.randrange(len(vals))
                vals[i] = _wrap_i64(r.choice([vals[i] + 1, vals[i] - 1, 0,
                                              self.junk_int()]))
            elif what == "flow-truncate" and vals:
                vals = vals[:-r.choice([1, 2, 3])]
            elif what == "flow-drop-arc" and len(vals) >= 3:
                i = r.randrange(len(vals) // 3) * 3
                vals = vals[:i] + vals[i + 3:]
            elif what == "flow-swap":
                other = _get(cpairs, "flow2" if f == "flow" else "flow")
                if other is not None and node is not None:
                    _set(cpairs, "flow2" if f == "flow" else "flow", node)
                    node = other
                    vals = list(other[2]) if other[0] == "dense" else vals
            else:  # add an arc (a copy of one, or random)
                if len(vals) >= 3 and r.random() < 0.5:
                    i = r.randrange(len(vals) // 3) * 3
                    vals = vals[:i + 3] + vals[i:]
                else:
                    vals += [self.junk_int(), self.junk_int(),
                             r.choice([1, 4, 2 ** 62, -1])]
            _set(cpairs, f, ("dense", "i64", vals))
        elif what == "wrong-type":
            keys = [pre + k for k in ("peak", "lower_bound", "optimal",
                                      "certificate")]
            if cpairs is not None:
                keys += ["cert." + k for k in ("kind", "witness",
                                                "conditioned_on", "flow",
                                                "flow2")]
            if not pre:
                keys.append("region")
            k = r.choice(keys)
            val = r.choice(WRONG_TYPES)
            if k.startswith("cert."):
                _set(cpairs, k[5:], val)
            else:
                _set(pairs, k, val)
        elif what == "junk":
            k = r.choice(["peak", "lower_bound"])
            _set(pairs, pre + k, ("int", self.junk_int(), "i64"))
        elif what == "delete":
            k = r.choice(["peak", "lower_bound", "optimal", "certificate"] +
                         ([] if pre else ["region"]))
            _del(pairs, pre + k)
        elif what == "delete-cert-field" and cpairs is not None:
            _del(cpairs, r.choice(["kind", "witness", "conditioned_on",
                                   "flow", "flow2"]))
        elif what == "region" and not pre:
            _set(pairs, "region", ("int", r.choice([0, 1, 2, -1, 99]),
                                   "i64"))
        elif what == "delete-all":
            if r.random() < 0.5:
                recs.func[:] = []
            else:
                recs.nested.clear()
        elif what == "extra-field":
            _set(pairs, pre + "junk_field", ("int", 7, "i64"))
        elif what == "transplant" and len(hs) > 1:
            # Another record's numbers and evidence in this one.
            o_pairs, o_pre, o_where = r.choice([h for h in hs
                                                if h[0] is not pairs])
            for k in ("peak", "lower_bound", "optimal", "certificate"):
                val = _get(o_pairs, o_pre + k)
                if val is not None:
                    _set(pairs, pre + k, val)
            what = f"transplant from {o_where}"
        else:
            return self.mutate(recs)
        return f"{what} of {where}"


def _move_one(p: Program, rng: random.Random, keys) -> Optional[str]:
    """Moves one statement of a block with a record to another position
    that keeps the program well formed (SSA defs before uses, allocs before
    and frees after every user); memory and call order may change. Mutates
    p; returns a description, or None if nothing can move."""
    blocks = dict(p.blocks())
    for _ in range(20):
        key = rng.choice(keys)
        blk = blocks[key]
        hard = {(a.sid, b.sid) for x, a in enumerate(blk.stmts)
                for b in blk.stmts[x + 1:]
                if a.defs & b.uses or (a.alloc and a.alloc in b.touched())
                or (b.free and b.free in a.touched())}
        movable = [i for i, s in enumerate(blk.stmts)
                   if s.op != "arith.constant"]
        compute = [i for i in movable
                   if blk.stmts[i].touches_memory() and
                   not (blk.stmts[i].alloc or blk.stmts[i].free)]
        if compute and rng.random() < 0.7:
            movable = compute
        if not movable:
            continue
        i = rng.choice(movable)
        s = blk.stmts[i]
        rest = blk.stmts[:i] + blk.stmts[i + 1:]
        legal = []
        for j in range(len(rest) + 1):
            if j == i:
                continue
            before = {t.sid for t in rest[:j]}
            after = {t.sid for t in rest[j:]}
            if any((a == s.sid and b in before) or
                   (b == s.sid and a in after) for a, b in hard):
                continue
            legal.append(j)
        if not legal:
            continue
        j = rng.choice(legal)
        blk.stmts[:] = rest[:j] + [s] + rest[j:]
        return f"moved s{s.sid} ({s.op}) of the {block_name(key)} from " \
            f"position {i} to {j}"
    return None


# ---------------------------------------------------------------- outcome

@dataclasses.dataclass
class PassOutcome:
    seed: int
    refused: str = ""
    problems: List[str] = dataclasses.field(default_factory=list)
    known: Dict[str, int] = dataclasses.field(default_factory=dict)
    reorder: Optional[Outcome] = None
    clones: int = 0                # ops cloned by peakmem-recompute
    recompute_peak: Optional[int] = None
    records: int = 0               # honest certificate records checked
    tight: int = 0                 # ... whose lower bound == the optimum
    decidable: bool = False        # every block within brute force
    variants: Dict[str, int] = dataclasses.field(default_factory=dict)
    accepted: List[str] = dataclasses.field(default_factory=list)  # edits
    executed: Optional[ExecOutcome] = None
    arena_text: Optional[str] = None       # peakmem-plan-arena's output
    arena_plan: Optional[object] = None    # its parse (ArenaPlan)

    @property
    def ok(self) -> bool:
        return not self.problems

    def count(self, what: str, n: int = 1):
        self.variants[what] = self.variants.get(what, 0) + n


def _chunk(p: Program, func_text: str) -> str:
    return "module {\n" + p.decls_text() + func_text + "}\n"


def _input_orders(p: Program) -> Dict[object, List[int]]:
    return {k: [s.sid for s in b.stmts] for k, b in p.blocks()}


def model_exact(p: Program) -> bool:
    """No scf.if whose condition is constant has an untaken region that
    allocates: the model's "larger region" is then what runs, in any
    order of the blocks."""
    for _, b in p.blocks():
        for s in b.stmts:
            if s.op == "scf.if" and s.cond[0] == "const":
                untaken = s.else_body if s.cond[1] else s.body
                if untaken is not None and untaken.bufs:
                    return False
    return True


def _check_diags(p: Program, o: PassOutcome, run: Run, what: str,
                 allow_known: bool = True) -> Set[str]:
    """Crash and error diagnostics of one pass run on one program. Returns
    the known bugs hit (a matching message on a program of that shape)."""
    hit: Set[str] = set()
    if p.seed in run.crashed:
        o.problems.append(f"{what}: peakmem-opt crashed: "
                          f"{' '.join(run.unattributed)[-2000:]}")
    for d in run.of(p.seed, "error") + run.of(p.seed, "warning"):
        bug = classify_error(p, d.text) if allow_known else None
        if bug:
            hit.add(bug)
            o.known[bug] = o.known.get(bug, 0) + 1
        else:
            o.problems.append(f"{what}: unexpected {d.severity}: {d.text}")
    return hit


def _not_modeled(run: Run, p: Program) -> bool:
    return any(f"'{p.name}' not modeled" in d.text
               for d in run.of(p.seed, "remark"))


def check_passes(seeds: Sequence[int], budget_ms: int = DEFAULT_BUDGET_MS,
                 brute_max: int = BRUTE_MAX, mutations: int = 8,
                 moves: int = 2, execute: int = 0,
                 jobs: int = 2, arena: Optional[bool] = None
                 ) -> List[PassOutcome]:
    """Every pass and the pipeline on the programs of `seeds`, then
    certificate mutations and moves checked by peakmem-verify-certificate,
    then `execute` programs run before and after reorder and recompute.
    With `arena`, the arena plans too (check_arenas; executed with the
    sample). See docs/Testing.md."""
    arena = ARENA if arena is None else arena
    progs = [generate(s) for s in seeds]
    outs = {p.seed: PassOutcome(p.seed, p.refused) for p in progs}
    chunks = [(p.seed, p.module()) for p in progs]
    pool = concurrent.futures.ThreadPoolExecutor(jobs)
    pipes = {"norm": "builtin.module()", "verify": func_pipeline(VERIFY)}
    pipes.update({name: func_pipeline(pipe) for name, pipe in PASSES.items()})
    futs = {name: pool.submit(run_chunks, chunks, pipe)
            for name, pipe in pipes.items()}
    opt_seeds = {p.seed for k, p in enumerate(progs)
                 if ARENA_OPT_EVERY and k % ARENA_OPT_EVERY == 0}
    if arena:
        futs["arena"] = pool.submit(run_chunks, chunks,
                                    func_pipeline(*ARENA_PIPE))
        futs["arena_opt"] = pool.submit(
            run_chunks, [c for c in chunks if c[0] in opt_seeds],
            func_pipeline(*ARENA_OPT_PIPE))
    runs = {name: f.result() for name, f in futs.items()}
    arena_runs = {k: runs.pop(k) for k in ("arena", "arena_opt")
                  if k in runs}
    norm = runs.pop("norm")
    remarks = parse_remarks(runs["reorder"].stderr)

    # Second round: every output parses again; peakmem-report on the
    # reordered and recomputed IR agrees with the pass; the verifier
    # accepts what peakmem-certify and peakmem-optimize wrote.
    def again(name, pipeline):
        cs = [(p.seed, _chunk(p, runs[name].funcs[p.name])) for p in progs
              if p.name in runs[name].funcs]
        return pool.submit(run_chunks, cs, func_pipeline(pipeline))
    follow = {"report": again("report", "peakmem-report"),
              "reorder": again("reorder", "peakmem-report"),
              "recompute": again("recompute", "peakmem-report"),
              "certify": again("certify", VERIFY),
              "optimize": again("optimize", VERIFY)}
    if arena:
        cs = [(p.seed, _chunk(p, arena_runs["arena"].funcs[p.name]))
              for p in progs if p.name in arena_runs["arena"].funcs]
        follow["arena_report"] = pool.submit(
            run_chunks, cs, func_pipeline("peakmem-report{remarks=0}"))
    follow = {name: f.result() for name, f in follow.items()}
    if arena:
        arena_runs["arena_report"] = follow.pop("arena_report")
    pool.shutdown()

    # Diagnostics naming no program (never seen so far) fail the batch.
    for name, run in list(runs.items()) + list(follow.items()) + \
            [("parse", norm)]:
        for d in run.diags:
            if d.seed is None and d.severity in ("error", "warning"):
                outs[progs[0].seed].problems.append(
                    f"{name}: a diagnostic naming no program: {d.text}")
    for p in progs:
        o = outs[p.seed]
        base = norm.funcs.get(p.name)
        if base is None or norm.of(p.seed, "error") or p.seed in norm.crashed:
            o.problems.append("the generated program does not parse: " +
                              "; ".join(d.text for d in
                                        norm.of(p.seed, "error")))
            continue
        if p.refused:
            _check_refused(p, o, base, runs, follow)
        else:
            _check_modeled(p, o, base, runs, follow, remarks, brute_max)
    _check_certificates(progs, outs, runs, brute_max, mutations, moves,
                        jobs)
    if arena:
        for name, run in arena_runs.items():
            for d in run.diags:
                if d.seed is None and d.severity in ("error", "warning"):
                    outs[progs[0].seed].problems.append(
                        f"{name}: a diagnostic naming no program: {d.text}")
        check_arenas(progs, outs, arena_runs, opt_seeds, brute_max,
                     jobs=jobs)
    if execute:
        _execute_sample(progs, outs, runs, execute, jobs)
    return [outs[p.seed] for p in progs]


def _check_refused(p: Program, o: PassOutcome, base: str, runs, follow):
    for name, run in runs.items():
        _check_diags(p, o, run, name, allow_known=False)
        got = run.funcs.get(p.name)
        if got != base:
            o.problems.append(f"{name}: a refused function ({p.refused}) "
                              "changed:\n" + (got or "(missing)"))
        if name != "verify" and not _not_modeled(run, p):
            o.problems.append(f"{name}: no 'not modeled' remark for a "
                              f"refused function ({p.refused})")
        if name == "verify" and run.of(p.seed, "remark"):
            o.problems.append("verify: diagnostics on a function without "
                              "certificates")
    for name, run in follow.items():
        _check_diags(p, o, run, f"{name} (second run)", allow_known=False)


def _orders_equal(p: Program, parsed: ParsedFunc) -> bool:
    return all(parsed.orders.get(k) == v
               for k, v in _input_orders(p).items())


def _check_modeled(p: Program, o: PassOutcome, base: str, runs, follow,
                   remarks, brute_max: int):
    in_peak = program_peak(p)
    hits = {name: _check_diags(p, o, run, name)
            for name, run in runs.items()}
    for name, run in follow.items():
        _check_diags(p, o, run, f"{name} (second run)")
    for name, run in runs.items():
        if _not_modeled(run, p):
            o.problems.append(f"{name}: not modeled: " + "; ".join(
                d.text for d in run.of(p.seed, "remark")
                if "not modeled" in d.text))
    # verify-certificate on IR without certificates: nothing happens.
    if runs["verify"].funcs.get(p.name) != base or \
            runs["verify"].of(p.seed, "remark"):
        o.problems.append("verify: changed or remarked on a function "
                          "without certificates")

    # peakmem-report: the oracle's peak, nothing moved.
    text = runs["report"].funcs.get(p.name)
    if text is None:
        o.problems.append("report: function missing from the output")
    else:
        parsed = parse_function(text)
        if parsed.peak != in_peak:
            o.problems.append(f"report: peakmem.peak {parsed.peak} != "
                              f"oracle {in_peak}")
        if not _orders_equal(p, parsed):
            o.problems.append("report: the order changed")
        if "peakmem.macs" not in text.splitlines()[0]:
            o.problems.append("report: no peakmem.macs")
        again = follow["report"].funcs.get(p.name)
        if again is None or parse_function(again).peak != parsed.peak:
            o.problems.append("report: a second report disagrees")

    # peakmem-reorder: the differential checks of check_programs.
    oc = Outcome(p.seed, [])
    bug1 = "contraction-drops-barrier-edges" in hits["reorder"]
    check_reorder_output(p, oc, runs["reorder"].funcs.get(p.name),
                         remarks.get(p.name), brute_max,
                         check_optimal=not bug1)
    o.reorder = oc
    o.problems += ["reorder: " + x for x in oc.problems]
    if oc.ok:
        again = follow["reorder"].funcs.get(p.name)
        if again is None or parse_function(again).peak != oc.output_peak:
            o.problems.append("reorder: peakmem-report on the output "
                              "disagrees with its peakmem.peak")

    # peakmem-recompute{max-mac-overhead=0.5 max-op-overhead=0.5}.
    text = runs["recompute"].funcs.get(p.name)
    if text is None:
        if not hits["recompute"]:
            o.problems.append("recompute: function missing from the output")
    else:
        _check_rewritten(p, o, "recompute", text, in_peak)
        again = follow["recompute"].funcs.get(p.name)
        if again is None or parse_function(again).peak != o.recompute_peak:
            o.problems.append("recompute: peakmem-report on the output "
                              "disagrees with its peakmem.peak")
        if oc.ok and not oc.budget_limited and not oc.within_budget and \
                not o.known and o.recompute_peak is not None and \
                o.recompute_peak > oc.output_peak:
            o.problems.append(f"recompute: peak {o.recompute_peak} above "
                              f"what peakmem-reorder reaches "
                              f"({oc.output_peak})")
        m = re.search(rf"'{p.name}' peak \d+ -> \d+ bytes by recomputing "
                      r"(\d+) ops", runs["recompute"].stderr)
        o.clones = int(m.group(1)) if m else 0

    # peakmem-certify: the order as written, honest records.
    text = runs["certify"].funcs.get(p.name)
    if text is None:
        o.problems.append("certify: function missing from the output")
    else:
        if not _orders_equal(p, parse_function(text)):
            o.problems.append("certify: the order changed")
        facts = Facts(p, brute_max)
        _check_honest(p, o, extract_records(text), facts, "certify")
        if not _accepted(follow["certify"], p.name):
            o.problems.append("certify: the verifier rejects the fresh "
                              "certificate: " + "; ".join(
                                  d.text for d in
                                  follow["certify"].of(p.seed, "error")))

    # peakmem-optimize: reorder + recompute (default budgets) + certify.
    text = runs["optimize"].funcs.get(p.name)
    if text is None:
        o.problems.append("optimize: function missing from the output")
    else:
        parsed = _check_rewritten(p, o, "optimize", text, in_peak)
        if not _accepted(follow["optimize"], p.name):
            o.problems.append("optimize: the verifier rejects the output: "
                              + "; ".join(d.text for d in
                                          follow["optimize"].of(p.seed,
                                                                "error")))
        if parsed is not None and _single(parsed):
            # Nothing cloned: the output is a reordering; its certificate
            # speaks about it.
            facts = Facts(_reordered(p, parsed), brute_max)
            _check_honest(p, o, extract_records(text), facts, "optimize",
                          count=False)
            if oc.ok and not oc.budget_limited and not oc.within_budget \
                    and parsed.peak != oc.output_peak and not o.known:
                o.problems.append(f"optimize: peak {parsed.peak} != "
                                  f"peakmem-reorder's {oc.output_peak}")


def _accepted(run: Run, name: str) -> bool:
    return name in run.funcs and not any(
        d.severity == "error" and f"'{name}'" in d.text for d in run.diags)


def _single(parsed: ParsedFunc) -> bool:
    seen = [sid for order in parsed.orders.values() for sid in order]
    return len(seen) == len(set(seen))


def copy_program(p: Program) -> Program:
    """A copy of p whose blocks (and region ops) are new objects, so that
    permuting a block of the copy leaves p alone; leaf statements are
    shared (never modified)."""
    def cblock(b: Block) -> Block:
        return Block([cstmt(s) for s in b.stmts], b.bufs, b.escaping,
                     b.captured)

    def cstmt(s: Stmt) -> Stmt:
        if s.body is None:
            return s
        return dataclasses.replace(
            s, body=cblock(s.body),
            else_body=cblock(s.else_body) if s.else_body else None)
    return dataclasses.replace(p, body=cblock(p.body))


def _reordered(p: Program, parsed: ParsedFunc) -> Program:
    """A copy of p with every block in the order of `parsed`."""
    q = copy_program(p)
    for key, blk in q.blocks():
        by_sid = {s.sid: s for s in blk.stmts}
        blk.stmts[:] = [by_sid[sid] for sid in parsed.orders[key]]
    return q


def _check_rewritten(p: Program, o: PassOutcome, what: str, text: str,
                     in_peak: int) -> Optional[ParsedFunc]:
    """recompute / optimize output: every statement still there, clones
    only of producers, the peak never above the input's; without clones a
    legal reordering whose peakmem.peak is the oracle's."""
    parsed = parse_function(text)
    if parsed.peak is None:
        o.problems.append(f"{what}: no peakmem.peak")
        return None
    if what == "recompute":
        o.recompute_peak = parsed.peak
    if parsed.peak > in_peak:
        o.problems.append(f"{what}: peak grew {in_peak} -> {parsed.peak}")
    ops = {s.sid: s for s in _all_stmts(p)}
    for key, blk in p.blocks():
        order = parsed.orders.get(key)
        if order is None:
            o.problems.append(f"{what}: {block_name(key)} missing")
            return None
        want = {s.sid for s in blk.stmts}
        if set(order) != want:
            o.problems.append(f"{what}: {block_name(key)}: statements "
                              f"differ: {sorted(set(order) ^ want)}")
            return None
        for sid in {x for x in order if order.count(x) > 1}:
            # Clones: producers in the body (region ops included, with
            # their own temporaries; never a call).
            if key is not None or ops[sid].barrier or \
                    ops[sid].op in ("arith.constant", "arith.cmpi"):
                o.problems.append(f"{what}: s{sid} ({ops[sid].op}) "
                                  f"duplicated in the {block_name(key)}")
    if _single(parsed):
        for key, blk in p.blocks():
            for v in check_order(blk, parsed.orders[key]):
                o.problems.append(f"{what}: {block_name(key)}: {v}")
        if not o.problems:
            peak = program_peak(p, parsed.orders)
            if peak != parsed.peak:
                o.problems.append(f"{what}: peakmem.peak {parsed.peak} != "
                                  f"oracle {peak} for the output order")
    return parsed


def _check_honest(p: Program, o: PassOutcome, recs: Records, facts: Facts,
                  what: str, count: bool = True):
    """Fresh records: one for the body and one per allocating nested
    block, well formed, every claim true."""
    if not recs.func:
        o.problems.append(f"{what}: no certificate on the function")
        return
    want = {k for k, b in p.blocks() if k is not None and b.bufs}
    have = set()
    for sid, node in recs.nested.items():
        for rec in node[1] if node and node[0] == "array" else []:
            reg = _get(rec[1], "region")
            have.add(facts.region_key(sid, reg[1] if reg else None))
    if want != have:
        o.problems.append(f"{what}: nested records for "
                          f"{sorted(map(str, have))}, expected "
                          f"{sorted(map(str, want))}")
    bad, malformed = judge(recs, facts)
    bad = [b for b in bad if "undecidable" not in b]
    if bad or malformed:
        o.problems.append(f"{what}: fresh certificate " +
                          ("malformed; " if malformed else "") +
                          "; ".join(bad))
    if not count:
        return
    for pairs, pre, key in [(recs.func, "peakmem.", None)] + [
            (rec[1], "", facts.region_key(sid, _get(rec[1], "region")[1]))
            for sid, node in recs.nested.items() for rec in node[1]]:
        o.records += 1
        lb, opt = _i64(_get(pairs, pre + "lower_bound")), facts.opt(key)
        if opt is not None and lb == opt:
            o.tight += 1


def _check_certificates(progs, outs, runs, brute_max, n_mut, n_moves,
                        jobs=2):
    """Mutated and moved copies of every fresh certificate, all verified in
    one run: rejected unless every claim is still true (Facts)."""
    variants = []     # (program, outcome, kind, description, facts, recs)
    for p in progs:
        o = outs[p.seed]
        text = runs["certify"].funcs.get(p.name)
        if p.refused or text is None or not o.ok:
            continue
        facts = Facts(p, brute_max)
        o.decidable = facts.decidable()
        if not o.decidable:
            continue
        rng = random.Random(p.seed * 131 + 5)
        honest = extract_records(text)
        variants.append((p, o, "identity", "re-rendered, unchanged", facts,
                         honest))
        mut = Mutator(rng, facts)
        same = (honest.func_attrs(), honest.nested_attrs())
        for k in range(n_mut):
            recs = copy.deepcopy(honest)
            what = mut.mutate(recs)
            if rng.random() < 0.25:
                what += " + " + mut.mutate(recs)
            # An edit may change nothing (swapping two empty flows, say).
            kind = "mutation" if (recs.func_attrs(), recs.nested_attrs()) \
                != same else "no-op mutation"
            variants.append((p, o, kind, what, facts, recs))
        keys = [None] + [k for k, b in p.blocks()
                         if k is not None and b.bufs]
        for k in range(n_moves):
            q = copy_program(p)
            what = _move_one(q, rng, keys)
            if what is None:
                continue
            variants.append((q, o, "move", what, Facts(q, brute_max),
                             honest))
    if not variants:
        return
    chunks = []
    names = []
    for k, (q, o, kind, what, facts, recs) in enumerate(variants):
        name = f"{q.name}_v{k}"
        names.append(name)
        text = render(dataclasses.replace(q, name=name),
                      func_attrs=recs.func_attrs(),
                      nested_attrs=recs.nested_attrs())
        chunks.append((k, _chunk(q, text)))
    # One verifier run per job, over a share of the variants each.
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        parts = list(pool.map(
            lambda k: run_chunks(chunks[k::jobs], func_pipeline(VERIFY)),
            range(jobs)))
    run = Run({}, [], set(), [], 0.0, 0)
    for part in parts:
        run.funcs.update(part.funcs)
        run.diags += part.diags
        run.crashed |= part.crashed
        run.unattributed += part.unattributed
    rejected = {d.name for d in run.diags if d.severity == "error" and
                "rejected" in d.text}
    others = [d for d in run.diags if d.severity == "error" and
              "rejected" not in d.text]
    for k, (q, o, kind, what, facts, recs) in enumerate(variants):
        name = names[k]
        if k in run.crashed:
            o.problems.append(f"verify crashed on a {kind} ({what}):\n"
                              f"{chunks[k][1]}")
            continue
        acc = name in run.funcs
        rej = name in rejected
        if acc == rej:
            o.problems.append(f"verify: {kind} ({what}) neither accepted "
                              f"nor rejected cleanly: " +
                              "; ".join(d.text for d in others)[:2000])
            continue
        bad, malformed = judge(recs, facts)
        if kind in ("identity", "no-op mutation"):
            o.count(kind)
            if not acc:
                o.problems.append("verify rejects the fresh certificate "
                                  "re-rendered into the input text")
            continue
        if rej:
            o.count(f"{kind} rejected")
            continue
        o.accepted.append(f"{kind}: {what}")
        if bad and all("undecidable" in b for b in bad):
            # A move can make a block too large for the brute force
            # (allocs and frees pinned by a call become statements): try
            # once more with a larger limit (rare, a few seconds).
            bad, malformed = judge(recs, Facts(q, facts.brute_max + 4))
        if bad and all("undecidable" in b for b in bad):
            o.count(f"{kind} accepted, undecidable")
            continue
        keys = {key for key, _ in recs.func}
        if bad and "peakmem.certificate" not in keys and \
                all(b.startswith("function: ") for b in bad):
            bug = "verifier-ignores-records-without-certificate"
            o.known[bug] = o.known.get(bug, 0) + 1
            o.count(f"{kind} accepted, claims false (known bug)")
        elif bad:
            o.problems.append(
                f"verify ACCEPTS a false certificate ({kind}: {what}): " +
                "; ".join(bad) + "\n" + chunks[k][1])
        elif malformed:
            o.count(f"{kind} accepted, claims true, evidence malformed")
        else:
            o.count(f"{kind} accepted, claims true")


# ------------------------------------------------------------ arena plans
# docs/Testing.md "Arena plans": every program through peakmem-reorder,
# peakmem-plan-arena and peakmem-verify-arena (a share through
# peakmem-optimize{arena=alloc} too); the plan is re-checked here from the
# printed IR alone, against the oracle's optimum of the arena's problem on
# small programs, executed for the exec sample, and mutated.

ARENA = os.environ.get("PEAKMEM_FUZZ_ARENA", "1") not in ("", "0")
ARENA_PIPE = ("peakmem-reorder", "peakmem-plan-arena", "peakmem-verify-arena")
ARENA_OPT_PIPE = ("peakmem-optimize{arena=alloc}", "peakmem-verify-arena")
ARENA_OPT_EVERY = int(os.environ.get("PEAKMEM_FUZZ_ARENA_OPT_EVERY", 4))
ARENA_MUTATIONS = int(os.environ.get("PEAKMEM_FUZZ_ARENA_MUTATIONS", 8))
ARENA_VERIFY = "peakmem-verify-arena"
VIEW_LIKE = ("memref.subview", "memref.collapse_shape", "memref.expand_shape",
             "memref.cast", "memref.reinterpret_cast", "memref.view",
             "memref.transpose")
DIRTY_BYTE = 90       # the arena is pre-filled with it (0x5a) in one run
# Also run every executed plan with its arena pre-filled with DIRTY_BYTE
# (one more execution each): its digest must still be the input's.
ARENA_DIRTY = os.environ.get("PEAKMEM_FUZZ_ARENA_DIRTY", "1") not in ("",
                                                                     "0")

_ARENA_ALLOC = re.compile(
    r"^\s*(%[\w.$\-]+) = memref\.alloc\(\) \{alignment = (\d+) : i64, "
    r"peakmem\.arena\} : memref<(\d+)xi8>")
_ARENA_VIEW = re.compile(
    r"^\s*(%[\w.$\-]+) = memref\.view (%[\w.$\-]+)\[(%[\w.$\-]+)\]\[\] "
    r"\{peakmem\.align = (-?\d+) : i64\} : memref<(\d+)xi8> to "
    r"memref<((?:\d+x)*)([\w]+)>")
_CONST_INDEX = re.compile(r"^\s*(%[\w.$\-]+) = arith\.constant (-?\d+) : "
                          r"index\b")
_LHS = re.compile(r"^\s*(%[^=]*?) = ")
_SSA = re.compile(r"%[\w.$\-]+")
_LOC_ANY_SID = _LOC_SID


def _arena_attr(first_line: str, name: str):
    m = re.search(rf"peakmem\.{name} = (-?\d+) : i64", first_line)
    if m:
        return int(m.group(1))
    m = re.search(rf"peakmem\.{name} = (true|false)", first_line)
    return None if not m else m.group(1) == "true"


@dataclasses.dataclass
class ArenaView:
    line: int            # index in the function's lines
    name: str
    const: str           # SSA name of its offset
    offset: Optional[int]
    align: int           # peakmem.align
    elems: int
    elem: str
    sid: Optional[int]   # the generator's statement (its loc)
    nested: bool
    first: int = 0       # entry-block statements, inclusive
    last: int = 0
    # Why its uses do not show its lifetime (an alias passed to a call,
    # stored to memory, used in an async region, returned): "" if they do.
    hidden: str = ""

    @property
    def bytes(self) -> int:
        return self.elems * elem_alloc_bytes(self.elem)

    @property
    def size(self) -> int:
        a = max(1, self.align)
        return -(-self.bytes // a) * a


@dataclasses.dataclass
class ArenaPlan:
    size: Optional[int]          # peakmem.arena_size
    bound: Optional[int]
    optimal: Optional[bool]
    alignment: Optional[int]
    arena: Optional[str]         # SSA name of the arena alloc
    arena_type_size: Optional[int]
    arena_align: Optional[int]
    views: List[ArenaView]
    peak: Optional[int]


def parse_arena_plan(text: str) -> ArenaPlan:
    """The plan as the printed function shows it: attributes, the arena,
    every view of it with its constant offset and type, and its lifetime
    rebuilt here: from the view to the last use of it or of a view-like
    alias (transitively), in entry-block statements; a use nested in an op
    counts for that op; a view in a nested block lives for its statement."""
    lines = text.splitlines()
    first = lines[0]
    plan = ArenaPlan(_arena_attr(first, "arena_size"),
                     _arena_attr(first, "arena_lower_bound"),
                     _arena_attr(first, "arena_optimal"),
                     _arena_attr(first, "arena_alignment"), None, None, None,
                     [], _arena_attr(first, "peak"))
    consts: Dict[str, int] = {}
    top, depth = -1, 0
    info = []            # (line index, top stmt, nested, defs, uses, op)
    enclosing: List[str] = []       # ops whose regions are open
    in_async = {}                   # line index -> inside an async region
    for i, line in enumerate(lines[1:], 1):
        s = line.strip()
        if s.startswith("}"):
            depth -= 1
            if depth < 0:
                break
            nested = depth > 0
            if not s.endswith("{") and enclosing:
                enclosing.pop()
        else:
            if depth == 0:
                top += 1
            nested = depth > 0
        in_async[i] = any(e.startswith("async.") for e in enclosing)
        m = _LHS.match(line)
        defs = set(_SSA.findall(m.group(1))) if m else set()
        rest = line[m.end():] if m else line
        uses = set(_SSA.findall(rest.split(" loc(")[0])) - defs
        mo = _OPNAME.match(rest if m else s)
        op = mo.group(1) if mo else \
            ("func.call" if _CALL.match(rest if m else s) else "")
        if s.endswith("{"):
            depth += 1
            if not s.startswith("}"):
                enclosing.append(op)
        info.append((i, top, nested, defs, uses, op))
        mc = _CONST_INDEX.match(line)
        if mc:
            consts[mc.group(1)] = int(mc.group(2))
        ma = _ARENA_ALLOC.match(line)
        if ma and not nested:
            plan.arena = ma.group(1)
            plan.arena_align = int(ma.group(2))
            plan.arena_type_size = int(ma.group(3))
    if plan.arena is None:
        return plan
    for i, t, nested, defs, uses, op in info:
        mv = _ARENA_VIEW.match(lines[i])
        if not mv or mv.group(2) != plan.arena:
            continue
        dims = [int(d) for d in mv.group(6).split("x") if d]
        n = 1
        for d in dims:
            n *= d
        ms = _LOC_ANY_SID.search(lines[i])
        v = ArenaView(i, mv.group(1), mv.group(3), consts.get(mv.group(3)),
                      int(mv.group(4)), n, mv.group(7),
                      int(ms.group(1)) if ms else None, nested, t, t)
        if not nested:
            # Aliases: name -> the statement it is scoped to (None: the
            # entry block), so that a name reused by a sibling region later
            # is not taken for it.
            alias: Dict[str, Optional[int]] = {v.name: None}
            for j, t2, nest2, defs2, uses2, op2 in info:
                if j <= i:
                    continue
                hit = [u for u in uses2 if u in alias and
                       (alias[u] is None or alias[u] == t2)]
                if not hit:
                    continue
                v.last = max(v.last, t2)
                body = lines[j].split(" loc(")[0]
                if op2 in ("func.call", "call", "func.call_indirect") or \
                        op2 == "memref.store" and any(
                            re.match(rf"\s*memref\.store {re.escape(u)},",
                                     body) for u in hit) or \
                        op2 in ("func.return", "return", "scf.yield") or \
                        in_async.get(j) or op2.startswith("async."):
                    v.hidden = v.hidden or f"an alias used by {op2}"
                if defs2 and (op2 in VIEW_LIKE or "memref<" in
                              lines[j].split(" = ", 1)[1].split(":")[-1]):
                    for d in defs2:
                        alias[d] = t2 if nest2 else None
        plan.views.append(v)
    return plan


def arena_violations(plan: ArenaPlan,
                     min_align: Optional[Dict[int, int]] = None,
                     oracle_opt: Optional[int] = None) -> List[str]:
    """What is wrong with a plan, judged from its parse alone (and, where
    given, each view's alignment from the program and the oracle's optimum
    of the arena's problem): empty for a valid plan with true claims."""
    bad = []
    if plan.size is None or plan.bound is None or plan.optimal is None:
        return ["attributes missing"]
    if plan.arena_type_size != plan.size:
        bad.append(f"arena type {plan.arena_type_size} != arena_size "
                   f"{plan.size}")
    if plan.bound > plan.size:
        bad.append(f"lower bound {plan.bound} > arena {plan.size}")
    if plan.optimal != (plan.bound == plan.size):
        bad.append(f"arena_optimal {plan.optimal} but arena {plan.size}, "
                   f"bound {plan.bound}")
    if oracle_opt is not None:
        if plan.bound > oracle_opt:
            bad.append(f"lower bound {plan.bound} > the oracle's optimum "
                       f"{oracle_opt}")
        if plan.size < oracle_opt:
            bad.append(f"arena {plan.size} < the oracle's optimum "
                       f"{oracle_opt} (impossible)")
    for v in plan.views:
        if v.hidden:
            bad.append(f"{v.name}: lifetime not shown by the IR: "
                       f"{v.hidden}")
        if v.offset is None:
            bad.append(f"{v.name}: offset not a constant")
            continue
        if v.align <= 0 or v.align & (v.align - 1):
            bad.append(f"{v.name}: peakmem.align {v.align}")
            continue
        want = _pow2_ceil(elem_alloc_bytes(v.elem))
        if min_align and v.sid in min_align:
            want = max(want, min_align[v.sid])
        if v.align < want:
            bad.append(f"{v.name}: peakmem.align {v.align} < the buffer's "
                       f"alignment {want}")
        if v.offset < 0 or v.offset % max(v.align, want):
            bad.append(f"{v.name}: offset {v.offset} misaligned "
                       f"({max(v.align, want)})")
        if v.offset + v.size > plan.size:
            bad.append(f"{v.name}: [{v.offset}, {v.offset + v.size}) "
                       f"outside the arena of {plan.size}")
        if plan.arena_align is not None and v.align > plan.arena_align:
            bad.append(f"{v.name}: align {v.align} above the arena's "
                       f"{plan.arena_align}")
    vs = [v for v in plan.views if v.offset is not None and v.size > 0]
    for a in range(len(vs)):
        for b in range(a + 1, len(vs)):
            u, v = vs[a], vs[b]
            if u.first <= v.last and v.first <= u.last and \
                    u.offset < v.offset + v.size and \
                    v.offset < u.offset + u.size:
                bad.append(f"{u.name} [{u.offset}, {u.offset + u.size}) "
                           f"live {u.first}-{u.last} overlaps {v.name} "
                           f"[{v.offset}, {v.offset + v.size}) live "
                           f"{v.first}-{v.last}")
    return bad


def _top_sids(p: Program) -> Dict[int, int]:
    """sid -> the sid of its entry-block statement."""
    out: Dict[int, int] = {}

    def walk(b: Block, top: Optional[int]):
        for s in b.stmts:
            t = s.sid if top is None else top
            out[s.sid] = t
            for _, r in s.regions():
                walk(r, t)
    walk(p.body, None)
    return out


def _alloc_bufs(p: Program) -> Dict[int, Buf]:
    """sid of an alloc -> its buffer."""
    out = {}
    for _, b in p.blocks():
        for s in b.stmts:
            if s.alloc and s.alloc in b.bufs:
                out[s.sid] = b.bufs[s.alloc]
    return out


def arena_oracle(p: Program, plan: ArenaPlan,
                 brute_max: int) -> Optional[int]:
    """The oracle's optimum over every legal order of the entry block of
    the arena's problem: only placed buffers weigh, each its bytes rounded
    up to its alignment, entry-block ones from first to last user, nested
    ones all together for their statement's step. None when too large."""
    if len(schedule_units(p.body)) > brute_max:
        return None
    allocs = _alloc_bufs(p)
    tops = _top_sids(p)
    sizes: Dict[str, int] = {}
    scratch: Dict[int, int] = {}
    for v in plan.views:
        buf = allocs.get(v.sid)
        if buf is None:
            return None
        if v.nested:
            scratch[tops[v.sid]] = scratch.get(tops[v.sid], 0) + v.size
        elif buf.name in p.body.bufs:
            if buf.name in sizes:      # cloned by recompute: not this oracle
                return None
            sizes[buf.name] = v.size
        else:
            return None
    return optimum(p.body, sizes=sizes, scratch_of=scratch)[0]


def _min_aligns(p: Program) -> Dict[int, int]:
    return {sid: max(b.align, _pow2_ceil(elem_alloc_bytes(b.elem)))
            for sid, b in _alloc_bufs(p).items()}


# Text edits of a planned function (mutations and execution variants).
def _set_offset(text: str, v: ArenaView, off: int, tag: str) -> str:
    lines = text.splitlines()
    line = lines[v.line]
    indent = line[:len(line) - len(line.lstrip())]
    new = f"%fzoff{tag}"
    lines[v.line] = line.replace(f"[{v.const}][]", f"[{new}][]", 1)
    lines.insert(v.line, f"{indent}{new} = arith.constant {off} : index")
    return "\n".join(lines) + "\n"


def _set_func_attr(text: str, name: str, value) -> str:
    lines = text.splitlines()
    rep = ("true" if value else "false") if isinstance(value, bool) \
        else f"{value} : i64"
    lines[0], n = re.subn(
        rf"peakmem\.{name} = (?:-?\d+ : i64|true|false)",
        f"peakmem.{name} = {rep}", lines[0])
    assert n == 1, (name, lines[0])
    return "\n".join(lines) + "\n"


def _set_arena_size(text: str, plan: ArenaPlan, size: int) -> str:
    text = _set_func_attr(text, "arena_size", size)
    lines = text.splitlines()
    tok = re.compile(re.escape(plan.arena) + r"(?![\w.$\-])")
    old, new = f"memref<{plan.arena_type_size}xi8>", f"memref<{size}xi8>"
    for i, line in enumerate(lines):
        if not tok.search(line):
            continue
        if _ARENA_VIEW.match(line):      # the source type, not the result
            lines[i] = line.replace(f": {old} to ", f": {new} to ", 1)
        else:
            lines[i] = line.replace(old, new)
    return "\n".join(lines) + "\n"


def _rename(text: str, old: str, new: str) -> str:
    first, rest = text.split("\n", 1)
    return first.replace(f"@{old}(", f"@{new}(", 1) + "\n" + rest


def spread_plan(text: str, plan: ArenaPlan, dirty: bool) -> str:
    """Every view at its own bytes (no sharing), the arena grown to fit;
    `dirty`: the arena filled with DIRTY_BYTE first. Executed, the spread
    program reads fresh bytes where the input program did; the dirty one
    shows whether the output depends on them (uninitialised reads)."""
    off = 0
    offs = []
    for v in plan.views:
        a = max(1, v.align)
        off = -(-off // a) * a
        offs.append(off)
        off += v.size
    out = _set_arena_size(text, plan, max(off, 1))
    for k, v in sorted(enumerate(plan.views), key=lambda kv: -kv[1].line):
        out = _set_offset(out, v, offs[k], f"s{k}")
    if dirty:
        out = _fill_arena(out, plan)
    return out


def _fill_arena(text: str, plan: ArenaPlan) -> str:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = _ARENA_ALLOC.match(line)
        if m:
            ind = line[:len(line) - len(line.lstrip())]
            t = f"memref<{m.group(3)}xi8>"
            lines[i + 1:i + 1] = [
                f"{ind}%fzdirty = arith.constant {DIRTY_BYTE} : i8",
                f"{ind}linalg.fill ins(%fzdirty : i8) outs({plan.arena} : "
                f"{t})"]
            break
    return "\n".join(lines) + "\n"


def _overlap_offset(v: ArenaView, u: ArenaView) -> Optional[int]:
    """An offset of v, aligned, whose bytes intersect u's."""
    a = max(1, v.align)
    for off in (u.offset - u.offset % a,
                u.offset + u.size - 1 - (u.offset + u.size - 1) % a):
        if off >= 0 and off < u.offset + u.size and off + v.size > u.offset:
            return off
    return None


def arena_mutations(text: str, plan: ArenaPlan, rng: random.Random,
                    n: int) -> List[Tuple[str, str, str]]:
    """(kind, description, text) of `n` random edits of a planned function:
    offsets moved onto a live view, misaligned, past the end, anywhere;
    the arena grown or shrunk (attribute and type); the bound or the
    optimality claim changed; and no-op edits."""
    views = [v for v in plan.views if v.offset is not None]
    out = []
    if not views or plan.size is None:
        return out
    for k in range(n):
        roll = rng.randrange(9)
        v = rng.choice(views)
        tag = f"m{k}"
        if roll == 0:
            live = [u for u in views if u is not v and u.size and v.size and
                    u.first <= v.last and v.first <= u.last]
            off = _overlap_offset(v, rng.choice(live)) if live else None
            if off is None:
                continue
            out.append(("overlap", f"{v.name} to {off} onto a live view",
                        _set_offset(text, v, off, tag)))
        elif roll == 1:
            if v.align <= 1:
                continue
            off = v.offset + rng.randrange(1, v.align)
            out.append(("misalign", f"{v.name} to {off}",
                        _set_offset(text, v, off, tag)))
        elif roll == 2:
            off = plan.size - v.size + rng.randint(1, 2 * max(1, v.align))
            off = -(-off // max(1, v.align)) * max(1, v.align)
            out.append(("past-end", f"{v.name} to {off}",
                        _set_offset(text, v, off, tag)))
        elif roll == 3:
            a = max(1, v.align)
            off = rng.randrange(0, plan.size // a + 1) * a
            out.append(("move", f"{v.name} {v.offset} -> {off}",
                        _set_offset(text, v, off, tag)))
        elif roll == 4:
            d = rng.choice([-1, 1]) * rng.choice(
                [1, max(1, plan.arena_align or 1), max(1, v.size)])
            size = plan.size + d
            if size <= 0:
                continue
            out.append(("arena-size", f"{plan.size} -> {size}",
                        _set_arena_size(text, plan, size)))
        elif roll == 5:
            b = rng.choice([plan.bound + 1, plan.bound - 1, plan.size,
                            plan.size + 1, 0, plan.bound * 2 + 1])
            out.append(("bound", f"{plan.bound} -> {b}",
                        _set_func_attr(text, "arena_lower_bound", b)))
        elif roll == 6:
            out.append(("optimal", f"flipped to {not plan.optimal}",
                        _set_func_attr(text, "arena_optimal",
                                       not plan.optimal)))
        elif roll == 7:
            out.append(("no-op", f"{v.name} offset re-written",
                        _set_offset(text, v, v.offset, tag)))
        else:
            # Shift one view onto another live view's range, then the
            # arena_size claim left alone or grown to cover it.
            live = [u for u in views if u is not v and u.size and v.size and
                    u.first <= v.last and v.first <= u.last]
            if not live:
                continue
            u = rng.choice(live)
            a = max(1, v.align)
            off = u.offset - u.offset % a
            t = _set_offset(text, v, off, tag)
            out.append(("overlap", f"{v.name} to {off} (onto {u.name})", t))
    return out


def check_arenas(progs, outs, runs, opt_seeds: Set[int],
                 brute_max: int = BRUTE_MAX,
                 n_mut: int = ARENA_MUTATIONS, jobs: int = 2):
    """The arena checks of one batch: `runs` has "arena" (ARENA_PIPE on
    every program), "arena_opt" (ARENA_OPT_PIPE on a share) and
    "arena_report" (peakmem-report on the planned output)."""
    variants = []            # (program, outcome, kind, what, text, plan)
    for p in progs:
        o = outs[p.seed]
        for d in runs["arena_report"].of(p.seed, "error"):
            o.problems.append(f"arena: peakmem-report on the plan: {d.text}")
        for name in ("arena", "arena_opt"):
            run = runs[name]
            if p.seed in run.crashed:
                o.problems.append(f"{name}: peakmem-opt crashed: "
                                  f"{' '.join(run.unattributed)[-2000:]}")
                continue
            for d in run.of(p.seed, "error") + run.of(p.seed, "warning"):
                o.problems.append(f"{name}: unexpected {d.severity}: "
                                  f"{d.text}")
            text = run.funcs.get(p.name)
            if text is None:
                if name == "arena" or p.seed in opt_seeds:
                    o.problems.append(f"{name}: function missing from the "
                                      "output")
                continue
            plan = parse_arena_plan(text)
            if p.refused:
                if plan.size is not None:
                    o.problems.append(f"{name}: an arena in a refused "
                                      "function")
                continue
            if plan.size is None:
                if plan.views or plan.arena:
                    o.problems.append(f"{name}: views without attributes")
                o.count(f"{name}: nothing placed")
                continue
            exact = name == "arena" or _single(parse_function(text))
            opt = arena_oracle(p, plan, brute_max) if exact else None
            bad = arena_violations(plan, _min_aligns(p), opt)
            if bad:
                o.problems.append(f"{name}: the plan is wrong: " +
                                  "; ".join(bad) + "\n" + text)
                continue
            o.count(f"{name}: planned")
            o.count(f"{name}: views", len(plan.views))
            if plan.optimal:
                o.count(f"{name}: optimal")
            if opt is not None:
                o.count(f"{name}: oracle checked")
                if plan.size == opt:
                    o.count(f"{name}: arena == oracle optimum")
            if name != "arena":
                continue
            rep = runs["arena_report"].funcs.get(p.name)
            rpeak = parse_function(rep).peak if rep else None
            if plan.peak is None or rpeak != plan.peak:
                o.problems.append(f"arena: peakmem.peak {plan.peak} after "
                                  f"plan-arena, peakmem-report says {rpeak}")
            o.arena_text = text
            o.arena_plan = plan
            rng = random.Random(p.seed * 977 + 3)
            variants.append((p, o, "identity", "unchanged", text, plan))
            for kind, what, t in arena_mutations(text, plan, rng, n_mut):
                variants.append((p, o, kind, what, t, parse_arena_plan(t)))
    if not variants:
        return
    chunks, names = [], []
    for k, (p, o, kind, what, t, plan) in enumerate(variants):
        names.append(f"{p.name}_a{k}")
        chunks.append((k, _chunk(p, _rename(t, p.name, names[-1]))))
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        parts = list(pool.map(
            lambda j: run_chunks(chunks[j::jobs],
                                 func_pipeline(ARENA_VERIFY)),
            range(jobs)))
    funcs, crashed, errors = {}, set(), []
    for part in parts:
        funcs.update(part.funcs)
        crashed |= part.crashed
        errors += [d for d in part.diags if d.severity == "error"]
    foreign = [d.text for d in errors
               if "peakmem-verify-arena: " not in d.text]
    rejected = 0
    for k, (p, o, kind, what, t, plan) in enumerate(variants):
        if k in crashed:
            o.problems.append(f"verify-arena crashed on {kind} ({what}):\n"
                              + chunks[k][1])
            continue
        acc = names[k] in funcs
        rejected += not acc
        opt = arena_oracle(p, plan, brute_max)
        bad = arena_violations(plan, _min_aligns(p), opt)
        if acc and not bad and kind == "bound" and opt is None:
            o.count("arena mutation accepted, undecidable (bound)")
            continue
        if kind in ("identity", "no-op"):
            o.count(f"arena {kind} accepted" if acc else
                    f"arena {kind} REJECTED")
            if not acc or bad:
                o.problems.append(f"verify-arena rejects an unchanged plan "
                                  f"({kind}: {what}): {bad}")
            continue
        if not acc:
            o.count(f"arena mutation rejected ({kind})")
            if not bad:
                # A bound raised to a true value the verifier cannot
                # prove (its bound is Bounds.h, not the optimum): allowed.
                if kind == "bound":
                    o.count("arena mutation rejected, claim true but "
                            "unproved")
                else:
                    o.problems.append(f"verify-arena rejects a valid plan "
                                      f"({kind}: {what})")
            continue
        if bad:
            o.problems.append(f"verify-arena ACCEPTS a wrong plan ({kind}: "
                              f"{what}): " + "; ".join(bad) + "\n" +
                              chunks[k][1])
        else:
            o.count(f"arena mutation accepted, valid ({kind})")
    if foreign or len(errors) != rejected:
        outs[progs[0].seed].problems.append(
            f"verify-arena: {len(errors)} errors for {rejected} rejected "
            "variants; other errors: " + "; ".join(foreign)[:2000])


def check_arena_programs(seeds: Sequence[int], brute_max: int = BRUTE_MAX,
                         execute: int = 0, jobs: int = 2
                         ) -> List[PassOutcome]:
    """The arena checks alone (no other pass) on the programs of `seeds`,
    and the first `execute` planned ones executed (input and plan): for
    the original generator's range, which test_differential.py covers
    for peakmem-reorder."""
    from peakmem import execute as ex
    progs = [generate(s) for s in seeds]
    outs = {p.seed: PassOutcome(p.seed, p.refused) for p in progs}
    chunks = [(p.seed, p.module()) for p in progs]
    opt_seeds = {p.seed for k, p in enumerate(progs)
                 if ARENA_OPT_EVERY and k % ARENA_OPT_EVERY == 0}
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        a = pool.submit(run_chunks, chunks, func_pipeline(*ARENA_PIPE))
        b = pool.submit(run_chunks, [c for c in chunks if c[0] in opt_seeds],
                        func_pipeline(*ARENA_OPT_PIPE))
        runs = {"arena": a.result(), "arena_opt": b.result()}
    runs["arena_report"] = run_chunks(
        [(p.seed, _chunk(p, runs["arena"].funcs[p.name])) for p in progs
         if p.name in runs["arena"].funcs],
        func_pipeline("peakmem-report{remarks=0}"))
    for name, run in runs.items():
        for d in run.diags:
            if d.seed is None and d.severity in ("error", "warning"):
                outs[progs[0].seed].problems.append(
                    f"{name}: a diagnostic naming no program: {d.text}")
    check_arenas(progs, outs, runs, opt_seeds, brute_max, jobs=jobs)
    sample = [p for p in progs if outs[p.seed].ok and
              outs[p.seed].arena_plan is not None and
              outs[p.seed].arena_plan.size is not None][:execute]

    def one(p):
        o, e = outs[p.seed], ExecOutcome(p.seed, [])
        try:
            res = ex.execute_text(p.module(stubs=True), function=p.name)
            execute_arena(p, o, res, e)
        except ex.ExecError as err:
            e.problems.append(f"arena: execution failed: {err}")
        return e
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for p, e in zip(sample, pool.map(one, sample)):
            outs[p.seed].executed = e
            outs[p.seed].problems += ["execution: " + x for x in e.problems]
    return [outs[p.seed] for p in progs]


def execute_arena(p: Program, o: "PassOutcome", input_res, e: ExecOutcome):
    """The planned program run: measured == its peakmem.peak; digest ==
    the input's unless the program reads memory it never wrote (then a
    run with the arena pre-filled with DIRTY_BYTE, every view at its own
    bytes, differs from the same run on fresh bytes, which must itself
    equal the input's)."""
    from peakmem import execute
    plan = o.arena_plan
    if plan is None or plan.size is None:
        return
    res = execute.execute_text(exec_module(p, o.arena_text), function=p.name)
    o.count("arena executed")
    if res.peak_bytes != plan.peak:
        e.problems.append(f"arena: measured {res.peak_bytes} != modeled "
                          f"peakmem.peak {plan.peak}")
    if res.output_digest == input_res.output_digest and ARENA_DIRTY:
        res = execute.execute_text(exec_module(p, _fill_arena(
            o.arena_text, plan)), function=p.name)
        o.count("arena executed dirty")
    if res.output_digest == input_res.output_digest:
        return
    fresh, dirty = (execute.execute_text(
        exec_module(p, spread_plan(o.arena_text, plan, d)),
        function=p.name) for d in (False, True))
    if fresh.output_digest != input_res.output_digest:
        e.problems.append("arena: the spread plan (no sharing) changes the "
                          f"digest: {fresh.output_digest} != "
                          f"{input_res.output_digest}")
    elif dirty.output_digest == fresh.output_digest:
        e.problems.append("arena: digest differs from the input's "
                          f"({res.output_digest} != "
                          f"{input_res.output_digest}) and the program "
                          "reads no uninitialised memory")
    else:
        o.count("arena executed, reads uninitialised memory (digest "
                "differs legitimately)")


def _execute_sample(progs, outs, runs, count, jobs):
    """Runs `count` programs (those recompute cloned first, then those
    with the most scf.if / calls / allocas) before and after reorder and
    recompute: identical digests; measured == the oracle's executed peak;
    measured == peakmem.peak where the model is exact."""
    from peakmem import execute

    def score(p):
        f = features(p)
        return (-sum(x.startswith(("scf.if", "call", "memref.alloca"))
                     for x in f), p.seed)
    cands = [p for p in progs if not p.refused and outs[p.seed].ok and
             p.name in runs["recompute"].funcs and
             outs[p.seed].reorder is not None]
    # Half of them among the programs recompute cloned, the rest (and any
    # shortfall) the ones with the most scf.if / calls / allocas.
    cloned = [p for p in cands if outs[p.seed].clones > 0][:count // 2]
    rest = sorted((p for p in cands if p not in cloned), key=score)
    sample = cloned + rest[:count - len(cloned)]
    # New-shape programs the static checks failed are executed too (not
    # counted in `count`): a wrong order must also show up as a changed
    # digest or a memory error (docs/Testing.md "New shapes").
    failed_shapes = [p for p in progs if p.shapes and not p.refused and
                     not outs[p.seed].ok and
                     all(p.name in runs[w].funcs
                         for w in ("report", "reorder", "recompute"))]

    def one(p):
        o = outs[p.seed]
        e = ExecOutcome(p.seed, [])
        if not o.ok:
            return digests_only(p, e)
        start = time.perf_counter()
        texts = [("input", runs["report"].funcs[p.name]),
                 ("reorder", runs["reorder"].funcs[p.name]),
                 ("recompute", runs["recompute"].funcs[p.name])]
        try:
            res = {w: execute.execute_text(exec_module(p, t),
                                           function=p.name)
                   for w, t in texts}
        except execute.ExecError as err:
            e.problems.append(f"execution failed: {err}")
            return e
        digests = {r.output_digest for r in res.values()}
        if len(digests) != 1:
            e.problems.append("output digests differ: " + ", ".join(
                f"{w} {r.output_digest}" for w, r in res.items()))
        check_measured(e, "input", res["input"], program_peak(p),
                       program_peak(p, executed=True))
        oc = o.reorder
        check_measured(e, "reorder", res["reorder"], oc.output_peak,
                       program_peak(p, oc.output_orders, executed=True))
        parsed = parse_function(runs["recompute"].funcs[p.name])
        rc = res["recompute"]
        if _single(parsed):
            check_measured(e, "recompute", rc, program_peak(p, parsed.orders),
                           program_peak(p, parsed.orders, executed=True))
        elif model_exact(p):
            if rc.peak_bytes != rc.modeled_peak:
                e.problems.append(f"recompute: measured {rc.peak_bytes} != "
                                  f"modeled {rc.modeled_peak}")
        else:
            e.inexact += 1
            if rc.peak_bytes > rc.modeled_peak:
                e.problems.append(f"recompute: measured {rc.peak_bytes} > "
                                  f"modeled {rc.modeled_peak}")
        e.before_peak, e.after_peak = res["input"].peak_bytes, rc.peak_bytes
        try:
            execute_arena(p, o, res["input"], e)
        except execute.ExecError as err:
            e.problems.append(f"arena: execution failed: {err}")
        e.seconds = time.perf_counter() - start
        return e

    def digests_only(p, e):
        res = {}
        for w in ("report", "reorder", "recompute"):
            try:
                res[w] = execute.execute_text(
                    exec_module(p, runs[w].funcs[p.name]), function=p.name)
            except execute.ExecError as err:
                e.problems.append(f"{w} output: execution failed: " +
                                  str(err).splitlines()[0])
        digests = {r.output_digest for r in res.values()}
        if len(digests) > 1:
            e.problems.append("output digests differ: " + ", ".join(
                f"{w} {r.output_digest}" for w, r in res.items()))
        return e

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for p, e in zip(sample + failed_shapes,
                        pool.map(one, sample + failed_shapes)):
            outs[p.seed].executed = e
            outs[p.seed].problems += ["execution: " + x for x in e.problems]


def summarize_passes(outs: List[PassOutcome]) -> Dict[str, int]:
    s: Dict[str, int] = {
        "programs": len(outs),
        "failed": sum(not o.ok for o in outs),
        "refused": sum(bool(o.refused) for o in outs),
        "modeled": sum(not o.refused for o in outs),
        "brute_force_checked": sum(o.reorder is not None and
                                   o.reorder.optimum is not None
                                   for o in outs),
        "reorder_improved": sum(o.reorder is not None and o.reorder.ok and
                                o.reorder.output_peak < o.reorder.input_peak
                                for o in outs),
        "recompute_cloned": sum(o.clones > 0 for o in outs),
        "cloned_ops": sum(o.clones for o in outs),
        "records": sum(o.records for o in outs),
        "tight_records": sum(o.tight for o in outs),
        "mutated_programs": sum(o.decidable for o in outs),
        "executed": sum(o.executed is not None for o in outs),
        "executed_inexact": sum(o.executed.inexact for o in outs
                                if o.executed is not None),
    }
    for o in outs:
        p = generate(o.seed) if o.seed >= SHAPES_BASE else None
        for k in (p.shapes if p else {}):
            s["shape " + k] = s.get("shape " + k, 0) + 1
            if not o.ok:
                s["shape " + k + " failed"] = \
                    s.get("shape " + k + " failed", 0) + 1
                if any(x.startswith("execution:") for x in o.problems):
                    s["shape " + k + " failed in execution"] = s.get(
                        "shape " + k + " failed in execution", 0) + 1
        if p is not None and p.refused:
            s["huge " + p.refused] = s.get("huge " + p.refused, 0) + 1
            if not o.ok:
                s["huge " + p.refused + " failed"] = \
                    s.get("huge " + p.refused + " failed", 0) + 1
        for k, v in o.variants.items():
            s[k] = s.get(k, 0) + v
        for k, v in o.known.items():
            s["known bug: " + k] = s.get("known bug: " + k, 0) + 1
    return s


def describe_pass_failure(o: PassOutcome) -> str:
    p = generate(o.seed)
    refused = f", refused: {p.refused}" if p.refused else ""
    if p.shapes:
        refused += ", new shapes: " + ", ".join(sorted(p.shapes))
    return "\n".join(
        [f"seed {o.seed} (@{p.name}{refused}):"]
        + [f"  - {x}" for x in o.problems] +
        [f"  reproduce: PYTHONPATH=python /usr/bin/python3 test/python/fuzz.py "
         f"--show {o.seed} > /tmp/p.mlir; build/bin/peakmem-opt /tmp/p.mlir "
         f"-p '{func_pipeline(PASSES['optimize'])}'", "  input:",
         p.module()])


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


def main_passes(args) -> int:
    n = args.programs if args.programs is not None else \
        (3000 if args.long else 300)
    nexec = args.nexec if args.nexec is not None else \
        (200 if args.long else 20)
    nb = max(1, -(-n // 100))
    per_exec = -(-nexec // nb)
    start = time.perf_counter()
    allout: List[PassOutcome] = []
    global NEW_RULES
    base, rbase, nref = EXT_BASE, REFUSED_BASE, 8
    if args.shapes:
        NEW_RULES = True
        base, rbase, nref = SHAPES_BASE, HUGE_BASE, len(HUGE_KINDS)
    global ARENA
    if args.no_arena:
        ARENA = False
    for b in range(nb):
        first = base + args.first_seed + b * 100
        seeds = list(range(first, min(base + args.first_seed + n,
                                      first + 100)))
        refused = rbase + args.first_seed + b * nref
        seeds += list(range(refused, refused + nref))
        outs = check_passes(seeds, args.budget_ms, args.brute_max,
                            execute=max(0, min(per_exec,
                                               nexec - b * per_exec)),
                            jobs=args.jobs)
        for o in outs:
            if not o.ok:
                print(describe_pass_failure(o))
        allout += outs
        print(f"batch {b + 1}/{nb}: {sum(not o.ok for o in outs)} failed "
              f"({time.perf_counter() - start:.1f} s)", flush=True)
    nad = args.arena_default if args.arena_default is not None else \
        (1000 if args.long else 100)
    if ARENA and nad and not args.shapes:
        # The original generator's programs through the arena checks.
        outs = check_arena_programs(
            range(args.first_seed, args.first_seed + nad),
            args.brute_max, execute=max(1, nad // 20), jobs=args.jobs)
        for o in outs:
            if not o.ok:
                print(describe_pass_failure(o))
        allout += outs
        print(f"arena, original programs: {sum(not o.ok for o in outs)} "
              f"failed ({time.perf_counter() - start:.1f} s)", flush=True)
    s = summarize_passes(allout)
    width = max(map(len, s))
    for k, v in s.items():
        print(f"  {k:<{width}}  {v}")
    print(f"{s['programs']} programs, {s['failed']} failed "
          f"({time.perf_counter() - start:.1f} s)")
    return 1 if s["failed"] else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="python3 test/python/fuzz.py",
        description="Randomized differential test of peakmem-reorder.")
    ap.add_argument("--show", type=int, metavar="SEED",
                    help="print the module of one seed and exit")
    ap.add_argument("--oracle", type=int, metavar="SEED",
                    help="print the oracle's numbers for one seed and exit")
    ap.add_argument("--programs", type=int, default=None,
                    help="programs (default 1000; --passes: 300)")
    ap.add_argument("--exec", type=int, default=None, dest="nexec",
                    help="programs to execute before/after (default 50; "
                    "--passes: 20)")
    ap.add_argument("--long", action="store_true",
                    help="20000 programs and 500 executions (--passes: "
                    "3000 and 200)")
    ap.add_argument("--passes", action="store_true",
                    help="the every-pass test of test_fuzz_passes.py: "
                    "extended programs (seeds from EXT_BASE), 8 refused "
                    "ones per 100 (from REFUSED_BASE), all passes, "
                    "certificate mutations and moves, executions")
    ap.add_argument("--shapes", action="store_true",
                    help="with --passes: the new-shape programs (from "
                    "SHAPES_BASE) and huge ones (from HUGE_BASE), with the "
                    "new oracle rules")
    ap.add_argument("--no-arena", action="store_true",
                    help="with --passes: skip the arena plans "
                    "(peakmem-plan-arena, peakmem-verify-arena)")
    ap.add_argument("--arena-default", type=int, default=None,
                    help="with --passes: programs of the original range "
                    "through the arena checks alone (default 100; --long "
                    "1000)")
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
    if args.passes:
        return main_passes(args)
    if args.programs is None:
        args.programs = 1000
    if args.nexec is None:
        args.nexec = 50
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
