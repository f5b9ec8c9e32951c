# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Training-shaped programs (seeds from TRAIN_BASE, docs/Training.md):
a forward phase whose activations stay live for a backward phase, weight
gradients and in-place updates of the weight arguments."""

from typing import Dict, List

from .config import EXT
from .gen_base import contiguous
from .generator import Generator, mark_dead_buffers
from .model import Block, Buf, Program, Stmt, Val
from .render import render


class TrainingGenerator(Generator):
    """A training step (seeds from TRAIN_BASE): `layers` forward ops each
    reading the previous activation and a weight argument, every activation
    kept for the backward phase; a loss reduction (the result); then per
    layer, last to first, the weight gradient (reads the gradient and the
    saved input activation), the input gradient (reads the weight before its
    update) and the in-place update of the weight argument. Ordinary random
    steps are sprinkled in between."""

    def generate(self) -> Program:
        rng = self.rng
        tiny = self.seed % 2 == 0
        if tiny:
            r, c = rng.choice([1, 2, 2, 3]), rng.choice([2, 3, 4])
            layers = rng.randint(2, 3)
        else:
            r, c = rng.choice([2, 3, 4, 8]), rng.choice([2, 4, 8, 16])
            layers = rng.randint(3, 6)
        elem = "f32"
        self.elems = [elem]
        self.shapes = [(r, c), (c,), (1,)]
        self.loop_accs = set()
        self.wrote_output = set()
        args: List[Val] = []

        def arg(shape, writable=False):
            v = Val(f"%arg{len(args)}", shape, elem, EXT, contiguous(shape),
                    writable=writable)
            args.append(v)
            return v

        x = arg((r, c))
        weights = [arg((r, c), writable=True) for _ in range(layers)]
        self.args = args
        self.pool = list(args)
        stmts: List[Stmt] = []
        bufs: Dict[str, Buf] = {}

        def sprinkle():
            if rng.random() < (0.15 if tiny else 0.3):
                kind = rng.choice(["unary", "binary", "fill", "reduce"])
                v = getattr(self, "act_" + kind)(stmts, bufs)
                if v is not None:
                    self.pool.append(v)

        # Forward: every activation is kept for the backward phase.
        acts = [x]
        for w in weights:
            a = self.alloc(stmts, bufs, (r, c), elem)
            self.linalg(stmts, rng.choice(["linalg.mul", "linalg.add"]),
                        [acts[-1], w], [a])
            if rng.random() < 0.5:
                b = self.alloc(stmts, bufs, (r, c), elem)
                self.generic(stmts, "unary", [a], b)
                a = b
            acts.append(a)
            self.pool.append(a)
            sprinkle()
        # Loss (the result) and the seed gradient.
        loss = self.alloc(stmts, bufs, (1,), elem)
        self.linalg(stmts, "linalg.fill", [], [loss],
                    scalars=[self.const("0.000000e+00", elem)])
        self.generic(stmts, "reduce", [acts[-1]], loss)
        g = self.alloc(stmts, bufs, (r, c), elem)
        self.generic(stmts, "unary", [acts[-1]], g)
        # Backward, last layer first, with in-place updates of the weights.
        for i in range(layers, 0, -1):
            w = weights[i - 1]
            gw = self.alloc(stmts, bufs, (r, c), elem)
            self.linalg(stmts, "linalg.mul", [g, acts[i - 1]], [gw])
            gx = None
            if i > 1:
                gx = self.alloc(stmts, bufs, (r, c), elem)
                self.linalg(stmts, "linalg.mul", [g, w], [gx])
            roll = rng.random()
            if roll < 0.4:
                # As one-shot bufferization emits it: new value, then copy.
                nw = self.alloc(stmts, bufs, (r, c), elem)
                self.generic(stmts, "accum", [gw, gw], nw) \
                    if rng.random() < 0.3 else \
                    self.linalg(stmts, "linalg.add", [w, gw], [nw])
                self.memref_copy(stmts, nw, w)
            elif roll < 0.8:
                self.linalg(stmts, "linalg.add", [w, gw], [w])
            else:
                self.generic(stmts, "accum", [gw, gw], w)
            self.wrote_output.add(w.name)
            if gx is not None:
                g = gx
            sprinkle()
        results = [loss]
        escaping = {loss.base}
        policy = rng.choice(["end", "end", "last", "mixed"])
        self.place_frees(stmts, bufs, escaping, policy, leak_p=0.0)
        stmts[:0] = self.const_order
        block = Block(stmts, bufs, escaping, self.captured)
        mark_dead_buffers(block)
        prog = Program(self.seed, f"fz{self.seed}", args, results, block,
                       decls=self.decls, runtime_decls=self.runtime_decls,
                       shapes={"training": 1})
        prog.text = render(prog)
        return prog
