# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the every-pass checks share: the pipelines, the known bugs and how
an error is recognised as one, the outcome of a program, diagnostics."""

import dataclasses
import re
from typing import Dict, List, Optional, Set

from .differential import ExecOutcome, Outcome
from .model import Block, Program, Stmt
from .oracle import pinned_allocs_frees
from .parse import ParsedFunc
from .runner import Run


RECOMPUTE_OPTIONS = "max-mac-overhead=0.5 max-op-overhead=0.5"
PASSES = {
    "report": "peakmem-report",
    "reorder": "peakmem-reorder",
    "recompute": f"peakmem-recompute{{{RECOMPUTE_OPTIONS}}}",
    "certify": "peakmem-certify",
    "optimize": "peakmem-optimize",
}
# With no overhead allowed, peakmem-recompute may clone nothing that does
# work (check_zero_overhead): issue #22 item 9.
ZERO_OVERHEAD = "max-mac-overhead=0 max-op-overhead=0"
PASSES["recompute0"] = f"peakmem-recompute{{{ZERO_OVERHEAD}}}"
VERIFY = "peakmem-verify-certificate"
# Kernels launched from the host (issue #22 item 4): planned with the arena
# as an argument, their signature must not change (the launch is a caller).
KERNEL_PIPE = ("builtin.module(gpu.module(gpu.func(peakmem-plan-arena"
               "{arena=argument})))")
# Statements no pass may clone: constants and compares (pointless), and
# the start or the synchronisation of asynchronous work.
NEVER_CLONED = ("arith.constant", "arith.cmpi", "async.execute",
                "async.await", "gpu.launch", "gpu.launch_func", "gpu.memcpy",
                "gpu.wait", "affine.dma_start", "affine.dma_wait",
                "memref.dma_start", "memref.dma_wait")
# Statements that do no work: cloning them costs no operation.
NO_WORK = ("arith.constant", "arith.cmpi", "memref.alloc", "memref.alloca",
           "memref.dealloc", "memref.subview", "memref.collapse_shape",
           "memref.expand_shape", "memref.cast", "memref.reinterpret_cast",
           "memref.view")


# Bugs of the C++ found by this test (docs/Testing.md "Bugs found"). A
# diagnostic or an acceptance counts as one of them only when the oracle
# says the program (or certificate) has the triggering shape
# (classify_error, check_certificates); anything else fails the test. Each
# has a minimal reproducer marked xfail(strict=True) in
# test/python/test_fuzz_passes.py.
KNOWN_BUGS: dict = {}
# Fixed (kept as regression tests in test/python/test_fuzz_passes.py):
#  contraction-drops-barrier-edges: allocs and frees of a block's buffers no
#    longer take barrier edges (a call that uses the buffer is ordered
#    through the buffer's base instead);
#  recompute-moves-frees-across-barrier and
#  recompute-inserts-clone-after-conflicting-op: clones are inserted right
#    after their original group, frees take no barrier edges;
#  verifier-ignores-records-without-certificate: any lower bound or
#    optimality claim is verified.


def pinned_program(p: Program) -> bool:
    return any(pinned_allocs_frees(b) for _, b in p.blocks())


_NOTE_SIDS = re.compile(r'note: loc\("fz\d+\.s(\d+)"\)')
_AT_SID = re.compile(r'^loc\("fz\d+\.s(\d+)"\)')


def classify_error(p: Program, text: str) -> Optional[str]:
    """The known bug an error diagnostic of a pass on `p` is, or None:
    the message must match and the statements it names (or its block)
    must have the shape that triggers the bug."""
    if "does not expand to a legal order" in text:
        # At the function (its body) or at the op owning the block.
        m = _AT_SID.match(text)
        blocks = [p.body] if not m else \
            [b for k, b in p.blocks() if k == int(m.group(1)) or
             k == (int(m.group(1)), 1)]
        if any(pinned_allocs_frees(b) for b in blocks):
            return "contraction-drops-barrier-edges"
        return None
    if "planned order breaks a dependency" in text:
        sids = [int(x) for x in _NOTE_SIDS.findall(text)]
        pos = {s.sid: i for i, s in enumerate(p.body.stmts)}
        if len(sids) != 2 or not all(x in pos for x in sids):
            return None
        first, then = (p.body.stmts[pos[x]] for x in sids)
        pinned = pinned_allocs_frees(p.body)
        if first.barrier and then.free:
            # The edge call -> free: written so (the contraction lost it),
            # or made by recompute moving the free past the call.
            if pos[first.sid] < pos[then.sid]:
                return "contraction-drops-barrier-edges" \
                    if then.sid in pinned else None
            return "recompute-moves-frees-across-barrier"
        if first.alloc and then.barrier:
            return "contraction-drops-barrier-edges" \
                if first.sid in pinned else None
        if pos[then.sid] < pos[first.sid] and not then.free and \
                (then.alloc or len(then.writes) == 1) and \
                (then.reads & first.writes or first.barrier):
            # `then` is a clone of a producer or of its buffer's alloc (it
            # has its original's location), put before the first late
            # user, after `first`.
            return "recompute-inserts-clone-after-conflicting-op"
    return None


@dataclasses.dataclass
class PassOutcome:
    seed: int
    refused: str = ""
    problems: List[str] = dataclasses.field(default_factory=list)
    known: Dict[str, int] = dataclasses.field(default_factory=dict)
    reorder: Optional[Outcome] = None
    clones: int = 0                # ops cloned by peakmem-recompute
    recompute_peak: Optional[int] = None
    records: int = 0               # honest certificate records checked
    tight: int = 0                 # ... whose lower bound == the optimum
    decidable: bool = False        # every block within brute force
    variants: Dict[str, int] = dataclasses.field(default_factory=dict)
    accepted: List[str] = dataclasses.field(default_factory=list)  # edits
    executed: Optional[ExecOutcome] = None
    arena_text: Optional[str] = None       # peakmem-plan-arena's output
    arena_plan: Optional[object] = None    # its parse (ArenaPlan)
    arena_arg_text: Optional[str] = None   # ... with arena=argument

    @property
    def ok(self) -> bool:
        return not self.problems

    def count(self, what: str, n: int = 1):
        self.variants[what] = self.variants.get(what, 0) + n


def chunk_module(p: Program, func_text: str) -> str:
    return p.module_head() + p.decls_text() + func_text + "}\n"


def input_orders(p: Program) -> Dict[object, List[int]]:
    return {k: [s.sid for s in b.stmts] for k, b in p.blocks()}


def model_exact(p: Program) -> bool:
    """No scf.if whose condition is constant has an untaken region that
    allocates: the model's "larger region" is then what runs, in any
    order of the blocks."""
    for _, b in p.blocks():
        for s in b.stmts:
            if s.op == "scf.if" and s.cond[0] == "const":
                untaken = s.else_body if s.cond[1] else s.body
                if untaken is not None and untaken.bufs:
                    return False
    return True


def check_diags(p: Program, o: PassOutcome, run: Run, what: str,
                allow_known: bool = True) -> Set[str]:
    """Crash and error diagnostics of one pass run on one program. Returns
    the known bugs hit (a matching message on a program of that shape)."""
    hit: Set[str] = set()
    if p.seed in run.crashed:
        o.problems.append(f"{what}: peakmem-opt crashed: "
                          f"{' '.join(run.unattributed)[-2000:]}")
    for d in run.of(p.seed, "error") + run.of(p.seed, "warning"):
        bug = classify_error(p, d.text) if allow_known else None
        if bug:
            hit.add(bug)
            o.known[bug] = o.known.get(bug, 0) + 1
        else:
            o.problems.append(f"{what}: unexpected {d.severity}: {d.text}")
    return hit


def not_modeled(run: Run, p: Program) -> bool:
    return any(f"'{p.name}' not modeled" in d.text
               for d in run.of(p.seed, "remark"))


def accepted(run: Run, name: str) -> bool:
    return name in run.funcs and not any(
        d.severity == "error" and f"'{name}'" in d.text for d in run.diags)


def no_clones(parsed: ParsedFunc) -> bool:
    seen = [sid for order in parsed.orders.values() for sid in order]
    return len(seen) == len(set(seen))


def copy_program(p: Program) -> Program:
    """A copy of p whose blocks (and region ops) are new objects, so that
    permuting a block of the copy leaves p alone; leaf statements are
    shared (never modified)."""
    def cblock(b: Block) -> Block:
        return Block([cstmt(s) for s in b.stmts], b.bufs, b.escaping,
                     b.captured)

    def cstmt(s: Stmt) -> Stmt:
        if s.body is None:
            return s
        return dataclasses.replace(
            s, body=cblock(s.body),
            else_body=cblock(s.else_body) if s.else_body else None)
    return dataclasses.replace(p, body=cblock(p.body))


def reordered(p: Program, parsed: ParsedFunc) -> Program:
    """A copy of p with every block in the order of `parsed`."""
    q = copy_program(p)
    for key, blk in q.blocks():
        by_sid = {s.sid: s for s in blk.stmts}
        blk.stmts[:] = [by_sid[sid] for sid in parsed.orders[key]]
    return q
