# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""ONNX ops with weights or windows: convolutions, batch normalization, Gemm,
MatMul, pooling, reductions, resize, depth/space rearrangements. A mixin of
OnnxImporter (onnx_frontend.py)."""

import numpy as np

from .onnx_common import _pattern
from .tosa_values import ImportError_, missing_weight


class NNOps:
    # ------------------------------------------------------------ conv & co
    def op_Conv(self, node, a):
        x = self.val(node.input[0])
        if x.rank != 4:
            raise self._unsupported(node, f"{x.rank - 2}-D convolution")
        w_name = node.input[1]
        if not self.is_weight(w_name):
            raise self._unsupported(node, "non-constant weights")
        o, ig, kh, kw = self.weight_shape(w_name)
        group = a.get("group", 1)
        strides = a.get("strides", [1, 1])
        dil = a.get("dilations", [1, 1])
        pads = a.get("pads", [0, 0, 0, 0])
        auto = a.get("auto_pad", b"NOTSET")
        if isinstance(auto, bytes):
            auto = auto.decode()
        n, h, wd, cin = x.shape
        if auto in ("SAME_UPPER", "SAME_LOWER"):
            pads = []
            for i, k, s, d in ((h, kh, strides[0], dil[0]), (wd, kw, strides[1], dil[1])):
                out = (i + s - 1) // s
                tot = max((out - 1) * s + (k - 1) * d + 1 - i, 0)
                lo = tot // 2 if auto == "SAME_UPPER" else tot - tot // 2
                pads.append((lo, tot - lo))
            pad = [pads[0][0], pads[0][1], pads[1][0], pads[1][1]]
        elif auto in ("NOTSET", "VALID"):
            pad = [pads[0], pads[2], pads[1], pads[3]] if auto == "NOTSET" else [0, 0, 0, 0]
        else:
            raise self._unsupported(node, f"auto_pad {auto}")
        if ig * group != cin:
            raise ImportError_(f"weight {self.weight_shape(w_name)} does not match input channels {cin}")
        fan_in = ig * kh * kw
        b = self.bias(node.input[2] if len(node.input) > 2 else "", o)
        e = self.e
        if group == 1:
            w = self.weight(w_name, (o, kh, kw, cin), 1.0 / fan_in, lambda d: d.transpose(0, 2, 3, 1))
            y = e.conv2d(x, w, b, tuple(strides), tuple(dil), pad)
        elif group == cin and ig == 1:
            m = o // cin
            w = self.weight(w_name, (kh, kw, cin, m), 1.0 / fan_in,
                            lambda d: d.reshape(cin, m, kh, kw).transpose(2, 3, 0, 1))
            y = e.depthwise_conv2d(x, w, b, tuple(strides), tuple(dil), pad)
        else:
            fo = o // group
            w = self.weight(w_name, (group, fo, kh, kw, ig), 1.0 / fan_in,
                            lambda d: d.reshape(group, fo, ig, kh, kw).transpose(0, 1, 3, 4, 2))
            y = e.grouped_conv2d(x, w, b, group, tuple(strides), tuple(dil), pad)
        self.set(node, y)

    def op_ConvTranspose(self, node, a):
        x = self.val(node.input[0])
        if x.rank != 4:
            raise self._unsupported(node, f"{x.rank - 2}-D transposed convolution")
        w_name = node.input[1]
        if not self.is_weight(w_name):
            raise self._unsupported(node, "non-constant weights")
        cin, o, kh, kw = self.weight_shape(w_name)
        if a.get("group", 1) != 1:
            raise self._unsupported(node, "group != 1")
        if any(d != 1 for d in a.get("dilations", [1, 1])):
            raise self._unsupported(node, "dilations != 1")
        sh, sw = a.get("strides", [1, 1])
        opad = a.get("output_padding", [0, 0])
        auto = a.get("auto_pad", b"NOTSET")
        auto = auto.decode() if isinstance(auto, bytes) else auto
        n, h, wd, c = x.shape
        full = [(h - 1) * sh + kh + opad[0], (wd - 1) * sw + kw + opad[1]]
        if "output_shape" in a:
            out_hw = list(a["output_shape"])[-2:]
            tot = [f - oo for f, oo in zip(full, out_hw)]
            lo = [t // 2 if auto == "SAME_UPPER" else t - t // 2 for t in tot]
        elif auto in ("SAME_UPPER", "SAME_LOWER"):
            out_hw = [h * sh, wd * sw]
            tot = [f - oo for f, oo in zip(full, out_hw)]
            lo = [t // 2 if auto == "SAME_UPPER" else t - t // 2 for t in tot]
        else:
            p = a.get("pads", [0, 0, 0, 0]) if auto == "NOTSET" else [0, 0, 0, 0]
            lo = [p[0], p[1]]
            out_hw = [full[0] - p[0] - p[2], full[1] - p[1] - p[3]]
        if c != cin:
            raise ImportError_(f"weight {self.weight_shape(w_name)} does not match input channels {c}")
        # OHWI with the kernel flipped: [C_in, C_out, kh, kw] -> [C_out, kh, kw, C_in].
        w = self.weight(w_name, (o, kh, kw, cin), 1.0 / (kh * kw * cin),
                        lambda d: np.ascontiguousarray(d.transpose(1, 2, 3, 0)[:, ::-1, ::-1, :]),
                        tag="convT")
        b = self.bias(node.input[2] if len(node.input) > 2 else "", o)
        self.set(node, self.e.transpose_conv2d(x, w, b, (sh, sw), lo, out_hw))

    def op_DepthToSpace(self, node, a):
        x = self.val(node.input[0])
        bs = a["blocksize"]
        mode = a.get("mode", b"DCR")
        mode = mode.decode() if isinstance(mode, bytes) else mode
        n, h, w, c = x.shape
        e = self.e
        cc = c // (bs * bs)
        if mode == "DCR":
            y = e.transpose(e.reshape(x, (n, h, w, bs, bs, cc)), [0, 1, 3, 2, 4, 5])
        elif mode == "CRD":
            y = e.transpose(e.reshape(x, (n, h, w, cc, bs, bs)), [0, 1, 4, 2, 5, 3])
        else:
            raise self._unsupported(node, f"mode {mode}")
        self.set(node, e.reshape(y, (n, h * bs, w * bs, cc)))

    def op_SpaceToDepth(self, node, a):
        x = self.val(node.input[0])
        bs = a["blocksize"]
        n, h, w, c = x.shape
        e = self.e
        y = e.transpose(e.reshape(x, (n, h // bs, bs, w // bs, bs, c)), [0, 1, 3, 2, 4, 5])
        self.set(node, e.reshape(y, (n, h // bs, w // bs, bs * bs * c)))

    def op_BatchNormalization(self, node, a):
        x = self.val(node.input[0])
        eps = a.get("epsilon", 1e-5)
        c = x.shape[-1] if x.rank == 4 else x.shape[1]
        e = self.e
        shape = (1, 1, 1, c) if x.rank == 4 else (1, c) + (1,) * (x.rank - 2)
        names = node.input[1:5]
        datas = [self.weight_data(nm) for nm in names]
        if self.weights_mode == "args" and any(d is None for d in datas):
            gamma, beta, mean, var = [self.weight(nm, (c,), 0.0, tag="bn") for nm in names]
            scale = e.mul(gamma, e.rsqrt(e.add(var, e.const(np.array([eps]), "f32"))))
            shift = e.sub(beta, e.mul(mean, scale))
            scale, shift = e.reshape(scale, shape), e.reshape(shift, shape)
        else:
            if self.weights_mode == "real":
                missing = [nm for nm, d in zip(names, datas) if d is None]
                if missing:
                    raise missing_weight(self.root(missing[0]))
                gamma, beta, mean, var = [np.asarray(d, np.float64).reshape(c) for d in datas]
                sc = gamma / np.sqrt(var + eps)
                sh = beta - mean * sc
            else:  # Folded synthetic BN (splat mode): non-uniform per-channel.
                self.layer += 1
                sc = 1.0 + _pattern(c, 0.2, self.layer)
                sh = _pattern(c, 0.1, self.layer + 3)
            scale = e.const(sc.reshape(shape), "f32")
            shift = e.const(sh.reshape(shape), "f32")
        self.set(node, e.add(e.mul(x, scale), shift))

    def op_Gemm(self, node, a):
        x = self.val(node.input[0])
        if a.get("transA", 0):
            raise self._unsupported(node, "transA=1")
        if x.rank != 2:
            raise ImportError_(f"Gemm input rank {x.rank}")
        w_name = node.input[1]
        if not self.is_weight(w_name):
            raise self._unsupported(node, "non-constant B")
        ws = self.weight_shape(w_name)
        trans_b = a.get("transB", 0)
        o, k = (ws[0], ws[1]) if trans_b else (ws[1], ws[0])
        alpha, beta = a.get("alpha", 1.0), a.get("beta", 1.0)
        e = self.e
        w = self.weight(w_name, (o, 1, 1, k), 1.0 / k,
                        (lambda d: d.reshape(o, 1, 1, k)) if trans_b
                        else (lambda d: d.T.reshape(o, 1, 1, k)))
        b = self.bias(node.input[2] if len(node.input) > 2 else "", o)
        if beta != 1.0:
            b = e.mul(b, e.const(np.array([beta]), "f32"))
        n = x.shape[0]
        y = e.conv2d(e.reshape(x, (n, 1, 1, k)), w, b)
        if alpha != 1.0:
            y = e.mul(y, e.scalar_const(alpha, y))
        self.set(node, e.reshape(y, (n, o)))

    def op_MatMul(self, node, a):
        x = self.to_logical(self.val(node.input[0]))
        w_name = node.input[1]
        if not self.is_weight(w_name) or len(self.weight_shape(w_name)) != 2:
            # Batched: activation x activation, or a weight of rank > 2.
            if w_name in self.vals:
                b = self.to_logical(self.vals[w_name])
            elif self.is_weight(w_name):
                shape = self.weight_shape(w_name)
                b = self.weight(w_name, shape, 1.0 / shape[-2], lambda d: d)
            else:
                raise self._unsupported(node, f"operand '{w_name}' is not available")
            if x.rank < 2 or b.rank < 2:
                raise self._unsupported(node, "1-D operands")
            self.set(node, self.from_logical(self.e.batch_matmul(x, b)))
            return
        k, o = self.weight_shape(w_name)
        lead = x.shape[:-1]
        n = int(np.prod(lead))
        w = self.weight(w_name, (o, 1, 1, k), 1.0 / k, lambda d: d.T.reshape(o, 1, 1, k))
        y = self.e.conv2d(self.e.reshape(x, (n, 1, 1, k)), w, self.e.const(np.zeros(o), "f32", (o,)))
        self.set(node, self.from_logical(self.e.reshape(y, lead + (o,))))

    def _pool_pads(self, node, a, x, kernel):
        pads = a.get("pads", [0, 0, 0, 0])
        strides = a.get("strides", [1, 1])
        if a.get("ceil_mode", 0):
            # Extend the bottom/right padding so floor division gives ceil.
            pads = list(pads)
            for i, (dim, k, s) in enumerate(zip(x.shape[1:3], kernel, strides)):
                tot = dim + pads[i] + pads[i + 2] - k
                if tot % s:
                    pads[i + 2] += s - tot % s
        auto = a.get("auto_pad", b"NOTSET")
        if isinstance(auto, bytes):
            auto = auto.decode()
        if auto not in ("NOTSET", "VALID"):
            raise self._unsupported(node, f"auto_pad {auto}")
        return [pads[0], pads[2], pads[1], pads[3]], tuple(strides)

    def op_MaxPool(self, node, a):
        x = self.val(node.input[0])
        if len(node.output) > 1 and node.output[1]:
            raise self._unsupported(node, "Indices output")
        if any(d != 1 for d in a.get("dilations", [1, 1])):
            raise self._unsupported(node, "dilations")
        kernel = tuple(a["kernel_shape"])
        pad, strides = self._pool_pads(node, a, x, kernel)
        self.set(node, self.e.max_pool2d(x, kernel, strides, pad))

    def op_AveragePool(self, node, a):
        x = self.val(node.input[0])
        kernel = tuple(a["kernel_shape"])
        pad, strides = self._pool_pads(node, a, x, kernel)
        if a.get("count_include_pad", 0) and any(pad):
            x = self.e.pad(x, [(0, 0), (pad[0], pad[1]), (pad[2], pad[3]), (0, 0)])
            pad = [0, 0, 0, 0]
        self.set(node, self.e.avg_pool2d(x, kernel, strides, pad))

    def op_GlobalAveragePool(self, node, a):
        x = self.val(node.input[0])
        self.set(node, self.e.avg_pool2d(x, x.shape[1:3], (1, 1), [0, 0, 0, 0]))

    def op_GlobalMaxPool(self, node, a):
        x = self.val(node.input[0])
        self.set(node, self.e.max_pool2d(x, x.shape[1:3], (1, 1), [0, 0, 0, 0]))

    def op_ReduceMean(self, node, a):
        self._reduce(node, a, "mean")

    def op_ReduceSum(self, node, a):
        self._reduce(node, a, "sum")

    def op_ReduceMax(self, node, a):
        self._reduce(node, a, "max")

    def op_ReduceMin(self, node, a):
        self._reduce(node, a, "min")

    def _reduce(self, node, a, kind):
        x = self.val(node.input[0])
        axes = a.get("axes")
        if axes is None and len(node.input) > 1 and node.input[1]:
            axes = [int(v) for v in self.static[node.input[1]]]
        if axes is None:
            axes = list(range(x.rank))
        keep = a.get("keepdims", 1)
        r = x.rank
        paxes = sorted(self.phys_axis(ax, r) for ax in axes)
        e = self.e
        if kind == "mean":
            y = e.mean(x, paxes)
        else:
            y = x
            for ax in paxes:
                y = e.reduce({"sum": "reduce_sum", "max": "reduce_max",
                              "min": "reduce_min"}[kind], y, ax)
        if not keep:
            laxes = [ax % r for ax in axes]
            lshape = [d for i, d in enumerate(self.logical_shape(x)) if i not in laxes]
            if r == 4:
                y = self.to_logical(y)
                y = self.e.reshape(y, lshape)
            else:
                y = e.reshape(y, lshape)
        self.set(node, y)

    def op_Resize(self, node, a):
        x = self.val(node.input[0])
        if x.rank != 4:
            raise self._unsupported(node, "non 4-D resize")
        mode = a.get("mode", b"nearest")
        mode = mode.decode() if isinstance(mode, bytes) else mode
        ctm = a.get("coordinate_transformation_mode", b"half_pixel")
        ctm = ctm.decode() if isinstance(ctm, bytes) else ctm
        n, h, w, c = x.shape
        sizes = None
        if len(node.input) > 3 and node.input[3]:
            if node.input[3] not in self.static:
                raise self._unsupported(node, "dynamic sizes")
            sizes = [int(v) for v in self.static[node.input[3]]]
        elif len(node.input) > 2 and node.input[2]:
            if node.input[2] not in self.static:
                raise self._unsupported(node, "dynamic scales")
            sc = [float(v) for v in self.static[node.input[2]]]
            if sc:
                sizes = [int(np.floor(d * s)) for d, s in zip((n, c, h, w), sc)]
        if sizes is None:
            raise self._unsupported(node, "no sizes or scales")
        if sizes[0] != n or sizes[1] != c:
            raise self._unsupported(node, "resizing batch or channels")
        if mode == "linear":
            m = "bilinear"
        elif mode == "nearest":
            m = "nearest"
            nm = a.get("nearest_mode", b"round_prefer_floor")
            nm = nm.decode() if isinstance(nm, bytes) else nm
            if nm not in ("floor", "round_prefer_floor", "round_prefer_ceil", "ceil"):
                raise self._unsupported(node, f"nearest_mode {nm}")
        else:
            raise self._unsupported(node, f"mode {mode}")
        if ctm in ("half_pixel", "pytorch_half_pixel"):
            half, align = True, False
        elif ctm == "align_corners":
            half, align = False, True
        elif ctm == "asymmetric":
            half, align = False, False
        else:
            raise self._unsupported(node, f"coordinate_transformation_mode {ctm}")
        self.set(node, self.e.resize(x, (sizes[2], sizes[3]), m, half, align,
                                     nearest_mode=nm if m == "nearest" else "floor"))
