# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The one lowering of a bufferized module to the LLVM dialect, and the
libraries mlir-runner needs to run it.

Used by the execution harness (execute.py, with the counting allocator) and
the importer self-check (frontends/selfcheck.py, with plain malloc/free).
Upstream passes only; each one is a no-op on a module without the ops it
handles.
"""

from typing import List

from peakmem import binaries

# `use-generic-functions=true` makes memref.alloc/dealloc call
# _mlir_memref_to_llvm_alloc/free, which the counting allocator
# (lib/Runtime/CountingAllocator.c) defines; without it they call malloc/free.
_FINALIZE_MEMREF = "--finalize-memref-to-llvm"
_COUNTING = "=use-generic-functions=true"


def _passes(finalize_memref: str) -> List[str]:
    return [
        "--async-to-async-runtime",           # async.execute -> coroutines
        "--async-runtime-ref-counting",
        "--async-runtime-ref-counting-opt",
        "--convert-async-to-llvm",            # calls of libmlir_async_runtime
        "--convert-bufferization-to-memref",  # bufferization.dealloc / clone
        "--expand-realloc",                   # realloc -> alloc + copy + dealloc
        "--scf-forall-to-for",
        "--convert-linalg-to-loops",          # convs, matmul, generic, fill...
        "--convert-math-to-funcs",            # math.ipowi / fpowi
        "--expand-strided-metadata",          # subview, expand/collapse_shape
        "--lower-affine",
        "--convert-scf-to-cf",
        "--arith-expand",                     # ceildivsi, floordivsi, ...
        "--convert-math-to-llvm",             # exp, log, sqrt, rsqrt, tanh...
        "--convert-math-to-libm",             # the rest: erf, atan, ... -> libm
        "--convert-vector-to-llvm",           # vector element types / ops
        "--convert-complex-to-llvm",          # complex element types / ops
        finalize_memref,
        "--convert-arith-to-llvm",
        "--convert-index-to-llvm",
        "--convert-ub-to-llvm",
        "--convert-func-to-llvm",
        "--convert-cf-to-llvm",
        "--reconcile-unrealized-casts",
    ]


# Heap allocations through the counting allocator's hooks (execute.py).
LOWERING_PASSES = _passes(_FINALIZE_MEMREF + _COUNTING)
# The same lowering with plain malloc/free (no project runtime needed).
LOWERING_PASSES_MALLOC = _passes(_FINALIZE_MEMREF)

# mlir-runner support libraries, from the LLVM installation of binaries.LLVM_BIN.
RUNNER_LIB_NAMES = ["libmlir_c_runner_utils.so", "libmlir_runner_utils.so",
                    "libmlir_async_runtime.so"]


def runner_libs() -> List[str]:
    lib = binaries.LLVM_BIN.parent / "lib"
    return [str(lib / name) for name in RUNNER_LIB_NAMES]
