# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`peakmem plot MODEL -o PNG`: live bytes over statements as imported, after
upstream and after peakmem; with --arena, the static arena plan of the
optimized program."""

import argparse

from peakmem import optimize, plot, report


def add_arguments(parser):
    parser.add_argument("model", metavar="MODEL", help=".tflite, .onnx or bufferized .mlir")
    parser.add_argument("-o", "--output", required=True, help="PNG to write")
    parser.add_argument("--no-upstream", action="store_true",
                        help="leave out the upstream optimize-allocation-liveness curve "
                        "(drawn by default)")
    parser.add_argument("--upstream", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--arena", action="store_true",
                        help="draw the static arena plan of the optimized program "
                        "(peakmem-plan-arena) instead: buffers as rectangles, statement "
                        "against offset, with what lies outside the arena")


def run(args):
    r = optimize.optimize(args.model, execute_programs=False, arena=args.arena)
    if args.arena:
        if not r.get("arena_plan"):
            print(f"peakmem plot: no arena planned: {report.arena_line(r).split(': ', 1)[1]}")
            return 1
        plot.plot_arena(r["arena_plan"], args.output, title=r["model"],
                        baselines=r["arena_baselines"], live_peak=r["peak_peakmem"],
                        footprint=r["arena_footprint"])
        print(args.output)
        return 0
    timelines = {k: v for k, v in r["timelines"].items()
                 if not (args.no_upstream and k == "upstream")}
    plot.plot_before_after(timelines, args.output, title=r["model"],
                           lower_bound=r["lower_bound"])
    print(args.output)
    return 0
