#!/usr/bin/env bash
# The main job on a bundled real model: build, (re)import if the source model
# is available, optimize, execute before and after, report, plot.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PEAKMEM_BUILD_DIR=${PEAKMEM_BUILD_DIR:-$root/build}
bash "$root/tools/build.sh"
model=${1:-$root/corpus/tflite/mlperf_tiny_kws_ref_model_int8.mlir}
cd "$root/python"
exec /usr/bin/python3 -m peakmem optimize "$model" --plot "$root/build/demo.png"
