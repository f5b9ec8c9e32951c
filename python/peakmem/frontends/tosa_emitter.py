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


import numpy as np

from .tosa_elementwise import ElementwiseOps
from .tosa_layout import LayoutOps
from .tosa_nn import NNOps
from .tosa_values import (BYTES, NP_DTYPES, ImportError_, UnsupportedOp, V, dense_literal,
                          fmt_float, fmt_scalar, is_float, missing_weight, quantize_multiplier,
                          ttype)

# The importer's errors and values too, for the frontends that import them
# from here.
__all__ = ["Emitter", "BYTES", "NP_DTYPES", "ImportError_", "UnsupportedOp", "V",
           "dense_literal", "fmt_float", "fmt_scalar", "is_float", "quantize_multiplier",
           "ttype"]


class Emitter(ElementwiseOps, LayoutOps, NNOps):
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
        if self.weights == "real":
            if data is None:
                raise missing_weight(name)
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
