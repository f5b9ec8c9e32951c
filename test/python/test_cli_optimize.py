# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`peakmem optimize` (python/peakmem/cli/optimize.py): the --inplace flag
reaches peakmem.optimize.optimize(inplace=True), whose in-place step then
runs (the report's json lists it and the lower peak); without the flag it
does not."""

import argparse
import json

import pytest

from peakmem import binaries
from peakmem.cli import optimize as cli

# %b = -%a elementwise, and %a dies there: one in-place pair.
PROGRAM = """
func.func @f(%x: memref<256xf32>, %y: memref<256xf32>) {
  %a = memref.alloc() : memref<256xf32>
  linalg.exp ins(%x : memref<256xf32>) outs(%a : memref<256xf32>)
  %b = memref.alloc() : memref<256xf32>
  linalg.negf ins(%a : memref<256xf32>) outs(%b : memref<256xf32>)
  memref.dealloc %a : memref<256xf32>
  linalg.copy ins(%b : memref<256xf32>) outs(%y : memref<256xf32>)
  memref.dealloc %b : memref<256xf32>
  return
}
"""

needs_build = pytest.mark.skipif(not binaries.available("bin/peakmem-opt", "mlir-opt"),
                                 reason="peakmem-opt not built or mlir-opt missing")


def _parse(argv):
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    return parser.parse_args(argv)


def test_inplace_flag_parses():
    assert _parse(["m.mlir"]).inplace is False
    assert _parse(["m.mlir", "--inplace"]).inplace is True


def _run(tmp_path, capsys, *flags):
    model = tmp_path / "model.mlir"
    model.write_text(PROGRAM)
    out = tmp_path / "r.json"
    args = _parse([str(model), "--no-exec", "--no-arena", "--json", str(out), *flags])
    assert cli.run(args) == 0
    capsys.readouterr()
    return json.loads(out.read_text())


INPLACE_STEP = "in-place sharing (peakmem-inplace, peakmem-verify-inplace, peakmem-certify)"


@needs_build
def test_inplace_reaches_the_library(tmp_path, capsys):
    r = _run(tmp_path, capsys, "--inplace")
    assert r["options"]["inplace"] is True
    assert INPLACE_STEP in [t["step"] for t in r["timings"]]
    # -%a is written over %a, which dies there: the pair is counted once.
    assert r["programs"]["imported"]["modeled_peak"] == 2048
    assert r["programs"]["peakmem"]["modeled_peak"] == 1024


@needs_build
def test_no_inplace_by_default(tmp_path, capsys):
    r = _run(tmp_path, capsys)
    assert r["options"]["inplace"] is False
    assert INPLACE_STEP not in [t["step"] for t in r["timings"]]
    assert r["programs"]["peakmem"]["modeled_peak"] == 2048
