#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`python3 tools/bench.py` (from the repository): the corpus benchmark behind docs/results.md.

For every bufferized model of corpus/ it measures, with the same memory model
and the same binaries a user runs:
  * statements and buffers of the function body;
  * the modeled peak as imported (frees at the end, as upstream bufferization
    leaves them), after upstream --optimize-allocation-liveness, after each of
    the six baseline schedulers, after peakmem-reorder (auto), and the lower
    bound / optimality of peakmem-certify on the final order;
  * per-pass wall times from --mlir-timing (parsing and printing excluded),
    next to the time mlir-opt needs to parse and print the module;
  * the static arena of the final program (peakmem-plan-arena, checked by
    peakmem-verify-arena): each published baseline planner's arena, peakmem's,
    the arena's lower bound over every order, whether it is reached;
  * the arena with results, inputs and in-place pairs inside
    (tools/bench_arena_inside.py);
  * with --exec, the measured peak and output digest of the imported, the
    reordered and the arena programs from the execution harness (python -m
    peakmem exec).
Nothing is hard-coded: every figure in docs/results.md comes from this run.
The pages are written by tools/bench_results.py; --train runs the training
benchmark of tools/bench_train.py instead.
"""

import argparse
import concurrent.futures
import os
import pathlib
import re
import sys
import time

import bench_arena_inside
from bench_common import (ARENA_BASELINES, ARENA_PLOT_MODELS, HEURISTICS, PLOT_MODELS, REPO,
                          REPORT, arena_key, pct, product_pipeline, search_of, timed)
from bench_results import write_results
from bench_train import run_train
from peakmem import execute, optimize, passes


def corpus_files(root=None):
    root = pathlib.Path(root or REPO / "corpus")
    return sorted(root.glob("*/*.mlir"))


def peak_of(text):
    return passes.function_attrs(text).get("peak")


def bench_model(path: pathlib.Path, max_work: int, recompute: str = "",
                arena_budget_ms: int = 0) -> dict:
    text = path.read_text()
    row = {"model": path.stem, "group": path.parent.name}
    out, t, _, _ = timed(text, f"builtin.module(func.func({REPORT}))")
    entry = passes.timeline(text)
    body = entry["blocks"][0]
    row["statements"] = body["statements"]
    row["buffers"] = body["buffers"]
    row["peak_imported"] = peak_of(out)
    row["parse_print_s"] = t.get("Parser", 0) + t.get("Output", 0)
    row["report_s"] = t.get("ReportPass", 0)

    up, t, _, _ = timed(text, "builtin.module(func.func(optimize-allocation-liveness))",
                        tool="mlir-opt")
    row["upstream_s"] = sum(v for k, v in t.items() if "OptimizeAllocationLiveness" in k)
    row["peak_upstream"] = peak_of(passes.run_opt(up, f"builtin.module(func.func({REPORT}))")[0])

    for h in HEURISTICS:
        out, _, _, _ = timed(text, f"builtin.module(func.func(peakmem-reorder{{algorithm={h} remarks=0}}))")
        row[f"peak_{h}"] = peak_of(out)

    out, t, _, err = timed(
        text, f"builtin.module(func.func(peakmem-reorder{{max-work={max_work}}},"
              "peakmem-certify{remarks=0},peakmem-verify-certificate))")
    attrs = passes.function_attrs(out)
    row["peak_reorder"] = attrs.get("peak")
    row["search"] = search_of(out)
    row["reorder_s"] = t.get("ReorderPass", 0)
    row["certify_s"] = t.get("CertifyPass", 0)
    row["verify_s"] = t.get("VerifyCertificatePass", 0)
    row["model_s"] = t.get("(A) peakmem::MemoryModel", 0)

    # The product pipeline: reorder, recompute (default budgets), certify.
    out, t, _, err = timed(
        text, f"builtin.module(func.func({product_pipeline(recompute)},"
              "peakmem-verify-certificate,peakmem-report{remarks=0}))")
    attrs = passes.function_attrs(out)
    row["peak_final"] = attrs.get("peak")
    row["lower_bound"] = attrs.get("lower_bound")
    row["optimal"] = bool(attrs.get("optimal"))
    row["recompute_s"] = t.get("RecomputePass", 0)
    before_attrs = passes.function_attrs(row_before := passes.run_opt(
        text, f"builtin.module(func.func({REPORT}))")[0])
    row["macs"] = before_attrs.get("macs")
    row["ops"] = before_attrs.get("ops")
    row["extra_macs"] = (attrs.get("macs") or 0) - (row["macs"] or 0)
    row["extra_ops"] = (attrs.get("ops") or 0) - (row["ops"] or 0)
    row["recompute_note"] = passes.recompute_note(passes.record(out, "recompute"))
    row["_after"] = out
    row["_before"] = row_before
    row["_upstream"] = up

    # The static arena of the final program.
    a = optimize.plan_arena(out, budget_ms=arena_budget_ms,
                            extra=passes.timing_arguments())
    for name in ARENA_BASELINES:
        row[arena_key(name)] = a["arena_baselines"].get(name)
    row["arena_peakmem"] = a["arena_size"]
    row["arena_bound"] = a["arena_lower_bound"]
    row["arena_optimal"] = bool(a["arena_optimal"])
    row["arena_stop"] = a["arena_stop"]
    row["arena_buffers"] = len(a["arena_plan"]["buffers"]) if a["arena_plan"] else 0
    row["peak_arena"] = a["peak_arena"]
    t = passes.pass_times(a["arena_stderr"])
    row["arena_s"] = t.get("PlanArenaPass", 0)
    row["verify_arena_s"] = t.get("VerifyArenaPass", 0)
    row["_arena"] = a["arena_text"]
    row["_arena_plan"] = a["arena_plan"]
    row["_arena_footprint"] = a["arena_footprint"]
    row.update(bench_arena_inside.measure(out))
    return row


def exec_model(row: dict, timeout: float) -> dict:
    res = {}
    for label in ("imported", "final", "arena"):
        text = {"imported": row["_before"], "final": row["_after"],
                "arena": row["_arena"]}[label]
        try:
            r = execute.execute_text(text, timeout=timeout)
            res[f"measured_{label}"] = r.peak_bytes
            res[f"digest_{label}"] = r.output_digest
        except Exception as err:  # Reported in the table, never hidden.
            res[f"measured_{label}"] = None
            res["exec_error"] = str(err).splitlines()[0][:120]
            break
    return res


def add_arguments(parser):
    parser.add_argument("--corpus", default=None, help="corpus directory (default corpus/)")
    parser.add_argument("--only", default=None, help="regex on model names")
    parser.add_argument("--exec", action="store_true",
                        help="also execute imported and reordered programs (slow)")
    parser.add_argument("--exec-timeout", type=float, default=900)
    parser.add_argument("--max-work", type=int, default=100_000_000,
                        help="peakmem-reorder max-work per function (its default), in work units")
    parser.add_argument("--arena-budget-ms", type=int, default=0,
                        help="peakmem-plan-arena's opt-in wall-clock cap per function, in ms "
                        "(default 0: off; the plan stops on its work limits and is reproducible)")
    parser.add_argument("--recompute", default="",
                        help="peakmem-recompute options for the final pipeline, e.g. "
                             "'max-mac-overhead=0.05 max-op-overhead=0.05' (default: "
                             "peakmem-optimize with the default budgets; plots are then "
                             "not written)")
    parser.add_argument("-o", "--output", default=None,
                        help="default docs/results.md (docs/results-training.md with --train)")
    parser.add_argument("--csv", default=None,
                        help="default docs/results.csv (docs/results-training.csv with --train)")
    parser.add_argument("--train", action="store_true",
                        help="benchmark training steps (peakmem import --train) of the six "
                             "training models at batch 1 and 8 instead of the corpus")
    parser.add_argument("--models-dir", default=str(REPO.parent / "shared" / "models"),
                        help="directory with tflite/ and onnx/ model files (--train)")
    parser.add_argument("--from-csv", action="store_true",
                        help="--train: rewrite the .md from the .csv of a previous run "
                             "(pass the same --exec/--exec-limit)")
    parser.add_argument("--exec-limit", type=float, default=0,
                        help="--train: stop executing a configuration's remaining programs "
                             "once it has taken this many seconds (default: no limit)")
    parser.add_argument("--exec-opt-level", type=int, default=execute.DEFAULT_OPT_LEVEL,
                        choices=range(4), help="--train: mlir-runner -O level of the "
                        "executions (default %(default)s; results do not depend on it)")
    parser.add_argument("--merge-csv", action="append", metavar="CSV",
                        help="--train --from-csv: take these configurations' rows from the "
                             "csv of a separate run (e.g. --only ... --exec-opt-level 2)")
    parser.add_argument("--jobs", type=int, default=2,
                        help="parallel executions with --exec (default 2; the corpus and "
                        "--train)")


def run(args):
    stem = "results-training" if args.train else "results"
    args.output = args.output or str(REPO / "docs" / f"{stem}.md")
    args.csv = args.csv or str(REPO / "docs" / f"{stem}.csv")
    if args.train:
        return run_train(args)
    files = [f for f in corpus_files(args.corpus)
             if not args.only or re.search(args.only, f.stem)]
    rows = []
    start, args.load_start = time.perf_counter(), os.getloadavg()
    for f in files:
        t0 = time.perf_counter()
        row = bench_model(f, args.max_work, args.recompute, args.arena_budget_ms)
        row["reduction_vs_upstream_pct"] = round(pct(row["peak_final"], row["peak_upstream"]), 2)
        rows.append(row)
        print(f"[bench] {row['group']}/{row['model']}: upstream {row['peak_upstream']} -> "
              f"reorder {row['peak_reorder']} ({row['search']}), final {row['peak_final']} "
              f"(bound {row['lower_bound']}); arena {row['arena_peakmem']} (bound "
              f"{row['arena_bound']}, {row['arena_stop']}) "
              f"{time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    args.exec_s = 0.0
    if args.exec:
        exec_start = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = {pool.submit(exec_model, r, args.exec_timeout): r for r in rows}
            for fut in concurrent.futures.as_completed(futures):
                r = futures[fut]
                r.update(fut.result())
                print(f"[bench] executed {r['model']}: {r.get('measured_imported')} / "
                      f"{r.get('measured_final')} / {r.get('measured_arena')} "
                      f"{r.get('exec_error', '')}",
                      file=sys.stderr, flush=True)
        args.exec_s = time.perf_counter() - exec_start
    args.wall_s, args.load_end = time.perf_counter() - start, os.getloadavg()
    print(f"[bench] {len(rows)} models in {args.wall_s:.0f} s (executions {args.exec_s:.0f} s); "
          f"load average {args.load_start} at the start, {args.load_end} at the end",
          file=sys.stderr, flush=True)
    from peakmem import plot
    img = pathlib.Path(args.output).parent / "img"
    for r in rows:
        if r["model"] in PLOT_MODELS and not args.recompute:
            timelines = optimize.live_timelines(r["_before"], r["_after"], r["_upstream"])
            plot.plot_before_after(timelines, str(img / f"{r['model']}.png"),
                                   title=r["model"], lower_bound=r["lower_bound"])
        if r["model"] in ARENA_PLOT_MODELS and r["_arena_plan"] and not args.recompute:
            plot.plot_arena(r["_arena_plan"], str(img / f"arena_{r['model']}.png"),
                            title=r["model"],
                            baselines={b: r[arena_key(b)] for b in ARENA_BASELINES},
                            live_peak=r["peak_final"], footprint=r["_arena_footprint"])
    write_results(rows, args.output, args.csv, args)
    print(args.output)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="tools/bench.py", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
