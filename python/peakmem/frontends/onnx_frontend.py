# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""ONNX -> TOSA MLIR (one func.func @main, static shapes).

Layout: every 4-D activation is kept NHWC (TOSA's layout); the graph's logical
NCHW is tracked by the converter. Function inputs and outputs that are 4-D are
NHWC too (no layout transposes at the boundaries). Other ranks keep ONNX order.

Weights are graph inputs without data in the bundled files (exported with
export_params=False); initializers, when present, are used for `--weights real`.
Shape/Gather/Slice/Concat/... chains whose values are static (segmentation
graphs feeding Resize) are evaluated here with numpy.
"""

import numpy as np

from .onnx_common import FMT, ONNX_DTYPES, _order_preserved, _pattern
from .onnx_math_ops import MathOps
from .onnx_nn_ops import NNOps
from .onnx_shape_ops import ShapeOps
from .tosa_emitter import Emitter, ImportError_, UnsupportedOp
from .tosa_values import missing_weight, scan_unsupported


class OnnxImporter(ShapeOps, MathOps, NNOps):
    def __init__(self, path_or_model, weights="splat"):
        import onnx
        from onnx import numpy_helper
        self.onnx = onnx
        self.numpy_helper = numpy_helper
        if isinstance(path_or_model, (str, bytes)) or hasattr(path_or_model, "__fspath__"):
            self.path = str(path_or_model)
            self.model = onnx.load(self.path)
        else:
            self.path = "<model>"
            self.model = path_or_model
        self.weights_mode = weights
        self.e = Emitter(weights=weights)
        g = self.model.graph
        self.graph = g
        self.inits = {t.name: numpy_helper.to_array(t) for t in g.initializer}
        self.input_shapes = {}
        for i in g.input:
            tt = i.type.tensor_type
            self.input_shapes[i.name] = (tuple(d.dim_value for d in tt.shape.dim),
                                         ONNX_DTYPES.get(tt.elem_type, "f32"))
        self.vals = {}        # name -> V (4-D values are NHWC)
        self.static = {}      # name -> numpy array (statically known values)
        self.weight_names = set()
        self.alias = {}       # Identity of a weight -> weight name
        self._wcache = {}
        self.layer = 0

    # ------------------------------------------------------------ utilities
    def node_desc(self, node, idx):
        return f"'{node.name or '?'}' (#{idx}, outputs {list(node.output)})"

    def attrs(self, node):
        from onnx import helper
        return {a.name: helper.get_attribute_value(a) for a in node.attribute}

    def root(self, name):
        while name in self.alias:
            name = self.alias[name]
        return name

    def is_weight(self, name):
        return self.root(name) in self.weight_names

    def weight_shape(self, name):
        name = self.root(name)
        if name in self.inits:
            return tuple(self.inits[name].shape)
        return self.input_shapes[name][0]

    def weight_data(self, name):
        return self.inits.get(self.root(name))

    def logical_shape(self, v):
        if v.rank == 4:
            n, h, w, c = v.shape
            return (n, c, h, w)
        return v.shape

    def val(self, name):
        if name in self.vals:
            return self.vals[name]
        if name in self.static:
            arr = self.static[name]
            return self.const_physical(arr)
        raise ImportError_(f"value '{name}' is not available (dynamic or unsupported producer)")

    def const_physical(self, arr, dtype="f32"):
        arr = np.asarray(arr)
        if arr.ndim == 4:
            arr = arr.transpose(0, 2, 3, 1)
        return self.e.const(arr.astype(np.float32 if dtype == "f32" else arr.dtype), dtype)

    def operand(self, name, like):
        """An activation or a (static/weight) constant broadcastable against `like`."""
        if name in self.vals:
            return self.vals[name]
        if name in self.static or self.is_weight(name):
            if name in self.static:
                arr = np.asarray(self.static[name], dtype=np.float32)
            else:
                data = self.weight_data(name)
                shape = self.weight_shape(name)
                arr = (np.asarray(data, np.float32) if data is not None
                       else np.full(shape, 0.5, np.float32))
                if self.weights_mode == "args" and data is None:
                    raise ImportError_(f"elementwise weight operand '{name}' in args mode")
                if self.weights_mode == "real" and data is None:
                    raise missing_weight(self.root(name))
            lrank = len(self.logical_shape(like))
            if arr.ndim < lrank:
                arr = arr.reshape((1,) * (lrank - arr.ndim) + arr.shape)
            if arr.ndim == 4 and like.rank == 4:
                arr = arr.transpose(0, 2, 3, 1)
            return self.e.const(arr, like.dtype)
        raise ImportError_(f"operand '{name}' is not available")

    def to_logical(self, v):
        """A value in ONNX (NCHW) element order."""
        if v.rank != 4:
            return v
        if _order_preserved(v.shape, [0, 3, 1, 2]):
            n, h, w, c = v.shape
            return self.e.reshape(v, (n, c, h, w))
        return self.e.transpose(v, [0, 3, 1, 2])

    def from_logical(self, v):
        """Stores a logical 4-D (NCHW-order) value as NHWC."""
        if v.rank != 4:
            return v
        if _order_preserved(v.shape, [0, 2, 3, 1]):
            n, c, h, w = v.shape
            return self.e.reshape(v, (n, h, w, c))
        return self.e.transpose(v, [0, 2, 3, 1])

    def phys_axis(self, axis, rank):
        axis = axis % rank
        if rank == 4:
            return {0: 0, 1: 3, 2: 1, 3: 2}[axis]
        return axis

    # ------------------------------------------------------------ weights
    def weight(self, name, phys_shape, splat, transform=None, tag=""):
        """A weight in the physical layout the op needs. `transform` maps
        the ONNX data to that layout (used in real mode)."""
        root = self.root(name)
        key = (root, tuple(phys_shape), tag)
        if key in self._wcache:
            return self._wcache[key]
        data = self.weight_data(root)
        if data is not None and transform is not None:
            data = transform(np.asarray(data, np.float32))
        v = self.e.weight(phys_shape, "f32", root, splat, data)
        self._wcache[key] = v
        return v

    def bias(self, name, n):
        if not name:
            return self.e.const(np.zeros(n), "f32", shape=(n,))
        if self.weights_mode == "splat":
            self.layer += 1
            return self.e.const(_pattern(n, 0.1, self.layer), "f32", shape=(n,))
        return self.weight(name, (n,), 0.0, lambda d: d.reshape(n))

    # ------------------------------------------------------------ convert
    def convert(self):
        g = self.graph
        e = self.e
        init_names = set(self.inits)
        data_inputs = [i for i in g.input if i.name not in init_names]
        # The first graph input is the model input; the other inputs without
        # data are weights (export_params=False).
        if not data_inputs:
            raise ImportError_("ONNX graph has no input")
        model_inputs = [data_inputs[0]]
        for i in data_inputs[1:]:
            self.weight_names.add(i.name)
        self.weight_names |= init_names
        # Integer initializers (shapes, axes, indices, sizes) and small float
        # ones (Clip bounds, Pad values, Pow exponents, Resize scales) are
        # static values, like Constant nodes.
        for name, arr in self.inits.items():
            if arr.dtype.kind in "iub" or arr.size <= 16:
                self.static[name] = arr
        for i in model_inputs:
            shape, dtype = self.input_shapes[i.name]
            if any(d <= 0 for d in shape):
                raise ImportError_(f"input '{i.name}' has a dynamic shape {shape}")
            if len(shape) == 4:
                shape = (shape[0], shape[2], shape[3], shape[1])
            self.vals[i.name] = e.arg(shape, dtype, i.name)
        # Every op type without a converter, in one message, before any work.
        scan_unsupported(((node.op_type if node.domain in ("", "ai.onnx")
                           else f"{node.domain}:{node.op_type}", self.node_desc(node, idx))
                          for idx, node in enumerate(g.node)), self, FMT)
        for idx, node in enumerate(g.node):
            handler = getattr(self, "op_" + node.op_type, None)
            if handler is None or node.domain not in ("", "ai.onnx"):
                raise UnsupportedOp(FMT, node.op_type, self.node_desc(node, idx))
            try:
                handler(node, self.attrs(node))
            except UnsupportedOp as err:
                if err.node is None:
                    raise UnsupportedOp(FMT, node.op_type, self.node_desc(node, idx),
                                        err.detail) from None
                raise
            except ImportError_ as err:
                raise ImportError_(f"{FMT} op '{node.op_type}' at node "
                                   f"{self.node_desc(node, idx)}: {err}") from None
        outs = []
        for o in g.output:
            if o.name not in self.vals:
                raise ImportError_(f"graph output '{o.name}' is not computed (static or missing)")
            outs.append(self.vals[o.name])
        return e.finish(outs, comment=f"peakmem import of {self.path} (weights={self.weights_mode}); "
                        "4-D inputs/outputs are NHWC")

    def _unsupported(self, node, detail):
        return UnsupportedOp(FMT, node.op_type, None, detail)

    def set(self, node, v, i=0):
        self.vals[node.output[i]] = v


def import_onnx(path_or_model, weights="splat"):
    return OnnxImporter(path_or_model, weights).convert()
