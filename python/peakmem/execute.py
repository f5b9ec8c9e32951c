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
import sys
import tempfile
from typing import List, Optional, Tuple

from peakmem import tools

# Lowering of the module (input + driver) to the LLVM dialect. Upstream passes
# only; each one is a no-op on a module without the ops it handles.
LOWERING_PASSES = [
    "--async-to-async-runtime",           # async.execute -> coroutines
    "--async-runtime-ref-counting",
    "--async-runtime-ref-counting-opt",
    "--convert-async-to-llvm",            # calls of libmlir_async_runtime
    "--convert-bufferization-to-memref",  # bufferization.dealloc / clone
    "--expand-realloc",                   # realloc -> alloc + copy + dealloc
    "--scf-forall-to-for",
    "--convert-linalg-to-loops",          # convs, matmul, generic, fill...
    "--convert-math-to-funcs",            # math.ipowi / fpowi
    "--expand-strided-metadata",          # subview, expand/collapse_shape
    "--lower-affine",
    "--convert-scf-to-cf",
    "--arith-expand",                     # ceildivsi, floordivsi, ...
    "--convert-math-to-llvm",             # exp, log, sqrt, rsqrt, tanh...
    "--convert-math-to-libm",             # the rest: erf, atan, ... -> libm
    "--convert-vector-to-llvm",           # vector element types / ops
    "--convert-complex-to-llvm",          # complex element types / ops
    "--finalize-memref-to-llvm=use-generic-functions=true",
    "--convert-arith-to-llvm",
    "--convert-index-to-llvm",
    "--convert-ub-to-llvm",
    "--convert-func-to-llvm",
    "--convert-cf-to-llvm",
    "--reconcile-unrealized-casts",
]

# Attributes of dialects mlir-opt does not know (e.g. `#peakmem<...>` values
# left by the project's passes) must not stop the harness.
ALLOW_UNREGISTERED = "--allow-unregistered-dialect"

# mlir-runner's LLVM optimization level (-O0..-O3). The digest and the
# counted bytes do not depend on it (no fast-math; the allocation hooks are
# opaque external calls that LLVM never removes). -O0 is the default because
# LLVM's optimizer dominates the run time on real networks: mobilenet_v2 of
# the corpus takes 7 s in total at -O0, 27 s at -O1, 95 s at -O3.
DEFAULT_OPT_LEVEL = 0

RUNNER_LIBS = [
    "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so",
    "/usr/lib/llvm-22/lib/libmlir_runner_utils.so",
    "/usr/lib/llvm-22/lib/libmlir_async_runtime.so",
]

# element type -> (peakmem_fill kind, bytes per element). Keep the kinds in
# sync with the enum in lib/Runtime/CountingAllocator.c.
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
# Textual parsing (of mlir-opt's normalized output)
# --------------------------------------------------------------------------

_OPEN = {"(": ")", "[": "]", "{": "}", "<": ">"}
_CLOSE = {")", "]", "}", ">"}


def _skip_string(text: str, i: int) -> int:
    """text[i] == '"'; returns the index after the closing quote."""
    i += 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == '"':
            return i + 1
        i += 1
    raise ExecError("unterminated string in function signature")


def _match(text: str, i: int) -> int:
    """text[i] is an opener; returns the index after its closer."""
    depth = 0
    while i < len(text):
        c = text[i]
        if text.startswith("->", i) or text.startswith(">=", i) or \
                text.startswith("<=", i):
            i += 2
            continue
        if c == '"':
            i = _skip_string(text, i)
            continue
        if c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ExecError("unbalanced brackets in function signature")


def _token(text: str, i: int) -> int:
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
            i = _skip_string(text, i)
        elif c in _OPEN:
            i = _match(text, i)
        elif c in _CLOSE:
            return i
        else:
            i += 1
    return i


def _split_top(text: str) -> List[str]:
    """Splits at commas outside brackets."""
    parts, start, i = [], 0, 0
    while i < len(text):
        c = text[i]
        if text.startswith("->", i):
            i += 2
            continue
        if c == '"':
            i = _skip_string(text, i)
            continue
        if c in _OPEN:
            i = _match(text, i)
            continue
        if c == ",":
            parts.append(text[start:i].strip())
            start = i + 1
        i += 1
    tail = text[start:].strip()
    if tail:
        parts.append(tail)
    return parts


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
    parts = _split_top(text[len("memref<"):-1])
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


_FUNC_RE = re.compile(
    r'^  func\.func\s+(?:(public|private|nested)\s+)?'
    r'@("(?:[^"\\]|\\.)*"|[\w$.\-]+)\(', re.M)


def _type_of_entry(entry: str) -> str:
    """`%arg0: T {attrs}` or `T {attrs}` -> T."""
    if entry.startswith("%"):
        colon = entry.index(":")
        entry = entry[colon + 1:].lstrip()
    return entry[:_token(entry, 0)]


def _lenient_type(text: str, what: str) -> ValueType:
    """parse_type, deferring errors to the driver generation (only the
    function under test has to have a supported signature)."""
    try:
        return parse_type(text, what)
    except ExecError as err:
        return ValueType(text, "other", error=str(err))


def parse_functions(text: str) -> List[FuncInfo]:
    """Top-level func.func ops of a module printed by mlir-opt."""
    funcs = []
    for m in _FUNC_RE.finditer(text):
        paren = m.end() - 1
        end = _match(text, paren)
        args = [_type_of_entry(e) for e in _split_top(text[paren + 1:end - 1])]
        i = end
        while text[i] == " ":
            i += 1
        results: List[str] = []
        if text.startswith("->", i):
            i += 2
            while text[i] == " ":
                i += 1
            if text[i] == "(":
                rend = _match(text, i)
                results = [_type_of_entry(e)
                           for e in _split_top(text[i + 1:rend - 1])]
                i = rend
            else:
                rend = _token(text, i)
                results = [text[i:rend]]
                i = rend
        while text[i] == " ":
            i += 1
        attributes = ""
        if text.startswith("attributes", i):
            i += len("attributes")
            while text[i] == " ":
                i += 1
            aend = _match(text, i)
            attributes = text[i:aend]
            i = aend
        while text[i] == " ":
            i += 1
        name = m.group(2)
        funcs.append(FuncInfo(
            name=name, visibility=m.group(1) or "public",
            has_body=text[i] == "{",
            args=[_lenient_type(t, f"@{name} argument #{k}")
                  for k, t in enumerate(args)],
            results=[_lenient_type(t, f"@{name} result #{k}")
                     for k, t in enumerate(results)],
            attributes=attributes))
    return funcs


def modeled_peak(func: FuncInfo) -> Optional[int]:
    """The `peakmem.peak = N` attribute set by the peakmem-report pass."""
    m = re.search(r"(?<![\w.])peakmem\.peak\s*=\s*(-?\d+)", func.attributes)
    return int(m.group(1)) if m else None


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

def _symbols(text: str) -> set:
    """Every symbol name mentioned anywhere (definitions and uses)."""
    return {a or b for a, b in
            re.findall(r'@([\w$.\-]+)|@"((?:[^"\\]|\\.)*)"', text)}


def driver_name(text: str) -> str:
    """`main` unless the module already uses that symbol."""
    used = _symbols(text)
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


_PEAKMEM_KEY = re.compile(r"peakmem\.[\w$.\-]*\s*=\s*")


def _entry_end(text: str, k: int) -> int:
    """End of an attribute value starting at k: the next ',' or '}' at
    depth 0."""
    n = len(text)
    while k < n and text[k] not in ",}":
        if text.startswith("->", k):
            k += 2
        elif text[k] == '"':
            k = _skip_string(text, k)
        elif text[k] in _OPEN:
            k = _match(text, k)
        else:
            k += 1
    return k


def strip_peakmem_attributes(text: str) -> str:
    """Drops `peakmem.* = VALUE` entries from every attribute dictionary.

    Used on the LOWERED module only (the input function was lowered with
    them): mlir-runner has no --allow-unregistered-dialect, so a value such
    as `#peakmem<...>` carried over to an llvm.func would stop it.
    """
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
            i = _skip_string(text, i)
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


_OP_RE = re.compile(r'^\s*(?:%[^=]*=\s*)?"?([a-z_][\w$]*\.[\w$.]+)[\s"(<{]',
                    re.M)


def unlowered_ops(lowered: str) -> List[str]:
    """Names of non-LLVM-dialect ops in a lowered module."""
    body = lowered.split("\n{-#", 1)[0]
    names = {m.group(1) for m in _OP_RE.finditer(body)}
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


def _field(out: str, key: str) -> str:
    m = re.search(rf"^{key}: (\S+)$", out, re.M)
    if not m:
        raise ExecError(f"mlir-runner output has no '{key}:' line:\n{out}")
    return m.group(1)


def execute_text(text: str, function: Optional[str] = None,
                 keep: Optional[str] = None, seed: int = 0,
                 timeout: Optional[float] = None,
                 opt_level: int = DEFAULT_OPT_LEVEL) -> ExecResult:
    """Runs the function under test of a bufferized module given as text."""
    if keep:
        workdir = pathlib.Path(keep)
        workdir.mkdir(parents=True, exist_ok=True)
        return _execute_in(text, function, workdir, seed, timeout, opt_level)
    with tempfile.TemporaryDirectory(prefix="peakmem-exec-") as tmp:
        return _execute_in(text, function, pathlib.Path(tmp), seed, timeout,
                           opt_level)


def execute_file(path: str, **kwargs) -> ExecResult:
    return execute_text(pathlib.Path(path).read_text(), **kwargs)


def _run(cmd, what: str, timeout) -> str:
    try:
        return tools.run(cmd, timeout=timeout)
    except RuntimeError as err:
        raise ExecError(f"{what} failed: {err}") from None
    except subprocess.TimeoutExpired:
        raise ExecError(f"{what} timed out after {timeout} s: "
                        f"{' '.join(map(str, cmd))}") from None


def _execute_in(text: str, function: Optional[str], workdir: pathlib.Path,
                seed: int, timeout, opt_level: int) -> ExecResult:
    mlir_opt = tools.llvm_tool("mlir-opt")
    runner = tools.llvm_tool("mlir-runner")
    runtime = tools.build_product("lib/libpeakmem_runtime.so")

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
    libs = ",".join(RUNNER_LIBS + [runtime])
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
    if res.use_after_free_writes:
        raise MemorySafetyError(
            f"use after free in @{func.name}: use_after_free_writes: "
            f"{res.use_after_free_writes} (freed blocks written after their "
            "free)\n" + "\n".join(errors), res)
    return res


# --------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------

def add_arguments(parser):
    parser.add_argument("file", help="bufferized MLIR module ('-' for stdin)")
    parser.add_argument("--function", default=None,
                        help="function under test (default: the only public "
                             "func.func with a body)")
    parser.add_argument("--keep", metavar="DIR", default=None,
                        help="keep input/driver/lowered module and the runner "
                             "output in DIR")
    parser.add_argument("--check-model", action="store_true",
                        help="fail unless measured peak_bytes equals the "
                             "function's peakmem.peak attribute")
    parser.add_argument("--seed", type=int, default=0,
                        help="input data seed (default 0)")
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds per tool invocation")
    parser.add_argument("--opt-level", type=int, choices=range(4),
                        default=DEFAULT_OPT_LEVEL, metavar="0-3",
                        help="mlir-runner -O level (default "
                             f"{DEFAULT_OPT_LEVEL})")
    parser.add_argument("--verbose", action="store_true",
                        help="also print live_bytes_at_end, alloc_count, "
                             "free_count")


def run(args):
    try:
        text = sys.stdin.read() if args.file == "-" else \
            pathlib.Path(args.file).read_text()
        res = execute_text(text, function=args.function, keep=args.keep,
                           seed=args.seed, timeout=args.timeout,
                           opt_level=args.opt_level)
    except MemorySafetyError as err:
        if err.result is not None:
            print(f"peak_bytes: {err.result.peak_bytes}")
            print(f"output_digest: {err.result.output_digest}")
            print("use_after_free_writes: "
                  f"{err.result.use_after_free_writes}")
            sys.stdout.flush()
        print(f"peakmem exec: error: {err}", file=sys.stderr)
        return 3
    except (ExecError, FileNotFoundError, OSError) as err:
        print(f"peakmem exec: error: {err}", file=sys.stderr)
        return 2
    print(f"peak_bytes: {res.peak_bytes}")
    print(f"output_digest: {res.output_digest}")
    if args.verbose:
        print(f"live_bytes_at_end: {res.live_bytes_at_end}")
        print(f"alloc_count: {res.alloc_count}")
        print(f"free_count: {res.free_count}")
        print(f"use_after_free_writes: {res.use_after_free_writes}")
    if args.check_model:
        sys.stdout.flush()  # keep stdout before the error when piped 2>&1
        if res.modeled_peak is None:
            print(f"peakmem exec: error: --check-model: @{res.function} has "
                  "no peakmem.peak attribute (run the peakmem-report pass "
                  "first)", file=sys.stderr)
            return 1
        if res.modeled_peak != res.peak_bytes:
            print(f"peakmem exec: error: model mismatch for @{res.function}: "
                  f"modeled peakmem.peak = {res.modeled_peak} but measured "
                  f"peak_bytes = {res.peak_bytes} (difference "
                  f"{res.peak_bytes - res.modeled_peak:+d})", file=sys.stderr)
            return 1
        print(f"model_matches: {res.peak_bytes}")
    sys.stdout.flush()
    return 0
