# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The classes of issue #22 (seeds from HOSTILE_BASE, docs/Testing.md
"Issue 22 classes"): asynchronous GPU work and DMA transfers whose buffers
stay in use until their synchronisation, aligned buffers updated in place
after their other readers, producers written as scalar loops, and kernels
launched from the host.

The description follows the interfaces the ops declare (an op without a
memory-effect interface is a barrier, as a call is) and the rule of issue
#22: an asynchronous op keeps the buffers it reads and writes in use until
the op that synchronises it, which therefore reads and writes them too."""

from typing import List

from .model import Stmt, Val, add_span


class HostileSteps:
    """Steps of issue #22's classes (mixin of generator.Generator)."""

    def hostile_pair(self, out, bufs, align_ok=True):
        """%A, a copy of a pool value, and %E, a buffer of its shape that
        the asynchronous op writes."""
        src = self.pick([v for v in self.pool if len(v.shape) <= 2])
        a = self.alloc(out, bufs, src.shape, src.elem, align_ok=align_ok)
        self.linalg(out, "linalg.copy", [src], [a])
        e = self.alloc(out, bufs, src.shape, src.elem, align_ok=align_ok)
        return a, e

    def sync_later(self, sync: Stmt, a: Val, e: Val):
        """`sync` (the wait) 0-2 steps later; %E joins the pool after it,
        and %A is overwritten after it half of the time."""
        later = [sync]
        if self.rng.random() < 0.5:
            later.append(("overwrite", a))
        self.pending.append((self.rng.choice([0, 1, 2]), later, [e]))

    def act_gpu_async(self, out, bufs):
        """An asynchronous GPU op reading %A and writing %E (gpu.launch
        async with a linalg op in its body, or gpu.memcpy async: both
        declare their effects), then the gpu.wait of its token (registered
        as only synchronising)."""
        rng = self.rng
        a, e = self.hostile_pair(out, bufs)
        t = a.type
        tok = self.new_name("gtok")
        c1 = self.const("1", "index")
        roll = rng.random()
        if roll < 0.6:
            ids = [self.new_name("g") for _ in range(12)]
            body = (f"  linalg.copy ins({a.name} : {t}) outs({e.name} : {t})"
                    if rng.random() < 0.5 else
                    f"  linalg.add ins({a.name}, {a.name} : {t}, {t}) "
                    f"outs({e.name} : {t})")
            grid = ", ".join(f"{ids[3 + k]} = {c1}" for k in range(3))
            block = ", ".join(f"{ids[9 + k]} = {c1}" for k in range(3))
            lines = [f"{tok} = gpu.launch async blocks({', '.join(ids[:3])})"
                     f" in ({grid}) threads({', '.join(ids[6:9])}) in "
                     f"({block}) {{", body, "  gpu.terminator", "}"]
            st = Stmt(self.new_sid(), "gpu.launch", lines, defs={tok},
                      uses={a.name, e.name, c1}, reads={a.base},
                      writes={e.base})
        else:
            st = Stmt(self.new_sid(), "gpu.memcpy",
                      [f"{tok} = gpu.memcpy async {e.name}, {a.name} : {t}, "
                       f"{t}"],
                      defs={tok}, uses={a.name, e.name}, reads={a.base},
                      writes={e.base})
        for base in (a.base, e.base):
            add_span(st, base, None)
        out.append(st)
        self.gpu_wait(tok, st, a, e)
        return None

    def gpu_wait(self, tok: str, start: Stmt, a: Val, e: Val):
        """gpu.wait [tok] 0-2 steps later: it reads and writes what the
        asynchronous op `start` does. It has no memory-effect interface
        but the model registers it as only synchronising (no access of its
        own, lib/Analysis/OpSemantics.cpp): not a barrier."""
        wait = Stmt(self.new_sid(), "gpu.wait", [f"gpu.wait [{tok}]"],
                    uses={tok}, reads=set(start.reads),
                    writes=set(start.writes))
        for base in wait.reads | wait.writes:
            add_span(wait, base, None)
        self.sync_later(wait, a, e)
        self.executable = False
        return wait

    def launch_func(self, a: Val, e: Val, tok: str, c1: str) -> Stmt:
        """gpu.launch_func (async if `tok` names its token) of a new kernel
        computing %E from %A: no memory-effect interface, so a barrier
        reading and writing both, which may keep their addresses."""
        k = len(self.kernels)
        t = a.type
        self.kernels.append(
            f"    gpu.func @k{k}(%a: {t}, %e: {t}) kernel {{\n"
            f"      %t = memref.alloc() : {t}\n"
            f"      linalg.copy ins(%a : {t}) outs(%t : {t})\n"
            f"      linalg.add ins(%t, %a : {t}, {t}) outs(%e : {t})\n"
            f"      memref.dealloc %t : {t}\n"
            "      gpu.return\n    }\n")
        self.use_kernels()
        sid = self.new_sid()
        # Like a call, an op without an interface may keep the addresses
        # it receives: they are captured (docs/Model.md).
        self.capture(a.base, sid)
        self.capture(e.base, sid)
        return Stmt(sid, "gpu.launch_func",
                    [(f"{tok} = gpu.launch_func async " if tok else
                      "gpu.launch_func ") + f"@fz{self.seed}_gpu::"
                     f"@k{k} blocks in ({c1}, {c1}, {c1}) threads in ({c1}, "
                     f"{c1}, {c1}) args({a.name} : {t}, {e.name} : {t})"],
                    defs={tok} if tok else set(), uses={a.name, e.name, c1},
                    reads={a.base, e.base}, writes={a.base, e.base},
                    views={a.base, e.base}, barrier=True)

    def use_kernels(self):
        self.module_attrs = "gpu.container_module"
        self.extra_funcs = (f"  gpu.module @fz{self.seed}_gpu {{\n" +
                            "".join(self.kernels) + "  }\n")

    def act_dma(self, out, bufs):
        """A DMA transfer of %A into %E (affine.dma_start, or
        memref.dma_start: no memory-effect interface, a barrier) with a
        tag buffer, and its dma_wait 0-2 steps later (no interface: a
        barrier, which keeps %A, %E and the tag in use)."""
        rng = self.rng
        a, e = self.hostile_pair(out, bufs)
        tag = self.alloc(out, bufs, (1,), "i32")
        c0 = self.const("0", "index")
        n = self.const(str(_prod(a.shape)), "index")
        idx = ", ".join(c0 for _ in a.shape)
        types = f"{a.type}, {e.type}, {tag.type}"
        dialect = "affine" if rng.random() < 0.5 else "memref"
        if dialect == "affine":
            line = (f"affine.dma_start {a.name}[{idx}], {e.name}[{idx}], "
                    f"{tag.name}[{c0}], {n} : {types}")
            start = Stmt(self.new_sid(), "affine.dma_start", [line],
                         uses={a.name, e.name, tag.name, c0, n},
                         reads={a.base, tag.base}, writes={e.base})
        else:
            line = (f"memref.dma_start {a.name}[{idx}], {e.name}[{idx}], "
                    f"{n}, {tag.name}[{c0}] : {types}")
            sid = self.new_sid()
            for v in (a, e, tag):
                self.capture(v.base, sid)
            start = Stmt(sid, "memref.dma_start", [line],
                         uses={a.name, e.name, tag.name, c0, n},
                         reads={a.base, e.base, tag.base},
                         writes={a.base, e.base, tag.base}, barrier=True)
        for base in start.reads | start.writes:
            add_span(start, base, None)
        out.append(start)
        sid = self.new_sid()
        self.capture(tag.base, sid)     # no interface: like a call
        wait = Stmt(sid, f"{dialect}.dma_wait",
                    [f"{dialect}.dma_wait {tag.name}[{c0}], {n} : "
                     f"{tag.type}"],
                    uses={tag.name, c0, n}, reads={a.base, tag.base},
                    writes={e.base, tag.base}, barrier=True)
        for base in wait.reads | wait.writes:
            add_span(wait, base, None)
        self.sync_later(wait, a, e)
        self.executable = False
        return None

    def act_aligned_inplace(self, out, bufs):
        """A skip connection on aligned buffers (`alignment` 16-64): S, a
        cheap copy or elementwise op of a value, read by t1 = f(S), then
        t2 = g(t1), then S updated in place with t2 after its other
        readers, or t2 updated with S (S live across t2's step): what
        peakmem-recompute clones, on buffers whose byte size includes the
        alignment."""
        rng = self.rng
        src = self.pick([v for v in self.pool if len(v.shape) <= 2])
        align = rng.choice([16, 16, 32, 64])
        sk = self.aligned(out, bufs, src, align)
        if rng.random() < 0.5:
            self.linalg(out, "linalg.copy", [src], [sk])
        else:
            self.generic(out, "unary", [src], sk)
        t1 = self.aligned(out, bufs, src, align)
        self.generic(out, "unary", [sk], t1)
        t2 = self.aligned(out, bufs, src, align)
        if rng.random() < 0.5:
            self.generic(out, "unary", [t1], t2)
        else:
            self.linalg(out, "linalg.mul", [t1, t1], [t2])
        if rng.random() < 0.5:
            self.linalg(out, "linalg.add", [sk, t2], [sk])
            return sk
        # The plain skip connection, on aligned buffers: S read late.
        self.linalg(out, "linalg.add", [t2, sk], [t2])
        return t2

    def aligned(self, out, bufs, like: Val, align: int) -> Val:
        v = self.alloc(out, bufs, like.shape, like.elem, align_ok=False)
        st = out[-1]
        st.lines = [st.lines[0].replace(
            "memref.alloc()", f"memref.alloc() {{alignment = {align} : i64}}",
            1)]
        bufs[v.name].align = align
        return v

    def act_scalar_loop(self, out, bufs):
        """A skip connection whose producer S is an scf.for nest of
        memref.load, one arith op and memref.store over every element of
        a value: work a linalg op would count, as loops of scalar ops."""
        rng = self.rng
        src = self.pick([v for v in self.pool if len(v.shape) <= 2])
        sk = self.alloc(out, bufs, src.shape, src.elem)
        out.append(self.scalar_loop(src, sk))
        t1 = self.alloc(out, bufs, src.shape, src.elem)
        self.generic(out, "unary", [sk], t1)
        t2 = self.alloc(out, bufs, src.shape, src.elem)
        if rng.random() < 0.5:
            self.generic(out, "unary", [t1], t2)
        else:
            self.linalg(out, "linalg.mul", [t1, t1], [t2])
        self.linalg(out, "linalg.add", [t2, sk], [t2])
        return t2

    def scalar_loop(self, src: Val, dst: Val) -> Stmt:
        """dst[i...] = src[i...] * src[i...] in loops (one per dim)."""
        c0, c1 = self.const("0", "index"), self.const("1", "index")
        ivs = [self.new_name("si") for _ in src.shape]
        x, y = self.new_name("sx"), self.new_name("sy")
        mul = "arith.mulf" if src.elem[0] == "f" else "arith.muli"
        lines: List[str] = []
        uses = {src.name, dst.name, c0, c1}
        for depth, (iv, d) in enumerate(zip(ivs, src.shape)):
            cd = self.const(str(d), "index")
            uses.add(cd)
            lines.append("  " * depth +
                         f"scf.for {iv} = {c0} to {cd} step {c1} {{")
        pad = "  " * len(ivs)
        idx = ", ".join(ivs)
        lines += [f"{pad}{x} = memref.load {src.name}[{idx}] : {src.type}",
                  f"{pad}{y} = {mul} {x}, {x} : {src.elem}",
                  f"{pad}memref.store {y}, {dst.name}[{idx}] : {dst.type}"]
        lines += ["  " * k + "}" for k in reversed(range(len(ivs)))]
        st = Stmt(self.new_sid(), "scf.for", lines, uses=uses,
                  reads={src.base}, writes={dst.base})
        add_span(st, src.base, None)
        add_span(st, dst.base, None)
        src.uses += 1
        return st

    def act_gpu_kernel(self, out, bufs):
        """A kernel of the module (gpu.func in a gpu.module, allocating a
        temporary) launched from the host on %A and %E, synchronously or
        (gpu.launch_func async) with a gpu.wait later: the host function
        is a caller of the kernel (a symbol use from outside its
        gpu.module), so no pass may change the kernel's signature; the
        launch has no memory-effect interface (a barrier that may keep
        the addresses it receives)."""
        a, e = self.hostile_pair(out, bufs)
        tok = self.new_name("gtok") if self.rng.random() < 0.5 else ""
        st = self.launch_func(a, e, tok, self.const("1", "index"))
        for base in (a.base, e.base):
            add_span(st, base, None)
        out.append(st)
        self.executable = False
        if tok:
            # The kernel's work has unknown effects (the launch has no
            # interface): its wait makes them again, an opaque access
            # (docs/Model.md "asynchronous work": "an opaque write
            # otherwise"), which touches external memory and every buffer
            # captured before it, as an op on a loaded memref does
            # (finish_shapes).
            wait = self.gpu_wait(tok, st, a, e)
            wait.loaded_reads = True
            self.loaded.append(wait)
            return None
        return e


def _prod(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n
