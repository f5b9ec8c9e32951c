# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The execution sample of an every-pass batch: programs run before and
after reorder and recompute (and their arena plans)."""

import concurrent.futures
import time

from .arena_checks import execute_arena
from .differential import ExecOutcome, check_measured, exec_module
from .features import features
from .oracle import program_peak
from .parse import parse_function
from .pass_common import model_exact, no_clones


def execute_sample(progs, outs, runs, count, jobs):
    """Runs `count` programs (those recompute cloned first, then those
    with the most scf.if / calls / allocas) before and after reorder and
    recompute: identical digests; measured == the oracle's executed peak;
    measured == peakmem.peak where the model is exact."""
    from peakmem import execute

    def score(p):
        f = features(p)
        return (-sum(x.startswith(("scf.if", "call", "memref.alloca"))
                     for x in f), p.seed)
    cands = [p for p in progs if not p.refused and p.executable and
             outs[p.seed].ok and
             p.name in runs["recompute"].funcs and
             outs[p.seed].reorder is not None]
    # Half of them among the programs recompute cloned, the rest (and any
    # shortfall) the ones with the most scf.if / calls / allocas.
    cloned = [p for p in cands if outs[p.seed].clones > 0][:count // 2]
    rest = sorted((p for p in cands if p not in cloned), key=score)
    sample = cloned + rest[:count - len(cloned)]
    # New-shape programs the static checks failed are executed too (not
    # counted in `count`): a wrong order must also show up as a changed
    # digest or a memory error (docs/Testing.md "New shapes").
    failed_shapes = [p for p in progs if p.shapes and not p.refused and
                     p.executable and
                     not outs[p.seed].ok and
                     all(p.name in runs[w].funcs
                         for w in ("report", "reorder", "recompute"))]

    def one(p):
        o = outs[p.seed]
        e = ExecOutcome(p.seed, [])
        if not o.ok:
            return digests_only(p, e)
        start = time.perf_counter()
        texts = [("input", runs["report"].funcs[p.name]),
                 ("reorder", runs["reorder"].funcs[p.name]),
                 ("recompute", runs["recompute"].funcs[p.name])]
        try:
            res = {w: execute.execute_text(exec_module(p, t),
                                           function=p.name)
                   for w, t in texts}
        except execute.ExecError as err:
            e.problems.append(f"execution failed: {err}")
            return e
        digests = {r.output_digest for r in res.values()}
        if len(digests) != 1:
            e.problems.append("output digests differ: " + ", ".join(
                f"{w} {r.output_digest}" for w, r in res.items()))
        check_measured(e, "input", res["input"], program_peak(p),
                       program_peak(p, executed=True))
        oc = o.reorder
        check_measured(e, "reorder", res["reorder"], oc.output_peak,
                       program_peak(p, oc.output_orders, executed=True))
        parsed = parse_function(runs["recompute"].funcs[p.name])
        rc = res["recompute"]
        if no_clones(parsed):
            check_measured(e, "recompute", rc, program_peak(p, parsed.orders),
                           program_peak(p, parsed.orders, executed=True))
        elif model_exact(p):
            if rc.peak_bytes != rc.modeled_peak:
                e.problems.append(f"recompute: measured {rc.peak_bytes} != "
                                  f"modeled {rc.modeled_peak}")
        else:
            e.inexact += 1
            if rc.peak_bytes > rc.modeled_peak:
                e.problems.append(f"recompute: measured {rc.peak_bytes} > "
                                  f"modeled {rc.modeled_peak}")
        e.before_peak, e.after_peak = res["input"].peak_bytes, rc.peak_bytes
        try:
            execute_arena(p, o, res["input"], e)
        except execute.ExecError as err:
            e.problems.append(f"arena: execution failed: {err}")
        e.seconds = time.perf_counter() - start
        return e

    def digests_only(p, e):
        res = {}
        for w in ("report", "reorder", "recompute"):
            try:
                res[w] = execute.execute_text(
                    exec_module(p, runs[w].funcs[p.name]), function=p.name)
            except execute.ExecError as err:
                e.problems.append(f"{w} output: execution failed: " +
                                  str(err).splitlines()[0])
        digests = {r.output_digest for r in res.values()}
        if len(digests) > 1:
            e.problems.append("output digests differ: " + ", ".join(
                f"{w} {r.output_digest}" for w, r in res.items()))
        return e

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for p, e in zip(sample + failed_shapes,
                        pool.map(one, sample + failed_shapes)):
            outs[p.seed].executed = e
            outs[p.seed].problems += ["execution: " + x for x in e.problems]
