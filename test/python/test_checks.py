# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The architecture checks of tools/lint.sh find what they are meant to find:
tools/check_deps.py (cycles, layer directions) and the Python format rule
of tools/check_sizes.py. The tree itself is checked by the ctest `lint`."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools"))

import check_deps  # noqa: E402
import check_sizes  # noqa: E402


def test_cycles_finds_every_strongly_connected_component():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": {"d"},
             "f": {"f"}, "g": {"a"}}
    assert sorted(check_deps.cycles(graph)) == [["a", "b", "c"], ["d", "e"], ["f"]]


def test_cycles_none_in_a_dag():
    graph = {"a": {"b", "c"}, "b": {"d"}, "c": {"d"}, "d": set()}
    assert check_deps.cycles(graph) == []


def test_cpp_units():
    unit = check_deps.cpp_unit
    assert unit(pathlib.Path("include/peakmem/Core/Model/Problem.h")) == "Core/Model"
    assert unit(pathlib.Path("lib/Core/Model/Problem.cpp")) == "Core/Model"
    assert unit(pathlib.Path("lib/Transforms/Reorder.cpp")) == "Transforms"
    assert unit(pathlib.Path("include/peakmem/Analysis/MemoryModel.h")) == "Analysis"
    assert unit(pathlib.Path("tools/peakmem-opt/peakmem-opt.cpp")) == "tools/peakmem-opt"


def test_tree_has_no_cycle():
    cpp, _ = check_deps.check_cpp()
    assert cpp == []
    assert check_deps.check_python() == []


def test_python_format_rule():
    path = pathlib.Path("tools/example.py")
    text = "x = 1\n" + "y = '" + "z" * 130 + "'\n" + "\tz = 2\n" + "w = 3  \n"
    found = check_sizes.check_python_format(path, text, 120)
    assert [f.split(":")[1] for f in found] == ["2", "3", "4"]
    assert check_sizes.check_python_format(pathlib.Path("test/python/t.py"), text, 120) == []
