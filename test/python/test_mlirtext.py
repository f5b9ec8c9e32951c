# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Tests of peakmem.mlirtext, the one reader of printed MLIR, and of the
attribute readers built on it (passes.function_attrs, passes.arena_stats)."""

import pytest

from peakmem import mlirtext, passes

# As peakmem-opt prints a function after peakmem-plan-arena and peakmem-report.
MODULE = '''module {
  func.func private @decl(memref<4xf32>)
  func.func @main(%arg0: memref<2x3xf32>, %arg1: i32) -> (memref<6xi8>, memref<4xf32, strided<[1], offset: ?>>) attributes {peakmem.arena_optimal = true, peakmem.arena_size = 44096 : i64, peakmem.arena_stats = {baselines = {"iree-best-fit" = 52096 : i64, "tflm-greedy" = 52000 : i64}, stop = "reached-bound"}, peakmem.peak = 44236 : i64, peakmem.unit, tag = "a, {b} = \\"c\\""} {
    return
  }
  func.func @"quoted name"() attributes {peakmem.peak = -1 : i64} {
    return
  }
}
'''


def test_functions_and_signatures():
    funcs = mlirtext.parse_functions(MODULE)
    assert [f.name for f in funcs] == ["decl", "main", '"quoted name"']
    assert [f.has_body for f in funcs] == [False, True, True]
    assert funcs[0].visibility == "private"
    main = funcs[1]
    assert main.arg_types == ["memref<2x3xf32>", "i32"]
    assert main.result_types == ["memref<6xi8>", "memref<4xf32, strided<[1], offset: ?>>"]


def test_attribute_dictionary():
    attrs = mlirtext.find_function(MODULE, "main").attrs
    assert attrs["peakmem.arena_optimal"] is True
    assert attrs["peakmem.peak"] == 44236
    assert attrs["peakmem.unit"] is True
    assert attrs["tag"] == 'a, {b} = "c"'
    assert attrs["peakmem.arena_stats"] == {
        "baselines": {"iree-best-fit": 52096, "tflm-greedy": 52000}, "stop": "reached-bound"}


def test_function_attrs_and_arena_stats():
    # The first function is a declaration without attributes.
    assert passes.function_attrs(MODULE) == {}
    assert passes.function_attrs(MODULE, "main") == {
        "arena_optimal": True, "arena_size": 44096, "peak": 44236, "unit": True}
    assert passes.function_attrs(MODULE, "quoted name") == {"peak": -1}
    assert passes.arena_stats(MODULE, "main") == {
        "baselines": {"iree-best-fit": 52096, "tflm-greedy": 52000}, "stop": "reached-bound"}
    assert passes.arena_stats(MODULE, "quoted name") == {}


def test_strip_peakmem_attributes_keeps_the_others():
    # Entries `peakmem.X = VALUE` go (the passes write no unit attributes).
    stripped = mlirtext.strip_peakmem_attributes(MODULE.replace("peakmem.unit, ", ""))
    assert "peakmem." not in stripped
    assert 'attributes {tag = "a, {b} = \\"c\\""} {' in stripped
    assert "attributes {} {" in stripped


def test_malformed_dictionary_is_an_error():
    with pytest.raises(mlirtext.ParseError):
        mlirtext.parse_attr_dict("{a = [1, 2}")


def test_op_names_counts_and_top_level_ops():
    # Result names with '-' (as mlir-opt prints negative integer constants)
    # and generic-form ops are counted; nested ops are not top-level; a bare
    # `return` has no dialect.
    body = """  func.func @f(%arg0: memref<4xf32>) {
    %c-128_i32 = arith.constant -128 : i32
    %0:2 = "test.pair"() : () -> (i32, i32)
    %alloc = memref.alloc() : memref<4xf32>
    scf.execute_region {
      memref.dealloc %alloc : memref<4xf32>
      scf.yield
    }
    return
  }
"""
    assert mlirtext.op_name("%c-128_i32 = arith.constant -128 : i32") == \
        "arith.constant"
    assert mlirtext.op_name("return") is None
    assert mlirtext.top_level_ops(body) == [
        "arith.constant", "test.pair", "memref.alloc", "scf.execute_region"]
    counts = mlirtext.op_counts(body)
    assert counts["memref.dealloc"] == 1 and counts["scf.yield"] == 1
    assert counts["func.func"] == 1 and mlirtext.op_names(body) == set(counts)
