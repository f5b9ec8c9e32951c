# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The command line: `python3 test/python/fuzz [--passes] [--long] ...`
(docs/Testing.md "Modes and measured numbers")."""

import argparse
import concurrent.futures
import sys
import time
from typing import List

from . import config
from .arena_checks import check_arena_programs
from .config import (BRUTE_MAX, DEFAULT_MAX_WORK, EXT_BASE, HOSTILE_BASE,
                     HUGE_BASE, REFUSED_BASE, SHAPES_BASE, TINY_BASE)
from .differential import (Outcome, check_executions, check_programs,
                           describe_failure, summarize)
from .oracle import dependencies, optimum, program_peak
from .pass_common import PassOutcome
from .passes import check_passes
from .report import describe_pass_failure, summarize_passes
from .seeds import HUGE_KINDS, generate


def main_passes(args) -> int:
    n = args.programs if args.programs is not None else \
        (3000 if args.long else 300)
    nexec = args.nexec if args.nexec is not None else \
        (200 if args.long else 20)
    nb = max(1, -(-n // 100))
    per_exec = -(-nexec // nb)
    start = time.perf_counter()
    allout: List[PassOutcome] = []
    base, rbase, nref = EXT_BASE, REFUSED_BASE, 8
    if args.shapes:
        config.NEW_RULES = True
        base, rbase, nref = SHAPES_BASE, HUGE_BASE, len(HUGE_KINDS)
    if args.hostile:
        base, rbase, nref = HOSTILE_BASE, REFUSED_BASE, 0
    if args.no_arena:
        config.ARENA = False
    for b in range(nb):
        first = base + args.first_seed + b * 100
        seeds = list(range(first, min(base + args.first_seed + n,
                                      first + 100)))
        refused = rbase + args.first_seed + b * nref
        seeds += list(range(refused, refused + nref))
        outs = check_passes(seeds, args.max_work, args.brute_max,
                            execute=max(0, min(per_exec,
                                               nexec - b * per_exec)),
                            jobs=args.jobs)
        for o in outs:
            if not o.ok:
                print(describe_pass_failure(o))
        allout += outs
        print(f"batch {b + 1}/{nb}: {sum(not o.ok for o in outs)} failed "
              f"({time.perf_counter() - start:.1f} s)", flush=True)
    nad = args.arena_default if args.arena_default is not None else \
        (1000 if args.long else 100)
    if config.ARENA and nad and not args.shapes and not args.hostile:
        # The original generator's programs through the arena checks.
        outs = check_arena_programs(
            range(args.first_seed, args.first_seed + nad),
            args.brute_max, execute=max(1, nad // 20), jobs=args.jobs)
        for o in outs:
            if not o.ok:
                print(describe_pass_failure(o))
        allout += outs
        print(f"arena, original programs: {sum(not o.ok for o in outs)} "
              f"failed ({time.perf_counter() - start:.1f} s)", flush=True)
    s = summarize_passes(allout)
    width = max(map(len, s))
    for k, v in s.items():
        print(f"  {k:<{width}}  {v}")
    print(f"{s['programs']} programs, {s['failed']} failed "
          f"({time.perf_counter() - start:.1f} s)")
    return 1 if s["failed"] else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="python3 test/python/fuzz",
        description="Randomized differential test of peakmem-reorder.")
    ap.add_argument("--show", type=int, metavar="SEED",
                    help="print the module of one seed and exit")
    ap.add_argument("--oracle", type=int, metavar="SEED",
                    help="print the oracle's numbers for one seed and exit")
    ap.add_argument("--programs", type=int, default=None,
                    help="programs (default 1000; --passes: 300)")
    ap.add_argument("--exec", type=int, default=None, dest="nexec",
                    help="programs to execute before/after (default 50; "
                    "--passes: 20)")
    ap.add_argument("--long", action="store_true",
                    help="20000 programs and 500 executions (--passes: "
                    "3000 and 200)")
    ap.add_argument("--passes", action="store_true",
                    help="the every-pass test of test_fuzz_passes.py: "
                    "extended programs (seeds from EXT_BASE), 8 refused "
                    "ones per 100 (from REFUSED_BASE), all passes, "
                    "certificate mutations and moves, executions")
    ap.add_argument("--shapes", action="store_true",
                    help="with --passes: the new-shape programs (from "
                    "SHAPES_BASE) and huge ones (from HUGE_BASE), with the "
                    "new oracle rules")
    ap.add_argument("--hostile", action="store_true",
                    help="with --passes: the programs of issue #22's "
                    "classes (from HOSTILE_BASE, every class whatever "
                    "PEAKMEM_FUZZ_HOSTILE says)")
    ap.add_argument("--no-arena", action="store_true",
                    help="with --passes: skip the arena plans "
                    "(peakmem-plan-arena, peakmem-verify-arena)")
    ap.add_argument("--arena-default", type=int, default=None,
                    help="with --passes: programs of the original range "
                    "through the arena checks alone (default 100; --long "
                    "1000)")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--batch", type=int, default=250)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-work", type=int, default=DEFAULT_MAX_WORK)
    ap.add_argument("--brute-max", type=int, default=BRUTE_MAX)
    args = ap.parse_args(argv)
    if args.show is not None:
        sys.stdout.write(generate(args.show).module())
        return 0
    if args.oracle is not None:
        p = generate(args.oracle)
        print(f"units {p.units}, input peak {program_peak(p)}, "
              f"optimum {optimum(p.body)[0] if p.units <= 16 else '-'}")
        for a, b, why in dependencies(p.body):
            print(f"  s{a} -> s{b}: {why}")
        return 0
    if args.passes:
        return main_passes(args)
    if args.programs is None:
        args.programs = 1000
    if args.nexec is None:
        args.nexec = 50
    if args.long:
        args.programs, args.nexec = max(args.programs, 20000), \
            max(args.nexec, 500)
    start = time.perf_counter()
    failures = 0
    seeds = list(range(args.first_seed, args.first_seed + args.programs))
    batches = [seeds[i:i + args.batch]
               for i in range(0, len(seeds), args.batch)]
    allout: List[Outcome] = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for outs in pool.map(lambda b: check_programs(
                b, args.max_work, args.brute_max), batches):
            allout += outs
            for o in outs:
                if not o.ok:
                    failures += 1
                    print(describe_failure(generate(o.seed), o))
    s = summarize(allout)
    print(f"programs {s['programs']}: {s['failed']} failed, "
          f"{s['brute_force_checked']} brute-force checked "
          f"({s['brute_force_le10']} of at most 10 units), "
          f"{s['budget_limited']} budget-limited, {s['improved']} improved "
          f"({time.perf_counter() - start:.1f} s)")
    start = time.perf_counter()
    eseeds = list(range(TINY_BASE + args.first_seed,
                        TINY_BASE + args.first_seed + args.nexec))
    outs, execs = check_executions(eseeds, args.jobs, args.max_work)
    for o in outs:
        if not o.ok:
            failures += 1
            print(describe_failure(generate(o.seed), o))
    for e in execs:
        if e.problems:
            failures += 1
            print(f"seed {e.seed}: " + "; ".join(e.problems))
            print(generate(e.seed).text)
    print(f"executed {len(execs)} programs before/after: "
          f"{sum(bool(e.problems) for e in execs)} failed "
          f"({time.perf_counter() - start:.1f} s)")
    return 1 if failures else 0
