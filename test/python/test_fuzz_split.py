# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The differential fuzz test of peakmem-split (issue #28, docs/Testing.md
"Split programs"): random tensor programs of the shapes the pass handles
(fuzz/gen_split.py) split at budgets of 5%, 10% and 20% and with forced
grids, then lowered, optimized with the recorded budgets and executed beside
the unsplit program: identical output bits, measured == modeled == recorded
peak, the budgets kept, the same bytes on a second run; programs the pass
must refuse left unchanged with the reason of their kind.

Seeds are SPLIT_BASE + the case index. PEAKMEM_FUZZ_SPLIT_PROGRAMS scales
the run (default 16, long 200), PEAKMEM_FUZZ_SEED offsets the first seed,
PEAKMEM_FUZZ_LONG=1 the long mode."""

import concurrent.futures
import os
import re

import pytest

from fuzz import gen_split, split_checks
from fuzz.gen_split import REFUSAL_KINDS, SPLIT_BASE
from peakmem import binaries

LONG = os.environ.get("PEAKMEM_FUZZ_LONG", "") not in ("", "0")
FIRST = int(os.environ.get("PEAKMEM_FUZZ_SEED", 0))
PROGRAMS = int(os.environ.get("PEAKMEM_FUZZ_SPLIT_PROGRAMS",
                              200 if LONG else 16))
BUDGETS = (0.05, 0.1, 0.2)
# Forced grids (tiles=RxC at a budget of 100%): uneven cuts, single rows and
# columns, more tiles than the default search tries first.
GRIDS = ("3x2", "5x1", "1x3", "4x4", "7x3", "2x5")
HAVE_RUNTIME = binaries.available("bin/peakmem-opt") and binaries.available(
    "lib/libpeakmem_runtime.so", "mlir-opt", "mlir-runner")
needs_runtime = pytest.mark.skipif(not HAVE_RUNTIME,
                                   reason="peakmem-opt or runtime not built")


def cases(n, first):
    """(seed, budget, grid, twice) per run: every program at two of the
    budgets (the first run also run twice for determinism), every fourth
    one also with a forced grid."""
    out = []
    for i in range(first, first + n):
        seed = SPLIT_BASE + i
        out.append((seed, BUDGETS[i % 3], "", True))
        out.append((seed, BUDGETS[(i + 1) % 3], "", False))
        if i % 4 == 0:
            out.append((seed, 1.0, GRIDS[(i // 4) % len(GRIDS)], False))
    return out


def run(case):
    seed, budget, grid, twice = case
    p = gen_split.generate_split(seed)
    return p, split_checks.check_split(p, budget, grid, twice=twice)


def report(results) -> str:
    lines = []
    for p, o in results:
        if not o.ok:
            lines.append(f"seed {p.seed} budget {o.budget:g}"
                         f"{' tiles=' + o.tiles if o.tiles else ''} "
                         f"({', '.join(p.ops)}):")
            lines += ["  " + x for x in o.problems]
    return "\n".join(lines)


def test_split_programs_are_generated():
    """Every step kind occurs, the text is a function of the seed, int8
    and f32 both occur."""
    seen, elems = set(), set()
    for i in range(60):
        p = gen_split.generate_split(SPLIT_BASE + i)
        assert p.text == gen_split.generate_split(SPLIT_BASE + i).text
        seen |= {re.sub(r"\d.*", "", k) for k in p.ops}
        elems.add(p.elem)
    assert {"conv", "dw", "maxpool", "sumpool", "ew", "add"} <= seen, seen
    assert elems == {"f32", "i8"}
    for kind in REFUSAL_KINDS:
        assert kind in gen_split.generate_refusal(SPLIT_BASE, kind).ops


@needs_runtime
def test_split_programs_keep_bits_and_peaks():
    runs = cases(PROGRAMS, FIRST)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(pool.map(run, runs))
    split = [o for _, o in results if o.split]
    executed = [o for o in split if o.executed]
    print(f"\nsplit fuzz: {len(runs)} runs of {PROGRAMS} programs, "
          f"{len(split)} split, {len(executed)} executed, "
          f"{sum(not o.ok for _, o in results)} failed")
    assert all(o.ok for _, o in results), report(results)
    # The test must exercise the split: most programs split at some budget.
    assert len({o.seed for o in executed}) >= PROGRAMS // 2, \
        [(o.seed, o.record.get("reason")) for _, o in results]


@needs_runtime
@pytest.mark.parametrize("kind", REFUSAL_KINDS)
def test_refused_programs_are_left_unchanged(kind):
    for i in range(2):
        p = gen_split.generate_refusal(SPLIT_BASE + 1000 + FIRST + i, kind)
        o = split_checks.check_split(p, BUDGETS[i % 3], twice=True)
        assert not o.split and o.ok, (p.seed, o.problems, o.record)


@needs_runtime
def test_the_oracle_catches_a_changed_split_program():
    """A split program whose bits, or whose record, were changed after the
    pass fails the check (the test can fail)."""
    seed = SPLIT_BASE + 10     # split at 20% (checked below)
    p = gen_split.generate_split(seed)
    assert split_checks.check_split(p, 0.2).ok
    bits = split_checks.check_split(p, 0.2, tamper=split_checks.change_weight)
    assert bits.split and bits.executed
    assert any("output bits differ" in x for x in bits.problems), bits
    peak = split_checks.check_split(p, 0.2, tamper=split_checks.raise_peak)
    assert any("record" in x for x in peak.problems), peak
