# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""TFLite flatbuffer -> TOSA MLIR (one func.func @main, static shapes).

int8 models keep int8 activations: convolutions and fully connected layers are
TOSA's quantized forms (i8 operands, zero points, i32 accumulators) followed by
`tosa.rescale` back to i8; residual adds and multiplies rescale to i32, compute
and rescale back (the elementwise chain fuses into one loop nest, so no i32
buffer survives for them); softmax is computed in f32 on its (tiny) input.
"""

import numpy as np

from .tflite_ops import (ACT_NONE, ACT_RELU, ACT_RELU6, ACT_RELU_N1_TO_1, ACT_TANH, FMT,
                         TFLiteOps)
from .tflite_schema import Model
from .tosa_emitter import Emitter, ImportError_, UnsupportedOp, is_float
from .tosa_values import scan_unsupported


def _bias_pattern(n):
    """Deterministic non-uniform values in [-1, 1] (splat mode biases)."""
    i = np.arange(n)
    return (((i * 7) % 11) - 5) / 5.0


class TFLiteImporter(TFLiteOps):
    def __init__(self, path, weights="splat"):
        self.path = path
        self.model = Model(path)
        if self.model.num_subgraphs != 1:
            # Extra subgraphs are only reached through control-flow ops, which
            # the converter rejects by op name anyway.
            pass
        self.e = Emitter(weights=weights)
        self.vals = {}
        self.weights = weights
        self.folded = self.fold_dequantized_constants()

    def fold_dequantized_constants(self):
        """DEQUANTIZE ops of constant tensors, folded as TFLite does at
        prepare time: the output becomes a constant float32 tensor (float16
        weights cast, as MediaPipe models store them; int8 ones scaled by
        their per-tensor or per-axis quantization), so the ops that read it
        as weights see its real values. Returns the folded op indices."""
        folded = set()
        for op in self.model.operators:
            if op.op != "DEQUANTIZE":
                continue
            src, out = self.t(op.inputs[0]), self.t(op.outputs[0])
            if src.data is None or out.dtype != "f32":
                continue
            if src.dtype in ("f16", "f32"):
                data = src.data.astype(np.float32)
            elif src.quantized:
                shape = [1] * src.data.ndim
                if src.scale.size > 1:
                    shape[src.quantized_dimension] = src.scale.size
                data = ((src.data.astype(np.float64) - src.zero_point.reshape(shape))
                        * src.scale.reshape(shape)).astype(np.float32)
            else:
                continue
            out.data = data.reshape(out.shape)
            folded.add(op.index)
        return folded

    # ----------------------------------------------------------------- helpers
    def t(self, i):
        return self.model.tensors[i]

    def node(self, op):
        outs = ",".join(self.t(o).name for o in op.outputs)
        return f"#{op.index} ({outs})"

    def val(self, i, op):
        if i in self.vals:
            return self.vals[i]
        t = self.t(i)
        if t.data is not None:
            # A constant activation operand (rare): embed it.
            v = self.e.const(t.data, t.dtype)
            self.vals[i] = v
            return v
        raise ImportError_(f"{FMT} node {self.node(op)}: operand tensor {i} ({t.name}) has no producer")

    def const_data(self, i, op, what):
        t = self.t(i)
        if t.data is None:
            raise UnsupportedOp(FMT, op.op, self.node(op), f"{what} must be a constant")
        return t.data

    def requant_per_channel(self, y, x_t, w_t, out_t, cout, fan_in):
        """The int32 accumulator `y` of a convolution rescaled to the int8
        output: per output channel, input scale x weight scale / output scale
        (TFLite's per-channel quantization), output zero point added."""
        si, _ = self.qparams(x_t)
        so, zo = self.qparams(out_t)
        if self.weights == "splat":
            # Splat weights make every channel equal; non-uniform per-channel
            # gains keep the network input-dependent (softmax is shift-invariant).
            scale = (1.0 + 0.5 * _bias_pattern(cout)) / fan_in
        else:
            ws = np.asarray(w_t.scale, dtype=np.float64)
            if ws.size == 1:
                ws = np.full(cout, ws[0])
            scale = si * ws / so
        return self.e.rescale(y, scale, 0, zo, "i8", per_channel=True)

    def qparams(self, t):
        """(scale, zero point) of a quantized tensor. With splat weights the
        zero points are taken as 0: splat weights turn every layer into a
        channel mean, and the model's asymmetric zero points (fitted to real
        activations) would then clamp whole layers to a constant."""
        if t.scale is None:
            return 1.0, 0
        if self.weights == "splat":
            return float(t.scale[0]), 0
        return float(t.scale[0]), int(t.zero_point[0])

    def act(self, v, act, out_t, op):
        if act == ACT_NONE:
            return v
        if is_float(v.dtype):
            if act == ACT_RELU:
                return self.e.relu(v)
            if act == ACT_RELU6:
                return self.e.clamp(v, 0.0, 6.0)
            if act == ACT_RELU_N1_TO_1:
                return self.e.clamp(v, -1.0, 1.0)
            if act == ACT_TANH:
                return self.e.tanh(v)
        else:
            s, zp = self.qparams(out_t)
            lo, hi = (-128, 127) if v.dtype == "i8" else (-32768, 32767)
            if act == ACT_RELU:
                return self.e.clamp(v, max(lo, zp), hi)
            if act == ACT_RELU6:
                return self.e.clamp(v, max(lo, zp), min(hi, zp + int(round(6.0 / s))))
            if act == ACT_RELU_N1_TO_1:
                return self.e.clamp(v, max(lo, zp - int(round(1.0 / s))),
                                    min(hi, zp + int(round(1.0 / s))))
        raise UnsupportedOp(FMT, op.op, self.node(op), f"fused activation {act}")

    @staticmethod
    def same_pad(i, k, s, d):
        o = (i + s - 1) // s
        total = max((o - 1) * s + (k - 1) * d + 1 - i, 0)
        return total // 2, total - total // 2

    def pads(self, padding, x_shape, kh, kw, sh, sw, dh=1, dw=1):
        if padding == 1:  # VALID
            return [0, 0, 0, 0]
        t, b = self.same_pad(x_shape[1], kh, sh, dh)
        l, r = self.same_pad(x_shape[2], kw, sw, dw)
        return [t, b, l, r]

    def requant(self, v, in_t, out_t):
        """Rescales a quantized tensor whose scale/zp differ from out_t's."""
        if is_float(v.dtype) or out_t.scale is None:
            return v
        si, zi = self.qparams(in_t)
        so, zo = self.qparams(out_t)
        if abs(si - so) <= 1e-9 * max(si, so) and zi == zo:
            return v
        return self.e.rescale(v, si / so, zi, zo, v.dtype)

    # -------------------------------------------------------------- weighted ops
    def _bias(self, op, n, acc_dtype, fan_in, name, index=2):
        if len(op.inputs) > index and op.inputs[index] >= 0:
            bt = self.t(op.inputs[index])
            data = bt.data
        else:
            bt, data = None, None
        if bt is None:
            return self.e.const(np.zeros(n), acc_dtype, shape=(n,))
        if self.weights == "splat":
            pat = _bias_pattern(n)
            if acc_dtype == "i32":
                pat = np.round(pat * 4 * fan_in)
            else:
                pat = pat * 0.1
            return self.e.const(pat, acc_dtype, shape=(n,))
        return self.e.weight((n,), acc_dtype, name, 0, data)

    def _weighted(self, op, kind):
        o = op.options
        x_t, w_t, out_t = self.t(op.inputs[0]), self.t(op.inputs[1]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        quant = not is_float(x.dtype)
        if quant and x.dtype != "i8":
            raise UnsupportedOp(FMT, op.op, self.node(op), f"activation type {x.dtype}")
        if quant and w_t.dtype != "i8":
            raise UnsupportedOp(FMT, op.op, self.node(op), f"weight type {w_t.dtype}")
        wdt = w_t.dtype
        wname = w_t.name
        wdata = w_t.data
        if not quant and not is_float(wdt):
            # Hybrid (dynamic-range) model: float activations, int8 weights.
            # Dequantize the weights at import time (per-channel along dim 0/3).
            if wdata is not None and w_t.scale is not None:
                s = np.asarray(w_t.scale, np.float64)
                zp = np.asarray(w_t.zero_point, np.float64)
                shp = [1] * wdata.ndim
                if s.size > 1:
                    shp[w_t.quantized_dimension] = s.size
                wdata = ((wdata.astype(np.float64) - zp.reshape(shp)) * s.reshape(shp)).astype(np.float32)
            wdt = x.dtype
        if kind == "conv":
            padding = o.scalar(0, "b", 0) if o else 0
            sw, sh = (o.scalar(1, "i", 1), o.scalar(2, "i", 1)) if o else (1, 1)
            act = o.scalar(3, "b", 0) if o else 0
            dw, dh = (o.scalar(4, "i", 1), o.scalar(5, "i", 1)) if o else (1, 1)
            cout, kh, kw, cin = w_t.shape
            fan_in = kh * kw * cin
            wv = self.e.weight(w_t.shape, wdt, wname, 1 if quant else 1.0 / fan_in, wdata)
            pad = self.pads(padding, x.shape, kh, kw, sh, sw, dh, dw)
            b = self._bias(op, cout, "i32" if quant else x.dtype, fan_in, wname + ".bias")
            y = self.e.conv2d(x, wv, b, (sh, sw), (dh, dw), pad,
                              in_zp=self.qparams(x_t)[1] if quant else 0)
        elif kind == "dw":
            padding = o.scalar(0, "b", 0) if o else 0
            sw, sh = (o.scalar(1, "i", 1), o.scalar(2, "i", 1)) if o else (1, 1)
            mult = o.scalar(3, "i", 1) if o else 1
            act = o.scalar(4, "b", 0) if o else 0
            dw, dh = (o.scalar(5, "i", 1), o.scalar(6, "i", 1)) if o else (1, 1)
            _, kh, kw, cm = w_t.shape
            cin = x.shape[3]
            mult = cm // cin
            fan_in = kh * kw
            data = None if wdata is None else wdata.reshape(kh, kw, cin, mult)
            wv = self.e.weight((kh, kw, cin, mult), wdt, wname, 1 if quant else 1.0 / fan_in, data)
            pad = self.pads(padding, x.shape, kh, kw, sh, sw, dh, dw)
            b = self._bias(op, cm, "i32" if quant else x.dtype, fan_in, wname + ".bias")
            y = self.e.depthwise_conv2d(x, wv, b, (sh, sw), (dh, dw), pad,
                                        in_zp=self.qparams(x_t)[1] if quant else 0)
            cout = cm
        else:  # fully connected as a 1x1 convolution over [N,1,1,in]
            act = o.scalar(0, "b", 0) if o else 0
            cout, cin = w_t.shape
            fan_in = cin
            n = x.size // cin
            x4 = self.e.reshape(x, (n, 1, 1, cin))
            data = None if wdata is None else wdata.reshape(cout, 1, 1, cin)
            wv = self.e.weight((cout, 1, 1, cin), wdt, wname, 1 if quant else 1.0 / fan_in, data)
            b = self._bias(op, cout, "i32" if quant else x.dtype, fan_in, wname + ".bias")
            y = self.e.conv2d(x4, wv, b, in_zp=self.qparams(x_t)[1] if quant else 0)
        if quant:
            y = self.requant_per_channel(y, x_t, w_t, out_t, cout, fan_in)
        y = self.act(y, act, out_t, op)
        return self.e.reshape(y, out_t.shape)

    # ------------------------------------------------------------- elementwise
    def _binary(self, op, kind):
        o = op.options
        act = o.scalar(0, "b", 0) if o else 0
        a_t, b_t, out_t = self.t(op.inputs[0]), self.t(op.inputs[1]), self.t(op.outputs[0])
        a, b = self.val(op.inputs[0], op), self.val(op.inputs[1], op)
        e = self.e
        if is_float(a.dtype):
            y = {"add": e.add, "sub": e.sub, "mul": e.mul}[kind](a, b)
            return self.act(y, act, out_t, op)
        if a.dtype != "i8":
            raise UnsupportedOp(FMT, op.op, self.node(op), f"activation type {a.dtype}")
        sa, za = self.qparams(a_t)
        sb, zb = self.qparams(b_t)
        so, zo = self.qparams(out_t)
        if kind in ("add", "sub"):
            # TFLite reference: left shift 20, both inputs to 2*max scale.
            shift = 1 << 20
            twice_max = 2.0 * max(sa, sb)
            a32 = e.rescale(a, sa / twice_max * shift, za, 0, "i32")
            b32 = e.rescale(b, sb / twice_max * shift, zb, 0, "i32")
            s32 = e.add(a32, b32) if kind == "add" else e.sub(a32, b32)
            y = e.rescale(s32, twice_max / (so * shift), 0, zo, "i8")
        else:
            a32 = e.rescale(a, 1.0, za, 0, "i32")
            b32 = e.rescale(b, 1.0, zb, 0, "i32")
            y = e.rescale(e.mul(a32, b32), sa * sb / so, 0, zo, "i8")
        return self.act(y, act, out_t, op)

    # ------------------------------------------------------------------- main
    def convert(self):
        m = self.model
        e = self.e
        for i in m.inputs:
            t = self.t(i)
            self.vals[i] = e.arg(t.shape, t.dtype, t.name)
        # Every op type without a converter, in one message, before any work.
        scan_unsupported(((op.op, self.node(op)) for op in m.operators), self, FMT)
        for op in m.operators:
            if op.index in self.folded:
                continue
            handler = getattr(self, "op_" + op.op, None)
            if handler is None:
                raise UnsupportedOp(FMT, op.op, self.node(op))
            try:
                y = handler(op)
            except UnsupportedOp:
                raise
            except ImportError_ as err:
                raise ImportError_(f"{FMT} op '{op.op}' at node {self.node(op)}: {err}") from None
            if isinstance(y, list):
                for oi, v in zip(op.outputs, y):
                    self.vals[oi] = v
            else:
                out_t = self.t(op.outputs[0])
                if tuple(y.shape) != tuple(out_t.shape):
                    if y.size == int(np.prod(out_t.shape)):
                        y = e.reshape(y, out_t.shape)
                    else:
                        raise ImportError_(f"{FMT} op '{op.op}' at node {self.node(op)}: "
                                           f"computed shape {y.shape} != model shape {out_t.shape}")
                if y.dtype != out_t.dtype:
                    raise ImportError_(f"{FMT} op '{op.op}' at node {self.node(op)}: "
                                       f"computed type {y.dtype} != model type {out_t.dtype}")
                self.vals[op.outputs[0]] = y
        outs = [self.vals[i] for i in m.outputs]
        return e.finish(outs, comment=f"peakmem import of {self.path} (weights={self.weights})")

    # ------------------------------------------------------------------ ops
    def op_CONV_2D(self, op):
        return self._weighted(op, "conv")

    def op_DEPTHWISE_CONV_2D(self, op):
        return self._weighted(op, "dw")

    def op_FULLY_CONNECTED(self, op):
        return self._weighted(op, "fc")

    def op_ADD(self, op):
        return self._binary(op, "add")

    def op_SUB(self, op):
        return self._binary(op, "sub")

    def op_MUL(self, op):
        return self._binary(op, "mul")

    def op_RESHAPE(self, op):
        return self.e.reshape(self.val(op.inputs[0], op), self.t(op.outputs[0]).shape)

    op_SQUEEZE = op_RESHAPE
    op_EXPAND_DIMS = op_RESHAPE

    def op_TRANSPOSE_CONV(self, op):
        o = op.options
        padding = o.scalar(0, "b", 0) if o else 0
        sw, sh = (o.scalar(1, "i", 1), o.scalar(2, "i", 1)) if o else (1, 1)
        act = o.scalar(3, "b", 0) if o else 0
        w_t, x_t, out_t = self.t(op.inputs[1]), self.t(op.inputs[2]), self.t(op.outputs[0])
        x = self.val(op.inputs[2], op)
        quant = not is_float(x.dtype)
        if quant and (x.dtype != "i8" or w_t.dtype != "i8"):
            raise UnsupportedOp(FMT, op.op, self.node(op), f"types {x.dtype}, {w_t.dtype}")
        if not quant and not is_float(w_t.dtype):
            raise UnsupportedOp(FMT, op.op, self.node(op), "hybrid int8 weights")
        out_shape = [int(v) for v in self.const_data(op.inputs[0], op, "output_shape").reshape(-1)]
        cout, kh, kw, cin = w_t.shape
        n, h, wd, _ = x.shape
        oh, ow = out_shape[1], out_shape[2]
        if padding == 1:  # VALID
            pt = pl = 0
        else:
            pt = max(0, (h - 1) * sh + kh - oh) // 2
            pl = max(0, (wd - 1) * sw + kw - ow) // 2
        fan_in = kh * kw * cin
        e = self.e
        data = None if w_t.data is None else np.ascontiguousarray(w_t.data[:, ::-1, ::-1, :])
        if self.weights == "args":
            wv = e.weight(w_t.shape, w_t.dtype, w_t.name, 1, None)
            wv = e.reverse(e.reverse(wv, 1), 2)
        else:
            wv = e.weight(w_t.shape, w_t.dtype, w_t.name, 1 if quant else 1.0 / fan_in, data)
        acc = "i32" if quant else x.dtype
        b = self._bias(op, cout, acc, fan_in, w_t.name + ".bias", index=3)
        zi = self.qparams(x_t)[1] if quant else 0
        y = e.transpose_conv2d(x, wv, b, (sh, sw), (pt, pl), (oh, ow), in_zp=zi)
        if quant:
            y = self.requant_per_channel(y, x_t, w_t, out_t, cout, fan_in)
        return self.act(y, act, out_t, op)


def import_tflite(path, weights="splat"):
    return TFLiteImporter(path, weights).convert()
