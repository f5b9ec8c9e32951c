# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Helpers of the importer op tests (test_importer_ops_*.py): a minimal TFLite
flatbuffer writer (python3-flatbuffers, field indices of the public schema, the
same ones tflite_schema.py reads) and numpy versions of TFLite's quantized
reference arithmetic."""

import math

import numpy as np

TYPES = {"f32": 0, "f16": 1, "i32": 2, "i64": 4, "i8": 9}
NP = {"f32": np.float32, "f16": np.float16, "i32": np.int32, "i64": np.int64,
      "i8": np.int8}

# BuiltinOperator codes used by the tests.
OPS = {
    "ABS": 101, "BATCH_MATMUL": 126, "CONV_2D": 3, "DEPTH_TO_SPACE": 5, "DEQUANTIZE": 6,
    "FULLY_CONNECTED": 9, "RESHAPE": 22, "DIV": 42, "ELU": 111, "EXP": 47,
    "GATHER": 36, "HARD_SWISH": 117, "LEAKY_RELU": 98, "LOG": 73, "LOGISTIC": 14,
    "MAXIMUM": 55, "MEAN": 40, "MINIMUM": 57, "NEG": 59, "PACK": 83, "PRELU": 54,
    "REDUCE_MAX": 82, "REDUCE_MIN": 89, "RELU_N1_TO_1": 20, "RESIZE_BILINEAR": 23,
    "RESIZE_NEAREST_NEIGHBOR": 97, "RSQRT": 76, "SLICE": 65, "SPACE_TO_DEPTH": 26,
    "SPLIT": 49, "SPLIT_V": 102, "SQRT": 75, "SQUARE": 92, "SQUARED_DIFFERENCE": 99,
    "STRIDED_SLICE": 45, "SUM": 74, "TANH": 28, "TRANSPOSE_CONV": 67, "UNPACK": 88,
    "CUSTOM": 32,
}


class TFLiteBuilder:
    """Builds a one-subgraph TFLite model. Options are [(slot, kind, value)]
    with kind one of 'b' (int8/bool), 'i' (int32), 'f' (float32)."""

    def __init__(self):
        self.tensors = []   # dicts
        self.buffers = [b""]
        self.ops = []       # (opcode index, inputs, outputs, options)
        self.opcodes = []   # (builtin code, custom code)
        self.inputs = []
        self.outputs = []

    def tensor(self, shape, dtype, data=None, q=None, name=None):
        buf = 0
        if data is not None:
            self.buffers.append(np.ascontiguousarray(np.asarray(data, NP[dtype])).tobytes())
            buf = len(self.buffers) - 1
        self.tensors.append({"shape": list(shape), "type": TYPES[dtype], "buffer": buf,
                             "name": name or f"t{len(self.tensors)}", "q": q})
        return len(self.tensors) - 1

    def const(self, data, dtype, q=None):
        data = np.asarray(data)
        return self.tensor(data.shape, dtype, data, q)

    def input(self, shape, dtype, q=None):
        i = self.tensor(shape, dtype, q=q)
        self.inputs.append(i)
        return i

    def op(self, name, inputs, outputs, options=(), custom=None):
        key = (OPS[name], custom)
        if key not in self.opcodes:
            self.opcodes.append(key)
        self.ops.append((self.opcodes.index(key), list(inputs), list(outputs), list(options)))

    def build(self):
        import flatbuffers
        b = flatbuffers.Builder(1024)

        def ivec(vals):
            b.StartVector(4, len(vals), 4)
            for v in reversed(vals):
                b.PrependInt32(int(v))
            return b.EndVector()

        def tvec(offs):
            b.StartVector(4, len(offs), 4)
            for o in reversed(offs):
                b.PrependUOffsetTRelative(o)
            return b.EndVector()

        def table(fields):
            """fields: [(slot, kind, value)]; kinds b/i/f/I (int32)/o (offset)."""
            b.StartObject(max([s for s, _, _ in fields], default=-1) + 1)
            for slot, kind, v in fields:
                if kind == "o":
                    b.PrependUOffsetTRelativeSlot(slot, v, 0)
                elif kind == "b":
                    b.PrependInt8Slot(slot, int(v), None)
                elif kind in ("i", "I"):
                    b.PrependInt32Slot(slot, int(v), None)
                elif kind == "f":
                    b.PrependFloat32Slot(slot, float(v), None)
                elif kind == "u":
                    b.PrependUint32Slot(slot, int(v), None)
            return b.EndObject()

        bufs = []
        for data in self.buffers:
            if data:
                d = b.CreateByteVector(data)
                bufs.append(table([(0, "o", d)]))
            else:
                bufs.append(table([]))
        tens = []
        for t in self.tensors:
            shape = ivec(t["shape"])
            name = b.CreateString(t["name"])
            q = None
            if t["q"] is not None:
                scale, zp = t["q"][:2]
                qdim = t["q"][2] if len(t["q"]) > 2 else 0
                sv = b.CreateNumpyVector(np.asarray(scale, np.float32).reshape(-1))
                zv = b.CreateNumpyVector(np.asarray(zp, np.int64).reshape(-1))
                q = table([(2, "o", sv), (3, "o", zv), (6, "i", qdim)])
            f = [(0, "o", shape), (1, "b", t["type"]), (2, "u", t["buffer"]), (3, "o", name)]
            if q is not None:
                f.append((4, "o", q))
            tens.append(table(f))
        ops = []
        for oc, ins, outs, options in self.ops:
            iv, ov = ivec(ins), ivec(outs)
            f = [(0, "u", oc), (1, "o", iv), (2, "o", ov)]
            if options:
                f.append((4, "o", table(options)))
            ops.append(table(f))
        sg = table([(0, "o", tvec(tens)), (1, "o", ivec(self.inputs)),
                    (2, "o", ivec(self.outputs)), (3, "o", tvec(ops))])
        codes = []
        for code, custom in self.opcodes:
            f = [(0, "b", min(code, 127)), (3, "i", code)]
            if custom:
                f.append((1, "o", b.CreateString(custom)))
            codes.append(table(f))
        model = table([(0, "u", 3), (1, "o", tvec(codes)), (2, "o", tvec([sg])),
                       (4, "o", tvec(bufs))])
        b.Finish(model)
        return bytes(b.Output())


# ------------------------------------------------ TFLite quantized arithmetic
def quantize_multiplier(s):
    """TFLite QuantizeMultiplier: s ~= q * 2^(e - 31)."""
    if s == 0:
        return 0, 0
    m, e = math.frexp(s)
    q = int(math.floor(m * (1 << 31) + 0.5))
    if q == (1 << 31):
        q //= 2
        e += 1
    return q, e


def _srdhm(a, b):
    """SaturatingRoundingDoublingHighMul (int64 arrays)."""
    ab = np.asarray(a, np.int64) * np.int64(b)
    nudge = np.where(ab >= 0, 1 << 30, 1 - (1 << 30))
    num = ab + nudge
    return np.where(num >= 0, num >> 31, -((-num) >> 31))


def _rdbpot(x, exponent):
    """RoundingDivideByPOT (round half away from zero)."""
    if exponent == 0:
        return x
    mask = (1 << exponent) - 1
    rem = x & mask
    thr = (mask >> 1) + (x < 0)
    return (x >> exponent) + (rem > thr)


def mbqm(x, s):
    """MultiplyByQuantizedMultiplier(x, QuantizeMultiplier(s))."""
    q, e = quantize_multiplier(s)
    ls, rs = max(e, 0), max(-e, 0)
    return _rdbpot(_srdhm(np.asarray(x, np.int64) * (1 << ls), q), rs)


def clamp8(x):
    return np.clip(x, -128, 127).astype(np.int8)


def quantize(f, s, zp):
    """TFLite Quantize: round half away from zero, add zp, clamp."""
    f = np.asarray(f, np.float64) / s
    return clamp8(np.sign(f) * np.floor(np.abs(f) + 0.5) + zp)


def dequantize(x, s, zp):
    return (np.asarray(x, np.float64) - zp) * s
