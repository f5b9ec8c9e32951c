# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Names and helpers shared by the ONNX importer's modules (onnx_frontend.py
and the op mixins onnx_shape_ops.py, onnx_math_ops.py, onnx_nn_ops.py)."""

import numpy as np


FMT = "ONNX"

ONNX_DTYPES = {1: "f32", 2: "ui8", 3: "i8", 5: "i16", 6: "i32", 7: "i64", 9: "i1", 10: "f16",
               11: "f64"}


def _pattern(n, scale=0.1, offset=0):
    i = np.arange(n) + offset
    return ((((i * 7) % 11) - 5) / 5.0) * scale


def _order_preserved(shape, perm):
    """True if transposing `shape` by `perm` keeps the element order."""
    nontrivial = [p for p in perm if shape[p] != 1]
    return nontrivial == sorted(nontrivial)
