#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks the size rules (docs/Architecture.md) on every C, C++ and Python
source of the repository.

    /usr/bin/python3 tools/check_sizes.py [--max-file 600] [--max-function 100]
                                [--max-line 120]

No source file over --max-file lines and no function over --max-function
lines. C and C++ (lib/, include/, tools/, examples/): a function
body from its opening to its closing brace; a lambda counts toward the
function around it; braces of namespaces, extern "C" blocks and classes
opened on the line of their keyword are transparent, so member functions
are measured one by one. Python (python/, tools/, test/, corpus/,
examples/): a function or method from its `def` line to its last line, with
the functions nested in it (as a lambda in C++). Nothing is excluded there.
Python of python/ and tools/ is also held to its format: no line over
--max-line characters, no tab, no trailing white space.
The C++ unit tests (test/Unit) are not checked yet. Prints each violation
and exits 1 if there is any.
"""

import argparse
import ast
import pathlib
import re
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
PATTERNS = ("lib/**/*.cpp", "lib/**/*.h", "lib/**/*.c", "include/**/*.h",
            "tools/**/*.cpp", "tools/**/*.h", "examples/**/*.cpp", "examples/**/*.h")
PY_FORMATTED = ("python", "tools")
PY_PATTERNS = ("python/**/*.py", "tools/**/*.py", "test/**/*.py", "corpus/**/*.py",
               "examples/**/*.py")
_TRANSPARENT = re.compile(r'\s*(namespace\b|extern\s*""|(struct|class)\b)')


def _code(line: str) -> str:
    """The line without its comment and with string/char literals emptied."""
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(\\.|[^'\\])*'", "''", line)
    return re.sub(r"//.*", "", line)


def check_file(path: pathlib.Path, max_file: int, max_function: int):
    lines = (REPO / path).read_text().splitlines()
    found = []
    if len(lines) > max_file:
        found.append(f"{path}: {len(lines)} lines (limit {max_file})")
    stack = []  # (kind, line): 't' transparent, 'f' function, 'i' inner
    for i, line in enumerate(lines):
        for c in _code(line):
            if c == "{":
                outer = all(kind == "t" for kind, _ in stack)
                if outer and _TRANSPARENT.match(line):
                    stack.append(("t", i))
                else:
                    stack.append(("f" if outer else "i", i))
            elif c == "}" and stack:
                kind, start = stack.pop()
                n = i - start + 1
                if kind == "f" and n > max_function:
                    found.append(f"{path}:{start + 1}: function of {n} lines "
                                 f"(limit {max_function}): "
                                 f"{lines[start].strip()[:70]}")
    return found


def _functions(tree):
    """(qualified name, first line, lines) of every function and method
    that is not nested in another function."""
    found = []

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append((prefix + child.name, child.lineno,
                              child.end_lineno - child.lineno + 1))
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".")
    visit(tree, "")
    return found


def check_python_format(path: pathlib.Path, text: str, max_line: int):
    """Lines over max_line characters, tabs and trailing white space."""
    if path.parts[0] not in PY_FORMATTED:
        return []
    found = []
    for i, line in enumerate(text.splitlines(), 1):
        if len(line) > max_line:
            found.append(f"{path}:{i}: line of {len(line)} characters (limit {max_line})")
        if "\t" in line or line != line.rstrip():
            found.append(f"{path}:{i}: tab or trailing white space")
    return found


def check_python_file(path: pathlib.Path, max_file: int, max_function: int,
                      max_line: int):
    text = (REPO / path).read_text()
    found = check_python_format(path, text, max_line)
    lines = len(text.splitlines())
    if lines > max_file:
        found.append(f"{path}: {lines} lines (limit {max_file})")
    try:
        tree = ast.parse(text, str(path))
    except SyntaxError as err:
        return found + [f"{path}:{err.lineno}: does not parse: {err.msg}"]
    for name, line, n in _functions(tree):
        if n > max_function:
            found.append(f"{path}:{line}: function of {n} lines (limit {max_function}): "
                         f"{name}")
    return found


def _sources(patterns):
    """Tracked-looking sources: build trees and caches are not sources."""
    paths = set()
    for pattern in patterns:
        paths |= {p for p in REPO.glob(pattern)
                  if not any(part.startswith(("build", ".")) or part == "__pycache__"
                             for part in p.relative_to(REPO).parts)}
    return sorted(paths)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-file", type=int, default=600)
    parser.add_argument("--max-function", type=int, default=100)
    parser.add_argument("--max-line", type=int, default=120)
    args = parser.parse_args()
    found = []
    for path in _sources(PATTERNS):
        found += check_file(path.relative_to(REPO), args.max_file, args.max_function)
    for path in _sources(PY_PATTERNS):
        found += check_python_file(path.relative_to(REPO), args.max_file,
                                   args.max_function, args.max_line)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
