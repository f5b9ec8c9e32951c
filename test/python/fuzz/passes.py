# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The every-pass test of one batch (test_fuzz_passes.py, docs/Testing.md
"Every pass, certificates, refusals"): every pipeline on every program,
a second round on their outputs, then the checks of each program."""

import concurrent.futures
from typing import List, Optional, Sequence

from . import config
from .arena_checks import check_arenas
from .arena_plan import ARENA_OPT_PIPE, ARENA_PIPE
from .cert_checks import check_certificates
from .config import ARENA_OPT_EVERY, BRUTE_MAX, DEFAULT_MAX_WORK
from .determinism import check_determinism
from .execution import execute_sample
from .parse import parse_remarks
from .pass_checks import check_kernels, check_modeled, check_refused
from .pass_common import (KERNEL_PIPE, PASSES, VERIFY, PassOutcome,
                          chunk_module)
from .runner import func_pipeline, run_chunks
from .seeds import generate


def check_passes(seeds: Sequence[int], max_work: int = DEFAULT_MAX_WORK,
                 brute_max: int = BRUTE_MAX, mutations: int = 8,
                 moves: int = 2, execute: int = 0,
                 jobs: int = 2, arena: Optional[bool] = None
                 ) -> List[PassOutcome]:
    """Every pass and the pipeline on the programs of `seeds`, then
    certificate mutations and moves checked by peakmem-verify-certificate,
    then `execute` programs run before and after reorder and recompute.
    With `arena`, the arena plans too (check_arenas; executed with the
    sample). See docs/Testing.md."""
    arena = config.ARENA if arena is None else arena
    progs = [generate(s) for s in seeds]
    outs = {p.seed: PassOutcome(p.seed, p.refused) for p in progs}
    opt_seeds = {p.seed for k, p in enumerate(progs)
                 if ARENA_OPT_EVERY and k % ARENA_OPT_EVERY == 0}
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        runs = first_round(pool, progs, arena, opt_seeds)
        arena_runs = {k: runs.pop(k) for k in ("arena", "arena_opt")
                      if k in runs}
        kernel_run = runs.pop("kernels", None)
        norm = runs.pop("norm")
        follow = second_round(pool, progs, runs, arena_runs)
    if arena:
        arena_runs["arena_report"] = follow.pop("arena_report")
    remarks = parse_remarks(runs["reorder"].stderr)
    unattributed(progs, outs, list(runs.items()) + list(follow.items()) +
                 [("parse", norm)])
    for p in progs:
        o = outs[p.seed]
        base = norm.funcs.get(p.name)
        if base is None or norm.of(p.seed, "error") or p.seed in norm.crashed:
            o.problems.append("the generated program does not parse: " +
                              "; ".join(d.text for d in
                                        norm.of(p.seed, "error")))
            continue
        if p.refused:
            check_refused(p, o, base, runs, follow)
        else:
            check_modeled(p, o, base, runs, follow, remarks, brute_max)
        if p.module_attrs:
            check_kernels(p, o, kernel_run)
    check_certificates(progs, outs, runs, brute_max, mutations, moves,
                       jobs)
    if arena:
        unattributed(progs, outs, list(arena_runs.items()))
        check_arenas(progs, outs, arena_runs, opt_seeds, brute_max,
                     jobs=jobs)
    check_determinism(progs, outs)
    if execute:
        execute_sample(progs, outs, runs, execute, jobs)
    return [outs[p.seed] for p in progs]


def first_round(pool, progs, arena: bool, opt_seeds):
    """Every pipeline on every program (one chunk each): the passes, the
    input printed back ("norm"), the arena pipelines, the kernels."""
    chunks = [(p.seed, p.module()) for p in progs]
    pipes = {"norm": "builtin.module()", "verify": func_pipeline(VERIFY)}
    pipes.update({name: func_pipeline(pipe) for name, pipe in PASSES.items()})
    futs = {name: pool.submit(run_chunks, chunks, pipe)
            for name, pipe in pipes.items()}
    if arena:
        futs["arena"] = pool.submit(run_chunks, chunks,
                                    func_pipeline(*ARENA_PIPE))
        futs["arena_opt"] = pool.submit(
            run_chunks, [c for c in chunks if c[0] in opt_seeds],
            func_pipeline(*ARENA_OPT_PIPE))
    kernels = [c for c, p in zip(chunks, progs) if p.module_attrs]
    if kernels:
        futs["kernels"] = pool.submit(run_chunks, kernels, KERNEL_PIPE)
    return {name: f.result() for name, f in futs.items()}


def second_round(pool, progs, runs, arena_runs):
    """Every output parses again; peakmem-report on the reordered and
    recomputed IR agrees with the pass; the verifier accepts what
    peakmem-certify and peakmem-optimize wrote; peakmem-report on the
    arena plan (when there is one)."""
    def again(run, pipeline):
        cs = [(p.seed, chunk_module(p, run.funcs[p.name]))
              for p in progs if p.name in run.funcs]
        return pool.submit(run_chunks, cs, func_pipeline(pipeline))
    follow = {"report": again(runs["report"], "peakmem-report"),
              "reorder": again(runs["reorder"], "peakmem-report"),
              "recompute": again(runs["recompute"], "peakmem-report"),
              "certify": again(runs["certify"], VERIFY),
              "optimize": again(runs["optimize"], VERIFY)}
    if "arena" in arena_runs:
        follow["arena_report"] = again(arena_runs["arena"],
                                       "peakmem-report{remarks=0}")
    return {name: f.result() for name, f in follow.items()}


def unattributed(progs, outs, named_runs):
    """Diagnostics naming no program (never seen so far) fail the batch."""
    for name, run in named_runs:
        for d in run.diags:
            if d.seed is None and d.severity in ("error", "warning"):
                outs[progs[0].seed].problems.append(
                    f"{name}: a diagnostic naming no program: {d.text}")
