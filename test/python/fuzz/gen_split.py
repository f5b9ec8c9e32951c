# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Random tensor programs of the shapes peakmem-split handles (docs/Split.md,
docs/Testing.md "Split programs"): chains of convolutions, depthwise
convolutions, pools and elementwise ops in NHWC on linalg on tensors, with
explicit `tensor.pad`s (symmetric, "SAME" with stride 2, asymmetric),
strides, dilations, bias broadcasts, residual adds, payloads that read
`linalg.index`, f32 and int8 (i8 x i8 -> i32, requantized to i8). Weights
are dense constants of random values (a tile reading the wrong weights or
the wrong rows changes the bits). Refusal programs put an op the pass must
refuse at the peak (REFUSAL_KINDS).

Seeds come from the case index (SPLIT_BASE + i), never the clock.
"""

import dataclasses
import random
import struct
from typing import List, Optional, Tuple

SPLIT_BASE = 9_000_000
REFUSAL_KINDS = ("effects", "pad-position", "reduction", "reversed",
                 "negative-pad", "dynamic")
# The reason each refusal kind must give (a substring of peakmem.split's
# `reason`).
REFUSAL_REASONS = {
    "effects": "its payload has memory effects",
    "pad-position": "its padding value is computed per element",
    "reduction": "reduction loop",
    "reversed": "not a non-negative combination of loops",
    "negative-pad": "padding amounts are not constant and non-negative",
    "dynamic": "dynamic or unknown size",
}
PAR4 = ", ".join(['"parallel"'] * 4)
ID4 = "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>"
CH4 = "affine_map<(d0, d1, d2, d3) -> (d3)>"


@dataclasses.dataclass
class T:
    """A tensor value: SSA name, NHWC shape, element type."""
    name: str
    shape: Tuple[int, ...]
    elem: str

    @property
    def type(self) -> str:
        return "tensor<" + "x".join(map(str, self.shape)) + f"x{self.elem}>"


@dataclasses.dataclass
class SplitProgram:
    seed: int
    name: str
    text: str               # the module (one func.func)
    elem: str
    ops: List[str]          # the kinds of steps, in order
    refusal: Optional[str] = None   # a REFUSAL_KINDS entry, or None

    @property
    def reason(self) -> Optional[str]:
        return REFUSAL_REASONS[self.refusal] if self.refusal else None


class SplitGen:
    def __init__(self, seed: int):
        self.seed = seed
        self.rng = random.Random(seed)
        self.lines: List[str] = []
        self.n = 0
        self.consts = {}
        self.decls: List[str] = []
        self.kinds: List[str] = []

    def name(self, p="v") -> str:
        self.n += 1
        return f"%{p}{self.n}"

    def emit(self, line: str):
        self.lines.append("  " + line)

    def const(self, value: str, typ: str) -> str:
        key = (value, typ)
        if key not in self.consts:
            n = self.name("c")
            self.emit(f"{n} = arith.constant {value} : {typ}")
            self.consts[key] = n
        return self.consts[key]

    def dense(self, shape, elem) -> str:
        """A dense constant of random values (hex, exact bits)."""
        count = 1
        for d in shape:
            count *= d
        rng = self.rng
        if elem == "f32":
            data = b"".join(struct.pack("<f", rng.randint(-16, 16) / 8.0)
                            for _ in range(count))
        elif elem == "i8":
            data = bytes(rng.randint(-3, 3) & 0xFF for _ in range(count))
        else:
            data = b"".join(struct.pack("<i", rng.randint(-40, 40))
                            for _ in range(count))
        typ = "tensor<" + "x".join(map(str, shape)) + f"x{elem}>"
        n = self.name("w")
        self.emit(f'{n} = arith.constant dense<"0x{data.hex().upper()}"> : '
                  f"{typ}")
        return n

    def zero(self, elem) -> str:
        return self.const("0.000000e+00" if elem == "f32" else "0", elem)

    def pad(self, x: T, low, high, value: str) -> T:
        shape = (x.shape[0], x.shape[1] + low[0] + high[0],
                 x.shape[2] + low[1] + high[1], x.shape[3])
        out = T(self.name("p"), shape, x.elem)
        self.emit(f"{out.name} = tensor.pad {x.name} low[0, {low[0]}, "
                  f"{low[1]}, 0] high[0, {high[0]}, {high[1]}, 0] {{")
        self.lines.append("  ^bb0(%a: index, %b: index, %c: index, "
                          "%d: index):")
        self.emit(f"  tensor.yield {value} : {x.elem}")
        self.emit(f"}} : {x.type} to {out.type}")
        return out

    def padding(self, x: T, k: int, stride: int, dil: int):
        """(low, high) per spatial dim: "valid", symmetric, "SAME" (TFLite's:
        the extra row at the bottom), or random amounts below the window."""
        rng = self.rng
        eff = dil * (k - 1) + 1
        mode = rng.choice(["valid", "same", "same", "random"])
        low, high = [0, 0], [0, 0]
        for i in range(2):
            size = x.shape[1 + i]
            if mode == "same":
                out = -(-size // stride)
                tot = max(0, (out - 1) * stride + eff - size)
                low[i], high[i] = tot // 2, tot - tot // 2
            elif mode == "random":
                low[i], high[i] = rng.randint(0, eff - 1), \
                    rng.randint(0, eff - 1)
        return low, high

    def init(self, shape, acc: str, bias: bool) -> str:
        """tensor.empty, filled with zero or a bias broadcast along C."""
        e = self.name("e")
        typ = "tensor<" + "x".join(map(str, shape)) + f"x{acc}>"
        self.emit(f"{e} = tensor.empty() : {typ}")
        f = self.name("f")
        if bias:
            b = self.dense((shape[-1],), acc)
            btyp = f"tensor<{shape[-1]}x{acc}>"
            self.emit(f"{f} = linalg.generic {{indexing_maps = [{CH4}, "
                      f"{ID4}], iterator_types = [{PAR4}]}} ins({b} : "
                      f"{btyp}) outs({e} : {typ}) {{")
            self.lines.append(f"  ^bb0(%in: {acc}, %out: {acc}):")
            self.emit(f"  linalg.yield %in : {acc}")
            self.emit(f"}} -> {typ}")
        else:
            self.emit(f"{f} = linalg.fill ins({self.zero(acc)} : {acc}) "
                      f"outs({e} : {typ}) -> {typ}")
        return f

    def window(self, x: T, k, stride, dil, low, high):
        oh = (x.shape[1] + low[0] + high[0] - dil * (k - 1) - 1) // stride + 1
        ow = (x.shape[2] + low[1] + high[1] - dil * (k - 1) - 1) // stride + 1
        return oh, ow

    def spatial(self, x: T):
        """(k, stride, dilation, low, high, oh, ow) that fit `x`."""
        rng = self.rng
        for _ in range(20):
            k = rng.choice([1, 3, 3, 3, 5])
            stride = rng.choice([1, 1, 2])
            dil = rng.choice([1, 1, 2]) if k > 1 and stride == 1 else 1
            low, high = self.padding(x, k, stride, dil)
            oh, ow = self.window(x, k, stride, dil, low, high)
            if oh >= 2 and ow >= 2:
                return k, stride, dil, low, high, oh, ow
        return 1, 1, 1, [0, 0], [0, 0], x.shape[1], x.shape[2]

    def attrs(self, stride, dil) -> str:
        return (f"{{dilations = dense<{dil}> : tensor<2xi64>, strides = "
                f"dense<{stride}> : tensor<2xi64>}}")

    def requant(self, acc: T) -> T:
        """int8: i32 -> i8 by a shift, a clamp and a truncation (and
        sometimes + the row index: a tile must see its own offset)."""
        rng = self.rng
        out = T(self.name("q"), acc.shape, "i8")
        e = self.name("e")
        self.emit(f"{e} = tensor.empty() : {out.type}")
        sh = rng.randint(0, 3)
        self.emit(f"{out.name} = linalg.generic {{indexing_maps = [{ID4}, "
                  f"{ID4}], iterator_types = [{PAR4}]}} ins({acc.name} : "
                  f"{acc.type}) outs({e} : {out.type}) {{")
        body = ["^bb0(%in: i32, %out: i8):",
                f"  %sh = arith.constant {sh} : i32",
                "  %s = arith.shrsi %in, %sh : i32"]
        v = "%s"
        if rng.random() < 0.4:
            body += ["  %row = linalg.index 1 : index",
                     "  %r = arith.index_cast %row : index to i32",
                     "  %t = arith.addi %s, %r : i32"]
            v = "%t"
        body += ["  %lo = arith.constant -128 : i32",
                 "  %hi = arith.constant 127 : i32",
                 f"  %m = arith.maxsi {v}, %lo : i32",
                 "  %n = arith.minsi %m, %hi : i32",
                 "  %o = arith.trunci %n : i32 to i8",
                 "  linalg.yield %o : i8"]
        self.lines.extend("  " + b for b in body)
        self.emit(f"}} -> {out.type}")
        return out

    def conv(self, x: T) -> T:
        rng = self.rng
        k, stride, dil, low, high, oh, ow = self.spatial(x)
        cout = rng.choice([2, 4, 6, 8, 12, 16])
        zp = self.zero(x.elem) if x.elem == "f32" or rng.random() < 0.5 \
            else self.const("-128", "i8")
        p = self.pad(x, low, high, zp) if low + high != [0] * 4 else x
        acc = "f32" if x.elem == "f32" else "i32"
        form = rng.choice(["fhwc", "hwcf"])
        wshape = ((cout, k, k, x.shape[3]) if form == "fhwc" else
                  (k, k, x.shape[3], cout))
        w = self.dense(wshape, x.elem)
        init = self.init((1, oh, ow, cout), acc, rng.random() < 0.5)
        out = T(self.name("conv"), (1, oh, ow, cout), acc)
        wt = "tensor<" + "x".join(map(str, wshape)) + f"x{x.elem}>"
        self.emit(f"{out.name} = linalg.conv_2d_nhwc_{form} "
                  f"{self.attrs(stride, dil)} ins({p.name}, {w} : {p.type}, "
                  f"{wt}) outs({init} : {out.type}) -> {out.type}")
        self.kinds.append(f"conv{k}s{stride}d{dil}")
        return out if acc == "f32" else self.requant(out)

    def depthwise(self, x: T) -> T:
        rng = self.rng
        k, stride, dil, low, high, oh, ow = self.spatial(x)
        p = self.pad(x, low, high, self.zero(x.elem)) \
            if low + high != [0] * 4 else x
        acc = "f32" if x.elem == "f32" else "i32"
        c = x.shape[3]
        mult = rng.choice([1, 1, 2])
        if mult == 1 and rng.random() < 0.5:
            w = self.dense((k, k, c), x.elem)
            init = self.init((1, oh, ow, c), acc, rng.random() < 0.5)
            out = T(self.name("dw"), (1, oh, ow, c), acc)
            self.emit(f"{out.name} = linalg.depthwise_conv_2d_nhwc_hwc "
                      f"{self.attrs(stride, dil)} ins({p.name}, {w} : "
                      f"{p.type}, tensor<{k}x{k}x{c}x{x.elem}>) outs({init} : "
                      f"{out.type}) -> {out.type}")
        else:
            w = self.dense((k, k, c, mult), x.elem)
            e = self.name("e")
            t5 = f"tensor<1x{oh}x{ow}x{c}x{mult}x{acc}>"
            self.emit(f"{e} = tensor.empty() : {t5}")
            f = self.name("f")
            self.emit(f"{f} = linalg.fill ins({self.zero(acc)} : {acc}) "
                      f"outs({e} : {t5}) -> {t5}")
            d = self.name("dwm")
            self.emit(f"{d} = linalg.depthwise_conv_2d_nhwc_hwcm "
                      f"{self.attrs(stride, dil)} ins({p.name}, {w} : "
                      f"{p.type}, tensor<{k}x{k}x{c}x{mult}x{x.elem}>) "
                      f"outs({f} : {t5}) -> {t5}")
            out = T(self.name("dw"), (1, oh, ow, c * mult), acc)
            self.emit(f"{out.name} = tensor.collapse_shape {d} [[0], [1], "
                      f"[2], [3, 4]] : {t5} into {out.type}")
        self.kinds.append(f"dw{k}s{stride}d{dil}m{mult}")
        return out if acc == "f32" else self.requant(out)

    def pool(self, x: T) -> T:
        rng = self.rng
        k = rng.choice([2, 3])
        stride = rng.choice([1, 2])
        kind = "max" if x.elem == "i8" else rng.choice(["max", "sum"])
        low, high = self.padding(x, k, stride, 1)
        oh, ow = self.window(x, k, stride, 1, low, high)
        if oh < 2 or ow < 2:
            low, high, stride = [0, 0], [0, 0], 1
            oh, ow = self.window(x, k, stride, 1, low, high)
        if kind == "max":
            lowest = ("-3.40282347E+38" if x.elem == "f32" else "-128")
            pv = self.const(lowest, x.elem)
        else:
            pv = self.zero(x.elem)
        p = self.pad(x, low, high, pv) if low + high != [0] * 4 else x
        win = self.name("win")
        self.emit(f"{win} = tensor.empty() : tensor<{k}x{k}x{x.elem}>")
        e = self.name("e")
        out = T(self.name("pool"), (1, oh, ow, x.shape[3]), x.elem)
        self.emit(f"{e} = tensor.empty() : {out.type}")
        f = self.name("f")
        self.emit(f"{f} = linalg.fill ins({pv} : {x.elem}) outs({e} : "
                  f"{out.type}) -> {out.type}")
        self.emit(f"{out.name} = linalg.pooling_nhwc_{kind} "
                  f"{self.attrs(stride, 1)} ins({p.name}, {win} : {p.type}, "
                  f"tensor<{k}x{k}x{x.elem}>) outs({f} : {out.type}) -> "
                  f"{out.type}")
        self.kinds.append(f"{kind}pool{k}s{stride}")
        return out

    def elementwise(self, x: T, skip: Optional[T]) -> T:
        """relu6 / scale, sometimes + a residual (`skip`, same shape) or
        + the column index."""
        rng = self.rng
        out = T(self.name("ew"), x.shape, x.elem)
        e = self.name("e")
        self.emit(f"{e} = tensor.empty() : {out.type}")
        ins = [x] + ([skip] if skip else [])
        maps = ", ".join([ID4] * (len(ins) + 1))
        self.emit(f"{out.name} = linalg.generic {{indexing_maps = [{maps}], "
                  f"iterator_types = [{PAR4}]}} ins("
                  + ", ".join(v.name for v in ins) + " : "
                  + ", ".join(v.type for v in ins)
                  + f") outs({e} : {out.type}) {{")
        t = x.elem
        args = ", ".join(f"%i{j}: {t}" for j in range(len(ins)))
        body = [f"^bb0({args}, %out: {t}):"]
        v = "%i0"
        if skip:
            op = "arith.addf" if t == "f32" else "arith.addi"
            body.append(f"  %s = {op} %i0, %i1 : {t}")
            v = "%s"
        if t == "f32":
            if rng.random() < 0.3:
                body += ["  %col = linalg.index 2 : index",
                         "  %ci = arith.index_cast %col : index to i32",
                         "  %cf = arith.sitofp %ci : i32 to f32",
                         f"  %x = arith.addf {v}, %cf : f32"]
                v = "%x"
            body += ["  %z = arith.constant 0.000000e+00 : f32",
                     "  %six = arith.constant 6.000000e+00 : f32",
                     f"  %m = arith.maximumf {v}, %z : f32",
                     "  %n = arith.minimumf %m, %six : f32",
                     "  linalg.yield %n : f32"]
        else:
            body += ["  %lo = arith.constant -100 : i8",
                     f"  %m = arith.maxsi {v}, %lo : i8",
                     "  linalg.yield %m : i8"]
        self.lines.extend("  " + b for b in body)
        self.emit(f"}} -> {out.type}")
        self.kinds.append("add" if skip else "ew")
        return out

    def refused_op(self, x: T, kind: str) -> T:
        """The op a refusal program puts at its peak (on the largest
        tensor, same shape in and out): a payload calling an external
        function, a reduction along the rows, or a read reversed along W."""
        t = x.elem
        out = T(self.name("bad"), x.shape, t)
        e = self.name("e")
        imap = ID4
        if kind == "reversed":
            imap = (f"affine_map<(d0, d1, d2, d3) -> (d0, d1, "
                    f"{x.shape[2] - 1} - d2, d3)>")
        iters = PAR4
        if kind == "reduction":
            iters = '"parallel", "reduction", "parallel", "parallel"'
        self.emit(f"{e} = tensor.empty() : {out.type}")
        init = e
        if kind == "reduction":
            init = self.name("f")
            self.emit(f"{init} = linalg.fill ins({self.zero(t)} : {t}) "
                      f"outs({e} : {out.type}) -> {out.type}")
        self.emit(f"{out.name} = linalg.generic {{indexing_maps = [{imap}, "
                  f"{ID4}], iterator_types = [{iters}]}} ins({x.name} : "
                  f"{x.type}) outs({init} : {out.type}) {{")
        body = [f"^bb0(%in: {t}, %out: {t}):"]
        if kind == "effects":
            if not self.decls:
                self.decls.append(f"func.func private @fz_log({t}) -> {t}")
            body += [f"  %m = func.call @fz_log(%in) : ({t}) -> {t}",
                     f"  linalg.yield %m : {t}"]
        elif kind == "reduction":
            body += [f"  %m = arith.addf %in, %out : {t}",
                     f"  linalg.yield %m : {t}"]
        else:
            body += [f"  linalg.yield %in : {t}"]
        self.lines.extend("  " + b for b in body)
        self.emit(f"}} -> {out.type}")
        self.kinds.append(kind)
        return out

    def conv1x1(self, x: T, cout: int, stride: int = 1) -> T:
        """A 1x1 convolution to `cout` channels (f32, zero init)."""
        w = self.dense((cout, 1, 1, x.shape[3]), x.elem)
        oh = (x.shape[1] - 1) // stride + 1
        ow = (x.shape[2] - 1) // stride + 1
        init = self.init((1, oh, ow, cout), x.elem, False)
        out = T(self.name("conv"), (1, oh, ow, cout), x.elem)
        wt = f"tensor<{cout}x1x1x{x.shape[3]}x{x.elem}>"
        self.emit(f"{out.name} = linalg.conv_2d_nhwc_fhwc "
                  f"{self.attrs(stride, 1)} ins({x.name}, {w} : {x.type}, "
                  f"{wt}) outs({init} : {out.type}) -> {out.type}")
        self.kinds.append(f"conv1s{stride}")
        return out

    def refused_pad(self, x: T, kind: str) -> T:
        """A pad at the peak (its result is the largest tensor) that the
        pass refuses: a padding value computed from the position, or a
        negative amount (a crop)."""
        t = x.elem
        grow = max(2, x.shape[1] // 2)
        if kind == "negative-pad":
            low, high = (-1, grow), (grow, grow)
        else:
            low, high = (grow, grow), (grow, grow)
        shape = (1, x.shape[1] + low[0] + high[0], x.shape[2] + low[1] +
                 high[1], x.shape[3])
        zv = self.zero(t)
        out = T(self.name("p"), shape, t)
        self.emit(f"{out.name} = tensor.pad {x.name} low[0, {low[0]}, "
                  f"{low[1]}, 0] high[0, {high[0]}, {high[1]}, 0] {{")
        self.lines.append("  ^bb0(%a: index, %b: index, %c: index, "
                          "%d: index):")
        if kind == "pad-position":
            conv = "arith.sitofp %i : i32 to f32" if t == "f32" else \
                "arith.trunci %i : i32 to i8"
            self.emit("  %i = arith.index_cast %b : index to i32")
            self.emit(f"  %y = {conv}")
            self.emit(f"  tensor.yield %y : {t}")
        else:
            self.emit(f"  tensor.yield {zv} : {t}")
        self.emit(f"}} : {x.type} to {out.type}")
        return out


def _chain_step(g: SplitGen, x: T, values: List[T]) -> T:
    rng = g.rng
    r = rng.random()
    if r < 0.35:
        return g.conv(x)
    if r < 0.6:
        return g.depthwise(x)
    if r < 0.75 and min(x.shape[1:3]) >= 4:
        return g.pool(x)
    skips = [v for v in values if v.shape == x.shape and v.elem == x.elem
             and v.name != x.name]
    return g.elementwise(x, rng.choice(skips) if skips and
                         rng.random() < 0.6 else None)


def _module(g: SplitGen, name: str, arg: str, x: T, cur: T) -> str:
    sig = f"func.func @{name}({arg}) -> {cur.type} {{"
    return "\n".join(g.decls + [sig] + g.lines +
                     [f"  return {cur.name} : {cur.type}", "}", ""])


def generate_split(seed: int) -> SplitProgram:
    """A split-shaped program of `seed`: 2-5 random steps."""
    g = SplitGen(seed)
    rng = g.rng
    elem = "i8" if rng.random() < 0.3 else "f32"
    h = rng.choice([8, 12, 16, 20, 24])
    w = rng.choice([h, h, 8, 12, 16])
    x = T("%arg", (1, h, w, rng.choice([1, 2, 3, 4])), elem)
    values, cur = [x], x
    for _ in range(rng.randint(2, 5)):
        cur = _chain_step(g, cur, values)
        values.append(cur)
    return SplitProgram(seed, f"split{seed}", _module(
        g, f"split{seed}", f"{x.name}: {x.type}", x, cur), elem, g.kinds)


def generate_refusal(seed: int, kind: str) -> SplitProgram:
    """A program whose peak is at an op of `kind` (REFUSAL_KINDS): an
    optional elementwise step, a 1x1 convolution expanding the channels
    (E = 4-8), the refused op on that largest tensor (a pad that grows it
    4x), then a stride-2 convolution down to 2 channels: every stage
    around the peak contains the refused op."""
    g = SplitGen(seed)
    rng = g.rng
    h = rng.choice([8, 12, 16])
    w = rng.choice([h, 8, 12])
    x = T("%arg", (1, h, w, rng.choice([1, 2])), "f32")
    arg = f"{x.name}: {x.type}"
    cur = x
    if kind == "dynamic":
        cur, arg = _dynamic_prefix(g, x)
    elif rng.random() < 0.5:
        cur = g.elementwise(cur, None)
    cur = g.conv1x1(cur, rng.choice([4, 6, 8]))
    if kind in ("pad-position", "negative-pad"):
        cur = g.refused_pad(cur, kind)
        g.kinds.append(kind)
    elif kind != "dynamic":
        cur = g.refused_op(cur, kind)
    cur = g.conv1x1(cur, 2, stride=2)
    return SplitProgram(seed, f"refuse{seed}", _module(
        g, f"refuse{seed}", arg, x, cur), "f32", g.kinds, kind)


def _dynamic_prefix(g: SplitGen, x: T):
    """An elementwise op on a tensor of dynamic batch, cast to the static
    type: the tensor model refuses the body."""
    dyn = "tensor<?x" + "x".join(map(str, x.shape[1:])) + f"x{x.elem}>"
    c0 = g.const("0", "index")
    n, e, y = g.name("n"), g.name("e"), g.name("dyn")
    g.emit(f"{n} = tensor.dim %argd, {c0} : {dyn}")
    g.emit(f"{e} = tensor.empty({n}) : {dyn}")
    g.emit(f"{y} = linalg.exp ins(%argd : {dyn}) outs({e} : {dyn}) -> {dyn}")
    s = g.name("st")
    g.emit(f"{s} = tensor.cast {y} : {dyn} to {x.type}")
    g.kinds.append("dynamic")
    return T(s, x.shape, x.elem), f"%argd: {dyn}"
