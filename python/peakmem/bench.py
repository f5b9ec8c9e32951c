"""`python -m peakmem bench`: the corpus benchmark behind docs/results.md.

For every bufferized model of corpus/ it measures, with the same memory model
and the same binaries a user runs:
  * statements and buffers of the function body;
  * the modeled peak as imported (frees at the end, as upstream bufferization
    leaves them), after upstream --optimize-allocation-liveness, after each of
    the six baseline schedulers, after peakmem-reorder (auto), and the lower
    bound / optimality of peakmem-certify on the final order;
  * per-pass wall times from --mlir-timing (parsing and printing excluded),
    next to the time mlir-opt needs to parse and print the module;
  * with --exec, the measured peak and output digest of the imported and the
    reordered programs from the execution harness (python -m peakmem exec).
Nothing is hard-coded: every figure in docs/results.md comes from this run.
"""

import concurrent.futures
import csv
import datetime
import pathlib
import re
import statistics
import sys
import time

from peakmem import execute, passes, tools

HEURISTICS = ["lpmf", "bfs", "dfs", "xla-list", "xla-dfs", "post-order"]
# Models whose live-bytes plots go into docs/img and docs/results.md.
PLOT_MODELS = ["deeplabv3_mobilenet_v3_large", "redimnet_b2"]
REPORT = "peakmem-report{remarks=0}"


def corpus_files(root=None):
    root = pathlib.Path(root or tools.REPO / "corpus")
    return sorted(root.glob("*/*.mlir"))


def pass_times(stderr: str) -> dict:
    """Wall seconds per pass from --mlir-timing-display=list output."""
    times = {}
    for m in re.finditer(r"^\s*([\d.]+) \(\s*[\d.]+%\)\s+(.+?)\s*$", stderr, re.M):
        times[m.group(2)] = float(m.group(1))
    return times


def timed(text, pipeline, tool="peakmem-opt"):
    out, err, wall = passes.run_opt(
        text, pipeline, tool=tool,
        extra=["-mlir-timing", "-mlir-timing-display=list"])
    return out, pass_times(err), wall, err


def peak_of(text):
    return passes.function_attrs(text).get("peak")


def product_pipeline(recompute: str) -> str:
    """The pipeline whose result is "final": peakmem-optimize, or with explicit
    recompute options its three passes."""
    if not recompute:
        return "peakmem-optimize"
    return f"peakmem-reorder,peakmem-recompute{{{recompute}}},peakmem-certify"


def bench_model(path: pathlib.Path, budget_ms: int, recompute: str = "") -> dict:
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
    row["search"] = ("certified" if "already optimal" in err else
                     "proven" if "(proven optimal)" in err else "budget")
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
    row["macs"] = passes.function_attrs(row_before := passes.run_opt(
        text, f"builtin.module(func.func({REPORT}))")[0]).get("macs")
    row["extra_macs"] = (attrs.get("macs") or 0) - (row["macs"] or 0)
    m = re.search(r"peakmem-recompute: '[^']*' (unchanged at \d+ bytes: (.*)|peak .*)$",
                  err, re.M)
    row["recompute_note"] = (m.group(2) or m.group(1)) if m else ""
    row["_after"] = out
    row["_before"] = row_before
    row["_upstream"] = up
    return row


def exec_model(row: dict, timeout: float) -> dict:
    res = {}
    for label in ("imported", "final"):
        text = row["_before"] if label == "imported" else row["_after"]
        try:
            r = execute.execute_text(text, timeout=timeout)
            res[f"measured_{label}"] = r.peak_bytes
            res[f"digest_{label}"] = r.output_digest
        except Exception as err:  # Reported in the table, never hidden.
            res[f"measured_{label}"] = None
            res["exec_error"] = str(err).splitlines()[0][:120]
            break
    return res


COLUMNS = ["model", "group", "statements", "buffers", "macs", "peak_imported", "peak_upstream",
           *[f"peak_{h}" for h in HEURISTICS], "peak_reorder", "search", "peak_final",
           "extra_macs", "lower_bound", "optimal", "reduction_vs_upstream_pct",
           "measured_imported", "measured_final", "digest_imported", "digest_final",
           "exec_error", "parse_print_s", "report_s", "upstream_s", "reorder_s",
           "recompute_s", "certify_s", "verify_s", "recompute_note"]


def kb(n):
    return "–" if n is None else f"{n / 1024:,.1f}"


def pct(new, old):
    return 100.0 * (new - old) / old if old else 0.0


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
               "default budgets: 1 extra run per op, 0.4% extra MACs")
    final = ("`peakmem-optimize`" if not args.recompute else
             f"`{product_pipeline(args.recompute)}`")
    command = "python -m peakmem bench" + (" --exec" if args.exec else "") + (
        f" --recompute '{args.recompute}'" if args.recompute else "")
    L = ["# Corpus results\n",
         f"Generated by `{command}` on "
         f"{datetime.date.today()} ({n} models of `corpus/`, reorder budget {args.budget_ms} ms "
         "per block, a 2-core machine). Every number below was measured by that run; rerun it "
         f"to regenerate this file and `{pathlib.Path(csv_path).name}`.\n",
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
                             f"(+{100.0 * r['extra_macs'] / max(1, r['macs']):.3f}% MACs)"
                             for r in rgains) if rgains else "") + ".",
         f"- Certificate time: median {1000 * statistics.median(cert_times):.1f} ms, max "
         f"{1000 * max(cert_times):.1f} ms; reorder: median "
         f"{1000 * statistics.median(reorder_times):.1f} ms, max {1000 * max(reorder_times):.1f} ms "
         "(pass wall time from `--mlir-timing`, parsing excluded)."]
    if args.exec:
        executed = [r for r in rows if r.get("measured_final") is not None]
        exact = [r for r in executed if r["measured_imported"] == r["peak_imported"]
                 and r["measured_final"] == r["peak_final"]]
        same = [r for r in executed if r["digest_imported"] == r["digest_final"]]
        L.append(f"- Executed before and after (imported vs {final}): {len(executed)} of "
                 f"{n} models; measured == modeled on {len(exact)} of them; identical output "
                 f"digest on {len(same)}.")
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
           "final", "+MACs", "bound", "optimal", "vs upstream"]
    L.append("| " + " | ".join(hdr) + " |")
    L.append("|" + "|".join(["---"] + ["---:"] * (len(hdr) - 1)) + "|")
    for r in rows:
        L.append("| " + " | ".join([
            f"{r['group']}/{r['model']}", str(r["statements"]), str(r["buffers"]),
            kb(r["peak_imported"]), kb(r["peak_upstream"]),
            *[kb(r[f"peak_{h}"]) for h in HEURISTICS], kb(r["peak_reorder"]), r["search"],
            kb(r["peak_final"]), f"{100.0 * r['extra_macs'] / max(1, r['macs']):.3f}%",
            kb(r["lower_bound"]), "yes" if r["optimal"] else "no",
            f"{pct(r['peak_final'], r['peak_upstream']):+.1f}%"]) + " |")
    L.append("")
    L.append("Recompute notes (why the planner kept or changed each model):\n")
    for r in rows:
        L.append(f"- {r['model']}: {r['recompute_note']}")
    L.append("")
    if args.exec:
        L += ["## Execution (bytes; counting allocator, `mlir-runner`)\n",
              "| model | modeled imported | measured imported | modeled final | measured final | digest imported | digest final |",
              "|---|---:|---:|---:|---:|---|---|"]
        for r in rows:
            L.append(f"| {r['group']}/{r['model']} | {r['peak_imported']} | "
                     f"{r.get('measured_imported', '–')} | {r['peak_final']} | "
                     f"{r.get('measured_final', '–')} | {r.get('digest_imported', '–')} | "
                     f"{r.get('digest_final', '–')} |")
        L.append("")
    plotted = [r for r in rows if r["model"] in PLOT_MODELS]
    if plotted:
        L.append("## Plots\n")
        L.append("Live heap bytes over the statements of the function body: as imported, after "
                 "upstream `--optimize-allocation-liveness`, after `peakmem-optimize`, with the "
                 "lower bound (`python -m peakmem plot MODEL --upstream -o PNG`).\n")
        for r in plotted:
            L.append(f"![{r['model']}](img/{r['model']}.png)\n")
    L += ["## Times (ms)\n",
          "parse+print = mlir-opt parsing and printing the module (for scale); the other "
          "columns are pass wall times from `--mlir-timing`.\n",
          "| model | parse+print | report | upstream | reorder | recompute | certify | verify |",
          "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        L.append(f"| {r['group']}/{r['model']} | {1000 * r['parse_print_s']:.0f} | "
                 f"{1000 * r['report_s']:.1f} | {1000 * r['upstream_s']:.1f} | "
                 f"{1000 * r['reorder_s']:.1f} | {1000 * r['recompute_s']:.1f} | "
                 f"{1000 * r['certify_s']:.1f} | {1000 * r['verify_s']:.1f} |")
    L.append("")
    pathlib.Path(md_path).write_text("\n".join(L))


def add_arguments(parser):
    parser.add_argument("--corpus", default=None, help="corpus directory (default corpus/)")
    parser.add_argument("--only", default=None, help="regex on model names")
    parser.add_argument("--exec", action="store_true",
                        help="also execute imported and reordered programs (slow)")
    parser.add_argument("--exec-timeout", type=float, default=900)
    parser.add_argument("--budget-ms", type=int, default=500)
    parser.add_argument("--recompute", default="",
                        help="peakmem-recompute options for the final pipeline, e.g. "
                             "'max-mac-overhead=0.05 max-recompute-per-op=2' (default: "
                             "peakmem-optimize with the default budgets; plots are then "
                             "not written)")
    parser.add_argument("-o", "--output", default=str(tools.REPO / "docs" / "results.md"))
    parser.add_argument("--csv", default=str(tools.REPO / "docs" / "results.csv"))


def run(args):
    files = [f for f in corpus_files(args.corpus)
             if not args.only or re.search(args.only, f.stem)]
    rows = []
    for f in files:
        t0 = time.perf_counter()
        row = bench_model(f, args.budget_ms, args.recompute)
        row["reduction_vs_upstream_pct"] = round(pct(row["peak_final"], row["peak_upstream"]), 2)
        rows.append(row)
        print(f"[bench] {row['group']}/{row['model']}: upstream {row['peak_upstream']} -> "
              f"reorder {row['peak_reorder']} ({row['search']}), final {row['peak_final']} "
              f"(bound {row['lower_bound']}) "
              f"{time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    if args.exec:
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            futures = {pool.submit(exec_model, r, args.exec_timeout): r for r in rows}
            for fut in concurrent.futures.as_completed(futures):
                r = futures[fut]
                r.update(fut.result())
                print(f"[bench] executed {r['model']}: {r.get('measured_imported')} / "
                      f"{r.get('measured_final')} {r.get('exec_error', '')}",
                      file=sys.stderr, flush=True)
    from peakmem import plot
    img = pathlib.Path(args.output).parent / "img"
    for r in rows:
        if r["model"] in PLOT_MODELS and not args.recompute:
            plot.plot_before_after(r["_before"], r["_after"], str(img / f"{r['model']}.png"),
                                   title=r["model"], lower_bound=r["lower_bound"],
                                   upstream_text=r["_upstream"])
    write_results(rows, args.output, args.csv, args)
    print(args.output)
    return 0
