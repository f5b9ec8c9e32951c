# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the device needs (issue #26): the arena of the final program planned
with more of the program's memory inside it, next to its live peak.

For each model's final program (peakmem-optimize's output), tools/bench.py
calls `measure(text)`, which plans the arena three more ways, each checked by
peakmem-verify-arena (and peakmem-verify-inplace where the in-place pass ran):

  * `argument`: `peakmem-plan-arena{arena=argument}`: the arena is the caller's,
    and every buffer the function allocates that the pass can place, its
    results included, is a view of it;
  * `inputs`: the same with the inputs in the arena too (the caller writes them
    at recorded offsets; their bytes are reusable after their last use), when
    the pass has that option (`inputs-in-arena`);
  * `inplace`: `peakmem-inplace` first (docs/InPlace.md), then `argument`.

Each gives the arena (arena units), its lower bound, TFLite Micro's greedy
planner on the same buffers (the pass's `tflm-greedy` baseline), and what is
still outside the arena: the modeled peak of the planned program
(peakmem-report; with `arena=argument` the caller's arena is not an
allocation of the function, so this is everything the function still
allocates, in the counting allocator's units). Nothing is
hard-coded: a way the pass cannot do is reported as not available.
"""

from bench_common import kb
from peakmem import binaries, passes

VERIFY = "peakmem-verify-arena,peakmem-report{remarks=0}"
WAYS = {
    "argument": f"peakmem-plan-arena{{arena=argument remarks=0}},{VERIFY}",
    "inputs": f"peakmem-plan-arena{{arena=argument inputs-in-arena=true remarks=0}},{VERIFY}",
    "inplace": ("peakmem-inplace{remarks=false},peakmem-verify-inplace,"
                f"peakmem-plan-arena{{arena=argument remarks=0}},{VERIFY}"),
}
COLUMNS = ["inplace_pairs"] + [f"{way}_{what}" for way in WAYS
                               for what in ("arena", "bound", "tflm", "outside", "note")]


def plan(text: str, way: str) -> dict:
    """The figures of one way (None where it did not plan), and a note when it
    could not run."""
    try:
        out, _, _ = passes.run_opt(text, f"builtin.module(func.func({WAYS[way]}))")
    except binaries.ToolFailed as err:
        lines = [ln for ln in str(err).splitlines() if "error:" in ln] or ["failed"]
        return {"note": lines[0].split("error:")[-1].strip()[:100]}
    attrs = passes.function_attrs(out)
    if "arena_size" not in attrs:
        return {"note": "nothing placed"}
    stats = passes.arena_stats(out)
    return {"arena": attrs["arena_size"], "bound": attrs.get("arena_lower_bound"),
            "tflm": stats.get("baselines", {}).get("tflm-greedy"), "outside": attrs.get("peak"),
            "note": "", "_text": out}


def measure(text: str) -> dict:
    """The columns of COLUMNS for one final program."""
    row = {}
    for way in WAYS:
        res = plan(text, way)
        for what in ("arena", "bound", "tflm", "outside", "note"):
            row[f"{way}_{what}"] = res.get(what)
        if way == "inplace" and "_text" in res:
            row["inplace_pairs"] = passes.record(res["_text"], "inplace_record").get("pairs", 0)
    row.setdefault("inplace_pairs", None)
    return row


def _cell(r, key):
    v = r.get(key)
    return "–" if v is None else f"{v:,}"


def inside_table(rows) -> list:
    """The docs/results.md section."""
    L = ["## What the device needs: the arena with results, inputs and in-place pairs inside "
         "(bytes)\n",
         "live peak = the final program's modeled peak (plain allocations, counting allocator's "
         "units); today = the arena program of the table above (`arena=alloc`: the arena plus the "
         "buffers left outside it, results among them); the other columns plan the same final "
         "program again, each checked by `peakmem-verify-arena`: `results inside` = "
         "`arena=argument` (the arena alone, results as views of it), its lower bound, TFLite "
         "Micro's greedy planner on the same buffers, and `outside` = the modeled peak of "
         "what the function still allocates itself; `inputs inside` = the same with the inputs in "
         "the arena; `in-place` = `peakmem-inplace` first (pairs: buffers an elementwise op "
         "overwrites, docs/InPlace.md), then `arena=argument`, whose bound is over the program "
         "with those pairs. – : the pass did not plan that way (note below the table).\n"]
    hdr = ["model", "live peak", "today", "results inside", "bound", "tflm", "outside",
           "inputs inside", "bound", "in-place pairs", "in-place", "bound", "tflm"]
    L.append("| " + " | ".join(hdr) + " |")
    L.append("|---|" + "---:|" * (len(hdr) - 1))
    notes = {}
    for r in rows:
        for way in WAYS:
            if r.get(f"{way}_note"):
                notes.setdefault((way, r[f"{way}_note"]), []).append(r["model"])
        L.append("| " + " | ".join([
            f"{r['group']}/{r['model']}", _cell(r, "peak_final"), _cell(r, "peak_arena"),
            f"**{_cell(r, 'argument_arena')}**", _cell(r, "argument_bound"),
            _cell(r, "argument_tflm"), _cell(r, "argument_outside"),
            _cell(r, "inputs_arena"), _cell(r, "inputs_bound"), _cell(r, "inplace_pairs"),
            f"**{_cell(r, 'inplace_arena')}**", _cell(r, "inplace_bound"),
            _cell(r, "inplace_tflm")]) + " |")
    L.append("")
    for (way, note), models in sorted(notes.items()):
        shown = ", ".join(models[:4]) + (f" and {len(models) - 4} more" if len(models) > 4 else "")
        L.append(f"- `{way}` not planned on {len(models)} models ({shown}): {note}")
    L += ["", inside_summary(rows), ""]
    return L


def inside_summary(rows) -> str:
    both = [r for r in rows if r.get("argument_arena") is not None and r.get("peak_final")]
    if not both:
        return "- No model planned with results inside."
    within = [r for r in both if r["argument_arena"] <= r["peak_final"]]
    at_bound = [r for r in both if r["argument_arena"] == r["argument_bound"]]
    inpl = [r for r in rows if r.get("inplace_arena") is not None and r.get("argument_bound")]
    below = [r for r in inpl if r["inplace_arena"] < r["argument_bound"]]
    best = max(below, key=lambda r: 1 - r["inplace_arena"] / r["argument_bound"], default=None)
    return (f"- Results inside (`arena=argument`): planned on {len(both)} models; the arena alone "
            f"is at most the live peak on {len(within)} and at its bound on {len(at_bound)}. "
            f"In-place pairs lower the arena below the live-bytes bound of the program without "
            f"them on {len(below)} of {len(inpl)} models"
            + (f" (most: {best['model']}, {kb(best['argument_bound'])} -> "
               f"{kb(best['inplace_arena'])} KiB)" if best else "") + ".")
