# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Issue #22's classes in the every-pass fuzz test (docs/Testing.md "Issue 22
classes"): asynchronous GPU work with its gpu.wait, DMA transfers with their
dma_wait, aligned buffers updated in place after their other readers
(recompute), producers written as scalar loops (recompute with no overhead
allowed), kernels launched from the host (plan-arena{arena=argument} on the
kernels). GPU and DMA ops cannot run here: those programs are judged by the
model oracle only (no buffer of an asynchronous op freed, written or given
to another buffer before its synchronisation).

A class whose fix has not landed is gated (fuzz.config.HOSTILE_DEFAULT_ON):
test_hostile_gated runs its recorded failures and requires them to still
fail with the class's symptom. When the owner's fix lands, that test fails:
add the class to HOSTILE_DEFAULT_ON in test/python/fuzz/config.py in the
same landing, and test_hostile_every_pass runs it from then on.

PEAKMEM_FUZZ_HOSTILE=all|none|a,b overrides the gates;
PEAKMEM_FUZZ_HOSTILE_PROGRAMS (per class, default 20, long 200) scales the
run; `python3 test/python/fuzz --passes --hostile` runs it outside pytest.
"""

import os

import pytest

import fuzz
from peakmem import binaries

LONG = os.environ.get("PEAKMEM_FUZZ_LONG", "") not in ("", "0")
PER_CLASS = int(os.environ.get("PEAKMEM_FUZZ_HOSTILE_PROGRAMS",
                               200 if LONG else 20))
FIRST = int(os.environ.get("PEAKMEM_FUZZ_SEED", 0))
HAVE_OPT = binaries.available("bin/peakmem-opt")
needs_opt = pytest.mark.skipif(not HAVE_OPT, reason="peakmem-opt not built")
KINDS = fuzz.config.HOSTILE_KINDS
ON = sorted(fuzz.config.HOSTILE_ON)
GATED = [k for k in KINDS if k not in fuzz.config.HOSTILE_ON]

# Per gated class: seeds that fail today, the symptoms their failures show
# (a substring of a problem), and whose fix the class waits for.
# (None today: gpu-kernel, the last gated class, is on since the oracle makes
# the wait of an asynchronous launch an opaque access as the model does;
# its recorded failures 8000054, 8000084, 8000094 pass and run in
# test_hostile_every_pass.)
KNOWN_FAILING = {}


def seeds_of(kind, n):
    k = KINDS.index(kind)
    first = fuzz.config.HOSTILE_BASE + (FIRST // len(KINDS)) * len(KINDS)
    return [first + k + len(KINDS) * i for i in range(n)]


def test_hostile_classes_are_generated():
    """Every class starts its programs; the asynchronous ones are not
    executable, their synchronisation reads and writes what the start
    does, and a kernel module is a gpu.container_module."""
    for kind in KINDS:
        for seed in seeds_of(kind, 10):
            p = fuzz.generate(seed)
            assert kind in p.shapes, (seed, p.shapes)
            assert p.text == fuzz.generate(seed).text
            ops = {s.op for _, b in p.blocks() for s in b.stmts}
            if kind == "gpu-async":
                assert not p.executable and "gpu.wait" in ops, seed
                assert ops & {"gpu.launch", "gpu.memcpy"}, seed
            elif kind == "dma":
                assert not p.executable, seed
                assert ops & {"affine.dma_wait", "memref.dma_wait"}, seed
            elif kind == "gpu-kernel":
                assert p.module_attrs == "gpu.container_module", seed
                assert "gpu.func @k0" in p.module(), seed
                # The wait of an async launch (unknown effects) is an
                # opaque access: external memory and the captured buffers.
                for s in p.body.stmts:
                    if s.op == "gpu.wait":
                        assert fuzz.EXT in s.writes and s.pinned_to, seed
            else:
                assert p.executable, seed
    for seed in seeds_of("gpu-async", 10) + seeds_of("dma", 10):
        p = fuzz.generate(seed)
        for s in p.body.stmts:
            if s.op in ("gpu.wait", "affine.dma_wait", "memref.dma_wait"):
                # gpu.wait only synchronises; the DMA waits are barriers.
                assert s.barrier == (s.op != "gpu.wait"), (seed, s.sid)
                assert s.reads and s.writes, (seed, s.sid)


def test_hostile_known_failures_are_known_classes():
    assert set(KNOWN_FAILING) <= set(KINDS)
    for kind, (seeds, _, _) in KNOWN_FAILING.items():
        assert all(fuzz.generate(s).shapes.get(kind) for s in seeds), kind


@needs_opt
@pytest.mark.parametrize("kind", ON or ["(none on)"])
def test_hostile_every_pass(kind):
    if kind not in KINDS:
        return    # no class of issue #22 is on (PEAKMEM_FUZZ_HOSTILE)
    outs = fuzz.check_passes(seeds_of(kind, PER_CLASS), execute=0, jobs=2)
    s = fuzz.summarize_passes(outs)
    print(f"\nhostile {kind}: {s}")
    assert all(o.ok for o in outs), fuzz.failure_report(outs)


@needs_opt
@pytest.mark.parametrize("kind", GATED or ["(none gated)"])
def test_hostile_gated(kind):
    if kind not in KNOWN_FAILING:
        assert kind == "(none gated)", \
            f"{kind} is gated but has no recorded failure in KNOWN_FAILING"
        return
    seeds, symptoms, owner = KNOWN_FAILING[kind]
    outs = fuzz.check_passes(seeds, execute=0, jobs=2)
    failing = [o for o in outs if not o.ok]
    assert failing, (
        f"issue #22 class {kind!r}: its recorded failures {seeds} pass now, "
        f"so the fix it waits for ({owner}) has landed: add {kind!r} to "
        "HOSTILE_DEFAULT_ON in test/python/fuzz/config.py (then "
        "test_hostile_every_pass runs the class in CI)")
    for o in failing:
        assert any(m in x for x in o.problems for m in symptoms), (
            f"{kind}: seed {o.seed} fails otherwise than the recorded bug "
            f"({owner}):\n" + fuzz.describe_pass_failure(o))


# gpu-async seeds once failing peakmem-verify-arena ("arena_lower_bound B is
# not supported: ... recomputed from the IR is B'", B' < B: a buffer of the
# asynchronous work overwritten whole after the wait); outside the first 20
# that test_hostile_every_pass runs. Reduced: test/Transforms/
# async-work-arena-bound.mlir.
HOSTILE_REGRESSIONS = [8000130, 8000245, 8000430]


@needs_opt
def test_hostile_regressions():
    outs = fuzz.check_passes(HOSTILE_REGRESSIONS, execute=0, jobs=2)
    assert all(o.ok for o in outs), fuzz.failure_report(outs)
