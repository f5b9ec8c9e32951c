#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`python3 tools/scale.py` (from the repository): speed and memory on generated large inputs.

Generates (1) one block of N statements shaped as a chain with skips
(statement i reads the outputs of i-1 and i-3; frees at the end of the block,
as upstream bufferization leaves them) and (2) a module of many functions, and
measures wall time and peak RSS of: parsing and printing alone (mlir-opt),
upstream --optimize-allocation-liveness, and peakmem's passes (reordering,
arena planning after it, the whole optimize pipeline). Writes
docs/scale.md. Figures are ratios against the parse time on the same machine.
"""

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))

from peakmem import binaries, passes


def chain_with_skips(steps: int) -> str:
    """A block of ~3 * steps statements: alloc, add, and the frees at the end."""
    out = ["func.func @chain(%in: memref<16xf32>) -> memref<16xf32> {"]
    names = ["%in", "%in", "%in"]
    for i in range(steps):
        a, b = names[-1], names[-3]
        out.append(f"  %b{i} = memref.alloc() : memref<16xf32>")
        out.append(f"  linalg.add ins({a}, {b} : memref<16xf32>, memref<16xf32>) "
                   f"outs(%b{i} : memref<16xf32>)")
        names.append(f"%b{i}")
    for i in range(steps - 1):
        out.append(f"  memref.dealloc %b{i} : memref<16xf32>")
    out.append(f"  return %b{steps - 1} : memref<16xf32>")
    out.append("}")
    return "\n".join(out) + "\n"


def many_functions(count: int) -> str:
    out = []
    for f in range(count):
        n = 64 + f % 97
        out.append(f"""func.func @f{f}(%in: memref<{n}xf32>) -> memref<{n}xf32> {{
  %a = memref.alloc() : memref<{n}xf32>
  linalg.copy ins(%in : memref<{n}xf32>) outs(%a : memref<{n}xf32>)
  %b = memref.alloc() : memref<{n}xf32>
  linalg.copy ins(%in : memref<{n}xf32>) outs(%b : memref<{n}xf32>)
  %c = memref.alloc() : memref<{n}xf32>
  linalg.add ins(%a, %a : memref<{n}xf32>, memref<{n}xf32>) outs(%c : memref<{n}xf32>)
  %d = memref.alloc() : memref<{n}xf32>
  linalg.add ins(%b, %c : memref<{n}xf32>, memref<{n}xf32>) outs(%d : memref<{n}xf32>)
  memref.dealloc %a : memref<{n}xf32>
  memref.dealloc %b : memref<{n}xf32>
  memref.dealloc %c : memref<{n}xf32>
  return %d : memref<{n}xf32>
}}""")
    return "\n".join(out) + "\n"


def measure(cmd, timeout):
    """(wall seconds, peak RSS MiB) of cmd, or (None, None) on timeout."""
    start = time.perf_counter()
    try:
        proc = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], capture_output=True,
                              text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    rss_kib = int(proc.stderr.strip().splitlines()[-1])
    return wall, rss_kib / 1024


def add_arguments(parser):
    parser.add_argument("--sizes", default="20000,50000",
                        help="statement counts of the chain-with-skips block")
    parser.add_argument("--functions", type=int, default=1000)
    parser.add_argument("--upstream-timeout", type=float, default=300)
    parser.add_argument("-o", "--output", default=str(REPO / "docs" / "scale.md"))
    parser.add_argument("--baseline", help="an older peakmem-opt: its reorder+plan-arena pass "
                        "times on the chain blocks, run in turn with this build's")
    parser.add_argument("--baseline-label", default="the baseline",
                        help="how the doc names --baseline (e.g. its commit)")
    parser.add_argument("--runs", type=int, default=5,
                        help="runs of each binary side by side (after one warm-up each)")


def pass_seconds(opt, path):
    """Wall seconds of peakmem-reorder and peakmem-plan-arena (after it) from
    -mlir-timing: what each pass adds, parsing and printing excluded."""
    proc = subprocess.run(
        [str(opt), str(path), "-o", "/dev/null", "-p",
         "builtin.module(func.func(peakmem-reorder{remarks=0},peakmem-plan-arena{remarks=0}))",
         *passes.timing_arguments()],
        capture_output=True, text=True, check=True)
    times = passes.pass_times(proc.stderr)  # wall seconds
    return times.get("ReorderPass"), times.get("PlanArenaPass")


KEEP_MARKER = "<!-- Below: measured by hand, kept by tools/scale.py -->"


def kept_part(output):
    """What `output` holds from KEEP_MARKER on (sections measured by hand),
    written back after the generated part; "" without the marker."""
    path = pathlib.Path(output)
    text = path.read_text() if path.exists() else ""
    at = text.find(KEEP_MARKER)
    return "\n" + text[at:] if at >= 0 else ""


def side_by_side(baseline, opt, path, runs):
    """Pass times of `baseline` and `opt` on `path`, run in turn (B A B A ...,
    one warm-up each first): per binary the median reorder and plan-arena
    seconds and whole-process wall, and the median, min and max of the
    plan-arena ratio opt/baseline pair by pair (robust to the machine's speed
    drifting between pairs)."""
    pairs = []
    for i in range(runs + 1):
        pair = []
        for binary in (baseline, opt):
            start = time.perf_counter()
            reorder, arena = pass_seconds(binary, path)
            pair.append((reorder, arena, time.perf_counter() - start))
        if i:
            pairs.append(pair)
    med = lambda xs: statistics.median(xs)
    out = {}
    for k, name in enumerate(("baseline", "now")):
        out[name] = tuple(med([p[k][j] for p in pairs]) for j in range(3))
    ratios = [p[1][1] / p[0][1] for p in pairs]
    out["ratio"] = (med(ratios), min(ratios), max(ratios))
    return out


def side_by_side_lines(args, results, load):
    """The doc's section for side_by_side's `results` ([(label, result)])."""
    lines = ["", f"## Side by side with {args.baseline_label}", "",
             f"The reorder+plan-arena pipeline with `-mlir-timing` (pass times: the pass and "
             f"the verifier after it, parsing and printing excluded), {args.baseline_label} "
             f"and this build run in turn on the same file, {args.runs} runs each after a "
             f"warm-up; medians, and the plan-arena ratio now / {args.baseline_label} pair by "
             f"pair (median, min-max). Load average {load[0]:.1f} before, {load[1]:.1f} after, "
             "on 2 cores.", "",
             f"| input | peakmem-reorder, {args.baseline_label} / now | peakmem-plan-arena, "
             f"{args.baseline_label} / now | plan-arena ratio now / {args.baseline_label} | "
             "whole run (wall), then / now |",
             "|---|---|---|---|---|"]
    for label, r in results:
        b, n, (ratio, lo, hi) = r["baseline"], r["now"], r["ratio"]
        lines.append(f"| {label} | {b[0]:.3f} / {n[0]:.3f} s | {b[1]:.3f} / {n[1]:.3f} s | "
                     f"{ratio:.2f} ({lo:.2f}-{hi:.2f}) | {b[2]:.2f} / {n[2]:.2f} s |")
    return lines


def run(args):
    opt = binaries.build_product("bin/peakmem-opt")
    mlir_opt = binaries.llvm_tool("mlir-opt")
    rows = []
    with tempfile.TemporaryDirectory(prefix="peakmem-scale-") as tmp:
        inputs = []
        for n in (int(s) for s in args.sizes.split(",")):
            p = pathlib.Path(tmp) / f"chain{n}.mlir"
            p.write_text(chain_with_skips(n // 3))
            inputs.append((f"chain with skips, {n} statements", p, True))
        p = pathlib.Path(tmp) / "functions.mlir"
        p.write_text(many_functions(args.functions))
        inputs.append((f"{args.functions} functions", p, False))
        for label, path, upstream in inputs:
            print(f"[scale] {label}", file=sys.stderr, flush=True)
            r = {"input": label}
            r["parse"] = measure([mlir_opt, str(path), "-o", "/dev/null"], None)
            r["report"] = measure([opt, str(path), "-o", "/dev/null", "-p",
                                   "builtin.module(func.func(peakmem-report{remarks=0}))"], None)
            r["reorder"] = measure([opt, str(path), "-o", "/dev/null", "-p",
                                    "builtin.module(func.func(peakmem-reorder{remarks=0}))"], None)
            r["arena"] = measure([opt, str(path), "-o", "/dev/null", "-p",
                                  "builtin.module(func.func(peakmem-reorder{remarks=0},"
                                  "peakmem-plan-arena{remarks=0}))"], None)
            r["passes"] = pass_seconds(opt, path)
            r["optimize"] = measure([opt, str(path), "-o", "/dev/null", "-p",
                                     "builtin.module(func.func(peakmem-reorder{remarks=0},"
                                     "peakmem-recompute{remarks=0},peakmem-certify{remarks=0},"
                                     "peakmem-verify-certificate))"], None)
            r["upstream"] = measure([mlir_opt, str(path), "-o", "/dev/null", "-p",
                                     "builtin.module(func.func(optimize-allocation-liveness))"],
                                    args.upstream_timeout) if upstream else (None, None)
            rows.append(r)
        compared = []
        if args.baseline:
            load_before = os.getloadavg()[0]
            for label, path, chain in inputs:
                if chain:
                    print(f"[scale] side by side: {label}", file=sys.stderr, flush=True)
                    compared.append((label, side_by_side(args.baseline, opt, path, args.runs)))
            load = (load_before, os.getloadavg()[0])

    def cell(m, base):
        wall, rss = m
        if wall is None:
            return "timeout" if m is not None else "–"
        return f"{wall:.2f} s ({wall / base:.1f}x), {rss:.0f} MiB"

    lines = ["# Scale\n",
             "Generated by `python3 tools/scale.py` (wall time and peak RSS of the whole "
             "process, with the ratio to parsing and printing the same file with mlir-opt, on "
             "a 2-core machine). The chain block: statement i reads the outputs of i-1 and "
             "i-3, frees at the end of the block as upstream bufferization leaves them. "
             f"Upstream `optimize-allocation-liveness` is cut at {args.upstream_timeout:.0f} s.\n",
             "| input | parse+print | peakmem-report | peakmem-reorder | reorder+plan-arena "
             "| reorder+recompute+certify+verify | upstream optimize-allocation-liveness |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        base = r["parse"][0]
        up = r["upstream"]
        up_cell = "not run" if up == (None, None) and "functions" in r["input"] else (
            f"timeout (> {args.upstream_timeout:.0f} s)" if up[0] is None else cell(up, base))
        lines.append(f"| {r['input']} | {base:.2f} s, {r['parse'][1]:.0f} MiB | "
                     f"{cell(r['report'], base)} | {cell(r['reorder'], base)} | "
                     f"{cell(r['arena'], base)} | "
                     f"{cell(r['optimize'], base)} | {up_cell} |")
    lines += ["", "Pass times (`-mlir-timing`, the reorder+plan-arena pipeline; plan-arena "
              "starts from the model reorder built of the reordered function):", ""]
    for r in rows:
        reorder, arena = r["passes"]
        verdict = ("planning adds at most as much time as reordering"
                   if arena <= reorder else "planning takes LONGER than reordering")
        lines.append(f"- {r['input']}: peakmem-reorder {reorder:.2f} s, "
                     f"peakmem-plan-arena {arena:.2f} s: {verdict}.")
    if compared:
        lines += side_by_side_lines(args, compared, load)
    pathlib.Path(args.output).write_text("\n".join(lines) + "\n" + kept_part(args.output))
    print(args.output)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="tools/scale.py", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
