# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Randomized differential test of peakmem-reorder (docs/Testing.md).

Random bufferized programs from the fuzz package (test/python/fuzz/) are reordered by
peakmem-opt (many functions per module, one invocation per batch) and every
result is compared with an independent Python oracle: dependencies kept,
peakmem's peaks equal to the oracle's, never worse than the input, optimal
(brute force) when small; a subset is executed before and after.

Default (CI, 25-35 s on 2 cores): 1,000 programs (seeds 0..999) and 50
executed tiny programs (seeds 1,000,000..1,000,049).
Long mode: PEAKMEM_FUZZ_LONG=1 (20,000 programs, 500 executed), or set
PEAKMEM_FUZZ_PROGRAMS / PEAKMEM_FUZZ_EXEC / PEAKMEM_FUZZ_SEED (first seed).
`python3 test/python/fuzz --long` runs the same checks without pytest.

A failure names the seed; `python3 test/python/fuzz --show SEED` prints the
program and `--oracle SEED` the oracle's numbers and dependencies.
"""

import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
import fuzz
from peakmem import binaries

LONG = os.environ.get("PEAKMEM_FUZZ_LONG", "") not in ("", "0")
NUM_PROGRAMS = int(os.environ.get("PEAKMEM_FUZZ_PROGRAMS",
                                  20000 if LONG else 1000))
NUM_EXEC = int(os.environ.get("PEAKMEM_FUZZ_EXEC", 500 if LONG else 50))
FIRST_SEED = int(os.environ.get("PEAKMEM_FUZZ_SEED", 0))
BATCH = 125          # programs per peakmem-opt invocation
EXEC_BATCH = 10      # executed programs per test
SHOW = 3             # failing programs printed in full per test


needs_opt = pytest.mark.skipif(not binaries.available("bin/peakmem-opt"),
                               reason="peakmem-opt not built")
needs_runtime = pytest.mark.skipif(
    not binaries.available("bin/peakmem-opt") or
    not binaries.available("lib/libpeakmem_runtime.so", "mlir-opt",
                        "mlir-runner"),
    reason="runtime not built or MLIR tools missing")


def _report(outcomes):
    """Failure message: every failing seed, the first few in full."""
    bad = [o for o in outcomes if not o.ok]
    lines = [f"{len(bad)} of {len(outcomes)} programs failed: seeds "
             f"{[o.seed for o in bad]}"]
    for o in bad[:SHOW]:
        lines.append(fuzz.describe_failure(fuzz.generate(o.seed), o))
    return "\n".join(lines)


# --------------------------------------------------------------------------
# The oracle itself (no tools needed)
# --------------------------------------------------------------------------

def _stmt(sid, op, **kw):
    return fuzz.Stmt(sid, op, [op], **{k: set(v) if isinstance(v, (list, set))
                                       else v for k, v in kw.items()})


def _fork_join():
    """@fork_join_interleaves of test/Transforms/reorder.mlir, described by
    hand: 2052 bytes as written, 1032 at best (numbers from that test)."""
    E = fuzz.EXT
    bufs = {"a1": fuzz.Buf("a1", (256,), "f32"),
            "b1": fuzz.Buf("b1", (256,), "f32"),
            "a2": fuzz.Buf("a2", (1,), "f32"),
            "b2": fuzz.Buf("b2", (1,), "f32"),
            "j": fuzz.Buf("j", (1,), "f32")}
    s = [
        _stmt(1, "memref.alloc", defs=["a1"], alloc="a1"),
        _stmt(2, "linalg.copy", uses=["a1"], reads=[E], writes=["a1"]),
        _stmt(3, "memref.alloc", defs=["b1"], alloc="b1"),
        _stmt(4, "linalg.copy", uses=["b1"], reads=[E], writes=["b1"]),
        _stmt(5, "memref.subview", defs=["va"], uses=["a1"], views=["a1"]),
        _stmt(6, "memref.alloc", defs=["a2"], alloc="a2"),
        _stmt(7, "linalg.copy", uses=["va", "a2"], reads=["a1"],
              writes=["a2"]),
        _stmt(8, "memref.dealloc", uses=["a1"], free="a1"),
        _stmt(9, "memref.subview", defs=["vb"], uses=["b1"], views=["b1"]),
        _stmt(10, "memref.alloc", defs=["b2"], alloc="b2"),
        _stmt(11, "linalg.copy", uses=["vb", "b2"], reads=["b1"],
              writes=["b2"]),
        _stmt(12, "memref.dealloc", uses=["b1"], free="b1"),
        _stmt(13, "memref.alloc", defs=["j"], alloc="j"),
        _stmt(14, "linalg.add", uses=["a2", "b2", "j"], reads=["a2", "b2"],
              writes=["j"]),
        _stmt(15, "memref.dealloc", uses=["a2"], free="a2"),
        _stmt(16, "memref.dealloc", uses=["b2"], free="b2"),
    ]
    return fuzz.Block(s, bufs, {"j"})


def _nested_block():
    """@nested_block of test/Transforms/reorder.mlir: 1056 -> 400."""
    body_bufs = {"t": fuzz.Buf("t", (100,), "f32"),
                 "u": fuzz.Buf("u", (100,), "f32")}
    E = fuzz.EXT
    body = fuzz.Block([
        _stmt(11, "memref.alloc", defs=["t"], alloc="t"),
        _stmt(12, "linalg.copy", uses=["t"], reads=[E], writes=["t"]),
        _stmt(13, "memref.alloc", defs=["u"], alloc="u"),
        _stmt(14, "linalg.copy", uses=["u"], reads=[E], writes=["u"]),
        _stmt(15, "memref.dealloc", uses=["t"], free="t"),
        _stmt(16, "memref.dealloc", uses=["u"], free="u"),
    ], body_bufs)
    loop = _stmt(5, "scf.for", uses=["c0", "c1", "c4"], reads=[E])
    loop.body = body
    top = fuzz.Block([
        _stmt(1, "arith.constant", defs=["c0"]),
        _stmt(2, "arith.constant", defs=["c1"]),
        _stmt(3, "arith.constant", defs=["c4"]),
        _stmt(4, "memref.alloc", defs=["acc"], alloc="acc"),
        loop,
    ], {"acc": fuzz.Buf("acc", (64,), "f32")}, {"acc"})
    return top


def test_oracle_hand_computed_peaks():
    fj = _fork_join()
    assert fuzz.simulate(fj, [s.sid for s in fj.stmts]) == 2052
    # 7 units: 4 copies, 2 subviews, the add (allocs and frees are placed).
    assert fuzz.optimum(fj) == (1032, 7)
    nb = _nested_block()
    assert fuzz.simulate(nb, [s.sid for s in nb.stmts]) == 1056
    # Body freed right after last use: 400; then the loop before %acc.
    assert fuzz.simulate(nb, [1, 2, 3, 5, 4],
                         {5: [11, 12, 15, 13, 14, 16]}) == 400
    assert fuzz.optimum(nb)[0] == 400


def test_oracle_alignment_bytes():
    assert fuzz.Buf("x", (10,), "i8", align=64).bytes == 74
    assert fuzz.Buf("x", (3, 5), "f32").bytes == 60


def test_oracle_dependencies_of_fork_join():
    fj = _fork_join()
    deps = {(a, b) for a, b, _ in fuzz.dependencies(fj)}
    # SSA, alloc before use, free after every use (subviews included),
    # write before read; the two branches are independent.
    assert {(1, 2), (2, 7), (5, 7), (5, 8), (7, 8), (7, 14), (11, 14),
            (14, 15), (14, 16)} <= deps
    assert (2, 4) not in deps and (4, 7) not in deps and (7, 11) not in deps
    good = [3, 4, 9, 10, 11, 12, 1, 2, 5, 6, 7, 8, 13, 14, 15, 16]
    assert fuzz.check_order(fj, good) == []
    bad = [1, 2, 5, 8, 6, 7] + [3, 4, 9, 10, 11, 12, 13, 14, 15, 16]
    assert any("s7 must stay before s8" in v
               for v in fuzz.check_order(fj, bad))
    assert "missing" in fuzz.check_order(fj, good[:-1])[0]


def test_oracle_detects_every_swapped_dependency():
    """Swapping the two statements of any dependency is reported."""
    checked = 0
    for seed in range(40):
        p = fuzz.generate(seed)
        for owner, block in p.blocks():
            order = [s.sid for s in block.stmts]
            for a, b, why in fuzz.dependencies(block):
                swapped = list(order)
                i, j = swapped.index(a), swapped.index(b)
                swapped[i], swapped[j] = b, a
                assert any(f"s{a} must stay before s{b}" in v
                           for v in fuzz.check_order(block, swapped)), \
                    (seed, a, b, why)
                checked += 1
    assert checked > 500


def test_oracle_dynamic_programming_is_exhaustive():
    """The down-set DP equals enumerating every permutation and simulating
    the placed order, on small generated programs."""
    compared = 0
    for seed in range(400):
        p = fuzz.generate(seed)
        if p.units > 6 or any(len(fuzz.schedule_units(b)) > 5
                              for _, b in p.blocks()):
            continue
        assert fuzz.optimum(p.body)[0] == \
            fuzz.optimum_by_permutations(p.body), fuzz.describe_failure(
                p, fuzz.Outcome(seed, ["DP != permutations"]))
        compared += 1
    assert compared >= 100


def test_generator_is_deterministic_and_varied():
    assert fuzz.generate(12345).text == fuzz.generate(12345).text
    seen = set()
    for seed in range(300):
        seen |= fuzz.features(fuzz.generate(seed))
    assert {"scf.for", "nested scf.for", "memref.subview",
            "view made in a loop body", "dynamic-offset view",
            "in-place update", "output argument", "escaping buffer",
            "leaked buffer", "free after last use",
            "free later than last use", "alloc hoisted", "alignment",
            "linalg.matmul", "reduction", "memref.copy", "f32", "i8",
            "f32+i8", "memref.collapse_shape"} <= seen


# --------------------------------------------------------------------------
# peakmem-reorder against the oracle
# --------------------------------------------------------------------------

@needs_opt
@pytest.mark.parametrize(
    "first", range(FIRST_SEED, FIRST_SEED + NUM_PROGRAMS, BATCH),
    ids=lambda f: f"seeds{f}-{min(f + BATCH, FIRST_SEED + NUM_PROGRAMS) - 1}")
def test_reorder_matches_oracle(first):
    seeds = range(first, min(first + BATCH, FIRST_SEED + NUM_PROGRAMS))
    outcomes = fuzz.check_programs(seeds)
    assert all(o.ok for o in outcomes), _report(outcomes)
    # The generator keeps most programs within brute-force reach.
    brute = sum(o.optimum is not None for o in outcomes)
    assert brute >= len(outcomes) // 2, brute


# --------------------------------------------------------------------------
# Execution before and after
# --------------------------------------------------------------------------

@needs_runtime
@pytest.mark.parametrize(
    "first", range(fuzz.TINY_BASE + FIRST_SEED,
                   fuzz.TINY_BASE + FIRST_SEED + NUM_EXEC, EXEC_BATCH),
    ids=lambda f: f"seeds{f}")
def test_execution_before_and_after(first):
    end = fuzz.TINY_BASE + FIRST_SEED + NUM_EXEC
    seeds = range(first, min(first + EXEC_BATCH, end))
    outcomes, execs = fuzz.check_executions(seeds, jobs=2)
    assert all(o.ok for o in outcomes), _report(outcomes)
    bad = [e for e in execs if e.problems]
    assert not bad, "\n".join(
        f"seed {e.seed}: {'; '.join(e.problems)}\n{fuzz.generate(e.seed).text}"
        for e in bad)
    assert len(execs) == len(seeds)
