# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The fuzz and differential checks (the fuzz package: check_programs against the
oracle, check_executions before/after, check_passes with certificates,
mutations and executions) on training-shaped programs (fuzz.TRAIN_BASE..:
many activations kept alive for a backward phase, weight arguments updated
in place, directly or through a temporary and memref.copy).

PEAKMEM_FUZZ_TRAIN_PROGRAMS / PEAKMEM_FUZZ_TRAIN_EXEC scale the run (long
runs: docs/Testing.md)."""

import os

import pytest

import fuzz
from peakmem import binaries

NUM = int(os.environ.get("PEAKMEM_FUZZ_TRAIN_PROGRAMS", "40"))
NUM_EXEC = int(os.environ.get("PEAKMEM_FUZZ_TRAIN_EXEC", "6"))
FIRST = int(os.environ.get("PEAKMEM_FUZZ_FIRST_SEED", "0"))
SEEDS = range(fuzz.TRAIN_BASE + FIRST, fuzz.TRAIN_BASE + FIRST + NUM)

HAVE_OPT = binaries.available("bin/peakmem-opt")
HAVE_RUNTIME = HAVE_OPT and binaries.available(
    "lib/libpeakmem_runtime.so", "mlir-opt", "mlir-runner")
needs_opt = pytest.mark.skipif(not HAVE_OPT, reason="peakmem-opt not built")
needs_runtime = pytest.mark.skipif(not HAVE_RUNTIME, reason="runtime not built")


def _report(outcomes):
    bad = [o for o in outcomes if not o.ok]
    return "\n".join(fuzz.describe_failure(fuzz.generate(o.seed), o) for o in bad[:3])


def test_training_programs_have_the_training_shape():
    """Every program keeps several activations live across the loss and
    updates weight arguments in place; the tiny half is within brute force."""
    brute = 0
    for seed in SEEDS:
        p = fuzz.generate(seed)
        f = fuzz.features(p)
        assert {"in-place update", "output argument", "escaping buffer"} <= f, (seed, f)
        lines = p.text.splitlines()
        res = p.results[0].name
        loss = next(i for i, t in enumerate(lines) if '"reduction"' in t and f"outs({res} " in t)
        # Activations allocated before the loss and read (not freed) after it.
        kept = [b for b in p.body.bufs
                if any(f"{b} = memref.alloc" in t for t in lines[:loss])
                and any(f"{b} " in t or f"{b}," in t for t in lines[loss + 1:]
                        if "memref.dealloc" not in t)]
        assert len(kept) >= 2, (seed, kept)
        if seed % 2 == 0:
            brute += p.units <= fuzz.BRUTE_MAX
    assert brute >= NUM // 5, brute
    assert fuzz.generate(SEEDS[0]).text == fuzz.generate(SEEDS[0]).text


@needs_opt
def test_training_reorder_matches_oracle():
    outcomes = fuzz.check_programs(SEEDS)
    assert all(o.ok for o in outcomes), _report(outcomes)


@needs_opt
def test_training_passes_and_certificates():
    outs = fuzz.check_passes(list(SEEDS)[:NUM // 2], execute=0)
    bad = [o for o in outs if o.problems]
    assert not bad, "\n".join(f"seed {o.seed}: {'; '.join(o.problems)[:3000]}" for o in bad[:3])


@needs_runtime
def test_training_execution_before_and_after():
    seeds = [s for s in SEEDS][:NUM_EXEC]
    outcomes, execs = fuzz.check_executions(seeds, jobs=2)
    assert all(o.ok for o in outcomes), _report(outcomes)
    bad = [e for e in execs if e.problems]
    assert not bad, "\n".join(f"seed {e.seed}: {'; '.join(e.problems)}" for e in bad)
    assert len(execs) == len(seeds)
