# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Locations of the tools peakmem drives (no MLIR Python bindings exist here).

peakmem's own products (peakmem-opt, the counting-allocator runtime) are found,
in this order:

  * under $PEAKMEM_BUILD_DIR (a build tree: bin/, lib/) when it is set;
  * under the install prefix when this package was installed by
    `cmake --install` (which writes peakmem/_install.py with the layout,
    relative to the prefix, so the prefix can be moved);
  * under <source checkout>/build otherwise.

LLVM/MLIR tools come from $PEAKMEM_LLVM_BIN (default /usr/lib/llvm-22/bin),
then PATH. A missing tool raises ToolNotFound, whose message is one line that
says what to build or install; `peakmem` prints it without a traceback.
"""

import os
import pathlib
import shutil
import subprocess

LLVM_VERSION = "22"
LLVM_BIN = pathlib.Path(os.environ.get("PEAKMEM_LLVM_BIN",
                                       f"/usr/lib/llvm-{LLVM_VERSION}/bin"))

PACKAGE_DIR = pathlib.Path(__file__).resolve().parent

try:
    from peakmem import _install
except ImportError:
    _install = None

if _install is not None:
    # <prefix>/<PYTHON_DIR>/peakmem/binaries.py
    PREFIX = PACKAGE_DIR.parents[len(pathlib.PurePosixPath(_install.PYTHON_DIR).parts)]
    REPO = None  # no source checkout: corpus/ and docs/ are not installed
else:
    PREFIX = None
    REPO = PACKAGE_DIR.parents[1]  # <repo>/python/peakmem/binaries.py

_BUILD_ENV = os.environ.get("PEAKMEM_BUILD_DIR")
BUILD = pathlib.Path(_BUILD_ENV) if _BUILD_ENV else (
    REPO / "build" if REPO is not None else None)

# Debian package of each LLVM tool peakmem runs.
_LLVM_PACKAGES = {"mlir-opt": "mlir", "mlir-runner": "mlir", "mlir-tblgen": "mlir"}


class PeakmemError(Exception):
    """An error for the user, not a bug: `peakmem` prints its message on one
    line and exits non-zero, without a traceback."""


class ToolNotFound(PeakmemError, FileNotFoundError):
    """A program or library peakmem needs is neither built nor installed."""


class ToolFailed(PeakmemError, RuntimeError):
    """A tool ran and failed (its stderr is in the message): the input is bad
    or the pass refused it, which the user reads, not a Python traceback."""


def layout() -> str:
    """Where peakmem's own products are looked for, for messages and --help."""
    if _BUILD_ENV:
        return f"build tree {BUILD} (PEAKMEM_BUILD_DIR)"
    if PREFIX is not None:
        return f"installed under {PREFIX}"
    return f"build tree {BUILD}"


def llvm_tool(name: str) -> str:
    """Path of an LLVM/MLIR tool (mlir-opt, mlir-runner, FileCheck...)."""
    path = LLVM_BIN / name
    if path.exists():
        return str(path)
    found = shutil.which(name)
    if found:
        return found
    package = f"{_LLVM_PACKAGES.get(name, 'llvm')}-{LLVM_VERSION}-tools"
    raise ToolNotFound(f"{name} not found (looked in {LLVM_BIN} and PATH); "
                       f"install it with `apt-get install {package}` "
                       "(or set PEAKMEM_LLVM_BIN)")


def product_path(rel: str) -> pathlib.Path:
    """Where build product `rel` ('bin/peakmem-opt', 'lib/...') should be."""
    if BUILD is not None and (_BUILD_ENV or PREFIX is None):
        return BUILD / rel
    top, _, rest = rel.partition("/")
    sub = {"bin": _install.BIN_DIR, "lib": _install.LIB_DIR}.get(top, top)
    return PREFIX / sub / rest


def build_product(rel: str) -> str:
    """Path of a file built by this project, e.g. 'bin/peakmem-opt'."""
    path = product_path(rel)
    if path.exists():
        return str(path)
    name = pathlib.PurePosixPath(rel).name
    if _BUILD_ENV or PREFIX is None:
        how = f"build it with `cmake --build {BUILD}`"
        if not _BUILD_ENV:
            how += " (bash tools/build.sh configures it first) or install peakmem"
        else:
            how += " or unset PEAKMEM_BUILD_DIR"
    else:
        how = ("the installation is incomplete: reinstall peakmem with "
               f"`cmake --install <build> --prefix {PREFIX}`")
    raise ToolNotFound(f"{name} not found (looked in {path}); {how}")


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
        raise ToolFailed(f"command failed ({proc.returncode}): "
                           f"{' '.join(map(str, cmd))}\n{proc.stderr[-4000:]}")
    return proc.stdout
