# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The fuzzer's seed ranges and knobs: where each kind of program starts,
the brute-force limit, and the switches read from the environment
(PEAKMEM_FUZZ_*). NEW_RULES and ARENA may be changed by the command line
(cli.py): read them as `config.NEW_RULES`, never import their value."""

import os


# The new-shape and huge programs (loop-carried memrefs, async regions,
# retained pointers, memrefs of memrefs, odd element types, huge sizes) and
# the oracle rule they need (a free stays behind a call written before it
# when the call may reach the buffer: its address was captured) are on by
# default; PEAKMEM_FUZZ_NEW_SHAPES=0 turns them off (to bisect a failure).
NEW_RULES = os.environ.get("PEAKMEM_FUZZ_NEW_SHAPES", "1") not in ("", "0")

# Relative weights of the new shapes (PEAKMEM_FUZZ_SHAPE_WEIGHTS, e.g.
# "async=0,odd-type=3"): every program of SHAPES_BASE.. starts with one of
# them, and later steps draw them with these weights next to the others.
SHAPE_KINDS = ("loop-carried", "while", "async", "retain", "memref-of-memref",
               "odd-type")
SHAPE_WEIGHTS = {k: 0.5 for k in SHAPE_KINDS}
for _item in os.environ.get("PEAKMEM_FUZZ_SHAPE_WEIGHTS", "").split(","):
    if "=" in _item:
        _k, _w = _item.split("=", 1)
        if _k.strip() not in SHAPE_WEIGHTS:
            raise ValueError(f"PEAKMEM_FUZZ_SHAPE_WEIGHTS: unknown shape "
                             f"{_k!r} (one of {', '.join(SHAPE_KINDS)})")
        SHAPE_WEIGHTS[_k.strip()] = float(_w)


EXT = "<ext>"            # the one base of all function arguments
TINY_BASE = 1_000_000    # seeds from here: tiny (executable) programs
# Extended programs (test/python/test_fuzz_passes.py): the same steps plus
# scf.if, calls to external declarations (barriers) and memref.alloca.
# Seeds below EXT_BASE generate exactly what they always did.
EXT_BASE = 2_000_000
EXT_TINY_BASE = 3_000_000  # extended and tiny
REFUSED_BASE = 4_000_000   # an extended program made unmodelable
# New shapes (docs/Testing.md "New shapes"): extended programs with at least
# one of SHAPE_KINDS (loop-carried memrefs, scf.while, async, retained
# pointers, memrefs of memrefs, odd element types) from SHAPES_BASE, and
# programs with huge sizes the passes must refuse from HUGE_BASE.
SHAPES_BASE = 5_000_000
HUGE_BASE = 6_000_000
# Training-shaped programs (docs/Training.md, test_training_fuzz.py): a
# forward phase whose activations all stay live for a backward phase that
# reads them in reverse, weight gradients, and SGD updates of the weight
# arguments in place (directly, or through a temporary and memref.copy into
# the argument as one-shot bufferization emits them). Even seeds are tiny.
TRAIN_BASE = 7_000_000
# The classes of issue #22 (docs/Testing.md "Issue 22 classes"): seeds from
# HOSTILE_BASE start with one of HOSTILE_KINDS, in turn (seed - HOSTILE_BASE
# modulo their number), then extended steps.
HOSTILE_BASE = 8_000_000
# Leaked buffers on purpose (issue #26, arena=argument; original seed 41):
# seed LEAKED_BASE + i is the original program of seed i with the free of
# one entry-block buffer removed (never freed, not returned: live to the
# end). LEAKED_INSIDE: the pass places such buffers in the arena
# (arenapass, session 12, landed); =0 counts them outside as a
# reported gap ("leaked (never freed)").
LEAKED_BASE = 9_000_000
HOSTILE_KINDS = ("gpu-async", "dma", "aligned-inplace", "scalar-loop",
                 "gpu-kernel")
# The classes whose every-pass runs are on by default: those whose fix has
# landed (the others are gated: test_fuzz_hostile.py runs their recorded
# failures as strict xfails, so that the fix turns CI red until it is
# switched on here). PEAKMEM_FUZZ_HOSTILE="all", "none" or a comma list
# overrides.
HOSTILE_DEFAULT_ON = ("aligned-inplace", "dma", "gpu-async", "gpu-kernel",
                      "scalar-loop")
_HOSTILE = os.environ.get("PEAKMEM_FUZZ_HOSTILE", "")
HOSTILE_ON = set(HOSTILE_KINDS if _HOSTILE == "all" else
                 () if _HOSTILE == "none" else
                 [k.strip() for k in _HOSTILE.split(",") if k.strip()]
                 if _HOSTILE else HOSTILE_DEFAULT_ON)
if HOSTILE_ON - set(HOSTILE_KINDS):
    raise ValueError(f"PEAKMEM_FUZZ_HOSTILE: unknown classes "
                     f"{sorted(HOSTILE_ON - set(HOSTILE_KINDS))} (one of "
                     f"{', '.join(HOSTILE_KINDS)})")
# Issue #23's run-twice check (determinism.py): the pipelines whose output
# must not depend on threads or load. Every limit of every pass counts work
# units since 2026-12-01 (main 6b04761), so all of them run by default
# (docs/Determinism.md). PEAKMEM_FUZZ_DETERMINISTIC="none", "all" or a
# comma list overrides.
DETERMINISM_NAMES = ("report", "reorder", "recompute", "recompute0",
                     "certify", "optimize", "verify", "arena", "arena-opt")
DETERMINISTIC_DEFAULT = DETERMINISM_NAMES
_DET = os.environ.get("PEAKMEM_FUZZ_DETERMINISTIC", "")
DETERMINISTIC = tuple(DETERMINISM_NAMES if _DET == "all" else
                      () if _DET == "none" else
                      [k.strip() for k in _DET.split(",") if k.strip()]
                      if _DET else DETERMINISTIC_DEFAULT)
if set(DETERMINISTIC) - set(DETERMINISM_NAMES):
    raise ValueError(f"PEAKMEM_FUZZ_DETERMINISTIC: unknown pipelines "
                     f"{sorted(set(DETERMINISTIC) - set(DETERMINISM_NAMES))}"
                     f" (one of {', '.join(DETERMINISM_NAMES)})")
BRUTE_MAX = 14           # brute-force the optimum up to this many units
DEFAULT_MAX_WORK = 100_000_000  # peakmem-reorder's default max-work (work units)

# Arena plans (docs/Testing.md "Arena plans"): PEAKMEM_FUZZ_ARENA=0 (or
# --no-arena) skips them; one program in ARENA_OPT_EVERY also goes through
# peakmem-optimize{arena=alloc}; ARENA_MUTATIONS edits per planned program.
ARENA = os.environ.get("PEAKMEM_FUZZ_ARENA", "1") not in ("", "0")
ARENA_OPT_EVERY = int(os.environ.get("PEAKMEM_FUZZ_ARENA_OPT_EVERY", 4))
ARENA_MUTATIONS = int(os.environ.get("PEAKMEM_FUZZ_ARENA_MUTATIONS", 8))
# Per certified program, variants whose nested records are repeated
# (issue #22 item 7: duplicates checked once).
CERT_DUPLICATES = int(os.environ.get("PEAKMEM_FUZZ_CERT_DUPLICATES", 1))
# Per planned program, fills through a reinterpret_cast of a view, onto
# another live view's bytes or inside its own (issue #22 item 6).
ARENA_FORGED = int(os.environ.get("PEAKMEM_FUZZ_ARENA_FORGED", 2))
DIRTY_BYTE = 90       # the arena is pre-filled with it (0x5a) in one run
# Also run every executed plan with its arena pre-filled with DIRTY_BYTE
# (one more execution each): its digest must still be the input's.
ARENA_DIRTY = os.environ.get("PEAKMEM_FUZZ_ARENA_DIRTY", "1") not in ("",
                                                                     "0")

# arena=argument places a result returned through a view (memref.
# collapse_shape, subview, ... of an allocation) in the arena since 9a90b12
# (issue #26, results through views); before, such a result had to stay
# outside (fuzz/arena_arg.py result_problems; =0 checks the old rule).
RESULT_VIEWS_INSIDE = os.environ.get("PEAKMEM_FUZZ_RESULT_VIEWS_INSIDE",
                                     "1") not in ("", "0")

# One arena for a call tree (issue #26, arch's 614ff02): callers run
# through plan-arena{arena=argument} on the module, each callee's arena a
# slot of the caller's (test_fuzz_regions.py; =0 checks the older rule:
# arena=alloc leaves the buffers passed to a call out with a remark).
# CALL_OPERANDS_INSIDE: the caller's buffers passed to a call that
# provably keeps no alias of them are placed too (arch, session 12, landed);
# =0 counts them as a reported gap ("outside: passed to a call"). Inputs in the
# arena (arenapass's `inputs-in-arena` option, landed): every generated
# parallel program plans with it and runs with the inputs written into the
# arena; =0 checks the old refusal by name.
CROSS_CALL_ARENA = os.environ.get("PEAKMEM_FUZZ_CROSS_CALL_ARENA",
                                  "1") not in ("", "0")
CALL_OPERANDS_INSIDE = os.environ.get("PEAKMEM_FUZZ_CALL_OPERANDS_INSIDE",
                                      "1") not in ("", "0")
INPUTS_IN_ARENA = os.environ.get("PEAKMEM_FUZZ_INPUTS_IN_ARENA",
                                 "1") not in ("", "0")
LEAKED_INSIDE = os.environ.get("PEAKMEM_FUZZ_LEAKED_INSIDE",
                               "1") not in ("", "0")
