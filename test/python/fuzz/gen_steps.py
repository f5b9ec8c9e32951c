# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The steps of the original programs (seeds below EXT_BASE, which draw
exactly what they always drew): elementwise, binary, fill, reduce, matmul,
convert, concat, views, in-place updates, output arguments, loops with
inner temporaries, dead allocations."""

from typing import Dict, List

from .gen_base import summarize_regions
from .model import Block, Buf, Stmt, Val
from .render import stmt_lines


class BasicSteps:
    """Steps of every program; each appends statements to `out` and
    returns the new value for the pool (or None)."""

    def act_unary(self, out, bufs):
        cands = [v for v in self.pool if len(v.shape) <= 2]
        src = self.pick(cands)
        dst = self.alloc(out, bufs, src.shape, src.elem)
        roll = self.rng.random()
        if roll < 0.4:
            self.linalg(out, "linalg.copy", [src], [dst])
        elif roll < 0.55:
            self.memref_copy(out, src, dst)
        else:
            self.generic(out, "unary", [src], dst)
        return dst

    def act_binary(self, out, bufs):
        a = self.pick(self.pool)
        same = self.readable(a.shape, a.elem)
        b = self.pick(same)
        dst = self.alloc(out, bufs, a.shape, a.elem)
        self.linalg(out, self.rng.choice(["linalg.add", "linalg.mul"]),
                    [a, b], [dst])
        return dst

    def act_fill(self, out, bufs):
        shape = self.rng.choice(self.shapes)
        elem = self.rng.choice(self.elems)
        dst = self.alloc(out, bufs, shape, elem)
        self.linalg(out, "linalg.fill", [], [dst], scalars=[self.scalar(elem)])
        return dst

    def act_reduce(self, out, bufs):
        src = self.pick(self.pool)
        dst = self.alloc(out, bufs, (1,), src.elem)
        zero = self.const("0.000000e+00" if src.elem == "f32" else "0",
                          src.elem)
        self.linalg(out, "linalg.fill", [], [dst], scalars=[zero])
        self.generic(out, "reduce", [src], dst)
        return dst

    def act_matmul(self, out, bufs):
        sq = [v for v in self.pool
              if len(v.shape) == 2 and v.shape[0] == v.shape[1]]
        a = self.pick(sq)
        b = self.pick(self.readable(a.shape, a.elem))
        dst = self.alloc(out, bufs, a.shape, a.elem)
        zero = self.const("0.000000e+00" if a.elem == "f32" else "0", a.elem)
        self.linalg(out, "linalg.fill", [], [dst], scalars=[zero])
        self.linalg(out, "linalg.matmul", [a, b], [dst], read_outs=True)
        return dst

    def act_convert(self, out, bufs):
        src = self.pick(self.readable(elem="i8"))
        dst = self.alloc(out, bufs, src.shape, "f32")
        self.generic(out, "convert", [src], dst)
        return dst

    def act_concat(self, out, bufs):
        """Writes two [r, c] values into the halves of a [2r, c] buffer."""
        full = [v for v in self.pool if len(v.shape) == 2]
        a = self.pick(full)
        b = self.pick(self.readable(a.shape, a.elem))
        r, c = a.shape
        cat = self.alloc(out, bufs, (2 * r, c), a.elem)
        order = [(0, a), (1, b)]
        if self.rng.random() < 0.3:
            order.reverse()
        views = []
        for k, _ in order:
            views.append(self.subview(out, cat, (k * r, 0), (r, c)))
        for view, (_, src) in zip(views, order):
            self.linalg(out, "linalg.copy", [src], [view])
        return cat

    def act_view(self, out, bufs):
        """A read-only view: a row of a 2-D value or a half of a concat."""
        src = self.pick([v for v in self.pool if len(v.shape) == 2])
        r, c = src.shape
        if not src.view and self.rng.random() < 0.2:
            return self.collapse(out, src)
        if r % 2 == 0 and r >= 4 and self.rng.random() < 0.5:
            k = self.rng.randrange(2)
            return self.subview(out, src, (k * r // 2, 0), (r // 2, c))
        i = self.rng.randrange(r)
        return self.subview(out, src, (i, 0), (1, c), reduce=True)

    def act_inplace(self, out, bufs):
        """Updates a writable value in place, directly or through a view."""
        cands = [v for v in self.pool if v.writable]
        if not cands:
            return None
        dst = self.pick(cands)
        roll = self.rng.random()
        if len(dst.shape) == 2 and roll < 0.35:
            i = self.rng.randrange(dst.shape[0])
            row = self.subview(out, dst, (i, 0), (1, dst.shape[1]),
                               reduce=True)
            srcs = self.readable(row.shape, row.elem)
            if srcs and self.rng.random() < 0.6:
                self.linalg(out, "linalg.copy", [self.pick(srcs)], [row])
            else:
                self.linalg(out, "linalg.fill", [], [row],
                            scalars=[self.scalar(row.elem)])
            return None
        other = self.pick(self.readable(dst.shape, dst.elem))
        if roll < 0.7:
            self.linalg(out, self.rng.choice(["linalg.add", "linalg.mul"]),
                        [dst, other], [dst])
        else:
            self.generic(out, "accum", [other, other], dst)
        return None

    def act_output(self, out, bufs):
        outs = [v for v in self.args if v.writable]
        if not outs:
            return None
        o = self.rng.choice(outs)
        srcs = self.readable(o.shape, o.elem)
        if srcs:
            if o.uses > 0 and self.rng.random() < 0.4:
                self.linalg(out, "linalg.add", [o, self.pick(srcs)], [o])
            else:
                self.linalg(out, "linalg.copy", [self.pick(srcs)], [o])
                o.uses += 1
                self.wrote_output.add(o.name)
        return None

    def act_loop(self, out, bufs):
        """scf.for with inner temporaries accumulating into an outer value
        (occasionally an output argument)."""
        accs = [v for v in self.pool if v.writable and v.name not in
                self.loop_accs]
        accs += [v for v in self.args if v.writable and v.uses > 0 and
                 v.name not in self.loop_accs]
        if not accs:
            return None
        acc = self.pick(accs)
        self.loop_accs.add(acc.name)
        out.append(self.make_loop(acc, list(self.pool), 0))
        return None

    def make_loop(self, acc: Val, readable: List[Val], depth: int) -> Stmt:
        """The loop statement: its body allocates 1-3 temporaries from
        `readable`, combines them in place, accumulates them into `acc`
        (directly, or through a row subview of it made in the body, at a
        static row or at the induction variable) and frees them; sometimes
        it contains another such loop accumulating into a temporary."""
        rng = self.rng
        trips = rng.choice([2, 3])
        c0 = self.const("0", "index")
        c1 = self.const("1", "index")
        ct = self.const(str(trips), "index")
        iv = self.new_name("i")
        body: List[Stmt] = []
        bbufs: Dict[str, Buf] = {}
        target = acc
        if len(acc.shape) == 2 and rng.random() < 0.35:
            rows = acc.shape[0]
            row = iv if rows >= trips and rng.random() < 0.6 else \
                rng.randrange(rows)
            target = self.subview(body, acc, (row, 0), (1, acc.shape[1]),
                                  reduce=True)
        reduce_into = target.shape == (1,)
        readable, temps = self.loop_temps(body, bbufs, readable, target, iv,
                                          trips)
        head = temps[0]
        if depth == 0 and rng.random() < 0.2:
            inner_acc = head if rng.random() < 0.6 else target
            body.append(self.make_loop(inner_acc, readable + temps,
                                       depth + 1))
        if self.extended and depth == 0 and rng.random() < 0.3:
            # An if on the induction variable: both branches run (in
            # different iterations), so the larger one is always reached.
            self.make_if(body, readable + temps, [target] + temps,
                         iv=(iv, rng.choice([0, trips - 1])))
        if self.extended and rng.random() < 0.1:
            self.barrier_call(body, readable + temps)
        # Temporaries of the first one's shape are combined into it in
        # place; every remaining one is accumulated into the target.
        accumulate = [head]
        for t in temps[1:]:
            if t.shape == head.shape and t.elem == head.elem:
                self.linalg(body, "linalg.add", [head, t], [head])
            else:
                accumulate.append(t)
        for t in accumulate:
            if reduce_into:
                self.generic(body, "reduce", [t], target)
            else:
                self.linalg(body, "linalg.add", [target, t], [target])
        self.place_frees(body, bbufs, set(),
                         rng.choice(["end", "last", "mixed"]))
        head_line = f"scf.for {iv} = {c0} to {ct} step {c1} {{"
        st = Stmt(self.new_sid(), "scf.for",
                  [head_line] +
                  [f"  {line}" for s in body for line in stmt_lines(s)] +
                  ["}"],
                  body=Block(body, bbufs, captured=self.captured),
                  head=head_line, iv=iv, trips=trips)
        summarize_regions(st, [Block(body, bbufs, captured=self.captured)],
                          {iv})
        st.uses |= {c0, c1, ct}
        return st

    def loop_temps(self, body: List[Stmt], bbufs: Dict[str, Buf],
                   readable: List[Val], target: Val, iv: str, trips: int):
        """The temporaries of a loop body (make_loop): 1-3 buffers computed
        from `readable` and from views made in the body (rows at a static
        row or at the induction variable, or a collapse), or a scratch copy
        of `target` when nothing has its shape. Returns (readable, temps)."""
        rng = self.rng
        reduce_into = target.shape == (1,)
        # Reads through views made in the body (rows, at a static row or at
        # the induction variable, or a collapse of a contiguous value).
        readable = list(readable)
        two_d = [v for v in readable if len(v.shape) == 2]
        if two_d and rng.random() < 0.35:
            src = self.pick(two_d)
            if not src.view and rng.random() < 0.25:
                readable.append(self.collapse(body, src))
            else:
                row = iv if src.shape[0] >= trips and rng.random() < 0.5 \
                    else rng.randrange(src.shape[0])
                readable.append(self.subview(body, src, (row, 0),
                                             (1, src.shape[1]), reduce=True))
        temps: List[Val] = []
        for _ in range(rng.choice([1, 2, 2, 3])):
            if reduce_into:
                srcs = [v for v in readable if v.elem == target.elem]
            else:
                srcs = [v for v in readable if v.shape == target.shape
                        and v.elem == target.elem]
            if not srcs:
                break
            src = self.pick(srcs)
            t = self.alloc(body, bbufs, src.shape, src.elem)
            same = [v for v in readable if v.shape == src.shape
                    and v.elem == src.elem]
            roll = rng.random()
            if roll < 0.3:
                self.linalg(body, "linalg.copy", [src], [t])
            elif roll < 0.4:
                self.memref_copy(body, src, t)
            elif roll < 0.65:
                self.linalg(body, "linalg.mul", [src, self.pick(same)], [t])
            else:
                self.generic(body, "unary", [src], t)
            temps.append(t)
        if not temps:
            # Nothing of the right shape to read: a scratch copy of the
            # target itself.
            t = self.alloc(body, bbufs, target.shape, target.elem)
            self.linalg(body, "linalg.copy", [target], [t])
            temps.append(t)
        return readable, temps

    def act_dead(self, out, bufs):
        """A buffer no op uses (freed or leaked by place_frees)."""
        self.alloc(out, bufs, self.rng.choice(self.shapes),
                   self.rng.choice(self.elems))
        return None
