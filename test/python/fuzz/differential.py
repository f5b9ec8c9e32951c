# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The randomized differential test of peakmem-reorder (test_differential.py):
every function of a batch reordered in one invocation and checked against
the oracle, and programs executed before and after."""

import concurrent.futures
import dataclasses
import time
from typing import Dict, List, Optional, Sequence, Tuple

from .attrs import extract_records, get_field
from .config import BRUTE_MAX, DEFAULT_MAX_WORK
from .model import Program
from .oracle import check_order, optimum, program_peak, schedule_units
from .parse import block_name, parse_function, parse_remarks, split_functions
from .runner import peakmem_opt
from .seeds import generate


@dataclasses.dataclass
class Outcome:
    seed: int
    problems: List[str]
    units: int = 0                # schedule units of the function body
    max_units: int = 0            # ... of its largest block
    input_peak: int = 0           # oracle, as written
    output_peak: int = 0          # oracle, order of the output
    model_before: Optional[int] = None
    model_after: Optional[int] = None
    remark: str = ""
    optimum: Optional[int] = None  # brute force (units <= brute_max)
    budget_limited: bool = False   # not optimal, remark says so
    # peakmem.reorder's search is "stopped" (a work limit, the state cap or
    # the opt-in time cap): another pass that reschedules the same block with
    # its own budget (recompute's baseline, optimize) may stop at another
    # order, higher or lower.
    within_budget: bool = False
    output_text: str = ""
    output_orders: Dict[object, List[int]] = dataclasses.field(
        default_factory=dict)      # block key -> order in the output

    @property
    def ok(self) -> bool:
        return not self.problems


def reorder_pipeline(max_work: int = DEFAULT_MAX_WORK) -> str:
    opts = "algorithm=auto"
    if max_work != DEFAULT_MAX_WORK:
        opts += f" max-work={max_work}"
    return f"builtin.module(func.func(peakmem-reorder{{{opts}}}))"


def _run_batch(progs: List[Program], pipeline: str):
    """Runs the pipeline on all programs in one module. Returns
    ({name: (func text)}, stderr, {name: failure}); on a failed run, each
    program is run alone to find the failing ones."""
    attrs = sorted({p.module_attrs for p in progs if p.module_attrs})
    head = f"module attributes {{{', '.join(attrs)}}} {{\n" if attrs else \
        "module {\n"
    module = head + "".join(p.decls_text() + p.text for p in progs) + "}\n"
    rc, out, err = peakmem_opt(module, pipeline)
    if rc == 0:
        return out, err, {}
    if len(progs) == 1:
        return "", err, {progs[0].name: f"peakmem-opt exited with {rc}:\n"
                         f"{err[-3000:]}"}
    half = len(progs) // 2
    o1, e1, f1 = _run_batch(progs[:half], pipeline)
    o2, e2, f2 = _run_batch(progs[half:], pipeline)
    return o1 + "\n" + o2, e1 + e2, {**f1, **f2}


def check_programs(seeds: Sequence[int], max_work: int = DEFAULT_MAX_WORK,
                   brute_max: int = BRUTE_MAX) -> List[Outcome]:
    """Generates the programs, runs peakmem-reorder on all of them in one
    peakmem-opt invocation and checks every function against the oracle."""
    progs = [generate(s) for s in seeds]
    out, err, failed = _run_batch(progs, reorder_pipeline(max_work))
    funcs = split_functions(out)
    remarks = parse_remarks(err)
    # The output must parse and verify again.
    reparse = ""
    if out.strip():
        rc, _, rerr = peakmem_opt(out, "builtin.module()")
        if rc != 0:
            reparse = ("the output does not parse/verify again:\n"
                       f"{rerr[-3000:]}")
    outcomes = []
    for p in progs:
        oc = Outcome(p.seed, [])
        outcomes.append(oc)
        if p.name in failed:
            oc.problems.append(failed[p.name])
            _init_outcome(p, oc)
            continue
        if reparse:
            oc.problems.append(reparse)
        check_reorder_output(p, oc, funcs.get(p.name), remarks.get(p.name),
                             brute_max)
    return outcomes


def search_stopped(text: str) -> bool:
    """Whether the function's peakmem.reorder record says its search
    stopped on a limit (read from the record, not from the remark's words,
    which differ by limit)."""
    rec = get_field(extract_records(text).func, "peakmem.reorder")
    return bool(rec) and get_field(rec[1], "search") == ("str", "stopped")


def _init_outcome(p: Program, oc: Outcome):
    oc.input_peak = program_peak(p)
    oc.units = p.units
    oc.max_units = max(len(schedule_units(b)) for _, b in p.blocks())


def check_reorder_output(p: Program, oc: Outcome, text: Optional[str],
                         rem: Optional[Tuple[int, int, str]],
                         brute_max: int = BRUTE_MAX,
                         check_optimal: bool = True):
    """The checks of one function reordered by peakmem-reorder (its
    printed text and its remark) against the oracle; problems go to
    oc.problems."""
    _init_outcome(p, oc)
    if text is None:
        oc.problems.append("function missing from the output")
        return
    oc.output_text = text
    oc.within_budget = search_stopped(text)
    parsed = parse_function(text)
    if rem is None:
        oc.problems.append("no peakmem-reorder remark")
    else:
        oc.model_before, oc.model_after, oc.remark = rem
        if oc.model_before != oc.input_peak:
            oc.problems.append(
                f"model mismatch on the input: peakmem says "
                f"{oc.model_before}, oracle {oc.input_peak}")
    oc.model_after = parsed.peak
    if parsed.peak is None:
        oc.problems.append("no peakmem.peak attribute on the output")
    # Every block: same statements, dependencies kept.
    loops = {owner for owner, _ in p.blocks() if owner is not None}
    for owner, block in p.blocks():
        order = parsed.orders.get(owner)
        if order is None:
            oc.problems.append(f"block of s{owner} missing in the output")
            continue
        where = block_name(owner)
        for v in check_order(block, order):
            oc.problems.append(f"{where}: {v}")
    for s in all_stmts(p):
        got = parsed.opnames.get(s.sid)
        if got is not None and got != s.op:
            oc.problems.append(f"s{s.sid} is {got} in the output, "
                               f"expected {s.op}")
    if oc.problems:
        return
    oc.output_orders = {k: v for k, v in parsed.orders.items()
                        if k is None or k in loops}
    oc.output_peak = program_peak(p, oc.output_orders)
    if parsed.peak != oc.output_peak:
        oc.problems.append(
            f"model mismatch on the output: peakmem.peak = {parsed.peak}"
            f", oracle {oc.output_peak} for the output order")
    if oc.output_peak > oc.input_peak:
        oc.problems.append(f"peak grew: {oc.input_peak} -> "
                           f"{oc.output_peak}")
    if oc.max_units <= brute_max:
        oc.optimum = optimum(p.body)[0]
        if oc.output_peak < oc.optimum:
            oc.problems.append(
                f"output peak {oc.output_peak} below the brute-force "
                f"optimum {oc.optimum} (oracle or model error)")
        elif oc.output_peak > oc.optimum:
            if "best found within budget" in oc.remark:
                oc.budget_limited = True
            elif check_optimal:
                oc.problems.append(
                    f"not optimal: peak {oc.output_peak}, brute-force "
                    f"optimum {oc.optimum}; remark: '{oc.remark}'")


def all_stmts(p: Program):
    for _, block in p.blocks():
        yield from block.stmts


def describe_failure(p: Program, oc: Outcome) -> str:
    lines = [f"seed {p.seed} (@{p.name}): " + "; ".join(oc.problems),
             f"  reproduce: /usr/bin/python3 test/python/fuzz --show "
             f"{p.seed} | build/bin/peakmem-opt "
             f"-p '{reorder_pipeline()}'",
             f"  oracle: input peak {oc.input_peak}, output peak "
             f"{oc.output_peak}, optimum {oc.optimum}, units {oc.units}",
             "  input:", p.text]
    if oc.output_text:
        lines += ["  output:", oc.output_text]
    return "\n".join(lines)


@dataclasses.dataclass
class ExecOutcome:
    seed: int
    problems: List[str]
    before_peak: int = 0
    after_peak: int = 0
    seconds: float = 0.0
    # Runs whose modeled peak is an upper bound only (an scf.if whose
    # larger region is not the one taken, at the peak): measured is then
    # compared with the oracle's executed peak, not with peakmem.peak.
    inexact: int = 0


def exec_module(p: Program, func_text: str) -> str:
    """A module to execute one function of `p` (printed by peakmem-opt):
    the external declarations it calls become empty stubs."""
    return p.module_head() + p.decls_text(stubs=True) + func_text + "}\n"


def check_measured(oc: ExecOutcome, what: str, res, model_oracle: int,
                   exec_oracle: int):
    """measured == the oracle's executed peak; == peakmem.peak (and the
    oracle's model peak) unless an untaken larger region makes the model
    an upper bound there."""
    if res.peak_bytes != exec_oracle:
        oc.problems.append(f"{what}: measured peak {res.peak_bytes} != "
                           f"oracle {exec_oracle} (executed branches)")
    if exec_oracle != model_oracle:
        oc.inexact += 1
        if res.modeled_peak is None or res.modeled_peak < res.peak_bytes:
            oc.problems.append(f"{what}: modeled peakmem.peak "
                               f"{res.modeled_peak} below the measured "
                               f"{res.peak_bytes}")
        return
    if res.modeled_peak != res.peak_bytes:
        oc.problems.append(f"{what}: measured peak {res.peak_bytes} != "
                           f"modeled peakmem.peak {res.modeled_peak}")
    if res.peak_bytes != model_oracle:
        oc.problems.append(f"{what}: measured peak {res.peak_bytes} != "
                           f"oracle {model_oracle}")


def check_execution(prog_outcome: Outcome) -> ExecOutcome:
    """Runs a program checked by check_programs before (with
    peakmem-report's peak) and after the reorder (its output function):
    identical digests, measured peaks equal to peakmem.peak and to the
    oracle's peaks of the input and output orders (check_measured)."""
    from peakmem import execute
    start = time.perf_counter()
    p = generate(prog_outcome.seed)
    oc = ExecOutcome(p.seed, [])
    rc, before, err = peakmem_opt(
        p.module(), "builtin.module(func.func(peakmem-report{remarks=0}))")
    if rc != 0 or p.name not in split_functions(before):
        oc.problems.append(f"peakmem-report failed: {err[-2000:]}")
        return oc
    before = exec_module(p, split_functions(before)[p.name])
    after = exec_module(p, prog_outcome.output_text)
    try:
        rb = execute.execute_text(before, function=p.name)
        ra = execute.execute_text(after, function=p.name)
    except execute.ExecError as e:
        oc.problems.append(f"execution failed: {e}")
        return oc
    oc.before_peak, oc.after_peak = rb.peak_bytes, ra.peak_bytes
    if rb.output_digest != ra.output_digest:
        oc.problems.append(f"output digest changed by the reorder: "
                           f"{rb.output_digest} -> {ra.output_digest}")
    check_measured(oc, "before", rb, prog_outcome.input_peak,
                   program_peak(p, executed=True))
    check_measured(oc, "after", ra, prog_outcome.output_peak,
                   program_peak(p, prog_outcome.output_orders,
                                executed=True))
    oc.seconds = time.perf_counter() - start
    return oc


def check_executions(seeds: Sequence[int], jobs: int = 2,
                     max_work: int = DEFAULT_MAX_WORK):
    """Reorders the programs (checking them as check_programs does), then
    executes each before and after in a pool of `jobs` threads. Returns
    (program outcomes, execution outcomes of the programs that passed)."""
    outcomes = check_programs(seeds, max_work)
    runnable = [oc for oc in outcomes if oc.ok]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        execs = list(pool.map(check_execution, runnable))
    return outcomes, execs


def summarize(outcomes: List[Outcome]) -> Dict[str, int]:
    return {
        "programs": len(outcomes),
        "failed": sum(not o.ok for o in outcomes),
        "brute_force_checked": sum(o.optimum is not None for o in outcomes),
        "brute_force_le10": sum(o.optimum is not None and o.max_units <= 10
                                for o in outcomes),
        "budget_limited": sum(o.budget_limited for o in outcomes),
        "improved": sum(o.ok and o.output_peak < o.input_peak
                        for o in outcomes),
    }
