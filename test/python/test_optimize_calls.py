# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`peakmem optimize` on a model with calls (python/peakmem/optimize.py):
the pipelines run on the module, so the caller is modeled with its callee's
peak as the call's scratch, and the figures are the entry function's (the
one no other function names), not the first function's. With
arena=argument the call tree gets one arena, the entry's."""

import pytest

from peakmem import binaries, optimize, passes

# @leaf comes first; @main (the entry) calls it. leaf: t (1 KiB) inside.
# main: a and b (1 KiB each) live across the call, whose scratch is leaf's
# peak: 3072 B.
PROGRAM = """
func.func @leaf(%x: memref<256xf32>, %y: memref<256xf32>) {
  %t = memref.alloc() : memref<256xf32>
  linalg.exp ins(%x : memref<256xf32>) outs(%t : memref<256xf32>)
  linalg.negf ins(%t : memref<256xf32>) outs(%y : memref<256xf32>)
  memref.dealloc %t : memref<256xf32>
  return
}
func.func @main(%x: memref<256xf32>, %y: memref<256xf32>) {
  %a = memref.alloc() : memref<256xf32>
  linalg.exp ins(%x : memref<256xf32>) outs(%a : memref<256xf32>)
  %b = memref.alloc() : memref<256xf32>
  func.call @leaf(%a, %b) : (memref<256xf32>, memref<256xf32>) -> ()
  memref.dealloc %a : memref<256xf32>
  linalg.copy ins(%b : memref<256xf32>) outs(%y : memref<256xf32>)
  memref.dealloc %b : memref<256xf32>
  return
}
"""

needs_build = pytest.mark.skipif(not binaries.available("bin/peakmem-opt", "mlir-opt"),
                                 reason="peakmem-opt not built or mlir-opt missing")
needs_runtime = pytest.mark.skipif(
    not binaries.available("lib/libpeakmem_runtime.so", "mlir-opt", "mlir-runner"),
    reason="runtime not built")


def test_entry_function():
    assert optimize.entry_function(PROGRAM) == "main"
    # A declaration is not an entry; a function named only by itself is.
    assert optimize.entry_function(
        "func.func private @ext()\nfunc.func @r() {\n  call @r() : () -> ()\n"
        "  return\n}\n") == "r"
    assert optimize.entry_function("func.func private @ext()\n") is None


def test_pipelines_run_on_the_module():
    for pipe in (optimize.PEAKMEM_PIPELINE, optimize.REPORT_PIPELINE,
                 optimize.INPLACE_PIPELINE, optimize.ARENA_PIPELINE):
        assert pipe.startswith("builtin.module(peakmem-") and "func.func(" not in pipe


@needs_build
@needs_runtime
def test_figures_are_the_entry_functions(tmp_path):
    model = tmp_path / "calls.mlir"
    model.write_text(PROGRAM)
    r = optimize.optimize(str(model), arena=True)
    assert r["function"] == "main" and r["arena_function"] == "main"
    # The caller is modeled with leaf's peak (1 KiB) as the call's scratch.
    assert r["peak_imported"] == 3072, r["peak_imported"]
    assert r["peak_peakmem"] == passes.function_attrs(r["after_text"], "main")["peak"]
    assert passes.function_attrs(r["after_text"], "leaf")["peak"] == 1024
    assert r["lower_bound"] is not None and r["lower_bound"] <= r["peak_peakmem"]
    # Executed through the entry: measured == modeled, the same output bits.
    assert r["measured_imported"] == r["peak_imported"]
    assert r["measured_peakmem"] == r["peak_peakmem"]
    assert r["digest_peakmem"] == r["digest_imported"]
    assert r["arena_size"] is not None
    assert r["digest_arena"] == r["digest_imported"]


@needs_build
def test_one_arena_for_the_call_tree():
    """arena=argument on the module: leaf's buffer is a slot of main's
    arena (peakmem.callee_arena_offset on the call), so main's arena is the
    tree's whole activation memory and leaf allocates nothing."""
    text, _, _ = passes.run_opt(PROGRAM, optimize.PEAKMEM_PIPELINE)
    r = optimize.plan_arena(text, arena="argument")
    assert r["arena_function"] == "main"
    leaf = passes.function_attrs(r["arena_text"], "leaf")
    main = passes.function_attrs(r["arena_text"], "main")
    assert r["arena_size"] == main["arena_size"]
    assert "peakmem.callee_arena_offset" in r["arena_text"], r["arena_text"]
    assert main["arena_size"] >= leaf["arena_size"] == 1024
    assert main["arena_size"] == main["arena_lower_bound"]
