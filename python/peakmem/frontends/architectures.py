# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Held-out architectures built directly with the TOSA emitter, as ReDimNet is.

They exist to test peakmem on graph shapes the imported corpus has few of
(issue 15): grouped-convolution residual networks, multi-branch blocks, long
skips, squeeze-and-excitation landmark heads. Sources:

  resnext50_32x4d  S. Xie, R. Girshick, P. Dollar, Z. Tu, K. He, "Aggregated
                   Residual Transformations for Deep Neural Networks", CVPR 2017
                   (arXiv 1611.05431), Table 1 (ResNeXt-50 32x4d): stem 7x7/2 +
                   max pool, bottleneck stages [3, 4, 6, 3] of widths 128..1024
                   with 32-group 3x3 convolutions, global pool, FC 1000.
  googlenet        C. Szegedy et al., "Going Deeper with Convolutions", CVPR
                   2015 (arXiv 1409.4842), Table 1: Inception-v1 modules 3a..5b
                   with four branches (1x1; 1x1 -> 3x3; 1x1 -> 5x5; 3x3 max
                   pool -> 1x1) concatenated on channels. No LRN and no
                   auxiliary classifiers (inference graph, as torchvision).
  unet             O. Ronneberger, P. Fischer, T. Brox, "U-Net: Convolutional
                   Networks for Biomedical Image Segmentation", MICCAI 2015
                   (arXiv 1505.04597): 4 down levels of two 3x3 conv + ReLU and
                   2x2 max pool, a bottleneck, 4 up levels of 2x2 up-convolution
                   (stride 2), concatenation with the encoder's map of the same
                   level (the long skips) and two 3x3 convs, final 1x1 conv.
                   "Same" padding (the popular variant), base width 64 as the
                   paper, at 128x128 input (execution time) with 2 classes.
  face_landmark_mnv3  A. Howard et al., "Searching for MobileNetV3", ICCV 2019
                   (arXiv 1905.02244), Table 1 (MobileNetV3-Large: inverted
                   residuals, squeeze-and-excitation, hard-swish) as the
                   backbone of a MediaPipe-style face landmark regressor
                   (Y. Kartynnik et al., "Real-time Facial Surface Geometry from
                   Monocular Video on Mobile GPUs", arXiv 1907.06724: 192x192
                   input, 468 3-D landmarks and a face-presence score).
  hand_landmark_mnv3  MobileNetV3-Small (Howard et al., Table 2) as the backbone
                   of a MediaPipe-Hands-style regressor (F. Zhang et al.,
                   "MediaPipe Hands: On-device Real-time Hand Tracking", arXiv
                   2006.10214: 224x224 input, 21 3-D landmarks, hand presence
                   and handedness).

Inference graphs: BatchNorm is folded into the convolution bias (as exported
graphs have it). Weights are deterministic like ReDimNet's: splat `1/fan_in`
kernels (value-preserving) and small non-uniform per-channel biases, or
function arguments with `weights="args"`. Layout NHWC, float32, batch 1.
Grouped convolutions (not depthwise) are `linalg.conv_2d_nhwgc_gfhwc`
(emitter's `grouped_conv2d`); 2x2 stride-2 up-convolutions are emitted
exactly as what they compute: a 1x1 convolution to 4 C' channels followed by
a pixel shuffle (reshape, transpose, reshape), without the zero-inserted
input that the emitter's general `transpose_conv2d` would materialise.
"""

from .redimnet import ParamNet


def _divisible(v, d=8):
    """MobileNet's make_divisible: round to a multiple of d, not below 90%."""
    n = max(d, int(v + d / 2) // d * d)
    return n + d if n < 0.9 * v else n


class Net(ParamNet):
    """Layer helpers over one Emitter (ParamNet: parameters, counted)."""

    def bias(self, n, name, base=0.0, scale=0.05):
        """A per-channel vector (conv bias with the folded BatchNorm shift)."""
        return self.vec(n, name, base, scale)

    def conv(self, x, cout, k=1, stride=1, groups=1, act=None, name="conv"):
        """PyTorch-style conv (padding k//2 on both sides) + bias + activation."""
        e = self.e
        cin = x.shape[3]
        p = k // 2
        pad, st = [p, p, p, p], (stride, stride)
        b = self.bias(cout, name + ".b")
        if groups == 1:
            y = e.conv2d(x, self.w((cout, k, k, cin), k * k * cin, name + ".w"), b, st, (1, 1), pad)
        elif groups == cin and cout == cin:
            y = e.depthwise_conv2d(x, self.w((k, k, cin, 1), k * k, name + ".dw"), b, st, (1, 1), pad)
        else:
            cg, fo = cin // groups, cout // groups
            assert cg * groups == cin and fo * groups == cout, (cin, cout, groups)
            wt = self.w((groups, fo, k, k, cg), k * k * cg, name + ".gw")
            y = e.grouped_conv2d(x, wt, b, groups, st, (1, 1), pad)
        return self.act(y, act)

    def act(self, x, kind):
        e = self.e
        if kind is None:
            return x
        if kind == "relu":
            return e.relu(x)
        if kind == "relu6":
            return e.clamp(x, 0.0, 6.0)
        if kind == "hswish":  # x * relu6(x + 3) / 6
            return e.mul(x, e.hardsigmoid(x))
        if kind == "hsigmoid":
            return e.hardsigmoid(x)
        if kind == "sigmoid":
            return e.sigmoid(x)
        raise ValueError(kind)

    def maxpool(self, x, k=3, stride=2, pad=1):
        return self.e.max_pool2d(x, (k, k), (stride, stride), [pad] * 4)

    def gap(self, x):
        """Global average pool (1, H, W, C) -> (1, 1, 1, C)."""
        h, w = x.shape[1:3]
        return self.e.avg_pool2d(x, (h, w), (1, 1), [0, 0, 0, 0])

    def fc(self, x, n, act=None, name="fc"):
        """A Linear layer on (1, 1, 1, C) as a 1x1 convolution."""
        return self.conv(x, n, 1, act=act, name=name)

    def se(self, x, gate="hsigmoid", divisor=4):
        """Squeeze-and-excitation: pool, 1x1 reduce + ReLU, 1x1 expand + gate, scale."""
        c = x.shape[3]
        s = self.fc(self.gap(x), _divisible(c // divisor), act="relu", name="se.r")
        s = self.fc(s, c, act=gate, name="se.e")
        return self.e.mul(x, s)

    def upconv2x2(self, x, cout, name="up"):
        """ConvTranspose2d(k=2, s=2): a 1x1 conv to 4*cout, then pixel shuffle."""
        e = self.e
        _, h, w, _ = x.shape
        y = self.conv(x, 4 * cout, 1, name=name)
        y = e.reshape(y, (h, w, 2, 2 * cout))          # (i, j, dy, (dx, c))
        y = e.transpose(y, [0, 2, 1, 3])               # (i, dy, j, (dx, c))
        return e.reshape(y, (1, 2 * h, 2 * w, cout))

    def finish(self, outputs, comment):
        comment += f"; parameters emitted: {self.params}; weights={self.weights}"
        return self.e.finish(outputs, comment=comment)


# ------------------------------------------------------------------ ResNeXt
RESNEXT50 = dict(depths=(3, 4, 6, 3), groups=32, width=4, stem=64, classes=1000)


def resnext(hw=224, depths=RESNEXT50["depths"], groups=32, width=4, stem=64, classes=1000,
            weights="splat"):
    """ResNeXt (C = groups, d = width): bottleneck 1x1 -> grouped 3x3 -> 1x1."""
    n = Net(weights)
    e = n.e
    x = e.arg((1, hw, hw, 3), "f32", "image (1, H, W, 3)")
    y = n.maxpool(n.conv(x, stem, 7, 2, act="relu", name="stem"))
    cin = stem
    for i, depth in enumerate(depths):
        inner = groups * width * 2 ** i
        out = inner * 2
        for j in range(depth):
            stride = 2 if i > 0 and j == 0 else 1
            z = n.conv(y, inner, 1, act="relu", name="b.a")
            z = n.conv(z, inner, 3, stride, groups=groups, act="relu", name="b.g")
            z = n.conv(z, out, 1, name="b.c")
            sc = n.conv(y, out, 1, stride, name="b.down") if (stride != 1 or cin != out) else y
            y = e.relu(e.add(z, sc))
            cin = out
    logits = e.reshape(n.fc(n.gap(y), classes), (1, classes))
    return n.finish([logits], f"ResNeXt {list(depths)} {groups}x{width}d (peakmem architectures.py), "
                              f"input {hw}x{hw}x3 -> (1, {classes})")


# ---------------------------------------------------------------- GoogLeNet
# (1x1, 3x3 reduce, 3x3, 5x5 reduce, 5x5, pool proj), Szegedy et al., Table 1.
INCEPTION = {
    "3a": (64, 96, 128, 16, 32, 32), "3b": (128, 128, 192, 32, 96, 64),
    "4a": (192, 96, 208, 16, 48, 64), "4b": (160, 112, 224, 24, 64, 64),
    "4c": (128, 128, 256, 24, 64, 64), "4d": (112, 144, 288, 32, 64, 64),
    "4e": (256, 160, 320, 32, 128, 128), "5a": (256, 160, 320, 32, 128, 128),
    "5b": (384, 192, 384, 48, 128, 128),
}
GOOGLENET_STAGES = (("3a", "3b"), ("4a", "4b", "4c", "4d", "4e"), ("5a", "5b"))


def inception(n, x, cfg, scale=1.0):
    c1, r3, c3, r5, c5, pp = [max(4, int(c * scale)) for c in cfg]
    b1 = n.conv(x, c1, 1, act="relu", name="i.1x1")
    b2 = n.conv(n.conv(x, r3, 1, act="relu", name="i.3r"), c3, 3, act="relu", name="i.3x3")
    b3 = n.conv(n.conv(x, r5, 1, act="relu", name="i.5r"), c5, 5, act="relu", name="i.5x5")
    b4 = n.conv(n.maxpool(x, 3, 1, 1), pp, 1, act="relu", name="i.pool")
    return n.e.concat([b1, b2, b3, b4], 3)


def googlenet(hw=224, scale=1.0, stages=GOOGLENET_STAGES, classes=1000, weights="splat"):
    n = Net(weights)
    e = n.e
    x = e.arg((1, hw, hw, 3), "f32", "image (1, H, W, 3)")
    c = lambda v: max(4, int(v * scale))  # noqa: E731
    y = n.maxpool(n.conv(x, c(64), 7, 2, act="relu", name="conv1"))
    y = n.conv(n.conv(y, c(64), 1, act="relu", name="conv2r"), c(192), 3, act="relu", name="conv2")
    y = n.maxpool(y)
    for i, stage in enumerate(stages):
        for name in stage:
            y = inception(n, y, INCEPTION[name], scale)
        if i + 1 < len(stages):
            y = n.maxpool(y)
    logits = e.reshape(n.fc(n.gap(y), classes), (1, classes))
    return n.finish([logits], f"GoogLeNet / Inception-v1 (peakmem architectures.py), width x{scale}, "
                              f"modules {[m for s in stages for m in s]}, input {hw}x{hw}x3 -> "
                              f"(1, {classes})")


# -------------------------------------------------------------------- U-Net
def unet(hw=128, base=64, levels=4, in_ch=3, classes=2, weights="splat"):
    n = Net(weights)
    e = n.e
    x = e.arg((1, hw, hw, in_ch), "f32", "image (1, H, W, C)")

    def double(y, c):
        y = n.conv(y, c, 3, act="relu", name="u.c1")
        return n.conv(y, c, 3, act="relu", name="u.c2")

    skips = []
    y = x
    for i in range(levels):
        y = double(y, base * 2 ** i)
        skips.append(y)
        y = n.maxpool(y, 2, 2, 0)
    y = double(y, base * 2 ** levels)
    for i in reversed(range(levels)):
        c = base * 2 ** i
        y = n.upconv2x2(y, c)
        y = double(e.concat([skips[i], y], 3), c)
    y = n.conv(y, classes, 1, name="u.out")
    return n.finish([y], f"U-Net (peakmem architectures.py), {levels} levels, base width {base}, "
                         f"same padding, input {hw}x{hw}x{in_ch} -> (1, {hw}, {hw}, {classes})")


# --------------------------------------------------------------- MobileNetV3
# (kernel, expansion, out, SE, activation, stride): Howard et al., Tables 1 and 2.
MNV3_LARGE = [
    (3, 16, 16, 0, "relu", 1), (3, 64, 24, 0, "relu", 2), (3, 72, 24, 0, "relu", 1),
    (5, 72, 40, 1, "relu", 2), (5, 120, 40, 1, "relu", 1), (5, 120, 40, 1, "relu", 1),
    (3, 240, 80, 0, "hswish", 2), (3, 200, 80, 0, "hswish", 1), (3, 184, 80, 0, "hswish", 1),
    (3, 184, 80, 0, "hswish", 1), (3, 480, 112, 1, "hswish", 1), (3, 672, 112, 1, "hswish", 1),
    (5, 672, 160, 1, "hswish", 2), (5, 960, 160, 1, "hswish", 1), (5, 960, 160, 1, "hswish", 1),
]
MNV3_SMALL = [
    (3, 16, 16, 1, "relu", 2), (3, 72, 24, 0, "relu", 2), (3, 88, 24, 0, "relu", 1),
    (5, 96, 40, 1, "hswish", 2), (5, 240, 40, 1, "hswish", 1), (5, 240, 40, 1, "hswish", 1),
    (5, 120, 48, 1, "hswish", 1), (5, 144, 48, 1, "hswish", 1), (5, 288, 96, 1, "hswish", 2),
    (5, 576, 96, 1, "hswish", 1), (5, 576, 96, 1, "hswish", 1),
]


def mnv3_block(n, x, k, exp, out, se, act, stride):
    """Inverted residual: 1x1 expand, depthwise kxk, SE, 1x1 project, + skip."""
    cin = x.shape[3]
    y = n.conv(x, exp, 1, act=act, name="mb.exp") if exp != cin else x
    y = n.conv(y, exp, k, stride, groups=exp, act=act, name="mb.dw")
    if se:
        y = n.se(y)
    y = n.conv(y, out, 1, name="mb.proj")
    return n.e.add(x, y) if stride == 1 and cin == out else y


def mnv3_landmarks(hw, table, last, hidden, heads, width=1.0, weights="splat", title=""):
    """MobileNetV3 backbone + global pool + hidden FC + one regression/score FC per head.
    heads: [(name, size, activation)]."""
    n = Net(weights)
    e = n.e
    x = e.arg((1, hw, hw, 3), "f32", "image (1, H, W, 3)")
    y = n.conv(x, _divisible(16 * width), 3, 2, act="hswish", name="stem")
    for k, exp, out, se, act, s in table:
        y = mnv3_block(n, y, k, _divisible(exp * width), _divisible(out * width), se, act, s)
    y = n.conv(y, _divisible(last * width), 1, act="hswish", name="last")
    h = n.fc(n.gap(y), hidden, act="hswish", name="head")
    outs = [e.reshape(n.fc(h, size, act=act, name=name), (1, size)) for name, size, act in heads]
    return n.finish(outs, f"{title} (peakmem architectures.py), width x{width}, input {hw}x{hw}x3 -> "
                          + ", ".join(f"{nm} (1, {sz})" for nm, sz, _ in heads))


def face_landmark_mnv3(hw=192, width=1.0, table=MNV3_LARGE, weights="splat"):
    heads = [("landmarks", 468 * 3, None), ("face_flag", 1, "sigmoid")]
    return mnv3_landmarks(hw, table, 960, 1280, heads, width, weights,
                          "MediaPipe-style face landmarks on MobileNetV3-Large")


def hand_landmark_mnv3(hw=224, width=1.0, table=MNV3_SMALL, weights="splat"):
    heads = [("landmarks", 21 * 3, None), ("hand_flag", 1, "sigmoid"),
             ("handedness", 1, "sigmoid")]
    return mnv3_landmarks(hw, table, 576, 1024, heads, width, weights,
                          "MediaPipe-style hand landmarks on MobileNetV3-Small")


# ------------------------------------------------------------------ registry
# Corpus configurations (name -> builder, keyword arguments): the published
# sizes and input resolutions; U-Net's input (the paper tiles 572x572) is
# 128x128 so that one execution (naive loops at -O0) stays under two minutes.
MODELS = {
    "resnext50_32x4d": (resnext, dict(hw=224)),
    "googlenet": (googlenet, dict(hw=224)),
    "unet": (unet, dict(hw=128, base=64)),
    "face_landmark_mnv3": (face_landmark_mnv3, dict(hw=192)),
    "hand_landmark_mnv3": (hand_landmark_mnv3, dict(hw=224)),
}

# Tiny configurations of the same code paths, for fast tests.
TINY = {
    "resnext50_32x4d": dict(hw=32, depths=(1, 2), groups=4, width=2, stem=8, classes=10),
    "googlenet": dict(hw=32, scale=0.125, stages=(("3a",), ("4a",)), classes=10),
    "unet": dict(hw=16, base=4, levels=2),
    "face_landmark_mnv3": dict(hw=32, width=0.25, table=MNV3_LARGE[:5]),
    "hand_landmark_mnv3": dict(hw=32, width=0.25, table=MNV3_SMALL[:5]),
}

SOURCES = {
    "resnext50_32x4d": "ResNeXt-50 32x4d (arXiv 1611.05431)",
    "googlenet": "GoogLeNet / Inception-v1 (arXiv 1409.4842)",
    "unet": "U-Net (arXiv 1505.04597)",
    "face_landmark_mnv3": "MobileNetV3-Large (arXiv 1905.02244), MediaPipe face mesh head "
                          "(arXiv 1907.06724)",
    "hand_landmark_mnv3": "MobileNetV3-Small (arXiv 1905.02244), MediaPipe Hands head "
                          "(arXiv 2006.10214)",
}


def build(name, weights="splat", tiny=False):
    """TOSA text of one architecture by name (the corpus configuration, or the tiny one)."""
    fn, kw = MODELS[name]
    kw = dict(TINY[name] if tiny else kw)
    return fn(weights=weights, **kw)
