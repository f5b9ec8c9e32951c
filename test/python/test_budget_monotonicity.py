# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Budget monotonicity (issue #23): on the same input, a larger budget never
gives a worse result.

* peakmem-recompute's MAC budget: a larger `max-mac-overhead` never gives a
  higher peak (with `max-op-overhead` at its default and unbounded), over a
  sweep from 0 to 1, on corpus models where recomputation pays or nearly
  does; on a module of 100 fuzz programs (one function each), the MAC
  budget alone and the MAC and operation budgets together.
* The search budgets, in work units: a larger `max-work` of peakmem-reorder
  never gives a higher peak, a larger `plan-max-work` of peakmem-recompute
  never a higher peak, a larger `max-work` of peakmem-certify never a lower
  bound; on the many-blocks input of budget.mlir (whose searches the small
  budgets cut) and on the fuzz module.

Each sweep must also show that the budget matters somewhere (some peak
drops along it), so a pass that ignored its option would fail here too.
Peaks are read per function from `peakmem.peak` / `peakmem.lower_bound`
(peakmem-report on the result)."""

import pathlib
import subprocess
import sys

import pytest

import fuzz
from fuzz.determinism import batch_module
from peakmem import binaries, mlirtext

REPO = pathlib.Path(__file__).resolve().parents[2]
HAVE_OPT = binaries.available("bin/peakmem-opt")
needs_opt = pytest.mark.skipif(not HAVE_OPT, reason="peakmem-opt not built")

MAC_SWEEP = [0, 0.001, 0.002, 0.004, 0.01, 0.02, 0.05, 0.1, 0.2, 0.33, 0.5, 1]
WORK_SWEEP = [0, 100_000, 1_000_000, 5_000_000, 20_000_000, 100_000_000]
CORPUS = ["redimnet/redimnet_b0.mlir", "tflite/mlperf_tiny_resnet8_float.mlir",
          "tflite/mlperf_tiny_vww_96_float.mlir"]
FUZZ_SEEDS = range(fuzz.EXT_BASE, fuzz.EXT_BASE + 100)


def run(text: str, pipeline: str) -> dict:
    """{function: peakmem attrs} after `pipeline` and peakmem-report."""
    exe = binaries.build_product("bin/peakmem-opt")
    p = subprocess.run([str(exe), "-", "-p",
                        f"builtin.module(func.func({pipeline},peakmem-report{{remarks=0}}))"],
                       input=text, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, f"{pipeline}: {p.stderr[:2000]}"
    return {f.name: f.peakmem_attrs() for f in mlirtext.parse_functions(p.stdout)
            if f.has_body}


def sweep(text: str, pipeline, values, key: str) -> dict:
    """{function: [attr `key` at each value]} of `pipeline(value)`."""
    runs = [run(text, pipeline(v)) for v in values]
    return {name: [r[name].get(key) for r in runs] for name in runs[0]}


def check_monotone(series: dict, values, what: str, lower_is_better=True) -> int:
    """Asserts every function's series never gets worse along `values`;
    returns how many functions improve somewhere along it."""
    improved = 0
    for name, got in series.items():
        assert None not in got, f"{what} @{name}: attribute missing: {got}"
        for i in range(1, len(got)):
            worse = got[i] > got[i - 1] if lower_is_better else got[i] < got[i - 1]
            assert not worse, (f"{what} @{name}: {values[i - 1]} gives {got[i - 1]}, the "
                               f"larger {values[i]} gives {got[i]} (sweep {values}: {got})")
        improved += got[0] != got[-1]
    return improved


@pytest.fixture(scope="module")
def fuzz_module() -> str:
    return batch_module([fuzz.generate(s) for s in FUZZ_SEEDS])


@pytest.fixture(scope="module")
def many_ifs() -> str:
    gen = REPO / "test" / "Transforms" / "Inputs" / "gen-many-ifs.py"
    return subprocess.run([sys.executable, str(gen), "40"], check=True,
                          capture_output=True, text=True).stdout


def recompute(ops):
    return lambda m: (f"peakmem-recompute{{max-mac-overhead={m} max-op-overhead={ops} "
                      "remarks=0}")


@needs_opt
@pytest.mark.parametrize("ops", ["0.01", "1"])
def test_recompute_mac_budget_monotone_corpus(ops):
    improved = 0
    for model in CORPUS:
        text = (REPO / "corpus" / model).read_text()
        improved += check_monotone(sweep(text, recompute(ops), MAC_SWEEP, "peak"), MAC_SWEEP,
                                   f"{model} max-mac-overhead (max-op-overhead={ops})")
    assert improved, f"no corpus model gains from a larger MAC budget: {CORPUS}"


@needs_opt
@pytest.mark.xfail(strict=True, reason=(
    "known: ReDimNet B2 with max-op-overhead=1 peaks at 11,853,440 B at max-mac-overhead=0.05 "
    "and 11,854,304 B at 0.1 (main e85615b): the greedy planner's chain for buffer 55 is built "
    "within the remaining MAC budget and the larger budget's chain ends 864 B higher "
    "(docs/Determinism.md, 'The MAC budget is a constraint'); strict: passes once the planner "
    "is monotone"))
def test_recompute_mac_budget_monotone_redimnet_b2():
    text = (REPO / "corpus" / "redimnet" / "redimnet_b2.mlir").read_text()
    check_monotone(sweep(text, recompute("1"), MAC_SWEEP, "peak"), MAC_SWEEP,
                   "redimnet_b2 max-mac-overhead (max-op-overhead=1)")


@needs_opt
@pytest.mark.parametrize("mode", ["mac", "both"])
def test_recompute_budget_monotone_fuzz(fuzz_module, mode):
    """mac: max-mac-overhead swept, max-op-overhead=1; both: the two swept
    together. Most clones of the fuzz programs cost no MACs (fills, copies,
    element-wise ops), so only the joint sweep must show a gain."""
    pipeline = recompute("1") if mode == "mac" else (
        lambda m: f"peakmem-recompute{{max-mac-overhead={m} max-op-overhead={m} remarks=0}}")
    series = sweep(fuzz_module, pipeline, MAC_SWEEP, "peak")
    assert len(series) == len(FUZZ_SEEDS)
    improved = check_monotone(series, MAC_SWEEP, f"fuzz recompute budget ({mode})")
    assert improved or mode == "mac", "no fuzz program gains from a larger recompute budget"


def work_pipelines():
    return {"reorder max-work": (lambda w: f"peakmem-reorder{{max-work={w} remarks=0}}",
                                 "peak", True),
            "recompute plan-max-work": (
                lambda w: "peakmem-recompute{max-mac-overhead=1 max-op-overhead=1 "
                          f"plan-max-work={w} remarks=0}}", "peak", True),
            "certify max-work": (lambda w: f"peakmem-certify{{max-work={w} remarks=0}}",
                                 "lower_bound", False)}


@needs_opt
@pytest.mark.parametrize("what", list(work_pipelines()))
def test_work_budget_monotone(many_ifs, fuzz_module, what):
    pipeline, key, lower = work_pipelines()[what]
    improved = 0
    for label, text in (("many-ifs", many_ifs), ("fuzz", fuzz_module)):
        improved += check_monotone(sweep(text, pipeline, WORK_SWEEP, key), WORK_SWEEP,
                                   f"{label} {what}", lower_is_better=lower)
    assert improved, f"{what}: no function's result depends on the budget {WORK_SWEEP}"
