#!/usr/bin/env bash
# Lints the Python tree: pyflakes3 (Debian's python3-pyflakes) on the
# peakmem package (python/), the Python tests (test/python) and the scripts
# of tools/. Exits non-zero on any finding.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v pyflakes3 >/dev/null; then
  echo "lint.sh: pyflakes3 not found; install it with \`apt-get install pyflakes3\`" >&2
  exit 2
fi
cd "$root"
pyflakes3 python test/python tools/*.py corpus/generate.py
