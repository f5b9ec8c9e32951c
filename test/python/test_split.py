# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`peakmem optimize --split BUDGET` (peakmem/split.py, docs/Split.md): the
split program is lowered the importer's way, optimized with the budgets the
split recorded, peaks where peakmem-split measured, executes to the unsplit
program's bits and measures what it models."""

import io
import pathlib

import pytest

from peakmem import binaries, execute, optimize, passes, report, split
from shared_models import MODELS, needs

REPO = pathlib.Path(__file__).resolve().parents[2]
STAGES = REPO / "test/Execution/split.mlir"
VWW = MODELS / "tflite" / "mlperf_tiny_vww_96_int8.tflite"


def test_split_program_peaks_as_recorded_and_keeps_the_bits():
    # The first function of the execution test (an int8 stage of two
    # convolutions): split, lowered, optimized, executed beside the unsplit one.
    text = STAGES.read_text()
    s = split.split(text, 0.2)
    rec = s["record"]
    assert rec["tiles"] and rec["peak_after"] < rec["peak_before"]
    assert s["peak"] == rec["peak_after"]
    unsplit, _, _ = passes.run_opt(split.lower(text), split.OPTIMIZE.format(m=0.2, o=0.2))
    assert passes.function_attrs(unsplit)["peak"] == rec["peak_before"]
    got = execute.execute_text(s["text"], function="int8_stage")
    want = execute.execute_text(unsplit, function="int8_stage")
    assert got.peak_bytes == s["peak"] and want.peak_bytes == rec["peak_before"]
    assert got.output_digest == want.output_digest


def test_split_of_a_bufferized_program_is_refused(tmp_path):
    path = tmp_path / "prog.mlir"
    path.write_text("func.func @f() { return }\n")
    with pytest.raises(binaries.PeakmemError, match="--split needs a model the importer reads"):
        optimize.optimize(str(path), split=0.1, execute_programs=False, arena=False)


@needs(VWW)
def test_optimize_with_split_reports_and_executes_the_split_program():
    r = optimize.optimize(str(VWW), split=0.1, arena=False)
    rec = r["split"]["record"]
    assert rec["tiles"] and r["peak_split"] == rec["peak_after"]
    assert r["peak_split"] < r["peak_peakmem"]
    assert r["measured_split"] == r["peak_split"]
    assert r["digest_split"] == r["digest_imported"]
    assert report.identical(r) and report.exact(r)
    out = io.StringIO()
    report.print_report(r, out)
    assert f"split:                 {r['peak_split']:,} B modeled, " \
           f"{r['measured_split']:,} B measured" in out.getvalue()
    data = report.report_data(r)
    assert data["programs"]["split"]["measured_peak"] == r["peak_split"]
    assert data["split"]["tiles"] == rec["tiles"]
