# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Elementwise ONNX ops (binary with broadcasting, variadic, unary,
activations, softmax). A mixin of OnnxImporter (onnx_frontend.py)."""

import numpy as np

from .tosa_emitter import ImportError_


class MathOps:
    # ------------------------------------------------------------ elementwise
    def _binary(self, node, op, npfn):
        if self.all_static(node):
            return self._static_binary(node, npfn)
        a_name, b_name = node.input[0], node.input[1]
        like = self.vals.get(a_name) or self.vals.get(b_name)
        a = self.operand(a_name, like)
        b = self.operand(b_name, like)
        if a.rank != b.rank and (a.rank == 4 or b.rank == 4):
            raise ImportError_(f"broadcast between ranks {a.rank} and {b.rank} with 4-D layout")
        e = self.e
        if op == "div":
            y = e.mul(a, e.reciprocal(b))
        else:
            y = getattr(e, op)(a, b)
        self.set(node, y)

    def op_Add(self, node, a):
        self._binary(node, "add", np.add)

    def op_Sub(self, node, a):
        self._binary(node, "sub", np.subtract)

    def op_Mul(self, node, a):
        self._binary(node, "mul", np.multiply)

    def op_Div(self, node, a):
        self._binary(node, "div", lambda x, y: x // y if x.dtype.kind == "i" else x / y)

    def op_Pow(self, node, a):
        self._binary(node, "pow", np.power)

    def _variadic(self, node, op, npfn):
        if len(node.input) == 1:
            return self.op_Identity(node, {})
        if len(node.input) == 2:
            return self._binary(node, op, npfn)
        if self.all_static(node):
            acc = np.asarray(self.static[node.input[0]])
            for n in node.input[1:]:
                acc = npfn(acc, np.asarray(self.static[n]))
            self.static[node.output[0]] = acc
            return
        like = next(self.vals[n] for n in node.input if n in self.vals)
        acc = self.operand(node.input[0], like)
        for n in node.input[1:]:
            acc = getattr(self.e, op)(acc, self.operand(n, like))
        self.set(node, acc)

    def op_Max(self, node, a):
        self._variadic(node, "maximum", np.maximum)

    def op_Min(self, node, a):
        self._variadic(node, "minimum", np.minimum)

    def op_Sum(self, node, a):
        self._variadic(node, "add", np.add)

    def op_Mean(self, node, a):
        self._variadic(node, "add", np.add)
        n = len(node.input)
        if n > 1:
            out = node.output[0]
            if out in self.static:
                self.static[out] = self.static[out] / n
            else:
                y = self.vals[out]
                self.set(node, self.e.mul(y, self.e.scalar_const(1.0 / n, y)))

    def op_PRelu(self, node, a):
        x = self.val(node.input[0])
        slope = self.operand(node.input[1], x)
        e = self.e
        if slope.rank != x.rank:
            raise ImportError_(f"slope rank {slope.rank} does not match input rank {x.rank}")
        self.set(node, e.add(e.relu(x), e.mul(slope, e.minimum(x, e.scalar_const(0.0, x)))))

    def op_Elu(self, node, a):
        alpha = a.get("alpha", 1.0)
        e = self.e

        def elu(x):
            neg = e.sub(e.exp(e.minimum(x, e.scalar_const(0.0, x))), e.scalar_const(1.0, x))
            return e.add(e.relu(x), e.mul(neg, e.scalar_const(alpha, x)))
        self._unary(node, elu)

    def op_Softplus(self, node, a):
        e = self.e
        # log(1 + exp(x)) = max(x, 0) + log(1 + exp(-|x|)) (no overflow).
        self._unary(node, lambda x: e.add(e.relu(x), e.log(e.add(
            e.exp(e.negate(e.abs(x))), e.scalar_const(1.0, x)))))

    def op_Floor(self, node, a):
        self._unary(node, lambda x: self.e.unary("floor", x))

    def op_Ceil(self, node, a):
        self._unary(node, lambda x: self.e.unary("ceil", x))

    def op_LogSoftmax(self, node, a):
        x = self.val(node.input[0])
        self.set(node, self.e.log_softmax(x, self.phys_axis(a.get("axis", -1), x.rank)))

    def _unary(self, node, fn):
        self.set(node, fn(self.val(node.input[0])))

    def op_Relu(self, node, a):
        self._unary(node, self.e.relu)

    def op_Sigmoid(self, node, a):
        self._unary(node, self.e.sigmoid)

    def op_Tanh(self, node, a):
        self._unary(node, self.e.tanh)

    def op_Exp(self, node, a):
        self._unary(node, self.e.exp)

    def op_Log(self, node, a):
        self._unary(node, self.e.log)

    def op_Erf(self, node, a):
        self._unary(node, self.e.erf)

    def op_Sqrt(self, node, a):
        self._unary(node, lambda x: self.e.reciprocal(self.e.rsqrt(x)))

    def op_Reciprocal(self, node, a):
        self._unary(node, self.e.reciprocal)

    def op_Neg(self, node, a):
        self._unary(node, self.e.negate)

    def op_Abs(self, node, a):
        self._unary(node, self.e.abs)

    def op_HardSigmoid(self, node, a):
        self._unary(node, lambda x: self.e.hardsigmoid(x, a.get("alpha", 0.2), a.get("beta", 0.5)))

    def op_HardSwish(self, node, a):
        self._unary(node, lambda x: self.e.mul(x, self.e.hardsigmoid(x, 1.0 / 6.0, 0.5)))

    def op_LeakyRelu(self, node, a):
        alpha = a.get("alpha", 0.01)
        self._unary(node, lambda x: self.e.maximum(x, self.e.mul(x, self.e.scalar_const(alpha, x))))

    def op_Clip(self, node, a):
        lo, hi = a.get("min", -3.4028234663852886e38), a.get("max", 3.4028234663852886e38)
        if len(node.input) > 1 and node.input[1]:
            if node.input[1] not in self.static:
                raise self._unsupported(node, "dynamic min")
            lo = float(np.asarray(self.static[node.input[1]]).reshape(-1)[0])
        if len(node.input) > 2 and node.input[2]:
            if node.input[2] not in self.static:
                raise self._unsupported(node, "dynamic max")
            hi = float(np.asarray(self.static[node.input[2]]).reshape(-1)[0])
        self._unary(node, lambda x: self.e.clamp(x, lo, hi))

    def op_Softmax(self, node, a):
        x = self.val(node.input[0])
        axis = self.phys_axis(a.get("axis", -1), x.rank)
        self.set(node, self.e.softmax(x, axis))
