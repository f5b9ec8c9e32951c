# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The upstream lowering route: TOSA -> linalg on tensors -> fused -> memref with frees.

Every stage is one mlir-opt invocation so that `--keep-stages` can write them.
"""

import pathlib
import re
import time

from .. import mlirtext, binaries

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
    mlir_opt = binaries.llvm_tool("mlir-opt")
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
            text = binaries.run([mlir_opt, "-", *args], input_text=text)
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


def op_counts(text):
    return mlirtext.op_counts(func_bodies(text))


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


_SIZE_BYTES = {"f32": 4, "i32": 4, "f16": 2, "i16": 2, "i8": 1, "ui8": 1, "i64": 8, "f64": 8,
               "i1": 1, "index": 8}


def top_level_ops(text):
    """Names of the top-level ops of the (single) function body, in order."""
    return mlirtext.top_level_ops(func_bodies(text))


def alloc_bytes(text):
    """Byte sizes of every memref.alloc (static shapes)."""
    sizes = []
    for m in re.finditer(r"memref\.alloc\(\)[^\n]*: memref<([^>]*)>", text):
        dims = m.group(1).split(",")[0].split("x")
        n = 1
        for d in dims[:-1]:
            n *= int(d)
        sizes.append(n * _SIZE_BYTES.get(dims[-1], 4))
    return sizes


def stats(text):
    ops = top_level_ops(text)
    trivial = {"arith.constant", "memref.get_global", "func.return"}
    sizes = alloc_bytes(text)
    return {
        "allocs": ops.count("memref.alloc"),
        "deallocs": ops.count("memref.dealloc"),
        "statements": sum(1 for o in ops if o not in trivial),
        "alloc_bytes": sum(sizes),
        "largest_alloc": max(sizes) if sizes else 0,
    }
