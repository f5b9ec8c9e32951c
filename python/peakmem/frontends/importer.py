# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A TFLite or ONNX model (or a built-in ReDimNet or architectures.py graph) to bufferized memref
IR: peakmem's TOSA emitters, then the upstream lowering of pipeline.py.

The command line is `peakmem import` (peakmem/cli/import_.py).
"""

import pathlib
import time

from . import pipeline
from .tosa_emitter import ImportError_


def is_builtin(model) -> bool:
    """Whether `model` names a graph built here rather than a file:
    ReDimNet (`redimnet_b0`...) or an architectures.py network."""
    name = pathlib.Path(model).name
    from . import architectures
    return name.startswith("redimnet_") or name in architectures.MODELS


def emit_tosa(model, weights="splat"):
    """Imports a model file to TOSA MLIR text."""
    path = pathlib.Path(model)
    suffix = path.suffix.lower()
    if suffix == ".tflite":
        from .tflite import import_tflite
        return import_tflite(str(path), weights)
    if suffix == ".onnx":
        from .onnx_frontend import import_onnx
        return import_onnx(str(path), weights)
    if suffix == ".redimnet" or path.name.startswith("redimnet_"):
        from .redimnet import build
        return build(path.stem.split("_", 1)[1], weights=weights)
    from . import architectures
    if path.name in architectures.MODELS:
        return architectures.build(path.name, weights=weights)
    raise ImportError_(f"{model}: unknown model format (expected .tflite or .onnx)")


def import_model(model, out=None, weights="splat", keep_stages=None, fuse=True):
    """Imports `model` all the way to bufferized memref IR. Returns (text, info)."""
    t0 = time.perf_counter()
    tosa = emit_tosa(model, weights)
    return lower_tosa(tosa, model, pathlib.Path(model).stem, t0, out=out,
                      keep_stages=keep_stages, fuse=fuse)


def lower_tosa(tosa, model, stem, t0, out=None, keep_stages=None, fuse=True):
    """TOSA text emitted for `model` since `t0` (perf_counter) -> bufferized
    memref IR through the one pipeline, checked plain; returns (text, info)
    with the import statistics and times; writes `out` when given."""
    t1 = time.perf_counter()
    text, times = pipeline.run_pipeline(tosa, keep_stages, stem, fuse=fuse)
    problems = pipeline.check_final(text)
    if problems:
        raise pipeline.PipelineError(f"{model}: final IR is not plain memref IR: "
                                     + "; ".join(problems))
    info = pipeline.stats(text)
    info["emit_s"] = t1 - t0
    info["mlir_opt_s"] = sum(times.values())
    info["total_s"] = time.perf_counter() - t0
    if out:
        pathlib.Path(out).parent.mkdir(parents=True, exist_ok=True)
        pathlib.Path(out).write_text(text)
    return text, info
