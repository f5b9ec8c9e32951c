# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Command line: peakmem {optimize,import,exec,plot} ...

Installed by `cmake --install` as <prefix>/bin/peakmem; from a source checkout,
`python -m peakmem` in python/ (or build/bin/peakmem). Each subcommand is a
module peakmem/cli/<command>.py with add_arguments(parser) and run(args).
The corpus benchmark and the other scripts of a source checkout are not
subcommands: tools/bench.py, tools/regen.py, tools/scale.py (SCRIPTS). Errors meant for the user
(binaries.PeakmemError, a missing tool, an unreadable file, a missing Python
package) end in one line on stderr and a non-zero exit status; set
PEAKMEM_TRACEBACK=1 to see the traceback instead.
"""

import argparse
import importlib
import os
import sys
from typing import NamedTuple

from peakmem import binaries


class Command(NamedTuple):
    module: str
    summary: str      # one line in `peakmem --help`
    description: str  # what the command does, in its own --help
    example: str      # one typical invocation


COMMANDS = {
    "optimize": Command(
        "peakmem.cli.optimize", "import, optimize, execute before/after, report",
        "Imports MODEL when it is a .tflite or .onnx file (a .mlir file must\n"
        "already be bufferized memref IR), runs peakmem-optimize (reorder,\n"
        "recompute, certify) and the upstream baseline\n"
        "(--optimize-allocation-liveness), executes the program before and after\n"
        "with a counting allocator, and reports modeled and measured peaks, the\n"
        "lower bound and the output digests; then plans a static arena for the\n"
        "optimized program (peakmem-plan-arena, peakmem-verify-arena; --no-arena\n"
        "skips it), executes it too and reports the arena, its lower bound and the\n"
        "best baseline planner. Exits with 1 if the digests differ or\n"
        "measured != modeled. Writes nothing but the --keep and --plot files.",
        "peakmem optimize model.tflite --plot live.png"),
    "import": Command(
        "peakmem.cli.import_", "TFLite/ONNX file to bufferized MLIR",
        "Imports a TFLite or ONNX model to TOSA with peakmem's own importer, then\n"
        "lowers it with upstream mlir-opt passes to bufferized memref IR with\n"
        "explicit deallocations: the input the peakmem passes take.",
        "peakmem import model.tflite -o model.mlir"),
    "exec": Command(
        "peakmem.cli.exec", "run a bufferized module, print peak_bytes and output_digest",
        "Lowers a bufferized module to LLVM with upstream passes, runs its function\n"
        "under test with mlir-runner on deterministic inputs and the counting\n"
        "allocator, and prints the measured peak heap bytes and a digest of the\n"
        "outputs. --check-model compares the peak with the peakmem.peak attribute.",
        "peakmem exec model.mlir --check-model"),
    "plot": Command(
        "peakmem.cli.plot", "plot live bytes over statements",
        "Imports and optimizes MODEL (without executing it) and plots the live heap\n"
        "bytes at every statement of the function, as imported, after upstream\n"
        "optimize-allocation-liveness (--no-upstream leaves it out) and after\n"
        "peakmem, with the certified lower bound; a second panel zooms on upstream\n"
        "and peakmem when the imported program peaks far above them. With --arena,\n"
        "draws the static arena plan of the optimized program instead: each buffer\n"
        "a rectangle (statements against byte offsets), with the arena size, its\n"
        "lower bound, the best baseline planners' arena and what lies outside it.",
        "peakmem plot model.tflite -o live.png"),
}

# Former subcommands that are scripts of a source checkout now (they read
# corpus/ and write docs/): `peakmem NAME` says where they went.
SCRIPTS = {"bench": "tools/bench.py", "scale": "tools/scale.py",
           "regen": "tools/regen.py"}

# Debian package of the third-party Python modules peakmem imports.
PYTHON_PACKAGES = {"numpy": "python3-numpy", "onnx": "python3-onnx",
                   "flatbuffers": "python3-flatbuffers",
                   "matplotlib": "python3-matplotlib", "pytest": "python3-pytest"}


def _formatter(prog):
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=30)


def _missing_module_message(err: ModuleNotFoundError) -> str:
    top = (err.name or "").split(".")[0]
    package = PYTHON_PACKAGES.get(top)
    how = f"; install it with `apt-get install {package}`" if package else ""
    return f"Python module '{err.name}' not found{how}"


def _import_error(module: str, err: BaseException) -> str:
    if isinstance(err, ModuleNotFoundError) and not (err.name or "").startswith("peakmem"):
        return _missing_module_message(err)
    return f"{module} failed to import: {type(err).__name__}: {err}"


def build_parser():
    """The parser, and for each command its module or the reason it is unavailable."""
    parser = argparse.ArgumentParser(
        prog="peakmem", formatter_class=_formatter,
        description=(
            "Lowers the peak memory of bufferized MLIR programs (linalg/memref) by\n"
            "reordering, and optionally recomputing, their ops without changing an\n"
            "output bit; certifies lower bounds; proves the result by executing the\n"
            "program before and after with a counting allocator."),
        epilog=(
            "example:\n"
            "  peakmem optimize model.tflite --plot live.png\n\n"
            "`peakmem COMMAND --help` describes each command.\n"
            f"peakmem-opt and the runtime: {binaries.layout()}; "
            f"MLIR tools: {binaries.LLVM_BIN}"))
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    loaded = {}
    for name, cmd in COMMANDS.items():
        error = None
        mod = None
        try:
            mod = importlib.import_module(cmd.module)
        except Exception as err:  # noqa: BLE001: reported when invoked
            error = _import_error(cmd.module, err)
        summary = cmd.summary if error is None else f"{cmd.summary} [unavailable]"
        epilog = f"example:\n  {cmd.example}"
        if error is not None:
            epilog += f"\n\nunavailable: {error}"
        p = sub.add_parser(name, help=summary, description=cmd.description,
                           epilog=epilog, formatter_class=_formatter)
        if mod is not None:
            try:
                mod.add_arguments(p)
            except Exception as err:  # noqa: BLE001
                error = f"{cmd.module}.add_arguments failed: {type(err).__name__}: {err}"
                mod = None
        loaded[name] = (mod, error)
    return parser, loaded


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in SCRIPTS:
        print(f"peakmem {argv[0]}: not a peakmem command: it runs on a source "
              f"checkout as `python3 {SCRIPTS[argv[0]]}` (reads corpus/, writes docs/)",
              file=sys.stderr)
        return 2
    parser, loaded = build_parser()
    args, unknown = parser.parse_known_args(argv)
    mod, error = loaded[args.command]
    if mod is None:  # whatever its arguments
        print(f"peakmem {args.command}: unavailable: {error}", file=sys.stderr)
        return 2
    if unknown:
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if os.environ.get("PEAKMEM_TRACEBACK"):
        return mod.run(args) or 0
    try:
        return mod.run(args) or 0
    except OSError as err:  # ToolNotFound among them
        message = str(err) if isinstance(err, binaries.PeakmemError) else \
            (f"{err.strerror}: {err.filename}" if err.filename else str(err))
        print(f"peakmem: {message}", file=sys.stderr)
        return 2
    except binaries.PeakmemError as err:
        print(f"peakmem {args.command}: error: {err}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as err:
        if (err.name or "").startswith("peakmem"):
            raise
        print(f"peakmem {args.command}: {_missing_module_message(err)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"peakmem {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
