"""Locations of the tools peakmem drives (no MLIR Python bindings exist here)."""

import os
import pathlib
import shutil
import subprocess

REPO = pathlib.Path(__file__).resolve().parents[2]
LLVM_BIN = pathlib.Path(os.environ.get("PEAKMEM_LLVM_BIN", "/usr/lib/llvm-22/bin"))
BUILD = pathlib.Path(os.environ.get("PEAKMEM_BUILD_DIR", REPO / "build"))


def llvm_tool(name: str) -> str:
    """Path of an LLVM/MLIR tool (mlir-opt, mlir-runner, FileCheck...)."""
    path = LLVM_BIN / name
    if path.exists():
        return str(path)
    found = shutil.which(name)
    if found:
        return found
    raise FileNotFoundError(f"{name} not found in {LLVM_BIN} or PATH "
                            "(apt-get install mlir-22-tools llvm-22-tools)")


def build_product(rel: str) -> str:
    """Path of a file built by this project, e.g. 'bin/peakmem-opt'."""
    path = BUILD / rel
    if not path.exists():
        raise FileNotFoundError(f"{path} not built (cmake --build {BUILD})")
    return str(path)


def available(product: str, *llvm: str) -> bool:
    """True if the build product and every named LLVM tool are found (tests
    skip themselves otherwise)."""
    try:
        build_product(product)
        for name in llvm:
            llvm_tool(name)
        return True
    except FileNotFoundError:
        return False


def run(cmd, *, input_text=None, timeout=None, check=True):
    """Runs a command, returning stdout; raises with stderr on failure."""
    proc = subprocess.run(cmd, input=input_text, capture_output=True,
                          text=True, timeout=timeout)
    if check and proc.returncode != 0:
        raise RuntimeError(f"command failed ({proc.returncode}): "
                           f"{' '.join(map(str, cmd))}\n{proc.stderr[-4000:]}")
    return proc.stdout
