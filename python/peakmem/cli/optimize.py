# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`peakmem optimize MODEL`: import, optimize, execute before/after, report
(the job is peakmem.optimize)."""

from peakmem import plot
from peakmem.optimize import exact, live_timelines, optimize, print_report, progress


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


def run(args):
    r = optimize(args.model, execute_programs=not args.no_exec,
                 weights=args.weights, keep=args.keep, arena=not args.no_arena)
    print_report(r)
    if args.plot:
        progress(f"plotting to {args.plot}")
        plot.plot_before_after(
            live_timelines(r["before_text"], r["after_text"], r["upstream_text"]),
            args.plot, title=r["model"], lower_bound=r["lower_bound"])
        print(f"plot:                  {args.plot}")
    if "digest_imported" in r and (
            r["digest_imported"] != r["digest_peakmem"] or not exact(r) or
            r.get("digest_arena", r["digest_imported"]) != r["digest_imported"]):
        return 1
    return 0
