#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`python3 tools/regen.py` (from the repository): regeneration versus permutation (docs/Regeneration.md).

For every corpus model it compares two ways of lowering the peak with the
same core scheduler:

  A  regeneration: the importer's linalg-on-tensors stage (fused, before
     one-shot-bufferize) -> peakmem-reorder-tensors (the tensor model's
     prediction, `peakmem.predicted_peak`) -> the importer's own
     bufferization and deallocation stages (pipeline.STAGES) ->
     --optimize-allocation-liveness -> peakmem-report (modeled peak of what
     was generated) -> execution (measured peak, output digest);
  B  permutation: the importer's bufferized output (the corpus file) ->
     peakmem-reorder -> peakmem-report -> execution;
  baseline: the corpus file after --optimize-allocation-liveness (frees at
     last use, the fair upstream form) -> peakmem-report -> execution.

A second regeneration, A+ (`peakmem-reorder-tensors{in-place=true}`), uses a
tensor model that knows destination-style ops write a single-use init in
place.

Counts: route A misses its prediction (actual != predicted), route A ends
worse than the baseline, route B misses its model (should be 0), digests
that differ from the baseline. With --no-exec the "actual" peak is
peakmem-report's modeled peak of the generated program (exact for the IR the
corpus uses; see docs/Model.md) and no digest is computed.

Every program is executed once: a route whose final IR is identical to an
already executed one (peakmem.* attributes aside) reuses that measurement.
"""

import argparse
import concurrent.futures
import dataclasses
import datetime
import pathlib
import platform
import re
import sys
import tempfile
import time
from typing import Dict, List, Optional

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))

from peakmem import execute, passes, binaries
from peakmem.frontends import importer, pipeline

import corpus  # tools/corpus.py

UPSTREAM = "builtin.module(func.func(optimize-allocation-liveness))"
REPORT = "builtin.module(func.func(peakmem-report{remarks=0}))"

# Regeneration variants: (key, peakmem-reorder-tensors options, label).
VARIANTS = [
    ("A", "", "tensor model as specified: every result a new buffer"),
    ("A+", "in-place=true", "tensor model with in-place destination reuse"),
]


def bufferize_stages():
    """The importer's stages after the linalg-on-tensors ones (bufferization
    and deallocation), reused as they are."""
    names = [name for name, _ in pipeline.STAGES]
    return pipeline.STAGES[names.index("fused") + 1:]


def bufferize(tensor_text: str, timeout=None) -> str:
    mlir_opt = binaries.llvm_tool("mlir-opt")
    text = tensor_text
    for name, args in bufferize_stages():
        try:
            text = binaries.run([mlir_opt, "-", *args], input_text=text,
                             timeout=timeout)
        except RuntimeError as err:
            raise pipeline.PipelineError(
                f"mlir-opt stage '{name}' failed: {err}") from None
    problems = pipeline.check_final(text)
    if problems:
        raise pipeline.PipelineError("bufferized IR is not plain memref IR: "
                                     + "; ".join(problems))
    return text


def report(text: str) -> (str, int):
    out, _, _ = passes.run_opt(text, REPORT)
    return out, passes.function_attrs(out).get("peak")


def upstream(text: str) -> str:
    return passes.run_opt(text, UPSTREAM, tool="mlir-opt")[0]


@dataclasses.dataclass
class Program:
    """One generated program and its figures."""
    text: str = ""
    modeled: Optional[int] = None      # peakmem-report of the program
    measured: Optional[int] = None
    digest: Optional[str] = None
    exec_error: str = ""
    exec_s: float = 0.0
    same_as: str = ""                  # executed as another route's program


@dataclasses.dataclass
class Row:
    group: str
    model: str
    error: str = ""
    corpus_matches: Optional[bool] = None
    tensor_ops: int = 0
    baseline: Program = dataclasses.field(default_factory=Program)
    route_b: Program = dataclasses.field(default_factory=Program)
    b_search: str = ""                 # peakmem.reorder's `search`
    routes: Dict[str, Program] = dataclasses.field(default_factory=dict)
    tensor_before: Dict[str, int] = dataclasses.field(default_factory=dict)
    predicted: Dict[str, int] = dataclasses.field(default_factory=dict)
    tensor_search: Dict[str, str] = dataclasses.field(default_factory=dict)  # its `search`
    times: Dict[str, float] = dataclasses.field(default_factory=dict)


def _timed(row: Row, key: str, fn, *args):
    t0 = time.perf_counter()
    try:
        return fn(*args)
    finally:
        row.times[key] = row.times.get(key, 0.0) + time.perf_counter() - t0


def _count_top_ops(text: str) -> int:
    return len(pipeline.top_level_ops(text))


def build_model(job, max_work: int, keep: Optional[pathlib.Path]) -> Row:
    """Everything but the execution."""
    fmt, stem, src = job
    row = Row(group=fmt, model=stem)
    with tempfile.TemporaryDirectory(prefix="peakmem-regen-") as tmp:
        stages_dir = keep / stem if keep else pathlib.Path(tmp)
        try:
            imported, _ = _timed(row, "import", importer.import_model, src, None,
                                 "splat", str(stages_dir))
        except Exception as err:  # Reported in the table.
            row.error = f"import failed: {str(err).splitlines()[0][:160]}"
            return row
        fused_path = stages_dir / f"{pathlib.Path(src).stem}.2.fused.mlir"
        tensor_text = fused_path.read_text()
    corpus_file = corpus.CORPUS / fmt / f"{stem}.mlir"
    original = corpus_file.read_text() if corpus_file.exists() else imported
    row.corpus_matches = original == imported if corpus_file.exists() else None
    row.tensor_ops = _count_top_ops(tensor_text)
    try:
        # Baseline: the imported program, frees at last use.
        up = _timed(row, "baseline", upstream, original)
        row.baseline.text, row.baseline.modeled = _timed(row, "baseline",
                                                         report, up)
        # Route B: permutation of the bufferized program.
        out, _, _ = _timed(row, "route B", passes.run_opt, original,
                             f"builtin.module(func.func(peakmem-reorder"
                             f"{{max-work={max_work}}},"
                             "peakmem-report{remarks=0}))")
        row.route_b.text = out
        row.route_b.modeled = passes.function_attrs(out).get("peak")
        row.b_search = passes.record(out, "reorder").get("search", "")
        # Route A (and A+): regeneration from the tensor stage.
        for key, options, _ in VARIANTS:
            opts = f"max-work={max_work}" + (f" {options}" if options else "")
            t_out, t_err, _ = _timed(
                row, f"route {key}", passes.run_opt, tensor_text,
                f"builtin.module(func.func(peakmem-reorder-tensors{{{opts}}}))")
            predicted = passes.function_attrs(t_out).get("predicted_peak")
            if predicted is None:
                raise RuntimeError(f"route {key}: no peakmem.predicted_peak "
                                   f"(not modeled?): {t_err.strip()[:200]}")
            row.predicted[key] = predicted
            rec = passes.record(t_out, "reorder_tensors")
            if rec:
                row.tensor_before[key] = rec["peak_before"]
                row.tensor_search[key] = rec["search"]
            buf = _timed(row, f"route {key}", bufferize, t_out)
            buf = _timed(row, f"route {key}", upstream, buf)
            prog = Program()
            prog.text, prog.modeled = _timed(row, f"route {key}", report, buf)
            row.routes[key] = prog
            if keep:
                (keep / stem / f"{stem}.route{key}.tensor.mlir").write_text(t_out)
                (keep / stem / f"{stem}.route{key}.mlir").write_text(prog.text)
        if keep:
            (keep / stem / f"{stem}.baseline.mlir").write_text(row.baseline.text)
            (keep / stem / f"{stem}.routeB.mlir").write_text(row.route_b.text)
    except Exception as err:  # Reported in the table.
        row.error = str(err).splitlines()[0][:200]
    return row


def _program_key(text: str) -> str:
    return execute.strip_peakmem_attributes(text)


def programs_of(row: Row):
    """(label, Program) in execution order: baseline first."""
    out = [("baseline", row.baseline), ("B", row.route_b)]
    out += [(k, row.routes[k]) for k, _, _ in VARIANTS if k in row.routes]
    return out


def execute_row(row: Row, timeout: float) -> Row:
    seen = {}
    for label, prog in programs_of(row):
        if not prog.text:
            continue
        key = _program_key(prog.text)
        if key in seen:
            other_label, other = seen[key]
            prog.measured, prog.digest = other.measured, other.digest
            prog.exec_error = other.exec_error
            prog.same_as = other_label
            continue
        t0 = time.perf_counter()
        try:
            r = execute.execute_text(prog.text, timeout=timeout)
            prog.measured, prog.digest = r.peak_bytes, r.output_digest
        except Exception as err:  # Timeouts and failures go in the table.
            prog.exec_error = str(err).splitlines()[0][:160]
        prog.exec_s = time.perf_counter() - t0
        row.times["exec"] = row.times.get("exec", 0.0) + prog.exec_s
        seen[key] = (label, prog)
    return row


# --------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------

def n(v) -> str:
    return "–" if v is None else f"{v:,}"


def pct(new, old) -> str:
    if new is None or old is None or not old:
        return "–"
    return f"{100.0 * (new - old) / old:+.1f}%"


def actual(prog: Program, exec_mode: bool) -> Optional[int]:
    return prog.measured if exec_mode else prog.modeled


def digest_cell(prog: Program, base: Program, exec_mode: bool) -> str:
    if not exec_mode:
        return "n/a"
    if prog.exec_error:
        return "not run"
    if base.digest is None or prog.digest is None:
        return "–"
    return "yes" if prog.digest == base.digest else "**NO**"


def measured_cell(prog: Program, exec_mode: bool) -> str:
    if not exec_mode:
        return f"{n(prog.modeled)}*"
    if prog.exec_error:
        return "timeout" if "timed out" in prog.exec_error else "error"
    return n(prog.measured)


def write_report(rows: List[Row], args, wall_s: float):
    exec_mode = not args.no_exec
    ok = [r for r in rows if not r.error]
    L = report_header(rows, args, wall_s, exec_mode)
    L += counts_section(rows, ok, exec_mode)
    L += per_model_table(rows, exec_mode)
    L += aplus_table(rows, exec_mode)
    errs = [(r, label, p) for r in ok for label, p in programs_of(r) if p.exec_error]
    if errs:
        L += ["## Not executed\n"]
        for r, label, p in errs:
            L.append(f"- {r.model} {label}: {p.exec_error}")
        L.append("")
    L += times_table(rows, exec_mode)
    out = pathlib.Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(L))


def report_header(rows: List[Row], args, wall_s: float, exec_mode: bool):
    """The title and how the page was made."""
    L = ["# Regeneration versus permutation (generated)\n",
         f"Generated by `python3 tools/regen.py{'' if exec_mode else ' --no-exec'}"
         f"{' --only ' + repr(args.only) if args.only else ''}` on {datetime.date.today()} "
         f"({len(rows)} models, reorder max-work {args.max_work:,} units, "
         f"{platform.machine()} machine with {__import__('os').cpu_count()} cores, "
         f"{wall_s:.0f} s wall). What the routes are and why they differ: "
         "[Regeneration.md](Regeneration.md). Rerun the command to regenerate this file.\n"]
    if not exec_mode:
        L.append("**Not executed (`--no-exec`)**: every \"actual\" figure below (marked `*`) is "
                 "`peakmem-report`'s modeled peak of the generated program, which the execution "
                 "harness matches byte for byte on this corpus (docs/Execution.md, "
                 "`python3 tools/bench.py --exec`); no output digest is computed.\n")
    return L


def route_counts(ok: List[Row], key: str, exec_mode: bool):
    """Route `key`'s prediction misses, worse and better models than the
    original, digest differences and models not measured."""
    pred_miss, worse, better, digest_bad, unmeasured = [], [], [], [], []
    for r in ok:
        p = r.routes.get(key)
        a, base = actual(p, exec_mode), actual(r.baseline, exec_mode)
        if a is None or base is None:
            unmeasured.append(r.model)
            continue
        if a != r.predicted[key]:
            pred_miss.append(r)
        if a > base:
            worse.append(r)
        elif a < base:
            better.append(r)
        if exec_mode and p.digest != r.baseline.digest:
            digest_bad.append(r)
    return pred_miss, worse, better, digest_bad, unmeasured


def counts_section(rows: List[Row], ok: List[Row], exec_mode: bool):
    """How often each route misses its prediction or ends worse."""
    L = ["## Counts\n"]
    measured_word = "measured" if exec_mode else "modeled (`--no-exec`)"
    for key, _, label in VARIANTS:
        miss, worse, better, dbad, unmeasured = route_counts(ok, key, exec_mode)
        either = {r.model for r in miss} | {r.model for r in worse}
        reordered = [r for r in ok if r.predicted.get(key) is not None
                     and r.predicted[key] < r.tensor_before.get(key, r.predicted[key])]
        total = len(ok) - len(unmeasured)
        L.append(f"- **Route {key}** ({label}): the tensor scheduler changed the order of "
                 f"{len(reordered)} of {len(ok)} models. The regenerated program **misses its "
                 f"prediction on {len(miss)} of {total}** (actual {measured_word} peak != "
                 f"`peakmem.predicted_peak`); it ends **worse than the original on {len(worse)} of "
                 f"{total}**" + (f" ({', '.join(r.model for r in worse)})" if worse else "")
                 + f", better on {len(better)}"
                 + (f" ({', '.join(r.model for r in better)})" if better else "")
                 + f"; misses or worse: **{len(either)} of {total}**."
                 + (f" Output digest differs from the original on {len(dbad)}"
                    + (f" ({', '.join(r.model for r in dbad)})" if dbad else "") + "."
                    if exec_mode else "")
                 + (f" Not measured: {', '.join(unmeasured)}." if unmeasured else ""))
        if miss:
            over = sum(1 for r in miss if actual(r.routes[key], exec_mode) < r.predicted[key])
            L.append(f"  Of the misses, the prediction was above the actual peak on {over} and "
                     f"below it on {len(miss) - over}.")
    b_miss, b_worse, b_better, b_dbad, b_unmeasured = [], [], [], [], []
    for r in ok:
        a, base = actual(r.route_b, exec_mode), actual(r.baseline, exec_mode)
        if a is None or base is None:
            b_unmeasured.append(r.model)
            continue
        if a != r.route_b.modeled:
            b_miss.append(r.model)
        if a > base:
            b_worse.append(r.model)
        elif a < base:
            b_better.append(r.model)
        if exec_mode and r.route_b.digest != r.baseline.digest:
            b_dbad.append(r.model)
    total_b = len(ok) - len(b_unmeasured)
    L.append(f"- **Route B** (permutation of the bufferized program, `peakmem-reorder`): "
             f"misses its model on **{len(b_miss)} of {total_b}**"
             + (f" ({', '.join(b_miss)})" if b_miss else "")
             + (" (with `--no-exec` this holds by construction)" if not exec_mode else "")
             + f"; worse than the original on {len(b_worse)}, better on {len(b_better)}"
             + (f" ({', '.join(b_better)})" if b_better else "") + "."
             + (f" Output digest differs on {len(b_dbad)}." if exec_mode else "")
             + (f" Not measured: {', '.join(b_unmeasured)}." if b_unmeasured else ""))
    if exec_mode:
        progs = [(r.model, label, p) for r in ok for label, p in programs_of(r)
                 if p.measured is not None and not p.same_as]
        off = [f"{m} {label}" for m, label, p in progs if p.measured != p.modeled]
        L.append(f"- Every distinct program executed ({len(progs)}: originals, routes A, A+ and "
                 f"B): measured peak == `peakmem-report`'s modeled peak on "
                 f"{len(progs) - len(off)} of {len(progs)}"
                 + (f" (differs: {', '.join(off)})" if off else "") + ". A route A miss is "
                 "therefore the tensor model's error, not the memref model's.")
    mism = [r.model for r in ok if r.corpus_matches is False]
    L.append(f"- Re-importing reproduced the corpus file byte for byte on "
             f"{sum(1 for r in ok if r.corpus_matches)} of {len(ok)} models"
             + (f" (differs: {', '.join(mism)})" if mism else "") + ".")
    failed = [r for r in rows if r.error]
    if failed:
        L.append("- Failed: " + "; ".join(f"{r.model} ({r.error})" for r in failed))
    L.append("")
    return L


def per_model_table(rows: List[Row], exec_mode: bool):
    """Original, route A and route B per model."""
    L = ["## Per model (bytes)\n",
          "original = the imported program after `--optimize-allocation-liveness`, "
          f"{'measured' if exec_mode else 'modeled*'}; A tensor = the tensor model's peak of "
          "the imported order; A predicted = `peakmem.predicted_peak` after "
          "`peakmem-reorder-tensors`; A actual = the regenerated program (bufferized, deallocated, "
          "frees at last use), " + ("measured" if exec_mode else "modeled*") + "; miss = actual "
          "!= predicted; B modeled / actual = `peakmem-reorder` on the bufferized program; "
          "digest = same output digest as the original; `same` = the program is identical to "
          "the original's (executed once).\n"]
    hdr = ["model", "original", "A tensor", "A predicted", "A actual", "A vs pred", "A vs orig",
           "A digest", "B modeled", "B actual", "B vs orig", "B digest"]
    L.append("| " + " | ".join(hdr) + " |")
    L.append("|---|" + "---:|" * 6 + "---|" + "---:|" * 3 + "---|")
    for r in rows:
        if r.error:
            L.append(f"| {r.group}/{r.model} | failed: {r.error[:100]} |" + " |" * (len(hdr) - 2))
            continue
        A = r.routes["A"]
        a_act, base = actual(A, exec_mode), actual(r.baseline, exec_mode)
        b_act = actual(r.route_b, exec_mode)
        miss = "–" if a_act is None else ("=" if a_act == r.predicted["A"] else
                                          pct(a_act, r.predicted["A"]))
        L.append("| " + " | ".join([
            f"{r.group}/{r.model}", measured_cell(r.baseline, exec_mode),
            n(r.tensor_before.get("A")), n(r.predicted["A"]),
            measured_cell(A, exec_mode) + (" (same)" if A.same_as == "baseline" else ""),
            miss, pct(a_act, base), digest_cell(A, r.baseline, exec_mode),
            n(r.route_b.modeled), measured_cell(r.route_b, exec_mode)
            + (" (same)" if r.route_b.same_as == "baseline" else ""),
            pct(b_act, base), digest_cell(r.route_b, r.baseline, exec_mode)]) + " |")
    L.append("")
    return L


def aplus_table(rows: List[Row], exec_mode: bool):
    """Route A+ per model."""
    L = ["## Route A+ (in-place tensor model)\n",
          "`peakmem-reorder-tensors{in-place=true}`: a destination-style op writes its init's "
          "buffer when that buffer's values are each used once. Same columns as route A.\n",
          "| model | original | A+ tensor | A+ predicted | A+ actual | A+ vs pred | A+ vs orig | "
          "A+ digest |",
          "|---|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        if r.error or "A+" not in r.routes:
            continue
        P = r.routes["A+"]
        a_act, base = actual(P, exec_mode), actual(r.baseline, exec_mode)
        miss = "–" if a_act is None else ("=" if a_act == r.predicted["A+"] else
                                          pct(a_act, r.predicted["A+"]))
        L.append("| " + " | ".join([
            f"{r.group}/{r.model}", measured_cell(r.baseline, exec_mode),
            n(r.tensor_before.get("A+")), n(r.predicted["A+"]),
            measured_cell(P, exec_mode) + (f" (same as {P.same_as})" if P.same_as else ""),
            miss, pct(a_act, base), digest_cell(P, r.baseline, exec_mode)]) + " |")
    L.append("")
    return L


def times_table(rows: List[Row], exec_mode: bool):
    """Wall seconds of every stage per model."""
    L = ["## Times (s)\n",
          "import = TOSA emission and every importer stage (kept to get the tensor stage); "
          "baseline / route B / route A / A+ = the mlir-opt and peakmem-opt runs of each route "
          "(A and A+ include bufferization); exec = every distinct program executed.\n",
          "| model | tensor ops | import | baseline | route B | route A | route A+ | exec |",
          "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        t = r.times
        L.append(f"| {r.group}/{r.model} | {r.tensor_ops} | {t.get('import', 0):.1f} | "
                 f"{t.get('baseline', 0):.1f} | {t.get('route B', 0):.1f} | "
                 f"{t.get('route A', 0):.1f} | {t.get('route A+', 0):.1f} | "
                 + (f"{t.get('exec', 0):.1f}" if exec_mode else "–") + " |")
    L.append("")
    return L


# --------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------

def add_arguments(parser):
    parser.add_argument("--only", default=None, help="regex on model names")
    parser.add_argument("--models", default=None,
                        help="source models directory (default ../shared/models)")
    parser.add_argument("--no-exec", action="store_true",
                        help="do not execute; 'actual' = peakmem-report's modeled peak "
                             "of the generated program")
    parser.add_argument("--exec-timeout", type=float, default=900,
                        help="seconds per tool invocation of the execution harness")
    parser.add_argument("--jobs", type=int, default=2,
                        help="models processed / executed in parallel (default 2)")
    parser.add_argument("--max-work", type=int, default=100_000_000,
                        help="max-work of peakmem-reorder(-tensors), in work units")
    parser.add_argument("--keep", metavar="DIR", default=None,
                        help="write every stage and generated program to DIR/MODEL/")
    parser.add_argument("-o", "--output",
                        default=str(REPO / "docs" / "regeneration-results.md"))


def run(args):
    t0 = time.perf_counter()
    jobs = [j for j in corpus.jobs_list(args.models or corpus.DEFAULT_MODELS)
            if not args.only or re.search(args.only, j[1])]
    if not jobs:
        print("peakmem regen: no model matches", file=sys.stderr)
        return 2
    keep = pathlib.Path(args.keep) if args.keep else None

    def one(job):
        row = build_model(job, args.max_work, keep)
        print(f"[regen] {row.group}/{row.model}: "
              + (row.error if row.error else
                 f"original {row.baseline.modeled}, A predicted {row.predicted.get('A')} "
                 f"actual {row.routes['A'].modeled}, A+ predicted {row.predicted.get('A+')} "
                 f"actual {row.routes['A+'].modeled}, B {row.route_b.modeled}")
              + f" ({sum(row.times.values()):.1f} s)", file=sys.stderr, flush=True)
        if not args.no_exec and not row.error:
            execute_row(row, args.exec_timeout)
            print(f"[regen] executed {row.model}: "
                  + ", ".join(f"{label} {p.measured if not p.exec_error else p.exec_error[:60]}"
                              for label, p in programs_of(row))
                  + f" ({row.times.get('exec', 0):.1f} s)", file=sys.stderr, flush=True)
        return row

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = list(pool.map(one, jobs))
    write_report(rows, args, time.perf_counter() - t0)
    print(args.output)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="tools/regen.py", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
