# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Randomized test of every peakmem pass and the pipeline (docs/Testing.md).

Extended random programs from the fuzz package (test/python/fuzz/) (the reorder test's
steps plus scf.if with and without allocations, calls to external
declarations, memref.alloca, skip connections) and programs the model must
refuse (multi-block bodies, tensors, dynamic shapes, frees in regions, ...)
go through peakmem-report, -reorder,
-recompute{max-mac-overhead=0.5 max-op-overhead=0.5}, -certify, -verify-certificate and peakmem-optimize, one chunk per program
(`--split-input-file`). Checked against the independent oracle: no crash or
error, outputs parse again, refused functions byte-identical, dependencies
kept, peaks equal to the oracle's and never growing, fresh certificates
true and accepted, mutated or moved certificates rejected unless their
claims are still true (simulated peak, brute-force optimum), and a sample
executed before and after reorder and recompute (same digest, measured ==
modeled where the model is exact). Arena plans (docs/Testing.md "Arena
plans"): every program through peakmem-reorder, -plan-arena and
-verify-arena (a share through peakmem-optimize{arena=alloc}), the plan
re-checked from the IR and against the oracle's optimum, executed with the
sample, and mutated (overlaps, misalignment, past the end, false claims).

Default (CI, about a minute on 2 cores): 300 programs (seeds
fuzz.EXT_BASE..+299), 24 refused (fuzz.REFUSED_BASE..+23), 20 executed.
Long mode: PEAKMEM_FUZZ_LONG=1 (10x), or PEAKMEM_FUZZ_PASSES /
PEAKMEM_FUZZ_PASSES_EXEC / PEAKMEM_FUZZ_SEED (offset of the first seed).
`python3 test/python/fuzz --passes [--long]` runs the same outside pytest.

Bugs of the C++ this test found are recognized by fuzz.classify_error
(only on programs of the triggering shape) and counted, not failed; each
has a minimal reproducer below marked xfail(strict=True).
"""

import re
import hashlib
import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
import fuzz
from peakmem import binaries

LONG = os.environ.get("PEAKMEM_FUZZ_LONG", "") not in ("", "0")
NUM = int(os.environ.get("PEAKMEM_FUZZ_PASSES", 3000 if LONG else 300))
NUM_EXEC = int(os.environ.get("PEAKMEM_FUZZ_PASSES_EXEC",
                              200 if LONG else 20))
FIRST = int(os.environ.get("PEAKMEM_FUZZ_SEED", 0))
BATCH = 100          # modeled programs per batch (one test)
REFUSED = 8          # refused programs per batch
SHOW = 3             # failing programs printed in full per test
BATCHES = max(1, -(-NUM // BATCH))


HAVE_OPT = binaries.available("bin/peakmem-opt")
HAVE_RUNTIME = HAVE_OPT and binaries.available(
    "lib/libpeakmem_runtime.so", "mlir-opt", "mlir-runner")
needs_opt = pytest.mark.skipif(not HAVE_OPT, reason="peakmem-opt not built")


def batch_seeds(b):
    first = fuzz.EXT_BASE + FIRST + b * BATCH
    last = min(fuzz.EXT_BASE + FIRST + NUM, first + BATCH)
    refused = fuzz.REFUSED_BASE + FIRST + b * REFUSED
    return list(range(first, last)) + list(range(refused, refused + REFUSED))


def batch_exec(b):
    per = -(-NUM_EXEC // BATCHES)
    return max(0, min(per, NUM_EXEC - b * per))


def _opt(text, pipeline):
    proc = subprocess.run(
        [binaries.build_product("bin/peakmem-opt"), "-",
         f"--pass-pipeline={pipeline}",
         "--mlir-print-op-on-diagnostic=false"],
        input=text, capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


# --------------------------------------------------------------------------
# Generator and oracle (no tools needed)
# --------------------------------------------------------------------------

def test_original_seeds_generate_what_they_always_did():
    """The extensions draw no random numbers for seeds below EXT_BASE:
    test_differential.py checks the programs it always checked."""
    h = hashlib.sha256()
    for s in list(range(500)) + list(range(fuzz.TINY_BASE,
                                           fuzz.TINY_BASE + 50)):
        h.update(fuzz.generate(s).text.encode())
    assert h.hexdigest() == \
        "72e01aef4d181ea4dfe4975f007cea4ad6191992a2e954e9a9b0dd6457f8fa32"


def test_extended_generator_is_deterministic_and_varied():
    s = fuzz.EXT_BASE + 17
    assert fuzz.generate(s).module() == fuzz.generate(s).module()
    seen = set()
    for seed in range(fuzz.EXT_BASE, fuzz.EXT_BASE + 300):
        seen |= fuzz.features(fuzz.generate(seed))
    for seed in range(fuzz.REFUSED_BASE,
                      fuzz.REFUSED_BASE + len(fuzz.REFUSED_KINDS)):
        seen |= fuzz.features(fuzz.generate(seed))
    assert {"scf.if", "scf.if with else", "scf.if allocating",
            "scf.if without allocation", "scf.if on the induction variable",
            "scf.if larger region not taken", "call (barrier)",
            "call with a memref operand", "call in a region",
            "memref.alloca", "scf.for", "nested scf.for", "memref.subview",
            "in-place update", "escaping buffer", "alignment"} <= seen
    assert {"refused: " + k for k in fuzz.REFUSED_KINDS} <= seen


def test_oracle_exhaustive_on_extended_programs():
    """The down-set DP (with allocs/frees pinned by calls kept as units)
    equals enumerating every permutation of the units and simulating."""
    compared = pinned = 0
    for seed in range(fuzz.EXT_BASE, fuzz.EXT_BASE + 600):
        p = fuzz.generate(seed)
        if any(len(fuzz.schedule_units(b)) > 6 for _, b in p.blocks()):
            continue
        assert fuzz.optimum(p.body)[0] == \
            fuzz.optimum_by_permutations(p.body), seed
        compared += 1
        pinned += fuzz.pinned_program(p)
    # Allocs and frees are not ordered against calls that cannot reach their
    # buffer (a free of a captured buffer is: test_oracle_free_not_pinned_
    # behind_a_call); these small programs free their captured buffers
    # before any later call, so none is pinned.
    assert compared >= 150, compared
    assert pinned == 0, pinned


def _stmt(sid, op, **kw):
    return fuzz.Stmt(sid, op, [op], **{k: set(v) if isinstance(v, (list, set))
                                       else v for k, v in kw.items()})


def test_oracle_free_not_pinned_behind_a_call():
    """BARRIER_FREE below, described by hand: the call does not use %a, so
    the free of %a is not ordered against it and can follow %a's last user;
    nothing is pinned. 768 as written, 512 at best."""
    E = fuzz.EXT
    bufs = {n: fuzz.Buf(n, (64,), "f32") for n in "abc"}
    s = [_stmt(1, "memref.alloc", defs=["a"], alloc="a"),
         _stmt(2, "linalg.copy", uses=["a"], reads=[E], writes=["a"]),
         _stmt(3, "memref.alloc", defs=["b"], alloc="b"),
         _stmt(4, "linalg.copy", uses=["a", "b"], reads=["a"], writes=["b"]),
         _stmt(5, "func.call", barrier=True),
         _stmt(6, "memref.alloc", defs=["c"], alloc="c"),
         _stmt(7, "linalg.copy", uses=["b", "c"], reads=["b"], writes=["c"]),
         _stmt(8, "memref.dealloc", uses=["a"], free="a"),
         _stmt(9, "memref.dealloc", uses=["b"], free="b")]
    blk = fuzz.Block(s, bufs, {"c"})
    if fuzz.NEW_RULES:
        # Once %a's address is captured (a call received it, say), a call
        # may reach it: the free of %a is pinned behind the call, still 512
        # at best (freed right after the call, before %c).
        cap = fuzz.Block(s, bufs, {"c"}, captured={"a"})
        assert fuzz.pinned_allocs_frees(cap) == {8}
        assert fuzz.optimum(cap)[0] == 512
        assert fuzz.optimum_by_permutations(cap) == 512
        assert (5, 8) in {(a, b) for a, b, _ in fuzz.dependencies(cap)}
    assert fuzz.pinned_allocs_frees(blk) == set()
    assert fuzz.simulate(blk, [x.sid for x in s]) == 768
    assert fuzz.optimum(blk)[0] == 512
    assert fuzz.optimum_by_permutations(blk) == 512
    assert (5, 8) not in {(a, b) for a, b, _ in fuzz.dependencies(blk)}


def test_certificate_attributes_round_trip_and_judge():
    text = ('attributes {peakmem.certificate = {conditioned_on = -1 : i64, '
            'flow = array<i64: 1, 2, 3>, flow2 = array<i64>, kind = "local",'
            ' witness = 4 : i64}, peakmem.lower_bound = 48 : i64, '
            'peakmem.optimal = true, peakmem.peak = 48 : i64}')
    node, end = fuzz.parse_attr(text, len("attributes "))
    assert end == len(text)
    assert fuzz.render_attr(node) == text[len("attributes "):]
    for junk in ('[1, "x", {a = 2 : i32}, 1.500000e+00 : f64]',
                 'array<i32: 1, 2>', '@sym', 'unit', '{k}'):
        n, e = fuzz.parse_attr(junk)
        assert e == len(junk), junk
    # Judging true and false claims about a generated program.
    p = fuzz.generate(fuzz.EXT_BASE + 3)
    facts = fuzz.Facts(p, fuzz.BRUTE_MAX)
    peak, opt = facts.peak(None), facts.opt(None)
    recs = fuzz.Records([("peakmem.peak", ("int", peak, "i64")),
                         ("peakmem.lower_bound", ("int", opt, "i64")),
                         ("peakmem.optimal", ("bool", peak == opt))], {})
    assert fuzz.judge(recs, facts)[0] == []
    recs.func[1] = ("peakmem.lower_bound", ("int", opt + 1, "i64"))
    assert fuzz.judge(recs, facts)[0]
    recs.func[:] = [("peakmem.peak", ("int", peak + 1, "i64"))]
    assert fuzz.judge(recs, facts)[0] == []   # report annotation only


def test_mutator_edits_stay_in_i64():
    """An edit of an extreme i64 entry (a flow capacity of INT64_MAX, a
    bound of INT64_MIN) still prints as an i64: fuzz seed 5003622 made
    INT64_MAX + 1, which the parser rejects ("integer constant out of
    range"), so the verifier never saw the variant."""
    import random
    p = fuzz.generate(fuzz.EXT_BASE)
    facts = fuzz.Facts(p, 0)
    extreme = [2 ** 63 - 1, -2 ** 63, 2 ** 63 - 1]
    for seed in range(200):
        rng = random.Random(seed)
        mut = fuzz.Mutator(rng, facts)
        cert = ("dict", [("conditioned_on", ("int", -2 ** 63, "i64")),
                         ("flow", ("dense", "i64", list(extreme))),
                         ("flow2", ("dense", "i64", list(extreme))),
                         ("kind", ("str", "local")),
                         ("witness", ("int", 2 ** 63 - 1, "i64"))])
        recs = fuzz.Records([("peakmem.certificate", cert),
                             ("peakmem.lower_bound", ("int", 2 ** 63 - 1,
                                                      "i64")),
                             ("peakmem.optimal", ("bool", False)),
                             ("peakmem.peak", ("int", -2 ** 63, "i64"))], {})
        for _ in range(rng.randint(1, 4)):
            mut.mutate(recs)
        text = "{" + recs.func_attrs() + "}"
        for tok in re.findall(r"-?\d{10,}", text):
            assert -2 ** 63 <= int(tok) < 2 ** 63, (seed, tok, text)


def test_mutator_output_always_renders_and_parses():
    """1-4 stacked random edits of records (function and nested) always
    print as attributes that parse back to the same text, and judge()
    never fails on them."""
    import copy
    import random
    cert = ("dict", [("conditioned_on", ("int", -1, "i64")),
                     ("flow", ("dense", "i64", [1, 2, 3])),
                     ("flow2", ("dense", "i64", [])),
                     ("kind", ("str", "local")),
                     ("witness", ("int", 3, "i64"))])
    for seed in range(fuzz.EXT_BASE, fuzz.EXT_BASE + 60):
        p = fuzz.generate(seed)
        facts = fuzz.Facts(p, 0)
        nested = {s.sid: ("array", [("dict", [
            ("certificate", cert), ("lower_bound", ("int", 5, "i64")),
            ("optimal", ("bool", True)), ("peak", ("int", 5, "i64")),
            ("region", ("int", 0, "i64"))])])
            for _, b in p.blocks() for s in b.stmts if s.body}
        recs = fuzz.Records([("peakmem.certificate", cert),
                             ("peakmem.lower_bound", ("int", 5, "i64")),
                             ("peakmem.optimal", ("bool", False)),
                             ("peakmem.peak", ("int", 9, "i64"))], nested)
        rng = random.Random(seed)
        mut = fuzz.Mutator(rng, facts)
        for _ in range(20):
            r = copy.deepcopy(recs)
            for _ in range(rng.randint(1, 4)):
                mut.mutate(r)
            texts = ["{" + r.func_attrs() + "}"] + \
                list(r.nested_attrs().values())
            for t in texts:
                node, end = fuzz.parse_attr(t)
                assert end == len(t) and fuzz.render_attr(node) == t, t
            fuzz.judge(r, facts)


# --------------------------------------------------------------------------
# Every pass, certificates, executions
# --------------------------------------------------------------------------

@needs_opt
@pytest.mark.parametrize("batch", range(BATCHES),
                         ids=lambda b: f"batch{b}")
def test_every_pass(batch):
    seeds = batch_seeds(batch)
    outs = fuzz.check_passes(
        seeds, execute=batch_exec(batch) if HAVE_RUNTIME else 0, jobs=2)
    assert all(o.ok for o in outs), fuzz.failure_report(outs, SHOW)
    s = fuzz.summarize_passes(outs)
    print(f"\nbatch {batch}: {s}")
    # The generator keeps exercising what the checks are about.
    assert s["refused"] == REFUSED
    assert s["brute_force_checked"] >= s["modeled"] // 2, s
    assert s["mutation rejected"] >= 3 * s["mutated_programs"], s
    assert s["records"] >= s["modeled"], s
    if s["modeled"] >= BATCH:
        assert s["recompute_cloned"] >= 1, s
        assert s.get("move rejected", 0) >= 1, s
        # Oversized records (#22 item 7): rejected when checked, reported
        # as not checked under a budget they exceed, never accepted.
        assert s.get("oversized rejected", 0) >= 1, s
        assert s.get("oversized-budget not checked", 0) >= 1, s
    if HAVE_RUNTIME and batch_exec(batch):
        assert s["executed"] == batch_exec(batch), s
    for o in outs:
        assert set(o.known) <= set(fuzz.KNOWN_BUGS), o.known
    if fuzz.ARENA:
        _assert_arena_exercised(s, batch_exec(batch) if HAVE_RUNTIME else 0)


def _assert_arena_exercised(s, nexec):
    """The arena checks keep finding something to check (docs/Testing.md
    "Arena plans")."""
    assert s["arena: planned"] >= s["modeled"] // 2, s
    assert s["arena: oracle checked"] >= s["arena: planned"] // 3, s
    assert s["arena identity accepted"] == s["arena: planned"], s
    rejected = sum(v for k, v in s.items()
                   if k.startswith("arena mutation rejected ("))
    assert rejected >= 3 * s["arena: planned"], s
    for kind in ("overlap", "misalign", "past-end", "optimal"):
        assert s.get(f"arena mutation rejected ({kind})", 0) >= 1, (kind, s)
    assert s.get("arena_opt: planned", 0) >= 1, s
    if nexec:
        assert s.get("arena executed", 0) >= 1, s


# --------------------------------------------------------------------------
# Minimal reproducers of the bugs found (fixed: remove the xfail)
# --------------------------------------------------------------------------

BARRIER_FREE = """
func.func private @barrier()
func.func @f(%arg0: memref<64xf32>) -> memref<64xf32> {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  func.call @barrier() : () -> ()
  %c = memref.alloc() : memref<64xf32>
  linalg.copy ins(%b : memref<64xf32>) outs(%c : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return %c : memref<64xf32>
}
"""

FREES_BEFORE_CALL = """
func.func private @barrier()
func.func @g(%arg0: memref<64xf32>) -> memref<64xf32> {
  %s = memref.alloc() : memref<64xf32>
  linalg.copy ins(%arg0 : memref<64xf32>) outs(%s : memref<64xf32>)
  %t1 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%s : memref<64xf32>) outs(%t1 : memref<64xf32>)
  %t2 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%t1 : memref<64xf32>) outs(%t2 : memref<64xf32>)
  memref.dealloc %t1 : memref<64xf32>
  linalg.add ins(%t2, %s : memref<64xf32>, memref<64xf32>) outs(%t2 : memref<64xf32>)
  memref.dealloc %s : memref<64xf32>
  func.call @barrier() : () -> ()
  return %t2 : memref<64xf32>
}
"""

CLONE_AFTER_WRITE = """
func.func @h(%in: memref<64xf32>, %out: memref<64xf32>) {
  %s = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%s : memref<64xf32>)
  %t1 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%s : memref<64xf32>) outs(%t1 : memref<64xf32>)
  %t2 = memref.alloc() : memref<64xf32>
  linalg.copy ins(%t1 : memref<64xf32>) outs(%t2 : memref<64xf32>)
  memref.dealloc %t1 : memref<64xf32>
  linalg.copy ins(%t2 : memref<64xf32>) outs(%out : memref<64xf32>)
  linalg.add ins(%t2, %s : memref<64xf32>, memref<64xf32>) outs(%t2 : memref<64xf32>)
  memref.dealloc %s : memref<64xf32>
  memref.dealloc %t2 : memref<64xf32>
  return
}
"""

NO_CERTIFICATE = """
func.func @chain(%in: memref<64xf32>) -> memref<64xf32> attributes {peakmem.lower_bound = 4096 : i64, peakmem.optimal = true, peakmem.peak = 4096 : i64} {
  %a = memref.alloc() : memref<64xf32>
  linalg.copy ins(%in : memref<64xf32>) outs(%a : memref<64xf32>)
  %b = memref.alloc() : memref<64xf32>
  linalg.copy ins(%a : memref<64xf32>) outs(%b : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  return %b : memref<64xf32>
}
"""


@needs_opt
def test_bug_reorder_free_pinned_behind_call():
    # Fixed: 768 as written; dealloc %a after the call and before %c: 512.
    rc, out, err = _opt(BARRIER_FREE, fuzz.func_pipeline("peakmem-reorder"))
    assert rc == 0
    assert "error" not in err, err
    assert "peakmem.peak = 512 : i64" in out, err


@needs_opt
def test_bug_recompute_frees_moved_past_call():
    # Fixed: clones are inserted right after their original group and frees
    # take no barrier edges; with or without the call: 768 -> 512.
    rc, out, err = _opt(FREES_BEFORE_CALL, fuzz.func_pipeline(
        fuzz.PASSES["recompute"]))
    assert rc == 0, err
    assert "error" not in err, err
    assert "peak 768 -> 512 bytes by recomputing 1 ops" in err
    no_call = FREES_BEFORE_CALL.replace(
        "  func.call @barrier() : () -> ()\n", "")
    rc, out, err = _opt(no_call, fuzz.func_pipeline(fuzz.PASSES["recompute"]))
    assert rc == 0 and "peak 768 -> 512 bytes by recomputing 1 ops" in err


@needs_opt
def test_bug_recompute_clone_after_write_of_its_input():
    # Fixed: the clone is inserted right after its original group, where it
    # stands in the same order relations as in the plan.
    rc, out, err = _opt(CLONE_AFTER_WRITE, fuzz.func_pipeline(
        fuzz.PASSES["recompute"]))
    assert rc == 0, err
    assert "error" not in err, err
    assert "peak 768 -> 512 bytes by recomputing 1 ops" in err


@needs_opt
def test_bug_verifier_accepts_numbers_without_certificate():
    # Fixed: the chain peaks at 512 bytes; the attributes claim 4096, optimal.
    rc, out, err = _opt(NO_CERTIFICATE,
                        fuzz.func_pipeline(fuzz.VERIFY))
    assert rc != 0 and "rejected" in err, (rc, err)
    rc, out, err = _opt(NO_CERTIFICATE, fuzz.func_pipeline(
        "peakmem-report{remarks=0}"))
    assert "peakmem.peak = 512 : i64" in out


# --------------------------------------------------------------------------
# Determinism (issue #23, docs/Testing.md "Determinism")
# --------------------------------------------------------------------------

def test_determinism_check_names_the_program_that_differs(monkeypatch):
    """check_determinism on canned runs: identical runs count the pass as
    deterministic for every program; a function printed otherwise in the
    second run is a problem of its program only, a remark of another
    program that differs one of that program."""
    from fuzz import determinism
    progs = [fuzz.generate(fuzz.EXT_BASE + k) for k in range(3)]
    text = determinism.batch_module(progs)
    assert text.count("module {") == 1
    for p in progs:
        assert f"func.func @{p.name}(" in text
    first = "module {\n" + "".join(p.text for p in progs) + "}\n"
    remark = f"<unknown>:0: remark: loc(\"{progs[2].name}\"): x\n"
    runs = {"same": [(0, first, remark), (0, first, remark)],
            "func": [(0, first, ""), (0, first.replace(
                progs[1].text, progs[1].text.replace(
                    "memref.alloc()", "memref.alloc() ", 1)), "")],
            "diag": [(0, first, remark), (0, first, remark + remark)]}
    for name, (one, two) in runs.items():
        monkeypatch.setattr(determinism, "opt_run",
                            lambda *a, **k: one)
        monkeypatch.setattr(determinism, "run_busy", lambda *a: two)
        outs = {p.seed: fuzz.PassOutcome(p.seed) for p in progs}
        determinism.check_determinism(progs, outs, ["report"])
        bad = [s for s, o in outs.items() if o.problems]
        if name == "same":
            assert not bad
            assert all(o.variants["deterministic: report"] == 1
                       for o in outs.values())
        else:
            assert bad == [progs[1 if name == "func" else 2].seed], \
                (name, {s: o.problems for s, o in outs.items()})
