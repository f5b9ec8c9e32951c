#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks the size rules of lib/ and include/ (docs/Architecture.md).

    /usr/bin/python3 tools/check_sizes.py [--max-file 600] [--max-function 100]

No source file over --max-file lines and no function body over
--max-function lines (from its opening to its closing brace; a lambda
counts toward the function around it). Braces of namespaces, extern "C"
blocks and classes opened on the line of their keyword are transparent, so
member functions are measured one by one. Prints each violation and exits 1
if there is any.
"""

import argparse
import pathlib
import re
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
PATTERNS = ("lib/**/*.cpp", "lib/**/*.h", "lib/**/*.c", "include/**/*.h")
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-file", type=int, default=600)
    parser.add_argument("--max-function", type=int, default=100)
    args = parser.parse_args()
    found = []
    for pattern in PATTERNS:
        for path in sorted(REPO.glob(pattern)):
            found += check_file(path.relative_to(REPO), args.max_file,
                                args.max_function)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
