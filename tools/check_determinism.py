#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Same input, same options, same bytes: runs peakmem pipelines over corpus
models under several conditions and compares the output bytes (the IR, every
diagnostic and the exit code) of each model across them (issue #23).

Conditions: ``idle`` (no load added), ``load`` (with --load busy processes
running, default 3: `yes > /dev/null`, started before and killed after each
run), ``single`` (``--mlir-disable-threading``) and, with --forms, ``flag``
(the pass's flag form on the module instead of the nested pipeline). Prints
one table per pipeline (model, a short hash per condition, same or DIFFERS,
seconds) and exits 1 if any model's bytes differ between conditions. With
--write, replaces the section between the markers `<!-- determinism_check:
begin -->` and `<!-- determinism_check: end -->` of docs/Determinism.md with
a table of the pipelines run (commit, load average, times).

    python3 tools/check_determinism.py                  # the non-arena pipelines
    python3 tools/check_determinism.py --arena          # optimize{arena=alloc}, plan-arena
    python3 tools/check_determinism.py --arena --write  # and update docs/Determinism.md
    python3 tools/check_determinism.py --all            # both
    python3 tools/check_determinism.py --pipeline 'builtin.module(func.func(peakmem-reorder))'

Run it through /work/bin/slot on a shared machine.
"""

import argparse
import datetime
import hashlib
import os
import pathlib
import subprocess
import sys
import textwrap
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "Determinism.md"
BEGIN, END = "<!-- determinism_check: begin -->", "<!-- determinism_check: end -->"

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


def utc() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def load_avg() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def model_name(model: pathlib.Path) -> str:
    corpus = ROOT / "corpus"
    return model.relative_to(corpus).as_posix() if model.is_relative_to(corpus) else str(model)


def check_model(opt, model, nested, flag, conditions, load) -> tuple:
    """({condition: digest}, {condition: seconds}) of one model."""
    digests, seconds = {}, {}
    for cond in conditions:
        args = [flag] if cond == "flag" else (
            ["-p", nested] + (["--mlir-disable-threading"] if cond == "single" else []))
        procs = busy(load) if cond == "load" else []
        try:
            out, took = run(opt, model, args)
        finally:
            stop(procs)
        digests[cond] = hashlib.sha256(out).hexdigest()[:12]
        seconds[cond] = took
    return digests, seconds


def check(opt, models, name, nested, flag, conditions, load) -> dict:
    """Runs one pipeline over the models and prints its table as it goes."""
    print(f"\n## {name}: `{nested}`\n")
    print("| model | " + " | ".join(conditions) + " | result | seconds |")
    print("|---|" + "---|" * len(conditions) + "---|---:|")
    rows, total, start_load = [], {c: 0.0 for c in conditions}, load_avg()
    for model in models:
        digests, seconds = check_model(opt, model, nested, flag, conditions, load)
        for c in conditions:
            total[c] += seconds[c]
        rows.append((model_name(model), digests))
        same = len(set(digests.values())) == 1
        print(f"| {rows[-1][0]} | " + " | ".join(digests[c] for c in conditions)
              + f" | {'same' if same else 'DIFFERS'} | {sum(seconds.values()):.1f} |", flush=True)
    same_count = sum(len(set(d.values())) == 1 for _, d in rows)
    print(f"\n{name}: {same_count} of {len(models)} models give the same bytes under "
          "every condition; seconds " + ", ".join(f"{c} {t:.1f}" for c, t in total.items()),
          flush=True)
    return {"name": name, "nested": nested, "rows": rows, "total": total,
            "conditions": conditions, "load": (start_load, load_avg())}


def commit_of(repo: pathlib.Path) -> str:
    p = subprocess.run(["git", "-C", str(repo), "log", "-1", "--format=%h"],
                       capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(repo), "status", "--porcelain", "-uno"],
                           capture_output=True, text=True).stdout.strip()
    return (p.stdout.strip() or "unknown") + (" with uncommitted changes" if dirty else "")


def summary_lines(results: list) -> list:
    conditions = results[0]["conditions"]
    lines = ["| pipeline | models same | " + " | ".join(f"seconds {c}" for c in conditions)
             + " | load average |", "|---|---|" + "---:|" * len(conditions) + "---|"]
    for r in results:
        same = sum(len(set(d.values())) == 1 for _, d in r["rows"])
        lines.append(f"| `{r['nested']}` | {same} of {len(r['rows'])} | "
                     + " | ".join(f"{r['total'][c]:.1f}" for c in conditions)
                     + f" | {r['load'][0]} -> {r['load'][1]} |")
    return lines


def table(results: list, commit: str, began: str, ended: str, load: int) -> str:
    """The docs/Determinism.md section: one summary row per pipeline, one row per model."""
    intro = (f"Measured by `tools/check_determinism.py --write` from {began} to {ended}, "
             f"peakmem-opt built from `{commit}`, default options, on the shared 2-core machine "
             "(other work may have been running, so `idle` means no load added by the check; "
             f"`load` adds {load} busy processes). Seconds: the whole corpus, summed over the "
             "models; load average (1/5/15 min) at the start and the end of each pipeline.")
    lines = [textwrap.fill(intro, 78), ""] + summary_lines(results)
    lines += ["", textwrap.fill("Per model (the first 12 hex digits of the SHA-256 of the "
                                "output bytes; `same`: equal under every condition):", 78),
              "", "| model | " + " | ".join(r["name"] for r in results) + " |",
              "|---|" + "---|" * len(results)]
    for i, (model, _) in enumerate(results[0]["rows"]):
        cells = []
        for r in results:
            d = r["rows"][i][1]
            cells.append(f"same `{next(iter(d.values()))}`" if len(set(d.values())) == 1 else
                         "DIFFERS " + " / ".join(f"{c} `{h}`" for c, h in d.items()))
        lines.append(f"| {model} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def write_doc(text: str) -> None:
    doc = DOC.read_text()
    head, sep, rest = doc.partition(BEGIN)
    if not sep or END not in rest:
        raise SystemExit(f"check_determinism.py: markers {BEGIN} ... {END} not in {DOC}")
    DOC.write_text(head + BEGIN + "\n" + text + "\n" + END + rest.partition(END)[2])


def parse_args():
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
    ap.add_argument("--write", action="store_true",
                    help="put the table of the pipelines run into docs/Determinism.md")
    return ap.parse_args()


def main() -> int:
    args = parse_args()
    opt = pathlib.Path(args.build) / "bin" / "peakmem-opt"
    if not opt.exists():
        print(f"check_determinism.py: {opt} not found (build first)", file=sys.stderr)
        return 2
    models = ([pathlib.Path(m).resolve() for m in args.models] if args.models
              else sorted((ROOT / "corpus").rglob("*.mlir")))
    pipelines = ([(f"pipeline {i + 1}", p, None) for i, p in enumerate(args.pipeline)]
                 if args.pipeline else PIPELINES + ARENA_PIPELINES if args.all
                 else ARENA_PIPELINES if args.arena else PIPELINES)
    conditions = ["idle", "load", "single"] + (["flag"] if args.forms else [])
    began = utc()
    results = [check(opt, models, name, nested, flag,
                     [c for c in conditions if c != "flag" or flag], args.load)
               for name, nested, flag in pipelines]
    if args.write:
        same_conditions = len({tuple(r["conditions"]) for r in results}) == 1
        if not same_conditions:
            raise SystemExit("check_determinism.py: --write needs the same conditions for "
                             "every pipeline (drop --forms or the certify pipeline)")
        text = table(results, commit_of(ROOT), began, utc(), args.load)
        write_doc(text)
        print("\n" + text)
    ok = all(len(set(d.values())) == 1 for r in results for _, d in r["rows"])
    print(f"\n{'every model gave the same bytes under every condition' if ok else 'DIFFERENCES FOUND'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
