# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Tests of the held-out architectures (python/peakmem/frontends/architectures.py).

Each architecture is built at a tiny size of the same code paths, imported to
plain memref IR, and executed before and after peakmem-optimize (measured ==
modeled, identical digests). The corpus files are checked to be what the
builders produce now, byte for byte. Needs mlir-opt (LLVM 22); the execution
tests also need a built runtime and peakmem-opt (PEAKMEM_BUILD_DIR).
"""

import pathlib
import re

import numpy as np
import pytest

from peakmem import optimize, binaries
from peakmem.frontends import architectures as A
from peakmem.frontends import importer, pipeline
from peakmem.frontends.redimnet import _pattern

REPO = pathlib.Path(__file__).resolve().parents[2]
NAMES = sorted(A.MODELS)


def _have_build():
    try:
        binaries.build_product("lib/libpeakmem_runtime.so")
        binaries.build_product("bin/peakmem-opt")
        binaries.llvm_tool("mlir-runner")
        return True
    except FileNotFoundError:
        return False


def _params(tosa):
    return int(re.search(r"parameters emitted: (\d+)", tosa).group(1))


def test_published_sizes():
    """Full configurations: parameter counts of the papers, and the ops that
    make each family what it is."""
    counts = {name: A.build(name) for name in NAMES}
    assert 24.5e6 < _params(counts["resnext50_32x4d"]) < 25.5e6   # paper: 25.0 M
    assert "linalg.conv_2d_nhwgc_gfhwc" in counts["resnext50_32x4d"]
    assert 6.0e6 < _params(counts["googlenet"]) < 7.5e6           # paper: 6.8 M
    # Inception 5b concatenates its four branches: 384 + 384 + 128 + 128.
    assert "tensor<1x7x7x1024xf32>" in counts["googlenet"]
    assert 30.0e6 < _params(counts["unet"]) < 32.0e6              # paper: 31 M
    # The last long skip joins two 64-channel maps at full resolution.
    assert "tensor<1x128x128x128xf32>" in counts["unet"]
    assert "tensor<1x1404xf32>" in counts["face_landmark_mnv3"]   # 468 x 3 landmarks
    assert "tensor<1x63xf32>" in counts["hand_landmark_mnv3"]     # 21 x 3 landmarks
    for name in ("face_landmark_mnv3", "hand_landmark_mnv3"):
        assert "tosa.depthwise_conv2d" in counts[name] and "tosa.sigmoid" in counts[name]


def test_generation_is_deterministic():
    for name in NAMES:
        assert A.build(name, tiny=True) == A.build(name, tiny=True)
        assert A.build(name, weights="args", tiny=True) == A.build(name, weights="args", tiny=True)


@pytest.mark.parametrize("name", NAMES)
def test_corpus_files_are_current(name):
    """corpus/heldout/NAME.mlir is byte-identical to a fresh import
    (tools/corpus.py regenerates them)."""
    text, _ = importer.import_model(name)
    assert text == (REPO / "corpus" / "heldout" / f"{name}.mlir").read_text()


def test_built_in_names_need_no_file(tmp_path, monkeypatch):
    """`peakmem optimize NAME` takes a built-in graph's name as it takes a
    file; an unknown name without a file is an error naming it."""
    monkeypatch.chdir(tmp_path)
    assert importer.is_builtin("hand_landmark_mnv3")
    assert importer.is_builtin("redimnet_b0")
    assert not importer.is_builtin("nosuch_model")
    assert "func.func @main" in optimize.load_module("hand_landmark_mnv3")
    with pytest.raises(binaries.PeakmemError, match="nosuch_model: no such file"):
        optimize.load_module("nosuch_model")


def test_upconv_is_a_pixel_shuffle():
    """upconv2x2 is ConvTranspose2d(k=2, s=2): output (2i+dy, 2j+dx, o) reads
    input pixel (i, j) and kernel tap (dy, dx); checked against numpy."""
    from peakmem.frontends.selfcheck import run_with_inputs
    n = A.Net()
    x = n.e.arg((1, 2, 3, 4), "f32")
    y = n.upconv2x2(x, 3)
    text, _ = pipeline.run_pipeline(n.finish([y], "upconv"))
    inp = np.arange(24, dtype=np.float32).reshape(1, 2, 3, 4) / 7.0
    (got,) = run_with_inputs(text, [inp])
    bias = _pattern(12, 0.05, 1).reshape(2, 2, 3)   # (dy, dx, o), layer 1
    want = np.zeros((1, 4, 6, 3))
    for i in range(2):
        for j in range(3):
            for dy in range(2):
                for dx in range(2):
                    want[0, 2 * i + dy, 2 * j + dx] = inp[0, i, j].mean() + bias[dy, dx]
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", NAMES)
def test_tiny_imports_and_executes(name, tmp_path):
    """Plain memref IR that the stock mlir-opt parses; then (with a build)
    executed as imported and after peakmem-optimize: measured == modeled,
    identical digests."""
    text, _ = pipeline.run_pipeline(A.build(name, tiny=True))
    assert pipeline.check_final(text) == []
    binaries.run([binaries.llvm_tool("mlir-opt"), "-"], input_text=text)
    assert pipeline.stats(text)["allocs"] > 10
    if not _have_build():
        pytest.skip("peakmem not built or MLIR tools missing")
    path = tmp_path / f"{name}.mlir"
    path.write_text(text)
    r = optimize.optimize(str(path), arena=False)
    assert r["measured_imported"] == r["peak_imported"]
    assert r["measured_peakmem"] == r["peak_peakmem"]
    assert r["digest_imported"] == r["digest_peakmem"]
    assert r["peak_peakmem"] <= r["peak_imported"]
