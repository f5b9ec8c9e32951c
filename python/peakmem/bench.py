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


def bench_model(path: pathlib.Path, budget_ms: int) -> dict:
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
    row["lower_bound"] = attrs.get("lower_bound")
    row["optimal"] = bool(attrs.get("optimal"))
    row["search"] = ("certified" if "already optimal" in err else
                     "proven" if "(proven optimal)" in err else "budget")
    row["reorder_s"] = t.get("ReorderPass", 0)
    row["certify_s"] = t.get("CertifyPass", 0)
    row["verify_s"] = t.get("VerifyCertificatePass", 0)
    row["model_s"] = t.get("(A) peakmem::MemoryModel", 0)
    row["_after"] = out
    row["_before"] = passes.run_opt(text, f"builtin.module(func.func({REPORT}))")[0]
    return row


def exec_model(row: dict, timeout: float) -> dict:
    res = {}
    for label in ("imported", "reorder"):
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


COLUMNS = ["model", "group", "statements", "buffers", "peak_imported", "peak_upstream",
           *[f"peak_{h}" for h in HEURISTICS], "peak_reorder", "lower_bound", "optimal",
           "search", "reduction_vs_upstream_pct", "measured_imported", "measured_reorder",
           "digest_imported", "digest_reorder", "exec_error", "parse_print_s", "report_s",
           "upstream_s", "reorder_s", "certify_s", "verify_s"]


def kb(n):
    return "–" if n is None else f"{n / 1024:,.1f}"


def write_results(rows, md_path, csv_path, args):
    with open(csv_path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow(r)
    n = len(rows)
    cert = sum(r["optimal"] for r in rows)
    mcu = [r for r in rows if r["group"] == "tflite"]
    mcu_cert = sum(r["optimal"] for r in mcu)
    worse = [r["model"] for r in rows if r["peak_reorder"] > min(
        r[k] for k in ["peak_imported", "peak_upstream", *[f"peak_{h}" for h in HEURISTICS]])]
    cert_times = [r["certify_s"] for r in rows]
    reorder_times = [r["reorder_s"] for r in rows]
    executed = [r for r in rows if r.get("measured_reorder") is not None]
    exact = [r for r in executed if r["measured_imported"] == r["peak_imported"]
             and r["measured_reorder"] == r["peak_reorder"]]
    same = [r for r in executed if r["digest_imported"] == r["digest_reorder"]]
    gains = [r for r in rows if r["peak_reorder"] < r["peak_upstream"]]
    L = []
    L.append("# Corpus results\n")
    L.append(f"Generated by `python -m peakmem bench` on {datetime.date.today()} "
             f"({n} models of `corpus/`, reorder budget {args.budget_ms} ms per block, "
             "2-core machine). Every number below was measured by that run; rerun it to "
             "regenerate this file and `docs/results.csv`.\n")
    L.append("## Summary\n")
    L.append(f"- Certified optimal (peak == lower bound): **{cert} of {n}** models "
             f"({100.0 * cert / n:.0f}%); microcontroller (TFLite) models: {mcu_cert} of {len(mcu)}.")
    L.append(f"- peakmem-reorder never worse than the best of as-imported, upstream and the six "
             f"baselines: {'yes, on every model' if not worse else 'NO: ' + ', '.join(worse)}.")
    L.append(f"- Lower than the upstream baseline (`--optimize-allocation-liveness`) on "
             f"{len(gains)} models: " + ", ".join(
                 f"{r['model']} {100.0 * (r['peak_reorder'] - r['peak_upstream']) / r['peak_upstream']:+.1f}%"
                 for r in gains) + ".")
    L.append(f"- Certificate time: median {1000 * statistics.median(cert_times):.1f} ms, "
             f"max {1000 * max(cert_times):.1f} ms; reorder time: median "
             f"{1000 * statistics.median(reorder_times):.1f} ms, max {1000 * max(reorder_times):.1f} ms "
             "(pass wall time from --mlir-timing, parsing excluded).")
    if args.exec:
        L.append(f"- Executed before and after: {len(executed)} of {n} models; measured == modeled on "
                 f"{len(exact)} of them; identical output digest on {len(same)}.")
        failed = [r for r in rows if r.get("exec_error")]
        if failed:
            L.append("- Not executed: " + "; ".join(f"{r['model']} ({r['exec_error']})" for r in failed))
    else:
        L.append("- Execution columns were not run in this pass of the benchmark (`--exec` off).")
    L.append("")
    L.append("## Peaks (KiB)\n")
    L.append("imported = frees at the end of the block as upstream bufferization leaves them; "
             "upstream = after `--optimize-allocation-liveness`; baselines = the same block ordered "
             "by each published heuristic; reorder = `peakmem-reorder` (auto); bound = "
             "`peakmem-certify` lower bound of the final order. search: certified = the order "
             "was proven optimal before any search; proven = the exact search finished; budget = "
             "best found within the budget.\n")
    hdr = ["model", "stmts", "bufs", "imported", "upstream", *HEURISTICS, "reorder", "bound",
           "optimal", "search", "vs upstream"]
    L.append("| " + " | ".join(hdr) + " |")
    L.append("|" + "|".join(["---"] * 3 + ["---:"] * (len(hdr) - 3)) + "|")
    for r in rows:
        red = 100.0 * (r["peak_reorder"] - r["peak_upstream"]) / r["peak_upstream"]
        L.append("| " + " | ".join([
            f"{r['group']}/{r['model']}", str(r["statements"]), str(r["buffers"]),
            kb(r["peak_imported"]), kb(r["peak_upstream"]),
            *[kb(r[f"peak_{h}"]) for h in HEURISTICS], kb(r["peak_reorder"]),
            kb(r["lower_bound"]), "yes" if r["optimal"] else "no", r["search"],
            f"{red:+.1f}%"]) + " |")
    L.append("")
    if args.exec:
        L.append("## Execution (bytes; counting allocator)\n")
        L.append("| model | modeled imported | measured imported | modeled reorder | measured reorder | digest imported | digest reorder |")
        L.append("|---|---:|---:|---:|---:|---|---|")
        for r in rows:
            L.append(f"| {r['group']}/{r['model']} | {r['peak_imported']} | {r.get('measured_imported', '–')} | "
                     f"{r['peak_reorder']} | {r.get('measured_reorder', '–')} | "
                     f"{r.get('digest_imported', '–')} | {r.get('digest_reorder', '–')} |")
        L.append("")
    L.append("## Times (ms)\n")
    L.append("parse+print = mlir-opt parsing and printing the module (for scale); the other "
             "columns are pass wall times.\n")
    L.append("| model | parse+print | report | upstream | reorder | certify | verify |")
    L.append("|---|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        L.append(f"| {r['group']}/{r['model']} | {1000 * r['parse_print_s']:.0f} | "
                 f"{1000 * r['report_s']:.1f} | {1000 * r['upstream_s']:.1f} | "
                 f"{1000 * r['reorder_s']:.1f} | {1000 * r['certify_s']:.1f} | {1000 * r['verify_s']:.1f} |")
    L.append("")
    pathlib.Path(md_path).write_text("\n".join(L))


def add_arguments(parser):
    parser.add_argument("--corpus", default=None, help="corpus directory (default corpus/)")
    parser.add_argument("--only", default=None, help="regex on model names")
    parser.add_argument("--exec", action="store_true",
                        help="also execute imported and reordered programs (slow)")
    parser.add_argument("--exec-timeout", type=float, default=900)
    parser.add_argument("--budget-ms", type=int, default=500)
    parser.add_argument("-o", "--output", default=str(tools.REPO / "docs" / "results.md"))
    parser.add_argument("--csv", default=str(tools.REPO / "docs" / "results.csv"))


def run(args):
    files = [f for f in corpus_files(args.corpus)
             if not args.only or re.search(args.only, f.stem)]
    rows = []
    for f in files:
        t0 = time.perf_counter()
        row = bench_model(f, args.budget_ms)
        red = 100.0 * (row["peak_reorder"] - row["peak_upstream"]) / row["peak_upstream"]
        row["reduction_vs_upstream_pct"] = round(red, 2)
        rows.append(row)
        print(f"[bench] {row['group']}/{row['model']}: upstream {row['peak_upstream']} -> "
              f"reorder {row['peak_reorder']} (bound {row['lower_bound']}, {row['search']}) "
              f"{time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    if args.exec:
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            futures = {pool.submit(exec_model, r, args.exec_timeout): r for r in rows}
            for fut in concurrent.futures.as_completed(futures):
                r = futures[fut]
                r.update(fut.result())
                print(f"[bench] executed {r['model']}: {r.get('measured_imported')} / "
                      f"{r.get('measured_reorder')} {r.get('exec_error', '')}",
                      file=sys.stderr, flush=True)
    write_results(rows, args.output, args.csv, args)
    print(args.output)
    return 0
