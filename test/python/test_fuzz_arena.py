# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Arena plans of random programs (docs/Testing.md "Arena plans"): the
checker of the fuzzer on hand-written plans, and the original generator's
programs through peakmem-reorder, -plan-arena and -verify-arena alone
(test_fuzz_passes.py runs the arena checks on every extended program),
also with arena=argument: the results inside, the program executed by a
caller that allocates the arena (fuzz/arena_arg.py).

PEAKMEM_FUZZ_ARENA_DEFAULT / _DEFAULT_EXEC scale the run, PEAKMEM_FUZZ_SEED
is the first seed, PEAKMEM_FUZZ_LONG=1 the long mode."""

import os

import pytest

import fuzz
from peakmem import binaries

LONG = os.environ.get("PEAKMEM_FUZZ_LONG", "") not in ("", "0")
FIRST = int(os.environ.get("PEAKMEM_FUZZ_SEED", 0))
HAVE_OPT = binaries.available("bin/peakmem-opt")
HAVE_RUNTIME = HAVE_OPT and binaries.available(
    "lib/libpeakmem_runtime.so", "mlir-opt", "mlir-runner")
needs_opt = pytest.mark.skipif(not HAVE_OPT, reason="peakmem-opt not built")


NUM_ARENA_DEFAULT = int(os.environ.get("PEAKMEM_FUZZ_ARENA_DEFAULT",
                                       1000 if LONG else 100))
ARENA_DEFAULT_EXEC = int(os.environ.get("PEAKMEM_FUZZ_ARENA_DEFAULT_EXEC",
                                        50 if LONG else 5))

PLAN = """  func.func @p(%arg0: memref<64xf32>, %arg1: memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 512 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 512 : i64} {
    %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<512xi8>
    %c0 = arith.constant 0 : index
    %view = memref.view %alloc[%c0][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
    linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
    %c256 = arith.constant 256 : index
    %view_0 = memref.view %alloc[%c256][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
    linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
    %c0_1 = arith.constant 0 : index
    %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<512xi8> to memref<64xf32>
    linalg.copy ins(%view_0 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
    scf.for %i = %c0 to %c256 step %c256 {
      %s = memref.subview %view_2[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
      linalg.fill ins(%f : f32) outs(%s : memref<32xf32, strided<[1]>>)
    }
    linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1 : memref<64xf32>)
    memref.dealloc %alloc : memref<512xi8>
    return
  }
"""


def test_arena_checker_on_a_handwritten_plan():
    """parse_arena_plan and arena_violations, without the tools: the plan
    of the chain a -> b -> c (c reuses a's bytes) is valid; c moved onto b,
    misaligned, past the end, a false optimality claim or a view passed to
    a call are each found."""
    plan = fuzz.parse_arena_plan(PLAN)
    assert [(v.offset, v.size) for v in plan.views] == \
        [(0, 256), (256, 256), (0, 256)]
    a, b, c = plan.views
    # Entry-block statements: 0 the arena, 1 %c0, 2 view, 3 copy, ...; a
    # view's bytes are in use from the first statement reaching them (its
    # creation touches none): a from the copy at 3, b from 6, c from 9.
    assert (a.first, a.last) == (3, 6), (a.first, a.last)
    assert (b.first, b.last) == (6, 9), (b.first, b.last)
    # c: the subview nested in the loop (10) counts for the loop; c's last
    # use is the copy to %arg1 (11).
    assert (c.first, c.last) == (9, 11), (c.first, c.last)
    assert fuzz.arena_violations(plan) == []
    assert fuzz.arena_violations(plan, oracle_opt=512) == []
    assert any("oracle" in x for x in
               fuzz.arena_violations(plan, oracle_opt=511))
    moved = fuzz.parse_arena_plan(fuzz.set_offset(PLAN, c, 256, "t"))
    assert any("overlaps" in x for x in fuzz.arena_violations(moved))
    mis = fuzz.parse_arena_plan(fuzz.set_offset(PLAN, b, 258, "t"))
    assert any("misaligned" in x for x in fuzz.arena_violations(mis))
    past = fuzz.parse_arena_plan(fuzz.set_offset(PLAN, b, 260, "t"))
    assert any("outside" in x for x in fuzz.arena_violations(past))
    small = fuzz.parse_arena_plan(fuzz.set_arena_size(PLAN, plan, 508))
    assert small.arena_type_size == 508 and fuzz.arena_violations(small)
    flip = fuzz.parse_arena_plan(
        fuzz.set_func_attr(PLAN, "arena_optimal", False))
    assert any("arena_optimal" in x for x in fuzz.arena_violations(flip))
    call = PLAN.replace(
        "    linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1",
        "    func.call @keep(%view_0) : (memref<64xf32>) -> ()\n"
        "    linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg1")
    assert any("lifetime not shown" in x for x in
               fuzz.arena_violations(fuzz.parse_arena_plan(call)))


NESTED_PLAN = """  func.func @p(%arg0: f32, %arg1: memref<64xf32>, %arg2: index) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 256 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 256 : i64} {
    %alloc = memref.alloc() {alignment = 4 : i64, peakmem.arena} : memref<256xi8>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %arg2 step %c1 {
      %c0_0 = arith.constant 0 : index
      %view = memref.view %alloc[%c0_0][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
      linalg.fill ins(%arg0 : f32) outs(%view : memref<64xf32>)
      scf.for %arg4 = %c0 to %arg2 step %c1 {
        linalg.add ins(%view, %arg1 : memref<64xf32>, memref<64xf32>) outs(%arg1 : memref<64xf32>)
      }
      %c0_1 = arith.constant 0 : index
      %view_2 = memref.view %alloc[%c0_1][] {peakmem.align = 4 : i64} : memref<256xi8> to memref<64xf32>
      linalg.fill ins(%arg0 : f32) outs(%view_2 : memref<64xf32>)
      linalg.add ins(%view_2, %arg1 : memref<64xf32>, memref<64xf32>) outs(%arg1 : memref<64xf32>)
    }
    memref.dealloc %alloc : memref<256xi8>
    return
  }
"""


def test_arena_checker_on_nested_sharing():
    """docs/Arena.md "Nested blocks", judged from the printed IR alone: two
    views of one loop body whose lives inside it are disjoint (the first
    is last read by the inner loop, which ends before the second view) may
    share bytes; read again after the second view is written, or used by
    the op defining it, they may not. In an scf.parallel body nothing
    shares."""
    plan = fuzz.parse_arena_plan(NESTED_PLAN)
    a, b = plan.views
    assert a.nested and b.nested and a.first == b.first == 3
    # Lines of the function: a from its view (6) to the end of the inner
    # loop (10); b from 12 to its add (14).
    assert a.sub == (6, 10) and b.sub == (12, 14), (a.sub, b.sub)
    assert fuzz.arena_violations(plan) == []
    late = NESTED_PLAN.replace(
        "linalg.add ins(%view_2, %arg1 :", "linalg.add ins(%view_2, %view :")
    bad = fuzz.arena_violations(fuzz.parse_arena_plan(late))
    assert any("overlaps" in x for x in bad), bad
    par = NESTED_PLAN.replace(
        "scf.for %arg3 = %c0 to %arg2 step %c1 {",
        "scf.parallel (%arg3) = (%c0) to (%arg2) step (%c1) {")
    pv = fuzz.parse_arena_plan(par).views
    assert [v.sub for v in pv] == [None, None]
    assert any("overlaps" in x for x in
               fuzz.arena_violations(fuzz.parse_arena_plan(par)))


@needs_opt
@pytest.mark.skipif(not fuzz.ARENA, reason="PEAKMEM_FUZZ_ARENA=0")
def test_arena_default_programs():
    """The original generator's programs (seeds from 0, which
    test_differential.py checks for peakmem-reorder) through the arena
    checks alone; a few executed."""
    seeds = list(range(FIRST, FIRST + NUM_ARENA_DEFAULT))
    nexec = ARENA_DEFAULT_EXEC if HAVE_RUNTIME else 0
    outs = fuzz.check_arena_programs(seeds, execute=nexec, jobs=2)
    s = fuzz.summarize_passes(outs)
    print(f"\narena, original programs: {s}")
    assert all(o.ok for o in outs), fuzz.failure_report(outs)
    assert s["arena: planned"] >= len(seeds) // 2, s
    assert s["arena: oracle checked"] >= s["arena: planned"] // 2, s
    # arena=argument: planned (results inside), checked and mutated alike.
    assert s["arena_arg: planned"] >= len(seeds) * 9 // 10, s
    assert s["arena_arg: oracle checked"] >= s["arena_arg: planned"] // 2, s
    assert s["arena_arg: results inside"] >= len(seeds) // 2, s
    assert s["arena mutation rejected (result-offset)"] >= len(seeds), s
    if nexec:
        assert s.get("arena executed", 0) == nexec, s
        assert s.get("arena=argument executed", 0) == nexec, s


def test_forged_alias_through_a_reinterpret_cast():
    """Issue #22 item 6 on the hand-written plan: a fill through a
    reinterpret_cast of %view moved onto the bytes of %view_0 (live) is a
    violation; the same cast inside %view is not."""
    import random
    from fuzz import arena_edit
    plan = fuzz.parse_arena_plan(PLAN)
    kinds = {}
    for seed in range(40):
        for kind, what, text in arena_edit.forged_aliases(
                PLAN, plan, random.Random(seed), 1):
            bad = fuzz.arena_violations(fuzz.parse_arena_plan(text))
            if kind == "forged-alias":
                assert any("reaches bytes [256, 512)" in x for x in bad), \
                    (what, bad)
            else:
                assert bad == [], (what, bad)
            assert "= memref.reinterpret_cast %view" in text
            kinds[kind] = kinds.get(kind, 0) + 1
    assert set(kinds) == {"forged-alias", "alias-inside"}, kinds


ARG_PLAN = """  func.func @q(%arg0: memref<64xf32>, %arg1: memref<768xi8> {peakmem.arena}) -> (memref<64xf32>, memref<64xf32>) attributes {peakmem.arena_alignment = 4 : i64, peakmem.arena_lower_bound = 768 : i64, peakmem.arena_optimal = true, peakmem.arena_size = 768 : i64, peakmem.peak = 0 : i64, peakmem.result_offsets = array<i64: 256, 512>} {
    %c0 = arith.constant 0 : index
    %view = memref.view %arg1[%c0][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
    linalg.copy ins(%arg0 : memref<64xf32>) outs(%view : memref<64xf32>)
    %c256 = arith.constant 256 : index
    %view_0 = memref.view %arg1[%c256][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
    linalg.copy ins(%view : memref<64xf32>) outs(%view_0 : memref<64xf32>)
    %c512 = arith.constant 512 : index
    %view_1 = memref.view %arg1[%c512][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
    linalg.copy ins(%view : memref<64xf32>) outs(%view_1 : memref<64xf32>)
    %c0_2 = arith.constant 0 : index
    %view_2 = memref.view %arg1[%c0_2][] {peakmem.align = 4 : i64} : memref<768xi8> to memref<64xf32>
    linalg.copy ins(%view_1 : memref<64xf32>) outs(%view_2 : memref<64xf32>)
    linalg.copy ins(%view_2 : memref<64xf32>) outs(%arg0 : memref<64xf32>)
    return %view_0, %view_1 : memref<64xf32>, memref<64xf32>
  }
"""


def test_arena_checker_on_an_argument_plan():
    """arena=argument (docs/Arena.md "Results inside the arena"), judged
    from the printed IR: the arena is the argument marked peakmem.arena,
    a returned view lives to the return and is recorded in
    peakmem.result_offsets. A result's record changed or dropped, a view
    moved onto a result after its producer, the arena shrunk below a
    result, or a returned view of an allocated arena are each found."""
    from fuzz import arena_arg
    plan = fuzz.parse_arena_plan(ARG_PLAN)
    assert plan.argument and plan.arena == "%arg1" and \
        plan.arena_type_size == 768
    assert plan.returned == ["%view_0", "%view_1"]
    a, r0, r1, c = plan.views
    assert r0.returned == {"%view_0"} and r1.returned == {"%view_1"}
    assert (r0.last, r1.last) == (13, 13) and not r0.hidden
    assert fuzz.arena_violations(plan) == []
    # c reuses a's bytes; moved onto a result, which is live to the end.
    moved = fuzz.arena_violations(fuzz.parse_arena_plan(
        fuzz.set_offset(ARG_PLAN, c, 256, "t")))
    assert any("overlaps" in x for x in moved), moved
    # A result moved without its record.
    res = fuzz.arena_violations(fuzz.parse_arena_plan(
        fuzz.set_offset(ARG_PLAN, r1, 0, "t")))
    assert any("recorded at offset 512" in x for x in res), res
    import random
    kinds = set()
    for seed in range(6):
        for kind, what, text in arena_arg.result_mutations(
                ARG_PLAN, plan, random.Random(seed)):
            bad = fuzz.arena_violations(fuzz.parse_arena_plan(text))
            assert bad, what
            kinds.add(what.split(" recorded")[0])
    assert {"result #0", "result #1", "peakmem.result_offsets dropped"} <= \
        kinds, kinds
    small = fuzz.parse_arena_plan(fuzz.set_arena_size(ARG_PLAN, plan, 700))
    assert small.arena_type_size == 700 and \
        any("outside the arena" in x for x in fuzz.arena_violations(small))
    # The result types are untouched by the size edit.
    assert "-> (memref<64xf32>, memref<64xf32>)" in \
        fuzz.set_arena_size(ARG_PLAN, plan, 700)
    alloc = ARG_PLAN.replace(
        ", %arg1: memref<768xi8> {peakmem.arena})", ")").replace(
        "    %c0 = arith.constant 0 : index\n",
        "    %arg1 = memref.alloc() {alignment = 4 : i64, peakmem.arena} : "
        "memref<768xi8>\n    %c0 = arith.constant 0 : index\n", 1)
    aplan = fuzz.parse_arena_plan(alloc)
    assert not aplan.argument and aplan.arena == "%arg1"
    assert any("lifetime not shown" in x for x in
               fuzz.arena_violations(aplan))


def test_argument_caller_and_result_rules():
    """The caller arena_arg.caller() writes around a planned function (the
    arena allocated by the caller, passed at the arena argument's
    position, the results returned), and the rule for which results must
    be inside: a result returned directly is; one returned through a view
    is outside until fuzz.config.RESULT_VIEWS_INSIDE."""
    from fuzz import arena_arg
    plan = fuzz.parse_arena_plan(ARG_PLAN)
    text = arena_arg.caller(ARG_PLAN, plan)
    assert "func.func @fzcaller_q(%fzw0: memref<64xf32>) -> " \
        "(memref<64xf32>, memref<64xf32>)" in text
    assert "%fzarena = memref.alloc() : memref<768xi8>" in text
    assert "%fzr:2 = func.call @q(%fzw0, %fzarena) : (memref<64xf32>, " \
        "memref<768xi8>) -> (memref<64xf32>, memref<64xf32>)" in text
    assert "linalg.fill" in arena_arg.caller(ARG_PLAN, plan, dirty=True)
    p = next(fuzz.generate(s) for s in range(200)
             if any(v.name != v.base for v in fuzz.generate(s).results))
    direct = [k for k, v in enumerate(p.results) if v.name == v.base]
    viewed = [k for k, v in enumerate(p.results) if v.name != v.base]
    plan = fuzz.ArenaPlan(64, 64, True, 4, "%a", 64, None, [], 0, True,
                          [-1] * len(p.results))
    bad = arena_arg.result_problems(p, plan)
    assert not any("returned through a view" in x for x in bad) or \
        fuzz.config.RESULT_VIEWS_INSIDE, bad
    plan.result_offsets = [0] * len(p.results)
    bad = arena_arg.result_problems(p, plan)
    assert all(f"result #{k}" in " ".join(bad) for k in viewed) != \
        fuzz.config.RESULT_VIEWS_INSIDE, bad
    assert not direct or all(f"result #{k} " not in " ".join(bad)
                             for k in direct)


@pytest.mark.skipif(not HAVE_RUNTIME, reason="runtime not built")
def test_argument_execution_judge_catches_tampering():
    """arena_arg.execute_argument on a planned program of seed 0..: clean
    as planned; a false peakmem.peak claim, a plain peak below the arena
    and every view moved onto the same bytes (the output bits change) are
    each reported."""
    from fuzz import arena_arg, arena_edit
    from fuzz.differential import ExecOutcome
    from fuzz.runner import func_pipeline, run_chunks
    from peakmem import execute
    for seed in range(40):
        p = fuzz.generate(seed)
        run = run_chunks([(seed, p.module())],
                         func_pipeline(*arena_arg.ARENA_ARG_PIPE))
        text = run.funcs[p.name]
        plan = fuzz.parse_arena_plan(text)
        offs = [v.offset for v in plan.views]
        if plan.peak == 0 and len(set(offs)) < len(offs) and \
                len(plan.views) >= 3:
            break
    inp = execute.execute_text(p.module(stubs=True), function=p.name)
    pad = arena_arg.caller_padding(plan)

    def judge(t, plain):
        e = ExecOutcome(seed, [])
        arena_arg.execute_argument(p, t, inp, plain, e, lambda *a: None)
        return e.problems
    assert judge(text, plan.size) == []
    peak = judge(fuzz.set_func_attr(text, "peak", 4), plan.size)
    assert any("!= arena" in x for x in peak), peak
    low = judge(text, plan.size - 1)
    assert any("certified peak" in x for x in low), low
    assert pad == 0 or plan.alignment > 16
    # Every view moved to offset 0: buffers live at once share bytes; on a
    # program where that changes the output bits (not on a chain of
    # copies, which writes the same values over them), the judge says so
    # (its spread run shows the program reads no uninitialised memory).
    tried = []
    for s2 in range(seed, seed + 40):
        p = fuzz.generate(s2)
        run = run_chunks([(s2, p.module())],
                         func_pipeline(*arena_arg.ARENA_ARG_PIPE))
        plan = fuzz.parse_arena_plan(run.funcs[p.name])
        if plan.peak != 0 or len(plan.views) < 3:
            continue
        collapsed = run.funcs[p.name]
        for v in sorted(plan.views, key=lambda v: -v.line):
            collapsed = arena_edit.set_offset(collapsed, v, 0, f"z{v.line}")
        inp = execute.execute_text(p.module(stubs=True), function=p.name)
        bad = judge(collapsed, 1 << 30)
        tried.append(s2)
        if bad:
            break
    assert any("digest" in x for x in bad), (tried, bad)


NUM_LEAKED = int(os.environ.get("PEAKMEM_FUZZ_ARENA_LEAKED",
                                300 if LONG else 30))


@needs_opt
@pytest.mark.skipif(not fuzz.ARENA, reason="PEAKMEM_FUZZ_ARENA=0")
def test_arena_leaked_programs():
    """Leaked buffers on purpose (fuzz.config.LEAKED_BASE: the original
    program with one entry-block free removed; original seed 41 leaks by
    itself): the arena checks of test_arena_default_programs, and with
    arena=argument each leaked buffer inside the arena once
    fuzz.config.LEAKED_INSIDE, until then counted outside (the gap)."""
    from fuzz.config import LEAKED_BASE, LEAKED_INSIDE
    seeds = [LEAKED_BASE + s for s in range(FIRST, FIRST + NUM_LEAKED)]
    nexec = ARENA_DEFAULT_EXEC if HAVE_RUNTIME else 0
    outs = fuzz.check_arena_programs(seeds, execute=nexec, jobs=2)
    s = fuzz.summarize_passes(outs)
    print(f"\narena, leaked programs: {s}")
    assert all(o.ok for o in outs), fuzz.failure_report(outs)
    leaked = s.get("arena_arg: leaked buffers", 0)
    assert leaked >= len(seeds) * 3 // 4, s
    inside = s.get("arena_arg: leaked buffers inside", 0)
    gap = s.get("arena_arg: leaked buffers outside (gap: never freed, not "
                "returned)", 0)
    assert inside == leaked if LEAKED_INSIDE else inside + gap <= leaked, s
    if nexec:
        assert s.get("arena=argument executed", 0) == nexec, s


def test_leaked_judge_catches_an_outside_buffer(monkeypatch):
    """arena_arg.leaked_problems on a leaked program (fuzz.config.
    LEAKED_BASE) and plans written by hand: its leaked buffers as
    allocations are the counted gap, and a problem once fuzz.config.
    LEAKED_INSIDE; as views of the arena at their statements, inside."""
    import re
    from fuzz import arena_arg, config
    monkeypatch.setattr(config, "LEAKED_INSIDE", False)
    p = next(fuzz.generate(config.LEAKED_BASE + s) for s in range(20)
             if arena_arg.leaked_sids(fuzz.generate(config.LEAKED_BASE + s)))
    leaked = arena_arg.leaked_sids(p)
    assert "leaked buffer" in fuzz.features(p)
    plan = fuzz.ArenaPlan(16, 16, True, 4, "%a", 16, None, [], 0, True, [0])
    counts = {}

    def count(k, n=1):
        counts[k] = counts.get(k, 0) + n
    assert arena_arg.leaked_problems(p, p.text, plan, count) == []
    assert counts["arena_arg: leaked buffers outside (gap: never freed, "
                  "not returned)"] == len(leaked), counts
    monkeypatch.setattr(config, "LEAKED_INSIDE", True)
    assert arena_arg.leaked_problems(p, p.text, plan, count)
    plan.views = []
    for sid in leaked:
        v = fuzz.parse_arena_plan(ARG_PLAN).views[0]
        v.sid = sid
        plan.views.append(v)
    inside = re.sub(r"= memref\.alloc\(\)", "= memref.view", p.text)
    assert arena_arg.leaked_problems(p, inside, plan, count) == []
