# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The truth about certificate records (docs/Testing.md "Certificates:
fresh, mutated, moved"): the oracle's numbers of every block (Facts) and
the false or uncheckable claims of a set of records (judge)."""

from typing import Dict, List, Optional, Tuple

from .attrs import Records, get_field, render_attr
from .model import Program
from .oracle import optimum, schedule_units, simulate
from .parse import block_name


# ------------------------------------------------------------ truth oracle

BOUND_KINDS = ("boundary", "local", "forced-live", "reverse-trap",
               "forward-trap", "pairwise", "exhaustive", "multiway")


class Facts:
    """The oracle's numbers for every block of a program as written:
    simulated peak (nested blocks as written) and brute-force optimum of
    the block alone (nested blocks fixed as written), or None beyond
    `brute_max` units."""

    def __init__(self, p: Program, brute_max: int):
        self.p = p
        self.brute_max = brute_max
        self.blocks = dict(p.blocks())
        self.ops = {s.sid: s for _, b in p.blocks() for s in b.stmts}
        self._peak: Dict[object, int] = {}
        self._opt: Dict[object, Optional[int]] = {}

    def peak(self, key) -> int:
        if key not in self._peak:
            blk = self.blocks[key]
            self._peak[key] = simulate(blk, [s.sid for s in blk.stmts])
        return self._peak[key]

    def opt(self, key) -> Optional[int]:
        if key not in self._opt:
            blk = self.blocks[key]
            self._opt[key] = optimum(blk, {})[0] \
                if len(schedule_units(blk)) <= self.brute_max else None
        return self._opt[key]

    def decidable(self) -> bool:
        return all(self.opt(k) is not None for k in self.blocks)

    def region_key(self, sid: int, region) -> Optional[object]:
        op = self.ops.get(sid)
        if op is None or region is None:
            return None
        if region == 0 and op.body is not None:
            return sid
        if region == 1 and op.else_body is not None:
            return (sid, 1)
        return None


def as_i64(n) -> Optional[int]:
    return n[1] if n is not None and n[0] == "int" and n[2] == "i64" \
        else None


def record_claims(pairs, prefix: str, facts: Facts, key) -> List[str]:
    """The false (or uncheckable) claims of one record about block `key`:
    peak == simulated peak, lower_bound <= optimum, optimal consistent
    (optimal iff peak == lower_bound; optimal means peak == optimum). A
    record with no numbers claims nothing."""
    bad = []
    peak_n = get_field(pairs, prefix + "peak")
    lb_n = get_field(pairs, prefix + "lower_bound")
    opt_n = get_field(pairs, prefix + "optimal")
    peak, lb = as_i64(peak_n), as_i64(lb_n)
    true_peak, true_opt = facts.peak(key), facts.opt(key)
    if peak_n is not None:
        if peak is None:
            bad.append(f"peak is not an i64: {render_attr(peak_n)}")
        elif peak != true_peak:
            bad.append(f"peak {peak} != simulated {true_peak}")
    if lb_n is not None:
        if lb is None:
            bad.append(f"lower_bound is not an i64: {render_attr(lb_n)}")
        elif true_opt is None:
            bad.append("lower_bound undecidable (block beyond brute force)")
        elif lb > true_opt:
            bad.append(f"lower_bound {lb} > brute-force optimum {true_opt}")
    if opt_n is not None:
        if opt_n[0] != "bool":
            bad.append(f"optimal is not a bool: {render_attr(opt_n)}")
        else:
            if peak is not None and lb is not None and \
                    opt_n[1] != (peak == lb):
                bad.append(f"optimal = {opt_n[1]} but peak {peak}, "
                           f"lower_bound {lb}")
            if opt_n[1] and true_opt is not None and true_peak != true_opt:
                bad.append(f"optimal = true but simulated {true_peak} > "
                           f"optimum {true_opt}")
    return bad


def evidence_malformed(pairs, prefix: str) -> bool:
    """True if a record is not in the documented format (types, kinds,
    flow triples); a verifier may accept it only if its claims are true."""
    if as_i64(get_field(pairs, prefix + "peak")) is None or \
            as_i64(get_field(pairs, prefix + "lower_bound")) is None:
        return True
    o = get_field(pairs, prefix + "optimal")
    c = get_field(pairs, prefix + "certificate")
    if o is None or o[0] != "bool" or c is None or c[0] != "dict":
        return True
    cp = c[1]
    kind = get_field(cp, "kind")
    if kind is None or kind[0] != "str" or kind[1] not in BOUND_KINDS:
        return True
    if as_i64(get_field(cp, "witness")) is None or \
            as_i64(get_field(cp, "conditioned_on")) is None:
        return True
    for f in ("flow", "flow2"):
        v = get_field(cp, f)
        if v is None or v[0] != "dense" or v[1] != "i64" or len(v[2]) % 3:
            return True
    # Multiway records also hold form, members and one flow per member;
    # other kinds hold none of them.
    extra = [get_field(cp, f) for f in ("form", "members", "flows")]
    if kind[1] != "multiway":
        return any(e is not None for e in extra)
    form, members, flows = extra
    if form is None or form[0] != "str" or form[1] not in ("last", "first"):
        return True
    if members is None or members[0] != "dense" or members[1] != "i64":
        return True
    if flows is None or flows[0] != "array" or \
            len(flows[1]) != len(members[2]):
        return True
    return any(v[0] != "dense" or v[1] != "i64" or len(v[2]) % 3
               for v in flows[1])


def judge(recs: Records, facts: Facts) -> Tuple[List[str], bool]:
    """(false claims, malformed) of a set of records about facts.p. A
    function whose peakmem.* entries are only `peakmem.peak` carries the
    annotation of peakmem-report / -reorder, not a certificate: no claim."""
    bad: List[str] = []
    malformed = False
    keys = {k for k, _ in recs.func}
    if keys - {"peakmem.peak", "peakmem.macs"}:
        bad += ["function: " + b for b in
                record_claims(recs.func, "peakmem.", facts, None)]
        malformed |= evidence_malformed(recs.func, "peakmem.")
    for sid, node in recs.nested.items():
        if node is None or node[0] != "array":
            bad.append(f"s{sid}: peakmem.nested is not an array")
            continue
        for rec in node[1]:
            if rec[0] != "dict":
                bad.append(f"s{sid}: a nested record is not a dictionary")
                continue
            reg = get_field(rec[1], "region")
            key = facts.region_key(sid, reg[1] if reg and reg[0] == "int"
                                   else None)
            if key is None:
                bad.append(f"s{sid}: the record names no region")
                continue
            bad += [f"{block_name(key)}: {b}" for b in
                    record_claims(rec[1], "", facts, key)]
            malformed |= evidence_malformed(rec[1], "")
    return bad, malformed
