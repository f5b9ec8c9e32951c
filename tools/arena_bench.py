#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Arena placement benchmark: peakmem-arena-solve on CSV instances.

Runs the solver on every instance of one or more directories (by default
MiniMalloc's 11 "challenging" instances in ../shared/arena-instances), checks
each solution with an independent checker written here from the definition
(not from the solver's code), and writes docs/arena-benchmark.md: height,
bound, status, time per instance. With --minimalloc BINARY (a MiniMalloc
build of your own; this repository neither ships nor builds it) it also
times `BINARY --capacity=C --input=CSV --output=OUT` on the same machine, in
the same run, one instance after the other.

With --perfect N it also solves N perfect packings (a rectangle of time x
bytes cut into 200-450 pieces, generated here from fixed seeds: every instant
holds the rectangle's height, so that is the optimum) and reports how many
reach it, and whether any claims `optimal` above it.

usage: python3 tools/arena_bench.py [DIR ...] [--solver PATH]
       [--minimalloc BINARY] [--capacity N] [--out docs/arena-benchmark.md]
       [--perfect N] [--extra ARG ...] [--decide NAME=CAPACITY ...]

With --decide NAME=CAPACITY (NAME an instance's file name) it also decides
that capacity alone on that instance (`--capacity`, with --decide-nodes
search nodes), checks the plan found and reports it: a way to look for
heights below the minimiser's on the instances it leaves above their bound.
"""

import argparse
import csv
import glob
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_DIR = os.path.join(os.path.dirname(ROOT), "shared", "arena-instances",
                           "minimalloc-challenging")


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def check_solution(instance, solution):
    """Validates `solution` (rows with an offset) against `instance` from
    the definition: offsets non-negative and aligned, and no two buffers
    live at a common instant of [lower, upper) share a byte. Returns
    (height, live_bound, error or None)."""
    rows = read_rows(instance)
    sol = read_rows(solution)
    if len(sol) != len(rows):
        return 0, 0, "%d rows in the solution for %d" % (len(sol), len(rows))
    bufs = []
    for r, s in zip(rows, sol):
        if r["id"] != s["id"]:
            return 0, 0, "row order differs at id %s" % r["id"]
        lower, upper = int(r["lower"]), int(r["upper"])
        size, off = int(r["size"]), int(s["offset"])
        align = int(r.get("alignment") or 1)
        size = -(-size // align) * align
        if off < 0 or off % align:
            return 0, 0, "buffer %s: offset %d (alignment %d)" % (
                r["id"], off, align)
        bufs.append((lower, upper, off, off + size, r["id"]))
    height = max([b[3] for b in bufs] + [0])
    # Sweep over time: at each instant the live buffers, sorted by offset,
    # must be disjoint; ends at t leave before starts at t.
    events = sorted([(b[1], 0, i) for i, b in enumerate(bufs)] +
                    [(b[0], 1, i) for i, b in enumerate(bufs)])
    live = {}
    live_bytes, bound = 0, 0
    for t, kind, i in events:
        lo, hi, start, end, name = bufs[i]
        if kind == 0:
            live.pop(i, None)
            live_bytes -= end - start
            continue
        live_bytes += end - start
        bound = max(bound, live_bytes)
        if end == start:
            continue
        for j in live:
            o = bufs[j]
            if o[2] < end and start < o[3]:
                return height, 0, "buffers %s and %s overlap" % (o[4], name)
        live[i] = True
    return height, bound, None


def run_solver(solver, instance, extra, capacity):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "solution.csv")
        cmd = [solver, instance, "-o", out, "--check-proof"] + extra
        if capacity is not None:
            cmd.append("--capacity=%d" % capacity)
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        if proc.returncode != 0:
            return {"error": proc.stderr.strip() or "exit %d" % proc.returncode}
        last = proc.stdout.strip().splitlines()[-1]
        fields = dict(kv.split("=", 1) for kv in last.split())
        height, bound, error = check_solution(instance, out)
        return {
            "height": int(fields["height"]),
            "lower_bound": int(fields["lower_bound"]),
            "status": fields["status"],
            "seconds": seconds,
            "checked_height": height,
            "live_bound": bound,
            "error": error,
            "proof_checked": "refutation of" in proc.stderr,
        }


def run_minimalloc(binary, instance, capacity):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.csv")
        cmd = [binary, "--capacity=%d" % capacity, "--input=" + instance,
               "--output=" + out]
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        if proc.returncode != 0:
            return {"error": proc.stderr.strip()}
        height, _, error = check_solution(instance, out)
        return {"seconds": seconds, "height": height, "error": error}


def capacity_of(path, default):
    # MiniMalloc's files carry their capacity in the name: A.1048576.csv.
    parts = os.path.basename(path).split(".")
    if len(parts) >= 3 and parts[-2].isdigit():
        return int(parts[-2])
    return default


def perfect_packing(path, seed, pieces, steps=400, height=1 << 20,
                    unit=1024):
    """Writes a rectangle of `steps` x `height` bytes cut into `pieces`
    buffers (each cut splits a piece in time or in bytes, at multiples of
    `unit`) to `path`; returns the optimum, `height`."""
    rng = random.Random(seed)
    rects = [(0, steps, 0, height)]
    while len(rects) < pieces:
        i = rng.randrange(len(rects))
        t0, t1, b0, b1 = rects[i]
        if rng.random() < 0.5:
            if t1 - t0 >= 2:
                c = rng.randrange(t0 + 1, t1)
                rects[i] = (t0, c, b0, b1)
                rects.append((c, t1, b0, b1))
        elif (b1 - b0) // unit >= 2:
            c = b0 + unit * rng.randrange(1, (b1 - b0) // unit)
            rects[i] = (t0, t1, b0, c)
            rects.append((t0, t1, c, b1))
    with open(path, "w") as f:
        f.write("id,lower,upper,size\n")
        for k, (t0, t1, b0, b1) in enumerate(rects):
            f.write("%d,%d,%d,%d\n" % (k, t0, t1, b1 - b0))
    return height


def run_perfect(count, solver, extra):
    """Solves `count` perfect packings; returns rows (name, buffers,
    optimum, result)."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(count):
            pieces = 200 + (250 * k) // max(1, count - 1)
            path = os.path.join(tmp, "perfect%02d.csv" % k)
            optimum = perfect_packing(path, 1000 + k, pieces)
            r = run_solver(solver, path, extra, None)
            rows.append(("perfect%02d" % k, pieces, optimum, r))
            print("perfect%02d %4d buffers  optimum %d  height %s  %s  %.2f s"
                  % (k, pieces, optimum, r.get("height"), r.get("status"),
                     r.get("seconds", 0)))
    return rows


def perfect_lines(rows):
    lines = [
        "",
        "## Perfect packings (known optimum)",
        "",
        "Each instance is a rectangle of 400 steps x 1,048,576 bytes cut "
        "into 200-450 pieces (`--perfect`, fixed seeds): every instant holds "
        "exactly the rectangle's height, which is therefore the optimum.",
        "",
        "| instance | buffers | optimum | peakmem height | status | s | "
        "checked |",
        "| --- | ---: | ---: | ---: | --- | ---: | --- |",
    ]
    hit = false_claims = 0
    for name, n, optimum, r in rows:
        if r.get("height") is None:
            lines.append("| %s | %d | %s | | error: %s | | |" %
                         (name, n, fmt(optimum), r.get("error")))
            continue
        ok = r["error"] is None and r["checked_height"] == r["height"]
        hit += ok and r["height"] == optimum
        false_claims += r["status"] == "optimal" and r["height"] > optimum
        lines.append("| %s | %d | %s | %s | %s | %.2f | %s |" % (
            name, n, fmt(optimum), fmt(r["height"]), r["status"],
            r["seconds"], "yes" if ok else "NO: %s" % r["error"]))
    lines += ["", "At the optimum: %d of %d; `optimal` claimed above the "
              "optimum: %d." % (hit, len(rows), false_claims)]
    return lines


def fmt(n):
    return "{:,}".format(n)


PROOF_NOTE = [
    "",
    "## What a refutation proves, and why the checker can be trusted",
    "",
    "A status `optimal` above the live-bytes bound rests on a refutation "
    "of height H-1 (include/peakmem/Core/Arena/ArenaRefutation.h): the "
    "search tree of the exact search, replayed by `checkArenaRefutation`, "
    "which shares no code with the search (no sections, cuts or conflict "
    "lists; it re-derives every candidate set and every closing step from "
    "the buffers). The argument: take a plan of height <= H-1 whose sum of "
    "offsets is smallest. Sorted by (offset, rank), each buffer sits at the "
    "lowest aligned offset above the buffers before it that it meets in "
    "time (else it could drop, lowering the sum), so the tree enumerates "
    "that plan's path; a candidate skipped because its offset is at or "
    "above where another unplaced buffer u would end (u could then drop "
    "below it), or skipped after a candidate that meets no unplaced buffer "
    "(which could equally go first), would again give a plan with a "
    "smaller sum; a Close leaf on the path would need more bytes at one "
    "step than fit above the floor; a Split separates buffers that share "
    "no step. So when every leaf closes, no plan of height H-1 exists. "
    "The unit tests replay every refutation of 700 random instances "
    "against brute force, and check that tampered ones (a higher capacity, "
    "a token dropped, an extra token, moved Close steps) are rejected or "
    "still true.",
]


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def run_decisions(args, files):
    """Decides each --decide NAME=CAPACITY; returns rows (name, capacity, r)."""
    by_name = {os.path.basename(f): f for f in files}
    rows = []
    for spec in args.decide:
        name, cap = spec.rsplit("=", 1)
        if name not in by_name:
            sys.exit("arena_bench: --decide %s: no such instance" % name)
        r = run_solver(args.solver, by_name[name],
                       ["--max-nodes=%d" % args.decide_nodes,
                        "--max-work=%d" % (1 << 40)], int(cap))
        print("decide %s <= %s: height %s %s %.2f s" % (
            name, cap, r.get("height"), r.get("status"), r.get("seconds", 0)))
        rows.append((name, int(cap), r))
    return rows


def decision_lines(rows, results, nodes):
    best = {name: r.get("height") for name, _, r, _ in results}
    lines = [
        "",
        "## Single decisions below the minimiser's height",
        "",
        "The minimiser leaves D and J above their live-bytes bound (C's "
        "optimum is its live bound). Deciding one capacity alone "
        "(`peakmem-arena-solve CSV --capacity=N --max-nodes=%s`, "
        "`--decide` of the script) explores other trees and finds lower "
        "heights; the capacities were found by scanning below the "
        "minimiser's height (most capacities tried end out of nodes). "
        "These plans are checked like the others; none is proven optimal, "
        "and no refutation of any height below them was found." % fmt(nodes),
        "",
        "| instance | capacity decided | height found | minimiser's height "
        "| live bound | status | s | checked |",
        "| --- | ---: | ---: | ---: | ---: | --- | ---: | --- |",
    ]
    for name, cap, r in rows:
        if r.get("height") is None:
            lines.append("| %s | %s | error: %s | | | | | |" %
                         (name, fmt(cap), r["error"]))
            continue
        ok = "yes" if r["error"] is None and \
            r["checked_height"] == r["height"] else "NO: %s" % r["error"]
        lines.append("| %s | %s | %s | %s | %s | %s | %.2f | %s |" % (
            name, fmt(cap), fmt(r["height"]), fmt(best.get(name) or 0),
            fmt(r["live_bound"]), r["status"], r["seconds"], ok))
    return lines


def write_doc(path, results, args, perfect, loads, decisions=()):
    lines = [
        "# Arena placement benchmark",
        "",
        "The instances are MiniMalloc's 11 \"challenging\" ones (Moffitt, "
        "ASPLOS 2023; production accelerator workloads, 154-454 buffers, "
        "published with capacity 1,048,576) unless other directories are "
        "given. `peakmem-arena-solve` runs `planArena` "
        "(include/peakmem/Core/Arena/ArenaPlanner.h), the planner of "
        "`peakmem-plan-arena`: the published baselines, then the exact "
        "search of ArenaExact.h (canonical plans, cross sections, dominance, "
        "decomposition, as MiniMalloc; then minimising the height rather "
        "than deciding one capacity), then the local search if nodes run "
        "out. *proven bound* is what the solver proves no plan can beat: the "
        "live-bytes bound, or one above a capacity it refuted; `optimal` "
        "means height == proven bound. Every budget is in work units "
        "(search nodes, moves), so heights and statuses are the same on any "
        "machine; only the times below depend on it.",
        "",
        "Generated by `python3 tools/arena_bench.py` (docs/Arena.md describes "
        "the planner; `peakmem-arena-solve` runs it on one CSV instance). "
        "Each solution is re-checked by the script's own checker (aligned, "
        "non-negative offsets; no two buffers live at one instant share a "
        "byte) and its live-bytes bound recomputed; a refutation (status "
        "`optimal` above the live bound) is replayed by the independent "
        "checker of ArenaRefutation.h (`--check-proof`). Times are whole-"
        "process wall seconds on this machine, one run each, "
        "solver options: `%s`. The machine is shared: its load average "
        "(1, 5, 15 min) was %s at the start of the run and %s at its end, "
        "on 2 cores, so both solvers' times are inflated alike." % (
            " ".join(args.extra) or "defaults", loads[0], loads[1]),
        "",
        "| instance | buffers | live bound | peakmem height | proven bound "
        "| status | peakmem s | checked | MiniMalloc height | MiniMalloc s |",
        "| --- | ---: | ---: | ---: | ---: | --- | ---: | --- | ---: | ---: |",
    ]
    times, mm_times = [], []
    for name, n, r, mm in results:
        if "error" in r and r.get("height") is None:
            lines.append("| %s | %d | | | | error: %s | | | | |" %
                         (name, n, r["error"]))
            continue
        ok = "yes" if r["error"] is None and \
            r["checked_height"] == r["height"] else "NO: %s" % r["error"]
        times.append(r["seconds"])
        mm_cells = "| |"
        if mm is not None:
            if mm.get("error"):
                mm_cells = "| error | |"
            else:
                mm_times.append(mm["seconds"])
                mm_cells = "| %s | %.2f |" % (fmt(mm["height"]), mm["seconds"])
        lines.append("| %s | %d | %s | %s | %s | %s | %.2f | %s %s" % (
            name, n, fmt(r["live_bound"]), fmt(r["height"]),
            fmt(r["lower_bound"]), r["status"], r["seconds"], ok, mm_cells))
    lines.append("")
    if times:
        lines.append("peakmem: median %.2f s, total %.2f s over %d instances."
                     % (statistics.median(times), sum(times), len(times)))
    if mm_times:
        lines.append("MiniMalloc (`%s --capacity=C --input=CSV "
                     "--output=OUT`, C from the file name): median %.2f s, "
                     "total %.2f s." % (os.path.basename(args.minimalloc),
                                        statistics.median(mm_times),
                                        sum(mm_times)))
    if decisions:
        lines += decision_lines(decisions, results, args.decide_nodes)
    if perfect:
        lines += perfect_lines(perfect)
    lines += PROOF_NOTE
    lines.append("")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dirs", nargs="*", default=[DEFAULT_DIR])
    ap.add_argument("--solver",
                    default=os.path.join(ROOT, "build", "bin",
                                         "peakmem-arena-solve"))
    ap.add_argument("--minimalloc")
    ap.add_argument("--capacity", type=int,
                    help="decide this capacity instead of minimising")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs",
                                                  "arena-benchmark.md"))
    ap.add_argument("--perfect", type=int, default=0,
                    help="also solve N perfect packings of known optimum")
    ap.add_argument("--extra", nargs="*", default=[],
                    help="more solver options, e.g. --max-nodes=N")
    ap.add_argument("--decide", nargs="*", default=[],
                    help="NAME=CAPACITY: also decide that capacity alone")
    ap.add_argument("--decide-nodes", type=int, default=2_000_000,
                    help="search nodes of each --decide")
    args = ap.parse_args()
    files = []
    for d in args.dirs:
        files += sorted(glob.glob(os.path.join(d, "*.csv")))
    if not files:
        sys.exit("arena_bench: no CSV instance in %s" % ", ".join(args.dirs))
    results, failed = [], 0
    loads = [load()]
    for path in files:
        name = os.path.basename(path)
        n = len(read_rows(path))
        r = run_solver(args.solver, path, args.extra, args.capacity)
        mm = None
        if args.minimalloc:
            mm = run_minimalloc(args.minimalloc, path,
                                capacity_of(path, r.get("height", 0)))
        bad = r.get("error") is not None
        failed += bad
        print("%-24s %6d buffers  height %s  bound %s  %s  %.2f s%s" % (
            name, n, r.get("height"), r.get("lower_bound"), r.get("status"),
            r.get("seconds", 0), "  INVALID: %s" % r["error"] if bad else ""))
        results.append((name, n, r, mm))
    perfect = run_perfect(args.perfect, args.solver, args.extra)
    failed += sum(r.get("error") is not None for _, _, _, r in perfect)
    loads.append(load())
    decisions = run_decisions(args, files)
    failed += sum(r.get("error") is not None for _, _, r in decisions)
    write_doc(args.out, results, args, perfect, loads, decisions)
    print("wrote %s" % args.out)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
