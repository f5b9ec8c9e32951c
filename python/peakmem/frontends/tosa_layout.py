# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""TOSA data movement (reshape, transpose, pad, slices, gathers, concat,
resize) and quantized rescale: a mixin of Emitter (tosa_emitter.py)."""

import math

import numpy as np

from .tosa_values import ImportError_, is_float, quantize_multiplier


class LayoutOps:
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
