# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The report of `peakmem optimize` (the figures peakmem/optimize.py
returns): as text (print_report) and as JSON (report_data, write_json;
docs/Execution.md describes the format). Both say the same things: the JSON
holds every figure the text prints.

Bytes are exact and printed with thousands separators. Statements are
counted from 1 in program order over the ops of the function body, as in
the plots (peakmem/plot.py): "at statement 31 of 120" is the same statement
there and here.
"""

import json
import sys

from peakmem.split import split_line

JSON_VERSION = 1


def best_baseline(baselines: dict):
    """(name, bytes) of the smallest baseline arena, or (None, None)."""
    if not baselines:
        return None, None
    name = min(baselines, key=lambda k: (baselines[k], k))
    return name, baselines[name]


def tied_baselines(baselines: dict):
    """Names of every baseline planner that reaches the best baseline arena."""
    _, best = best_baseline(baselines)
    return sorted(k for k, v in baselines.items() if v == best)


def exact(r: dict) -> bool:
    """Measured == modeled for every program executed."""
    return all(r[f"measured_{label}"] == r[f"peak_{label}"]
               for label in ("imported", "peakmem", "arena", "split")
               if f"measured_{label}" in r)


def identical(r: dict) -> bool:
    """Every executed program's output digest is the imported program's."""
    digests = [r[k] for k in ("digest_imported", "digest_peakmem", "digest_arena",
                              "digest_split") if k in r]
    return len(set(digests)) <= 1


def _fmt(n):
    return "n/a" if n is None else f"{n:,} B"


def _pct(new, old):
    return "" if not old or new is None else f" ({100.0 * (new - old) / old:+.1f}%)"


def recompute_line(rec: dict) -> str:
    """What peakmem-recompute did (its peakmem.recompute record), one line."""
    if not rec:
        return ""
    if not rec.get("cloned_ops"):
        return f"recomputation:         none ({rec.get('reason', '')})"

    def grown(key, unit):
        before, after = rec[f"{key}_before"], rec[f"{key}_after"]
        return (f"{unit} {before:,} -> {after:,} "
                f"(+{100.0 * (after - before) / max(1, before):.3f}%)")
    return (f"recomputation:         {rec['cloned_ops']:,} ops cloned: peak "
            f"{_fmt(rec['peak_before'])} -> {_fmt(rec['peak_after'])}, "
            f"{grown('macs', 'MACs')}, {grown('ops', 'operations')}")


def arena_line(r: dict) -> str:
    """The arena next to its bound and the best baseline, one line."""
    if r.get("arena_size") is None:
        # peakmem-plan-arena writes no record when it places nothing; its
        # remarks (shown as they are, never parsed) say why.
        return "arena:                 none (peakmem-plan-arena placed no buffer; " \
            "its remarks say why)"
    size, bound = r["arena_size"], r["arena_lower_bound"]
    line = f"arena:                 {_fmt(size)}, lower bound {_fmt(bound)}: "
    if r["arena_optimal"]:
        line += "optimal (certified)"
    else:
        line += f"gap {size - bound:,} B ({100.0 * (size - bound) / size:.1f}%), " \
                f"planner stopped: {r.get('arena_stop')}"
    order = r.get("arena_order")
    if order in ("reordered", "traded"):
        # The order search changed the entry block's order with the placement
        # ("traded": a larger live bound for a smaller arena, max-live-increase).
        line += (f"; order {order} with the placement (live bound "
                 f"{_fmt(r.get('arena_live_bound_before'))} -> "
                 f"{_fmt(r.get('arena_live_bound'))})")
    baselines = r.get("arena_baselines", {})
    name, best = best_baseline(baselines)
    if name:
        tied = [k for k in tied_baselines(baselines) if k != name]
        line += f"; best baseline {name} {_fmt(best)}" + (
            f" (tied with {', '.join(tied)})" if tied else "") + \
            f", peakmem {100.0 * (size - best) / best:+.1f}%"
    return line


def device_lines(r: dict):
    """What a device holds with the arena: the arena, each buffer outside it
    (results that escape, buffers left out) and the arguments, with sizes."""
    fp = r.get("arena_footprint")
    if not fp:
        return []
    out = fp["outside"]
    results = [b for b in out if b["returned"]]
    others = [b for b in out if not b["returned"]]
    parts = [f"arena {_fmt(fp['arena'])}"]
    if results:
        parts.append(f"{len(results)} result{'s' if len(results) > 1 else ''} outside the "
                     f"arena {_fmt(sum(b['bytes'] or 0 for b in results))}")
    if others:
        parts.append(f"{len(others)} other buffer{'s' if len(others) > 1 else ''} left out "
                     f"{_fmt(sum(b['bytes'] or 0 for b in others))}")
    n = len(fp["arguments"])
    parts.append(f"{n} argument{'' if n == 1 else 's'} (inputs, weights) "
                 f"{_fmt(fp['argument_bytes'])}")
    lines = [f"device memory:         {_fmt(fp['total'])} = " + " + ".join(parts)
             + ("" if fp["complete"] else " (dynamic shapes not counted)")]
    for b in out:
        lines.append(f"  outside the arena:   {b['name']} {b['type']} {_fmt(b['bytes'])}"
                     + (" (returned)" if b["returned"] else ""))
    return lines


def _at(r: dict, key: str) -> str:
    """` at statement k of n (op)`: where program `key` peaks."""
    p = r.get("peak_statements", {}).get(key)
    if not p or p["statement"] is None:
        return ""
    return f" at statement {p['statement']:,} of {p['statements']:,} ({p['op']})"


def _peak_lines(r: dict):
    line = f"peak as imported:      {_fmt(r['peak_imported'])} modeled"
    if "measured_imported" in r:
        line += f", {_fmt(r['measured_imported'])} measured"
    yield line + _at(r, "imported")
    yield (f"upstream baseline:     {_fmt(r['peak_upstream'])} modeled "
           "(optimize-allocation-liveness)" + _at(r, "upstream"))
    line = f"peakmem:               {_fmt(r['peak_peakmem'])} modeled"
    if "measured_peakmem" in r:
        line += f", {_fmt(r['measured_peakmem'])} measured"
    yield line + _pct(r["peak_peakmem"], r["peak_upstream"]) + " vs upstream" + \
        _at(r, "peakmem")
    line = recompute_line(r.get("recompute"))
    if line:
        yield line
    yield (f"lower bound:           {_fmt(r['lower_bound'])}; optimal: "
           f"{'yes (certified)' if r['optimal'] else 'not proven'}")


def _arena_lines(r: dict):
    yield arena_line(r)
    if r["arena_size"] is None:
        for line in r.get("arena_remarks", []):
            yield f"  {line}"
        return
    line = f"arena program:         {_fmt(r['peak_arena'])} modeled"
    if "measured_arena" in r:
        line += f", {_fmt(r['measured_arena'])} measured"
    yield line + (" (live heap: the arena as one allocation with its alignment padding, "
                  "plus the buffers outside it)")
    if r["arena_size"] < (r.get("peak_peakmem") or 0):
        yield ("                       the arena is below peakmem's live peak: the live "
               "peak counts each allocation's alignment padding, the arena only buffer "
               "bytes rounded to their alignment")
    yield from device_lines(r)


def print_report(r: dict, out=None):
    out = out or sys.stdout  # at call time: sys.stdout may have been replaced
    print(f"model:                 {r['model']}", file=out)
    for line in _peak_lines(r):
        print(line, file=out)
    if "arena_text" in r:
        for line in _arena_lines(r):
            print(line, file=out)
    if "split" in r:  # peakmem/split.py
        print(split_line(r), file=out)
    if "digest_imported" in r:
        line = f"output digest:         {r['digest_imported']} -> {r['digest_peakmem']}"
        if "digest_arena" in r:
            line += f" -> {r['digest_arena']} (arena)"
        if "digest_split" in r:
            line += f" -> {r['digest_split']} (split)"
        print(f"{line} ({'identical' if identical(r) else 'DIFFERENT'})", file=out)
        print(f"measured == modeled:   {'yes' if exact(r) else 'NO'}", file=out)
    print(f"pass time:             peakmem-optimize {r['peakmem_s']:.2f} s, upstream "
          f"{r['upstream_s']:.2f} s (mlir-opt wall time incl. parsing)", file=out)
    timings = r.get("timings", [])
    if timings:
        print(f"steps:                 {sum(s for _, s in timings):.2f} s in total", file=out)
        for name, seconds in timings:
            print(f"  {seconds:9.2f} s  {name}", file=out)


def _program(r: dict, label: str, peak_key: str):
    entry = {"modeled_peak": r.get(peak_key)}
    where = r.get("peak_statements", {}).get(label)
    if where:
        entry.update(peak_statement=where["statement"], statements=where["statements"],
                     peak_op=where["op"])
    if f"measured_{label}" in r:
        entry.update(measured_peak=r[f"measured_{label}"], digest=r[f"digest_{label}"],
                     exec_seconds=r[f"exec_{label}_s"])
    return entry


def _arena_data(r: dict):
    if "arena_text" not in r:
        return None
    if r.get("arena_size") is None:
        return {"planned": False, "remarks": r.get("arena_remarks", [])}
    name, best = best_baseline(r.get("arena_baselines", {}))
    return {"planned": True, "size": r["arena_size"], "lower_bound": r["arena_lower_bound"],
            "optimal": bool(r["arena_optimal"]), "alignment": r["arena_alignment"],
            "stop": r.get("arena_stop"), "order": r.get("arena_order"),
            "live_bound": r.get("arena_live_bound"),
            "live_bound_before": r.get("arena_live_bound_before"),
            "baselines": r.get("arena_baselines", {}),
            "best_baseline": {"name": name, "bytes": best,
                              "tied": tied_baselines(r.get("arena_baselines", {}))},
            "placed": (r.get("arena_plan") or {}).get("buffers", []),
            "device": r.get("arena_footprint")}


def report_data(r: dict) -> dict:
    """Every figure of the report as plain JSON data (docs/Execution.md)."""
    programs = {"imported": _program(r, "imported", "peak_imported"),
                "upstream": _program(r, "upstream", "peak_upstream"),
                "peakmem": _program(r, "peakmem", "peak_peakmem")}
    if "arena_text" in r and r.get("arena_size") is not None:
        programs["arena"] = _program(r, "arena", "peak_arena")
    if r.get("peak_split") is not None:
        programs["split"] = _program(r, "split", "peak_split")
    executed = "digest_imported" in r
    return {"version": JSON_VERSION, "model": r["model"], "options": r.get("options", {}),
            "programs": programs,
            "lower_bound": r.get("lower_bound"), "optimal": bool(r.get("optimal")),
            "certificate": r.get("certificate") or None,
            "recompute": r.get("recompute") or None,
            "split": r["split"]["record"] if "split" in r else None,
            "arena": _arena_data(r),
            "executed": executed,
            "identical_outputs": identical(r) if executed else None,
            "measured_equals_modeled": exact(r) if executed else None,
            "pass_seconds": {"peakmem-optimize": r.get("peakmem_s"),
                             "upstream": r.get("upstream_s")},
            "timings": [{"step": name, "seconds": seconds}
                        for name, seconds in r.get("timings", [])]}


def write_json(r: dict, path: str):
    with open(path, "w") as f:
        json.dump(report_data(r), f, indent=2)
        f.write("\n")
