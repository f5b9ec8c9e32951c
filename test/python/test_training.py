# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Training steps (peakmem import --train, frontends/training.py): executed
gradients of small ONNX networks (the real lowering: TOSA -> linalg ->
one-shot-bufferize -> mlir-runner) against central finite differences of a
float64 numpy reference of the forward pass, per op and end to end; the SGD
update in place; clear errors for ops without a gradient rule.

The reference interprets the recorded forward tape (the TOSA ops the ONNX
frontend emitted) in float64 numpy, independently of the MLIR lowering; its
loss is checked against the executed loss first, so a wrong reference cannot
hide a wrong gradient.

Tolerance: the executed gradients are float32 (sums of at most a few hundred
products) printed with 6 significant digits, i.e. ~1e-6 relative; the
float64 central differences (eps 1e-4) are exact to ~1e-8 away from kinks
(ReLU at 0, max-pool ties: probability ~1e-4 per element with these random
inputs). A tensor passes when |g - ref| <= 2e-3 * max|ref| + 1e-5 element-wise:
three orders of magnitude above the float32 error, while a wrong rule (a
missing term, a shifted window, a wrong stride or mask) gives errors of the
order of the gradient itself (checked by test_wrong_gradient_is_caught).
"""

import os
import pathlib

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
from onnx import TensorProto, helper  # noqa: E402

from peakmem.frontends import selfcheck, training  # noqa: E402
from peakmem.frontends.pipeline import run_pipeline  # noqa: E402
from peakmem.frontends.tosa_emitter import ImportError_, UnsupportedOp  # noqa: E402

RNG_SEED = 7


# ----------------------------------------------------------------- models
class Net:
    """A small ONNX graph builder (NCHW, float32, weights as initializers)."""

    def __init__(self, in_shape, seed=0):
        self.rng = np.random.default_rng(seed)
        self.nodes, self.inits = [], []
        self.in_shape = in_shape
        self.cur = "x"
        self.k = 0

    def name(self, p):
        self.k += 1
        return f"{p}{self.k}"

    def init(self, arr):
        n = self.name("w")
        self.inits.append(helper.make_tensor(n, TensorProto.FLOAT, arr.shape,
                                             np.asarray(arr, np.float32).reshape(-1).tolist()))
        return n

    def node(self, op, inputs, **attrs):
        out = self.name("t")
        self.nodes.append(helper.make_node(op, inputs, [out], name=self.name(op.lower()), **attrs))
        self.cur = out
        return out

    def conv(self, cin, cout, k, stride=1, pad=0, group=1, bias=True):
        w = self.init(self.rng.uniform(-1, 1, (cout, cin // group, k, k)))
        ins = [self.cur, w] + ([self.init(self.rng.uniform(-1, 1, (cout,)))] if bias else [])
        return self.node("Conv", ins, kernel_shape=[k, k], strides=[stride, stride],
                         pads=[pad] * 4, group=group)

    def gemm(self, k, n):
        w = self.init(self.rng.uniform(-1, 1, (n, k)))
        b = self.init(self.rng.uniform(-1, 1, (n,)))
        return self.node("Gemm", [self.cur, w, b], transB=1)

    def model(self):
        x = helper.make_tensor_value_info("x", TensorProto.FLOAT, list(self.in_shape))
        y = helper.make_tensor_value_info(self.cur, TensorProto.FLOAT, None)
        g = helper.make_graph(self.nodes, "train", [x], [y], initializer=self.inits)
        return helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])


def head(net, c, classes=3, softmax=True):
    """GlobalAveragePool + Flatten + Gemm (+ Softmax): the classifier."""
    net.node("GlobalAveragePool", [net.cur])
    net.node("Flatten", [net.cur], axis=1)
    net.gemm(c, classes)
    if softmax:
        net.node("Softmax", [net.cur], axis=1)
    return net


def net_conv_stride1():
    n = Net((2, 2, 5, 5))
    n.conv(2, 3, 3, pad=1)
    n.node("Relu", [n.cur])
    return head(n, 3)


def net_conv_stride2():
    # Odd input, stride 2, pad 1: exercises the stride/padding fix-up slice;
    # the 1x1 conv first makes the strided conv's input gradient count.
    n = Net((2, 2, 6, 6), seed=1)
    n.conv(2, 2, 1)
    n.conv(2, 3, 3, stride=2, pad=1)
    return head(n, 3)


def net_depthwise():
    n = Net((2, 3, 6, 6), seed=2)
    n.conv(3, 3, 1)
    n.conv(3, 3, 3, stride=2, pad=1, group=3)
    n.node("Clip", [n.cur, n.init(np.array(0.0)), n.init(np.array(6.0))])
    return head(n, 3)


def net_avgpool():
    n = Net((2, 2, 6, 6), seed=3)
    n.conv(2, 2, 1)
    n.node("AveragePool", [n.cur], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
    return head(n, 2)


def net_maxpool():
    n = Net((2, 2, 7, 7), seed=4)
    n.conv(2, 2, 1)
    n.node("MaxPool", [n.cur], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
    return head(n, 2)


def net_pad_flatten():
    n = Net((2, 2, 3, 3), seed=5)
    n.conv(2, 2, 1)
    pads = helper.make_tensor(n.name("p"), TensorProto.INT64, [8], [0, 0, 1, 0, 0, 0, 0, 2])
    n.inits.append(pads)
    n.node("Pad", [n.cur, pads.name])
    n.node("Flatten", [n.cur], axis=1)
    n.gemm(2 * 4 * 5, 3)
    n.node("Softmax", [n.cur], axis=1)
    return n


def net_residual():
    # conv -> relu6 -> conv + skip (add) -> relu: a ResNet block; no final softmax.
    n = Net((2, 2, 4, 4), seed=6)
    a = n.conv(2, 2, 3, pad=1)
    n.node("Clip", [a, n.init(np.array(0.0)), n.init(np.array(6.0))])
    n.conv(2, 2, 3, pad=1)
    n.node("Add", [n.cur, a])
    n.node("Relu", [n.cur])
    return head(n, 2, softmax=False)


def net_end_to_end():
    # MobileNet/ResNet-shaped: stem conv s2, depthwise s1, pointwise, residual
    # add, max pool, avg pool head.
    n = Net((2, 2, 8, 8), seed=8)
    n.conv(2, 4, 3, stride=2, pad=1)
    stem = n.node("Relu", [n.cur])
    n.conv(4, 4, 3, pad=1, group=4)
    n.node("Clip", [n.cur, n.init(np.array(0.0)), n.init(np.array(6.0))])
    n.conv(4, 4, 1)
    n.node("Add", [n.cur, stem])
    n.node("MaxPool", [n.cur], kernel_shape=[2, 2], strides=[2, 2])
    return head(n, 4, classes=3)


CASES = {
    "conv_stride1_relu": net_conv_stride1,
    "conv_stride2_pad": net_conv_stride2,
    "depthwise_stride2_relu6": net_depthwise,
    "avgpool_pad": net_avgpool,
    "maxpool_pad": net_maxpool,
    "pad_flatten_gemm": net_pad_flatten,
    "residual_add": net_residual,
    "end_to_end": net_end_to_end,
}


# ------------------------------------------------------ float64 reference
def _conv(x, w, pad, stride, depthwise=False):
    x = np.pad(x, [(0, 0), (pad[0], pad[1]), (pad[2], pad[3]), (0, 0)])
    if depthwise:
        kh, kw, c, m = w.shape
    else:
        o, kh, kw, c = w.shape
    n, h, wd, _ = x.shape
    oh, ow = (h - kh) // stride[0] + 1, (wd - kw) // stride[1] + 1
    out = np.zeros((n, oh, ow, c * m if depthwise else o))
    for i in range(kh):
        for j in range(kw):
            patch = x[:, i:i + (oh - 1) * stride[0] + 1:stride[0],
                      j:j + (ow - 1) * stride[1] + 1:stride[1], :]
            if depthwise:
                out += (patch[..., :, None] * w[i, j][None, None, None]).reshape(n, oh, ow, c * m)
            else:
                out += patch @ w[:, i, j, :].T
    return out


def _pool(x, kernel, stride, pad, kind):
    n, h, wd, c = x.shape
    oh = (h + pad[0] + pad[1] - kernel[0]) // stride[0] + 1
    ow = (wd + pad[2] + pad[3] - kernel[1]) // stride[1] + 1
    out = np.zeros((n, oh, ow, c))
    for i in range(oh):
        for j in range(ow):
            y0, x0 = i * stride[0] - pad[0], j * stride[1] - pad[2]
            win = x[:, max(0, y0):y0 + kernel[0], max(0, x0):x0 + kernel[1], :]
            out[:, i, j, :] = win.max(axis=(1, 2)) if kind == "max" else win.mean(axis=(1, 2))
    return out


def reference_loss(e, logits_name, env, label):
    """Interprets the forward tape in float64 and returns the loss."""
    val = dict(env)

    def get(o):
        if o.name in val:
            return val[o.name]
        return np.asarray(e.const_vals[o.name], np.float64)

    for ent in e.tape:
        ops = [get(o) if isinstance(o, training.V) else o for o in ent.operands]
        a = ent.attrs
        op = ent.op
        if op in ("conv2d", "depthwise_conv2d"):
            y = _conv(ops[0], ops[1], training._attr_ints(a, "pad"),
                      training._attr_ints(a, "stride"), op == "depthwise_conv2d") + ops[2]
        elif op == "add":
            y = ops[0] + ops[1]
        elif op == "sub":
            y = ops[0] - ops[1]
        elif op == "mul":
            y = ops[0] * ops[1]
        elif op == "clamp":
            y = np.clip(ops[0], training._float_attr(training._attr_scalar(a, "min_val")),
                        training._float_attr(training._attr_scalar(a, "max_val")))
        elif op in ("avg_pool2d", "max_pool2d"):
            y = _pool(ops[0], training._attr_ints(a, "kernel"), training._attr_ints(a, "stride"),
                      training._attr_ints(a, "pad"), op[:3])
        elif op == "reshape":
            y = ops[0].reshape(ent.out.shape)
        elif op == "slice":
            st = e.shape_vals[ops[1]]
            y = ops[0][tuple(slice(s, s + d) for s, d in zip(st, ent.out.shape))]
        elif op == "pad":
            f = e.shape_vals[ops[1]]
            y = np.pad(ops[0], [(f[2 * i], f[2 * i + 1]) for i in range(ops[0].ndim)])
        elif op == "transpose":
            import re
            perm = [int(t) for t in re.search(r"array<i32: ([0-9, ]*)>", a).group(1).split(",")]
            y = ops[0].transpose(perm)
        elif op == "matmul":
            y = ops[0] @ ops[1]
        elif op in ("reduce_sum", "reduce_max"):
            import re
            ax = int(re.search(r"axis = (\d+)", a).group(1))
            y = (np.sum if op == "reduce_sum" else np.max)(ops[0], axis=ax, keepdims=True)
        elif op == "exp":
            y = np.exp(ops[0])
        elif op == "reciprocal":
            y = 1.0 / ops[0]
        else:
            raise AssertionError(f"reference has no tosa.{op}")
        val[ent.out.name] = y
    z = val[logits_name].reshape(label.shape)
    z = z - z.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return -(label * logp).sum() / label.shape[0]


def _build(model, batch, mode, updates="end"):
    """(tosa text, emitter, logits name): the training step and its tape."""
    captured = {}
    orig = training.Trainer.run

    def run(self, logits, weights, on_final=None):
        captured["e"], captured["logits"] = self.e, logits.name
        return orig(self, logits, weights, on_final)

    training.Trainer.run = run
    try:
        tosa = training.build_training_tosa(model, batch, mode, updates)
    finally:
        training.Trainer.run = orig
    return tosa, captured["e"], captured["logits"]


def _inputs(e, batch, seed):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, e.inputs[0][0].shape)
    k = e.inputs[1][0].shape[1]
    label = np.eye(k)[rng.integers(0, k, batch)]
    lr = np.array([0.25])
    ws = [rng.uniform(-1, 1, v.shape) for v, _ in e.weight_args]
    return x, label, lr, ws


def check_gradients(tmp_path, case, batch=2, fd=True, path=None):
    if path is None:
        path = tmp_path / f"{case}.onnx"
        onnx.save(CASES[case]().model(), str(path))
    tosa, e, logits = _build(str(path), batch, "grads")
    text, _ = run_pipeline(tosa)
    x, label, lr, ws = _inputs(e, batch, RNG_SEED)
    args = [x.astype(np.float32), label.astype(np.float32), lr.astype(np.float32)] + \
        [w.astype(np.float32) for w in ws]
    res = selfcheck.run_with_inputs(text, args)
    # The reference sees exactly the float32 values the program saw.
    env = {e.inputs[0][0].name: args[0].astype(np.float64)}
    wnames = [v.name for v, _ in e.weight_args]
    wvals = [a.astype(np.float64) for a in args[3:]]

    def loss_of(vals):
        env2 = dict(env)
        env2.update(zip(wnames, vals))
        return reference_loss(e, logits, env2, label)

    ref_loss = loss_of(wvals)
    assert abs(res[0][0] - ref_loss) <= 1e-4 * max(1.0, abs(ref_loss)), (res[0], ref_loss)
    if not fd:
        return e, text, args, res
    eps = 1e-4
    for k, (wv, got) in enumerate(zip(wvals, res[1:])):
        ref = np.zeros_like(wv)
        for idx in np.ndindex(wv.shape):
            plus = [v.copy() for v in wvals]
            minus = [v.copy() for v in wvals]
            plus[k][idx] += eps
            minus[k][idx] -= eps
            ref[idx] = (loss_of(plus) - loss_of(minus)) / (2 * eps)
        tol = 2e-3 * np.max(np.abs(ref)) + 1e-5
        err = np.max(np.abs(got - ref))
        assert err <= tol, (f"{case}: gradient of {e.weight_args[k][1]} "
                            f"{wv.shape}: max error {err} > {tol}\n{got}\n{ref}")
    return e, text, args, res


@pytest.mark.parametrize("case", sorted(CASES))
def test_gradient_matches_finite_differences(tmp_path, case):
    check_gradients(tmp_path, case)


def tflite_net(path):
    """A TFLite float CNN: CONV_2D (SAME, stride 2, fused ReLU), DEPTHWISE_CONV_2D
    (SAME, fused ReLU6), AVERAGE_POOL_2D (global), RESHAPE, FULLY_CONNECTED,
    SOFTMAX (beta 1)."""
    pytest.importorskip("flatbuffers")
    import test_importer_ops_util as tu
    tu.OPS.update({"CONV_2D": 3, "DEPTHWISE_CONV_2D": 4, "AVERAGE_POOL_2D": 1,
                   "RESHAPE": 22, "FULLY_CONNECTED": 9, "SOFTMAX": 25})
    rng = np.random.default_rng(11)
    b = tu.TFLiteBuilder()
    x = b.input((1, 5, 5, 2), "f32")
    w1 = b.const(rng.uniform(-1, 1, (3, 3, 3, 2)), "f32")
    b1 = b.const(rng.uniform(-1, 1, (3,)), "f32")
    y1 = b.tensor((1, 3, 3, 3), "f32")
    b.op("CONV_2D", [x, w1, b1], [y1], [(0, "b", 0), (1, "i", 2), (2, "i", 2), (3, "b", 1)])
    w2 = b.const(rng.uniform(-1, 1, (1, 3, 3, 3)), "f32")
    b2 = b.const(rng.uniform(-1, 1, (3,)), "f32")
    y2 = b.tensor((1, 3, 3, 3), "f32")
    b.op("DEPTHWISE_CONV_2D", [y1, w2, b2], [y2],
         [(0, "b", 0), (1, "i", 1), (2, "i", 1), (3, "i", 1), (4, "b", 3)])
    y3 = b.tensor((1, 1, 1, 3), "f32")
    b.op("AVERAGE_POOL_2D", [y2], [y3],
         [(0, "b", 1), (1, "i", 1), (2, "i", 1), (3, "i", 3), (4, "i", 3), (5, "b", 0)])
    y4 = b.tensor((1, 3), "f32")
    b.op("RESHAPE", [y3], [y4])
    w5 = b.const(rng.uniform(-1, 1, (4, 3)), "f32")
    b5 = b.const(rng.uniform(-1, 1, (4,)), "f32")
    y5 = b.tensor((1, 4), "f32")
    b.op("FULLY_CONNECTED", [y4, w5, b5], [y5], [(0, "b", 0)])
    y6 = b.tensor((1, 4), "f32")
    b.op("SOFTMAX", [y5], [y6], [(0, "f", 1.0)])
    b.outputs.append(y6)
    path.write_bytes(b.build())
    return path


def test_tflite_gradients_batch3(tmp_path):
    """The TFLite frontend's path (batch patched into the activation
    tensors, FC as a 1x1 conv, the final SOFTMAX replaced by the loss)."""
    path = tflite_net(tmp_path / "net.tflite")
    e, text, _, _ = check_gradients(tmp_path, "tflite", batch=3, path=path)
    assert "memref<3x5x5x2xf32>" in text and "memref<3x4xf32>" in text


def test_wrong_gradient_is_caught(tmp_path, monkeypatch):
    """A deliberately wrong rule (ReLU passes the gradient where x <= 0 too)
    must fail the comparison: the test above can fail."""
    orig = training.Trainer.backward

    def bad(self, entry, g):
        if entry.op == "clamp":
            self.accumulate(entry.operands[0], g)
            return
        orig(self, entry, g)

    monkeypatch.setattr(training.Trainer, "backward", bad)
    with pytest.raises(AssertionError, match="gradient of"):
        check_gradients(tmp_path, "conv_stride1_relu")


@pytest.mark.parametrize("updates", ["end", "eager"])
def test_sgd_update_in_place(tmp_path, updates):
    """Update mode writes w - lr * dw into the weight arguments (checked
    through a wrapper that calls the step and returns the argument buffers),
    with the updates after the backward pass or each as soon as its gradient
    is complete."""
    case, batch = "end_to_end", 2
    # The gradients themselves are checked by test_gradient_matches_finite_differences.
    e, _, args, res = check_gradients(tmp_path, case, batch, fd=False)
    path = tmp_path / f"{case}.onnx"
    tosa, _, _ = _build(str(path), batch, "update", updates)
    text, _ = run_pipeline(tosa)
    assert "memref.copy" in text
    sig = text[text.index("func.func @main(") + len("func.func @main("):]
    sig = sig[:sig.index(") -> ")]
    types = [p.split(": ", 1)[1].split(" {")[0] for p in sig.split(", %")]
    wrapped = text.replace("func.func @main(", "func.func @step(", 1).rstrip()[:-1]
    params = ", ".join(f"%p{i}: {t}" for i, t in enumerate(types))
    wtypes = types[3:]
    wrapped += (f"  func.func @main({params}) -> (memref<1xf32>, {', '.join(wtypes)}) {{\n"
                f"    %l = call @step({', '.join(f'%p{i}' for i in range(len(types)))}) : "
                f"({', '.join(types)}) -> memref<1xf32>\n"
                f"    return %l, {', '.join(f'%p{i}' for i in range(3, len(types)))} : "
                f"memref<1xf32>, {', '.join(wtypes)}\n  }}\n}}\n")
    out = selfcheck.run_with_inputs(wrapped, args)
    assert abs(out[0][0] - res[0][0]) <= 1e-5 * max(1.0, abs(res[0][0]))
    lr = args[2][0]
    for w, g, new in zip(args[3:], res[1:], out[1:]):
        expect = w - lr * g
        assert np.max(np.abs(new - expect)) <= 1e-4 * (1 + np.max(np.abs(expect)))


def test_unsupported_op_is_a_clear_error(tmp_path):
    n = Net((1, 2, 3, 3))
    n.conv(2, 2, 1)
    n.node("Sigmoid", [n.cur])
    head(n, 2)
    path = tmp_path / "sig.onnx"
    onnx.save(n.model(), str(path))
    with pytest.raises(UnsupportedOp) as err:
        training.build_training_tosa(str(path), 1)
    msg = str(err.value)
    assert "'Sigmoid'" in msg and "sigmoid" in msg and "tosa.sigmoid" in msg, msg


def test_cli_train_refusal_exit_status(tmp_path):
    """`peakmem import --train` exits 1 with the op and node on an op
    without a gradient rule, 2 on --batch without --train."""
    import subprocess
    import sys
    n = Net((1, 2, 3, 3))
    n.conv(2, 2, 1)
    n.node("Sigmoid", [n.cur])
    head(n, 2)
    path = tmp_path / "sig.onnx"
    onnx.save(n.model(), str(path))
    cmd = [sys.executable, "-m", "peakmem", "import", "--train", str(path), "-o",
           str(tmp_path / "out.mlir")]
    # The package of this checkout, whatever PYTHONPATH the test runs with.
    env = dict(os.environ,
               PYTHONPATH=str(pathlib.Path(__file__).resolve().parents[2] / "python"))
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    assert proc.returncode == 1, proc.stderr
    assert "unsupported training op 'Sigmoid' at node sigmoid" in proc.stderr, proc.stderr
    proc = subprocess.run(cmd[:4] + ["--batch", "2", str(path)], capture_output=True, text=True,
                          env=env)
    assert proc.returncode == 2 and "--batch needs --train" in proc.stderr, proc.stderr


def test_grouped_conv_is_refused(tmp_path):
    n = Net((1, 4, 3, 3))
    n.conv(4, 4, 1, group=2)
    head(n, 2)
    path = tmp_path / "grp.onnx"
    onnx.save(n.model(), str(path))
    with pytest.raises(ImportError_, match="grouped convolution"):
        training.build_training_tosa(str(path), 1)
