# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""ReDimNet (speaker embedding, arXiv 2407.18223) built directly with the TOSA emitter.

No torch: the graph follows the published architecture description (see
/work/shared/models/README.md and docs/Importers.md) at T = 200 frames.

Layout (NHWC): a 2-D map (B, c, f, T) is kept as (1, T, f, c); a 1-D map
(B, C*F, T) as (1, T, 1, C*F). With this layout "to1d" and "to2d" are free
reshapes, as they are free views in PyTorch; the (f, c) pair is flattened
f-major where PyTorch flattens c-major, i.e. the 1-D channel axis is a fixed
permutation of PyTorch's. With synthetic weights this changes no buffer size,
no lifetime and no op; it only relabels channels.

Structure emitted:
  stem: 3x3 conv 1->C, channels-first LayerNorm, to1d
  stage i (s, n, e, r):
    softmax-weighted sum of ALL earlier 1-D outputs, written the naive way
    (concat into a (1, i+1, T, C*F) stack, multiply, reduce over the stack axis);
    to2d; (s,1)/(s,1) conv c -> s*c*e; n 2-D blocks; if e != 1 the squeeze
    (grouped 3x3 conv c*e -> c with groups = c/group_divisor, BN, GELU, 1x1 conv);
    to1d; if r: TimeContextBlock1d (1x1 conv C*F -> C*F/r, LayerNorm,
    depthwise conv mixing over T (k=3) + GELU, one transformer layer with
    4-head self-attention over T and an MLP, 1x1 conv back, residual add).
  2-D blocks: convnext_like = grouped 3x3 conv (groups = c/group_divisor), BN,
    GELU, 1x1 conv, + skip; basic_resnet = grouped 3x3, 1x1, ReLU, BN,
    grouped 3x3, 1x1, BN, + shortcut, ReLU.
  head: weighted sum of all 1-D outputs (stem + every stage), attentive
    statistics pooling (context = [x, mean_T, std_T]; 1x1 conv 3D->128, tanh,
    1x1 conv 128->D, softmax over T; weighted mean and std), BN, Linear 2D->192.
BatchNorms are folded into a per-channel multiply-add; GELU is the tanh form.
Grouped convolutions with groups == channels are tosa.depthwise_conv2d, other
groupings are linalg.conv_2d_nhwgc_gfhwc (real grouped arithmetic).
"""

import math

import numpy as np

from .tosa_emitter import Emitter

CONFIGS = {
    # F, C, block, group_divisor, stages (s, n, e, r)
    "b0": dict(F=60, C=10, block="basic_resnet", gdiv=1,
               stages=[(1, 2, 1, 30), (2, 3, 2, 30), (1, 3, 3, 30), (2, 4, 2, 10), (1, 3, 1, 10)]),
    "b1": dict(F=72, C=12, block="convnext_like", gdiv=8,
               stages=[(1, 2, 1, None), (2, 3, 1, None), (3, 4, 1, 12), (2, 5, 1, 12), (2, 3, 1, 8)]),
    "b2": dict(F=72, C=16, block="convnext_like", gdiv=4,
               stages=[(1, 2, 1, 12), (2, 2, 1, 12), (1, 3, 1, 12), (2, 4, 1, 8), (1, 4, 1, 8),
                       (2, 4, 1, 4)]),
}

EMBED = 192
HEADS = 4


def _pattern(n, scale, offset):
    i = np.arange(n) + offset
    return ((((i * 7) % 11) - 5) / 5.0) * scale


class ParamNet:
    """Parameter helpers over one Emitter, counting parameters (ReDimNet and
    the architectures.py networks): weights scaled by 1/fan_in and
    per-channel vectors from a fixed pattern (arguments with --weights args)."""

    def __init__(self, weights="splat"):
        self.e = Emitter(weights=weights)
        self.weights = weights
        self.layer = 0
        self.params = 0

    def _next(self, prefix):
        self.layer += 1
        return f"{prefix}{self.layer}"

    def w(self, shape, fan_in, name):
        self.params += int(np.prod(shape))
        return self.e.weight(shape, "f32", self._next(name), 1.0 / fan_in)

    def vec(self, n, name, base=0.0, scale=0.1):
        """A per-channel parameter vector (bias, folded BN scale/shift)."""
        self.params += n
        nm = self._next(name)
        if self.weights == "args":
            return self.e.weight((n,), "f32", nm, 0.0)
        return self.e.const(base + _pattern(n, scale, self.layer), "f32", shape=(n,))


class ReDimNet(ParamNet):
    def __init__(self, variant, T=200, weights="splat"):
        super().__init__(weights)
        self.cfg = CONFIGS[variant]
        self.variant = variant
        self.T = T

    # -------------------------------------------------------------- layers
    def conv(self, x, cout, k=(1, 1), stride=(1, 1), pad=None, groups=1, bias=True, name="conv"):
        """x: (1, H, W, cin) NHWC; k = (kh, kw) in that layout."""
        e = self.e
        cin = x.shape[3]
        kh, kw = k
        if pad is None:
            pad = [(kh - 1) // 2, kh // 2, (kw - 1) // 2, kw // 2]
        b = self.vec(cout, name + ".b") if bias else e.const(np.zeros(cout), "f32", shape=(cout,))
        if groups == 1:
            wt = self.w((cout, kh, kw, cin), kh * kw * cin, name + ".w")
            return e.conv2d(x, wt, b, stride, (1, 1), pad)
        if groups == cin and cout % cin == 0:
            wt = self.w((kh, kw, cin, cout // cin), kh * kw, name + ".dw")
            return e.depthwise_conv2d(x, wt, b, stride, (1, 1), pad)
        cg, fo = cin // groups, cout // groups
        assert cg * groups == cin and fo * groups == cout, (cin, cout, groups)
        wt = self.w((groups, fo, kh, kw, cg), kh * kw * cg, name + ".gw")
        return e.grouped_conv2d(x, wt, b, groups, stride, (1, 1), pad)

    def affine(self, x, name="bn"):
        """Folded BatchNorm: per-channel x * scale + shift."""
        c = x.shape[-1]
        e = self.e
        sc = e.reshape(self.vec(c, name + ".scale", 1.0, 0.2), (1,) * (x.rank - 1) + (c,))
        sh = e.reshape(self.vec(c, name + ".shift", 0.0, 0.1), (1,) * (x.rank - 1) + (c,))
        return e.add(e.mul(x, sc), sh)

    def layernorm(self, x, eps=1e-6, name="ln"):
        """Normalisation over the channel (last) axis, with affine."""
        e = self.e
        ax = x.rank - 1
        mu = e.mean(x, [ax])
        d = e.sub(x, mu)
        var = e.mean(e.mul(d, d), [ax])
        y = e.mul(d, e.rsqrt(e.add(var, e.scalar_const(eps, var))))
        return self.affine(y, name)

    def gelu(self, x):
        return self.e.gelu_tanh(x)

    def relu(self, x):
        return self.e.relu(x)

    # -------------------------------------------------------------- blocks
    def block2d(self, x):
        e = self.e
        c = x.shape[3]
        groups = c // self.cfg["gdiv"]
        if self.cfg["block"] == "convnext_like":
            y = self.conv(x, c, (3, 3), groups=groups, name="cnx.dw")
            y = self.gelu(self.affine(y))
            y = self.conv(y, c, name="cnx.pw")
            return e.add(x, y)
        # basic_resnet
        y = self.conv(x, c, (3, 3), groups=groups, bias=False, name="res.g1")
        y = self.conv(y, c, name="res.p1")
        y = self.affine(self.relu(y))
        y = self.conv(y, c, (3, 3), groups=groups, bias=False, name="res.g2")
        y = self.conv(y, c, name="res.p2")
        y = self.affine(y)
        return self.relu(e.add(y, x))

    def weighted_sum(self, outs):
        """Softmax(w over the stack axis)-weighted sum of 1-D maps (1,T,1,D),
        written as PyTorch's naive stack + multiply + sum."""
        e = self.e
        n = len(outs)
        T, D = outs[0].shape[1], outs[0].shape[3]
        stack = e.concat([e.reshape(o, (1, 1, T, D)) for o in outs], 1)
        self.params += n * D
        nm = self._next("wsum")
        if self.weights == "args":
            logits = e.weight((n, D), "f32", nm, 0.0)
            wts = e.softmax(logits, 0)
        else:
            lg = np.stack([_pattern(D, 0.5, self.layer + 5 * i) for i in range(n)])
            ex = np.exp(lg - lg.max(axis=0))
            wts = e.const(ex / ex.sum(axis=0), "f32")
        y = e.weighted_stack_sum(stack, wts)
        return e.reshape(y, (1, T, 1, D))

    def attention(self, x):
        """One transformer encoder layer over T on (1, T, 1, d): pre-LN MHA + MLP."""
        e = self.e
        T, d = x.shape[1], x.shape[3]
        h = HEADS
        dh = d // h
        y = self.layernorm(x, 1e-5, "att.ln1")

        def heads(v):  # (1,T,1,d) -> (h,T,dh)
            v = e.reshape(v, (1, T, h, dh))
            return e.reshape(e.transpose(v, [0, 2, 1, 3]), (h, T, dh))

        q = heads(self.conv(y, d, name="att.q"))
        k = self.conv(y, d, name="att.k")
        k = e.reshape(e.transpose(e.reshape(k, (1, T, h, dh)), [0, 2, 3, 1]), (h, dh, T))
        v = heads(self.conv(y, d, name="att.v"))
        s = e.matmul(q, k)
        s = e.mul(s, e.scalar_const(1.0 / math.sqrt(dh), s))
        a = e.softmax(s, 2)
        o = e.matmul(a, v)  # (h, T, dh)
        o = e.transpose(e.reshape(o, (1, h, T, dh)), [0, 2, 1, 3])
        o = self.conv(e.reshape(o, (1, T, 1, d)), d, name="att.o")
        x = e.add(x, o)
        y = self.layernorm(x, 1e-5, "att.ln2")
        y = self.conv(self.gelu(self.conv(y, d, name="mlp.1")), d, name="mlp.2")
        return e.add(x, y)

    def time_context(self, x, r):
        e = self.e
        D = x.shape[3]
        hc = D // r
        y = self.conv(x, hc, name="tcb.red")
        y = self.layernorm(y, 1e-6, "tcb.ln")
        # conv mixing over T: depthwise (3 x 1) conv + folded BN + GELU
        y = self.gelu(self.affine(self.conv(y, hc, (3, 1), groups=hc, name="tcb.dw")))
        y = self.attention(y)
        y = self.conv(y, D, name="tcb.exp")
        return e.add(x, y)

    def astp(self, x, bottleneck=128):
        """Attentive statistics pooling on (1, T, 1, D) -> (1, 1, 1, 2D)."""
        e = self.e
        T, D = x.shape[1], x.shape[3]
        eps = e.scalar_const(1e-4, x)
        mu = e.mean(x, [1])
        d = e.sub(x, mu)
        var = e.maximum(e.mean(e.mul(d, d), [1]), eps)
        sd = e.mul(var, e.rsqrt(var))
        tiles = e.shape_const([1, T, 1, 1])
        mu_t = e._op("tile", [mu, tiles], (1, T, 1, D), "f32",
                     operand_types=[mu.type, "!tosa.shape<4>"])
        sd_t = e._op("tile", [sd, tiles], (1, T, 1, D), "f32",
                     operand_types=[sd.type, "!tosa.shape<4>"])
        ctx = e.concat([x, mu_t, sd_t], 3)
        a = e.tanh(self.conv(ctx, bottleneck, name="astp.1"))
        a = self.conv(a, D, name="astp.2")
        a = e.softmax(a, 1)
        m = e.reduce_sum(e.mul(x, a), 1)
        v = e.sub(e.reduce_sum(e.mul(e.mul(x, x), a), 1), e.mul(m, m))
        v = e.maximum(v, e.scalar_const(1e-4, v))
        s = e.mul(v, e.rsqrt(v))
        return e.concat([m, s], 3)

    # -------------------------------------------------------------- network
    def build(self):
        e = self.e
        F, C, T = self.cfg["F"], self.cfg["C"], self.T
        x = e.arg((1, T, F, 1), "f32", "log_mel (1, T, F, 1) = PyTorch (1, 1, F, T)")
        # stem
        y = self.conv(x, C, (3, 3), name="stem")
        y = self.layernorm(y, 1e-6, "stem.ln")
        outs = [e.reshape(y, (1, T, 1, F * C))]
        c, f = C, F
        for (s, n, ex, r) in self.cfg["stages"]:
            inp = outs[0] if len(outs) == 1 else self.weighted_sum(outs)
            z = e.reshape(inp, (1, T, f, c))                       # to2d
            z = self.conv(z, s * c * ex, (1, s), (1, s), [0, 0, 0, 0], name="down")
            c, f = s * c, f // s
            for _ in range(n):
                z = self.block2d(z)
            if ex != 1:
                z = self.conv(z, c, (3, 3), groups=c // self.cfg["gdiv"], name="sq.g")
                z = self.gelu(self.affine(z))
                z = self.conv(z, c, name="sq.pw")
            z = e.reshape(z, (1, T, 1, f * c))                     # to1d
            if r:
                z = self.time_context(z, r)
            outs.append(z)
        z = self.weighted_sum(outs)
        p = self.astp(z)
        p = self.affine(p, "bn.out")
        emb = self.conv(p, EMBED, name="linear")
        emb = e.reshape(emb, (1, EMBED))
        comment = (f"ReDimNet {self.variant.upper()} (peakmem redimnet.py), T={T}, F={F}, C={C}, "
                   f"block={self.cfg['block']}, group_divisor={self.cfg['gdiv']}, "
                   f"stages={self.cfg['stages']}; parameters emitted: {self.params}; "
                   f"weights={self.weights}; input/outputs NHWC-style (1, T, F, 1) -> (1, 192)")
        return e.finish([emb], comment=comment)


def build(variant, T=200, weights="splat"):
    return ReDimNet(variant.lower(), T, weights).build()
