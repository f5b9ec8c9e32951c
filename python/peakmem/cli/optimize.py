# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`peakmem optimize MODEL`: import, optimize, execute before/after, report
(the job is peakmem.optimize, the report peakmem.report)."""

from peakmem import plot, report
from peakmem.execute import DEFAULT_OPT_LEVEL
from peakmem.optimize import optimize
from peakmem.progress import Progress


def add_arguments(parser):
    parser.add_argument("model", metavar="MODEL", help=".tflite, .onnx or bufferized .mlir")
    parser.add_argument("--no-exec", action="store_true",
                        help="skip executing the programs")
    parser.add_argument("--weights", choices=["splat", "args"], default="splat",
                        help="import weights as splat constants (default) or as "
                        "function arguments")
    parser.add_argument("--keep", metavar="DIR",
                        help="write before/upstream/after modules to DIR")
    parser.add_argument("--plot", metavar="PNG",
                        help="also plot live bytes before/after to PNG")
    parser.add_argument("--no-arena", action="store_true",
                        help="skip static arena planning (peakmem-plan-arena)")
    parser.add_argument("--json", metavar="FILE",
                        help="also write every figure of the report to FILE as JSON "
                        "(docs/Execution.md)")
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds per tool invocation of each execution (as exec)")
    parser.add_argument("--opt-level", type=int, choices=range(4), default=DEFAULT_OPT_LEVEL,
                        metavar="0-3", help=f"mlir-runner -O level (default {DEFAULT_OPT_LEVEL}; "
                        "results do not depend on it)")
    parser.add_argument("--seed", type=int, default=0,
                        help="input data seed of the executions (default 0)")
    parser.add_argument("--split", type=float, default=None, metavar="BUDGET",
                        help="also split the peak stages tile by tile (peakmem-split, "
                        "docs/Split.md) with at most this fraction of extra MACs and "
                        "operations, e.g. 0.1; off by default")
    parser.add_argument("--inplace", action="store_true",
                        help="also let elementwise outputs overwrite inputs that die "
                        "there (peakmem-inplace after peakmem-optimize, verified and "
                        "certified again, docs/InPlace.md); off by default")


def run(args):
    steps = Progress()
    r = optimize(args.model, execute_programs=not args.no_exec, weights=args.weights,
                 keep=args.keep, arena=not args.no_arena, timeout=args.timeout,
                 opt_level=args.opt_level, seed=args.seed, steps=steps, split=args.split,
                 inplace=args.inplace)
    if args.plot:
        with steps.step(f"plotting to {args.plot}"):
            plot.plot_before_after(r["timelines"], args.plot, title=r["model"],
                                   lower_bound=r["lower_bound"])
        r["timings"] = list(steps.timings)
    report.print_report(r)
    if args.plot:
        print(f"plot:                  {args.plot}")
    if args.json:
        report.write_json(r, args.json)
        print(f"json:                  {args.json}")
    if "digest_imported" in r and (not report.identical(r) or not report.exact(r)):
        return 1
    return 0
