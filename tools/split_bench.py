#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`python3 tools/split_bench.py` (from the repository): split execution below the
single-layer wall (docs/Split.md), the tables of docs/results-split.md.

For every model of the microcontroller corpus and the torchvision models of
the corpus, at every MAC/operation budget (5%, 10%, 20% by default):
  * unsplit: the importer's bufferized program after peakmem-optimize with
    the budget (reorder, recompute), modeled and executed;
  * split: the importer's linalg-on-tensors stage after peakmem-split with the
    budget, lowered with the importer's own bufferization and deallocation
    stages, then peakmem-optimize with the recompute budgets the split left
    (its record), modeled, planned into an arena, executed;
  * checks: the split program's modeled peak is the one peakmem-split
    recorded, every executed program measures what it models, and the split
    program's output digest is the unsplit program's;
  * MACs and operations (peakmem-report) of both, the arena of both
    (peakmem-plan-arena, checked by peakmem-verify-arena).
Every figure of docs/results-split.md comes from this run.
"""

import argparse
import concurrent.futures
import dataclasses
import datetime
import json
import pathlib
import platform
import re
import sys
import tempfile
import time
from typing import Dict, List, Optional

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))
sys.path.insert(0, str(REPO / "tools"))

from peakmem import execute, optimize, passes  # noqa: E402
from peakmem import split as splitting  # noqa: E402
from peakmem.frontends import importer  # noqa: E402

def default_models() -> pathlib.Path:
    """../shared/models beside the repository, or beside a directory holding
    it (a worktree)."""
    for parent in REPO.parents:
        if (parent / "shared" / "models").is_dir():
            return parent / "shared" / "models"
    return REPO.parent / "shared" / "models"


MODELS = default_models()
MCU = ["mcunet_vww", "mcunetv2_imagenet", "mcunetv2_person_detection",
       "mlperf_tiny_vww_96_float", "mlperf_tiny_vww_96_int8", "tflm_person_detect",
       "mobilenet_v2_w035_144", "tflm_xtensa_mobilenet_v2_int8"]
TORCHVISION = ["deeplabv3_mobilenet_v3_large", "deeplabv3_resnet50", "densenet121",
               "efficientnet_b0", "lraspp_mobilenet_v3_large", "mnasnet1_0", "mobilenet_v2",
               "mobilenet_v3_large", "mobilenet_v3_small", "regnet_y_400mf", "resnet18",
               "resnet50", "squeezenet1_1"]
BUDGETS = [0.05, 0.10, 0.20]


@dataclasses.dataclass
class Program:
    text: str = ""
    modeled: Optional[int] = None
    macs: Optional[int] = None
    ops: Optional[int] = None
    measured: Optional[int] = None
    digest: Optional[str] = None
    arena: Optional[int] = None
    arena_bound: Optional[int] = None
    arena_optimal: Optional[bool] = None


@dataclasses.dataclass
class Row:
    group: str
    model: str
    budget: float
    error: str = ""
    record: Dict[str, object] = dataclasses.field(default_factory=dict)
    unsplit: Program = dataclasses.field(default_factory=Program)
    split: Optional[Program] = None
    split_s: float = 0.0
    exec_error: str = ""


def source(stem: str, models: pathlib.Path) -> pathlib.Path:
    for path in sorted(models.glob(f"*/{stem}.*")):
        return path
    raise FileNotFoundError(f"{stem}: not in {models}")


def optimized(text: str, macs: str, ops: str) -> Program:
    out, _, _ = passes.run_opt(text, splitting.OPTIMIZE.format(m=macs, o=ops))
    attrs = passes.function_attrs(out)
    return Program(text=out, modeled=attrs.get("peak"), macs=attrs.get("macs"),
                   ops=attrs.get("ops"))


def with_arena(p: Program, budget_ms: int) -> None:
    a = optimize.plan_arena(p.text, budget_ms=budget_ms)
    p.arena, p.arena_bound, p.arena_optimal = (a["arena_size"], a["arena_lower_bound"],
                                              a["arena_optimal"])


def bench_model(group: str, stem: str, budgets: List[float], arena_ms: int,
                keep: Optional[pathlib.Path], models: pathlib.Path) -> List[Row]:
    rows = [Row(group, stem, b) for b in budgets]
    with tempfile.TemporaryDirectory(prefix="peakmem-split-") as tmp:
        stages = keep / stem if keep else pathlib.Path(tmp)
        try:
            src = source(stem, models)
            bufferized, _ = importer.import_model(str(src), None, "splat", str(stages))
            fused = (stages / f"{src.stem}.2.fused.mlir").read_text()
        except Exception as err:  # Reported in the table.
            for r in rows:
                r.error = f"import failed: {str(err).splitlines()[0][:160]}"
            return rows
    for r in rows:
        try:
            bench_budget(r, bufferized, fused, arena_ms, keep)
        except Exception as err:  # Reported in the table.
            r.error = str(err).splitlines()[0][:200]
    return rows


def bench_budget(r: Row, bufferized: str, fused: str, arena_ms: int,
                 keep: Optional[pathlib.Path]) -> None:
    b = f"{r.budget:g}"
    r.unsplit = optimized(bufferized, b, b)
    with_arena(r.unsplit, arena_ms)
    s = splitting.split(fused, r.budget)
    r.split_s, r.record = s["split_s"], s["record"]
    if s["text"] is None:
        return
    r.split = Program(text=s["text"], modeled=s["peak"], macs=s["macs"], ops=s["ops"])
    with_arena(r.split, arena_ms)
    if keep:
        tag = f"{r.model}.split{int(round(100 * r.budget))}"
        (keep / r.model / f"{tag}.tensor.mlir").write_text(s["tensor_text"])
        (keep / r.model / f"{tag}.mlir").write_text(r.split.text)


def execute_rows(rows: List[Row], timeout: float) -> None:
    """Executes every distinct program once (peakmem attributes aside)."""
    seen: Dict[str, execute.ExecResult] = {}
    for r in rows:
        for p in [r.unsplit] + ([r.split] if r.split else []):
            if not p.text:
                continue
            key = execute.strip_peakmem_attributes(p.text)
            try:
                if key not in seen:
                    seen[key] = execute.execute_text(p.text, timeout=timeout)
                p.measured, p.digest = seen[key].peak_bytes, seen[key].output_digest
            except Exception as err:  # Reported in the table.
                r.exec_error = str(err).splitlines()[0][:160]


def kb(n) -> str:
    return "–" if n is None else f"{n / 1024:,.1f}"


def overhead(new, old) -> str:
    return "–" if new is None or not old else f"{100.0 * (new - old) / old:+.2f}%"


def checks(r: Row) -> Dict[str, Optional[bool]]:
    """Measured == modeled (both programs), the split program's model == its
    record, identical digests; None where not applicable or not executed."""
    s, u = r.split, r.unsplit
    out = {"exact": None, "recorded": None, "same_bits": None}
    if s is None:
        if u.measured is not None:
            out["exact"] = u.measured == u.modeled
        return out
    out["recorded"] = s.modeled == r.record.get("peak_after")
    if s.measured is not None and u.measured is not None:
        out["exact"] = s.measured == s.modeled and u.measured == u.modeled
        out["same_bits"] = s.digest == u.digest
    return out


def yes(v: Optional[bool]) -> str:
    return "–" if v is None else ("yes" if v else "**NO**")


def table(rows: List[Row]) -> List[str]:
    lines = ["| model | budget | tiles | stage ops | peak unsplit KB | peak split KB | lower by "
             "| MACs | ops | arena unsplit KB | arena split KB (bound) | measured == modeled "
             "| bits | split s |",
             "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- "
             "| --- | ---: |"]
    for r in rows:
        u, s, c = r.unsplit, r.split, checks(r)
        peak_u = u.measured if u.measured is not None else u.modeled
        if r.error:
            lines.append(f"| {r.model} | {r.budget:.0%} | error: {r.error} |" + " |" * 11)
            continue
        if s is None:
            lines.append(f"| {r.model} | {r.budget:.0%} | – | – | {kb(peak_u)} | – | – | – | – "
                         f"| {kb(u.arena)} | – | {yes(c['exact'])} | – | {r.split_s:.1f} |")
            continue
        peak_s = s.measured if s.measured is not None else s.modeled
        factor = f"{peak_u / peak_s:.2f}x" if peak_u and peak_s else "–"
        exact = yes(c["exact"]) + ("" if c["recorded"] else " (record **differs**)")
        lines.append(
            f"| {r.model} | {r.budget:.0%} | {r.record['tiles']} | {r.record['stage_ops']} "
            f"| {kb(peak_u)} | {kb(peak_s)} | {factor} | {overhead(s.macs, u.macs)} "
            f"| {overhead(s.ops, u.ops)} | {kb(u.arena)} | {kb(s.arena)} ({kb(s.arena_bound)}) "
            f"| {exact} | {yes(c['same_bits'])} | {r.split_s:.1f} |")
    return lines


def summary(rows: List[Row], group: str) -> List[str]:
    mine = [r for r in rows if r.group == group]
    models = sorted({r.model for r in mine})
    out = []
    for b in sorted({r.budget for r in mine}):
        at = [r for r in mine if r.budget == b]
        split = [r for r in at if r.split]
        factors = sorted((r.unsplit.modeled / r.split.modeled for r in split
                          if r.unsplit.modeled and r.split.modeled), reverse=True)
        twice = sum(1 for f in factors if f >= 2.0)
        rng = f"{factors[-1]:.2f}x to {factors[0]:.2f}x" if factors else "–"
        out.append(f"- budget {b:.0%}: {len(split)} of {len(models)} models split, peak lower "
                   f"by {rng}; {twice} at least 2x lower.")
    c = [checks(r) for r in mine]
    executed = [x for x in c if x["exact"] is not None]
    out.append(f"- executed: {len(executed)} rows, measured == modeled in "
               f"{sum(1 for x in executed if x['exact'])}; split programs with identical output "
               f"bits: {sum(1 for x in c if x['same_bits'])} of "
               f"{sum(1 for x in c if x['same_bits'] is not None)}; split programs modeled at "
               f"the recorded peak: {sum(1 for x in c if x['recorded'])} of "
               f"{sum(1 for x in c if x['recorded'] is not None)}.")
    return out


def reasons(rows: List[Row]) -> List[str]:
    out = []
    for r in rows:
        if r.split is None and not r.error and r.record.get("reason"):
            out.append(f"- {r.model} at {r.budget:.0%}: {r.record['reason']}")
    return out


CSV_FIELDS = ["group", "model", "budget", "tiles", "stage_ops", "peak_unsplit", "peak_split",
              "measured_unsplit", "measured_split", "macs_unsplit", "macs_split", "ops_unsplit",
              "ops_split", "arena_unsplit", "arena_split", "arena_split_bound",
              "digest_unsplit", "digest_split", "split_s", "reason", "error", "exec_error"]


def csv_row(r: Row) -> List[object]:
    s = r.split or Program()
    return [r.group, r.model, r.budget, r.record.get("tiles", ""), r.record.get("stage_ops", ""),
            r.unsplit.modeled, s.modeled, r.unsplit.measured, s.measured, r.unsplit.macs,
            s.macs, r.unsplit.ops, s.ops, r.unsplit.arena, s.arena, s.arena_bound,
            r.unsplit.digest, s.digest, f"{r.split_s:.2f}", r.record.get("reason", ""),
            r.error, r.exec_error]


def write_pages(rows: List[Row], out: pathlib.Path, runs: str, executed: bool,
                note: str = "") -> None:
    """`runs`: how the rows were obtained (the commands, in Markdown); `note`:
    a paragraph added after the first one."""
    lines = ["# Split execution: results", "",
             f"Generated by {runs} on {datetime.date.today()} ({platform.machine()}, "
             f"Python {platform.python_version()}); see [Split.md](Split.md) for what is "
             "measured and how. Peaks are "
             + ("measured by the execution harness (counting allocator; measured == modeled "
                "is checked per row)" if executed else "modeled (no execution in this run)")
             + ". `budget` bounds the extra MACs and operations of the split program "
             "(halo recompute plus recompute) and the unsplit program's recompute alike; "
             "MACs and ops are the split program's over the unsplit one's (peakmem-report). "
             "Arenas: peakmem-plan-arena on each final program (the bound in parentheses).", ""]
    if note:
        lines += [note, ""]
    for group, title, models in (("mcu", "Microcontroller corpus", MCU),
                                 ("torchvision", "Torchvision", TORCHVISION)):
        mine = [r for r in rows if r.group == group]
        if not mine:
            continue
        missing = [m for m in models if m not in {r.model for r in mine}]
        lines += [f"## {title}", ""] + summary(rows, group)
        if missing:
            lines.append(f"- not in these runs: {', '.join(missing)}.")
        lines += [""] + table(mine) + [""]
    why = reasons(rows)
    if why:
        lines += ["## Not split, and why (the pass's record)", ""] + why + [""]
    out.write_text("\n".join(lines))
    with open(out.with_suffix(".csv"), "w") as f:
        f.write(",".join(CSV_FIELDS) + "\n")
        for r in rows:
            f.write(",".join("" if v is None else re.sub(r"[,\n]", ";", str(v))
                             for v in csv_row(r)) + "\n")


def save(rows: List[Row], path: pathlib.Path, command: str, executed: bool) -> None:
    def figures(r: Row) -> dict:  # The programs' text is not kept.
        d = dataclasses.asdict(r)
        for p in (d["unsplit"], d["split"] or {}):
            p["text"] = ""
        return d
    path.write_text(json.dumps({"command": command, "executed": executed,
                                "rows": [figures(r) for r in rows]}, indent=1))


def load_row(d: dict) -> Row:
    r = Row(**{k: v for k, v in d.items() if k not in ("unsplit", "split")})
    r.unsplit = Program(**d["unsplit"])
    r.split = Program(**d["split"]) if d["split"] else None
    return r


def combine(paths: List[str], out: pathlib.Path, note: str = "") -> int:
    """The pages of several saved runs (in the order given)."""
    rows: List[Row] = []
    commands: List[str] = []
    executed = True
    for path in paths:
        saved = json.loads(pathlib.Path(path).read_text())
        # One run per model: the same command but for the model and the files.
        command = re.sub(r" (--only|--save|-o|--output|--models) \S+", "", saved["command"])
        command += " --only MODEL --save MODEL.json" if "--save" in saved["command"] else ""
        if command not in commands:
            commands.append(command)
        executed = executed and saved["executed"]
        rows += [load_row(d) for d in saved["rows"]]
    runs = " and ".join(f"`{c}`" for c in commands)
    write_pages(rows, out, f"{runs} ({len(paths)} runs, one per model), combined by "
                f"`python3 tools/split_bench.py --combine`", executed, note)
    return status(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="regular expression on model names")
    ap.add_argument("--models", default=str(MODELS),
                    help=f"models directory (default {MODELS})")
    ap.add_argument("--group", choices=["mcu", "torchvision", "all"], default="all")
    ap.add_argument("--budgets", default=",".join(f"{b:g}" for b in BUDGETS))
    ap.add_argument("--no-exec", action="store_true", help="model only, execute nothing")
    ap.add_argument("--exec-timeout", type=float, default=1800)
    ap.add_argument("--arena-budget-ms", type=int, default=0,
                    help="peakmem-plan-arena's opt-in wall-clock cap (0: off, the plan stops "
                    "on its work limits and is reproducible)")
    ap.add_argument("--jobs", type=int, default=1, help="models in parallel")
    ap.add_argument("--keep", help="write every program per model into this directory")
    ap.add_argument("--save", help="also write the rows of this run as JSON to this file")
    ap.add_argument("--combine", nargs="+", metavar="JSON",
                    help="measure nothing: write the pages from rows saved by runs with --save")
    ap.add_argument("--note", default="", help="with --combine: a paragraph for the page "
                    "(e.g. why models were not run)")
    ap.add_argument("-o", "--output", default=str(REPO / "docs" / "results-split.md"))
    args = ap.parse_args(argv)
    if args.combine:
        return combine(args.combine, pathlib.Path(args.output), args.note)
    budgets = [float(b) for b in args.budgets.split(",")]
    jobs = [("mcu", m) for m in MCU if args.group in ("mcu", "all")] + \
           [("torchvision", m) for m in TORCHVISION if args.group in ("torchvision", "all")]
    if args.only:
        jobs = [j for j in jobs if re.search(args.only, j[1])]
    keep = pathlib.Path(args.keep) if args.keep else None
    rows: List[Row] = []

    def one(job):
        t0 = time.perf_counter()
        got = bench_model(job[0], job[1], budgets, args.arena_budget_ms, keep,
                          pathlib.Path(args.models))
        if not args.no_exec:
            execute_rows(got, args.exec_timeout)
        print(f"[split_bench] {job[1]}: {time.perf_counter() - t0:.0f} s", file=sys.stderr,
              flush=True)
        return got

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for got in pool.map(one, jobs):
            rows += got
    command = "python3 tools/split_bench.py" + (" " + " ".join(argv or sys.argv[1:])).rstrip()
    write_pages(rows, pathlib.Path(args.output), f"`{command}`", not args.no_exec)
    if args.save:
        save(rows, pathlib.Path(args.save), command, not args.no_exec)
    return status(rows)


def status(rows: List[Row]) -> int:
    bad = [r for r in rows if r.error or r.exec_error
           or any(v is False for v in checks(r).values())]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
