"""Running peakmem-opt / mlir-opt pipelines and reading peakmem attributes."""

import json
import pathlib
import re
import subprocess
import tempfile
import time
from typing import Dict, Optional, Tuple

from peakmem import tools

ATTR_RE = re.compile(r"peakmem\.(peak|lower_bound|optimal|macs|arena_size|arena_lower_bound|"
                     r"arena_optimal|arena_alignment)\s*=\s*(true|false|-?\d+)")
ARENA_STATS_RE = re.compile(r"peakmem\.arena_stats\s*=\s*\{baselines\s*=\s*\{([^}]*)\}"
                            r"\s*,\s*stop\s*=\s*\"([\w-]+)\"\s*\}")


def run_opt(text: str, pipeline: str, *, tool: str = "peakmem-opt",
            extra=(), timeout: Optional[float] = None) -> Tuple[str, str, float]:
    """Runs `pipeline` (a --pass-pipeline string) on module `text`.

    Returns (output module, stderr, wall seconds). Raises tools.ToolFailed
    (a RuntimeError) on failure.
    """
    exe = tools.build_product("bin/peakmem-opt") if tool == "peakmem-opt" \
        else tools.llvm_tool(tool)
    cmd = [exe, "-", f"--pass-pipeline={pipeline}", *extra]
    start = time.perf_counter()
    proc = subprocess.run(cmd, input=text, capture_output=True, text=True,
                          timeout=timeout)
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        raise tools.ToolFailed(f"{tool} {pipeline} failed:\n{proc.stderr[-4000:]}")
    return proc.stdout, proc.stderr, seconds


def function_attrs(text: str, function: Optional[str] = None) -> Dict[str, object]:
    """peakmem.* scalar attributes of a function (the first one by default)."""
    for line in text.splitlines():
        m = re.match(r"\s*func\.func\s+(?:public\s+|private\s+)?@([\w.$-]+)", line)
        if not m or (function and m.group(1) != function):
            continue
        attrs = {}
        for key, value in ATTR_RE.findall(line):
            attrs[key] = value == "true" if value in ("true", "false") else int(value)
        return attrs
    return {}


def arena_stats(text: str, function: Optional[str] = None) -> dict:
    """peakmem-plan-arena's `peakmem.arena_stats` of a function (the first one
    by default): {"baselines": {name: bytes}, "stop": reason}, or {}."""
    for line in text.splitlines():
        m = re.match(r"\s*func\.func\s+(?:public\s+|private\s+)?@([\w.$-]+)", line)
        if not m or (function and m.group(1) != function):
            continue
        s = ARENA_STATS_RE.search(line)
        if not s:
            return {}
        baselines = {k: int(v) for k, v in
                     re.findall(r'"([\w-]+)"\s*=\s*(-?\d+)', s.group(1))}
        return {"baselines": baselines, "stop": s.group(2)}
    return {}


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
