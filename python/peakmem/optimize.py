# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Import, optimize, execute, report: the job behind `peakmem optimize MODEL`
(peakmem/cli/optimize.py) and `peakmem plot`.

MODEL is a .tflite or .onnx file (imported first) or a bufferized .mlir file.
Stages print a progress line to stderr. The report compares the program as
imported, the upstream baseline (--optimize-allocation-liveness) and peakmem,
with modeled and measured peaks and output digests; then the optimized program
with a static arena (peakmem-plan-arena, checked by peakmem-verify-arena), its
arena next to the live peak, the arena's lower bound and the best published
baseline planner, executed like the others.
"""

import json
import pathlib
import sys
import tempfile
import time

from peakmem import execute, passes, binaries

PEAKMEM_PIPELINE = "builtin.module(func.func(peakmem-optimize,peakmem-report{remarks=0}))"
UPSTREAM_PIPELINE = "builtin.module(func.func(optimize-allocation-liveness))"
REPORT_PIPELINE = "builtin.module(func.func(peakmem-report{remarks=0}))"
ARENA_PIPELINE = ("builtin.module(func.func(peakmem-plan-arena{{json={json} budget-ms={budget}}},"
                  "peakmem-verify-arena,peakmem-report{{remarks=0}}))")


def plan_arena(text: str, *, budget_ms: int = 1000, extra=()) -> dict:
    """Plans a static arena for `text` (the first function's figures).

    Returns arena_text (the planned module, with its peak from peakmem-report),
    arena_size / arena_lower_bound / arena_optimal / arena_alignment (None when
    the pass placed nothing), arena_baselines ({name: bytes}), arena_stop,
    arena_plan (the pass's json: every placed buffer), peak_arena (the modeled
    peak of the planned program: the arena with its allocation padding plus
    the buffers left out), arena_remarks and arena_stderr (peakmem-opt's
    stderr, with `extra` its command-line options, e.g. timing).
    """
    with tempfile.TemporaryDirectory(prefix="peakmem-arena-") as tmp:
        path = pathlib.Path(tmp) / "plan.json"
        out, remarks, seconds = passes.run_opt(
            text, ARENA_PIPELINE.format(json=path, budget=budget_ms), extra=extra)
        plans = json.loads(path.read_text()) if path.exists() else []
    attrs = passes.function_attrs(out)
    stats = passes.arena_stats(out)
    return {"arena_text": out, "arena_s": seconds,
            "arena_size": attrs.get("arena_size"),
            "arena_lower_bound": attrs.get("arena_lower_bound"),
            "arena_optimal": attrs.get("arena_optimal"),
            "arena_alignment": attrs.get("arena_alignment"),
            "arena_baselines": stats.get("baselines", {}),
            "arena_stop": stats.get("stop"),
            "arena_order": stats.get("order"),
            "arena_live_bound": stats.get("live_bound"),
            "arena_live_bound_before": stats.get("live_bound_before"),
            "arena_plan": plans[0] if plans else None,
            "peak_arena": attrs.get("peak"),
            "arena_remarks": [l for l in remarks.splitlines() if "remark:" in l],
            "arena_stderr": remarks}


def best_baseline(baselines: dict):
    """(name, bytes) of the smallest baseline arena, or (None, None)."""
    if not baselines:
        return None, None
    name = min(baselines, key=lambda k: (baselines[k], k))
    return name, baselines[name]


def progress(message: str):
    print(f"[peakmem] {message}", file=sys.stderr, flush=True)


def load_module(model: str, weights: str = "splat") -> str:
    from peakmem.frontends import importer, pipeline
    path = pathlib.Path(model)
    if not path.is_file() and not importer.is_builtin(model):
        raise binaries.PeakmemError(f"{model}: no such file")
    if path.suffix == ".mlir":
        return path.read_text()
    from peakmem.frontends.tosa_emitter import ImportError_
    progress(f"importing {path.name}")
    try:
        text, _ = importer.import_model(model, weights=weights)
    except (ImportError_, pipeline.PipelineError) as err:
        raise binaries.PeakmemError(f"import failed: {err}") from None
    return text


def optimize(model: str, *, execute_programs: bool = True, weights: str = "splat",
             pipeline: str = PEAKMEM_PIPELINE, keep: str = None,
             arena: bool = True) -> dict:
    """Runs the whole job; returns every figure of the report."""
    text = load_module(model, weights)
    r = {"model": pathlib.Path(model).stem}
    progress("modeling the program as imported")
    before, _, _ = passes.run_opt(text, REPORT_PIPELINE)
    r["peak_imported"] = passes.function_attrs(before).get("peak")
    progress("upstream baseline (optimize-allocation-liveness)")
    upstream, _, r["upstream_s"] = passes.run_opt(text, UPSTREAM_PIPELINE,
                                                  tool="mlir-opt")
    upstream, _, _ = passes.run_opt(upstream, REPORT_PIPELINE)
    r["peak_upstream"] = passes.function_attrs(upstream).get("peak")
    progress("peakmem-optimize (reorder, recompute, certify)")
    after, remarks, r["peakmem_s"] = passes.run_opt(text, pipeline)
    attrs = passes.function_attrs(after)
    r["peak_peakmem"] = attrs.get("peak")
    r["lower_bound"] = attrs.get("lower_bound")
    r["optimal"] = attrs.get("optimal")
    r["recompute"] = passes.record(after, "recompute")
    r["remarks"] = [l for l in remarks.splitlines() if "remark:" in l]
    r["after_text"] = after
    r["before_text"] = before
    r["upstream_text"] = upstream
    if arena:
        progress("static arena (peakmem-plan-arena, peakmem-verify-arena)")
        r.update(plan_arena(after))
    if keep:
        out = pathlib.Path(keep)
        out.mkdir(parents=True, exist_ok=True)
        (out / "before.mlir").write_text(before)
        (out / "upstream.mlir").write_text(upstream)
        (out / "after.mlir").write_text(after)
        if arena:
            (out / "arena.mlir").write_text(r["arena_text"])
    if execute_programs:
        programs = [("imported", before), ("peakmem", after)]
        if arena and r["arena_size"] is not None:
            programs.append(("arena", r["arena_text"]))
        for label, module in programs:
            progress(f"executing the {label} program")
            t0 = time.perf_counter()
            res = execute.execute_text(module)
            r[f"measured_{label}"] = res.peak_bytes
            r[f"digest_{label}"] = res.output_digest
            r[f"exec_{label}_s"] = time.perf_counter() - t0
    return r


def _fmt(n):
    return "n/a" if n is None else f"{n:,} B"


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
    name, best = best_baseline(r.get("arena_baselines", {}))
    if name:
        tied = sum(1 for v in r["arena_baselines"].values() if v == best) - 1
        line += f"; best baseline {name} {_fmt(best)}" + (
            f" (tied with {tied} more)" if tied else "") + \
            f", peakmem {100.0 * (size - best) / best:+.1f}%"
    return line


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


def exact(r: dict) -> bool:
    """Measured == modeled for every program executed."""
    return all(r[f"measured_{label}"] == r[f"peak_{label}"]
               for label in ("imported", "peakmem", "arena") if f"measured_{label}" in r)


def print_report(r: dict, out=None):
    out = out or sys.stdout  # at call time: sys.stdout may have been replaced
    def pct(new, old):
        return "" if not old or new is None else f" ({100.0 * (new - old) / old:+.1f}%)"
    print(f"model:                 {r['model']}", file=out)
    line = f"peak as imported:      {_fmt(r['peak_imported'])} modeled"
    if "measured_imported" in r:
        line += f", {_fmt(r['measured_imported'])} measured"
    print(line, file=out)
    print(f"upstream baseline:     {_fmt(r['peak_upstream'])} modeled "
          "(optimize-allocation-liveness)", file=out)
    line = f"peakmem:               {_fmt(r['peak_peakmem'])} modeled"
    if "measured_peakmem" in r:
        line += f", {_fmt(r['measured_peakmem'])} measured"
    print(line + pct(r["peak_peakmem"], r["peak_upstream"]) + " vs upstream", file=out)
    line = recompute_line(r.get("recompute"))
    if line:
        print(line, file=out)
    print(f"lower bound:           {_fmt(r['lower_bound'])}; optimal: "
          f"{'yes (certified)' if r['optimal'] else 'not proven'}", file=out)
    if "arena_text" in r:
        print(arena_line(r), file=out)
        if r["arena_size"] is None:
            for line in r.get("arena_remarks", []):
                print(f"  {line}", file=out)
        if r["arena_size"] is not None:
            line = f"arena program:         {_fmt(r['peak_arena'])} modeled"
            if "measured_arena" in r:
                line += f", {_fmt(r['measured_arena'])} measured"
            print(line + " (the arena as one allocation, with its padding, plus the "
                  "buffers left out)", file=out)
    if "digest_imported" in r:
        same = r["digest_imported"] == r["digest_peakmem"]
        line = f"output digest:         {r['digest_imported']} -> {r['digest_peakmem']}"
        if "digest_arena" in r:
            same = same and r["digest_arena"] == r["digest_imported"]
            line += f" -> {r['digest_arena']} (arena)"
        print(f"{line} ({'identical' if same else 'DIFFERENT'})", file=out)
        print(f"measured == modeled:   {'yes' if exact(r) else 'NO'}", file=out)
    print(f"time:                  peakmem {r['peakmem_s']:.2f} s, upstream "
          f"{r['upstream_s']:.2f} s (mlir-opt wall time incl. parsing)", file=out)


def live_timelines(before_text: str, after_text: str, upstream_text: str = None,
                   function: str = None) -> dict:
    """peakmem-report's timeline of the function body of each program, as
    plot.plot_before_after takes them: {"imported", "peakmem"[, "upstream"]}."""
    texts = {"imported": before_text, "upstream": upstream_text, "peakmem": after_text}
    return {key: passes.timeline(text, function)["blocks"][0]
            for key, text in texts.items() if text}
