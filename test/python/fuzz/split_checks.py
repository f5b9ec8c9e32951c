# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The differential check of peakmem-split (docs/Testing.md "Split
programs"): a generated tensor program (gen_split) is split at a budget,
the split and the unsplit program are lowered the importer's way
(docs/Split.md: one-shot-bufferize, buffer-deallocation-pipeline,
convert-bufferization-to-memref, canonicalize), optimized by
peakmem-optimize with the budgets the split recorded, and executed with the
counting allocator. Checked, with this package's own parsers:

* split: identical output bits; measured peak == modeled peak
  (peakmem.peak) == the record's peak_after < peak_before == the unsplit
  program's measured and modeled peak; the record's MACs and operations
  within the budget;
* not split: the IR is unchanged but for the record, which gives a reason
  (for a refusal program, the reason of its kind);
* determinism: peakmem-split run twice prints the same bytes.
"""

import dataclasses
import re
import subprocess
from typing import List, Optional

from .attrs import parse_attr
from .gen_split import SplitProgram
from .runner import opt_run

BUFFERIZE = ["--one-shot-bufferize=bufferize-function-boundaries "
             "function-boundary-type-conversion=identity-layout-map",
             "--buffer-deallocation-pipeline",
             "--convert-bufferization-to-memref", "--canonicalize"]
OPTIMIZE = ("builtin.module(func.func(peakmem-optimize{{remarks=0 "
            "max-mac-overhead={m} max-op-overhead={o}}},"
            "peakmem-report{{remarks=0}}))")


def split_pipeline(budget: float, tiles: str = "") -> str:
    t = f" tiles={tiles}" if tiles else ""
    return (f"builtin.module(peakmem-split{{max-mac-overhead={budget:g} "
            f"max-op-overhead={budget:g}{t} remarks=0}})")


@dataclasses.dataclass
class SplitOutcome:
    seed: int
    budget: float
    tiles: str                      # forced grid, or "" (searched)
    problems: List[str] = dataclasses.field(default_factory=list)
    split: bool = False             # the pass split something
    record: dict = dataclasses.field(default_factory=dict)
    executed: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems


_RECORD = re.compile(r"peakmem\.split = ")


def split_record(text: str) -> Optional[dict]:
    """The function's peakmem.split entries as a Python dict (ints and
    strings), read with fuzz.attrs."""
    m = _RECORD.search(text)
    if not m:
        return None
    node, _ = parse_attr(text, m.end())
    return {k: v[1] for k, v in node[1]}


def without_record(text: str) -> str:
    """`text` without the peakmem.split attribute (the only thing a
    refused split may add)."""
    m = _RECORD.search(text)
    if not m:
        return text
    _, end = parse_attr(text, m.end())
    start = m.start()
    # ", peakmem.split = {...}" or "peakmem.split = {...}, " or the only
    # entry of "attributes {...}".
    before, after = text[:start], text[end:]
    if before.endswith(", "):
        return before[:-2] + after
    if after.startswith(", "):
        return before + after[2:]
    if before.endswith("attributes {") and after.startswith("}"):
        return before[:-len(" attributes {")] + after[1:]
    return before + after


def mlir_opt(text: str, args) -> str:
    from peakmem import binaries
    proc = subprocess.run([binaries.llvm_tool("mlir-opt"), "-", *args],
                          input=text, capture_output=True, text=True,
                          timeout=600)
    if proc.returncode:
        raise RuntimeError(f"mlir-opt {' '.join(args)}: {proc.stderr[:2000]}")
    return proc.stdout


def opt(text: str, pipeline: str, what: str, o: SplitOutcome) -> str:
    rc, out, err = opt_run(text, pipeline)
    if rc:
        o.problems.append(f"{what}: peakmem-opt failed: {err[:1500]}")
        return ""
    return out


def func_attr(text: str, name: str) -> Optional[int]:
    m = re.search(rf"\b{re.escape(name)} = (-?\d+)", text)
    return int(m.group(1)) if m else None


def lowered_and_optimized(text: str, m, o_, what, out: SplitOutcome) -> str:
    try:
        low = mlir_opt(text, BUFFERIZE)
    except RuntimeError as err:
        out.problems.append(f"{what}: lowering failed: {err}")
        return ""
    return opt(low, OPTIMIZE.format(m=m, o=o_), f"{what} optimize", out)


def check_split(p: SplitProgram, budget: float, tiles: str = "",
                execute: bool = True, twice: bool = False,
                tamper=None) -> SplitOutcome:
    """One program at one budget (and forced grid): every check above.
    `tamper` (text -> text) changes the pass's output before the checks
    (test_the_oracle_catches_a_changed_split_program)."""
    o = SplitOutcome(p.seed, budget, tiles)
    pipe = split_pipeline(budget, tiles)
    base = opt(p.text, "builtin.module()", "input", o)
    out = opt(p.text, pipe, "peakmem-split", o)
    if not out or not base:
        return o
    if twice:
        again = opt(p.text, pipe, "peakmem-split (second run)", o)
        if again != out:
            o.problems.append("determinism: peakmem-split printed other "
                              "bytes on a second run")
    if tamper:
        out = tamper(out)
    rec = split_record(out)
    if rec is None:
        o.problems.append("no peakmem.split record")
        return o
    o.record = rec
    o.split = "tiles" in rec
    if not o.split:
        check_unchanged(p, base, out, rec, o)
        return o
    if p.refusal:
        o.problems.append(f"refusal program ({p.refusal}) was split: {rec}")
    check_record(rec, budget, o)
    if execute:
        check_execution(p, out, rec, budget, o)
    return o


def check_unchanged(p, base, out, rec, o: SplitOutcome):
    reason = rec.get("reason")
    if not reason:
        o.problems.append(f"not split and no reason: {rec}")
    if p.refusal and reason and p.reason not in reason:
        o.problems.append(f"refusal {p.refusal}: reason {reason!r} does not "
                          f"name {p.reason!r}")
    if without_record(out) != base:
        o.problems.append("not split, but the IR changed:\n" +
                          _first_difference(base, without_record(out)))


def _first_difference(a: str, b: str) -> str:
    for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines())):
        if x != y:
            return f"line {i + 1}:\n- {x}\n+ {y}"
    return f"lengths {len(a)} and {len(b)}"


def check_record(rec: dict, budget: float, o: SplitOutcome):
    if not rec["peak_after"] < rec["peak_before"]:
        o.problems.append(f"split without a gain: {rec}")
    for key in ("macs", "ops"):
        before, after = rec[f"{key}_before"], rec[f"{key}_after"]
        if after > before * (1 + budget) + 1e-9 * before:
            o.problems.append(f"{key} over the budget {budget:g}: "
                              f"{before} -> {after}")
    grids = rec["tiles"].split(",")
    if len(grids) != rec["stages"] or not all(
            re.fullmatch(r"\d+x\d+", g) for g in grids):
        o.problems.append(f"tiles {rec['tiles']!r} and stages "
                          f"{rec['stages']} disagree")
    if o.tiles and set(grids) != {o.tiles}:
        o.problems.append(f"forced grid {o.tiles}, record says {rec['tiles']}")


def check_execution(p, split_text, rec, budget, o: SplitOutcome):
    from peakmem import execute
    after = lowered_and_optimized(split_text, rec["recompute_mac_budget"],
                                  rec["recompute_op_budget"], "split", o)
    before = lowered_and_optimized(p.text, f"{budget:g}", f"{budget:g}",
                                   "unsplit", o)
    if not after or not before:
        return
    for what, text, peak in (("split", after, rec["peak_after"]),
                             ("unsplit", before, rec["peak_before"])):
        modeled = func_attr(text, "peakmem.peak")
        if modeled != peak:
            o.problems.append(f"{what}: peakmem.peak {modeled} != the "
                              f"record's {peak}")
    if func_attr(after, "peakmem.macs") not in (None, rec["macs_after"]):
        o.problems.append(f"split: peakmem.macs {func_attr(after, 'peakmem.macs')}"
                          f" != the record's macs_after {rec['macs_after']}")
    res = {}
    for what, text in (("split", after), ("unsplit", before)):
        try:
            res[what] = execute.execute_text(text, function=p.name)
        except execute.ExecError as err:
            o.problems.append(f"{what}: execution failed: {err}")
            return
    o.executed = True
    s, u = res["split"], res["unsplit"]
    if s.output_digest != u.output_digest:
        o.problems.append(f"output bits differ: split {s.output_digest}, "
                          f"unsplit {u.output_digest}")
    for what, r, peak in (("split", s, rec["peak_after"]),
                          ("unsplit", u, rec["peak_before"])):
        if r.peak_bytes != peak or r.modeled_peak != peak:
            o.problems.append(f"{what}: measured {r.peak_bytes}, modeled "
                              f"{r.modeled_peak}, record {peak}")


_DENSE = re.compile(r'dense<"0x([0-9A-F]+)">')


def change_weight(text: str) -> str:
    """Adds 1 to every byte of the first hex constant (a weight)."""
    m = _DENSE.search(text)
    data = bytes((b + 1) & 0xFF for b in bytes.fromhex(m.group(1)))
    return text[:m.start(1)] + data.hex().upper() + text[m.end(1):]


def raise_peak(text: str) -> str:
    """peak_after of the record + 16."""
    m = re.search(r"peak_after = (\d+)", text)
    return text[:m.start(1)] + str(int(m.group(1)) + 16) + text[m.end(1):]
