# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Shared TOSA 1.0 (LLVM/MLIR 22 syntax) text emitter used by every frontend.

The emitter builds one public `func.func @main` with static shapes. Layout is
NHWC for 4-D activations (TOSA's layout). Every method returns a `V` (an SSA
value with its static shape and element type). Grouped convolutions that are
not depthwise are emitted as `linalg.conv_2d_nhwgc_gfhwc` on tensors (real
grouped arithmetic; TOSA has no grouped convolution).

Weights are created through `weight()`, whose behaviour depends on the mode:
  splat  - a splat `tosa.const` (small IR); the caller provides the value.
  args   - a function argument (after the model inputs), annotated with
           `peakmem.weight = "<name>"` so an execution harness can fill it.
  real   - a dense `tosa.const` with the real data (TFLite only: ONNX files
           here carry no weights).
"""

import math

import numpy as np


class ImportError_(Exception):
    """A model cannot be imported (unsupported op, bad attribute...)."""


class UnsupportedOp(ImportError_):
    def __init__(self, fmt, op_type, node, detail=""):
        msg = f"unsupported {fmt} op '{op_type}' at node {node}"
        if detail:
            msg += f": {detail}"
        super().__init__(msg)
        self.op_type = op_type
        self.node = node
        self.detail = detail


NP_DTYPES = {"f32": np.float32, "f16": np.float16, "i8": np.int8, "ui8": np.uint8,
             "i16": np.int16, "i32": np.int32, "i64": np.int64, "i1": np.bool_}

BYTES = {"f32": 4, "f16": 2, "i8": 1, "ui8": 1, "i16": 2, "i32": 4, "i64": 8, "i1": 1}


def is_float(dtype):
    return dtype.startswith("f") or dtype == "bf16"


def ttype(shape, dtype):
    if len(shape) == 0:
        return f"tensor<{dtype}>"
    return "tensor<" + "x".join(str(int(d)) for d in shape) + f"x{dtype}>"


def fmt_float(x):
    x = float(np.float32(x))
    if math.isnan(x):
        return "0x7FC00000"
    if math.isinf(x):
        return "0x7F800000" if x > 0 else "0xFF800000"
    return format(x, ".9e")


def fmt_scalar(x, dtype):
    if is_float(dtype):
        return fmt_float(x)
    if dtype == "i1":
        return "true" if x else "false"
    return str(int(x))


def dense_literal(arr, dtype):
    """An MLIR dense literal (without the type) for a numpy array."""
    arr = np.asarray(arr)
    flat = arr.reshape(-1)
    if flat.size > 0 and np.all(flat == flat[0]):
        return f"dense<{fmt_scalar(flat[0], dtype)}>"
    if flat.size <= 64:
        body = ", ".join(fmt_scalar(v, dtype) for v in flat)
        if arr.ndim <= 1:
            return f"dense<[{body}]>"
        # Nested brackets for multi-dim literals.
        def nest(a):
            if a.ndim == 1:
                return "[" + ", ".join(fmt_scalar(v, dtype) for v in a) + "]"
            return "[" + ", ".join(nest(s) for s in a) + "]"
        return f"dense<{nest(arr)}>"
    if dtype == "i1":
        raw = np.asarray(flat, dtype=np.uint8).tobytes()
    else:
        raw = np.ascontiguousarray(flat.astype(NP_DTYPES[dtype])).astype(
            np.dtype(NP_DTYPES[dtype]).newbyteorder("<")).tobytes()
    return 'dense<"0x' + raw.hex().upper() + '">'


class V:
    __slots__ = ("name", "shape", "dtype")

    def __init__(self, name, shape, dtype):
        self.name = name
        self.shape = tuple(int(d) for d in shape)
        self.dtype = dtype

    @property
    def type(self):
        return ttype(self.shape, self.dtype)

    @property
    def rank(self):
        return len(self.shape)

    @property
    def size(self):
        return int(np.prod(self.shape)) if self.shape else 1

    def __repr__(self):
        return f"V({self.name}: {self.type})"


def quantize_multiplier(scale):
    """TFLite-style (multiplier Q31, shift) with scale ~= multiplier * 2^-shift."""
    if scale <= 0:
        return 0, 2
    m, e = math.frexp(scale)  # scale = m * 2^e, m in [0.5, 1)
    q = int(round(m * (1 << 31)))
    if q == (1 << 31):
        q //= 2
        e += 1
    shift = 31 - e
    if shift > 62:  # Too small: underflows to zero anyway.
        return 0, 2
    if shift < 2:  # TOSA requires shift in [2, 62]; clamp huge scales.
        q = (1 << 31) - 1
        shift = 2
    return q, shift


class Emitter:
    def __init__(self, weights="splat", func_name="main"):
        if weights not in ("splat", "args", "real"):
            raise ValueError(f"unknown weights mode {weights!r}")
        self.weights = weights
        self.func_name = func_name
        self.inputs = []          # (V, attr string)
        self.weight_args = []     # (V, name)
        self.body = []
        self.counter = 0
        self._const_cache = {}
        self._shape_cache = {}

    # ------------------------------------------------------------------ basics
    def fresh(self):
        self.counter += 1
        return f"%v{self.counter}"

    def emit(self, line):
        self.body.append("    " + line)

    def arg(self, shape, dtype, name=None):
        v = V(f"%arg{len(self.inputs)}", shape, dtype)
        self.inputs.append((v, name))
        return v

    def weight(self, shape, dtype, name, splat, data=None):
        """A weight tensor: splat constant, function argument or real data."""
        shape = tuple(int(d) for d in shape)
        if self.weights == "args":
            v = V(f"%w{len(self.weight_args)}", shape, dtype)
            self.weight_args.append((v, name))
            return v
        if self.weights == "real" and data is not None:
            arr = np.asarray(data).reshape(shape)
            return self._const_raw(arr, shape, dtype)
        return self.const(np.full(shape, splat), dtype, shape=shape)

    def const(self, value, dtype, shape=None):
        arr = np.asarray(value)
        if shape is None:
            shape = arr.shape
        shape = tuple(int(d) for d in shape)
        arr = np.broadcast_to(arr, shape)
        flat = arr.reshape(-1)
        if flat.size and np.all(flat == flat[0]) or flat.size <= 16:
            key = (shape, dtype, dense_literal(arr, dtype))
            if key in self._const_cache:
                return self._const_cache[key]
            v = self._const_raw(arr, shape, dtype)
            self._const_cache[key] = v
            return v
        return self._const_raw(arr, shape, dtype)

    def _const_raw(self, arr, shape, dtype):
        v = V(self.fresh(), shape, dtype)
        lit = dense_literal(np.asarray(arr).reshape(shape), dtype)
        self.emit(f'{v.name} = "tosa.const"() <{{values = {lit} : {v.type}}}> : () -> {v.type}')
        return v

    def scalar1(self, x, dtype):
        """A tensor<1xdtype> constant (zero points, shifts, pad constants)."""
        return self.const(np.array([x]), dtype, shape=(1,))

    def shape_const(self, values):
        values = [int(x) for x in values]
        key = tuple(values)
        if key in self._shape_cache:
            return self._shape_cache[key]
        name = self.fresh()
        n = len(values)
        body = ", ".join(str(x) for x in values)
        self.emit(f"{name} = tosa.const_shape {{values = dense<[{body}]> : tensor<{n}xindex>}} "
                  f": () -> !tosa.shape<{n}>")
        self._shape_cache[key] = name
        return name

    def _op(self, op, operands, shape, dtype, attrs="", operand_types=None):
        v = V(self.fresh(), shape, dtype)
        names = ", ".join(o if isinstance(o, str) else o.name for o in operands)
        types = operand_types or [o.type for o in operands]
        attr = f" {{{attrs}}}" if attrs else ""
        if len(types) == 1 and not operand_types:
            sig = f"({types[0]}) -> {v.type}"
        else:
            sig = f"({', '.join(types)}) -> {v.type}"
        self.emit(f"{v.name} = tosa.{op} {names}{attr} : {sig}")
        return v

    # -------------------------------------------------------------- elementwise
    @staticmethod
    def _bshape(a, b):
        if a.rank != b.rank:
            raise ImportError_(f"rank mismatch in broadcast {a} {b}")
        out = []
        for x, y in zip(a.shape, b.shape):
            if x != y and x != 1 and y != 1:
                raise ImportError_(f"shapes do not broadcast: {a} {b}")
            out.append(max(x, y))
        return tuple(out)

    def match_rank(self, a, b):
        """Reshapes the lower-rank operand (numpy trailing alignment)."""
        if a.rank < b.rank:
            a = self.reshape(a, (1,) * (b.rank - a.rank) + a.shape)
        elif b.rank < a.rank:
            b = self.reshape(b, (1,) * (a.rank - b.rank) + b.shape)
        return a, b

    def binary(self, op, a, b, out_dtype=None):
        a, b = self.match_rank(a, b)
        return self._op(op, [a, b], self._bshape(a, b), out_dtype or a.dtype)

    def add(self, a, b):
        return self.binary("add", a, b)

    def sub(self, a, b):
        return self.binary("sub", a, b)

    def maximum(self, a, b):
        return self.binary("maximum", a, b)

    def minimum(self, a, b):
        return self.binary("minimum", a, b)

    def pow(self, a, b):
        return self.binary("pow", a, b)

    def mul(self, a, b, shift=0):
        a, b = self.match_rank(a, b)
        s = self.scalar1(shift, "i8")
        return self._op("mul", [a, b, s], self._bshape(a, b), a.dtype)

    def div(self, a, b):
        return self.mul(a, self.reciprocal(b))

    def compare(self, op, a, b):
        """greater / greater_equal / equal -> i1."""
        a, b = self.match_rank(a, b)
        return self._op(op, [a, b], self._bshape(a, b), "i1")

    def select(self, c, a, b):
        c, a = self.match_rank(c, a)
        a, b = self.match_rank(a, b)
        c, b = self.match_rank(c, b)
        shape = self._bshape(self._bv(c, a), b)
        return self._op("select", [c, a, b], shape, a.dtype)

    @staticmethod
    def _bv(a, b):
        return V("%_", Emitter._bshape(a, b), a.dtype)

    def unary(self, op, x):
        return self._op(op, [x], x.shape, x.dtype)

    def sigmoid(self, x):
        return self.unary("sigmoid", x)

    def tanh(self, x):
        return self.unary("tanh", x)

    def exp(self, x):
        return self.unary("exp", x)

    def log(self, x):
        return self.unary("log", x)

    def erf(self, x):
        return self.unary("erf", x)

    def reciprocal(self, x):
        return self.unary("reciprocal", x)

    def rsqrt(self, x):
        return self.unary("rsqrt", x)

    def abs(self, x):
        return self.unary("abs", x)

    def negate(self, x):
        zp = self.scalar1(0, x.dtype)
        return self._op("negate", [x, zp, zp], x.shape, x.dtype)

    def clamp(self, x, lo, hi):
        if is_float(x.dtype):
            attrs = f"max_val = {fmt_float(hi)} : {x.dtype}, min_val = {fmt_float(lo)} : {x.dtype}"
        else:
            attrs = f"max_val = {int(hi)} : {x.dtype}, min_val = {int(lo)} : {x.dtype}"
        return self._op("clamp", [x], x.shape, x.dtype, attrs)

    def relu(self, x):
        return self.clamp(x, 0.0, 3.4028234663852886e38)

    def cast(self, x, dtype):
        return self._op("cast", [x], x.shape, dtype)

    def scalar_const(self, x, like):
        """A rank-matching [1,..,1] constant for broadcasting against `like`."""
        return self.const(np.array(x).reshape((1,) * like.rank), like.dtype)

    # gelu, hardsigmoid etc. built from primitives
    def gelu_tanh(self, x):
        # 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3)))
        x3 = self.mul(self.mul(x, x), x)
        inner = self.add(x, self.mul(x3, self.scalar_const(0.044715, x)))
        t = self.tanh(self.mul(inner, self.scalar_const(math.sqrt(2.0 / math.pi), x)))
        return self.mul(self.mul(x, self.add(t, self.scalar_const(1.0, x))),
                        self.scalar_const(0.5, x))

    def gelu_erf(self, x):
        e = self.erf(self.mul(x, self.scalar_const(1.0 / math.sqrt(2.0), x)))
        return self.mul(self.mul(x, self.add(e, self.scalar_const(1.0, x))),
                        self.scalar_const(0.5, x))

    def hardsigmoid(self, x, alpha=1.0 / 6.0, beta=0.5):
        y = self.add(self.mul(x, self.scalar_const(alpha, x)), self.scalar_const(beta, x))
        return self.clamp(y, 0.0, 1.0)

    # --------------------------------------------------------------- reductions
    def reduce(self, op, x, axis):
        shape = list(x.shape)
        shape[axis] = 1
        return self._op(op, [x], shape, x.dtype, f"axis = {axis} : i32")

    def reduce_sum(self, x, axis):
        return self.reduce("reduce_sum", x, axis)

    def reduce_max(self, x, axis):
        return self.reduce("reduce_max", x, axis)

    def mean(self, x, axes, keepdims=True):
        n = 1
        for a in sorted(axes):
            n *= x.shape[a]
            x = self.reduce_sum(x, a)
        y = self.mul(x, self.scalar_const(1.0 / n, x))
        if not keepdims:
            y = self.reshape(y, [d for i, d in enumerate(y.shape) if i not in axes])
        return y

    def softmax(self, x, axis):
        m = self.reduce_max(x, axis)
        e = self.exp(self.sub(x, m))
        s = self.reduce_sum(e, axis)
        return self.mul(e, self.reciprocal(s))

    def log_softmax(self, x, axis):
        m = self.reduce_max(x, axis)
        d = self.sub(x, m)
        s = self.reduce_sum(self.exp(d), axis)
        return self.sub(d, self.log(s))

    # ------------------------------------------------------------- data movement
    def reshape(self, x, shape):
        shape = tuple(int(d) for d in shape)
        if shape == x.shape:
            return x
        if int(np.prod(shape)) != x.size:
            raise ImportError_(f"bad reshape {x} -> {shape}")
        s = self.shape_const(shape)
        return self._op("reshape", [x, s], shape, x.dtype,
                        operand_types=[x.type, f"!tosa.shape<{len(shape)}>"])

    def transpose(self, x, perm):
        perm = [int(p) for p in perm]
        if perm == list(range(x.rank)):
            return x
        shape = [x.shape[p] for p in perm]
        return self._op("transpose", [x], shape, x.dtype,
                        "perms = array<i32: " + ", ".join(map(str, perm)) + ">")

    def pad(self, x, pads, value=0):
        """pads: [(lo, hi)] per dim."""
        if all(lo == 0 and hi == 0 for lo, hi in pads):
            return x
        flat = [int(p) for lh in pads for p in lh]
        s = self.shape_const(flat)
        c = self.scalar1(value, x.dtype)
        shape = [d + lo + hi for d, (lo, hi) in zip(x.shape, pads)]
        return self._op("pad", [x, s, c], shape, x.dtype,
                        operand_types=[x.type, f"!tosa.shape<{len(flat)}>", c.type])

    def slice(self, x, start, size):
        start = [int(s) for s in start]
        size = [int(s) for s in size]
        if start == [0] * x.rank and tuple(size) == x.shape:
            return x
        a = self.shape_const(start)
        b = self.shape_const(size)
        return self._op("slice", [x, a, b], size, x.dtype,
                        operand_types=[x.type, f"!tosa.shape<{x.rank}>", f"!tosa.shape<{x.rank}>"])

    def reverse(self, x, axis):
        if x.shape[axis] == 1:
            return x
        return self._op("reverse", [x], x.shape, x.dtype, f"axis = {int(axis)} : i32")

    def tile(self, x, multiples):
        multiples = [int(m) for m in multiples]
        if all(m == 1 for m in multiples):
            return x
        s = self.shape_const(multiples)
        shape = [d * m for d, m in zip(x.shape, multiples)]
        return self._op("tile", [x, s], shape, x.dtype,
                        operand_types=[x.type, f"!tosa.shape<{len(multiples)}>"])

    def gather(self, values, indices):
        """tosa.gather: values [N,K,C], indices [N,W] (i32) -> [N,W,C]."""
        n, _, c = values.shape
        return self._op("gather", [values, indices], (n, indices.shape[1], c), values.dtype)

    def take(self, x, indices, axis):
        """numpy.take with constant in-range indices (any shape) along `axis`,
        as one tosa.gather on an [outer, K, inner] view."""
        idx = np.asarray(indices, np.int64)
        k = x.shape[axis]
        if np.any(idx < 0) or np.any(idx >= k):
            raise ImportError_(f"gather index out of range [0, {k})")
        outer = int(np.prod(x.shape[:axis]))
        inner = int(np.prod(x.shape[axis + 1:]))
        w = max(idx.size, 1)
        iv = self.const(np.broadcast_to(idx.reshape(1, w), (outer, w)).astype(np.int32), "i32")
        y = self.gather(self.reshape(x, (outer, k, inner)), iv)
        return self.reshape(y, x.shape[:axis] + tuple(idx.shape) + x.shape[axis + 1:])

    def batch_matmul(self, a, b, a_zp=0, b_zp=0):
        """numpy matmul of rank >= 2 operands with broadcast batch dimensions
        (broadcast operands are tiled: tosa.matmul needs equal batches).
        Quantized operands give the i32 accumulator."""
        if a.rank < 2 or b.rank < 2:
            raise ImportError_("matmul operands need rank >= 2")
        ra, rb = a.rank - 2, b.rank - 2
        r = max(ra, rb)
        a = self.reshape(a, (1,) * (r - ra) + a.shape)
        b = self.reshape(b, (1,) * (r - rb) + b.shape)
        batch = []
        for da, db in zip(a.shape[:r], b.shape[:r]):
            if da != db and da != 1 and db != 1:
                raise ImportError_(f"batch dims do not broadcast: {a.shape} {b.shape}")
            batch.append(max(da, db))
        a = self.tile(a, [bd // da for bd, da in zip(batch, a.shape[:r])] + [1, 1])
        b = self.tile(b, [bd // db for bd, db in zip(batch, b.shape[:r])] + [1, 1])
        nb = int(np.prod(batch)) if batch else 1
        m, k = a.shape[-2:]
        k2, n = b.shape[-2:]
        if k != k2:
            raise ImportError_(f"inner dimensions differ: {a.shape} {b.shape}")
        y = self.matmul(self.reshape(a, (nb, m, k)), self.reshape(b, (nb, k, n)), a_zp, b_zp)
        return self.reshape(y, tuple(batch) + (m, n))

    def strided_slice(self, x, begin, end, strides):
        """Positive or negative strides; begin/end already normalized to
        in-range python-slice semantics (end exclusive, may be -1 for reverse)."""
        for ax in range(x.rank):
            b, e_, s = int(begin[ax]), int(end[ax]), int(strides[ax])
            if s < 0:
                # Reverse the axis and map the slice onto the reversed order.
                d = x.shape[ax]
                x = self.reverse(x, ax)
                b, e_, s = d - 1 - b, d - 1 - e_, -s
            n = max(0, -(-(e_ - b) // s))
            if n == 0:
                raise ImportError_("empty strided slice")
            start = [0] * x.rank
            size = list(x.shape)
            start[ax] = b
            span = min(n * s, x.shape[ax] - b)
            size[ax] = span
            x = self.slice(x, start, size)
            if s > 1:
                if span < n * s:
                    pads = [(0, 0)] * x.rank
                    pads[ax] = (0, n * s - span)
                    x = self.pad(x, pads)
                shp = list(x.shape)
                x = self.reshape(x, shp[:ax] + [n, s] + shp[ax + 1:])
                x = self.slice(x, [0] * (x.rank), shp[:ax] + [n, 1] + shp[ax + 1:])
                x = self.reshape(x, shp[:ax] + [n] + shp[ax + 1:])
        return x

    def concat(self, xs, axis):
        if len(xs) == 1:
            return xs[0]
        shape = list(xs[0].shape)
        shape[axis] = sum(x.shape[axis] for x in xs)
        return self._op("concat", xs, shape, xs[0].dtype, f"axis = {axis} : i32")

    def resize(self, x, out_hw, mode, half_pixel=True, align_corners=False, tflite_nearest=False,
               nearest_mode="floor"):
        """NHWC resize to out_hw. mode: 'bilinear' or 'nearest'.
        Source coordinates: half_pixel (ONNX/TF2 bilinear): (y + 0.5) in/out -
        0.5; align_corners: y (in-1)/(out-1); else (asymmetric) y in/out.
        `tflite_nearest`: TFLite's RESIZE_NEAREST_NEIGHBOR, whose half-pixel
        source is (y + 0.5) in/out. nearest_mode (ONNX's names): floor,
        round_prefer_floor, round_prefer_ceil, ceil. TOSA's NEAREST_NEIGHBOR
        rounds half up (round_prefer_ceil); the others shift the offset by
        -1/2 pixel (floor), -1 unit (round_prefer_floor) or +1/2 - 1 unit (ceil)
        in TOSA's fixed-point source coordinate (units of 1/scale_n)."""
        n, ih, iw, c = x.shape
        scale, offset, border = [], [], []
        for i, o in ((ih, out_hw[0]), (iw, out_hw[1])):
            if align_corners and o > 1 and i > 1:
                sn, sd, off = 2 * (o - 1), 2 * (i - 1), 0
            else:
                sn, sd = 2 * o, 2 * i
                off = (i - o) if half_pixel else 0
                if tflite_nearest and half_pixel:
                    off = i
            g = math.gcd(math.gcd(sn, sd), abs(off)) if off else math.gcd(sn, sd)
            sn, sd, off = sn // g, sd // g, off // g
            if mode == "nearest" and nearest_mode != "round_prefer_ceil":
                if sn % 2:
                    sn, sd, off = sn * 2, sd * 2, off * 2
                off += {"floor": -(sn // 2), "round_prefer_floor": -1,
                        "ceil": sn // 2 - 1}[nearest_mode]
            scale += [sn, sd]
            offset.append(off)
            border.append((o - 1) * sd - (i - 1) * sn + off)
        s = self.shape_const(scale)
        o_ = self.shape_const(offset)
        b = self.shape_const(border)
        m = "BILINEAR" if mode == "bilinear" else "NEAREST_NEIGHBOR"
        if mode == "bilinear" and not is_float(x.dtype):
            raise ImportError_("quantized bilinear resize is not supported")
        return self._op("resize", [x, s, o_, b], (n, out_hw[0], out_hw[1], c), x.dtype,
                        f"mode = {m}",
                        operand_types=[x.type, "!tosa.shape<4>", "!tosa.shape<2>",
                                       "!tosa.shape<2>"])

    # --------------------------------------------------------------- quantized
    def rescale(self, x, scale, in_zp, out_zp, out_dtype, per_channel=False):
        """x*scale (per channel: scale is an array over the last dim)."""
        if per_channel:
            pairs = [quantize_multiplier(float(s)) for s in np.asarray(scale).reshape(-1)]
            if len(set(pairs)) == 1:
                per_channel = False
                pairs = pairs[:1]
        else:
            pairs = [quantize_multiplier(float(scale))]
        mult = self.const(np.array([p[0] for p in pairs]), "i32", shape=(len(pairs),))
        shift = self.const(np.array([p[1] for p in pairs]), "i8", shape=(len(pairs),))
        izp = self.scalar1(in_zp, x.dtype)
        ozp = self.scalar1(out_zp, out_dtype)
        attrs = ("input_unsigned = false, output_unsigned = false, per_channel = "
                 + ("true" if per_channel else "false")
                 + ", rounding_mode = DOUBLE_ROUND, scale32 = true")
        return self._op("rescale", [x, mult, shift, izp, ozp], x.shape, out_dtype, attrs)

    # ------------------------------------------------------------ convolutions
    @staticmethod
    def _out_dim(i, k, s, d, lo, hi):
        return (i + lo + hi - (k - 1) * d - 1) // s + 1

    def _fix_stride_pad(self, x, kernel, stride, dilation, pad):
        """Slices rows/cols never read so TOSA's exact-division rule holds."""
        pad = list(pad)
        for ax, (k, s, d) in enumerate(zip(kernel, stride, dilation)):
            i = x.shape[1 + ax]
            lo, hi = pad[2 * ax], pad[2 * ax + 1]
            rem = (i - 1 + lo + hi - (k - 1) * d) % s
            if rem:
                cut = min(rem, hi)
                pad[2 * ax + 1] = hi - cut
                rem -= cut
                if rem:
                    start = [0] * 4
                    size = list(x.shape)
                    size[1 + ax] -= rem
                    x = self.slice(x, start, size)
        return x, pad

    def conv2d(self, x, w, b, stride=(1, 1), dilation=(1, 1), pad=(0, 0, 0, 0),
               in_zp=0, w_zp=0, acc=None):
        """x: NHWC, w: OHWI, b: [O]. pad: [top, bottom, left, right]."""
        kernel = w.shape[1:3]
        x, pad = self._fix_stride_pad(x, kernel, stride, dilation, pad)
        oh = self._out_dim(x.shape[1], kernel[0], stride[0], dilation[0], pad[0], pad[1])
        ow = self._out_dim(x.shape[2], kernel[1], stride[1], dilation[1], pad[2], pad[3])
        acc = acc or ("f32" if is_float(x.dtype) else "i32")
        out_dtype = acc if not is_float(x.dtype) else x.dtype
        izp = self.scalar1(in_zp, x.dtype)
        wzp = self.scalar1(w_zp, w.dtype)
        attrs = (f"acc_type = {acc}, dilation = array<i64: {dilation[0]}, {dilation[1]}>, "
                 f"pad = array<i64: {', '.join(str(int(p)) for p in pad)}>, "
                 f"stride = array<i64: {stride[0]}, {stride[1]}>")
        return self._op("conv2d", [x, w, b, izp, wzp], (x.shape[0], oh, ow, w.shape[0]),
                        out_dtype, attrs)

    def depthwise_conv2d(self, x, w, b, stride=(1, 1), dilation=(1, 1), pad=(0, 0, 0, 0),
                         in_zp=0, w_zp=0, acc=None):
        """x: NHWC, w: HWCM, b: [C*M]."""
        kernel = w.shape[0:2]
        x, pad = self._fix_stride_pad(x, kernel, stride, dilation, pad)
        oh = self._out_dim(x.shape[1], kernel[0], stride[0], dilation[0], pad[0], pad[1])
        ow = self._out_dim(x.shape[2], kernel[1], stride[1], dilation[1], pad[2], pad[3])
        acc = acc or ("f32" if is_float(x.dtype) else "i32")
        out_dtype = acc if not is_float(x.dtype) else x.dtype
        izp = self.scalar1(in_zp, x.dtype)
        wzp = self.scalar1(w_zp, w.dtype)
        attrs = (f"acc_type = {acc}, dilation = array<i64: {dilation[0]}, {dilation[1]}>, "
                 f"pad = array<i64: {', '.join(str(int(p)) for p in pad)}>, "
                 f"stride = array<i64: {stride[0]}, {stride[1]}>")
        return self._op("depthwise_conv2d", [x, w, b, izp, wzp],
                        (x.shape[0], oh, ow, w.shape[2] * w.shape[3]), out_dtype, attrs)

    def grouped_conv2d(self, x, w, b, groups, stride=(1, 1), dilation=(1, 1),
                       pad=(0, 0, 0, 0)):
        """Real grouped convolution (float): x NHWC, w GFHWC [G, O/G, kh, kw, C/G],
        b [O]. Emits linalg.conv_2d_nhwgc_gfhwc on tensors; the NHWC<->NHWGC
        views are free reshapes."""
        if not is_float(x.dtype):
            raise ImportError_("quantized grouped convolution is not supported")
        g, fo, kh, kw, cg = w.shape
        if g != groups or cg * groups != x.shape[3]:
            raise ImportError_(f"grouped conv weight {w} does not match input {x}, groups={groups}")
        x, pad = self._fix_stride_pad(x, (kh, kw), stride, dilation, pad)
        x = self.pad(x, [(0, 0), (pad[0], pad[1]), (pad[2], pad[3]), (0, 0)])
        n, h, wd, c = x.shape
        oh = self._out_dim(h, kh, stride[0], dilation[0], 0, 0)
        ow = self._out_dim(wd, kw, stride[1], dilation[1], 0, 0)
        x5 = self.reshape(x, (n, h, wd, g, cg))
        out5 = V(self.fresh(), (n, oh, ow, g, fo), x.dtype)
        # Bias broadcast as the accumulator init (like TOSA's own conv lowering).
        b5 = self.reshape(b, (1, 1, 1, g, fo))
        empty = self.fresh()
        self.emit(f"{empty} = tensor.empty() : {out5.type}")
        init = self.fresh()
        self.emit(f"{init} = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> "
                  f"(0, 0, 0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], "
                  f"iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\", "
                  f"\"parallel\"]}} ins({b5.name} : {b5.type}) outs({empty} : {out5.type}) {{\n"
                  f"    ^bb0(%in: {x.dtype}, %out: {x.dtype}):\n"
                  f"      linalg.yield %in : {x.dtype}\n"
                  f"    }} -> {out5.type}")
        self.emit(f"{out5.name} = linalg.conv_2d_nhwgc_gfhwc {{dilations = dense<[{dilation[0]}, "
                  f"{dilation[1]}]> : tensor<2xi64>, strides = dense<[{stride[0]}, {stride[1]}]> : "
                  f"tensor<2xi64>}} ins({x5.name}, {w.name} : {x5.type}, {w.type}) "
                  f"outs({init} : {out5.type}) -> {out5.type}")
        return self.reshape(out5, (n, oh, ow, g * fo))

    def weighted_stack_sum(self, stack, w):
        """sum_i stack[0, i, t, d] * w[i, d] -> (1, T, D), as ONE linalg.generic
        (multiply fused into the reduction, as linalg-fuse-elementwise-ops
        would do; emitted directly so reshape propagation cannot split it)."""
        _, n, T, D = stack.shape
        assert w.shape == (n, D), (stack, w)
        out = V(self.fresh(), (1, T, D), stack.dtype)
        zero, empty, init = self.fresh(), self.fresh(), self.fresh()
        dt = stack.dtype
        self.emit(f"{zero} = arith.constant 0.000000e+00 : {dt}")
        self.emit(f"{empty} = tensor.empty() : {out.type}")
        self.emit(f"{init} = linalg.fill ins({zero} : {dt}) outs({empty} : {out.type}) -> {out.type}")
        self.emit(f"{out.name} = linalg.generic {{indexing_maps = ["
                  f"affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, "
                  f"affine_map<(d0, d1, d2, d3) -> (d1, d3)>, "
                  f"affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>], iterator_types = "
                  f"[\"parallel\", \"reduction\", \"parallel\", \"parallel\"]}} "
                  f"ins({stack.name}, {w.name} : {stack.type}, {w.type}) outs({init} : {out.type}) {{\n"
                  f"    ^bb0(%a: {dt}, %b: {dt}, %acc: {dt}):\n"
                  f"      %m = arith.mulf %a, %b : {dt}\n"
                  f"      %s = arith.addf %acc, %m : {dt}\n"
                  f"      linalg.yield %s : {dt}\n"
                  f"    }} -> {out.type}")
        return out

    def matmul(self, a, b, a_zp=0, b_zp=0):
        """3-D batched matmul [N,H,C] x [N,C,W] -> [N,H,W]."""
        out_dtype = a.dtype if is_float(a.dtype) else "i32"
        azp = self.scalar1(a_zp, a.dtype)
        bzp = self.scalar1(b_zp, b.dtype)
        return self._op("matmul", [a, b, azp, bzp], (a.shape[0], a.shape[1], b.shape[2]), out_dtype)

    def transpose_conv2d(self, x, w_flipped, b, stride, pad_tl, out_hw, in_zp=0):
        """Transposed convolution (TFLite TRANSPOSE_CONV / ONNX ConvTranspose),
        NHWC, as zero insertion + padding + a stride-1 `tosa.conv2d` with the
        spatially flipped OHWI kernel `w_flipped` (TOSA's transpose_conv2d has
        no lowering to linalg in this pipeline). out[y] = sum_i,k x[i] w[k]
        over i*stride + k - pad_top = y. Inserted and padded elements are the
        input zero point, so they contribute nothing to an int8 accumulation."""
        n, h, wd, c = x.shape
        kh, kw = w_flipped.shape[1:3]
        sh, sw = stride
        if sh > 1 or sw > 1:
            x6 = self.reshape(x, (n, h, 1, wd, 1, c))
            x6 = self.pad(x6, [(0, 0), (0, 0), (0, sh - 1), (0, 0), (0, sw - 1), (0, 0)], in_zp)
            x = self.reshape(x6, (n, h * sh, wd * sw, c))
        # Now rows 0..(h-1)*sh hold data and (sh-1) zero rows trail.
        pads, start, size = [], [0, 0, 0, 0], list(x.shape)
        for ax, (k, s_, i, o, p) in enumerate(((kh, sh, h, out_hw[0], pad_tl[0]),
                                               (kw, sw, wd, out_hw[1], pad_tl[1]))):
            lo = k - 1 - p
            hi = o + k - 1 - lo - i * s_  # relative to the zero-extended length i*s
            if lo < 0:
                start[1 + ax] = -lo
                size[1 + ax] -= -lo
                lo = 0
            if hi < 0:
                size[1 + ax] -= -hi
                hi = 0
            pads.append((lo, hi))
        x = self.slice(x, start, size)
        x = self.pad(x, [(0, 0), pads[0], pads[1], (0, 0)], in_zp)
        return self.conv2d(x, w_flipped, b, in_zp=in_zp)

    def avg_pool2d(self, x, kernel, stride, pad, in_zp=0, out_zp=0):
        x, pad = self._fix_stride_pad(x, kernel, stride, (1, 1), pad)
        oh = self._out_dim(x.shape[1], kernel[0], stride[0], 1, pad[0], pad[1])
        ow = self._out_dim(x.shape[2], kernel[1], stride[1], 1, pad[2], pad[3])
        acc = "f32" if is_float(x.dtype) else "i32"
        izp = self.scalar1(in_zp, x.dtype)
        ozp = self.scalar1(out_zp, x.dtype)
        attrs = (f"acc_type = {acc}, kernel = array<i64: {kernel[0]}, {kernel[1]}>, "
                 f"pad = array<i64: {', '.join(str(int(p)) for p in pad)}>, "
                 f"stride = array<i64: {stride[0]}, {stride[1]}>")
        return self._op("avg_pool2d", [x, izp, ozp], (x.shape[0], oh, ow, x.shape[3]), x.dtype, attrs)

    def max_pool2d(self, x, kernel, stride, pad):
        x, pad = self._fix_stride_pad(x, kernel, stride, (1, 1), pad)
        oh = self._out_dim(x.shape[1], kernel[0], stride[0], 1, pad[0], pad[1])
        ow = self._out_dim(x.shape[2], kernel[1], stride[1], 1, pad[2], pad[3])
        attrs = (f"kernel = array<i64: {kernel[0]}, {kernel[1]}>, "
                 f"pad = array<i64: {', '.join(str(int(p)) for p in pad)}>, "
                 f"stride = array<i64: {stride[0]}, {stride[1]}>")
        return self._op("max_pool2d", [x], (x.shape[0], oh, ow, x.shape[3]), x.dtype, attrs)

    # ------------------------------------------------------------------ module
    @staticmethod
    def _str(s):
        return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'

    def finish(self, outputs, comment=None):
        args = []
        for v, name in self.inputs:
            attr = f" {{peakmem.input = {self._str(name)}}}" if name else ""
            args.append(f"{v.name}: {v.type}{attr}")
        for v, name in self.weight_args:
            args.append(f"{v.name}: {v.type} {{peakmem.weight = {self._str(name)}}}")
        rets = ", ".join(o.type for o in outputs)
        lines = []
        if comment:
            lines += ["// " + c for c in comment.splitlines()]
        lines.append("module {")
        lines.append(f"  func.func @{self.func_name}({', '.join(args)}) -> ({rets}) {{")
        lines += self.body
        lines.append(f"    return {', '.join(o.name for o in outputs)} : {rets}")
        lines.append("  }")
        lines.append("}")
        return "\n".join(lines) + "\n"
