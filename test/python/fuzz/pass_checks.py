# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The checks of one program's pass outputs: refused programs unchanged;
modeled ones reported, reordered, recomputed, certified and optimized as
the oracle says."""

import re
from typing import Optional

from .attrs import Records, extract_records, get_field
from .certs import Facts, as_i64, judge
from .differential import Outcome, all_stmts, check_reorder_output
from .model import Program
from .oracle import check_order, program_peak
from .parse import ParsedFunc, block_name, parse_function
from .pass_common import (KERNEL_PIPE, NEVER_CLONED, NO_WORK, ZERO_OVERHEAD,
                          PassOutcome, accepted, check_diags, input_orders,
                          no_clones, not_modeled, reordered)


def check_refused(p: Program, o: PassOutcome, base: str, runs, follow):
    for name, run in runs.items():
        check_diags(p, o, run, name, allow_known=False)
        got = run.funcs.get(p.name)
        if got != base:
            o.problems.append(f"{name}: a refused function ({p.refused}) "
                              "changed:\n" + (got or "(missing)"))
        if name != "verify" and not not_modeled(run, p):
            o.problems.append(f"{name}: no 'not modeled' remark for a "
                              f"refused function ({p.refused})")
        if name == "verify" and run.of(p.seed, "remark"):
            o.problems.append("verify: diagnostics on a function without "
                              "certificates")
    for name, run in follow.items():
        check_diags(p, o, run, f"{name} (second run)", allow_known=False)


def _orders_equal(p: Program, parsed: ParsedFunc) -> bool:
    return all(parsed.orders.get(k) == v
               for k, v in input_orders(p).items())


def check_modeled(p: Program, o: PassOutcome, base: str, runs, follow,
                  remarks, brute_max: int):
    """Every pass on a program the model takes: no diagnostic, nothing
    refused, then the checks of each pass against the oracle."""
    in_peak = program_peak(p)
    hits = {name: check_diags(p, o, run, name)
            for name, run in runs.items()}
    for name, run in follow.items():
        check_diags(p, o, run, f"{name} (second run)")
    for name, run in runs.items():
        if not_modeled(run, p):
            o.problems.append(f"{name}: not modeled: " + "; ".join(
                d.text for d in run.of(p.seed, "remark")
                if "not modeled" in d.text))
    # verify-certificate on IR without certificates: nothing happens.
    if runs["verify"].funcs.get(p.name) != base or \
            runs["verify"].of(p.seed, "remark"):
        o.problems.append("verify: changed or remarked on a function "
                          "without certificates")

    check_report(p, o, runs, follow, in_peak)
    oc = check_reorder(p, o, runs, follow, remarks, hits, brute_max)
    check_recompute(p, o, runs, follow, hits, oc, in_peak)
    check_certify(p, o, runs, follow, brute_max)
    check_optimize(p, o, runs, follow, oc, in_peak, brute_max)
    check_zero_overhead(p, o, runs)


def check_kernels(p: Program, o: PassOutcome, run):
    """The module's gpu.func kernels through KERNEL_PIPE: no crash and no
    error (a kernel whose signature changed under its launch fails to
    verify), the host function unchanged in the output."""
    check_diags(p, o, run, "kernels", allow_known=False)
    if p.name not in run.funcs:
        o.problems.append("kernels: the host function is missing from the "
                          "output of " + KERNEL_PIPE)


def check_zero_overhead(p: Program, o: PassOutcome, runs):
    """peakmem-recompute{max-mac-overhead=0 max-op-overhead=0}: no clone of
    a statement that does work (a linalg op, a loop of scalar ops, a
    copy); the rest as for any rewrite."""
    text = runs["recompute0"].funcs.get(p.name)
    if text is None:
        o.problems.append("recompute0: function missing from the output")
        return
    parsed = _check_rewritten(p, o, "recompute0", text, program_peak(p))
    if parsed is None:
        return
    ops = {s.sid: s for s in all_stmts(p)}
    for key, order in parsed.orders.items():
        for sid in sorted({x for x in order if order.count(x) > 1}):
            s = ops.get(sid)
            if s is not None and s.op not in NO_WORK:
                o.problems.append(
                    f"recompute{{{ZERO_OVERHEAD}}}: s{sid} ({s.op}) "
                    "cloned, which does work")


def check_report(p: Program, o: PassOutcome, runs, follow, in_peak: int):
    """peakmem-report: the oracle's peak, nothing moved."""
    text = runs["report"].funcs.get(p.name)
    if text is None:
        o.problems.append("report: function missing from the output")
    else:
        parsed = parse_function(text)
        if parsed.peak != in_peak:
            o.problems.append(f"report: peakmem.peak {parsed.peak} != "
                              f"oracle {in_peak}")
        if not _orders_equal(p, parsed):
            o.problems.append("report: the order changed")
        if "peakmem.macs" not in text.splitlines()[0]:
            o.problems.append("report: no peakmem.macs")
        again = follow["report"].funcs.get(p.name)
        if again is None or parse_function(again).peak != parsed.peak:
            o.problems.append("report: a second report disagrees")


def check_reorder(p: Program, o: PassOutcome, runs, follow, remarks, hits,
                  brute_max: int) -> Outcome:
    """peakmem-reorder: the differential checks of check_programs."""
    oc = Outcome(p.seed, [])
    bug1 = "contraction-drops-barrier-edges" in hits["reorder"]
    check_reorder_output(p, oc, runs["reorder"].funcs.get(p.name),
                         remarks.get(p.name), brute_max,
                         check_optimal=not bug1)
    o.reorder = oc
    o.problems += ["reorder: " + x for x in oc.problems]
    if oc.ok:
        again = follow["reorder"].funcs.get(p.name)
        if again is None or parse_function(again).peak != oc.output_peak:
            o.problems.append("reorder: peakmem-report on the output "
                              "disagrees with its peakmem.peak")
    return oc


def check_recompute(p: Program, o: PassOutcome, runs, follow, hits,
                    oc: Outcome, in_peak: int):
    """peakmem-recompute{max-mac-overhead=0.5 max-op-overhead=0.5}: a
    rewrite that never grows the peak, nor above what reorder reaches."""
    text = runs["recompute"].funcs.get(p.name)
    if text is None:
        if not hits["recompute"]:
            o.problems.append("recompute: function missing from the output")
    else:
        _check_rewritten(p, o, "recompute", text, in_peak)
        again = follow["recompute"].funcs.get(p.name)
        if again is None or parse_function(again).peak != o.recompute_peak:
            o.problems.append("recompute: peakmem-report on the output "
                              "disagrees with its peakmem.peak")
        if oc.ok and not oc.budget_limited and not oc.within_budget and \
                not o.known and o.recompute_peak is not None and \
                o.recompute_peak > oc.output_peak:
            o.problems.append(f"recompute: peak {o.recompute_peak} above "
                              f"what peakmem-reorder reaches "
                              f"({oc.output_peak})")
        m = re.search(rf"'{p.name}' peak \d+ -> \d+ bytes by recomputing "
                      r"(\d+) ops", runs["recompute"].stderr)
        o.clones = int(m.group(1)) if m else 0


def check_certify(p: Program, o: PassOutcome, runs, follow, brute_max: int):
    """peakmem-certify: the order as written, honest records the verifier
    accepts."""
    text = runs["certify"].funcs.get(p.name)
    if text is None:
        o.problems.append("certify: function missing from the output")
    else:
        if not _orders_equal(p, parse_function(text)):
            o.problems.append("certify: the order changed")
        facts = Facts(p, brute_max)
        _check_honest(p, o, extract_records(text), facts, "certify")
        if not accepted(follow["certify"], p.name):
            o.problems.append("certify: the verifier rejects the fresh "
                              "certificate: " + "; ".join(
                                  d.text for d in
                                  follow["certify"].of(p.seed, "error")))


def check_optimize(p: Program, o: PassOutcome, runs, follow, oc: Outcome,
                   in_peak: int, brute_max: int):
    """peakmem-optimize: reorder + recompute (default budgets) + certify;
    the verifier accepts its output; without clones its records are true
    and its peak is peakmem-reorder's."""
    text = runs["optimize"].funcs.get(p.name)
    if text is None:
        o.problems.append("optimize: function missing from the output")
    else:
        parsed = _check_rewritten(p, o, "optimize", text, in_peak)
        if not accepted(follow["optimize"], p.name):
            o.problems.append("optimize: the verifier rejects the output: "
                              + "; ".join(d.text for d in
                                          follow["optimize"].of(p.seed,
                                                                "error")))
        if parsed is not None and no_clones(parsed):
            # Nothing cloned: the output is a reordering; its certificate
            # speaks about it.
            facts = Facts(reordered(p, parsed), brute_max)
            _check_honest(p, o, extract_records(text), facts, "optimize",
                          count=False)
            if oc.ok and not oc.budget_limited and not oc.within_budget \
                    and parsed.peak != oc.output_peak and not o.known:
                o.problems.append(f"optimize: peak {parsed.peak} != "
                                  f"peakmem-reorder's {oc.output_peak}")


def _check_rewritten(p: Program, o: PassOutcome, what: str, text: str,
                     in_peak: int) -> Optional[ParsedFunc]:
    """recompute / optimize output: every statement still there, clones
    only of producers, the peak never above the input's; without clones a
    legal reordering whose peakmem.peak is the oracle's."""
    parsed = parse_function(text)
    if parsed.peak is None:
        o.problems.append(f"{what}: no peakmem.peak")
        return None
    if what == "recompute":
        o.recompute_peak = parsed.peak
    if parsed.peak > in_peak:
        o.problems.append(f"{what}: peak grew {in_peak} -> {parsed.peak}")
    ops = {s.sid: s for s in all_stmts(p)}
    for key, blk in p.blocks():
        order = parsed.orders.get(key)
        if order is None:
            o.problems.append(f"{what}: {block_name(key)} missing")
            return None
        want = {s.sid for s in blk.stmts}
        if set(order) != want:
            o.problems.append(f"{what}: {block_name(key)}: statements "
                              f"differ: {sorted(set(order) ^ want)}")
            return None
        for sid in {x for x in order if order.count(x) > 1}:
            # Clones: producers in the body (region ops included, with
            # their own temporaries; never a call, nor half of an
            # asynchronous op and its synchronisation).
            if key is not None or ops[sid].barrier or \
                    ops[sid].op in NEVER_CLONED:
                o.problems.append(f"{what}: s{sid} ({ops[sid].op}) "
                                  f"duplicated in the {block_name(key)}")
    if no_clones(parsed):
        for key, blk in p.blocks():
            for v in check_order(blk, parsed.orders[key]):
                o.problems.append(f"{what}: {block_name(key)}: {v}")
        if not o.problems:
            peak = program_peak(p, parsed.orders)
            if peak != parsed.peak:
                o.problems.append(f"{what}: peakmem.peak {parsed.peak} != "
                                  f"oracle {peak} for the output order")
    return parsed


def _check_honest(p: Program, o: PassOutcome, recs: Records, facts: Facts,
                  what: str, count: bool = True):
    """Fresh records: one for the body and one per allocating nested
    block, well formed, every claim true."""
    if not recs.func:
        o.problems.append(f"{what}: no certificate on the function")
        return
    want = {k for k, b in p.blocks() if k is not None and b.bufs}
    have = set()
    for sid, node in recs.nested.items():
        for rec in node[1] if node and node[0] == "array" else []:
            reg = get_field(rec[1], "region")
            have.add(facts.region_key(sid, reg[1] if reg else None))
    if want != have:
        o.problems.append(f"{what}: nested records for "
                          f"{sorted(map(str, have))}, expected "
                          f"{sorted(map(str, want))}")
    bad, malformed = judge(recs, facts)
    bad = [b for b in bad if "undecidable" not in b]
    if bad or malformed:
        o.problems.append(f"{what}: fresh certificate " +
                          ("malformed; " if malformed else "") +
                          "; ".join(bad))
    if not count:
        return
    for pairs, pre, key in [(recs.func, "peakmem.", None)] + [
            (rec[1], "", facts.region_key(sid, get_field(rec[1], "region")[1]))
            for sid, node in recs.nested.items() for rec in node[1]]:
        o.records += 1
        lb, opt = as_i64(get_field(pairs, pre + "lower_bound")), facts.opt(key)
        if opt is not None and lb == opt:
            o.tight += 1
