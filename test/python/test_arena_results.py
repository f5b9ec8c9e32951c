# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Results inside the arena (issue #26): peakmem.optimize.plan_arena says
which results are inside and outside, with their bytes, for arena=alloc
(outside) and arena=argument (inside, at the recorded offset), and the
arena plot's title names the results among the arena's buffers."""

import pytest

from peakmem import binaries, optimize, plot

# a and b live together (8 KiB); the result is produced after a's last use.
PROGRAM = """
func.func @f(%x: memref<1024xf32>) -> memref<1024xf32> {
  %o = memref.alloc() : memref<1024xf32>
  %a = memref.alloc() : memref<1024xf32>
  linalg.copy ins(%x : memref<1024xf32>) outs(%a : memref<1024xf32>)
  %b = memref.alloc() : memref<1024xf32>
  linalg.copy ins(%a : memref<1024xf32>) outs(%b : memref<1024xf32>)
  memref.dealloc %a : memref<1024xf32>
  linalg.copy ins(%b : memref<1024xf32>) outs(%o : memref<1024xf32>)
  memref.dealloc %b : memref<1024xf32>
  return %o : memref<1024xf32>
}
"""

needs_build = pytest.mark.skipif(not binaries.available("bin/peakmem-opt", "mlir-opt"),
                                 reason="peakmem-opt not built or mlir-opt missing")


@needs_build
def test_results_outside_with_alloc():
    r = optimize.plan_arena(PROGRAM)
    assert r["arena_size"] == 8192
    assert r["arena_results"] == {"inside": 0, "inside_bytes": 0,
                                  "outside": 1, "outside_bytes": 4096}
    assert r["arena_result_offsets"] is None
    assert [b["returned"] for b in r["arena_footprint"]["outside"]] == [True]


@needs_build
def test_results_inside_with_argument():
    r = optimize.plan_arena(PROGRAM, arena="argument")
    # The result takes a's slot: the arena alone is the whole activation
    # memory, at its bound.
    assert r["arena_size"] == r["arena_lower_bound"] == 8192
    assert r["arena_results"] == {"inside": 1, "inside_bytes": 4096,
                                  "outside": 0, "outside_bytes": 0}
    assert r["arena_result_offsets"] == [0]
    assert r["arena_footprint"]["outside"] == []
    assert [b["result"] for b in r["arena_plan"]["buffers"]].count(True) == 1


@needs_build
def test_plot_title_names_the_results_inside(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    r = optimize.plan_arena(PROGRAM, arena="argument")
    titles = []
    import matplotlib.axes
    real = matplotlib.axes.Axes.set_title
    monkeypatch.setattr(matplotlib.axes.Axes, "set_title",
                        lambda self, t, *a, **k: titles.append(t) or real(self, t, *a, **k))
    plot.plot_arena(r["arena_plan"], str(tmp_path / "a.png"), title="f",
                    footprint=r["arena_footprint"])
    assert any("3 buffers in the arena (8,192 B), 1 result among them (4,096 B)" in t
               for t in titles)
