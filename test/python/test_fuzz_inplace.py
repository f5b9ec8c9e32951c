# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The differential fuzz test of peakmem-inplace (issue #26, docs/InPlace.md):
random elementwise, transposed, reduction, broadcast, aliased and
accumulating chains (fuzz/gen_inplace.py). For every program:
  * the pairs the pass makes (`peakmem.inplace` on the tagged steps) are
    exactly the ones the generator's oracle derives from the program as
    generated (last uses through views, types, maps, aliased operands);
  * peakmem-verify-inplace accepts them, and rejects a claim moved to an
    input the oracle refuses;
  * the modeled peak after the pass equals a peak computed here from the
    program's allocations and frees with the pairs merged, and is never
    above the peak before;
  * executed before and after (and with an arena planned after the pairs):
    identical output bits, measured == modeled.

Seeds are INPLACE_BASE + the case index. PEAKMEM_FUZZ_INPLACE_PROGRAMS
scales the run (default 40, long 400), PEAKMEM_FUZZ_SEED offsets the first
seed, PEAKMEM_FUZZ_LONG=1 the long mode."""

import concurrent.futures
import os
import pathlib
import re

import pytest

from fuzz.gen_inplace import INPLACE_BASE, generate_inplace
from peakmem import binaries, execute, passes

LONG = os.environ.get("PEAKMEM_FUZZ_LONG", "") not in ("", "0")
FIRST = int(os.environ.get("PEAKMEM_FUZZ_SEED", 0))
PROGRAMS = int(os.environ.get("PEAKMEM_FUZZ_INPLACE_PROGRAMS", 400 if LONG else 40))
HAVE_RUNTIME = binaries.available("bin/peakmem-opt") and binaries.available(
    "lib/libpeakmem_runtime.so", "mlir-opt", "mlir-runner")
needs_runtime = pytest.mark.skipif(not HAVE_RUNTIME, reason="peakmem-opt or runtime not built")

REPORT = "peakmem-report{remarks=0}"
INPLACE = "peakmem-inplace{remarks=0},peakmem-verify-inplace"
ARENA = "peakmem-plan-arena{remarks=0},peakmem-verify-arena"


def opt(text, pipeline):
    return passes.run_opt(text, f"builtin.module(func.func({pipeline}))")[0]


def pairs_of(text):
    """{fz_step: position} of the tagged steps marked peakmem.inplace."""
    out = {}
    for m in re.finditer(r"attrs = +\{([^}]*)\}", text):
        entries = dict(re.findall(r"([\w.]+) = (\d+) : i64", m.group(1)))
        if "fz_step" in entries and "peakmem.inplace" in entries:
            out[int(entries["fz_step"])] = int(entries["peakmem.inplace"])
    return out


def oracle_peak(p, merged):
    """The peak of p's program with the pairs `merged` (step -> input
    position) applied, from its allocations and frees alone: a buffer is
    live from its alloc to its free; a merged group from its first alloc to
    its last free."""
    parent = {}

    def find(b):
        while parent.get(b, b) != b:
            b = parent[b]
        return b
    for i, pos in merged.items():
        s = p.steps[i]
        parent[find(s.out)] = find(s.ins[pos])
    start, end, size = {}, {}, {}
    stmts = [ln for ln in p.text.splitlines()[1:-1] if re.match(r"  [%a-z]", ln)]
    for t, ln in enumerate(stmts):
        if m := re.match(r"  (%b\d+) = memref.alloc\(\) : memref<([\dx]+)xf32>", ln):
            g = find(m.group(1))
            start.setdefault(g, t)
            dims = [int(d) for d in m.group(2).split("x")]
            size[g] = 4 * dims[0] * (dims[1] if len(dims) > 1 else 1)
        elif m := re.match(r"  memref.dealloc (%b\d+)", ln):
            end[find(m.group(1))] = t
    return max([sum(size[g] for g in start if start[g] <= t <= end[g]) for t in range(len(stmts))] + [0])


def check(seed):
    """The problems of program `seed`, empty when all checks hold."""
    p = generate_inplace(seed)
    problems = []
    before = opt(p.text, REPORT)
    after = opt(p.text, f"{INPLACE},{REPORT}")
    got = pairs_of(after)
    if got != p.expected:
        problems.append(f"pairs {got}, oracle {p.expected}")
    peak_before = passes.function_attrs(before).get("peak")
    peak_after = passes.function_attrs(after).get("peak")
    if peak_before != oracle_peak(p, {}):
        problems.append(f"peak before {peak_before}, oracle {oracle_peak(p, {})}")
    if peak_after != oracle_peak(p, p.expected):
        problems.append(f"peak after {peak_after}, oracle {oracle_peak(p, p.expected)}")
    if peak_after is None or peak_before is None or peak_after > peak_before:
        problems.append(f"peak {peak_before} -> {peak_after}")
    if not p.expected and "peakmem.inplace" in after:
        problems.append("no pair expected, but the IR was changed")
    problems += tampered(p, after)
    arena = opt(after, f"{ARENA},{REPORT}")
    try:
        res = [execute.execute_text(t, function="f") for t in (before, after, arena)]
    except execute.ExecError as err:
        return p, problems + [f"execution failed: {str(err).splitlines()[0]}"]
    if len({r.output_digest for r in res}) != 1:
        problems.append("output digests differ: " + ", ".join(r.output_digest for r in res))
    for what, r in zip(("before", "after", "arena"), res):
        if r.peak_bytes != r.modeled_peak:
            problems.append(f"{what}: measured {r.peak_bytes} != modeled {r.modeled_peak}")
    return p, problems


def tampered(p, after):
    """A claim moved onto a step the oracle refuses must fail the verifier."""
    refused = [i for i, s in enumerate(p.steps) if s.out and i not in p.expected]
    if not refused:
        return []
    text = re.sub(rf"attrs = +\{{fz_step = {refused[0]} : i64\}}",
                  f"attrs = {{fz_step = {refused[0]} : i64, peakmem.inplace = 0 : i64}}", after)
    try:
        opt(text, "peakmem-verify-inplace")
    except RuntimeError:
        return []
    return [f"verifier accepted a claim on refused step {refused[0]} ({p.steps[refused[0]].kind})"]


def test_inplace_programs_are_generated():
    """Every step kind occurs, the text is a function of the seed, pairs
    are expected on some programs and not on others."""
    kinds, with_pairs = set(), 0
    for i in range(60):
        p = generate_inplace(INPLACE_BASE + i)
        assert p.text == generate_inplace(INPLACE_BASE + i).text
        kinds |= {s.kind for s in p.steps}
        with_pairs += bool(p.expected)
    assert kinds == {"ew1", "ew2", "sq", "tr", "red", "bcast", "acc", "view"}, kinds
    assert 10 < with_pairs < 60, with_pairs


@needs_runtime
def test_inplace_differential():
    seeds = [INPLACE_BASE + i for i in range(FIRST, FIRST + PROGRAMS)]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(pool.map(check, seeds))
    bad = [f"seed {p.seed} ({', '.join(s.kind for s in p.steps)}): " + "; ".join(probs)
           for p, probs in results if probs]
    pairs = sum(len(p.expected) for p, _ in results)
    assert pairs > PROGRAMS // 2, f"only {pairs} pairs in {PROGRAMS} programs"
    assert not bad, "\n".join(bad)


@needs_runtime
def test_optimize_inplace_is_opt_in():
    """peakmem optimize runs peakmem-inplace only when asked: by default no
    pair is made; with inplace=True the chain of test/Execution/inplace.mlir
    shares one buffer, the certified peak is lower, and the programs
    (imported, optimized, arena) compute the same bits."""
    from peakmem import optimize
    model = str(pathlib.Path(__file__).resolve().parents[1] / "Execution" / "inplace.mlir")
    default = optimize.optimize(model, execute_programs=False)
    assert "inplace" not in default and "peakmem.inplace" not in default["after_text"]
    r = optimize.optimize(model, inplace=True)
    assert r["inplace"]["pairs"] == 3, r["inplace"]
    assert r["peak_peakmem"] < default["peak_peakmem"]
    assert r["lower_bound"] == r["peak_peakmem"]
    assert r["digest_imported"] == r["digest_peakmem"] == r["digest_arena"]
    assert r["measured_peakmem"] == r["peak_peakmem"]
