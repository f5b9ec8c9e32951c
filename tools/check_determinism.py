#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Same input, same options, same bytes: runs peakmem pipelines over corpus
models under several conditions and compares the output bytes (the IR and
every diagnostic) of each model across them (issue #23).

Conditions: ``idle`` (as the machine is), ``load`` (with --load busy
processes running, default 3: `yes > /dev/null`), ``single``
(``--mlir-disable-threading``) and, with --forms, ``flag`` (the pass's flag
form on the module instead of the nested pipeline). Prints one table per
pipeline (model, a short hash per condition, same or DIFFERS, seconds) and
exits 1 if any model's bytes differ between conditions.

    python3 tools/check_determinism.py                  # the non-arena pipelines
    python3 tools/check_determinism.py --arena          # optimize{arena=alloc}, plan-arena
    python3 tools/check_determinism.py --all            # both
    python3 tools/check_determinism.py --pipeline 'builtin.module(func.func(peakmem-reorder))'
"""

import argparse
import hashlib
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent

# (name, nested pipeline, flag form or None)
PIPELINES = [
    ("reorder", "builtin.module(func.func(peakmem-reorder))", "--peakmem-reorder"),
    ("recompute", "builtin.module(func.func(peakmem-recompute))", "--peakmem-recompute"),
    ("certify", "builtin.module(func.func(peakmem-reorder,peakmem-certify))", None),
    ("optimize", "builtin.module(func.func(peakmem-optimize))", "--peakmem-optimize"),
]
ARENA_PIPELINES = [
    ("optimize-arena", "builtin.module(func.func(peakmem-optimize{arena=alloc}))",
     "--peakmem-optimize=arena=alloc"),
    ("plan-arena", "builtin.module(func.func(peakmem-plan-arena))", "--peakmem-plan-arena"),
]


def run(opt: pathlib.Path, model: pathlib.Path, args: list) -> tuple:
    """The output bytes (IR, then diagnostics) and the seconds it took."""
    start = time.monotonic()
    p = subprocess.run([str(opt), str(model), *args], capture_output=True)
    took = time.monotonic() - start
    return p.stdout + b"\0" + p.stderr + b"\0" + str(p.returncode).encode(), took


def busy(n: int) -> list:
    return [subprocess.Popen(["yes"], stdout=subprocess.DEVNULL) for _ in range(n)]


def stop(procs: list) -> None:
    for p in procs:
        p.kill()
    for p in procs:
        p.wait()


def check(opt, models, name, nested, flag, conditions, load) -> bool:
    print(f"\n## {name}: `{nested}`\n")
    print("| model | " + " | ".join(conditions) + " | result | seconds |")
    print("|---|" + "---|" * len(conditions) + "---|---:|")
    same_count, total = 0, {c: 0.0 for c in conditions}
    for model in models:
        digests, seconds = {}, 0.0
        for cond in conditions:
            args = ["-p", nested]
            if cond == "single":
                args.append("--mlir-disable-threading")
            if cond == "flag":
                args = [flag]
            procs = busy(load) if cond == "load" else []
            try:
                out, took = run(opt, model, args)
            finally:
                stop(procs)
            seconds += took
            total[cond] += took
            digests[cond] = hashlib.sha256(out).hexdigest()[:12]
        same = len(set(digests.values())) == 1
        same_count += same
        print(f"| {model.relative_to(ROOT) if model.is_relative_to(ROOT) else model} | "
              + " | ".join(digests[c] for c in conditions)
              + f" | {'same' if same else 'DIFFERS'} | {seconds:.1f} |", flush=True)
    print(f"\n{name}: {same_count} of {len(models)} models give the same bytes under "
          "every condition; seconds " + ", ".join(f"{c} {t:.1f}" for c, t in total.items()),
          flush=True)
    return same_count == len(models)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=str(ROOT / "build"), help="build directory")
    ap.add_argument("--models", nargs="*", help="models (default: every corpus/**/*.mlir)")
    ap.add_argument("--pipeline", action="append", default=[],
                    help="a pipeline to check instead of the defaults (repeatable)")
    ap.add_argument("--arena", action="store_true",
                    help="check peakmem-optimize{arena=alloc} and peakmem-plan-arena instead")
    ap.add_argument("--all", action="store_true",
                    help="check the non-arena and the arena pipelines")
    ap.add_argument("--load", type=int, default=3, help="busy processes of the load condition")
    ap.add_argument("--forms", action="store_true", help="also compare the flag form")
    args = ap.parse_args()
    opt = pathlib.Path(args.build) / "bin" / "peakmem-opt"
    if not opt.exists():
        print(f"check_determinism.py: {opt} not found (build first)", file=sys.stderr)
        return 2
    models = ([pathlib.Path(m).resolve() for m in args.models] if args.models
              else sorted((ROOT / "corpus").rglob("*.mlir")))
    pipelines = ([(f"pipeline {i + 1}", p, None) for i, p in enumerate(args.pipeline)]
                 if args.pipeline else PIPELINES + ARENA_PIPELINES if args.all
                 else ARENA_PIPELINES if args.arena else PIPELINES)
    ok = True
    for name, nested, flag in pipelines:
        conditions = ["idle", "load", "single"] + (["flag"] if args.forms and flag else [])
        ok &= check(opt, models, name, nested, flag, conditions, args.load)
    print(f"\n{'every model gave the same bytes under every condition' if ok else 'DIFFERENCES FOUND'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
