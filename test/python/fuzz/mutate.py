# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Attacks on certificates: random edits of records (Mutator) and a
statement moved to another well-formed position (move_one)."""

import random
from typing import Optional

from .attrs import Records, del_field, get_field, set_field
from .certs import BOUND_KINDS, Facts, as_i64
from .model import Program
from .parse import block_name


def _wrap_i64(v: int) -> int:
    """`v` as a two's-complement i64 (an edit of INT64_MAX, a capacity of
    the certificate's flow, must still print as an i64 the parser accepts)."""
    return (v + 2 ** 63) % 2 ** 64 - 2 ** 63


JUNK_INTS = [0, -1, -2, 1, 2 ** 31, 2 ** 32 + 3, 2 ** 62, 2 ** 63 - 1,
             -2 ** 63, -2 ** 62]
WRONG_TYPES = [("str", "12"), ("int", 12, "i32"),
               ("raw", "1.200000e+01 : f64"),
               ("bool", True), ("array", [("int", 1, "i64")]),
               ("dict", []), ("dense", "i32", [1, 2, 3]), ("raw", "unit"),
               ("int", 5, "index"), ("raw", "@sym")]


class Mutator:
    """Random edits of a program's records. Each edit names itself."""

    def __init__(self, rng: random.Random, facts: Facts):
        self.rng = rng
        self.facts = facts

    def handles(self, recs: Records):
        """(pairs, prefix, where) of every record."""
        out = []
        if recs.func:
            out.append((recs.func, "peakmem.", "function"))
        for sid, node in recs.nested.items():
            if node is not None and node[0] == "array":
                for k, rec in enumerate(node[1]):
                    if rec[0] == "dict":
                        out.append((rec[1], "", f"s{sid}[{k}]"))
        return out

    def n_stmts(self) -> int:
        return max(len(b.stmts) for b in self.facts.blocks.values())

    def junk_int(self):
        r = self.rng
        return r.choice(JUNK_INTS + [r.randrange(-5, self.n_stmts() + 40)])

    def mutate(self, recs: Records) -> str:
        """Edits one random record of `recs` in place; returns what it
        did ("<edit> of <record>")."""
        r = self.rng
        hs = self.handles(recs)
        if not hs:
            return "nothing to mutate"
        pairs, pre, where = r.choice(hs)
        cert = get_field(pairs, pre + "certificate")
        cpairs = cert[1] if cert is not None and cert[0] == "dict" else None
        what = r.choice(["peak", "lower_bound", "optimal", "claim-optimal",
                         "witness", "kind", "conditioned_on", "flow-entry",
                         "flow-truncate", "flow-drop-arc", "flow-swap",
                         "flow-add-arc", "wrong-type", "junk", "delete",
                         "delete-cert-field", "region", "delete-all",
                         "extra-field", "transplant"])
        done = self.edit_numbers(what, pairs, pre) or \
            self.edit_evidence(what, cpairs) or \
            self.edit_fields(what, recs, hs, pairs, pre, cpairs)
        if not done:
            # The edit does not apply to this record: draw another.
            return self.mutate(recs)
        return f"{done} of {where}"

    def edit_numbers(self, what: str, pairs, pre: str) -> Optional[str]:
        """peak, lower_bound, optimal and "claim optimal" edits; None if
        `what` is none of them or the record lacks the field."""
        r = self.rng
        v = lambda k: as_i64(get_field(pairs, pre + k))  # noqa: E731
        if what == "peak" and v("peak") is not None:
            d = r.choice([1, -1, 4, -4, 16, v("peak"), -v("peak") // 2 or 1])
            set_field(pairs, pre + "peak",
                      ("int", _wrap_i64(v("peak") + d), "i64"))
        elif what == "lower_bound" and v("lower_bound") is not None:
            d = r.choice([1, -1, 4, -4, 64, -v("lower_bound")])
            set_field(pairs, pre + "lower_bound",
                      ("int", _wrap_i64(v("lower_bound") + d), "i64"))
        elif what == "optimal" and get_field(pairs, pre + "optimal"):
            o = get_field(pairs, pre + "optimal")
            set_field(pairs, pre + "optimal",
                      ("bool", not o[1]) if o[0] == "bool" else
                      ("bool", True))
        elif what == "claim-optimal" and v("peak") is not None:
            # "The order is optimal": true only if peak == optimum.
            set_field(pairs, pre + "lower_bound", ("int", v("peak"), "i64"))
            set_field(pairs, pre + "optimal", ("bool", True))
        elif what == "junk":
            k = r.choice(["peak", "lower_bound"])
            set_field(pairs, pre + k, ("int", self.junk_int(), "i64"))
        else:
            return None
        return what

    def edit_evidence(self, what: str, cpairs) -> Optional[str]:
        """Edits of the certificate itself (witness, conditioned_on, kind,
        the flows); None if `what` is none of them or there is no
        certificate."""
        r = self.rng
        if cpairs is None:
            return None
        if what in ("witness", "conditioned_on"):
            old = as_i64(get_field(cpairs, what))
            new = self.junk_int() if r.random() < 0.4 else \
                _wrap_i64((old or 0) + r.choice([1, -1, 2, -2]))
            set_field(cpairs, what, ("int", new, "i64"))
        elif what == "kind":
            set_field(cpairs, "kind", ("str", r.choice(
                list(BOUND_KINDS) + ["", "optimal", "Boundary", "trap"])))
        elif what.startswith("flow"):
            self.edit_flow(what, cpairs)
        else:
            return None
        return what

    def edit_flow(self, what: str, cpairs):
        r = self.rng
        f = r.choice(["flow", "flow2"])
        node = get_field(cpairs, f)
        vals = list(node[2]) if node is not None and \
            node[0] == "dense" else []
        if what == "flow-entry" and vals:
            i = r.randrange(len(vals))
            vals[i] = _wrap_i64(r.choice([vals[i] + 1, vals[i] - 1, 0,
                                          self.junk_int()]))
        elif what == "flow-truncate" and vals:
            vals = vals[:-r.choice([1, 2, 3])]
        elif what == "flow-drop-arc" and len(vals) >= 3:
            i = r.randrange(len(vals) // 3) * 3
            vals = vals[:i] + vals[i + 3:]
        elif what == "flow-swap":
            other = get_field(cpairs, "flow2" if f == "flow" else "flow")
            if other is not None and node is not None:
                set_field(cpairs, "flow2" if f == "flow" else "flow", node)
                node = other
                vals = list(other[2]) if other[0] == "dense" else vals
        else:  # add an arc (a copy of one, or random)
            if len(vals) >= 3 and r.random() < 0.5:
                i = r.randrange(len(vals) // 3) * 3
                vals = vals[:i + 3] + vals[i:]
            else:
                vals += [self.junk_int(), self.junk_int(),
                         r.choice([1, 4, 2 ** 62, -1])]
        set_field(cpairs, f, ("dense", "i64", vals))

    def edit_fields(self, what: str, recs: Records, hs, pairs, pre: str,
                    cpairs) -> Optional[str]:
        """Wrong types, deleted, added and transplanted fields, a changed
        region; None if `what` is none of them or does not apply."""
        r = self.rng
        if what == "wrong-type":
            keys = [pre + k for k in ("peak", "lower_bound", "optimal",
                                      "certificate")]
            if cpairs is not None:
                keys += ["cert." + k for k in ("kind", "witness",
                                                "conditioned_on", "flow",
                                                "flow2")]
            if not pre:
                keys.append("region")
            k = r.choice(keys)
            val = r.choice(WRONG_TYPES)
            if k.startswith("cert."):
                set_field(cpairs, k[5:], val)
            else:
                set_field(pairs, k, val)
        elif what == "delete":
            k = r.choice(["peak", "lower_bound", "optimal", "certificate"] +
                         ([] if pre else ["region"]))
            del_field(pairs, pre + k)
        elif what == "delete-cert-field" and cpairs is not None:
            del_field(cpairs, r.choice(["kind", "witness", "conditioned_on",
                                        "flow", "flow2"]))
        elif what == "region" and not pre:
            set_field(pairs, "region",
                      ("int", r.choice([0, 1, 2, -1, 99]), "i64"))
        elif what == "delete-all":
            if r.random() < 0.5:
                recs.func[:] = []
            else:
                recs.nested.clear()
        elif what == "extra-field":
            set_field(pairs, pre + "junk_field", ("int", 7, "i64"))
        elif what == "transplant" and len(hs) > 1:
            # Another record's numbers and evidence in this one.
            o_pairs, o_pre, o_where = r.choice([h for h in hs
                                                if h[0] is not pairs])
            for k in ("peak", "lower_bound", "optimal", "certificate"):
                val = get_field(o_pairs, o_pre + k)
                if val is not None:
                    set_field(pairs, pre + k, val)
            return f"transplant from {o_where}"
        else:
            return None
        return what


def move_one(p: Program, rng: random.Random, keys) -> Optional[str]:
    """Moves one statement of a block with a record to another position
    that keeps the program well formed (SSA defs before uses, allocs before
    and frees after every user); memory and call order may change. Mutates
    p; returns a description, or None if nothing can move."""
    blocks = dict(p.blocks())
    for _ in range(20):
        key = rng.choice(keys)
        blk = blocks[key]
        hard = {(a.sid, b.sid) for x, a in enumerate(blk.stmts)
                for b in blk.stmts[x + 1:]
                if a.defs & b.uses or (a.alloc and a.alloc in b.touched())
                or (b.free and b.free in a.touched())}
        movable = [i for i, s in enumerate(blk.stmts)
                   if s.op != "arith.constant"]
        compute = [i for i in movable
                   if blk.stmts[i].touches_memory() and
                   not (blk.stmts[i].alloc or blk.stmts[i].free)]
        if compute and rng.random() < 0.7:
            movable = compute
        if not movable:
            continue
        i = rng.choice(movable)
        s = blk.stmts[i]
        rest = blk.stmts[:i] + blk.stmts[i + 1:]
        legal = []
        for j in range(len(rest) + 1):
            if j == i:
                continue
            before = {t.sid for t in rest[:j]}
            after = {t.sid for t in rest[j:]}
            if any((a == s.sid and b in before) or
                   (b == s.sid and a in after) for a, b in hard):
                continue
            legal.append(j)
        if not legal:
            continue
        j = rng.choice(legal)
        blk.stmts[:] = rest[:j] + [s] + rest[j:]
        return f"moved s{s.sid} ({s.op}) of the {block_name(key)} from " \
            f"position {i} to {j}"
    return None
