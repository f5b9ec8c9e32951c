# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Training steps: one function for forward, softmax cross-entropy loss,
backward (reverse mode over the TOSA ops the inference frontends emit) and a
plain SGD update of the weight arguments in place.

The inference frontend (tflite.py / onnx_frontend.py, weights as arguments)
runs on a `TapeEmitter`, which emits the forward TOSA ops as usual and records
each op (name, operands, result, attributes, and the model node it belongs to).
The backward pass walks the tape in reverse and emits, for every op on a path
from a weight to the loss, the gradient of its operands: TOSA where TOSA
expresses it (convolution input gradients are transposed convolutions: zero
insertion + padding + a stride-1 convolution with the flipped, transposed
kernel; bias gradients are `tosa.reduce_sum`), `linalg.generic` on tensors
where it does not (weight gradients of strided convolutions, max-pool
backward). The update is `w - lr * dw`, written into the weight argument with
`bufferization.materialize_in_destination` (a `memref.copy` into the argument
after one-shot bufferization). The module goes through the same upstream
pipeline as inference (pipeline.py). See docs/Training.md.

Function signature (in order): the model input (batch N), `label` (f32
[N, K], a one-hot row per sample; any row is accepted: the loss is
-sum(label * log_softmax(logits)) / N), `learning_rate` (f32 [1]), then every
weight as in `--weights args`. Result: the loss (f32 [1]); mode "grads"
returns the loss and every weight gradient instead of updating (tests).
"""

import pathlib
import re

import numpy as np

from .tosa_emitter import Emitter, ImportError_, UnsupportedOp, V

FMT = "training"
_BIG = 3.0e38


class TapeEntry:
    __slots__ = ("op", "operands", "out", "attrs", "node")

    def __init__(self, op, operands, out, attrs, node):
        self.op, self.operands, self.out, self.attrs, self.node = op, operands, out, attrs, node


class TapeEmitter(Emitter):
    """An Emitter that records every TOSA op it emits (while `recording`)."""

    def __init__(self):
        super().__init__(weights="args")
        self.tape = []
        self.recording = True
        self.node = ("?", "?")      # (model op, node description) being converted
        self.shape_vals = {}        # tosa.const_shape name -> values
        self.softmaxes = {}         # softmax result name -> (input V, axis)
        self.outputs = None
        self.batch = None
        self.const_vals = {}        # tosa.const name -> numpy array (reference interpreters)

    def _const_raw(self, arr, shape, dtype):
        v = super()._const_raw(arr, shape, dtype)
        self.const_vals[v.name] = np.asarray(arr).reshape(shape)
        return v

    def _untracked(self, what):
        if self.recording:
            op, node = self.node
            raise UnsupportedOp(FMT, op, node, f"{what} has no gradient rule")

    def grouped_conv2d(self, *args, **kwargs):
        self._untracked("grouped convolution (linalg.conv_2d_nhwgc_gfhwc)")
        return super().grouped_conv2d(*args, **kwargs)

    def weighted_stack_sum(self, *args, **kwargs):
        self._untracked("weighted stack sum (linalg.generic)")
        return super().weighted_stack_sum(*args, **kwargs)

    def arg(self, shape, dtype, name=None):
        if self.batch is not None and len(self.inputs) == 0 and len(shape) >= 1:
            shape = (self.batch,) + tuple(shape[1:])
        return super().arg(shape, dtype, name)

    def shape_const(self, values):
        name = super().shape_const(values)
        self.shape_vals[name] = [int(x) for x in values]
        return name

    def _op(self, op, operands, shape, dtype, attrs="", operand_types=None):
        v = super()._op(op, operands, shape, dtype, attrs, operand_types)
        if self.recording:
            self.tape.append(TapeEntry(op, list(operands), v, attrs, self.node))
        return v

    def softmax(self, x, axis):
        y = super().softmax(x, axis)
        self.softmaxes[y.name] = (x, axis)
        return y

    def finish(self, outputs, comment=None):
        self.outputs = list(outputs)
        self.comment = comment
        return None


def _attr_ints(attrs, key):
    m = re.search(key + r" = array<i64: ([-0-9, ]*)>", attrs)
    if not m:
        raise KeyError(key)
    return [int(t) for t in m.group(1).split(",") if t.strip()]


def _attr_scalar(attrs, key):
    m = re.search(key + r" = ([-+0-9.eE]+|0x[0-9A-Fa-f]+)", attrs)
    if not m:
        raise KeyError(key)
    return m.group(1)


def _float_attr(text):
    if text.startswith("0x"):
        return float(np.array([int(text, 16)], np.uint32).view(np.float32)[0])
    return float(text)


class Trainer:
    def __init__(self, e):
        self.e = e
        self.grads = {}

    # -------------------------------------------------------------- helpers
    def unsupported(self, entry, detail):
        op, node = entry.node
        return UnsupportedOp(FMT, op, node, f"no gradient for tosa.{entry.op} ({detail})")

    def accumulate(self, v, g):
        if v.name in self.grads:
            self.grads[v.name] = self.e.add(self.grads[v.name], g)
        else:
            self.grads[v.name] = g

    def zeros(self, shape):
        return self.e.const(np.zeros(1, np.float32), "f32", shape=tuple(shape))

    def unbroadcast(self, g, shape):
        """Sums g over the axes where `shape` (same rank or lower) is 1."""
        shape = tuple(shape)
        full = (1,) * (g.rank - len(shape)) + shape
        for ax, (d, gd) in enumerate(zip(full, g.shape)):
            if d == 1 and gd != 1:
                g = self.e.reduce_sum(g, ax)
        return self.e.reshape(g, shape)

    def generic(self, out_shape, ins, maps, iterators, body, ndims, init_zero=True):
        """A linalg.generic on tensors with a fresh zero-filled output.
        ins: list of V; maps: affine results per input + output (strings over
        d0..d{ndims-1}); body: lines using %a0.. (inputs) and %acc, ending in a
        value named %r."""
        e = self.e
        out = V(e.fresh(), out_shape, "f32")
        zero, empty, init = e.fresh(), e.fresh(), e.fresh()
        e.emit(f"{zero} = arith.constant 0.000000e+00 : f32")
        e.emit(f"{empty} = tensor.empty() : {out.type}")
        e.emit(f"{init} = linalg.fill ins({zero} : f32) outs({empty} : {out.type}) -> {out.type}")
        dims = ", ".join(f"d{i}" for i in range(ndims))
        amaps = ", ".join(f"affine_map<({dims}) -> ({m})>" for m in maps)
        its = ", ".join(f'"{t}"' for t in iterators)
        args = ", ".join(f"%a{i}: f32" for i in range(len(ins))) + ", %acc: f32"
        ins_s = ""
        if ins:
            ins_s = (f"ins({', '.join(v.name for v in ins)} : "
                     f"{', '.join(v.type for v in ins)}) ")
        lines = [f"{out.name} = linalg.generic {{indexing_maps = [{amaps}], iterator_types = "
                 f"[{its}]}} {ins_s}outs({init} : {out.type}) {{",
                 f"    ^bb0({args}):"]
        lines += ["      " + b for b in body]
        lines += ["      linalg.yield %r : f32", f"    }} -> {out.type}"]
        e.emit("\n".join(lines))
        return out

    def transposed_conv(self, g, kernel, stride, pad_tl, out_hw, conv):
        """The input gradient of a strided convolution: zero insertion of g,
        padding, and `conv` (a stride-1 convolution with the flipped kernel)
        of the result; see Emitter.transpose_conv2d."""
        e = self.e
        n, h, wd, c = g.shape
        kh, kw = kernel
        sh, sw = stride
        x = g
        if sh > 1 or sw > 1:
            x6 = e.reshape(x, (n, h, 1, wd, 1, c))
            x6 = e.pad(x6, [(0, 0), (0, 0), (0, sh - 1), (0, 0), (0, sw - 1), (0, 0)])
            x = e.reshape(x6, (n, h * sh, wd * sw, c))
        pads, start, size = [], [0, 0, 0, 0], list(x.shape)
        for ax, (k, s_, i, o, p) in enumerate(((kh, sh, h, out_hw[0], pad_tl[0]),
                                               (kw, sw, wd, out_hw[1], pad_tl[1]))):
            lo = k - 1 - p
            hi = o + k - 1 - lo - i * s_
            if lo < 0:
                start[1 + ax] = -lo
                size[1 + ax] -= -lo
                lo = 0
            if hi < 0:
                size[1 + ax] -= -hi
                hi = 0
            pads.append((lo, hi))
        x = e.slice(x, start, size)
        x = e.pad(x, [(0, 0), pads[0], pads[1], (0, 0)])
        return conv(x)

    def conv_weight_grad(self, x, g, pad, stride, kernel, depthwise_m=None):
        """dW of a (depthwise) convolution as one linalg.generic over the
        padded input (strided access is an affine map)."""
        e = self.e
        xp = e.pad(x, [(0, 0), (pad[0], pad[1]), (pad[2], pad[3]), (0, 0)])
        sh, sw = stride
        kh, kw = kernel
        n, oh, ow, o = g.shape
        cin = x.shape[3]
        body = ["%m = arith.mulf %a0, %a1 : f32", "%r = arith.addf %acc, %m : f32"]
        if depthwise_m is None:
            # dims: o kh kw i n oh ow
            return self.generic(
                (o, kh, kw, cin), [xp, g],
                [f"d4, d5 * {sh} + d1, d6 * {sw} + d2, d3", "d4, d5, d6, d0", "d0, d1, d2, d3"],
                ["parallel"] * 4 + ["reduction"] * 3, body, 7)
        m = depthwise_m
        g5 = e.reshape(g, (n, oh, ow, cin, m))
        # dims: kh kw c m n oh ow
        return self.generic(
            (kh, kw, cin, m), [xp, g5],
            [f"d4, d5 * {sh} + d0, d6 * {sw} + d1, d2", "d4, d5, d6, d2, d3", "d0, d1, d2, d3"],
            ["parallel"] * 4 + ["reduction"] * 3, body, 7)

    def maxpool_grad(self, x, y, g, kernel, stride, pad):
        """Gradient of max pooling: every input element equal to the maximum
        of a window it belongs to receives that window's gradient (ties: all
        of them). One linalg.generic over the padded input that gathers from
        y and g with tensor.extract."""
        e = self.e
        xp = e.pad(x, [(0, 0), (pad[0], pad[1]), (pad[2], pad[3]), (0, 0)], value=-_BIG)
        n, hp, wp, c = xp.shape
        _, oh, ow, _ = y.shape
        sh, sw = stride
        body = ["%n = linalg.index 0 : index", "%h = linalg.index 1 : index",
                "%w = linalg.index 2 : index", "%c = linalg.index 3 : index",
                "%zero = arith.constant 0.000000e+00 : f32", "%i0 = arith.constant 0 : index"]
        acc = "%acc"
        k = 0
        for ky in range(kernel[0]):
            for kx in range(kernel[1]):
                conds = []
                idx = []
                for (var, kk, s, lim) in (("%h", ky, sh, oh), ("%w", kx, sw, ow)):
                    p = f"%p{k}{var[1]}"
                    body += [f"{p}k = arith.constant {kk} : index",
                             f"{p}s = arith.constant {s} : index",
                             f"{p}l = arith.constant {lim} : index",
                             f"{p}d = arith.subi {var}, {p}k : index",
                             f"{p}q = arith.divui {p}d, {p}s : index",
                             f"{p}r = arith.remui {p}d, {p}s : index",
                             f"{p}c1 = arith.cmpi sge, {p}d, %i0 : index",
                             f"{p}c2 = arith.cmpi eq, {p}r, %i0 : index",
                             f"{p}c3 = arith.cmpi ult, {p}q, {p}l : index",
                             f"{p}c12 = arith.andi {p}c1, {p}c2 : i1",
                             f"{p}ok = arith.andi {p}c12, {p}c3 : i1",
                             f"{p}i = arith.select {p}ok, {p}q, %i0 : index"]
                    conds.append(f"{p}ok")
                    idx.append(f"{p}i")
                q = f"%q{k}"
                body += [f"{q}ok = arith.andi {conds[0]}, {conds[1]} : i1",
                         f"{q}y = tensor.extract {y.name}[%n, {idx[0]}, {idx[1]}, %c] : {y.type}",
                         f"{q}g = tensor.extract {g.name}[%n, {idx[0]}, {idx[1]}, %c] : {g.type}",
                         f"{q}eq = arith.cmpf oeq, %a0, {q}y : f32",
                         f"{q}t = arith.andi {q}ok, {q}eq : i1",
                         f"{q}v = arith.select {q}t, {q}g, %zero : f32",
                         f"{q}s = arith.addf {acc}, {q}v : f32"]
                acc = f"{q}s"
                k += 1
        body.append(f"%r = arith.addf {acc}, %zero : f32")
        gxp = self.generic((n, hp, wp, c), [xp], ["d0, d1, d2, d3", "d0, d1, d2, d3"],
                           ["parallel"] * 4, body, 4)
        return e.slice(gxp, [0, pad[0], pad[2], 0], x.shape)

    # ------------------------------------------------------------ backward
    def backward(self, entry, g):
        e = self.e
        op = entry.op
        ops = entry.operands
        out = entry.out
        req = self.requires
        if op in ("add", "sub"):
            a, b = ops
            if a.name in req:
                self.accumulate(a, self.unbroadcast(g, a.shape))
            if b.name in req:
                gb = self.unbroadcast(g, b.shape)
                self.accumulate(b, gb if op == "add" else e.negate(gb))
        elif op == "mul":
            a, b = ops[0], ops[1]
            if a.name in req:
                self.accumulate(a, self.unbroadcast(e.mul(g, b), a.shape))
            if b.name in req:
                self.accumulate(b, self.unbroadcast(e.mul(g, a), b.shape))
        elif op == "clamp":
            x = ops[0]
            lo = _float_attr(_attr_scalar(entry.attrs, "min_val"))
            hi = _float_attr(_attr_scalar(entry.attrs, "max_val"))
            mask = e.compare("greater", x, e.scalar_const(lo, x))
            if hi < _BIG:
                mask = e._op("logical_and", [mask, e.compare("greater", e.scalar_const(hi, x), x)],
                             x.shape, "i1")
            self.accumulate(x, e.select(mask, g, self.zeros(x.shape)))
        elif op == "reshape":
            self.accumulate(ops[0], e.reshape(g, ops[0].shape))
        elif op == "transpose":
            perm = [int(t) for t in re.search(r"array<i32: ([0-9, ]*)>", entry.attrs)
                    .group(1).split(",")]
            inv = [0] * len(perm)
            for i, p in enumerate(perm):
                inv[p] = i
            self.accumulate(ops[0], e.transpose(g, inv))
        elif op == "slice":
            x = ops[0]
            start = self.e.shape_vals[ops[1]]
            pads = [(s, d - s - o) for s, d, o in zip(start, x.shape, out.shape)]
            self.accumulate(x, e.pad(g, pads))
        elif op == "pad":
            x = ops[0]
            flat = self.e.shape_vals[ops[1]]
            self.accumulate(x, e.slice(g, flat[0::2], x.shape))
        elif op == "reduce_sum":
            x = ops[0]
            ax = int(re.search(r"axis = (\d+)", entry.attrs).group(1))
            mult = [1] * x.rank
            mult[ax] = x.shape[ax]
            self.accumulate(x, e.tile(g, mult))
        elif op == "matmul":
            a, b = ops[0], ops[1]
            if a.name in req:
                self.accumulate(a, e.matmul(g, e.transpose(b, [0, 2, 1])))
            if b.name in req:
                self.accumulate(b, e.matmul(e.transpose(a, [0, 2, 1]), g))
        elif op in ("conv2d", "depthwise_conv2d"):
            self.conv_backward(entry, g)
        elif op == "avg_pool2d":
            self.avgpool_backward(entry, g)
        elif op == "max_pool2d":
            x = ops[0]
            kernel = _attr_ints(entry.attrs, "kernel")
            stride = _attr_ints(entry.attrs, "stride")
            pad = _attr_ints(entry.attrs, "pad")
            self.accumulate(x, self.maxpool_grad(x, out, g, kernel, stride, pad))
        else:
            raise self.unsupported(entry, "not implemented")

    def conv_backward(self, entry, g):
        e = self.e
        x, w, b = entry.operands[0], entry.operands[1], entry.operands[2]
        if x.dtype != "f32":
            raise self.unsupported(entry, f"{x.dtype} input, training is float32 only")
        stride = _attr_ints(entry.attrs, "stride")
        pad = _attr_ints(entry.attrs, "pad")
        dil = _attr_ints(entry.attrs, "dilation")
        if dil != [1, 1]:
            raise self.unsupported(entry, f"dilation {dil}")
        req = self.requires
        if b.name in req:
            gb = e.reduce_sum(e.reduce_sum(e.reduce_sum(g, 0), 1), 2)
            self.accumulate(b, e.reshape(gb, b.shape))
        depthwise = entry.op == "depthwise_conv2d"
        kernel = w.shape[0:2] if depthwise else w.shape[1:3]
        if w.name in req:
            gw = self.conv_weight_grad(x, g, pad, stride, kernel,
                                       depthwise_m=w.shape[3] if depthwise else None)
            self.accumulate(w, gw)
        if x.name in req:
            if depthwise:
                kh, kw, c, m = w.shape
                wf = e.reverse(e.reverse(e.reshape(w, (kh, kw, c * m, 1)), 0), 1)
                zb = self.zeros((c * m,))

                def conv(xx):
                    y = e.depthwise_conv2d(xx, wf, zb)
                    if m > 1:
                        y = e.reduce_sum(e.reshape(y, y.shape[:3] + (c, m)), 4)
                        y = e.reshape(y, y.shape[:3] + (c,))
                    return y
            else:
                wf = e.reverse(e.reverse(e.transpose(w, [3, 1, 2, 0]), 1), 2)
                zb = self.zeros((x.shape[3],))

                def conv(xx):
                    return e.conv2d(xx, wf, zb)
            gx = self.transposed_conv(g, kernel, stride, (pad[0], pad[2]), x.shape[1:3], conv)
            self.accumulate(x, gx)

    def avgpool_backward(self, entry, g):
        e = self.e
        x = entry.operands[0]
        kernel = _attr_ints(entry.attrs, "kernel")
        stride = _attr_ints(entry.attrs, "stride")
        pad = _attr_ints(entry.attrs, "pad")
        n, h, wd, c = x.shape
        _, oh, ow, _ = g.shape
        # TOSA divides by the number of window elements inside the input.
        cnt = np.zeros((oh, ow), np.float64)
        for i in range(oh):
            for j in range(ow):
                y0, x0 = i * stride[0] - pad[0], j * stride[1] - pad[2]
                ys = max(0, min(h, y0 + kernel[0]) - max(0, y0))
                xs = max(0, min(wd, x0 + kernel[1]) - max(0, x0))
                cnt[i, j] = ys * xs
        gs = e.mul(g, e.const((1.0 / cnt).astype(np.float32).reshape(1, oh, ow, 1), "f32"))
        if oh == 1 and ow == 1 and pad == [0, 0, 0, 0] and list(kernel) == [h, wd]:
            gx = e.mul(gs, e.const(np.ones(1, np.float32), "f32", shape=(1, h, wd, 1)))
        else:
            ones = e.const(np.ones(1, np.float32), "f32", shape=(kernel[0], kernel[1], c, 1))
            zb = self.zeros((c,))
            gx = self.transposed_conv(gs, kernel, stride, (pad[0], pad[2]), (h, wd),
                                      lambda xx: e.depthwise_conv2d(xx, ones, zb))
        self.accumulate(x, gx)

    # ----------------------------------------------------------------- main
    def run(self, logits, weights, on_final=None):
        """Emits the backward pass from d(loss)/d(logits); returns {weight name: grad V}.
        `on_final(w, grad)` is called as soon as the gradient of weight `w` is
        complete (after the backward step of its first forward user, which
        is also its last reader), for eager updates."""
        e = self.e
        first_use = {}
        for i, ent in enumerate(e.tape):
            for o in ent.operands:
                if isinstance(o, V) and o.name not in first_use:
                    first_use[o.name] = i
        final_at = {}
        for w in weights:
            final_at.setdefault(first_use.get(w.name, -1), []).append(w)
        self.requires = {w.name for w in weights}
        for ent in e.tape:
            if any(isinstance(o, V) and o.name in self.requires for o in ent.operands):
                self.requires.add(ent.out.name)
        self.grads = {logits.name: self.dlogits}
        for i in range(len(e.tape) - 1, -2, -1):
            if i >= 0:
                ent = e.tape[i]
                g = self.grads.pop(ent.out.name, None)
                if g is not None:
                    self.backward(ent, g)
            if on_final:
                for w in final_at.get(i, []):
                    on_final(w, self.grads.get(w.name))
        # A gradient that reached a value no taped op produced (an op emitted
        # outside the tape) would be dropped silently: refuse instead.
        leaves = {w.name for w in weights} | {v.name for v, _ in e.inputs}
        left = [n for n in self.grads if n not in leaves]
        if left:
            raise ImportError_(f"{FMT}: gradient reached values without a recorded producer: "
                               + ", ".join(left))
        return {w.name: self.grads.get(w.name) for w in weights}


def _load_frontend(model, batch):
    path = pathlib.Path(model)
    suffix = path.suffix.lower()
    if suffix == ".tflite":
        from .tflite import TFLiteImporter
        imp = TFLiteImporter(str(path), "args")
        if batch != 1:
            for t in imp.model.tensors:
                if t.data is None and len(t.shape) >= 2 and t.shape[0] == 1:
                    t.shape = (batch,) + tuple(t.shape[1:])

        def describe(args):
            return args[0].op, imp.node(args[0])
    elif suffix == ".onnx":
        import onnx
        from .onnx_frontend import OnnxImporter
        m = onnx.load(str(path))
        inits = {t.name for t in m.graph.initializer}
        # The first non-initializer input is the model input (as in
        # OnnxImporter); later ones are weights.
        data = [i for i in m.graph.input if i.name not in inits]
        if data and data[0].type.tensor_type.shape.dim:
            data[0].type.tensor_type.shape.dim[0].dim_value = batch
        imp = OnnxImporter(m, "args")
        imp.path = str(path)

        def describe(args):
            node = args[0]
            return node.op_type, node.name or ",".join(node.output)
    else:
        raise ImportError_(f"{model}: training import needs a .tflite or .onnx model")
    return imp, describe


def build_training_tosa(model, batch=1, mode="update", updates="end"):
    """The TOSA text of one training step of `model` (see the module doc).
    updates: "end" emits every SGD update after the whole backward pass (as
    `optimizer.step()` after `loss.backward()`); "eager" emits each update
    as soon as its gradient is complete (as an optimizer fused into the
    backward pass)."""
    if mode not in ("update", "grads"):
        raise ValueError(mode)
    if updates not in ("end", "eager"):
        raise ValueError(updates)
    imp, describe = _load_frontend(model, batch)
    e = TapeEmitter()
    e.batch = batch
    imp.e = e
    for name in dir(imp):
        if name.startswith("op_"):
            fn = getattr(imp, name)

            def wrapped(*args, _fn=fn):
                e.node = describe(args)
                return _fn(*args)
            setattr(imp, name, wrapped)
    imp.convert()
    e.recording = False
    if len(e.outputs) != 1:
        raise ImportError_(f"{model}: training needs a single-output model "
                           f"({len(e.outputs)} outputs)")
    out = e.outputs[0]
    logits = e.softmaxes.get(out.name, (out, None))[0]
    if logits.dtype != "f32":
        raise ImportError_(f"{model}: training is float32 only (logits are {logits.dtype})")
    n = logits.shape[0]
    if n != batch:
        raise ImportError_(f"{model}: logits {logits.shape} do not have the batch {batch} first")
    k = logits.size // n
    l2 = e.reshape(logits, (n, k))
    label = e.arg((n, k), "f32", "label")
    lr = e.arg((1,), "f32", "learning_rate")
    # loss = -sum(label * (l - lse)) / N; dlogits = (softmax * sum(label) - label) / N
    mx = e.reduce_max(l2, 1)
    d = e.sub(l2, mx)
    ex = e.exp(d)
    s = e.reduce_sum(ex, 1)
    logp = e.sub(d, e.log(s))
    lsum = e.reduce_sum(e.reduce_sum(e.mul(label, logp), 1), 0)
    loss = e.reshape(e.mul(lsum, e.const(np.array([[-1.0 / n]], np.float32), "f32")), (1,))
    p = e.mul(ex, e.reciprocal(s))
    ysum = e.reduce_sum(label, 1)
    dl = e.mul(e.sub(e.mul(p, ysum), label), e.const(np.array([[1.0 / n]], np.float32), "f32"))
    tr = Trainer(e)
    tr.dlogits = e.reshape(dl, logits.shape)
    weights = [v for v, _ in e.weight_args]

    def update(w, gw):
        if gw is None:
            return
        nw = e.sub(w, e.mul(gw, e.reshape(lr, (1,) * w.rank)))
        mt = "memref<" + "x".join(str(d) for d in w.shape) + "xf32>"
        mref = e.fresh()
        e.emit(f"{mref} = bufferization.to_buffer {w.name} : {w.type} to {mt}")
        e.emit(f"bufferization.materialize_in_destination {nw.name} in restrict writable "
               f"{mref} : ({nw.type}, {mt}) -> ()")

    eager = mode == "update" and updates == "eager"
    grads = tr.run(logits, weights, on_final=update if eager else None)
    results = [loss]
    if mode == "grads":
        for w in weights:
            results.append(grads[w.name] if grads[w.name] is not None else self_zero(e, w))
    elif not eager:
        for w in weights:
            update(w, grads[w.name])
    comment = (f"peakmem training step of {model} (batch {batch}, mode {mode}, updates {updates}): "
               "args = input, label [N,K] f32, learning_rate [1] f32, weights")
    return Emitter.finish(e, results, comment=comment)


def self_zero(e, w):
    return e.const(np.zeros(1, np.float32), "f32", shape=w.shape)


def import_training(model, out=None, batch=1, mode="update", keep_stages=None, updates="end"):
    """A training step of `model` all the way to bufferized memref IR. Returns (text, info)."""
    import time
    from .importer import lower_tosa
    t0 = time.perf_counter()
    tosa = build_training_tosa(model, batch, mode, updates)
    stem = pathlib.Path(model).stem + f".train{batch}"
    return lower_tosa(tosa, model, stem, t0, out=out, keep_stages=keep_stages)
