"""`python -m peakmem import MODEL.tflite|MODEL.onnx -o OUT.mlir [--weights ...] [--keep-stages DIR]`

Also: `python -m peakmem import --corpus [--models DIR] [--out DIR]` regenerates the
bundled corpus (see corpus/generate.py).
"""

import pathlib
import sys
import time

from peakmem import tools

from . import pipeline
from .tosa_emitter import ImportError_


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
    raise ImportError_(f"{model}: unknown model format (expected .tflite or .onnx)")


def import_model(model, out=None, weights="splat", keep_stages=None, fuse=True):
    """Imports `model` all the way to bufferized memref IR. Returns (text, info)."""
    t0 = time.perf_counter()
    tosa = emit_tosa(model, weights)
    t1 = time.perf_counter()
    stem = pathlib.Path(model).stem
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


def add_arguments(parser):
    parser.add_argument("model", nargs="?", metavar="MODEL", help="model file (.tflite or .onnx), or "
                        "redimnet_b0 / redimnet_b2 for the built-in ReDimNet graphs")
    parser.add_argument("-o", "--output", help="output .mlir (bufferized memref IR with frees)")
    parser.add_argument("--weights", choices=["splat", "args", "real"], default="splat",
                        help="splat constants (default), function arguments, or the "
                        "model's real data (TFLite only)")
    parser.add_argument("--keep-stages", metavar="DIR",
                        help="write every stage (tosa, linalg, fused, bufferized, dealloc)")
    parser.add_argument("--emit-tosa", action="store_true",
                        help="stop after the TOSA stage (write TOSA MLIR to -o)")
    parser.add_argument("--no-fuse", action="store_true",
                        help="skip linalg-fuse-elementwise-ops (for comparison)")
    parser.add_argument("--corpus", action="store_true",
                        help="regenerate the whole corpus (corpus/generate.py)")
    parser.add_argument("--models", help="with --corpus: models directory "
                        "(default ../shared/models beside the repo)")


def run(args):
    if args.corpus:
        if tools.REPO is None:
            print("peakmem import: --corpus regenerates corpus/ of a source checkout; "
                  "run `python -m peakmem import --corpus` in its python/ directory",
                  file=sys.stderr)
            return 2
        from . import corpus
        return corpus.generate(models_dir=args.models)
    if not args.model:
        print("peakmem import: a model file is required", file=sys.stderr)
        return 2
    try:
        if args.emit_tosa:
            text = emit_tosa(args.model, args.weights)
            if args.output:
                pathlib.Path(args.output).write_text(text)
            else:
                sys.stdout.write(text)
            return 0
        text, info = import_model(args.model, args.output, args.weights, args.keep_stages,
                                  fuse=not args.no_fuse)
    except (ImportError_, pipeline.PipelineError) as err:
        print(f"peakmem import: error: {err}", file=sys.stderr)
        return 1
    if not args.output:
        sys.stdout.write(text)
    print(f"peakmem import: {args.model}: {info['allocs']} allocs, {info['deallocs']} deallocs, "
          f"{info['statements']} statements, {info['total_s']:.2f} s", file=sys.stderr)
    return 0
