# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""TFLite builtin ops without weights: pooling, (de)quantization, softmax,
activations and elementwise math, reductions and data movement. A mixin of
TFLiteImporter (tflite.py), whose helpers (val, t, qparams, requant, act...)
it uses; int8 ops follow TFLite's reference kernels as tflite.py describes."""

import numpy as np

from .tosa_emitter import ImportError_, UnsupportedOp, is_float

FMT = "TFLite"

# ActivationFunctionType of the TFLite schema (fused activations).
ACT_NONE, ACT_RELU, ACT_RELU_N1_TO_1, ACT_RELU6, ACT_TANH = 0, 1, 2, 3, 4


class TFLiteOps:
    def _pool(self, op, kind):
        o = op.options
        padding = o.scalar(0, "b", 0)
        sw, sh = o.scalar(1, "i", 1), o.scalar(2, "i", 1)
        fw, fh = o.scalar(3, "i", 1), o.scalar(4, "i", 1)
        act = o.scalar(5, "b", 0)
        x_t, out_t = self.t(op.inputs[0]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        pad = self.pads(padding, x.shape, fh, fw, sh, sw)
        if kind == "avg":
            if is_float(x.dtype):
                y = self.e.avg_pool2d(x, (fh, fw), (sh, sw), pad)
            else:
                _, zi = self.qparams(x_t)
                y = self.e.avg_pool2d(x, (fh, fw), (sh, sw), pad, zi, zi)
                y = self.requant(y, x_t, out_t)
        else:
            y = self.e.max_pool2d(x, (fh, fw), (sh, sw), pad)
            y = self.requant(y, x_t, out_t)
        return self.act(y, act, out_t, op)

    def op_AVERAGE_POOL_2D(self, op):
        return self._pool(op, "avg")

    def op_MAX_POOL_2D(self, op):
        return self._pool(op, "max")

    def _dequant(self, x, t):
        s, zp = self.qparams(t)
        f = self.e.cast(x, "f32")
        if zp:
            f = self.e.sub(f, self.e.scalar_const(float(zp), f))
        return self.e.mul(f, self.e.scalar_const(s, f))

    def _quant(self, f, t):
        s, zp = self.qparams(t)
        y = self.e.mul(f, self.e.scalar_const(1.0 / s, f))
        if zp:
            y = self.e.add(y, self.e.scalar_const(float(zp), y))
        lo, hi = (-128, 127) if t.dtype == "i8" else (0, 255) if t.dtype == "ui8" else (-32768, 32767)
        y = self.e.clamp(y, float(lo), float(hi))
        return self.e.cast(y, t.dtype)

    def op_QUANTIZE(self, op):
        x_t, out_t = self.t(op.inputs[0]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        if is_float(x.dtype):
            return self._quant(x, out_t)
        if x.dtype == out_t.dtype:
            return self.requant(x, x_t, out_t)
        raise UnsupportedOp(FMT, op.op, self.node(op), f"{x.dtype} -> {out_t.dtype}")

    def op_DEQUANTIZE(self, op):
        x_t = self.t(op.inputs[0])
        return self._dequant(self.val(op.inputs[0], op), x_t)

    def _softmax_like(self, op, log):
        x_t, out_t = self.t(op.inputs[0]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        beta = op.options.scalar(0, "f", 1.0) if (op.options and not log) else 1.0
        f = x if is_float(x.dtype) else self._dequant(x, x_t)
        if beta != 1.0:
            f = self.e.mul(f, self.e.scalar_const(beta, f))
        axis = f.rank - 1
        y = self.e.log_softmax(f, axis) if log else self.e.softmax(f, axis)
        return y if is_float(x.dtype) else self._quant(y, out_t)

    def op_SOFTMAX(self, op):
        return self._softmax_like(op, False)

    def op_LOG_SOFTMAX(self, op):
        return self._softmax_like(op, True)

    def op_LOGISTIC(self, op):
        x_t, out_t = self.t(op.inputs[0]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        if is_float(x.dtype):
            return self.e.sigmoid(x)
        return self._quant(self.e.sigmoid(self._dequant(x, x_t)), out_t)

    def op_TANH(self, op):
        x_t, out_t = self.t(op.inputs[0]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        if is_float(x.dtype):
            return self.e.tanh(x)
        return self._quant(self.e.tanh(self._dequant(x, x_t)), out_t)

    def op_RELU(self, op):
        x = self.val(op.inputs[0], op)
        return self.act(self.requant(x, self.t(op.inputs[0]), self.t(op.outputs[0])),
                        ACT_RELU, self.t(op.outputs[0]), op)

    def op_RELU6(self, op):
        x = self.val(op.inputs[0], op)
        return self.act(self.requant(x, self.t(op.inputs[0]), self.t(op.outputs[0])),
                        ACT_RELU6, self.t(op.outputs[0]), op)

    def op_PAD(self, op):
        x_t = self.t(op.inputs[0])
        x = self.val(op.inputs[0], op)
        pads = self.const_data(op.inputs[1], op, "paddings").reshape(-1, 2)
        value = 0 if is_float(x.dtype) else self.qparams(x_t)[1]
        if len(op.inputs) > 2 and op.inputs[2] >= 0:  # PADV2
            cv = self.const_data(op.inputs[2], op, "constant value").reshape(-1)[0]
            value = cv
        y = self.e.pad(x, [tuple(int(p) for p in r) for r in pads], value)
        return self.requant(y, x_t, self.t(op.outputs[0]))

    op_PADV2 = op_PAD

    def op_TRANSPOSE(self, op):
        perm = self.const_data(op.inputs[1], op, "perm").reshape(-1)
        return self.e.transpose(self.val(op.inputs[0], op), perm)

    def op_MEAN(self, op):
        x_t, out_t = self.t(op.inputs[0]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        axes = [int(a) % x.rank for a in self.const_data(op.inputs[1], op, "axes").reshape(-1)]
        count = int(np.prod([x.shape[a] for a in axes]))
        if is_float(x.dtype):
            y = self.e.mean(x, axes)
        else:
            si, zi = self.qparams(x_t)
            so, zo = self.qparams(out_t)
            y = self.e.rescale(x, 1.0, zi, 0, "i32")
            for a in sorted(axes):
                y = self.e.reduce_sum(y, a)
            y = self.e.rescale(y, si / (so * count), 0, zo, x.dtype)
        return self.e.reshape(y, out_t.shape)

    def op_CONCATENATION(self, op):
        o = op.options
        axis = o.scalar(0, "i", 0) if o else 0
        act = o.scalar(1, "b", 0) if o else 0
        out_t = self.t(op.outputs[0])
        xs = [self.requant(self.val(i, op), self.t(i), out_t) for i in op.inputs]
        y = self.e.concat(xs, axis % xs[0].rank)
        return self.act(y, act, out_t, op)

    def op_RESIZE_NEAREST_NEIGHBOR(self, op):
        o = op.options
        align = bool(o.scalar(0, "b", 0)) if o else False
        half = bool(o.scalar(1, "b", 0)) if o else False
        x_t, out_t = self.t(op.inputs[0]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        size = self.const_data(op.inputs[1], op, "size").reshape(-1)
        # TFLite: floor of the source coordinate, but rounding with align_corners.
        y = self.e.resize(x, (int(size[0]), int(size[1])), "nearest", half, align,
                          tflite_nearest=True,
                          nearest_mode="round_prefer_ceil" if align else "floor")
        return self.requant(y, x_t, out_t)

    def op_RESIZE_BILINEAR(self, op):
        o = op.options
        align = bool(o.scalar(2, "b", 0)) if o else False
        half = bool(o.scalar(3, "b", 0)) if o else False
        x_t, out_t = self.t(op.inputs[0]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        size = self.const_data(op.inputs[1], op, "size").reshape(-1)
        if is_float(x.dtype):
            return self.e.resize(x, (int(size[0]), int(size[1])), "bilinear", half, align)
        f = self.e.resize(self._dequant(x, x_t), (int(size[0]), int(size[1])), "bilinear",
                          half, align)
        return self._quant(f, out_t)


    # ------------------------------------------------- activations and math
    def _via_float(self, op, fn):
        """Float op, or int8 as dequantize -> f32 -> quantize (tiny tensors in
        practice; within one step of TFLite's fixed-point kernels)."""
        x_t, out_t = self.t(op.inputs[0]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        if is_float(x.dtype):
            return fn(x)
        if x.dtype not in ("i8", "ui8", "i16"):
            raise UnsupportedOp(FMT, op.op, self.node(op), f"type {x.dtype}")
        return self._quant(fn(self._dequant(x, x_t)), out_t)

    def _hard_swish(self, x):
        e = self.e
        r6 = e.clamp(e.add(x, e.scalar_const(3.0, x)), 0.0, 6.0)
        return e.mul(x, e.mul(r6, e.scalar_const(1.0 / 6.0, x)))

    def op_HARD_SWISH(self, op):
        return self._via_float(op, self._hard_swish)

    def op_RSQRT(self, op):
        return self._via_float(op, self.e.rsqrt)

    def op_SQRT(self, op):
        return self._via_float(op, lambda x: self.e.reciprocal(self.e.rsqrt(x)))

    def op_EXP(self, op):
        return self._via_float(op, self.e.exp)

    def op_LOG(self, op):
        return self._via_float(op, self.e.log)

    def op_ELU(self, op):
        e = self.e

        def elu(x):
            neg = e.sub(e.exp(e.minimum(x, e.scalar_const(0.0, x))), e.scalar_const(1.0, x))
            return e.add(e.relu(x), neg)
        return self._via_float(op, elu)

    def op_ABS(self, op):
        return self._via_float(op, self.e.abs)

    def op_NEG(self, op):
        return self._via_float(op, self.e.negate)

    def op_SQUARE(self, op):
        return self._via_float(op, lambda x: self.e.mul(x, x))

    def op_RELU_N1_TO_1(self, op):
        x = self.val(op.inputs[0], op)
        return self.act(self.requant(x, self.t(op.inputs[0]), self.t(op.outputs[0])),
                        ACT_RELU_N1_TO_1, self.t(op.outputs[0]), op)

    def _pos_neg_select(self, x, x_t, pos, neg):
        """pos where x >= its zero point (0 for float), else neg."""
        zp = 0 if is_float(x.dtype) else self.qparams(x_t)[1]
        c = self.e.compare("greater_equal", x, self.e.scalar_const(zp, x))
        return self.e.select(c, pos, neg)

    def op_LEAKY_RELU(self, op):
        alpha = op.options.scalar(0, "f", 0.0) if op.options else 0.0
        x_t, out_t = self.t(op.inputs[0]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        e = self.e
        if is_float(x.dtype):
            return self._pos_neg_select(x, x_t, x, e.mul(x, e.scalar_const(alpha, x)))
        if x.dtype != "i8":
            raise UnsupportedOp(FMT, op.op, self.node(op), f"type {x.dtype}")
        if alpha < 0:
            raise UnsupportedOp(FMT, op.op, self.node(op), "negative alpha on int8")
        # TFLite reference: zo + (x - zi) * (s_in/s_out) or (x - zi) * (alpha s_in/s_out).
        si, zi = self.qparams(x_t)
        so, zo = self.qparams(out_t)
        pos = e.rescale(x, si / so, zi, zo, "i8")
        neg = e.rescale(x, alpha * si / so, zi, zo, "i8")
        return self._pos_neg_select(x, x_t, pos, neg)

    def op_PRELU(self, op):
        x_t, a_t, out_t = self.t(op.inputs[0]), self.t(op.inputs[1]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        al = self.val(op.inputs[1], op)
        e = self.e
        if is_float(x.dtype):
            return e.add(e.relu(x), e.mul(al, e.minimum(x, e.scalar_const(0.0, x))))
        if x.dtype != "i8" or al.dtype != "i8":
            raise UnsupportedOp(FMT, op.op, self.node(op), f"types {x.dtype}, {al.dtype}")
        if a_t.scale is not None and len(a_t.scale) > 1:
            raise UnsupportedOp(FMT, op.op, self.node(op), "per-channel quantized alpha")
        # TFLite reference: x >= zi: (x - zi) * s_in/s_out + zo;
        # else (x - zi) * (alpha - za) * s_in s_a / s_out + zo.
        si, zi = self.qparams(x_t)
        sa, za = self.qparams(a_t)
        so, zo = self.qparams(out_t)
        pos = e.rescale(x, si / so, zi, zo, "i8")
        x32 = e.rescale(x, 1.0, zi, 0, "i32")
        a32 = e.rescale(al, 1.0, za, 0, "i32")
        neg = e.rescale(e.mul(x32, a32), si * sa / so, 0, zo, "i8")
        return self._pos_neg_select(x, x_t, pos, neg)

    def _minmax(self, op, fn):
        out_t = self.t(op.outputs[0])
        a = self.requant(self.val(op.inputs[0], op), self.t(op.inputs[0]), out_t)
        b = self.requant(self.val(op.inputs[1], op), self.t(op.inputs[1]), out_t)
        return fn(a, b)

    def op_MAXIMUM(self, op):
        return self._minmax(op, self.e.maximum)

    def op_MINIMUM(self, op):
        return self._minmax(op, self.e.minimum)

    def op_SQUARED_DIFFERENCE(self, op):
        a_t, b_t, out_t = self.t(op.inputs[0]), self.t(op.inputs[1]), self.t(op.outputs[0])
        a, b = self.val(op.inputs[0], op), self.val(op.inputs[1], op)
        e = self.e
        if is_float(a.dtype):
            d = e.sub(a, b)
            return e.mul(d, d)
        if a.dtype != "i8":
            raise UnsupportedOp(FMT, op.op, self.node(op), f"type {a.dtype}")
        # TFLite reference: left shift 7, both inputs to twice the larger scale,
        # subtract, square in i32, rescale by twice_max^2 / (2^14 s_out).
        sa, za = self.qparams(a_t)
        sb, zb = self.qparams(b_t)
        so, zo = self.qparams(out_t)
        shift = 1 << 7
        twice_max = 2.0 * max(sa, sb)
        a32 = e.rescale(a, sa / twice_max * shift, za, 0, "i32")
        b32 = e.rescale(b, sb / twice_max * shift, zb, 0, "i32")
        d = e.sub(a32, b32)
        return e.rescale(e.mul(d, d), twice_max * twice_max / (so * shift * shift), 0, zo, "i8")

    def op_DIV(self, op):
        act = op.options.scalar(0, "b", 0) if op.options else 0
        a, b = self.val(op.inputs[0], op), self.val(op.inputs[1], op)
        if not is_float(a.dtype):
            raise UnsupportedOp(FMT, op.op, self.node(op), f"type {a.dtype} (float only)")
        return self.act(self.e.div(a, b), act, self.t(op.outputs[0]), op)

    # ------------------------------------------------------------ reductions
    def op_SUM(self, op):
        x_t, out_t = self.t(op.inputs[0]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        axes = sorted(int(a) % x.rank for a in self.const_data(op.inputs[1], op, "axes").reshape(-1))
        if is_float(x.dtype):
            y = x
            for a in axes:
                y = self.e.reduce_sum(y, a)
        else:
            si, zi = self.qparams(x_t)
            so, zo = self.qparams(out_t)
            y = self.e.rescale(x, 1.0, zi, 0, "i32")
            for a in axes:
                y = self.e.reduce_sum(y, a)
            y = self.e.rescale(y, si / so, 0, zo, x.dtype)
        return self.e.reshape(y, out_t.shape)

    def _reduce_extreme(self, op, kind):
        x_t, out_t = self.t(op.inputs[0]), self.t(op.outputs[0])
        x = self.val(op.inputs[0], op)
        axes = sorted(int(a) % x.rank for a in self.const_data(op.inputs[1], op, "axes").reshape(-1))
        y = x
        for a in axes:
            y = self.e.reduce(kind, y, a)
        return self.e.reshape(self.requant(y, x_t, out_t), out_t.shape)

    def op_REDUCE_MAX(self, op):
        return self._reduce_extreme(op, "reduce_max")

    def op_REDUCE_MIN(self, op):
        return self._reduce_extreme(op, "reduce_min")

    # --------------------------------------------------------- data movement
    def _same_q(self, op, y, i=0, o=0):
        return self.requant(y, self.t(op.inputs[i]), self.t(op.outputs[o]))

    def _split_at(self, op, x, axis, sizes):
        outs, start = [], 0
        for k, sz in enumerate(sizes):
            st = [0] * x.rank
            st[axis] = start
            size = list(x.shape)
            size[axis] = sz
            y = self.e.slice(x, st, size)
            outs.append(self.requant(y, self.t(op.inputs[0 if op.op == "SPLIT_V" else 1]),
                                     self.t(op.outputs[k])))
            start += sz
        return outs

    def op_SPLIT(self, op):
        x = self.val(op.inputs[1], op)
        axis = int(self.const_data(op.inputs[0], op, "axis").reshape(-1)[0]) % x.rank
        n = len(op.outputs)
        if x.shape[axis] % n:
            raise ImportError_(f"axis {axis} of {x.shape} does not split into {n}")
        return self._split_at(op, x, axis, [x.shape[axis] // n] * n)

    def op_SPLIT_V(self, op):
        x = self.val(op.inputs[0], op)
        sizes = [int(v) for v in self.const_data(op.inputs[1], op, "size_splits").reshape(-1)]
        axis = int(self.const_data(op.inputs[2], op, "axis").reshape(-1)[0]) % x.rank
        if -1 in sizes:
            sizes[sizes.index(-1)] = x.shape[axis] - (sum(sizes) + 1)
        return self._split_at(op, x, axis, sizes)

    def op_SLICE(self, op):
        x = self.val(op.inputs[0], op)
        begin = [int(v) for v in self.const_data(op.inputs[1], op, "begin").reshape(-1)]
        size = [int(v) for v in self.const_data(op.inputs[2], op, "size").reshape(-1)]
        size = [x.shape[i] - begin[i] if s == -1 else s for i, s in enumerate(size)]
        return self._same_q(op, self.e.slice(x, begin, size))

    def op_STRIDED_SLICE(self, op):
        o = op.options
        bmask, emask = (o.scalar(0, "i", 0), o.scalar(1, "i", 0)) if o else (0, 0)
        ellipsis, newax = (o.scalar(2, "i", 0), o.scalar(3, "i", 0)) if o else (0, 0)
        shrink = o.scalar(4, "i", 0) if o else 0
        offset = bool(o.scalar(5, "b", 0)) if o else False
        if ellipsis or newax or offset:
            raise UnsupportedOp(FMT, op.op, self.node(op),
                                "ellipsis_mask/new_axis_mask/offset are not supported")
        x = self.val(op.inputs[0], op)
        begin = [int(v) for v in self.const_data(op.inputs[1], op, "begin").reshape(-1)]
        end = [int(v) for v in self.const_data(op.inputs[2], op, "end").reshape(-1)]
        strides = [int(v) for v in self.const_data(op.inputs[3], op, "strides").reshape(-1)]
        r = x.rank
        n = len(begin)
        begin += [0] * (r - n)
        end += [0] * (r - n)
        strides += [1] * (r - n)
        bs, es = [], []
        for ax in range(r):
            d, s = x.shape[ax], strides[ax]
            if s == 0:
                raise ImportError_("stride 0")
            full = ax >= n
            # Python slice semantics (TensorFlow's): clamp to the valid range.
            b = None if (bmask >> ax) & 1 or full else begin[ax]
            e_ = None if (emask >> ax) & 1 or full else end[ax]
            if (shrink >> ax) & 1 and not full:
                b = begin[ax] % d
                e_, s = b + 1, 1
            b, e_, s = slice(b, e_, s).indices(d)
            bs.append(b)
            es.append(e_)
            strides[ax] = s
        y = self.e.strided_slice(x, bs, es, strides)
        return self._same_q(op, y)

    def op_PACK(self, op):
        o = op.options
        axis = o.scalar(1, "i", 0) if o else 0
        out_t = self.t(op.outputs[0])
        xs = [self.requant(self.val(i, op), self.t(i), out_t) for i in op.inputs]
        r = xs[0].rank + 1
        axis %= r
        xs = [self.e.reshape(x, x.shape[:axis] + (1,) + x.shape[axis:]) for x in xs]
        return self.e.concat(xs, axis)

    def op_UNPACK(self, op):
        o = op.options
        axis = o.scalar(1, "i", 0) if o else 0
        x = self.val(op.inputs[0], op)
        axis %= x.rank
        outs = []
        for k in range(x.shape[axis]):
            st = [0] * x.rank
            st[axis] = k
            size = list(x.shape)
            size[axis] = 1
            y = self.e.slice(x, st, size)
            y = self.e.reshape(y, x.shape[:axis] + x.shape[axis + 1:])
            outs.append(self.requant(y, self.t(op.inputs[0]), self.t(op.outputs[k])))
        return outs

    def op_DEPTH_TO_SPACE(self, op):
        b = op.options.scalar(0, "i", 1)
        x = self.val(op.inputs[0], op)
        n, h, w, c = x.shape
        y = self.e.reshape(x, (n, h, w, b, b, c // (b * b)))
        y = self.e.transpose(y, [0, 1, 3, 2, 4, 5])
        return self._same_q(op, self.e.reshape(y, (n, h * b, w * b, c // (b * b))))

    def op_SPACE_TO_DEPTH(self, op):
        b = op.options.scalar(0, "i", 1)
        x = self.val(op.inputs[0], op)
        n, h, w, c = x.shape
        y = self.e.reshape(x, (n, h // b, b, w // b, b, c))
        y = self.e.transpose(y, [0, 1, 3, 2, 4, 5])
        return self._same_q(op, self.e.reshape(y, (n, h // b, w // b, b * b * c)))

    def op_GATHER(self, op):
        o = op.options
        axis = o.scalar(0, "i", 0) if o else 0
        batch_dims = o.scalar(1, "i", 0) if o else 0
        if batch_dims:
            raise UnsupportedOp(FMT, op.op, self.node(op), "batch_dims != 0")
        x = self.val(op.inputs[0], op)
        axis %= x.rank
        idx_t = self.t(op.inputs[1])
        k = x.shape[axis]
        outer = int(np.prod(x.shape[:axis]))
        inner = int(np.prod(x.shape[axis + 1:]))
        e = self.e
        if idx_t.data is not None:
            return self._same_q(op, e.take(x, idx_t.data, axis))
        # Dynamic indices (e.g. an embedding lookup); out-of-range indices are
        # the model's error, as in TFLite.
        iv = self.val(op.inputs[1], op)
        if iv.dtype != "i32":
            iv = e.cast(iv, "i32")
        w = iv.size
        iv = e.tile(e.reshape(iv, (1, w)), (outer, 1))
        y = e.gather(e.reshape(x, (outer, k, inner)), iv)
        shape = x.shape[:axis] + tuple(idx_t.shape) + x.shape[axis + 1:]
        return self._same_q(op, e.reshape(y, shape))

    def op_BATCH_MATMUL(self, op):
        o = op.options
        adj_x, adj_y = (bool(o.scalar(0, "b", 0)), bool(o.scalar(1, "b", 0))) if o else (False, False)
        a_t, b_t, out_t = self.t(op.inputs[0]), self.t(op.inputs[1]), self.t(op.outputs[0])
        a, b = self.val(op.inputs[0], op), self.val(op.inputs[1], op)
        e = self.e
        if a.rank < 2 or b.rank < 2:
            raise ImportError_("BATCH_MATMUL operands need rank >= 2")

        def last2(v, adj):
            if not adj:
                return v
            perm = list(range(v.rank))
            perm[-2], perm[-1] = perm[-1], perm[-2]
            return e.transpose(v, perm)
        a, b = last2(a, adj_x), last2(b, adj_y)
        if is_float(a.dtype):
            return e.batch_matmul(a, b)
        if a.dtype != "i8" or b.dtype != "i8":
            raise UnsupportedOp(FMT, op.op, self.node(op), f"types {a.dtype}, {b.dtype}")
        sa, za = self.qparams(a_t)
        sb, zb = self.qparams(b_t)
        so, zo = self.qparams(out_t)
        return e.rescale(e.batch_matmul(a, b, za, zb), sa * sb / so, 0, zo, "i8")
