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


def padded_arena(ops, arena_request, max_split):
    """Reserved bytes of the same trace with the arena's request padded to
    the size whose segment is smallest (caching_rules.padded_request): a
    replay, not a run. None when the trace has no such request."""
    for i, (kind, ident, size) in enumerate(ops):
        if kind == "a" and size == arena_request:
            padded = caching_rules.padded_request(size)
            ops = ops[:i] + [("a", ident, padded)] + ops[i + 1:]
            return caching_rules.replay(ops, max_split).reserved_peak
    return None


def measure(text, timeout, cmodel, arena_request=None):
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
    if arena_request:
        row["arena_request"] = arena_request
        row["reserved_padded"] = padded_arena(ops, arena_request, max_split)
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
        request = None
        if program == "arena" and arena["arena_size"] is not None:
            # The lowering requests the arena with its alignment on top.
            request = arena["arena_size"] + (arena["arena_alignment"] or 0)
        try:
            row.update(measure(texts[program], args.timeout, cmodel,
                               request))
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


def cut(new, old):
    return 100.0 * (old - new) / old if old else 0.0


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else 0.0


def one_small_segment(r):
    return r["small_segments"] == 1 and r["large_segments"] == 0


def reorder_findings(models):
    pairs = [(m, p["imported"], p["optimized"]) for m, p in models.items()
             if {"imported", "optimized"} <= p.keys()]
    lowered = [(m, i, o) for m, i, o in pairs if o["modeled"] < i["modeled"]]
    cuts = [cut(o["modeled"], i["modeled"]) for _, i, o in lowered]
    dropped = [(m, i, o) for m, i, o in lowered
               if o["reserved"] < i["reserved"]]
    less = [1 for _, i, o in dropped if cut(o["reserved"], i["reserved"])
            < cut(o["modeled"], i["modeled"])]
    L = [f"- peakmem-optimize lowers the modeled peak of {len(lowered)} of "
         f"{len(pairs)} models (the imported programs free at the end), by "
         f"{min(cuts, default=0):.1f}% to {max(cuts, default=0):.1f}% "
         f"(median {median(cuts):.1f}%). The reserved peak drops on "
         f"{len(dropped)} of them, by less than the modeled peak on "
         f"{len(less)} (median {median([cut(o['reserved'], i['reserved']) for _, i, o in dropped]):.1f}%)."]
    stuck = [(m, i, o) for m, i, o in lowered
             if o["reserved"] >= i["reserved"]]
    if stuck:
        floor = [m for m, i, o in stuck
                 if one_small_segment(i) and one_small_segment(o)]
        L.append(f"- It does not drop at all on {len(stuck)}: "
                 + "; ".join(f"{m} (modeled {pct(o['modeled'], i['modeled'])}, "
                             f"reserved {pct(o['reserved'], i['reserved'])})"
                             for m, i, o in stuck)
                 + f". On {len(floor)} of them both programs fit in one 2 MiB "
                 "small segment (every request <= 1 MiB), the smallest "
                 "reservation this allocator makes.")
    shapes = {}
    for m, _, o in pairs:
        key = (o["small_segments"], o["large_segments"], o["reserved"])
        shapes.setdefault(key, []).append(m)
    common = sorted(shapes.items(), key=lambda kv: -len(kv[1]))[:3]
    L.append("- After peakmem-optimize the commonest reservations are "
             + "; ".join(f"{s} small + {g} large segments = {n(r)} B on "
                         f"{len(ms)} models" for (s, g, r), ms in common)
             + ": the size classes, not the live bytes, set them.")
    return L


def mid_class(arena, optimized):
    """The arena request is between 1 and 10 MiB (a 20 MiB segment) while
    the optimized program used small segments only."""
    size = caching_rules.round_size(arena.get("arena_request") or 0)
    return (optimized["large_segments"] == 0 and arena["large_segments"] > 0
            and caching_rules.SMALL_SIZE < size
            < caching_rules.MIN_LARGE_ALLOC)


def arena_findings(models):
    arenas = [(m, p["arena"], p.get("optimized")) for m, p in models.items()
              if "arena" in p]
    if not arenas:
        return []
    free = sum(r["reserved"] == r["no_reuse"] for _, r, _ in arenas)
    reqs = [r["requests"] for _, r, _ in arenas]
    L = [f"- Arena programs: {min(reqs)} to {max(reqs)} requests per call "
         "(the arena, plus the buffers that escape it: the outputs); "
         f"reserved == the reserved bytes of the same requests with no reuse "
         f"at all (history-free) on {free} of {len(arenas)}."]
    more = [(m, r, o) for m, r, o in arenas if o and r["reserved"] > o["reserved"]]
    less = sum(1 for _, r, o in arenas if o and r["reserved"] < o["reserved"])
    L.append(f"- The arena program reserves less than the optimized program "
             f"(one allocation per buffer) on {less} of {len(arenas)}, more on "
             f"{len(more)}" + (": " + "; ".join(
                 f"{m} ({n(o['reserved'])} -> {n(r['reserved'])} B"
                 + (", the arena between 1 and 10 MiB in a 20 MiB large "
                    "segment where the optimized program's buffers, all <= "
                    "1 MiB, shared 2 MiB small ones" if mid_class(r, o) else "")
                 + ")" for m, r, o in more) if more else "") + ".")
    padded = [(m, r) for m, r, _ in arenas
              if r.get("reserved_padded") is not None]
    lower = [(m, r) for m, r in padded if r["reserved_padded"] < r["reserved"]]
    higher = [(m, r) for m, r in padded if r["reserved_padded"] > r["reserved"]]
    L.append("- Requesting the arena as 10 MiB when it is between 1 and 10 MiB "
             "(a 10 MiB segment instead of 20 MiB; a replay of the trace with "
             f"that one request changed, not a run) lowers the reserved peak "
             f"on {len(lower)} of {len(arenas)}"
             + (f" (by {median([cut(r['reserved_padded'], r['reserved']) for _, r in lower]):.1f}% median)"
                if lower else "")
             + f" and raises it on {len(higher)}" + (": " + "; ".join(
                 f"{m} ({n(r['reserved'])} -> {n(r['reserved_padded'])} B)"
                 for m, r in higher) if higher else "") + ".")
    return L


def reorder_table(rows):
    L = ["## Reordering under the caching allocator", "",
         "imported (frees at the end) -> optimized (peakmem-optimize); "
         "bytes, cut = how much lower.", "",
         "| model | modeled imported | modeled optimized | cut | "
         "reserved imported | reserved optimized | cut |",
         "|---|---:|---:|---:|---:|---:|---:|"]
    for m, p in by_model(rows).items():
        if not {"imported", "optimized"} <= p.keys():
            continue
        i, o = p["imported"], p["optimized"]
        L.append(f"| {m} | {n(i['modeled'])} | {n(o['modeled'])} | "
                 f"{cut(o['modeled'], i['modeled']):.1f}% | "
                 f"{n(i['reserved'])} | {n(o['reserved'])} | "
                 f"{cut(o['reserved'], i['reserved']):.1f}% |")
    return L + [""]


def tables(rows):
    L = ["## The four figures", "",
         "Bytes. modeled = peakmem.peak; malloc = measured by the counting "
         "heap; allocated / reserved = the caching allocator's peaks "
         "(torch.cuda.max_memory_allocated / max_memory_reserved); segments "
         "small + large; no reuse = reserved by the same requests if nothing "
         "were ever freed; arena padded = reserved with the arena requested "
         "as 10 MiB when it is between 1 and 10 MiB (a replay).", "",
         "| model | program | requests | modeled | malloc | allocated | "
         "reserved | reserved / modeled | segments | no reuse | "
         "arena padded |",
         "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        if "error" in r:
            L.append(f"| {r['model']} | {r['program']} | not run: "
                     f"{r['error']} ||||||||")
            continue
        ratio = r["reserved"] / r["modeled"] if r["modeled"] else 0
        L.append(f"| {r['model']} | {r['program']} | {r['requests']} | "
                 f"{n(r['modeled'])} | {n(r['malloc'])} | "
                 f"{n(r['allocated'])} | {n(r['reserved'])} | {ratio:.3f} | "
                 f"{r['small_segments']} + {r['large_segments']} | "
                 f"{n(r['no_reuse'])} | {n(r.get('reserved_padded'))} |")
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


def arena_cap(args):
    if args.arena_budget_ms > 0:
        return f"plan-arena capped at {args.arena_budget_ms} ms"
    return "plan-arena on its work limits, no clock"


def write(rows, args):
    command = "python3 tools/caching_bench.py" + (
        " --rows DIR` (one model per run, then this page)" if args.rows
        else "`")
    L = ["# Corpus results under a caching allocator", "",
         f"Generated by `{command} on "
         f"{datetime.date.today().isoformat()} ({len(by_model(rows))} models "
         f"of `corpus/`, {arena_cap(args)}). The "
         "caching allocator is lib/Runtime/CachingRuntime.c, the rules of "
         "PyTorch's CUDA caching allocator (docs/CachingAllocator.md), with "
         "its default configuration; every number below "
         "was measured by that run.", ""]
    L += summary(rows)
    L += reorder_table(rows)
    L += tables(rows)
    pathlib.Path(args.out).write_text("\n".join(L))
    print(f"[caching_bench] wrote {args.out}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="",
                        help="only corpus files whose path contains this")
    parser.add_argument("--out", default=str(REPO / "docs/results-caching.md"))
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--arena-budget-ms", type=int, default=0,
                        help="opt-in wall-clock cap of plan-arena (ms); 0, "
                             "the default, plans on work limits only, the "
                             "same on any machine")
    parser.add_argument("--rows", metavar="DIR", default=None,
                        help="keep each model's rows in DIR and reuse them "
                             "(run model by model, e.g. one `slot` each)")
    args = parser.parse_args()
    write(bench(args), args)


if __name__ == "__main__":
    main()
