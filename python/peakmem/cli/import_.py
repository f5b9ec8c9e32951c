# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`peakmem import MODEL.tflite|MODEL.onnx -o OUT.mlir [--weights ...] [--keep-stages DIR]`

The importer is peakmem.frontends.importer. The bundled corpus is regenerated
from a source checkout by `python3 corpus/generate.py` (tools/corpus.py).
"""

import pathlib
import sys

from peakmem.frontends import pipeline
from peakmem.frontends.importer import emit_tosa, import_model
from peakmem.frontends.tosa_emitter import ImportError_


def add_arguments(parser):
    parser.add_argument("model", nargs="?", metavar="MODEL", help="model file (.tflite or .onnx), or "
                        "redimnet_b0 / redimnet_b2 for the built-in ReDimNet graphs")
    parser.add_argument("-o", "--output", help="output .mlir (bufferized memref IR with frees)")
    parser.add_argument("--weights", choices=["splat", "args", "real"], default="splat",
                        help="splat constants (default), function arguments, or the "
                        "model's real data (a weight the file has no data for is an error)")
    parser.add_argument("--keep-stages", metavar="DIR",
                        help="write every stage (tosa, linalg, fused, bufferized, dealloc)")
    parser.add_argument("--emit-tosa", action="store_true",
                        help="stop after the TOSA stage (write TOSA MLIR to -o)")
    parser.add_argument("--no-fuse", action="store_true",
                        help="skip linalg-fuse-elementwise-ops (for comparison)")
    parser.add_argument("--train", action="store_true",
                        help="one float32 training step (forward, softmax cross-entropy loss, "
                        "backward, SGD update of the weight arguments in place); "
                        "see docs/Training.md")
    parser.add_argument("--batch", type=int, default=1, metavar="N",
                        help="batch size of --train (default 1)")
    parser.add_argument("--updates", choices=["end", "eager"], default="end",
                        help="--train: SGD updates after the whole backward pass (default, "
                        "as optimizer.step()) or each as soon as its gradient is complete")
    parser.add_argument("--train-mode", choices=["update", "grads"], default="update",
                        help="update (default): SGD update in place, returns the loss; grads: "
                        "returns the loss and every weight gradient, no update (tests)")


def run(args):
    if not args.model:
        print("peakmem import: a model file is required", file=sys.stderr)
        return 2
    if args.batch < 1:
        print("peakmem import: --batch must be >= 1", file=sys.stderr)
        return 2
    if args.batch != 1 and not args.train:
        print("peakmem import: --batch needs --train", file=sys.stderr)
        return 2
    try:
        if args.train:
            from peakmem.frontends import training
            if args.emit_tosa:
                text = training.build_training_tosa(args.model, args.batch, args.train_mode,
                                                    args.updates)
                if args.output:
                    pathlib.Path(args.output).write_text(text)
                else:
                    sys.stdout.write(text)
                return 0
            text, info = training.import_training(args.model, args.output, args.batch,
                                                  args.train_mode, args.keep_stages, args.updates)
        elif args.emit_tosa:
            text = emit_tosa(args.model, args.weights)
            if args.output:
                pathlib.Path(args.output).write_text(text)
            else:
                sys.stdout.write(text)
            return 0
        else:
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
