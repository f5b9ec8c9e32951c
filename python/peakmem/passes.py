# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Running peakmem-opt / mlir-opt pipelines and reading what the passes
report, as data only: the peakmem.* function attributes (parsed by
peakmem.mlirtext), among them the records of what each pass did
(peakmem.reorder, peakmem.reorder_tensors, peakmem.recompute; docs/Passes.md,
"Records"), peakmem-report's JSON timeline and MLIR's JSON pass timing.
Nothing here (or anywhere in python/ and tools/) reads remark text: remarks
are for people, and their wording may change."""

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
    by default): {"baselines": {name: bytes}, "stop": reason, "order": kept |
    reordered | traded, "live_bound", "live_bound_before"[, ...]}, or {}."""
    func = mlirtext.find_function(text, function)
    stats = func.peakmem_attrs().get("arena_stats") if func else None
    if not isinstance(stats, dict):
        return {}
    return dict(stats, baselines=dict(stats.get("baselines", {})))


def record(text: str, name: str, function: Optional[str] = None) -> dict:
    """The record `peakmem.<name>` of a function (the first one by default)
    as a dict, or {} when the pass wrote none (not run, not modeled, or the
    record was dropped because a later pass changed the block)."""
    func = mlirtext.find_function(text, function)
    rec = func.peakmem_attrs().get(name) if func else None
    return dict(rec) if isinstance(rec, dict) else {}


def recompute_note(rec: dict) -> str:
    """One line on what peakmem-recompute did, from its record: the reason
    nothing was cloned, or the peaks and the extra MACs and operations."""
    if not rec:
        return ""
    if not rec.get("cloned_ops"):
        return rec.get("reason", "")
    def grown(key):
        before, after = rec[f"{key}_before"], rec[f"{key}_after"]
        return (f"{before} -> {after} (+{100.0 * (after - before) / max(1, before):.3f}%)")
    return (f"peak {rec['peak_before']} -> {rec['peak_after']} bytes by recomputing "
            f"{rec['cloned_ops']} ops; MACs {grown('macs')}, operations {grown('ops')}")


def timing_arguments():
    """peakmem-opt / mlir-opt options that print pass timing as JSON (read
    by pass_times)."""
    return ["-mlir-timing", "-mlir-timing-display=list", "-mlir-output-format=json"]


def pass_times(stderr: str) -> Dict[str, float]:
    """Wall seconds per timer name ("ReorderPass", "Parser", ...) from the
    JSON timing report that timing_arguments() makes MLIR print at the end
    of stderr (after any diagnostics); {} when there is none."""
    lines = stderr.splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip() == "["]
    if not starts:
        return {}
    try:
        entries = json.loads("\n".join(lines[starts[-1]:]))
    except ValueError:
        return {}
    times: Dict[str, float] = {}
    for entry in entries:
        if isinstance(entry, dict) and "name" in entry:
            times[entry["name"]] = float(entry.get("wall", {}).get("duration", 0.0))
    return times


def timeline(text: str, function: Optional[str] = None) -> dict:
    """The report pass's per-statement live bytes of a function's body."""
    with tempfile.TemporaryDirectory(prefix="peakmem-json-") as tmp:
        path = pathlib.Path(tmp) / "timeline.json"
        # On the module, so that a caller of a bodied function is modeled too.
        run_opt(text, f"builtin.module(peakmem-report{{json={path} remarks=0}})")
        data = json.loads(path.read_text())
    for entry in data:
        if function is None or entry["function"] == function:
            return entry
    raise KeyError(function)
