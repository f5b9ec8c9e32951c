#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks the dependency rules (docs/Architecture.md) of the C, C++ and
Python sources: no cycles and no layer used against the direction of the
stack.

    /usr/bin/python3 tools/check_deps.py [--print]

C and C++ (lib/, include/, tools/*/): the graph of `#include "..."` between
the repository's files (a quoted include names include/<path>, or a file
beside the includer). A unit is a folder of the core (Core/Model,
Core/Schedule, ...), Analysis, Transforms, Runtime or one tool; a header in
include/peakmem/<unit> and a source in lib/<unit> are the same unit. Checked:
no cycle of files, no cycle of units, the core includes no MLIR, LLVM,
Analysis or Transforms header and Analysis no Transforms header.

Python (python/peakmem, tools/*.py): the graph of imports between modules
of the package and scripts of tools/ (every import statement, also those
inside functions). Checked: no cycle of modules and no package module
importing a script of tools/. --print lists the graph of C/C++ units. Prints
each violation and exits 1 if there is any.
"""

import argparse
import ast
import pathlib
import re
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
_CORE_FORBIDDEN = ("mlir/", "llvm/", "peakmem/Analysis/", "peakmem/Transforms/")
LAYERS = ("Core", "Analysis", "Transforms")  # each uses only those before it


def _tracked(patterns):
    paths = set()
    for pattern in patterns:
        paths |= {p.relative_to(REPO) for p in REPO.glob(pattern)
                  if not any(part.startswith(("build", ".")) or part == "__pycache__"
                             for part in p.relative_to(REPO).parts)}
    return sorted(paths)


def cycles(graph):
    """The strongly connected components with more than one node, or a node
    with an edge to itself (Tarjan, iterative)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        comp.append(top)
                        if top == node:
                            break
                    if len(comp) > 1 or node in graph.get(node, ()):
                        found.append(sorted(comp))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def cpp_unit(path: pathlib.Path) -> str:
    parts = path.parts
    if parts[0] == "include":
        parts = parts[2:]  # include/peakmem/<unit>/...
    elif parts[0] == "lib":
        parts = parts[1:]
    else:
        return "/".join(parts[:2])  # tools/<tool>
    if parts[0] == "Core" and len(parts) > 2:
        return "Core/" + parts[1]
    return parts[0]


def _resolve_include(path, name, files):
    for candidate in (pathlib.Path("include") / name, path.parent / name):
        if candidate in files:
            return candidate
    return None


def check_cpp():
    files = set(_tracked(("lib/**/*.cpp", "lib/**/*.h", "lib/**/*.c", "include/**/*.h",
                          "tools/*/*.cpp", "tools/*/*.h")))
    graph, units, found = {}, {}, []
    for path in sorted(files):
        unit = cpp_unit(path)
        for name in _INCLUDE.findall((REPO / path).read_text()):
            layer = unit.split("/")[0]
            forbidden = _CORE_FORBIDDEN if layer == "Core" else (
                ("peakmem/Transforms/",) if layer == "Analysis" else ())
            if name.startswith(forbidden):
                found.append(f"{path}: {layer} includes {name}")
            target = _resolve_include(path, name, files)
            if target is None:
                continue
            graph.setdefault(path, set()).add(target)
            if cpp_unit(target) != unit:
                units.setdefault(unit, set()).add(cpp_unit(target))
    for comp in cycles(graph):
        found.append("include cycle: " + " -> ".join(map(str, comp)))
    for comp in cycles(units):
        found.append("cycle of units: " + ", ".join(comp))
    return found, units


def _module_name(path: pathlib.Path) -> str:
    if path.parts[0] == "python":
        parts = list(path.with_suffix("").parts[1:])
        if parts[-1] == "__init__":
            parts.pop()
        return ".".join(parts)
    return "tools." + path.stem


def _imports(path, module, known):
    """The known modules that the module at path imports."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse((REPO / path).read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            names.add(base)
            names |= {f"{base}.{alias.name}" for alias in node.names}
    if module.startswith("tools."):  # scripts import their siblings by name
        names |= {"tools." + n for n in names}
    return {n for n in names if n in known and n != module}


def check_python():
    paths = _tracked(("python/peakmem/**/*.py", "tools/*.py"))
    modules = {_module_name(p): p for p in paths}
    graph, found = {}, []
    for module, path in modules.items():
        try:
            graph[module] = _imports(path, module, modules)
        except SyntaxError as err:
            found.append(f"{path}:{err.lineno}: does not parse: {err.msg}")
            continue
        for target in graph[module]:
            if module.startswith("peakmem") and target.startswith("tools."):
                found.append(f"{path}: the package imports the script {target}")
    for comp in cycles(graph):
        found.append("import cycle: " + " -> ".join(comp))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--print", action="store_true", help="list the unit graph")
    args = parser.parse_args()
    cpp_found, units = check_cpp()
    py_found = check_python()
    if args.print:
        for unit, targets in sorted(units.items()):
            print(f"{unit} -> {', '.join(sorted(targets))}")
    for line in cpp_found + py_found:
        print(line)
    return 1 if cpp_found or py_found else 0


if __name__ == "__main__":
    sys.exit(main())
