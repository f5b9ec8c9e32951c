# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Names shared by the corpus benchmark (tools/bench.py), its results pages
(tools/bench_results.py) and the training benchmark (tools/bench_train.py):
the pipelines they run, how they time and read them (records and JSON
timing through peakmem.passes, never remark text), and the number formats
of the tables."""

import pathlib
import re
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))

from peakmem import passes  # noqa: E402

HEURISTICS = ["lpmf", "bfs", "dfs", "xla-list", "xla-dfs", "post-order"]
# Models whose live-bytes plots go into docs/img and docs/results.md.
PLOT_MODELS = ["deeplabv3_mobilenet_v3_large", "redimnet_b2"]
# Models whose arena plans go into docs/img (`peakmem plot --arena`).
ARENA_PLOT_MODELS = ["mlperf_tiny_resnet8_float", "redimnet_b0"]
# peakmem.arena_stats baseline names, in the order of docs/Arena.md.
ARENA_BASELINES = ["tflm-greedy", "iree-best-fit", "tvm-greedy-by-size",
                   "tvm-greedy-by-conflicts", "tvm-hill-climb"]
REPORT = "peakmem-report{remarks=0}"

def timed(text, pipeline, tool="peakmem-opt"):
    out, err, wall = passes.run_opt(text, pipeline, tool=tool,
                                    extra=passes.timing_arguments())
    return out, passes.pass_times(err), wall, err


# peakmem.reorder's `search` -> the results' search column.
SEARCH_COLUMN = {"certified": "certified", "proven": "proven", "stopped": "budget"}


def search_of(text):
    """How peakmem-reorder's order is known to be good, from its record."""
    return SEARCH_COLUMN.get(passes.record(text, "reorder").get("search"), "budget")


def product_pipeline(recompute: str) -> str:
    """The pipeline whose result is "final": peakmem-optimize, or with explicit
    recompute options its three passes."""
    if not recompute:
        return "peakmem-optimize"
    return f"peakmem-reorder,peakmem-recompute{{{recompute}}},peakmem-certify"


def arena_key(name: str) -> str:
    return "arena_" + name.replace("-", "_")


COLUMNS = ["model", "group", "statements", "buffers", "macs", "ops", "peak_imported",
           "peak_upstream", *[f"peak_{h}" for h in HEURISTICS], "peak_reorder", "search",
           "peak_final", "extra_macs", "extra_ops", "lower_bound", "optimal", "reduction_vs_upstream_pct",
           *[arena_key(b) for b in ARENA_BASELINES], "arena_peakmem", "arena_bound",
           "arena_optimal", "arena_stop", "arena_buffers", "peak_arena",
           "measured_imported", "measured_final", "measured_arena", "digest_imported",
           "digest_final", "digest_arena", "exec_error", "parse_print_s", "report_s", "upstream_s", "reorder_s",
           "recompute_s", "certify_s", "verify_s", "arena_s", "verify_arena_s", "recompute_note"]
# The columns that are wall times: the only ones two runs of the benchmark may
# differ in (tools/compare_results.py compares every other column).
TIMING_COLUMNS = ["parse_print_s", "report_s", "upstream_s", "reorder_s", "recompute_s",
                  "certify_s", "verify_s", "arena_s", "verify_arena_s"]


def kb(n):
    return "–" if n is None else f"{n / 1024:,.1f}"


def pct(new, old):
    return 100.0 * (new - old) / old if old else 0.0


def _shown(path):
    """`path` relative to the repository when inside it."""
    path = pathlib.Path(path).resolve()
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return str(path)


def _b(n):
    return "–" if n is None else f"{n:,}"




PASSES_TD = REPO / "include" / "peakmem" / "Transforms" / "Passes.td"
ARENA_HEADERS = REPO / "include" / "peakmem" / "Core" / "Arena"
# The work-unit options of each pass the benchmark runs, as Passes.td names them.
WORK_OPTIONS = {"peakmem-reorder": ["max-work"],
                "peakmem-recompute": ["plan-max-work", "reorder-max-work"],
                "peakmem-certify": ["max-work"], "peakmem-verify-certificate": ["max-work"]}
# plan-arena's limits (no pass option: the arena core's defaults), as
# (header, field, what it counts).
ARENA_LIMITS = [("ArenaPlanner.h", "maxExactNodes", "exact-search nodes"),
                ("ArenaPlanner.h", "maxExactWork", "exact-search units"),
                ("ArenaPlanner.h", "maxMoves", "local-search moves"),
                ("ArenaPlanner.h", "maxMoveWork", "local-search units"),
                ("ArenaPlanner.h", "hillClimbWork", "hill-climbing units"),
                ("ArenaOrderSearch.h", "maxNeighbours", "orders walked"),
                ("ArenaOrderSearch.h", "exhaustiveMaxExactNodes", "nodes of the exhaustive orders")]


def pass_defaults():
    """{(pass, option): default} of WORK_OPTIONS, read from Passes.td."""
    text = PASSES_TD.read_text()
    found = {}
    for part in re.split(r"\ndef \w+ : Pass<", text)[1:]:
        name = part.split('"')[1]
        for opt in WORK_OPTIONS.get(name, []):
            m = re.search(r'Option<"\w+", "' + re.escape(opt) + r'", "\w+",\s*/\*default=\*/"(\d+)"',
                          part)
            if m:
                found[(name, opt)] = int(m.group(1))
    return found


def arena_defaults():
    """[(what, default)] of ARENA_LIMITS, read from the arena core's headers
    (the first `field = N;` of each header: the planner's own options)."""
    out = []
    for header, field, what in ARENA_LIMITS:
        m = re.search(r"\b" + field + r" = ([\d']+);", (ARENA_HEADERS / header).read_text())
        if m:
            out.append((what, int(m.group(1).replace("'", ""))))
    return out
