# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Running peakmem-opt / mlir-opt pipelines and reading what the passes
report: the peakmem.* function attributes (parsed by peakmem.mlirtext) and
peakmem-report's JSON timeline."""

import json
import pathlib
import subprocess
import tempfile
import time
from typing import Dict, Optional, Tuple

from peakmem import mlirtext, binaries

def run_opt(text: str, pipeline: str, *, tool: str = "peakmem-opt",
            extra=(), timeout: Optional[float] = None) -> Tuple[str, str, float]:
    """Runs `pipeline` (a --pass-pipeline string) on module `text`.

    Returns (output module, stderr, wall seconds). Raises binaries.ToolFailed
    (a RuntimeError) on failure.
    """
    exe = binaries.build_product("bin/peakmem-opt") if tool == "peakmem-opt" \
        else binaries.llvm_tool(tool)
    cmd = [exe, "-", f"--pass-pipeline={pipeline}", *extra]
    start = time.perf_counter()
    proc = subprocess.run(cmd, input=text, capture_output=True, text=True,
                          timeout=timeout)
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        raise binaries.ToolFailed(f"{tool} {pipeline} failed:\n{proc.stderr[-4000:]}")
    return proc.stdout, proc.stderr, seconds


def function_attrs(text: str, function: Optional[str] = None) -> Dict[str, object]:
    """peakmem.* scalar attributes of a function (the first one by default),
    without the prefix: {"peak": 6144, "optimal": True, ...}."""
    func = mlirtext.find_function(text, function)
    if func is None:
        return {}
    return {k: v for k, v in func.peakmem_attrs().items() if isinstance(v, int)}


def arena_stats(text: str, function: Optional[str] = None) -> dict:
    """peakmem-plan-arena's `peakmem.arena_stats` of a function (the first one
    by default): {"baselines": {name: bytes}, "stop": reason}, or {}."""
    func = mlirtext.find_function(text, function)
    stats = func.peakmem_attrs().get("arena_stats") if func else None
    if not isinstance(stats, dict):
        return {}
    return {"baselines": dict(stats.get("baselines", {})), "stop": stats.get("stop")}


def timeline(text: str, function: Optional[str] = None) -> dict:
    """The report pass's per-statement live bytes of a function's body."""
    with tempfile.TemporaryDirectory(prefix="peakmem-json-") as tmp:
        path = pathlib.Path(tmp) / "timeline.json"
        run_opt(text, f"builtin.module(func.func(peakmem-report{{json={path} remarks=0}}))")
        data = json.loads(path.read_text())
    for entry in data:
        if function is None or entry["function"] == function:
            return entry
    raise KeyError(function)
