# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A minimal, dependency-free reader for TFLite flatbuffers.

Only the tables and fields the importer needs are decoded. Field indices follow
the public TFLite schema (schema.fbs): Model{1 operator_codes, 2 subgraphs,
4 buffers}, SubGraph{0 tensors, 1 inputs, 2 outputs, 3 operators}, Tensor{0
shape, 1 type, 2 buffer, 3 name, 4 quantization}, Operator{0 opcode_index,
1 inputs, 2 outputs, 3 builtin_options_type, 4 builtin_options},
OperatorCode{0 deprecated_builtin_code, 1 custom_code, 3 builtin_code}.
"""

import struct

import numpy as np

# BuiltinOperator enum (subset that has names here; others print as numbers).
BUILTIN_OPS = {
    0: "ADD", 1: "AVERAGE_POOL_2D", 2: "CONCATENATION", 3: "CONV_2D",
    4: "DEPTHWISE_CONV_2D", 5: "DEPTH_TO_SPACE", 6: "DEQUANTIZE",
    7: "EMBEDDING_LOOKUP", 8: "FLOOR", 9: "FULLY_CONNECTED",
    10: "HASHTABLE_LOOKUP", 11: "L2_NORMALIZATION", 12: "L2_POOL_2D",
    13: "LOCAL_RESPONSE_NORMALIZATION", 14: "LOGISTIC", 15: "LSH_PROJECTION",
    16: "LSTM", 17: "MAX_POOL_2D", 18: "MUL", 19: "RELU", 20: "RELU_N1_TO_1",
    21: "RELU6", 22: "RESHAPE", 23: "RESIZE_BILINEAR", 24: "RNN",
    25: "SOFTMAX", 26: "SPACE_TO_DEPTH", 27: "SVDF", 28: "TANH",
    29: "CONCAT_EMBEDDINGS", 30: "SKIP_GRAM", 31: "CALL", 32: "CUSTOM",
    33: "EMBEDDING_LOOKUP_SPARSE", 34: "PAD",
    35: "UNIDIRECTIONAL_SEQUENCE_RNN", 36: "GATHER", 37: "BATCH_TO_SPACE_ND",
    38: "SPACE_TO_BATCH_ND", 39: "TRANSPOSE", 40: "MEAN", 41: "SUB", 42: "DIV",
    43: "SQUEEZE", 44: "UNIDIRECTIONAL_SEQUENCE_LSTM", 45: "STRIDED_SLICE",
    46: "BIDIRECTIONAL_SEQUENCE_RNN", 47: "EXP", 48: "TOPK_V2", 49: "SPLIT",
    50: "LOG_SOFTMAX", 51: "DELEGATE", 52: "BIDIRECTIONAL_SEQUENCE_LSTM",
    53: "CAST", 54: "PRELU", 55: "MAXIMUM", 56: "ARG_MAX", 57: "MINIMUM",
    58: "LESS", 59: "NEG", 60: "PADV2", 61: "GREATER", 62: "GREATER_EQUAL",
    63: "LESS_EQUAL", 64: "SELECT", 65: "SLICE", 66: "SIN",
    67: "TRANSPOSE_CONV", 68: "SPARSE_TO_DENSE", 69: "TILE", 70: "EXPAND_DIMS",
    71: "EQUAL", 72: "NOT_EQUAL", 73: "LOG", 74: "SUM", 75: "SQRT", 76: "RSQRT",
    77: "SHAPE", 78: "POW", 79: "ARG_MIN", 80: "FAKE_QUANT", 81: "REDUCE_PROD",
    82: "REDUCE_MAX", 83: "PACK", 84: "LOGICAL_OR", 85: "ONE_HOT",
    86: "LOGICAL_AND", 87: "LOGICAL_NOT", 88: "UNPACK", 89: "REDUCE_MIN",
    90: "FLOOR_DIV", 91: "REDUCE_ANY", 92: "SQUARE", 93: "ZEROS_LIKE",
    94: "FILL", 95: "FLOOR_MOD", 96: "RANGE", 97: "RESIZE_NEAREST_NEIGHBOR",
    98: "LEAKY_RELU", 99: "SQUARED_DIFFERENCE", 100: "MIRROR_PAD", 101: "ABS",
    102: "SPLIT_V", 103: "UNIQUE", 104: "CEIL", 105: "REVERSE_V2",
    106: "ADD_N", 107: "GATHER_ND", 108: "COS", 109: "WHERE", 110: "RANK",
    111: "ELU", 112: "REVERSE_SEQUENCE", 113: "MATRIX_DIAG", 114: "QUANTIZE",
    115: "MATRIX_SET_DIAG", 116: "ROUND", 117: "HARD_SWISH", 118: "IF",
    119: "WHILE", 120: "NON_MAX_SUPPRESSION_V4",
    121: "NON_MAX_SUPPRESSION_V5", 122: "SCATTER_ND", 123: "SELECT_V2",
    124: "DENSIFY", 125: "SEGMENT_SUM", 126: "BATCH_MATMUL",
    127: "PLACEHOLDER_FOR_GREATER_OP_CODES", 128: "CUMSUM", 129: "CALL_ONCE",
    130: "BROADCAST_TO", 131: "RFFT2D", 132: "CONV_3D", 133: "IMAG", 134: "REAL",
    135: "COMPLEX_ABS", 136: "HASHTABLE", 137: "HASHTABLE_FIND",
    138: "HASHTABLE_IMPORT", 139: "HASHTABLE_SIZE", 140: "REDUCE_ALL",
    141: "CONV_3D_TRANSPOSE", 142: "VAR_HANDLE", 143: "READ_VARIABLE",
    144: "ASSIGN_VARIABLE", 145: "BROADCAST_ARGS", 146: "RANDOM_STANDARD_NORMAL",
    147: "BUCKETIZE", 148: "RANDOM_UNIFORM", 149: "MULTINOMIAL", 150: "GELU",
    151: "DYNAMIC_UPDATE_SLICE", 152: "RELU_0_TO_1", 153: "UNSORTED_SEGMENT_PROD",
    154: "UNSORTED_SEGMENT_MAX", 155: "UNSORTED_SEGMENT_SUM", 156: "ATAN2",
    157: "UNSORTED_SEGMENT_MIN", 158: "SIGN", 159: "BITCAST", 160: "BITWISE_XOR",
    161: "RIGHT_SHIFT",
}

# TensorType enum -> (MLIR element type, numpy dtype).
TENSOR_TYPES = {
    0: ("f32", np.float32), 1: ("f16", np.float16), 2: ("i32", np.int32),
    3: ("ui8", np.uint8), 4: ("i64", np.int64), 6: ("i1", np.bool_),
    7: ("i16", np.int16), 9: ("i8", np.int8),
}


class Table:
    """A flatbuffer table at absolute offset `pos` in `buf`."""

    __slots__ = ("buf", "pos", "vt", "vt_len")

    def __init__(self, buf, pos):
        self.buf = buf
        self.pos = pos
        self.vt = pos - struct.unpack_from("<i", buf, pos)[0]
        self.vt_len = struct.unpack_from("<H", buf, self.vt)[0]

    def _field(self, idx):
        off = 4 + 2 * idx
        if off >= self.vt_len:
            return 0
        return struct.unpack_from("<H", self.buf, self.vt + off)[0]

    def has(self, idx):
        return self._field(idx) != 0

    def scalar(self, idx, fmt, default=0):
        o = self._field(idx)
        if not o:
            return default
        return struct.unpack_from("<" + fmt, self.buf, self.pos + o)[0]

    def _indirect(self, idx):
        o = self._field(idx)
        if not o:
            return None
        p = self.pos + o
        return p + struct.unpack_from("<I", self.buf, p)[0]

    def table(self, idx):
        p = self._indirect(idx)
        return None if p is None else Table(self.buf, p)

    def string(self, idx):
        p = self._indirect(idx)
        if p is None:
            return None
        n = struct.unpack_from("<I", self.buf, p)[0]
        return bytes(self.buf[p + 4:p + 4 + n]).decode("utf-8", "replace")

    def vector_raw(self, idx):
        """(start, length) of a vector field, or None."""
        p = self._indirect(idx)
        if p is None:
            return None
        return p + 4, struct.unpack_from("<I", self.buf, p)[0]

    def vector(self, idx, fmt):
        v = self.vector_raw(idx)
        if v is None:
            return []
        start, n = v
        return list(struct.unpack_from("<%d%s" % (n, fmt), self.buf, start))

    def vector_np(self, idx, dtype):
        v = self.vector_raw(idx)
        if v is None:
            return None
        start, n = v
        return np.frombuffer(self.buf, dtype=dtype, count=n, offset=start)

    def tables(self, idx):
        v = self.vector_raw(idx)
        if v is None:
            return []
        start, n = v
        out = []
        for i in range(n):
            p = start + 4 * i
            out.append(Table(self.buf, p + struct.unpack_from("<I", self.buf, p)[0]))
        return out


class Tensor:
    def __init__(self, t, index, buffers, buf):
        self.index = index
        self.shape = tuple(t.vector(0, "i"))
        self.type_code = t.scalar(1, "b", 0)
        if self.type_code not in TENSOR_TYPES:
            raise ValueError(f"tensor {index}: unsupported TFLite tensor type {self.type_code}")
        self.dtype, self.np_dtype = TENSOR_TYPES[self.type_code]
        self.buffer = t.scalar(2, "I", 0)
        self.name = t.string(3) or f"t{index}"
        q = t.table(4)
        self.scale = None
        self.zero_point = None
        self.quantized_dimension = 0
        if q is not None:
            scale = q.vector_np(2, np.float32)
            zp = q.vector_np(3, np.int64)
            if scale is not None and len(scale):
                self.scale = np.array(scale, dtype=np.float64)
                self.zero_point = (np.array(zp, dtype=np.int64) if zp is not None and len(zp)
                                   else np.zeros(len(scale), np.int64))
                self.quantized_dimension = q.scalar(6, "i", 0)
        self.data = None
        if 0 < self.buffer < len(buffers):
            b = buffers[self.buffer]
            raw = b.vector_np(0, np.uint8)
            if raw is None and b.has(1):  # Large models: offset/size into the file.
                off = b.scalar(1, "Q", 0)
                size = b.scalar(2, "Q", 0)
                if off > 1 and size:
                    raw = np.frombuffer(buf, dtype=np.uint8, count=size, offset=off)
            if raw is not None and len(raw):
                self.data = np.frombuffer(raw.tobytes(), dtype=self.np_dtype).reshape(self.shape)

    @property
    def quantized(self):
        return self.scale is not None and self.dtype in ("i8", "ui8", "i16", "i32")


class Operator:
    def __init__(self, t, index, opcodes):
        self.index = index
        code = opcodes[t.scalar(0, "I", 0)]
        self.opcode, self.custom_code = code
        self.op = BUILTIN_OPS.get(self.opcode, f"BUILTIN_{self.opcode}")
        if self.opcode == 32:
            self.op = f"CUSTOM({self.custom_code})"
        self.inputs = t.vector(1, "i")
        self.outputs = t.vector(2, "i")
        self.options = t.table(4)  # Table or None; fields read by the converter.


class Model:
    def __init__(self, path):
        with open(path, "rb") as f:
            self.buf = f.read()
        root = Table(self.buf, struct.unpack_from("<I", self.buf, 0)[0])
        self.opcodes = []
        for oc in root.tables(1):
            dep = oc.scalar(0, "b", 0)
            new = oc.scalar(3, "i", 0)
            self.opcodes.append((max(dep, new), oc.string(1)))
        buffers = root.tables(4)
        subgraphs = root.tables(2)
        if not subgraphs:
            raise ValueError(f"{path}: no subgraphs")
        sg = subgraphs[0]
        self.tensors = [Tensor(t, i, buffers, self.buf) for i, t in enumerate(sg.tables(0))]
        self.inputs = sg.vector(1, "i")
        self.outputs = sg.vector(2, "i")
        self.operators = [Operator(t, i, self.opcodes) for i, t in enumerate(sg.tables(3))]
        self.num_subgraphs = len(subgraphs)
