# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""ONNX ops that move data or compute on static values: constants, shapes,
reshapes, slices, gathers, concatenation, padding, and the ops that exporters
emit on constant shapes (folded here with numpy). A mixin of OnnxImporter
(onnx_frontend.py), whose helpers (val, static, to_logical...) it uses."""

import numpy as np

from .onnx_common import ONNX_DTYPES
from .tosa_emitter import ImportError_


class ShapeOps:
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

    def op_Flatten(self, node, a):
        x = self.val(node.input[0])
        axis = a.get("axis", 1)
        lx = self.to_logical(x)
        shape = lx.shape
        outer = int(np.prod(shape[:axis])) if axis else 1
        self.set(node, self.e.reshape(lx, (outer, int(np.prod(shape[axis:])))))

    @staticmethod
    def _reshape_target(shape, size, target):
        """ONNX Reshape's target with 0 (copy the dimension) and -1 (infer)
        resolved against an input of `shape` and `size` elements."""
        target = [int(v) for v in target]
        for i, d in enumerate(target):
            if d == 0:
                target[i] = shape[i]
        if -1 in target:
            known = int(np.prod([d for d in target if d != -1]))
            target[target.index(-1)] = size // known
        return target

    def op_Reshape(self, node, a):
        if node.input[1] not in self.static:
            raise self._unsupported(node, "dynamic shape input")
        if node.input[0] in self.static:
            arr = np.asarray(self.static[node.input[0]])
            self.static[node.output[0]] = arr.reshape(
                self._reshape_target(arr.shape, arr.size, self.static[node.input[1]]))
            return
        lx = self.to_logical(self.val(node.input[0]))
        target = self._reshape_target(lx.shape, lx.size, self.static[node.input[1]])
        self.set(node, self.from_logical(self.e.reshape(lx, target)))

    def op_Transpose(self, node, a):
        if node.input[0] in self.static:
            arr = np.asarray(self.static[node.input[0]])
            self.static[node.output[0]] = np.transpose(arr, a.get("perm"))
            return
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

    # ------------------------------------------------ computations on shapes
    # Exporters compute on constant shapes (a class token expanded to the
    # batch, window masks, relative positions): with every input static
    # these ops fold to numpy values here, as ONNX Runtime's constant
    # folding would; on activations they become TOSA ops.
    def static_input(self, node, i, what):
        name = node.input[i] if len(node.input) > i else ""
        if not name or name not in self.static:
            raise self._unsupported(node, f"{what} must be static")
        return np.asarray(self.static[name])

    def op_ConstantOfShape(self, node, a):
        shape = [int(v) for v in self.static_input(node, 0, "the shape").reshape(-1)]
        value = a.get("value")
        fill = (self.numpy_helper.to_array(value).reshape(-1) if value is not None
                else np.zeros(1, np.float32))
        self.static[node.output[0]] = np.full(shape, fill[0], fill.dtype)

    def op_Range(self, node, a):
        start, limit, delta = (self.static_input(node, i, what).reshape(()) for i, what in
                               enumerate(("start", "limit", "delta")))
        self.static[node.output[0]] = np.arange(start, limit, delta, dtype=start.dtype)

    def op_Mod(self, node, a):
        if not self.all_static(node):
            raise self._unsupported(node, "only static Mod")
        self._static_binary(node, np.fmod if a.get("fmod", 0) else np.mod)

    def op_ScatterND(self, node, a):
        if a.get("reduction", b"none") not in (b"none", "none"):
            raise self._unsupported(node, f"reduction {a['reduction']}")
        if not self.all_static(node):
            raise self._unsupported(node, "only static ScatterND")
        data = np.array(self.static[node.input[0]])
        indices = np.asarray(self.static[node.input[1]], np.int64)
        updates = np.asarray(self.static[node.input[2]])
        for idx in np.ndindex(indices.shape[:-1]):
            data[tuple(indices[idx])] = updates[idx]
        self.static[node.output[0]] = data

    def op_Not(self, node, a):
        if self.all_static(node):
            self.static[node.output[0]] = np.logical_not(self.static[node.input[0]])
            return
        x = self.val(node.input[0])
        if x.dtype != "i1":
            raise ImportError_(f"Not of a {x.dtype} value")
        self.set(node, self.e.unary("logical_not", x))

    def op_Equal(self, node, a):
        if self.all_static(node):
            return self._static_binary(node, np.equal)
        like = self.vals.get(node.input[0]) or self.vals.get(node.input[1])
        x, y = (self.operand(n, like) for n in node.input[:2])
        self.set(node, self.e.compare("equal", x, y))

    def bool_operand(self, name, like):
        """An i1 activation, or a static boolean broadcastable against
        `like` (laid out as operand() lays out constants)."""
        if name in self.vals:
            v = self.vals[name]
            if v.dtype != "i1":
                raise ImportError_(f"condition '{name}' is {v.dtype}, not bool")
            return v
        arr = np.asarray(self.static[name]).astype(bool)
        lrank = len(self.logical_shape(like))
        if arr.ndim < lrank:
            arr = arr.reshape((1,) * (lrank - arr.ndim) + arr.shape)
        if arr.ndim == 4 and like.rank == 4:
            arr = arr.transpose(0, 2, 3, 1)
        return self.e.const(arr, "i1")

    def op_Where(self, node, a):
        if self.all_static(node):
            c, x, y = (np.asarray(self.static[n]) for n in node.input)
            self.static[node.output[0]] = np.where(c, x, y)
            return
        like = self.vals.get(node.input[1]) or self.vals.get(node.input[2])
        if like is None:
            raise self._unsupported(node, "a dynamic condition between static values")
        x, y = (self.operand(n, like) for n in node.input[1:])
        self.set(node, self.e.select(self.bool_operand(node.input[0], like), x, y))

    def op_Expand(self, node, a):
        shape = [int(v) for v in self.static_input(node, 1, "the shape").reshape(-1)]
        src = node.input[0]
        if src in self.static:
            arr = np.asarray(self.static[src])
            out = np.broadcast_shapes(arr.shape, tuple(shape))
            self.static[node.output[0]] = np.array(np.broadcast_to(arr, out))
            return
        if src in self.vals:
            x = self.to_logical(self.vals[src])
        elif self.is_weight(src):
            wshape = self.weight_shape(src)
            x = self.weight(src, wshape, 0.5, lambda d: d, tag="logical")
        else:
            raise ImportError_(f"input '{src}' unknown")
        out = np.broadcast_shapes(x.shape, tuple(shape))
        if x.rank < len(out):
            x = self.e.reshape(x, (1,) * (len(out) - x.rank) + x.shape)
        y = self.e.tile(x, [o // d for o, d in zip(out, x.shape)])
        self.set(node, self.from_logical(y))

    def op_Dropout(self, node, a):
        """The identity in inference, and in training mode with ratio 0
        (exporters emit both); random dropout (training, ratio > 0) is
        refused."""
        if len(node.input) > 2 and node.input[2]:
            training = bool(self.static_input(node, 2, "training_mode").reshape(-1)[0])
            ratio = (float(self.static_input(node, 1, "ratio").reshape(-1)[0])
                     if len(node.input) > 1 and node.input[1] else 0.5)
            if training and ratio != 0.0:
                raise self._unsupported(node, f"training_mode = true with ratio {ratio:g}")
        self.op_Identity(node, {})
        if len(node.output) > 1 and node.output[1]:
            x = node.input[0]
            shape = (self.logical_shape(self.vals[x]) if x in self.vals
                     else np.shape(self.static[x]))
            self.static[node.output[1]] = np.ones(shape, bool)
