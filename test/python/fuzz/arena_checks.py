# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The arena checks of a batch: every plan re-checked from its IR and
against the oracle, its mutations verified, and planned programs executed
(measured == modeled, same digest, also on a dirty arena)."""

import concurrent.futures
import random
from typing import List, Sequence, Set

from .arena_arg import (ARENA_ARG_PIPE, PLAIN_PIPE, execute_argument,
                        leaked_problems, result_mutations, result_problems)
from .arena_edit import (arena_mutations, fill_arena, forged_aliases,
                         rename_function, spread_plan)
from .arena_plan import (ARENA_OPT_PIPE, ARENA_PIPE, ARENA_VERIFY,
                         arena_oracle, arena_violations, min_aligns,
                         parse_arena_plan)
from .config import (ARENA_DIRTY, ARENA_FORGED, ARENA_MUTATIONS,
                     ARENA_OPT_EVERY, BRUTE_MAX)
from .differential import ExecOutcome, exec_module
from .model import Program
from .parse import parse_function
from .pass_common import PassOutcome, chunk_module, no_clones
from .runner import func_pipeline, run_chunks
from .seeds import generate


def check_arenas(progs, outs, runs, opt_seeds: Set[int],
                 brute_max: int = BRUTE_MAX,
                 n_mut: int = ARENA_MUTATIONS, jobs: int = 2):
    """The arena checks of one batch: `runs` has "arena" (ARENA_PIPE on
    every program), "arena_opt" (ARENA_OPT_PIPE on a share) and
    "arena_report" (peakmem-report on the planned output)."""
    variants = []            # (program, outcome, kind, what, text, plan)
    for p in progs:
        o = outs[p.seed]
        for d in runs["arena_report"].of(p.seed, "error"):
            o.problems.append(f"arena: peakmem-report on the plan: {d.text}")
        for name in ("arena", "arena_opt", "arena_arg"):
            if name not in runs:
                continue
            check_plan(p, o, name, runs, opt_seeds, brute_max, n_mut,
                       variants)
    if variants:
        verify_arena_variants(progs, outs, variants, brute_max, jobs)


def check_plan(p: Program, o: PassOutcome, name: str, runs,
               opt_seeds: Set[int], brute_max: int, n_mut: int, variants):
    """The plan of `p` in runs[name]: re-checked from its IR and against
    the oracle; for ARENA_PIPE's plan, the unchanged plan and `n_mut`
    mutations appended to `variants`."""
    run = runs[name]
    if p.seed in run.crashed:
        o.problems.append(f"{name}: peakmem-opt crashed: "
                          f"{' '.join(run.unattributed)[-2000:]}")
        return
    for d in run.of(p.seed, "error") + run.of(p.seed, "warning"):
        o.problems.append(f"{name}: unexpected {d.severity}: "
                          f"{d.text}")
    text = run.funcs.get(p.name)
    if text is None:
        if name == "arena" or p.seed in opt_seeds:
            o.problems.append(f"{name}: function missing from the "
                              "output")
        return
    plan = parse_arena_plan(text)
    if p.refused:
        if plan.size is not None:
            o.problems.append(f"{name}: an arena in a refused "
                              "function")
        return
    if plan.size is None:
        if plan.views or plan.arena:
            o.problems.append(f"{name}: views without attributes")
        o.count(f"{name}: nothing placed")
        return
    # Neither arena pipeline recomputes: the oracle's problem is exact.
    exact = name in ("arena", "arena_arg") or \
        no_clones(parse_function(text))
    opt = arena_oracle(p, plan, brute_max) if exact else None
    bad = arena_violations(plan, min_aligns(p), opt)
    if bad:
        o.problems.append(f"{name}: the plan is wrong: " +
                          "; ".join(bad) + "\n" + text)
        return
    o.count(f"{name}: planned")
    o.count(f"{name}: views", len(plan.views))
    if plan.optimal:
        o.count(f"{name}: optimal")
    if opt is not None:
        o.count(f"{name}: oracle checked")
        if plan.size == opt:
            o.count(f"{name}: arena == oracle optimum")
    if name == "arena_arg":
        check_argument_plan(p, o, text, plan, n_mut, variants)
    if name != "arena":
        return
    rep = runs["arena_report"].funcs.get(p.name)
    rpeak = parse_function(rep).peak if rep else None
    if plan.peak is None or rpeak != plan.peak:
        o.problems.append(f"arena: peakmem.peak {plan.peak} after "
                          f"plan-arena, peakmem-report says {rpeak}")
    o.arena_text = text
    o.arena_plan = plan
    rng = random.Random(p.seed * 977 + 3)
    variants.append((p, o, "identity", "unchanged", text, plan))
    for kind, what, t in arena_mutations(text, plan, rng, n_mut):
        variants.append((p, o, kind, what, t, parse_arena_plan(t)))
    # Views reached through a reinterpret_cast (issue #22 item 6), drawn
    # from their own random numbers.
    rng = random.Random(p.seed * 613 + 1)
    for kind, what, t in forged_aliases(text, plan, rng, ARENA_FORGED):
        variants.append((p, o, kind, what, t, parse_arena_plan(t)))


def check_argument_plan(p: Program, o: PassOutcome, text: str, plan,
                        n_mut: int, variants):
    """The arena=argument plan of p: the results it places
    (arena_arg.result_problems); the plan and its mutations, results'
    recorded offsets among them, appended to `variants`."""
    bad = result_problems(p, plan) if plan.argument else \
        ["arena=argument: the arena is not an argument"]
    if bad:
        o.problems.append("arena_arg: " + "; ".join(bad) + "\n" + text)
        return
    o.count("arena_arg: results inside", sum(
        x >= 0 for x in plan.result_offsets or []))
    bad = leaked_problems(p, text, plan, o.count)
    if bad:
        o.problems.append("arena_arg: " + "; ".join(bad) + "\n" + text)
    o.arena_arg_text = text
    rng = random.Random(p.seed * 389 + 7)
    variants.append((p, o, "identity", "unchanged (arena=argument)", text,
                     plan))
    for kind, what, t in arena_mutations(text, plan, rng, n_mut) + \
            result_mutations(text, plan, rng):
        variants.append((p, o, kind, what + " (arena=argument)", t,
                         parse_arena_plan(t)))


def verify_arena_variants(progs, outs, variants, brute_max: int, jobs: int):
    """Every variant through peakmem-verify-arena (one run per job): a plan
    with a violation must be rejected, an unchanged or valid one accepted
    (a raised bound the verifier cannot prove may be rejected)."""
    chunks, names = [], []
    for k, (p, o, kind, what, t, plan) in enumerate(variants):
        names.append(f"{p.name}_a{k}")
        chunks.append((k, chunk_module(p, rename_function(t, p.name,
                                                          names[-1]))))
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        parts = list(pool.map(
            lambda j: run_chunks(chunks[j::jobs],
                                 func_pipeline(ARENA_VERIFY)),
            range(jobs)))
    funcs, crashed, errors = {}, set(), []
    for part in parts:
        funcs.update(part.funcs)
        crashed |= part.crashed
        errors += [d for d in part.diags if d.severity == "error"]
    foreign = [d.text for d in errors
               if "peakmem-verify-arena: " not in d.text]
    rejected = 0
    for k, (p, o, kind, what, t, plan) in enumerate(variants):
        if k in crashed:
            o.problems.append(f"verify-arena crashed on {kind} ({what}):\n"
                              + chunks[k][1])
            continue
        acc = names[k] in funcs
        rejected += not acc
        opt = arena_oracle(p, plan, brute_max)
        bad = arena_violations(plan, min_aligns(p), opt)
        if acc and not bad and kind == "bound" and opt is None:
            o.count("arena mutation accepted, undecidable (bound)")
            continue
        if kind in ("identity", "no-op"):
            o.count(f"arena {kind} accepted" if acc else
                    f"arena {kind} REJECTED")
            if not acc or bad:
                o.problems.append(f"verify-arena rejects an unchanged plan "
                                  f"({kind}: {what}): {bad}")
            continue
        if not acc:
            o.count(f"arena mutation rejected ({kind})")
            if not bad:
                # A bound raised to a true value the verifier cannot
                # prove (its bound is Bounds.h, not the optimum): allowed.
                if kind == "bound":
                    o.count("arena mutation rejected, claim true but "
                            "unproved")
                else:
                    o.problems.append(f"verify-arena rejects a valid plan "
                                      f"({kind}: {what})")
            continue
        if bad:
            o.problems.append(f"verify-arena ACCEPTS a wrong plan ({kind}: "
                              f"{what}): " + "; ".join(bad) + "\n" +
                              chunks[k][1])
        else:
            o.count(f"arena mutation accepted, valid ({kind})")
    if foreign or len(errors) != rejected:
        outs[progs[0].seed].problems.append(
            f"verify-arena: {len(errors)} errors for {rejected} rejected "
            "variants; other errors: " + "; ".join(foreign)[:2000])


def check_arena_programs(seeds: Sequence[int], brute_max: int = BRUTE_MAX,
                         execute: int = 0, jobs: int = 2
                         ) -> List[PassOutcome]:
    """The arena checks alone (no other pass) on the programs of `seeds`,
    and the first `execute` planned ones executed (input and plan): for
    the original generator's range, which test_differential.py covers
    for peakmem-reorder."""
    from peakmem import execute as ex
    progs = [generate(s) for s in seeds]
    outs = {p.seed: PassOutcome(p.seed, p.refused) for p in progs}
    chunks = [(p.seed, p.module()) for p in progs]
    opt_seeds = {p.seed for k, p in enumerate(progs)
                 if ARENA_OPT_EVERY and k % ARENA_OPT_EVERY == 0}
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        a = pool.submit(run_chunks, chunks, func_pipeline(*ARENA_PIPE))
        b = pool.submit(run_chunks, [c for c in chunks if c[0] in opt_seeds],
                        func_pipeline(*ARENA_OPT_PIPE))
        c = pool.submit(run_chunks, chunks, func_pipeline(*ARENA_ARG_PIPE))
        d = pool.submit(run_chunks, chunks, func_pipeline(*PLAIN_PIPE))
        runs = {"arena": a.result(), "arena_opt": b.result(),
                "arena_arg": c.result()}
        plain = d.result()
    runs["arena_report"] = run_chunks(
        [(p.seed, chunk_module(p, runs["arena"].funcs[p.name])) for p in progs
         if p.name in runs["arena"].funcs],
        func_pipeline("peakmem-report{remarks=0}"))
    for name, run in runs.items():
        for d in run.diags:
            if d.seed is None and d.severity in ("error", "warning"):
                outs[progs[0].seed].problems.append(
                    f"{name}: a diagnostic naming no program: {d.text}")
    check_arenas(progs, outs, runs, opt_seeds, brute_max, jobs=jobs)
    sample = [p for p in progs if outs[p.seed].ok and p.executable and
              outs[p.seed].arena_plan is not None and
              outs[p.seed].arena_plan.size is not None][:execute]

    def one(p):
        o, e = outs[p.seed], ExecOutcome(p.seed, [])
        try:
            res = ex.execute_text(p.module(stubs=True), function=p.name)
            execute_arena(p, o, res, e)
            if o.arena_arg_text:
                execute_argument(p, o.arena_arg_text, res,
                                 parse_function(plain.funcs[p.name]).peak,
                                 e, o.count)
        except ex.ExecError as err:
            e.problems.append(f"arena: execution failed: {err}")
        return e
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for p, e in zip(sample, pool.map(one, sample)):
            outs[p.seed].executed = e
            outs[p.seed].problems += ["execution: " + x for x in e.problems]
    return [outs[p.seed] for p in progs]


def execute_arena(p: Program, o: "PassOutcome", input_res, e: ExecOutcome):
    """The planned program run: measured == its peakmem.peak; digest ==
    the input's unless the program reads memory it never wrote (then a
    run with the arena pre-filled with DIRTY_BYTE, every view at its own
    bytes, differs from the same run on fresh bytes, which must itself
    equal the input's)."""
    from peakmem import execute
    plan = o.arena_plan
    if plan is None or plan.size is None:
        return
    res = execute.execute_text(exec_module(p, o.arena_text), function=p.name)
    o.count("arena executed")
    if res.peak_bytes != plan.peak:
        e.problems.append(f"arena: measured {res.peak_bytes} != modeled "
                          f"peakmem.peak {plan.peak}")
    if res.output_digest == input_res.output_digest and ARENA_DIRTY:
        res = execute.execute_text(exec_module(p, fill_arena(
            o.arena_text, plan)), function=p.name)
        o.count("arena executed dirty")
    if res.output_digest == input_res.output_digest:
        return
    fresh, dirty = (execute.execute_text(
        exec_module(p, spread_plan(o.arena_text, plan, d)),
        function=p.name) for d in (False, True))
    if fresh.output_digest != input_res.output_digest:
        e.problems.append("arena: the spread plan (no sharing) changes the "
                          f"digest: {fresh.output_digest} != "
                          f"{input_res.output_digest}")
    elif dirty.output_digest == fresh.output_digest:
        e.problems.append("arena: digest differs from the input's "
                          f"({res.output_digest} != "
                          f"{input_res.output_digest}) and the program "
                          "reads no uninitialised memory")
    else:
        o.count("arena executed, reads uninitialised memory (digest "
                "differs legitimately)")
