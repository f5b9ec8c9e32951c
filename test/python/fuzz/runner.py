# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Running peakmem-opt: one module, or many chunks in one
--split-input-file invocation with crashes bisected down to their chunk."""

import dataclasses
import subprocess
import time
from typing import Dict, List, Set, Tuple

from .parse import Diag, parse_diags, split_functions


CRASH_SIGNS = ("LLVM ERROR", "Stack dump", "PLEASE submit a bug report",
               "Assertion", "Segmentation fault", "UNREACHABLE",
               "AddressSanitizer", "runtime error:")


def peakmem_opt(text: str, pipeline: str, timeout=600):
    from peakmem import binaries
    exe = binaries.build_product("bin/peakmem-opt")
    proc = subprocess.run(
        [exe, "-", f"--pass-pipeline={pipeline}", "--mlir-print-debuginfo",
         "--mlir-print-local-scope"],
        input=text, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def func_pipeline(*passes: str) -> str:
    return f"builtin.module(func.func({','.join(passes)}))"


def opt_run(text: str, pipeline: str, extra=(), timeout=600):
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
    rc, out, err = opt_run(text, pipeline, extra=["--split-input-file"])
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
