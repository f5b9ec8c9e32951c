# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Tests of the model importers (python/peakmem/frontends).

Run: /usr/bin/python3 -m pytest test/python/test_frontends.py
Needs mlir-opt (LLVM 22); model tests skip ("data:") when the models are absent
($PEAKMEM_MODELS, default ../shared/models: shared_models.py).
"""

import pathlib
import re
import subprocess

import numpy as np
import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]

from peakmem import binaries
from peakmem.frontends import importer, pipeline
from peakmem.frontends.tosa_emitter import ImportError_

from shared_models import MODELS, needs
PY = "/usr/bin/python3"

onnx = pytest.importorskip("onnx")
from onnx import TensorProto, helper, numpy_helper

needs_models = needs(MODELS)


def _allocs(text):
    out = []
    for m in re.finditer(r"memref\.alloc\(\)[^\n]*: memref<([^>]*)>", text):
        dims = m.group(1).split("x")
        out.append((tuple(int(d) for d in dims[:-1]), dims[-1]))
    return out


def _run_cli(args):
    return subprocess.run([PY, "-m", "peakmem", "import", *args], cwd=REPO / "python",
                          capture_output=True, text=True, timeout=600)


def _check_plain_memref(text):
    assert pipeline.check_final(text) == []
    # The output parses again with the stock mlir-opt.
    binaries.run([binaries.llvm_tool("mlir-opt"), "-"], input_text=text)
    body = pipeline.func_bodies(text)
    assert "tensor." not in body and "bufferization." not in body and "scf.if" not in body


# ---------------------------------------------------------------- real models
@needs_models
def test_tflite_kws_int8_keeps_i8_activations(tmp_path):
    out = tmp_path / "kws.mlir"
    stages = tmp_path / "stages"
    r = _run_cli([str(MODELS / "tflite" / "mlperf_tiny_kws_ref_model_int8.tflite"), "-o", str(out),
                  "--keep-stages", str(stages)])
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    _check_plain_memref(text)
    allocs = _allocs(text)
    assert len(allocs) > 10
    assert text.count("memref.dealloc") == len(allocs) - 1  # the result is returned
    # Activation buffers are i8; i32 only for convolution accumulators; the
    # only f32 buffers are the tiny softmax ones (1x12).
    big = [(s, t) for s, t in allocs if int(np.prod(s)) >= 1000]
    assert big and all(t in ("i8", "i32") for _, t in big), big
    assert sum(1 for _, t in big if t == "i8") >= 5
    assert all(int(np.prod(s)) <= 12 for s, t in allocs if t == "f32")
    sig = re.search(r"func\.func @main\(%arg0: memref<([^>]*)>", text).group(1)
    assert sig.endswith("xi8")
    for st in ("tosa", "linalg", "fused", "bufferized", "dealloc"):
        assert list(stages.glob(f"*.{st}.mlir")), st


@needs_models
def test_tflite_float_and_ad01():
    text, info = importer.import_model(str(MODELS / "tflite" / "mlperf_tiny_ad01_int8.tflite"))
    _check_plain_memref(text)
    assert info["allocs"] == info["deallocs"] + 1
    assert all(t in ("i8", "i32") for _, t in _allocs(text))


@needs_models
def test_onnx_segmentation_static_shape_chain():
    # lraspp: Shape/Slice/Concat feeding Resize, HardSigmoid, SE blocks.
    text, info = importer.import_model(str(MODELS / "onnx" / "lraspp_mobilenet_v3_large.onnx"))
    _check_plain_memref(text)
    assert re.search(r"-> memref<1x224x224x21xf32>", text)
    assert info["allocs"] > 50


# ---------------------------------------------------------------- synthetic ONNX
def _graph_model(nodes, inputs, outputs, inits=()):
    g = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(inits))
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    return m


def test_unsupported_op_error_names_op_and_node(tmp_path):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, 8, 8])
    w = helper.make_tensor_value_info("w", TensorProto.FLOAT, [4, 4, 3, 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4, 8, 8])
    nodes = [
        helper.make_node("Conv", ["x", "w"], ["c"], name="conv0", pads=[1, 1, 1, 1]),
        helper.make_node("LpNormalization", ["c"], ["y"], name="my_weird_norm", axis=1),
    ]
    path = tmp_path / "bad.onnx"
    onnx.save(_graph_model(nodes, [x, w], [y]), str(path))
    r = _run_cli([str(path), "-o", str(tmp_path / "bad.mlir")])
    assert r.returncode != 0
    assert "LpNormalization" in r.stderr and "my_weird_norm" in r.stderr and "#1" in r.stderr
    assert not (tmp_path / "bad.mlir").exists()


def _grouped_model(tmp_path, group=2, cin=4, cout=6, hw=5):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, cin, hw, hw])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, cout, hw, hw])
    rng = np.random.default_rng(0)
    wdata = rng.uniform(-1, 1, (cout, cin // group, 3, 3)).astype(np.float32)
    bdata = rng.uniform(-1, 1, (cout,)).astype(np.float32)
    nodes = [helper.make_node("Conv", ["x", "w", "b"], ["y"], name="gconv", group=group,
                              pads=[1, 1, 1, 1])]
    inits = [numpy_helper.from_array(wdata, "w"), numpy_helper.from_array(bdata, "b")]
    path = tmp_path / "grouped.onnx"
    onnx.save(_graph_model(nodes, [x], [y], inits), str(path))
    return path, wdata, bdata


def test_grouped_conv_is_grouped(tmp_path):
    path, _, _ = _grouped_model(tmp_path)
    tosa = importer.emit_tosa(str(path))
    assert "linalg.conv_2d_nhwgc_gfhwc" in tosa
    assert "tosa.conv2d" not in tosa  # no dense stand-in
    assert "tensor<2x3x3x3x2xf32>" in tosa  # G x F/G x kh x kw x C/G
    text, _ = importer.import_model(str(path))
    _check_plain_memref(text)
    assert "linalg.conv_2d_nhwgc_gfhwc" in text


def test_grouped_conv_numerics_real_weights(tmp_path):
    """Runs the imported grouped conv (real ONNX initializers) and compares with numpy."""
    from peakmem.frontends import selfcheck
    path, wdata, bdata = _grouped_model(tmp_path)
    text, _ = importer.import_model(str(path), weights="real")
    out, vals = selfcheck.run_once(text, 0)
    got = np.array([float(v) for v in vals], np.float64).reshape(1, 5, 5, 6)
    # The driver's input pattern (physical NHWC order), see selfcheck.driver.
    lin = np.arange(1 * 5 * 5 * 4)
    xin = (((lin * 37 + 11) % 251) - 125).astype(np.float64) * 7.8125e-03
    xn = xin.reshape(1, 5, 5, 4).transpose(0, 3, 1, 2)  # NCHW
    xp = np.pad(xn, ((0, 0), (0, 0), (1, 1), (1, 1)))
    ref = np.zeros((1, 6, 5, 5))
    for o in range(6):
        g = o // 3
        for i in range(5):
            for j in range(5):
                ref[0, o, i, j] = np.sum(xp[0, 2 * g:2 * g + 2, i:i + 3, j:j + 3] * wdata[o]) + bdata[o]
    np.testing.assert_allclose(got.transpose(0, 3, 1, 2), ref, rtol=1e-4, atol=1e-4)


def test_batchnorm_and_static_resize_chain(tmp_path):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 8, 8])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 3, 16, 16])
    params = [helper.make_tensor_value_info(n, TensorProto.FLOAT, [3])
              for n in ("g", "b", "m", "v")]
    c = lambda name, arr: helper.make_node(  # noqa: E731
        "Constant", [], [name], value=numpy_helper.from_array(np.array(arr, np.int64)))
    nodes = [
        helper.make_node("BatchNormalization", ["x", "g", "b", "m", "v"], ["bn"], name="bn"),
        helper.make_node("Shape", ["bn"], ["shp"]),
        c("s0", [0]), c("s1", [2]), c("hw", [16, 16]),
        helper.make_node("Slice", ["shp", "s0", "s1"], ["nc"]),
        helper.make_node("Concat", ["nc", "hw"], ["sizes"], axis=0),
        helper.make_node("Resize", ["bn", "", "", "sizes"], ["y"], mode="linear",
                         coordinate_transformation_mode="half_pixel"),
    ]
    path = tmp_path / "bn.onnx"
    onnx.save(_graph_model(nodes, [x] + params, [y]), str(path))
    tosa = importer.emit_tosa(str(path))
    assert "tosa.resize" in tosa and "BILINEAR" in tosa
    text, _ = importer.import_model(str(path))
    _check_plain_memref(text)
    assert "-> memref<1x16x16x3xf32>" in text
    args_text, _ = importer.import_model(str(path), weights="args")
    assert args_text.count("peakmem.weight") == 4


def test_unknown_extension_is_an_error(tmp_path):
    p = tmp_path / "m.pb"
    p.write_text("x")
    with pytest.raises(ImportError_):
        importer.emit_tosa(str(p))


# ---------------------------------------------------------------- ReDimNet
def test_redimnet_structure():
    from peakmem.frontends import redimnet
    b2 = redimnet.build("b2")
    assert "linalg.conv_2d_nhwgc_gfhwc" in b2  # groups = C/4: real grouped convs
    # the final weighted sum stacks stem + 6 stages: (1, 7, T=200, C*F=1152)
    assert "tensor<1x7x200x1152xf32>" in b2
    params = int(re.search(r"parameters emitted: (\d+)", b2).group(1))
    assert 3.5e6 < params < 5.5e6  # published: 4.7M
    b0 = redimnet.build("b0")
    assert "tensor<1x6x200x600xf32>" in b0
    assert "tosa.depthwise_conv2d" in b0 and "linalg.conv_2d_nhwgc_gfhwc" in b0
    params = int(re.search(r"parameters emitted: (\d+)", b0).group(1))
    assert 0.7e6 < params < 1.3e6  # published: 1.0M
