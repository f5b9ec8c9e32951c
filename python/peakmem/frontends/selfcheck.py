# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Importer self-check: JIT-runs an imported (bufferized) module on two
different deterministic inputs and reports whether the outputs differ.

Standalone (no project runtime needed): plain malloc/free, the harness's lowering
(peakmem.lowering, without the counting allocator's hooks),
mlir-runner with the runner-utils libraries, printMemrefF32 of every result.
Only modules whose arguments are all inputs (`--weights splat` or `real`).

    /usr/bin/python3 -m peakmem.frontends.selfcheck OUT.mlir
"""

import re
import sys

import numpy as np

from peakmem import mlirtext, binaries
from peakmem.lowering import LOWERING_PASSES_MALLOC, runner_libs

def _par(r):
    return ", ".join(['"parallel"'] * r)


def _parse_memref(t):
    dims = t.split("x")
    return [int(d) for d in dims[:-1]], dims[-1]


def _memref_shape(t):
    if not (t.startswith("memref<") and t.endswith(">")):
        raise ValueError(f"@main: {t} is not a memref")
    return _parse_memref(t[len("memref<"):-1])


def signature(text):
    """([shape, element type] of each argument, ... of each result) of @main."""
    main = next((f for f in mlirtext.parse_functions(text) if f.name == "main"), None)
    if main is None:
        raise ValueError("no @main")
    return ([_memref_shape(t) for t in main.arg_types],
            [_memref_shape(t) for t in main.result_types])


def fan_in(shape):
    """Fan-in guess for a weight argument (OHWI, HWCM, GFHWC, vectors)."""
    if len(shape) == 4 and shape[3] == 1 and shape[0] < 16:  # HWCM depthwise (M = 1)
        return shape[0] * shape[1]
    if len(shape) >= 2:
        return int(np.prod(shape[1:])) if len(shape) != 5 else int(np.prod(shape[2:]))
    return 1


def driver(args, rets, seed):
    lines = ["  func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}",
             "  func.func @pm_driver() {"]
    names = []
    for k, (shape, et) in enumerate(args):
        mt = "memref<" + "x".join(map(str, shape)) + f"x{et}>"
        r = len(shape)
        idx = ", ".join(f"d{i}" for i in range(r))
        strides = [int(np.prod(shape[i + 1:])) for i in range(r)]
        lines.append(f"    %a{k} = memref.alloc() : {mt}")
        lines.append(f"    linalg.generic {{indexing_maps = [affine_map<({idx}) -> ({idx})>], "
                     f"iterator_types = [{_par(r)}]}} outs(%a{k} : {mt}) {{")
        lines.append(f"    ^bb0(%o: {et}):")
        lines.append("      %lin0 = arith.constant 0 : index")
        prev = "%lin0"
        for i in range(r):
            lines.append(f"      %i{i} = linalg.index {i} : index")
            lines.append(f"      %s{i} = arith.constant {strides[i]} : index")
            lines.append(f"      %m{i} = arith.muli %i{i}, %s{i} : index")
            lines.append(f"      %l{i} = arith.addi {prev}, %m{i} : index")
            prev = f"%l{i}"
        lines.append(f"      %li = arith.index_cast {prev} : index to i64")
        s = seed if k == 0 else 0
        lines.append(f"      %mul = arith.constant {37 + 16 * s + 3 * k} : i64")
        lines.append(f"      %add = arith.constant {11 + 7 * s + k} : i64")
        lines.append("      %mod = arith.constant 251 : i64")
        # Seed 1 also shifts the mean: splat-weight networks are mean-like.
        lines.append(f"      %off = arith.constant {125 - 60 * seed if k == 0 else 125} : i64")
        lines.append("      %p = arith.muli %li, %mul : i64")
        lines.append("      %q = arith.addi %p, %add : i64")
        lines.append("      %r = arith.remsi %q, %mod : i64")
        lines.append("      %v = arith.subi %r, %off : i64")
        if et.startswith("f"):
            lines.append(f"      %f = arith.sitofp %v : i64 to {et}")
            sc = 7.8125e-03 if k == 0 else 7.8125e-03 / max(1.0, fan_in(shape) ** 0.5) * 1.7
            lines.append(f"      %sc = arith.constant {sc:.6e} : {et}")
            lines.append(f"      %y = arith.mulf %f, %sc : {et}")
        else:
            # Integer inputs: halve the range so the seed shift does not wrap.
            lines.append("      %two = arith.constant 2 : i64")
            lines.append("      %vh = arith.divsi %v, %two : i64")
            lines.append(f"      %y = arith.trunci %vh : i64 to {et}")
        lines.append(f"      linalg.yield %y : {et}")
        lines.append("    }")
        names.append((f"%a{k}", mt))
    _call_main_and_print(lines, names, rets, unsigned=())
    lines.append("    return")
    lines.append("  }")
    return "\n".join(lines)


def run_once(text, seed, timeout=600):
    args, rets = signature(text)
    body = text.rstrip()
    assert body.endswith("}")
    module = body[:-1] + driver(args, rets, seed) + "\n}\n"
    lowered = binaries.run([binaries.llvm_tool("mlir-opt"), "-", *LOWERING_PASSES_MALLOC], input_text=module,
                        timeout=timeout)
    out = binaries.run([binaries.llvm_tool("mlir-runner"), "-", "-e", "pm_driver",
                     "-entry-point-result=void", "-O2",
                     "-shared-libs=" + ",".join(runner_libs())], input_text=lowered, timeout=timeout)
    vals = re.findall(r"[-+]?(?:nan|inf|\d+(?:\.\d*)?(?:e[-+]?\d+)?)", out.split("data =", 1)[-1])
    return out, vals


_NP = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "i8": np.int8, "ui8": np.uint8,
       "i16": np.int16, "i32": np.int32, "i64": np.int64, "i1": np.bool_}


def _mt(shape, et):
    return "memref<" + "".join(f"{d}x" for d in shape) + f"{et}>"


def _literal(arr, et):
    flat = np.ascontiguousarray(np.asarray(arr, _NP[et]).reshape(-1))
    if et == "i1":
        flat = flat.astype(np.uint8)
    return 'dense<"0x' + flat.astype(flat.dtype.newbyteorder("<")).tobytes().hex().upper() + '">'


def run_with_inputs(text, inputs, timeout=600, opt_level=0):
    """Runs @main of a bufferized module on the given numpy `inputs` (one per
    argument, in order; shapes and element types must match the signature)
    and returns its results as numpy arrays of the result types. The inputs
    are embedded as memref.global initializers; every result is printed with
    printMemrefF32 (integers up to 2^24 and f32 values are exact at the
    printed precision for i8/i32 data; f32 results are printed with 6
    significant digits)."""
    args, rets = signature(text)
    if len(inputs) != len(args):
        raise ValueError(f"{len(inputs)} inputs for {len(args)} arguments")
    glob, lines = [], ["  func.func private @printMemrefF32(memref<*xf32>) "
                       "attributes {llvm.emit_c_interface}",
                       "  func.func @pm_driver() {"]
    names = []
    for k, ((shape, et), arr) in enumerate(zip(args, inputs)):
        arr = np.asarray(arr)
        if tuple(arr.shape) != tuple(shape):
            raise ValueError(f"input {k}: shape {arr.shape} != {tuple(shape)}")
        mt = _mt(shape, et)
        glob.append(f'  memref.global "private" @pm_in{k} : {mt} = {_literal(arr, et)}')
        lines.append(f"    %a{k} = memref.get_global @pm_in{k} : {mt}")
        names.append((f"%a{k}", mt))
    _call_main_and_print(lines, names, rets, unsigned=("i1", "ui8"))
    lines.append("    return")
    lines.append("  }")
    body = text.rstrip()
    assert body.endswith("}")
    module = body[:-1] + "\n".join(glob + lines) + "\n}\n"
    lowered = binaries.run([binaries.llvm_tool("mlir-opt"), "-", *LOWERING_PASSES_MALLOC], input_text=module,
                        timeout=timeout)
    out = binaries.run([binaries.llvm_tool("mlir-runner"), "-", "-e", "pm_driver",
                     "-entry-point-result=void", f"-O{opt_level}",
                     "-shared-libs=" + ",".join(runner_libs())], input_text=lowered, timeout=timeout)
    chunks = out.split("Unranked Memref")[1:]
    if len(chunks) != len(rets):
        raise RuntimeError(f"expected {len(rets)} printed results, got {len(chunks)}:\n{out[:2000]}")
    results = []
    for (shape, et), chunk in zip(rets, chunks):
        data = chunk.split("data =", 1)[1]
        vals = re.findall(r"[-+]?(?:nan|inf|\d+(?:\.\d*)?(?:e[-+]?\d+)?)", data)
        arr = np.array([float(v) for v in vals], np.float64)
        if arr.size != int(np.prod(shape)):
            raise RuntimeError(f"result has {arr.size} values, expected shape {shape}")
        results.append(arr.reshape(shape).astype(_NP.get(et, np.float64)))
    return results


def check(path):
    text = open(path).read()
    out0, v0 = run_once(text, 0)
    out1, v1 = run_once(text, 1)
    differ = v0 != v1
    nonconst = len(set(v0)) > 1
    return differ, nonconst, out0


def main(argv):
    ok = True
    for p in argv:
        differ, nonconst, out0 = check(p)
        print(f"{p}: outputs depend on input: {differ}; non-constant output: {nonconst}")
        ok &= differ
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


def _call_main_and_print(lines, names, rets, unsigned):
    """Appends the call of @main with `names` ((value, type) pairs) and, for
    each result (shape, element type), its conversion to f32 and a
    printMemrefF32 call. Integer element types in `unsigned` convert with
    uitofp, the others with sitofp."""
    rtypes = [_mt(s, et) for s, et in rets]
    res = ", ".join(f"%r{k}" for k in range(len(rets)))
    call = (f"call @main({', '.join(n for n, _ in names)}) : "
            f"({', '.join(t for _, t in names)}) -> ({', '.join(rtypes)})")
    lines.append(f"    {res} = {call}" if rets else f"    {call}")
    for k, ((shape, et), mt) in enumerate(zip(rets, rtypes)):
        ft = _mt(shape, "f32")
        r = len(shape)
        idx = ", ".join(f"d{i}" for i in range(r))
        lines.append(f"    %f{k} = memref.alloc() : {ft}")
        if et == "f32":
            lines.append(f"    memref.copy %r{k}, %f{k} : {mt} to {ft}")
        else:
            conv = ("arith.extf" if et.startswith("f") else
                    "arith.uitofp" if et in unsigned else "arith.sitofp")
            lines.append(f"    linalg.generic {{indexing_maps = [affine_map<({idx}) -> ({idx})>, "
                         f"affine_map<({idx}) -> ({idx})>], iterator_types = "
                         f"[{_par(r)}]}} ins(%r{k} : {mt}) outs(%f{k} : {ft}) {{")
            lines.append(f"    ^bb0(%i: {et}, %o: f32):")
            lines.append(f"      %c = {conv} %i : {et} to f32")
            lines.append("      linalg.yield %c : f32")
            lines.append("    }")
        lines.append(f"    %u{k} = memref.cast %f{k} : {ft} to memref<*xf32>")
        lines.append(f"    call @printMemrefF32(%u{k}) : (memref<*xf32>) -> ()")
