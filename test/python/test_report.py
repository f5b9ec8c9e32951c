# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`peakmem optimize`'s progress, report and JSON (peakmem/progress.py,
peakmem/report.py, peakmem/footprint.py; docs/Execution.md).

Progress is checked with a fake clock (no verdict depends on wall-clock
time); the report and its JSON on the chain-into-concat test program, whose
figures are checked against the IR and the records they come from."""

import io
import json
import pathlib

import pytest

from peakmem import binaries, footprint, report
from peakmem.progress import Progress

REPO = pathlib.Path(__file__).resolve().parents[2]
CHAIN = REPO / "test/Execution/recompute-chain.mlir"


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def _progress(live):
    clock, out = Clock(), io.StringIO()
    # A ticker interval of an hour: only the test's own tick() calls show
    # elapsed time.
    return Progress(out, live=live, heartbeat=60, clock=clock, interval=3600), clock, out


def test_plain_progress_lines_and_heartbeat():
    steps, clock, out = _progress(live=False)
    with steps.step("executing the imported program"):
        clock.now += 30
        steps.tick()                # no heartbeat before 60 s
        clock.now += 45
        steps.tick()                # 75 s: one
        steps.tick()                # not twice for the same minute
    with pytest.raises(RuntimeError):
        with steps.step("executing the arena program"):
            clock.now += 2.5
            raise RuntimeError("boom")
    assert out.getvalue().splitlines() == [
        "[peakmem] executing the imported program ...",
        "[peakmem] executing the imported program: still running, 75 s",
        "[peakmem] executing the imported program: 75.00 s",
        "[peakmem] executing the arena program ...",
        "[peakmem] executing the arena program: failed after 2.50 s"]
    assert steps.timings == [("executing the imported program", 75.0),
                             ("executing the arena program", 2.5)]
    assert "\r" not in out.getvalue()


def test_live_progress_rewrites_one_line():
    steps, clock, out = _progress(live=True)
    with steps.step("importing vit_b_16.onnx"):
        clock.now += 0.5
        steps.tick()                # under a second: nothing shown
        clock.now += 2.6
        steps.tick()
    text = out.getvalue()
    assert text == ("[peakmem] importing vit_b_16.onnx ..."
                    "\r\033[K[peakmem] importing vit_b_16.onnx ... 3 s"
                    "\r\033[K[peakmem] importing vit_b_16.onnx: 3.10 s\n")


def test_recompute_and_arena_lines():
    rec = {"cloned_ops": 1234, "peak_before": 16384, "peak_after": 12288,
           "macs_before": 1000000, "macs_after": 1004000, "ops_before": 6144,
           "ops_after": 7168}
    assert report.recompute_line(rec) == (
        "recomputation:         1,234 ops cloned: peak 16,384 B -> 12,288 B, MACs "
        "1,000,000 -> 1,004,000 (+0.400%), operations 6,144 -> 7,168 (+16.667%)")
    assert report.recompute_line({"cloned_ops": 0, "reason": "why"}) == \
        "recomputation:         none (why)"
    r = {"arena_size": 512, "arena_lower_bound": 512, "arena_optimal": True,
         "arena_baselines": {"tflm-greedy": 512, "tvm-hill-climb": 512, "iree-best-fit": 640}}
    # "tied with" names the other planners.
    assert report.arena_line(r).endswith(
        "best baseline tflm-greedy 512 B (tied with tvm-hill-climb), peakmem +0.0%")


needs_build = pytest.mark.skipif(not binaries.available("bin/peakmem-opt", "mlir-opt"),
                                 reason="peakmem-opt not built or mlir-opt missing")


@needs_build
@pytest.mark.parametrize("arena", ["alloc", "argument"])
def test_footprint_from_the_planned_ir(arena):
    from peakmem import passes
    out, _, _ = passes.run_opt(CHAIN.read_text(), "builtin.module(func.func(peakmem-optimize,"
                               f"peakmem-plan-arena{{arena={arena}}}))")
    fp = footprint.footprint(out)
    # The arena is the planned one; the result (16x16xf32) is outside it
    # with arena=alloc and inside it (a view of the caller's arena) with
    # arena=argument (docs/Arena.md, "Results inside the arena"); the four
    # inputs/weights are arguments (16x16, 16x16, 16x32, 32x16 f32).
    assert fp["arena"] == passes.function_attrs(out)["arena_size"]
    outside = [(1024, True)] if arena == "alloc" else []
    assert [(b["bytes"], b["returned"]) for b in fp["outside"]] == outside
    assert [a["bytes"] for a in fp["arguments"]] == [1024, 1024, 2048, 2048]
    assert fp["total"] == fp["arena"] + 1024 * len(outside) + 6144 and fp["complete"]


def test_memref_bytes():
    assert footprint.memref_bytes("memref<16x32xf32>") == 2048
    assert footprint.memref_bytes("memref<3xi1>") == 3
    assert footprint.memref_bytes("memref<f64>") == 8
    assert footprint.memref_bytes("memref<4x16xf32, strided<[16, 1], offset: 8>>") == 256
    assert footprint.memref_bytes("memref<?x4xf32>") is None


def _numbers(text):
    import re
    return {int(n.replace(",", "")) for n in re.findall(r"(?<![\w.])\d[\d,]*(?= B\b)", text)}


@needs_build
def test_json_holds_every_figure_of_the_report(tmp_path):
    from peakmem import __main__ as cli
    out = tmp_path / "report.json"
    assert cli.main(["optimize", str(CHAIN), "--no-exec", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["version"] == report.JSON_VERSION and data["model"] == "recompute-chain"
    assert data["programs"]["imported"]["modeled_peak"] == 6144
    assert data["optimal"] is True and data["lower_bound"] == data["programs"]["peakmem"][
        "modeled_peak"]
    assert data["certificate"]["kind"] and isinstance(data["certificate"]["flow"], list)
    assert data["arena"]["planned"] and data["arena"]["device"]["total"] > data["arena"]["size"]
    assert [t["step"] for t in data["timings"]][:3] == [
        "modeling the program as imported (peakmem-report)",
        "upstream baseline (optimize-allocation-liveness)",
        "peakmem-optimize (reorder, recompute, certify)"]
    assert data["executed"] is False and data["measured_equals_modeled"] is None
    # Every byte count the text report prints is in the JSON.
    r = {"model": data["model"]}
    text = io.StringIO()
    from peakmem import optimize
    r = optimize.optimize(str(CHAIN), execute_programs=False,
                          steps=Progress(io.StringIO(), live=False))
    report.print_report(r, text)
    flat = json.dumps(report.report_data(r))
    missing = [n for n in _numbers(text.getvalue()) if str(n) not in flat]
    assert not missing, (missing, text.getvalue())
    # Everything but the times is the same from run to run (docs/Execution.md).
    def untimed(d):
        return {k: v for k, v in d.items() if k not in ("timings", "pass_seconds")}
    assert untimed(json.loads(flat)) == untimed(data)


def _timeline(live, peak=None):
    return {"peak": peak if peak is not None else max(live),
            "timeline": [{"live": v, "op": "linalg.generic"} for v in live]}


def test_plot_says_which_curves_coincide_or_hide():
    from peakmem import plot
    drawn = plot._series({"imported": _timeline([4, 8, 16, 8]),
                          "upstream": _timeline([4, 8, 8, 4]),
                          "peakmem": _timeline([4, 8, 8, 4])})
    # upstream and peakmem are one curve, said to coincide.
    assert [d["shorts"] for d in drawn] == [["imported"], ["upstream", "peakmem"]]
    assert "upstream and peakmem coincide" in drawn[1]["label"]
    drawn = plot._series({"imported": _timeline([4, 12, 16, 8]),
                          "upstream": _timeline([4, 8, 8, 6]),
                          "peakmem": _timeline([4, 8, 8, 4])})
    # Equal on 3 of 4 statements: upstream is hidden under peakmem there.
    assert drawn[1]["note"] == "; hidden under peakmem where equal (3 of 4 statements)"
    assert not drawn[0]["note"] and drawn[2]["at"] == 2  # counted from 1


def test_plot_units_and_outside_words():
    from peakmem import plot
    assert plot.binary_unit(512) == (1.0, "B")
    assert plot.binary_unit(4096) == (1024.0, "KiB")
    assert plot.binary_unit(3 * 2**20) == (2.0**20, "MiB")
    fp = {"outside": [{"bytes": 1024, "returned": True}, {"bytes": 64, "returned": False}],
          "arguments": [{"bytes": 4000}], "argument_bytes": 4000, "total": 10000}
    assert plot._outside_words(fp) == ("; outside it: 1 result (1,024 B), 1 other buffer "
                                       "(64 B), 1 argument (4,000 B); device total 10,000 B")


def test_footprint_follows_views_to_the_returned_buffer():
    text = """module {
  func.func @f(%arg0: memref<4x4xf32>) -> memref<16xf32> {
    %alloc = memref.alloc() {alignment = 64 : i64, peakmem.arena} : memref<128xi8>
    %r = memref.alloc() : memref<1x16xf32>
    %t = memref.alloc() : memref<8xi8>
    %c = memref.collapse_shape %r [[0, 1]] : memref<1x16xf32> into memref<16xf32>
    memref.dealloc %t : memref<8xi8>
    memref.dealloc %alloc : memref<128xi8>
    return %c : memref<16xf32>
  }
}
"""
    fp = footprint.footprint(text)
    assert fp["arena"] == 128
    assert [(b["name"], b["bytes"], b["returned"]) for b in fp["outside"]] == [
        ("%r", 64, True), ("%t", 8, False)]
    assert fp["total"] == 128 + 64 + 8 + 64


def test_arena_plan_has_no_clock_by_default(monkeypatch):
    # `peakmem optimize` plans the arena on work limits only (reproducible);
    # a wall-clock cap is opt-in. Checked on the pipeline it runs.
    from peakmem import optimize, passes
    seen = []

    def fake_run_opt(text, pipeline, **kw):
        seen.append(pipeline)
        return text, "", 0.0
    monkeypatch.setattr(passes, "run_opt", fake_run_opt)
    optimize.plan_arena("module {}")
    assert len(seen) == 1 and "peakmem-plan-arena{" in seen[0]
    assert "budget-ms=0 " in seen[0] or "budget-ms=0}" in seen[0], seen[0]
    optimize.plan_arena("module {}", budget_ms=250)
    assert "budget-ms=250" in seen[1]


def test_plot_legend_is_wrapped_and_names_the_bound():
    # Long legend entries are wrapped (a wide legend would squeeze the axes
    # under tight_layout); the lower bound says whose peak it equals.
    from peakmem import plot
    plt = plot._pyplot()
    fig, ax = plt.subplots()
    drawn = plot._series({"imported": _timeline([4, 12, 16, 8]),
                          "upstream": _timeline([4, 8, 8, 6]),
                          "peakmem": _timeline([4, 8, 8, 4])})
    plot._draw_curves(ax, drawn, 8, 1.0, "B")
    labels = ax.get_legend_handles_labels()[1]
    plt.close(fig)
    assert all(len(line) <= plot.LEGEND_WIDTH for label in labels for line in label.split("\n"))
    assert any("\n" in label for label in labels)  # the upstream entry is long
    assert labels[-1].replace("\n  ", " ") == (
        "lower bound over every order 8.000 B (8 B), = the peak of upstream and peakmem (optimal)")


@needs_build
def test_optimize_command_shows_each_step_and_its_time(capsys):
    # The command itself (not only peakmem.progress): every step on stderr
    # with its wall time (plain lines: pytest's stderr is no terminal), and
    # the report's `steps:` table with the same steps on stdout.
    from peakmem import __main__ as cli
    assert cli.main(["optimize", str(CHAIN), "--no-exec"]) == 0
    out, err = capsys.readouterr()
    done = [line for line in err.splitlines() if line.startswith("[peakmem] ")
            and not line.endswith(" ...")]
    names = [line[len("[peakmem] "):].rsplit(": ", 1)[0] for line in done]
    assert names[:3] == ["modeling the program as imported (peakmem-report)",
                         "upstream baseline (optimize-allocation-liveness)",
                         "peakmem-optimize (reorder, recompute, certify)"]
    assert all(line.rsplit(": ", 1)[1].endswith(" s") for line in done)
    assert "\r" not in err
    table = out.split("steps:", 1)[1].splitlines()[1:]
    assert [row.split(" s  ", 1)[1] for row in table if " s  " in row] == names
