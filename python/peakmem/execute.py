# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`python -m peakmem exec`: run a bufferized module and measure it.

Ground truth for the peakmem memory model: the function under test is called
once from a generated driver, with inputs allocated and filled before the
measurement starts, and the harness prints

    peak_bytes: N        max heap bytes live during the call (requested sizes)
    output_digest: HEX   FNV-1a 64 over every result and every memref argument

The input function is never changed: the driver is appended to the module,
the whole module is lowered with upstream passes and JIT-run by mlir-runner
with the counting allocator `libpeakmem_runtime.so`
(lib/Runtime/CountingAllocator.c). Heap bytes only: `memref.alloca` (stack)
is invisible to the runtime. See docs/Execution.md for the exact rules.
"""

import dataclasses
import pathlib
import re
import subprocess
import tempfile
from typing import List, Optional, Tuple

from peakmem import mlirtext, binaries
from peakmem.lowering import LOWERING_PASSES, runner_libs
from peakmem.mlirtext import strip_peakmem_attributes


# Attributes of dialects mlir-opt does not know (e.g. `#peakmem<...>` values
# left by the project's passes) must not stop the harness.
ALLOW_UNREGISTERED = "--allow-unregistered-dialect"

# mlir-runner's LLVM optimization level (-O0..-O3). The digest and the
# counted bytes do not depend on it (no fast-math; the allocation hooks are
# opaque external calls that LLVM never removes). -O0 is the default because
# LLVM's optimizer dominates the run time on real networks: mobilenet_v2 of
# the corpus takes 7 s in total at -O0, 27 s at -O1, 95 s at -O3.
DEFAULT_OPT_LEVEL = 0
# The runtime library per --allocator: the counting heap (malloc semantics) or
# the model of PyTorch's CUDA caching allocator (lib/Runtime/CachingRuntime.c).
RUNTIMES = {"malloc": "lib/libpeakmem_runtime.so",
            "caching": "lib/libpeakmem_caching_runtime.so"}
# Extra lines the caching runtime prints at peakmem_end.
CACHING_FIELDS = ("allocated_peak_bytes", "reserved_peak_bytes",
                  "small_segments", "large_segments", "reserved_small_bytes",
                  "reserved_large_bytes")


# element type -> (peakmem_fill kind, bytes per element). Keep the kinds in
# sync with the enum in lib/Runtime/DriverData.c.
ELEMENT_KINDS = {
    "f32": (0, 4),
    "f64": (1, 8),
    "f16": (2, 2),
    "bf16": (3, 2),
    "i1": (4, 1),
    "i8": (5, 1),
    "i16": (6, 2),
    "i32": (7, 4),
    "i64": (8, 8),
    "index": (8, 8),
}
for _w, _k in (("1", "i1"), ("8", "i8"), ("16", "i16"), ("32", "i32"),
               ("64", "i64")):
    ELEMENT_KINDS["si" + _w] = ELEMENT_KINDS[_k]
    ELEMENT_KINDS["ui" + _w] = ELEMENT_KINDS[_k]

# Fixed values of scalar arguments.
SCALAR_INT_VALUE = 1
SCALAR_FLOAT_VALUE = "5.000000e-01"
FLOAT_TYPES = ("f16", "bf16", "f32", "f64")

RUNTIME_DECLS = {
    "peakmem_fill": "(i64, i64, i32, i64)",
    "peakmem_begin": "()",
    "peakmem_end": "()",
    "peakmem_digest_add": "(i64, i64)",
    "peakmem_digest_print": "()",
}


class ExecError(Exception):
    """Input the harness cannot run, or a failed lowering/run."""


class MemorySafetyError(ExecError):
    """The program under test made a memory error the runtime detected: a
    write after free (poison of a quarantined block changed), a double free,
    or a free of a pointer the runtime did not allocate. `result` is the
    measurement when the run completed (write after free), else None."""

    def __init__(self, message: str, result=None):
        super().__init__(message)
        self.result = result


# Lines the runtime prints on stderr for a memory error of the program.
_RUNTIME_ERROR = re.compile(r"^peakmem_runtime: error: .*$", re.M)


# --------------------------------------------------------------------------
# The function under test (signatures read by peakmem.mlirtext)
# --------------------------------------------------------------------------

@dataclasses.dataclass
class ValueType:
    text: str                       # the type as printed
    kind: str                       # "memref" or "scalar"
    elem: str = ""                  # element type (memref) or the scalar type
    shape: Tuple[int, ...] = ()
    layout: Optional[str] = None    # non-identity layout of a memref
    error: str = ""                 # why kind == "other" is unsupported

    @property
    def num_elements(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def num_bytes(self) -> int:
        return self.num_elements * ELEMENT_KINDS[self.elem][1]

    @property
    def identity_text(self) -> str:
        dims = "".join(f"{d}x" for d in self.shape)
        return f"memref<{dims}{self.elem}>"


_SCALAR_RE = re.compile(r"^(index|[su]?i\d+|f16|bf16|f32|f64)$")


def parse_type(text: str, what: str) -> ValueType:
    text = text.strip()
    if _SCALAR_RE.match(text):
        return ValueType(text, "scalar", elem=text)
    if not (text.startswith("memref<") and text.endswith(">")):
        raise ExecError(f"{what}: unsupported type {text} (only memrefs with "
                        "static shapes and integer/float/index scalars)")
    parts = mlirtext.split_top(text[len("memref<"):-1])
    m = re.match(r"^((?:(?:\d+|\?)x)*)(.+)$", parts[0].strip())
    dims_text, elem = m.group(1), m.group(2).strip()
    dims = [d for d in dims_text.split("x") if d]
    if "?" in dims:
        raise ExecError(f"{what}: dynamic shape {text} is not supported "
                        "(the harness allocates inputs with static shapes)")
    if elem not in ELEMENT_KINDS:
        raise ExecError(f"{what}: unsupported element type {elem} in {text}")
    layout = None
    if len(parts) >= 2:
        second = parts[1]
        if second.startswith(("strided<", "affine_map<", "#")) and \
                len(parts) == 2:
            layout = second
        else:
            raise ExecError(f"{what}: memref in a non-default memory space "
                            f"is not supported: {text}")
    return ValueType(text, "memref", elem=elem,
                     shape=tuple(int(d) for d in dims), layout=layout)


@dataclasses.dataclass
class FuncInfo:
    name: str                 # without '@', may be a quoted string
    visibility: str
    has_body: bool
    args: List[ValueType]
    results: List[ValueType]
    attributes: str           # the `attributes {...}` dict text, or ""

    @property
    def symbol(self) -> str:
        return "@" + self.name


def _lenient_type(text: str, what: str) -> ValueType:
    """parse_type, deferring errors to the driver generation (only the
    function under test has to have a supported signature)."""
    try:
        return parse_type(text, what)
    except ExecError as err:
        return ValueType(text, "other", error=str(err))


def parse_functions(text: str) -> List[FuncInfo]:
    """Top-level func.func ops of a module printed by mlir-opt."""
    try:
        funcs = mlirtext.parse_functions(text)
    except mlirtext.ParseError as err:
        raise ExecError(f"cannot read the function signatures: {err}") from None
    return [FuncInfo(
        name=f.name, visibility=f.visibility, has_body=f.has_body,
        args=[_lenient_type(t, f"@{f.name} argument #{k}")
              for k, t in enumerate(f.arg_types)],
        results=[_lenient_type(t, f"@{f.name} result #{k}")
                 for k, t in enumerate(f.result_types)],
        attributes=f.attributes) for f in funcs]


def modeled_peak(func: FuncInfo) -> Optional[int]:
    """The `peakmem.peak = N` attribute set by the peakmem-report pass."""
    if not func.attributes:
        return None
    peak = mlirtext.parse_attr_dict(func.attributes).get("peakmem.peak")
    return peak if isinstance(peak, int) and not isinstance(peak, bool) else None


def select_function(funcs: List[FuncInfo], name: Optional[str]) -> FuncInfo:
    defined = [f for f in funcs if f.has_body]
    if name is not None:
        want = name.lstrip("@")
        for f in defined:
            if f.name == want or f.name == f'"{want}"':
                return f
        raise ExecError(f"no function @{want} with a body in the module "
                        f"(have: {', '.join(f.symbol for f in defined)})")
    public = [f for f in defined if f.visibility == "public"]
    if len(public) != 1:
        raise ExecError(
            f"expected exactly one public func.func, found {len(public)} "
            f"({', '.join(f.symbol for f in public)}); pass --function NAME")
    return public[0]


# --------------------------------------------------------------------------
# Driver generation
# --------------------------------------------------------------------------

def driver_name(text: str) -> str:
    """`main` unless the module already uses that symbol."""
    used = mlirtext.symbol_names(text)
    for k in range(1000):
        name = "main" if k == 0 else \
            "peakmem_exec_main" + ("" if k == 1 else str(k))
        if name not in used:
            return name
    raise ExecError("no free name for the driver function")


def arg_seed(seed: int, index: int) -> int:
    """The seed passed to peakmem_fill for memref argument #index."""
    return seed * 65536 + index


def generate_driver(func: FuncInfo, name: str, seed: int,
                    declared: set) -> str:
    for t in func.args + func.results:
        if t.kind == "other":
            raise ExecError(t.error)
    lines = []
    for decl, sig in RUNTIME_DECLS.items():
        if decl not in declared:
            lines.append(f"  func.func private @{decl}{sig}")
    lines.append(f"  func.func @{name}() {{")
    body = lines.append

    def ptr_i64(value: str, mtype: str, tag: str) -> str:
        body(f"    %pm_p{tag} = memref.extract_aligned_pointer_as_index "
             f"{value} : {mtype} -> index")
        body(f"    %pm_q{tag} = arith.index_cast %pm_p{tag} : index to i64")
        return f"%pm_q{tag}"

    call_args = []
    digest_args = []  # (value, identity type, numBytes)
    for k, t in enumerate(func.args):
        if t.kind == "memref":
            ident = t.identity_text
            body(f"    %pm_a{k} = memref.alloc() {{alignment = 64 : i64}} : "
                 f"{ident}")
            q = ptr_i64(f"%pm_a{k}", ident, f"a{k}")
            kind = ELEMENT_KINDS[t.elem][0]
            body(f"    %pm_n{k} = arith.constant {t.num_elements} : i64")
            body(f"    %pm_k{k} = arith.constant {kind} : i32")
            body(f"    %pm_s{k} = arith.constant {arg_seed(seed, k)} : i64")
            body(f"    func.call @peakmem_fill({q}, %pm_n{k}, %pm_k{k}, "
                 f"%pm_s{k}) : (i64, i64, i32, i64) -> ()")
            value = f"%pm_a{k}"
            if t.layout is not None:
                body(f"    %pm_c{k} = memref.cast %pm_a{k} : {ident} to "
                     f"{t.text}")
                value = f"%pm_c{k}"
            call_args.append(value)
            digest_args.append((f"%pm_a{k}", ident, t.num_bytes))
        else:
            val = SCALAR_FLOAT_VALUE if t.elem in FLOAT_TYPES \
                else str(SCALAR_INT_VALUE)
            body(f"    %pm_a{k} = arith.constant {val} : {t.text}")
            call_args.append(f"%pm_a{k}")
    body("    func.call @peakmem_begin() : () -> ()")
    arg_types = ", ".join(t.text for t in func.args)
    res_types = ", ".join(t.text for t in func.results)
    call = (f"func.call {func.symbol}({', '.join(call_args)}) : "
            f"({arg_types}) -> ({res_types})")
    nres = len(func.results)
    if nres == 0:
        body(f"    {call}")
        results = []
    elif nres == 1:
        body(f"    %pm_r = {call}")
        results = ["%pm_r"]
    else:
        body(f"    %pm_r:{nres} = {call}")
        results = [f"%pm_r#{k}" for k in range(nres)]
    body("    func.call @peakmem_end() : () -> ()")

    digests = []
    for k, (value, t) in enumerate(zip(results, func.results)):
        if t.kind == "memref":
            if t.layout is None:
                digests.append((value, t.text, t.num_bytes))
                continue
            ident = t.identity_text
            body(f"    %pm_d{k} = memref.alloc() : {ident}")
            body(f"    memref.copy {value}, %pm_d{k} : {t.text} to {ident}")
            digests.append((f"%pm_d{k}", ident, t.num_bytes))
        else:
            ident = f"memref<1x{t.elem}>"
            body(f"    %pm_d{k} = memref.alloc() : {ident}")
            body(f"    %pm_z{k} = arith.constant 0 : index")
            body(f"    memref.store {value}, %pm_d{k}[%pm_z{k}] : {ident}")
            digests.append((f"%pm_d{k}", ident,
                            ELEMENT_KINDS[t.elem][1]))
    digests.extend(digest_args)
    for k, (value, mtype, nbytes) in enumerate(digests):
        q = ptr_i64(value, mtype, f"g{k}")
        body(f"    %pm_b{k} = arith.constant {nbytes} : i64")
        body(f"    func.call @peakmem_digest_add({q}, %pm_b{k}) : "
             "(i64, i64) -> ()")
    body("    func.call @peakmem_digest_print() : () -> ()")
    body("    return")
    body("  }")
    return "\n".join(lines) + "\n"


def append_driver(module_text: str, driver: str) -> str:
    """Inserts the driver before the closing brace of the top-level module
    (as printed by mlir-opt: a line '}' at column 0, before any trailing
    `{-# dialect_resources #-}` section)."""
    lines = module_text.split("\n")
    stop = len(lines)
    for idx, line in enumerate(lines):
        if line.startswith("{-#"):
            stop = idx
            break
    for idx in range(stop - 1, -1, -1):
        if lines[idx] == "}":
            return "\n".join(lines[:idx]) + "\n" + driver + \
                "\n".join(lines[idx:])
    raise ExecError("could not find the end of the top-level module")


def unlowered_ops(lowered: str) -> List[str]:
    """Names of non-LLVM-dialect ops in a lowered module."""
    names = mlirtext.op_names(lowered)
    return sorted(n for n in names if not n.startswith("llvm.")
                  and n != "builtin.module")


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------

@dataclasses.dataclass
class ExecResult:
    function: str
    peak_bytes: int
    output_digest: str
    live_bytes_at_end: int
    alloc_count: int
    free_count: int
    modeled_peak: Optional[int]
    stdout: str
    # Freed blocks whose poison was overwritten (writes after free); always 0
    # in a result returned by execute_text (it raises MemorySafetyError).
    use_after_free_writes: int = 0
    # --allocator caching: its peaks (allocated = rounded blocks, reserved =
    # segments) and every CACHING_FIELDS value; None under malloc.
    allocated_peak_bytes: Optional[int] = None
    reserved_peak_bytes: Optional[int] = None
    caching_stats: Optional[dict] = None


def _field(out: str, key: str) -> str:
    m = re.search(rf"^{key}: (\S+)$", out, re.M)
    if not m:
        raise ExecError(f"mlir-runner output has no '{key}:' line:\n{out}")
    return m.group(1)


def execute_text(text: str, function: Optional[str] = None,
                 keep: Optional[str] = None, seed: int = 0,
                 timeout: Optional[float] = None,
                 opt_level: int = DEFAULT_OPT_LEVEL,
                 allocator: str = "malloc") -> ExecResult:
    """Runs the function under test of a bufferized module given as text
    (`allocator`: a key of RUNTIMES)."""
    if allocator not in RUNTIMES:
        raise ExecError(f"unknown allocator '{allocator}' (expected one of "
                        f"{', '.join(RUNTIMES)})")
    if keep:
        workdir = pathlib.Path(keep)
        workdir.mkdir(parents=True, exist_ok=True)
        return _execute_in(text, function, workdir, seed, timeout, opt_level,
                           allocator)
    with tempfile.TemporaryDirectory(prefix="peakmem-exec-") as tmp:
        return _execute_in(text, function, pathlib.Path(tmp), seed, timeout,
                           opt_level, allocator)


def execute_file(path: str, **kwargs) -> ExecResult:
    return execute_text(pathlib.Path(path).read_text(), **kwargs)


def _run(cmd, what: str, timeout) -> str:
    try:
        return binaries.run(cmd, timeout=timeout)
    except RuntimeError as err:
        raise ExecError(f"{what} failed: {err}") from None
    except subprocess.TimeoutExpired:
        raise ExecError(f"{what} timed out after {timeout} s: "
                        f"{' '.join(map(str, cmd))}") from None


def _execute_in(text: str, function: Optional[str], workdir: pathlib.Path,
                seed: int, timeout, opt_level: int,
                allocator: str = "malloc") -> ExecResult:
    mlir_opt = binaries.llvm_tool("mlir-opt")
    runner = binaries.llvm_tool("mlir-runner")
    runtime = binaries.build_product(RUNTIMES[allocator])

    source = workdir / "input.mlir"
    source.write_text(text)
    # Normalize the printing (pretty form, no comments, aliases at the top)
    # so the signature parse below sees one format.
    normalized = _run([mlir_opt, ALLOW_UNREGISTERED, str(source)],
                      "parsing the input", timeout)
    funcs = parse_functions(normalized)
    func = select_function(funcs, function)
    name = driver_name(normalized)
    declared = {f.name for f in funcs if f.name in RUNTIME_DECLS}
    driver = generate_driver(func, name, seed, declared)
    driven = workdir / "driver.mlir"
    driven.write_text(append_driver(normalized, driver))

    lowered = workdir / "lowered.mlir"
    _run([mlir_opt, ALLOW_UNREGISTERED, str(driven), *LOWERING_PASSES,
          "-o", str(lowered)],
         "lowering to LLVM", timeout)
    lowered_text = lowered.read_text()
    left = unlowered_ops(lowered_text)
    if left:
        raise ExecError(
            "ops left after lowering to LLVM (not handled by the upstream "
            f"passes used; decompose them before bufferization): "
            f"{', '.join(left)}")
    stripped = strip_peakmem_attributes(lowered_text)
    if stripped != lowered_text:
        lowered.write_text(stripped)
    libs = ",".join(runner_libs() + [runtime])
    cmd = [runner, str(lowered), "-e", name, "-entry-point-result=void",
           f"-O{opt_level}", f"-shared-libs={libs}"]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ExecError(f"mlir-runner timed out after {timeout} s: "
                        f"{' '.join(map(str, cmd))}") from None
    out = proc.stdout
    (workdir / "run.out").write_text(out + proc.stderr)
    errors = _RUNTIME_ERROR.findall(proc.stderr)
    if proc.returncode != 0:
        if errors:
            raise MemorySafetyError(
                f"memory error in @{func.name} (mlir-runner exit code "
                f"{proc.returncode}):\n" + "\n".join(errors))
        raise ExecError(f"mlir-runner failed: command failed "
                        f"({proc.returncode}): {' '.join(map(str, cmd))}\n"
                        f"{proc.stderr[-4000:]}")
    res = ExecResult(
        function=func.name,
        peak_bytes=int(_field(out, "peak_bytes")),
        output_digest=_field(out, "output_digest"),
        live_bytes_at_end=int(_field(out, "live_bytes_at_end")),
        alloc_count=int(_field(out, "alloc_count")),
        free_count=int(_field(out, "free_count")),
        modeled_peak=modeled_peak(func),
        stdout=out,
        use_after_free_writes=int(_field(out, "use_after_free_writes")))
    if allocator == "caching":
        res.caching_stats = {k: int(_field(out, k)) for k in CACHING_FIELDS}
        res.allocated_peak_bytes = res.caching_stats["allocated_peak_bytes"]
        res.reserved_peak_bytes = res.caching_stats["reserved_peak_bytes"]
    if res.use_after_free_writes:
        raise MemorySafetyError(
            f"use after free in @{func.name}: use_after_free_writes: "
            f"{res.use_after_free_writes} (freed blocks written after their "
            "free)\n" + "\n".join(errors), res)
    return res
