# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Thread-count independence of the arena passes (issue #23):
`peakmem-plan-arena` and `peakmem-optimize{arena=alloc}` (each followed by
`peakmem-verify-arena`) on many functions give the same output and the same
diagnostics, byte for byte, multi-threaded (twice, once beside a busy
process), with `--mlir-disable-threading`, and in the flag form.
test/Transforms/threading.mlir does the same for optimize, reorder, certify
and report; this file adds the arena passes, whose searches (placement,
order walk, exhaustive orders) are the longest of the product.

Inputs: test/Transforms/Inputs/many-functions.mlir (64 functions) and 24
functions of many hard `scf.if` blocks (gen-many-ifs.py, as threading.mlir)."""

import pathlib
import subprocess
import sys

import pytest

from peakmem import binaries

REPO = pathlib.Path(__file__).resolve().parents[2]
INPUTS = REPO / "test" / "Transforms" / "Inputs"
HAVE_OPT = binaries.available("bin/peakmem-opt")
needs_opt = pytest.mark.skipif(not HAVE_OPT, reason="peakmem-opt not built")

PIPELINES = {"plan-arena": ["peakmem-plan-arena", "peakmem-verify-arena"],
             "optimize-arena": ["peakmem-optimize{arena=alloc}", "peakmem-verify-arena"]}


def opt(path, args):
    exe = binaries.build_product("bin/peakmem-opt")
    p = subprocess.run([str(exe), str(path), *args], capture_output=True, text=True,
                       timeout=900)
    return p.returncode, p.stdout, p.stderr


def nested(passes):
    return ["-p", f"builtin.module(func.func({','.join(passes)}))"]


def flag(passes):
    out = []
    for p in passes:
        name, _, rest = p.partition("{")
        out.append(f"--{name}" + (f"={rest[:-1]}" if rest else ""))
    return out


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    hard = tmp_path_factory.mktemp("arena") / "many-ifs.mlir"
    hard.write_text(subprocess.run(
        [sys.executable, str(INPUTS / "gen-many-ifs.py"), "3", "12", "16", "7", "24"],
        check=True, capture_output=True, text=True).stdout)
    return {"many-functions": INPUTS / "many-functions.mlir", "many-ifs": hard}


def check_same(path, passes):
    ref = opt(path, nested(passes))
    assert ref[0] == 0, ref[2][:2000]
    assert ref[1].count("peakmem.arena_size") >= 24, "too few functions planned"
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        loaded = opt(path, nested(passes))
    finally:
        busy.kill()
        busy.wait()
    single = opt(path, nested(passes) + ["--mlir-disable-threading"])
    flagged = opt(path, flag(passes))
    flag_single = opt(path, flag(passes) + ["--mlir-disable-threading"])
    # The flag form runs each pass of a pipeline (peakmem-optimize) over
    # every function before the next pass, so its remarks come in another
    # order than the nested form's: its diagnostics are compared with its own
    # single-threaded run, its output with the nested form's.
    for what, got, diags in (("threaded again, beside a busy process", loaded, ref[2]),
                             ("--mlir-disable-threading", single, ref[2]),
                             ("flag form", flagged, flagged[2]),
                             ("flag form, --mlir-disable-threading", flag_single, flagged[2])):
        assert got[0] == ref[0], f"{path.name} {passes} {what}: exit code {got[0]} vs {ref[0]}"
        assert got[1] == ref[1], f"{path.name} {passes} {what}: output differs"
        assert got[2] == diags, f"{path.name} {passes} {what}: diagnostics differ"


@needs_opt
@pytest.mark.parametrize("pipeline", list(PIPELINES))
def test_arena_passes_thread_independent(inputs, pipeline):
    check_same(inputs["many-functions"], PIPELINES[pipeline])


@needs_opt
@pytest.mark.parametrize("pipeline", list(PIPELINES))
def test_arena_passes_thread_independent_nested_blocks(inputs, pipeline):
    check_same(inputs["many-ifs"], PIPELINES[pipeline])
