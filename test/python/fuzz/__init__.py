# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Randomized differential testing of peakmem's passes (docs/Testing.md).

Three independent parts, none of which uses peakmem's own code:

* A seeded generator of small bufferized programs (seeds.generate: one
  `func.func` each, static shapes): branching DAGs of linalg ops, views,
  in-place updates, loops with inner temporaries, escaping buffers, frees
  at the end of the block or after the last use, hoisted allocations,
  `alignment` attributes, leaks (gen_steps); extended programs with
  scf.if, calls and memref.alloca (gen_extended); new shapes (gen_shapes);
  programs the model must refuse and huge sizes (seeds); training steps
  (gen_training). Every statement carries a location `loc("sN")`
  (render) so that it can be found again in the output.

* Alongside the text, the generator's own description of every statement
  (model): which bases it allocates, reads, writes, views and frees, which
  SSA values it defines and uses, the byte size of every buffer. All
  function arguments are one "external" base.

* An oracle over that description (oracle): the dependencies of an order,
  the accounting rule of the counting allocator, and the exhaustive
  minimum peak over all legal orders; for certificates the truth of every
  claim (certs); for arena plans what the printed IR shows (arena_plan).

The checks: differential (peakmem-reorder against the oracle, executions
before and after), passes / pass_checks (every pass and the pipeline),
cert_checks (fresh, mutated and moved certificates), arena_checks (plans,
their mutations, executions). They read peakmem-opt's output with their
own small parsers (parse, attrs), never python/peakmem's.
`python3 test/python/fuzz --help` for the long modes (cli).

This module re-exports the names the tests use, as `fuzz.<name>`.
`fuzz.NEW_RULES` and `fuzz.ARENA` read fuzz.config, which the command line
may change.
"""

import os
import sys

# The peakmem library of this checkout (python/), also when run as a script.
_PYTHON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                       "..", "..", "python")
if _PYTHON not in sys.path:
    sys.path.insert(0, _PYTHON)

from . import config  # noqa: E402
from .arena_checks import check_arena_programs, check_arenas  # noqa: E402
from .arena_edit import (  # noqa: E402
    arena_mutations, set_arena_size, set_func_attr, set_offset, spread_plan)
from .arena_plan import (  # noqa: E402
    ArenaPlan, ArenaView, arena_oracle, arena_violations, parse_arena_plan)
from .attrs import (  # noqa: E402
    Records, extract_records, parse_attr, render_attr)
from .certs import BOUND_KINDS, Facts, judge  # noqa: E402
from .cli import main  # noqa: E402
from .config import (  # noqa: E402
    BRUTE_MAX, DEFAULT_MAX_WORK, EXT, EXT_BASE, EXT_TINY_BASE, HUGE_BASE,
    REFUSED_BASE, SHAPE_KINDS, SHAPES_BASE, TINY_BASE, TRAIN_BASE)
from .differential import (  # noqa: E402
    ExecOutcome, Outcome, check_executions, check_programs,
    check_reorder_output, describe_failure, search_stopped)
from .features import features  # noqa: E402
from .gen_shapes import ODD_ELEMS  # noqa: E402
from .model import Block, Buf, Program, Stmt, Val, elem_alloc_bytes  # noqa
from .mutate import Mutator, move_one  # noqa: E402
from .oracle import (  # noqa: E402
    check_order, dependencies, optimum, optimum_by_permutations,
    pinned_allocs_frees, program_peak, schedule_units, simulate)
from .parse import parse_function, split_functions  # noqa: E402
from .pass_common import (  # noqa: E402
    KNOWN_BUGS, PASSES, VERIFY, PassOutcome, classify_error, copy_program,
    pinned_program)
from .passes import check_passes  # noqa: E402
from .render import render  # noqa: E402
from .report import (  # noqa: E402
    describe_pass_failure, failure_report, summarize_passes)
from .runner import func_pipeline, run_chunks  # noqa: E402
from .seeds import (  # noqa: E402
    HUGE_KINDS, REFUSED_KINDS, generate, generate_huge, generate_refused)

__all__ = [
    "ARENA", "ArenaPlan", "ArenaView", "BOUND_KINDS", "BRUTE_MAX", "Block",
    "Buf", "DEFAULT_MAX_WORK", "EXT", "EXT_BASE", "EXT_TINY_BASE",
    "ExecOutcome", "Facts", "HUGE_BASE", "HUGE_KINDS", "KNOWN_BUGS",
    "Mutator", "NEW_RULES", "ODD_ELEMS", "Outcome", "PASSES", "PassOutcome",
    "Program", "REFUSED_BASE", "REFUSED_KINDS", "Records", "SHAPES_BASE",
    "SHAPE_KINDS", "Stmt", "TINY_BASE", "TRAIN_BASE", "VERIFY", "Val",
    "arena_mutations", "arena_oracle", "arena_violations",
    "check_arena_programs", "check_arenas", "check_executions",
    "check_order", "check_passes", "check_programs", "check_reorder_output",
    "classify_error", "config", "copy_program", "dependencies",
    "describe_failure", "describe_pass_failure", "elem_alloc_bytes",
    "extract_records", "failure_report", "features", "func_pipeline",
    "generate",
    "generate_huge", "generate_refused", "judge", "main", "move_one",
    "optimum", "optimum_by_permutations", "parse_arena_plan", "parse_attr",
    "parse_function", "pinned_allocs_frees", "pinned_program", "search_stopped",
    "program_peak", "render", "render_attr", "run_chunks", "schedule_units",
    "set_arena_size", "set_func_attr", "set_offset", "simulate",
    "split_functions", "spread_plan", "summarize_passes"]


def __getattr__(name):
    """fuzz.NEW_RULES and fuzz.ARENA: the current switches of config."""
    if name in ("NEW_RULES", "ARENA"):
        return getattr(config, name)
    raise AttributeError(f"module 'fuzz' has no attribute {name!r}")
