# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Elementwise TOSA ops with broadcasting, activations and reductions: a
mixin of Emitter (tosa_emitter.py), built on its _op/const/scalar1."""

import math

import numpy as np

from .tosa_values import ImportError_, V, fmt_float, is_float


class ElementwiseOps:
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
        return V("%_", ElementwiseOps._bshape(a, b), a.dtype)

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
