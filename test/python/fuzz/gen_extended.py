# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The steps of extended programs (seeds from EXT_BASE): calls to external
declarations (barriers), memref.alloca, skip connections (what
peakmem-recompute clones) and scf.if regions."""

from typing import Dict, List

from .gen_base import summarize_regions
from .model import Block, Buf, Stmt, Val
from .oracle import simulate
from .render import stmt_lines


class ExtendedSteps:
    """Steps of extended programs (mixin of generator.Generator)."""

    def barrier_call(self, out: List[Stmt], readable: List[Val]):
        """func.call of an external declaration: no memory effect interface,
        so a barrier; with a memref operand it is also a user of it."""
        k = len(self.decls)
        if readable and self.rng.random() < 0.5:
            v = self.pick(readable)
            name = f"@fz{self.seed}_use{k}"
            self.decls.append((name, [v.type]))
            out.append(Stmt(self.new_sid(), "func.call",
                            [f"func.call {name}({v.name}) : ({v.type}) -> "
                             "()"],
                            uses={v.name}, views={v.base}, barrier=True))
            v.uses += 1
            self.capture(v.base, out[-1].sid)
        else:
            name = f"@fz{self.seed}_barrier{k}"
            self.decls.append((name, []))
            out.append(Stmt(self.new_sid(), "func.call",
                            [f"func.call {name}() : () -> ()"],
                            barrier=True))

    def act_call(self, out, bufs):
        self.barrier_call(out, self.pool)
        return None

    def act_alloca(self, out, bufs):
        """A stack buffer (0 heap bytes, never freed) filled or copied
        into; later steps read and update it like any buffer."""
        src = self.pick([v for v in self.pool if len(v.shape) <= 2])
        shape = src.shape if self.rng.random() < 0.7 else \
            self.rng.choice(self.shapes)
        dst = self.alloc(out, bufs, shape, src.elem, op="memref.alloca")
        if shape == src.shape and self.rng.random() < 0.7:
            self.linalg(out, "linalg.copy", [src], [dst])
        else:
            self.linalg(out, "linalg.fill", [], [dst],
                        scalars=[self.scalar(src.elem)])
        return dst

    def act_skip(self, out, bufs):
        """A skip connection, what peakmem-recompute clones: a buffer S
        produced cheaply from an argument (a fill, a copy or an
        elementwise op), read by t1 = f(S), then t2 = g(t1), then S is
        added into t2 in place. S is live across t2's step without being
        used there; recomputing S before the add lowers that step by S.
        In 40%, S comes from a chain argument -> C -> S whose intermediate
        C dies early: only a chain recomputation (C too) pays."""
        src = self.pick([v for v in self.args if len(v.shape) <= 2])
        chain = self.rng.random() < 0.4
        if chain:
            mid = self.alloc(out, bufs, src.shape, src.elem)
            self.generic(out, "unary", [src], mid)
            src = mid
        sk = self.alloc(out, bufs, src.shape, src.elem)
        roll = self.rng.random()
        if chain and roll < 0.3:
            roll = 0.7  # S must read C (a fill would not)
        if roll < 0.3:
            self.linalg(out, "linalg.fill", [], [sk],
                        scalars=[self.scalar(src.elem)])
        elif roll < 0.6:
            self.linalg(out, "linalg.copy", [src], [sk])
        else:
            self.generic(out, "unary", [src], sk)
        t1 = self.alloc(out, bufs, src.shape, src.elem)
        self.generic(out, "unary", [sk], t1)
        t2 = self.alloc(out, bufs, src.shape, src.elem)
        if self.rng.random() < 0.5:
            self.generic(out, "unary", [t1], t2)
        else:
            self.linalg(out, "linalg.mul", [t1, t1], [t2])
        self.linalg(out, "linalg.add", [t2, sk], [t2])
        return t2

    def act_if(self, out, bufs):
        writable = [v for v in self.pool if v.writable] + \
            [v for v in self.args if v.writable and v.uses > 0]
        self.make_if(out, list(self.pool), writable)
        return None

    def make_branch(self, readable: List[Val], writable: List[Val],
                    kind: str) -> Block:
        """A region of an scf.if. "alloc": 1-2 temporaries computed from
        `readable`, accumulated into a writable outer value where shapes
        allow, freed in the region; "inplace": an in-place update of an
        outer value, no allocation; "call": a barrier call and an
        in-place update."""
        rng = self.rng
        body: List[Stmt] = []
        bbufs: Dict[str, Buf] = {}
        flat = [v for v in readable if len(v.shape) <= 2]
        if kind == "alloc":
            for _ in range(rng.choice([1, 1, 2])):
                src = self.pick(flat)
                t = self.alloc(body, bbufs, src.shape, src.elem)
                same = [v for v in readable if v.shape == src.shape and
                        v.elem == src.elem]
                roll = rng.random()
                if roll < 0.35:
                    self.linalg(body, "linalg.copy", [src], [t])
                elif roll < 0.6:
                    self.linalg(body, "linalg.mul", [src, self.pick(same)],
                                [t])
                else:
                    self.generic(body, "unary", [src], t)
                tgts = [v for v in writable if v.shape == t.shape and
                        v.elem == t.elem]
                reds = [v for v in writable if v.shape == (1,) and
                        v.elem == t.elem]
                if tgts and rng.random() < 0.8:
                    tgt = self.pick(tgts)
                    self.linalg(body, "linalg.add", [tgt, t], [tgt])
                elif reds and rng.random() < 0.8:
                    self.generic(body, "reduce", [t], self.pick(reds))
            self.place_frees(body, bbufs, set(),
                             rng.choice(["end", "last", "mixed"]))
            return Block(body, bbufs, captured=self.captured)
        if kind == "call":
            self.barrier_call(body, readable)
        if writable:
            dst = self.pick(writable)
            others = [v for v in readable if v.shape == dst.shape and
                      v.elem == dst.elem]
            if others and rng.random() < 0.7:
                self.linalg(body, rng.choice(["linalg.add", "linalg.mul"]),
                            [dst, self.pick(others)], [dst])
            else:
                self.linalg(body, "linalg.fill", [], [dst],
                            scalars=[self.scalar(dst.elem)])
        elif not body:
            self.barrier_call(body, readable)
        return Block(body, bbufs, captured=self.captured)

    def make_if(self, out: List[Stmt], readable: List[Val],
                writable: List[Val], iv=None):
        """An arith.cmpi and an scf.if on it. At the top level the
        condition compares constants (the taken branch is known: the one
        with the larger peak 75% of the time); in a loop body it compares
        the induction variable with a constant (both branches run)."""
        rng = self.rng
        then = self.make_branch(readable, writable,
                                rng.choice(["alloc", "alloc", "inplace",
                                            "call"]))
        els = None
        ek = rng.choice(["alloc", "inplace", "none", "none"])
        if ek != "none":
            els = self.make_branch(readable, writable, ek)
        cname = self.new_name("p")
        if iv is None:
            tp = simulate(then, [s.sid for s in then.stmts])
            ep = simulate(els, [s.sid for s in els.stmts]) if els else 0
            larger_then = tp >= ep
            take_then = larger_then if rng.random() < 0.75 else \
                not larger_then
            a, b = sorted(rng.sample(range(0, 5), 2))
            if not take_then:
                a, b = b, a
            ca, cb = self.const(str(a), "index"), self.const(str(b), "index")
            cond = ("const", take_then)
            uses = {ca, cb}
        else:
            ivname, k = iv
            ck = self.const(str(k), "index")
            ca, cb = ivname, ck
            cond = ("iv", ivname, k)
            uses = {ivname, ck}
            a = None
        pred = "slt" if iv is None else "eq"
        out.append(Stmt(self.new_sid(), "arith.cmpi",
                        [f"{cname} = arith.cmpi {pred}, {ca}, {cb} : index"],
                        defs={cname}, uses=uses))
        head_line = f"scf.if {cname} {{"
        blocks = [then] + ([els] if els else [])
        st = Stmt(self.new_sid(), "scf.if", [], body=then, else_body=els,
                  head=head_line, cond=cond)
        st.lines = stmt_lines(st)[:-1] + ["}"]
        summarize_regions(st, blocks, set())
        st.uses.add(cname)
        out.append(st)
