#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The main job on a bundled real model (MLPerf Tiny keyword spotting, int8):
# build, import (from ../shared/models when present, else the bundled corpus
# file), optimize (reorder, recompute, certify), execute before and after,
# report, and plot live bytes to build/demo.png. Runs build/bin/peakmem, the
# command `cmake --install build` puts on PATH as <prefix>/bin/peakmem.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PEAKMEM_BUILD_DIR=${PEAKMEM_BUILD_DIR:-$root/build}
bash "$root/tools/build.sh"
model=${1:-}
if [ -z "$model" ]; then
  source_model="$root/../shared/models/tflite/mlperf_tiny_kws_ref_model_int8.tflite"
  if [ -f "$source_model" ]; then
    model="$source_model"     # imported by python -m peakmem import
  else
    model="$root/corpus/tflite/mlperf_tiny_kws_ref_model_int8.mlir"
  fi
fi
"$PEAKMEM_BUILD_DIR/bin/peakmem" optimize "$model" --plot "$PEAKMEM_BUILD_DIR/demo.png"
echo "To install the peakmem command: cmake --install $PEAKMEM_BUILD_DIR  (then: peakmem --help)"
