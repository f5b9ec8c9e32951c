# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Totals of an every-pass run and the description of a failing program."""

from typing import Dict, List

from .config import SHAPES_BASE
from .pass_common import PASSES, PassOutcome
from .runner import func_pipeline
from .seeds import generate


def summarize_passes(outs: List[PassOutcome]) -> Dict[str, int]:
    s: Dict[str, int] = {
        "programs": len(outs),
        "failed": sum(not o.ok for o in outs),
        "refused": sum(bool(o.refused) for o in outs),
        "modeled": sum(not o.refused for o in outs),
        "brute_force_checked": sum(o.reorder is not None and
                                   o.reorder.optimum is not None
                                   for o in outs),
        "reorder_improved": sum(o.reorder is not None and o.reorder.ok and
                                o.reorder.output_peak < o.reorder.input_peak
                                for o in outs),
        "recompute_cloned": sum(o.clones > 0 for o in outs),
        "cloned_ops": sum(o.clones for o in outs),
        "records": sum(o.records for o in outs),
        "tight_records": sum(o.tight for o in outs),
        "mutated_programs": sum(o.decidable for o in outs),
        "executed": sum(o.executed is not None for o in outs),
        "executed_inexact": sum(o.executed.inexact for o in outs
                                if o.executed is not None),
    }
    for o in outs:
        p = generate(o.seed) if o.seed >= SHAPES_BASE else None
        for k in (p.shapes if p else {}):
            s["shape " + k] = s.get("shape " + k, 0) + 1
            if not o.ok:
                s["shape " + k + " failed"] = \
                    s.get("shape " + k + " failed", 0) + 1
                if any(x.startswith("execution:") for x in o.problems):
                    s["shape " + k + " failed in execution"] = s.get(
                        "shape " + k + " failed in execution", 0) + 1
        if p is not None and p.refused:
            s["huge " + p.refused] = s.get("huge " + p.refused, 0) + 1
            if not o.ok:
                s["huge " + p.refused + " failed"] = \
                    s.get("huge " + p.refused + " failed", 0) + 1
        for k, v in o.variants.items():
            s[k] = s.get(k, 0) + v
        for k, v in o.known.items():
            s["known bug: " + k] = s.get("known bug: " + k, 0) + 1
    return s


def describe_pass_failure(o: PassOutcome) -> str:
    p = generate(o.seed)
    refused = f", refused: {p.refused}" if p.refused else ""
    if p.shapes:
        refused += ", new shapes: " + ", ".join(sorted(p.shapes))
    return "\n".join(
        [f"seed {o.seed} (@{p.name}{refused}):"]
        + [f"  - {x}" for x in o.problems] +
        [f"  reproduce: /usr/bin/python3 test/python/fuzz --show {o.seed} "
         f"> /tmp/p.mlir; build/bin/peakmem-opt /tmp/p.mlir "
         f"-p '{func_pipeline(PASSES['optimize'])}'", "  input:",
         p.module()])


def failure_report(outs: List[PassOutcome], show: int = 3) -> str:
    """The assertion message of a batch: every failing seed, the first
    `show` of them in full (describe_pass_failure)."""
    bad = [o for o in outs if not o.ok]
    lines = [f"{len(bad)} of {len(outs)} programs failed: seeds "
             f"{[o.seed for o in bad]}"]
    lines += [describe_pass_failure(o) for o in bad[:show]]
    return "\n".join(lines)
