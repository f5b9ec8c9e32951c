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

from .tosa_emitter import Emitter, ImportError_, UnsupportedOp

FMT = "ONNX"

ONNX_DTYPES = {1: "f32", 2: "ui8", 3: "i8", 5: "i16", 6: "i32", 7: "i64", 9: "i1", 10: "f16",
               11: "f64"}


def _pattern(n, scale=0.1, offset=0):
    i = np.arange(n) + offset
    return ((((i * 7) % 11) - 5) / 5.0) * scale


def _order_preserved(shape, perm):
    """True if transposing `shape` by `perm` keeps the element order."""
    nontrivial = [p for p in perm if shape[p] != 1]
    return nontrivial == sorted(nontrivial)


class OnnxImporter:
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
        if self.weights_mode == "splat" or (self.weights_mode == "real"
                                            and self.weight_data(name) is None):
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

    # ------------------------------------------------------------ static ops
    def all_static(self, node):
        return all((not n) or n in self.static for n in node.input)

    def op_Constant(self, node, a):
        if "value" not in a:
            raise self._unsupported(node, "only 'value' constants")
        self.static[node.output[0]] = self.numpy_helper.to_array(a["value"])

    def op_Identity(self, node, a):
        x = node.input[0]
        if x in self.vals:
            self.vals[node.output[0]] = self.vals[x]
        elif x in self.static:
            self.static[node.output[0]] = self.static[x]
        elif self.is_weight(x):
            self.alias[node.output[0]] = x
        else:
            raise ImportError_(f"input '{x}' unknown")

    def op_Shape(self, node, a):
        x = node.input[0]
        if x in self.vals:
            shape = self.logical_shape(self.vals[x])
        elif x in self.static:
            shape = np.shape(self.static[x])
        elif self.is_weight(x):
            shape = self.weight_shape(x)
        else:
            raise ImportError_(f"input '{x}' unknown")
        shape = np.array(shape, np.int64)
        start, end = a.get("start", 0), a.get("end", None)
        self.static[node.output[0]] = shape[start:end]

    def op_Gather(self, node, a):
        if self.all_static(node):
            self.static[node.output[0]] = np.take(self.static[node.input[0]],
                                                  self.static[node.input[1]], axis=a.get("axis", 0))
            return
        if node.input[1] not in self.static:
            raise self._unsupported(node, "dynamic indices")
        src = node.input[0]
        if src in self.vals:
            x = self.to_logical(self.vals[src])
        elif self.is_weight(src) and self.weight_data(src) is not None:
            x = self.e.const(np.asarray(self.weight_data(src), np.float32), "f32")
        else:
            raise self._unsupported(node, "data without values")
        axis = a.get("axis", 0) % x.rank
        idx = np.asarray(self.static[node.input[1]], np.int64)
        idx = np.where(idx < 0, idx + x.shape[axis], idx)
        self.set(node, self.from_logical(self.e.take(x, idx, axis)))

    def op_Cast(self, node, a):
        if not self.all_static(node):
            raise self._unsupported(node, "only static Cast")
        to = ONNX_DTYPES.get(a["to"], "f32")
        npdt = {"f32": np.float32, "i64": np.int64, "i32": np.int32, "f64": np.float64,
                "i1": np.bool_, "i8": np.int8}.get(to, np.float32)
        self.static[node.output[0]] = np.asarray(self.static[node.input[0]]).astype(npdt)

    def _static_binary(self, node, fn):
        self.static[node.output[0]] = fn(np.asarray(self.static[node.input[0]]),
                                         np.asarray(self.static[node.input[1]]))

    def op_Unsqueeze(self, node, a):
        axes = a.get("axes")
        if axes is None and len(node.input) > 1:
            axes = [int(x) for x in self.static[node.input[1]]]
        if node.input[0] in self.static:
            arr = np.asarray(self.static[node.input[0]])
            for ax in sorted(int(x) % (arr.ndim + len(axes)) for x in axes):
                arr = np.expand_dims(arr, ax)
            self.static[node.output[0]] = arr
            return
        x = self.to_logical(self.val(node.input[0]))
        shape = list(x.shape)
        for ax in sorted(int(x_) % (len(shape) + len(axes)) for x_ in axes):
            shape.insert(ax, 1)
        self.set(node, self.from_logical(self.e.reshape(x, shape)))

    def op_Squeeze(self, node, a):
        axes = a.get("axes")
        if axes is None and len(node.input) > 1 and node.input[1]:
            axes = [int(x) for x in self.static[node.input[1]]]
        if node.input[0] in self.static:
            arr = np.asarray(self.static[node.input[0]])
            self.static[node.output[0]] = np.squeeze(arr, tuple(axes) if axes else None)
            return
        x = self.to_logical(self.val(node.input[0]))
        r = x.rank
        axes = [int(ax) % r for ax in axes] if axes else [i for i, d in enumerate(x.shape) if d == 1]
        shape = [d for i, d in enumerate(x.shape) if i not in axes]
        self.set(node, self.from_logical(self.e.reshape(x, shape)))

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
            if all(d is not None for d in datas) and self.weights_mode == "real":
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

    def op_Flatten(self, node, a):
        x = self.val(node.input[0])
        axis = a.get("axis", 1)
        lx = self.to_logical(x)
        shape = lx.shape
        outer = int(np.prod(shape[:axis])) if axis else 1
        self.set(node, self.e.reshape(lx, (outer, int(np.prod(shape[axis:])))))

    def op_Reshape(self, node, a):
        x = self.val(node.input[0])
        if node.input[1] not in self.static:
            raise self._unsupported(node, "dynamic shape input")
        target = [int(v) for v in self.static[node.input[1]]]
        lx = self.to_logical(x)
        for i, d in enumerate(target):
            if d == 0:
                target[i] = lx.shape[i]
        if -1 in target:
            known = int(np.prod([d for d in target if d != -1]))
            target[target.index(-1)] = lx.size // known
        self.set(node, self.from_logical(self.e.reshape(lx, target)))

    def op_Transpose(self, node, a):
        x = self.val(node.input[0])
        lx = self.to_logical(x)
        perm = a.get("perm", list(reversed(range(lx.rank))))
        self.set(node, self.from_logical(self.e.transpose(lx, perm)))

    def op_Concat(self, node, a):
        axis = a["axis"]
        if self.all_static(node):
            self.static[node.output[0]] = np.concatenate(
                [np.asarray(self.static[n]) for n in node.input], axis=axis)
            return
        xs = [self.val(n) for n in node.input]
        self.set(node, self.e.concat(xs, self.phys_axis(axis, xs[0].rank)))

    def op_Split(self, node, a):
        x = self.val(node.input[0])
        axis = a.get("axis", 0)
        r = x.rank
        pax = self.phys_axis(axis, r)
        split = a.get("split")
        if split is None and len(node.input) > 1 and node.input[1]:
            split = [int(v) for v in self.static[node.input[1]]]
        if split is None:
            n = len(node.output)
            split = [x.shape[pax] // n] * n
        start = 0
        for i, s in enumerate(split):
            st = [0] * r
            st[pax] = start
            size = list(x.shape)
            size[pax] = s
            self.set(node, self.e.slice(x, st, size), i)
            start += s

    def op_Slice(self, node, a):
        if self.all_static(node):
            arr = np.asarray(self.static[node.input[0]])
            starts = self.static[node.input[1]]
            ends = self.static[node.input[2]]
            axes = (self.static[node.input[3]] if len(node.input) > 3 and node.input[3]
                    else range(len(starts)))
            steps = (self.static[node.input[4]] if len(node.input) > 4 and node.input[4]
                     else [1] * len(starts))
            sl = [slice(None)] * arr.ndim
            for s, e_, ax, st in zip(starts, ends, axes, steps):
                sl[int(ax)] = slice(int(s), int(e_), int(st))
            self.static[node.output[0]] = arr[tuple(sl)]
            return
        x = self.val(node.input[0])
        for n in node.input[1:]:
            if n and n not in self.static:
                raise self._unsupported(node, "dynamic starts/ends")
        starts = [int(v) for v in self.static[node.input[1]]]
        ends = [int(v) for v in self.static[node.input[2]]]
        axes = ([int(v) for v in self.static[node.input[3]]] if len(node.input) > 3 and node.input[3]
                else list(range(len(starts))))
        steps = ([int(v) for v in self.static[node.input[4]]] if len(node.input) > 4 and node.input[4]
                 else [1] * len(starts))
        lshape = self.logical_shape(x)
        if any(s != 1 for s in steps):
            b_, e_, st_ = [0] * x.rank, list(x.shape), [1] * x.rank
            for s, en, ax, step in zip(starts, ends, axes, steps):
                ax = ax % x.rank
                pax = self.phys_axis(ax, x.rank)
                # ONNX clamps like Python slices (INT_MAX/INT_MIN ends included).
                b_[pax], e_[pax], st_[pax] = slice(s, en, step).indices(lshape[ax])
            self.set(node, self.e.strided_slice(x, b_, e_, st_))
            return
        st = [0] * x.rank
        size = list(x.shape)
        for s, e_, ax in zip(starts, ends, axes):
            ax = ax % x.rank
            dim = lshape[ax]
            s = max(0, min(dim, s + dim if s < 0 else s))
            e_ = max(0, min(dim, e_ + dim if e_ < 0 else e_))
            pax = self.phys_axis(ax, x.rank)
            st[pax] = s
            size[pax] = max(0, e_ - s)
        self.set(node, self.e.slice(x, st, size))

    def op_Pad(self, node, a):
        x = self.val(node.input[0])
        mode = a.get("mode", b"constant")
        if isinstance(mode, bytes):
            mode = mode.decode()
        if mode != "constant":
            raise self._unsupported(node, f"mode {mode}")
        if len(node.input) > 1 and node.input[1]:
            if node.input[1] not in self.static:
                raise self._unsupported(node, "dynamic pads")
            pads = [int(v) for v in self.static[node.input[1]]]
        else:
            pads = a.get("pads", [0] * (2 * x.rank))
        value = 0.0
        if len(node.input) > 2 and node.input[2]:
            value = float(np.asarray(self.static[node.input[2]]).reshape(-1)[0])
        r = x.rank
        lp = [(pads[i], pads[i + r]) for i in range(r)]
        if r == 4:
            lp = [lp[0], lp[2], lp[3], lp[1]]
        if any(lo < 0 or hi < 0 for lo, hi in lp):
            raise self._unsupported(node, "negative pads")
        self.set(node, self.e.pad(x, lp, value))

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


def import_onnx(path_or_model, weights="splat"):
    return OnnxImporter(path_or_model, weights).convert()
