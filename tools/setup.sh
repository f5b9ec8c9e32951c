#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs what peakmem needs on a fresh Debian 12 machine (as root), or
# prints the exact apt line and stops. Sourced by test.sh and demo.sh.
set -euo pipefail

PEAKMEM_APT_PACKAGES=(cmake ninja-build g++ llvm-22-dev llvm-22-tools
  libmlir-22-dev mlir-22-tools libgtest-dev python3 python3-numpy python3-onnx
  python3-flatbuffers python3-matplotlib python3-pytest clang-format pyflakes3)
# Extra packages a caller needs (e.g. clang for the sanitizer build).
read -r -a extra <<< "${PEAKMEM_EXTRA_PACKAGES:-}"
PEAKMEM_APT_PACKAGES+=("${extra[@]}")

peakmem_missing_packages() {
  local missing=()
  for p in "${PEAKMEM_APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$p")
  done
  echo "${missing[@]:-}"
}

missing=$(peakmem_missing_packages)
if [ -n "$missing" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "peakmem needs these Debian packages; run as root:" >&2
    echo "  apt-get update && apt-get install -y $missing" >&2
    exit 1
  fi
  echo "Installing: $missing"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
