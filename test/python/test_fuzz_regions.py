# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The differential fuzz test of parallel regions, calls to functions with
a body and inputs in the arena (issue #26; fuzz/gen_regions.py, docs/
Testing.md "Parallel regions and calls"). For every program:
  * the modeled peak (peakmem-report; on the module for calls, so the
    callee is modeled first) equals the generator's own oracle;
  * parallel / forall: planned with arena=alloc and arena=argument, every
    allocation of the parallel body stays a plain allocation, each with the
    remark naming its region, no view of the arena is made inside it, and
    the verifier accepts the plan; executed: the output bits of the input,
    measured == modeled (with arena=argument through a caller allocating
    the arena: arena + what the function still allocates);
  * call: the module-level peakmem-reorder, -certify, -verify-certificate
    accept the caller (certified, the peak never above the input's),
    executed bit-identical with measured == modeled; one arena for the
    call tree (fuzz.config.CROSS_CALL_ARENA): peakmem-reorder and
    plan-arena{arena=argument} on the module give each call a slot of the
    caller's arena, judged from the IR (fuzz/arena_calls.py), executed
    through a caller allocating the arena: bit-identical, measured ==
    arena + padding + peakmem.peak, the arena at most the plain certified
    peak; a slot moved onto a live caller buffer or misrecorded is
    rejected by peakmem-verify-arena; the caller's buffers passed to a
    call stay out with a remark each, a reported gap, until
    fuzz.config.CALL_OPERANDS_INSIDE;
  * inputs in the arena (fuzz.config.INPUTS_IN_ARENA): every parallel
    program planned with arena=argument inputs-in-arena=true too: %x (read
    only) inside, %y (written) passed, peakmem.input_offsets matching the
    input's view, which lives from the entry (arena_plan); executed by a
    caller writing %x at its offset (the argument dropped): bit-identical,
    measured == modeled; the same caller skipping the write must change
    the output bits.
Each judge is shown to catch a tampered program or plan.

Seeds are REGIONS_BASE + the case index. PEAKMEM_FUZZ_REGIONS_PROGRAMS
scales the run (default 30, long 300), PEAKMEM_FUZZ_SEED offsets the first
seed, PEAKMEM_FUZZ_LONG=1 the long mode."""

import concurrent.futures
import os
import re

import pytest

from fuzz import arena_arg, arena_calls, config
from fuzz.arena_plan import arena_violations, parse_arena_plan
from fuzz.gen_regions import KINDS, REGIONS_BASE, generate_regions
from peakmem import binaries, execute, passes

LONG = os.environ.get("PEAKMEM_FUZZ_LONG", "") not in ("", "0")
FIRST = int(os.environ.get("PEAKMEM_FUZZ_SEED", 0))
PROGRAMS = int(os.environ.get("PEAKMEM_FUZZ_REGIONS_PROGRAMS",
                              300 if LONG else 30))
HAVE_OPT = binaries.available("bin/peakmem-opt")
HAVE_RUNTIME = HAVE_OPT and binaries.available(
    "lib/libpeakmem_runtime.so", "mlir-opt", "mlir-runner")
needs_runtime = pytest.mark.skipif(not HAVE_RUNTIME,
                                   reason="peakmem-opt or runtime not built")

REPORT = "peakmem-report{remarks=0}"
CERTIFY = "peakmem-reorder,peakmem-certify,peakmem-verify-certificate"


def opt(text, pipeline):
    """(output, stderr) of peakmem-opt."""
    out, err, _ = passes.run_opt(text, pipeline)
    return out, err


def func_text(module: str, name: str = "f") -> str:
    """The printed function @name, from its line to its closing brace."""
    lines = module.splitlines()
    start = next(i for i, ln in enumerate(lines)
                 if re.match(rf"\s*func\.func (?:private )?@{name}\(", ln))
    end = next(i for i in range(start, len(lines)) if lines[i] == "  }")
    return "\n".join(lines[start:end + 1]) + "\n"


def peak_of(module: str, name: str = "f"):
    m = re.search(r"peakmem\.peak = (\d+)", func_text(module, name)
                  .splitlines()[0])
    return int(m.group(1)) if m else None


def region_problems(p, out: str, err: str):
    """The parallel body of the planned function `out`: its allocations
    stay allocations (p.region_allocs of them, each with its remark), no
    view of the arena is made in it."""
    lines = func_text(out).splitlines()
    start = next(i for i, ln in enumerate(lines)
                 if re.match(r"\s*scf\.(parallel|forall) ", ln))
    depth, body = 0, []
    for ln in lines[start:]:
        depth += ln.rstrip().endswith("{") - ln.strip().startswith("}")
        body.append(ln)
        if depth == 0:
            break
    bad = []
    allocs = sum(" = memref.alloc()" in ln for ln in body)
    if allocs != p.region_allocs:
        bad.append(f"{allocs} allocations in the {p.kind} body, "
                   f"{p.region_allocs} generated")
    if any("memref.view" in ln for ln in body):
        bad.append(f"a view of the arena in the {p.kind} body")
    op = "scf.parallel" if p.kind == "parallel" else "scf.forall"
    said = err.count(f"allocated in '{op}', whose region may run "
                     "concurrently")
    if said != p.region_allocs:
        bad.append(f"{said} remarks for {p.region_allocs} buffers of the "
                   f"{op} body left out")
    return bad


def run(text, func="f", arena_plan=None, **kw):
    """Executes @func (through a caller allocating the arena when
    `arena_plan` is an arena=argument plan; `kw` for arena_arg.caller)."""
    if arena_plan is not None:
        ftext = func_text(text)
        text = text.rstrip()[:-1] + arena_arg.caller(ftext, arena_plan,
                                                     **kw) + "}\n"
        func = arena_arg.WRAPPER + func
    return execute.execute_text(text, function=func)


ARENA_MODES = {"alloc": "arena=alloc", "argument": "arena=argument",
               "inputs": "arena=argument inputs-in-arena=true"}


def check_parallel(p):
    problems = []
    for mode, opts in ARENA_MODES.items():
        if mode == "inputs" and not config.INPUTS_IN_ARENA:
            continue
        pipe = (f"builtin.module(func.func(peakmem-reorder,"
                f"peakmem-plan-arena{{{opts}}},peakmem-verify-arena,"
                f"{REPORT}))")
        out, err = opt(p.text, pipe)
        problems += [f"{mode}: {x}" for x in region_problems(p, out, err)]
        plan = parse_arena_plan(func_text(out))
        if plan.size is None:
            problems.append(f"{mode}: nothing placed")
            continue
        arg = plan if mode != "alloc" else None
        kw = {}
        if mode == "inputs":
            kw["inputs"] = arena_arg.signature_types(func_text(p.text))
            problems += check_inputs(out, plan, kw["inputs"])
        res = run(out, arena_plan=arg, **kw)
        want = plan.peak + (plan.size + arena_arg.caller_padding(plan)
                            if arg else 0)
        if res.peak_bytes != want:
            problems.append(f"{mode}: measured {res.peak_bytes} != modeled "
                            f"{want}")
        yield_digest(problems, mode, res)
    return problems


def check_inputs(out: str, plan, types):
    """inputs-in-arena on a generated parallel program: %x (read only)
    moved into the arena, %y (written) still passed, the record and the
    plan hold from the IR (inputs live from the entry), and the caller
    that skips writing %x changes the output bits (the judge of a wrong
    input offset)."""
    offs = arena_arg.input_offsets(func_text(out))
    bad = arena_arg.input_problems(plan, offs, len(types))
    bad += arena_violations(plan)
    if offs and len(offs) == 2 and (offs[0] < 0 or offs[1] != -1):
        bad.append(f"inputs: peakmem.input_offsets {offs}: %x (read only) "
                   "inside, %y (written) passed expected")
    bad = [f"inputs: {x}" for x in bad]
    if not bad:
        res = run(out, arena_plan=plan, inputs=types, skip=0)
        bad.append(("digest-differs", "inputs: %x not written",
                    res.output_digest))
        bad.append(("count", "inputs in the arena", 1))
    return bad


def yield_digest(problems, what, res):
    problems.append(("digest", what, res.output_digest))


def check_call(p):
    problems = []
    out, err = opt(p.text, f"builtin.module({CERTIFY},{REPORT})")
    after = peak_of(out)
    if after is None or after > p.peak:
        problems.append(f"reorder: peak {p.peak} -> {after}")
    head = func_text(out).splitlines()[0]
    lb = re.search(r"peakmem\.lower_bound = (\d+)", head)
    if not lb or int(lb.group(1)) > after:
        problems.append(f"certify: lower bound {lb and lb.group(1)} for "
                        f"peak {after}")
    res = run(out)
    if res.peak_bytes != after:
        problems.append(f"reorder: measured {res.peak_bytes} != modeled "
                        f"{after}")
    yield_digest(problems, "reorder", res)
    planned, err = opt(p.text, "builtin.module(peakmem-plan-arena,"
                       f"peakmem-verify-arena,{REPORT})")
    passed = len({b for pair in re.findall(
        r"func\.call @g\d\((%\w+), (%\w+)\)", p.text)
        for b in pair if b.startswith("%c")})
    problems += call_operand_gap(err, passed, "arena")
    res = run(planned)
    if res.peak_bytes != peak_of(planned):
        problems.append(f"arena: measured {res.peak_bytes} != modeled "
                        f"{peak_of(planned)}")
    yield_digest(problems, "arena", res)
    if config.CROSS_CALL_ARENA:
        problems += check_call_argument(p, after, passed)
    return problems


def call_operand_gap(err: str, passed: int, what: str):
    """The caller's buffers passed to a call: left out of the arena with a
    remark each (a reported gap) until config.CALL_OPERANDS_INSIDE, then
    inside (no such remark)."""
    said = err.count("its address is passed to 'func.call', which may keep")
    want = 0 if config.CALL_OPERANDS_INSIDE else passed
    if said != want:
        return [f"{what}: {said} buffers left out for a call, {want} "
                f"expected ({passed} passed to calls; fuzz.config."
                "CALL_OPERANDS_INSIDE)"]
    return [("count", f"{arena_calls.CALL_GAP} ({what})", said)] if said \
        else []


CALL_ARG_PIPE = ("builtin.module(peakmem-reorder,"
                 "peakmem-plan-arena{arena=argument},"
                 f"peakmem-verify-arena,{REPORT})")


def check_call_argument(p, plain: int, passed: int):
    """One arena for the call tree (docs/Arena.md): arena=argument on the
    module gives each call a slot of the caller's arena (arena_calls),
    the plan holds from the printed IR alone, and the caller executed
    through a caller allocating the arena: bit-identical, measured ==
    arena + padding + modeled peakmem.peak, the arena alone and (or the
    gap counted with its cause) the whole program at most the plain
    program's certified peak `plain`; a slot moved onto a live caller
    buffer or misrecorded is rejected by peakmem-verify-arena."""
    planned, err = opt(p.text, CALL_ARG_PIPE)
    ftext = func_text(planned)
    plan = parse_arena_plan(ftext)
    if not plan.argument or plan.size is None:
        return [f"arena=argument: the caller not planned: {err[-600:]}"]
    slots, bad = arena_calls.lift_slots(plan, ftext, planned)
    bad += arena_violations(plan)
    if slots != p.calls:
        bad.append(f"arena=argument: {slots} callee slots for {p.calls} "
                   "calls")
    bad = [f"arena=argument: {x}" for x in bad]
    bad += call_operand_gap(err, passed, "arena=argument")
    bad.append(("count", "arena=argument: callee slots inside", slots))
    bad += judge_call_execution(planned, plan, plain)
    for what, text in arena_calls.slot_mutations(ftext, plan):
        kind = "moved onto a live buffer" if "moved onto" in what else \
            "misrecorded"
        bad.append(("count", f"slot mutation tried ({kind})", 1))
        try:
            opt(planned.replace(ftext, text),
                "builtin.module(peakmem-verify-arena)")
            bad.append(f"verify-arena accepts a callee slot mutation: {what}")
        except RuntimeError:
            bad.append(("count", f"slot mutation rejected ({kind})", 1))
        mplan = parse_arena_plan(text)
        _, mbad = arena_calls.lift_slots(mplan, text, planned)
        if not mbad + arena_violations(mplan):
            bad.append(f"the fuzz judge misses a slot mutation: {what}")
    return bad


def judge_call_execution(planned: str, plan, plain: int):
    """The planned caller run through a caller allocating its arena:
    measured == arena + padding + peakmem.peak, the arena alone at most the
    plain certified peak, the whole program too unless buffers passed to a
    call stay outside (the gap, counted); the digest, for check()."""
    bad = []
    res = run(planned, arena_plan=plan)
    pad = arena_arg.caller_padding(plan)
    if res.peak_bytes != plan.size + pad + plan.peak:
        bad.append(f"arena=argument: measured {res.peak_bytes} != arena "
                   f"{plan.size} + {pad} + modeled {plan.peak}")
    if plan.size > plain:
        bad.append(f"arena=argument: arena {plan.size} > the plain "
                   f"certified peak {plain}")
    if res.peak_bytes - pad > plain:
        gap = plan.peak and not config.CALL_OPERANDS_INSIDE
        bad.append(("count", "arena=argument above the plain peak, "
                    + arena_calls.CALL_GAP, 1) if gap else
                   f"arena=argument: measured {res.peak_bytes} - {pad} > "
                   f"the plain certified peak {plain}")
    yield_digest(bad, "arena=argument", res)
    return bad


def check(p, counts=None):
    """The problems of program p, empty when all checks hold; what it
    counted (gaps reported with their cause, slots, mutations) added to
    the dict `counts`."""
    out, _ = opt(p.text, f"builtin.module({REPORT})" if p.kind == "call"
                 else f"builtin.module(func.func({REPORT}))")
    problems = []
    if peak_of(out) != p.peak:
        problems.append(f"modeled peak {peak_of(out)}, oracle {p.peak}")
    try:
        base = run(p.text)
        if base.peak_bytes != p.peak:
            problems.append(f"input: measured {base.peak_bytes}, oracle "
                            f"{p.peak}")
        more = check_call(p) if p.kind == "call" else check_parallel(p)
    except execute.ExecError as err:
        return problems + [f"execution failed: {str(err)[:300]}"]
    for x in more:
        if isinstance(x, tuple) and x[0] == "count":
            if counts is not None:
                counts[x[1]] = counts.get(x[1], 0) + x[2]
        elif isinstance(x, tuple) and x[0] == "digest-differs":
            if x[2] == base.output_digest:
                problems.append(f"{x[1]}: the output bits unchanged")
        elif isinstance(x, tuple):
            if x[2] != base.output_digest:
                problems.append(f"{x[1]}: digest {x[2]} != the input's "
                                f"{base.output_digest}")
        else:
            problems.append(x)
    return problems


def test_region_programs_are_generated():
    """Every kind occurs in turn, the text is a function of the seed, the
    bodies allocate 1-3 buffers, callers call 1-3 times."""
    seen = {}
    for i in range(30):
        p = generate_regions(REGIONS_BASE + i)
        assert p.text == generate_regions(REGIONS_BASE + i).text
        seen.setdefault(p.kind, []).append(p)
    assert set(seen) == set(KINDS)
    assert {p.region_allocs for k in ("parallel", "forall")
            for p in seen[k]} == {1, 2, 3}
    assert {p.calls for p in seen["call"]} <= {1, 2, 3}
    assert max(p.calls for p in seen["call"]) > 1


@needs_runtime
def test_region_differential():
    seeds = [REGIONS_BASE + i for i in range(FIRST, FIRST + PROGRAMS)]
    progs = [generate_regions(s) for s in seeds]
    counts = [{} for _ in progs]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(pool.map(check, progs, counts))
    bad = [f"seed {p.seed} ({p.kind}): " + "; ".join(r)
           for p, r in zip(progs, results) if r]
    total = {}
    for c in counts:
        for k, n in c.items():
            total[k] = total.get(k, 0) + n
    print(f"\nregions: {dict(sorted(total.items()))}")
    assert not bad, "\n".join(bad)
    calls = sum(p.calls for p in progs if p.kind == "call")
    if config.CROSS_CALL_ARENA:
        assert total.get("arena=argument: callee slots inside") == calls, \
            total
        for kind in ("moved onto a live buffer", "misrecorded"):
            assert total.get(f"slot mutation rejected ({kind})", 0) == \
                total.get(f"slot mutation tried ({kind})", 0) > 0, total


@needs_runtime
def test_region_judges_catch_tampering():
    """A wrong oracle peak, a parallel body's buffer moved into the arena
    (which peakmem-verify-arena must reject too) and a caller whose
    callee's scratch is miscounted are each caught."""
    import dataclasses
    par = next(generate_regions(REGIONS_BASE + i) for i in range(30)
               if generate_regions(REGIONS_BASE + i).kind == "parallel")
    assert check(par) == []
    assert any("oracle" in x for x in check(dataclasses.replace(
        par, peak=par.peak + 4)))
    out, err = opt(par.text, "builtin.module(func.func(peakmem-plan-arena))")
    plan = parse_arena_plan(func_text(out))
    m = re.search(r"\n(\s*)(%\w+) = memref\.alloc\(\) : (memref<\d+xf32>)\n",
                  out)
    ind, name, t = m.groups()
    forged = out.replace(m.group(0), (
        f"\n{ind}%fzc = arith.constant 0 : index\n{ind}{name} = memref.view "
        f"{plan.arena}[%fzc][] {{peakmem.align = 4 : i64}} : "
        f"memref<{plan.size}xi8> to {t}\n"), 1).replace(
        f"memref.dealloc {name} : {t}\n", "", 1)
    assert any("view of the arena" in x
               for x in region_problems(par, forged, err))
    with pytest.raises(RuntimeError):
        opt(forged, "builtin.module(func.func(peakmem-verify-arena))")
    call = next(generate_regions(REGIONS_BASE + i) for i in range(30)
                if generate_regions(REGIONS_BASE + i).kind == "call")
    assert check(call) == []
    assert any("oracle" in x for x in check(dataclasses.replace(
        call, peak=call.peak - 4)))


@pytest.mark.skipif(not HAVE_OPT, reason="peakmem-opt not built")
def test_inputs_in_arena_option():
    """arena=argument with the inputs inside (issue #26): until the pass
    has the option (config.INPUTS_IN_ARENA=0), peakmem-opt refuses it by
    name; with it, the generated parallel program plans %x inside."""
    p = generate_regions(REGIONS_BASE)
    pipe = ("builtin.module(func.func(peakmem-plan-arena{arena=argument "
            "inputs-in-arena=true},peakmem-verify-arena))")
    if not config.INPUTS_IN_ARENA:
        with pytest.raises(RuntimeError, match="no such option "
                           "inputs-in-arena"):
            opt(p.text, pipe)
    else:
        out, _ = opt(p.text, pipe)
        assert parse_arena_plan(func_text(out)).argument
        assert arena_arg.input_offsets(func_text(out))[1] == -1


@needs_runtime
def test_inputs_judges_catch_tampering():
    """The inputs-in-arena judges on a parallel program planned with %x
    inside: clean as planned; a recorded input offset changed, a view
    placed on the input's bytes before its first read (the input is live
    from the entry), the caller writing %x one element off or not at all
    (the output bits change) are each caught."""
    from fuzz.arena_edit import set_offset
    p = next(generate_regions(REGIONS_BASE + i) for i in range(30)
             if generate_regions(REGIONS_BASE + i).kind == "parallel")
    out, _ = opt(p.text, "builtin.module(func.func(peakmem-reorder,"
                 f"peakmem-plan-arena{{{ARENA_MODES['inputs']}}}))")
    ftext = func_text(out)
    plan = parse_arena_plan(ftext)
    types = arena_arg.signature_types(func_text(p.text))
    inp = [v for v in plan.views if v.input == 0]
    assert len(inp) == 1 and inp[0].first == -1, plan.views
    assert [x for x in check_inputs(out, plan, types)
            if not isinstance(x, tuple)] == []
    offs = arena_arg.input_offsets(ftext)
    moved = ftext.replace(f"peakmem.input_offsets = array<i64: {offs[0]}, ",
                          f"peakmem.input_offsets = array<i64: "
                          f"{offs[0] + 4}, ", 1)
    assert moved != ftext
    bad = arena_arg.input_problems(parse_arena_plan(moved),
                                   arena_arg.input_offsets(moved), 2)
    assert any("recorded at" in x for x in bad), bad
    # A view live with the input moved onto its bytes.
    other = next(v for v in plan.views if v.input is None and
                 v.first <= inp[0].last)
    over = parse_arena_plan(set_offset(ftext, other, inp[0].offset, "in"))
    assert any("overlaps" in x for x in arena_violations(over))
    base = run(p.text).output_digest
    assert run(out, arena_plan=plan, inputs=types).output_digest == base
    assert run(out, arena_plan=plan, inputs=types, skip=0
               ).output_digest != base
    assert run(out, arena_plan=plan, inputs=types, shift=4
               ).output_digest != base


@needs_runtime
def test_call_arena_judges_catch_tampering(monkeypatch):
    """The cross-call judges (fuzz/arena_calls.py, check_call_argument) on
    a caller with a buffer live across its calls: clean as planned; a
    callee slot moved onto that buffer (offset and record together) is an
    overlap, a misrecorded slot offset a slot problem, and executed the
    moved slot changes the output bits; a false peakmem.peak, a plain peak
    below the arena and a remark count off by one are each reported."""
    from fuzz.arena_edit import set_func_attr
    calls = [generate_regions(REGIONS_BASE + i) for i in range(60)]
    calls = [p for p in calls if p.kind == "call" and p.keep]
    moved_digest = []
    for p in calls[:6]:
        assert check(p) == [], p.seed
        planned, _ = opt(p.text, CALL_ARG_PIPE)
        ftext = func_text(planned)
        plan = parse_arena_plan(ftext)
        assert any("lifetime not shown" in x for x in arena_violations(plan))
        assert arena_calls.lift_slots(plan, ftext, planned) == (p.calls, [])
        assert arena_violations(plan) == []
        base = run(p.text).output_digest
        kinds = set()
        for what, text in arena_calls.slot_mutations(ftext, plan):
            mplan = parse_arena_plan(text)
            n, mbad = arena_calls.lift_slots(mplan, text, planned)
            if "moved onto" in what:
                kinds.add("moved")
                assert mbad == [] and any(
                    "overlaps" in x for x in arena_violations(mplan)), what
                res = run(planned.replace(ftext, text), arena_plan=mplan)
                moved_digest.append(res.output_digest != base)
            else:
                kinds.add("recorded")
                assert any("callee_arena_offset" in x for x in mbad), mbad
        assert "recorded" in kinds, (p.seed, kinds)
        false_peak = set_func_attr(ftext, "peak", plan.peak + 4)
        bad = judge_call_execution(planned.replace(ftext, false_peak),
                                   parse_arena_plan(false_peak), 1 << 30)
        assert any("measured" in str(x) for x in bad), bad
        bad = judge_call_execution(planned, plan, plan.size - 1)
        assert any("> the plain certified peak" in str(x) for x in bad), bad
    # plan-arena may reorder the live buffer away from the calls.
    assert len(moved_digest) >= 2 and any(moved_digest), moved_digest
    err = "its address is passed to 'func.call', which may keep it\n" * 2
    monkeypatch.setattr(config, "CALL_OPERANDS_INSIDE", False)
    assert call_operand_gap(err, 2, "x") == [("count", arena_calls.CALL_GAP +
                                              " (x)", 2)]
    assert call_operand_gap(err, 3, "x") and \
        isinstance(call_operand_gap(err, 3, "x")[0], str)
    monkeypatch.setattr(config, "CALL_OPERANDS_INSIDE", True)
    assert isinstance(call_operand_gap(err, 2, "x")[0], str)
    assert call_operand_gap("", 2, "x") == []
