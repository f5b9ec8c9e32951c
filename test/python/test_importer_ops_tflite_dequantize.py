# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Weights behind DEQUANTIZE (TFLite). MediaPipe models store their weights
as float16 tensors read through DEQUANTIZE ops (and dynamic-range models as
int8 tensors with per-channel scales); TFLite folds those at prepare time.
`--weights real` must import exactly those values (float16 -> float32, or
(q - zero point) * scale), never placeholders: a flatbuffer built here with
such weights is imported and executed, and its outputs compared with numpy
on the same weights. A weight the model holds no data for is refused by
name.

Run: /usr/bin/python3 -m pytest test/python/test_importer_ops_tflite_dequantize.py
"""

import numpy as np
import pytest

pytest.importorskip("flatbuffers")

from peakmem.frontends import importer, selfcheck  # noqa: E402
from peakmem.frontends.tosa_emitter import ImportError_  # noqa: E402
from test_importer_ops_util import TFLiteBuilder  # noqa: E402

RNG = np.random.default_rng(2718)


def conv_same(x, w, b):
    """NHWC convolution, stride 1, SAME padding; w is [O, kh, kw, I]."""
    n, h, wd, _ = x.shape
    o, kh, kw, _ = w.shape
    pad = np.pad(x, ((0, 0), ((kh - 1) // 2, kh // 2), ((kw - 1) // 2, kw // 2), (0, 0)))
    out = np.zeros((n, h, wd, o))
    for i in range(h):
        for j in range(wd):
            patch = pad[:, i:i + kh, j:j + kw, :]
            out[:, i, j, :] = np.tensordot(patch, w, axes=([1, 2, 3], [1, 2, 3]))
    return out + b


def dequantized(b, data, dtype, q=None):
    """A constant tensor and the DEQUANTIZE op reading it; returns the
    float32 output tensor (which holds no data in the model)."""
    src = b.const(data, dtype, q)
    out = b.tensor(np.shape(data), "f32")
    b.op("DEQUANTIZE", [src], [out])
    return out


def mediapipe_style_model():
    """conv (float16 weights and bias), then fully connected layers with
    float16 and int8 per-channel weights, each read through DEQUANTIZE."""
    b = TFLiteBuilder()
    x = b.input((1, 4, 4, 3), "f32")
    w16 = RNG.uniform(-1, 1, (2, 3, 3, 3)).astype(np.float16)
    b16 = RNG.uniform(-1, 1, 2).astype(np.float16)
    conv = b.tensor((1, 4, 4, 2), "f32", name="conv")
    b.op("CONV_2D", [x, dequantized(b, w16, "f16"), dequantized(b, b16, "f16")], [conv],
         [(0, "b", 0), (1, "i", 1), (2, "i", 1)])
    b.outputs.append(conv)
    flat = b.tensor((1, 32), "f32")
    b.op("RESHAPE", [conv, b.const(np.array([1, 32], np.int32), "i32")], [flat])
    f16 = RNG.uniform(-0.5, 0.5, (5, 32)).astype(np.float16)
    fc1 = b.tensor((1, 5), "f32", name="fc_f16")
    b.op("FULLY_CONNECTED", [flat, dequantized(b, f16, "f16")], [fc1])
    b.outputs.append(fc1)
    scales = np.array([0.01, 0.02, 0.005], np.float32)
    q8 = RNG.integers(-127, 128, (3, 5)).astype(np.int8)
    fc2 = b.tensor((1, 3), "f32", name="fc_int8")
    b.op("FULLY_CONNECTED", [fc1, dequantized(b, q8, "i8", (scales, [0, 0, 0], 0))], [fc2])
    b.outputs.append(fc2)
    return b, (w16, b16, f16, q8, scales)


def test_float16_and_int8_weights_behind_dequantize(tmp_path):
    b, (w16, b16, f16, q8, scales) = mediapipe_style_model()
    path = tmp_path / "mediapipe_style.tflite"
    path.write_bytes(b.build())
    text, _ = importer.import_model(str(path), weights="real")
    xa = RNG.uniform(-2, 2, (1, 4, 4, 3)).astype(np.float32)
    conv, fc1, fc2 = selfcheck.run_with_inputs(text, [xa])
    # The references use the stored values exactly as TFLite reads them.
    ref_conv = conv_same(xa.astype(np.float64), w16.astype(np.float32).astype(np.float64),
                         b16.astype(np.float32))
    ref_fc1 = ref_conv.reshape(1, 32) @ f16.astype(np.float32).astype(np.float64).T
    w8 = q8.astype(np.float64) * scales.astype(np.float64).reshape(3, 1)
    ref_fc2 = ref_fc1 @ w8.T
    for name, got, ref in (("conv", conv, ref_conv), ("fc_f16", fc1, ref_fc1),
                           ("fc_int8", fc2, ref_fc2)):
        assert got.shape == ref.shape, name
        assert np.allclose(got, ref, rtol=1e-4, atol=1e-4), (name, np.abs(got - ref).max())
    # The same model with placeholder weights computes something else: the
    # comparison above can fail.
    splat, _ = importer.import_model(str(path), weights="splat")
    assert not np.allclose(selfcheck.run_with_inputs(splat, [xa])[2], ref_fc2, atol=1e-3)


def test_real_weight_without_data_is_refused(tmp_path):
    # A fully connected layer whose weights are a model input: no data to
    # import, so --weights real refuses (it used to put 1/fan_in there).
    b = TFLiteBuilder()
    x = b.input((1, 4), "f32")
    w = b.input((2, 4), "f32")
    y = b.tensor((1, 2), "f32", name="y")
    b.op("FULLY_CONNECTED", [x, w], [y])
    b.outputs.append(y)
    path = tmp_path / "weights_as_input.tflite"
    path.write_bytes(b.build())
    with pytest.raises(ImportError_) as err:
        importer.emit_tosa(str(path), "real")
    assert "--weights real: weight" in str(err.value) and "never substituted" in str(err.value)
