#!/usr/bin/env bash
# Runs every test: core unit tests (GoogleTest), lit/FileCheck tests
# (passes, plugin, execution), and the Python tests, all through ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PEAKMEM_BUILD_DIR=${PEAKMEM_BUILD_DIR:-$root/build}
bash "$root/tools/build.sh" "$@"
cd "$PEAKMEM_BUILD_DIR"
ctest --output-on-failure -j2
