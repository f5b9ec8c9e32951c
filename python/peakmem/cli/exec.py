# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`peakmem exec FILE`: run a bufferized module, print peak_bytes and
output_digest (the harness is peakmem.execute)."""

import pathlib
import sys

from peakmem.execute import (CACHING_FIELDS, DEFAULT_OPT_LEVEL, RUNTIMES,
                             ExecError, MemorySafetyError, execute_text)


def add_arguments(parser):
    parser.add_argument("file", help="bufferized MLIR module ('-' for stdin)")
    parser.add_argument("--function", default=None,
                        help="function under test (default: the only public "
                             "func.func with a body)")
    parser.add_argument("--keep", metavar="DIR", default=None,
                        help="keep input/driver/lowered module and the runner "
                             "output in DIR")
    parser.add_argument("--check-model", action="store_true",
                        help="fail unless measured peak_bytes equals the "
                             "function's peakmem.peak attribute")
    parser.add_argument("--seed", type=int, default=0,
                        help="input data seed (default 0)")
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds per tool invocation")
    parser.add_argument("--opt-level", type=int, choices=range(4),
                        default=DEFAULT_OPT_LEVEL, metavar="0-3",
                        help="mlir-runner -O level (default "
                             f"{DEFAULT_OPT_LEVEL})")
    parser.add_argument("--allocator", choices=list(RUNTIMES),
                        default="malloc",
                        help="malloc: the counting heap (default); caching: "
                             "PyTorch's CUDA caching allocator's rules, also "
                             "printing allocated_peak_bytes and "
                             "reserved_peak_bytes (docs/Execution.md)")
    parser.add_argument("--verbose", action="store_true",
                        help="also print live_bytes_at_end, alloc_count, "
                             "free_count")


def run(args):
    try:
        text = sys.stdin.read() if args.file == "-" else \
            pathlib.Path(args.file).read_text()
        res = execute_text(text, function=args.function, keep=args.keep,
                           seed=args.seed, timeout=args.timeout,
                           opt_level=args.opt_level,
                           allocator=args.allocator)
    except MemorySafetyError as err:
        if err.result is not None:
            print(f"peak_bytes: {err.result.peak_bytes}")
            print(f"output_digest: {err.result.output_digest}")
            print("use_after_free_writes: "
                  f"{err.result.use_after_free_writes}")
            sys.stdout.flush()
        print(f"peakmem exec: error: {err}", file=sys.stderr)
        return 3
    except (ExecError, FileNotFoundError, OSError) as err:
        print(f"peakmem exec: error: {err}", file=sys.stderr)
        return 2
    print(f"peak_bytes: {res.peak_bytes}")
    print(f"output_digest: {res.output_digest}")
    if res.caching_stats is not None:
        shown = CACHING_FIELDS if args.verbose else CACHING_FIELDS[:2]
        for key in shown:
            print(f"{key}: {res.caching_stats[key]}")
    if args.verbose:
        print(f"live_bytes_at_end: {res.live_bytes_at_end}")
        print(f"alloc_count: {res.alloc_count}")
        print(f"free_count: {res.free_count}")
        print(f"use_after_free_writes: {res.use_after_free_writes}")
    if args.check_model:
        sys.stdout.flush()  # keep stdout before the error when piped 2>&1
        if res.modeled_peak is None:
            print(f"peakmem exec: error: --check-model: @{res.function} has "
                  "no peakmem.peak attribute (run the peakmem-report pass "
                  "first)", file=sys.stderr)
            return 1
        if res.modeled_peak != res.peak_bytes:
            print(f"peakmem exec: error: model mismatch for @{res.function}: "
                  f"modeled peakmem.peak = {res.modeled_peak} but measured "
                  f"peak_bytes = {res.peak_bytes} (difference "
                  f"{res.peak_bytes - res.modeled_peak:+d})", file=sys.stderr)
            return 1
        print(f"model_matches: {res.peak_bytes}")
    sys.stdout.flush()
    return 0
