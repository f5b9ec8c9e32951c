# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Import, optimize, execute: the job behind `peakmem optimize MODEL`
(peakmem/cli/optimize.py) and `peakmem plot`; peakmem/report.py prints its
figures and writes them as JSON.

MODEL is a .tflite or .onnx file (imported first) or a bufferized .mlir file.
The job compares the program as imported, the upstream baseline
(--optimize-allocation-liveness) and peakmem, with modeled and measured
peaks and output digests; then the optimized program with a static arena
(peakmem-plan-arena, checked by peakmem-verify-arena), its arena next to the
live peak, the arena's lower bound and the best published baseline planner,
executed like the others. Every step is shown on stderr with its wall time
(peakmem.progress) and recorded in the result's `timings`.
"""

import json
import pathlib
import re
import tempfile
from typing import Optional

from peakmem import binaries, execute, footprint, mlirtext, passes
from peakmem import split as splitting
from peakmem.progress import Progress

# peakmem's passes run on the module: they visit its functions callees first
# (FunctionRunner), so calls are modeled, and with arena=argument a call tree
# gets one arena (docs/Arena.md "One arena for a call tree"). The upstream
# pass is a func.func pass.
PEAKMEM_PIPELINE = "builtin.module(peakmem-optimize,peakmem-report{remarks=0})"
UPSTREAM_PIPELINE = "builtin.module(func.func(optimize-allocation-liveness))"
REPORT_PIPELINE = "builtin.module(peakmem-report{remarks=0})"
# Opt-in (optimize(inplace=True)): outputs written over dying inputs after the
# reorder, certified again, before the arena is planned (docs/InPlace.md).
INPLACE_PIPELINE = ("builtin.module(peakmem-inplace{remarks=0},peakmem-verify-inplace,"
                    "peakmem-certify{remarks=0},peakmem-report{remarks=0})")
ARENA_PIPELINE = ("builtin.module(peakmem-plan-arena{{json={json} budget-ms={budget}"
                  " allocator={allocator} arena={arena}}},"
                  "peakmem-verify-arena,peakmem-report{{remarks=0}})")
_SYMBOL_USE = re.compile(r'@("(?:[^"\\]|\\.)*"|[\w$.\-]+)')


def entry_function(text: str) -> Optional[str]:
    """The function the figures are taken from: the first function with a
    body that no other function names (a call, or any other symbol use in
    its body), as a model's entry is; the first function with a body when
    each is named by another (recursion); None without one."""
    funcs = [f for f in mlirtext.parse_functions(text, nested=True) if f.has_body]
    used = set()
    for f in funcs:
        used.update(m.group(1) for m in _SYMBOL_USE.finditer(f.body) if m.group(1) != f.name)
    for f in funcs:
        if f.name not in used:
            return f.name
    return funcs[0].name if funcs else None


def plan_arena(text: str, *, budget_ms: int = 0, extra=(), allocator: str = "malloc",
               arena: str = "alloc") -> dict:
    """Plans a static arena for `text` (the entry function's figures,
    entry_function; arena_function names it).

    The plan stops on the pass's work limits, so it is the same on any
    machine and under any load; `budget_ms` > 0 adds peakmem-plan-arena's
    opt-in wall-clock cap (`budget-ms`), and then the plan may depend on
    timing (`arena_stop` says when the cap fired).

    Returns arena_text (the planned module, with its peak from peakmem-report),
    arena_size / arena_lower_bound / arena_optimal / arena_alignment (None when
    the pass placed nothing), arena_baselines ({name: bytes}), arena_stop,
    arena_plan (the pass's json: every placed buffer), peak_arena (the modeled
    peak of the planned program: the arena with its allocation padding plus
    the buffers left out), arena_footprint (peakmem.footprint: the arena and
    what lies outside it), arena_remarks and arena_stderr (peakmem-opt's
    stderr, with `extra` its command-line options, e.g. timing).
    `allocator`: peakmem-plan-arena's allocator= ("caching": the arena's
    request sized for the caching allocator, docs/CachingAllocator.md);
    arena_request is the arena memref's bytes (arena_size unless padded),
    arena_request_rule why, from the pass's json record.
    `arena`: "alloc" (the function allocates the arena; its results stay
    outside) or "argument" (the caller's arena holds the results too).
    arena_results is the record's {inside, inside_bytes, outside,
    outside_bytes} of the function's results (None when it returns no
    memref), arena_result_offsets each result's offset (-1 outside; None
    when no result is in the arena).
    """
    with tempfile.TemporaryDirectory(prefix="peakmem-arena-") as tmp:
        path = pathlib.Path(tmp) / "plan.json"
        out, remarks, seconds = passes.run_opt(
            text, ARENA_PIPELINE.format(json=path, budget=budget_ms, allocator=allocator,
                                  arena=arena),
            extra=extra)
        plans = json.loads(path.read_text()) if path.exists() else []
    entry = entry_function(out)
    attrs = passes.function_attrs(out, entry)
    stats = passes.arena_stats(out, entry)
    planned = attrs.get("arena_size") is not None
    # The json record of the entry function (one per function, by symbol).
    plans = [p for p in plans if p.get("function") == entry] or plans[:1]
    return {"arena_text": out, "arena_s": seconds, "arena_function": entry,
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
            "arena_request": plans[0].get("arena_request") if plans else None,
            "arena_request_rule": plans[0].get("request_rule") if plans else None,
            "arena_results": plans[0].get("results") if plans else None,
            "arena_result_offsets": plans[0].get("result_offsets") if plans else None,
            "arena_footprint": footprint.footprint(out, entry) if planned else None,
            "peak_arena": attrs.get("peak"),
            "arena_remarks": [l for l in remarks.splitlines() if "remark:" in l],
            "arena_stderr": remarks}


def load_module(model: str, weights: str = "splat", steps: Optional[Progress] = None) -> str:
    from peakmem.frontends import importer, pipeline
    path = pathlib.Path(model)
    if not path.is_file() and not importer.is_builtin(model):
        raise binaries.PeakmemError(f"{model}: no such file")
    if path.suffix == ".mlir":
        return path.read_text()
    from peakmem.frontends.tosa_emitter import ImportError_
    with (steps or Progress()).step(f"importing {path.name}"):
        try:
            text, _ = importer.import_model(model, weights=weights)
        except (ImportError_, pipeline.PipelineError) as err:
            raise binaries.PeakmemError(f"import failed: {err}") from None
    return text


def _keep(keep: str, r: dict):
    out = pathlib.Path(keep)
    out.mkdir(parents=True, exist_ok=True)
    for name, key in (("before", "before_text"), ("upstream", "upstream_text"),
                      ("after", "after_text"), ("arena", "arena_text")):
        if r.get(key):
            (out / f"{name}.mlir").write_text(r[key])


def _optimize_programs(text: str, r: dict, pipeline: str, steps: Progress, inplace: bool = False):
    with steps.step("modeling the program as imported (peakmem-report)"):
        before, _, _ = passes.run_opt(text, REPORT_PIPELINE)
    entry = r["function"] = entry_function(before)
    r["peak_imported"] = passes.function_attrs(before, entry).get("peak")
    with steps.step("upstream baseline (optimize-allocation-liveness)"):
        upstream, _, r["upstream_s"] = passes.run_opt(text, UPSTREAM_PIPELINE,
                                                      tool="mlir-opt")
        upstream, _, _ = passes.run_opt(upstream, REPORT_PIPELINE)
    r["peak_upstream"] = passes.function_attrs(upstream, entry).get("peak")
    with steps.step("peakmem-optimize (reorder, recompute, certify)"):
        after, remarks, r["peakmem_s"] = passes.run_opt(text, pipeline)
    if inplace:
        with steps.step("in-place sharing (peakmem-inplace, peakmem-verify-inplace, peakmem-certify)"):
            after, _, _ = passes.run_opt(after, INPLACE_PIPELINE)
        r["inplace"] = passes.record(after, "inplace_record", entry)
    attrs = passes.function_attrs(after, entry)
    r["peak_peakmem"] = attrs.get("peak")
    r["lower_bound"] = attrs.get("lower_bound")
    r["optimal"] = attrs.get("optimal")
    r["certificate"] = passes.record(after, "certificate", entry)
    r["recompute"] = passes.record(after, "recompute", entry)
    r["remarks"] = [l for l in remarks.splitlines() if "remark:" in l]
    r.update(before_text=before, upstream_text=upstream, after_text=after)
    with steps.step("live bytes at every statement (peakmem-report json)"):
        r["timelines"] = live_timelines(before, after, upstream, entry)
    r["peak_statements"] = {key: peak_statement(body) for key, body in r["timelines"].items()}


def optimize(model: str, *, execute_programs: bool = True, weights: str = "splat",
             pipeline: str = PEAKMEM_PIPELINE, keep: str = None, arena: bool = True,
             timeout: Optional[float] = None, opt_level: int = execute.DEFAULT_OPT_LEVEL,
             seed: int = 0, steps: Optional[Progress] = None,
             split: Optional[float] = None, inplace: bool = False) -> dict:
    """Runs the whole job; returns every figure of the report, with the
    wall time of each step in `timings` ([(step, seconds)]). `timeout`,
    `opt_level` and `seed` are the execution options of `peakmem exec`.
    `split`: also split the imported program within this budget
    (peakmem/split.py, docs/Split.md), executed as the "split" program.
    `inplace` (off by default): run peakmem-inplace after peakmem-optimize, so
    the "peakmem" program, its certificate and its arena are those of the
    program with in-place pairs (`inplace`: its record; docs/InPlace.md)."""
    steps = steps or Progress()
    if split is None:
        text = load_module(model, weights, steps)
    else:
        text, fused = splitting.import_stages(model, weights, steps)
    r = {"model": pathlib.Path(model).stem,
         "options": {"weights": weights, "execute": execute_programs, "arena": arena,
                     "timeout": timeout, "opt_level": opt_level, "seed": seed, "split": split,
                     "inplace": inplace}}
    _optimize_programs(text, r, pipeline, steps, inplace)
    if split is not None:
        with steps.step(f"peakmem-split within {split:.0%} (docs/Split.md)"):
            r["split"] = splitting.split(fused, split)
        r["peak_split"] = r["split"]["peak"]
    if arena:
        with steps.step("static arena (peakmem-plan-arena, peakmem-verify-arena)"):
            r.update(plan_arena(r["after_text"]))
    if keep:
        _keep(keep, r)
    if execute_programs:
        programs = [("imported", r["before_text"]), ("peakmem", r["after_text"])]
        if arena and r["arena_size"] is not None:
            programs.append(("arena", r["arena_text"]))
        if r.get("peak_split") is not None:
            programs.append(("split", r["split"]["text"]))
        for label, module in programs:
            with steps.step(f"executing the {label} program"):
                res = execute.execute_text(module, function=_exec_function(module, r),
                                           timeout=timeout, opt_level=opt_level, seed=seed)
            r[f"measured_{label}"] = res.peak_bytes
            r[f"digest_{label}"] = res.output_digest
            r[f"exec_{label}_s"] = steps.timings[-1][1]
    r["timings"] = list(steps.timings)
    return r


def _exec_function(module: str, r: dict) -> Optional[str]:
    """The function `peakmem exec` runs: the entry function when the module
    defines more than one (with one, exec's own choice, as before)."""
    defined = [f for f in mlirtext.parse_functions(module, nested=True) if f.has_body]
    return r.get("function") if len(defined) > 1 else None


def peak_statement(body: dict) -> dict:
    """Where a timeline peaks: {"statement": k (counted from 1 in program
    order, as in the plots), "statements": n, "op": name}."""
    live = [s["live"] for s in body["timeline"]]
    if not live:
        return {"statement": None, "statements": 0, "op": None}
    i = max(range(len(live)), key=live.__getitem__)
    return {"statement": i + 1, "statements": len(live), "op": body["timeline"][i]["op"]}


def live_timelines(before_text: str, after_text: str, upstream_text: str = None,
                   function: str = None) -> dict:
    """peakmem-report's timeline of the function body of each program, as
    plot.plot_before_after takes them: {"imported", "peakmem"[, "upstream"]}."""
    texts = {"imported": before_text, "upstream": upstream_text, "peakmem": after_text}
    return {key: passes.timeline(text, function)["blocks"][0]
            for key, text in texts.items() if text}
