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
