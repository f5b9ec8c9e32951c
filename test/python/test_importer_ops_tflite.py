# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Executes TFLite builtin ops through the importer and compares with numpy.

Every case is a tiny single-op graph; all cases of one element type share ONE
TFLite model (many inputs, many outputs), so a run is one import (`--weights
real`, which keeps the model's zero points and scales) plus one JIT run of the
bufferized output (selfcheck.run_with_inputs feeds the given inputs).

float: the reference is numpy in float64; results must agree to 1e-4
(relative) / 1e-5 (absolute); the harness prints 6 significant digits.
int8: the reference is TFLite's quantized reference kernel written in numpy
(zero points, QuantizeMultiplier/MultiplyByQuantizedMultiplier rounding, or
dequantize -> float -> round-half-away quantize for the ops TFLite computes
through a table or float). Data-movement ops must be bit exact; arithmetic ops
may differ by one step (TOSA's DOUBLE_ROUND rescale vs. TFLite's two-step
rounding, round-half-even casts), and at most 10% of the elements may.

Run: /usr/bin/python3 -m pytest test/python/test_importer_ops_tflite.py
"""

import pathlib

import numpy as np
import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]

pytest.importorskip("flatbuffers")

from peakmem.frontends import importer, selfcheck
from peakmem.frontends.tosa_emitter import UnsupportedOp
from test_importer_ops_util import (TFLiteBuilder, clamp8, dequantize, mbqm,
                                    quantize)

RNG = np.random.default_rng(1234)
EXACT, STEP = "exact", "step"


class Suite:
    """Collects cases: model tensors, input data, expected outputs."""

    def __init__(self, dtype):
        self.b = TFLiteBuilder()
        self.dtype = dtype
        self.data = []
        self.expect = []   # (case name, tensor id, expected array, tolerance kind)

    def inp(self, shape, q=None, lo=-4.0, hi=4.0):
        if self.dtype == "f32":
            arr = RNG.uniform(lo, hi, shape).astype(np.float32)
        else:
            arr = RNG.integers(-128, 128, shape).astype(np.int8)
        self.data.append(arr)
        return self.b.input(shape, self.dtype, q), arr

    def out(self, name, shape, expected, q=None, tol=STEP, dtype=None):
        t = self.b.tensor(shape, dtype or self.dtype, q=q, name=name)
        self.b.outputs.append(t)
        self.expect.append((name, t, np.asarray(expected), tol))
        return t

    @property
    def f(self):
        return self.dtype == "f32"

    def q(self, scale, zp):
        """Quantization of a tensor: none for float cases."""
        return None if self.f else Q(scale, zp)

    def fq(self, arr, qp):
        """Float view of an input (dequantized for int8)."""
        return arr.astype(np.float64) if self.f else dequantize(arr, *qp)

    def via_float(self, name, opname, fn, shape=(1, 4, 4, 3), qout=None, lo=-4.0, hi=4.0,
                  qin=None, options=()):
        """A unary op that int8 models compute in float: the reference is
        fn of the dequantized input, quantized back."""
        qout = Q(0.05, -5) if qout is None else qout
        qin = QIN if qin is None else qin
        x, xa = self.inp(shape, self.q(*qin), lo, hi)
        if self.f:
            exp = fn(xa.astype(np.float64))
        else:
            exp = quantize(fn(dequantize(xa, *qin)), *qout)
        y = self.out(name, shape, exp, self.q(*qout))
        self.b.op(opname, [x], [y], options)

    def run(self, tmp_path):
        path = tmp_path / f"ops_{self.dtype}.tflite"
        path.write_bytes(self.b.build())
        text, _ = importer.import_model(str(path), weights="real")
        return selfcheck.run_with_inputs(text, self.data)


def _check(suite, results):
    assert len(results) == len(suite.expect)
    failures = []
    for (name, _, exp, tol), got in zip(suite.expect, results):
        if got.shape != exp.shape:
            failures.append(f"{name}: shape {got.shape} != {exp.shape}")
            continue
        if suite.dtype == "f32":
            if not np.allclose(got, exp, rtol=1e-4, atol=1e-5):
                failures.append(f"{name}: max error {np.max(np.abs(got - exp)):.3g}")
            continue
        d = np.abs(got.astype(np.int64) - exp.astype(np.int64))
        if tol == EXACT and d.max() != 0:
            failures.append(f"{name}: {np.count_nonzero(d)} elements differ (must be exact)")
        elif d.max() > 1 or np.count_nonzero(d) > max(1, d.size // 10):
            failures.append(f"{name}: max diff {d.max()}, {np.count_nonzero(d)}/{d.size} differ")
    assert not failures, "\n".join(failures)


# ---------------------------------------------------------------- references
def np_hard_swish(x):
    return x * np.clip(x + 3, 0, 6) / 6


def np_resize(x, oh, ow, mode, half, align=False):
    """TFLite resize (NHWC)."""
    n, h, w, c = x.shape
    out = np.zeros((n, oh, ow, c))
    for oy in range(oh):
        for ox in range(ow):
            if align:
                sy, sx = oy * (h - 1) / (oh - 1), ox * (w - 1) / (ow - 1)
                if mode == "nearest":
                    out[:, oy, ox] = x[:, int(np.floor(sy + 0.5)), int(np.floor(sx + 0.5))]
                    continue
                half = False
            if mode == "nearest":
                sy = (oy + 0.5) * h / oh if half else oy * h / oh
                sx = (ox + 0.5) * w / ow if half else ox * w / ow
                iy = min(int(np.floor(sy)), h - 1)
                ix = min(int(np.floor(sx)), w - 1)
                out[:, oy, ox] = x[:, iy, ix]
            else:
                if align:
                    pass
                elif half:
                    sy, sx = (oy + 0.5) * h / oh - 0.5, (ox + 0.5) * w / ow - 0.5
                else:
                    sy, sx = oy * h / oh, ox * w / ow
                y0, x0 = int(np.floor(sy)), int(np.floor(sx))
                fy, fx = sy - y0, sx - x0
                y0c, y1c = max(y0, 0), min(y0 + 1, h - 1)
                x0c, x1c = max(x0, 0), min(x0 + 1, w - 1)
                y0c = min(y0c, h - 1)
                x0c = min(x0c, w - 1)
                out[:, oy, ox] = ((1 - fy) * (1 - fx) * x[:, y0c, x0c] + (1 - fy) * fx * x[:, y0c, x1c]
                                  + fy * (1 - fx) * x[:, y1c, x0c] + fy * fx * x[:, y1c, x1c])
    return out


def np_transpose_conv(x, w, b, stride, out_hw, pad_tl):
    """TFLite TRANSPOSE_CONV: w is [O, kh, kw, I]; out[i*s + k - pad] += x[i] w[k]."""
    n, h, wd, _ = x.shape
    o, kh, kw, _ = w.shape
    oh, ow = out_hw
    out = np.zeros((n, oh, ow, o)) + (0 if b is None else b)
    for iy in range(h):
        for ix in range(wd):
            for ky in range(kh):
                for kx in range(kw):
                    oy = iy * stride[0] + ky - pad_tl[0]
                    ox = ix * stride[1] + kx - pad_tl[1]
                    if 0 <= oy < oh and 0 <= ox < ow:
                        out[:, oy, ox] += x[:, iy, ix] @ w[:, ky, kx, :].T
    return out


def d2s(x, bs):
    n, h, w, c = x.shape
    return x.reshape(n, h, w, bs, bs, c // bs // bs).transpose(0, 1, 3, 2, 4, 5).reshape(
        n, h * bs, w * bs, c // bs // bs)


def s2d(x, bs):
    n, h, w, c = x.shape
    return x.reshape(n, h // bs, bs, w // bs, bs, c).transpose(0, 1, 3, 2, 4, 5).reshape(
        n, h // bs, w // bs, bs * bs * c)


# ---------------------------------------------------------------- the cases
def Q(scale, zp):
    """Quantization parameters as the model stores them (f32 scale)."""
    return float(np.float32(scale)), zp


F32_02 = float(np.float32(0.2))
QIN = Q(0.05, 3)           # typical activation quantization (scale, zero point)


def _cases_unary_via_float(s):
    f = s.f
    via_float = s.via_float
    via_float("hard_swish", "HARD_SWISH", np_hard_swish)
    via_float("logistic", "LOGISTIC", lambda v: 1 / (1 + np.exp(-v)), (1, 16),
              qout=Q(1 / 256, -128))
    via_float("tanh", "TANH", np.tanh, (1, 16), qout=Q(1 / 128, 0))
    if f:
        via_float("rsqrt", "RSQRT", lambda v: 1 / np.sqrt(v), (1, 8), lo=0.1, hi=4.0)
        via_float("sqrt", "SQRT", np.sqrt, (1, 8), lo=0.0, hi=4.0)
        via_float("log", "LOG", np.log, (1, 8), lo=0.1, hi=4.0)
    else:
        # Positive inputs: zero point -128, scale 0.02 -> (0, 5.1].
        via_float("rsqrt", "RSQRT", lambda v: 1 / np.sqrt(np.maximum(v, 1e-3)), (1, 8),
                  qin=Q(0.02, -128), qout=Q(0.05, -128))
    via_float("exp", "EXP", np.exp, (1, 8), qout=Q(0.25, -128), lo=-4.0, hi=3.0)
    via_float("abs", "ABS", np.abs, (4, 16), qout=QIN)
    via_float("neg", "NEG", np.negative, (4, 16), qout=Q(0.05, -3))
    via_float("square", "SQUARE", np.square, (4, 16), qout=Q(0.1, -128))
    via_float("elu", "ELU", lambda v: np.where(v > 0, v, np.expm1(v)), (4, 16))


def _cases_clamps(s):
    b, f, q = s.b, s.f, s.q
    # RELU_N1_TO_1: a clamp in the quantized domain.
    x, xa = s.inp((2, 6), q(*QIN))
    exp = np.clip(xa, -1, 1) if f else clamp8(np.clip(xa, QIN[1] - 20, QIN[1] + 20))
    b.op("RELU_N1_TO_1", [x], [s.out("relu_n1_to_1", (2, 6), exp, q(*QIN), EXACT)])


def _cases_leaky_relu_prelu(s):
    b, f, q = s.b, s.f, s.q
    # LEAKY_RELU (alpha 0.2).
    x, xa = s.inp((1, 4, 4, 3), q(*QIN))
    if f:
        exp = np.where(xa >= 0, xa, 0.2 * xa)
    else:
        qo = Q(0.04, -10)
        d = xa.astype(np.int64) - QIN[1]
        exp = clamp8(np.where(d >= 0, mbqm(d, QIN[0] / qo[0]), mbqm(d, F32_02 * QIN[0] / qo[0]))
                     + qo[1])
    b.op("LEAKY_RELU", [x], [s.out("leaky_relu", (1, 4, 4, 3), exp,
                                   q(0.04, -10))], [(0, "f", 0.2)])

    # PRELU with a per-channel constant alpha [1, 1, 3].
    x, xa = s.inp((1, 4, 4, 3), q(*QIN))
    alpha_f = np.array([0.1, 0.25, -0.5]).reshape(1, 1, 3)
    if f:
        al = b.const(alpha_f.astype(np.float32), "f32")
        exp = np.where(xa >= 0, xa, alpha_f * xa)
    else:
        qa, qo = Q(0.01, 5), Q(0.04, -10)
        alq = (np.round(alpha_f / qa[0]) + qa[1]).astype(np.int8)
        al = b.const(alq, "i8", qa)
        d = xa.astype(np.int64) - QIN[1]
        exp = clamp8(np.where(d >= 0, mbqm(d, QIN[0] / qo[0]),
                              mbqm(d * (alq.astype(np.int64) - qa[1]), QIN[0] * qa[0] / qo[0]))
                     + qo[1])
    b.op("PRELU", [x, al], [s.out("prelu", (1, 4, 4, 3), exp, q(0.04, -10))])


def _cases_binary(s):
    b, f, q = s.b, s.f, s.q
    # MAXIMUM / MINIMUM (same quantization on every operand, as TFLite requires).
    for name, fn in (("MAXIMUM", np.maximum), ("MINIMUM", np.minimum)):
        x1, a1 = s.inp((2, 5), q(*QIN))
        x2, a2 = s.inp((2, 5), q(*QIN))
        b.op(name, [x1, x2], [s.out(name.lower(), (2, 5), fn(a1, a2), q(*QIN), EXACT)])

    # SQUARED_DIFFERENCE (different input scales).
    qa_, qb_, qo = Q(0.05, 3), Q(0.08, -7), Q(0.2, -128)
    x1, a1 = s.inp((1, 12), q(*qa_))
    x2, a2 = s.inp((1, 12), q(*qb_))
    if f:
        exp = (a1.astype(np.float64) - a2) ** 2
    else:
        tm = 2 * max(qa_[0], qb_[0])
        s1 = mbqm((a1.astype(np.int64) - qa_[1]) << 7, qa_[0] / tm)
        s2 = mbqm((a2.astype(np.int64) - qb_[1]) << 7, qb_[0] / tm)
        exp = clamp8(mbqm((s1 - s2) ** 2, tm * tm / ((1 << 14) * qo[0])) + qo[1])
    b.op("SQUARED_DIFFERENCE", [x1, x2], [s.out("squared_difference", (1, 12), exp, q(*qo))])

    if f:  # DIV: float only (TFLite Micro's DIV has no int8 kernel either).
        x1, a1 = s.inp((2, 5))
        x2, a2 = s.inp((2, 5), lo=0.5, hi=3.0)
        b.op("DIV", [x1, x2], [s.out("div", (2, 5), a1.astype(np.float64) / a2)])


def _cases_reductions(s):
    b, f, q = s.b, s.f, s.q
    # MEAN / SUM over H, W (keep dims); REDUCE_MAX / REDUCE_MIN.
    x, xa = s.inp((1, 4, 4, 3), q(*QIN))
    axes = b.const(np.array([1, 2], np.int32), "i32")
    if f:
        exp = xa.astype(np.float64).mean(axis=(1, 2), keepdims=True)
    else:
        qo = Q(0.03, 2)
        acc = (xa.astype(np.int64) - QIN[1]).sum(axis=(1, 2), keepdims=True)
        exp = clamp8(mbqm(acc, QIN[0] / (qo[0] * 16)) + qo[1])
    b.op("MEAN", [x, axes], [s.out("mean", (1, 1, 1, 3), exp, q(0.03, 2))], [(0, "b", 1)])
    x, xa = s.inp((1, 4, 4, 3), q(*QIN))
    if f:
        exp = xa.astype(np.float64).sum(axis=(1, 2), keepdims=True)
    else:
        qo = Q(0.5, 1)
        acc = (xa.astype(np.int64) - QIN[1]).sum(axis=(1, 2), keepdims=True)
        exp = clamp8(mbqm(acc, QIN[0] / qo[0]) + qo[1])
    b.op("SUM", [x, axes], [s.out("sum", (1, 1, 1, 3), exp, q(0.5, 1))], [(0, "b", 1)])
    for name, fn in (("REDUCE_MAX", np.max), ("REDUCE_MIN", np.min)):
        x, xa = s.inp((1, 4, 4, 3), q(*QIN))
        b.op(name, [x, axes], [s.out(name.lower(), (1, 3), fn(xa, axis=(1, 2)), q(*QIN), EXACT)],
             [(0, "b", 0)])


def _cases_resize(s):
    b, f, q, fq = s.b, s.f, s.q, s.fq
    # RESIZE_BILINEAR (half-pixel centers) and RESIZE_NEAREST_NEIGHBOR (both modes).
    x, xa = s.inp((1, 3, 3, 2), q(*QIN))
    size = b.const(np.array([6, 7], np.int32), "i32")
    ref = np_resize(fq(xa, QIN), 6, 7, "bilinear", True)
    exp = ref if f else quantize(ref, *QIN)
    b.op("RESIZE_BILINEAR", [x, size], [s.out("resize_bilinear", (1, 6, 7, 2), exp, q(*QIN))],
         [(2, "b", 0), (3, "b", 1)])
    x, xa = s.inp((1, 3, 3, 2), q(*QIN))
    b.op("RESIZE_BILINEAR", [x, size], [s.out("resize_bilinear_asym", (1, 6, 7, 2),
                                              np_resize(fq(xa, QIN), 6, 7, "bilinear", False)
                                              if f else quantize(np_resize(
                                                  fq(xa, QIN), 6, 7, "bilinear", False), *QIN),
                                              q(*QIN))], [(2, "b", 0), (3, "b", 0)])
    x, xa = s.inp((1, 3, 3, 2), q(*QIN))
    ref = np_resize(fq(xa, QIN), 6, 7, "bilinear", False, True)
    b.op("RESIZE_BILINEAR", [x, size], [s.out("resize_bilinear_align", (1, 6, 7, 2),
                                              ref if f else quantize(ref, *QIN), q(*QIN))],
         [(2, "b", 1), (3, "b", 0)])
    for half, align in ((0, 0), (1, 0), (0, 1)):
        x, xa = s.inp((1, 3, 3, 2), q(*QIN))
        exp = np_resize(xa, 6, 7, "nearest", half, align).astype(xa.dtype)
        b.op("RESIZE_NEAREST_NEIGHBOR", [x, size],
             [s.out(f"resize_nearest_half{half}_align{align}", (1, 6, 7, 2), exp, q(*QIN),
                    EXACT)], [(0, "b", align), (1, "b", half)])


def _cases_transpose_conv(s):
    b, f, q = s.b, s.f, s.q
    # TRANSPOSE_CONV: stride 2 SAME with bias, and stride 1 VALID without bias.
    for stride, padding, bias, (h, k) in ((2, 0, True, (4, 4)), (1, 1, False, (3, 2)),
                                          (2, 1, True, (3, 2))):
        x, xa = s.inp((1, h, h, 3), q(*QIN))
        wf = RNG.uniform(-1, 1, (2, k, k, 3))
        oh = h * stride if padding == 0 else (h - 1) * stride + k
        pt = max(0, (h - 1) * stride + k - oh) // 2
        name = f"transpose_conv_s{stride}_{'same' if padding == 0 else 'valid'}"
        ins = [b.const(np.array([1, oh, oh, 2], np.int32), "i32")]
        if f:
            bf = RNG.uniform(-1, 1, 2) if bias else None
            ins += [b.const(wf.astype(np.float32), "f32"), x]
            if bias:
                ins.append(b.const(bf.astype(np.float32), "f32"))
            exp = np_transpose_conv(xa.astype(np.float64), wf, bf, (stride, stride), (oh, oh),
                                    (pt, pt))
            qo = None
        else:
            ws = np.array([0.01, 0.02], np.float32).astype(np.float64)
            wq = np.clip(np.round(wf / ws.reshape(2, 1, 1, 1)), -127, 127).astype(np.int8)
            bq = RNG.integers(-300, 300, 2).astype(np.int32) if bias else None
            ins += [b.const(wq, "i8", (ws, [0, 0], 0)), x]
            if bias:
                ins.append(b.const(bq, "i32", (ws * QIN[0], [0, 0], 0)))
            acc = np.rint(np_transpose_conv(xa.astype(np.float64) - QIN[1], wq.astype(np.float64),
                                            bq, (stride, stride), (oh, oh), (pt, pt))
                          ).astype(np.int64)
            qo = Q(0.1, 4)
            exp = clamp8(np.stack([mbqm(acc[..., c], QIN[0] * ws[c] / qo[0])
                                   for c in range(2)], -1) + qo[1])
        b.op("TRANSPOSE_CONV", ins, [s.out(name, (1, oh, oh, 2), exp, None if f else qo)],
             [(0, "b", padding), (1, "i", stride), (2, "i", stride)])


def _cases_batch_matmul(s):
    b, f, q = s.b, s.f, s.q
    # BATCH_MATMUL: [2,3,4] x [2,4,5]; and adj_y with a broadcast batch.
    qa_, qb_, qo = Q(0.05, 3), Q(0.04, 0), Q(0.3, -2)

    def bmm(name, ash, bsh, adj_y, out_shape):
        x1, a1 = s.inp(ash, q(*qa_))
        x2, a2 = s.inp(bsh, q(*qb_))
        bb = np.swapaxes(a2, -1, -2) if adj_y else a2
        if f:
            exp = np.matmul(a1.astype(np.float64), bb)
        else:
            acc = np.matmul(a1.astype(np.int64) - qa_[1], bb.astype(np.int64) - qb_[1])
            exp = clamp8(mbqm(acc, qa_[0] * qb_[0] / qo[0]) + qo[1])
        b.op("BATCH_MATMUL", [x1, x2], [s.out(name, out_shape, exp, q(*qo))],
             [(0, "b", 0), (1, "b", int(adj_y))])
    bmm("batch_matmul", (2, 3, 4), (2, 4, 5), False, (2, 3, 5))
    bmm("batch_matmul_adj_y_bcast", (2, 3, 4), (1, 5, 4), True, (2, 3, 5))


def _cases_data_movement(s):
    b, f, q = s.b, s.f, s.q
    # Data movement: exact for both types (same quantization in and out).
    QQ = q(*QIN)
    x, xa = s.inp((1, 2, 2, 6), QQ)
    outs = [s.out(f"split{i}", (1, 2, 2, 2), xa[..., 2 * i:2 * i + 2], QQ, EXACT) for i in range(3)]
    b.op("SPLIT", [b.const(np.array([3], np.int32), "i32"), x], outs, [(0, "i", 3)])
    x, xa = s.inp((1, 2, 2, 6), QQ)
    outs = [s.out("split_v0", (1, 2, 2, 1), xa[..., 0:1], QQ, EXACT),
            s.out("split_v1", (1, 2, 2, 3), xa[..., 1:4], QQ, EXACT),
            s.out("split_v2", (1, 2, 2, 2), xa[..., 4:6], QQ, EXACT)]
    b.op("SPLIT_V", [x, b.const(np.array([1, -1, 2], np.int32), "i32"),
                     b.const(np.array([-1], np.int32), "i32")], outs, [(0, "i", 3)])
    x, xa = s.inp((2, 5, 4), QQ)
    b.op("SLICE", [x, b.const(np.array([1, 1, 0], np.int32), "i32"),
                   b.const(np.array([1, 3, -1], np.int32), "i32")],
         [s.out("slice", (1, 3, 4), xa[1:2, 1:4, :], QQ, EXACT)])

    def strided(name, shape, begin, end, strides, masks, ref):
        x, xa = s.inp(shape, QQ)
        exp = ref(xa)
        c = [b.const(np.array(v, np.int32), "i32") for v in (begin, end, strides)]
        b.op("STRIDED_SLICE", [x] + c, [s.out(name, exp.shape, exp, QQ, EXACT)],
             [(i, "i", m) for i, m in enumerate(masks)])
    strided("strided_slice", (1, 7, 6, 4), [0, 1, 0, 1], [1, 7, 6, 4], [1, 2, 3, 1],
            (0, 0, 0, 0, 0), lambda a: a[0:1, 1:7:2, 0:6:3, 1:4])
    # Negative stride, begin/end masks, shrink of axis 0.
    strided("strided_slice_neg_shrink", (2, 6, 5), [1, -1, 0], [2, 0, 4], [1, -2, 1],
            (0b100, 0b010, 0, 0, 0b001), lambda a: a[1, ::-2, 0:4])

    xs = [s.inp((2, 3), QQ) for _ in range(3)]
    b.op("PACK", [t for t, _ in xs], [s.out("pack", (2, 3, 3), np.stack([a for _, a in xs], 1),
                                           QQ, EXACT)], [(0, "i", 3), (1, "i", 1)])
    x, xa = s.inp((3, 4), QQ)
    b.op("UNPACK", [x], [s.out(f"unpack{i}", (4,), xa[i], QQ, EXACT) for i in range(3)],
         [(0, "i", 3), (1, "i", 0)])
    x, xa = s.inp((1, 2, 3, 8), QQ)
    b.op("DEPTH_TO_SPACE", [x], [s.out("depth_to_space", (1, 4, 6, 2), d2s(xa, 2), QQ, EXACT)],
         [(0, "i", 2)])
    x, xa = s.inp((1, 4, 6, 2), QQ)
    b.op("SPACE_TO_DEPTH", [x], [s.out("space_to_depth", (1, 2, 3, 8), s2d(xa, 2), QQ, EXACT)],
         [(0, "i", 2)])
    # GATHER with constant indices (axis 1 of NHWC, 2-D indices), and with
    # dynamic indices into a constant table (an embedding lookup).
    x, xa = s.inp((1, 5, 3), QQ)
    idx = np.array([[4, 0], [2, 2]], np.int32)
    b.op("GATHER", [x, b.const(idx, "i32")],
         [s.out("gather", (1, 2, 2, 3), np.take(xa, idx, axis=1), QQ, EXACT)], [(0, "i", 1)])
    table = (RNG.uniform(-2, 2, (6, 4)).astype(np.float32) if f
             else RNG.integers(-128, 128, (6, 4)).astype(np.int8))
    ids = np.array([5, 0, 3], np.int32)
    s.data.append(ids)
    it = b.input((3,), "i32")
    b.op("GATHER", [b.const(table, s.dtype, QQ), it],
         [s.out("gather_table", (3, 4), table[ids], QQ, EXACT)], [(0, "i", 0)])


def build(dtype):
    s = Suite(dtype)
    _cases_unary_via_float(s)
    _cases_clamps(s)
    _cases_leaky_relu_prelu(s)
    _cases_binary(s)
    _cases_reductions(s)
    _cases_resize(s)
    _cases_transpose_conv(s)
    _cases_batch_matmul(s)
    _cases_data_movement(s)
    return s


@pytest.mark.parametrize("dtype", ["f32", "i8"])
def test_tflite_ops_execute(dtype, tmp_path):
    s = build(dtype)
    _check(s, s.run(tmp_path))


def test_tflite_custom_op_is_a_clear_error(tmp_path):
    b = TFLiteBuilder()
    x = b.input((1, 4), "f32")
    y = b.tensor((1, 4), "f32", name="custom_out")
    b.outputs.append(y)
    b.op("CUSTOM", [x], [y], custom="TFLite_Detection_PostProcess")
    path = tmp_path / "custom.tflite"
    path.write_bytes(b.build())
    with pytest.raises(UnsupportedOp) as err:
        importer.emit_tosa(str(path))
    msg = str(err.value)
    assert "CUSTOM(TFLite_Detection_PostProcess)" in msg and "#0" in msg and "custom_out" in msg
