#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""`python3 tools/caching_request_bench.py` (from the repository): the arena
program of each corpus model planned twice, `peakmem-plan-arena` as today
(allocator=malloc: the planned size) and with `allocator=caching` (the
request that reserves least under PyTorch's CUDA caching allocator, given
every request of the call; docs/CachingAllocator.md), both executed under
the caching runtime, the padded one also under malloc. It rewrites the
section "The arena sized for the caching allocator" of
docs/results-caching.md (between its markers) and nothing else.

Per model: the arena's planned size, the request of each (the arena memref
plus its alignment, what the allocator receives), the rule, the reserved
peak of each measured by `peakmem exec --allocator caching`, the pass's own
prediction of both (its replay, from the json record) and whether the
padded program's malloc peak equals its modeled peak with the same output.
Nothing is hard-coded: every figure comes from this run.
"""

import argparse
import datetime
import json
import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))
sys.path.insert(0, str(REPO / "tools"))

import caching_bench  # noqa: E402
from peakmem import execute, optimize, passes  # noqa: E402

BEGIN = "<!-- caching-request-bench:begin -->"
END = "<!-- caching-request-bench:end -->"


def model_row(path, args):
    """The two arena programs of `path`, executed."""
    text = path.read_text()
    optimized, _, _ = passes.run_opt(text, optimize.PEAKMEM_PIPELINE)
    row = {"model": f"{path.parent.name}/{path.stem}"}
    for key, allocator in (("malloc", "malloc"), ("caching", "caching")):
        plan = optimize.plan_arena(optimized, budget_ms=args.arena_budget_ms,
                                   allocator=allocator)
        if plan["arena_size"] is None:
            return dict(row, error="no arena planned")
        res, _, _ = caching_bench.run_caching(plan["arena_text"], args.timeout)
        align = plan["arena_alignment"] or 0
        row[key] = {"arena_size": plan["arena_size"],
                    "request": (plan["arena_request"] or plan["arena_size"])
                    + align,
                    "rule": plan["arena_request_rule"],
                    "predicted": (plan["arena_plan"] or {}).get(
                        "reserved_requested"),
                    "predicted_planned": (plan["arena_plan"] or {}).get(
                        "reserved_planned"),
                    "modeled": passes.function_attrs(
                        plan["arena_text"]).get("peak"),
                    "caching_live": res.peak_bytes,
                    "reserved": res.reserved_peak_bytes,
                    "digest_caching": res.output_digest}
        if key == "caching":
            m = execute.execute_text(plan["arena_text"], timeout=args.timeout)
            row[key].update(malloc=m.peak_bytes, digest_malloc=m.output_digest)
    return row


def rows_of(args):
    rows = []
    files = caching_bench.corpus_files("")
    wanted = [w for w in args.models.split(",") if w]
    for path in [f for f in files if not wanted
                 or any(w in str(f) for w in wanted)]:
        saved = (pathlib.Path(args.rows) / f"{path.parent.name}__{path.stem}"
                 ".request.json") if args.rows else None
        if saved and saved.exists():
            rows.append(json.loads(saved.read_text()))
            continue
        print(f"[caching_request_bench] {path}", file=sys.stderr, flush=True)
        try:
            row = model_row(path, args)
        except Exception as err:  # reported in the table, never hidden
            row = {"model": f"{path.parent.name}/{path.stem}",
                   "error": str(err).splitlines()[0][:120]}
        if saved:
            saved.parent.mkdir(parents=True, exist_ok=True)
            saved.write_text(json.dumps(row, indent=1))
        rows.append(row)
    return rows


def median_cut(rows):
    """The median cut (%) of the reserved peak, caching against malloc."""
    return caching_bench.median([
        caching_bench.cut(r["caching"]["reserved"], r["malloc"]["reserved"])
        for r in rows])


def section(rows, args):
    n = caching_bench.n
    ok = [r for r in rows if "error" not in r]
    lower = [r for r in ok if r["caching"]["reserved"] < r["malloc"]["reserved"]]
    higher = [r for r in ok if r["caching"]["reserved"] > r["malloc"]["reserved"]]
    predicted = sum(r["caching"]["predicted"] == r["caching"]["reserved"]
                    and r["caching"]["predicted_planned"]
                    == r["malloc"]["reserved"] for r in ok)
    exact = sum(r["caching"]["malloc"] == r["caching"]["modeled"]
                and r["caching"]["caching_live"] == r["caching"]["modeled"]
                and r["caching"]["digest_malloc"]
                == r["caching"]["digest_caching"]
                == r["malloc"]["digest_caching"] for r in ok)
    subset = ("corpus models named by --models: a subset of corpus/, not "
              "every model") if args.models else "every model of corpus/"
    L = [BEGIN, "## The arena sized for the caching allocator", "",
         f"Generated by `python3 tools/caching_request_bench.py"
         f"{' --models ' + args.models if args.models else ''}` on "
         f"{datetime.date.today().isoformat()} ({len(rows)} {subset}; "
         f"{caching_bench.arena_cap(args)}): the arena program of the "
         "optimized program planned as today and with "
         "`peakmem-plan-arena{allocator=caching}`, both executed under the "
         "caching runtime. request = the bytes the allocator receives (the "
         "arena memref plus its alignment); reserved = measured.", "",
         f"- allocator=caching lowers the reserved peak on {len(lower)} of "
         f"{len(ok)}"
         + (f" (by {median_cut(lower):.1f}% median)" if lower else "")
         + f" and raises it on {len(higher)}"
         + (": " + ", ".join(r["model"] for r in higher) if higher else "")
         + ".",
         f"- The pass's replay predicted both measured reserved peaks on "
         f"{predicted} of {len(ok)}; the padded program's malloc peak and "
         f"caching live peak equal its modeled peak (which counts the "
         f"padding), with the same output bits as the unpadded one, on "
         f"{exact} of {len(ok)}.", "",
         "| model | arena | request (malloc) | reserved | request (caching) "
         "| reserved | rule |", "|---|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        if "error" in r:
            L.append(f"| {r['model']} | not run: {r['error']} ||||||")
            continue
        m, c = r["malloc"], r["caching"]
        L.append(f"| {r['model']} | {n(m['arena_size'])} | {n(m['request'])} "
                 f"| {n(m['reserved'])} | {n(c['request'])} | "
                 f"{n(c['reserved'])} | {c['rule']} |")
    return L + ["", END]


def write(rows, args):
    out = pathlib.Path(args.out)
    text = out.read_text()
    new = "\n".join(section(rows, args))
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = head + new + rest.split(END, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + new + "\n"
    out.write_text(text)
    print(f"[caching_request_bench] wrote {out}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="",
                        help="only corpus files whose path contains one of these "
                             "(comma-separated)")
    parser.add_argument("--out", default=str(REPO / "docs/results-caching.md"))
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--arena-budget-ms", type=int, default=0)
    parser.add_argument("--rows", metavar="DIR", default=None,
                        help="keep each model's row in DIR and reuse it")
    args = parser.parse_args()
    write(rows_of(args), args)


if __name__ == "__main__":
    main()
