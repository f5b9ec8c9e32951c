#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Must-show 1 of issue #23: `peakmem-optimize{arena=alloc}` and
`peakmem-plan-arena` on every corpus model (corpus/**/*.mlir, as
tools/bench.py takes them), run idle (no load added), under load (three busy
`yes > /dev/null` processes, stopped after each run) and with
`--mlir-disable-threading`, give byte-identical output (IR, diagnostics and
exit code) per model.

Prints a per-pipeline table; with --write, replaces the section between the
markers `<!-- determinism_check: begin -->` and `<!-- determinism_check: end
-->` of docs/Determinism.md with it (commit, load average, times). Exits 1
if any model differs. Run it through /work/bin/slot on a shared machine:

    python3 tools/determinism_check.py [--build DIR] [--models M...] [--write]

The runs themselves are tools/check_determinism.py's (`run`, `busy`, `stop`),
which also checks the other pipelines and the flag form.
"""

import argparse
import datetime
import hashlib
import os
import pathlib
import subprocess
import sys
import textwrap

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import check_determinism as cd  # noqa: E402

ROOT = cd.ROOT
DOC = ROOT / "docs" / "Determinism.md"
BEGIN, END = "<!-- determinism_check: begin -->", "<!-- determinism_check: end -->"
CONDITIONS = ["idle", "load", "single"]


def utc() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def load_avg() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def check_model(opt, model, nested: str, load: int) -> tuple:
    """({condition: digest}, {condition: seconds}) of one model."""
    digests, seconds = {}, {}
    for cond in CONDITIONS:
        args = ["-p", nested] + (["--mlir-disable-threading"] if cond == "single" else [])
        procs = cd.busy(load) if cond == "load" else []
        try:
            out, took = cd.run(opt, model, args)
        finally:
            cd.stop(procs)
        digests[cond] = hashlib.sha256(out).hexdigest()[:8]
        seconds[cond] = took
    return digests, seconds


def check_pipeline(opt, models, name: str, nested: str, load: int) -> dict:
    rows, total, start_load = [], {c: 0.0 for c in CONDITIONS}, load_avg()
    for model in models:
        digests, seconds = check_model(opt, model, nested, load)
        for c in CONDITIONS:
            total[c] += seconds[c]
        rows.append((model.relative_to(ROOT / "corpus").as_posix()
                     if model.is_relative_to(ROOT / "corpus") else str(model), digests))
        print(f"{name} {rows[-1][0]}: " + " ".join(digests[c] for c in CONDITIONS)
              + ("" if len(set(digests.values())) == 1 else "  DIFFERS"), flush=True)
    return {"name": name, "nested": nested, "rows": rows, "total": total,
            "load": (start_load, load_avg())}


def commit_of(repo: pathlib.Path) -> str:
    p = subprocess.run(["git", "-C", str(repo), "log", "-1", "--format=%h"],
                       capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(repo), "status", "--porcelain", "-uno"],
                           capture_output=True, text=True).stdout.strip()
    return (p.stdout.strip() or "unknown") + (" with uncommitted changes" if dirty else "")


def table(results: list, commit: str, began: str, ended: str, load: int) -> str:
    intro = (f"Measured by `tools/determinism_check.py` from {began} to {ended}, peakmem-opt "
             f"built from `{commit}`, default options, on the shared 2-core machine (other "
             f"helpers' builds and tests were running, so `idle` means no load added by the "
             f"check; `load` adds {load} busy processes). Seconds: the whole corpus, summed "
             "over the models; load average (1/5/15 min) at the start and the end of each "
             "pipeline.")
    lines = [textwrap.fill(intro, 78), "",
             "| pipeline | models same | seconds idle | load | single | load average |",
             "|---|---|---:|---:|---:|---|"]
    for r in results:
        same = sum(len(set(d.values())) == 1 for _, d in r["rows"])
        lines.append(f"| `{r['nested']}` | {same} of {len(r['rows'])} | "
                     + " | ".join(f"{r['total'][c]:.1f}" for c in CONDITIONS)
                     + f" | {r['load'][0]} -> {r['load'][1]} |")
    lines += ["", textwrap.fill("Per model (the first 8 hex digits of the SHA-256 of the "
                                "output bytes; `same`: equal under the three conditions):", 78),
              "",
              "| model | " + " | ".join(r["name"] for r in results) + " |",
              "|---|" + "---|" * len(results)]
    for i, (model, _) in enumerate(results[0]["rows"]):
        cells = []
        for r in results:
            d = r["rows"][i][1]
            cells.append(f"same `{d['idle']}`" if len(set(d.values())) == 1 else
                         "DIFFERS " + " / ".join(f"{c} `{d[c]}`" for c in CONDITIONS))
        lines.append(f"| {model} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def write_doc(text: str) -> None:
    doc = DOC.read_text()
    head, sep, rest = doc.partition(BEGIN)
    if not sep or END not in rest:
        raise SystemExit(f"determinism_check.py: markers {BEGIN} ... {END} not in {DOC}")
    DOC.write_text(head + BEGIN + "\n" + text + "\n" + END + rest.partition(END)[2])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=str(ROOT / "build"), help="build directory")
    ap.add_argument("--models", nargs="*", help="models (default: every corpus/**/*.mlir)")
    ap.add_argument("--load", type=int, default=3, help="busy processes of the load condition")
    ap.add_argument("--write", action="store_true", help="update docs/Determinism.md")
    args = ap.parse_args()
    opt = pathlib.Path(args.build) / "bin" / "peakmem-opt"
    if not opt.exists():
        print(f"determinism_check.py: {opt} not found (build first)", file=sys.stderr)
        return 2
    models = ([pathlib.Path(m).resolve() for m in args.models] if args.models
              else sorted((ROOT / "corpus").rglob("*.mlir")))
    began = utc()
    results = [check_pipeline(opt, models, name, nested, args.load)
               for name, nested, _ in cd.ARENA_PIPELINES]
    text = table(results, commit_of(ROOT), began, utc(), args.load)
    print("\n" + text)
    if args.write:
        write_doc(text)
    ok = all(len(set(d.values())) == 1 for r in results for _, d in r["rows"])
    print("\n" + ("every model gave the same bytes under every condition" if ok
                  else "DIFFERENCES FOUND"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
