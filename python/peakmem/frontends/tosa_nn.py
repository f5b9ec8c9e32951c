# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""TOSA convolutions (plain, depthwise, grouped via linalg, transposed),
matmuls and pooling: a mixin of Emitter (tosa_emitter.py)."""

from .tosa_values import ImportError_, V, is_float


class NNOps:
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
        return self._conv("conv2d", x, w, b, w.shape[1:3], w.shape[0], stride, dilation,
                          pad, in_zp, w_zp, acc)

    def depthwise_conv2d(self, x, w, b, stride=(1, 1), dilation=(1, 1), pad=(0, 0, 0, 0),
                         in_zp=0, w_zp=0, acc=None):
        """x: NHWC, w: HWCM, b: [C*M]."""
        return self._conv("depthwise_conv2d", x, w, b, w.shape[0:2], w.shape[2] * w.shape[3],
                          stride, dilation, pad, in_zp, w_zp, acc)

    def _conv(self, op, x, w, b, kernel, channels, stride, dilation, pad, in_zp, w_zp, acc):
        """tosa.conv2d / tosa.depthwise_conv2d with `channels` output channels."""
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
        return self._op(op, [x, w, b, izp, wzp], (x.shape[0], oh, ow, channels), out_dtype, attrs)

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
