# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`python3 tools/bench.py --train`: the training-step benchmark behind
docs/results-training.md (issue 16). The six training models of
--models-dir at batch 1 and 8, each step imported with `peakmem import
--train`, optimized under four recompute budgets and (with --exec) executed;
every figure of the page and its .csv comes from the run."""

import concurrent.futures
import csv
import datetime
import pathlib
import re
import sys
import time

from bench_common import HEURISTICS, REPORT, _shown, kb, pct, search_of, timed
from peakmem import execute, passes

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
        text, f"peakmem-reorder{{max-work={args.max_work}}},peakmem-certify{{remarks=0}},"
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
        etext, f"peakmem-reorder{{max-work={args.max_work}}},peakmem-certify{{remarks=0}},"
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
    L = train_summary(rows, csv_path, args)
    L += train_execution_summary(rows) if args.exec else [
        "- Execution columns were not run (`--exec` off)."]
    L += train_peak_tables(rows)
    L += train_recompute_table(rows)
    if args.exec:
        L += train_execution_table(rows)
    L += ["", "## Times (s)\n",
         "| model | batch | import | reorder pass | certify pass | bench (all pipelines) "
         "| execution (all programs) |", "|---|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        L.append(f"| {r['group']}/{r['model']} | {r['batch']} | {r['import_s']:.1f} | "
                 f"{r['reorder_s']:.2f} | {r['certify_s']:.2f} | {r['bench_s']:.1f} | "
                 f"{r.get('exec_s', 0):.0f} |")
    L.append("")
    pathlib.Path(md_path).write_text("\n".join(L))



def train_summary(rows, csv_path, args):
    """The title, how the page was made, the summary's peak and bound lines."""
    n = len(rows)
    command = "python3 tools/bench.py --train" + (" --exec" if args.exec else "") + (
        f" --exec-limit {args.exec_limit:g}" if args.exec_limit else "") + (
        f" --exec-opt-level {args.exec_opt_level}"
        if args.exec and args.exec_opt_level != execute.DEFAULT_OPT_LEVEL else "")
    L = ["# Training-step results\n",
         f"Generated by `{command}` on {datetime.date.today()} ({n} configurations of "
         f"{len(TRAIN_MODELS)} models x batch {', '.join(map(str, TRAIN_BATCHES))}; reorder "
         f"max-work {args.max_work:,} work units per function, a 2-core machine shared with other jobs). "
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
    return L


def train_execution_summary(rows):
    """The summary's lines on the executed programs (--exec)."""
    n = len(rows)
    L = []
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
    return L


def train_peak_tables(rows):
    """Peaks per configuration, and the update-placement comparison."""
    L = ["", "## Peaks (KiB)\n",
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
    return L


def train_recompute_table(rows):
    """Peaks and bounds per recompute budget, and the planner's notes."""
    L = ["", "## Recompute per budget (KiB)\n",
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
    return L


def train_execution_table(rows):
    """Modeled / measured bytes per program, digest equality (--exec)."""
    L = ["", "## Execution (bytes; counting allocator, `mlir-runner` -O0)\n",
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
    return L


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
