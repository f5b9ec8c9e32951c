#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Lints the tree; exits non-zero on any finding:
#  - clang-format (LLVM style, .clang-format) on every C and C++ file of
#    lib/, include/, tools/, test/Unit and examples/, as a dry run;
#  - pyflakes3 on the peakmem package (python/), the Python tests
#    (test/python) and the scripts of tools/;
#  - tools/check_sizes.py: no C/C++ file of lib/, include/, tools/, examples/
#    and no Python file of python/, tools/, test/, corpus/, examples/ over 600
#    lines, no function over 100, no Python line of python/ and tools/ over
#    120 characters, no tab or trailing white space (docs/Architecture.md);
#  - tools/check_deps.py: no include or import cycle, no cycle of the C++
#    units (core folders, Analysis, Transforms, tools) and the layers used
#    only downwards (the core includes no MLIR, LLVM, Analysis or Transforms).
# Both come from Debian (clang-format, pyflakes3); tools/setup.sh installs them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
for tool in clang-format pyflakes3; do
  if ! command -v "$tool" >/dev/null; then
    echo "lint.sh: $tool not found; install it with \`apt-get install $tool\`" >&2
    exit 2
  fi
done
status=0
mapfile -t sources < <(git ls-files 'lib/*.c' 'lib/*.cpp' 'lib/*.h' \
  'include/*.h' 'tools/*.cpp' 'test/Unit/*.cpp' 'test/Unit/*.h' \
  'examples/*.cpp' 2>/dev/null || find lib include tools test/Unit examples \
  -name '*.c' -o -name '*.cpp' -o -name '*.h')
clang-format --dry-run -Werror "${sources[@]}" || status=1
pyflakes3 python test/python tools/*.py corpus/generate.py || status=1
python3 tools/check_sizes.py || status=1
python3 tools/check_deps.py || status=1
exit $status
