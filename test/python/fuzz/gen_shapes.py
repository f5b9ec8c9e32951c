# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The new shapes (seeds from SHAPES_BASE, docs/Testing.md "New shapes"):
loop-carried memrefs, scf.while, async regions, retained pointers, memrefs
of memrefs, odd element types, with the aliasing the oracle needs."""

from typing import Dict, List, Set

from .config import EXT
from .gen_base import ident_map
from .model import Buf, Stmt, Val, add_span


ODD_ELEMS = ("i1", "i17", "i24", "i48", "f16", "bf16", "f80",
             "vector<4xf32>", "complex<f32>")


class ShapeSteps:
    """Steps of new-shape programs (mixin of generator.Generator)."""

    def shape_copy_into_new(self, out, bufs, src_name: str, shape, elem,
                            bases: Set[str], ssa: str = "") -> Val:
        """A fresh buffer written by a linalg.copy from `src_name`, a value
        that may alias every base of `bases` (the oracle's read set)."""
        dst = self.alloc(out, bufs, shape, elem)
        typ = Val("", shape, elem, "").type
        st = Stmt(self.new_sid(), "linalg.copy",
                  [f"linalg.copy ins({src_name} : {typ}) outs({dst.name} : "
                   f"{typ})"],
                  uses={ssa or src_name, dst.name}, reads=set(bases),
                  writes={dst.base})
        for b in bases:
            add_span(st, b, None)
        add_span(st, dst.base, None)
        out.append(st)
        return dst

    def shape_pair(self, out, bufs):
        """Two buffers of one shape for the loop shapes: %A a copy of a
        pool value, %B filled with a constant."""
        src = self.pick([v for v in self.pool if len(v.shape) <= 2])
        a = self.alloc(out, bufs, src.shape, src.elem)
        self.linalg(out, "linalg.copy", [src], [a])
        b = self.alloc(out, bufs, src.shape, src.elem)
        self.linalg(out, "linalg.fill", [], [b],
                    scalars=[self.scalar(src.elem)])
        return a, b

    def act_loop_carried(self, out, bufs):
        """scf.for with a memref iter_arg initialized with %A whose body
        computes into %B and yields %B: the block argument and the result
        may alias %A and %B. The result is read after the loop."""
        rng = self.rng
        a, b = self.shape_pair(out, bufs)
        trips = rng.choice([1, 2, 3])
        c0, c1 = self.const("0", "index"), self.const("1", "index")
        ct = self.const(str(trips), "index")
        iv, cur, res = self.new_name("i"), self.new_name("cur"), \
            self.new_name("r")
        t = a.type
        op = rng.choice(["linalg.add", "linalg.mul"])
        lines = [f"{res} = scf.for {iv} = {c0} to {ct} step {c1} "
                 f"iter_args({cur} = {a.name}) -> ({t}) {{",
                 f"  {op} ins({cur}, {cur} : {t}, {t}) outs({b.name} : {t})",
                 f"  scf.yield {b.name} : {t}",
                 "}"]
        st = Stmt(self.new_sid(), "scf.for", lines, defs={res},
                  uses={a.name, b.name, c0, c1, ct},
                  reads={a.base, b.base}, writes={b.base},
                  views={a.base, b.base})
        add_span(st, a.base, None)
        add_span(st, b.base, None)
        out.append(st)
        # %res aliases %A (init) and %B (yielded).
        return self.shape_copy_into_new(out, bufs, res, a.shape, a.elem,
                                        {a.base, b.base})

    def act_while(self, out, bufs):
        """scf.while carrying a memref (init %A) and a counter; the
        condition passes the carried memref (aliases %A and %B) or %B
        itself (aliases %B only); the do region computes into %B and
        yields it. The first result is read after the loop."""
        rng = self.rng
        a, b = self.shape_pair(out, bufs)
        trips = rng.choice([1, 2, 3])
        c0, c1 = self.const("0", "index"), self.const("1", "index")
        ct = self.const(str(trips), "index")
        x, k, go = self.new_name("wx"), self.new_name("wk"), \
            self.new_name("wgo")
        y, k2, k3 = self.new_name("wy"), self.new_name("wk"), \
            self.new_name("wk")
        res = self.new_name("w")
        t = a.type
        pass_b = rng.random() < 0.3
        passed = b.name if pass_b else x
        op = rng.choice(["linalg.add", "linalg.mul"])
        lines = [f"{res}:2 = scf.while ({x} = {a.name}, {k} = {c0}) : "
                 f"({t}, index) -> ({t}, index) {{",
                 f"  {go} = arith.cmpi slt, {k}, {ct} : index",
                 f"  scf.condition({go}) {passed}, {k} : {t}, index",
                 "} do {",
                 f"^bb0({y}: {t}, {k2}: index):",
                 f"  {op} ins({y}, {y} : {t}, {t}) outs({b.name} : {t})",
                 f"  {k3} = arith.addi {k2}, {c1} : index",
                 f"  scf.yield {b.name}, {k3} : {t}, index",
                 "}"]
        # Before-region argument: {A (init), B (yielded)}; what the
        # condition passes flows into the results and the do argument.
        flows = {b.base} if pass_b else {a.base, b.base}
        st = Stmt(self.new_sid(), "scf.while", lines, defs={res},
                  uses={a.name, b.name, c0, c1, ct},
                  reads=set(flows), writes={b.base},
                  views={a.base, b.base})
        for base in flows | {b.base}:
            add_span(st, base, None)
        out.append(st)
        return self.shape_copy_into_new(out, bufs, f"{res}#0", a.shape,
                                        a.elem, flows, ssa=res)

    def act_async(self, out, bufs):
        """async.execute reading %A (a copy of a pool value) into %E; the
        async.await of its token comes 0-2 steps later; %E joins the pool
        after the await, and %A is sometimes overwritten after it."""
        rng = self.rng
        src = self.pick([v for v in self.pool if len(v.shape) <= 2])
        a = self.alloc(out, bufs, src.shape, src.elem)
        self.linalg(out, "linalg.copy", [src], [a])
        e = self.alloc(out, bufs, src.shape, src.elem)
        tok = self.new_name("tok")
        t = a.type
        if rng.random() < 0.5:
            inner = (f"  linalg.copy ins({a.name} : {t}) outs({e.name} : "
                     f"{t})")
        else:
            inner = (f"  linalg.add ins({a.name}, {a.name} : {t}, {t}) "
                     f"outs({e.name} : {t})")
        ex = Stmt(self.new_sid(), "async.execute",
                  [f"{tok} = async.execute {{", inner, "  async.yield",
                   "}"],
                  defs={tok}, uses={a.name, e.name}, reads={a.base},
                  writes={e.base})
        add_span(ex, a.base, None)
        add_span(ex, e.base, None)
        out.append(ex)
        # The region's accesses complete at the await: it reads %A and
        # writes %E as far as every other statement is concerned.
        aw = Stmt(self.new_sid(), "async.await",
                  [f"async.await {tok} : !async.token"], uses={tok},
                  reads={a.base}, writes={e.base})
        add_span(aw, a.base, None)
        add_span(aw, e.base, None)
        later = [aw]
        if rng.random() < 0.5:
            later.append(("overwrite", a))
        self.pending.append((rng.choice([0, 1, 2]), later, [e]))
        return None

    def emit_pending(self, out, bufs, force=False):
        keep = []
        for steps, stmts, vals in self.pending:
            if steps > 0 and not force:
                keep.append((steps - 1, stmts, vals))
                continue
            for st in stmts:
                if isinstance(st, tuple):
                    a = st[1]
                    self.linalg(out, "linalg.fill", [], [a],
                                scalars=[self.scalar(a.elem)])
                    vals = vals + [a]
                else:
                    st.sid = self.new_sid()
                    out.append(st)
            self.pool.extend(vals)
        self.pending = keep

    def act_retain(self, out, bufs):
        """A buffer %A (1-D f32) retained by @peakmem_retain_f32 and
        copied into %E by @peakmem_release_f32 (lib/Runtime/OpaqueCalls.c):
        %A is read by the release call through a pointer the IR does not
        show; its free is written after the release."""
        rng = self.rng
        n = rng.choice(sorted({d for v in self.pool for d in v.shape
                               if d > 1} | {4}))
        for name in ("@peakmem_retain_f32", "@peakmem_release_f32"):
            if name not in [d[0] for d in self.runtime_decls]:
                self.runtime_decls.append((name, ["memref<?xf32>"]))
        a = self.alloc(out, bufs, (n,), "f32")
        srcs = self.readable((n,), "f32")
        if srcs and rng.random() < 0.6:
            self.linalg(out, "linalg.copy", [self.pick(srcs)], [a])
        else:
            self.linalg(out, "linalg.fill", [], [a],
                        scalars=[self.scalar("f32")])
        self.call_runtime(out, "peakmem_retain_f32", a)
        # Something else may happen between retain and release.
        if rng.random() < 0.5:
            self.act_unary(out, bufs)
        e = self.alloc(out, bufs, (n,), "f32")
        self.call_runtime(out, "peakmem_release_f32", e)
        return e

    def call_runtime(self, out, fn: str, v):
        """memref.cast of `v` to memref<?xf32> and a call of the runtime's
        opaque `fn` on it (a barrier that captures `v`'s buffer)."""
        c = self.new_name("rc")
        out.append(Stmt(self.new_sid(), "memref.cast",
                        [f"{c} = memref.cast {v.name} : {v.type} to "
                         "memref<?xf32>"],
                        defs={c}, uses={v.name}, views={v.base}))
        out.append(Stmt(self.new_sid(), "func.call",
                        [f"func.call @{fn}({c}) : (memref<?xf32>) -> ()"],
                        uses={c}, views={v.base}, barrier=True))
        self.capture(v.base, out[-1].sid)

    def act_memref_of_memref(self, out, bufs):
        """%H : memref<1xmemref<T>> holds a pool buffer %V (memref.store:
        %V's address is captured); %L = memref.load %H[0] is written
        through (a fill or an in-place add): %L may alias every captured
        buffer and external memory."""
        rng = self.rng
        cands = [v for v in self.pool if not v.view and v.base != EXT and
                 v.writable and not bufs.get(v.base, Buf("", (), "")).stack
                 and v.base in bufs]
        if not cands:
            return self.act_unary(out, bufs)
        v = self.pick(cands)
        c0 = self.const("0", "index")
        h = self.alloc(out, bufs, (1,), v.type)
        ht = h.type
        st = Stmt(self.new_sid(), "memref.store",
                  [f"memref.store {v.name}, {h.name}[{c0}] : {ht}"],
                  uses={v.name, h.name, c0}, writes={h.base},
                  views={v.base})
        add_span(st, h.base, None)
        out.append(st)
        self.capture(v.base, out[-1].sid)
        ld = self.new_name("ld")
        st = Stmt(self.new_sid(), "memref.load",
                  [f"{ld} = memref.load {h.name}[{c0}] : {ht}"],
                  defs={ld}, uses={h.name, c0}, reads={h.base})
        add_span(st, h.base, None)
        out.append(st)
        t = v.type
        if rng.random() < 0.5:
            sc = self.scalar(v.elem)
            st = Stmt(self.new_sid(), "linalg.fill",
                      [f"linalg.fill ins({sc} : {v.elem}) outs({ld} : {t})"],
                      uses={sc, ld})
            st.loaded_reads = False
        else:
            st = Stmt(self.new_sid(), "linalg.add",
                      [f"linalg.add ins({ld}, {ld} : {t}, {t}) outs({ld} : "
                       f"{t})"], uses={ld})
            st.loaded_reads = True
        out.append(st)
        # Reads and writes are set once every capture is known.
        self.loaded.append(st)
        return None

    def act_odd_type(self, out, bufs):
        """A buffer of an odd element type (i1, i17, i24, i48, f16, bf16,
        f80, vector<4xf32>, complex<f32>), sometimes with an alignment,
        filled with a constant and converted into a new buffer of the
        program's element type by a linalg.generic."""
        rng = self.rng
        elem = rng.choice(ODD_ELEMS)
        shape = rng.choice(self.shapes)
        x = self.alloc(out, bufs, shape, elem)
        if elem.startswith("vector"):
            cv = self.const("dense<[1.0, -2.0, 0.5, 3.0]>", elem)
        elif elem.startswith("complex"):
            key = ("[1.5 : f32, -2.0 : f32]", elem)
            if key not in self.consts:
                name = self.new_name("c")
                st = Stmt(self.new_sid(), "complex.constant",
                          [f"{name} = complex.constant {key[0]} : {elem}"],
                          defs={name})
                self.consts[key] = st
                self.const_order.append(st)
            cv = next(iter(self.consts[key].defs))
        elif elem[0] == "i":
            cv = self.const(str(rng.choice([1, -1, 3])) if elem != "i1"
                            else "1", elem)
        else:
            cv = self.const(rng.choice(["1.500000e+00", "-2.500000e-01"]),
                            elem)
        self.linalg(out, "linalg.fill", [], [x], scalars=[cv])
        to = self.elems[0]
        d = self.alloc(out, bufs, shape, to)
        g = self.new_name("g")[1:]
        body = []
        v = f"%{g}a0"
        if elem.startswith("vector"):
            body.append(f"  %{g}r = vector.reduction <add>, {v} : {elem} "
                        "into f32")
            v, src = f"%{g}r", "f32"
        elif elem.startswith("complex"):
            body.append(f"  %{g}r = complex.re {v} : {elem}")
            v, src = f"%{g}r", "f32"
        else:
            src = elem
        if src == to:
            pass
        elif src[0] == "i" and to == "f32":
            body.append(f"  %{g}c = arith.sitofp {v} : {src} to f32")
            v = f"%{g}c"
        elif src[0] == "i":
            w = int(src[1:])
            cast = "arith.trunci" if w > 8 else "arith.extsi"
            body.append(f"  %{g}c = {cast} {v} : {src} to {to}")
            v = f"%{g}c"
        elif to == "f32":
            cast = "arith.truncf" if src in ("f80", "f64") else "arith.extf"
            body.append(f"  %{g}c = {cast} {v} : {src} to f32")
            v = f"%{g}c"
        else:
            body.append(f"  %{g}c = arith.fptosi {v} : {src} to {to}")
            v = f"%{g}c"
        body.append(f"  linalg.yield {v} : {to}")
        rank = len(shape)
        par = ", ".join('"parallel"' for _ in range(rank))
        head = (f"{{indexing_maps = [{ident_map(rank)}, "
                f"{ident_map(rank)}], iterator_types = [{par}]}} ")
        self.linalg(out, "linalg.generic", [x], [d],
                    region=[f"^bb0(%{g}a0: {elem}, %{g}o: {to}):"] + body,
                    head=head)
        return d

    def finish_shapes(self, stmts: List[Stmt], bufs: Dict[str, Buf]):
        """Sets the accesses of the ops on loaded memrefs: every base of the
        block captured before the op, and external memory."""
        pos = {st.sid: i for i, st in enumerate(stmts)}
        # A capture nested in a statement of the block (a call inside a
        # loop) happens when that statement runs: it counts from there.
        for i, top in enumerate(stmts):
            todo = [blk for _, blk in top.regions()]
            while todo:
                blk = todo.pop()
                for inner in blk.stmts:
                    pos.setdefault(inner.sid, i)
                    todo.extend(b for _, b in inner.regions())
        top_sid = {sid: stmts[i].sid for sid, i in pos.items()}
        for st in self.loaded:
            # A loaded memref can hold only an address captured before it
            # is used (in program order): a buffer of the block captured by
            # a later statement is out of its reach.
            here = pos.get(st.sid, len(stmts))
            if st.sid not in {t.sid for t in stmts}:
                here = len(stmts)
            may = {b for b in self.captured if b in bufs and
                   pos.get(self.capture_sid[b], -1) < here} | {EXT}
            st.pinned_to |= {top_sid[self.capture_sid[b]]
                             for b in self.captured
                             if b in bufs and self.capture_sid[b] in pos
                             and top_sid[self.capture_sid[b]] != st.sid}
            st.writes |= may
            if st.loaded_reads:
                st.reads |= may
            for b in may:
                add_span(st, b, None)
