#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`python3 tools/caching_bench.py` (from the repository): the corpus under
PyTorch's CUDA caching allocator, behind docs/results-caching.md.

For every bufferized model of corpus/ and each of its three programs (as
imported, after peakmem-optimize, and that program with its static arena from
peakmem-plan-arena), it reports:
  * the modeled peak (peakmem-report's peakmem.peak);
  * malloc's measured peak (`peakmem exec`, the counting heap);
  * the caching allocator's allocated and reserved peaks (`peakmem exec
    --allocator caching`, lib/Runtime/CachingRuntime.c);
  * the request trace of that run replayed twice, through the rules written
    again in Python (tools/caching_rules.py) and through the C model alone
    (peakmem_caching_replay): both must give the runtime's figures;
  * the gap between the modeled peak and the reserved peak, term by term
    (caching_rules.explain: rounding, segment tails, cached free bytes that
    do not fit, the other pool, minus the live bytes below the peak when the
    last segment was obtained), and the reserved bytes the same requests
    would take if no buffer were ever reused (every free dropped).
Nothing is hard-coded: every figure in docs/results-caching.md comes from
this run.
"""

import argparse
import ctypes
import datetime
import json
import os
import pathlib
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))
sys.path.insert(0, str(REPO / "tools"))

import caching_rules  # noqa: E402
from peakmem import binaries, execute, optimize, passes  # noqa: E402

PROGRAMS = ("imported", "optimized", "arena")
MiB = 1 << 20


def corpus_files(pattern):
    files = sorted((REPO / "corpus").glob("*/*.mlir"))
    return [f for f in files if not pattern or pattern in str(f)]


def programs_of(path, arena_budget_ms):
    """{program: module text} with peakmem.peak on the function under test."""
    text = path.read_text()
    imported, _, _ = passes.run_opt(text, optimize.REPORT_PIPELINE)
    optimized, _, _ = passes.run_opt(text, optimize.PEAKMEM_PIPELINE)
    arena = optimize.plan_arena(optimized, budget_ms=arena_budget_ms)
    return {"imported": imported, "optimized": optimized,
            "arena": arena["arena_text"]}, arena


class CModel:
    """peakmem_caching_replay of libpeakmem_caching_runtime.so (ctypes)."""

    def __init__(self):
        lib = ctypes.CDLL(str(binaries.build_product(
            execute.RUNTIMES["caching"])))
        self.fn = lib.peakmem_caching_replay
        u64p = ctypes.POINTER(ctypes.c_uint64)
        self.fn.argtypes = [u64p, u64p, ctypes.c_uint64, ctypes.c_uint64,
                            u64p]
        self.fn.restype = ctypes.c_int

    def replay(self, ops, max_split):
        sizes, frees, index = [], [], {}
        for kind, ident, size in ops:
            if kind == "a" and size:
                index[ident] = len(sizes)
                sizes.append(size)
                frees.append(0)
            elif kind == "f" and ident in index:
                sizes.append(0)
                frees.append(index.pop(ident))
        n = len(sizes)
        arr = ctypes.c_uint64 * max(n, 1)
        out = (ctypes.c_uint64 * 8)()
        status = self.fn(arr(*sizes), arr(*frees), n,
                         max_split or (1 << 64) - 1, out)
        if status:
            raise RuntimeError("peakmem_caching_replay refused the trace")
        return {"allocated_peak": out[0], "reserved_peak": out[1],
                "requested_peak": out[2]}


def run_caching(text, timeout):
    """execute_text under the caching runtime, with its request trace."""
    with tempfile.TemporaryDirectory(prefix="peakmem-caching-") as tmp:
        trace = pathlib.Path(tmp) / "trace.txt"
        os.environ["PEAKMEM_CACHING_TRACE"] = str(trace)
        try:
            res = execute.execute_text(text, timeout=timeout,
                                       allocator="caching")
        finally:
            del os.environ["PEAKMEM_CACHING_TRACE"]
        ops = caching_rules.read_trace(trace)
        max_split = caching_rules.max_split_of_trace(trace)
    return res, ops, max_split


def measure(text, timeout, cmodel):
    row = {"modeled": passes.function_attrs(text).get("peak")}
    malloc = execute.execute_text(text, timeout=timeout)
    row["malloc"] = malloc.peak_bytes
    row["digest_malloc"] = malloc.output_digest
    res, ops, max_split = run_caching(text, timeout)
    row.update(caching_live=res.peak_bytes, digest_caching=res.output_digest,
               allocated=res.allocated_peak_bytes,
               reserved=res.reserved_peak_bytes, **res.caching_stats)
    rep = caching_rules.replay(ops, max_split)
    c = cmodel.replay(ops, max_split)
    row["replay_ok"] = (rep.allocated_peak == c["allocated_peak"]
                        == res.allocated_peak_bytes
                        and rep.reserved_peak == c["reserved_peak"]
                        == res.reserved_peak_bytes
                        and rep.requested_peak == c["requested_peak"])
    row["requests"] = rep.requests
    row["trace_peak"] = rep.requested_peak
    row["explain"] = caching_rules.explain(rep, row["modeled"])
    kept = [op for op in ops if op[0] == "a"]
    row["no_reuse"] = caching_rules.replay(kept, max_split).reserved_peak
    return row


def bench_model(path, args, cmodel):
    model = f"{path.parent.name}/{path.stem}"
    print(f"[caching_bench] {model}", file=sys.stderr, flush=True)
    try:
        texts, arena = programs_of(path, args.arena_budget_ms)
    except Exception as err:  # reported in the table, never hidden
        return [{"model": model, "program": "-",
                 "error": str(err).splitlines()[0][:120]}]
    rows = []
    for program in PROGRAMS:
        row = {"model": model, "program": program}
        if program == "arena":
            row["arena_size"] = arena["arena_size"]
        try:
            row.update(measure(texts[program], args.timeout, cmodel))
        except Exception as err:  # reported in the table
            row["error"] = str(err).splitlines()[0][:120]
        rows.append(row)
    return rows


def bench(args):
    """Every model's rows; with --rows DIR, a model whose rows DIR holds
    (DIR/<group>__<model>.json, from an earlier run) is not run again."""
    cmodel = CModel()
    rows = []
    for path in corpus_files(args.models):
        saved = (pathlib.Path(args.rows) / f"{path.parent.name}__{path.stem}"
                 ".json") if args.rows else None
        if saved and saved.exists():
            rows += json.loads(saved.read_text())
            continue
        model_rows = bench_model(path, args, cmodel)
        if saved:
            saved.parent.mkdir(parents=True, exist_ok=True)
            saved.write_text(json.dumps(model_rows, indent=1))
        rows += model_rows
    return rows


def n(v):
    return "–" if v is None else f"{v:,}"


def pct(new, old):
    return f"{100.0 * (new - old) / old:+.1f}%" if old else "–"


def by_model(rows):
    out = {}
    for r in rows:
        if "error" not in r:
            out.setdefault(r["model"], {})[r["program"]] = r
    return out


def summary(rows):
    ok = [r for r in rows if "error" not in r]
    models = by_model(rows)
    L = ["## Summary", ""]
    L.append(f"- Programs run: {len(ok)} of {len(rows)} "
             f"({len(models)} models, {', '.join(PROGRAMS)}).")
    exact = sum(r["malloc"] == r["modeled"] for r in ok)
    live = sum(r["caching_live"] == r["modeled"] for r in ok)
    same = sum(r["digest_caching"] == r["digest_malloc"] for r in ok)
    replay = sum(r["replay_ok"] for r in ok)
    L.append(f"- malloc's measured peak == modeled peak on {exact} of "
             f"{len(ok)}; under the caching allocator the live (requested) "
             f"peak == modeled on {live}, and the output digest equals "
             f"malloc's on {same}.")
    L.append(f"- The request trace replayed through tools/caching_rules.py "
             f"and through the C model alone gives the runtime's allocated "
             f"and reserved peaks on {replay} of {len(ok)}; every gap below "
             f"is the replay's term by term (their sum is checked).")
    L += reorder_findings(models)
    L += arena_findings(models)
    failed = [r for r in rows if "error" in r]
    if failed:
        L.append("- Not run: " + "; ".join(
            f"{r['model']} {r['program']} ({r['error']})" for r in failed))
    return L + [""]


def reorder_findings(models):
    L = []
    lowered = [(m, p) for m, p in models.items()
               if {"imported", "optimized"} <= p.keys()
               and p["optimized"]["modeled"] < p["imported"]["modeled"]]
    follow = [(m, p) for m, p in lowered
              if p["optimized"]["reserved"] < p["imported"]["reserved"]]
    L.append(f"- peakmem-optimize lowers the modeled peak of {len(lowered)} "
             f"models (imported: frees at the end); the reserved peak drops "
             f"too on {len(follow)}.")
    worse = []
    for m, p in lowered:
        i, o = p["imported"], p["optimized"]
        live_cut = 1 - o["modeled"] / i["modeled"]
        res_cut = 1 - o["reserved"] / i["reserved"]
        if res_cut < live_cut / 2:
            worse.append(f"{m} (modeled {pct(o['modeled'], i['modeled'])}, "
                         f"reserved {pct(o['reserved'], i['reserved'])})")
    if worse:
        L.append("- The reserved peak drops by less than half the modeled "
                 "peak's cut (or grows) on: " + "; ".join(worse) + ".")
    over = [(m, p["optimized"]) for m, p in models.items()
            if "optimized" in p]
    over.sort(key=lambda mp: -mp[1]["reserved"] / max(mp[1]["modeled"], 1))
    if over:
        L.append("- After peakmem-optimize, reserved / modeled is largest on "
                 + "; ".join(f"{m} ({r['reserved'] / r['modeled']:.2f}x)"
                             for m, r in over[:5]) + ".")
    return L


def arena_findings(models):
    arenas = [(m, p["arena"]) for m, p in models.items() if "arena" in p]
    if not arenas:
        return []
    free = sum(r["reserved"] == r["no_reuse"] for _, r in arenas)
    one = [(m, r) for m, r in arenas if r["requests"] == 1]
    L = [f"- Arena programs: reserved == the reserved bytes of the same "
         f"requests with no reuse at all (history-free) on {free} of "
         f"{len(arenas)}; {len(one)} make one request (the arena alone)."]
    smaller = sum(r["reserved"] < p["optimized"]["reserved"]
                  for m, r in arenas
                  for p in [models[m]] if "optimized" in p)
    L.append(f"- The arena program reserves less than the optimized program "
             f"(one buffer per allocation) on {smaller} of {len(arenas)}.")
    return L


def tables(rows):
    L = ["## The four figures", "",
         "Bytes. modeled = peakmem.peak; malloc = measured by the counting "
         "heap; allocated / reserved = the caching allocator's peaks "
         "(torch.cuda.max_memory_allocated / max_memory_reserved); segments "
         "small + large; no reuse = reserved by the same requests if nothing "
         "were ever freed.", "",
         "| model | program | requests | modeled | malloc | allocated | "
         "reserved | reserved / modeled | segments | no reuse |",
         "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        if "error" in r:
            L.append(f"| {r['model']} | {r['program']} | not run: "
                     f"{r['error']} |||||||")
            continue
        ratio = r["reserved"] / r["modeled"] if r["modeled"] else 0
        L.append(f"| {r['model']} | {r['program']} | {r['requests']} | "
                 f"{n(r['modeled'])} | {n(r['malloc'])} | "
                 f"{n(r['allocated'])} | {n(r['reserved'])} | {ratio:.3f} | "
                 f"{r['small_segments']} + {r['large_segments']} | "
                 f"{n(r['no_reuse'])} |")
    L += ["", "## The gap, term by term", "",
          "reserved - modeled = rounding + tail + same pool + other pool - "
          "headroom, at the request that obtained the last segment "
          "(tools/caching_rules.py): rounding = allocated - live then (512 B "
          "rounding, large blocks handed out unsplit); tail = what that "
          "segment's request left cached in it; same pool = cached free "
          "bytes of its pool in other segments, no block of them large "
          "enough; other pool = cached free bytes of the other pool; "
          "headroom = modeled peak - live bytes then. Bytes.", "",
          "| model | program | reserved - modeled | rounding | tail | "
          "same pool | other pool | headroom |",
          "|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        if "error" in r:
            continue
        e = r["explain"]
        L.append(f"| {r['model']} | {r['program']} | "
                 f"{n(r['reserved'] - r['modeled'])} | "
                 f"{n(e['rounding'])} | {n(e['tail'])} | "
                 f"{n(e['same_pool'])} | {n(e['other_pool'])} | "
                 f"{n(e['headroom'])} |")
    return L + [""]


def write(rows, args):
    L = ["# Corpus results under a caching allocator", "",
         f"Generated by `python3 tools/caching_bench.py` on "
         f"{datetime.date.today().isoformat()} ({len(by_model(rows))} models "
         f"of `corpus/`, plan-arena budget {args.arena_budget_ms} ms). The "
         "caching allocator is lib/Runtime/CachingRuntime.c, the rules of "
         "PyTorch's CUDA caching allocator (docs/Execution.md, \"Caching "
         "allocator\"), with its default configuration; every number below "
         "was measured by that run.", ""]
    L += summary(rows)
    L += tables(rows)
    pathlib.Path(args.out).write_text("\n".join(L))
    print(f"[caching_bench] wrote {args.out}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="",
                        help="only corpus files whose path contains this")
    parser.add_argument("--out", default=str(REPO / "docs/results-caching.md"))
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--arena-budget-ms", type=int, default=5000)
    parser.add_argument("--rows", metavar="DIR", default=None,
                        help="keep each model's rows in DIR and reuse them "
                             "(run model by model, e.g. one `slot` each)")
    args = parser.parse_args()
    write(bench(args), args)


if __name__ == "__main__":
    main()
