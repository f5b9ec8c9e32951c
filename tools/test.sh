#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs every test: core unit tests (GoogleTest), lit/FileCheck tests (passes,
# plugin, execution through mlir-runner), and the Python tests (importers,
# harness, randomized differential test), all through ctest.
#   bash tools/test.sh              Release build in build/
#   bash tools/test.sh --sanitize   the same suite built with clang, ASan and
#                                   UBSan in build-asan/ (the plugin test is
#                                   skipped there: stock mlir-opt is not
#                                   sanitized)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cmake_args=()
if [ "${1:-}" = "--sanitize" ]; then
  shift
  export PEAKMEM_EXTRA_PACKAGES="clang libclang-rt-14-dev"
  export PEAKMEM_BUILD_DIR=${PEAKMEM_BUILD_DIR:-$root/build-asan}
  export CC=clang CXX=clang++
  cmake_args+=(-DPEAKMEM_ENABLE_SANITIZERS=ON)
  # Leaks are reported too; failures stop at the first report.
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
fi
export PEAKMEM_BUILD_DIR=${PEAKMEM_BUILD_DIR:-$root/build}
bash "$root/tools/build.sh" "${cmake_args[@]}" "$@"
cd "$PEAKMEM_BUILD_DIR"
ctest --output-on-failure -j2
