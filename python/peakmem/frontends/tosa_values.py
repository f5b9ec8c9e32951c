# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Values and literals of the TOSA emitter (tosa_emitter.py): the importer's
errors, MLIR types and dense literals of numpy data, `V` (an SSA value with
its static shape and element type) and TFLite-style rescale multipliers."""

import math

import numpy as np


class ImportError_(Exception):
    """A model cannot be imported (unsupported op, bad attribute...)."""


class UnsupportedOp(ImportError_):
    def __init__(self, fmt, op_type, node, detail=""):
        msg = f"unsupported {fmt} op '{op_type}' at node {node}"
        if detail:
            msg += f": {detail}"
        super().__init__(msg)
        self.op_type = op_type
        self.node = node
        self.detail = detail


def missing_weight(name):
    """The error of `--weights real` for a weight the model holds no data for:
    placeholder values are never substituted for real ones."""
    return ImportError_(f"--weights real: weight '{name}' has no data in the model file "
                        "(exported without its parameters?); placeholder values are never "
                        "substituted: import with --weights splat or --weights args")


class UnsupportedOps(UnsupportedOp):
    """Every op type of a model that has no converter, found before any
    conversion: `missing` maps each type to (count, first node)."""

    def __init__(self, fmt, missing):
        if len(missing) == 1 and next(iter(missing.values()))[0] == 1:
            (op_type, (_, node)), = missing.items()
            super().__init__(fmt, op_type, node)
        else:
            nodes = sum(count for count, _ in missing.values())
            parts = [f"{op_type} x{count} (first at node {node})"
                     for op_type, (count, node) in missing.items()]
            first, (_, node) = next(iter(missing.items()))
            ImportError_.__init__(self, f"unsupported {fmt} ops, {len(missing)} types in "
                                  f"{nodes} nodes: " + "; ".join(parts))
            self.op_type, self.node, self.detail = first, node, ""
        self.missing = dict(missing)


def scan_unsupported(ops, converter, fmt):
    """Raises UnsupportedOps naming every op type in `ops` (pairs of type and
    node description, in model order) that `converter` has no op_<type>
    handler for."""
    missing = {}
    for op_type, node in ops:
        if not hasattr(converter, f"op_{op_type}"):
            missing.setdefault(op_type, [0, node])[0] += 1
    if missing:
        raise UnsupportedOps(fmt, {k: tuple(v) for k, v in missing.items()})


NP_DTYPES = {"f32": np.float32, "f16": np.float16, "i8": np.int8, "ui8": np.uint8,
             "i16": np.int16, "i32": np.int32, "i64": np.int64, "i1": np.bool_}

BYTES = {"f32": 4, "f16": 2, "i8": 1, "ui8": 1, "i16": 2, "i32": 4, "i64": 8, "i1": 1}


def is_float(dtype):
    return dtype.startswith("f") or dtype == "bf16"


def ttype(shape, dtype):
    if len(shape) == 0:
        return f"tensor<{dtype}>"
    return "tensor<" + "x".join(str(int(d)) for d in shape) + f"x{dtype}>"


def fmt_float(x):
    x = float(np.float32(x))
    if math.isnan(x):
        return "0x7FC00000"
    if math.isinf(x):
        return "0x7F800000" if x > 0 else "0xFF800000"
    return format(x, ".9e")


def fmt_scalar(x, dtype):
    if is_float(dtype):
        return fmt_float(x)
    if dtype == "i1":
        return "true" if x else "false"
    return str(int(x))


def dense_literal(arr, dtype):
    """An MLIR dense literal (without the type) for a numpy array."""
    arr = np.asarray(arr)
    flat = arr.reshape(-1)
    if flat.size > 0 and np.all(flat == flat[0]):
        return f"dense<{fmt_scalar(flat[0], dtype)}>"
    if flat.size <= 64:
        body = ", ".join(fmt_scalar(v, dtype) for v in flat)
        if arr.ndim <= 1:
            return f"dense<[{body}]>"
        # Nested brackets for multi-dim literals.
        def nest(a):
            if a.ndim == 1:
                return "[" + ", ".join(fmt_scalar(v, dtype) for v in a) + "]"
            return "[" + ", ".join(nest(s) for s in a) + "]"
        return f"dense<{nest(arr)}>"
    if dtype == "i1":
        raw = np.asarray(flat, dtype=np.uint8).tobytes()
    else:
        raw = np.ascontiguousarray(flat.astype(NP_DTYPES[dtype])).astype(
            np.dtype(NP_DTYPES[dtype]).newbyteorder("<")).tobytes()
    return 'dense<"0x' + raw.hex().upper() + '">'


class V:
    __slots__ = ("name", "shape", "dtype")

    def __init__(self, name, shape, dtype):
        self.name = name
        self.shape = tuple(int(d) for d in shape)
        self.dtype = dtype

    @property
    def type(self):
        return ttype(self.shape, self.dtype)

    @property
    def rank(self):
        return len(self.shape)

    @property
    def size(self):
        return int(np.prod(self.shape)) if self.shape else 1

    def __repr__(self):
        return f"V({self.name}: {self.type})"


def quantize_multiplier(scale):
    """TFLite-style (multiplier Q31, shift) with scale ~= multiplier * 2^-shift."""
    if scale <= 0:
        return 0, 2
    m, e = math.frexp(scale)  # scale = m * 2^e, m in [0.5, 1)
    q = int(round(m * (1 << 31)))
    if q == (1 << 31):
        q //= 2
        e += 1
    shift = 31 - e
    if shift > 62:  # Too small: underflows to zero anyway.
        return 0, 2
    if shift < 2:  # TOSA requires shift in [2, 62]; clamp huge scales.
        q = (1 << 31) - 1
        shift = 2
    return q, shift
