# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The generator of a seed's program: the steps of gen_steps (the original
programs), gen_extended (extended programs) and gen_shapes (new shapes) on
the helpers of gen_base, drawn with the seed's weights, then results, frees
and allocation placement."""

from typing import Dict, List, Set

from .config import EXT, SHAPE_KINDS, SHAPE_WEIGHTS
from .gen_base import GeneratorBase, contiguous
from .gen_extended import ExtendedSteps
from .gen_hostile import HostileSteps
from .gen_shapes import ShapeSteps
from .gen_steps import BasicSteps
from .model import Block, Buf, Program, Stmt, Val
from .render import render


class Generator(HostileSteps, ShapeSteps, ExtendedSteps, BasicSteps,
                GeneratorBase):
    """Builds one random program from a seed."""

    def generate(self) -> Program:
        rng = self.rng
        r, c, steps, mixed, has_out = self.signature()
        stmts: List[Stmt] = []
        bufs: Dict[str, Buf] = {}
        self.run_steps(stmts, bufs, steps, r == c, mixed, has_out)
        results = self.pick_results(bufs, has_out)
        escaping = {v.base for v in results}

        # Allocation placement: upstream puts allocs right before the op;
        # sometimes they are hoisted to the top of the block.
        if rng.random() < 0.2:
            allocs = [s for s in stmts if s.alloc]
            rest = [s for s in stmts if not s.alloc]
            stmts[:] = allocs + rest
        if self.new_shapes or self.loaded:
            self.finish_shapes(stmts, bufs)
        policy = rng.choice(["end", "end", "last", "mixed"])
        self.place_frees(stmts, bufs, escaping, policy, leak_p=0.04)
        stmts[:0] = self.const_order

        block = Block(stmts, bufs, escaping, self.captured)
        mark_dead_buffers(block)
        name = f"fz{self.seed}"
        prog = Program(self.seed, name, self.args, results, block,
                       decls=self.decls, runtime_decls=self.runtime_decls,
                       shapes=dict(self.shape_count),
                       executable=self.executable,
                       module_attrs=self.module_attrs)
        prog.extra_funcs = self.extra_funcs
        prog.text = render(prog)
        return prog

    def signature(self):
        """Sizes, step count, element types and the arguments (self.args,
        the first ones in the pool). Returns (r, c, steps, mixed, has_out):
        values are r x c, `mixed` adds an i8 argument to an f32 program,
        `has_out` a writable output argument."""
        rng = self.rng
        if self.tiny:
            r = rng.choice([1, 2, 2, 3, 4])
            c = rng.choice([2, 3, 4]) if rng.random() < 0.6 else r
            steps = rng.randint(3, 6)
        else:
            r = rng.choice([2, 3, 4, 6, 8])
            c = r if rng.random() < 0.4 else rng.choice([2, 3, 4, 5, 8, 16])
            steps = rng.choice([2, 3, 3, 4, 4, 5, 5, 6, 7, 9, 11])
            if rng.random() < 0.04:
                steps = rng.randint(14, 24)   # beyond brute force
        primary = "f32" if rng.random() < 0.7 else "i8"
        mixed = primary == "f32" and rng.random() < 0.2
        self.elems = [primary]
        self.shapes = [(r, c), (c,), (1,)]
        self.loop_accs: Set[str] = set()
        self.wrote_output: Set[str] = set()
        args: List[Val] = []

        def arg(shape, elem, writable=False):
            v = Val(f"%arg{len(args)}", shape, elem, EXT, contiguous(shape),
                    writable=writable)
            args.append(v)
            return v

        arg((r, c), primary)
        if rng.random() < 0.4:
            arg((r, c) if rng.random() < 0.5 else (c,), primary)
        if mixed:
            arg((r, c), "i8")
        self.pool = list(args)
        has_out = rng.random() < 0.25
        if has_out:
            arg(rng.choice([(r, c), (1,)]), primary, writable=True)
        self.args = args
        return r, c, steps, mixed, has_out

    def run_steps(self, stmts: List[Stmt], bufs: Dict[str, Buf], steps: int,
                  square: bool, mixed: bool, has_out: bool):
        """`steps` random steps (the first one a new shape in new-shape
        programs), the awaits they left pending, then a write of every
        output argument no step wrote."""
        rng = self.rng
        actions = [("unary", 3), ("binary", 3), ("fill", 1), ("reduce", 2),
                   ("matmul", 1 if square else 0), ("concat", 1.2),
                   ("view", 1.5), ("inplace", 1.5), ("loop", 0.9),
                   ("dead", 0.15),
                   ("convert", 1 if mixed else 0),
                   ("output", 1 if has_out else 0)]
        if self.extended:
            actions += [("if", 1.3), ("call", 0.5), ("alloca", 0.6),
                        ("skip", 0.8)]
        shape_acts = [(k, SHAPE_WEIGHTS[k]) for k in SHAPE_KINDS
                      if SHAPE_WEIGHTS[k] > 0]
        if self.new_shapes and shape_acts:
            actions += shape_acts
        names = [a for a, w in actions]
        weights = [w for a, w in actions]
        for step in range(steps):
            kind = rng.choices(names, weights)[0]
            if self.new_shapes and shape_acts and step == 0:
                kind = rng.choices([a for a, _ in shape_acts],
                                   [w for _, w in shape_acts])[0]
            if self.hostile and (step == 0 or rng.random() < 0.15):
                # Issue #22's class first, and now and then once more.
                kind = self.hostile
            if kind in SHAPE_KINDS or kind == self.hostile:
                self.shape_count[kind] = self.shape_count.get(kind, 0) + 1
            if kind == "convert" and not self.readable(elem="i8"):
                kind = "unary"
            if kind == "matmul" and not [v for v in self.pool
                                         if len(v.shape) == 2 and
                                         v.shape[0] == v.shape[1]]:
                kind = "binary"
            if kind in ("concat", "view") and \
                    not [v for v in self.pool if len(v.shape) == 2]:
                kind = "unary"
            val = getattr(self, "act_" + kind.replace("-", "_"))(stmts, bufs)
            if val is not None:
                self.pool.append(val)
            if self.pending:
                self.emit_pending(stmts, bufs)
        if self.pending:
            self.emit_pending(stmts, bufs, force=True)
        for o in self.args:
            if o.writable and o.name not in self.wrote_output:
                srcs = self.readable(o.shape, o.elem)
                if srcs:
                    self.linalg(stmts, "linalg.copy", [self.pick(srcs)], [o])
                else:
                    self.linalg(stmts, "linalg.fill", [], [o],
                                scalars=[self.scalar(o.elem)])

    def pick_results(self, bufs: Dict[str, Buf], has_out: bool) -> List[Val]:
        """The returned values: unread values first (sinks), sometimes a
        view (which makes its base escape)."""
        rng = self.rng
        owned = [v for v in self.pool if v.base != EXT and
                 not bufs[v.base].stack]
        results: List[Val] = []
        if owned:
            sinks = [v for v in owned if v.uses == 0 and not v.view]
            k = rng.choice([0, 1, 1, 1, 2, 2]) if not has_out else \
                rng.choice([0, 1])
            if k == 0 and not has_out and rng.random() < 0.7:
                k = 1
            cands = sinks or [v for v in owned if not v.view]
            rng.shuffle(cands)
            results = cands[:k]
            views = [v for v in owned if v.view]
            if views and rng.random() < 0.08:
                results.append(rng.choice(views))
        return results


def mark_dead_buffers(block: "Block"):
    """Marks the buffers of `block` and its nested blocks that no statement
    uses (Buf.dead)."""
    used: Set[str] = set()
    blocks = [block]
    while blocks:
        b = blocks.pop()
        for st in b.stmts:
            used |= st.uses
            blocks.extend(blk for _, blk in st.regions())
    blocks = [block]
    while blocks:
        b = blocks.pop()
        for name, buf in b.bufs.items():
            buf.dead = name not in used
        for st in b.stmts:
            blocks.extend(blk for _, blk in st.regions())
