# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Executes ONNX (opset 13) ops through the importer and compares with numpy.

All cases share ONE ONNX graph: its single input X (1-D) is cut by Slice +
Reshape into the operands of every case (the importer treats only the first
graph input as data), weights are initializers (`--weights real`), and every
case's result is a graph output. 4-D values are NHWC in the imported function
(docs/Importers.md), so 4-D results are transposed back to NCHW before the
comparison. float64 numpy references; tolerance 1e-4 relative / 1e-5 absolute
(the harness prints 6 significant digits).

Run: /usr/bin/python3 -m pytest test/python/test_importer_ops_onnx.py
"""

import pathlib

import numpy as np
import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]

onnx = pytest.importorskip("onnx")
from onnx import TensorProto, helper, numpy_helper

from peakmem.frontends import importer, selfcheck
from peakmem.frontends.tosa_emitter import ImportError_, UnsupportedOp

RNG = np.random.default_rng(4321)


class Graph:
    def __init__(self):
        self.nodes, self.inits, self.outputs = [], [], []
        self.xdata = []      # pieces of X
        self.expect = []     # (name, expected logical array)
        self.n = 0

    def name(self, p):
        self.n += 1
        return f"{p}{self.n}"

    def init(self, arr, dtype=None):
        nm = self.name("c")
        self.inits.append(numpy_helper.from_array(np.asarray(arr, dtype), nm))
        return nm

    def inp(self, shape, lo=-3.0, hi=3.0):
        arr = RNG.uniform(lo, hi, shape).astype(np.float32)
        off = sum(a.size for a in self.xdata)
        self.xdata.append(arr.reshape(-1))
        sl, out = self.name("sl"), self.name("in")
        self.nodes.append(helper.make_node(
            "Slice", ["X", self.init([off], np.int64), self.init([off + arr.size], np.int64)], [sl]))
        self.nodes.append(helper.make_node("Reshape", [sl, self.init(list(shape), np.int64)], [out]))
        return out, arr.astype(np.float64)

    def op(self, case, op_type, inputs, expected, n_out=1, **attrs):
        outs = [f"{case}" if n_out == 1 else f"{case}_{i}" for i in range(n_out)]
        self.nodes.append(helper.make_node(op_type, inputs, outs, name=case, **attrs))
        exps = [expected] if n_out == 1 else expected
        for o, e in zip(outs, exps):
            self.outputs.append(helper.make_tensor_value_info(o, TensorProto.FLOAT, None))
            self.expect.append((o, np.asarray(e, np.float64)))

    def model(self):
        total = sum(a.size for a in self.xdata)
        x = helper.make_tensor_value_info("X", TensorProto.FLOAT, [total])
        g = helper.make_graph(self.nodes, "ops", [x], self.outputs, initializer=self.inits)
        return helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])


# ---------------------------------------------------------------- references
def resize_ref(x, oh, ow, mode, ctm, nearest_mode="floor"):
    n, c, h, w = x.shape
    out = np.zeros((n, c, oh, ow))

    def src(o, i, osz):
        if ctm == "align_corners":
            return o * (i - 1) / (osz - 1) if osz > 1 else 0.0
        if ctm in ("half_pixel", "pytorch_half_pixel"):
            return (o + 0.5) * i / osz - 0.5
        return o * i / osz  # asymmetric

    def near(v, i):
        r = {"floor": np.floor(v), "ceil": np.ceil(v),
             "round_prefer_floor": np.ceil(v - 0.5), "round_prefer_ceil": np.floor(v + 0.5)}
        return int(min(max(r[nearest_mode], 0), i - 1))

    for oy in range(oh):
        for ox in range(ow):
            sy, sx = src(oy, h, oh), src(ox, w, ow)
            if mode == "nearest":
                out[:, :, oy, ox] = x[:, :, near(sy, h), near(sx, w)]
            else:
                sy, sx = min(max(sy, 0), h - 1), min(max(sx, 0), w - 1)
                y0, x0 = int(np.floor(sy)), int(np.floor(sx))
                y1, x1 = min(y0 + 1, h - 1), min(x0 + 1, w - 1)
                fy, fx = sy - y0, sx - x0
                out[:, :, oy, ox] = ((1 - fy) * (1 - fx) * x[:, :, y0, x0] + (1 - fy) * fx * x[:, :, y0, x1]
                                     + fy * (1 - fx) * x[:, :, y1, x0] + fy * fx * x[:, :, y1, x1])
    return out


def conv_transpose_ref(x, w, b, stride, pads, out_hw):
    """ONNX ConvTranspose, NCHW, w [C_in, C_out, kh, kw], group 1."""
    n, c, h, wd = x.shape
    _, o, kh, kw = w.shape
    out = np.zeros((n, o, out_hw[0], out_hw[1])) + b.reshape(1, o, 1, 1)
    for iy in range(h):
        for ix in range(wd):
            for ky in range(kh):
                for kx in range(kw):
                    oy, ox = iy * stride[0] + ky - pads[0], ix * stride[1] + kx - pads[1]
                    if 0 <= oy < out_hw[0] and 0 <= ox < out_hw[1]:
                        out[:, :, oy, ox] += x[:, :, iy, ix] @ w[:, :, ky, kx]
    return out


def d2s_ref(x, bs, mode):
    n, c, h, w = x.shape
    if mode == "DCR":
        t = x.reshape(n, bs, bs, c // bs ** 2, h, w).transpose(0, 3, 4, 1, 5, 2)
    else:
        t = x.reshape(n, c // bs ** 2, bs, bs, h, w).transpose(0, 1, 4, 2, 5, 3)
    return t.reshape(n, c // bs ** 2, h * bs, w * bs)


def s2d_ref(x, bs):
    n, c, h, w = x.shape
    t = x.reshape(n, c, h // bs, bs, w // bs, bs).transpose(0, 3, 5, 1, 2, 4)
    return t.reshape(n, c * bs * bs, h // bs, w // bs)


def sigmoid(v):
    return 1 / (1 + np.exp(-v))


# ---------------------------------------------------------------- the cases
S4 = (1, 3, 4, 5)


def unary(g, case, op_type, fn, shape=S4, lo=-3.0, hi=3.0, **attrs):
    x, xa = g.inp(shape, lo, hi)
    g.op(case, op_type, [x], fn(xa), **attrs)


def _cases_activations(g):
    unary(g, "hardsigmoid", "HardSigmoid", lambda v: np.clip(0.2 * v + 0.5, 0, 1), alpha=0.2, beta=0.5)
    unary(g, "hardswish", "HardSwish", lambda v: v * np.clip(v / 6 + 0.5, 0, 1))
    unary(g, "sigmoid", "Sigmoid", sigmoid)
    unary(g, "tanh", "Tanh", np.tanh)
    unary(g, "relu", "Relu", lambda v: np.maximum(v, 0))
    unary(g, "leakyrelu", "LeakyRelu", lambda v: np.where(v >= 0, v, 0.1 * v), alpha=0.1)
    unary(g, "elu", "Elu", lambda v: np.where(v > 0, v, 0.7 * np.expm1(v)), alpha=0.7)
    unary(g, "softplus", "Softplus", lambda v: np.log1p(np.exp(v)))
    unary(g, "floor", "Floor", np.floor)
    unary(g, "ceil", "Ceil", np.ceil)
    unary(g, "exp", "Exp", np.exp, (2, 6))
    unary(g, "log", "Log", np.log, (2, 6), 0.1, 3.0)
    unary(g, "sqrt", "Sqrt", np.sqrt, (2, 6), 0.0, 3.0)
    unary(g, "reciprocal", "Reciprocal", lambda v: 1 / v, (2, 6), 0.5, 3.0)
    x, xa = g.inp(S4)
    g.op("clip", "Clip", [x, g.init(np.float32(-0.5)), g.init(np.float32(2.0))],
         np.clip(xa, -0.5, 2.0))
    x, xa = g.inp((2, 6), 0.2, 2.0)
    g.op("pow", "Pow", [x, g.init(np.float32(3.0))], xa ** 3)

    # PRelu with a per-channel slope [C, 1, 1].
    x, xa = g.inp(S4)
    slope = np.array([0.1, -0.3, 0.5], np.float32).reshape(3, 1, 1)
    g.op("prelu", "PRelu", [x, g.init(slope)], np.where(xa >= 0, xa, slope * xa))


def _cases_variadic_softmax(g):
    # Variadic Max / Min / Sum / Mean.
    xs = [g.inp(S4) for _ in range(3)]
    for case, op_type, fn in (("max3", "Max", np.maximum), ("min3", "Min", np.minimum),
                              ("sum3", "Sum", np.add)):
        ref = fn(fn(xs[0][1], xs[1][1]), xs[2][1])
        g.op(case, op_type, [t for t, _ in xs], ref)
    g.op("mean3", "Mean", [t for t, _ in xs], (xs[0][1] + xs[1][1] + xs[2][1]) / 3)

    # Softmax over channels (4-D: physical axis 3) and LogSoftmax on 2-D.
    x, xa = g.inp(S4)
    e = np.exp(xa - xa.max(1, keepdims=True))
    g.op("softmax", "Softmax", [x], e / e.sum(1, keepdims=True), axis=1)
    x, xa = g.inp((3, 7))
    g.op("logsoftmax", "LogSoftmax", [x], xa - xa.max(1, keepdims=True)
         - np.log(np.exp(xa - xa.max(1, keepdims=True)).sum(1, keepdims=True)), axis=1)


def _cases_resize(g):
    # Resize.
    for case, mode, ctm, nm in (("resize_linear", "linear", "half_pixel", "floor"),
                                ("resize_linear_ac", "linear", "align_corners", "floor"),
                                ("resize_nearest_floor", "nearest", "asymmetric", "floor"),
                                ("resize_nearest_rpf", "nearest", "asymmetric", "round_prefer_floor"),
                                ("resize_nearest_rpc", "nearest", "asymmetric", "round_prefer_ceil"),
                                ("resize_nearest_ceil", "nearest", "half_pixel", "ceil")):
        x, xa = g.inp((1, 2, 3, 4))
        sizes = g.init(np.array([1, 2, 6, 8], np.int64))
        g.op(case, "Resize", [x, "", "", sizes], resize_ref(xa, 6, 8, mode, ctm, nm), mode=mode,
             coordinate_transformation_mode=ctm, nearest_mode=nm)


def _cases_conv_transpose(g):
    # ConvTranspose: stride 2 with pads and output_padding, bias; stride 1 no pads.
    for case, (h, k, s, pads, opad) in (("convT_s2", (3, 3, 2, [1, 1, 1, 1], [1, 1])),
                                        ("convT_s1", (4, 2, 1, [0, 0, 0, 0], [0, 0])),
                                        ("convT_s2_asym", (3, 4, 2, [1, 2, 0, 1], [0, 0]))):
        x, xa = g.inp((1, 3, h, h))
        w = RNG.uniform(-1, 1, (3, 2, k, k)).astype(np.float32)
        b = RNG.uniform(-1, 1, 2).astype(np.float32)
        oh = (h - 1) * s + k + opad[0] - pads[0] - pads[2]
        ow = (h - 1) * s + k + opad[1] - pads[1] - pads[3]
        ref = conv_transpose_ref(xa, w.astype(np.float64), b.astype(np.float64), (s, s),
                                 (pads[0], pads[1]), (oh, ow))
        g.op(case, "ConvTranspose", [x, g.init(w), g.init(b)], ref, strides=[s, s], pads=pads,
             output_padding=opad, kernel_shape=[k, k])


def _cases_slices(g):
    # Split, Slice with steps, Gather, Concat.
    x, xa = g.inp((1, 3, 4, 5))
    g.op("split", "Split", [x, g.init(np.array([1, 2], np.int64))], [xa[:, :1], xa[:, 1:]],
         n_out=2, axis=1)
    x, xa = g.inp((1, 3, 6, 5))
    g.op("slice_steps", "Slice", [x, g.init(np.array([1, -1], np.int64)),
                                  g.init(np.array([6, -100], np.int64)),
                                  g.init(np.array([2, 3], np.int64)),
                                  g.init(np.array([2, -1], np.int64))], xa[:, :, 1:6:2, ::-1])
    x, xa = g.inp((1, 3, 6, 5))
    g.op("slice", "Slice", [x, g.init(np.array([1, 0], np.int64)),
                            g.init(np.array([3, 4], np.int64)),
                            g.init(np.array([1, 2], np.int64))], xa[:, 1:3, 0:4])
    x, xa = g.inp((1, 4, 3, 2))
    g.op("gather_c", "Gather", [x, g.init(np.array([3, 0, -1], np.int64))],
         np.take(xa, [3, 0, 3], axis=1), axis=1)
    x, xa = g.inp((5, 6))
    g.op("gather_rows", "Gather", [x, g.init(np.array([[4, 1], [0, 0]], np.int64))],
         np.take(xa, [[4, 1], [0, 0]], axis=0), axis=0)
    x1, a1 = g.inp((1, 2, 3, 4))
    x2, a2 = g.inp((1, 3, 3, 4))
    g.op("concat", "Concat", [x1, x2], np.concatenate([a1, a2], 1), axis=1)


def _cases_reductions_matmul(g):
    # Reductions.
    x, xa = g.inp(S4)
    g.op("reducemean", "ReduceMean", [x], xa.mean((2, 3), keepdims=True), axes=[2, 3])
    x, xa = g.inp(S4)
    g.op("reducemean_c", "ReduceMean", [x], xa.mean(1), axes=[1], keepdims=0)
    x, xa = g.inp(S4)
    g.op("reducemin", "ReduceMin", [x], xa.min(3, keepdims=True), axes=[3])
    x, xa = g.inp(S4)
    g.op("gap", "GlobalAveragePool", [x], xa.mean((2, 3), keepdims=True))

    # MatMul: activation x activation (batched), activation x 3-D weight (broadcast).
    x1, a1 = g.inp((2, 3, 4))
    x2, a2 = g.inp((2, 4, 5))
    g.op("matmul_batched", "MatMul", [x1, x2], a1 @ a2)
    x, xa = g.inp((2, 3, 4))
    w = RNG.uniform(-1, 1, (1, 4, 2)).astype(np.float32)
    g.op("matmul_w3", "MatMul", [x, g.init(w)], xa @ w)
    x, xa = g.inp((3, 4))
    w = RNG.uniform(-1, 1, (4, 5)).astype(np.float32)
    g.op("matmul_w2", "MatMul", [x, g.init(w)], xa @ w)


def _cases_layout(g):
    # DepthToSpace (DCR, CRD), SpaceToDepth, Transpose, Pad, Flatten, (Un)Squeeze.
    for mode in ("DCR", "CRD"):
        x, xa = g.inp((1, 8, 2, 3))
        g.op(f"d2s_{mode}", "DepthToSpace", [x], d2s_ref(xa, 2, mode), blocksize=2, mode=mode)
    x, xa = g.inp((1, 2, 4, 6))
    g.op("s2d", "SpaceToDepth", [x], s2d_ref(xa, 2), blocksize=2)
    x, xa = g.inp(S4)
    g.op("transpose", "Transpose", [x], xa.transpose(0, 2, 3, 1), perm=[0, 2, 3, 1])
    x, xa = g.inp(S4)
    g.op("pad", "Pad", [x, g.init(np.array([0, 1, 2, 0, 0, 0, 1, 3], np.int64)),
                        g.init(np.float32(0.25))],
         np.pad(xa, ((0, 0), (1, 0), (2, 1), (0, 3)), constant_values=0.25))
    x, xa = g.inp(S4)
    g.op("flatten", "Flatten", [x], xa.reshape(1, -1), axis=1)
    x, xa = g.inp((2, 1, 5))
    g.op("squeeze", "Squeeze", [x, g.init(np.array([1], np.int64))], xa.reshape(2, 5))
    x, xa = g.inp((2, 5))
    g.op("unsqueeze", "Unsqueeze", [x, g.init(np.array([0, 3], np.int64))],
         xa.reshape(1, 2, 5, 1))


def _cases_transformer_ops(g):
    """What transformer exports (vit_b_16, swin_t, opset 13) add: ops on
    constant shapes, folded at import (ConstantOfShape, Range, Mod,
    ScatterND, Equal/Where/Not on static values), the same ops on
    activations (Equal, Where, Not, Expand of an activation or of a
    weight), and Dropout in inference."""
    def const(arr, dtype):
        return g.init(np.asarray(arr, dtype))

    def node(op_type, inputs, **attrs):
        out = g.name(op_type.lower())
        g.nodes.append(helper.make_node(op_type, inputs, [out], **attrs))
        return out
    x, xa = g.inp((2, 5))
    c = node("ConstantOfShape", [const([2, 5], np.int64)],
             value=numpy_helper.from_array(np.array([0.75], np.float32)))
    g.op("constant_of_shape", "Add", [x, c], xa + 0.75)
    x, xa = g.inp((2, 5))
    r = node("Range", [const(0.5, np.float32), const(5.0, np.float32), const(1.0, np.float32)])
    g.op("range", "Mul", [x, r], xa * np.arange(0.5, 5.0, 1.0))
    for fmod in (0, 1):
        x, xa = g.inp((1, 4))
        a, b = np.array([7, -7, 5, -5], np.int64), np.array([3, 3, -2, -2], np.int64)
        m = node("Cast", [node("Mod", [const(a, np.int64), const(b, np.int64)], fmod=fmod)],
                 to=TensorProto.FLOAT)
        g.op(f"mod{fmod}", "Add", [x, m], xa + (np.fmod(a, b) if fmod else np.mod(a, b)))
    x, xa = g.inp((2, 5))
    sc = node("ScatterND", [const(np.zeros((2, 5)), np.float32),
                            const([[0, 1], [1, 3]], np.int64), const([2.0, -1.0], np.float32)])
    ref = np.zeros((2, 5))
    ref[0, 1], ref[1, 3] = 2.0, -1.0
    g.op("scatter_nd", "Add", [x, sc], xa + ref)
    # Static Equal -> Not -> Where (a window mask), added to an activation.
    x, xa = g.inp((2, 5))
    k = np.arange(10).reshape(2, 5) % 3
    eq = node("Equal", [const(k, np.int64), const(0, np.int64)])
    mask = node("Where", [node("Not", [eq]), const(-100.0, np.float32), const(0.0, np.float32)])
    g.op("static_mask", "Add", [x, mask], xa + np.where(k != 0, -100.0, 0.0))
    # On activations: Equal of an activation and a constant, Not, Where.
    x, xa = g.inp((2, 6), -2.0, 2.0)
    y, ya = g.inp((2, 6))
    fl = node("Floor", [x])
    eq = node("Equal", [fl, const(np.float32(0.0), np.float32)])
    g.op("where_dynamic", "Where", [node("Not", [eq]), y, x],
         np.where(np.floor(xa) != 0, ya, xa))
    # A static condition broadcast over the channels of a 4-D activation.
    x, xa = g.inp((1, 3, 4, 5))
    cond = np.array([True, False, True]).reshape(3, 1, 1)
    g.op("where_static_cond_4d", "Where", [const(cond, np.bool_), x, node("Neg", [x])],
         np.where(cond, xa, -xa))
    # Expand: an activation, a 4-D activation (NHWC inside), a weight.
    x, xa = g.inp((1, 5))
    g.op("expand", "Expand", [x, const([3, 5], np.int64)], np.broadcast_to(xa, (3, 5)))
    x, xa = g.inp((1, 3, 1, 4))
    g.op("expand_4d", "Expand", [x, const([2, 1, 5, 4], np.int64)],
         np.broadcast_to(xa, (2, 3, 5, 4)))
    x, xa = g.inp((2, 3, 4))
    tok = RNG.uniform(-1, 1, (1, 1, 4)).astype(np.float32)
    e = node("Expand", [g.init(tok), const([1, 3, 1], np.int64)])
    g.op("expand_weight", "Add", [x, e], xa + np.broadcast_to(tok, (1, 3, 4)))
    x, xa = g.inp((2, 5))
    g.op("dropout", "Dropout", [x, const(0.5, np.float32), const(False, np.bool_)], xa)


def build():
    g = Graph()
    _cases_activations(g)
    _cases_variadic_softmax(g)
    _cases_resize(g)
    _cases_conv_transpose(g)
    _cases_slices(g)
    _cases_reductions_matmul(g)
    _cases_layout(g)
    _cases_transformer_ops(g)
    return g


def test_onnx_ops_execute(tmp_path):
    g = build()
    path = tmp_path / "ops.onnx"
    onnx.save(g.model(), str(path))
    text, _ = importer.import_model(str(path), weights="real")
    results = selfcheck.run_with_inputs(text, [np.concatenate(g.xdata)])
    assert len(results) == len(g.expect)
    failures = []
    for (name, exp), got in zip(g.expect, results):
        if got.ndim == 4:
            got = got.transpose(0, 3, 1, 2)  # NHWC -> NCHW
        if got.shape != exp.shape:
            failures.append(f"{name}: shape {got.shape} != {exp.shape}")
        elif not np.allclose(got, exp, rtol=1e-4, atol=1e-5):
            failures.append(f"{name}: max error {np.max(np.abs(got - exp)):.3g}")
    assert not failures, "\n".join(failures)


def test_onnx_custom_domain_op_is_a_clear_error(tmp_path):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4])
    node = helper.make_node("Relu", ["x"], ["y"], name="vendor_relu", domain="com.vendor")
    g = helper.make_graph([node], "g", [x], [y])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13),
                                            helper.make_opsetid("com.vendor", 1)])
    path = tmp_path / "custom.onnx"
    onnx.save(m, str(path))
    with pytest.raises(UnsupportedOp) as err:
        importer.emit_tosa(str(path))
    assert "Relu" in str(err.value) and "vendor_relu" in str(err.value)


def test_onnx_unsupported_attribute_names_node_once(tmp_path):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2, 4, 4])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    node = helper.make_node("DepthToSpace", ["x"], ["y"], name="d2s", blocksize=2, mode="XYZ")
    m = helper.make_model(helper.make_graph([node], "g", [x], [y]),
                          opset_imports=[helper.make_opsetid("", 13)])
    path = tmp_path / "bad_attr.onnx"
    onnx.save(m, str(path))
    with pytest.raises(UnsupportedOp) as err:
        importer.emit_tosa(str(path))
    msg = str(err.value)
    assert msg == ("unsupported ONNX op 'DepthToSpace' at node 'd2s' (#0, outputs ['y']): "
                   "mode XYZ"), msg


def test_onnx_unsupported_ops_listed_in_one_message(tmp_path):
    # Every op type without a converter, with its count and first node, in
    # one message before any conversion.
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    nodes = [helper.make_node("Relu", ["x"], ["r"], name="relu"),
             helper.make_node("Hardmax", ["r"], ["h1"], name="hm1"),
             helper.make_node("Hardmax", ["h1"], ["h2"], name="hm2"),
             helper.make_node("Det", ["h2"], ["y"], name="det")]
    m = helper.make_model(helper.make_graph(nodes, "g", [x], [y]),
                          opset_imports=[helper.make_opsetid("", 13)])
    path = tmp_path / "two_unsupported.onnx"
    onnx.save(m, str(path))
    with pytest.raises(UnsupportedOp) as err:
        importer.emit_tosa(str(path))
    assert str(err.value) == (
        "unsupported ONNX ops, 2 types in 3 nodes: Hardmax x2 (first at node 'hm1' (#1, "
        "outputs ['h1'])); Det x1 (first at node 'det' (#3, outputs ['y']))")
    assert err.value.missing == {"Hardmax": (2, "'hm1' (#1, outputs ['h1'])"),
                                 "Det": (1, "'det' (#3, outputs ['y'])")}


def test_onnx_real_weights_without_data_are_refused(tmp_path):
    # A weight given as a graph input without data (export_params=False):
    # --weights real refuses it by name instead of substituting values.
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 4, 4])
    w = helper.make_tensor_value_info("conv.weight", TensorProto.FLOAT, [2, 3, 1, 1])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    m = helper.make_model(helper.make_graph(
        [helper.make_node("Conv", ["x", "conv.weight"], ["y"], name="conv")], "g", [x, w], [y]),
        opset_imports=[helper.make_opsetid("", 13)])
    path = tmp_path / "no_params.onnx"
    onnx.save(m, str(path))
    with pytest.raises(ImportError_) as err:
        importer.emit_tosa(str(path), "real")
    assert "--weights real: weight 'conv.weight' has no data" in str(err.value)
    assert "never substituted" in str(err.value)
    importer.emit_tosa(str(path), "splat")  # placeholders only when asked for
