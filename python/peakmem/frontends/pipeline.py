"""The upstream lowering route: TOSA -> linalg on tensors -> fused -> memref with frees.

Every stage is one mlir-opt invocation so that `--keep-stages` can write them.
"""

import pathlib
import re
import time

from .. import tools

# (stage name, mlir-opt arguments)
STAGES = [
    ("linalg", ["--pass-pipeline=builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,"
                "tosa-to-arith{include-apply-rescale=true},tosa-to-tensor),canonicalize)"]),
    ("fused", ["--pass-pipeline=builtin.module(linalg-fuse-elementwise-ops,canonicalize)"]),
    ("bufferized", ["--one-shot-bufferize=bufferize-function-boundaries "
                    "function-boundary-type-conversion=identity-layout-map"]),
    ("dealloc", ["--buffer-deallocation-pipeline", "--convert-bufferization-to-memref",
                 "--canonicalize"]),
]

STAGE_NAMES = ["tosa"] + [s[0] for s in STAGES]


class PipelineError(RuntimeError):
    pass


def run_pipeline(tosa_text, keep_dir=None, stem="model", fuse=True):
    """Runs every stage; returns (final_text, {stage: seconds})."""
    mlir_opt = tools.llvm_tool("mlir-opt")
    text = tosa_text
    times = {}
    if keep_dir:
        keep_dir = pathlib.Path(keep_dir)
        keep_dir.mkdir(parents=True, exist_ok=True)
        (keep_dir / f"{stem}.0.tosa.mlir").write_text(text)
    for i, (name, args) in enumerate(STAGES, start=1):
        if name == "fused" and not fuse:
            continue
        t0 = time.perf_counter()
        try:
            text = tools.run([mlir_opt, "-", *args], input_text=text)
        except RuntimeError as err:
            raise PipelineError(f"mlir-opt stage '{name}' failed: {err}") from None
        times[name] = time.perf_counter() - t0
        if keep_dir:
            (keep_dir / f"{stem}.{i}.{name}.mlir").write_text(text)
    return text, times


def func_bodies(text):
    """Text of the function bodies (everything after the first func.func)."""
    i = text.find("func.func")
    return text[i:] if i >= 0 else text


_OP_RE = re.compile(r"^\s*(?:%[^=]+=\s*)?\"?([a-z_]+\.[a-z_0-9.]+)", re.M)


def op_counts(text):
    counts = {}
    for m in _OP_RE.finditer(func_bodies(text)):
        counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    return counts


def check_final(text):
    """Returns a list of problems with a final bufferized module (empty = ok)."""
    problems = []
    counts = op_counts(text)
    for op, n in sorted(counts.items()):
        dialect = op.split(".")[0]
        if dialect in ("tensor", "bufferization", "tosa"):
            problems.append(f"{n} x {op} left")
        if op == "scf.if":
            problems.append(f"{n} x scf.if left (guarded frees?)")
    body = func_bodies(text)
    if re.search(r"\btensor<", body.replace("dense<", "")) and " : tensor<" in body:
        # Only constants' literal types may mention tensor<...> (memref.global).
        for line in body.splitlines():
            if "tensor<" in line and "memref.global" not in line and "dense<" not in line:
                problems.append(f"tensor value left: {line.strip()[:120]}")
                break
    return problems


def stats(text):
    counts = op_counts(text)
    body = func_bodies(text)
    statements = 0
    depth = 0
    for line in body.splitlines():
        s = line.strip()
        # Count statements at function-body depth 1 (top-level ops of @main).
        if depth == 1 and s and not s.startswith("}") and not s.startswith("^"):
            statements += 1
        depth += s.count("{") - s.count("}")
    return {
        "allocs": counts.get("memref.alloc", 0),
        "deallocs": counts.get("memref.dealloc", 0),
        "statements": statements,
    }
