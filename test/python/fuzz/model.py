# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The generator's description of a program, the oracle's only input: base
allocations (Buf) with their byte sizes, SSA memref values (Val), statements
(Stmt) with what they define, use, read, write, view, allocate and free,
blocks and whole programs. None of it comes from peakmem's code."""

import dataclasses
import re
from typing import Dict, List, Optional, Set, Tuple


def pow2_ceil(n: int) -> int:
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
        return pow2_ceil((bits + 7) // 8)
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
    # False for GPU launches and DMA: judged by the model oracle only.
    executable: bool = True
    module_attrs: str = ""       # attributes of the module (printed)

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
        return self.module_head() + self.decls_text(stubs) + self.text + \
            "}\n"

    def module_head(self) -> str:
        attrs = f" attributes {{{self.module_attrs}}}" \
            if self.module_attrs else ""
        return f"module{attrs} {{\n"

    @property
    def units(self) -> int:
        from .oracle import schedule_units   # the oracle reads the model
        return len(schedule_units(self.body))
