# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Tests of `python -m peakmem exec` (python/peakmem/execute.py) and of the
counting runtime (lib/Runtime/CountingAllocator.c).

The parsing tests need nothing; the others need mlir-opt/mlir-runner and a
built runtime (PEAKMEM_BUILD_DIR, default <repo>/build) and are skipped
without them.
"""

import argparse
import os
import pathlib
import struct
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]

from peakmem import execute, binaries


def _have_runtime():
    try:
        binaries.build_product("lib/libpeakmem_runtime.so")
        binaries.llvm_tool("mlir-opt")
        binaries.llvm_tool("mlir-runner")
        return True
    except FileNotFoundError:
        return False


needs_runtime = pytest.mark.skipif(
    not _have_runtime(), reason="runtime not built or MLIR tools missing")

# --------------------------------------------------------------------------
# Reference model of the fill and the digest (docs/Execution.md)
# --------------------------------------------------------------------------

M64 = (1 << 64) - 1


def mix64(z):
    z = (z + 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def fill_bytes(elem, n, seed):
    s = mix64(seed & M64)
    out = bytearray()
    for i in range(n):
        h = mix64(s ^ i)
        if elem == "f32":
            out += struct.pack("<f", (h >> 40) / 2.0**23 - 1.0)
        elif elem == "f64":
            out += struct.pack("<d", (h >> 11) / 2.0**52 - 1.0)
        elif elem == "f16":
            out += struct.pack("<e", (h >> 53) / 1024.0 - 1.0)
        elif elem == "bf16":
            f = struct.pack("<f", (h >> 56) / 128.0 - 1.0)
            out += f[2:4]
        elif elem == "i1":
            out += bytes([h >> 63])
        elif elem == "i8":
            out += struct.pack("<B", h >> 56)
        elif elem == "i16":
            out += struct.pack("<H", h >> 48)
        elif elem == "i32":
            out += struct.pack("<I", h >> 32)
        elif elem in ("i64", "index"):
            out += struct.pack("<Q", h)
        else:
            raise ValueError(elem)
    return bytes(out)


def digest(buffers):
    h = 0xCBF29CE484222325
    for buf in buffers:
        for b in struct.pack("<Q", len(buf)) + buf:
            h = ((h ^ b) * 0x100000001B3) & M64
    return f"{h:016x}"


def test_reference_fill_values():
    # f32 values are in [-1, 1) and not all equal.
    vals = struct.unpack("<16f", fill_bytes("f32", 16, 0))
    assert all(-1.0 <= v < 1.0 for v in vals)
    assert len(set(vals)) == 16


# --------------------------------------------------------------------------
# Parsing (no tools needed)
# --------------------------------------------------------------------------

SIGNATURES = """\
#map = affine_map<(d0, d1) -> (d0, d1)>
module attributes {llvm.target_triple = "x86_64-unknown-linux-gnu"} {
  func.func private @decl(memref<?xf32>) -> memref<?xf32>
  func.func @f(%arg0: memref<3x5xf32> {bufferization.writable = true}, %arg1: i32, %arg2: memref<2x3xf32, strided<[6, 1], offset: ?>>) -> (memref<3x5xf32>, index) attributes {peakmem.peak = 184 : i64, peakmem.other = {a = "->x>"}} {
    return
  }
  func.func @g() -> memref<f16> {
    return
  }
  func.func private @helper(%arg0: memref<?xindex>) {
    return
  }
  module @inner {
    func.func @nested(%arg0: memref<4xf32>) {
      return
    }
  }
}
"""


def test_parse_functions():
    funcs = {f.name: f for f in execute.parse_functions(SIGNATURES)}
    assert set(funcs) == {"decl", "f", "g", "helper"}  # not the nested one
    f = funcs["f"]
    assert f.has_body and f.visibility == "public"
    assert [t.kind for t in f.args] == ["memref", "scalar", "memref"]
    assert f.args[0].shape == (3, 5) and f.args[0].elem == "f32"
    assert f.args[0].num_bytes == 60 and f.args[0].layout is None
    assert f.args[1].text == "i32"
    assert f.args[2].layout == "strided<[6, 1], offset: ?>"
    assert [t.text for t in f.results] == ["memref<3x5xf32>", "index"]
    assert execute.modeled_peak(f) == 184
    g = funcs["g"]
    assert g.results[0].shape == () and g.results[0].num_bytes == 2
    assert not funcs["decl"].has_body
    # Unsupported types only matter for the function under test.
    assert funcs["helper"].args[0].kind == "other"
    assert "dynamic shape" in funcs["helper"].args[0].error


def test_select_function():
    funcs = execute.parse_functions(SIGNATURES)
    with pytest.raises(execute.ExecError, match="exactly one public"):
        execute.select_function(funcs, None)
    assert execute.select_function(funcs, "g").name == "g"
    assert execute.select_function(funcs, "@helper").name == "helper"
    with pytest.raises(execute.ExecError, match="no function @decl"):
        execute.select_function(funcs, "decl")


def test_unsupported_types():
    with pytest.raises(execute.ExecError, match="memory space"):
        execute.parse_type("memref<4xf32, 1>", "x")
    with pytest.raises(execute.ExecError, match="element type"):
        execute.parse_type("memref<4xcomplex<f32>>", "x")
    with pytest.raises(execute.ExecError, match="unsupported type"):
        execute.parse_type("tensor<4xf32>", "x")
    assert execute.parse_type("memref<2x3xindex>", "x").num_bytes == 48


def test_driver_name_avoids_collisions():
    assert execute.driver_name("func.func @f() {\n}") == "main"
    assert execute.driver_name("func.func @main() {\n}") == "peakmem_exec_main"
    text = "func.func @main()\n call @peakmem_exec_main()"
    assert execute.driver_name(text) == "peakmem_exec_main2"


def test_append_driver_before_resources():
    text = "module {\n  func.func @f() {\n    return\n  }\n}\n\n{-#\n}\n#-}\n"
    out = execute.append_driver(text, "  DRIVER\n")
    assert out.index("DRIVER") < out.index("{-#")
    assert out.rstrip().endswith("#-}")
    assert out.count("\n}\n") == 2  # the module's brace + the resources'


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------

COPY_TEMPLATE = """
func.func @copy(%x: memref<5x{t}>) -> memref<5x{t}> {{
  %r = memref.alloc() : memref<5x{t}>
  memref.copy %x, %r : memref<5x{t}> to memref<5x{t}>
  return %r : memref<5x{t}>
}}
"""


@needs_runtime
@pytest.mark.parametrize("elem", ["f32", "f64", "f16", "bf16", "i1", "i8",
                                  "i16", "i32", "i64", "index"])
def test_fill_and_digest_match_reference(elem):
    res = execute.execute_text(COPY_TEMPLATE.format(t=elem), seed=3)
    data = fill_bytes(elem, 5, execute.arg_seed(3, 0))
    assert res.peak_bytes == 5 * execute.ELEMENT_KINDS[elem][1]
    # Result first, then the argument: both hold the filled data.
    assert res.output_digest == digest([data, data])


SCALE = """
#id = affine_map<(i) -> (i)>
func.func @scale(%x: memref<64xf32>) -> memref<64xf32> {{
  %c = arith.constant {factor} : f32
  %t = memref.alloc() {{alignment = 64 : i64}} : memref<64xf32>
  linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel"]}}
      ins(%x : memref<64xf32>) outs(%t : memref<64xf32>) {{
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %c : f32
    %e = math.tanh %m : f32
    linalg.yield %e : f32
  }}
  %r = memref.alloc() : memref<64xf32>
  memref.copy %t, %r : memref<64xf32> to memref<64xf32>
  memref.dealloc %t : memref<64xf32>
  return %r : memref<64xf32>
}}
"""


@needs_runtime
def test_digest_is_deterministic_and_data_sensitive():
    a = execute.execute_text(SCALE.format(factor="2.0"))
    b = execute.execute_text(SCALE.format(factor="2.0"))
    assert a.output_digest == b.output_digest
    assert a.peak_bytes == b.peak_bytes == (256 + 64) + 256
    assert a.live_bytes_at_end == 256
    assert (a.alloc_count, a.free_count) == (2, 1)
    # Different input data, same memory.
    c = execute.execute_text(SCALE.format(factor="2.0"), seed=1)
    assert c.output_digest != a.output_digest
    assert c.peak_bytes == a.peak_bytes
    # A different computation.
    d = execute.execute_text(SCALE.format(factor="3.0"))
    assert d.output_digest != a.output_digest


@needs_runtime
def test_input_function_is_unchanged(tmp_path):
    src = SCALE.format(factor="2.0")
    execute.execute_text(src, keep=str(tmp_path))
    normalized = binaries.run([binaries.llvm_tool("mlir-opt"),
                            str(tmp_path / "input.mlir")])
    driven = (tmp_path / "driver.mlir").read_text()
    # The driver only adds lines before the module's closing brace.
    head = normalized[:normalized.rindex("}")]
    assert driven.startswith(head)
    for name in ("input.mlir", "driver.mlir", "lowered.mlir", "run.out"):
        assert (tmp_path / name).exists()


def _cli(*argv):
    env = {"PYTHONPATH": str(REPO / "python"), "PATH": "/usr/bin:/bin"}
    for key in ("PEAKMEM_BUILD_DIR", "PEAKMEM_LLVM_BIN"):
        if key in os.environ:
            env[key] = os.environ[key]
    return subprocess.run([sys.executable, "-m", "peakmem", "exec", *argv],
                          capture_output=True, text=True, env=env)


@needs_runtime
def test_cli_check_model(tmp_path):
    src = SCALE.format(factor="2.0").replace(
        "-> memref<64xf32> {", "-> memref<64xf32> attributes "
        "{peakmem.peak = PEAK : i64} {", 1)
    good = tmp_path / "good.mlir"
    good.write_text(src.replace("PEAK", "576"))
    proc = _cli(str(good), "--check-model")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == "peak_bytes: 576"
    assert proc.stdout.splitlines()[1].startswith("output_digest: ")
    assert proc.stdout.splitlines()[2] == "model_matches: 576"
    bad = tmp_path / "bad.mlir"
    bad.write_text(src.replace("PEAK", "512"))
    proc = _cli(str(bad), "--check-model")
    assert proc.returncode == 1
    assert "modeled peakmem.peak = 512 but measured peak_bytes = 576" \
        in proc.stderr


@needs_runtime
def test_cli_reports_unsupported_signature(tmp_path):
    f = tmp_path / "dyn.mlir"
    f.write_text("func.func @d(%x: memref<?xf32>) {\n  return\n}\n")
    proc = _cli(str(f))
    assert proc.returncode == 2
    assert "dynamic shape" in proc.stderr


def test_cli_help_lists_exec():
    from peakmem.cli import exec as exec_cli
    parser = argparse.ArgumentParser()
    exec_cli.add_arguments(parser)
    args = parser.parse_args(["x.mlir", "--function", "f", "--check-model"])
    assert args.function == "f" and args.check_model and args.keep is None


@pytest.mark.parametrize("before,after", [
    ('llvm.func @f() attributes {peakmem.t = #peakmem<"q">, '
     'peakmem.peak = 576 : i64} {', "llvm.func @f() attributes {} {"),
    ('x {alignment = 64 : i64, peakmem.id = 7 : i64, '
     'peakmem.tag = #peakmem<"x, }">} : y', "x {alignment = 64 : i64} : y"),
    ('{peakmem.a = [1, 2], b = "peakmem.c = 3", peakmem.d = {e = 1}}',
     '{b = "peakmem.c = 3"}'),
    ("{peakmem.a = 1, b = 2, peakmem.c = 3, d = 4}", "{b = 2, d = 4}"),
    ("a {b = 1}", "a {b = 1}"),
])
def test_strip_peakmem_attributes(before, after):
    assert execute.strip_peakmem_attributes(before) == after


def test_unlowered_ops():
    lowered = """module {
  llvm.func @f() {
    %0 = llvm.mlir.constant(1 : i64) : i64
    linalg.softmax dimension(2) ins(%a : memref<2xf32>) outs(%b : memref<2xf32>)
    %1 = builtin.unrealized_conversion_cast %0 : i64 to index
    llvm.return
  }
}
{-#
  dialect_resources: {
    builtin: {
      blob.x: "0x04"
    }
  }
#-}
"""
    assert execute.unlowered_ops(lowered) == [
        "builtin.unrealized_conversion_cast", "linalg.softmax"]


@needs_runtime
def test_opt_level_does_not_change_results():
    src = SCALE.format(factor="2.0")
    o0 = execute.execute_text(src, opt_level=0)
    o3 = execute.execute_text(src, opt_level=3)
    assert (o0.peak_bytes, o0.output_digest) == (o3.peak_bytes,
                                                 o3.output_digest)


@needs_runtime
def test_optimize_report_with_chain_recomputation():
    # `python -m peakmem optimize` end to end on the chain-into-concat test
    # program, with a recompute budget that admits the chain (3.3% MACs).
    import io
    from peakmem import optimize, report
    pipeline = ("builtin.module(func.func(peakmem-reorder,"
                "peakmem-recompute{max-mac-overhead=0.3 max-op-overhead=0.3},peakmem-certify,"
                "peakmem-report{remarks=0}))")
    r = optimize.optimize(str(REPO / "test/Execution/recompute-chain.mlir"),
                          pipeline=pipeline)
    out = io.StringIO()
    report.print_report(r, out)
    text = out.getvalue()
    assert "peak as imported:      6,144 B modeled, 6,144 B measured" in text
    assert "peakmem:               5,120 B modeled, 5,120 B measured" in text
    assert ("recomputation:         3 ops cloned: peak 6,144 B -> 5,120 B, MACs 20,480 -> "
            "20,480 (+0.000%), operations 23,296 -> 24,064 (+3.297%)") in text
    assert "optimal: yes (certified)" in text
    assert "(identical)" in text
    assert "measured == modeled:   yes" in text
    # The optimized program with a static arena (peakmem-plan-arena, checked
    # by peakmem-verify-arena), executed: 10 buffers of 1-3 KiB pack into the
    # 5,120 B bound (TVM greedy_by_conflicts needs 7,168 B); the program then
    # allocates the arena (+4 B alignment padding) and the 1 KiB result.
    assert ("arena:                 5,120 B, lower bound 5,120 B: optimal (certified); "
            "best baseline iree-best-fit 5,120 B (tied with tflm-greedy, tvm-greedy-by-size, "
            "tvm-hill-climb), peakmem +0.0%") in text
    # What a device holds: the arena, the result outside it, the arguments.
    assert ("device memory:         12,288 B = arena 5,120 B + 1 result outside the arena "
            "1,024 B + 4 arguments (inputs, weights) 6,144 B") in text
    assert r["arena_baselines"]["tvm-greedy-by-conflicts"] == 7168
    assert ("arena program:         6,148 B modeled, 6,148 B measured") in text
    assert r["digest_arena"] == r["digest_imported"]
    assert r["measured_arena"] == r["peak_arena"] == 6148
    # The plan behind `peakmem plot --arena`: every placed buffer inside the
    # arena, aligned, and disjoint from every buffer live with it.
    plan = r["arena_plan"]
    assert plan["arena_size"] == 5120 and len(plan["buffers"]) == 10
    bufs = plan["buffers"]
    for i, a in enumerate(bufs):
        assert a["offset"] % a["align"] == 0
        assert 0 <= a["offset"] and a["offset"] + a["bytes"] <= plan["arena_size"]
        for b in bufs[i + 1:]:
            live_together = a["first"] <= b["last"] and b["first"] <= a["last"]
            apart = (a["offset"] + a["bytes"] <= b["offset"]
                     or b["offset"] + b["bytes"] <= a["offset"])
            assert not live_together or apart


def test_plot_arena(tmp_path):
    # `python -m peakmem plot MODEL --arena`: the plan of the optimized chain
    # program drawn to a PNG (one rectangle per placed buffer).
    pytest.importorskip("matplotlib")
    from peakmem import __main__ as cli
    png = tmp_path / "arena.png"
    assert cli.main(["plot", str(REPO / "test/Execution/recompute-chain.mlir"),
                     "--arena", "-o", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# --------------------------------------------------------------------------
# Poisoning heap: memory errors of the program under test
# --------------------------------------------------------------------------

POISON = """
func.func @p() -> memref<8xi8> {{
  %c2 = arith.constant 2 : index
  %v = arith.constant 7 : i8
  %t = memref.alloc() : memref<8xi8>
  linalg.fill ins(%v : i8) outs(%t : memref<8xi8>)
  %r = memref.alloc() : memref<8xi8>
  {body}
  return %r : memref<8xi8>
}}
"""
COPY = "memref.copy %t, %r : memref<8xi8> to memref<8xi8>"
FREE = "memref.dealloc %t : memref<8xi8>"
STORE = "memref.store %v, %t[%c2] : memref<8xi8>"


@needs_runtime
def test_poison_read_after_free_changes_the_digest():
    good = execute.execute_text(POISON.format(body=f"{COPY}\n  {FREE}"))
    assert good.output_digest == digest([bytes([7] * 8)])
    assert good.use_after_free_writes == 0
    bad = execute.execute_text(POISON.format(body=f"{FREE}\n  {COPY}"))
    assert bad.output_digest == digest([bytes([0xA5] * 8)])  # the poison
    # Counting is unchanged by poisoning and quarantine.
    assert (good.peak_bytes, good.live_bytes_at_end) == (16, 8)
    assert (bad.peak_bytes, bad.live_bytes_at_end) == (16, 8)
    assert (bad.alloc_count, bad.free_count) == (2, 1)


@needs_runtime
def test_poison_fresh_memory_is_deterministic():
    res = execute.execute_text(POISON.format(body=FREE).replace(
        "linalg.fill ins(%v : i8) outs(%t : memref<8xi8>)", ""))
    assert res.output_digest == digest([bytes([0xCB] * 8)])


@needs_runtime
def test_poison_write_after_free_raises():
    ok = execute.execute_text(
        POISON.format(body=f"{COPY}\n  {STORE}\n  {FREE}"))
    assert ok.use_after_free_writes == 0
    with pytest.raises(execute.MemorySafetyError) as err:
        execute.execute_text(POISON.format(body=f"{COPY}\n  {FREE}\n  {STORE}"))
    assert err.value.result is not None
    assert err.value.result.use_after_free_writes == 1
    assert "bytes 2..2 changed" in str(err.value)


@needs_runtime
def test_poison_double_free_raises(tmp_path):
    with pytest.raises(execute.MemorySafetyError, match="double free"):
        execute.execute_text(POISON.format(body=f"{COPY}\n  {FREE}\n  {FREE}"))
    f = tmp_path / "df.mlir"
    f.write_text(POISON.format(body=f"{COPY}\n  {FREE}\n  {FREE}"))
    proc = _cli(str(f))
    assert proc.returncode == 3
    assert "double free" in proc.stderr


@needs_runtime
def test_poison_quarantine_bound_keeps_counting(monkeypatch):
    """With a quarantine of 1 byte every freed block goes back to malloc at
    once: the counts are the same; a write after free goes unseen (the bound
    only exists so that huge programs fit in memory)."""
    monkeypatch.setenv("PEAKMEM_QUARANTINE_BYTES", "1")
    res = execute.execute_text(POISON.format(body=f"{COPY}\n  {FREE}"))
    assert (res.peak_bytes, res.alloc_count, res.free_count) == (16, 2, 1)


def test_arena_line_names_the_order_search():
    # The report line says when peakmem-plan-arena's order search changed the
    # order with the placement (peakmem.arena_stats order / live bounds), and
    # says nothing of it when the order was kept.
    from peakmem import report
    r = {"arena_size": 256, "arena_lower_bound": 256, "arena_optimal": True,
         "arena_baselines": {"tflm-greedy": 256}, "arena_order": "reordered",
         "arena_live_bound": 256, "arena_live_bound_before": 512}
    assert report.arena_line(r) == (
        "arena:                 256 B, lower bound 256 B: optimal (certified); "
        "order reordered with the placement (live bound 512 B -> 256 B); "
        "best baseline tflm-greedy 256 B, peakmem +0.0%")
    r["arena_order"] = "kept"
    assert "order" not in report.arena_line(r).split("; ")[1]
