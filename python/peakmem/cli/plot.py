# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`peakmem plot MODEL -o PNG`: live bytes over statements before and after
peakmem; with --arena, the static arena plan of the optimized program."""

from peakmem import optimize, plot


def add_arguments(parser):
    parser.add_argument("model", metavar="MODEL", help=".tflite, .onnx or bufferized .mlir")
    parser.add_argument("-o", "--output", required=True, help="PNG to write")
    parser.add_argument("--upstream", action="store_true",
                        help="also draw the upstream optimize-allocation-liveness line")
    parser.add_argument("--arena", action="store_true",
                        help="draw the static arena plan of the optimized program "
                        "(peakmem-plan-arena) instead: buffers as rectangles, statement "
                        "step against offset")


def run(args):
    r = optimize.optimize(args.model, execute_programs=False, arena=args.arena)
    if args.arena:
        if not r.get("arena_plan"):
            print(f"peakmem plot: no arena planned: {optimize.arena_line(r).split(': ', 1)[1]}")
            return 1
        plot.plot_arena(r["arena_plan"], args.output, title=r["model"],
                        baselines=r["arena_baselines"])
        print(args.output)
        return 0
    timelines = optimize.live_timelines(
        r["before_text"], r["after_text"], r["upstream_text"] if args.upstream else None)
    plot.plot_before_after(timelines, args.output, title=r["model"],
                           lower_bound=r["lower_bound"])
    print(args.output)
    return 0
