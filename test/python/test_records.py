# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Python reads what the passes did from their records only (peakmem.reorder,
peakmem.reorder_tensors, peakmem.recompute; peakmem/passes.py), never from
remark text: these tests run the passes on test/Transforms/pass-records.mlir
and check the records against the remarks the same run printed (the one
place remark text is read: a test of the remarks themselves), and MLIR's
JSON timing report behind the benchmark's time columns."""

import pathlib

import pytest

from peakmem import binaries, mlirtext, passes

REPO = pathlib.Path(__file__).resolve().parents[2]
INPUT = (REPO / "test/Transforms/pass-records.mlir").read_text()

pytestmark = pytest.mark.skipif(not binaries.available("bin/peakmem-opt"),
                                reason="peakmem-opt not built")


def _split(text):
    return [part for part in text.split("// -----")]


def _run(pipeline, text):
    return passes.run_opt(text, f"builtin.module(func.func({pipeline}))")


def test_reorder_record_matches_its_remark():
    out, err, _ = _run("peakmem-reorder", _split(INPUT)[0])
    rec = passes.record(out, "reorder", "fork_join")
    assert rec == {"peak_before": 2052, "peak_after": 1032, "search": "proven"}
    assert "'fork_join' peak 2052 -> 1032 bytes (proven optimal)" in err
    # The record does not depend on remarks being printed.
    quiet, err, _ = _run("peakmem-reorder{remarks=0}", _split(INPUT)[0])
    assert passes.record(quiet, "reorder", "fork_join") == rec and "remark" not in err


@pytest.mark.parametrize("options", ["", "max-mac-overhead=0.3 max-op-overhead=0.3"])
def test_recompute_note_is_the_remark_text(options):
    # recompute_note rebuilds the remark's summary from the record; the
    # results table's recompute_note column is that text.
    out, err, _ = _run(f"peakmem-report{{remarks=0}},peakmem-recompute{{{options}}}",
                       _split(INPUT)[1])
    rec = passes.record(out, "recompute", "recompute_fill")
    assert rec["cloned_ops"] == (1 if options else 0)
    note = passes.recompute_note(rec)
    assert note and f"'recompute_fill' {'' if options else 'unchanged at 16384 bytes: '}" \
        f"{note}" in err
    # The record's operation count after recomputation is peakmem-report's.
    assert rec["ops_after"] == passes.function_attrs(
        _run("peakmem-report{remarks=0}", out)[0], "recompute_fill")["ops"]


def test_reorder_record_goes_when_the_block_changes():
    out, _, _ = _run("peakmem-reorder{remarks=0},peakmem-recompute{max-mac-overhead=0.3 "
                     "max-op-overhead=0.3 remarks=0}", _split(INPUT)[1])
    assert passes.record(out, "reorder", "recompute_fill") == {}
    assert passes.record(out, "recompute", "recompute_fill")["cloned_ops"] == 1


def test_reorder_tensors_record():
    out, _, _ = _run("peakmem-reorder-tensors{remarks=0}", _split(INPUT)[2])
    assert passes.record(out, "reorder_tensors", "tensor_fork_join") == {
        "peak_before": 2244, "peak_after": 1224, "search": "proven"}
    assert passes.record(out, "reorder_tensors", "no_tensors")["search"] == "none"
    assert passes.record(out, "reorder", "tensor_fork_join") == {}


def test_pass_times_from_the_json_timing_report():
    # Remarks come first on stderr, the timing report last.
    out, err, _ = passes.run_opt(_split(INPUT)[0],
                                 "builtin.module(func.func(peakmem-reorder))",
                                 extra=passes.timing_arguments())
    assert "remark:" in err
    times = passes.pass_times(err)
    assert {"Parser", "Output", "ReorderPass", "Total"} <= set(times)
    assert all(t >= 0.0 for t in times.values())
    assert times["Total"] >= times["ReorderPass"]
    assert passes.pass_times("no report here\n") == {}


def test_records_parse_as_dictionaries():
    out, _, _ = _run("peakmem-report{remarks=0},peakmem-recompute{remarks=0}",
                     _split(INPUT)[1])
    attrs = mlirtext.find_function(out, "recompute_fill").peakmem_attrs()
    assert isinstance(attrs["recompute"], dict)
    assert attrs["recompute"]["reason"].startswith("the MAC budget")
