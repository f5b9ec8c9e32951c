# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The caching allocator twice: the C model (lib/Runtime/CachingAllocator.c,
through peakmem_caching_replay of libpeakmem_caching_runtime.so) against the
rules written again in Python (tools/caching_rules.py) on random request
traces, and `peakmem exec --allocator caching` against the replay of the
trace it writes. Hand-computed sequences are in
test/Unit/CachingAllocatorTest.cpp, executed programs in
test/Execution/caching_*.mlir."""

import ctypes
import pathlib
import random
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))

import caching_rules  # noqa: E402
from peakmem import binaries, execute  # noqa: E402

MiB = 1 << 20


def _library():
    try:
        return ctypes.CDLL(str(binaries.build_product(
            execute.RUNTIMES["caching"])))
    except (FileNotFoundError, OSError):
        return None


LIB = _library()
needs_library = pytest.mark.skipif(
    LIB is None, reason="libpeakmem_caching_runtime.so not built")


def c_replay(ops, max_split=None):
    """ops: ("a", id, bytes) / ("f", id, 0), as caching_rules.read_trace."""
    sizes, frees, index = [], [], {}
    for kind, ident, size in ops:
        if kind == "a" and size:
            index[ident] = len(sizes)
            sizes.append(size)
            frees.append(0)
        elif kind == "f" and ident in index:
            sizes.append(0)
            frees.append(index.pop(ident))
    arr = ctypes.c_uint64 * max(len(sizes), 1)
    out = (ctypes.c_uint64 * 8)()
    fn = LIB.peakmem_caching_replay
    fn.restype = ctypes.c_int
    status = fn(arr(*sizes), arr(*frees), ctypes.c_uint64(len(sizes)),
                ctypes.c_uint64(max_split or (1 << 64) - 1), out)
    assert status == 0
    return list(out)


def random_trace(rng, steps):
    """Requests of every size class (small, 1-10 MiB, >= 10 MiB, exact
    multiples of 512 and of 2 MiB among them), freed in random order."""
    ops, live, ident = [], [], 0
    for _ in range(steps):
        if live and rng.random() < 0.45:
            ops.append(("f", live.pop(rng.randrange(len(live))), 0))
            continue
        kind = rng.random()
        if kind < 0.45:
            size = rng.randint(1, MiB)
        elif kind < 0.75:
            size = rng.randint(MiB + 1, 10 * MiB)
        elif kind < 0.9:
            size = rng.randint(10 * MiB, 80 * MiB)
        else:
            size = rng.choice([512, MiB, 2 * MiB, 10 * MiB, 20 * MiB,
                               24 * MiB + 64, 19 * MiB])
        ident += 1
        ops.append(("a", ident, size))
        live.append(ident)
    return ops


@needs_library
@pytest.mark.parametrize("max_split", [None, 20 * MiB, 40 * MiB])
def test_python_rules_equal_the_c_model(max_split):
    rng = random.Random(30 + (max_split or 0))
    for _ in range(150):
        ops = random_trace(rng, rng.randint(1, 120))
        rep = caching_rules.replay(ops, max_split)
        c = c_replay(ops, max_split)
        assert (rep.allocated_peak, rep.reserved_peak, rep.requested_peak,
                rep.segments["small"], rep.segments["large"],
                rep.reserved_by_pool["small"],
                rep.reserved_by_pool["large"]) == tuple(c[:7]), ops
        # The explanation's identity holds (explain checks it).
        caching_rules.explain(rep, rep.requested_peak)


def test_rules_by_hand():
    # Two 12 MiB buffers freed, then 24 MiB: no merge across segments.
    ops = [("a", 1, 12 * MiB), ("a", 2, 12 * MiB), ("f", 1, 0), ("f", 2, 0),
           ("a", 3, 24 * MiB)]
    rep = caching_rules.replay(ops)
    assert rep.reserved_peak == 48 * MiB and rep.requested_peak == 24 * MiB
    terms = caching_rules.explain(rep, 24 * MiB)
    assert terms["same_pool"] == 24 * MiB and terms["tail"] == 0
    # One arena request: reserved is its allocation size.
    rep = caching_rules.replay([("a", 1, 24 * MiB + 64)])
    assert rep.reserved_peak == 26 * MiB
    assert caching_rules.explain(rep, 24 * MiB + 64)["tail"] == 2 * MiB - 512
    # max_split_size 40 MiB: a cached 66 MiB block is 20 MiB too large for
    # 46 MiB (refused), a 64 MiB one is not (taken whole, unsplit).
    for cached, reserved, allocated in [(66, 112, 46), (64, 64, 64)]:
        ops = [("a", 1, cached * MiB), ("f", 1, 0), ("a", 2, 46 * MiB)]
        rep = caching_rules.replay(ops, 40 * MiB)
        assert (rep.reserved_peak, rep.allocated_peak) == \
            (reserved * MiB, max(cached, allocated) * MiB)


def test_padded_request_takes_the_smallest_segment():
    for size in (1, MiB, MiB + 1, 5 * MiB, 10 * MiB - 512, 10 * MiB,
                 10 * MiB + 1, 33 * MiB):
        padded = caching_rules.padded_request(size)
        assert padded >= size
        # Every block size from the request's up to 10 MiB (512 B steps):
        # above 10 MiB the segment only grows with the request.
        start = caching_rules.round_size(size)
        best = min(caching_rules.allocation_size(r)
                   for r in range(start, max(start, 10 * MiB) + 1, 512))
        assert caching_rules.allocation_size(
            caching_rules.round_size(padded)) == best
    assert caching_rules.padded_request(5 * MiB) == 10 * MiB


def test_unknown_allocator_is_an_error():
    with pytest.raises(execute.ExecError, match="unknown allocator"):
        execute.execute_text("module {}", allocator="tcmalloc")


def _have_tools():
    try:
        binaries.llvm_tool("mlir-opt")
        binaries.llvm_tool("mlir-runner")
        return LIB is not None
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not _have_tools(), reason="MLIR tools or runtime missing")
def test_exec_caching_equals_the_replay_of_its_trace(tmp_path, monkeypatch):
    text = (REPO / "test/Execution/fork_join.mlir").read_text()
    trace = tmp_path / "trace.txt"
    monkeypatch.setenv("PEAKMEM_CACHING_TRACE", str(trace))
    res = execute.execute_text(text, function="interleaved",
                               allocator="caching")
    malloc = execute.execute_text(text, function="interleaved")
    assert res.output_digest == malloc.output_digest
    assert res.peak_bytes == malloc.peak_bytes == 6464
    ops = caching_rules.read_trace(trace)
    assert [op[0] for op in ops].count("a") == 5
    rep = caching_rules.replay(ops, caching_rules.max_split_of_trace(trace))
    assert rep.requested_peak == 6464
    # 4160 -> 4608, 2048, 256 -> 512 live together; one 2 MiB segment.
    assert res.allocated_peak_bytes == rep.allocated_peak == 7168
    assert res.reserved_peak_bytes == rep.reserved_peak == 2 * MiB
    assert res.caching_stats["small_segments"] == 1
