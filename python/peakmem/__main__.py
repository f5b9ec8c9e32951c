"""Command line: python -m peakmem {import,exec,bench,optimize,plot} ..."""

import argparse
import importlib
import sys

# Subcommand -> module implementing add_arguments(parser) and run(args).
COMMANDS = {
    "import": ("peakmem.frontends.cli", "TFLite/ONNX file to bufferized MLIR"),
    "exec": ("peakmem.execute", "run a bufferized module, print peak_bytes and output_digest"),
    "bench": ("peakmem.bench", "run the corpus benchmark, write docs/results.md"),
    "optimize": ("peakmem.optimize", "import, optimize, execute before/after, report"),
    "plot": ("peakmem.plot", "plot live bytes over statements"),
    "scale": ("peakmem.scale", "time and memory on generated large inputs"),
    "regen": ("peakmem.regen", "regeneration (tensor-level reorder) vs permutation, docs/regeneration-results.md"),
}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="peakmem")
    sub = parser.add_subparsers(dest="command", required=True)
    modules = {}
    for name, (module, help_text) in COMMANDS.items():
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as err:
            if err.name and err.name.startswith("peakmem"):
                continue  # Not written yet.
            raise
        modules[name] = mod
        mod.add_arguments(sub.add_parser(name, help=help_text))
    args = parser.parse_args(argv)
    return modules[args.command].run(args) or 0


if __name__ == "__main__":
    sys.exit(main())
