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
  * with --exec, the measured peak and output digest of the imported, the
    reordered and the arena programs from the execution harness (python -m
    peakmem exec).
Nothing is hard-coded: every figure in docs/results.md comes from this run.
"""

import argparse
import concurrent.futures
import csv
import datetime
import pathlib
import re
import statistics
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))

from peakmem import execute, optimize, passes

HEURISTICS = ["lpmf", "bfs", "dfs", "xla-list", "xla-dfs", "post-order"]
# Models whose live-bytes plots go into docs/img and docs/results.md.
PLOT_MODELS = ["deeplabv3_mobilenet_v3_large", "redimnet_b2"]
# Models whose arena plans go into docs/img (`peakmem plot --arena`).
ARENA_PLOT_MODELS = ["mlperf_tiny_resnet8_float", "redimnet_b0"]
# peakmem.arena_stats baseline names, in the order of docs/Arena.md.
ARENA_BASELINES = ["tflm-greedy", "iree-best-fit", "tvm-greedy-by-size",
                   "tvm-greedy-by-conflicts", "tvm-hill-climb"]
REPORT = "peakmem-report{remarks=0}"


def corpus_files(root=None):
    root = pathlib.Path(root or REPO / "corpus")
    return sorted(root.glob("*/*.mlir"))


def timed(text, pipeline, tool="peakmem-opt"):
    out, err, wall = passes.run_opt(text, pipeline, tool=tool,
                                    extra=passes.timing_arguments())
    return out, passes.pass_times(err), wall, err


# peakmem.reorder's `search` -> the results' search column.
SEARCH_COLUMN = {"certified": "certified", "proven": "proven", "stopped": "budget"}


def search_of(text):
    """How peakmem-reorder's order is known to be good, from its record."""
    return SEARCH_COLUMN.get(passes.record(text, "reorder").get("search"), "budget")


def peak_of(text):
    return passes.function_attrs(text).get("peak")


def product_pipeline(recompute: str) -> str:
    """The pipeline whose result is "final": peakmem-optimize, or with explicit
    recompute options its three passes."""
    if not recompute:
        return "peakmem-optimize"
    return f"peakmem-reorder,peakmem-recompute{{{recompute}}},peakmem-certify"


def arena_key(name: str) -> str:
    return "arena_" + name.replace("-", "_")


def bench_model(path: pathlib.Path, budget_ms: int, recompute: str = "",
                arena_budget_ms: int = 5000) -> dict:
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
        text, f"builtin.module(func.func(peakmem-reorder{{budget-ms={budget_ms}}},"
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


COLUMNS = ["model", "group", "statements", "buffers", "macs", "ops", "peak_imported",
           "peak_upstream", *[f"peak_{h}" for h in HEURISTICS], "peak_reorder", "search",
           "peak_final", "extra_macs", "extra_ops", "lower_bound", "optimal", "reduction_vs_upstream_pct",
           *[arena_key(b) for b in ARENA_BASELINES], "arena_peakmem", "arena_bound",
           "arena_optimal", "arena_stop", "arena_buffers", "peak_arena",
           "measured_imported", "measured_final", "measured_arena", "digest_imported",
           "digest_final", "digest_arena", "exec_error", "parse_print_s", "report_s", "upstream_s", "reorder_s",
           "recompute_s", "certify_s", "verify_s", "arena_s", "verify_arena_s", "recompute_note"]


def kb(n):
    return "–" if n is None else f"{n / 1024:,.1f}"


def pct(new, old):
    return 100.0 * (new - old) / old if old else 0.0


def _shown(path):
    """`path` relative to the repository when inside it."""
    path = pathlib.Path(path).resolve()
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return str(path)


def write_results(rows, md_path, csv_path, args):
    with open(csv_path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow(r)
    n = len(rows)
    cert = [r for r in rows if r["optimal"]]
    mcu = [r for r in rows if r["group"] == "tflite"]
    baselines = ["peak_imported", "peak_upstream", *[f"peak_{h}" for h in HEURISTICS]]
    worse = [r["model"] for r in rows if r["peak_reorder"] > min(r[k] for k in baselines)]
    cert_times = [r["certify_s"] for r in rows]
    reorder_times = [r["reorder_s"] for r in rows]
    gains = [r for r in rows if r["peak_reorder"] < r["peak_upstream"]]
    rgains = [r for r in rows if r["peak_final"] < r["peak_reorder"]]
    budgets = (f"`{args.recompute}`" if args.recompute else
               "default budgets: 2 extra runs per op, 0.4% extra MACs, 1% extra operations")
    final = ("`peakmem-optimize`" if not args.recompute else
             f"`{product_pipeline(args.recompute)}`")
    command = "python3 tools/bench.py" + (" --exec" if args.exec else "") + (
        f" --recompute '{args.recompute}'" if args.recompute else "")
    L = ["# Corpus results\n",
         f"Generated by `{command}` on "
         f"{datetime.date.today()} ({n} models of `corpus/`, reorder budget {args.budget_ms} ms "
         "per block, a 2-core machine). Every number below was measured by that run; rerun it "
         f"to regenerate this file and `{_shown(csv_path)}`.\n",
         "## Summary\n",
         f"- Certified optimal (peak == lower bound) after {final}: **{len(cert)} of {n}** "
         f"models ({100.0 * len(cert) / n:.0f}%); microcontroller (TFLite) models: "
         f"{sum(r['optimal'] for r in mcu)} of {len(mcu)}."
         + ("" if len(cert) == n else " Gaps: " + "; ".join(
             f"{r['model']} {r['peak_final'] - r['lower_bound']:,} B "
             f"({100.0 * (r['peak_final'] - r['lower_bound']) / r['peak_final']:.1f}%)"
             for r in rows if not r["optimal"]) + "."),
         f"- `peakmem-reorder` is never worse than the best of as-imported, upstream and the six "
         f"baselines: {'yes, on every model' if not worse else 'NO: ' + ', '.join(worse)}.",
         f"- Lower than the upstream baseline (`--optimize-allocation-liveness`) on {len(gains)} "
         "models: " + (", ".join(f"{r['model']} {pct(r['peak_reorder'], r['peak_upstream']):+.1f}%"
                                 for r in gains) or "none") + "; every other model's imported "
         "order is already optimal once frees follow the last use.",
         f"- `peakmem-recompute` ({budgets}) lowers "
         f"the peak further on {len(rgains)} models"
         + (": " + ", ".join(f"{r['model']} {pct(r['peak_final'], r['peak_reorder']):+.1f}% "
                             f"(+{100.0 * r['extra_macs'] / max(1, r['macs']):.3f}% MACs, "
                             f"+{100.0 * r['extra_ops'] / max(1, r['ops']):.3f}% operations)"
                             for r in rgains) if rgains else "") + ".",
         f"- Certificate time: median {1000 * statistics.median(cert_times):.1f} ms, max "
         f"{1000 * max(cert_times):.1f} ms; reorder: median "
         f"{1000 * statistics.median(reorder_times):.1f} ms, max {1000 * max(reorder_times):.1f} ms "
         "(pass wall time from `--mlir-timing`, parsing excluded)."]
    L += arena_summary(rows, args)
    if args.exec:
        executed = [r for r in rows if r.get("measured_final") is not None]
        exact = [r for r in executed if r["measured_imported"] == r["peak_imported"]
                 and r["measured_final"] == r["peak_final"]]
        same = [r for r in executed if r["digest_imported"] == r["digest_final"]]
        L.append(f"- Executed before and after (imported vs {final}): {len(executed)} of "
                 f"{n} models; measured == modeled on {len(exact)} of them; identical output "
                 f"digest on {len(same)}.")
        arena_runs = [r for r in rows if r.get("measured_arena") is not None]
        arena_exact = [r for r in arena_runs if r["measured_arena"] == r["peak_arena"]]
        arena_same = [r for r in arena_runs if r["digest_arena"] == r["digest_imported"]]
        L.append(f"- Executed with the arena (the final program after `peakmem-plan-arena`, "
                 f"checked by `peakmem-verify-arena`): {len(arena_runs)} of {n} models; "
                 f"measured == modeled on {len(arena_exact)}; output digest identical to the "
                 f"imported program's on {len(arena_same)}.")
        failed = [r for r in rows if r.get("exec_error")]
        if failed:
            L.append("- Not executed: " + "; ".join(f"{r['model']} ({r['exec_error']})" for r in failed))
    else:
        L.append("- Execution columns were not run (`--exec` off).")
    L += ["", "## Peaks (KiB)\n",
          "imported = frees at the end of the block as upstream bufferization leaves them; "
          "upstream = after `--optimize-allocation-liveness`; baselines = the same block ordered "
          "by each published heuristic (frees after last use); reorder = `peakmem-reorder` "
          "(auto); search: certified = the order was proven optimal before any search, proven = "
          "the exact search finished, budget = best found within the budget; final = "
          f"{final} (reorder, recompute, certify) with its lower bound.\n"]
    hdr = ["model", "stmts", "bufs", "imported", "upstream", *HEURISTICS, "reorder", "search",
           "final", "+MACs", "+ops", "bound", "optimal", "vs upstream"]
    L.append("| " + " | ".join(hdr) + " |")
    L.append("|" + "|".join(["---"] + ["---:"] * (len(hdr) - 1)) + "|")
    for r in rows:
        L.append("| " + " | ".join([
            f"{r['group']}/{r['model']}", str(r["statements"]), str(r["buffers"]),
            kb(r["peak_imported"]), kb(r["peak_upstream"]),
            *[kb(r[f"peak_{h}"]) for h in HEURISTICS], kb(r["peak_reorder"]), r["search"],
            kb(r["peak_final"]), f"{100.0 * r['extra_macs'] / max(1, r['macs']):.3f}%",
            f"{100.0 * r['extra_ops'] / max(1, r['ops']):.3f}%",
            kb(r["lower_bound"]), "yes" if r["optimal"] else "no",
            f"{pct(r['peak_final'], r['peak_upstream']):+.1f}%"]) + " |")
    L.append("")
    L.append("Recompute notes (why the planner kept or changed each model):\n")
    for r in rows:
        L.append(f"- {r['model']}: {r['recompute_note']}")
    L.append("")
    L += arena_table(rows, args)
    if args.exec:
        L += ["## Execution (bytes; counting allocator, `mlir-runner`)\n",
              "arena = the final program with its static arena (one allocation of the "
              "arena, with its alignment padding, plus the buffers left out of it).\n",
              "| model | modeled imported | measured imported | modeled final | measured final "
              "| modeled arena | measured arena | digest imported | digest final | digest arena |",
              "|---|---:|---:|---:|---:|---:|---:|---|---|---|"]
        for r in rows:
            L.append(f"| {r['group']}/{r['model']} | {r['peak_imported']} | "
                     f"{r.get('measured_imported', '–')} | {r['peak_final']} | "
                     f"{r.get('measured_final', '–')} | {r.get('peak_arena', '–')} | "
                     f"{r.get('measured_arena', '–')} | {r.get('digest_imported', '–')} | "
                     f"{r.get('digest_final', '–')} | {r.get('digest_arena', '–')} |")
        L.append("")
    # Plots are drawn for the default pipeline only (docs/img holds one set).
    plotted = [r for r in rows if r["model"] in PLOT_MODELS and not args.recompute]
    if plotted:
        L.append("## Plots\n")
        L.append("Live heap bytes over the statements of the function body: as imported, after "
                 "upstream `--optimize-allocation-liveness`, after `peakmem-optimize`, with the "
                 "lower bound (`python -m peakmem plot MODEL --upstream -o PNG`).\n")
        for r in plotted:
            L.append(f"![{r['model']}](img/{r['model']}.png)\n")
    arena_plotted = [r for r in rows if r["model"] in ARENA_PLOT_MODELS and r["_arena_plan"]
                     and not args.recompute]
    if arena_plotted:
        L.append("Static arena plans of the final program: each placed buffer a rectangle "
                 "(its lifetime in statement steps against its bytes in the arena), with the "
                 "arena, its lower bound and the best baseline planner's arena "
                 "(`python -m peakmem plot MODEL --arena -o PNG`).\n")
        for r in arena_plotted:
            L.append(f"![arena plan of {r['model']}](img/arena_{r['model']}.png)\n")
    L += ["## Times (ms)\n",
          "parse+print = mlir-opt parsing and printing the module (for scale); the other "
          "columns are pass wall times from `--mlir-timing`.\n",
          "| model | parse+print | report | upstream | reorder | recompute | certify | verify "
          "| plan arena | verify arena |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        L.append(f"| {r['group']}/{r['model']} | {1000 * r['parse_print_s']:.0f} | "
                 f"{1000 * r['report_s']:.1f} | {1000 * r['upstream_s']:.1f} | "
                 f"{1000 * r['reorder_s']:.1f} | {1000 * r['recompute_s']:.1f} | "
                 f"{1000 * r['certify_s']:.1f} | {1000 * r['verify_s']:.1f} | "
                 f"{1000 * r['arena_s']:.1f} | {1000 * r['verify_arena_s']:.1f} |")
    L.append("")
    pathlib.Path(md_path).write_text("\n".join(L))


def _b(n):
    return "–" if n is None else f"{n:,}"


def best_baseline(r):
    """(name, bytes) of the smallest baseline arena of row `r`."""
    sizes = {b: r[arena_key(b)] for b in ARENA_BASELINES if r.get(arena_key(b)) is not None}
    return optimize.best_baseline(sizes)


def arena_summary(rows, args):
    planned = [r for r in rows if r["arena_peakmem"] is not None]
    n = len(rows)
    if not planned:
        return ["- Static arena: no model had a buffer to place."]
    at_bound = [r for r in planned if r["arena_optimal"]]
    mcu = [r for r in planned if r["group"] == "tflite"]
    gaps = sorted((r for r in planned if not r["arena_optimal"]),
                  key=lambda r: -(r["arena_peakmem"] - r["arena_bound"]) / r["arena_peakmem"])
    larger = [r["model"] for r in planned if r["arena_peakmem"] > best_baseline(r)[1]]
    smaller = [r for r in planned if r["arena_peakmem"] < best_baseline(r)[1]]
    vs_tflm = [r for r in planned if r["arena_peakmem"] < r[arena_key("tflm-greedy")]]
    above = sorted((r for r in planned if r["peak_arena"] > 1.01 * r["peak_final"]),
                   key=lambda r: -pct(r["peak_arena"], r["peak_final"]))
    L = [f"- Static arena (`peakmem-plan-arena`, budget {args.arena_budget_ms} ms, on the final "
         f"program; every plan re-checked by `peakmem-verify-arena`): planned on {len(planned)} "
         f"of {n} models; **at the lower bound (optimal over every order and placement) on "
         f"{len(at_bound)} of {len(planned)}**; microcontroller (TFLite) models: "
         f"{sum(r['arena_optimal'] for r in mcu)} of {len(mcu)}."
         + ("" if not gaps else " Above the bound: " + "; ".join(
             f"{r['model']} +{r['arena_peakmem'] - r['arena_bound']:,} B "
             f"({100.0 * (r['arena_peakmem'] - r['arena_bound']) / r['arena_peakmem']:.1f}% of "
             f"the arena, planner stop: {r['arena_stop']})" for r in gaps)
            + f"; the largest gap is {gaps[0]['model']}'s."),
         "- peakmem's arena is never larger than the best of the five baseline planners: "
         + ("yes, on every model" if not larger else "NO: " + ", ".join(larger))
         + f"; strictly smaller on {len(smaller)} models"
         + (" (" + ", ".join(
             f"{r['model']} {pct(r['arena_peakmem'], best_baseline(r)[1]):+.1f}% vs "
             f"{best_baseline(r)[0]}" for r in smaller) + ")" if smaller else "")
         + ", equal on the others. Against TFLite Micro's greedy planner alone: smaller on "
         f"{len(vs_tflm)} models"
         + (f", by up to {max(-pct(r['arena_peakmem'], r[arena_key('tflm-greedy')]) for r in vs_tflm):.1f}%"
            if vs_tflm else "") + ".",
         "- Planner stop `reached-bound` means the arena reached the live-bytes bound of the "
         "final program's order; a gap with that stop is the order's (the bound over every "
         "order is lower), not the placement's.",
         f"- The arena program (the arena as one allocation plus the buffers left out of it: "
         f"those that escape, mostly outputs, allocated next to the arena for the whole call) "
         f"peaks above the final program's live peak by more than 1% on {len(above)} models"
         + (": " + ", ".join(f"{r['model']} {pct(r['peak_arena'], r['peak_final']):+.1f}%"
                             for r in above) if above else "") + "."]
    return L


def arena_table(rows, args):
    L = ["## Static arena (bytes)\n",
         "live peak = the final program's modeled peak (`peakmem-optimize`; the counting "
         "allocator's units: each allocation's bytes plus its alignment padding); the other "
         "columns are arenas in arena units (each buffer's bytes rounded up to its alignment, no "
         "per-allocation padding), for the buffers `peakmem-plan-arena` places (those that do "
         "not escape; `placed` counts them) in the final program's order: each baseline planner "
         "written from its published rule (docs/Arena.md), peakmem's planner, and the lower bound "
         "over every order of the entry block and every placement. gap = arena - bound; stop = "
         "why peakmem's planner stopped.\n"]
    hdr = ["model", "placed", "live peak", "tflm greedy", "iree best fit", "tvm by size",
           "tvm by conflicts", "tvm hill climb", "peakmem", "bound", "optimal", "gap", "stop",
           "vs best baseline", "vs tflm"]
    L.append("| " + " | ".join(hdr) + " |")
    L.append("|" + "|".join(["---"] + ["---:"] * 11 + ["---"] + ["---:"] * 2) + "|")
    for r in rows:
        if r["arena_peakmem"] is None:
            L.append(f"| {r['group']}/{r['model']} | 0 | {_b(r['peak_final'])} |"
                     + " – |" * 12)
            continue
        name, best = best_baseline(r)
        gap = r["arena_peakmem"] - r["arena_bound"]
        L.append("| " + " | ".join([
            f"{r['group']}/{r['model']}", str(r["arena_buffers"]), _b(r["peak_final"]),
            *[_b(r[arena_key(b)]) for b in ARENA_BASELINES], f"**{_b(r['arena_peakmem'])}**",
            _b(r["arena_bound"]), "yes" if r["arena_optimal"] else "no",
            "0" if not gap else f"{gap:,} ({100.0 * gap / r['arena_peakmem']:.1f}%)",
            r["arena_stop"] or "–",
            f"{pct(r['arena_peakmem'], best):+.1f}%",
            f"{pct(r['arena_peakmem'], r[arena_key('tflm-greedy')]):+.1f}%"]) + " |")
    L.append("")
    return L


# ---------------------------------------------------------------- --train
# The six training benchmarks of docs/results-training.md (issue 16): model
# files under --models-dir (default ../shared/models next to the repository).
TRAIN_MODELS = ["tflite/mlperf_tiny_kws_ref_model_float32.tflite",
                "tflite/mlperf_tiny_resnet8_float.tflite",
                "tflite/mlperf_tiny_vww_96_float.tflite",
                "tflite/mlperf_tiny_ad01_fp32.tflite",
                "onnx/mobilenet_v2_w035_144.onnx",
                "onnx/resnet18.onnx"]
TRAIN_BATCHES = [1, 8]
# (label, peakmem-optimize options): the recompute MAC budgets.
TRAIN_BUDGETS = [("default", ""), ("5%", "max-mac-overhead=0.05 max-op-overhead=0.05"),
                 ("20%", "max-mac-overhead=0.2 max-op-overhead=0.2"),
                 ("33%", "max-mac-overhead=0.33 max-op-overhead=0.33")]
# The study's reported reduction on compiled training graphs.
STUDY_PCT = 7.6


def _with_report(text, pipeline):
    out, t, _, err = timed(text, f"builtin.module(func.func({pipeline}))")
    return out, passes.function_attrs(out), t, err


def bench_train(path: pathlib.Path, batch: int, args) -> dict:
    from peakmem.frontends import training
    t0 = time.perf_counter()
    text, info = training.import_training(str(path), None, batch)
    row = {"model": path.stem, "group": path.parent.name, "batch": batch,
           "import_s": time.perf_counter() - t0, "statements": info["statements"]}
    out, attrs, _, _ = _with_report(text, REPORT)
    row["peak_imported"] = attrs.get("peak")
    row["macs"] = attrs.get("macs")
    row["buffers"] = passes.timeline(text)["blocks"][0]["buffers"]
    row["_imported"] = out
    up, _, _, _ = timed(text, "builtin.module(func.func(optimize-allocation-liveness))",
                        tool="mlir-opt")
    up_r, attrs, _, _ = _with_report(up, REPORT)
    row["peak_upstream"] = attrs.get("peak")
    row["_upstream"] = up_r
    for h in HEURISTICS:
        _, attrs, _, _ = _with_report(text, f"peakmem-reorder{{algorithm={h} remarks=0}},{REPORT}")
        row[f"peak_{h}"] = attrs.get("peak")
    t1 = time.perf_counter()
    out, attrs, t, err = _with_report(
        text, f"peakmem-reorder{{budget-ms={args.budget_ms}}},peakmem-certify{{remarks=0}},"
              f"peakmem-verify-certificate,{REPORT}")
    row["reorder_wall_s"] = time.perf_counter() - t1
    row["peak_reorder"] = attrs.get("peak")
    row["bound_reorder"] = attrs.get("lower_bound")
    row["optimal_reorder"] = bool(attrs.get("optimal"))
    row["search"] = search_of(out)
    row["reorder_s"] = t.get("ReorderPass", 0)
    row["certify_s"] = t.get("CertifyPass", 0)
    row["_reorder"] = out
    for label, opts in TRAIN_BUDGETS:
        key = "b" + label.rstrip("%")
        opt = f"peakmem-optimize{{{opts}}}" if opts else "peakmem-optimize"
        out, attrs, t, err = _with_report(text, f"{opt},peakmem-verify-certificate,{REPORT}")
        row[f"peak_{key}"] = attrs.get("peak")
        row[f"bound_{key}"] = attrs.get("lower_bound")
        row[f"optimal_{key}"] = bool(attrs.get("optimal"))
        row[f"extra_macs_{key}"] = (attrs.get("macs") or 0) - (row["macs"] or 0)
        row[f"note_{key}"] = passes.recompute_note(passes.record(out, "recompute"))
        row[f"_{key}"] = out
    # The same step with each update emitted as soon as its gradient is
    # complete (--updates eager): a stronger upstream baseline; the
    # execution digest must equal the default program's.
    etext, _ = training.import_training(str(path), None, batch, updates="eager")
    up, _, _, _ = timed(etext, "builtin.module(func.func(optimize-allocation-liveness))",
                        tool="mlir-opt")
    up_r, attrs, _, _ = _with_report(up, REPORT)
    row["peak_eager_upstream"] = attrs.get("peak")
    row["_eager_upstream"] = up_r
    out, attrs, _, _ = _with_report(
        etext, f"peakmem-reorder{{budget-ms={args.budget_ms}}},peakmem-certify{{remarks=0}},"
               f"peakmem-verify-certificate,{REPORT}")
    row["peak_eager_reorder"] = attrs.get("peak")
    row["bound_eager_reorder"] = attrs.get("lower_bound")
    row["_eager_reorder"] = out
    row["bench_s"] = time.perf_counter() - t0
    return row


TRAIN_PROGRAMS = ["imported", "upstream", "reorder"] + \
    ["b" + label.rstrip("%") for label, _ in TRAIN_BUDGETS] + ["eager_upstream", "eager_reorder"]


def exec_train(row: dict, timeout: float, limit: float = 0,
               opt_level: int = execute.DEFAULT_OPT_LEVEL) -> dict:
    """Executes every program of a configuration at mlir-runner -O`opt_level`
    (digests and counted bytes do not depend on it; execute.py); with
    `limit` (seconds), stops once the configuration has taken longer (the
    rest is reported as not executed, with the reason)."""
    res = {"exec_opt_level": opt_level}
    t0 = time.perf_counter()
    for prog in TRAIN_PROGRAMS:
        spent = time.perf_counter() - t0
        if limit and spent > limit:
            done = [p for p in TRAIN_PROGRAMS if f"measured_{p}" in res]
            res["exec_error"] = (f"stopped after {len(done)} of {len(TRAIN_PROGRAMS)} programs: "
                                 f"{spent:.0f} s > the {limit:.0f} s limit per configuration "
                                 f"(-O{opt_level} JIT on a shared 2-core machine)")
            break
        t = time.perf_counter()
        try:
            r = execute.execute_text(row[f"_{prog}"], timeout=timeout,
                                     opt_level=opt_level)
        except Exception as err:  # Reported in the table, never hidden.
            res["exec_error"] = f"{prog}: " + (str(err).splitlines() or ["?"])[0][:160]
            break
        res[f"measured_{prog}"] = r.peak_bytes
        res[f"digest_{prog}"] = r.output_digest
        res[f"exec_{prog}_s"] = time.perf_counter() - t
    res["exec_s"] = time.perf_counter() - t0
    return res


TRAIN_COLUMNS = ["model", "group", "batch", "statements", "buffers", "macs", "peak_imported",
                 "peak_upstream", *[f"peak_{h}" for h in HEURISTICS], "peak_reorder",
                 "bound_reorder", "optimal_reorder", "search", "peak_eager_upstream",
                 "peak_eager_reorder", "bound_eager_reorder",
                 *[f"{c}_b{b.rstrip('%')}" for b, _ in TRAIN_BUDGETS
                   for c in ("peak", "bound", "optimal", "extra_macs")],
                 *[f"measured_{p}" for p in TRAIN_PROGRAMS],
                 *[f"digest_{p}" for p in TRAIN_PROGRAMS], "exec_error", "exec_opt_level",
                 "import_s",
                 "reorder_s", "certify_s", "bench_s", "exec_s",
                 *[f"note_b{b.rstrip('%')}" for b, _ in TRAIN_BUDGETS]]


def _prog_label(prog):
    if prog.startswith("eager_"):
        return prog.replace("_", " ")
    for label, _ in TRAIN_BUDGETS:
        if prog == "b" + label.rstrip("%"):
            return f"optimize {label}"
    return prog


def _modeled(r, prog):
    return r["peak_" + prog]


def write_train_results(rows, md_path, csv_path, args):
    with open(csv_path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=TRAIN_COLUMNS, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow(r)
    n = len(rows)
    command = "python3 tools/bench.py --train" + (" --exec" if args.exec else "") + (
        f" --exec-limit {args.exec_limit:g}" if args.exec_limit else "") + (
        f" --exec-opt-level {args.exec_opt_level}"
        if args.exec and args.exec_opt_level != execute.DEFAULT_OPT_LEVEL else "")
    L = ["# Training-step results\n",
         f"Generated by `{command}` on {datetime.date.today()} ({n} configurations of "
         f"{len(TRAIN_MODELS)} models x batch {', '.join(map(str, TRAIN_BATCHES))}; reorder "
         f"budget {args.budget_ms} ms per block, a 2-core machine shared with other jobs). "
         "Every number below was measured by that run; rerun it to regenerate this file and "
         f"`{_shown(csv_path)}`. The programs are `python -m peakmem import --train --batch N` "
         "(docs/Training.md): forward, softmax cross-entropy, backward, SGD update of the "
         "weight arguments in place, through the same upstream TOSA/linalg/one-shot-bufferize "
         "route as inference.\n",
         "## Summary\n"]
    reach = [r for r in rows if pct(r["peak_reorder"], r["peak_upstream"]) <= -STUDY_PCT]
    L.append(f"- Reordering alone (`peakmem-reorder`) at least {STUDY_PCT}% below upstream "
             f"`--optimize-allocation-liveness` (the study's figure): "
             + (", ".join(f"{r['model']} b{r['batch']} {pct(r['peak_reorder'], r['peak_upstream']):+.1f}%"
                          for r in reach) if reach else "none") + ".")
    cant = [r for r in rows if r["bound_reorder"] is not None
            and pct(r["bound_reorder"], r["peak_upstream"]) > -STUDY_PCT]
    L.append(f"- Configurations whose certificate (lower bound over every order of the block) "
             f"shows that no order gets {STUDY_PCT}% below upstream: {len(cant)} of {n}"
             + (" (" + ", ".join(f"{r['model']} b{r['batch']}: bound "
                                 f"{pct(r['bound_reorder'], r['peak_upstream']):+.1f}%"
                                 for r in cant) + ")" if cant else "") + ".")
    opt = [r for r in rows if r["optimal_reorder"]]
    L.append(f"- Reorder certified optimal (peak == bound): {len(opt)} of {n}.")
    worse = [f"{r['model']} b{r['batch']}" for r in rows
             if r["peak_reorder"] > min(r[k] for k in ["peak_imported", "peak_upstream",
                                                       *[f"peak_{h}" for h in HEURISTICS]])]
    L.append("- `peakmem-reorder` never worse than imported, upstream and the six heuristics: "
             + ("yes" if not worse else "NO: " + ", ".join(worse)) + ".")
    if args.exec:
        runs = sum(1 for r in rows for p in TRAIN_PROGRAMS if r.get(f"measured_{p}") is not None)
        exact = sum(1 for r in rows for p in TRAIN_PROGRAMS
                    if r.get(f"measured_{p}") is not None and r[f"measured_{p}"] == _modeled(r, p))
        same = sum(1 for r in rows for p in TRAIN_PROGRAMS
                   if r.get(f"digest_{p}") is not None
                   and r[f"digest_{p}"] == r.get("digest_imported"))
        L.append(f"- Executed programs: {runs} of {n * len(TRAIN_PROGRAMS)} (per configuration: "
                 f"imported, upstream, reorder, `peakmem-optimize` under the {len(TRAIN_BUDGETS)} "
                 "recompute budgets, and the eager-update program upstream and reordered); "
                 f"measured == modeled on {exact}; digest of the loss and of every updated "
                 f"weight (and input) argument identical to the imported program's on {same}.")
        levels = {}
        for r in rows:
            level = r.get("exec_opt_level")
            if level is None and "exec_s" in r:   # a csv from before the column
                level = execute.DEFAULT_OPT_LEVEL
            if level is not None:
                levels.setdefault(int(level), []).append(f"{r['model']} b{r['batch']}")
        if len(levels) > 1:
            L.append("- mlir-runner optimization level (the digests and counted bytes do not "
                     "depend on it): " + "; ".join(
                         f"-O{lvl}: " + (", ".join(names) if lvl != min(levels) else
                                         "the other configurations")
                         for lvl, names in sorted(levels.items())) + ".")
        elif levels:
            L.append(f"- mlir-runner optimization level: -O{next(iter(levels))} for every "
                     "configuration (the digests and counted bytes do not depend on it).")
        failed = [r for r in rows if r.get("exec_error")]
        if failed:
            L.append("- Not (fully) executed: " + "; ".join(
                f"{r['model']} b{r['batch']} ({r['exec_error']})" for r in failed))
        pending = [r for r in rows if "exec_s" not in r]
        if pending:
            L.append("- Not executed (the run was stopped before their execution finished): "
                     + ", ".join(f"{r['model']} b{r['batch']}" for r in pending) + ".")
    else:
        L.append("- Execution columns were not run (`--exec` off).")
    L += ["", "## Peaks (KiB)\n",
          "imported = frees at the end as upstream bufferization leaves them; upstream = "
          "`--optimize-allocation-liveness`; the six published heuristics order the block "
          "(frees after last use); reorder = `peakmem-reorder` (auto) with the certified lower "
          "bound over every order (bound) and the search outcome; vs upstream = reorder.\n"]
    hdr = ["model", "batch", "stmts", "bufs", "imported", "upstream", *HEURISTICS, "reorder",
           "bound", "search", "vs upstream", "bound vs upstream"]
    L.append("| " + " | ".join(hdr) + " |")
    L.append("|" + "|".join(["---"] + ["---:"] * (len(hdr) - 1)) + "|")
    for r in rows:
        L.append("| " + " | ".join([
            f"{r['group']}/{r['model']}", str(r["batch"]), str(r["statements"]),
            str(r["buffers"]), kb(r["peak_imported"]), kb(r["peak_upstream"]),
            *[kb(r[f"peak_{h}"]) for h in HEURISTICS], kb(r["peak_reorder"]),
            kb(r["bound_reorder"]), r["search"],
            f"{pct(r['peak_reorder'], r['peak_upstream']):+.1f}%",
            f"{pct(r['bound_reorder'] or 0, r['peak_upstream']):+.1f}%"]) + " |")
    L += ["", "## Update placement (KiB)\n",
          "The programs above emit every SGD update after the whole backward pass (as "
          "`optimizer.step()` after `loss.backward()`). `--updates eager` emits each update as "
          "soon as its gradient is complete (an optimizer fused into the backward pass): the "
          "same computation (the execution digest is the same), a different imported order.\n",
          "| model | batch | upstream (end) | upstream (eager) | reorder (end) | bound (end) "
          "| reorder (eager) | bound (eager) | reorder (end) vs upstream (eager) |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        L.append(f"| {r['group']}/{r['model']} | {r['batch']} | {kb(r['peak_upstream'])} | "
                 f"{kb(r['peak_eager_upstream'])} | {kb(r['peak_reorder'])} | "
                 f"{kb(r['bound_reorder'])} | {kb(r['peak_eager_reorder'])} | "
                 f"{kb(r['bound_eager_reorder'])} | "
                 f"{pct(r['peak_reorder'], r['peak_eager_upstream']):+.1f}% |")
    L += ["", "## Recompute per budget (KiB)\n",
          "`peakmem-optimize` (reorder, recompute, certify) with `max-mac-overhead` and "
          "`max-op-overhead` = the defaults (0.4% and 1%), 5%, 20%, 33% (two extra runs per "
          "op, the default `max-recompute-per-op`); peak / lower bound of the final order, "
          "optimal when equal, +MACs = extra multiply-accumulates of the recomputed ops "
          "(docs/Model.md).\n"]
    hdr = ["model", "batch", "upstream"]
    for b, _ in TRAIN_BUDGETS:
        hdr += [f"{b} peak", f"{b} bound", f"{b} +MACs"]
    L.append("| " + " | ".join(hdr) + " |")
    L.append("|" + "|".join(["---"] + ["---:"] * (len(hdr) - 1)) + "|")
    for r in rows:
        cells = [f"{r['group']}/{r['model']}", str(r["batch"]), kb(r["peak_upstream"])]
        for b, _ in TRAIN_BUDGETS:
            k = "b" + b.rstrip("%")
            cells += [kb(r[f"peak_{k}"]) + ("" if not r[f"optimal_{k}"] else " (opt)"),
                      kb(r[f"bound_{k}"]),
                      f"{100.0 * r[f'extra_macs_{k}'] / max(1, r['macs'] or 1):.2f}%"]
        L.append("| " + " | ".join(cells) + " |")
    L += ["", "Recompute notes (per budget):\n"]
    for r in rows:
        notes = "; ".join(f"{b}: {r['note_b' + b.rstrip('%')]}" for b, _ in TRAIN_BUDGETS)
        L.append(f"- {r['model']} b{r['batch']}: {notes}")
    if args.exec:
        L += ["", "## Execution (bytes; counting allocator, `mlir-runner` -O0)\n",
              "modeled / measured peak per program; `=` when the digest (loss and every "
              "argument after the step, i.e. the updated weights) equals the imported "
              "program's.\n"]
        hdr = ["model", "batch"] + [_prog_label(p) for p in TRAIN_PROGRAMS] + \
            ["digest (imported)", "exec s"]
        L.append("| " + " | ".join(hdr) + " |")
        L.append("|" + "|".join(["---", "---:"] + ["---:"] * len(TRAIN_PROGRAMS) + ["---", "---:"]) + "|")
        for r in rows:
            cells = [f"{r['group']}/{r['model']}", str(r["batch"])]
            for p in TRAIN_PROGRAMS:
                m = r.get(f"measured_{p}")
                if m is None:
                    cells.append("not run")
                    continue
                ok = "=" if r.get(f"digest_{p}") == r.get("digest_imported") else "DIFF"
                cells.append(f"{_modeled(r, p):,} / {m:,} {ok}")
            cells += [str(r.get("digest_imported", "–")), f"{r.get('exec_s', 0):.0f}"]
            L.append("| " + " | ".join(cells) + " |")
    L += ["", "## Times (s)\n",
          "| model | batch | import | reorder pass | certify pass | bench (all pipelines) "
          "| execution (all programs) |", "|---|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        L.append(f"| {r['group']}/{r['model']} | {r['batch']} | {r['import_s']:.1f} | "
                 f"{r['reorder_s']:.2f} | {r['certify_s']:.2f} | {r['bench_s']:.1f} | "
                 f"{r.get('exec_s', 0):.0f} |")
    L.append("")
    pathlib.Path(md_path).write_text("\n".join(L))


def _csv_value(v):
    if v == "":
        return None
    if v in ("True", "False"):
        return v == "True"
    for conv in (int, float):
        try:
            return conv(v)
        except ValueError:
            pass
    return v


def rewrite_train_results(args):
    """Rewrites docs/results-training.md from its .csv (the same run's
    figures; for a wording change of this script)."""
    with open(args.csv, newline="") as f:
        rows = [{k: _csv_value(v) for k, v in r.items()} for r in csv.DictReader(f)]
    for extra in args.merge_csv or []:
        # Rows of a separate run (e.g. one configuration executed at -O2)
        # replace the same configuration's row.
        with open(extra, newline="") as f:
            for r in csv.DictReader(f):
                r = {k: _csv_value(v) for k, v in r.items()}
                key = (r["model"], r["batch"])
                rows = [r if (o["model"], o["batch"]) == key else o for o in rows]
    for r in rows:
        for k in ("model", "group", "search", "exec_error") + tuple(
                c for c in TRAIN_COLUMNS if c.startswith(("digest_", "note_"))):
            if r.get(k) is not None:
                r[k] = str(r[k])
        for k in [k for k, v in r.items() if v is None and k.startswith(
                ("measured_", "digest_", "exec_"))]:
            del r[k]
    write_train_results(rows, args.output, args.csv, args)
    print(args.output)
    return 0


def run_train(args):
    if args.from_csv:
        return rewrite_train_results(args)
    models_dir = pathlib.Path(args.models_dir)
    rows = []
    for b in TRAIN_BATCHES:
        for m in TRAIN_MODELS:
            path = models_dir / m
            if args.only and not re.search(args.only, f"{path.stem}.b{b}"):
                continue
            row = bench_train(path, b, args)
            rows.append(row)
            print(f"[bench --train] {row['model']} b{b}: upstream {row['peak_upstream']} -> "
                  f"reorder {row['peak_reorder']} (bound {row['bound_reorder']}, "
                  f"{row['search']}), optimize {row['peak_bdefault']}, 33% "
                  f"{row['peak_b33']} {row['bench_s']:.1f} s", file=sys.stderr, flush=True)
    write_train_results(rows, args.output, args.csv, args)
    if args.exec:
        # The smallest programs first; the results files are rewritten after
        # every configuration, so an interrupted run still reports what was
        # executed, and --exec-limit caps the time per configuration.
        order = sorted(rows, key=lambda r: (r["macs"] or 0))
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = {pool.submit(exec_train, r, args.exec_timeout, args.exec_limit,
                                   args.exec_opt_level): r
                       for r in order}
            for fut in concurrent.futures.as_completed(futures):
                r = futures[fut]
                r.update(fut.result())
                print(f"[bench --train] executed {r['model']} b{r['batch']}: "
                      f"{[r.get('measured_' + p) for p in TRAIN_PROGRAMS]} "
                      f"{r.get('exec_s', 0):.0f} s {r.get('exec_error', '')}",
                      file=sys.stderr, flush=True)
                write_train_results(rows, args.output, args.csv, args)
    print(args.output)
    return 0


def add_arguments(parser):
    parser.add_argument("--corpus", default=None, help="corpus directory (default corpus/)")
    parser.add_argument("--only", default=None, help="regex on model names")
    parser.add_argument("--exec", action="store_true",
                        help="also execute imported and reordered programs (slow)")
    parser.add_argument("--exec-timeout", type=float, default=900)
    parser.add_argument("--budget-ms", type=int, default=500)
    parser.add_argument("--arena-budget-ms", type=int, default=5000,
                        help="peakmem-plan-arena budget per function (its default)")
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
                        help="parallel executions with --exec (default 2)")


def run(args):
    stem = "results-training" if args.train else "results"
    args.output = args.output or str(REPO / "docs" / f"{stem}.md")
    args.csv = args.csv or str(REPO / "docs" / f"{stem}.csv")
    if args.train:
        return run_train(args)
    files = [f for f in corpus_files(args.corpus)
             if not args.only or re.search(args.only, f.stem)]
    rows = []
    for f in files:
        t0 = time.perf_counter()
        row = bench_model(f, args.budget_ms, args.recompute, args.arena_budget_ms)
        row["reduction_vs_upstream_pct"] = round(pct(row["peak_final"], row["peak_upstream"]), 2)
        rows.append(row)
        print(f"[bench] {row['group']}/{row['model']}: upstream {row['peak_upstream']} -> "
              f"reorder {row['peak_reorder']} ({row['search']}), final {row['peak_final']} "
              f"(bound {row['lower_bound']}); arena {row['arena_peakmem']} (bound "
              f"{row['arena_bound']}, {row['arena_stop']}) "
              f"{time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    if args.exec:
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            futures = {pool.submit(exec_model, r, args.exec_timeout): r for r in rows}
            for fut in concurrent.futures.as_completed(futures):
                r = futures[fut]
                r.update(fut.result())
                print(f"[bench] executed {r['model']}: {r.get('measured_imported')} / "
                      f"{r.get('measured_final')} / {r.get('measured_arena')} "
                      f"{r.get('exec_error', '')}",
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
                            baselines={b: r[arena_key(b)] for b in ARENA_BASELINES})
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
