# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Issue #23's run-twice check (docs/Testing.md "Determinism"): a pass run
on one module holding every program of a batch, once with
--mlir-disable-threading and once multi-threaded while a busy sibling
process competes for the CPU, must print the same bytes (output and
diagnostics). Runs the passes of config.DETERMINISTIC, those whose
searches stop on work units rather than on the clock."""

import subprocess
import sys
from typing import List

from . import config
from .model import Program
from .parse import parse_diags, split_functions
from .pass_common import PASSES, VERIFY, PassOutcome
from .runner import func_pipeline, opt_run

# The pipelines the check can run, by name (config.DETERMINISTIC).
PIPELINES = dict(PASSES, verify=VERIFY,
                 arena="peakmem-reorder,peakmem-plan-arena,"
                       "peakmem-verify-arena",
                 **{"arena-opt": "peakmem-optimize{arena=alloc},"
                                 "peakmem-verify-arena"})


def batch_module(progs: List[Program]) -> str:
    """One module with every program (declarations once each)."""
    attrs = sorted({p.module_attrs for p in progs if p.module_attrs})
    head = f"module attributes {{{', '.join(attrs)}}} {{\n" if attrs else \
        "module {\n"
    seen, decls = set(), []
    for p in progs:
        for line in p.decls_text().splitlines(keepends=True):
            if line not in seen or not line.strip().startswith(
                    "func.func private"):
                seen.add(line)
                decls.append(line)
    return head + "".join(decls) + "".join(p.text for p in progs) + "}\n"


def run_busy(text: str, pipeline: str):
    """The pipeline, multi-threaded, while a sibling process spins."""
    sibling = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        return opt_run(text, pipeline)
    finally:
        sibling.kill()
        sibling.wait()


def check_determinism(progs: List[Program], outs, names=None):
    """Every pass of `names` (default config.DETERMINISTIC) twice on the
    batch; each function whose text or diagnostics differ between the two
    runs is a problem of its program, any other difference (order, exit
    code) one of the batch."""
    names = config.DETERMINISTIC if names is None else names
    progs = [p for p in progs if not p.refused]
    if not progs:
        return
    text = batch_module(progs)
    for name in names:
        pipe = func_pipeline(PIPELINES[name])
        one = opt_run(text, pipe, extra=["--mlir-disable-threading"])
        two = run_busy(text, pipe)
        if one == two:
            for p in progs:
                outs[p.seed].count(f"deterministic: {name}")
            continue
        attribute(progs, outs, name, one, two)


def attribute(progs: List[Program], outs, name: str, one, two):
    """The programs whose output or diagnostics differ between two runs."""
    f1, f2 = split_functions(one[1]), split_functions(two[1])
    d1, d2 = parse_diags(one[2]), parse_diags(two[2])
    found = False
    for p in progs:
        o: PassOutcome = outs[p.seed]
        diags1 = [d.text for d in d1 if d.seed == p.seed]
        diags2 = [d.text for d in d2 if d.seed == p.seed]
        if f1.get(p.name) != f2.get(p.name) or diags1 != diags2:
            found = True
            o.problems.append(
                f"determinism: {name} prints other bytes multi-threaded "
                "under load than with --mlir-disable-threading: " +
                ("function differs" if f1.get(p.name) != f2.get(p.name)
                 else f"diagnostics {diags1} vs {diags2}")[:1500])
    if not found:
        outs[progs[0].seed].problems.append(
            f"determinism: {name}: the two runs differ (exit codes "
            f"{one[0]}, {two[0]}) outside any one function's text and "
            "diagnostics")
